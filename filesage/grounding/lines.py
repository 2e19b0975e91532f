"""Whether a figure of an answer comes from the line about what was asked: the total of a neighbouring invoice or
the next row of a table is in the results, but on a line about something else."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ..language.glossary import BEFORE_TAX, TOTAL_LABELS, asks_before_tax
from ..language.figures import FIGURE_ALONE, priced
from ..language.lexicon import YEAR
from ..language.names import proper_names, says_name
from ..language.text import covers, fold, holders, setting_key, squash, stem, terms
from ..tools.result import is_note
from .claims import Claim, Evidence, claims, missing_names, supported

# A figure's line must match the question at least this well, against the best line with a figure of its kind.
CONNECTED_SHARE = 0.75
# "How much was the plumber's invoice", "the amount of the boat hire booking": a document asked for as a whole comes to its
# total line, however its language labels it, not to one of its items.
DOCUMENTS = r"(?:bill|invoice|receipt|booking|order|reservation|ticket)s?"
WHOLE_AMOUNT = re.compile(rf"\bhow much (?:was|is|were|are|did|does|do) (?:the |my |that |this |its )?(?:[\w'-]+ ){{0,3}}{DOCUMENTS}\b"
                          rf"|\b(?:total|amount) (?:for|of|on) (?:the |my |that |this )?(?:[\w'-]+ ){{0,3}}{DOCUMENTS}\b", re.I)


# Whose a thing is, said with an apostrophe: "the venue's quote", "the Smiths' lease".
OWNER = re.compile(r"\b([^\W\d_][\w-]*)(?:'s|’s|s'|s’)(?=\s)", re.I)


@dataclass(frozen=True)
class EvidenceLine:
    text: str
    context: str  # what it belongs to: the source named above it, its title, the lines it sits under
    document: str = ""  # the source heading (or block title) it came under, shared by the lines of one document


def evidence_lines(evidence: Evidence) -> list[EvidenceLine]:
    """Every line of the tool results and passages, each with what it belongs to."""
    found = []
    for text in evidence.texts[1:]:  # the first is the question itself
        for block in re.split(r"\n\s*\n", text):
            lines = block.splitlines()
            title = lines[0] if lines else ""
            if len(lines) > 1 and is_source_heading(title) and not lines[1].startswith("- "):
                title = lines[1]  # a passage under its file's heading: its own first line is its title (a shown fact is none)
            source = ""
            for index, line in enumerate(lines):
                if is_source_heading(line):
                    source = line  # a source's heading: context for the lines below it, not a line of evidence
                    continue
                if line.strip() and not is_note(line):
                    found.append(EvidenceLine(line, " ".join([source, title] + holders(lines, index)), heading_path(source) or title))
    return found


def heading_path(heading: str) -> str:
    """The file a source's heading names, however it is numbered or located ("From a/b c.pdf [2] (p. 1):", "From
    a/b c.pdf (p. 1, p. 3):"): what a step shows of a document and the passages it rests on are one document."""
    path = heading.removeprefix("From ")
    return re.sub(r" \[\d+\].*$| \([^()]*\):?$", "", path)


def is_source_heading(line: str) -> bool:
    """A result's heading that names where the lines below it come from ("From notes/a.md (lines 3-9):",
    "data/tides.tsv [1] (the row about 'high tide in 2031'):"): it echoes what was asked but says nothing found."""
    return line.startswith("From ") or bool(re.match(r"^\S+ \[\d+\] \(", line))


def is_row(line: str) -> bool:
    """A table's row as the readers write it: its cells, each a column's name and its value ("Year: 2031; Rate: 8.1")."""
    return line.count("; ") >= 1 and line.count(": ") >= 2


def clauses(line: str) -> list[str]:
    """A line of prose in the parts a figure belongs to: its sentences, and what it says in brackets ("a deposit of
    29,000 (twice the monthly rent)": the figure is the deposit's, not the rent's). A table's row ("Year: 2031;
    Rate: 8.1") stays whole: its cells together say what its figures are about; of several figures, each is its own
    column's."""
    if is_row(line):
        # A row with several figures ("Ending balance; Last quarter: 84.10; This quarter: 89.70") is a part per figure,
        # each with the cells that say what the row is: the figure of one column is not the next column's.
        cells = line.split("; ")
        figures = [c for c in cells if ": " in c and FIGURE_ALONE.fullmatch(value := c.split(": ", 1)[1].strip()) and not YEAR.fullmatch(value)]  # a year says which row it is
        labels = [c for c in cells if c not in figures]
        return [line] if len(figures) < 2 else ["; ".join([*labels, figure]) for figure in figures]
    said: list[str] = []
    for piece in re.split(r"(?<=[.!?])\s+(?=[^\W\d_])", line):
        # A full stop before a small letter is an abbreviation's ("Total incl. tax: 80.00"), no sentence's end.
        if said and piece[:1].islower():
            said[-1] += f" {piece}"
        else:
            said.append(piece)
    parts = []
    for sentence in said:
        parts += [re.sub(r"\([^()]*\)", " ", sentence), *re.findall(r"\(([^()]*)\)", sentence)]
    return [part for part in parts if part.strip()] or [line]


def unlisted(line: str) -> str:
    """A line without its list bullet; an option's dashes ("--depth") stay."""
    return re.sub(r"^[-*•]\s+", "", line.strip())


def shape(claim: Claim) -> str:
    """An amount of money (a currency sign, or cents) or any other figure of its kind."""
    if claim.kind == "number" and (priced(claim.text) or re.search(r"[.,]\d\d$", claim.text)):
        return "amount"
    return claim.kind


def rival_shape(claim: Claim) -> str:
    """What a figure competes with on other lines: a figure with a fraction or a currency (an amount, a version, a
    rate: "€9.50", "4.13", "2.0") with others of its kind, a whole number (an invoice's, a count, a year) with
    whole numbers."""
    if claim.kind == "number" and (priced(claim.text) or re.search(r"\d[.,]\d", claim.text)):
        return "fraction"
    return claim.kind


def unconnected(answer: str, question: str, evidence: Evidence, translated: dict[str, str] | None = None) -> tuple[list[Claim], str]:
    """Figures, dates and codes of an answer that the results state, but on a line about something other than
    what the question asks, while another line with a figure of the same kind is about it: the total of a
    neighbouring invoice, the next row of a table, a date from another section. Lines are matched to the
    question by its words, rarer words weighing more; a question whose words tell no line apart checks nothing.
    A question's word is also said by its translations into the files' languages (`translated`: word -> the
    question's term), so the "Kaution" line of a German lease is about the deposit asked for.
    Also returns the line with a figure that is most about the question ('' when there is none)."""
    lines = evidence_lines(evidence)
    wanted = terms(question)
    if not lines or not wanted:
        return [], ""
    if WHOLE_AMOUNT.search(question):
        wanted = wanted | {"total"}
    said_as: dict[str, set[str]] = {t: {t} for t in wanted}
    for word, source in (translated or {}).items():
        said_as.setdefault(source, {source}).add(stem(fold(word)))
    if "total" in said_as:
        said_as["total"] |= TOTAL_LABELS
    # A total asked is the whole: a line that labels a part of it (a sum before tax, a subtotal) says no total.
    parts_of_total = set() if asks_before_tax(question) else BEFORE_TAX

    def says(t: str, found: set[str]) -> bool:
        return any(covers(form, found) for form in said_as[t]) and not (t == "total" and found & parts_of_total)

    line_terms = [(terms(line.text), terms(line.context)) for line in lines]
    frequency = {t: sum(1 for own, held in line_terms if says(t, own) or says(t, held)) for t in wanted}
    weights = {t: math.log(1 + len(lines) / (1 + frequency[t])) for t in wanted}
    parts = [[(part, terms(part)) for part in clauses(line.text)] for line in lines]

    def score(index: int, own: set[str] | None = None, skip: frozenset = frozenset()) -> float:
        """How much a line (or the part of it `own` holds the words of) is about the question, its words `skip` aside."""
        own = line_terms[index][0] if own is None else own
        held, kept = line_terms[index][1], {t: w for t, w in weights.items() if t not in skip}
        return sum(w for t, w in kept.items() if says(t, own)) + 0.6 * sum(w for t, w in kept.items() if not says(t, own) and says(t, held))

    def part_score(index: int, holds, skip: frozenset = frozenset()) -> float:
        """How much the parts of a line that hold a figure (`holds`: part -> bool) are about the question."""
        return max((score(index, own, skip) for part, own in parts[index] if holds(part)), default=score(index, None, skip))

    named = bool(missing_names(question, ""))
    # A document names the thing asked about anywhere in what was found of it (the vendor line of an invoice
    # connects its total line).
    documents: dict[str, str] = {}
    for line in lines:
        documents[line.document] = f"{documents.get(line.document, '')} {line.text} {line.context}"

    # Worked out once per line, not once per claim that has the line as a rival.
    naming_lines = {
        index for index, line in enumerate(lines)
        if named and not missing_names(question, f"{line.text} {line.context} {documents[line.document] if line.document else ''}")
    }

    asked = [c.key for c in claims(question)]
    skip = frozenset(t for name in proper_names(question) for t in terms(name))  # the words of the names it gives
    owners = frozenset(terms(" ".join(OWNER.findall(question))))
    # Whose the thing is, by name ("Ilse's number"): a figure of a document that never names them is another's.
    owned_by = [name for name in proper_names(question) if owners & terms(name)]

    def of_the_owner(index: int) -> bool:
        line = lines[index]
        said = squash(f"{line.text} {line.context} {documents[line.document] if line.document else ''}")
        return all(says_name(name, said) for name in owned_by)
    def column_named_instead(index: int, claim: Claim) -> set[str] | None:
        """The question's words said by a part of a row of several figures whose column says more of them than every
        part that holds the claim's figure; None when no such part is, or the line is no such row."""
        if len(parts[index]) < 2 or not is_row(lines[index].text):
            return None
        named = {part: {t for t in wanted if says(t, own)} for part, own in parts[index]}
        holding = [named[part] for part, _ in parts[index] if supported(claim, part)]
        if not holding:
            return None
        return next((named[part] for part, _ in parts[index] if not supported(claim, part) and all(named[part] > words for words in holding)), None)
    bad, best_line, best_score = [], "", 0.0
    for claim in claims(answer):
        if claim.kind not in ("number", "date", "code") or claim.key in asked:
            continue
        bearing = [i for i, line in enumerate(lines) if supported(claim, line.text)]
        # A figure a setting gives whose key the question names ("workers = 8" for "how many workers are set")
        # is from the line asked about, whatever the comments around it repeat of the question.
        if not bearing or any(says(t, setting_key(unlisted(lines[i].text), False)) for i in bearing for t in wanted):
            continue
        if owned_by and not any(of_the_owner(i) for i in bearing):
            bad.append(claim)
            continue
        # In a row of several figures, the column the question names is the one asked ("last year", of a row's last
        # and this year's): a figure of a column that says fewer of its words than its neighbour in the row is not it.
        instead = {i: named for i in bearing if (named := column_named_instead(i, claim)) is not None}
        if instead and all(i in instead or not {t for t in wanted if says(t, line_terms[i][0])} >= max(instead.values(), key=len)
                           for i in bearing):
            bad.append(claim)
            # The line about what was asked is the row's part of the column the question names, not the row whole.
            best_line = best_line or unlisted(max(parts[next(iter(instead))], key=lambda part: sum(says(t, part[1]) for t in wanted))[0])
            continue
        # A rival figure is of the same shape as the one the answer took: an amount competes with amounts,
        # not with the number of the invoice it is on.
        shapes = {rival_shape(c) for i in bearing for c in claims(lines[i].text) if c.kind == claim.kind and supported(claim, c.text)}
        # A line whose only such figure is one the question gives ("the tool's 1.4 release") is what was asked about, no rival.
        rivals = [i for i, line in enumerate(lines)
                  if any(c.kind == claim.kind and c.key not in asked and (not shapes or rival_shape(c) in shapes) for c in claims(line.text))]
        # What the question names (an invoice number, a project's name) must be on a line or in what it belongs to,
        # when another line with such a figure has it.
        naming = [i for i in rivals if i in naming_lines]
        if naming and not naming_lines.intersection(bearing):
            bad.append(claim)
            top = max(naming, key=score)
            if not best_line or score(top) > best_score:
                best_line, best_score = unlisted(lines[top].text), score(top)
            continue
        # Each line is judged by the part of it that holds such a figure: a deposit's sentence that mentions the rent
        # in brackets is about the deposit.
        def rival_part(part: str) -> bool:
            return any(c.kind == claim.kind and c.key not in asked and (not shapes or rival_shape(c) in shapes) for c in claims(part))

        # Of one document that names what the question names ("the Osprey kayak order"), every line is about that
        # name: its lines differ by the question's other words ("in total": the document's total line).
        documents_naming = {lines[i].document for i in bearing if i in naming_lines and lines[i].document}

        # Whose paper it is ("the venue's quote") picks the document, not a line of it: in the one document the figure
        # is from, a line that says the owner ("venue hire") is no more about the question for it.
        bearing_documents = {lines[i].document for i in bearing}
        owned = next(iter(bearing_documents)) if len(bearing_documents) == 1 and owners else None

        def rival_score(i: int) -> float:
            ignored = skip if lines[i].document in documents_naming else frozenset()
            return part_score(i, rival_part, ignored | owners if owned and lines[i].document == owned else ignored)

        rival_scores = {i: rival_score(i) for i in rivals}
        top = max(rivals, key=rival_scores.__getitem__, default=None)
        same = top is not None and lines[top].document in documents_naming
        skip_here = skip
        if top is not None and owned and lines[top].document == owned:
            same, skip_here = True, skip | owners
        # A rival says in its own words two of the question's, or one that neither the figure's part of its line nor
        # what it belongs to says: a line that shares one word with the question ("payable at the hotel") is no better
        # about it than a total under the hotel's own title. A word the figure's line says only outside the figure's
        # part ("a deposit of 1,900 (twice the rent)") it says of something else, whatever its title says.
        own = {t for t in wanted if top is not None and says(t, line_terms[top][0]) and not (same and t in skip_here)}
        stating = [(i, own_part) for i in bearing for part, own_part in parts[i] if supported(claim, part)] or [(i, line_terms[i][0]) for i in bearing]
        distinct = own - {t for i, own_part in stating for t in wanted
                          if says(t, own_part) or says(t, line_terms[i][1]) and not says(t, line_terms[i][0])}
        bearing_score = max(part_score(i, lambda part: supported(claim, part), skip_here if same else frozenset()) for i in bearing)
        if top is not None and (len(own) >= 2 or distinct) and bearing_score < CONNECTED_SHARE * rival_scores[top]:
            bad.append(claim)
            if rival_scores[top] > best_score:
                best_line, best_score = unlisted(lines[top].text), rival_scores[top]
    return bad, best_line
