import json
import re

import pytest

from filesage.config import Settings
from filesage.errors import UsageError
from tests.conftest import run_cli


def test_config_precedence(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('max_steps = 4\ntop_k = 7\nroot = "/from/file"\n')
    env = {"FILESAGE_TOP_K": "6", "FILESAGE_ROOT": "/from/env"}
    settings = Settings.load({"root": "/from/flag", "model": None}, env, path)
    assert (settings.root, settings.top_k, settings.max_steps, settings.history_turns) == ("/from/flag", 6, 4, 2)
    assert settings.sources["root"] == "flag"
    assert settings.sources["top_k"] == "environment FILESAGE_TOP_K"
    assert settings.sources["max_steps"].startswith("config file")
    assert settings.sources["history_turns"] == "default"


@pytest.mark.parametrize("content, message", [("max_steps = [", "not valid TOML"), ("max_steps = 'many'", "whole number"), ("top_k = 500", "between 1 and 64")])
def test_bad_config_is_a_usage_error(tmp_path, content, message):
    path = tmp_path / "config.toml"
    path.write_text(content)
    with pytest.raises(UsageError, match=message):
        Settings.load({}, {}, path)


def test_config_command_shows_sources(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text("history_turns = 4\n")
    result = run_cli("config", env={"FILESAGE_CONFIG": str(path), "FILESAGE_THREADS": "1"})
    assert result.returncode == 0
    assert "history_turns = 4    [config file" in result.stdout
    assert "threads = 1    [environment FILESAGE_THREADS]" in result.stdout


def test_usage_errors_exit_2(tmp_path):
    assert run_cli("ask").returncode == 2  # missing question
    assert run_cli("ask", "x", "--bogus-flag").returncode == 2
    history = tmp_path / "h.json"
    history.write_text('{"role": "user"}')
    bad_history = run_cli("ask", "how many files?", "--root", str(tmp_path), "--history", str(history))
    assert bad_history.returncode == 2 and "must be a JSON list" in bad_history.stderr
    history.write_text('[{"role": "user", "content": "who?"}, {"role": "assistant", "content": "Ada.", "sources": "notes.md"}]')
    bad_sources = run_cli("ask", "how many files?", "--root", str(tmp_path), "--history", str(history))
    assert bad_sources.returncode == 2 and '"sources"' in bad_sources.stderr and "Traceback" not in bad_sources.stderr
    bad_config = tmp_path / "bad.toml"
    bad_config.write_text("=")
    assert run_cli("ask", "hi", "--root", str(tmp_path), env={"FILESAGE_CONFIG": str(bad_config)}).returncode == 2


def test_model_failure_exits_3(tmp_path):
    model = tmp_path / "m.gguf"
    model.write_text("not a model")
    result = run_cli("ask", "how many files?", "--root", str(tmp_path), "--model", str(model))
    assert result.returncode == 3 and result.stderr.startswith("error: ") and "not a GGUF" in result.stderr


@pytest.mark.model
def test_pipeline_three_questions_and_one_failure(fs_corpus):
    questions = ["how many pdf files are there?", "x" * 5000, "", "list the python files", "when was report.pdf modified?"]
    result = run_cli("ask", "-", "--root", str(fs_corpus), "--json", input="\n".join(questions) + "\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    records = [json.loads(line) for line in lines]  # stdout holds nothing but JSON lines
    assert len(records) == 4
    assert "error" in records[1] and "characters long" in records[1]["error"]
    for record in (records[0], records[2], records[3]):
        assert set(record) >= {"answer", "sources", "steps"} and record["answer"]
        assert all(set(step) >= {"tool", "args", "by", "seconds", "tokens_in", "tokens_out"} for step in record["steps"])
    assert re.match(r"There are 3 \.pdf files", records[0]["answer"]), records[0]["answer"]


@pytest.mark.model
def test_events_stream(fs_corpus):
    result = run_cli("ask", "how many markdown files are there?", "--root", str(fs_corpus), "--events")
    assert result.returncode == 0, result.stderr
    events = [json.loads(line) for line in result.stdout.splitlines()]
    kinds = [e["event"] for e in events]
    assert kinds[0] == "step_started" and kinds[1] == "tool_result" and kinds[-1] == "answer_done"
    assert "answer_token" in kinds
    tokens = "".join(e["text"] for e in events if e["event"] == "answer_token")
    assert tokens == events[-1]["answer"]


@pytest.mark.model
def test_history_file_continues_a_conversation(fs_corpus, tmp_path):
    history = tmp_path / "h.json"
    history.write_text(json.dumps([
        {"role": "user", "content": "how many pdf files are there?"},
        {"role": "assistant", "content": "There are 3 PDF files: report.pdf, invoice_001.pdf and invoice_002.pdf."},
    ]))
    result = run_cli("ask", "which of them is the largest?", "--root", str(fs_corpus), "--json", "--history", str(history))
    assert result.returncode == 0, result.stderr
    assert "report.pdf" in json.loads(result.stdout)["answer"]


@pytest.mark.model
def test_two_asks_at_once_share_the_cores_and_both_answer(tmp_path):
    """Two `ask` processes started together both answer right, each on its share of the cores, and leave
    no mark that they are answering."""
    import os
    import subprocess

    from bench.corpus import build_corpus
    from filesage.workspace import answering_directory
    from tests.conftest import FILESAGE, joined_model_env, seed_cache

    root = build_corpus(tmp_path)
    seed_cache(tmp_path / "cache")
    env = {**os.environ, "FILESAGE_CACHE_DIR": str(tmp_path / "cache"), **joined_model_env()}
    assert run_cli("index", str(root), env=env).returncode == 0
    questions = {"Who leads Project Falcon?": "Mira", "What is the monthly rent in my lease?": "1,?450"}
    processes = [subprocess.Popen([FILESAGE, "ask", q, "--root", str(root), "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
                 for q in questions]
    outputs = [p.communicate(timeout=600) for p in processes]
    assert all(p.returncode == 0 for p in processes), [err for _, err in outputs]
    for (question, expected), (out, _) in zip(questions.items(), outputs):
        assert re.search(expected, json.loads(out)["answer"]), (question, out)
    assert not any(mark.name in {str(p.pid) for p in processes} for mark in answering_directory().iterdir())
