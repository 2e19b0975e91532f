"""The one walk of a folder that the filesystem tools, the index and `status` all share: which files there are
(ignore rules, hidden files, symlinks kept inside the root), and the confinement of every path a tool is given."""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pathspec


@dataclass(frozen=True)
class FileEntry:
    path: str  # relative to the root, with forward slashes, printable (see shown_path)
    size: int
    modified: float
    changed: float  # st_ctime: on Linux the last metadata change, not creation
    created: float | None  # birth time where the platform records it
    real: str = ""  # the name on disk where it differs from path (undecodable bytes, control characters)

    @property
    def disk_path(self) -> str:
        return self.real or self.path

    @property
    def name(self) -> str:
        return self.path.rsplit("/", 1)[-1]

    @property
    def extension(self) -> str:
        return extension_of(self.name)


def extension_of(name: str) -> str:
    """'report.PDF' is 'pdf'; '.bashrc' and 'Makefile' have none."""
    return name.rsplit(".", 1)[-1].lower() if "." in name.lstrip(".") else ""


class ConfinementError(ValueError):
    """A path argument that points outside the root or is not a plain relative path."""


def confine(root: Path, user_path: str) -> str:
    """The one check for every path a tool receives: returns it relative to the root, or raises.

    Accepts 'finance', './finance/', 'finance\\2025', and absolute paths inside the root. Refuses '..'
    escapes, '~', URLs and absolute paths elsewhere, and symlinks that resolve outside the root.
    """
    value = user_path.strip().replace("\\", "/")
    if value in ("", ".", "./", "/"):
        return ""
    if "\x00" in value or re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*://", value) or value.startswith("~"):
        raise ConfinementError(f"'{user_path}' is not a path inside the folder")
    if re.match(r"^[a-zA-Z]:/", value):
        raise ConfinementError(f"'{user_path}' is a Windows drive path, not a path inside the folder")
    root_resolved = root.resolve()
    candidate = Path(value) if value.startswith("/") else root_resolved / value
    try:
        resolved = candidate.resolve()
    except (OSError, RuntimeError):
        raise ConfinementError(f"'{user_path}' cannot be resolved") from None
    if value.startswith("/") and not resolved.is_relative_to(root_resolved):
        # Models often write "/finance" for the root's own finance folder; anything else is refused.
        inside = (root_resolved / value.lstrip("/")).resolve()
        if inside.is_relative_to(root_resolved) and inside.exists():
            resolved = inside
    if not resolved.is_relative_to(root_resolved):
        raise ConfinementError(f"'{user_path}' is outside the folder; use a path relative to it")
    relative = resolved.relative_to(root_resolved).as_posix()
    return "" if relative == "." else relative


def shown_path(relative: str) -> str:
    """A path as text that prints, encodes and stays on one line: bytes that are not UTF-8 become U+FFFD
    and control characters (a newline in a name) are written as escapes like \\n."""
    text = relative.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


# Never the user's own documents, often huge: version control, dependencies, caches and tool state.
BUILT_IN_EXCLUDES = frozenset({".git", "node_modules", ".venv", "venv", "__pycache__", ".cache", ".mypy_cache", ".pytest_cache", ".tox"})


IGNORE_FILE = ".filesageignore"


MAX_IGNORE_FILE_BYTES = 1024 * 1024  # a rule file larger than this is no rule file; it is not read into memory


@dataclass(frozen=True)
class Omitted:
    """A file or folder the walk left out, and why; a left-out folder's contents are never looked at."""

    path: str  # relative to the root, printable; folders end in "/"
    # "hidden", "built-in", "virtual environment", or the rule file that matched: ".filesageignore",
    # ".gitignore", "docs/.gitignore"
    reason: str


# One ignore file's patterns: the folder they are relative to ("" for the root), the compiled
# gitignore spec, and the file's own path, which is the reason a path it matches gives.
IgnoreRules = tuple[str, "pathspec.GitIgnoreSpec", str]


def load_ignore_rules(path: str, root: Path, base: str, label: str) -> IgnoreRules | None:
    """The patterns of one .gitignore or .filesageignore, or None when there is no such regular file inside
    the root. Like git, a line that is no valid pattern is skipped rather than the whole file."""
    try:
        if os.path.islink(path) and not Path(path).resolve().is_relative_to(root):
            return None
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_IGNORE_FILE_BYTES:
            return None
        with open(path, encoding="utf-8", errors="surrogateescape") as handle:
            lines = handle.read().splitlines()
    except (OSError, RuntimeError):
        return None
    import pathspec  # imported only by folders that have ignore files: it costs every other walk 25 ms

    patterns = []
    for line in lines:
        try:
            patterns += pathspec.GitIgnoreSpec.from_lines([line]).patterns
        except ValueError:
            continue
    return (base, pathspec.GitIgnoreSpec(patterns), label) if patterns else None


def ignored_by(rules: list[IgnoreRules], relative: str, is_dir: bool) -> str | None:
    """The ignore file that leaves a path out, or None. rules come highest precedence first; the first file
    with a pattern that matches the path decides, and within it the last matching pattern, so a later
    '!pattern' takes a path back in."""
    for base, spec, label in rules:
        inside = relative[len(base) + 1 :] if base else relative
        decision = spec.check_file(inside + "/" if is_dir else inside).include
        if decision is not None:
            return label if decision else None
    return None


def walk(root: Path, include_hidden: bool = False, omitted: list[Omitted] | None = None) -> list[FileEntry]:
    """Every regular file under root that no ignore rule leaves out. Symlinks are followed only while they
    stay inside the root, each directory is entered once (no loops), and FIFOs, sockets and devices are
    never opened or listed.

    Left out, and never descended into when they are folders: hidden names (unless include_hidden), the
    BUILT_IN_EXCLUDES, virtual environments (a folder holding pyvenv.cfg), and what the .gitignore files
    (each for its own folder and below; a deeper one overrides a higher one) and the root's
    .filesageignore (above them all) match. Pass a list as omitted to learn what was left out and why."""
    root_resolved = root.resolve()
    entries: list[FileEntry] = []
    seen_dirs: set[tuple[int, int]] = set()
    top_rules = load_ignore_rules(os.path.join(root_resolved, IGNORE_FILE), root_resolved, "", IGNORE_FILE)
    # Each folder carries the .gitignore rules of the folders above it, the deepest first.
    stack: list[tuple[str, str, tuple[IgnoreRules, ...]]] = [(str(root_resolved), "", ())]
    while stack:
        directory, relative, gitignores = stack.pop()
        try:
            info = os.stat(directory)
        except OSError:
            continue
        if (info.st_dev, info.st_ino) in seen_dirs:
            continue
        seen_dirs.add((info.st_dev, info.st_ino))
        try:
            with os.scandir(directory) as iterator:
                children = list(iterator)
        except OSError:
            continue
        names = [child.name for child in children]
        if relative and "pyvenv.cfg" in names:
            if omitted is not None:
                omitted.append(Omitted(shown_path(relative) + "/", "virtual environment"))
            continue
        if ".gitignore" in names:
            found = load_ignore_rules(os.path.join(directory, ".gitignore"), root_resolved, relative, f"{relative}/.gitignore" if relative else ".gitignore")
            if found:
                gitignores = (found, *gitignores)
        rules = [top_rules, *gitignores] if top_rules else list(gitignores)
        for child in children:
            name = child.name
            if name in BUILT_IN_EXCLUDES:
                reason = "built-in"
            elif not include_hidden and name.startswith("."):
                reason = "hidden"
            else:
                reason = None
            if reason and omitted is None:
                continue
            child_relative = f"{relative}/{name}" if relative else name
            try:
                if child.is_symlink():
                    target = Path(child.path).resolve()
                    if not target.is_relative_to(root_resolved):
                        continue
                    info = os.stat(child.path)
                else:
                    info = child.stat(follow_symlinks=False)
            except (OSError, RuntimeError):
                continue
            is_dir = stat.S_ISDIR(info.st_mode)
            if not is_dir and not stat.S_ISREG(info.st_mode):
                continue
            if reason is None and rules:
                reason = ignored_by(rules, child_relative, is_dir)
            if reason:
                if omitted is not None:
                    omitted.append(Omitted(shown_path(child_relative) + ("/" if is_dir else ""), reason))
            elif is_dir:
                stack.append((child.path, child_relative, gitignores))
            else:
                shown = shown_path(child_relative)
                entries.append(
                    FileEntry(
                        shown,
                        info.st_size,
                        info.st_mtime,
                        info.st_ctime,
                        getattr(info, "st_birthtime", None),
                        "" if shown == child_relative else child_relative,
                    )
                )
    entries.sort(key=lambda e: e.path)
    if omitted is not None:
        omitted.sort(key=lambda o: o.path)
    return entries


# How a file's size and modification time are written, the same in every answer and report.
def human_size(size: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{size:.1f} TB"


def when(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp).strftime("%Y-%m-%d %H:%M")
