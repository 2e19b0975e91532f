"""filesage end to end on the real default model, per question kind, beside a naive agent on the same questions.

    .venv/bin/python bench/end_to_end.py [--cold 3] [--naive-per-kind 4] [--no-record]

Warm: one process (the model loaded once) answers every question through the same `Workspace.run` that
`filesage ask -` uses. Cold: a new `filesage ask --events` process per question, as a shell user runs it.
Naive: the same agent with what filesage does for speed taken away: the KV cache is reset before every
model call (no prefix reuse, no saved states per prompt family) and the searcher reads each hit in its own
extraction call. Prints, per kind: median and worst seconds, model calls, prompt tokens evaluated, tokens
generated, evaluated tokens per token of unique content, and naive / filesage. The table is appended to
bench/results.md with the date, the machine and the commit.
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
from datetime import datetime, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.corpus import build_corpus  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
FILESAGE = str(Path(sys.executable).parent / "filesage")
RESULTS = REPO / "bench" / "results.md"


def turns(*pairs: str) -> list[dict]:
    return [{"role": role, "content": text} for role, text in zip(("user", "assistant") * len(pairs), pairs)]


CONTENT = [q["question"] for q in json.loads((REPO / "bench" / "content_questions.json").read_text())]
KINDS: dict[str, list[tuple[str, list[dict]]]] = {
    "filesystem": [
        (q, [])
        for q in [
            "How many PDF files are there?",
            "What did I change most recently?",
            "Show me the folder structure",
            "How big is budget_q1.csv?",
            "Which is the largest file?",
            "Find the files with invoice in their name",
        ]
    ],
    "content": [(q, []) for q in CONTENT[:8]],
    "multi-step": [
        (q, [])
        for q in [
            "List every invoice and its total",
            "Which invoice has the largest total due?",
            "How many spreadsheets are there and which one changed most recently?",
            "When was the file with the Project Falcon budget last modified?",
        ]
    ],
    "follow-up": [
        ("When was it last changed?", turns("How many PDF files are there?", "There is 1 PDF file: finance/invoices/invoice_2025_017.pdf.")),
        ("How big is it?", turns("Which is the largest file?", "The largest file is work/q1_plan.docx.")),
        ("What is its deadline?", turns("Who leads Project Falcon?", "Mira Jensen leads Project Falcon.")),
        ("And what is the notice period?", turns("What is the monthly rent in my lease?", "The monthly rent is 1,450 EUR.")),
    ],
}


class Recorder:
    """Wraps the model's stream to keep every prompt of the current question, so the unique text the
    answer needed (question, tool results, passages: each distinct message once) can be counted."""

    def __init__(self, llm):
        self.llm = llm
        self.stream = llm.stream
        self.messages: list[dict] = []

    def __call__(self, messages, *args, **kwargs):
        self.messages += messages
        return self.stream(messages, *args, **kwargs)

    def unique_tokens(self) -> int:
        seen = {m["content"] for m in self.messages if m["role"] != "system"}
        return sum(len(self.llm.llama.tokenize(text.encode(), add_bos=False)) for text in seen)


def make_naive(workspace) -> None:
    """The same agent without filesage's reuse: every call starts from an empty KV cache, every hit is
    read in its own extraction call."""
    llm = workspace.llm
    llm.prefix_cache = None
    cached_stream = type(llm).stream.__get__(llm)  # the model's own stream, under any recorder

    def stream(messages, max_tokens, schema=None, family="agent"):
        llm._family = family  # no saved state per family
        llm.llama.reset()
        return (yield from cached_stream(messages, max_tokens, schema, family))

    llm.stream = stream
    searcher = workspace.searcher
    batched = searcher.extract

    def extract(question, hits, usage):
        return [batched(question, [hit], usage)[0] for hit in hits]

    searcher.extract = extract


def ask(workspace, recorder, question: str, history: list[dict]) -> dict:
    from filesage.agent import Answered

    recorder.messages = []
    started = time.perf_counter()
    answer = next(e.answer for e in workspace.run(question, history) if isinstance(e, Answered))
    record = answer.to_json()
    record["seconds"] = time.perf_counter() - started
    record["unique_tokens"] = recorder.unique_tokens()
    return record


def run_kinds(workspace, per_kind: int | None) -> dict[str, list[dict]]:
    recorder = Recorder(workspace.llm)
    workspace.llm.stream = recorder
    ask(workspace, recorder, "How many files are there?", [])  # pays the system prompt
    ask(workspace, recorder, CONTENT[-1], [])  # pays loading the embedder
    results = {}
    for kind, questions in KINDS.items():
        results[kind] = [ask(workspace, recorder, q, h) for q, h in questions[:per_kind]]
        print(f"  {kind}: " + ", ".join(f"{r['seconds']:.1f}" for r in results[kind]), flush=True)
    return results


def cold_start(root: Path, question: str, env: dict) -> dict:
    """Seconds to the first tool chosen (imports, model load, the first model call), to the first answer
    token, and to the end."""
    started = time.perf_counter()
    process = subprocess.Popen([FILESAGE, "ask", question, "--root", str(root), "--events"], stdout=subprocess.PIPE, text=True, env=env)
    first_event = first_token = None
    record = {}
    for line in process.stdout:
        now = time.perf_counter() - started
        event = json.loads(line)
        first_event = first_event or now
        if event["event"] == "answer_token" and first_token is None:
            first_token = now
        if event["event"] == "answer_done":
            record = event
    process.wait()
    return {**record, "seconds": time.perf_counter() - started, "first_event": first_event, "first_token": first_token or 0.0}


def import_seconds() -> float:
    """What importing filesage (everything a filesystem question loads, llama_cpp included) adds to a bare
    Python start, median of 3."""

    def timed(code: str) -> float:
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        return time.perf_counter() - started

    bare = statistics.median(timed("pass") for _ in range(3))
    full = statistics.median(timed("import filesage.chat, filesage.agent, filesage.toolbox, filesage.searcher, llama_cpp") for _ in range(3))
    return full - bare


def row(kind: str, records: list[dict], naive: list[dict] | None) -> str:
    seconds = [r["seconds"] for r in records]
    median = statistics.median(seconds)
    cells = [
        kind,
        f"{median:.1f}",
        f"{max(seconds):.1f}",
        f"{statistics.median(r['model_calls'] for r in records):.0f}",
        f"{statistics.median(r['tokens_evaluated'] for r in records):.0f}",
        f"{statistics.median(r['tokens_out'] for r in records):.0f}",
    ]
    if "unique_tokens" in records[0]:
        cells.append(f"{statistics.median(r['tokens_evaluated'] / max(r['unique_tokens'], 1) for r in records):.2f}")
    else:
        cells.append("")
    if naive:
        naive_median = statistics.median(r["seconds"] for r in naive)
        same_questions = statistics.median(r["seconds"] for r in records[: len(naive)])
        cells += [f"{naive_median:.1f}", f"{statistics.median(r['tokens_evaluated'] for r in naive):.0f}", f"{naive_median / same_questions:.1f}x"]
    else:
        cells += ["", "", ""]
    return "| " + " | ".join(cells) + " |"


HEADER = (
    "| kind | median s | worst s | model calls | prompt tokens evaluated | generated | evaluated / unique | naive median s | naive evaluated | naive / filesage |\n"
    "|---|---|---|---|---|---|---|---|---|---|"
)


def machine() -> str:
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines() if line.startswith("model name")), platform.processor())
    memory = next(int(line.split()[1]) for line in Path("/proc/meminfo").read_text().splitlines() if line.startswith("MemTotal"))
    return f"{cpu}, {os.cpu_count()} CPUs, {memory / 2**20:.0f} GiB, Python {platform.python_version()}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cold", type=int, default=3, help="cold starts per kind (filesystem and content)")
    parser.add_argument("--naive-per-kind", type=int, default=4, help="questions per kind for the naive agent")
    parser.add_argument("--no-record", action="store_true", help="print only; do not append to bench/results.md")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = build_corpus(Path(tmp))
        os.environ["FILESAGE_CACHE_DIR"] = str(Path(tmp) / "cache")
        from filesage.chat import Workspace, settings_from
        from filesage.models import resolve_model

        env = {**os.environ, "FILESAGE_MODEL": str(resolve_model(None).path)}
        subprocess.run([FILESAGE, "index", str(root)], capture_output=True, env=env, check=True)

        imports = import_seconds()
        cold = {kind: [cold_start(root, q, env) for q, _ in KINDS[kind][: options.cold]] for kind in ("filesystem", "content")}
        cold_rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024

        print("filesage, warm (seconds per question):")
        started = time.perf_counter()
        workspace = Workspace(settings_from(root, None, None))
        workspace.llm.llama  # noqa: B018 - load now, so the load is timed apart from the answers
        load_seconds = time.perf_counter() - started
        warm = run_kinds(workspace, None)
        warm_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print("naive, warm:")
        make_naive(workspace)
        naive = run_kinds(workspace, options.naive_per_kind)

    lines = [HEADER]
    for kind in KINDS:
        lines.append(row(kind, warm[kind], naive[kind]))
    for kind, records in cold.items():
        lines.append(row(f"{kind}, cold start", records, None))
    breakdown = ", ".join(
        f"{kind}: first tool chosen {statistics.median(r['first_event'] for r in records):.1f} s, first answer token "
        f"{statistics.median(r['first_token'] for r in records):.1f} s, done {statistics.median(r['seconds'] for r in records):.1f} s"
        for kind, records in cold.items()
    )
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=REPO).stdout.strip()
    report = (
        f"## {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, commit {commit}\n{machine()}\n\n" + "\n".join(lines) + "\n\n"
        f"Cold start: imports {imports:.1f} s, model load {load_seconds:.1f} s; medians per kind: {breakdown}. "
        f"Peak RSS: warm process (model and embedder) {warm_rss:,.0f} MB, largest cold process {cold_rss:,.0f} MB.\n"
    )
    print("\n" + report)
    if not options.no_record:
        with RESULTS.open("a") as handle:
            handle.write("\n" + report)


if __name__ == "__main__":
    main()
