"""`filesage chat`: the interactive terminal chat, with a live status line per step and slash commands."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Optional

import typer

from .. import __version__
from ..config import data_dir
from ..errors import FilesageError
from ..workspace import Workspace, settings_from
from .options import LlmUrlOption, MaxStepsOption, ModelOption, ThreadsOption, TimeLimitOption
from .render import IndexProgress, call_text, err, out, print_sources

CHAT_HELP = """Ask anything about the files in the folder. Enter sends; Esc then Enter adds a line.
/sources   the last answer's sources       /steps   the last answer's tool trace
/reset     forget the conversation         /root DIR   switch to another folder
/index     refresh the search index now    /model   which model is answering
/help      this text                       /exit    leave (or Ctrl-D)
Ctrl-C stops an answer being written and returns to the prompt."""



def chat(
    root: Optional[str] = typer.Argument(None, help="The folder to talk about (default: FILESAGE_ROOT, config, or the current folder)."),
    model: Optional[str] = ModelOption,
    threads: Optional[int] = ThreadsOption,
    max_steps: Optional[int] = MaxStepsOption,
    time_limit: Optional[int] = TimeLimitOption,
    llm_url: Optional[str] = LlmUrlOption,
) -> None:
    """Talk about the files in a folder, interactively."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory
    from prompt_toolkit.key_binding import KeyBindings

    settings = settings_from(root, model, threads, max_steps, time_limit, llm_url)
    with err.status("Loading the model..."):
        workspace = Workspace(settings, progress=IndexProgress())
        if workspace.resolved is None:
            workspace.llm.served_models()  # a server that is down fails here, not at the first question
        else:
            workspace.llm.llama
    answering = workspace.llm if workspace.resolved is None else workspace.resolved.path.name
    out.print(f"filesage {__version__} · {answering} · folder {workspace.root}", markup=False)
    out.print("Type a question, /help for commands, Ctrl-D to leave.", style="dim", markup=False)
    bindings = KeyBindings()

    @bindings.add("escape", "enter")
    def _(event):
        event.current_buffer.insert_text("\n")

    history_path = data_dir() / "chat_history"
    history_path.parent.mkdir(parents=True, exist_ok=True)
    session = PromptSession(history=FileHistory(str(history_path)), key_bindings=bindings, multiline=False)
    conversation: list[dict] = []
    last = None
    while True:
        try:
            text = session.prompt("› ").strip()
        except KeyboardInterrupt:
            continue
        except EOFError:
            break
        if not text:
            continue
        if text.startswith("/"):
            command, _, argument = text.partition(" ")
            if command == "/exit":
                break
            elif command == "/help":
                out.print(CHAT_HELP, markup=False)
            elif command == "/reset":
                conversation, last = [], None
                out.print("Conversation forgotten.", style="dim", markup=False)
            elif command == "/sources":
                print_sources(last.sources) if last and last.sources else out.print("No sources yet.", markup=False)
            elif command == "/steps":
                for number, step in enumerate(last.steps if last else [], start=1):
                    out.print(f"{number}. {call_text(step.tool, step.args)} by {step.by}: {step.summary} ({step.seconds:.1f} s)", markup=False)
                if not last or not last.steps:
                    out.print("No tool was used for the last answer.", markup=False)
            elif command == "/root":
                try:
                    workspace.set_root(Path(argument.strip() or ".").expanduser())
                    conversation, last = [], None
                    out.print(f"Folder: {workspace.root}", markup=False)
                except FilesageError as exc:
                    err.print(f"error: {exc}", markup=False)
            elif command == "/index":
                try:
                    out.print(workspace.searcher.index.refresh(workspace.progress).summary(), markup=False)
                except FilesageError as exc:
                    err.print(f"error: {exc}", markup=False)
                except KeyboardInterrupt:
                    out.print("Stopped; the index is as it was before.", style="dim", markup=False)
                finally:
                    workspace.progress.close()
            elif command == "/model":
                if workspace.resolved is None:
                    out.print(str(workspace.llm), markup=False)
                else:
                    out.print(f"{workspace.resolved.path} (from {workspace.resolved.source}), {workspace.llm.threads} threads", markup=False)
            else:
                out.print(f"Unknown command {command}; /help lists them.", markup=False)
            continue
        try:
            last = chat_turn(workspace, text, conversation)
        except KeyboardInterrupt:
            out.print("Stopped.", style="dim", markup=False)
            continue
        except FilesageError as exc:
            err.print(f"error: {exc}", markup=False)
            continue
        # The sources go with the answer: a follow-up ("and who signed it?") looks there first.
        conversation += [{"role": "user", "content": text}, {"role": "assistant", "content": last.text, "sources": last.sources}]


def chat_turn(workspace: Workspace, question: str, conversation: list[dict]):
    """One question in the chat: a live status line per step, then the answer as Markdown and its sources."""
    from rich.markdown import Markdown

    from ..agent.events import Answered, AnswerRetracted, AnswerToken, ToolChosen, ToolFinished

    started = time.perf_counter()
    with out.status("Thinking...") as status:
        # One live display at a time: index progress goes into the status line, not its own bars.
        workspace.searcher.on_progress = lambda stage, done, total: status.update(f"Indexing the folder: {stage} {done}/{total}")
        for event in workspace.run(question, conversation):
            if isinstance(event, ToolChosen):
                status.update(f"{call_text(event.tool, event.args)}...")
            elif isinstance(event, ToolFinished):
                record = event.record
                mark = "✓" if record.ok else "✗"
                out.print(f"{mark} {call_text(record.tool, record.args)} → {record.summary} ({record.seconds:.1f} s)", style="dim", markup=False)
                status.update("Thinking...")
            elif isinstance(event, AnswerToken):
                status.update("Writing the answer...")
            elif isinstance(event, AnswerRetracted):
                status.update(f"Checking the answer again: the results do not say {', '.join(event.unsupported)}...")
            elif isinstance(event, Answered):
                answer = event.answer
    out.print(Markdown(answer.text))
    print_sources(answer.sources)
    out.print(f"({time.perf_counter() - started:.1f} s)", style="dim", markup=False)
    return answer

