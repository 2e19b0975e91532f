"""The bounded agent loop: the model picks tools, the router covers step 0, events report each step."""

from __future__ import annotations

import json
import re
import time
from dataclasses import asdict, dataclass, field
from datetime import date
from typing import Iterator

from . import prompts
from .errors import UsageError
from .models import ChatModel, Messages, Usage
from .parser import ToolCall, extract_tool_call
from .router import route
from .toolbox import ToolResult, trim
from .tools import ToolRegistry

MAX_QUESTION_CHARS = 4000
# A tool result longer than this is cut (with a marker) so that five of them still fit in n_ctx 8192.
MAX_RESULT_CHARS = 3500
CALL_TOKENS = 400
# After a tool that found something, the model may only answer (or read a file, where that tool exists):
# small models otherwise chain lookups whose results they already have (list_files, then file_metadata on a
# file the list already dated; a count found, then a search for the same words).
AFTER_FOUND = {"respond", "read_file"}
ANSWER_TOKENS = 400


@dataclass
class Step:
    tool: str
    args: dict
    by: str  # "model" or "router"
    summary: str
    ok: bool
    seconds: float
    tokens_in: int
    tokens_out: int
    paths: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        data = asdict(self)
        data.pop("paths")
        return data


@dataclass
class Answer:
    text: str
    sources: list[dict]
    steps: list[Step]
    usage: Usage
    seconds: float = 0.0  # wall-clock time for the whole question

    def to_json(self) -> dict:
        return {
            "answer": self.text,
            "sources": self.sources,
            "steps": [step.to_json() for step in self.steps],
            "model_calls": self.usage.calls,
            "tokens_in": self.usage.prompt_tokens,
            "tokens_evaluated": self.usage.evaluated_tokens,
            "tokens_out": self.usage.completion_tokens,
            "seconds": round(self.seconds, 2),
        }


@dataclass
class ToolChosen:
    step: int
    tool: str
    args: dict
    by: str


@dataclass
class ToolFinished:
    step: int
    record: Step
    result: ToolResult


@dataclass
class AnswerToken:
    text: str


@dataclass
class Answered:
    answer: Answer


Event = ToolChosen | ToolFinished | AnswerToken | Answered


class AnswerFieldStream:
    """Streams the decoded "answer" string of a respond call while the model is still writing the JSON."""

    START = re.compile(r'"name"\s*:\s*"respond".*?"answer"\s*:\s*"', re.S)

    def __init__(self):
        self.buffer = ""
        self.position: int | None = None
        self.done = False

    def feed(self, piece: str) -> str:
        """The answer text that this piece completes ('' while none is known yet)."""
        self.buffer += piece
        if self.done:
            return ""
        if self.position is None:
            match = self.START.search(self.buffer)
            if not match:
                return ""
            self.position = match.end()
        out = []
        while self.position < len(self.buffer):
            char = self.buffer[self.position]
            if char == '"':
                self.done = True
                break
            if char == "\\":
                escape = self.buffer[self.position : self.position + 6]
                if len(escape) < 2 or (escape[1] == "u" and len(escape) < 6):
                    break  # wait for the rest of the escape sequence
                try:
                    decoded, length = (json.loads(f'"{escape}"'), 6) if escape[1] == "u" else (json.loads(f'"{escape[:2]}"'), 2)
                except ValueError:
                    decoded, length = escape[1], 2
                out.append(decoded)
                self.position += length
                continue
            out.append(char)
            self.position += 1
        return "".join(out)


class Agent:
    def __init__(
        self,
        model: ChatModel,
        registry: ToolRegistry,
        max_steps: int = 5,
        history_turns: int = 2,
        today: date | None = None,
    ):
        self.model = model
        self.registry = registry
        self.max_steps = max_steps
        self.history_turns = history_turns
        self.system = prompts.agent_system(registry.prompt_listing(), today)

    def run(self, question: str, history: list[dict] | None = None) -> Iterator[Event]:
        question = question.strip()
        if not question:
            raise UsageError("the question is empty; ask something about the files")
        if len(question) > MAX_QUESTION_CHARS:
            raise UsageError(
                f"the question is {len(question):,} characters long; keep it under {MAX_QUESTION_CHARS:,}"
            )
        turns = [t for t in (history or []) if t.get("role") in ("user", "assistant") and t.get("content")]
        turns = turns[-self.history_turns :] if self.history_turns else []
        messages: Messages = [{"role": "system", "content": self.system}]
        messages += [{"role": t["role"], "content": str(t["content"])[:MAX_RESULT_CHARS]} for t in turns]
        messages.append({"role": "user", "content": prompts.QUESTION.format(question=question)})
        started_at = time.perf_counter()
        usage = Usage()
        steps: list[Step] = []
        allowed = set(self.registry.tools)

        for step in range(self.max_steps):
            # The answer inside a respond call reaches the user while it is being written.
            answer_field = AnswerFieldStream()
            generation = yield from self._generate(messages, CALL_TOKENS, self.registry.call_schema(allowed), answer_field.feed)
            usage.add(generation)
            call, by = extract_tool_call(generation.text), "model"
            if step == 0 and call is not None and self._implausible(call, question, turns):
                call = None
            if call is None or call.name not in self.registry.tools:
                if step == 0:
                    call, by = route(question, previous_question(turns)), "router"
                    if call.name not in self.registry.tools:
                        break
                elif call is None:
                    yield from self._finish(generation.text.strip(), steps, usage, started_at)
                    return
            if call.name == "respond":
                text = str(call.arguments.get("answer", "")).strip()
                if by == "router" or not text:
                    messages.append({"role": "user", "content": prompts.DIRECT_REPLY})
                    yield from self._synthesise(messages, steps, usage, started_at)
                    return
                yield from self._finish(text, steps, usage, started_at)
                return
            if call.name in self.registry.tools and call.name not in allowed:
                break  # a model outside the grammar repeating itself; answer from what was gathered
            yield ToolChosen(step, call.name, call.arguments, by)
            started = time.perf_counter()
            args, result = self.registry.execute(call.name, call.arguments)
            tool_usage = result.usage or Usage()
            usage.merge(tool_usage)
            record = Step(
                call.name,
                args,
                by,
                result.summary,
                result.ok,
                round(time.perf_counter() - started + generation.seconds, 3),
                generation.evaluated_tokens + tool_usage.evaluated_tokens,
                generation.completion_tokens + tool_usage.completion_tokens,
                result.paths,
            )
            steps.append(record)
            if result.ok:
                # A small model repeats a call whose result it already has; the grammar rules that out.
                allowed.discard(call.name)
                if result.found:
                    allowed &= AFTER_FOUND
            yield ToolFinished(step, record, result)
            said = generation.text if by == "model" else json.dumps({"name": call.name, "arguments": call.arguments})
            template = prompts.TOOL_RESULT if result.ok else prompts.TOOL_ERROR
            messages.append({"role": "assistant", "content": said})
            messages.append({"role": "user", "content": template.format(tool=call.name, result=trim(result.text, MAX_RESULT_CHARS))})

        messages.append({"role": "user", "content": prompts.FORCED_ANSWER})
        yield from self._synthesise(messages, steps, usage, started_at)

    @staticmethod
    def _implausible(call: ToolCall, question: str, turns: list[dict]) -> bool:
        """First choices small models get wrong in ways the question itself shows; the router decides those.
        An answer before any tool, with no conversation to draw on, is only right for small talk (otherwise
        it comes from the model's memory, not the files). A metadata lookup for a name the question never
        says, on a question that asks for the largest/newest/... files, follows a name from the last answer
        instead of listing."""
        if call.name == "respond":
            return not turns and route(question).name != "respond"
        if call.name == "file_metadata":
            hint = str(call.arguments.get("name_hint", "")).lower()
            return hint not in question.lower() and route(question).name == "list_files"
        return False

    def _generate(self, messages, max_tokens, schema, answer_text):
        """Run one model call, yielding AnswerToken events for the answer text as it is generated;
        answer_text maps each generated piece to the part of it that is answer text. Returns the
        Generation."""
        pieces = self.model.stream(messages, max_tokens, schema=schema)
        while True:
            try:
                piece = next(pieces)
            except StopIteration as stop:
                return stop.value
            text = answer_text(piece)
            if text:
                yield AnswerToken(text)

    def _synthesise(self, messages, steps, usage, started_at: float) -> Iterator[Event]:
        generation = yield from self._generate(messages, ANSWER_TOKENS, None, lambda piece: piece)
        usage.add(generation)
        yield from self._finish(generation.text.strip(), steps, usage, started_at)

    def _finish(self, text: str, steps, usage, started_at: float) -> Iterator[Event]:
        yield Answered(Answer(text, pick_sources(text, steps), steps, usage, time.perf_counter() - started_at))


def previous_question(turns: list[dict]) -> str:
    return next((t["content"] for t in reversed(turns) if t["role"] == "user"), "")


def pick_sources(answer: str, steps: list[Step]) -> list[dict]:
    """The files the answer relies on: those it names, else every file of a small result."""
    touched: dict[str, str] = {}
    for step in steps:
        for path in step.paths:
            touched.setdefault(path, step.tool)
    lowered = answer.lower()
    named = [p for p in touched if p.lower() in lowered or p.rsplit("/", 1)[-1].lower() in lowered]
    chosen = named or (list(touched) if len(touched) <= 5 else [])
    return [{"path": path, "tool": touched[path]} for path in chosen]
