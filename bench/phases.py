"""One cold `filesage ask`, timed per phase. Run as its own process by bench/end_to_end.py:

    .venv/bin/python bench/phases.py ROOT QUESTION STARTED

STARTED is the parent's time.time() when it launched this process, so the interpreter's own start counts.
It runs what `filesage ask --json` runs, with timers around each phase, and prints one JSON object: the
answer record and "phases" (seconds): start (interpreter up), imports, model load (including the system
prompt's saved KV state), refresh check (walk and compare with the index), tool choice (first model call),
search (query embedding, both rankings, reranking, line selection), answer (the model's answer call),
other (whatever is left of the wall time).
"""

import functools
import json
import sys
import time
from pathlib import Path

begun = time.time()
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    root, question, started = sys.argv[1], sys.argv[2], float(sys.argv[3])
    phases = {"start": begun - started}
    mark = time.perf_counter()
    from filesage.agent.events import Answered
    from filesage.workspace import Workspace, settings_from
    from filesage.index.store import FolderIndex
    from filesage.llm.llama import LlamaModel
    from filesage.tools.searcher import Searcher

    phases["imports"] = time.perf_counter() - mark

    def timed(owner, name, phase):
        original = getattr(owner, name)

        @functools.wraps(original)  # a tool's schema is read from its signature
        def wrapper(*args, **kwargs):
            began = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                phases[phase] = phases.get(phase, 0.0) + time.perf_counter() - began

        setattr(owner, name, wrapper)

    timed(FolderIndex, "needs_refresh", "refresh check")
    timed(FolderIndex, "refresh", "refresh")
    timed(Searcher, "semantic_search", "search")
    stream = LlamaModel.stream
    calls = []

    def stream_timed(self, messages, max_tokens, schema=None, family="agent"):
        began = time.perf_counter()
        generation = yield from stream(self, messages, max_tokens, schema, family)
        calls.append(time.perf_counter() - began)
        return generation

    LlamaModel.stream = stream_timed
    mark = time.perf_counter()
    workspace = Workspace(settings_from(root, None, None))
    workspace.llm.llama  # noqa: B018 - the load, timed on its own
    phases["model load"] = time.perf_counter() - mark
    mark = time.perf_counter()
    record = next(e.answer for e in workspace.run(question, []) if isinstance(e, Answered)).to_json()
    asked = time.perf_counter() - mark
    if calls:
        phases["tool choice"] = calls[0]
        phases["answer"] = sum(calls[1:])
    phases["other"] = asked - sum(phases.get(p, 0.0) for p in ("refresh check", "refresh", "search", "tool choice", "answer"))
    record["phases"] = {name: round(value, 3) for name, value in phases.items()}
    record["wall"] = time.time() - started
    print(json.dumps(record, ensure_ascii=False))


if __name__ == "__main__":
    main()
