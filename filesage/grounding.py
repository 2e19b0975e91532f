"""Answers a user can check: claims in an answer are held against the tool results of its turn, and its
citation markers [n] are tied to the sources those results came from. Its own module because the agent,
the CLI and the tests all need the same rules for what counts as the same number, date or file."""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass, field

from .matching import type_extensions

MONTHS = {
    name: number
    for number, names in enumerate(
        [("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",), ("june", "jun"), ("july", "jul"),
         ("august", "aug"), ("september", "sep", "sept"), ("october", "oct"), ("november", "nov"), ("december", "dec")],
        start=1,
    )
    for name in names
}
MONTH = r"(?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\b\.?"
DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
YEAR = r"(?P<year>\d{4})"
DATE_PATTERNS = [
    re.compile(r"\b(?P<year>\d{4})[-/.](?P<month>\d{1,2})[-/.](?P<day>\d{1,2})\b"),
    re.compile(rf"\b{MONTH}\s+{DAY}\b(?:,?\s+{YEAR}\b)?", re.I),
    re.compile(rf"\b{DAY}\s+(?:of\s+)?{MONTH}(?:,?\s+{YEAR}\b)?", re.I),
]
MULTIPLIERS = {"thousand": 1e3, "k": 1e3, "million": 1e6, "m": 1e6, "mn": 1e6, "billion": 1e9, "bn": 1e9}
# Numbers written the English way ("1,150.00") or the German way ("1.150,00", "1.000.000").
NUMBER = re.compile(
    r"(?<![\w.$€£])(?:[$€£]\s?)?(?:\d{1,3}(?:\.\d{3})+,\d+(?!\d)|\d{1,3}(?:\.\d{3}){2,}(?![\d.])|\d[\d,]*(?:\.\d+)?)"
    r"(?:\s*(?P<mult>thousand|million|billion|mn|bn|k|m)\b)?",
    re.I,
)
FILE_NAME = re.compile(r"(?<![\w/.-])[\w./-]*\w\.[A-Za-z][A-Za-z0-9]{1,4}\b")
CODE = re.compile(r"\b(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]{5,}\b")
QUOTED = re.compile(r"\"([^\"\n]{2,80})\"|“([^”\n]{2,80})”|(?<!\w)'([^'\n]{2,80})'(?!\w)")
MARKER = re.compile(r"\s?\[(\d{1,3})\]")


def squash(text: str) -> str:
    return " ".join(text.lower().split())


def number_value(match: re.Match) -> str:
    """'$1,250,000' and '1250000.00' and '1.25 million' are all '1250000'."""
    digits = match.group(0)
    mult = match.group("mult")
    if mult:
        digits = digits[: match.start("mult") - match.start(0)].strip()
    digits = digits.lstrip("$€£ ")
    if re.fullmatch(r"\d{1,3}(,\d{3})+(\.\d+)?", digits):
        digits = digits.replace(",", "")
    elif re.fullmatch(r"\d{1,3}(\.\d{3})+,\d+|\d{1,3}(\.\d{3}){2,}", digits):
        digits = digits.replace(".", "").replace(",", ".")
    digits = digits.rstrip(",")
    try:
        value = float(digits.replace(",", ""))
    except ValueError:
        return digits
    if mult:
        value *= MULTIPLIERS[mult.lower()]
    return str(int(value)) if value == int(value) else f"{value:.6f}".rstrip("0")


def dates_in(text: str) -> tuple[list[tuple], str]:
    """The dates a text states as (year or None, month, day), and the text with them blanked out."""
    found = []
    for pattern in DATE_PATTERNS:
        def take(match: re.Match) -> str:
            month = match.group("month")
            month = int(month) if month.isdigit() else MONTHS[month.lower().rstrip(".")]
            year = match.groupdict().get("year")
            found.append((int(year) if year else None, month, int(match.group("day"))))
            return " " * len(match.group(0))

        text = pattern.sub(take, text)
    return found, text


# Words of a question that say nothing about what it is about.
QUESTION_WORDS = set(
    "a an and are as at be by did do does for from has have how i in is it its me my of on or our so that the their them "
    "there these this to was we were what when where which who whom why will with you your can could would should please "
    "tell know need find give remind look up check get got much many any some about according say says said also just like "
    "whats what's im i'm let us show want wanted".split()
)


def fold(text: str) -> str:
    """Lower case without accents, as the FTS5 index tokenises: 'Müllerstraße' -> 'mullerstrae'."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


def stem(word: str) -> str:
    """A light stem, so 'servings', 'serves' and 'serve' meet, and 'invoices' meets 'invoice'."""
    for suffix in ("ings", "ing", "ies", "ied", "es", "ed", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            word = word[: -len(suffix)] + ("y" if suffix in ("ies", "ied") else "")
            break
    return word[:-1] if len(word) > 4 and word.endswith("e") else word


def terms(text: str) -> set[str]:
    """The words of a text that can say what it is about (stemmed), and its dates as 'date:M-D'."""
    found = {stem(w) for w in re.findall(r"[a-z0-9]+", fold(text)) if w not in QUESTION_WORDS and (len(w) > 1 or w.isdigit())}
    found |= {f"date:{month}-{day}" for _, month, day in dates_in(text)[0]}
    # Units written as symbols are what a question says in words: "how many degrees" is "180 °C".
    found |= {stem(word) for symbol, words in UNIT_WORDS.items() if symbol in text for word in words}
    return found


UNIT_WORDS = {"°": ("degrees", "temperature"), "%": ("percent", "percentage")}


def covers(term: str, found: set[str]) -> bool:
    """A term is in a text's terms, or (a long one) inside one of its compound words: 'miete' in 'kaltmiete'."""
    return term in found or (len(term) >= 5 and not term.startswith("date:") and any(term in word for word in found))


def holders(lines: list[str], index: int) -> list[str]:
    """The lines a line belongs under: the less-indented lines above it (a YAML key, a function's def) and the
    nearest Markdown heading."""
    found = []
    indent = len(lines[index]) - len(lines[index].lstrip())
    for above in range(index - 1, -1, -1):
        text = lines[above]
        if text.strip() and len(text) - len(text.lstrip()) < indent:
            found.append(text.strip())
            indent = len(text) - len(text.lstrip())
            if indent == 0:
                break
    if not any(line.startswith("#") for line in found) and not lines[index].lstrip().startswith("#"):
        heading = next((lines[above].strip() for above in range(index - 1, -1, -1) if lines[above].lstrip().startswith("#")), None)
        if heading:
            found.append(heading)
    return list(reversed(found))


@dataclass(frozen=True)
class Claim:
    text: str  # as written in the answer
    kind: str  # "date", "number", "file", "code", "quote"
    key: object  # what must be found in the evidence


def claims(answer: str) -> list[Claim]:
    """The checkable statements of an answer: dates, numbers and amounts, file names, codes, quotes."""
    text = MARKER.sub("", answer)
    found: list[Claim] = []
    for match in QUOTED.finditer(text):
        quote = next(g for g in match.groups() if g)
        found.append(Claim(quote, "quote", squash(quote)))
    for match in FILE_NAME.finditer(text):
        found.append(Claim(match.group(0), "file", match.group(0).lower().rsplit("/", 1)[-1]))
    text = FILE_NAME.sub(" ", text)
    for match in CODE.finditer(text):
        found.append(Claim(match.group(0), "code", match.group(0).lower()))
    text = CODE.sub(" ", text)
    dates, text = dates_in(text)
    found += [Claim("-".join(str(p) for p in d if p is not None), "date", d) for d in dates]
    for match in NUMBER.finditer(text):
        found.append(Claim(match.group(0).strip(), "number", number_value(match)))
    return found


@dataclass
class Evidence:
    """Everything the answer may rest on: the question, the conversation, the tool results of the turn."""

    texts: list[str] = field(default_factory=list)

    def add(self, text: str) -> None:
        self.texts.append(text)


def supported(claim: Claim, text: str) -> bool:
    lowered = squash(text)
    if claim.kind in ("quote", "code", "file"):
        return claim.key in lowered
    dates, rest = dates_in(text)
    if claim.kind == "date":
        year, month, day = claim.key
        return any(d[1:] == (month, day) and (year is None or d[0] in (None, year)) for d in dates)
    numbers = {number_value(m) for m in NUMBER.finditer(rest)}
    # Numbers inside dates, times and names count too: "the 3rd", "14:03", "report_2025.pdf".
    numbers |= {str(int(n)) for n in re.findall(r"\d+", text)}
    return claim.key in numbers


def unsupported(answer: str, evidence: Evidence) -> list[Claim]:
    text = "\n".join(evidence.texts)
    return [c for c in claims(answer) if not supported(c, text)]


# A figure's line must match the question at least this well, against the best line with a figure of its kind.
CONNECTED_SHARE = 0.75


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
            source = ""
            for index, line in enumerate(lines):
                if line.startswith("From ") or re.match(r"^\S+ \[\d+\] \(", line):
                    source = line  # a source's heading: context for the lines below it, not a line of evidence
                    continue
                if line.strip():
                    found.append(EvidenceLine(line, " ".join([source, title] + holders(lines, index)), source.split(" [", 1)[0] or title))
    return found


def shape(claim: Claim) -> str:
    """An amount of money (a currency sign, or cents) or any other figure of its kind."""
    if claim.kind == "number" and (claim.text[:1] in "$€£" or re.search(r"[.,]\d\d$", claim.text)):
        return "amount"
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
    said_as: dict[str, set[str]] = {t: {t} for t in wanted}
    for word, source in (translated or {}).items():
        said_as.setdefault(source, {source}).add(stem(fold(word)))

    def says(t: str, found: set[str]) -> bool:
        return any(covers(form, found) for form in said_as[t])

    line_terms = [(terms(line.text), terms(line.context)) for line in lines]
    frequency = {t: sum(1 for own, held in line_terms if says(t, own) or says(t, held)) for t in wanted}
    weights = {t: math.log(1 + len(lines) / (1 + frequency[t])) for t in wanted}

    def score(index: int) -> float:
        own, held = line_terms[index]
        return sum(w for t, w in weights.items() if says(t, own)) + 0.6 * sum(w for t, w in weights.items() if not says(t, own) and says(t, held))

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
    bad, best_line, best_score = [], "", 0.0
    for claim in claims(answer):
        if claim.kind not in ("number", "date", "code") or claim.key in asked:
            continue
        bearing = [i for i, line in enumerate(lines) if supported(claim, line.text)]
        if not bearing:
            continue
        # A rival figure is of the same shape as the one the answer took: an amount competes with amounts,
        # not with the number of the invoice it is on.
        shapes = {shape(c) for i in bearing for c in claims(lines[i].text) if c.kind == claim.kind and supported(claim, c.text)}
        rivals = [i for i, line in enumerate(lines) if any(c.kind == claim.kind and (not shapes or shape(c) in shapes) for c in claims(line.text))]
        # What the question names (an invoice number, a project's name) must be on a line or in what it belongs to,
        # when another line with such a figure has it.
        naming = [i for i in rivals if i in naming_lines]
        if naming and not naming_lines.intersection(bearing):
            bad.append(claim)
            top = max(naming, key=score)
            if not best_line or score(top) > best_score:
                best_line, best_score = lines[top].text.strip().lstrip("- "), score(top)
            continue
        top = max(rivals, key=score, default=None)
        if top is not None and max(score(i) for i in bearing) < CONNECTED_SHARE * score(top):
            bad.append(claim)
            if score(top) > best_score:
                best_line, best_score = lines[top].text.strip().lstrip("- "), score(top)
    return bad, best_line


# Short, frequent words that tell languages apart.
LANGUAGE_WORDS = {
    "English": set("the and of to is in that for with on are was this you your it be as at by not or from".split()),
    "German": set("der die das und ist nicht mit für auf den dem des ein eine zu von sich auch wird beträgt oder bei im zur".split()),
    "French": set("le la les et est une des du pour dans que qui pas sur au avec ce sont par être".split()),
    "Spanish": set("el la los las y es una del por para que con no se en su al lo como más".split()),
    "Italian": set("il lo la gli le e è una del per che non con di da sono della nel".split()),
    "Dutch": set("de het een en is van dat niet op voor met zijn wordt ook aan bij".split()),
    "Swedish": set("och att det som en är på för med inte av den till har om".split()),
}


def language_of(text: str) -> str:
    """The language a text is written in, judged by its short words; '' when they do not tell."""
    found = re.findall(r"[^\W\d_]+", text.lower())
    counts = sorted(((sum(w in words for w in found), name) for name, words in LANGUAGE_WORDS.items()), reverse=True)
    (best, name), (second, _) = counts[0], counts[1]
    return name if best >= 3 and best >= 1.5 * second else ""


GERMAN_WORDS = {"der", "die", "das", "den", "dem", "des", "ist", "im", "zur", "zum", "und", "wie", "was", "ich", "mein", "meine",
                "meinem", "meiner", "nicht", "ein", "eine", "mit", "für", "fuer", "auf", "laut", "pro", "hoch", "jeden", "nochmal", "mal",
                "wieviel", "viel", "wann", "wo", "welche", "welcher", "bei", "steht", "habe", "muss", "zahle", "sind", "bitte"}
WEEKDAYS = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}


def proper_names(question: str) -> list[str]:
    """The names a question says with capitals ("the Fjordline Ferries invoice"), a run of capitalised words
    being one name; none in German, which capitalises every noun."""
    words = re.findall(r"[\w'-]+|\S", question)
    # German capitalises every noun, so a capital letter there says nothing about a name.
    german = sum(w.lower() in GERMAN_WORDS for w in words) >= 2
    # Capitalised words in a row are one name, not found merely because a generic word of it ("Project") is.
    names: list[list[str]] = []
    after_name = False
    for position, word in enumerate(words):
        is_name = (
            position > 0 and words[position - 1] not in (".", "!", "?", ":") and not german and word[0].isupper() and word != "I"
            and word.lower().rstrip(".") not in MONTHS and word.lower() not in WEEKDAYS
            and not type_extensions(word)  # "Word", "PDFs": the kind of file asked about, not what it says
        )
        if is_name and after_name:
            names[-1].append(word.removesuffix("'s"))
        elif is_name:
            names.append([word.removesuffix("'s")])
        after_name = is_name and not word.endswith("'s")
    return [" ".join(name) for name in names]


def says_name(name: str, lowered: str) -> bool:
    """A name of several words is said when its words stand together, in any order and with at most two words
    between them ("Berg, Maria", "Planning meeting (Q2)"): a contacts list with a Maria Lund and a
    Jonas Berg has no Maria Berg."""
    parts = [p for p in (re.sub(r"[^\w'-]", "", part.lower()) for part in name.split()) if p]
    if not all(part in lowered for part in parts):
        return False
    if len(parts) == 1:
        return True
    tokens = re.findall(r"[\w'-]+", lowered)
    span = len(parts) + 2
    return any(all(any(part in token for token in tokens[start:start + span]) for part in parts) for start in range(len(tokens)))


def missing_names(question: str, text: str) -> list[str]:
    """What the question names (proper names, numbers, dates, codes, quotes) that the text never says.
    Search finds the closest passages even when the thing asked about is not in the files at all (a
    flight to one city when only a flight to another exists); such passages do not answer the question."""
    lowered = squash(text)
    missing = [name for name in proper_names(question) if not says_name(name, lowered)]
    for claim in claims(question):
        # A number the question gives is looked for as written ("invoice 009"), not as any 9 in a date.
        found = re.search(rf"(?<![\d]){re.escape(claim.text)}(?![\d])", text) if claim.kind == "number" else supported(claim, text)
        if not found:
            missing.append(claim.text)
    return list(dict.fromkeys(missing))


SAYS_NOT_FOUND = re.compile(
    r"found nothing|nothing (about|on|for|regarding)|(did not|didn't|could not|couldn't|cannot|can't) find|not (found|mentioned|stated)|no (information|mention|record)|"
    r"(do|does|did) not (say|mention|state|have|contain|include|list)|(doesn't|don't|didn't) (say|mention|state|have|contain|include|list)|"
    r"there (is|are|was|were) no\b|not (listed|available|included|provided|given)|"
    # "No phone number for <name>.", "<name> has no phone number listed": a denial, not a yes/no answer ("No, it is paid").
    r"^\W*no\s+\w+(\s+\w+)?\s+(for|in|about|on|of|from)\b|\b(has|have|had) no\s+\w+(\s+\w+)?\s+(listed|given|stated|recorded|saved|mentioned)\b",
    re.I,
)


def says_not_found(text: str, name: str) -> bool:
    """A sentence of the text names the thing and says it was not found."""
    return any(name.lower() in s.lower() and SAYS_NOT_FOUND.search(s) for s in sentences(text))


def sentences(text: str) -> list[str]:
    """Sentences and list items, each keeping its own trailing whitespace so they join back exactly. A
    marker written after the full stop ("... 2025-05-30. [1]") stays with its sentence, so a sentence
    ends only where the text after it is known not to be a marker."""
    return [s for s in re.split(r"(?<=[.!?])(?=\s+[^\s\[])|(?<=\n)", text) if s]


CLAUSE_BREAK = re.compile(
    r",?\s+and\s+|;\s+|,\s+but\s+|,\s+(?=(?:which|who|i\.e\.|that is|or about|about|roughly|approximately)\b)|\s*[()]\s*"
)


def remove_claims(answer: str, bad: list[Claim]) -> str:
    """The answer without the sentences that make unsupported claims, and a plain note of what was not
    confirmed."""
    kept = []
    for sentence in sentences(answer):
        if not any(c in claims(sentence) for c in bad):
            kept.append(sentence)
            continue
        # "X is $4,320.00, and Y cost $1,200.00.": the clause about X stands without the one about Y; an
        # aside ("..., which is N% of X", "(about N%)") goes without the statement it comments on.
        clauses = [c for c in CLAUSE_BREAK.split(sentence.strip()) if c.strip(" .")]
        good = [c for c in clauses if not any(b in claims(c) for b in bad)]
        if good and len(good) < len(clauses):
            kept.append(" " + "; ".join(c.rstrip(".") for c in good) + ". ")
    body = re.sub(r"\s+\n", "\n", "".join(kept)).strip()
    note = "I could not confirm " + ", ".join(dict.fromkeys(c.text for c in bad)) + " in the files."
    return f"{body}\n\n{note}" if body else note


@dataclass
class Source:
    number: int
    path: str
    location: str
    tool: str
    support: str  # the part of the tool result that came from this source

    def to_json(self) -> dict:
        data = {"n": self.number, "path": self.path, "tool": self.tool}
        if self.location:
            data["location"] = self.location
        return data


@dataclass
class Citations:
    """The numbered sources of one turn: every file a tool returned gets a number the first time it
    appears, and the model sees the number beside the file in the tool result."""

    sources: list[Source] = field(default_factory=list)
    renumber: dict[int, int] = field(default_factory=dict)  # number in the tool results -> number shown

    def mark(self, text: str, paths: list[str], locations: dict[str, str], tool: str) -> str:
        """The result text with [n] after the first mention of each returned file."""
        spots: list[tuple[int, int, Source]] = []
        position = 0
        for path in paths:
            at = text.find(path, position)
            if at < 0:
                at = text.find(path)
                if at < 0:
                    continue
            end = at + len(path)
            location = locations.get(path, "")
            source = next((s for s in self.sources if s.path == path and s.location == location), None)
            if source is None:
                source = Source(len(self.sources) + 1, path, location, tool, "")
                self.sources.append(source)
            spots.append((at, end, source))
            position = end
        spots.sort(key=lambda spot: spot[0])
        for index, (at, end, source) in enumerate(spots):
            # A source's part: from the start of its line to the line where the next source appears
            # (its own line only, when that one names several), without the file names themselves,
            # whose digits say nothing about the answer.
            start = text.rfind("\n", 0, at) + 1
            following = spots[index + 1][0] if index + 1 < len(spots) else len(text)
            stop = text.rfind("\n", 0, following) if following < len(text) else len(text)
            if stop < end:
                stop = text.find("\n", end) if "\n" in text[end:] else len(text)
            part = text[start:stop]
            for path in paths:
                part = part.replace(path, " ")
            source.support += "\n" + part
        for at, end, source in reversed(spots):
            text = f"{text[:end]} [{source.number}]{text[end:]}"
        return text

    def start_answer(self) -> None:
        """Forget the markers of a draft that was sent back."""
        self.renumber = {}

    def cite(self, sentence: str) -> str:
        """One sentence of the answer as shown: markers that point at nothing consulted are dropped, a
        sentence without one gets the sources that bear it out, and numbers run 1, 2, ... in the order
        the answer first cites them. Called sentence by sentence, so the answer can stream."""
        by_number = {s.number: s for s in self.sources}
        sentence = MARKER.sub(lambda m: m.group(0) if int(m.group(1)) in by_number else "", sentence)
        if not MARKER.search(sentence) and sentence.strip():
            sources = self.attribute(sentence)
            if sources:
                body = sentence.rstrip()
                tail = sentence[len(body) :]
                stop = body[-1] if body[-1] in ".!?:" else ""
                markers = "".join(f" [{s.number}]" for s in sources)
                sentence = f"{body[: len(body) - len(stop)]}{markers}{stop}{tail}"

        def shown(match: re.Match) -> str:
            number = self.renumber.setdefault(int(match.group(1)), len(self.renumber) + 1)
            return f" [{number}]"

        return MARKER.sub(shown, sentence)

    def cited(self) -> list[Source]:
        by_number = {s.number: s for s in self.sources}
        return [
            Source(new, by_number[old].path, by_number[old].location, by_number[old].tool, by_number[old].support)
            for old, new in self.renumber.items()
        ]

    def attribute(self, sentence: str) -> list[Source]:
        """The sources a sentence rests on: the files it names, else the one source that bears out the
        most of its claims (none when several do equally)."""
        lowered = sentence.lower()
        named = [s for s in self.sources if s.path.lower() in lowered or s.path.rsplit("/", 1)[-1].lower() in lowered]
        if named:
            return named
        checkable = [c for c in claims(sentence) if c.kind != "file"]
        scores = [(sum(supported(c, s.support) for c in checkable), s) for s in self.sources]
        best = max((score for score, _ in scores), default=0)
        winners = [s for score, s in scores if score == best]
        return winners if best and len(winners) == 1 else []
