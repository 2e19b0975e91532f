"""all-MiniLM-L6-v2 on the same chunks of real documents, side by side: filesage's embedder as it is now, the
hand-written numpy BERT, sentence-transformers on torch, and onnxruntime (a graph exported from the same weights),
each with both cores. Prints chunks per second (median of the runs), the cold start to a first query vector in a
fresh process, and the largest difference from the numpy vectors (the cache is keyed by content, so a backend
whose vectors differ beyond float noise needs a new cache version).

    .venv/bin/python bench/embedders.py [--folder DIR] [--chunks 256] [--runs 3]

The folder defaults to /usr/share/doc, whose READMEs, changelogs, licences and manuals are real documents.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from filesage.files.readers import Unreadable, read_document  # noqa: E402
from filesage.files.walk import walk  # noqa: E402

COLD = {
    "numpy": "from filesage.index.embedder import NumpyEmbedder as E",
    "filesage": "from filesage.index.embedder import Embedder as E",
}


def chunks_of(folder: Path, count: int) -> list[str]:
    texts = []
    for entry in walk(folder):
        try:
            document = read_document(folder / entry.disk_path, entry.extension)
        except (Unreadable, OSError):
            continue
        texts += [f"{entry.path}\n{segment.text}" for segment in document.segments]
        if len(texts) >= count:
            break
    return texts[:count]


def backends() -> dict:
    from filesage.index import embedder

    found = {"numpy": embedder.NumpyEmbedder()}
    for name in ("OnnxEmbedder", "TorchEmbedder"):
        if hasattr(embedder, name):
            found[name.removesuffix("Embedder").lower()] = getattr(embedder, name)()
    found["filesage"] = embedder.Embedder()
    return found


def cold_start(statement: str) -> float:
    """Seconds from a fresh interpreter to the first query's vector, imports included."""
    code = f"import time; t = time.perf_counter(); {statement}; E().encode(['when is the rent due?']); print(time.perf_counter() - t)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=Path(__file__).resolve().parent.parent)
    return float(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--folder", type=Path, default=Path("/usr/share/doc"))
    parser.add_argument("--chunks", type=int, default=256)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    texts = chunks_of(options.folder, options.chunks)
    print(f"{len(texts)} chunks from {options.folder}, {statistics.mean(map(len, texts)):.0f} characters on average")
    reference = None
    for name, embedder in backends().items():
        embedder.encode(["warm up"])
        rates, vectors = [], None
        for _ in range(options.runs):
            started = time.perf_counter()
            vectors = embedder.encode(texts)
            rates.append(len(texts) / (time.perf_counter() - started))
        if reference is None:
            reference = vectors
        difference = float(np.abs(vectors - reference).max())
        print(f"{name:>9}: {statistics.median(rates):6.1f} chunks/s (runs: {', '.join(f'{r:.1f}' for r in rates)}); "
              f"largest difference from numpy {difference:.1e}")
    for name, statement in COLD.items():
        print(f"cold start to a first query vector, {name}: {statistics.median(cold_start(statement) for _ in range(3)):.2f} s")


if __name__ == "__main__":
    main()
