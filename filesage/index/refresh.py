"""Bringing an index up to date with its folder, in stages that each leave a usable index: the files are read into
chunks and the keyword index (searchable at once), the chunks are embedded, and the vector graph is rebuilt from
what is embedded. A question gives the refresh a deadline and searches what is ready by then; `filesage index`
and the background indexer go to the end, the latter pausing while a question is being answered."""

from __future__ import annotations

import hashlib
import re
import shutil
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from ..files.readers import READER_VERSION, Unreadable, read_document
from ..files.walk import FileEntry
from ..native import quiet_native_code
from ..language.lexicon import LANGUAGE_WORDS
from ..language.names import OTHER_SHORT_WORDS
from .crosslingual import VERSION as CROSSLINGUAL_VERSION
from .embedder import VERSION as EMBEDDER_VERSION

if TYPE_CHECKING:
    from .store import FolderIndex

Progress = Callable[[str, int, int], None]  # stage, done, total
EMBED_BATCH = 64  # chunks per embedder call: a progress update, a commit, and a point where a deadline stops it
READ_COMMIT_SECONDS = 1.0  # files read are committed at least this often, so a deadline or Ctrl-C keeps them


@dataclass
class RefreshStats:
    files: int = 0
    indexed: int = 0
    unchanged: int = 0
    removed: int = 0
    skipped: Counter = field(default_factory=Counter)
    capped: list[str] = field(default_factory=list)
    chunks: int = 0
    embedded: int = 0
    embed_seconds: float = 0.0  # of seconds, the part spent in the embedder
    seconds: float = 0.0
    index_bytes: int = 0
    unread: int = 0  # files left for a later refresh (a deadline came first)
    unembedded: int = 0  # chunks left without a vector

    @property
    def complete(self) -> bool:
        return not self.unread and not self.unembedded

    def summary(self) -> str:
        skipped = sum(self.skipped.values())
        reasons = ", ".join(f"{n} {reason}" for reason, n in self.skipped.most_common(4))
        parts = [
            f"{self.indexed + self.unchanged} files indexed ({self.indexed} new or changed, {self.removed} removed)",
            f"{skipped} skipped" + (f" ({reasons})" if reasons else ""),
            f"{self.chunks} chunks ({self.embedded} embedded now)",
            f"{self.seconds:.1f} s",
            f"index {self.index_bytes / 1024 / 1024:.1f} MB",
        ]
        if self.capped:
            parts.append(f"{len(self.capped)} files read only in part (too large)")
        if not self.complete:
            parts.append(f"not finished: {self.unread} files not read yet, {self.unembedded} chunks not embedded yet")
        return "; ".join(parts)


@dataclass
class Plan:
    """What a refresh has to do, from comparing the folder with the manifest."""

    to_read: list[tuple[FileEntry, int]]  # new or changed files, with their mtime in ns
    removed: list[str]
    unchanged: int
    skipped: Counter  # files skipped before, unchanged since: reason -> count

    @property
    def empty(self) -> bool:
        return not self.to_read and not self.removed


def plan(index: "FolderIndex") -> tuple[Plan, int]:
    """Compare the folder with the manifest by size and modification time; also the number of files."""
    known = {row[0]: row[1:] for row in index.db.execute("SELECT path, size, mtime_ns, status, reason FROM files")}
    entries = index.files()
    current = {e.path for e in entries}
    result = Plan([], [p for p in known if p not in current], 0, Counter())
    for entry in entries:
        old = known.get(entry.path)
        mtime_ns = int(entry.modified * 1e9)
        if old and old[0] == entry.size and old[1] == mtime_ns:
            if old[2] == "indexed":
                result.unchanged += 1
            else:
                result.skipped[old[3]] += 1
        else:
            result.to_read.append((entry, mtime_ns))
    return result, len(entries)


def refresh(index: "FolderIndex", stats: RefreshStats, progress: Progress, deadline: float | None, pause: Callable[[], None]) -> None:
    """The stages, each stopping at the deadline (time.monotonic()) with what it has done kept. pause() is called
    between batches of work (the background indexer waits there while a question is answered)."""

    def late() -> bool:
        return deadline is not None and time.monotonic() > deadline

    db = index.db
    if index.meta("embedder") != EMBEDDER_VERSION:
        # Vectors of another embedder are not compared with this one's: embedded again, the graph built again.
        db.execute("DELETE FROM embeddings")
        index.set_meta("embedder", EMBEDDER_VERSION)
        index.set_meta("graph", "")
    if index.meta("reader") != READER_VERSION:
        # Files read the old way are read again, each once: marked changed now, the new way recorded at once,
        # so a refresh stopped by its deadline goes on where it stopped.
        db.execute("UPDATE files SET mtime_ns = -1")
        index.set_meta("reader", READER_VERSION)
    work, stats.files = plan(index)
    stats.unchanged, stats.skipped = work.unchanged, work.skipped
    forget(index, work.removed)
    stats.removed = len(work.removed)
    db.commit()

    committed = time.monotonic()
    for number, (entry, mtime_ns) in enumerate(work.to_read, start=1):
        if late():
            stats.unread = len(work.to_read) - number + 1
            break
        progress("reading", number, len(work.to_read))
        read_into(index, entry, mtime_ns, stats)
        if time.monotonic() - committed > READ_COMMIT_SECONDS:
            db.commit()
            pause()
            committed = time.monotonic()
    db.commit()

    embed_missing(index, stats, progress, late, pause)
    embed_other_languages(index, progress, late, pause)
    build_graph(index, progress)
    stats.chunks = index.chunk_count()
    stats.unembedded = index.unembedded_count()


def forget(index: "FolderIndex", paths: list[str]) -> None:
    for start in range(0, len(paths), 500):
        batch = paths[start : start + 500]
        marks = ",".join("?" * len(batch))
        index.db.execute(f"DELETE FROM chunks_fts WHERE rowid IN (SELECT id FROM chunks WHERE path IN ({marks}))", batch)
        index.db.execute(f"DELETE FROM chunks WHERE path IN ({marks})", batch)
        index.db.execute(f"DELETE FROM files WHERE path IN ({marks})", batch)


def read_into(index: "FolderIndex", entry: FileEntry, mtime_ns: int, stats: RefreshStats) -> None:
    """One file's chunks replace its old ones (or it is recorded as skipped, with why)."""
    db = index.db
    forget(index, [entry.path])
    try:
        document = read_document(index.root / entry.disk_path, entry.extension)
        chunks = [(s.location, s.text, hashlib.sha256(f"{entry.path}\n{s.text}".encode()).hexdigest()) for s in document.segments]
        reason = "" if chunks else "no text"
    except Unreadable as exc:
        document, chunks, reason = None, [], str(exc)
    except OSError as exc:
        document, chunks, reason = None, [], "unreadable (" + (exc.strerror or "I/O error").lower() + ")"
    if reason:
        db.execute("INSERT INTO files VALUES (?, ?, ?, ?, ?, ?)", (entry.path, entry.size, mtime_ns, "", "skipped", reason))
        stats.skipped[reason] += 1
        return
    if document.capped:
        stats.capped.append(entry.path)
    for location, text, digest in chunks:
        cursor = db.execute("INSERT INTO chunks (path, location, text, hash) VALUES (?, ?, ?, ?)", (entry.path, location, text, digest))
        db.execute("INSERT INTO chunks_fts (rowid, text) VALUES (?, ?)", (cursor.lastrowid, f"{entry.path}\n{text}"))
    content_hash = hashlib.sha256("".join(h for _, _, h in chunks).encode()).hexdigest()
    db.execute("INSERT INTO files VALUES (?, ?, ?, ?, ?, ?)", (entry.path, entry.size, mtime_ns, content_hash, "indexed", ""))
    stats.indexed += 1


def embed_missing(index: "FolderIndex", stats: RefreshStats, progress: Progress, late: Callable[[], bool], pause: Callable[[], None]) -> None:
    """Embed the chunks that have no vector yet, file by file, so that a refresh stopped by its deadline leaves
    whole files searchable by meaning. The cache is content-addressed: a vector is never computed twice."""
    db = index.db
    # A chunk is embedded with its file's path: "receipt_17.txt" or "roadmap.pptx" is often the only place a
    # chunk says what it is about.
    missing = db.execute(
        "SELECT DISTINCT c.hash, c.path, c.text FROM chunks c LEFT JOIN embeddings e ON e.hash = c.hash WHERE e.hash IS NULL ORDER BY c.path, c.id"
    ).fetchall()
    started = time.perf_counter()
    stats.embedded += store_vectors(index, missing, index.embedder.encode, "embeddings", "embedding", progress, late, pause)
    stats.embed_seconds = time.perf_counter() - started


def store_vectors(index: "FolderIndex", missing: list[tuple[str, str, str]], encode: Callable, table: str, stage: str,
                  progress: Progress, late: Callable[[], bool], pause: Callable[[], None]) -> int:
    """The vectors of (hash, path, text) chunks, each embedded with its path, stored by hash in `table` a batch at a
    time (a commit, a progress update and a point where a deadline stops it); how many were stored."""
    stored = 0
    for start in range(0, len(missing), EMBED_BATCH):
        if late():
            break
        pause()
        batch = missing[start : start + EMBED_BATCH]
        vectors = encode([f"{path}\n{text}" for _, path, text in batch])
        index.db.executemany(f"INSERT OR REPLACE INTO {table} VALUES (?, ?)", [(row[0], v.tobytes()) for row, v in zip(batch, vectors)])
        index.db.commit()
        stored += len(batch)
        progress(stage, start + len(batch), len(missing))
    return stored


def embed_other_languages(index: "FolderIndex", progress: Progress, late: Callable[[], bool], pause: Callable[[], None]) -> None:
    """The chunks that are not English prose, embedded by the multilingual encoder too (crosslingual.py): a Polish
    bill, a Dutch lease. Told by their words, not their file's (a form of names and figures tells no language by
    its short words): almost none of them is an English short word. Of a long file (a table of thousands of places)
    its first chunks only: the encoder is slow, and what a data file holds is found by its words."""
    db = index.db
    if index.meta("crosslingual") != CROSSLINGUAL_VERSION:
        db.execute("DELETE FROM crosslingual")
        index.set_meta("crosslingual", CROSSLINGUAL_VERSION)
    rows = db.execute("SELECT c.hash, c.path, c.text, x.hash IS NULL FROM chunks c LEFT JOIN crosslingual x ON x.hash = c.hash ORDER BY c.path, c.id").fetchall()
    taken: dict[str, int] = {}
    missing = []
    for digest, path, text, needed in rows:
        if taken.get(path, 0) >= FOREIGN_CHUNKS_EACH or not foreign(text):
            continue
        taken[path] = taken.get(path, 0) + 1
        if needed:
            missing.append((digest, path, text))
    store_vectors(index, missing, index.crosslingual.encode, "crosslingual", "embedding other languages", progress, late, pause)


FOREIGN_CHUNKS_EACH = 20
ENGLISH_SHORT_WORDS = frozenset(LANGUAGE_WORDS["English"])
ENGLISH_SHARE = 0.04  # English prose: about one word in ten or more is one of its short words


def foreign(text: str) -> bool:
    """A chunk of words that are almost never English short words, and that says another language's short words or
    writes letters English does not: another language's text or form. An English form or code is no such chunk."""
    found = re.findall(r"[^\W\d_]+", text.lower())
    if len(found) < 5 or sum(word in ENGLISH_SHORT_WORDS for word in found) >= ENGLISH_SHARE * len(found):
        return False
    return any(word in OTHER_SHORT_WORDS for word in found) or sum(not letter.isascii() for word in found for letter in word) >= 2


def build_graph(index: "FolderIndex", progress: Progress) -> None:
    """A new vector graph of every embedded chunk, swapped in when what is embedded has changed since the last."""
    import numpy as np

    db = index.db
    fingerprint = index.graph_fingerprint()
    count = int(fingerprint.split(":")[0])
    if fingerprint == index.meta("graph") and (index.generation() or not count):
        return
    generation = ""
    if count:
        progress("building graph", 0, 1)
        rows = db.execute("SELECT c.id, e.vector FROM chunks c JOIN embeddings e ON e.hash = c.hash ORDER BY c.id").fetchall()
        generation = f"gen-{time.time_ns()}"
        with quiet_native_code():
            from leann.api import LeannBuilder

            builder = LeannBuilder(backend_name="hnsw", embedding_model="all-MiniLM-L6-v2", embedding_mode="sentence-transformers",
                                   is_recompute=False, is_compact=False)
            builder.build_index_from_arrays(str(index.directory / generation / "index.leann"), [str(row[0]) for row in rows],
                                            np.vstack([np.frombuffer(row[1], dtype="float32") for row in rows]))
        progress("building graph", 1, 1)
    index.set_meta("generation", generation)
    index.set_meta("graph", fingerprint)
    db.commit()
    # The previous generation, and any left by a killed run, are no longer referenced.
    for directory in index.directory.glob("gen-*"):
        if directory.name != generation:
            shutil.rmtree(directory, ignore_errors=True)
