"""Tool choice on bench/routing/questions.json and the content questions of bench/content_questions.json:
the model's own first choice, and with the router's fallback.

    .venv/bin/python bench/routing.py [--model FILE]
"""

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.corpus import build_corpus  # noqa: E402
from filesage.agent.events import ToolChosen  # noqa: E402
from filesage.workspace import Workspace, settings_from  # noqa: E402
from filesage.policies.router import route  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--model")
    options = parser.parse_args()
    cases = json.loads((Path(__file__).parent / "routing" / "questions.json").read_text())
    # The content question set too: every one of them needs a search of what the files say.
    content = json.loads((Path(__file__).parent / "content_questions.json").read_text())
    cases = [{**c, "set": "routing"} for c in cases] + [{"question": c["question"], "tool": "semantic_search", "set": "content"} for c in content]
    with tempfile.TemporaryDirectory() as tmp:
        root = build_corpus(Path(tmp))
        agent = Workspace(settings_from(root, options.model, None)).agent
        model_right: Counter = Counter()
        fallback_usable: Counter = Counter()
        seconds = []
        for case in cases:
            started = time.perf_counter()
            chosen = next((e for e in agent.run(case["question"]) if isinstance(e, ToolChosen)), None)
            seconds.append(time.perf_counter() - started)
            # A run that ends without a tool call is the model choosing respond.
            by_model = chosen.tool if chosen and chosen.by == "model" else ("respond" if chosen is None else None)
            model_right[case["set"]] += by_model == case["tool"]
            final = chosen.tool if chosen else "respond"
            fallback_usable[case["set"]] += final in agent.registry.tools or final == "respond"
            if by_model != case["tool"]:
                fallback = route(case["question"]).name
                print(f"  miss: {case['question']!r}: model {by_model}, expected {case['tool']}, router {fallback}")
    for name in ("routing", "content"):
        n = sum(1 for c in cases if c["set"] == name)
        print(f"{name} set: model's own choice right {model_right[name]}/{n} ({model_right[name] / n:.0%}), "
              f"ending in a usable tool with the fallback {fallback_usable[name]}/{n} ({fallback_usable[name] / n:.0%})")
    seconds.sort()
    print(f"median seconds to the first tool choice: {seconds[len(seconds) // 2]:.2f} (worst {seconds[-1]:.2f})")

if __name__ == "__main__":
    main()
