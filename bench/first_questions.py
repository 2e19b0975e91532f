"""The first questions on a folder never indexed, each a cold `filesage ask --json` as a user runs it: a question
about the files themselves (it must not wait for the index: timed beside the same question on the folder once
indexed) and a question about what the files say (it must answer within 30 s, saying how much of the folder it
covered). The folder is copied to a new place each run, so no index of it exists.

    .venv/bin/python bench/first_questions.py FOLDER [--files-question Q] [--content-question Q] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FILESAGE = str(Path(sys.executable).parent / "filesage")


def ask(question: str, root: Path, cache: Path) -> tuple[float, dict]:
    env = {**os.environ, "FILESAGE_CACHE_DIR": str(cache), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    started = time.perf_counter()
    done = subprocess.run([FILESAGE, "ask", question, "--root", str(root), "--json"], capture_output=True, text=True, env=env, cwd=root)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"filesage ask failed: {done.stderr.strip()[-500:]}")
    return seconds, json.loads(done.stdout)


def wait_for_background_indexing(root: Path, cache: Path, limit: float = 1800.0) -> None:
    """Until `filesage status` says the index is complete and nothing is indexing it, saying how far it got every
    half minute. A background indexer that stopped without finishing is finished by `filesage index`, which says
    so, instead of a wait without end."""
    env = {**os.environ, "FILESAGE_CACHE_DIR": str(cache)}
    started = shown = time.perf_counter()
    while time.perf_counter() - started < limit:
        report = json.loads(subprocess.run([FILESAGE, "status", str(root), "--json"], capture_output=True, text=True, env=env).stdout)
        if report.get("indexed") and not report["indexing"] and not report["unembedded"] and not report["changes"]["new"]:
            return
        if not report.get("indexing") and time.perf_counter() - started > 15:
            # The background indexer takes its lock a few seconds after the question that started it ends.
            print("        the background indexer is not running and the index is not complete: running filesage index", flush=True)
            subprocess.run([FILESAGE, "index", str(root)], env=env, check=True, capture_output=True)
            continue
        if time.perf_counter() - shown > 30:
            shown = time.perf_counter()
            print(f"        indexing in the background: {report.get('files', 0)} files, {report.get('chunks', 0)} chunks so far", flush=True)
        time.sleep(2)
    raise SystemExit(f"the folder was not indexed within {limit:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", type=Path)
    parser.add_argument("--files-question", default="which three files are the largest?")
    parser.add_argument("--content-question", default="what licence is this project released under?")
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    model_cache = Path(os.environ.get("FILESAGE_CACHE_DIR", Path.home() / ".cache" / "filesage"))
    cold_files, warm_files, content = [], [], []
    for run in range(options.runs):
        with tempfile.TemporaryDirectory() as tmp:
            tmp = Path(tmp)
            root = tmp / f"folder-{run}"
            shutil.copytree(options.folder, root, symlinks=True)
            cache = tmp / "cache"
            cache.mkdir()
            if (model_cache / "model-check.json").exists():
                shutil.copy(model_cache / "model-check.json", cache)
            # The joined model file and the system prompt's saved KV cache are the machine's, the same for every folder:
            # linked, not joined or computed again (a first question ever on this machine pays for them once, not a
            # first question on a new folder).
            for shared in ("models", "prompt-cache"):
                if (model_cache / shared).is_dir():
                    (cache / shared).symlink_to(model_cache / shared, target_is_directory=True)
            cold_files.append(ask(options.files_question, root, cache)[0])
            seconds, record = ask(options.content_question, root, cache)
            content.append(seconds)
            print(f"run {run + 1}: files question cold {cold_files[-1]:.1f} s; content question {seconds:.1f} s: {record['answer'][-220:]!r}", flush=True)
            wait_for_background_indexing(root, cache)
            warm_files.append(ask(options.files_question, root, cache)[0])
            print(f"        files question on the indexed folder {warm_files[-1]:.1f} s", flush=True)
    median = statistics.median
    print(f"files question: {median(cold_files):.1f} s on a folder never indexed, {median(warm_files):.1f} s indexed "
          f"({median(cold_files) / median(warm_files):.2f}x); content question on a new folder: median {median(content):.1f} s, "
          f"worst {max(content):.1f} s")


if __name__ == "__main__":
    main()
