"""The bounded agent loop: ask the model, parse its call, run the tool, feed the result back, stop. It yields
events the CLI renders, writes the turn's log, and applies what the policies handed to it decide at their
points (agent/decisions.py); it decides nothing about the model's output itself. Two bounds are its own: at
most max_steps tool calls (a step a policy asks for is not run past them, nor a call already made), and the
time limit, after which the answer says what was gathered."""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Callable, Iterator

from ..errors import UsageError
from ..grounding.claims import sentences
from ..llm.base import ChatModel, Generation, Messages
from ..llm.parser import ToolCall, extract_tool_call
from ..tools.registry import CONTENT_TOOLS, ToolRegistry
from ..tools.result import ToolResult, trim
from . import prompts
from .decisions import (
    AFTER_STEP,
    ANSWER_CALL,
    BEFORE_ANSWER,
    EACH_CALL,
    FIRST_CALL,
    Accept,
    AskAnswer,
    FollowUp,
    Hint,
    Policy,
    Rendered,
    Retry,
    Rewrite,
)
from .events import NO_GENERATION, Answer, Answered, AnswerRetracted, AnswerToken, Event, Step, ToolChosen, ToolFinished
from .state import AskedAgain, Drafted, Fired, Ran, Rewrote, TimeUp, Turn
from .streams import AnswerStream, PlainAnswerStream, marked, said_once, small_result_sources

if TYPE_CHECKING:
    from ..tools.toolbox import Toolbox

MAX_QUESTION_CHARS = 4000
# A tool result longer than this is cut (with a marker) so that five of them still fit in n_ctx 8192.
MAX_RESULT_CHARS = 3500
CALL_TOKENS = 400
ANSWER_TOKENS = 400


@dataclass
class Answering:
    """Where the loop stands with the answer; the loop's alone (policies read the turn's log instead)."""

    wants: bool = False  # the next model call asks for the answer in plain words
    text: str | None = None
    rendered: bool = False  # written by the program from tool results
    as_written: bool = False  # the program's own words (not found): no markers, no sources
    stream: AnswerStream | None = None  # what was streamed of the answer that stands
    last_said: str = ""  # the model's last output, as it goes back into the conversation


class Agent:
    def __init__(
        self,
        model: ChatModel,
        registry: ToolRegistry,
        max_steps: int = 5,
        history_turns: int = 2,
        today: date | None = None,
        folder: str = "the folder",
        policies: list[Policy] | None = None,
        time_limit: float = 300.0,
        tree: "Toolbox | None" = None,
        languages: "Callable[[], Counter] | None" = None,
        said_in_files: "Callable[..., bool] | None" = None,
        files_saying: "Callable[[str], int] | None" = None,
    ):
        """policies: the rules that override or complete the model, in the order they are consulted at each
        point (filesage.policies.in_force() gives them all); none, and the model's calls stand as it wrote them."""
        self.model = model
        self.registry = registry
        self.max_steps = max_steps
        self.history_turns = history_turns
        self.folder = folder
        self.policies = list(policies or [])
        self.tree = tree
        self.languages = languages
        self.said_in_files = said_in_files
        self.files_saying = files_saying
        self.time_limit = time_limit
        self.system = prompts.agent_system(registry.prompt_listing(), today)

    def run(self, question: str, history: list[dict] | None = None, as_written: str = "") -> Iterator[Event]:
        """as_written: the question as the user wrote it, when a plan wrote it out in full ("what's her e-mail?")."""
        turn = self._start(question, history)
        turn.as_written = as_written or turn.asked
        state = Answering()
        try:
            while state.text is None:
                if state.wants or turn.steps_left() <= 0:
                    yield from self._answer(turn, state)
                else:
                    yield from self._step(turn, state)
        except TimeUp:
            gathered = prompts.GATHERED.format(result=turn.last_found) if turn.last_found else prompts.NOTHING_GATHERED
            state.text, state.stream, state.as_written = prompts.TIME_LIMIT.format(seconds=self.time_limit, gathered=gathered), None, True
        yield from self._finish(turn, state)

    def _at(self, point: str) -> list[Policy]:
        return [p for p in self.policies if p.point == point]

    def _step(self, turn: Turn, state: Answering) -> Iterator[Event]:
        """One model call for a tool; the tool runs and its result goes back, or a respond call is the draft."""
        generation = yield from self._generate(turn, state, self.registry.call_schema(), CALL_TOKENS, None)
        call, by = extract_tool_call(generation.text), "model"
        if turn.usage.calls == 1:
            call, by = self._first_call(turn, call)
        if call is None and generation.text.strip():
            yield from self._check(turn, state, generation.text.strip(), generation.text, None)  # plain words: its answer
            return
        for policy in self._at(EACH_CALL):
            decision = policy.function(turn, call)
            if isinstance(decision, AskAnswer):
                turn.record(Fired(policy.name))
                if decision.message:
                    turn.messages.append({"role": "user", "content": decision.message})
                state.wants = True
                return
        if call is not None and call.name == "respond":
            yield from self._check(turn, state, str(call.arguments.get("answer", "")).strip(), generation.text, None)
            return
        # A call that names no tool goes to the registry like any other, which tells the model what exists.
        yield from self._run(turn, state, call or ToolCall("", {}), by, generation)

    def _first_call(self, turn: Turn, call: ToolCall | None) -> tuple[ToolCall | None, str]:
        """The call to run, and who chose it: "model", or the last policy that changed it."""
        by = "model"
        for policy in self._at(FIRST_CALL):
            replaced = policy.function(turn, call)
            if isinstance(replaced, Rewrite):
                turn.record(Rewrote(replaced.question))
                replaced = replaced.call  # None: the question is rewritten, the call kept
            if replaced is not None:
                call, by = replaced, policy.name
                turn.record(Fired(policy.name))
        return call, by

    def _run(self, turn: Turn, state: Answering, call: ToolCall, by: str, generation: Generation) -> Iterator[Event]:
        """Run a tool, then whatever the after-step policies add, feeding each result back to the model."""
        while True:
            result = yield from self._run_tool(turn, call, by, generation)
            decision, chooser = self._after_step(turn)
            if isinstance(decision, Rendered):
                state.text, state.rendered = decision.text, True
                return
            if isinstance(decision, FollowUp) and turn.steps_left() > 0 and self._key(decision.call) not in turn.calls:
                self._feed_back(turn, state, call, result, decision.replace_last or None)
                call, by, generation = decision.call, chooser, NO_GENERATION
                continue
            state.wants = isinstance(decision, AskAnswer)
            self._feed_back(turn, state, call, result, None)
            if isinstance(decision, Hint):
                turn.messages[-1]["content"] += "\n" + decision.message
            return

    def _after_step(self, turn: Turn) -> tuple[object, str]:
        for policy in self._at(AFTER_STEP):
            decision = policy.function(turn)
            if decision is not None:
                turn.record(Fired(policy.name))
                return decision, policy.name
        return None, ""

    def _key(self, call: ToolCall) -> str:
        """A call as the tool sees it, so that 'pdf' and 'PDF' are the same call."""
        try:
            arguments = self.registry.normalise(call.name, call.arguments) if call.name in self.registry.tools else call.arguments
        except ValueError:
            arguments = call.arguments
        return json.dumps([call.name, arguments], sort_keys=True, default=str)

    def _answer(self, turn: Turn, state: Answering) -> Iterator[Event]:
        """Ask for the answer in plain words (or take the one a policy settles without the model)."""
        verdict, _ = self._before_answer(turn, None)
        if isinstance(verdict, Accept):
            state.text, state.as_written = verdict.text, verdict.as_written
            return
        if turn.steps_left() <= 0 and not state.wants:
            turn.messages.append({"role": "user", "content": prompts.FORCED_ANSWER})
        state.wants = True
        state.stream = AnswerStream(turn.citations, PlainAnswerStream())
        generation = yield from self._generate(turn, state, None, ANSWER_TOKENS, state.stream.feed)
        call = extract_tool_call(generation.text) if generation.text.lstrip()[:1] in "{<[" else None
        if call is not None and call.name != "respond":
            for policy in self._at(ANSWER_CALL):
                decision = policy.function(turn, call)
                if isinstance(decision, Retry) and turn.retries_by(policy.name) >= policy.retries:
                    decision = decision.otherwise
                if isinstance(decision, Retry):
                    turn.record(Fired(policy.name))
                    turn.record(AskedAgain(policy.name))
                    turn.messages += [{"role": "assistant", "content": generation.text}, {"role": "user", "content": decision.message}]
                    state.stream = None
                    return
                if isinstance(decision, Accept):
                    turn.record(Fired(policy.name))
                    state.text, state.stream, state.as_written = decision.text, None, decision.as_written
                    return
        yield from self._check(turn, state, state.stream.raw, generation.text, state.stream)

    def _before_answer(self, turn: Turn, draft: str | None) -> tuple[Accept | Retry | None, str]:
        """The first Retry of a check with retries left, or the draft as the checks changed it: a draft one check
        shortened (an unsupported claim taken out) still goes through the checks after it."""
        changed, by = None, ""
        for policy in self._at(BEFORE_ANSWER):
            verdict = policy.function(turn, draft)
            if isinstance(verdict, Retry) and turn.retries_by(policy.name) >= policy.retries:
                verdict = verdict.otherwise
            if verdict is None:
                continue
            turn.record(Fired(policy.name))
            if isinstance(verdict, Accept) and draft is not None and not verdict.as_written:
                changed, draft, by = verdict, verdict.text, policy.name
                continue
            return verdict, policy.name
        return changed, by

    def _check(self, turn: Turn, state: Answering, draft: str, said: str, stream: AnswerStream | None) -> Iterator[Event]:
        verdict, by = self._before_answer(turn, draft)
        outcome = "retry" if isinstance(verdict, Retry) else "changed" if isinstance(verdict, Accept) and verdict.text != draft else "accepted"
        turn.record(Drafted(draft, outcome, by))
        if isinstance(verdict, Retry):
            yield AnswerRetracted(verdict.withdrawn)
            turn.messages += [{"role": "assistant", "content": said}, {"role": "user", "content": verdict.message}]
            state.wants = verdict.answer_only or not turn.tools_left()
            state.stream = None
            return
        if isinstance(verdict, Accept) and verdict.text != draft:
            if stream is not None and stream.shown:
                yield AnswerRetracted([])
            state.text, state.stream, state.as_written = verdict.text, None, verdict.as_written
            return
        state.text, state.stream = draft, stream

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
        return Turn(question, messages, turns, set(self.registry.tools), self.max_steps, self.folder, self.tree, self.languages, self._key,
                    self.said_in_files, files_saying=self.files_saying)

    def _run_tool(self, turn: Turn, call: ToolCall, by: str, generation: Generation) -> Iterator[Event]:
        step = len(turn.steps)
        yield ToolChosen(step, call.name, call.arguments, by)
        started = time.perf_counter()
        key = self._key(call)
        args, result = self.registry.execute(call.name, call.arguments)
        record = Step(
            call.name,
            args,
            by,
            result.summary,
            result.ok,
            result.ok and result.found,
            round(time.perf_counter() - started + generation.seconds, 3),
            generation.evaluated_tokens,
            generation.completion_tokens,
            result.paths,
        )
        shown = turn.citations.mark(trim(result.text, MAX_RESULT_CHARS), result.paths, result.locations, call.name) if record.found else ""
        turn.record(Ran(record, result, key, shown))
        yield ToolFinished(step, record, result)
        return result

    def _feed_back(self, turn: Turn, state: Answering, call: ToolCall, result: ToolResult, shown: str | None) -> None:
        """The call and its result as the model sees them next: an error to fix, nothing found, a result to
        answer from, or a result to go on from (shown overrides the wording)."""
        step = turn.steps[-1]
        # In the question's own letters: escaped ("r\\u00e9sum\\u00e9") the model copies the escapes into its answer.
        said = json.dumps({"name": call.name, "arguments": call.arguments}, ensure_ascii=False) if step.by != "model" else None
        text = turn.last_found if step.found else trim(result.text, MAX_RESULT_CHARS)
        if shown is None:
            if not result.ok:
                shown = prompts.TOOL_ERROR.format(tool=call.name, result=text)
            elif not step.found:
                shown = prompts.TOOL_RESULT_EMPTY.format(tool=call.name, result=text)
            elif state.wants:
                shown = prompts.TOOL_RESULT.format(tool=call.name, result=text, question=turn.question, hint=prompts.ANSWER_HINTS.get(call.name, ""))
            else:
                shown = prompts.TOOL_RESULT_GO_ON.format(tool=call.name, result=text)
        turn.messages.append({"role": "assistant", "content": said or state.last_said})
        turn.messages.append({"role": "user", "content": shown})

    def _generate(self, turn: Turn, state: Answering, schema: dict | None, max_tokens: int, answer_text) -> Iterator[Event]:
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
        state.last_said = generation.text
        return generation

    def _finish(self, turn: Turn, state: Answering) -> Iterator[Event]:
        """The answer as the user gets it: what a stream passed out is its start and the last sentence
        follows; an answer that was not streamed follows whole, with its citation markers. An answer the
        program rendered from tool results names its files itself and carries them as its sources."""
        if state.rendered or state.as_written:
            shown = state.text.strip()
            sources = []
            if state.rendered and turn.steps[-1].tool in CONTENT_TOOLS:
                # Figures read from documents: every file read is a source, marked where its figure is shown.
                sources = small_result_sources(turn.steps[-1:], limit=len(turn.steps[-1].paths))
                shown = marked(shown, sources)
            elif state.rendered:
                sources = small_result_sources(turn.steps[-1:], limit=20)
            yield AnswerToken(shown)
        else:
            if state.stream is not None:
                rest = state.stream.flush()
                if rest:
                    yield AnswerToken(rest)
                shown = state.stream.shown
            else:
                turn.citations.start_answer()
                shown = "".join(turn.citations.cite(s) for s in said_once(sentences(state.text.strip()), set()))
                if shown:
                    yield AnswerToken(shown)
            cited = [s.to_json() for s in turn.citations.cited()]
            sources = cited or small_result_sources(turn.steps)
        # What the tools could not look at (a folder still being indexed) is said with the answer, whatever it is.
        notes = [note for note in dict.fromkeys(result.coverage for result in turn.results) if note]
        if notes:
            yield AnswerToken("\n\n" + "\n".join(notes))
            shown = shown.rstrip() + "\n\n" + "\n".join(notes)
        answer = Answer(shown.strip(), sources, turn.steps, turn.usage, time.perf_counter() - turn.started_at, turn.fired, turn.drafts)
        yield Answered(answer)
