"""What one question gathers, kept as an append-only log that only the loop writes and the policies read: the
steps taken, the policies that acted, the drafts and what the checks made of them. What was found, which calls
were made and how often a check sent a draft back are all read off the log, never kept beside it."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from ..grounding.citations import Citations
from ..grounding.claims import Evidence
from ..llm.base import Messages, Usage
from ..tools.registry import CONTENT_TOOLS
from ..tools.result import ToolResult
from .events import Step

if TYPE_CHECKING:
    from ..tools.toolbox import Toolbox


class TimeUp(Exception):
    """The question's time limit passed; the answer says so, with what was gathered."""


@dataclass(frozen=True)
class Ran:
    """A tool ran. shown: its result as the model saw it, with the sources' numbers ('' when it found nothing)."""

    step: Step
    result: ToolResult
    key: str  # the call as the tool sees it ('pdf' and 'PDF' alike), so that none is made twice
    shown: str = ""  # meaningful where step.found


@dataclass(frozen=True)
class Fired:
    """A policy changed the course of the turn."""

    policy: str


@dataclass(frozen=True)
class Drafted:
    """An answer the model drafted: accepted, sent back ("retry"), or changed by a check, and by which."""

    text: str
    verdict: str
    by: str


@dataclass(frozen=True)
class Rewrote:
    """The turn answers another question from here on (a policy's Rewrite)."""

    question: str


@dataclass(frozen=True)
class AskedAgain:
    """The model wrote a tool call where its answer was asked for, and a policy asked once more."""

    policy: str


Entry = Ran | Fired | Drafted | Rewrote | AskedAgain


def with_basis(ran: "Ran") -> str:
    """What a step showed, and the passages it rests on after a blank line: a passage is no line of the last source shown."""
    return f"{ran.shown}\n\n{ran.result.basis}" if ran.result.basis else ran.shown


@dataclass
class Turn:
    """One question: what it starts from (never changed), the log, and the conversation the model sees."""

    asked: str  # the question as the user asked it
    messages: Messages  # the loop's: what the model is shown
    history: list[dict]
    tools: set[str]  # every tool the registry has
    max_steps: int
    folder: str  # how answers name the folder: "~/Documents"
    tree: "Toolbox | None"  # the folder's files, for policies that match a question's words to them
    languages_of: "Callable[[], Counter] | None"  # the languages of the indexed files
    key_of: "Callable[[object], str] | None" = None  # a call as the tool sees it
    # Some file of the folder (of the paths, when given) says the word (or may: not all are indexed).
    said_in_files: "Callable[..., bool] | None" = None
    files_saying: "Callable[[str], int] | None" = None  # how many of the folder's files say the word as written
    as_written: str = ""  # the question as the user wrote it, before a plan wrote it out in full
    started_at: float = field(default_factory=time.perf_counter)
    usage: Usage = field(default_factory=Usage)
    citations: Citations = field(default_factory=Citations)  # the loop's: source numbers given out so far
    log: list[Entry] = field(default_factory=list)

    def record(self, entry: Entry) -> None:
        self.log.append(entry)

    @property
    def question(self) -> str:
        """The question being answered: the user's, or the one a policy rewrote it to."""
        return next((e.question for e in reversed(self.log) if isinstance(e, Rewrote)), self.asked)

    def _ran(self) -> list[Ran]:
        return [e for e in self.log if isinstance(e, Ran)]

    @property
    def steps(self) -> list[Step]:
        return [e.step for e in self._ran()]

    @property
    def results(self) -> list[ToolResult]:
        return [e.result for e in self._ran()]

    @property
    def calls(self) -> set[str]:
        return {e.key for e in self._ran()}

    def _found(self, content: bool) -> list[str]:
        return [with_basis(e) for e in self._ran() if e.step.found and (e.step.tool in CONTENT_TOOLS) == content]

    @property
    def content_found(self) -> list[str]:
        """Found results of what the files say (with the passages behind them)."""
        return self._found(True)

    @property
    def listings_found(self) -> list[str]:
        """Found results about the files themselves."""
        return self._found(False)

    @property
    def last_found(self) -> str:
        """The text of the last result that found something, as the model saw it."""
        return next((e.shown for e in reversed(self._ran()) if e.step.found), "")

    @property
    def evidence(self) -> Evidence:
        """Everything an answer may rest on: the question, the conversation, what the tools found."""
        return Evidence([self.asked, *(t["content"] for t in self.history), *(with_basis(e) for e in self._ran() if e.step.found)])

    @property
    def fired(self) -> list[str]:
        return [e.policy for e in self.log if isinstance(e, Fired)]

    @property
    def drafts(self) -> list[dict]:
        return [{"text": e.text, "verdict": e.verdict, "by": e.by} for e in self.log if isinstance(e, Drafted)]

    def retries_by(self, policy: str) -> int:
        """How often a policy has sent the model back to its answer in this turn."""
        return sum(1 for e in self.log if (isinstance(e, Drafted) and e.verdict == "retry" and e.by == policy) or (isinstance(e, AskedAgain) and e.policy == policy))

    def made(self, call) -> bool:
        """The call was made before in this turn (as the tool sees it: 'pdf' and 'PDF' alike)."""
        return self.key_of is not None and self.key_of(call) in self.calls

    @property
    def asked_again(self) -> bool:
        return any(isinstance(e, AskedAgain) for e in self.log)

    def folders(self) -> list[str]:
        return self.tree.folders if self.tree is not None else []

    def languages(self) -> Counter:
        """How many of the folder's files are written in each language."""
        return self.languages_of() if self.languages_of is not None else Counter()

    def tree_words(self) -> set[str]:
        """The words of the folder's own file and folder names."""
        return self.tree.name_words() if self.tree is not None else set()

    def names_a_file(self, name: str) -> bool:
        """Some file's path in the folder holds the name ("paper_0042" of "scans/paper_0042.pdf")."""
        name = name.lower()
        return self.tree is not None and any(name in entry.path.lower() for entry in self.tree.entries)

    def steps_left(self) -> int:
        return self.max_steps - len(self.steps)

    def tools_left(self) -> list[str]:
        return sorted(self.tools - {"respond"}) if self.steps_left() > 0 else []
