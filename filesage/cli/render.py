"""How the command line shows things: agent events as text or JSON lines, sources, index progress, and
doctor's rows. Only answers and JSON go to stdout; progress and steps go to stderr."""

from __future__ import annotations

import json

from rich.console import Console

# Rich follows the terminal: no colour when stdout is not one, and none when NO_COLOR is set.
err = Console(stderr=True, highlight=False, soft_wrap=True)
out = Console(highlight=False, soft_wrap=True)


class IndexProgress:
    """Renders index refresh progress on stderr: files read, chunks embedded (with rate and ETA)."""

    def __init__(self):
        self.progress = None
        self.tasks: dict[str, int] = {}

    def __call__(self, stage: str, done: int, total: int) -> None:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            ProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        from rich.text import Text

        class RateColumn(ProgressColumn):
            def render(self, task):
                return Text(f"{task.speed:6.1f}/s" if task.speed else "       ")

        if self.progress is None:
            self.progress = Progress(
                TextColumn("[bold]{task.description:>15}"), BarColumn(), MofNCompleteColumn(),
                RateColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                console=err, transient=False,
            )
            self.progress.start()
        if stage not in self.tasks:
            self.tasks[stage] = self.progress.add_task(stage, total=total)
        self.progress.update(self.tasks[stage], completed=done, total=total)

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()
            self.progress = None
            self.tasks = {}



def event_json(event) -> dict:
    from ..agent.events import Answered, AnswerRetracted, AnswerToken, ToolChosen, ToolFinished

    if isinstance(event, ToolChosen):
        return {"event": "step_started", "step": event.step, "tool": event.tool, "args": event.args, "by": event.by}
    if isinstance(event, ToolFinished):
        return {"event": "tool_result", "step": event.step, **event.record.to_json()}
    if isinstance(event, AnswerToken):
        return {"event": "answer_token", "text": event.text}
    if isinstance(event, AnswerRetracted):
        return {"event": "answer_retracted", "unsupported": event.unsupported}
    if isinstance(event, Answered):
        return {"event": "answer_done", **event.answer.to_json()}
    raise TypeError(f"unknown event {event!r}")


def call_text(tool: str, args: dict) -> str:
    """A tool call as people read it: count_files(extension='pdf', folder='')."""
    return f"{tool}(" + ", ".join(f"{k}={v!r}" for k, v in args.items()) + ")"


def print_events(events) -> None:
    for event in events:
        print(json.dumps(event_json(event), ensure_ascii=False), flush=True)


def render_plain(events, stream_answer: bool) -> None:
    from ..agent.events import Answered, AnswerRetracted, AnswerToken, ToolChosen, ToolFinished

    streamed = False
    for event in events:
        if isinstance(event, ToolChosen):
            err.print(f"> {call_text(event.tool, event.args)} chosen by {event.by}", style="dim", markup=False)
        elif isinstance(event, ToolFinished):
            err.print(f"  {event.record.summary} ({event.record.seconds:.1f} s)", style="dim", markup=False)
        elif isinstance(event, AnswerToken) and stream_answer:
            out.file.write(event.text)
            out.file.flush()
            streamed = True
        elif isinstance(event, AnswerRetracted):
            if streamed:
                out.file.write("\n")
            streamed = False
            err.print(f"  (withdrawn: the results do not say {', '.join(event.unsupported)}; checking again)", style="dim", markup=False)
        elif isinstance(event, Answered):
            answer = event.answer
            if streamed:
                out.file.write("\n")
            else:
                out.print(answer.text, markup=False)
            print_sources(answer.sources)


def print_sources(sources: list[dict]) -> None:
    if sources:
        out.print("\nSources:", markup=False)
        for source in sources:
            where = f", {source['location']}" if source.get("location") else ""
            out.print(f"  [{source['n']}] {source['path']}{where}", markup=False)



def decode_row(verdict) -> str:
    """How the test decode went: its rate, and why the model is loaded the slower way when it is."""
    rate = f"{verdict.tokens_per_second:.1f} tokens/s (a test decode of a few tokens in a child process)"
    if verdict.extra_buffers:
        return rate
    return f"{rate}, loaded without llama.cpp's extra buffer types because {verdict.problem}"


def print_rows(rows: list[tuple[str, str]]) -> None:
    for name, value in rows:
        out.print(f"{name:>13}  {value}", markup=False)
    out.print("ok: filesage is ready", markup=False)

