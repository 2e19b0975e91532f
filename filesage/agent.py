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
from .grounding import Citations, Claim, Evidence, missing_names, remove_claims, sentences, unsupported
from .models import ChatModel, Generation, Messages, Usage
from .parser import ToolCall, extract_tool_call
from .router import READ, carry_over, detect_order, route
from .toolbox import ToolResult, trim
from .tools import ToolRegistry

MAX_QUESTION_CHARS = 4000
# A tool result longer than this is cut (with a marker) so that five of them still fit in n_ctx 8192.
MAX_RESULT_CHARS = 3500
CALL_TOKENS = 400
# After a tool that found something, the model may only answer, or (when the grounding gate sends an answer
# back) read a file: small models otherwise chain lookups whose results they already have (list_files, then
# file_metadata on a file the list already dated; a count found, then a search for the same words).
AFTER_FOUND = {"respond", "read_file"}
NO_GENERATION = Generation("", 0, 0, 0, 0.0)  # a step the router ran without asking the model
CONTENT_TOOLS = {"semantic_search", "read_file"}
ANSWER_TOKENS = 400


@dataclass
class Step:
    tool: str
    args: dict
    by: str  # "model" or "router"
    summary: str
    ok: bool
    found: bool
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
class AnswerRetracted:
    """The answer streamed so far is withdrawn: it made claims the tool results do not bear out."""

    unsupported: list[str]


@dataclass
class Answered:
    answer: Answer


Event = ToolChosen | ToolFinished | AnswerToken | AnswerRetracted | Answered


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


class PlainAnswerStream:
    """Streams a plain-text answer as it comes; output that opens like JSON is a call, whose respond
    answer (if any) is streamed instead of the JSON around it."""

    def __init__(self):
        self.call: AnswerFieldStream | None = None
        self.plain: bool | None = None

    def feed(self, piece: str) -> str:
        if self.plain is None:
            stripped = piece.lstrip()
            if not stripped:
                return ""
            self.plain = stripped[0] not in "{<["
            if not self.plain:
                self.call = AnswerFieldStream()
            piece = stripped
        return piece if self.plain else self.call.feed(piece)


@dataclass
class Turn:
    """What one question gathers: the conversation so far, the steps taken, and what answers may rest on."""

    question: str
    messages: Messages
    history: list[dict]
    started_at: float
    usage: Usage = field(default_factory=Usage)
    steps: list[Step] = field(default_factory=list)
    evidence: Evidence = field(default_factory=Evidence)
    citations: Citations = field(default_factory=Citations)
    last_found: str = ""  # the text of the last result that found something
    content_found: list[str] = field(default_factory=list)  # found results of what the files say
    listings_found: list[str] = field(default_factory=list)  # found results about the files themselves

    @property
    def found_anything(self) -> bool:
        """True when a step found something that is about what was asked. A search that only found
        passages about other things (the question names what none of them says) found nothing; once the
        question went to what the files say, a listing found afterwards must name what it asks about too
        (a tree of notes/ does not answer "When is Oscar's birthday?")."""
        searched = any(step.tool in CONTENT_TOOLS for step in self.steps)
        if self.listings_found and not searched:
            return True
        found = self.content_found + self.listings_found
        return bool(found) and not missing_names(self.question, "\n".join(found))


class Agent:
    def __init__(
        self,
        model: ChatModel,
        registry: ToolRegistry,
        max_steps: int = 5,
        history_turns: int = 2,
        today: date | None = None,
        folder: str = "the folder",
    ):
        self.model = model
        self.registry = registry
        self.max_steps = max_steps
        self.history_turns = history_turns
        self.folder = folder  # how answers name the folder: "~/Documents"
        self.system = prompts.agent_system(registry.prompt_listing(), today)

    def run(self, question: str, history: list[dict] | None = None) -> Iterator[Event]:
        # Bytes that are not UTF-8 (from a terminal or a pipe) become "?": the tokenizer takes only UTF-8.
        question = question.encode("utf-8", "replace").decode("utf-8").strip()
        if not question:
            raise UsageError("the question is empty; ask something about the files")
        if len(question) > MAX_QUESTION_CHARS:
            raise UsageError(
                f"the question is {len(question):,} characters long; keep it under {MAX_QUESTION_CHARS:,}"
            )
        turns = [t for t in (history or []) if t.get("role") in ("user", "assistant") and t.get("content")]
        turns = turns[-self.history_turns :] if self.history_turns else []
        messages: Messages = [{"role": "system", "content": self.system}]
        messages += [{"role": t["role"], "content": str(t["content"])[:MAX_RESULT_CHARS].encode("utf-8", "replace").decode("utf-8")} for t in turns]
        messages.append({"role": "user", "content": prompts.QUESTION.format(question=question)})
        turn = Turn(question, messages, turns, time.perf_counter())
        turn.evidence.add(question)
        for t in turns:
            turn.evidence.add(t["content"])
        allowed = set(self.registry.tools)
        plain = False  # the next call asks for the answer in plain text
        sent_back = False  # the grounding gate returned one draft to the model
        asked_again = False  # a tool call came where an answer was asked for

        while True:
            if len(turn.steps) >= self.max_steps and not plain:
                messages.append({"role": "user", "content": prompts.FORCED_ANSWER})
                plain = True
            stream = AnswerStream(turn, PlainAnswerStream() if plain else AnswerFieldStream())
            schema = None if plain else self.registry.call_schema(allowed)
            generation = yield from self._generate(messages, ANSWER_TOKENS if plain else CALL_TOKENS, schema, stream.feed)
            turn.usage.add(generation)
            call, by = extract_tool_call(generation.text), "model"
            first = turn.usage.calls == 1 and not plain
            if first and call is not None and self._implausible(call, question, turns):
                call = None
            if first and call is not None:
                call = carry_over(call, question, previous_question(turns))
            if first and (call is None or call.name not in self.registry.tools):
                call, by = route(question, previous_question(turns)), "router"
                if call.name not in self.registry.tools:
                    messages.append({"role": "user", "content": prompts.FORCED_ANSWER})
                    plain = True
                    continue
            if not plain and call is not None and call.name == "respond" and (by == "router" or not str(call.arguments.get("answer", "")).strip()):
                messages.append({"role": "user", "content": prompts.DIRECT_REPLY})
                plain = True
                continue
            if call is None or call.name == "respond":
                draft = stream.raw if call is None else str(call.arguments.get("answer", ""))
                bad = self._unsupported(turn, draft)
                if bad and not sent_back:
                    sent_back = True
                    yield AnswerRetracted([c.text for c in bad])
                    left = self.max_steps - len(turn.steps)
                    tools = sorted(allowed - {"respond"}) if left > 0 else []
                    messages.append({"role": "assistant", "content": generation.text})
                    messages.append({"role": "user", "content": prompts.grounding_retry([c.text for c in bad], tools, left)})
                    plain = not tools
                    continue
                if bad:
                    yield AnswerRetracted([c.text for c in bad])
                    yield from self._finish(turn, remove_claims(draft, bad))
                    return
                yield from self._finish(turn, draft, stream)
                return
            if plain or call.name not in allowed:
                # A tool call where an answer belongs (a small model repeating itself): asked once more.
                if asked_again:
                    yield from self._finish(turn, self._fallback(turn))
                    return
                asked_again = True
                messages.append({"role": "assistant", "content": generation.text})
                messages.append({"role": "user", "content": prompts.FORCED_ANSWER})
                plain = True
                continue
            result = yield from self._run_tool(turn, call, by, generation)
            if by == "model" and len(turn.steps) == 1 and not (result.ok and result.found):
                # The model's first tool found nothing: when the question's words point to another tool,
                # that one runs next, without a model call (a content question the model took for a
                # file name, a folder or a tree).
                fallback = route(question, previous_question(turns))
                if fallback.name != call.name and fallback.name in allowed and fallback.name != "respond":
                    self._update(allowed, call.name, result)
                    call, result = fallback, (yield from self._run_tool(turn, fallback, "router", NO_GENERATION))
            chosen = self._file_to_read(turn.steps[-1], question)
            if chosen and "read_file" in self.registry.tools:
                # "Summarise the newest PDF": the listing found which file; what it says is the answer.
                listed = prompts.LISTED_THEN_READ.format(tool=call.name, result=turn.last_found, path=chosen)
                turn.messages[-1] = {"role": "user", "content": listed}
                self._update(allowed, call.name, result)
                call = ToolCall("read_file", {"path": chosen})
                result = yield from self._run_tool(turn, call, "router", NO_GENERATION)
            self._update(allowed, call.name, result)
            # After a result that answers, the answer is asked for as plain text: no JSON to generate.
            plain = result.ok and result.found

    @staticmethod
    def _update(allowed: set[str], tool: str, result: ToolResult) -> None:
        """The tools that may follow a result. A small model repeats a call whose result it already has,
        or chains lookups it does not need; the grammar rules both out."""
        if result.ok:
            allowed.discard(tool)
            if result.found:
                allowed &= AFTER_FOUND

    @staticmethod
    def _file_to_read(step: Step, question: str) -> str:
        """The one file a listing picked out for a question that asks what a file says: the first of a
        listing ranked the way the question ranks ("the newest PDF"), or the only file a lookup found."""
        if not (step.found and step.paths and READ.search(question)):
            return ""
        if step.tool == "list_files" and detect_order(question) == step.args["order"]:
            return step.paths[0]
        if step.tool in ("list_files", "file_metadata", "grep_files") and len(step.paths) == 1:
            return step.paths[0]
        return ""

    @staticmethod
    def _implausible(call: ToolCall, question: str, turns: list[dict]) -> bool:
        """First choices small models get wrong in ways the question itself shows; the router decides those.
        An answer before any tool, with no conversation to draw on, is only right for small talk (otherwise
        it comes from the model's memory, not the files). A metadata lookup for a name the question never
        says, on a question that asks for the largest/newest/... files, follows a name from the last answer
        instead of listing. A tree chosen to answer "how many" leaves the counting to the model."""
        if call.name == "respond":
            return not turns and route(question).name != "respond"
        if call.name == "directory_tree":
            return route(question).name == "count_files"  # a tree's per-folder counts invite adding up wrong
        if call.name == "file_metadata":
            hint = str(call.arguments.get("name_hint", "")).lower()
            return hint not in question.lower() and route(question).name == "list_files"
        return False

    def _run_tool(self, turn: Turn, call: ToolCall, by: str, generation) -> Iterator[Event]:
        step = len(turn.steps)
        yield ToolChosen(step, call.name, call.arguments, by)
        started = time.perf_counter()
        args, result = self.registry.execute(call.name, call.arguments)
        tool_usage = result.usage or Usage()
        turn.usage.merge(tool_usage)
        record = Step(
            call.name,
            args,
            by,
            result.summary,
            result.ok,
            result.ok and result.found,
            round(time.perf_counter() - started + generation.seconds, 3),
            generation.evaluated_tokens + tool_usage.evaluated_tokens,
            generation.completion_tokens + tool_usage.completion_tokens,
            result.paths,
        )
        turn.steps.append(record)
        yield ToolFinished(step, record, result)
        shown = trim(result.text, MAX_RESULT_CHARS)
        if record.found:
            shown = turn.citations.mark(shown, result.paths, result.locations, call.name)
            evidence = f"{shown}\n{result.basis}"
            turn.evidence.add(evidence)
            turn.last_found = shown
            (turn.content_found if call.name in CONTENT_TOOLS else turn.listings_found).append(evidence)
        said = generation.text if by == "model" else json.dumps({"name": call.name, "arguments": call.arguments})
        if not result.ok:
            template = prompts.TOOL_ERROR.format(tool=call.name, result=shown)
        elif record.found:
            template = prompts.TOOL_RESULT.format(tool=call.name, result=shown, hint=prompts.ANSWER_HINTS.get(call.name, ""))
        else:
            template = prompts.TOOL_RESULT_EMPTY.format(tool=call.name, result=shown)
        turn.messages.append({"role": "assistant", "content": said})
        turn.messages.append({"role": "user", "content": template})
        return result

    def _unsupported(self, turn: Turn, draft: str) -> list[Claim]:
        """Claims of a draft that nothing in this turn bears out. A reply with no tool and no conversation
        behind it is small talk, with nothing to check; an answer after tools that found nothing is
        replaced by the not-found answer anyway."""
        if (not turn.steps and not turn.history) or (turn.steps and not turn.found_anything):
            return []
        return unsupported(draft, turn.evidence)

    def _fallback(self, turn: Turn) -> str:
        if turn.last_found:
            return prompts.RESULT_AS_ANSWER.format(result=turn.last_found)
        return prompts.NO_ANSWER

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

    def _finish(self, turn: Turn, text: str, stream: "AnswerStream | None" = None) -> Iterator[Event]:
        """The answer as the user gets it. After tools that found nothing, it says so and names what was
        searched, whatever the model wrote. What a stream passed out is the answer's start and its last
        sentence follows; an answer that was not streamed follows whole, as one token."""
        found = not turn.steps or turn.found_anything
        if not found:
            text, stream = not_found_answer(turn, self.folder), None
        if stream is not None:
            rest = stream.flush()
            if rest:
                yield AnswerToken(rest)
            shown = stream.shown
        else:
            turn.citations.start_answer()
            shown = "".join(turn.citations.cite(s) for s in sentences(text.strip()))
            if shown:
                yield AnswerToken(shown)
        cited = turn.citations.cited()
        sources = [s.to_json() for s in cited] or (small_result_sources(turn.steps) if found else [])
        yield Answered(Answer(shown.strip(), sources, turn.steps, turn.usage, time.perf_counter() - turn.started_at))


class AnswerStream:
    """The answer text as the user sees it while it is generated: the model's raw pieces (unwrapped from
    a respond call when there is one) pass out a sentence at a time, each with its citation markers.
    Nothing streams after tools that found nothing, where the answer is replaced anyway."""

    def __init__(self, turn: Turn, unwrap: AnswerFieldStream | PlainAnswerStream):
        self.turn = turn
        self.unwrap = unwrap
        self.raw = ""
        self.pending = ""
        self.shown = ""
        self.quiet = bool(turn.steps) and not turn.found_anything
        turn.citations.start_answer()

    def feed(self, piece: str) -> str:
        text = self.unwrap.feed(piece)
        self.raw += text
        self.pending += text
        if self.quiet:
            return ""
        parts = sentences(self.pending)
        complete, self.pending = parts[:-1], parts[-1] if parts else ""
        out = "".join(self.turn.citations.cite(s) for s in complete)
        self.shown += out
        return out

    def flush(self) -> str:
        out = self.turn.citations.cite(self.pending.rstrip()) if self.pending.strip() else ""
        self.pending = ""
        self.shown += out
        return out


def not_found_answer(turn: Turn, folder: str) -> str:
    searched = [prompts.searched(step.tool, step.args, step.ok, step.summary) for step in turn.steps]
    return prompts.NOT_FOUND.format(folder=folder, searched="; ".join(dict.fromkeys(searched)))


def previous_question(turns: list[dict]) -> str:
    return next((t["content"] for t in reversed(turns) if t["role"] == "user"), "")


def small_result_sources(steps: list[Step]) -> list[dict]:
    """For an answer without markers: the files of the results, when there are few enough to all matter."""
    touched: dict[str, str] = {}
    for step in steps:
        for path in step.paths:
            touched.setdefault(path, step.tool)
    chosen = list(touched) if len(touched) <= 5 else []
    return [{"n": number, "path": path, "tool": touched[path]} for number, path in enumerate(chosen, start=1)]
