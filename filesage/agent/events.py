"""What a run of the agent yields, for the command line and the MCP server to render: the tool chosen, its
result, the answer as it is written (or withdrawn), and the answer with its sources, steps and usage."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from ..llm.base import Generation, Usage
from ..tools.result import ToolResult

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


def final_answer(events) -> Answer:
    """The answer at the end of a run's events, for callers that show nothing on the way. The run is followed to its
    end: what it does after the answer (the rest of a new folder indexed in the background) happens for them too."""
    answers = [event.answer for event in events if isinstance(event, Answered)]
    if not answers:
        raise RuntimeError("the agent ended without an answer")
    return answers[-1]
