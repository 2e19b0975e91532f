"""`filesage status`: what the index of a folder holds, what it leaves out and why, and what changed since
the last refresh; read without changing the index or loading the model or the embedder, so it is instant."""

from __future__ import annotations

import shlex
import sqlite3
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path

from ..config import cache_dir
from ..files.walk import Omitted, extension_of, human_size, walk, when
from ..llm.probe import Verdict, saved_verdict
from .store import FolderIndex, IndexError_

# The kinds a skipped file is counted under, in the order status shows them.
SKIP_KINDS = ("too large", "binary", "no text", "unreadable", "ignored", "hidden")


SHOWN_PER_GROUP = 10  # paths the text shows of one group; --json has them all


def skip_kind(reason: str) -> str | None:
    """The kind of a reason the indexer recorded (readers.py words them), or None when the file's parser
    failed: a failure is listed with its error, not counted as a skip."""
    # "unsupported type" is what indexes of earlier versions recorded for a file they did not sniff.
    if reason.startswith("binary content") or reason == "unsupported type":
        return "binary"
    if reason == "too large to parse" or reason.startswith("unpacks to"):
        return "too large"
    if reason.startswith("no text") or reason in ("empty table", "empty workbook"):
        return "no text"
    if reason.startswith("unreadable"):
        return "unreadable"
    return None


def index_command(root: Path) -> str:
    return f"filesage index {shlex.quote(str(root))}"


@dataclass
class FolderStatus:
    root: Path
    index_dir: Path
    indexed: bool = False  # False: the folder has never been indexed, and nothing else is known
    index_bytes: int = 0
    last_refresh: float | None = None
    types: dict[str, list[int]] = field(default_factory=dict)  # extension -> [files, chunks]
    skipped: dict[str, list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))  # kind -> (path, reason)
    failed: list[tuple[str, str]] = field(default_factory=list)  # (path, error)
    new: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # deleted since, or now ignored or hidden
    model: "Verdict | None" = None  # how the last test decode of the model went (filesage.llm.probe)
    unembedded: int = 0  # chunks read but not yet searchable by meaning
    indexing: bool = False  # another process is refreshing the index right now

    @property
    def files(self) -> int:
        return sum(files for files, _ in self.types.values())

    @property
    def chunks(self) -> int:
        return sum(chunks for _, chunks in self.types.values())

    def never_indexed(self) -> str:
        return f"{self.root} has not been indexed yet; run: {index_command(self.root)}"

    def model_line(self) -> list[str]:
        if self.model is None:
            return []
        return [f"Model: {self.model.describe()} (checked {when(self.model.checked)})"]

    def text(self) -> str:
        if not self.indexed:
            return "\n".join([self.never_indexed(), *self.model_line()])
        refreshed = when(self.last_refresh) if self.last_refresh else "not recorded"
        lines = [
            f"{self.root}: {self.files} {'file' if self.files == 1 else 'files'} indexed in {self.chunks} {'chunk' if self.chunks == 1 else 'chunks'}",
            f"Index: {human_size(self.index_bytes)} in {self.index_dir}, last refreshed {refreshed}",
        ]
        if self.types:
            lines.append("Indexed by type:")
            width = max(len(type_name(extension)) for extension in self.types)
            for extension, (files, chunks) in sorted(self.types.items(), key=lambda item: (-item[1][0], item[0])):
                lines.append(f"  {type_name(extension):<{width}}  {files:>6} {'file ' if files == 1 else 'files'}  {chunks:>7} {'chunk' if chunks == 1 else 'chunks'}")
        skipped = sum(len(group) for group in self.skipped.values())
        if skipped:
            lines.append(f"Skipped {skipped}:")
            for kind in SKIP_KINDS:
                if self.skipped[kind]:
                    lines.append(f"  {kind} ({len(self.skipped[kind])}): " + shown(f"{path} [{reason}]" if reason != kind else path for path, reason in self.skipped[kind]))
        if self.failed:
            lines.append(f"Failed {len(self.failed)}:")
            lines += [f"  {path}: {error}" for path, error in self.failed]
        if self.indexing or self.unembedded:
            lines.append("Being indexed now" + (f": {self.unembedded} chunks not yet searchable by meaning" if self.unembedded else "")
                         + ("" if self.indexing else f"; to finish, run: {index_command(self.root)}"))
        if self.new or self.changed or self.removed:
            lines.append(
                f"Changed since the last refresh: {len(self.new)} new, {len(self.changed)} changed, {len(self.removed)} removed; "
                f"to update the index, run: {index_command(self.root)}"
            )
            for label, paths in (("new", self.new), ("changed", self.changed), ("removed", self.removed)):
                if paths:
                    lines.append(f"  {label}: {shown(paths)}")
        else:
            lines.append("Nothing changed since the last refresh.")
        return "\n".join(lines + self.model_line())

    def to_json(self) -> dict:
        model = {"model": asdict(self.model)} if self.model else {}
        if not self.indexed:
            return {"root": str(self.root), "indexed": False, "message": self.never_indexed(), **model}
        return {
            "root": str(self.root),
            "indexed": True,
            "index_dir": str(self.index_dir),
            "index_bytes": self.index_bytes,
            "last_refresh": datetime.fromtimestamp(self.last_refresh).astimezone().isoformat(timespec="seconds") if self.last_refresh else None,
            "files": self.files,
            "chunks": self.chunks,
            "types": {extension: {"files": files, "chunks": chunks} for extension, (files, chunks) in sorted(self.types.items())},
            "skipped": {kind: [{"path": path, "reason": reason} for path, reason in self.skipped[kind]] for kind in SKIP_KINDS},
            "failed": [{"path": path, "error": error} for path, error in self.failed],
            "changes": {"new": self.new, "changed": self.changed, "removed": self.removed},
            "unembedded": self.unembedded,
            "indexing": self.indexing,
            **model,
        }


def type_name(extension: str) -> str:
    return f".{extension}" if extension else "(no extension)"


def shown(items) -> str:
    items = list(items)
    more = f", and {len(items) - SHOWN_PER_GROUP} more" if len(items) > SHOWN_PER_GROUP else ""
    return ", ".join(items[:SHOWN_PER_GROUP]) + more


def folder_status(root: Path) -> FolderStatus:
    """The status of root's index, compared with a fresh walk of root."""
    index = FolderIndex(root, read_only=True)
    report = FolderStatus(index.root, index.directory, model=saved_verdict(cache_dir()))
    if not index.database.exists():
        return report
    omitted: list[Omitted] = []
    entries = walk(index.root, omitted=omitted)
    index.files = lambda: entries
    try:
        manifest = index.manifest()
        plan, _ = index.plan()
        report.last_refresh = index.last_refresh()
        report.unembedded = index.unembedded_count()
    except sqlite3.DatabaseError as exc:
        raise IndexError_(f"the index in {index.directory} cannot be read ({exc}); delete that folder and run {index_command(index.root)}") from None
    index.db.close()
    report.indexing = index.being_refreshed()
    report.indexed = True
    report.index_bytes = index.size_bytes()
    for path, state, reason, chunks in manifest:
        if state == "indexed":
            counts = report.types.setdefault(extension_of(path.rsplit("/", 1)[-1]), [0, 0])
            counts[0] += 1
            counts[1] += chunks
        elif kind := skip_kind(reason):
            report.skipped[kind].append((path, reason))
        else:
            report.failed.append((path, reason))
    for item in omitted:
        report.skipped["hidden" if item.reason == "hidden" else "ignored"].append((item.path, item.reason))
    recorded = {row[0] for row in manifest}
    for entry, _ in plan.to_read:
        (report.changed if entry.path in recorded else report.new).append(entry.path)
    report.removed = sorted(plan.removed)
    return report
