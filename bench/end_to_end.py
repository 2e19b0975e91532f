"""filesage end to end on a realistic folder, per question kind: the generated personal folder of bench/gen
(over 200 files: multi-page PDFs, long logs, a 900-row spreadsheet, real licence texts, near-duplicate
invoices, a German lease), with `dev` questions of the generated benchmark (never `test`).

    .venv/bin/python bench/end_to_end.py [--per-kind 12] [--cold 6] [--pairs 3] [--no-record]

Warm: one process answers every question as `filesage ask -` does (the model loaded once).
Cold: a new process per question, as a shell user runs `filesage ask`, timed per phase by bench/phases.py.
Two at once: two cold content questions started together, each against its own time alone (the target is
within 2x). Prints medians and worst cases, and appends the table to bench/results.md.
"""

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench import commit_at_start  # noqa: E402
from bench.gen.checks import check  # noqa: E402
from bench.gen.corpora import build_personal  # noqa: E402
from bench.gen.questions import entries, generate  # noqa: E402

FILESAGE = str(Path(sys.executable).parent / "filesage")
RESULTS = REPO / "bench" / "results.md"
PHASES = ["start", "imports", "model load", "refresh check", "tool choice", "search", "answer", "other"]


def cold(root: Path, question: str, env: dict) -> dict:
    started = time.time()
    result = subprocess.run([sys.executable, str(REPO / "bench" / "phases.py"), str(root), question, str(started)],
                            capture_output=True, text=True, env=env)
    if result.returncode:
        raise SystemExit(f"bench/phases.py failed on {question!r}:\n{result.stderr[-2000:]}")
    return json.loads(result.stdout.splitlines()[-1])


def median(values) -> float:
    values = list(values)
    return statistics.median(values) if values else 0.0


def machine() -> str:
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines() if line.startswith("model name")), platform.processor())
    memory = next(int(line.split()[1]) for line in Path("/proc/meminfo").read_text().splitlines() if line.startswith("MemTotal"))
    return f"{cpu}, {os.cpu_count()} CPUs, {memory / 2**20:.0f} GiB, Python {platform.python_version()}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--per-kind", type=int, default=12, help="warm questions per kind")
    parser.add_argument("--cold", type=int, default=6, help="cold processes per kind")
    parser.add_argument("--pairs", type=int, default=3, help="content questions run alone and then two at once")
    parser.add_argument("--no-record", action="store_true")
    options = parser.parse_args()
    commit = commit_at_start()
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        corpus = build_personal(Path(tmp))
        root = corpus.root
        env = {**os.environ, "FILESAGE_CACHE_DIR": str(Path(tmp) / "cache")}
        from filesage.llm.weights import resolve_model

        env["FILESAGE_MODEL"] = str(resolve_model(None).path)
        files = entries(root)
        started = time.perf_counter()
        indexed = subprocess.run([FILESAGE, "index", str(root)], capture_output=True, text=True, env=env, check=True)
        index_seconds = time.perf_counter() - started
        questions = [q for q in generate({"personal": corpus}, "dev")]
        kinds = {kind: [q for q in questions if q.kind == kind][: options.per_kind] for kind in ("files", "content")}
        paths = [e.path for e in files]

        # Cold first, on a quiet machine: one process per question.
        cold_records = {kind: [cold(root, q.question, env) for q in kinds[kind][: options.cold]] for kind in kinds}
        cold_rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print("cold:", {k: [round(r["wall"], 1) for r in v] for k, v in cold_records.items()}, flush=True)

        # Two at once: each content question alone, then two started together.
        pairs = []
        chosen = kinds["content"][: options.pairs * 2]
        for first, second in zip(chosen[0::2], chosen[1::2]):
            alone = [cold(root, q.question, env)["wall"] for q in (first, second)]
            with ThreadPoolExecutor(2) as pool:
                together = [f.result()["wall"] for f in [pool.submit(cold, root, q.question, env) for q in (first, second)]]
            pairs += [t / a for t, a in zip(together, alone)]
        print("two at once / alone:", [round(p, 2) for p in pairs], flush=True)

        # Warm: one process, as `filesage ask -`.
        os.environ.update({"FILESAGE_CACHE_DIR": env["FILESAGE_CACHE_DIR"], "FILESAGE_MODEL": env["FILESAGE_MODEL"]})
        from filesage.agent.events import Answered
        from filesage.workspace import Workspace, settings_from

        workspace = Workspace(settings_from(root, None, None))
        warm = {}
        for kind, group in kinds.items():
            warm[kind] = []
            for q in group:
                began = time.perf_counter()
                record = next(e.answer for e in workspace.run(q.question, q.history) if isinstance(e, Answered)).to_json()
                record["seconds"] = time.perf_counter() - began
                record["right"] = check(q.truth, record["answer"], [s["path"] for s in record["sources"]], paths)[0]
                warm[kind].append(record)
            print(f"warm {kind}:", [round(r["seconds"], 1) for r in warm[kind]], flush=True)
        warm_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    lines.append("| kind | warm median s | warm worst s | right | model calls | tokens evaluated | generated | cold median s | cold worst s |")
    lines.append("|---|---|---|---|---|---|---|---|---|")
    for kind in kinds:
        w, c = warm[kind], cold_records[kind]
        lines.append(
            f"| {kind} | {median(r['seconds'] for r in w):.1f} | {max(r['seconds'] for r in w):.1f} | {sum(r['right'] for r in w)}/{len(w)} | "
            f"{median(r['model_calls'] for r in w):.0f} | {median(r['tokens_evaluated'] for r in w):.0f} | {median(r['tokens_out'] for r in w):.0f} | "
            f"{median(r['wall'] for r in c):.1f} | {max(r['wall'] for r in c):.1f} |"
        )
    lines.append("")
    lines.append("Cold process, median seconds per phase: " + "; ".join(
        f"{kind}: " + ", ".join(f"{p} {median(r['phases'].get(p, 0.0) for r in records):.2f}" for p in PHASES) for kind, records in cold_records.items()
    ))
    lines.append(f"Two cold content asks at once, each against its time alone: median {median(pairs):.2f}x, worst {max(pairs, default=0):.2f}x.")
    lines.append(f"Indexing {len(files)} files: {index_seconds:.0f} s ({indexed.stdout.strip()}). Peak RSS: warm process {warm_rss:,.0f} MB, largest cold process {cold_rss:,.0f} MB.")
    report = f"## End to end, {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, commit {commit}\n{machine()}\n\n" + "\n".join(lines) + "\n"
    print("\n" + report)
    if not options.no_record:
        with RESULTS.open("a") as handle:
            handle.write("\n" + report)


if __name__ == "__main__":
    main()
