"""The checkable claims of an answer (numbers, amounts, dates, file names, codes, quotes) held against what the tools
found in its turn, whatever their format; and the answer without the claims the results do not bear out."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..language.figures import CODE, CURRENCY, FILE_NAME, NUMBER, dates_in, number_value
from ..language.lexicon import CLAUSE_BREAK, QUOTED, SAYS_NOT_FOUND
from ..language.names import proper_names, says_name
from ..language.text import fold, squash

MARKER = re.compile(r"\s?\[(\d{1,3})\]")


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
    dates, rest = dates_in(text, either_order=True)
    if claim.kind == "date":
        year, month, day = claim.key
        return any(d[1:] == (month, day) and (year is None or d[0] in (None, year)) for d in dates)
    numbers = {number_value(m) for m in NUMBER.finditer(rest)}
    # A figure with one dot and three digits after it is thousands in half the world ("$: 12.600" of a receipt in pesos).
    numbers |= {f"{whole}{part}" for whole, part in re.findall(r"(?<![\d.,])(\d{1,3})\.(\d{3})(?![\d.,]\d)", rest)}
    # Numbers inside dates, times and names count too: "the 3rd", "14:03", "report_2025.pdf".
    numbers |= {str(int(n)) for n in re.findall(r"\d+", text)}
    return claim.key in numbers


def unsupported(answer: str, evidence: Evidence) -> list[Claim]:
    """The answer's claims the evidence does not bear out, and the people and things it names in two or more
    capitalised words ("Linus Torvalds") of which no result, question or turn says a single word: a small model's
    memory (a name put into English, "the Rowing Club De Vaartse Rijn", still says the words of its own)."""
    text = "\n".join(evidence.texts)
    said = set(re.findall(r"\w+", fold(text)))  # "Sebastien" in a file is the "Sébastien" of an answer
    named = [Claim(name, "name", name.lower()) for name in proper_names(MARKER.sub("", answer)) if len(name.split()) >= 2]
    return [c for c in claims(answer) if not supported(c, text)] + [c for c in named if not set(re.findall(r"\w+", fold(c.text))) & said]


def states(sentence: str, claim: Claim) -> bool:
    """The sentence makes the claim."""
    return claim.text in sentence if claim.kind == "name" else claim in claims(sentence)


NUMBERED = r"(?:\bno\.?|\bnr\.?|\bn[°º]|\bnumber|#)\s*"  # what says that the number after it is one's number


def missing_names(question: str, text: str) -> list[str]:
    """What the question names (proper names, numbers, dates, codes, quotes) that the text never says.
    Search finds the closest passages even when the thing asked about is not in the files at all (a
    flight to one city when only a flight to another exists); such passages do not answer the question."""
    lowered = squash(text)
    missing = [name for name in proper_names(question) if not says_name(name, lowered)]
    # A version is said whole: "2.9.1" is not the "2.9.0" of a changelog, "2.7" not the "v2.7.0" of a library.
    versions = re.findall(r"(?<![\w.])v?(\d+\.\d+\.\d+(?:\.\d+)*)(?![\w.]*\d)", question)
    missing += [v for v in versions if not re.search(rf"(?<![\d.]){re.escape(v)}(?!\d|\.\d)", text)]
    for claim in claims(question):
        if any(claim.text in version for version in versions):
            continue
        # A number the question gives is looked for as written ("invoice 009"), not as any 9 in a date, though
        # a document may pad it with zeros ("37" of "N° 000037"); one with a fraction not as the start of a longer
        # version ("2.7" in "2.7.0").
        after = r"(?!\d|\.\d)" if "." in claim.text else r"(?!\d)"
        padded = "0*" if claim.text.isdigit() and not claim.text.startswith("0") else ""
        found = re.search(rf"(?<![\d]){padded}{re.escape(claim.text)}{after}", text) if claim.kind == "number" else supported(claim, text)
        # A number given as one ("change order no. 2", "#4") is said as one, not as any 2 of an amount or a date.
        if found and claim.kind == "number" and re.search(rf"{NUMBERED}{re.escape(claim.text)}(?!\d)", question, re.I):
            found = re.search(rf"{NUMBERED}0*{re.escape(claim.text)}(?![\d.,]\d|\d)", text, re.I)
        if not found:
            missing.append(claim.text)
    return list(dict.fromkeys(missing))


def says_not_found(text: str, name: str) -> bool:
    """A sentence of the text names the thing and says it was not found."""
    return any(name.lower() in s.lower() and SAYS_NOT_FOUND.search(s) for s in sentences(text))


def sentences(text: str) -> list[str]:
    """Sentences and list items, each keeping its own trailing whitespace so they join back exactly. A
    marker written after the full stop ("... 2025-05-30. [1]") stays with its sentence, so a sentence
    ends only where the text after it is known not to be a marker."""
    # A number's full stop before another number is a date's ("14. 4. 2031"), not a sentence's end.
    pieces = [s for s in re.split(r"(?<=[.!?])(?!(?<=\d\.)\s+\d)(?=\s+[^\s\[])|(?<=[.!?]\s\[\d\])(?=\s+[^\s\[])"
                                  r"|(?<=[.!?]\s\[\d\d\])(?=\s+[^\s\[])|(?<=\n)", text) if s]
    joined: list[str] = []
    for piece in pieces:
        # A sentence starts with no small letter: the full stop before one is a day's ("13. januar") or an
        # abbreviation's ("e.g. the"), and one before a number is an abbreviation's too when it ends a short
        # word written small ("pr. 1. januar", "ca. 40 kr."), or money's code ("Rs. 3,905.00").
        start = piece.lstrip()[:1]
        abbreviated = re.search(r"(?:^|\s)[^\W\d_]{1,3}\.$", joined[-1]) and joined[-1][-4:-1].islower() if joined else False
        if joined and not joined[-1].endswith("\n") and (start.islower() or start.isdigit() and (abbreviated or re.search(rf"(?:^|\s){CURRENCY}$", joined[-1]))):
            joined[-1] += piece
        else:
            joined.append(piece)
    return joined


UNCONFIRMED = "I could not confirm"  # how remove_claims' note of what was not confirmed starts


def confirmed_part(answer: str) -> str:
    """The answer before remove_claims' note of what was not confirmed (all of it when there is none)."""
    return answer.split(UNCONFIRMED, 1)[0]


def remove_claims(answer: str, bad: list[Claim]) -> str:
    """The answer without the sentences that make unsupported claims, and a plain note of what was not
    confirmed."""
    kept = []
    for sentence in sentences(answer):
        if not any(states(sentence, c) for c in bad):
            kept.append(sentence)
            continue
        # "X is $318.50, and Y cost $77.10.": the clause about X stands without the one about Y; an
        # aside ("..., which is N% of X", "(about N%)") goes without the statement it comments on.
        clauses = [c for c in CLAUSE_BREAK.split(sentence.strip()) if c.strip(" .")]
        good = [c for c in clauses if not any(states(c, b) for b in bad)]
        if good and len(good) < len(clauses):
            kept.append(" " + "; ".join(c.rstrip(".") for c in good) + ". ")
    body = re.sub(r"\s+\n", "\n", "".join(kept)).strip()
    note = f"{UNCONFIRMED} " + ", ".join(dict.fromkeys(c.text for c in bad)) + " in the files."
    return f"{body}\n\n{note}" if body else note
