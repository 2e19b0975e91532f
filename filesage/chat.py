"""The command line: `filesage chat`, `ask`, `index`, `status`, `config`, `doctor` and `mcp`, and how agent events look."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

from . import __version__
from .config import Settings, cache_dir, config_file, data_dir
from .errors import FilesageError, ModelError, UsageError

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
# Rich follows the terminal: no colour when stdout is not one, and none when NO_COLOR is set.
err = Console(stderr=True, highlight=False, soft_wrap=True)
out = Console(highlight=False, soft_wrap=True)

ModelOption = typer.Option(None, "--model", help="GGUF model file (default: FILESAGE_MODEL, config, models/, then the embedded model); with --llm-url, the server's model name.")
LlmUrlOption = typer.Option(None, "--llm-url", help="OpenAI-compatible chat server to answer with instead of the embedded model, e.g. http://127.0.0.1:8080 (default: FILESAGE_LLM_URL, config).")
ThreadsOption = typer.Option(None, "--threads", help="CPU threads for the model (default: physical cores).")
MaxStepsOption = typer.Option(None, "--max-steps", help="Tool calls before the answer is forced (default 5).")
TimeLimitOption = typer.Option(None, "--time-limit", help="Seconds for one question before the answer says what was gathered (default 300).")


def version_callback(value: bool) -> None:
    if value:
        print(f"filesage {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: bool = typer.Option(False, "--version", callback=version_callback, is_eager=True, help="Print the version and exit."),
) -> None:
    """Answer questions about the files in a folder, offline."""


def answering_directory() -> Path:
    """Where this user's filesage processes say they are answering, to share the cores: one per machine (not
    per cache directory), since the cores are the machine's."""
    import tempfile

    return Path(tempfile.gettempdir()) / f"filesage-{os.getuid()}" / "answering"


def load_model(model: str | None, threads: int | None, llm_url: str | None = None):
    """(the resolved model file, the model); with llm_url no file is resolved, joined or loaded."""
    from .models import CoreSharing, LlamaModel, physical_cores, resolve_model

    if llm_url:
        from .remote import RemoteModel

        return None, RemoteModel(llm_url, model)
    resolved = resolve_model(model)
    return resolved, LlamaModel(resolved.path, threads or physical_cores(), prefix_cache=cache_dir() / "prompt-cache",
                                sharing=CoreSharing(answering_directory()), checked_in=cache_dir())


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


def display_path(path: Path) -> str:
    """A folder as people write it: ~/Documents rather than /home/alex/Documents."""
    home = Path.home()
    return f"~/{path.relative_to(home).as_posix()}" if path.is_relative_to(home) and path != home else str(path)


class Workspace:
    """The model (loaded once per process) and the agent over one root folder, which can change."""

    def __init__(self, settings: Settings, refresh: bool = True):
        self.settings = settings
        self.refresh = refresh
        self.progress = IndexProgress()
        self.resolved, self.llm = load_model(settings.model, settings.threads, settings.llm_url)
        self.set_root(Path(settings.root))

    def set_root(self, root: Path) -> None:
        from .agent import Agent
        from .index import FolderIndex
        from .policies import Policies
        from .searcher import Searcher
        from .survey import Survey
        from .toolbox import Toolbox
        from .tools import ToolRegistry, respond

        toolbox = Toolbox(root)
        self.root = toolbox.root
        self.toolbox = toolbox
        index = FolderIndex(toolbox.root, files=lambda: toolbox.entries)
        self.searcher = Searcher(index, self.refresh, self.progress, self.settings.top_k)
        registry = ToolRegistry(
            [
                toolbox.count_files,
                toolbox.list_files,
                toolbox.file_metadata,
                toolbox.grep_files,
                toolbox.directory_tree,
                self.searcher.semantic_search,
                Survey(toolbox, self.searcher).each_file,
                toolbox.read_file,
                respond,
            ]
        )
        policies = Policies([name.strip() for name in self.settings.policies_off.split(",") if name.strip()])
        self.agent = Agent(
            self.llm, registry, self.settings.max_steps, self.settings.history_turns, folder=display_path(toolbox.root),
            policies=policies, time_limit=self.settings.time_limit, tree=toolbox, languages=index.languages,
        )

    def look_again(self) -> None:
        """Files may have changed since the last question (or MCP tool call)."""
        self.toolbox.refresh()
        self.searcher.refresh_pending = self.refresh

    def run(self, question: str, history: list[dict]):
        with self.llm.answering():
            self.look_again()
            try:
                yield from self.agent.run(question, history)
            finally:
                self.progress.close()


def settings_from(root: str | Path | None, model: str | None, threads: int | None, max_steps: int | None = None, time_limit: int | None = None, llm_url: str | None = None) -> Settings:
    # Paths arrive as plain strings: click's own path checks would print a usage screen, not one line.
    return Settings.load({"root": str(root) if root else None, "model": model, "threads": threads, "max_steps": max_steps, "time_limit": time_limit, "llm_url": llm_url})


@app.command()
def doctor(
    model: Optional[str] = ModelOption,
    threads: Optional[int] = ThreadsOption,
    llm_url: Optional[str] = LlmUrlOption,
) -> None:
    """Check the model (or the --llm-url server) and the environment; exits non-zero with the reason when something is missing."""
    from .models import EMBEDDED_DEFAULT, LlamaModel, file_sha256, physical_cores, resolve_model
    from .probe import probe, save_verdict

    settings = settings_from(None, model, threads, llm_url=llm_url)
    if settings.llm_url:
        _, llm = load_model(settings.model, settings.threads, settings.llm_url)
        print_rows(llm.doctor_rows() + [("config", str(config_file()))])
        return
    resolved = resolve_model(settings.model)
    llm = LlamaModel(resolved.path, settings.threads or physical_cores())
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

    # A real decode in a child process, every time doctor runs: the proof that this build runs on this CPU.
    verdict = probe(resolved.path, llm.threads)
    save_verdict(cache_dir(), verdict)
    if not verdict.runs:
        raise ModelError(verdict.problem)

    template = metadata.get("tokenizer.chat_template", "")
    rows = [
        ("model", f"{resolved.path} (from {resolved.source})"),
        ("size", f"{size:,} bytes, {checksum}"),
        ("architecture", f"{metadata.get('general.architecture', '?')} ({metadata.get('general.name', '?')})"),
        ("chat template", f"{len(template):,} characters" + (", tool calls supported" if "tool" in template else "")),
        ("llama.cpp", f"llama-cpp-python {llama_cpp.__version__}, {llama_cpp.llama_print_system_info().decode().strip()[:120]}"),
        ("threads", str(llm.threads)),
        ("decode", decode_row(verdict)),
        ("cache", str(cache_dir())),
        ("indexes", str(cache_dir() / "indexes")),
        ("config", str(config_file())),
    ]
    print_rows(rows)


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
        isinstance(t, dict) and t.get("role") in ("user", "assistant") and isinstance(t.get("content"), str) for t in turns
    ):
        raise UsageError(f'history file {path} must be a JSON list of {{"role": "user"|"assistant", "content": str}}')
    return turns


def final_answer(events):
    from .agent import Answered

    for event in events:
        if isinstance(event, Answered):
            return event.answer
    raise RuntimeError("the agent ended without an answer")


def event_json(event) -> dict:
    from .agent import Answered, AnswerRetracted, AnswerToken, ToolChosen, ToolFinished

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
    from .agent import Answered, AnswerRetracted, AnswerToken, ToolChosen, ToolFinished

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


@app.command()
def ask(
    question: str = typer.Argument(..., help="The question, or - to read one question per line from stdin."),
    root: Optional[str] = typer.Option(None, "--root", "-r", help="The folder to answer about (default: FILESAGE_ROOT, config, or the current folder)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object: answer, sources, steps."),
    events: bool = typer.Option(False, "--events", help="Stream newline-delimited JSON events: step_started, tool_result, answer_token, answer_retracted, answer_done."),
    history: Optional[str] = typer.Option(None, "--history", help='JSON list of {"role", "content"} turns to continue from.'),
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
    workspace = Workspace(settings_from(root, model, threads, max_steps, time_limit, llm_url), refresh=not no_refresh)
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
) -> None:
    """Build or refresh the search index of a folder (kept in the user cache directory, never in the folder)."""
    from .index import FolderIndex
    from .models import CoreSharing
    from .toolbox import Toolbox

    settings = settings_from(root, None, None)
    toolbox = Toolbox(Path(settings.root))
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
    from .status import folder_status
    from .toolbox import Toolbox

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

    serve(Workspace(settings_from(root, model, threads, llm_url=llm_url)))


CHAT_HELP = """Ask anything about the files in the folder. Enter sends; Esc then Enter adds a line.
/sources   the last answer's sources       /steps   the last answer's tool trace
/reset     forget the conversation         /root DIR   switch to another folder
/index     refresh the search index now    /model   which model is answering
/help      this text                       /exit    leave (or Ctrl-D)
Ctrl-C stops an answer being written and returns to the prompt."""


@app.command()
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
        workspace = Workspace(settings)
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
        conversation += [{"role": "user", "content": text}, {"role": "assistant", "content": last.text}]


def chat_turn(workspace: Workspace, question: str, conversation: list[dict]):
    """One question in the chat: a live status line per step, then the answer as Markdown and its sources."""
    from rich.markdown import Markdown

    from .agent import Answered, AnswerRetracted, AnswerToken, ToolChosen, ToolFinished

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
