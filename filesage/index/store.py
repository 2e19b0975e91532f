"""The search index of one root folder: chunks, manifest, BM25 (FTS5) and an embedding cache in SQLite, vectors
in a LEANN HNSW graph; searched by both, fused by rank. refresh.py brings it up to date, in stages a question
can search between."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import re
import sqlite3
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from ..config import cache_dir
from ..errors import FilesageError
from ..files.readers import READER_VERSION
from ..files.walk import FileEntry, walk
from ..language.lexicon import STOPWORDS
from ..language.text import covers, fold, stem, terms
from ..native import quiet_native_code
from .embedder import VERSION as EMBEDDER_VERSION
from .crosslingual import CrossLingual
from .embedder import Embedder
from .refresh import Plan, Progress, RefreshStats, plan, refresh

RRF_K = 60


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
    across: float = 0.0  # the same by the multilingual encoder, for a chunk of a file in another language than English


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
CREATE TABLE IF NOT EXISTS crosslingual (hash TEXT PRIMARY KEY, vector BLOB);
"""


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
        self.crosslingual = CrossLingual()
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

    def meta(self, key: str) -> str:
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else ""

    def set_meta(self, key: str, value: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    def generation(self) -> str:
        return self.meta("generation")

    @contextlib.contextmanager
    def lock(self):
        """Held while refreshing; yields False (and holds nothing) when another process is refreshing."""
        self.directory.mkdir(parents=True, exist_ok=True)
        with open(self.directory / "lock", "w") as handle:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                yield False
                return
            yield True

    def being_refreshed(self) -> bool:
        """Another process holds the index's lock: it is being refreshed right now."""
        try:
            with open(self.directory / "lock", "a") as handle:
                fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        except OSError:
            pass  # no index, or no lock file: nothing is refreshing it
        return False

    def refresh(self, progress: Progress | None = None, deadline: float | None = None, pause=None, busy_ok: bool = False) -> RefreshStats | None:
        """Bring the index up to date with the folder (embedding only chunks it has never embedded), or as far as a
        deadline (time.monotonic()) allows. When another process is refreshing it: None with busy_ok (search it
        as it is), otherwise an error."""
        progress = progress or (lambda stage, done, total: None)
        started = time.perf_counter()
        stats = RefreshStats()
        try:
            with self.lock() as held:
                if not held:
                    if busy_ok:
                        return None
                    raise IndexError_(f"another filesage is indexing {self.root} right now; wait for it to finish")
                try:
                    refresh(self, stats, progress, deadline, pause or (lambda: None))
                    if stats.complete:
                        # Up to date as of now, whether or not anything changed: status reports it.
                        self.set_meta("refreshed", repr(time.time()))
                    self.db.commit()
                except BaseException:
                    # What is not committed yet (the file being read) must not stay visible to this connection's
                    # later searches (the chat keeps it open); what was committed is a usable index.
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
        return plan(self)

    def needs_refresh(self) -> bool:
        """Cheap check (no reading, no embedding): has any file appeared, changed or gone since the last run, or
        did that run stop before it read or embedded everything, or were its files read in an older way?"""
        return (not self.plan()[0].empty or self.unembedded_count() > 0 or self.meta("graph") != self.graph_fingerprint()
                or self.meta("embedder") != EMBEDDER_VERSION or self.meta("reader") != READER_VERSION)

    def graph_fingerprint(self) -> str:
        """Which chunks have vectors: the graph is built again when this changes."""
        count, total = self.db.execute("SELECT count(*), total(c.id) FROM chunks c JOIN embeddings e ON e.hash = c.hash").fetchone()
        return f"{count}:{total:.0f}"

    def unembedded_count(self) -> int:
        return self.db.execute("SELECT count(*) FROM chunks c LEFT JOIN embeddings e ON e.hash = c.hash WHERE e.hash IS NULL").fetchone()[0]

    def coverage(self) -> tuple[int, int, int]:
        """(files read and searchable by their words, of those the ones searchable by meaning too, files not read yet)."""
        read = self.db.execute("SELECT count(*) FROM files WHERE status = 'indexed'").fetchone()[0]
        partly = self.db.execute(
            "SELECT count(DISTINCT c.path) FROM chunks c LEFT JOIN embeddings e ON e.hash = c.hash WHERE e.hash IS NULL").fetchone()[0]
        return read, read - partly, len(self.plan()[0].to_read)

    def search(self, query: str, top_k: int, each: int = 0, also: tuple[str, ...] = (), within: list[str] | None = None) -> list[Hit]:
        """Vector and BM25 rankings fused by reciprocal rank; scores are relative to the best hit. With each,
        the top `each` of both rankings are all kept (in fused order): a chunk first in one ranking only
        can otherwise sink below dozens of middling chunks that appear in both. `also` are further words for
        the keyword ranking only (the query's words in the folder's other languages). `within`: only these
        files' chunks, every one of them ranked (by its stored vector, not the graph)."""
        pool = max(top_k * 4, 20, each)
        vector = self.embedder.encode([query])[0]
        ranks: dict[int, float] = {}
        if within is not None:
            self._scope(within)
        bm25 = self._bm25_ranking(" ".join((query, *also)), pool, scoped=within is not None)
        nearest = self._scoped_vector_ranking(vector, pool) if within is not None else self._vector_ranking(vector, pool)
        across, by_meaning = self._crosslingual_ranking(query, pool, scoped=within is not None)
        for ranking in (nearest, bm25, across):
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
            wanted = set(bm25[:each]) | set(nearest[:each]) | set(across[:each])
            chosen += [item for item in ordered[top_k:] if item[0] in wanted]
        hits = []
        for chunk_id, score in chosen:
            row = self.db.execute(
                "SELECT c.path, c.location, c.text, e.vector FROM chunks c LEFT JOIN embeddings e ON e.hash = c.hash WHERE c.id = ?", (chunk_id,)
            ).fetchone()
            if row:
                similarity = float(np.frombuffer(row[3], dtype="float32") @ vector) if row[3] else 0.0
                hits.append(Hit(row[0], row[1], row[2], score / best, similarity, by_meaning.get(chunk_id, 0.0)))
        return hits

    def _crosslingual_ranking(self, query: str, pool: int, scoped: bool = False) -> tuple[list[int], dict[int, float]]:
        """The chunks of files in other languages, nearest to the query by the multilingual encoder (all of them are
        compared: they are few beside the folder's), and each one's cosine; nothing where the folder has none."""
        join = "JOIN temp.scope s ON s.path = c.path " if scoped else ""
        rows = self.db.execute(f"SELECT c.id, x.vector FROM chunks c {join}JOIN crosslingual x ON x.hash = c.hash").fetchall()
        if not rows:
            return [], {}
        similarities = np.vstack([np.frombuffer(row[1], dtype="float32") for row in rows]) @ self.crosslingual.encode([query])[0]
        order = np.argsort(-similarities)[:pool]
        return [rows[i][0] for i in order], {rows[i][0]: float(similarities[i]) for i in order}

    def starts_of(self, paths: list[str]) -> dict[str, str]:
        """The first chunk of each indexed file among paths (its title and first lines)."""
        found: dict[str, str] = {}
        for start in range(0, len(paths), 500):
            batch = paths[start : start + 500]
            rows = self.db.execute(
                f"SELECT path, text FROM chunks WHERE id IN (SELECT min(id) FROM chunks WHERE path IN ({','.join('?' * len(batch))}) GROUP BY path)",
                batch).fetchall()
            found.update(rows)
        return found

    def known(self, path: str) -> bool:
        """The index has read the file (or skipped it, with a reason)."""
        return self.db.execute("SELECT 1 FROM files WHERE path = ?", (path,)).fetchone() is not None

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

    def says_anywhere(self, word: str, paths: list[str] | None = None) -> bool:
        """Some indexed file (of `paths`, when given) says the word: as the keyword index has it, in a close spelling
        ("licence" for "license"), in another form of it ("month" for "monthly"), or written with or without a hyphen
        or a space inside ("wi-fi" for "wifi", "ssh keygen" for "ssh-keygen")."""
        import difflib

        if "_" in word or word.startswith("-"):
            # An option or a setting ("--frobnicate", "max_hops") is said as written or not at all; of the files given
            # (a program's own manual), when given.
            return self.says_literally(word, paths)
        # As the keyword index has its words: without accents ("sähkö" is its "sahko").
        word = fold(word)
        if paths:
            # Said in those files: in another form of it, or with a hyphen or a space inside or without.
            text = fold(" ".join(row[0] for row in self.db.execute(
                f"SELECT text FROM chunks WHERE path IN ({','.join('?' * len(paths))})", paths)).lower())
            joined = re.sub(r"[-\s]", "", word)
            # Or a word of theirs that begins as it does for most of its length, as a kindred language writes it.
            close = any(len(os.path.commonprefix([word, term])) >= max(6, 0.8 * min(len(word), len(term))) for term in set(re.findall(r"\w+", text)))
            return close or covers(stem(word), terms(text)) or bool(re.search(r"(?<![a-z0-9])" + r"[-\s]?".join(map(re.escape, joined)) + r"(?![a-z0-9])", text))
        _, found = self.document_frequencies([word])
        if found[word]:
            return True
        prefix = word[:3]
        nearby = [row[0] for row in self.db.execute(
            "SELECT term FROM temp.vocabulary WHERE term >= ? AND term < ? LIMIT 5000", (prefix, prefix + "\uffff"))]
        if difflib.get_close_matches(word, nearby, n=1, cutoff=0.85):
            return True
        if any(len(os.path.commonprefix([word, term])) >= max(5, 0.75 * min(len(word), len(term))) for term in nearby):
            return True
        # Another form of the same word: "owns" for "owner", "summarise" for "summary", "handling" for "handle".
        base = re.sub(r"(?:ings?|i[sz](?:es?|ed|ing)|ed|es|s|ers?|ly)$", "", word)
        if len(base) >= 3 and base != word and any(term.startswith(base) for term in nearby):
            return True
        # Written with a hyphen or a space inside, or without: "wi-fi" for "wifi", "ssh keygen" for "ssh-keygen"; a whole word
        # so, not the inside of a longer one ("phd" is no part of a hash, "ttl" none of "little").
        joined = word.replace("-", "").replace(" ", "")
        spaced = re.compile(r"(?<![a-z0-9])" + r"[-\s]?".join(map(re.escape, joined)) + r"(?![a-z0-9])")
        rows = self.db.execute("SELECT text FROM chunks WHERE replace(replace(lower(text), '-', ''), ' ', '') LIKE ? LIMIT 200",
                               (f"%{joined}%",)).fetchall()
        return any(spaced.search(row[0].lower()) for row in rows)

    def files_saying(self, word: str) -> int:
        """How many indexed files say the word, as the keyword index has it (another form of it too: "receipts")."""
        folded = re.sub(r"[^\w]+", " ", fold(word)).strip()
        if not folded:
            return 0
        match = " ".join(f'"{part}"*' for part in folded.split())
        return self.db.execute("SELECT count(DISTINCT c.path) FROM chunks_fts f JOIN chunks c ON c.id = f.rowid WHERE chunks_fts MATCH ?",
                               (match,)).fetchone()[0]

    def says_literally(self, text: str, paths: list[str] | None = None) -> bool:
        """Some indexed file (of `paths`, when given) says the text as written, in any casing ("--frobnicate",
        "max_hops", "HTTP_PROXY"); a one-letter option ("-Z") whole and in its own case, since "-z" is another option
        and "-zoom" none."""
        escaped = text.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        among = f" AND path IN ({','.join('?' * len(paths))})" if paths else ""
        arguments = (f"%{escaped}%", *(paths or ()))
        if not re.fullmatch(r"-\w", text):
            return self.db.execute(f"SELECT 1 FROM chunks WHERE lower(text) LIKE ? ESCAPE '\\'{among} LIMIT 1", arguments).fetchone() is not None
        whole = re.compile(rf"(?<![\w-]){re.escape(text)}(?![\w-])")
        rows = self.db.execute(f"SELECT text FROM chunks WHERE lower(text) LIKE ? ESCAPE '\\'{among}", arguments)
        return any(whole.search(row[0]) for row in rows)

    def document_frequencies(self, words: list[str]) -> tuple[int, dict[str, int]]:
        """How many chunks there are, and in how many of them each word occurs (as FTS5 tokenises it). A stem that
        is no token ("languag") occurs as often as its commonest form ("language", "languages")."""
        self.db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.vocabulary USING fts5vocab(main, 'chunks_fts', 'row')")
        found = {}
        for word in words:
            row = self.db.execute("SELECT doc FROM temp.vocabulary WHERE term = ?", (word,)).fetchone()
            if row is None:
                row = self.db.execute("SELECT max(doc) FROM temp.vocabulary WHERE term >= ? AND term < ?", (word, word + "\uffff")).fetchone()
            found[word] = row[0] if row and row[0] else 0
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

    def _bm25_ranking(self, query: str, pool: int, scoped: bool = False) -> list[int]:
        # A version ("8.0.0") is searched as the phrase of its parts, each alone too short to search by, and as
        # changelogs also write it ("v8.0.0").
        versions = [form for version in re.findall(r"(?<![\w.])v?(\d+(?:\.\d+)+)(?![\w.]*\d)", query) for form in (version, f"v{version}")]
        # A one-letter option ("-b") is searched by its letter, which the index keeps as a token of its own.
        options = re.findall(r"(?<![\w-])-([a-z])\b", query.lower())
        words = versions + options + [w for w in re.findall(r"\w+", query.lower()) if len(w) > 1 and w not in STOPWORDS]
        if not words:
            return []
        # A long word is also searched by its start, without its last two letters: languages that decline by endings
        # write "autopaikan" and "keskiviikkona" where the question's word is "autopaikka" or "keskiviikko".
        words = list(dict.fromkeys(words))
        starts = [f'"{w[:-2]}"*' for w in words if len(w) >= 8 and w.isalpha()]
        match = " OR ".join([f'"{w}"' for w in words] + starts)
        within = " AND rowid IN (SELECT c.id FROM chunks c JOIN temp.scope s ON s.path = c.path)" if scoped else ""
        rows = self.db.execute(
            f"SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ?{within} ORDER BY bm25(chunks_fts) LIMIT ?", (match, pool)
        ).fetchall()
        return [row[0] for row in rows]

    def _scope(self, paths: list[str]) -> None:
        """The files a search is kept to, in a temporary table the rankings join."""
        self.db.execute("CREATE TEMP TABLE IF NOT EXISTS scope (path TEXT PRIMARY KEY)")
        self.db.execute("DELETE FROM temp.scope")
        self.db.executemany("INSERT OR IGNORE INTO temp.scope VALUES (?)", [(p,) for p in paths])
        self.db.commit()  # no transaction left open: later reads see what a background indexer commits

    def _scoped_vector_ranking(self, vector, pool: int) -> list[int]:
        """Every chunk of the scope that has a vector, nearest first: exact, where the graph ranks approximately."""
        rows = self.db.execute("SELECT c.id, e.vector FROM chunks c JOIN temp.scope s ON s.path = c.path JOIN embeddings e ON e.hash = c.hash").fetchall()
        if not rows:
            return []
        similarities = np.vstack([np.frombuffer(row[1], dtype="float32") for row in rows]) @ vector
        return [rows[i][0] for i in np.argsort(-similarities)[:pool]]

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
