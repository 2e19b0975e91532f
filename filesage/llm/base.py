"""What every model gives the agent: the generation with its token counts, the protocol a model implements (a
scripted one in tests, llama.cpp or a server at run time), and a prompt cut to fit the context."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Generator, Protocol

from ..errors import ModelError

N_CTX = 8192


@dataclass
class Generation:
    text: str
    prompt_tokens: int  # tokens in the whole prompt
    evaluated_tokens: int  # prompt tokens actually processed (the rest came from the KV cache)
    completion_tokens: int
    seconds: float


Messages = list[dict[str, str]]

# A small model decoding greedily can fall into saying one phrase over and over until its tokens run out ("the
# bill of the bill of the bill of ..."): such a run has stopped saying anything, and costs a minute on a CPU.
LOOP = re.compile(r"(.{3,80}?)\1{5,}$", re.S)


def looping(text: str) -> int | None:
    """Where a text that ends in one phrase said six times over or more (spaces aside) started repeating it: its
    first saying is kept, the rest is cut; None for a text that does not."""
    tail = text[-600:]
    found = LOOP.search(tail)
    if not found or len(found.group(0)) < 60 or not found.group(1).strip():
        return None
    return len(text) - len(tail) + found.start() + len(found.group(1))


class ChatModel(Protocol):
    """What the agent and the searcher need from a model; tests swap in a scripted one.

    stream() yields the text as it is generated and returns the Generation (use it with `yield from`);
    generate() is the same call, drained."""

    def stream(
        self, messages: Messages, max_tokens: int, schema: dict | None = None, family: str = "agent"
    ) -> Generator[str, None, Generation]: ...

    def generate(
        self, messages: Messages, max_tokens: int, schema: dict | None = None, family: str = "agent"
    ) -> Generation: ...


CUT_MARKER = "\n[... cut to fit the model's context]"


def fit(messages: Messages, max_tokens: int, n_ctx: int, count: Callable[[str], int]) -> Messages:
    """The messages cut until the prompt and max_tokens of answer fit n_ctx: the longest message after
    the system prompt is halved (with a visible marker) until they do. A prompt that fits is returned
    as it is, so the KV cache prefix stays valid; only an oversize one is changed."""
    budget = n_ctx - max_tokens - 16 * len(messages) - 64  # room for the chat template's own tokens
    sizes = [count(m["content"]) for m in messages]
    if sum(sizes) <= budget:
        return messages
    fitted = [dict(m) for m in messages]
    while sum(sizes) > budget:
        index = max(range(1, len(fitted)), key=lambda i: sizes[i], default=None)
        if index is None or sizes[index] <= 32:
            raise ModelError(f"the prompt cannot be made to fit the model's context of {n_ctx} tokens")
        content = fitted[index]["content"].removesuffix(CUT_MARKER)
        fitted[index]["content"] = content[: len(content) // 2] + CUT_MARKER
        sizes[index] = count(fitted[index]["content"])
    return fitted


def drain(pieces: Generator[str, None, Generation]) -> Generation:
    while True:
        try:
            next(pieces)
        except StopIteration as stop:
            return stop.value


@dataclass
class Usage:
    calls: int = 0
    prompt_tokens: int = 0
    evaluated_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0

    def merge(self, other: "Usage") -> None:
        self.calls += other.calls
        self.prompt_tokens += other.prompt_tokens
        self.evaluated_tokens += other.evaluated_tokens
        self.completion_tokens += other.completion_tokens
        self.seconds += other.seconds

    def add(self, generation: Generation) -> None:
        self.calls += 1
        self.prompt_tokens += generation.prompt_tokens
        self.evaluated_tokens += generation.evaluated_tokens
        self.completion_tokens += generation.completion_tokens
        self.seconds += generation.seconds
