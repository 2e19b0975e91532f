"""The build flags derived from the CPU, and the probe that proves the model decodes before a question."""

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from conftest import REPO, joined_model_env, run_cli
from filesage.llm.probe import Verdict, checked_verdict, probe, save_verdict, saved_verdict, verdict_key

FIXTURES = Path(__file__).parent / "fixtures"
CRASHING_CHILD = [sys.executable, str(FIXTURES / "crashing_probe.py")]


def build_args():
    spec = importlib.util.spec_from_file_location("llama_build_args", REPO / "scripts" / "llama_build_args.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def options(cpuinfo_file: str, machine: str = "x86_64") -> dict[str, str]:
    args = build_args().cmake_args((FIXTURES / "cpuinfo" / cpuinfo_file).read_text(), machine)
    return dict(arg[2:].split("=", 1) for arg in args)


def test_amd_epyc_keeps_its_avx512_and_gets_no_amx():
    got = options("amd-epyc.txt")
    assert got["GGML_NATIVE"] == "OFF"
    assert {got[o] for o in ("GGML_AVX2", "GGML_FMA", "GGML_F16C", "GGML_AVX512", "GGML_AVX512_VNNI", "GGML_AVX512_BF16")} == {"ON"}
    assert got["GGML_AVX_VNNI"] == "OFF"  # not in its flags
    assert {got[o] for o in ("GGML_AMX_TILE", "GGML_AMX_INT8", "GGML_AMX_BF16")} == {"OFF"}


def test_an_intel_xeon_that_advertises_amx_is_built_without_it():
    got = options("intel-xeon-amx-vm.txt")
    assert {got[o] for o in ("GGML_AMX_TILE", "GGML_AMX_INT8", "GGML_AMX_BF16")} == {"OFF"}
    assert got["GGML_AVX512"] == got["GGML_AVX_VNNI"] == got["GGML_AVX512_BF16"] == "ON"


def test_a_cpu_without_avx512_gets_no_avx512_code():
    got = options("intel-core-no-avx512.txt")
    assert got["GGML_AVX2"] == got["GGML_FMA"] == "ON"
    assert {got[o] for o in ("GGML_AVX512", "GGML_AVX512_VBMI", "GGML_AVX512_VNNI", "GGML_AVX512_BF16")} == {"OFF"}


def test_other_machines_keep_llama_cpps_native_detection():
    module = build_args()
    arm = module.cmake_args((FIXTURES / "cpuinfo" / "amd-epyc.txt").read_text(), "aarch64")
    assert not any("GGML_NATIVE" in arg for arg in arm)
    assert not any("GGML_NATIVE" in arg for arg in module.cmake_args("", "x86_64"))  # no /proc/cpuinfo to read


@pytest.fixture
def fake_model(tmp_path) -> Path:
    model = tmp_path / "model.gguf"
    model.write_bytes(b"GGUF" + b"\0" * 64)
    return model


def test_a_child_that_dies_of_a_signal_is_a_crash_and_the_model_loads_without_extra_buffers(fake_model):
    verdict = probe(fake_model, 1, child=CRASHING_CHILD)
    assert verdict.runs and not verdict.extra_buffers
    assert verdict.tokens_per_second == 7.5
    assert "SIGSEGV" in verdict.problem and "crashed" in verdict.problem and "install.sh" in verdict.problem
    assert "\n" not in verdict.problem
    assert "without llama.cpp's extra buffer types" in verdict.describe()


def test_a_child_that_crashes_either_way_leaves_a_verdict_that_the_model_does_not_run(fake_model, monkeypatch):
    monkeypatch.setenv("CRASH_ALWAYS", "1")
    verdict = probe(fake_model, 1, child=CRASHING_CHILD)
    assert not verdict.runs
    assert "SIGSEGV" in verdict.problem


def test_a_kept_verdict_is_used_until_the_model_changes(fake_model, tmp_path):
    kept = Verdict(verdict_key(fake_model), True, False, 9.0, "it crashed", 1.0)
    save_verdict(tmp_path, kept)
    assert checked_verdict(fake_model, 1, tmp_path) == kept  # no child runs: the fake model would fail
    fake_model.write_bytes(b"GGUF" + b"\1" * 80)
    assert saved_verdict(tmp_path, verdict_key(fake_model)) is None


def test_ask_on_a_machine_where_the_model_crashes_says_why_in_one_line(tmp_path):
    env = {"FILESAGE_CACHE_DIR": str(tmp_path / "cache"), **joined_model_env()}
    model = Path(env["FILESAGE_MODEL"])
    problem = "llama.cpp crashed (SIGSEGV) in its first decode on this CPU (Test CPU): rebuild with: bash scripts/install.sh"
    save_verdict(tmp_path / "cache", Verdict(verdict_key(model), False, False, 0.0, problem, 1.0))
    (tmp_path / "docs").mkdir()
    done = run_cli("ask", "how many files?", "--root", str(tmp_path / "docs"), env=env)
    assert done.returncode == 3
    assert done.stderr.strip() == f"error: {problem}"


@pytest.mark.model
def test_doctor_decodes_in_a_child_and_reports_the_rate(tmp_path):
    env = {"FILESAGE_CACHE_DIR": str(tmp_path / "cache")}
    done = run_cli("doctor", env=env)
    assert done.returncode == 0, done.stderr
    decode = next(line for line in done.stdout.splitlines() if line.strip().startswith("decode"))
    rate = float(decode.split()[1])
    assert rate > 0.5
    verdict = saved_verdict(tmp_path / "cache")
    assert verdict.runs and verdict.extra_buffers and verdict.tokens_per_second == pytest.approx(rate, abs=0.06)
    status = run_cli("status", str(tmp_path), "--json", env=env)
    assert json.loads(status.stdout)["model"]["tokens_per_second"] == verdict.tokens_per_second
    assert "Model: decodes at" in run_cli("status", str(tmp_path), env=env).stdout


@pytest.mark.model
def test_the_model_decodes_without_the_extra_buffer_types():
    model = Path(joined_model_env()["FILESAGE_MODEL"])
    from filesage.llm.probe import run_child

    run = run_child(model, 2, extra_buffers=False)
    assert not run.failure and run.tokens_per_second > 0.5


def test_a_child_that_fails_without_crashing_is_tried_again_next_time(fake_model, tmp_path):
    import filesage.llm.probe as probe_module

    verdict = probe(fake_model, 1, child=[sys.executable, "-c", "print('no report')"])
    assert not verdict.runs and "crashed" not in verdict.problem
    real_probe = probe_module.probe
    try:
        probe_module.probe = lambda model, threads: verdict
        assert checked_verdict(fake_model, 1, tmp_path) == verdict
    finally:
        probe_module.probe = real_probe
    assert saved_verdict(tmp_path, verdict_key(fake_model)) is None
