"""The agent's model calls sent to an OpenAI-compatible chat server instead of the embedded model, so one
server (llama-server, Ollama, vLLM, llama-cpp-python's own) can answer for many filesage users at once."""

from __future__ import annotations

import json
import random
import time
from contextlib import nullcontext
from typing import Generator, Iterator

import httpx

from ..errors import ModelError, UsageError
from .base import Generation, Messages, drain

# llama-cpp-python's server reads the schema from this form; llama.cpp's llama-server reads it too. Ollama
# and vLLM take it as plain JSON mode (any object, the schema unread). `filesage doctor` checks for real.
SCHEMA_SUPPORT = (
    'sent as {"type": "json_object", "schema": ...}: llama.cpp\'s llama-server and llama-cpp-python\'s server '
    "honour it; Ollama and vLLM read it as plain JSON mode"
)


# A tool call the probe can only produce when the server compiles the schema into its sampling.
PROBE_SCHEMA = {"type": "object", "properties": {"probe": {"const": "filesage"}}, "required": ["probe"]}


# Connection errors that mean the request never reached a working server, so sending it again is safe.
RETRIED_ERRORS = (httpx.ConnectError, httpx.ConnectTimeout, httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError)


def chat_url(url: str) -> str:
    """The chat endpoint of what people pass: the server (http://host:8080), its /v1, or the endpoint."""
    url = url.strip().rstrip("/")
    try:
        host = httpx.URL(url).host
    except httpx.InvalidURL:
        host = ""
    if not url.startswith(("http://", "https://")) or not host:
        raise UsageError(f"llm_url (--llm-url) must be an http:// or https:// address, got {url!r}")
    if url.endswith("/chat/completions"):
        return url
    return url + ("/chat/completions" if url.endswith("/v1") else "/v1/chat/completions")


def one_line(text: str, limit: int = 200) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


class RemoteModel:
    """A ChatModel whose every call is one streamed chat completion. Each instance has its own connection
    pool and nothing is shared between instances, so threads and processes can use one server at once."""

    def __init__(self, url: str, model: str | None = None, timeout: float = 300.0, retries: int = 3, backoff: float = 0.5):
        self.url = chat_url(url)
        self.server = self.url.removesuffix("/chat/completions")
        self.model = model
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self._random = random.Random()
        # trust_env=False: requests go to the server the user named, never through a proxy from the environment.
        self._client = httpx.Client(timeout=httpx.Timeout(timeout, connect=10.0), trust_env=False)

    def __str__(self) -> str:
        return f"{self.model or 'the default model'} at {self.server}"

    def generate(self, messages: Messages, max_tokens: int, schema: dict | None = None, family: str = "agent") -> Generation:
        return drain(self.stream(messages, max_tokens, schema, family))

    def answering(self):
        """The server's cores are not this machine's filesage processes' to share."""
        return nullcontext()

    def stream(
        self, messages: Messages, max_tokens: int, schema: dict | None = None, family: str = "agent"
    ) -> Generator[str, None, Generation]:
        """family is the embedded model's KV-cache bookkeeping; a server keeps its own prompt cache."""
        started = time.perf_counter()
        body = {
            "messages": messages,
            "max_tokens": max_tokens,
            "temperature": 0.0,
            "stream": True,
            "stream_options": {"include_usage": True},
        }
        if self.model:
            body["model"] = self.model
        if schema is not None:
            body["response_format"] = {"type": "json_object", "schema": schema}
        pieces: list[str] = []
        usage: dict = {}
        finished = False
        response = self._send("POST", self.url, body)
        try:
            for chunk in self._chunks(response):
                usage = chunk.get("usage") or usage
                for choice in chunk.get("choices") or []:
                    delta = choice.get("delta") or choice.get("message") or {}
                    piece = delta.get("content")
                    if piece:
                        if not isinstance(piece, str):
                            raise self._garbage(piece)
                        pieces.append(piece)
                        yield piece
                    finished = finished or bool(choice.get("finish_reason"))
        except (AttributeError, TypeError) as exc:
            raise self._garbage(exc) from None
        except httpx.TimeoutException:
            raise ModelError(f"the model server at {self.server} stopped sending for {self.timeout:.0f} s") from None
        except httpx.TransportError as exc:
            raise ModelError(f"the connection to the model server at {self.server} broke mid-answer ({one_line(exc) or type(exc).__name__})") from None
        finally:
            response.close()
        if not finished:
            raise ModelError(
                f"the model server at {self.server} ended the answer before it was finished (llama-cpp-python's "
                "server cuts a request short when another arrives; start it with --interrupt_requests False)"
            )
        return Generation("".join(pieces), *self._counts(usage), time.perf_counter() - started)

    def _send(self, method: str, url: str, body: dict | None = None, refusal_ok: bool = False) -> httpx.Response:
        """The response with its headers read and its body not yet, after retrying (with growing, jittered
        waits) what a restarting or overloaded server gives: a refused connection or a 5xx. A 4xx raises
        unless refusal_ok."""
        failure = ""
        for attempt in range(self.retries + 1):
            if attempt:
                time.sleep(self.backoff * 2 ** (attempt - 1) * self._random.uniform(0.5, 1.5))
            try:
                response = self._client.send(self._client.build_request(method, url, json=body), stream=True)
            except RETRIED_ERRORS as exc:
                failure = f"cannot reach the model server at {self.server} ({one_line(exc) or type(exc).__name__})"
                continue
            except httpx.TimeoutException:
                raise ModelError(f"the model server at {self.server} did not answer within {self.timeout:.0f} s") from None
            except httpx.HTTPError as exc:
                raise ModelError(f"cannot reach the model server at {self.server} ({one_line(exc) or type(exc).__name__})") from None
            if response.status_code < 400 or refusal_ok and response.status_code < 500:
                return response
            failure = f"the model server at {self.server} answered HTTP {response.status_code}: {self._reason(response)}"
            if response.status_code < 500:
                break
        raise ModelError(failure + (f"; tried {self.retries + 1} times" if attempt == self.retries and self.retries else ""))

    def _reason(self, response: httpx.Response) -> str:
        """What an error response says, from the shapes servers use: {"error": {"message"}}, {"error": str},
        FastAPI's {"detail"}, or plain text."""
        try:
            text = response.read().decode("utf-8", "replace")
        except httpx.HTTPError:
            return "no reason given"
        finally:
            response.close()
        try:
            data = json.loads(text)
        except ValueError:
            return one_line(text) or "no reason given"
        if isinstance(data, dict):
            error = data.get("error", data.get("detail", data))
            if isinstance(error, dict):
                error = error.get("message", error)
            return one_line(error if isinstance(error, str) else json.dumps(error))
        return one_line(text)

    def _chunks(self, response: httpx.Response) -> Iterator[dict]:
        """The completion's chunks from a server-sent event stream, or the whole completion from a server
        that answered without streaming."""
        if "text/event-stream" not in response.headers.get("content-type", ""):
            yield self._json(response.read().decode("utf-8", "replace"))
            return
        data: list[str] = []
        for line in response.iter_lines():
            if line.startswith("data:"):
                data.append(line[5:].removeprefix(" "))
            elif not line and data:  # a blank line ends an event
                event, data = "\n".join(data), []
                if event.strip() == "[DONE]":
                    return
                yield self._json(event)
        if data and "\n".join(data).strip() != "[DONE]":
            yield self._json("\n".join(data))

    def _json(self, text: str) -> dict:
        try:
            chunk = json.loads(text)
        except ValueError:
            raise self._garbage(text) from None
        if not isinstance(chunk, dict):
            raise self._garbage(text)
        if "error" in chunk:
            error = chunk["error"]
            message = error.get("message", error) if isinstance(error, dict) else error
            raise ModelError(f"the model server at {self.server} failed: {one_line(message)}")
        if not isinstance(chunk.get("choices", []), list) or "choices" not in chunk and "usage" not in chunk:
            raise self._garbage(text)
        return chunk

    def _garbage(self, what) -> ModelError:
        return ModelError(
            f"the model server at {self.server} sent something that is not an OpenAI-compatible chat completion: {one_line(what, 80)!r}"
        )

    @staticmethod
    def _counts(usage: dict) -> tuple[int, int, int]:
        """Prompt, evaluated and generated tokens from the server's usage (0 when it sent none); tokens it
        reports as cached were not evaluated again."""
        def number(value) -> int:
            return value if isinstance(value, int) and value >= 0 else 0

        if not isinstance(usage, dict):
            return 0, 0, 0
        prompt = number(usage.get("prompt_tokens"))
        details = usage.get("prompt_tokens_details")
        cached = number(details.get("cached_tokens")) if isinstance(details, dict) else 0
        return prompt, max(prompt - cached, 0), number(usage.get("completion_tokens"))

    def served_models(self) -> list[str]:
        """The model names the server lists (GET /v1/models); an empty list when it lists none or has no such
        endpoint. Raises when the server cannot be reached."""
        response = self._send("GET", f"{self.server}/models", refusal_ok=True)
        try:
            if response.status_code != 200:
                return []
            data = json.loads(response.read().decode("utf-8", "replace"))
        except (ValueError, httpx.HTTPError):
            return []
        finally:
            response.close()
        entries = data.get("data") if isinstance(data, dict) else None
        return [str(e["id"]) for e in entries if isinstance(e, dict) and "id" in e] if isinstance(entries, list) else []

    def honours_schema(self) -> bool:
        """One tiny call whose schema allows a single answer, which a model asked something else gives only
        when the server constrains sampling with the schema."""
        generation = self.generate([{"role": "user", "content": "Say hello."}], 16, schema=PROBE_SCHEMA)
        try:
            return json.loads(generation.text) == {"probe": "filesage"}
        except ValueError:
            return False

    def doctor_rows(self) -> list[tuple[str, str]]:
        served = self.served_models()
        honoured = self.honours_schema()
        return [
            ("server", self.url),
            ("model", self.model or "(not named: the server's default)"),
            ("served", ", ".join(served) if served else "(the server lists no models)"),
            ("json schema", SCHEMA_SUPPORT),
            (
                "this server",
                "honours the schema (a constrained test call kept to it)"
                if honoured
                else "ignored the schema in a test call: tool calls fall back to the parser and the keyword router",
            ),
        ]
