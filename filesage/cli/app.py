"""The command line: `filesage ask`, `index`, `status`, `config` and `mcp` here, `doctor` and `chat` in their
own modules; exit codes and the one-line errors every command ends with."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Optional

import typer

from .. import __version__
from ..agent.events import final_answer
from ..config import Settings, config_file
from ..errors import FilesageError, UsageError
from ..workspace import Workspace, answering_directory, settings_from
from .chat import chat
from .doctor import doctor
from .options import LlmUrlOption, MaxStepsOption, ModelOption, ThreadsOption, TimeLimitOption
from .render import IndexProgress, err, out, print_events, render_plain

# Nothing filesage runs may reach for a model hub; set before any library that reads these is imported.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

EXIT_CODES = "Exit codes: 0 answered, 2 usage or input error, 3 model or index failure."

app = typer.Typer(
    name="filesage",
    help=f"Answer questions about the files in a folder, offline, with one small local model.\n\n{EXIT_CODES}",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def version_callback(value: bool) -> None:
    if value:
        print(f"filesage {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: bool = typer.Option(False, "--version", callback=version_callback, is_eager=True, help="Print the version and exit."),
) -> None:
    """Answer questions about the files in a folder, offline."""



app.command()(doctor)


@app.command()
def config() -> None:
    """Show the effective settings and where each one comes from (flag, environment, config file, default)."""
    settings = Settings.load()
    out.print(f"config file: {config_file()}" + ("" if config_file().exists() else " (not present)"), markup=False)
    for name, source in settings.sources.items():
        value = getattr(settings, name)
        out.print(f"{name:>13} = {value if value is not None else '(auto)'}    [{source}]", markup=False)


def read_history(name: str | None) -> list[dict]:
    if name is None:
        return []
    path = Path(name)
    try:
        turns = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"cannot read history file {path}: {exc.strerror}") from None
    except ValueError as exc:
        raise UsageError(f"history file {path} is not valid JSON ({exc})") from None
    if not isinstance(turns, list) or not all(
        isinstance(t, dict) and t.get("role") in ("user", "assistant") and isinstance(t.get("content"), str)
        and isinstance(t.get("sources", []), list) and all(isinstance(s, dict) and isinstance(s.get("path"), str) for s in t.get("sources", []))
        for t in turns
    ):
        raise UsageError(f'history file {path} must be a JSON list of {{"role": "user"|"assistant", "content": str}} '
                         f'(an answer may carry its "sources" as --json prints them)')
    return turns



@app.command()
def ask(
    question: str = typer.Argument(..., help="The question, or - to read one question per line from stdin."),
    root: Optional[str] = typer.Option(None, "--root", "-r", help="The folder to answer about (default: FILESAGE_ROOT, config, or the current folder)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object: answer, sources, steps."),
    events: bool = typer.Option(False, "--events", help="Stream newline-delimited JSON events: step_started, tool_result, answer_token, answer_retracted, answer_done."),
    history: Optional[str] = typer.Option(None, "--history", help='JSON list of {"role", "content"} turns to continue from (an answer may carry its --json "sources").'),
    no_refresh: bool = typer.Option(False, "--no-refresh", help="Search the index as it is, without first indexing changed files."),
    model: Optional[str] = ModelOption,
    threads: Optional[int] = ThreadsOption,
    max_steps: Optional[int] = MaxStepsOption,
    time_limit: Optional[int] = TimeLimitOption,
    llm_url: Optional[str] = LlmUrlOption,
) -> None:
    """Answer one question about the files under --root.

    Exit codes: 0 answered, 2 usage or input error, 3 model or index failure.
    """
    turns = read_history(history)
    if question != "-" and not question.strip():
        raise UsageError("the question is empty; ask something about the files")
    workspace = Workspace(settings_from(root, model, threads, max_steps, time_limit, llm_url), refresh=not no_refresh, progress=IndexProgress())
    if question == "-":
        answer_stdin_lines(workspace, turns, events)
    elif events:
        print_events(workspace.run(question, turns))
    elif as_json:
        print(json.dumps(final_answer(workspace.run(question, turns)).to_json(), ensure_ascii=False))
    else:
        render_plain(workspace.run(question, turns), stream_answer=sys.stdout.isatty())


def answer_stdin_lines(workspace: Workspace, turns: list[dict], events: bool) -> None:
    """One JSON line per question line, in order; a question that fails gets an error line and the run
    goes on. Blank lines are skipped."""
    sys.stdin.reconfigure(errors="replace")  # a stray undecodable byte costs one "?", not the run
    for line in sys.stdin:
        question = line.strip()
        if not question:
            continue
        try:
            if events:
                print_events(workspace.run(question, turns))
                continue
            record = final_answer(workspace.run(question, turns)).to_json()
        except FilesageError as exc:
            record = {"question": question[:200], "error": str(exc)}
        print(json.dumps(record, ensure_ascii=False), flush=True)


@app.command()
def index(
    root: Optional[str] = typer.Argument(None, help="The folder to index (default: FILESAGE_ROOT, config, or the current folder)."),
    background: bool = typer.Option(False, "--background", help="Quietly, at low priority, pausing while any filesage answers a question; "
                                    "nothing when another filesage is indexing the folder already."),
) -> None:
    """Build or refresh the search index of a folder (kept in the user cache directory, never in the folder)."""
    from ..index.store import FolderIndex
    from ..llm.cores import CoreSharing
    from ..tools.toolbox import Toolbox

    settings = settings_from(root, None, None)
    toolbox = Toolbox(Path(settings.root))
    if background:
        sharing = CoreSharing(answering_directory())

        def pause() -> None:
            while sharing.others():
                time.sleep(0.5)

        os.nice(10)
        FolderIndex(toolbox.root).refresh(pause=pause, busy_ok=True)
        return
    progress = IndexProgress()
    # The embedder keeps every core busy, so a question asked meanwhile takes its share rather than all of them.
    try:
        with CoreSharing(answering_directory()).answering():
            stats = FolderIndex(toolbox.root).refresh(progress)
    finally:
        progress.close()
    out.print(stats.summary(), markup=False)


@app.command()
def status(
    root: Optional[str] = typer.Argument(None, help="The folder (default: FILESAGE_ROOT, config, or the current folder)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """What the index of a folder holds, what it leaves out and why, and what changed since the last refresh."""
    from ..index.status import folder_status
    from ..tools.toolbox import Toolbox

    report = folder_status(Toolbox(Path(settings_from(root, None, None).root)).root)
    print(json.dumps(report.to_json(), ensure_ascii=False) if as_json else report.text())


@app.command("mcp")
def mcp_command(
    root: Optional[str] = typer.Argument(None, help="The folder its tools answer about (default: FILESAGE_ROOT, config, or the current folder)."),
    model: Optional[str] = ModelOption,
    threads: Optional[int] = ThreadsOption,
    llm_url: Optional[str] = LlmUrlOption,
) -> None:
    """Serve the folder's read-only tools, and ask, to an MCP client over stdio."""
    from .mcp_server import serve

    serve(Workspace(settings_from(root, model, threads, llm_url=llm_url), progress=IndexProgress()))



app.command()(chat)


def main() -> None:
    try:
        app()
    except FilesageError as exc:
        err.print(f"error: {exc}", markup=False)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        err.print("interrupted", markup=False)
        sys.exit(130)
    except SystemExit as exc:
        if exc.code == 130:  # typer turns Ctrl-C inside a command into a silent exit 130
            err.print("interrupted", markup=False)
        raise
