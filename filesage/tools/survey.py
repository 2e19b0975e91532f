"""Questions over every matching file (a total, an average, the largest, a count, a list): each file of an exactly
chosen set is read for the line that answers, and figures are added up, averaged or ranked in code, never by
the model, with the answer saying how many files it covers."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from ..files.readers import Unreadable, read_document
from ..index.store import Hit
from ..language.figures import CURRENCY, NUMBER, dated_in, dates_in, money, months_mentioned, number_value, priced
from ..language.glossary import says_total, term_of, translations
from ..language.lexicon import QUESTION_WORDS
from ..language.matching import kin_words
from ..language.text import covers, fold, singular, stem, terms, words
from .copies import same_content
from .result import BadArgument, ToolResult, trim
from .searcher import Passage, Searcher
from .toolbox import Toolbox

MAX_FILES = 50
FILE_START_LINES = 6  # where a document says what kind it is: its title and first lines
TITLE_LINES = 3  # where its title is
SERIES_LINES = 2  # the first lines that documents of one series share (the company, the kind of statement)


MAX_RESULT_CHARS = 3000


@dataclass
class Found:
    path: str
    location: str
    line: str  # the line that answers, as shown
    value: float | None  # its figure, when the question adds, averages or ranks
    written: str  # the figure as the file writes it ("€1,015.80")


NUMBERED = re.compile(r"(?:\b(?:no|nr|number|num)\.?|[#№]|\bn[°º]|\bn\.)\s*$", re.I)


def figure_of(line: str, weights: dict[str, float]) -> tuple[float, str] | None:
    """The figure a line gives for what is asked: in a line of several labelled fields ("Q1 budget: 1; Q2 budget:
    2", "Item | €9.90", sentences), the field whose label has most of the asked words, else the last one; dates and times
    are no figures."""
    best = None
    # Fields: "a; b", "a | b", and sentences ("Amount: €77.10. Paid by card on delivery").
    for position, field in enumerate(re.split(r";|\s\|\s|(?<=[.!?])\s+(?=[A-Z])", line)):
        _, undated = dates_in(field)
        undated = re.sub(r"\b\d{1,2}:\d{2}\b", " ", undated)
        # A number inside a code ("PO-2031-118", "RX-77-3", "FV/2031/04/0117") names the document; it is no figure.
        # Nor does one after a number sign ("Tax No. 12345678"): it is a registration's or a document's number.
        numbers = [m for m in NUMBER.finditer(undated) if re.search(r"\d", m.group(0)) and not NUMBERED.search(undated[: m.start()])
                   and not re.search(r"\w[-/]$", undated[: m.start()]) and not re.match(r"[-/]\w", undated[m.end() :])]
        if not numbers:
            continue
        label = terms(undated[: numbers[0].start()])
        score = sum(w for t, w in weights.items() if t in label)
        chosen = numbers[-1]
        # A field of several labelled figures in a row ("net 80.00 tax 16.00 gross 96.00"): the figure whose own
        # label says more of what is asked than the field's opening does.
        for before, number in zip(numbers, numbers[1:]):
            own = sum(w for t, w in weights.items() if t in terms(undated[before.end():number.start()]))
            if own > score:
                score, chosen = own, number
        written = chosen.group(0).strip().rstrip(",")
        try:
            value = float(number_value(chosen))
        except ValueError:
            continue
        if best is None or score >= best[0]:
            best = (score, position, value, written)
    return (best[2], best[3]) if best else None


def is_money(written: str) -> bool:
    """A figure written as an amount: with a currency sign, or with cents."""
    return priced(written) or bool(re.search(r"[.,]\d\d$", written.strip()))


def of_one_kind(found: list[Found], others: dict[str, list]) -> tuple[list[Found], list[str]]:
    """Figures added or ranked across files are of one kind: where most files' figure is an amount, a file whose
    best line gave a bare number (an account number in the line about payment) gives its best line's amount, and
    one with no amount at all (an e-mail whose only figure is the year in its subject) gives none: it is returned
    apart, with the files that had no line about what was asked."""
    if len(found) < 2 or sum(is_money(f.written) for f in found) * 2 <= len(found):
        return found, []
    kept, without = [], []
    for item in found:
        better = None if is_money(item.written) else next(((line, figure) for line, figure in others.get(item.path, []) if is_money(figure[1])), None)
        if is_money(item.written) or better:
            kept.append(Found(item.path, better[0].passage.hit.location, better[0].shown, *better[1]) if better else item)
        else:
            without.append(item.path)
    return kept, without


# A labelled figure of a record: a table row's cell as the readers write it ("km: 214"), or a key of JSON, YAML or an
# INI file ('"monthly": 6.3,').
LABELLED = re.compile(rf'(?:^|[;{{,])\s*"?([A-Za-z_][\w .()/-]{{0,40}}?)"?\s*[:=]\s*"?((?:{CURRENCY}\s?)?-?\d[\d,]*(?:\.\d+)?)"?\s*(?=[;,}}]|$)')


def column_of(lines: list[str], weights: dict[str, float]) -> tuple[str, list[tuple[float, str]]] | None:
    """The figures one document gives under a label, across its records (the "km" of each row of a log, the
    "monthly" of each subscription): the label most about what is asked, with two figures or more; None when no
    label says any of it."""
    columns: dict[str, list[tuple[float, str]]] = {}
    for line in lines:
        for label, written in LABELLED.findall(line.rsplit(" › ", 1)[-1]):
            match = NUMBER.search(written)
            try:
                columns.setdefault(label.strip(), []).append((float(number_value(match)), written.strip()))
            except (ValueError, AttributeError):
                continue
    def score(label: str) -> tuple[float, float]:
        said = terms(label.replace("_", " "))
        matched = sum(w for t, w in weights.items() if covers(t, said))
        return matched, matched / (len(said) or 1)  # "km" over "rate_eur_per_km" for kilometres

    scored = [(score(label), label) for label, found in columns.items() if len(found) >= 2]
    best = max(scored, default=((0.0, 0.0), ""))
    return (best[1], columns[best[1]]) if best[0][0] > 0 else None


def says_all(hits: list[Hit], words: list[str]) -> bool:
    text = fold(" ".join(hit.text for hit in hits))
    return all(re.search(rf"\b{re.escape(word)}\b", text) for word in words)


AMOUNT_ASKED = terms("amount due total cost costs paid price charge charged bill bills invoice invoices")


def unit_after(found: list[Found]) -> str:
    """The unit every file writes after its figure ("630,25 zł", "142 m³", "12 kWh"), to write after their total; none
    when they differ or one has none."""
    units = set()
    for item in found:
        match = re.search(re.escape(item.written) + r"\s?([^\W\d_]{1,4}\b|[€$£¥₹]|m[²³])", item.line)
        units.add(match.group(1) if match and fold(match.group(1)) not in QUESTION_WORDS else "")
    return f" {units.pop()}" if len(units) == 1 and "" not in units else ""


class Survey:
    """The each_file tool: the Toolbox chooses the files, the Searcher's index and line scoring read them."""

    def __init__(self, toolbox: Toolbox, searcher: Searcher):
        self.toolbox = toolbox
        self.searcher = searcher

    def each_file(
        self,
        what: str,
        combine: Literal["list", "total", "average", "largest", "smallest", "count"] = "list",
        extension: str = "",
        folder: str = "",
        name: str = "",
        mentions: str = "",
    ) -> ToolResult:
        """Answer over every matching file at once (a total, an average, the largest, a count, or a list of what each says): each file is read for what is asked, and figures are computed exactly.

        Args:
            what: what to find in each file, e.g. "total due" or "owner"
            combine: list each file's answer, or compute the total, average, largest or smallest figure, or count the files
            extension: file type such as "pdf"; empty means every type
            folder: subfolder relative to the root; empty means the whole folder
            name: words the file names contain, e.g. "invoice"
            mentions: words the file's text must contain, e.g. "2025"
        """
        try:
            selection = self.toolbox.select(extension, folder, name)
            others = self.toolbox.select(extension, folder) if name.strip() else None
        except BadArgument as exc:
            return ToolResult(f"{exc}.", [], str(exc), ok=False)
        self.searcher.ensure_fresh()
        rest = [e for e in others.files if e not in selection.files] if others else []
        by_content = list(dict.fromkeys(self.said_to_be(name, rest) + self.of_the_same_series(selection.files, rest))) if others else []
        if others is not None and not selection.files and not by_content:
            # No file is named so and none says it is one: the name is who or what the files are about
            # ("billed to Wexcombe Tiling"), so the files that mention it are read.
            selection, mentions = others, f"{mentions} {name}".strip()
        result = self._each_file(what, combine, selection, mentions, by_content)
        result.coverage = self.searcher.coverage()
        return result

    def of_the_same_series(self, chosen: list, candidates: list) -> list[str]:
        """Documents of one series (a company's statements, filed together) open with the same lines: a file beside
        one of those chosen that opens as it does is one of them, however it is named ("spring.pdf" beside "bill winter.pdf")."""
        if not chosen or not candidates:
            return []
        starts = self.searcher.index.starts_of([e.path for e in chosen + candidates])

        def opening(entry) -> tuple[str, tuple[str, ...]]:
            lines = [line.strip() for line in fold(starts.get(entry.path, "")).splitlines() if line.strip()][:SERIES_LINES]
            return entry.path.rpartition("/")[0], tuple(lines) if len(lines) == SERIES_LINES else ()

        series = {opened for opened in map(opening, chosen) if opened[1]}
        return [e.path for e in candidates if opening(e) in series]

    def said_to_be(self, name: str, candidates: list) -> list[str]:
        """The files not named so that say at their start what kind of document they are ("INVOICE No. 17" in
        scan_0042.pdf, "Rechnung Nr. 5" in a German one, a title "ACME – Facture d'électricité"): one of their
        first lines begins with the kind's word (the name's last word), another word for it, or its translation into
        the folder's languages, as a title does (a note that mentions invoices further on in a line is not one).
        The name's other words say what the document is about ("electricity bill"): of those files, the ones whose
        path or start says them too, in any of the folder's languages."""
        named = [singular(w) for w in words(name) if not w.isdigit()]
        if not named:
            return []
        languages = set(self.searcher.index.languages())

        def forms(word: str) -> list[str]:
            said = {word} | set(kin_words(word))
            return sorted(said | set(translations({stem(fold(k)) for k in said}, languages)), key=len, reverse=True)

        # The kind's word may end a compound word, as languages that join words write it ("Wasserrechnung", "sähkölasku").
        kinds = r"\w*(?:" + "|".join(re.escape(fold(k)) for k in forms(named[-1])) + ")"
        # The kind's word heads a line as a title does: alone, or before a number, a code or "No." ("INVOICE No. 17"),
        # perhaps with a word that qualifies it between ("INVOICE COPY No. 5", "Rechnung Kopie Nr. 5").
        # A number sign folds to its letter ("Facture n° 12" reads "facture n 12", "Faktura č. 5" "faktura c. 5").
        heads = re.compile(rf"^[\W_]*(?:{kinds})s?\b(?:[ \t]+[^\W\d_]{{2,}})?[ \t]*(?:$|[:#]|(?:n|no|nr|c|number)\b|[\w/.-]*\d)", re.M)
        # Or a title of its first lines (no sentence) names the kind of what ("Facture d'eau", "Invoice for ...") or
        # follows a title's dash ("ACME – Facture de ...", "ACME · your bill"), which folding leaves as two spaces.
        # A title may also be the kind's word and what it is for, before the title's dash or its end ("Factuur energie – mei").
        titled = re.compile(rf"^[\W_]*(?:{kinds})s?[ \t]+(?:de|del|d|of|for|di|du|des|der|fur|do|da|van|na|za)\b|"
                            rf"^[\W_]*(?:{kinds})s?[ \t]+[^\W\d_]+(?:[ \t]*$|[ \t]{{2}})|"
                            rf"[ \t]{{2}}(?:\w+[ \t]+)?(?:{kinds})s?\b", re.M)
        starts = {path: fold(start).splitlines()[:FILE_START_LINES] for path, start in self.searcher.index.starts_of([e.path for e in candidates]).items()}
        kind = [path for path, lines in starts.items() if heads.search("\n".join(lines))
                or titled.search("\n".join(line for line in lines[:TITLE_LINES] if not line.rstrip().endswith((".", "!", "?"))))]
        # A document of the kind that says nothing of what the name says it is about is another one (a client's
        # invoice is no electricity bill).
        return [path for path in kind if all(any(covers(term_of(f), terms(f"{path} {' '.join(starts[path])}")) for f in forms(w)) for w in named[:-1])]

    def mentioned(self, mentions: str) -> list[str]:
        """The words of a mention that choose files: "sent to Acme" is a mention of Acme. Words of the asking
        (function words, and a lower-case word no file says, like "sent") choose nothing; a name or a number is
        kept though no file says it, for then no file is the answer."""
        said = re.findall(r"[^\W_]+", mentions)
        kept = [w for w in said if fold(w) not in QUESTION_WORDS]
        chosen = [w for w in kept if not w.islower() or self.searcher.index.says_anywhere(fold(w))]
        return [fold(w) for w in (chosen or kept)]

    def without_copies(self, files: list[str]) -> tuple[list[str], list[str]]:
        """The files without those whose bytes are another's of them, and those left out: of a set of copies the one
        filed deepest is kept (the bill in its folder, not the one saved again to Downloads)."""
        wanted = set(files)
        chosen = [e for e in self.toolbox.entries if e.path in wanted]
        copies = [e.path for group in same_content(self.toolbox.root, chosen)
                  for e in sorted(group, key=lambda e: (-e.path.count("/"), e.path))[1:]]
        return [path for path in files if path not in copies], copies

    def chunks_of(self, path: str) -> list[Hit]:
        """A file's chunks from the index, or, for one the index has not read yet (a folder still being indexed),
        read now."""
        index = self.searcher.index
        hits = index.chunks_of(path)
        if hits or index.known(path):
            return hits
        entry = next((e for e in self.toolbox.entries if e.path == path), None)
        try:
            document = read_document(self.toolbox.root / entry.disk_path, entry.extension) if entry else None
        except (Unreadable, OSError):
            return []
        return [Hit(path, segment.location, segment.text, 1.0) for segment in document.segments] if document else []

    def _each_file(self, what: str, combine: str, selection, mentions: str, by_content: list[str]) -> ToolResult:
        index = self.searcher.index
        files = [e.path for e in selection.files] + by_content
        described = selection.phrase(2)
        if by_content:
            described += f" and {len(by_content)} more that say so in their text" if selection.files else " (none named so: files that say so in their text)"
        months, rest = months_mentioned(mentions)
        wanted = self.mentioned(rest)
        if wanted:
            # A word is mentioned as written or as the folder's other languages write it ("bill": "facture").
            languages = set(index.languages())
            mentioning = set.intersection(*(set().union(*(index.files_mentioning([said]) for said in [word, *translations({stem(word)}, languages)]))
                                            for word in wanted))
            files = [path for path in files if path in mentioning or (not index.known(path) and says_all(self.chunks_of(path), wanted))]
        if months:
            # A month is said in the document's own language and way of writing dates ("5. 1. 2031", "janvier").
            files = [path for path in files if dated_in("\n".join(hit.text for hit in self.chunks_of(path)), months)]
        if wanted or months:
            described += f" that mention '{mentions.strip()}'"
        if not files:
            return ToolResult(f"No {described}.", [], f"No {selection.noun[1]} found", found=False)
        if combine == "count":
            count = len(files)
            listed = "\n".join(f"- {path}" for path in files[:MAX_FILES])
            answer = f"There {'is' if count == 1 else 'are'} {count} {described.replace('files', 'file') if count == 1 else described}:\n{listed}"
            return ToolResult(f"{count} {described}:\n{listed}", files[:MAX_FILES], f"Counted {count} files", answer=answer)
        if combine != "list":
            # A copy of a document (a bill saved again to Downloads) is no second bill to add up or rank.
            files, copies = self.without_copies(files)
            if copies:
                described += f" ({len(copies)} identical {'copy' if len(copies) == 1 else 'copies'} left out: {', '.join(copies[:3])})"
        total = len(files)
        files = files[:MAX_FILES]
        weights = self.searcher.weights(what)
        if total == 1 and combine in ("total", "average", "largest", "smallest"):
            # One document of many records: its figures under the label asked about are what is combined.
            column = column_of([line for hit in self.chunks_of(files[0]) for line in hit.text.splitlines()], weights)
            if column:
                return self._column(files[0], what, combine, *column)
        found: list[Found] = []
        others: dict[str, list] = {}  # every line of a file with a figure, best first
        unread: list[str] = []
        stopped = 0
        try:
            for number, path in enumerate(files, start=1):
                if self.searcher.on_progress:
                    self.searcher.on_progress("reading files", number, len(files))
                hits = self.chunks_of(path)
                if not hits:
                    unread.append(path)
                    continue
                first = hits[0].text.splitlines()[0] if hits[0].text else ""
                passages = [Passage(hit, 1.0, terms(path) | terms(first)) for hit in hits]
                lines = self.searcher.score_lines(what, passages, weights)
                figures = [(line, figure_of(line.shown.rsplit(" › ", 1)[-1], weights)) for line in lines] if combine != "list" else []
                if combine == "list":
                    best = lines[0] if lines else None
                    if best:
                        found.append(Found(path, best.passage.hit.location, best.shown, None, ""))
                    continue
                # A part of a bill asked ("the total tax"), which some of its lines with figures name, not all, nor its
                # file's name (an electricity bill's every line may say electricity): those lines first.
                part = terms(what) - AMOUNT_ASKED
                naming = [part <= terms(line.shown.rsplit(" › ", 1)[-1]) for line, figure in figures if figure]
                if part and any(naming) and not all(naming) and not part <= terms(path):
                    figures.sort(key=lambda pair: not part <= terms(pair[0].shown.rsplit(" › ", 1)[-1]))
                elif terms(what) & AMOUNT_ASKED:
                    # What a bill comes to is the line that totals it ("Totaal te betalen"), not a base or a subtotal before tax.
                    figures.sort(key=lambda pair: not says_total(pair[0].shown.rsplit(" › ", 1)[-1]))
                line, figure = next(((line, figure) for line, figure in figures if figure), (None, None))
                if figure is None:
                    unread.append(path)
                    continue
                found.append(Found(path, line.passage.hit.location, line.shown, figure[0], figure[1]))
                others[path] = [(line, figure) for line, figure in figures if figure]
        except KeyboardInterrupt:
            stopped = len(found) + len(unread)  # Ctrl-C: what was read so far is the answer
        found, without = of_one_kind(found, others)
        return self._result(what, combine, described, found, unread + without, total, stopped)

    def _column(self, path: str, what: str, combine: str, label: str, figures: list[tuple[float, str]]) -> ToolResult:
        values, written = [value for value, _ in figures], [w for _, w in figures]
        listed = ", ".join(written[:12]) + (f" and {len(written) - 12} more" if len(written) > 12 else "")
        if combine in ("total", "average"):
            figure = money(sum(values) / (1 if combine == "total" else len(values)), written)
        else:
            figure = (max if combine == "largest" else min)(figures)[1]
        answer = f"The {combine} of '{label}' in {path} is {figure}, over its {len(values)} entries ({listed})."
        text = f"{path}: '{label}' in {len(values)} entries: {listed}. {combine}: {figure}."
        return ToolResult(text, [path], f"{combine} of {len(values)} entries of {path.rsplit('/', 1)[-1]}", basis=text, answer=answer)

    def _result(self, what: str, combine: str, described: str, found: list[Found], unread: list[str], total: int, stopped: int) -> ToolResult:
        read = len(found)
        coverage = f"from {read} of {total} {described}"
        if total > MAX_FILES:
            coverage += f" (the first {MAX_FILES} of {total})"
        if stopped:
            coverage += f" (stopped after {stopped})"
        if unread:
            coverage += f"; {len(unread)} had no line about '{what}': " + ", ".join(unread[:5]) + (" ..." if len(unread) > 5 else "")
        listed = "\n".join(f"- {f.path}: {f.line}" for f in found)
        text = trim(f"What each file says about '{what}', {coverage}:\n{listed}", MAX_RESULT_CHARS)
        paths = [f.path for f in found]
        locations = {f.path: f.location for f in found}
        if not found:
            return ToolResult(f"None of the {described} says anything about '{what}'.", [], "Nothing found", found=False)
        if total == 1:
            # One file matched: its line is the answer, and a coverage of "1 of 1 files" would say nothing.
            only = found[0]
            answer = f"{only.path}: {only.line}" if combine == "list" else f"It is {only.written}, in {only.path} ({only.line})."
        elif combine == "list":
            answer = f"What each file says about {what}, {coverage}:\n{listed}"
        else:
            values = [f.value for f in found]
            written = [f.written for f in found]
            by_file = "\n".join(f"- {f.path}: {f.written} ({f.line})" for f in found)
            unit = unit_after(found)
            if combine == "total":
                answer = f"The total is {money(sum(values), written)}{unit}, {coverage}:\n{by_file}"
            elif combine == "average":
                answer = f"The average is {money(sum(values) / len(values), written)}{unit}, {coverage}:\n{by_file}"
            else:
                pick = (max if combine == "largest" else min)(found, key=lambda f: f.value)
                answer = f"The {combine} is {pick.written}, in {pick.path} ({pick.line}), {coverage}:\n{by_file}"
        return ToolResult(text, paths, f"Read {read} of {total} files", locations=locations, basis=listed, answer=answer)
