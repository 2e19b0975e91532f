"""Seconds to answer, per question kind, through `filesage ask` on the real default model.

    .venv/bin/python bench/answer_speed.py [--cold 3]

Warm: one `filesage ask -` process answers every question of a kind in turn (the model is loaded once, the
system prompt is cached). Cold: a new `filesage ask` process per question, as a shell user runs it.
Prints median and worst seconds, model calls, prompt tokens evaluated and tokens generated per kind.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.corpus import build_corpus  # noqa: E402

FILESAGE = str(Path(sys.executable).parent / "filesage")
FILESYSTEM = [
    "How many PDF files are there?",
    "What did I change most recently?",
    "Show me the folder structure",
    "How big is budget_q1.csv?",
    "Which is the largest file?",
    "Find the files with invoice in their name",
]


def warm(root: Path, questions: list[str], env: dict) -> list[dict]:
    result = subprocess.run([FILESAGE, "ask", "-", "--root", str(root)], input="\n".join(questions) + "\n", capture_output=True, text=True, env=env)
    return [json.loads(line) for line in result.stdout.splitlines()]


def cold(root: Path, question: str, env: dict) -> tuple[float, dict]:
    started = time.perf_counter()
    result = subprocess.run([FILESAGE, "ask", question, "--root", str(root), "--json"], capture_output=True, text=True, env=env)
    return time.perf_counter() - started, json.loads(result.stdout)


def report(kind: str, seconds: list[float], records: list[dict]) -> None:
    print(
        f"{kind:>22}: median {statistics.median(seconds):5.1f} s, worst {max(seconds):5.1f} s, "
        f"model calls {statistics.median(r['model_calls'] for r in records):.0f}, "
        f"prompt tokens evaluated {statistics.median(r['tokens_evaluated'] for r in records):.0f}, "
        f"generated {statistics.median(r['tokens_out'] for r in records):.0f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cold", type=int, default=3, help="cold-start runs per filesystem question")
    options = parser.parse_args()
    content = [q["question"] for q in json.loads((Path(__file__).parent / "content_questions.json").read_text())][:8]
    with tempfile.TemporaryDirectory() as tmp:
        root = build_corpus(Path(tmp))
        env = {**os.environ, "FILESAGE_CACHE_DIR": str(Path(tmp) / "cache")}
        from filesage.models import resolve_model

        env["FILESAGE_MODEL"] = str(resolve_model(None).path)
        subprocess.run([FILESAGE, "index", str(root)], capture_output=True, env=env, check=True)
        records = warm(root, FILESYSTEM, env)
        report("filesystem, warm", [r["seconds"] for r in records[1:]], records[1:])  # the first one pays the prompt
        cold_runs = [cold(root, q, env) for q in FILESYSTEM[: options.cold]]
        report("filesystem, cold start", [s for s, _ in cold_runs], [r for _, r in cold_runs])
        records = warm(root, content, env)
        report("content, warm", [r["seconds"] for r in records[1:]], records[1:])


if __name__ == "__main__":
    main()
