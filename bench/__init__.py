"""Benchmarks; what they measure is said in each module's docstring."""

import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def commit_at_start() -> str:
    """The commit a run's answers come from, taken when it starts (commits made while it runs are not in
    them), and whether the tree had changes beside it (bench/results.md, which runs append to, aside)."""
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=REPO).stdout.strip()
    changed = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".", ":!bench/results.md"],
                             capture_output=True, text=True, cwd=REPO).stdout.strip()
    return commit + (" with uncommitted changes" if changed else "")
