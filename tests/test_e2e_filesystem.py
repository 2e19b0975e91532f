"""Filesystem questions answered by `filesage ask` on the real embedded model, checked against the truth
computed from the folder itself."""

import json
import os
import re
from datetime import datetime
from pathlib import Path

import pytest

from tests.conftest import run_cli, write

pytestmark = pytest.mark.model

NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen"]


def files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file() and not any(part.startswith(".") for part in p.relative_to(root).parts))


def says_number(answer: str, n: int) -> bool:
    words = re.findall(r"[a-z]+|\d+", answer.lower())
    return str(n) in words or (n < len(NUMBER_WORDS) and NUMBER_WORDS[n] in words)


def day(path: Path) -> str:
    return datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d")


def says_day(answer: str, path: Path) -> bool:
    """The file's modification day, written as 2026-11-20, November 20, 2026 or 20 November 2026."""
    moment = datetime.fromtimestamp(path.stat().st_mtime)
    spellings = [moment.strftime("%Y-%m-%d"), f"{moment:%B} {moment.day}", f"{moment.day} {moment:%B}", f"{moment:%b} {moment.day}"]
    return any(s.lower() in answer.lower() for s in spellings)


def questions(root: Path):
    """(question, check) pairs; every expected value is computed from the files on disk."""
    all_files = files(root)
    by_ext = lambda *exts: [p for p in all_files if p.suffix.lstrip(".").lower() in exts]
    under = lambda folder: [p for p in all_files if p.relative_to(root).parts[0] == folder]
    newest = sorted(all_files, key=lambda p: p.stat().st_mtime, reverse=True)
    largest = max(all_files, key=lambda p: p.stat().st_size)
    budget = root / "finance" / "budget_q1.xlsx"
    size = budget.stat().st_size
    top_folders = sorted({p.relative_to(root).parts[0] for p in all_files if len(p.relative_to(root).parts) > 1})
    smallest_with_content = min((p for p in all_files if p.stat().st_size), key=lambda p: p.stat().st_size)
    newest_with_content = next(p for p in newest if p.stat().st_size)
    depth = max(len(p.relative_to(root).parts) - 1 for p in all_files)
    by_bytes: dict[bytes, list[Path]] = {}
    for path in all_files:
        if path.stat().st_size:
            by_bytes.setdefault(path.read_bytes(), []).append(path)
    copies = [group for group in by_bytes.values() if len(group) > 1]
    return [
        ("How many PDF files are there?", lambda a: says_number(a, len(by_ext("pdf")))),
        ("how many files are in the finance folder?", lambda a: says_number(a, len(under("finance")))),
        ("How many Python files do I have?", lambda a: says_number(a, len(by_ext("py")))),
        ("how many markdown files are there?", lambda a: says_number(a, len(by_ext("md")))),
        ("How many images do I have?", lambda a: says_number(a, len(by_ext("jpg", "png")))),
        ("How many files are there in total?", lambda a: says_number(a, len(all_files))),
        ("how many files are under code?", lambda a: says_number(a, len(under("code")))),
        ("Which file did I modify most recently?", lambda a: newest[0].name in a),
        ("What is my oldest file?", lambda a: newest[-1].name in a),
        ("Which is the largest file?", lambda a: largest.name in a),
        ("How big is budget_q1.xlsx?", lambda a: any(s in a for s in (f"{size / 1024:.1f} KB", str(size), f"{size:,}"))),
        ("When was report.pdf last modified?", lambda a: says_day(a, root / "report.pdf")),
        ("Find the files with invoice in their name", lambda a: all(p.name in a for p in by_ext("pdf") if "invoice" in p.name)),
        ("Show me the folder structure", lambda a: all(f in a for f in top_folders)),
        ("List my spreadsheets", lambda a: all(p.name in a for p in by_ext("xlsx", "csv"))),
        ("Which CSV files are there?", lambda a: all(p.name in a for p in by_ext("csv"))),
        ("What are my 3 most recently changed files?", lambda a: all(p.name in a for p in newest[:3])),
        ("when was the todo file modified?", lambda a: says_day(a, root / "notes" / "todo.txt")),
        ("what did I touch last?", lambda a: newest[0].name in a),
        ("Which is the smallest file that actually has something in it?", lambda a: smallest_with_content.name in a),
        ("Leaving out empty files, which file did I change last?", lambda a: newest_with_content.name in a),
        ("How deep does the folder tree go?", lambda a: f"{depth} levels deep" in a),
        ("Do I have any duplicate files?", lambda a: all(p.name in a for group in copies for p in group) if copies else "No two" in a),
    ]


def test_filesystem_questions_on_the_real_model(fs_corpus):
    write(fs_corpus / "notes/draft.md", "", days_ago=0)  # the newest file is empty
    cases = questions(fs_corpus)
    result = run_cli("ask", "-", "--root", str(fs_corpus), input="\n".join(q for q, _ in cases) + "\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == len(cases)
    records = [json.loads(line) for line in lines]
    wrong = []
    for (question, check), record in zip(cases, records):
        assert set(record) >= {"answer", "sources", "steps"}, record
        for source in record["sources"]:
            assert not os.path.isabs(source["path"]) and (fs_corpus / source["path"]).is_file()
        # A filesystem question is one tool call and one answer.
        assert record["model_calls"] <= 2, (question, record)
        if not check(record["answer"]):
            wrong.append((question, record["answer"], record["steps"]))
    correct = len(cases) - len(wrong)
    print(f"\nfilesystem questions correct: {correct}/{len(cases)}")
    for item in wrong:
        print("WRONG:", item)
    assert correct / len(cases) >= 0.9, wrong


def test_ask_plain_output_and_sources(fs_corpus):
    result = run_cli("ask", "when was report.pdf last modified?", "--root", str(fs_corpus))
    assert result.returncode == 0, result.stderr
    assert day(fs_corpus / "report.pdf") in result.stdout
    assert "Sources:\n  [1] report.pdf" in result.stdout
    assert "file_metadata" in result.stderr  # the steps go to stderr, the answer to stdout


def test_bad_roots_and_questions_exit_2(tmp_path):
    missing = run_cli("ask", "how many files?", "--root", str(tmp_path / "nope"))
    assert missing.returncode == 2 and missing.stderr.startswith("error: folder") and "does not exist" in missing.stderr
    a_file = tmp_path / "f.txt"
    a_file.write_text("x")
    as_file = run_cli("ask", "how many files?", "--root", str(a_file))
    assert as_file.returncode == 2 and "is a file, not a folder" in as_file.stderr
    empty = run_cli("ask", "  ", "--root", str(tmp_path))
    assert empty.returncode == 2 and "question is empty" in empty.stderr
    huge = run_cli("ask", "x" * 100_000, "--root", str(tmp_path))
    assert huge.returncode == 2 and "100,000 characters" in huge.stderr
    for result in (missing, as_file, empty, huge):
        assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1
