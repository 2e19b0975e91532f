"""Read-only filesystem tools over one root folder, all answering from one shared walk of the tree."""

from __future__ import annotations

import difflib
import fnmatch
import os
import re
import stat
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import Annotated, Literal

from .errors import UsageError
from .models import Usage

# Words people use for groups of file types, mapped to the extensions they mean.
TYPE_GROUPS: dict[str, tuple[str, ...]] = {
    "image": ("png", "jpg", "jpeg", "gif", "bmp", "tiff", "tif", "webp", "svg", "heic"),
    "picture": ("png", "jpg", "jpeg", "gif", "bmp", "tiff", "tif", "webp", "svg", "heic"),
    "photo": ("png", "jpg", "jpeg", "gif", "heic", "webp", "tiff", "tif"),
    "spreadsheet": ("xlsx", "xls", "csv", "ods"),
    "excel": ("xlsx", "xls"),
    "word": ("docx", "doc"),
    "document": ("pdf", "docx", "doc", "odt", "rtf", "txt", "md"),
    "presentation": ("pptx", "ppt", "odp"),
    "slide": ("pptx", "ppt", "odp"),
    "powerpoint": ("pptx", "ppt"),
    "python": ("py",),
    "javascript": ("js", "mjs", "cjs"),
    "typescript": ("ts", "tsx"),
    "markdown": ("md", "markdown"),
    "text": ("txt",),
    "code": ("py", "js", "ts", "tsx", "java", "c", "h", "cpp", "hpp", "go", "rs", "rb", "sh", "php", "cs", "kt", "swift"),
    "source": ("py", "js", "ts", "tsx", "java", "c", "h", "cpp", "hpp", "go", "rs", "rb", "sh", "php", "cs", "kt", "swift"),
    "script": ("py", "sh", "js", "rb", "pl", "ps1"),
    "video": ("mp4", "mov", "avi", "mkv", "webm"),
    "movie": ("mp4", "mov", "avi", "mkv", "webm"),
    "audio": ("mp3", "wav", "flac", "ogg", "m4a"),
    "music": ("mp3", "wav", "flac", "ogg", "m4a"),
    "song": ("mp3", "wav", "flac", "ogg", "m4a"),
    "archive": ("zip", "tar", "gz", "tgz", "7z", "rar", "bz2", "xz"),
    "log": ("log",),
    "config": ("json", "yaml", "yml", "toml", "ini", "cfg", "conf"),
    "web": ("html", "htm", "css"),
    "html": ("html", "htm"),
    "jpeg": ("jpg", "jpeg"),
    "jpg": ("jpg", "jpeg"),
    "yaml": ("yaml", "yml"),
    "htm": ("html", "htm"),
    "tif": ("tif", "tiff"),
}
KNOWN_EXTENSIONS = {
    "pdf", "docx", "doc", "xlsx", "xls", "csv", "pptx", "ppt", "txt", "md", "json", "yaml", "yml", "toml",
    "html", "htm", "xml", "py", "js", "ts", "java", "go", "rs", "c", "cpp", "h", "sh", "log", "png", "jpg",
    "jpeg", "gif", "svg", "mp3", "mp4", "wav", "zip", "tar", "gz", "rst", "odt", "ods", "rtf", "ini", "cfg",
}
FILLER_WORDS = {"file", "files", "type", "types", "format", "formats", "all", "the", "my", "of", "any", "and", "or", "s"}
MAX_LISTED = 50
READ_WINDOW_CHARS = 3000  # what one read_file call returns at most: a window that fits beside the rest


def extension_set(value: str) -> tuple[str, ...]:
    """'PDF', '.pdf', 'pdf files', '*.pdf', 'spreadsheets', 'word documents' -> the extensions meant.

    An empty tuple means every file.
    """
    words = re.findall(r"[a-z0-9+]+", value.lower())
    words = [w for w in words if w not in FILLER_WORDS]
    if not words:
        return ()
    found: list[str] = []
    for word in words:
        singular = word[:-1] if word.endswith("s") and word[:-1] in TYPE_GROUPS else word
        if word in TYPE_GROUPS or singular in TYPE_GROUPS:
            group = TYPE_GROUPS.get(word) or TYPE_GROUPS[singular]
            # "word documents" names one group; do not widen it with the generic "document" group.
            if found and set(group) >= set(found) and word in ("document", "documents"):
                continue
            found.extend(e for e in group if e not in found)
    if found:
        return tuple(found)
    word = words[0]
    return (word[:-1],) if word.endswith("s") and word[:-1] in KNOWN_EXTENSIONS else (word,)


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
        name = self.name
        return name.rsplit(".", 1)[-1].lower() if "." in name.lstrip(".") else ""


@dataclass
class ToolResult:
    """What a tool gives back: text for the model, the files it touched (for sources), a one-line summary."""

    text: str
    paths: list[str] = field(default_factory=list)
    summary: str = ""
    ok: bool = True
    found: bool = True  # False when the tool ran fine but matched nothing
    locations: dict[str, str] = field(default_factory=dict)  # path -> where in it: "p. 2", "lines 3-9"
    # The text the result rests on where the model is shown less of it (the passages behind extracted
    # facts): answers are checked against it too.
    basis: str = ""
    usage: Usage | None = None  # model calls the tool made itself (fact extraction)


def trim(text: str, limit: int) -> str:
    """A tool result cut to fit the model's context, with a marker saying how much was left out."""
    if len(text) <= limit:
        return text
    return text[:limit] + f"\n[... result cut: {len(text) - limit:,} more characters not shown]"


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


def span(first: str, last: str) -> str:
    """'lines 1-40' to 'lines 41-80' is 'lines 1-80'; places of different kinds are joined with 'to'."""
    if first == last:
        return first
    head = re.fullmatch(r"(.*?)(\d+)(?:-\d+)?", first)
    tail = re.fullmatch(r"(.*?)\d+(?:-(\d+))?", last)
    if head and tail and head.group(1) == tail.group(1):
        end = tail.group(2) or re.search(r"(\d+)$", last).group(1)
        return f"{head.group(1)}{head.group(2)}-{end}"
    return f"{first} to {last}"


def shown_path(relative: str) -> str:
    """A path as text that prints, encodes and stays on one line: bytes that are not UTF-8 become U+FFFD
    and control characters (a newline in a name) are written as escapes like \\n."""
    text = relative.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def walk(root: Path, include_hidden: bool = False) -> list[FileEntry]:
    """Every regular file under root. Symlinks are followed only while they stay inside the root, each
    directory is entered once (no loops), and FIFOs, sockets and devices are never opened or listed."""
    root_resolved = root.resolve()
    entries: list[FileEntry] = []
    seen_dirs: set[tuple[int, int]] = set()
    stack: list[tuple[str, str]] = [(str(root_resolved), "")]
    while stack:
        directory, relative = stack.pop()
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
        for child in children:
            name = child.name
            if not include_hidden and name.startswith("."):
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
            if stat.S_ISDIR(info.st_mode):
                stack.append((child.path, child_relative))
            elif stat.S_ISREG(info.st_mode):
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
    return entries


def human_size(size: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{size:.1f} TB"


def when(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp).strftime("%Y-%m-%d %H:%M")


def describe_types(extensions: tuple[str, ...]) -> str:
    return "/".join(f".{e}" for e in extensions) + " " if extensions else ""


class Toolbox:
    """The filesystem tools for one root. The tree is walked once and shared by every tool call;
    refresh() walks it again (the chat does so before each question)."""

    def __init__(self, root: Path, include_hidden: bool = False):
        root = Path(root).expanduser()
        if not root.exists():
            raise UsageError(f"folder {root} does not exist; pass an existing folder with --root")
        if not root.is_dir():
            raise UsageError(f"{root} is a file, not a folder; pass the folder that contains it with --root")
        if not os.access(root, os.R_OK | os.X_OK):
            raise UsageError(f"folder {root} cannot be read (permission denied)")
        self.root = root.resolve()
        self.include_hidden = include_hidden
        self._entries: list[FileEntry] | None = None

    @property
    def entries(self) -> list[FileEntry]:
        if self._entries is None:
            self._entries = walk(self.root, self.include_hidden)
        return self._entries

    def refresh(self) -> None:
        self._entries = None

    def _select(self, extension: str, folder: str) -> tuple[list[FileEntry], tuple[str, ...], str]:
        extensions = extension_set(extension)
        prefix = confine(self.root, folder)
        selected = [
            e
            for e in self.entries
            if (not extensions or e.extension in extensions) and (not prefix or e.path.startswith(prefix + "/"))
        ]
        where = f"under {prefix}/" if prefix else "in the folder"
        return selected, extensions, where

    def count_files(self, extension: str = "", folder: str = "") -> ToolResult:
        """Count files, optionally only one type and only under one subfolder.

        Args:
            extension: file type such as "pdf" or "images"; empty counts every file
            folder: subfolder relative to the root; empty means the whole folder
        """
        selected, extensions, where = self._select(extension, folder)
        types = describe_types(extensions)
        total_size = human_size(sum(e.size for e in selected))
        text = f"{len(selected)} {types}files {where} ({total_size})."
        if not extensions:
            by_type = Counter(e.extension or "(no extension)" for e in selected)
            text += " By type: " + ", ".join(f"{n} .{t}" if t[0] != "(" else f"{n} {t}" for t, n in by_type.most_common(12))
            if len(by_type) > 12:
                text += f", and {len(by_type) - 12} more types"
        paths = [e.path for e in selected] if len(selected) <= 10 else []
        if paths:
            text += "\nThey are: " + ", ".join(paths)
        noun = "file" if len(selected) == 1 else "files"
        # A count of zero answers the question as well as any other count.
        return ToolResult(text, paths, f"Found {len(selected)} {types}{noun}")

    def list_files(
        self,
        extension: str = "",
        limit: Annotated[int, 1, MAX_LISTED] = 5,
        folder: str = "",
        order: Literal["newest", "oldest", "largest", "smallest"] = "newest",
    ) -> ToolResult:
        """List files with their dates and sizes, newest first (or oldest, largest, smallest first).

        Args:
            extension: file type such as "pdf" or "spreadsheets"; empty lists every file
            limit: how many files to show
            folder: subfolder relative to the root; empty means the whole folder
            order: newest, oldest, largest or smallest first
        """
        selected, extensions, where = self._select(extension, folder)
        key, reverse = {
            "newest": (lambda e: e.modified, True),
            "oldest": (lambda e: e.modified, False),
            "largest": (lambda e: e.size, True),
            "smallest": (lambda e: e.size, False),
        }[order]
        shown = sorted(selected, key=key, reverse=reverse)[:limit]
        types = describe_types(extensions)
        if not shown:
            return ToolResult(f"No {types}files {where}.", [], f"No {types}files found", found=False)
        lines = [f"The {len(shown)} {order} of {len(selected)} {types}files {where} (modified, size, path):"]
        lines += [f"{when(e.modified)}  {human_size(e.size):>9}  {e.path}" for e in shown]
        return ToolResult("\n".join(lines), [e.path for e in shown], f"Listed {len(shown)} of {len(selected)} {types}files")

    def file_metadata(self, name_hint: str) -> ToolResult:
        """Size, modification and creation times and path of the files whose name matches a hint.

        Args:
            name_hint: file name or part of it, with or without extension, e.g. "budget" or "report.docx"
        """
        matches = self._match_names(name_hint)
        if not matches:
            return ToolResult(f"No file name matches '{name_hint}'.", [], f"No file matches '{name_hint}'", found=False)
        lines = []
        for e in matches[:10]:
            created = f"created {when(e.created)}" if e.created else "creation time not recorded by this filesystem"
            lines.append(f"{e.path}: {human_size(e.size)} ({e.size} bytes), modified {when(e.modified)}, {created}")
        if len(matches) > 10:
            lines.append(f"... {len(matches) - 10} more matching files")
        return ToolResult("\n".join(lines), [e.path for e in matches[:10]], f"{len(matches)} file(s) match '{name_hint}'")

    def _match_names(self, hint: str) -> list[FileEntry]:
        hint = hint.strip().strip("'\"`").replace("\\", "/").lower()
        if not hint:
            return []
        entries = self.entries
        exact = [e for e in entries if e.path.lower() == hint or e.name.lower() == hint]
        if exact:
            return exact
        stem = hint.rsplit(".", 1)[0] if "." in hint else hint
        by_stem = [e for e in entries if e.name.lower().rsplit(".", 1)[0] == stem]
        if by_stem:
            return by_stem
        contains = [e for e in entries if stem in e.path.lower()]
        if contains:
            return contains
        names = {e.name.lower().rsplit(".", 1)[0]: e for e in entries}
        close = difflib.get_close_matches(stem, list(names), n=5, cutoff=0.75)
        return [names[c] for c in close]

    def grep_files(self, pattern: str) -> ToolResult:
        """Find files whose name or path matches a pattern: plain text, a glob like "*.csv", or a regex.

        Args:
            pattern: text, glob or regular expression matched against each relative path
        """
        pattern = pattern.strip()
        if not pattern:
            return ToolResult("The pattern is empty; give part of a file name.", [], "Empty pattern", ok=False)
        if any(c in pattern for c in "*?[") and not re.search(r"[\\^$+(){}|]|\.\*", pattern):
            kind = "glob"
            lowered = pattern.lower()
            matches = [e for e in self.entries if fnmatch.fnmatch(e.name.lower(), lowered) or fnmatch.fnmatch(e.path.lower(), lowered)]
        elif re.search(r"[\\^$+*?(){}\[\]|]", pattern):
            kind = "regular expression"
            try:
                regex = re.compile(pattern, re.IGNORECASE)
            except re.error as exc:
                return ToolResult(f"'{pattern}' is not a valid regular expression ({exc}).", [], "Bad pattern", ok=False)
            matches = [e for e in self.entries if regex.search(e.path)]
        else:
            kind = "text"
            matches = [e for e in self.entries if pattern.lower() in e.path.lower()]
        if not matches:
            return ToolResult(f"No file path matches the {kind} '{pattern}'.", [], f"No path matches '{pattern}'", found=False)
        lines = [f"{len(matches)} file(s) match the {kind} '{pattern}':"]
        lines += [e.path for e in matches[:MAX_LISTED]]
        if len(matches) > MAX_LISTED:
            lines.append(f"... {len(matches) - MAX_LISTED} more")
        return ToolResult("\n".join(lines), [e.path for e in matches[:MAX_LISTED]], f"{len(matches)} path(s) match '{pattern}'")

    def directory_tree(self, max_depth: Annotated[int, 1, 6] = 2, folder: str = "") -> ToolResult:
        """Show the folder structure with the number of files under each folder.

        Args:
            max_depth: how many folder levels to show
            folder: subfolder relative to the root to start from; empty means the whole folder
        """
        prefix = confine(self.root, folder)
        counts: Counter[str] = Counter()
        children: dict[str, set[str]] = {}
        direct_files: Counter[str] = Counter()
        for e in self.entries:
            if prefix and not e.path.startswith(prefix + "/"):
                continue
            parts = PurePosixPath(e.path).parts[:-1]
            counts[""] += 1
            parent = ""
            for part in parts:
                current = f"{parent}/{part}" if parent else part
                counts[current] += 1
                children.setdefault(parent, set()).add(current)
                parent = current
            direct_files[parent] += 1
        start = prefix
        if prefix and counts[prefix] == 0:
            return ToolResult(f"There is no folder '{prefix}' with files in it.", [], f"No folder '{prefix}'", found=False)
        lines = [f"{prefix or '.'}/ ({counts[prefix]} files)"]
        budget = [80]

        def render(node: str, depth: int, indent: str) -> None:
            kids = sorted(children.get(node, ()))
            for index, kid in enumerate(kids):
                if budget[0] <= 0:
                    lines.append(f"{indent}... {len(kids) - index} more folders")
                    return
                if index == 20:
                    lines.append(f"{indent}... {len(kids) - 20} more folders")
                    return
                budget[0] -= 1
                lines.append(f"{indent}{kid.rsplit('/', 1)[-1]}/ ({counts[kid]} files)")
                if depth < max_depth:
                    render(kid, depth + 1, indent + "    ")

        render(start, 1, "    ")
        folders = sum(1 for name in counts if name and (not prefix or name.startswith(prefix + "/")))
        return ToolResult("\n".join(lines), [], f"{folders} folders, {counts[prefix]} files")

    def read_file(self, path: str, start: Annotated[int, 1, 10_000] = 1, length: Annotated[int, 500, READ_WINDOW_CHARS] = READ_WINDOW_CHARS) -> ToolResult:
        """Read the text of one file, a window at a time, marked with where it comes from (pages, lines).

        Args:
            path: the file's path relative to the folder, or its name
            start: which part to start from: 1 is the beginning; a result says where the next window starts
            length: how many characters to read
        """
        from .readers import Unreadable, read_document

        entry = self._file_for(path)
        if entry is None:
            return ToolResult(f"No file matches '{path}'.", [], f"No file matches '{path}'", found=False)
        try:
            document = read_document(self.root / entry.disk_path, entry.extension)
        except Unreadable as exc:
            return ToolResult(f"{entry.path} cannot be read: {exc}.", [], f"{entry.name}: {exc}", ok=False)
        except OSError as exc:
            return ToolResult(f"{entry.path} cannot be read: {exc.strerror or exc}.", [], f"{entry.name}: unreadable", ok=False)
        parts = document.segments
        if not parts:
            return ToolResult(f"{entry.path} has no text.", [entry.path], f"{entry.name}: no text", found=False)
        if start > len(parts):
            return ToolResult(f"{entry.path} has {len(parts)} parts; start must be 1 to {len(parts)}.", [], "Past the end", ok=False)
        chosen, size = [], 0
        for segment in parts[start - 1 :]:
            if chosen and size + len(segment.text) > length:
                break
            chosen.append(segment)
            size += len(segment.text)
        body = trim("\n".join(s.text for s in chosen), length)
        where = span(chosen[0].location, chosen[-1].location)
        following = start + len(chosen)
        notes = []
        if following <= len(parts):
            notes.append(f"{len(parts) - following + 1} more parts follow: read_file with start={following}.")
        if document.capped:
            notes.append("Only the first part of this very large file was read.")
        text = f"{entry.path} ({where}):\n{body}" + ("\n" + " ".join(notes) if notes else "")
        return ToolResult(text, [entry.path], f"Read {entry.name}, {where}", locations={entry.path: where})

    def _file_for(self, path: str) -> FileEntry | None:
        """A file under the root that the model named by path or by name; only files the walk found
        (regular files, inside the root) can be read."""
        relative = confine(self.root, path)
        by_path = {e.path: e for e in self.entries}
        if relative in by_path:
            return by_path[relative]
        matches = self._match_names(path)
        return matches[0] if matches else None

