"""The command line: `filesage ask`, `filesage doctor`, and the rendering of agent events."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

from . import __version__
from .errors import FilesageError, UsageError

# Nothing filesage runs may reach for a model hub; set before any library that reads these is imported.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

EXIT_CODES = """Exit codes: 0 answered, 2 usage or input error, 3 model or index failure."""

app = typer.Typer(
    name="filesage",
    help=f"Answer questions about the files in a folder, offline, with one small local model.\n\n{EXIT_CODES}",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
err = Console(stderr=True, highlight=False, soft_wrap=True)
out = Console(highlight=False, soft_wrap=True)

ModelOption = typer.Option(None, "--model", help="GGUF model file (default: FILESAGE_MODEL, models/, then the embedded model).")
ThreadsOption = typer.Option(None, "--threads", help="CPU threads for the model (default: physical cores).")


def version_callback(value: bool) -> None:
    if value:
        print(f"filesage {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: bool = typer.Option(False, "--version", callback=version_callback, is_eager=True, help="Print the version and exit."),
) -> None:
    """Answer questions about the files in a folder, offline."""


def load_model(model: str | None, threads: int | None):
    from .models import LlamaModel, physical_cores, resolve_model

    resolved = resolve_model(model)
    return resolved, LlamaModel(resolved.path, threads or physical_cores())


@app.command()
def doctor(
    model: Optional[str] = ModelOption,
    threads: Optional[int] = ThreadsOption,
) -> None:
    """Check the model and the environment; exits non-zero with the reason when something is missing."""
    from .config import cache_dir
    from .models import EMBEDDED_DEFAULT, file_sha256

    resolved, llm = load_model(model, threads)
    size = resolved.path.stat().st_size
    if resolved.embedded is not None:
        digest = file_sha256(resolved.path)
        if digest != resolved.embedded.sha256:
            raise FilesageError(
                f"{resolved.path} is corrupt (sha256 {digest[:16]}..., expected {EMBEDDED_DEFAULT.sha256[:16]}...); "
                "delete it and run filesage doctor again"
            )
        checksum = "sha256 verified"
    else:
        checksum = "not verified (no known checksum for a user-supplied model)"
    metadata = llm.gguf_metadata()
    import llama_cpp

    template = metadata.get("tokenizer.chat_template", "")
    rows = [
        ("model", f"{resolved.path} (from {resolved.source})"),
        ("size", f"{size:,} bytes, {checksum}"),
        ("architecture", f"{metadata.get('general.architecture', '?')} ({metadata.get('general.name', '?')})"),
        ("chat template", f"{len(template):,} characters" + (", tool calls supported" if "tool" in template else "")),
        ("llama.cpp", f"llama-cpp-python {llama_cpp.__version__}, {llama_cpp.llama_print_system_info().decode().strip()[:120]}"),
        ("threads", str(llm.threads)),
        ("cache", str(cache_dir())),
        ("indexes", str(cache_dir() / "indexes")),
    ]
    for name, value in rows:
        out.print(f"[bold]{name:>13}[/bold]  {value}")
    out.print("[green]ok[/green]: filesage is ready")


def read_history(path: Path | None) -> list[dict]:
    if path is None:
        return []
    try:
        turns = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"cannot read history file {path}: {exc.strerror}") from None
    except ValueError as exc:
        raise UsageError(f"history file {path} is not valid JSON ({exc})") from None
    if not isinstance(turns, list) or not all(
        isinstance(t, dict) and t.get("role") in ("user", "assistant") and isinstance(t.get("content"), str) for t in turns
    ):
        raise UsageError(f'history file {path} must be a JSON list of {{"role": "user"|"assistant", "content": str}}')
    return turns


class IndexProgress:
    """Renders index refresh progress on stderr: files read, chunks embedded (with rate and ETA)."""

    def __init__(self):
        self.progress = None
        self.tasks: dict[str, int] = {}

    def __call__(self, stage: str, done: int, total: int) -> None:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn
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


def build_agent(root: Path, model: str | None, threads: int | None, refresh: bool = True, progress=None):
    from .agent import Agent
    from .index import FolderIndex
    from .searcher import Searcher
    from .toolbox import Toolbox
    from .tools import ToolRegistry, respond

    toolbox = Toolbox(root)
    _, llm = load_model(model, threads)
    searcher = Searcher(FolderIndex(toolbox.root), llm, refresh=refresh, on_progress=progress)
    registry = ToolRegistry(
        [
            toolbox.count_files,
            toolbox.list_files,
            toolbox.file_metadata,
            toolbox.grep_files,
            toolbox.directory_tree,
            searcher.semantic_search,
            respond,
        ]
    )
    return Agent(llm, registry)


def render_plain(events, stream_answer: bool) -> dict:
    from .agent import Answered, AnswerToken, ToolChosen, ToolFinished

    streamed = False
    for event in events:
        if isinstance(event, ToolChosen):
            args = ", ".join(f"{k}={v!r}" for k, v in event.args.items())
            err.print(f"[dim]> {event.tool}({args}) chosen by {event.by}[/dim]")
        elif isinstance(event, ToolFinished):
            err.print(f"[dim]  {event.record.summary} ({event.record.seconds:.1f} s)[/dim]")
        elif isinstance(event, AnswerToken) and stream_answer:
            out.file.write(event.text)
            out.file.flush()
            streamed = True
        elif isinstance(event, Answered):
            answer = event.answer
            if not streamed:
                out.print(answer.text, markup=False)
            else:
                out.file.write("\n")
            if answer.sources:
                out.print("\nSources:")
                for number, source in enumerate(answer.sources, start=1):
                    out.print(f"  [{number}] {source['path']}", markup=False)
            return answer.to_json()
    raise RuntimeError("the agent ended without an answer")


@app.command()
def ask(
    question: str = typer.Argument(..., help="The question, or - to read one question per line from stdin."),
    root: Path = typer.Option(Path("."), "--root", "-r", help="The folder to answer about.", envvar="FILESAGE_ROOT"),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object: answer, sources, steps."),
    history: Optional[Path] = typer.Option(None, "--history", help='JSON list of {"role", "content"} turns to continue from.'),
    no_refresh: bool = typer.Option(False, "--no-refresh", help="Search the index as it is, without first indexing changed files."),
    model: Optional[str] = ModelOption,
    threads: Optional[int] = ThreadsOption,
) -> None:
    """Answer one question about the files under --root.

    Exit codes: 0 answered, 2 usage or input error, 3 model or index failure.
    """
    turns = read_history(history)
    if question != "-" and not question.strip():
        raise UsageError("the question is empty; ask something about the files")
    progress = IndexProgress()
    agent = build_agent(root, model, threads, refresh=not no_refresh, progress=progress)
    try:
        if question == "-":
            answer_stdin_lines(agent, turns)
        elif as_json:
            print(json.dumps(final_answer(agent.run(question, turns)).to_json(), ensure_ascii=False))
        else:
            render_plain(agent.run(question, turns), stream_answer=sys.stdout.isatty())
    finally:
        progress.close()


@app.command()
def index(
    root: Path = typer.Argument(Path("."), help="The folder to index.", envvar="FILESAGE_ROOT"),
) -> None:
    """Build or refresh the search index of a folder (kept in the user cache directory, never in the folder)."""
    from .index import FolderIndex
    from .toolbox import Toolbox

    toolbox = Toolbox(root)
    progress = IndexProgress()
    try:
        stats = FolderIndex(toolbox.root).refresh(progress)
    finally:
        progress.close()
    out.print(stats.summary(), markup=False)


def final_answer(events):
    from .agent import Answered

    for event in events:
        if isinstance(event, Answered):
            return event.answer
    raise RuntimeError("the agent ended without an answer")


def answer_stdin_lines(agent, turns: list[dict]) -> None:
    """One JSON line per question line, in order; a question that fails gets an error line and the run
    goes on. Blank lines are skipped."""
    for line in sys.stdin:
        question = line.strip()
        if not question:
            continue
        try:
            record = final_answer(agent.run(question, turns)).to_json()
        except FilesageError as exc:
            record = {"question": question, "error": str(exc)}
        print(json.dumps(record, ensure_ascii=False), flush=True)


def main() -> None:
    try:
        app()
    except FilesageError as exc:
        err.print(f"[red]error:[/red] {exc}", markup=True, highlight=False)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)
