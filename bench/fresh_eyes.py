"""Runs a fresh-eyes set: a folder and questions someone who never read filesage's code wrote, with truths
worked out before filesage ran (issue 26's protocol). Each question is a cold `filesage ask --json` process,
as a user or a script runs it; a follow-up conversation sends its earlier turns and answers as --history.

    .venv/bin/python bench/fresh_eyes.py SET_DIR --out answers.jsonl [--only ID ...] [--filesage CMD]

SET_DIR holds folder/ and questions.jsonl ({"id", "kind", "question" | "turns", ...}; a turn is its question or {"question", ...}). The answers are graded
afterwards against each question's "accept" by someone who did not write the code; this script only asks.
--filesage runs another build (e.g. "env PYTHONPATH=/work/baseline .venv/bin/python -m filesage").
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FILESAGE = str(Path(sys.executable).parent / "filesage")
TIMEOUT = 900


def ask(command: list[str], question: str, root: Path, history: list[dict], env: dict) -> dict:
    args = [*command, "ask", question, "--root", str(root), "--json"]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(history, handle)
    if history:
        args += ["--history", handle.name]
    started = time.perf_counter()
    try:
        # From the folder asked about, so that `python -m filesage` takes the code on PYTHONPATH, not this checkout's.
        done = subprocess.run(args, capture_output=True, text=True, env=env, timeout=TIMEOUT, cwd=root)
    except subprocess.TimeoutExpired:
        done = subprocess.CompletedProcess(args, -9, "", f"no answer within {TIMEOUT} s")
    os.unlink(handle.name)
    seconds = round(time.perf_counter() - started, 1)
    try:
        answer = json.loads(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        answer = {"answer": "", "error": (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]}
    return {"question": question, "answer": answer.get("answer", ""), "error": answer.get("error", ""), "exit": done.returncode,
            "sources": [s.get("path") for s in answer.get("sources", [])], "steps": [[s.get("tool"), s.get("args")] for s in answer.get("steps", [])],
            "policies": answer.get("policies", []), "seconds": seconds}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("set", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--only", nargs="*", default=[])
    parser.add_argument("--filesage", default=FILESAGE, help="the command that runs filesage")
    options = parser.parse_args()
    command = shlex.split(options.filesage)
    root = options.set / "folder"
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    questions = [json.loads(line) for line in (options.set / "questions.jsonl").read_text().splitlines() if line.strip()]
    if options.only:
        questions = [q for q in questions if q["id"] in options.only]
    # A run that stopped part way goes on where it stopped.
    done = {json.loads(line)["id"] for line in options.out.read_text().splitlines() if line.strip()} if options.out.exists() else set()
    questions = [q for q in questions if q["id"] not in done]
    with options.out.open("a") as out:
        for question in questions:
            # A conversation is its turns, the first of them at the top beside the later ones in some sets (and in
            # others at the top as well as among the turns, where it is asked once).
            turns = question.get("turns", [])
            first = turns[0]["question"] if turns and isinstance(turns[0], dict) else turns[0] if turns else None
            if "question" in question and question["question"] != first:
                turns = [question["question"], *turns]
            history: list[dict] = []
            answers = []
            for turn in turns:
                turn = turn["question"] if isinstance(turn, dict) else turn  # a turn may carry its own truth
                answer = ask(command, turn, root, history, env)
                answers.append(answer)
                # As a pipeline passes back what `ask --json` printed: the answer with its sources.
                history += [{"role": "user", "content": turn},
                            {"role": "assistant", "content": answer["answer"], "sources": [{"path": path} for path in answer["sources"] if path]}]
            record = {"id": question["id"], "kind": question["kind"], "answers": answers}
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
            out.flush()
            print(f"{question['id']}: {answers[-1]['seconds']} s  {answers[-1]['answer'][:100]!r}", flush=True)


if __name__ == "__main__":
    main()
