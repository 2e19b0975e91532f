"""The search index of one root folder: chunks, manifest, BM25 (FTS5) and an embedding cache in SQLite,
vectors in a LEANN HNSW graph, refreshed incrementally and swapped in atomically."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import re
import shutil
import sqlite3
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np

from ..config import cache_dir
from ..errors import FilesageError
from ..files.readers import READABLE_EXTENSIONS, Unreadable, read_document
from ..files.walk import FileEntry, walk
from ..language.lexicon import STOPWORDS
from ..native import quiet_native_code
from .embedder import Embedder

EMBED_BATCH = 32  # chunks per embedder call between progress updates (times 4)


RRF_K = 60


Progress = Callable[[str, int, int], None]  # stage, done, total


class IndexError_(FilesageError):
    """The index cannot be built or read: a busy lock, an unwritable cache, a damaged index."""

    exit_code = 3


@dataclass
class Hit:
    path: str
    location: str
    text: str
    score: float  # fused reciprocal-rank score, divided by the best hit's: 1.0 is the best
    similarity: float = 0.0  # cosine of the chunk's vector and the query's


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
        return "; ".join(parts)


def index_dir_for(root: Path) -> Path:
    key = hashlib.sha256(str(root.resolve()).encode()).hexdigest()[:16]
    return cache_dir() / "indexes" / f"{root.resolve().name or 'root'}-{key}"


SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS files (
    path TEXT PRIMARY KEY, size INTEGER, mtime_ns INTEGER, content_hash TEXT, status TEXT, reason TEXT
);
CREATE TABLE IF NOT EXISTS chunks (id INTEGER PRIMARY KEY, path TEXT, location TEXT, text TEXT, hash TEXT);
CREATE INDEX IF NOT EXISTS chunks_path ON chunks(path);
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(text, tokenize='unicode61 remove_diacritics 2');
CREATE TABLE IF NOT EXISTS embeddings (hash TEXT PRIMARY KEY, vector BLOB);
"""


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


class FolderIndex:
    def __init__(
        self,
        root: Path,
        embedder: Embedder | None = None,
        directory: Path | None = None,
        files: Callable[[], list[FileEntry]] | None = None,
        read_only: bool = False,
    ):
        """files lists the folder's files; the CLI passes its Toolbox's walk, so one walk per question
        serves the filesystem tools and the index alike. read_only opens an existing index and never
        creates or changes it (status)."""
        self.root = root.resolve()
        self.directory = directory or index_dir_for(self.root)
        self.embedder = embedder or Embedder()
        self.files = files or (lambda: walk(self.root))
        self.read_only = read_only
        self._db: sqlite3.Connection | None = None
        self._searcher = None
        self._searcher_generation = None
        self._languages: tuple[str, Counter] | None = None

    @property
    def db(self) -> sqlite3.Connection:
        if self._db is None:
            try:
                if self.read_only:
                    db = sqlite3.connect(f"{self.database.as_uri()}?mode=ro", uri=True, timeout=30)
                else:
                    self.directory.mkdir(parents=True, exist_ok=True)
                    db = sqlite3.connect(self.database, timeout=30)
                    db.execute("PRAGMA journal_mode=WAL")
                    db.executescript(SCHEMA)
            except (OSError, sqlite3.Error) as exc:
                raise IndexError_(f"cannot open the index in {self.directory}: {exc}; set FILESAGE_CACHE_DIR to a writable folder") from None
            self._db = db
        return self._db

    @property
    def database(self) -> Path:
        return self.directory / "index.sqlite"

    def generation(self) -> str:
        row = self.db.execute("SELECT value FROM meta WHERE key = 'generation'").fetchone()
        return row[0] if row else ""

    @contextlib.contextmanager
    def lock(self):
        self.directory.mkdir(parents=True, exist_ok=True)
        with open(self.directory / "lock", "w") as handle:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise IndexError_(
                    f"another filesage is indexing {self.root} right now; wait for it to finish"
                ) from None
            yield

    def refresh(self, progress: Progress | None = None) -> RefreshStats:
        """Bring the index up to date with the folder; embeds only chunks it has never embedded."""
        progress = progress or (lambda stage, done, total: None)
        started = time.perf_counter()
        stats = RefreshStats()
        try:
            with self.lock():
                try:
                    self._refresh(stats, progress)
                    # Up to date as of now, whether or not anything changed: status reports it.
                    self.db.execute("INSERT OR REPLACE INTO meta VALUES ('refreshed', ?)", (repr(time.time()),))
                    self.db.commit()
                except BaseException:
                    # A failed or interrupted run must not leave half its changes visible to this
                    # connection's later searches (the chat keeps it open).
                    self.db.rollback()
                    raise
        except sqlite3.OperationalError as exc:
            raise IndexError_(f"the index in {self.directory} cannot be written ({exc}); free some space or set FILESAGE_CACHE_DIR to a writable folder") from None
        except OSError as exc:
            raise IndexError_(f"the index in {self.directory} cannot be written ({exc.strerror or exc}); set FILESAGE_CACHE_DIR to a writable folder") from None
        stats.seconds = time.perf_counter() - started
        stats.index_bytes = self.size_bytes()
        return stats

    def size_bytes(self) -> int:
        return sum(p.stat().st_size for p in self.directory.rglob("*") if p.is_file())

    def last_refresh(self) -> float | None:
        """When a refresh last brought the index up to date; None for an index built before this was kept."""
        row = self.db.execute("SELECT value FROM meta WHERE key = 'refreshed'").fetchone()
        return float(row[0]) if row else None

    def manifest(self) -> list[tuple[str, str, str, int]]:
        """(path, status, reason, chunks) of every file the last refresh recorded, indexed or skipped."""
        return self.db.execute(
            "SELECT f.path, f.status, f.reason, count(c.id) FROM files f LEFT JOIN chunks c ON c.path = f.path GROUP BY f.path ORDER BY f.path"
        ).fetchall()

    def plan(self) -> tuple[Plan, int]:
        """Compare the folder with the manifest by size and modification time; also the number of files."""
        known = {row[0]: row[1:] for row in self.db.execute("SELECT path, size, mtime_ns, status, reason FROM files")}
        entries = self.files()
        current = {e.path for e in entries}
        plan = Plan([], [p for p in known if p not in current], 0, Counter())
        for entry in entries:
            old = known.get(entry.path)
            mtime_ns = int(entry.modified * 1e9)
            if old and old[0] == entry.size and old[1] == mtime_ns:
                if old[2] == "indexed":
                    plan.unchanged += 1
                else:
                    plan.skipped[old[3]] += 1
            else:
                plan.to_read.append((entry, mtime_ns))
        return plan, len(entries)

    def _refresh(self, stats: RefreshStats, progress: Progress) -> None:
        db = self.db
        plan, stats.files = self.plan()
        stats.unchanged, stats.skipped = plan.unchanged, plan.skipped
        if plan.empty:
            stats.chunks = self.chunk_count()
            return

        # Read the new and changed files.
        new_chunks: dict[str, list[tuple[str, str, str]]] = {}
        file_rows = []

        def skip(entry: FileEntry, mtime_ns: int, reason: str) -> None:
            file_rows.append((entry.path, entry.size, mtime_ns, "", "skipped", reason))
            stats.skipped[reason] += 1

        for number, (entry, mtime_ns) in enumerate(plan.to_read, start=1):
            progress("reading", number, len(plan.to_read))
            if entry.extension not in READABLE_EXTENSIONS:
                skip(entry, mtime_ns, "unsupported type")
                continue
            try:
                document = read_document(self.root / entry.disk_path, entry.extension)
            except Unreadable as exc:
                skip(entry, mtime_ns, str(exc))
                continue
            except OSError as exc:
                skip(entry, mtime_ns, "unreadable (" + (exc.strerror or "I/O error").lower() + ")")
                continue
            if document.capped:
                stats.capped.append(entry.path)
            chunks = [(s.location, s.text, hashlib.sha256(f"{entry.path}\n{s.text}".encode()).hexdigest()) for s in document.segments]
            if not chunks:
                skip(entry, mtime_ns, "no text")
                continue
            new_chunks[entry.path] = chunks
            content_hash = hashlib.sha256("".join(h for _, _, h in chunks).encode()).hexdigest()
            file_rows.append((entry.path, entry.size, mtime_ns, content_hash, "indexed", ""))
            stats.indexed += 1

        # Embed only what the cache has never seen; the cache is content-addressed, so it is safe to keep
        # even if this run is interrupted.
        # A chunk is embedded with its file's path: "receipt_17.txt" or "roadmap.pptx" is often the only
        # place a chunk says what it is about.
        wanted = {h: f"{path}\n{text}" for path, chunks in new_chunks.items() for _, text, h in chunks}
        cached = set()
        hashes = list(wanted)
        for start in range(0, len(hashes), 500):
            batch = hashes[start : start + 500]
            cached |= {row[0] for row in db.execute(f"SELECT hash FROM embeddings WHERE hash IN ({','.join('?' * len(batch))})", batch)}
        missing = [h for h in hashes if h not in cached]
        embed_started = time.perf_counter()
        for start in range(0, len(missing), EMBED_BATCH * 4):
            batch = missing[start : start + EMBED_BATCH * 4]
            vectors = self.embedder.encode([wanted[h] for h in batch])
            db.executemany("INSERT OR REPLACE INTO embeddings VALUES (?, ?)", [(h, v.tobytes()) for h, v in zip(batch, vectors)])
            db.commit()
            progress("embedding", min(start + len(batch), len(missing)), len(missing))
        stats.embedded = len(missing)
        stats.embed_seconds = time.perf_counter() - embed_started

        # Replace the chunks of changed and removed files and build the new graph in one transaction: a
        # killed run rolls back to the previous generation, whose files are still on disk.
        stale = plan.removed + [row[0] for row in file_rows]
        for start in range(0, len(stale), 500):
            batch = stale[start : start + 500]
            marks = ",".join("?" * len(batch))
            db.execute(f"DELETE FROM chunks_fts WHERE rowid IN (SELECT id FROM chunks WHERE path IN ({marks}))", batch)
            db.execute(f"DELETE FROM chunks WHERE path IN ({marks})", batch)
            db.execute(f"DELETE FROM files WHERE path IN ({marks})", batch)
        for path, chunks in new_chunks.items():
            for location, text, digest in chunks:
                cursor = db.execute("INSERT INTO chunks (path, location, text, hash) VALUES (?, ?, ?, ?)", (path, location, text, digest))
                db.execute("INSERT INTO chunks_fts (rowid, text) VALUES (?, ?)", (cursor.lastrowid, f"{path}\n{text}"))
        db.executemany("INSERT INTO files VALUES (?, ?, ?, ?, ?, ?)", file_rows)
        stats.removed = len(plan.removed)
        generation = self._build_graph(progress)
        db.execute("INSERT OR REPLACE INTO meta VALUES ('generation', ?)", (generation,))
        db.commit()
        stats.chunks = self.chunk_count()
        # The previous generation, and any left by a killed run, are no longer referenced.
        for directory in self.directory.glob("gen-*"):
            if directory.name != generation:
                shutil.rmtree(directory, ignore_errors=True)

    def _build_graph(self, progress: Progress) -> str:
        import numpy as np

        rows = self.db.execute("SELECT c.id, e.vector FROM chunks c JOIN embeddings e ON e.hash = c.hash ORDER BY c.id").fetchall()
        if not rows:
            return ""
        progress("building graph", 0, 1)
        ids = [str(row[0]) for row in rows]
        vectors = np.vstack([np.frombuffer(row[1], dtype="float32") for row in rows])
        generation = f"gen-{time.time_ns()}"
        with quiet_native_code():
            from leann.api import LeannBuilder

            builder = LeannBuilder(
                backend_name="hnsw",
                embedding_model="all-MiniLM-L6-v2",
                embedding_mode="sentence-transformers",
                is_recompute=False,
                is_compact=False,
            )
            builder.build_index_from_arrays(str(self.directory / generation / "index.leann"), ids, vectors)
        progress("building graph", 1, 1)
        return generation

    def needs_refresh(self) -> bool:
        """Cheap check (no reading, no embedding): has any file appeared, changed or gone since the last run?"""
        return not self.plan()[0].empty

    def search(self, query: str, top_k: int, each: int = 0, also: tuple[str, ...] = ()) -> list[Hit]:
        """Vector and BM25 rankings fused by reciprocal rank; scores are relative to the best hit. With each,
        the top `each` of both rankings are all kept (in fused order): a chunk first in one ranking only
        can otherwise sink below dozens of middling chunks that appear in both. `also` are further words for
        the keyword ranking only (the query's words in the folder's other languages)."""
        pool = max(top_k * 4, 20, each)
        vector = self.embedder.encode([query])[0]
        ranks: dict[int, float] = {}
        bm25 = self._bm25_ranking(" ".join((query, *also)), pool)
        nearest = self._vector_ranking(vector, pool)
        for ranking in (nearest, bm25):
            for rank, chunk_id in enumerate(ranking, start=1):
                ranks[chunk_id] = ranks.get(chunk_id, 0.0) + 1.0 / (RRF_K + rank)
        if not ranks:
            return []
        best = max(ranks.values())
        # Equal fused scores are common (rank 1 in one list only); the exact keyword match goes first.
        keyword_rank = {chunk_id: rank for rank, chunk_id in enumerate(bm25)}
        ordered = sorted(ranks.items(), key=lambda item: (-item[1], keyword_rank.get(item[0], pool)))
        chosen = ordered[:top_k]
        if each:
            wanted = set(bm25[:each]) | set(nearest[:each])
            chosen += [item for item in ordered[top_k:] if item[0] in wanted]
        hits = []
        for chunk_id, score in chosen:
            row = self.db.execute(
                "SELECT c.path, c.location, c.text, e.vector FROM chunks c LEFT JOIN embeddings e ON e.hash = c.hash WHERE c.id = ?", (chunk_id,)
            ).fetchone()
            if row:
                similarity = float(np.frombuffer(row[3], dtype="float32") @ vector) if row[3] else 0.0
                hits.append(Hit(row[0], row[1], row[2], score / best, similarity))
        return hits

    def chunks_of(self, path: str) -> list[Hit]:
        """One file's chunks, in order (none when it is not indexed)."""
        rows = self.db.execute("SELECT location, text FROM chunks WHERE path = ? ORDER BY id", (path,)).fetchall()
        return [Hit(path, location, text, 1.0) for location, text in rows]

    def files_mentioning(self, words: list[str]) -> set[str]:
        """The files whose text (or path) has every one of the words."""
        found: set[str] | None = None
        for word in words:
            query = '"' + word.replace('"', '""') + '"'
            paths = {row[0] for row in self.db.execute(
                "SELECT DISTINCT c.path FROM chunks_fts f JOIN chunks c ON c.id = f.rowid WHERE chunks_fts MATCH ?", (query,))}
            found = paths if found is None else found & paths
        return found or set()

    def document_frequencies(self, words: list[str]) -> tuple[int, dict[str, int]]:
        """How many chunks there are, and in how many of them each word occurs (as FTS5 tokenises it)."""
        self.db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.vocabulary USING fts5vocab(main, 'chunks_fts', 'row')")
        found = {}
        for word in words:
            row = self.db.execute("SELECT doc FROM temp.vocabulary WHERE term = ?", (word,)).fetchone()
            found[word] = row[0] if row else 0
        return self.chunk_count(), found

    def _vector_ranking(self, vector, pool: int) -> list[int]:
        generation = self.generation()
        if not generation:
            return []
        if self._searcher_generation != generation:
            with quiet_native_code():
                from leann.api import LeannSearcher

                self._searcher = LeannSearcher(
                    str(self.directory / generation / "index.leann"), enable_warmup=False, recompute_embeddings=False, use_daemon=False
                )
            self._searcher_generation = generation
        with quiet_native_code():
            result = self._searcher.backend_impl.search(
                vector[None], pool, complexity=max(64, pool * 4), beam_width=1, prune_ratio=0.0, recompute_embeddings=False,
                pruning_strategy="global", zmq_port=None, batch_size=0,
            )
        # HNSW pads a short result with repeated or negative labels; each chunk may rank once.
        ranking = []
        for label in result["labels"][0]:
            try:
                chunk_id = int(label)
            except (TypeError, ValueError):
                continue
            if chunk_id > 0 and chunk_id not in ranking:
                ranking.append(chunk_id)
        return ranking

    def _bm25_ranking(self, query: str, pool: int) -> list[int]:
        words = [w for w in re.findall(r"\w+", query.lower()) if len(w) > 1 and w not in STOPWORDS]
        if not words:
            return []
        match = " OR ".join(f'"{w}"' for w in dict.fromkeys(words))
        rows = self.db.execute(
            "SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY bm25(chunks_fts) LIMIT ?", (match, pool)
        ).fetchall()
        return [row[0] for row in rows]

    def languages(self) -> Counter:
        """How many indexed files are written in each language (judged by their first chunk)."""
        from ..language.names import language_of

        generation = self.generation()
        if self._languages is None or self._languages[0] != generation:
            rows = self.db.execute("SELECT text FROM chunks WHERE id IN (SELECT min(id) FROM chunks GROUP BY path)").fetchall()
            self._languages = (generation, Counter(language_of(row[0]) for row in rows))
        return self._languages[1]

    def chunk_count(self) -> int:
        return self.db.execute("SELECT count(*) FROM chunks").fetchone()[0]
