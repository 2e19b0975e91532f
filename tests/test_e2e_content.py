"""Content questions answered end to end by `filesage ask` on the real model over a mixed-format corpus."""

import json
from pathlib import Path

import pytest

from bench.corpus import build_corpus
from tests.conftest import run_cli

pytestmark = pytest.mark.model

QUESTIONS = json.loads((Path(__file__).resolve().parent.parent / "bench" / "content_questions.json").read_text())


def test_content_questions(tmp_path):
    root = build_corpus(tmp_path)
    env = {"FILESAGE_CACHE_DIR": str(tmp_path / "cache")}
    result = run_cli("ask", "-", "--root", str(root), input="".join(q["question"] + "\n" for q in QUESTIONS), env=env)
    assert result.returncode == 0, result.stderr[-2000:]
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == len(QUESTIONS)
    right = []
    for case, record in zip(QUESTIONS, records):
        # "$1,250,000", "1250000" and "$1250,000" state the same number.
        answer = record["answer"].lower().replace(",", "")
        sources = [s["path"] for s in record["sources"]]
        ok = any(a.lower().replace(",", "") in answer for a in case["answer"]) and case["file"] in sources
        right.append(ok)
        if not ok:
            print(f"WRONG: {case['question']!r} -> {record['answer']!r} sources={sources} steps={[s['tool'] for s in record['steps']]}")
    share = sum(right) / len(right)
    seconds = sorted(r["seconds"] for r in records)
    print(f"\ncontent questions right (answer and source): {sum(right)}/{len(right)}; median {seconds[len(seconds) // 2]:.1f} s")
    assert share >= 0.85
    # The index lives in the cache directory, never in the folder.
    assert not any(p.name.endswith((".leann", ".sqlite", ".index")) for p in root.rglob("*"))
