"""No benchmark or test wording in the product: a vendor, person, file name, figure or code the benchmark or the
tests use, or a run of five words of one of their questions, found in filesage/ would make the benchmark measure
how well the code knows the benchmark rather than a user's folder."""

import ast
import json
import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
# Words of filesage's own that a test also says with a capital (its messages, key names, languages it tells apart).
OWN_WORDS = {"English", "German", "French", "Spanish", "Italian", "Dutch", "Swedish", "Norwegian", "Danish", "Ctrl", "Windows", "Central", "Columns", "Refused",
             "Thinking", "Writing", "Units"}
# File names of the project's own that the product may name: the embedder's model files and the benchmark scripts.
OWN_FILES = {"config.json", "sentence_bert_config.json", "tokenizer.json", "model-check.json", "end_to_end.py", "generalisation.py", "embedders.py",
             "fresh_eyes.py", "index_scale.py"}


def literal_strings(path: Path) -> list[str]:
    if path.suffix == ".py":
        tree = ast.parse(path.read_text(encoding="utf-8"))
        return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)]
    found: list[str] = []

    def walk(value):
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(json.loads(path.read_text(encoding="utf-8")))
    return found


def outside_strings() -> list[str]:
    files = [p for folder in ("bench", "tests") for p in (REPO / folder).rglob("*") if p.is_file() and p.suffix in (".py", ".json")]
    return [text for path in files if path.name != Path(__file__).name for text in literal_strings(path)]


def distinctive(texts: list[str]) -> set[str]:
    """Names said only with a capital, file names, figures with separators or many digits, and document codes."""
    everything = "\n".join(texts)
    lower = set(re.findall(r"\b[a-z][a-z'-]+\b", everything))
    names = {w for w in re.findall(r"\b[A-Z][a-z]{3,}\b", everything) if w.lower() not in lower} - OWN_WORDS
    files = set(re.findall(r"\b[\w-]{3,}\.(?:pdf|docx|xlsx|csv|md|txt|pptx|html|json|yaml|py|eml|log)\b", everything)) - OWN_FILES
    figures = set(re.findall(r"[$€£]\s?\d[\d,.]*\d|\b\d{1,3}(?:,\d{3})+(?:\.\d+)?\b|\b\d+\.\d{2}\b|\b\d{5,}\b", everything))
    codes = set(re.findall(r"\b[A-Z]{2,}-\d[\w-]*\b", everything))
    return names | files | figures | codes


def five_words(text: str) -> set[str]:
    words = re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower())
    return {" ".join(words[i : i + 5]) for i in range(len(words) - 4)}


def product() -> dict[Path, str]:
    return {path: path.read_text(encoding="utf-8") for path in (REPO / "filesage").rglob("*.py")}


def test_no_name_file_figure_or_code_of_the_benchmark_or_tests_is_in_the_product():
    tokens = distinctive(outside_strings())
    assert len(tokens) > 100  # the benchmark's vendors, people, files and figures were found at all
    any_token = re.compile(r"(?<![\w$€£.,])(" + "|".join(re.escape(t) for t in sorted(tokens, key=len, reverse=True)) + r")(?!\w)")
    leaks = [f"{path.relative_to(REPO)}:{text.count(chr(10), 0, match.start()) + 1}: {match.group(1)}"
             for path, text in product().items() for match in any_token.finditer(text)]
    assert leaks == []


def test_no_question_of_the_benchmark_or_tests_is_in_the_product():
    questions = [text for text in outside_strings() if text.strip().endswith("?")]
    questions += [text for path in (REPO / "bench").rglob("*.json") for text in literal_strings(path)]
    runs = set().union(*(five_words(q) for q in questions))
    assert len(runs) > 1000
    leaks = [f"{path.relative_to(REPO)}:{number}: {sorted(five_words(line) & runs)[0]}"
             for path, text in product().items() for number, line in enumerate(text.splitlines(), 1) if five_words(line) & runs]
    assert leaks == []


def test_the_check_finds_a_leak():
    tokens = distinctive(['Send it to Ingrid Halvorsen at halvorsen_notes.md, total "$7,311.20", ref QX-2031-77.'])
    assert {"Ingrid", "Halvorsen", "halvorsen_notes.md", "$7,311.20", "QX-2031-77"} <= tokens
