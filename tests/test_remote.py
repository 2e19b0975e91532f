"""--llm-url: the agent's model calls sent to an OpenAI-compatible chat server, here a fake one on loopback
whose every reply the test writes."""

import json
import os
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pexpect
import pytest

from filesage.config import Settings
from filesage.errors import ModelError, UsageError
from filesage.llm.remote import PROBE_SCHEMA, RemoteModel, chat_url
from tests.conftest import FILESAGE, run_cli

MESSAGES = [{"role": "system", "content": "You are terse."}, {"role": "user", "content": "hi"}]


def sse(pieces, usage=None, finish="stop"):
    """A reply streamed as an OpenAI chat completion: one chunk per piece, the finish, then usage."""

    def reply(handler, body):
        handler.send_response(200)
        handler.send_header("Content-Type", "text/event-stream")
        handler.end_headers()
        chunks = [{"choices": [{"index": 0, "delta": {"role": "assistant"}, "finish_reason": None}]}]
        chunks += [{"choices": [{"index": 0, "delta": {"content": p}, "finish_reason": None}]} for p in pieces]
        if finish:
            chunks.append({"choices": [{"index": 0, "delta": {}, "finish_reason": finish}]})
        if usage:
            chunks.append({"choices": [], "usage": usage})
        handler.wfile.write(b": keep-alive comment\n\n")
        for chunk in chunks:
            handler.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
            handler.wfile.flush()
        handler.wfile.write(b"data: [DONE]\n\n")

    return reply


def status(code, payload):
    def reply(handler, body):
        data = json.dumps(payload).encode() if not isinstance(payload, bytes) else payload
        handler.send_response(code)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data)

    return reply


def raw(content_type, text):
    def reply(handler, body):
        handler.send_response(200)
        handler.send_header("Content-Type", content_type)
        handler.end_headers()
        handler.wfile.write(text.encode())

    return reply


def like_a_model(call, answer):
    """A tool call when the request carries a schema, the answer text when it does not."""

    def reply(handler, body):
        text = json.dumps(call) if "response_format" in body else answer
        sse([text[i : i + 5] for i in range(0, len(text), 5)], usage={"prompt_tokens": 300, "completion_tokens": 12})(handler, body)

    return reply


class FakeServer:
    """Each chat request gets the next scripted reply (the last one repeats); every request body is kept."""

    def __init__(self, *replies):
        self.replies = list(replies)
        self.requests: list[dict] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                fake.requests.append(body)
                reply = fake.replies.pop(0) if len(fake.replies) > 1 else fake.replies[0]
                reply(self, body)

            def do_GET(self):
                if self.path == "/v1/models":
                    status(200, {"object": "list", "data": [{"id": "fake-model", "object": "model"}]})(self, None)
                else:
                    status(404, {"detail": "Not Found"})(self, None)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def fake():
    servers = []

    def start(*replies):
        servers.append(FakeServer(*replies))
        return servers[-1]

    yield start
    for server in servers:
        server.close()


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_streams_pieces_and_counts_tokens_from_usage(fake):
    server = fake(sse(["The ", "answer ", "is 4."], usage={"prompt_tokens": 120, "completion_tokens": 5, "prompt_tokens_details": {"cached_tokens": 100}}))
    model = RemoteModel(server.url, "qwen")
    stream = model.stream(MESSAGES, 64)
    pieces = []
    while True:
        try:
            pieces.append(next(stream))
        except StopIteration as stop:
            generation = stop.value
            break
    assert pieces == ["The ", "answer ", "is 4."]
    assert (generation.text, generation.prompt_tokens, generation.evaluated_tokens, generation.completion_tokens) == ("The answer is 4.", 120, 20, 5)
    body = server.requests[0]
    assert body["messages"] == MESSAGES and body["model"] == "qwen" and body["max_tokens"] == 64
    assert body["temperature"] == 0.0 and body["stream"] is True and "response_format" not in body


def test_no_usage_counts_zero_and_no_model_name_is_left_out(fake):
    server = fake(sse(["ok"]))
    generation = RemoteModel(server.url).generate(MESSAGES, 8)
    assert (generation.text, generation.prompt_tokens, generation.completion_tokens) == ("ok", 0, 0)
    assert "model" not in server.requests[0]


def test_schema_goes_as_json_object_response_format(fake):
    server = fake(sse(['{"probe": "filesage"}']))
    model = RemoteModel(server.url)
    assert model.generate(MESSAGES, 32, schema=PROBE_SCHEMA).text == '{"probe": "filesage"}'
    assert server.requests[0]["response_format"] == {"type": "json_object", "schema": PROBE_SCHEMA}


def test_a_server_that_does_not_stream_is_read_whole(fake):
    server = fake(status(200, {"choices": [{"message": {"role": "assistant", "content": "whole"}, "finish_reason": "stop"}], "usage": {"prompt_tokens": 9, "completion_tokens": 1}}))
    generation = RemoteModel(server.url).generate(MESSAGES, 8)
    assert (generation.text, generation.prompt_tokens) == ("whole", 9)


@pytest.mark.parametrize("url, endpoint", [
    ("http://h:8080", "http://h:8080/v1/chat/completions"),
    ("http://h:8080/", "http://h:8080/v1/chat/completions"),
    ("http://h:11434/v1", "http://h:11434/v1/chat/completions"),
    ("https://h/api/v1/chat/completions", "https://h/api/v1/chat/completions"),
])
def test_url_forms(url, endpoint):
    assert chat_url(url) == endpoint


@pytest.mark.parametrize("url", ["ftp://h", "localhost:8080", "http://", ""])
def test_bad_url_is_a_usage_error(url):
    with pytest.raises(UsageError, match="must be an http"):
        chat_url(url)


def test_5xx_is_retried_with_backoff(fake):
    server = fake(status(503, {"error": {"message": "loading model"}}), status(502, b"bad gateway"), sse(["fine"]))
    assert RemoteModel(server.url, retries=3, backoff=0.01).generate(MESSAGES, 8).text == "fine"
    assert len(server.requests) == 3


def test_5xx_that_persists_says_so_in_one_line(fake):
    server = fake(status(500, {"error": {"message": "out of memory\nwhile loading"}}))
    with pytest.raises(ModelError) as error:
        RemoteModel(server.url, retries=2, backoff=0.01).generate(MESSAGES, 8)
    assert "HTTP 500: out of memory while loading" in str(error.value) and "tried 3 times" in str(error.value)
    assert "\n" not in str(error.value) and len(server.requests) == 3


def test_4xx_is_not_retried_and_names_the_reason(fake):
    server = fake(status(400, {"error": {"message": "the request exceeds the available context size"}}))
    with pytest.raises(ModelError, match="HTTP 400: the request exceeds the available context size"):
        RemoteModel(server.url, backoff=0.01).generate(MESSAGES, 8)
    assert len(server.requests) == 1


def test_connection_refused_is_retried_then_one_line():
    with pytest.raises(ModelError, match=r"cannot reach the model server .*; tried 3 times"):
        RemoteModel(f"http://127.0.0.1:{closed_port()}", retries=2, backoff=0.01).generate(MESSAGES, 8)


@pytest.mark.parametrize("reply, said", [
    (raw("text/html", "<html>It works!</html>"), "not an OpenAI-compatible chat completion"),
    (raw("text/event-stream", "data: {not json\n\n"), "not an OpenAI-compatible chat completion"),
    (raw("text/event-stream", 'data: {"object": "something else"}\n\n'), "not an OpenAI-compatible chat completion"),
    (raw("text/event-stream", 'data: {"choices": [{"delta": {"content": 7}}]}\n\n'), "not an OpenAI-compatible chat completion"),
    (raw("text/event-stream", 'data: {"choices": ["x"]}\n\n'), "not an OpenAI-compatible chat completion"),
    (raw("text/event-stream", 'data: {"error": {"message": "grammar failed"}}\n\n'), "failed: grammar failed"),
    (sse(["half an ans"], finish=None), "ended the answer before it was finished"),
])
def test_garbage_is_a_model_error(fake, reply, said):
    server = fake(reply)
    with pytest.raises(ModelError, match=said):
        RemoteModel(server.url, backoff=0.01).generate(MESSAGES, 8)


def test_a_silent_server_times_out(fake):
    server = fake(lambda handler, body: threading.Event().wait(3))
    with pytest.raises(ModelError, match="did not answer within 1 s"):
        RemoteModel(server.url, timeout=1, backoff=0.01).generate(MESSAGES, 8)


def test_instances_share_nothing(fake):
    """Threads with a client each (as in one process serving many users) get their own answers."""
    server = fake(lambda handler, body: sse([body["messages"][-1]["content"]])(handler, body))
    results = {}

    def ask(n):
        results[n] = RemoteModel(server.url).generate([{"role": "user", "content": f"question {n}"}], 8).text

    threads = [threading.Thread(target=ask, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == {n: f"question {n}" for n in range(8)}


def test_model_list(fake):
    server = fake(sse(["ok"]))
    assert RemoteModel(server.url).served_models() == ["fake-model"]
    assert RemoteModel(f"{server.url}/proxy/v1").served_models() == []  # a server without the list still serves
    with pytest.raises(ModelError, match="cannot reach"):
        RemoteModel(f"http://127.0.0.1:{closed_port()}", retries=0).served_models()


def test_llm_url_setting_comes_from_flag_environment_or_config(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('llm_url = "http://from-file:8080"\n')
    assert Settings.load({}, {}, path).llm_url == "http://from-file:8080"
    settings = Settings.load({}, {"FILESAGE_LLM_URL": "http://from-env:8080"}, path)
    assert (settings.llm_url, settings.sources["llm_url"]) == ("http://from-env:8080", "environment FILESAGE_LLM_URL")
    assert Settings.load({"llm_url": "http://flag:1"}, {"FILESAGE_LLM_URL": "http://from-env:8080"}, path).llm_url == "http://flag:1"


def test_ask_through_the_server(fake, fs_corpus, tmp_path):
    """The whole agent answers through the server; the embedded model is neither joined nor loaded (an empty
    cache directory stays without a model)."""
    server = fake(like_a_model({"name": "list_files", "arguments": {"extension": "pdf", "order": "largest", "limit": 1}}, "report.pdf is the largest PDF [1]."))
    env = {"FILESAGE_CACHE_DIR": str(tmp_path / "cache"), "FILESAGE_MODEL": "", "FILESAGE_CONFIG": str(tmp_path / "none.toml")}
    result = run_cli("ask", "which pdf is the largest?", "--root", str(fs_corpus), "--json", "--llm-url", server.url, "--model", "served-name", env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert "report.pdf" in answer["answer"] and answer["steps"][0]["tool"] == "list_files"
    assert answer["model_calls"] >= 1 and answer["tokens_in"] == 300 * answer["model_calls"]
    first = server.requests[0]
    assert first["model"] == "served-name" and first["response_format"]["type"] == "json_object"
    assert "list_files" in json.dumps(first["response_format"]["schema"])
    assert not (tmp_path / "cache" / "models").exists()


def test_ask_with_the_server_down_is_one_line_exit_3(fs_corpus, tmp_path):
    env = {"FILESAGE_CACHE_DIR": str(tmp_path / "cache"), "FILESAGE_MODEL": "", "FILESAGE_CONFIG": str(tmp_path / "none.toml")}
    result = run_cli("ask", "how many files are there?", "--root", str(fs_corpus), "--llm-url", f"http://127.0.0.1:{closed_port()}", env=env, timeout=120)
    assert result.returncode == 3
    assert result.stderr.startswith("error: cannot reach the model server") and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_ask_with_garbage_from_the_server_is_one_line_exit_3(fake, fs_corpus, tmp_path):
    server = fake(raw("text/plain", "I am not a model server"))
    env = {"FILESAGE_MODEL": "", "FILESAGE_CONFIG": str(tmp_path / "none.toml")}
    result = run_cli("ask", "how many files are there?", "--root", str(fs_corpus), "--llm-url", server.url, env=env, timeout=120)
    assert result.returncode == 3 and result.stderr.count("\n") == 1, result.stderr
    assert "not an OpenAI-compatible chat completion" in result.stderr


def test_bad_url_from_the_environment_exits_2(fs_corpus, tmp_path):
    result = run_cli("ask", "how many files?", "--root", str(fs_corpus), env={"FILESAGE_LLM_URL": "localhost:8080", "FILESAGE_CONFIG": str(tmp_path / "none.toml")})
    assert result.returncode == 2 and "must be an http" in result.stderr


def test_doctor_checks_the_server_and_its_schema_support(fake, tmp_path):
    env = {"FILESAGE_MODEL": "", "FILESAGE_CONFIG": str(tmp_path / "none.toml")}
    honours = fake(like_a_model({"probe": "filesage"}, "Hello!"))
    result = run_cli("doctor", "--llm-url", honours.url, env=env)
    assert result.returncode == 0, result.stderr
    assert "fake-model" in result.stdout and "honours the schema" in result.stdout
    assert "llama-server and llama-cpp-python's server honour it" in result.stdout
    ignores = fake(sse(["Hello! How can I help?"]))
    result = run_cli("doctor", "--llm-url", ignores.url, env=env)
    assert result.returncode == 0 and "ignored the schema" in result.stdout
    down = run_cli("doctor", "--llm-url", f"http://127.0.0.1:{closed_port()}", env=env)
    assert down.returncode == 3 and down.stderr.startswith("error: cannot reach")


def chat_env(tmp_path) -> dict:
    return {**os.environ, "FILESAGE_CACHE_DIR": str(tmp_path / "cache"), "FILESAGE_DATA_DIR": str(tmp_path / "data"), "FILESAGE_MODEL": "",
            "FILESAGE_CONFIG": str(tmp_path / "none.toml"), "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1"}


def test_chat_through_the_server(fake, fs_corpus, tmp_path):
    server = fake(like_a_model({"name": "count_files", "arguments": {"extension": "pdf"}}, "There are 3 PDF files."))
    child = pexpect.spawn(FILESAGE, ["chat", str(fs_corpus), "--llm-url", server.url, "--model", "served-name"], env=chat_env(tmp_path), encoding="utf-8", timeout=60, dimensions=(40, 120))
    try:
        child.expect(f"served-name at {server.url}/v1 · folder")
        child.expect("›")
        child.sendline("how many pdf files are there?")
        child.expect(r"There are 3 \.pdf files")
        child.expect("›")
        child.sendline("/model")
        child.expect(f"served-name at {server.url}/v1")
        child.sendline("/exit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert server.requests and all(r["model"] == "served-name" for r in server.requests)


def test_chat_with_the_server_down_ends_at_once(fs_corpus, tmp_path):
    child = pexpect.spawn(FILESAGE, ["chat", str(fs_corpus), "--llm-url", f"http://127.0.0.1:{closed_port()}"], env=chat_env(tmp_path), encoding="utf-8", timeout=60)
    child.expect("error: cannot reach the model server")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 3 and "Traceback" not in child.before
