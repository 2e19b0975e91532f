"""Proof that llama.cpp decodes on this CPU, run in a child process: a build whose kernels fault (AMX inside
some VMs) kills the child instead of filesage, and the verdict says how the model can be loaded instead.

    python -m filesage.llm.probe MODEL [--threads N] [--no-extra-buffers]    # the child: prints one JSON line
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

PROMPT = "Count from one to twenty in words: one, two,"


TOKENS = 16


TIMEOUT = 180.0


@dataclass(frozen=True)
class Run:
    """One child's decode: its rate, or why it failed ('' when it worked)."""

    tokens_per_second: float = 0.0
    failure: str = ""
    crashed: bool = False  # killed by a signal, not a Python error


@dataclass(frozen=True)
class Verdict:
    """How the model runs on this machine: with llama.cpp's extra buffer types (repacked weights, AMX) or
    without them, at what rate, and what went wrong with the first way when it did."""

    key: str
    runs: bool
    extra_buffers: bool
    tokens_per_second: float
    problem: str = ""  # the diagnosis of the default way's failure; '' when it worked
    checked: float = 0.0  # when the probe ran (epoch seconds)

    def describe(self) -> str:
        if not self.runs:
            return self.problem
        rate = f"decodes at {self.tokens_per_second:.1f} tokens/s"
        if self.extra_buffers:
            return rate
        return f"{rate} without llama.cpp's extra buffer types, because {self.problem}"


@contextmanager
def loading_options(extra_buffers: bool):
    """llama-cpp-python's Llama() has no switch for llama.cpp's extra buffer types (repacked weights, AMX
    kernels), so its default model parameters are changed for the duration of a load."""
    if extra_buffers:
        yield
        return
    import llama_cpp.llama_cpp as api

    default = api.llama_model_default_params

    def without_extra_buffers():
        params = default()
        params.use_extra_bufts = False
        return params

    api.llama_model_default_params = without_extra_buffers
    try:
        yield
    finally:
        api.llama_model_default_params = default


def cpu_description() -> tuple[str, set[str]]:
    """The CPU's model name and feature flags, from /proc/cpuinfo where there is one."""
    try:
        text = Path("/proc/cpuinfo").read_text(errors="replace")
    except OSError:
        return "", set()
    name, flags = "", set()
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "model name" and not name:
            name = value.strip()
        elif key.strip() == "flags" and not flags:
            flags = set(value.split())
    return name, flags


def library_system_info() -> str:
    import llama_cpp

    return llama_cpp.llama_print_system_info().decode(errors="replace")


def verdict_key(model: Path) -> str:
    """What a verdict depends on: the llama.cpp library as installed, the model file, and the CPU."""
    import llama_cpp

    library = Path(llama_cpp.__file__).parent / "lib"
    parts = [llama_cpp.__version__, library_system_info()]
    for path in sorted(library.glob("*.so*")) + [model]:
        try:
            info = path.stat()
        except OSError:
            continue
        parts.append(f"{path.resolve()}:{info.st_size}:{info.st_mtime_ns}")
    name, flags = cpu_description()
    parts += [name, " ".join(sorted(flags))]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:24]


def run_child(model: Path, threads: int, extra_buffers: bool, child: list[str] | None = None, timeout: float = TIMEOUT) -> Run:
    """One decode in a child process; a child that dies of a signal is a crash, reported with its name."""
    command = (child or [sys.executable, "-m", "filesage.llm.probe"]) + [str(model), "--threads", str(threads)]
    if not extra_buffers:
        command.append("--no-extra-buffers")
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return Run(failure=f"the test decode took longer than {timeout:g} s")
    if done.returncode < 0:
        try:
            name = signal.Signals(-done.returncode).name
        except ValueError:
            name = f"signal {-done.returncode}"
        return Run(failure=name, crashed=True)
    lines = done.stdout.strip().splitlines()
    try:
        report = json.loads(lines[-1]) if lines else {}
    except ValueError:
        report = {}
    if done.returncode != 0 or "tokens_per_second" not in report:
        said = report.get("error") or (done.stderr.strip().splitlines() or [f"exit code {done.returncode}"])[-1]
        return Run(failure=said)
    return Run(float(report["tokens_per_second"]))


def diagnosis(crash: str, system_info: str, cpu: tuple[str, set[str]]) -> str:
    """One line: which part of llama.cpp crashed, why, and what fixes it."""
    name, flags = cpu
    on = f" on this CPU ({name})" if name else " on this CPU"
    if "AMX_INT8 = 1" in system_info or ({"amx_tile", "amx_int8"} & flags and "AMX" in system_info):
        return (f"llama.cpp crashed ({crash}) in its first decode{on}: its AMX kernels, compiled by a native build, fault "
                "on this CPU, as inside many VMs (llama.cpp issue 20824); rebuild without them with: bash scripts/install.sh")
    return (f"llama.cpp crashed ({crash}) in its first decode{on}: the build does not run on this CPU; rebuild it here with: "
            "rm -f .venv/llama-cpp-build-args && bash scripts/install.sh")


def probe(model: Path, threads: int, child: list[str] | None = None) -> Verdict:
    """Decode with the extra buffer types; after a crash, without them."""
    key, now = verdict_key(model), time.time()
    first = run_child(model, threads, True, child)
    if not first.failure:
        return Verdict(key, True, True, first.tokens_per_second, checked=now)
    problem = diagnosis(first.failure, library_system_info(), cpu_description()) if first.crashed else f"the test decode failed: {first.failure}"
    second = run_child(model, threads, False, child)
    if second.failure:
        return Verdict(key, False, False, 0.0, problem, now)
    return Verdict(key, True, False, second.tokens_per_second, problem, now)


def verdict_file(cache: Path) -> Path:
    return cache / "model-check.json"


def saved_verdict(cache: Path, key: str | None = None) -> Verdict | None:
    """The verdict kept from an earlier probe of the same library, model and CPU (of the last probe, when
    no key is given)."""
    try:
        verdict = Verdict(**json.loads(verdict_file(cache).read_text()))
    except (OSError, ValueError, TypeError):
        return None
    return verdict if key is None or verdict.key == key else None


def save_verdict(cache: Path, verdict: Verdict) -> None:
    path = verdict_file(cache)
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(json.dumps(asdict(verdict)))
        os.replace(temporary, path)
    except OSError:
        temporary.unlink(missing_ok=True)  # an unwritable cache costs the next process another probe


def checked_verdict(model: Path, threads: int, cache: Path) -> Verdict:
    """The verdict for this library, model and CPU: kept from before, or probed now (once after an install,
    or after llama-cpp-python or the model changes)."""
    key = verdict_key(model)
    verdict = saved_verdict(cache, key)
    if verdict is None:
        verdict = probe(model, threads)
        # A crash is this build's on this CPU and stays so; a child that failed otherwise (a timeout on a busy
        # machine, a broken install being fixed) is tried again next time.
        if verdict.runs or "crashed" in verdict.problem:
            save_verdict(cache, verdict)
    return verdict


def decode_once(model: Path, threads: int, extra_buffers: bool) -> dict:
    """The child's work: load the model, read a short prompt, generate a few tokens; the rate is that of the
    tokens after the first (the first one waits for the prompt)."""
    from llama_cpp import Llama

    from ..native import quiet_native_code

    with quiet_native_code(), loading_options(extra_buffers):
        llama = Llama(model_path=str(model), n_ctx=256, n_threads=threads, n_threads_batch=threads, verbose=False)
    first = None
    generated = 0
    for _ in llama.generate(llama.tokenize(PROMPT.encode(), add_bos=True), temp=0.0):
        generated += 1
        if first is None:
            first = time.perf_counter()
        if generated >= TOKENS:
            break
    seconds = time.perf_counter() - first
    return {"tokens": generated, "seconds": round(seconds, 3), "tokens_per_second": round((generated - 1) / max(seconds, 1e-6), 2)}


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m filesage.llm.probe")
    parser.add_argument("model")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--no-extra-buffers", action="store_true")
    options = parser.parse_args()
    try:
        report = decode_once(Path(options.model), options.threads, not options.no_extra_buffers)
    except Exception as exc:  # noqa: BLE001 - any failure of the child is its report, not a traceback
        print(json.dumps({"error": f"{type(exc).__name__}: {exc}"}))
        sys.exit(1)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
