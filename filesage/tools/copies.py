"""Files with the same content under different names, found in code by their bytes: a download saved twice, one
licence shipped by several programs. Nothing else can tell: names differ, and a small model asked for duplicates
lists the files whose names look alike, or counts every file."""

from __future__ import annotations

import hashlib
from collections import defaultdict

from ..files.walk import human_size
from .listing import names_sentence
from .result import ToolResult
from .toolbox import Toolbox

SHOWN = 20  # the most groups of copies an answer names


class Copies:
    """The find_duplicates tool over one folder's files."""

    def __init__(self, toolbox: Toolbox):
        self.toolbox = toolbox

    def find_duplicates(self, folder: str = "") -> ToolResult:
        """Find files whose content is the same, byte for byte, under different names or in different folders.

        Args:
            folder: subfolder relative to the root; empty means the whole folder
        """
        entries = self.toolbox.entries
        if folder.strip():
            prefix = self.toolbox.folder_prefix(folder)
            if prefix is None:
                return ToolResult(f"There is no folder '{folder}' with files in it.", [], f"No folder '{folder}'", ok=False)
            entries = [e for e in entries if e.path.startswith(prefix + "/")]
        groups = same_content(self.toolbox.root, entries)
        empty = sum(1 for e in entries if not e.size)
        # Empty files have the same (no) content, but are no copies of anything.
        left_out = f", {empty} empty {'file' if empty == 1 else 'files'} left out" if empty else ""
        where = f"under {folder.strip().strip('/')}/" if folder.strip() else "in the folder"
        if not groups:
            compared = len(entries) - empty
            text = (f"No two of the {compared} files {where} have the same content (compared byte for byte{left_out})." if compared > 1
                    else f"There {'is only 1 file' if compared else 'are no files'} {where} with content{left_out}: nothing to compare.")
            return ToolResult(text, [], "No duplicates", answer=text)
        copies = sum(len(group) for group in groups)
        lines = [f"- {names_sentence([e.path for e in group])} ({human_size(group[0].size)} each)" for group in groups[:SHOWN]]
        more = f"\n- ... and {len(groups) - SHOWN} more sets" if len(groups) > SHOWN else ""
        text = (f"{len(groups)} {'set' if len(groups) == 1 else 'sets'} of files with the same content {where} ({copies} files; "
                f"{len(entries) - empty} compared byte for byte{left_out}):\n" + "\n".join(lines) + more)
        return ToolResult(text, [e.path for group in groups for e in group], f"{len(groups)} sets of duplicates", answer=text)


def same_content(root, entries: list) -> list[list]:
    """The sets of entries with the same bytes (empty files aside), each in path order, the sets in the order of their
    first path; only files of a size another has are read."""
    by_size: dict[int, list] = defaultdict(list)
    for entry in entries:
        if entry.size:
            by_size[entry.size].append(entry)
    groups: list[list] = []
    for same_size in (group for group in by_size.values() if len(group) > 1):
        by_content: dict[str, list] = defaultdict(list)
        for entry in same_size:
            digest = content_digest(root / entry.disk_path)
            if digest:
                by_content[digest].append(entry)
        groups += [sorted(group, key=lambda e: e.path) for group in by_content.values() if len(group) > 1]
    return sorted(groups, key=lambda group: group[0].path)


def content_digest(path) -> str:
    """A file's content as a digest; '' when it cannot be read."""
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except OSError:
        return ""
    return digest.hexdigest()
