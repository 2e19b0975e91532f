"""The composition root that the command line and the MCP server share: the model, loaded once per process,
and the agent with its tools and policies over one root folder, which can change."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Protocol

from .config import Settings, cache_dir

# How long a question may spend indexing new or changed files before it searches what is indexed by then (and
# says how much that was); the rest is indexed in the background.
QUESTION_INDEX_SECONDS = 15.0


def answering_directory() -> Path:
    """Where this user's filesage processes say they are answering, to share the cores: one per machine (not
    per cache directory), since the cores are the machine's."""
    import tempfile

    return Path(tempfile.gettempdir()) / f"filesage-{os.getuid()}" / "answering"


def load_model(model: str | None, threads: int | None, llm_url: str | None = None):
    """(the resolved model file, the model); with llm_url no file is resolved, joined or loaded."""
    from .llm.cores import CoreSharing, physical_cores
    from .llm.llama import LlamaModel
    from .llm.weights import resolve_model

    if llm_url:
        from .llm.remote import RemoteModel

        return None, RemoteModel(llm_url, model)
    resolved = resolve_model(model)
    return resolved, LlamaModel(resolved.path, threads or physical_cores(), prefix_cache=cache_dir() / "prompt-cache",
                                sharing=CoreSharing(answering_directory()), checked_in=cache_dir())



class Progress(Protocol):
    """Shows the index being refreshed: stage, done, total; close() when the question ends."""

    def __call__(self, stage: str, done: int, total: int) -> None: ...

    def close(self) -> None: ...


class SilentProgress:
    """Progress that nobody watches."""

    def __call__(self, stage: str, done: int, total: int) -> None:
        pass

    def close(self) -> None:
        pass


def display_path(path: Path) -> str:
    """A folder as people write it: ~/Documents rather than /home/alex/Documents."""
    home = Path.home()
    return f"~/{path.relative_to(home).as_posix()}" if path.is_relative_to(home) and path != home else str(path)


class Workspace:
    """The model (loaded once per process) and the agent over one root folder, which can change."""

    def __init__(self, settings: Settings, refresh: bool = True, progress: Progress | None = None):
        """progress shows the index being refreshed (stage, done, total; and close() when a question ends)."""
        self.settings = settings
        self.refresh = refresh
        self.progress = progress or SilentProgress()
        self.resolved, self.llm = load_model(settings.model, settings.threads, settings.llm_url)
        self.set_root(Path(settings.root))

    def set_root(self, root: Path) -> None:
        from .agent.loop import Agent
        from .agent.planner import Planner
        from .index.store import FolderIndex
        from .policies import in_force
        from .tools.copies import Copies
        from .tools.inside import Inside
        from .tools.registry import ToolRegistry, respond
        from .tools.searcher import Searcher
        from .tools.survey import Survey
        from .tools.toolbox import Toolbox

        toolbox = Toolbox(root)
        self.root = toolbox.root
        self.toolbox = toolbox
        index = FolderIndex(toolbox.root, files=lambda: toolbox.entries)
        self.searcher = Searcher(index, self.refresh, self.progress, self.settings.top_k, budget=QUESTION_INDEX_SECONDS, scope=toolbox.scope)
        registry = ToolRegistry(
            [
                toolbox.count_files,
                toolbox.list_files,
                toolbox.file_metadata,
                toolbox.grep_files,
                toolbox.directory_tree,
                Copies(toolbox).find_duplicates,
                self.searcher.semantic_search,
                Survey(toolbox, self.searcher).each_file,
                toolbox.read_file,
                Inside(toolbox).count_in_file,
                respond,
            ]
        )
        policies = in_force([name.strip() for name in self.settings.policies_off.split(",") if name.strip()])
        self.agent = agent = Agent(
            self.llm, registry, self.settings.max_steps, self.settings.history_turns, folder=display_path(toolbox.root),
            policies=policies, time_limit=self.settings.time_limit, tree=toolbox, languages=index.languages,
            # While the folder is still being indexed, any word may be in a file not read yet.
            said_in_files=lambda word, paths=None: self.searcher.left_unfinished or index.says_anywhere(word, paths),
            files_saying=lambda word: 0 if self.searcher.left_unfinished else index.files_saying(word),
        )
        self.planner = Planner(agent, policies)

    def look_again(self) -> None:
        """Files may have changed since the last question (or MCP tool call)."""
        self.toolbox.refresh()
        self.searcher.refresh_pending = self.refresh

    def run(self, question: str, history: list[dict]):
        with self.llm.answering():
            self.look_again()
            try:
                yield from self.planner.run(question, history)
            finally:
                self.progress.close()
        if self.searcher.left_unfinished and self.refresh and not self.searcher.index.being_refreshed():
            index_in_the_background(self.root)


def index_in_the_background(root: Path) -> None:
    """The rest of a folder's indexing, in a process of its own that outlives this one, runs at low priority
    and pauses while any filesage process answers a question (`filesage index --background`)."""
    import subprocess
    import sys

    # From the cache directory: a `filesage` folder in the user's current directory must not be what runs.
    cache_dir().mkdir(parents=True, exist_ok=True)
    subprocess.Popen([sys.executable, "-m", "filesage", "index", str(root), "--background"], cwd=cache_dir(),
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


def settings_from(root: str | Path | None, model: str | None, threads: int | None, max_steps: int | None = None, time_limit: int | None = None, llm_url: str | None = None) -> Settings:
    # Paths arrive as plain strings: click's own path checks would print a usage screen, not one line.
    return Settings.load({"root": str(root) if root else None, "model": model, "threads": threads, "max_steps": max_steps, "time_limit": time_limit, "llm_url": llm_url})

