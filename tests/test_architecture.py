"""The house rules of ARCHITECTURE.md, checked: rooms import only the rooms below them, no two modules import each
other (even through others), no module grows past 500 lines, and each module says why it exists first."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "filesage"
# Lowest first: a room may import its own modules and the rooms before it, never one after it.
LAYERS = [
    {"errors", "config", "native", "__init__"},
    {"language"},
    {"llm"},
    {"files"},
    {"index"},
    {"tools"},
    {"grounding"},
    {"agent"},
    {"policies"},
    {"workspace"},
    {"cli", "__main__"},
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts) or "__init__"


def type_checking_only(tree: ast.AST) -> set[ast.AST]:
    """The imports under `if TYPE_CHECKING:`, which name a type for an annotation and import nothing at run time."""
    return {node for block in ast.walk(tree) if isinstance(block, ast.If) and getattr(block.test, "id", "") == "TYPE_CHECKING"
            for node in ast.walk(block)}


def imports() -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports (at the top or inside a function)."""
    graph: dict[str, set[str]] = {}
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    for name, path in modules.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        found = set()
        tree = ast.parse(path.read_text())
        annotations_only = type_checking_only(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or node.level == 0 or node in annotations_only:
                continue
            base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
            target = ".".join([*base, *(node.module.split(".") if node.module else [])])
            for alias in node.names:
                full = f"{target}.{alias.name}" if target else alias.name
                found.add(full if full in modules else target or "__init__")
        graph[name] = {t for t in found if t in modules and t != name}
    return graph


def room(module: str) -> str:
    return module.split(".")[0]


def layer(module: str) -> int:
    return next(i for i, rooms in enumerate(LAYERS) if room(module) in rooms)


def test_every_room_has_a_layer():
    assert {room(m) for m in imports()} <= set().union(*LAYERS)


def test_no_room_imports_a_room_above_it():
    upward = [f"{m} -> {t}" for m, targets in imports().items() for t in targets if layer(t) > layer(m)]
    assert upward == []


def test_no_import_circles():
    graph = imports()
    state: dict[str, int] = {}
    circles = []

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                circles.append(" -> ".join(path[path.index(target):] + [target]))
            elif target not in state:
                visit(target, path + [target])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    assert circles == []


def test_no_module_is_larger_than_500_lines():
    sizes = {module_name(p): len(p.read_text().splitlines()) for p in PACKAGE.rglob("*.py")}
    assert {m: n for m, n in sizes.items() if n >= 500} == {}


def test_every_module_says_why_it_exists():
    for path in PACKAGE.rglob("*.py"):
        if path.name == "__init__.py" and not path.read_text().strip():
            continue
        docstring = ast.get_docstring(ast.parse(path.read_text()))
        assert docstring and len(docstring.split()) >= 8, module_name(path)
