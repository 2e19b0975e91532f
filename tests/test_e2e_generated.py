"""The generated benchmark's three folders on the real model: the first dev question of every family (never a
test one), answered in one warm process, truths computed from the folders as bench/generalisation.py does."""

import os
from collections import defaultdict

import pytest

from tests.conftest import seed_cache

pytestmark = pytest.mark.model

# Below what the dev split scores as a whole (bench/results.md), so one unlucky phrasing does not fail CI,
# and far above what a broken policy, tool or router leaves.
AT_LEAST = {"files": 0.9, "content": 0.75, "chains": 0.7}


def test_the_first_dev_question_of_every_family(tmp_path):
    from bench.gen.questions import generate
    from bench.generalisation import prepare, run

    # prepare() and the bench's workspace set FILESAGE_CACHE_DIR and FILESAGE_MODEL for the run; the tests
    # after this one get the environment as it was.
    saved = dict(os.environ)
    try:
        corpora = prepare(tmp_path)
        seed_cache(tmp_path / "cache")
        chosen, seen = [], set()
        for question in generate(corpora, "dev"):
            if question.family not in seen:
                seen.add(question.family)
                chosen.append(question)
        rows, _ = run(chosen, corpora, quiet=True)
    finally:
        os.environ.clear()
        os.environ.update(saved)
    assert len(rows) == len(seen) >= 40
    right, asked = defaultdict(int), defaultdict(int)
    for row in rows:
        kind = row["kind"] if row["kind"] in AT_LEAST else "chains"
        asked[kind] += 1
        right[kind] += row["right"]
    wrong = [f"{r['family']}: {r['question']!r} -> {r['answer'][:120]!r} ({r['why']})" for r in rows if not r["right"]]
    for kind, share in AT_LEAST.items():
        assert right[kind] >= share * asked[kind], (kind, right[kind], asked[kind], wrong)
