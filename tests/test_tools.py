import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from filesage.tools.toolbox import Toolbox
from filesage.tools.registry import ToolRegistry, respond


@pytest.fixture
def registry(fs_corpus):
    box = Toolbox(fs_corpus)
    return ToolRegistry([box.count_files, box.list_files, box.file_metadata, box.grep_files, box.directory_tree, respond])


def test_schema_is_derived_from_signatures_and_docstrings(registry):
    tool = registry.tools["list_files"]
    assert [p.name for p in tool.params] == ["extension", "folder", "order", "limit", "name", "larger_than", "smaller_than", "empty", "changed_within", "hidden", "excluding"]
    assert tool.params[3].bounds == (1, 50) and tool.params[2].kind == ("newest", "oldest", "largest", "smallest")
    assert tool.description.startswith("List files with their dates and sizes")
    schema = tool.call_schema()
    assert schema["properties"]["name"] == {"const": "list_files"}
    assert schema["properties"]["arguments"]["properties"]["order"] == {"type": "string", "enum": ["newest", "oldest", "largest", "smallest"]}
    assert schema["properties"]["arguments"]["properties"]["empty"] == {"type": "boolean"}
    assert "list_files(extension='', folder='', order='newest', limit=20, name=''" in registry.prompt_listing()
    assert "limit: how many files to show" in registry.prompt_listing()


@pytest.mark.parametrize(
    "arguments, expected",
    [
        ({"limit": "5"}, 5),
        ({"limit": 5.0}, 5),
        ({"limit": "5 files"}, 5),
        ({"limit": 10**15}, 50),
        ({"limit": -3}, 1),
        ({"limit": "many"}, 20),
        ({}, 20),
    ],
)
def test_limit_coercion(registry, arguments, expected):
    args, result = registry.execute("list_files", arguments)
    assert result.ok and args["limit"] == expected


@pytest.mark.parametrize("extension", ["PDF", ".pdf", "pdf files", "*.pdf", "PDFs"])
def test_extension_variants(registry, extension):
    _, result = registry.execute("count_files", {"extension": extension})
    assert result.text.startswith("3 .pdf files")


def test_choice_coercion(registry):
    args, _ = registry.execute("list_files", {"order": "Largest"})
    assert args["order"] == "largest"
    args, _ = registry.execute("list_files", {"order": "sideways"})
    assert args["order"] == "newest"


def test_model_mistakes_are_messages(registry):
    _, unknown = registry.execute("rm_rf", {})
    assert not unknown.ok and "count_files, list_files" in unknown.text
    _, missing = registry.execute("file_metadata", {})
    assert not missing.ok and "needs the argument 'name_hint'" in missing.text
    _, escaped = registry.execute("count_files", {"folder": "../../etc"})
    assert not escaped.ok and escaped.text.startswith("Refused:")
    _, boolean = registry.execute("directory_tree", {"max_depth": True})
    assert not boolean.ok
    args, extra = registry.execute("count_files", {"extension": "md", "invented": 1})
    assert extra.ok and "invented" not in args


def test_sources_are_structured(registry):
    _, result = registry.execute("grep_files", {"pattern": "invoice"})
    assert result.paths == ["finance/2025/invoice_001.pdf", "finance/2025/invoice_002.pdf"]


def test_bug_in_a_tool_raises(fs_corpus):
    def broken(name: str) -> None:
        """A tool with a bug.

        Args:
            name: anything
        """
        raise KeyError("bug")

    with pytest.raises(KeyError):
        ToolRegistry([broken]).execute("broken", {"name": "x"})


PATHISH = st.lists(st.sampled_from(["..", "/", "~", "etc", "passwd", "finance", "*", ".pdf", "http://x", "C:\\", "\x00", "notes", "a b"]), max_size=6).map("".join)
VALUES = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=True), PATHISH, st.text(max_size=40), st.lists(PATHISH, max_size=3), st.dictionaries(st.text(max_size=5), PATHISH, max_size=2))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@example(tool="read_file", arguments={"start": float("nan")})  # json.loads reads NaN and Infinity
@example(tool="list_files", arguments={"limit": float("inf")})
@given(tool=st.sampled_from(["count_files", "list_files", "file_metadata", "grep_files", "directory_tree", "read_file", "nonexistent"]), arguments=st.dictionaries(st.sampled_from(["extension", "limit", "folder", "order", "name_hint", "pattern", "max_depth", "path", "start", "length", "junk"]), VALUES, max_size=5))
def test_any_arguments_the_model_invents_stay_inside_the_root(fs_corpus, tool, arguments):
    box = Toolbox(fs_corpus)
    registry = ToolRegistry([box.count_files, box.list_files, box.file_metadata, box.grep_files, box.directory_tree, box.read_file, respond])
    _, result = registry.execute(tool, arguments)  # the model's mistakes come back as results, never raise
    assert isinstance(result.text, str) and result.text
    for path in result.paths:
        assert (fs_corpus / path).resolve().is_relative_to(fs_corpus.resolve()) and (fs_corpus / path).is_file()
