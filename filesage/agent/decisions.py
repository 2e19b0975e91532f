"""What a policy may decide at each point of the loop: the loop's whole vocabulary for being overridden. The
policies themselves live in filesage/policies/; the loop applies what they return and records it.

- FIRST_CALL  (turn, call) -> ToolCall | Rewrite | None: replaces the model's first tool call.
- EACH_CALL   (turn, call) -> AskAnswer | None: the model's call at any step is not run; the answer is asked for.
- AFTER_STEP  (turn) -> FollowUp | Rendered | AskAnswer | Hint | None: after a tool ran.
- ANSWER_CALL (turn, call) -> Retry | Accept | None: the model wrote a tool call where its answer was asked for.
- BEFORE_ANSWER (turn, draft) -> Accept | Retry | None: checks a draft answer (draft is None before the
  model is asked, so a policy can settle the answer without a model call).
- PLAN (question, history, tree) -> bool: before the loop, the question may need several looks or lean on the
  conversation, and the model is asked for a plan (agent/planner.py).
- PLANNED (plan, question, history, tree) -> Plan | NO_PLAN | None: the model's plan, corrected (a new Plan), not
  followed (NO_PLAN: the question goes to the loop as asked), or left as it is (None).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..llm.parser import ToolCall

FIRST_CALL, EACH_CALL, AFTER_STEP, ANSWER_CALL, BEFORE_ANSWER = "first_call", "each_call", "after_step", "answer_call", "before_answer"
PLAN, PLANNED = "plan", "planned"
POINTS = (PLAN, PLANNED, FIRST_CALL, EACH_CALL, AFTER_STEP, ANSWER_CALL, BEFORE_ANSWER)


@dataclass(frozen=True)
class Rendered:
    """The answer, written from tool results by the program."""

    text: str


@dataclass(frozen=True)
class Accept:
    text: str
    as_written: bool = False  # the program's own words: no citation markers, no sources


@dataclass(frozen=True)
class Retry:
    """The draft goes back to the model with what is wrong with it, while the check that says so has retries
    left (Policy.retries); after that, `otherwise` stands (None: the draft goes on to the next check).
    answer_only: the results already hold the answer (the message names the line), so the model is asked to
    answer again, not offered tools."""

    message: str
    withdrawn: list[str]
    answer_only: bool = False
    otherwise: Accept | None = None


@dataclass(frozen=True)
class Hint:
    """Something the model is told beside a result before it chooses its next call."""

    message: str


@dataclass(frozen=True)
class FollowUp:
    """A step the program runs next without asking the model; replace_last rewrites the message that
    showed the previous result (a listing shown as 'read next', not as the answer)."""

    call: ToolCall
    replace_last: str = ""


@dataclass(frozen=True)
class AskAnswer:
    """No further tool: the model is asked for its answer in plain words, told `message` first when there is one."""

    message: str = ""


ASK_ANSWER = AskAnswer()


@dataclass(frozen=True)
class Rewrite:
    """The question is another than it reads ("what about 2019 then?" is the question before, for 2019): the
    turn answers `question`, starting with `call`."""

    question: str
    call: ToolCall | None  # None: the model's call stands


class NoPlan:
    """The model's plan is not followed: the question goes to the loop as it was asked."""


NO_PLAN = NoPlan()


@dataclass(frozen=True)
class Policy:
    """A named rule at one point of the loop; `retries` is how often its Retry may send drafts back in one question."""

    name: str
    point: str
    function: Callable
    retries: int = 1
