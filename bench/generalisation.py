"""The generated benchmark: questions whose phrasings were written by someone who never saw filesage's code,
over three generated folders, truths computed from the files. Tune on `dev`; `test` is only for reporting.

    .venv/bin/python bench/generalisation.py [--split dev|test|both] [--family NAME ...] [--per-family N]
        [--policies-off A,B] [--ablate] [--record] [--workdir DIR] [--out FILE] [--phrasings DIR]
        [--ablate-from FILE [--ablate-max N] [--ablate-only A,B] | --again-where POLICY]]

One process answers every question warm (the model loaded once, as in `filesage ask -`), folder by folder;
each folder is indexed before its questions. Prints right/total per family for each split, per kind
(files, content), how often a content answer took a neighbouring figure, and median seconds. --ablate
re-runs, for each policy, the questions where it changed the course, with that policy switched off (where a
policy did not fire, switching it off changes nothing), and prints what each policy is worth. --record
appends the tables to bench/results.md. --again-where POLICY answers again the questions of an earlier --out
file where POLICY fired, and says how many were right then and now: a changed policy measured where it acts.
--phrasings runs another writer's phrasing files (same format), split
in dev and test the same way: a second held-out set.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from datetime import datetime, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench import commit_at_start  # noqa: E402
from bench.gen.checks import check  # noqa: E402
from bench.gen.corpora import build_all  # noqa: E402
from bench.gen.questions import PHRASINGS, SPLITS, Question, entries, generate  # noqa: E402

RESULTS = REPO / "bench" / "results.md"
KINDS = ("files", "content", "absent", "aggregation", "multi-step", "follow-up")
STALE_SECONDS = 4 * 3600  # ages in the folders are set relative to their build; older builds drift from the truths


def prepare(workdir: Path):
    """The three folders, built fresh unless a recent build is there, and their indexes."""
    marker = workdir / "built"
    if not marker.exists() or time.time() - float(marker.read_text()) > STALE_SECONDS:
        import shutil

        for name in ("personal", "downloads", "repo", "cache"):
            shutil.rmtree(workdir / name, ignore_errors=True)
        workdir.mkdir(parents=True, exist_ok=True)
        corpora = build_all(workdir)
        marker.write_text(str(time.time()))
    else:
        from bench.gen.corpora import BUILDERS

        # The facts are the same on every build (only the ages differ, and the marker vouches for them):
        # build again in a scratch folder to have them, and ask about the kept folders.
        scratch = Path(tempfile.mkdtemp())
        corpora = {name: build(scratch) for name, build in BUILDERS.items()}
        for corpus in corpora.values():
            corpus.root = workdir / corpus.name
    os.environ["FILESAGE_CACHE_DIR"] = str(workdir / "cache")
    return corpora


def make_workspace(root: Path, policies_off: str):
    from filesage.workspace import Workspace, settings_from
    from filesage.llm.weights import resolve_model

    os.environ.setdefault("FILESAGE_MODEL", str(resolve_model(None, cache_dir=Path.home() / ".cache" / "filesage").path))
    settings = settings_from(root, None, None)
    if policies_off:
        settings.policies_off = policies_off
    return Workspace(settings)


PLAIN_SYSTEM = ("You answer questions about the user's files from the numbered passages you are given. Use only what the "
                "passages say, and put the passage's number after each fact, like [1]. If they do not answer the question, say so.")


def plain_answer(workspace, question: Question, top_k: int) -> dict:
    """The plain retrieval pipeline to beat: the same index and the same hits, top_k passages straight into
    the prompt, one answer call."""
    from filesage.tools.searcher import PASSAGE_CHARS

    started = time.perf_counter()
    workspace.searcher.ensure_fresh()
    hits = workspace.searcher.index.search(question.question, top_k)
    passages = "\n\n".join(f"[{n}] {h.path} ({h.location}):\n{h.text[:PASSAGE_CHARS]}" for n, h in enumerate(hits, start=1))
    messages = [{"role": "system", "content": PLAIN_SYSTEM}, {"role": "user", "content": f"{passages}\n\nQuestion: {question.question}"}]
    generation = workspace.llm.generate(messages, 300, family="plain")
    cited = [int(n) for n in re.findall(r"\[(\d+)\]", generation.text) if 1 <= int(n) <= len(hits)]
    # A pipeline without markers shows every passage it read as a source, as such tools do.
    sources = list(dict.fromkeys(hits[n - 1].path for n in cited)) or list(dict.fromkeys(h.path for h in hits))
    return {"answer": generation.text.strip(), "sources": [{"path": p} for p in sources], "steps": [], "model_calls": 1,
            "seconds": time.perf_counter() - started, "tokens_evaluated": generation.evaluated_tokens}


def answer(workspace, question: Question, pipeline: str = "filesage") -> dict:
    from filesage.agent.events import Answered

    if pipeline.startswith("plain"):
        return plain_answer(workspace, question, int(pipeline.split("-")[1]) if "-" in pipeline else 5)
    started = time.perf_counter()
    record = next(e.answer for e in workspace.run(question.question, question.history) if isinstance(e, Answered)).to_json()
    record["seconds"] = time.perf_counter() - started
    return record


def run(questions: list[Question], corpora, policies_off: str = "", workspace=None, quiet: bool = False, pipeline: str = "filesage") -> tuple[list[dict], object]:
    by_corpus: dict[str, list[Question]] = defaultdict(list)
    for q in questions:
        by_corpus[q.corpus].append(q)
    rows = []
    for name, group in by_corpus.items():
        root = corpora[name].root
        if workspace is None:
            workspace = make_workspace(root, policies_off)
        else:
            workspace.set_root(root)
        workspace.searcher.ensure_fresh()
        paths = [e.path for e in entries(root)]
        for q in group:
            record = answer(workspace, q, pipeline)
            sources = [s["path"] for s in record["sources"]]
            right, why, neighbour = check(q.truth, record["answer"], sources, paths)
            row = {**q.to_json(), "answer": record["answer"], "sources": sources, "steps": [(s["tool"], s["args"], s["by"]) for s in record["steps"]],
                   "policies": record.get("policies", []), "drafts": record.get("drafts", []), "calls": record["model_calls"], "seconds": record["seconds"],
                   "right": right, "why": why, "neighbour": neighbour}
            rows.append(row)
            if not quiet:
                mark = "ok " if right else "BAD"
                print(f"{mark} {q.split:4} {q.family:22} {record['seconds']:5.1f}s {q.question[:70]!r} -> {record['answer'][:90]!r} {why}", flush=True)
    return rows, workspace


def table(rows: list[dict]) -> str:
    splits = [s for s in SPLITS if any(r["split"] == s for r in rows)]
    families = sorted({(r["kind"], r["family"]) for r in rows})
    lines = ["| kind | family | " + " | ".join(splits) + " |", "|---|---|" + "---|" * len(splits)]
    for kind, family in families:
        cells = []
        for split in splits:
            chosen = [r for r in rows if r["family"] == family and r["split"] == split]
            cells.append(f"{sum(r['right'] for r in chosen)}/{len(chosen)}" if chosen else "")
        lines.append(f"| {kind} | {family} | " + " | ".join(cells) + " |")
    for kind in KINDS:
        if not any(r["kind"] == kind for r in rows):
            continue
        cells = []
        for split in splits:
            chosen = [r for r in rows if r["kind"] == kind and r["split"] == split]
            cells.append(f"**{sum(r['right'] for r in chosen)}/{len(chosen)} ({sum(r['right'] for r in chosen) / max(len(chosen), 1):.0%})**" if chosen else "")
        lines.append(f"| **{kind}** | all | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def summary(rows: list[dict]) -> str:
    parts = []
    for split in SPLITS:
        chosen = [r for r in rows if r["split"] == split]
        if not chosen:
            continue
        content = [r for r in chosen if r["kind"] == "content"]
        files = [r for r in chosen if r["kind"] == "files"]
        neighbour = sum(r["neighbour"] for r in content)
        seconds = lambda rs: statistics.median(r["seconds"] for r in rs) if rs else 0.0
        calls = lambda rs: statistics.median(r["calls"] for r in rs) if rs else 0.0
        parts.append(
            f"{split}: files {sum(r['right'] for r in files)}/{len(files)}, content {sum(r['right'] for r in content)}/{len(content)}; "
            f"content answers with a neighbouring figure {neighbour}/{len(content)}; median seconds files {seconds(files):.1f}, content {seconds(content):.1f}; "
            f"median model calls files {calls(files):.0f}, content {calls(content):.0f}"
        )
    return "\n".join(parts)


def ablate(rows: list[dict], questions: list[Question], corpora, most: int | None = None, only: set[str] | None = None) -> list[tuple[str, dict]]:
    """What each policy (or each of `only`) is worth: the questions where it fired, answered again with it
    switched off (at most `most` of them per policy and split, spread over the families)."""
    fired: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        for name in dict.fromkeys(r["policies"]):
            fired[name].append(r)
    by_id = {q.id + q.split + q.question: q for q in questions}
    base = {r["id"] + r["split"] + r["question"]: r for r in rows}
    results = []
    from filesage.policies import NAMES

    for name in NAMES:
        if only and name not in only:
            continue
        chosen = [by_id[r["id"] + r["split"] + r["question"]] for r in spread(fired.get(name, []), most)]
        # Per split: questions where it fired, right with it, right without it, and their seconds with and without.
        delta = {split: [0, 0, 0, [], []] for split in SPLITS}
        if chosen:
            print(f"\nablation: {name} off, {len(chosen)} questions", flush=True)
            again, _ = run(chosen, corpora, policies_off=name, quiet=True)
            for r in again:
                before = base[r["id"] + r["split"] + r["question"]]
                delta[r["split"]][0] += 1
                delta[r["split"]][1] += before["right"]
                delta[r["split"]][2] += r["right"]
                delta[r["split"]][3].append(before["seconds"])
                delta[r["split"]][4].append(r["seconds"])
        results.append((name, delta))
    return results


def spread(rows: list[dict], most: int | None) -> list[dict]:
    """At most `most` rows per split, taken round-robin over the families so no family crowds out the rest."""
    if most is None:
        return rows
    kept = []
    for split in SPLITS:
        by_family: dict[str, list[dict]] = defaultdict(list)
        for r in rows:
            if r["split"] == split:
                by_family[r["family"]].append(r)
        queues = list(by_family.values())
        chosen: list[dict] = []
        while len(chosen) < most and any(queues):
            for queue in queues:
                if queue and len(chosen) < most:
                    chosen.append(queue.pop(0))
        kept += chosen
    return kept


def gate_rates(rows: list[dict]) -> str:
    """How often the answer checks rejected a right draft, and let a wrong one stand: each draft the model
    wrote is checked against the question's truth like an answer."""
    from bench.gen.checks import check as check_answer

    parts = []
    for split in SPLITS:
        judged = [(r, d) for r in rows if r["split"] == split for d in r.get("drafts", []) if r["kind"] != "files"]
        if not judged:
            continue
        rejected = [(r, d) for r, d in judged if d["verdict"] != "accepted"]
        accepted = [(r, d) for r, d in judged if d["verdict"] == "accepted"]
        right = lambda r, d: check_answer(r["truth"], d["text"], r["sources"], [])[0]
        false_reject = sum(right(r, d) for r, d in rejected)
        false_accept = sum(not right(r, d) for r, d in accepted)
        parts.append(f"{split}: {len(judged)} drafts; rejected {len(rejected)}, of them right {false_reject} "
                     f"(false rejects {false_reject / max(len(rejected), 1):.0%}); accepted {len(accepted)}, of them wrong {false_accept} "
                     f"(false accepts {false_accept / max(len(accepted), 1):.0%})")
    return "\n".join(parts)


def ablation_table(results: list[tuple[str, dict]]) -> str:
    lines = ["| policy | dev: fired, right with, right without | test: fired, right with, right without | net on dev | net on test "
             "| median s with / without (dev, test) |", "|---|---|---|---|---|---|"]
    seconds = lambda d: f"{statistics.median(d[3]):.1f} / {statistics.median(d[4]):.1f}" if d[3] else "-"
    for name, delta in results:
        dev, test = delta["dev"], delta["test"]
        lines.append(f"| {name} | {dev[0]}, {dev[1]}, {dev[2]} | {test[0]}, {test[1]}, {test[2]} | {dev[1] - dev[2]:+d} | {test[1] - test[2]:+d} "
                     f"| {seconds(dev)}, {seconds(test)} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", choices=["dev", "test", "both"], default="dev")
    parser.add_argument("--family", action="append", help="only these families (repeatable)")
    parser.add_argument("--kind", choices=KINDS)
    parser.add_argument("--per-family", type=int, help="at most this many questions per family and split")
    parser.add_argument("--policies-off", default="")
    parser.add_argument("--ablate", action="store_true")
    parser.add_argument("--ablate-from", help="ablate on the answers of an earlier --out file instead of answering first")
    parser.add_argument("--ablate-max", type=int, help="at most this many questions per policy and split in the ablation")
    parser.add_argument("--ablate-only", default="", help="ablate only these policies (comma-separated)")
    parser.add_argument("--again-where", metavar="POLICY",
                        help="with --ablate-from: answer again, with the code as it is now, the questions where POLICY fired, and compare")
    parser.add_argument("--record", action="store_true", help="append the tables to bench/results.md")
    parser.add_argument("--workdir", help="keep the folders and indexes here between runs")
    parser.add_argument("--out", help="write every answer as JSON lines here")
    parser.add_argument("--phrasings", type=Path, default=PHRASINGS,
                        help="a folder of phrasing files (another writer's, say) instead of bench/gen/phrasings")
    parser.add_argument("--pipeline", default="filesage", help="filesage, or plain-K: the top K passages into one answer call (content questions)")
    options = parser.parse_args()
    commit = commit_at_start()

    workdir = Path(options.workdir) if options.workdir else Path(tempfile.mkdtemp(prefix="filesage-gen-"))
    corpora = prepare(workdir)
    splits = SPLITS if options.split == "both" else (options.split,)
    questions = [q for split in splits for q in generate(corpora, split, phrasings_in=options.phrasings)]
    if options.family:
        questions = [q for q in questions if q.family in options.family]
    if options.kind:
        questions = [q for q in questions if q.kind == options.kind]
    if options.per_family:
        kept, seen = [], defaultdict(int)
        for q in questions:
            seen[(q.family, q.split)] += 1
            if seen[(q.family, q.split)] <= options.per_family:
                kept.append(q)
        questions = kept
    print(f"{len(questions)} questions ({', '.join(splits)}) over {', '.join(corpora)} in {workdir}", flush=True)
    started = time.perf_counter()
    if options.ablate_from:
        rows = [json.loads(line) for line in open(options.ablate_from)]
        asked = {q.id + q.split + q.question for q in questions}
        rows = [r for r in rows if r["id"] + r["split"] + r["question"] in asked]
    if options.again_where:
        # A changed policy measured where it acts: the same questions, the earlier answers beside the new.
        before = {r["id"] + r["split"] + r["question"]: r for r in rows if options.again_where in r["policies"]}
        questions = [q for q in questions if q.id + q.split + q.question in before]
        rows, _ = run(questions, corpora, options.policies_off, pipeline=options.pipeline)
        for split in SPLITS:
            now = [r for r in rows if r["split"] == split]
            if now:
                earlier = sum(before[r["id"] + r["split"] + r["question"]]["right"] for r in now)
                print(f"{split}: {len(now)} questions where {options.again_where} fired; right before {earlier}, now {sum(r['right'] for r in now)}")
    elif not options.ablate_from:
        rows, _ = run(questions, corpora, options.policies_off, pipeline=options.pipeline)
    elapsed = time.perf_counter() - started
    if options.out:
        with open(options.out, "w") as handle:
            for r in rows:
                handle.write(json.dumps(r, ensure_ascii=False) + "\n")
    report = table(rows) + "\n\n" + summary(rows) + "\n\nAnswer checks on the model's drafts (content, aggregation, multi-step, follow-up):\n" + gate_rates(rows)
    ablation = ""
    if options.ablate or (options.ablate_from and not options.again_where):
        ablation = ablation_table(ablate(rows, questions, corpora, options.ablate_max, set(filter(None, options.ablate_only.split(",")))))
    print("\n" + report + ("\n\n" + ablation if ablation else "") + f"\n\n{len(rows)} questions in {elapsed / 60:.1f} min")
    if options.record:
        off = f", policies off: {options.policies_off}" if options.policies_off else ""
        off += f", pipeline {options.pipeline}" if options.pipeline != "filesage" else ""
        off += f", phrasings {options.phrasings}" if options.phrasings != PHRASINGS else ""
        with RESULTS.open("a") as handle:
            handle.write(f"\n## Generalisation benchmark, {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, commit {commit}{off}\n\n{report}\n"
                         + (f"\nEach policy switched off, on the questions where it fired:\n\n{ablation}\n" if ablation else ""))


if __name__ == "__main__":
    main()
