"""Retrieval quality and index speed on the benchmark corpus.

    .venv/bin/python bench/retrieval.py

Prints the share of questions whose answer file is in the top 5 for vector search alone, BM25 alone and
the reciprocal-rank fusion filesage uses; indexing throughput; warm query latency (median); index size
over corpus size; and the time to refresh after one file changes in a folder of 1,000 files.
"""

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.corpus import build_corpus  # noqa: E402
from filesage.index.embedder import Embedder  # noqa: E402
from filesage.index.store import FolderIndex  # noqa: E402

EXTRA = [
    {"question": "kitchen rewiring bill", "file": "finance/invoices/invoice_2025_017.pdf"},
    {"question": "seat number on my Stockholm flight", "file": "travel/flight_booking.html"},
    {"question": "when was the oil changed in the car", "file": "car/service_log.csv"},
    {"question": "marketing revenue target", "file": "finance/budget_q1.csv"},
    {"question": "deposit required for a pet", "file": "home/lease.md"},
    {"question": "how often should the sourdough starter be fed", "file": "recipes/sourdough.txt"},
]


def main() -> None:
    cases = json.loads((Path(__file__).parent / "content_questions.json").read_text()) + EXTRA
    embedder = Embedder()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        root = build_corpus(tmp)
        index = FolderIndex(root, embedder, tmp / "idx")
        embedder.encode(["warm up"])
        stats = index.refresh()
        corpus_bytes = sum(p.stat().st_size for p in root.rglob("*") if p.is_file())
        rankings = {"vector": 0, "bm25": 0, "fused": 0}
        latencies = []
        for case in cases:
            pool = 20
            vector = [index_path(index, i) for i in index._vector_ranking(case["question"], pool)][:5]
            bm25 = [index_path(index, i) for i in index._bm25_ranking(case["question"], pool)][:5]
            started = time.perf_counter()
            fused = [h.path for h in index.search(case["question"], 5)]
            latencies.append(time.perf_counter() - started)
            for name, paths in (("vector", vector), ("bm25", bm25), ("fused", fused)):
                rankings[name] += case["file"] in paths
            if case["file"] not in fused:
                print(f"  fused miss: {case['question']!r} -> {fused}")
        n = len(cases)
        print(f"answer file in the top 5 over {n} questions: " + ", ".join(f"{k} {v}/{n} ({v / n:.0%})" for k, v in rankings.items()))
        print(f"warm query latency: median {statistics.median(latencies) * 1000:.0f} ms, worst {max(latencies) * 1000:.0f} ms")
        print(f"index size / corpus size: {stats.index_bytes / 1024:.0f} KB / {corpus_bytes / 1024:.0f} KB")

        many = tmp / "many"
        for i in range(1000):
            path = many / f"d{i % 20}" / f"note_{i}.txt"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(f"Note {i}: the meeting about topic {i} went fine. Action items follow for team {i % 7}.\n" * 3)
        big = FolderIndex(many, embedder, tmp / "idx-many")
        first = big.refresh()
        print(f"indexing 1,000 files: {first.chunks} chunks in {first.seconds:.1f} s = {first.chunks / first.seconds:.1f} chunks/s "
              f"(embedding alone {first.chunks / first.embed_seconds:.1f} chunks/s)")
        (many / "d3" / "note_3.txt").write_text("Note 3 changed: the plumber charged 90 EUR.\n")
        second = big.refresh()
        print(f"refresh after changing 1 of 1,000 files: {second.seconds:.2f} s, {second.embedded} chunk(s) embedded")


def index_path(index: FolderIndex, chunk_id: int) -> str:
    row = index.db.execute("SELECT path FROM chunks WHERE id = ?", (chunk_id,)).fetchone()
    return row[0] if row else ""


if __name__ == "__main__":
    main()
