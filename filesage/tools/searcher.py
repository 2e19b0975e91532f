"""Semantic search as the agent sees it: hits from the index, reranked by how much of the question they cover,
turned into the lines that bear on it (each with the lines it belongs under), with their sources; no model
call, so the agent reads a dozen lines instead of whole passages."""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass
from typing import Annotated, Callable

from ..index.refresh import foreign
from ..index.store import FolderIndex, Hit, Progress
from ..language.figures import MONEY, MONTH_WORD, dated_in, dates_in, months_mentioned, months_named
from ..language.glossary import asks_before_tax, says_total, synonyms, term_of, translations, with_kin
from ..language.lexicon import LANGUAGE_WORDS, MONEY_ASKED, PAPER_KINDS, QUESTION_WORDS, SUBJECTLESS, WHOLE_FOLDER
from ..language.names import proper_names, says_name
from ..language.text import COMMENT_MARKS, CONFIG_SECTION, UNDERLINE, covers, holders, is_heading, is_piece_heading, setting_key, terms
from .listing import dated_months
from .result import ToolResult, note, trim

PASSAGES = 5  # the passages facts are taken from, after reranking
DATED_CHUNKS = 3  # the chunks of a document read for the months it is of
TITLE_LINES = 3  # a document's first lines, where a letterhead and its title are
HEADER_LINES = 8  # an e-mail's header lines, where its subject is


CANDIDATES_EACH = 12  # the top of each ranking (vector, BM25) that is reranked, whatever its fused rank


LINES_FIRST = 6  # lines from the passage that covers the question best


LINES_OTHER = 3  # lines from each other passage


MAX_LINES = 14


# A passage is about the question when this much of the question's weighted words are in it (or its path),
# counting its meaning (vector similarity) too.
MIN_RELEVANCE = 0.35


# Passages much less relevant than the best are dropped: another booking, recipe or invoice with the same
# kind of line is where small models take a neighbouring figure from.
RELATIVE_RELEVANCE = 0.75


SIMILARITY_WEIGHT = 0.5
# The multilingual encoder's cosines run lower than the index embedder's (a question and the right document in
# another language: 0.17-0.31, measured on a folder of Polish bills, contracts and reports): scaled to be weighed alike.
ACROSS_SCALE = 2.5
FOREIGN_LINES = 80  # the most lines of such documents weighed by it for one search (about two seconds)


LINE_SIMILARITY_WEIGHT = 4.0


PASSAGE_CHARS = 700  # how much of a passage the plain pipeline in bench/ puts in its prompt


MAX_RESULT_CHARS = 2500
COMMENT_WEIGHT = 0.5
AMOUNT_LINES = 3  # lines with an amount kept from each of the best two passages when an amount is asked
CHUNKS_BACK = 8  # how far back a line's heading is looked for, in chunks (about 7 KB)
# Files where a line that starts with "#" is a heading, not a comment: Markdown, text, man pages (read with their
# sections as "#" headings) and files without an extension.
PROSE = re.compile(r"(?:\.(?:md|markdown|rst|txt|adoc|org|html?|[1-9][a-z]?)|/[^/.]+)$|^[^/.]+$", re.I)


@dataclass
class Passage:
    hit: Hit
    relevance: float
    context: set[str]  # the terms of its path and title: what the passage is part of


@dataclass
class Line:
    shown: str  # the line, under the lines that hold it ("reports › timeout_seconds: 120")
    passage: Passage
    score: float


class Searcher:
    """Owns the index of one root; refreshes it before its first search when files changed (unless told not to),
    for at most `budget` seconds: a new folder's first question searches what is indexed by then and says so."""

    def __init__(self, index: FolderIndex, refresh: bool = True, on_progress: Progress | None = None, min_top_k: int = 5,
                 budget: float | None = None, scope: Callable[[str], list[str]] | None = None):
        """scope: the files a `within` argument means (a file's path or name, or a folder)."""
        self.index = index
        self.scope = scope
        self.min_top_k = min_top_k
        self.refresh_pending = refresh
        self.on_progress = on_progress
        self.budget = budget
        self.left_unfinished = False  # a refresh stopped at its deadline, or another process is refreshing

    def ensure_fresh(self) -> None:
        if not self.refresh_pending:
            return
        self.refresh_pending = False
        self.left_unfinished = False
        if self.index.needs_refresh():
            deadline = time.monotonic() + self.budget if self.budget is not None else None
            stats = self.index.refresh(self.on_progress, deadline=deadline, busy_ok=True)
            self.left_unfinished = stats is None or not stats.complete

    def coverage(self) -> str:
        """What a search of a folder still being indexed could not look at, said for the answer ('' when nothing)."""
        if not self.left_unfinished:
            return ""
        read, embedded, unread = self.index.coverage()
        if not unread and embedded == read:
            return ""
        by_meaning = f", {embedded} of them by their meaning too" if embedded < read else ""
        return (f"(The folder is still being indexed: this looked at {read} of {read + unread} files{by_meaning}. "
                "Ask again in a while for the rest, or run: filesage index)")

    def semantic_search(self, query: str, top_k: Annotated[int, 3, 10] = 5, within: str = "") -> ToolResult:
        """Search what the files say and return the relevant facts, each with the file it comes from.

        Args:
            query: what to look for, in plain words
            top_k: how many passages to read
            within: only this file or folder (its path or name); empty searches every file
        """
        query = query.strip()
        if not query:
            return ToolResult("The query is empty; say what to look for.", [], "Empty query", ok=False)
        self.ensure_fresh()
        within = "" if within.strip().lower() in WHOLE_FOLDER or self.scope is None else within.strip()
        paths = self.scope(within) if within else []
        if within and not paths:
            # No such file or folder ("all files", a name the folder lacks): every file is searched, and said so.
            result = self._search(query, top_k)
            result.text = f"{note(f'There is no file or folder {within!r} here; every file was searched.')}\n{result.text}"
        elif paths:
            result = self._search(query, top_k, paths, said_by_scope=scope_words(paths))
            if not result.found and len(paths) == 1:
                # One short document kept to, and none of its lines says the question's words: nothing asked of it but
                # what it says ("the version its VERSION file gives"), or asked in other words than its own (an invoice
                # in Finnish asked about its "VAT"). A page is read whole, the words it says them in are its own.
                asked_of_it = bool(terms(query) - scope_words(paths) - SUBJECTLESS_TERMS)
                result = self.whole_short_document(paths[0], only_in_another_language=asked_of_it) or result
            unnamed = names_not_said(query, result.text) if result.found else []
            if not result.found or unnamed:
                # Not in the document named, or not about the name the question gives (a trip's budget named by the
                # conference is no line of the yearly budget sheet): the whole folder, said so.
                anywhere = self._search(query, top_k)
                if anywhere.found and len(names_not_said(query, anywhere.text)) < len(unnamed or [query]):
                    anywhere.text = f"{note(f'Nothing in {within} is about {query!r}; the other files follow.')}\n{anywhere.text}"
                    result = anywhere
        else:
            result = self._search(query, top_k)
        result.coverage = self.coverage()
        return result

    def whole_short_document(self, path: str, only_in_another_language: bool = False) -> ToolResult | None:
        """A document of a few lines, all of them; None for a longer one (or one not indexed), or for one in English
        when only_in_another_language (an English document that says none of the question's words lacks them)."""
        chunks = self.index.chunks_of(path)
        lines = [line.strip() for chunk in chunks for line in chunk.text.splitlines() if line.strip()]
        if not lines or sum(map(len, lines)) > SHORT_DOCUMENT_CHARS or (only_in_another_language and not foreign(" ".join(lines))):
            return None
        where = ", ".join(dict.fromkeys(chunk.location for chunk in chunks))
        text = f"From {path} ({where}):\n" + "\n".join(f"- {line}" for line in lines)
        return ToolResult(text, [path], f"{len(lines)} lines of {path.rsplit('/', 1)[-1]}", locations={path: where},
                          basis=f"From {path} ({where}):\n" + "\n".join(lines))

    def _search(self, query: str, top_k: int, within: list[str] | None = None, said_by_scope: set[str] = frozenset()) -> ToolResult:
        """said_by_scope: words of the query that only picked the files searched (the file's and its folders'
        names): within those files every line is about them, so they tell no line apart."""
        if self.index.chunk_count() == 0:
            if self.index.needs_refresh():
                return ToolResult("The folder is being indexed and nothing of it is searchable yet.", [], "Not indexed yet", found=False)
            return ToolResult("No file in this folder has indexable text.", [], "Nothing indexed", found=False)
        # The question's words said the way the folder's files in other languages say them are searched too; kept to
        # some files, so are its words' synonyms ("payable" for "due"): there the document's own words are the only ones.
        translated = translations(terms(query), set(self.index.languages())) | (synonyms(terms(query)) if within else {})
        hits = self.index.search(query, max(top_k, self.min_top_k), each=CANDIDATES_EACH, also=tuple(translated), within=within)
        said_as = {source: [term_of(word) for word, of in translated.items() if of == source] for source in terms(query)}
        weights = {t: (0.0 if t in said_by_scope else w) for t, w in self.weights(query).items()}
        passages = rerank(hits, {t: weights[t] for t in said_as if t in weights}, said_as, months_asked(query))[: max(top_k, self.min_top_k)]
        relevant = [p for p in passages if p.relevance >= max(MIN_RELEVANCE, RELATIVE_RELEVANCE * passages[0].relevance)
                    or any(w and covers(t, setting_key(line, False)) for line in p.hit.text.splitlines() for t, w in weights.items())] if passages else []
        # A name the query gives picks its passages out: where some say it, the ones that do not are about another thing.
        naming = [p for p in relevant if not names_not_said(query, f"{p.hit.path} {p.hit.text}")]
        relevant = naming or relevant
        # A month asked ("the January bill", "maaliskuun lasku"): of documents of several months, those of that month.
        relevant = self.of_months_asked(query, relevant)
        relevant = self.of_kind_asked(query, relevant)
        if not relevant:
            read = ", ".join(dict.fromkeys(p.hit.path for p in passages)) or "none"
            return ToolResult(f"The closest passages ({read}) say nothing about '{query}'.", [], "No relevant passages", found=False)
        lines = self.select(query, relevant, weights)
        return facts_result(relevant, lines)

    def of_months_asked(self, query: str, passages: list[Passage]) -> list[Passage]:
        """The passages of the documents of the months the query names, when they come from several documents and some
        are of those months (by a date or month their file's name or text gives); all of them otherwise."""
        months = {month for _, month in months_named(query)} | months_mentioned(query)[0]
        paths = list(dict.fromkeys(p.hit.path for p in passages))
        if not months or len(paths) < 2:
            return passages
        # A document's period or first date is at its start; a table of thousands of rows is not read through for it.
        of_month = {path for path in paths if {month for _, month in dated_months(path)} & months
                    or dated_in("\n".join(hit.text for hit in self.index.chunks_of(path)[:DATED_CHUNKS]), months)}
        return [p for p in passages if p.hit.path in of_month] or passages

    def of_kind_asked(self, query: str, passages: list[Passage]) -> list[Passage]:
        """The passages of the documents that call themselves the kind of paper the query asks of ("the venue's quote":
        a file named or titled a quote, not the invoice that cites it or the budget that lists its figure), when they
        come from several documents and some call themselves so; all of them otherwise."""
        asked = terms(query)
        kinds = [kind for kind in (terms(" ".join(group)) for group in PAPER_KINDS) if kind & asked]
        paths = list(dict.fromkeys(p.hit.path for p in passages))
        if not kinds or len(paths) < 2:
            return passages
        starts = self.index.starts_of(paths)
        called = {path: terms(path.rsplit("/", 1)[-1]) | terms(title_of(starts.get(path, ""))) for path in paths}
        return [p for p in passages if all(kind & called[p.hit.path] for kind in kinds)] or passages

    def weights(self, query: str) -> dict[str, float]:
        """How much each word of the query tells passages apart: rare words weigh more (inverse document
        frequency over the folder's chunks); dates weigh like a rare word. The question's words said the way the
        folder's files in other languages say them weigh as the words they translate: a German lease's "Kaution"
        answers for "deposit", no more."""
        # The short words of the folder's languages ("le", "der", "och") tell no passage apart, whatever their rarity.
        languages = with_kin(set(self.index.languages()))
        short = {term_of(w) for language in languages - {"English"} for w in LANGUAGE_WORDS.get(language, ())}
        # A date asked is its date ("date:3-7"), not its day's number and month's name weighing again on their own.
        wanted = sorted(({t for t in terms(query) if t.startswith("date:")} | terms(dates_in(query)[1])) - short)
        words = [t for t in wanted if not t.startswith("date:")]
        count, frequencies = self.index.document_frequencies(words)
        # Stemmed words may not be FTS5 tokens ("serv"); those count as rare.
        rarest = math.log(1 + count)
        weights = {t: rarest if t.startswith("date:") or not frequencies.get(t) else math.log(1 + count / (1 + frequencies[t])) for t in wanted}
        for word, source in translations(set(wanted), languages).items():
            weights.setdefault(term_of(word), weights[source])
        return weights

    def select(self, query: str, passages: list[Passage], weights: dict[str, float]) -> list[Line]:
        """The lines that bear on the query: the best-scoring ones (see score_lines), a few per passage. When an
        amount is asked ("how much was the hosting bill"), the lines that give one ("Amount owing: EUR 57.30") say
        none of the question's words and rank below the ones that name the vendor: the best passages' lines with an
        amount are kept too."""
        chosen: list[Line] = []
        taken: dict[int, int] = {}
        scored = self.score_lines(query, passages, weights)
        for line in scored:
            key = id(line.passage)
            limit = LINES_FIRST if line.passage is passages[0] else LINES_OTHER
            if taken.get(key, 0) >= limit or any(line.shown == other.shown for other in chosen):
                continue
            taken[key] = taken.get(key, 0) + 1
            chosen.append(line)
            if len(chosen) >= MAX_LINES:
                break
        if MONEY_ASKED.search(query):
            # What a bill comes to is the line that totals it, kept and first among its file's lines: its other amounts,
            # and the total before tax beside it ("veroton", without tax), are what a small model otherwise takes.
            net = asks_before_tax(query)
            for passage in passages[:2]:
                amounts = [line for line in scored if line.passage is passage and MONEY.search(line.shown.rsplit(" › ", 1)[-1])]
                if not net and not any(says_total(line.shown.rsplit(" › ", 1)[-1]) for line in amounts):
                    amounts = self.totals_elsewhere(passage) + amounts
                amounts.sort(key=lambda line: not net and not says_total(line.shown.rsplit(" › ", 1)[-1]))
                chosen += [line for line in amounts[:AMOUNT_LINES] if all(line.shown != other.shown for other in chosen)]
            if not net:
                files = list(dict.fromkeys(line.passage.hit.path for line in chosen))
                chosen.sort(key=lambda line: (files.index(line.passage.hit.path), not says_total(line.shown.rsplit(" › ", 1)[-1])))
        return chosen

    def totals_elsewhere(self, passage: Passage) -> list[Line]:
        """The lines that total the document of a passage that has none (its heading, found by the name of the bill
        asked): a long bill's total is in another of its chunks."""
        chunks = self.index.chunks_of(passage.hit.path)
        return [Line(line.strip(), passage, 0.0) for chunk in chunks if chunk.text != passage.hit.text
                for line in chunk.text.splitlines() if MONEY.search(line) and says_total(line)][:AMOUNT_LINES]

    def lines_before(self, hit: Hit, files: dict[str, list[Hit]]) -> list[str]:
        """The lines of the chunks before a hit's in its file (a few pages back; none for its first chunk)."""
        if hit.path not in files:
            files[hit.path] = self.index.chunks_of(hit.path)
        chunks = files[hit.path]
        at = next((i for i, chunk in enumerate(chunks) if chunk.location == hit.location), 0)
        return "\n".join(chunk.text for chunk in chunks[max(0, at - CHUNKS_BACK) : at]).splitlines()

    def score_lines(self, query: str, passages: list[Passage], weights: dict[str, float]) -> list[Line]:
        """Every line of the passages, best first: scored by the query's words in the line, in the lines it
        belongs under, or in its passage's path and title, and by how close it is in meaning to the query."""
        candidates: list[tuple[Passage, str, float, float]] = []
        files: dict[str, list[Hit]] = {}
        # A month asked ("the close in February 2031") is a date of that month in a line ("2031-02-27; 19.86").
        months, month_weight = months_named(query), max(weights.values(), default=1.0)
        for passage in passages:
            lines = passage.hit.text.splitlines()
            said = [l.lstrip() for l in lines[1:] if l.strip()]
            remarks = sum(l.startswith(COMMENT_MARKS) for l in said)
            # A config file is one by its name ("redis.conf") or, named without an extension ("toolrc"), by what it
            # holds: mostly comments, and settings.
            config = not PROSE.search(passage.hit.path) or remarks > len(said) / 2 and any(setting_key(l, False) for l in said)
            commented = config and remarks < len(said)
            # A release's changes may start a chunk below its heading: the chunks before it are read for it.
            before = [] if commented else self.lines_before(passage.hit, files)
            whole = before + lines
            # A table's header or a page's first line heads every line of its passage: not said again.
            title = lines[0].strip() if lines and not is_heading(whole, len(before)) else None
            for index, line in enumerate(lines):
                if not line.strip():
                    continue
                # The "[heading]" atop a piece is the heading in force there: nothing of the pieces before holds it.
                atop = index == 0 and is_piece_heading(line)
                above = [] if atop else [clipped(h) for h in holders(whole, len(before) + index, headings=not commented) if h != title]
                shown = " › ".join(above[-2:] + [excerpt(line.strip(), weights)])
                heads = CONFIG_SECTION.fullmatch(line.strip()) if commented else is_heading(whole, len(before) + index)
                if not atop and heads:
                    # A heading found is shown with what it heads ("# AUTHORS › Ada Lind, Bo Ek"): alone it says nothing;
                    # a config file's "[section]" with its first setting, not the comments about it.
                    following = next((l.strip() for l in lines[index + 1:] if l.strip() and not UNDERLINE.fullmatch(l)
                                      and not (commented and l.lstrip().startswith(COMMENT_MARKS))), "")
                    shown = f"{shown} › {following[:300]}" if following else shown
                own, held = terms(line), terms(" ".join(above))
                # A word said whole counts more than one inside a compound ("rate" in "rate: 4%" over "separate").
                lexical = sum(w if t in own else 0.5 * w for t, w in weights.items() if covers(t, own))
                lexical += 0.7 * sum(w for t, w in weights.items() if not covers(t, own) and covers(t, held))
                lexical += 0.4 * sum(w for t, w in weights.items() if not covers(t, own) and not covers(t, held) and covers(t, passage.context))
                if months and months & {(year, month) for year, month, _ in dates_in(line)[0]}:
                    lexical += month_weight
                # A setting says its value; the comments around it in a config file or code only talk about it.
                weight = COMMENT_WEIGHT if commented and line.lstrip().startswith(COMMENT_MARKS) else 1.0
                # A setting named by the question's words ("workers = 8" for "how many workers are set") is the
                # line asked about, however many of its words the comments above it repeat.
                lexical += sum(w for t, w in weights.items() if covers(t, setting_key(line, commented)))
                candidates.append((passage, shown, lexical, weight))
        if not candidates:
            return []
        vectors = self.index.embedder.encode([query] + [shown for _, shown, _, _ in candidates])
        similarities = vectors[1:] @ vectors[0]
        # A line of a document in another language is as near the question as the multilingual encoder finds it.
        foreign = [at for at, (passage, _, _, _) in enumerate(candidates) if passage.hit.across][:FOREIGN_LINES]
        if foreign:
            across = self.index.crosslingual.encode([query] + [candidates[at][1] for at in foreign])
            for at, similarity in zip(foreign, across[1:] @ across[0]):
                similarities[at] = max(similarities[at], ACROSS_SCALE * similarity)
        return sorted(
            (Line(shown, passage, weight * (lexical + LINE_SIMILARITY_WEIGHT * max(float(similarity), 0.0)))
             for (passage, shown, lexical, weight), similarity in zip(candidates, similarities)),
            key=lambda line: -line.score,
        )


SUBJECTLESS_TERMS = terms(" ".join(SUBJECTLESS | QUESTION_WORDS))
SHORT_DOCUMENT_CHARS = 2500  # a document this short (a VERSION file, a bill, a one-page lease) is shown whole when searched alone
HOLDER_CHARS = 100  # a heading or a line above, shown as context
LINE_CHARS = 450  # a line longer than this (a paragraph on one line) is shown by its sentences about the question


def title_of(start: str) -> str:
    """What a document calls itself ("Catering Quote (revised)"): its first line, a line in capitals under a letterhead
    ("TAX INVOICE INV-12"), an e-mail's subject; not the other lines, which cite other papers ("Reference: quote Q-7")."""
    lines = [line.strip() for line in start.splitlines() if line.strip()]
    shouted = [line for line in lines[1:TITLE_LINES] if line.isupper()]
    subject = [line for line in lines[:HEADER_LINES] if line.lower().startswith("subject:")]
    return " ".join([*lines[:1], *shouted, *subject])


def clipped(text: str) -> str:
    return text if len(text) <= HOLDER_CHARS else text[: HOLDER_CHARS - 1].rstrip() + "…"


def excerpt(line: str, weights: dict[str, float]) -> str:
    """A long line (a whole paragraph) as its sentence most about the query, with its neighbours while they fit."""
    if len(line) <= LINE_CHARS:
        return line
    sentences = [s for s in re.split(r"(?<=[.;!?])\s+", line) if s]
    if len(sentences) == 1:
        return line[:LINE_CHARS - 1].rstrip() + "…"
    scores = [sum(w for t, w in weights.items() if covers(t, terms(sentence))) for sentence in sentences]
    first = last = max(range(len(sentences)), key=lambda i: (scores[i], -i))
    while True:
        grown = [i for i in (first - 1, last + 1) if 0 <= i < len(sentences)]
        grown = [i for i in grown if sum(len(sentences[j]) + 1 for j in range(min(first, i), max(last, i) + 1)) <= LINE_CHARS]
        if not grown:
            break
        pick = max(grown, key=lambda i: scores[i])
        first, last = min(first, pick), max(last, pick)
    text = " ".join(sentences[first : last + 1])
    if len(text) > LINE_CHARS:
        text = text[: LINE_CHARS - 1].rstrip()
    return ("… " if first > 0 else "") + text + (" …" if last < len(sentences) - 1 else "")


def names_not_said(query: str, text: str) -> list[str]:
    """The names the query gives with capitals that the text never says."""
    lowered = " ".join(text.lower().split())
    return [name for name in proper_names(query) if not says_name(name, lowered)]


def scope_words(paths: list[str]) -> set[str]:
    """The terms the paths of a search's files all say (of their names and folders), when they are few (a named
    document): those picked the files and tell none apart. A word of one of their names ("license" of LICENSE beside
    a README) still tells its file from the others."""
    return set.intersection(*(terms(path) for path in paths)) if paths and len(paths) <= 4 else set()


def months_asked(query: str) -> tuple[set[int], set[str]]:
    """The months a query asks of ("what came in during March") and its words that name them."""
    months = {month for _, month in months_named(query)} | months_mentioned(query)[0]
    return months, terms(" ".join(m.group(0) for m in MONTH_WORD.finditer(query))) if months else set()


def rerank(hits: list[Hit], weights: dict[str, float], said_as: dict[str, list[str]],
           asked: tuple[set[int], set[str]] = (set(), set())) -> list[Passage]:
    """Passages ordered by how much of the query's weight their words (or their path and title) cover, plus
    how close they are in meaning; the fused rank breaks ties. A word of the query is covered by itself or by
    one of the words it is said as in the folder's other languages (`said_as`), which add no weight of their own:
    a note's "Tandarts" covers "dentist" as fully as an English note's "dentist". A month asked (`asked`: the months
    and the query's words for them) is covered by a passage dated in it however written ("2031-02-14", "Feb 2031" in
    its file's name): a statement of February's rows says no "February", a letter that mentions one does."""
    total = sum(weights.values()) or 1.0
    months, month_words = asked
    passages = []
    for rank, hit in enumerate(hits):
        first = hit.text.splitlines()[0] if hit.text else ""
        context = terms(hit.path) | terms(first)
        body = terms(hit.text)
        if months and ({month for _, month in dated_months(hit.path)} & months or dated_in(hit.text, months)):
            body |= month_words
        coverage = sum(w for t, w in weights.items() if any(covers(f, body) or covers(f, context) for f in [t, *said_as.get(t, ())])) / total
        similarity = max(hit.similarity, ACROSS_SCALE * hit.across, 0.0)
        passages.append((coverage + SIMILARITY_WEIGHT * similarity, -rank, Passage(hit, 0.0, context)))
    passages.sort(key=lambda item: (-item[0], -item[1]))
    ordered = []
    for relevance, _, passage in passages:
        passage.relevance = relevance
        ordered.append(passage)
    return ordered


def facts_result(passages: list[Passage], lines: list[Line]) -> ToolResult:
    """'From <path> (<location>):' with its lines under it, files in the order of their best line. What does not
    fit the result is its weakest lines, not the last file's: a row that alone names the thing asked about may rank
    below a long paragraph that only talks around it."""
    lines = list(lines)
    while len(lines) > 1 and sum(len(line.shown) + 4 for line in lines) + 80 * len({line.passage.hit.path for line in lines}) > MAX_RESULT_CHARS:
        lines.remove(min(lines, key=lambda line: line.score))
    grouped: dict[str, tuple[list[str], list[str]]] = {}
    for line in lines:
        hit = line.passage.hit
        locations, shown = grouped.setdefault(hit.path, ([], []))
        if hit.location not in locations:
            locations.append(hit.location)
        shown.append(line.shown)
    blocks = [f"From {path} ({', '.join(locations)}):\n" + "\n".join(f"- {fact}" for fact in shown) for path, (locations, shown) in grouped.items()]
    text = trim("\n".join(blocks), MAX_RESULT_CHARS)
    names = ", ".join(path.rsplit("/", 1)[-1] for path in grouped)
    used = {id(line.passage) for line in lines}
    # Each passage under its file's heading, its paragraphs together: a line of the basis belongs to its document.
    basis = "\n\n".join(f"From {p.hit.path} ({p.hit.location}):\n" + "\n".join(line for line in p.hit.text.splitlines() if line.strip())
                        for p in passages if id(p) in used)
    locations = {path: ", ".join(where) for path, (where, _) in grouped.items()}
    return ToolResult(text, list(grouped), f"{len(lines)} facts from {names}", locations=locations, basis=basis)
