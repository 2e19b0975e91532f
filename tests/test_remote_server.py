"""`filesage ask --llm-url` against a real OpenAI-compatible server: llama-cpp-python's own, serving the
embedded model on loopback, one server for several filesage processes at once."""

import json
import os
import socket
import subprocess
import sys
import time

import httpx
import pytest

from filesage.llm.cores import physical_cores
from filesage.llm.weights import resolve_model
from tests.conftest import FILESAGE, run_cli, write

pytestmark = pytest.mark.model

ALIAS = "served-qwen"


@pytest.fixture(scope="module")
def llama_server(tmp_path_factory):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = (tmp_path_factory.mktemp("llama-server") / "server.log").open("w")
    # --interrupt_requests False: by default this server cuts a streaming answer short when another request arrives.
    process = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(resolve_model(None).path), "--model_alias", ALIAS,
         "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "8192", "--n_threads", str(physical_cores()),
         "--interrupt_requests", "False", "--verbose", "False"],
        stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180
        while True:
            assert process.poll() is None, f"llama_cpp.server exited with {process.returncode}; see {log.name}"
            assert time.monotonic() < deadline, "llama_cpp.server did not start within 180 s"
            try:
                if httpx.get(f"{url}/v1/models", timeout=2, trust_env=False).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    root = tmp_path_factory.mktemp("remote") / "docs"
    write(root / "notes/migration.md", "# Database migration\n\nThe migration to PostgreSQL 16 is owned by Priya Raman.\nThe cut-over is planned for 14 March 2026.\n", days_ago=3)
    write(root / "notes/todo.txt", "- renew passport\n- book dentist\n", days_ago=2)
    write(root / "finance/invoice_001.pdf", b"%PDF-1.4" + b"a" * 1800, days_ago=90)
    write(root / "finance/invoice_002.pdf", b"%PDF-1.4" + b"b" * 1500, days_ago=60)
    write(root / "report.pdf", b"%PDF-1.4" + b"r" * 12000, days_ago=400)
    write(root / "code/main.py", "print('hi')\n", days_ago=5)
    return root


def env_for(tmp_path) -> dict:
    return {"FILESAGE_CACHE_DIR": str(tmp_path / "cache"), "FILESAGE_MODEL": "", "FILESAGE_CONFIG": str(tmp_path / "none.toml")}


def ask(question, root, url, tmp_path) -> dict:
    result = run_cli("ask", question, "--root", str(root), "--json", "--llm-url", url, "--model", ALIAS, env=env_for(tmp_path), timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout)


def test_doctor_finds_the_schema_honoured(llama_server, tmp_path):
    result = run_cli("doctor", "--llm-url", llama_server, "--model", ALIAS, env=env_for(tmp_path), timeout=300)
    assert result.returncode == 0, result.stderr
    assert ALIAS in result.stdout and "honours the schema" in result.stdout


def test_filesystem_and_content_questions(llama_server, folder, tmp_path):
    counted = ask("how many pdf files are there?", folder, llama_server, tmp_path)
    assert "3" in counted["answer"] and counted["steps"][0]["tool"] == "count_files", counted
    owner = ask("Who owns the database migration?", folder, llama_server, tmp_path)
    assert "Priya Raman" in owner["answer"], owner
    assert "notes/migration.md" in [s["path"] for s in owner["sources"]]
    assert owner["model_calls"] >= 1


def test_several_processes_share_one_server(llama_server, folder, tmp_path):
    ask("When is the migration cut-over?", folder, llama_server, tmp_path)  # builds the index before the crowd arrives
    questions = {
        "how many pdf files are there?": ["3"],
        "Who owns the database migration?": ["Priya"],
        "which pdf is the largest?": ["report.pdf"],
    }
    env = {**os.environ, **env_for(tmp_path)}
    processes = {
        q: subprocess.Popen([FILESAGE, "ask", q, "--root", str(folder), "--json", "--llm-url", llama_server, "--model", ALIAS], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for q in questions
    }
    try:
        outputs = {q: p.communicate(timeout=900) for q, p in processes.items()}
    finally:
        for p in processes.values():
            if p.poll() is None:
                p.kill()
                p.wait()
    for question, expected in questions.items():
        stdout, stderr = outputs[question]
        assert processes[question].returncode == 0, f"{question}: {stderr[-2000:]}"
        answer = json.loads(stdout)["answer"]
        assert all(word in answer for word in expected), f"{question} -> {answer}"
