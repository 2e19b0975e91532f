"""Index time against folder size: folders of 100, 1,000 and 5,000 files of mixed real documents (installed
documentation: READMEs, changelogs, licences, manuals, HTML, PDFs, scripts, and the binaries beside them), each
indexed from nothing by `filesage index` in a process of its own. Prints files, chunks, seconds, chunks per
second and the process's peak memory.

    .venv/bin/python bench/index_scale.py [--sizes 100 1000 5000] [--sources DIR ...] [--workdir DIR]
    .venv/bin/python bench/index_scale.py --folder DIR --code OLD_CHECKOUT . --repeats 2   # an A/B

Files are taken in a fixed order from the sources (by default /usr/share/doc and the installed packages'
documentation in .venv), so each size is a superset of the smaller ones and a rerun picks the same files.
With --code, each checkout indexes the same folder from nothing in turn (alternating, so a noisy neighbour
weighs on both), and the medians and their ratio to the first checkout's are printed.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SKIP_SUFFIXES = {".pyc", ".so", ".o", ".a"}
MAX_BYTES = 2 * 1024 * 1024


def source_files(sources: list[Path]) -> list[Path]:
    found = []
    for source in sources:
        for path in sorted(source.rglob("*")):
            if path.is_file() and not path.is_symlink() and path.suffix not in SKIP_SUFFIXES and path.stat().st_size <= MAX_BYTES:
                found.append(path)
    return found


def build(folder: Path, files: list[Path], sources: list[Path]) -> None:
    shutil.rmtree(folder, ignore_errors=True)
    for path in files:
        source = next(s for s in sources if path.is_relative_to(s))
        target = folder / source.name / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)


def index(folder: Path, cache: Path, code: Path = REPO) -> tuple[float, float, str]:
    """Seconds, peak RSS in MB, and the summary line of `filesage index` from nothing, run by the filesage of
    the checkout `code`."""
    shutil.rmtree(cache, ignore_errors=True)
    cache.mkdir(parents=True)
    env = {**os.environ, "FILESAGE_CACHE_DIR": str(cache), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
           "PYTHONPATH": str(code.resolve())}
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "filesage", "index", str(folder)], capture_output=True, text=True, env=env, cwd=cache.parent)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"filesage index failed: {done.stderr.strip().splitlines()[-1:]}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return seconds, peak, done.stdout.strip().splitlines()[-1]


def compare(folder: Path, codes: list[Path], repeats: int, workdir: Path) -> None:
    """The checkouts index the folder in turn, `repeats` rounds; medians and ratios to the first."""
    seconds: dict[Path, list[float]] = {code: [] for code in codes}
    for round_ in range(repeats):
        for code in codes:
            took, _, summary = index(folder, workdir / "cache-ab", code)
            seconds[code].append(took)
            print(f"round {round_ + 1}, {code}: {took:.1f} s  ({summary})", flush=True)
    first = statistics.median(seconds[codes[0]])
    for code in codes:
        median = statistics.median(seconds[code])
        print(f"{code}: median {median:.1f} s of {len(seconds[code])}, {first / median:.2f}x the speed of {codes[0]}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 5000])
    parser.add_argument("--sources", type=Path, nargs="+", default=[Path("/usr/share/doc"), REPO / ".venv" / "lib"])
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "filesage-index-scale")
    parser.add_argument("--folder", type=Path, help="an A/B on this folder instead of the sizes")
    parser.add_argument("--code", type=Path, nargs="+", default=[REPO], help="checkouts to compare, the first the reference")
    parser.add_argument("--repeats", type=int, default=1)
    options = parser.parse_args()
    options.workdir.mkdir(parents=True, exist_ok=True)
    if options.folder:
        compare(options.folder, options.code, options.repeats, options.workdir)
        return
    files = source_files(options.sources)
    print(f"{len(files)} candidate files in {', '.join(map(str, options.sources))}")
    for size in sorted(options.sizes):
        # Spread over the sources' order, so each size mixes every kind of documentation.
        chosen = files[:: max(1, len(files) // size)][:size]
        folder = options.workdir / f"folder-{size}"
        build(folder, chosen, options.sources)
        megabytes = sum(p.stat().st_size for p in chosen) / 1024 / 1024
        seconds, peak, summary = index(folder, options.workdir / f"cache-{size}")
        chunks = int(summary.split(" chunks")[0].rsplit(" ", 1)[-1].replace(",", "")) if " chunks" in summary else 0
        print(f"{size:>6} files, {megabytes:6.1f} MB: {seconds:7.1f} s, {chunks} chunks, {chunks / seconds:5.1f} chunks/s, "
              f"peak RSS of all runs so far {peak:.0f} MB\n        {summary}", flush=True)


if __name__ == "__main__":
    main()
