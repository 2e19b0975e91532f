"""The bounded agent loop: ask the model, parse its call, run the tool, feed the result back, stop. It yields
events the CLI renders. Every decision that overrides or completes the model lives in policies.py."""

from __future__ import annotations

import json
import re
import time
from dataclasses import asdict, dataclass, field
from datetime import date
from collections import Counter
from typing import Callable, Iterator

from . import prompts
from .errors import UsageError
from .grounding import Citations, Evidence, sentences
from .models import ChatModel, Generation, Messages, Usage
from .parser import ToolCall, extract_tool_call
from .policies import ASK_ANSWER, CONTENT_TOOLS, Accept, FollowUp, Hint, Policies, Rendered, Retry
from .toolbox import Toolbox, ToolResult, trim
from .tools import ToolRegistry

MAX_QUESTION_CHARS = 4000
# A tool result longer than this is cut (with a marker) so that five of them still fit in n_ctx 8192.
MAX_RESULT_CHARS = 3500
CALL_TOKENS = 400
ANSWER_TOKENS = 400
NO_GENERATION = Generation("", 0, 0, 0, 0.0)  # a step the program ran without asking the model


@dataclass
class Step:
    tool: str
    args: dict
    by: str  # "model", or the policy that chose the step
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
    policies: list[str] = field(default_factory=list)  # the policies that changed this answer's course
    drafts: list[dict] = field(default_factory=list)  # the model's drafts: text, verdict (accepted, retry, changed), by

    def to_json(self) -> dict:
        return {
            "answer": self.text,
            "sources": self.sources,
            "steps": [step.to_json() for step in self.steps],
            "policies": self.policies,
            "drafts": self.drafts,
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


class TimeUp(Exception):
    """The question's time limit passed; the answer says so, with what was gathered."""


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
    """What one question gathers: the conversation so far, the steps taken, what answers may rest on, and
    where the loop stands. Policies read it to decide."""

    question: str
    messages: Messages
    history: list[dict]
    tools: set[str]  # every tool the registry has
    max_steps: int
    folder: str  # how answers name the folder: "~/Documents"
    tree: "Toolbox | None"  # the folder's files, for policies that match a question's words to them
    languages_of: "Callable[[], Counter] | None"  # the languages of the indexed files
    started_at: float = field(default_factory=time.perf_counter)
    usage: Usage = field(default_factory=Usage)
    steps: list[Step] = field(default_factory=list)
    results: list[ToolResult] = field(default_factory=list)
    evidence: Evidence = field(default_factory=Evidence)
    citations: Citations = field(default_factory=Citations)
    last_found: str = ""  # the text of the last result that found something
    content_found: list[str] = field(default_factory=list)  # found results of what the files say
    listings_found: list[str] = field(default_factory=list)  # found results about the files themselves
    fired: list[str] = field(default_factory=list)  # policies that changed the course, in order
    calls: set[str] = field(default_factory=set)  # every call made, so none is made twice
    drafts: list[dict] = field(default_factory=list)  # each answer the model wrote, and what the checks made of it
    wants_answer: bool = False  # the next model call asks for the answer in plain words
    retried: bool = False  # a draft was sent back once
    asked_again: bool = False  # a tool call came where the answer was asked for
    answer: str | None = None
    rendered: bool = False  # the answer was written by the program from tool results
    as_written: bool = False  # the answer is the program's own words (not found): no markers, no sources
    stream: "AnswerStream | None" = None  # what was streamed of the answer that stands
    last_said: str = ""  # the model's last output, as it goes back into the conversation

    def folders(self) -> list[str]:
        return self.tree.folders if self.tree is not None else []

    def languages(self) -> Counter:
        """How many of the folder's files are written in each language."""
        return self.languages_of() if self.languages_of is not None else Counter()

    def tree_words(self) -> set[str]:
        """The words of the folder's own file and folder names."""
        return self.tree.name_words() if self.tree is not None else set()

    def steps_left(self) -> int:
        return self.max_steps - len(self.steps)

    def tools_left(self) -> list[str]:
        return sorted(self.tools - {"respond"}) if self.steps_left() > 0 else []


class Agent:
    def __init__(
        self,
        model: ChatModel,
        registry: ToolRegistry,
        max_steps: int = 5,
        history_turns: int = 2,
        today: date | None = None,
        folder: str = "the folder",
        policies: Policies | None = None,
        time_limit: float = 300.0,
        tree: "Toolbox | None" = None,
        languages: "Callable[[], Counter] | None" = None,
    ):
        self.model = model
        self.registry = registry
        self.max_steps = max_steps
        self.history_turns = history_turns
        self.folder = folder
        self.policies = policies or Policies()
        self.tree = tree
        self.languages = languages
        self.time_limit = time_limit
        self.system = prompts.agent_system(registry.prompt_listing(), today)

    def run(self, question: str, history: list[dict] | None = None) -> Iterator[Event]:
        turn = self._start(question, history)
        try:
            while turn.answer is None:
                if turn.wants_answer or turn.steps_left() <= 0:
                    yield from self._answer(turn)
                else:
                    yield from self._step(turn)
        except TimeUp:
            gathered = prompts.GATHERED.format(result=turn.last_found) if turn.last_found else prompts.NOTHING_GATHERED
            turn.answer, turn.stream, turn.as_written = prompts.TIME_LIMIT.format(seconds=self.time_limit, gathered=gathered), None, True
        yield from self._finish(turn)

    def _step(self, turn: Turn) -> Iterator[Event]:
        """One model call for a tool; the tool runs and its result goes back, or a respond call is the draft."""
        generation = yield from self._generate(turn, self.registry.call_schema(), CALL_TOKENS, None)
        call, by = extract_tool_call(generation.text), "model"
        if turn.usage.calls == 1:
            call, by = self.policies.first_call(turn, call)
        if call is None and generation.text.strip():
            yield from self._check(turn, generation.text.strip(), generation.text, None)  # plain words: its answer
            return
        if call is None or call.name not in turn.tools or self._key(call) in turn.calls:
            # Nothing usable, or the same call again (small models repeat themselves): ask for the answer.
            turn.wants_answer = True
            return
        if call.name == "respond":
            draft = str(call.arguments.get("answer", "")).strip()
            if not draft:
                # An empty respond: the model wants to answer without a tool (small talk) or has nothing left to call.
                turn.messages.append({"role": "user", "content": prompts.DIRECT_REPLY if not turn.steps else prompts.FORCED_ANSWER})
                turn.wants_answer = True
                return
            yield from self._check(turn, draft, generation.text, None)
            return
        yield from self._run(turn, call, by, generation)

    def _run(self, turn: Turn, call: ToolCall, by: str, generation: Generation) -> Iterator[Event]:
        """Run a tool, then whatever the after-step policies add, feeding each result back to the model."""
        while True:
            turn.calls.add(self._key(call))
            result = yield from self._run_tool(turn, call, by, generation)
            decision, chooser = self.policies.after_step(turn)
            if isinstance(decision, Rendered):
                turn.answer, turn.rendered = decision.text, True
                return
            if isinstance(decision, FollowUp) and turn.steps_left() > 0 and self._key(decision.call) not in turn.calls:
                self._feed_back(turn, call, result, decision.replace_last or None)
                call, by, generation = decision.call, chooser, NO_GENERATION
                continue
            turn.wants_answer = decision == ASK_ANSWER
            self._feed_back(turn, call, result, None)
            if isinstance(decision, Hint):
                turn.messages[-1]["content"] += "\n" + decision.message
            return

    def _key(self, call: ToolCall) -> str:
        """A call as the tool sees it, so that 'pdf' and 'PDF' are the same call."""
        try:
            arguments = self.registry.normalise(call.name, call.arguments) if call.name in self.registry.tools else call.arguments
        except ValueError:
            arguments = call.arguments
        return json.dumps([call.name, arguments], sort_keys=True, default=str)

    def _answer(self, turn: Turn) -> Iterator[Event]:
        """Ask for the answer in plain words (or take the one a policy settles without the model)."""
        verdict = self.policies.before_answer(turn, None)
        if isinstance(verdict, Accept):
            turn.answer, turn.as_written = verdict.text, verdict.as_written
            return
        if turn.steps_left() <= 0 and not turn.wants_answer:
            turn.messages.append({"role": "user", "content": prompts.FORCED_ANSWER})
        turn.wants_answer = True
        turn.stream = AnswerStream(turn.citations, PlainAnswerStream())
        generation = yield from self._generate(turn, None, ANSWER_TOKENS, turn.stream.feed)
        call = extract_tool_call(generation.text) if generation.text.lstrip()[:1] in "{<[" else None
        if call is not None and call.name != "respond":
            # A tool call where the answer belongs (a small model repeating itself): asked once more, then
            # the last result stands as the answer.
            if turn.asked_again:
                turn.answer = prompts.RESULT_AS_ANSWER.format(result=turn.last_found) if turn.last_found else prompts.NO_ANSWER
                turn.stream = None
                return
            turn.asked_again = True
            turn.messages += [{"role": "assistant", "content": generation.text}, {"role": "user", "content": prompts.FORCED_ANSWER}]
            return
        yield from self._check(turn, turn.stream.raw, generation.text, turn.stream)

    def _check(self, turn: Turn, draft: str, said: str, stream: "AnswerStream | None") -> Iterator[Event]:
        verdict = self.policies.before_answer(turn, draft)
        turn.drafts.append({"text": draft, "verdict": "retry" if isinstance(verdict, Retry) else "changed" if isinstance(verdict, Accept) and verdict.text != draft else "accepted",
                            "by": turn.fired[-1] if verdict is not None else ""})
        if isinstance(verdict, Retry):
            yield AnswerRetracted(verdict.withdrawn)
            turn.retried = True
            turn.messages += [{"role": "assistant", "content": said}, {"role": "user", "content": verdict.message}]
            turn.wants_answer = verdict.answer_only or not turn.tools_left()
            turn.stream = None
            return
        if isinstance(verdict, Accept) and verdict.text != draft:
            if stream is not None and stream.shown:
                yield AnswerRetracted([])
            turn.answer, turn.stream, turn.as_written = verdict.text, None, verdict.as_written
            return
        turn.answer, turn.stream = draft, stream

    def _start(self, question: str, history: list[dict] | None) -> Turn:
        # Bytes that are not UTF-8 (from a terminal or a pipe) become "?": the tokenizer takes only UTF-8.
        question = question.encode("utf-8", "replace").decode("utf-8").strip()
        if not question:
            raise UsageError("the question is empty; ask something about the files")
        if len(question) > MAX_QUESTION_CHARS:
            raise UsageError(f"the question is {len(question):,} characters long; keep it under {MAX_QUESTION_CHARS:,}")
        turns = [t for t in (history or []) if t.get("role") in ("user", "assistant") and t.get("content")]
        # A turn is a question and its answer: two messages.
        turns = turns[-2 * self.history_turns :] if self.history_turns else []
        messages: Messages = [{"role": "system", "content": self.system}]
        messages += [{"role": t["role"], "content": str(t["content"])[:MAX_RESULT_CHARS].encode("utf-8", "replace").decode("utf-8")} for t in turns]
        messages.append({"role": "user", "content": prompts.QUESTION.format(question=question)})
        tools = set(self.registry.tools)
        turn = Turn(question, messages, turns, tools, self.max_steps, self.folder, self.tree, self.languages)
        turn.evidence.add(question)
        for t in turns:
            turn.evidence.add(t["content"])
        return turn

    def _run_tool(self, turn: Turn, call: ToolCall, by: str, generation: Generation) -> Iterator[Event]:
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
        turn.results.append(result)
        yield ToolFinished(step, record, result)
        if record.found:
            shown = turn.citations.mark(trim(result.text, MAX_RESULT_CHARS), result.paths, result.locations, call.name)
            evidence = f"{shown}\n{result.basis}"
            turn.evidence.add(evidence)
            turn.last_found = shown
            (turn.content_found if call.name in CONTENT_TOOLS else turn.listings_found).append(evidence)
        return result

    def _feed_back(self, turn: Turn, call: ToolCall, result: ToolResult, shown: str | None) -> None:
        """The call and its result as the model sees them next: an error to fix, nothing found, a result to
        answer from, or a result to go on from (shown overrides the wording)."""
        step = turn.steps[-1]
        said = json.dumps({"name": call.name, "arguments": call.arguments}) if step.by != "model" else None
        text = turn.last_found if step.found else trim(result.text, MAX_RESULT_CHARS)
        if shown is None:
            if not result.ok:
                shown = prompts.TOOL_ERROR.format(tool=call.name, result=text)
            elif not step.found:
                shown = prompts.TOOL_RESULT_EMPTY.format(tool=call.name, result=text)
            elif turn.wants_answer:
                shown = prompts.TOOL_RESULT.format(tool=call.name, result=text, hint=prompts.ANSWER_HINTS.get(call.name, ""))
            else:
                shown = prompts.TOOL_RESULT_GO_ON.format(tool=call.name, result=text)
        turn.messages.append({"role": "assistant", "content": said or turn.last_said})
        turn.messages.append({"role": "user", "content": shown})

    def _generate(self, turn: Turn, schema: dict | None, max_tokens: int, answer_text) -> Iterator[Event]:
        """One model call, yielding AnswerToken events for the answer text as it is generated (answer_text
        maps each generated piece to the part of it that is answer text). Returns the Generation."""
        if time.perf_counter() - turn.started_at > self.time_limit:
            raise TimeUp
        pieces = self.model.stream(turn.messages, max_tokens, schema=schema)
        while True:
            try:
                piece = next(pieces)
            except StopIteration as stop:
                generation = stop.value
                break
            if time.perf_counter() - turn.started_at > self.time_limit:
                pieces.close()
                raise TimeUp
            text = answer_text(piece) if answer_text else ""
            if text:
                yield AnswerToken(text)
        turn.usage.add(generation)
        turn.last_said = generation.text
        return generation

    def _finish(self, turn: Turn) -> Iterator[Event]:
        """The answer as the user gets it: what a stream passed out is its start and the last sentence
        follows; an answer that was not streamed follows whole, with its citation markers. An answer the
        program rendered from tool results names its files itself and carries them as its sources."""
        if turn.rendered or turn.as_written:
            shown = turn.answer.strip()
            sources = []
            if turn.rendered and turn.steps[-1].tool in CONTENT_TOOLS:
                # Figures read from documents: every file read is a source, marked where its figure is shown.
                sources = small_result_sources(turn.steps[-1:], limit=len(turn.steps[-1].paths))
                shown = marked(shown, sources)
            elif turn.rendered:
                sources = small_result_sources(turn.steps[-1:], limit=20)
            yield AnswerToken(shown)
        else:
            if turn.stream is not None:
                rest = turn.stream.flush()
                if rest:
                    yield AnswerToken(rest)
                shown = turn.stream.shown
            else:
                turn.citations.start_answer()
                shown = "".join(turn.citations.cite(s) for s in sentences(turn.answer.strip()))
                if shown:
                    yield AnswerToken(shown)
            cited = [s.to_json() for s in turn.citations.cited()]
            sources = cited or small_result_sources(turn.steps)
        answer = Answer(shown.strip(), sources, turn.steps, turn.usage, time.perf_counter() - turn.started_at, turn.fired, turn.drafts)
        yield Answered(answer)


class AnswerStream:
    """The answer text as the user sees it while it is generated: the model's raw pieces (unwrapped from
    a respond call when there is one) pass out a sentence at a time, each with its citation markers.
    """

    def __init__(self, citations: Citations, unwrap: AnswerFieldStream | PlainAnswerStream):
        self.citations = citations
        self.unwrap = unwrap
        self.raw = ""
        self.pending = ""
        self.shown = ""
        citations.start_answer()

    def feed(self, piece: str) -> str:
        text = self.unwrap.feed(piece)
        self.raw += text
        self.pending += text
        parts = sentences(self.pending)
        complete, self.pending = parts[:-1], parts[-1] if parts else ""
        out = "".join(self.citations.cite(s) for s in complete)
        self.shown += out
        return out

    def flush(self) -> str:
        out = self.citations.cite(self.pending.rstrip()) if self.pending.strip() else ""
        self.pending = ""
        self.shown += out
        return out


def marked(text: str, sources: list[dict]) -> str:
    """The text with [n] after the first mention of each source's path."""
    for source in sources:
        text = re.sub(rf"(?<![\w/.-]){re.escape(source['path'])}(?![\w/-])(?!\.\w)", lambda m: f"{m.group(0)} [{source['n']}]", text, count=1)
    return text


def small_result_sources(steps: list[Step], limit: int = 5) -> list[dict]:
    """For an answer without markers: the files of the results, when there are few enough to all matter."""
    touched: dict[str, str] = {}
    for step in steps:
        for path in step.paths:
            touched.setdefault(path, step.tool)
    chosen = list(touched) if len(touched) <= limit else []
    return [{"n": number, "path": path, "tool": touched[path]} for number, path in enumerate(chosen, start=1)]
