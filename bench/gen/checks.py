"""Is an answer right? Strict checks of an answer (and its sources) against a question's truth.

Each check can fail on a plausible wrong answer: a count is the first count the answer states (not any
number in it, so "12" does not pass for 2 and a date's digits never count), a list must name every file
of the truth and no other file of the folder, a rank's file must be the first file named, a content value
must be stated and its file cited.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

NUMBER_WORDS = {w: n for n, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                                         "fourteen fifteen sixteen seventeen eighteen nineteen twenty".split())}
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
UNITS = {"b": 1, "byte": 1, "bytes": 1, "kb": 1024, "kib": 1024, "k": 1024, "mb": 1024**2, "mib": 1024**2, "gb": 1024**3, "gib": 1024**3,
         "kilobytes": 1024, "kilobyte": 1024, "megabytes": 1024**2, "megabyte": 1024**2, "gigabytes": 1024**3}


def squash(text: str) -> str:
    return " ".join(text.lower().split())


def without_noise(answer: str, names: list[str]) -> str:
    """The answer without what holds digits that are not counts: file names and paths, dates, times, sizes."""
    text = answer
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(re.escape(name), " ", text, flags=re.I)
    text = re.sub(r"[\w./\-]*\.[A-Za-z][A-Za-z0-9]{0,4}\b", " ", text)  # other file-like tokens
    text = re.sub(r"\b\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?", " ", text)
    text = re.sub(r"\b\d{1,2}:\d{2}\b", " ", text)
    text = re.sub(r"\b\d[\d,]*(?:\.\d+)?\s*(?:bytes?|[kmg]i?b|kilobytes?|megabytes?|gigabytes?)\b", " ", text, flags=re.I)
    text = re.sub(r"\[\d+\]", " ", text)  # citation markers
    months = "|".join(MONTHS + [m[:3] for m in MONTHS])
    text = re.sub(rf"\b(?:{months})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?\b", " ", text, flags=re.I)
    text = re.sub(rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{months})\b(?:\s+\d{{4}})?", " ", text, flags=re.I)
    return text


def stated_count(answer: str, names: list[str]) -> int | None:
    text = without_noise(answer, names).lower()
    match = re.search(r"\b(\d[\d,]*)\b|\b(" + "|".join(NUMBER_WORDS) + r")\b", text)
    if match:
        return int(match.group(1).replace(",", "")) if match.group(1) else NUMBER_WORDS[match.group(2)]
    if re.search(r"\b(no|none|not any|don't have any|do not have any|nothing)\b", text):
        return 0
    return None


def mentions(answer: str, path: str) -> int:
    """Where the answer first names a file (by path, or by its name standing alone), or -1."""
    lowered = answer.lower()
    at = lowered.find(path.lower())
    if at >= 0:
        return at
    name = path.rsplit("/", 1)[-1].lower()
    for match in re.finditer(re.escape(name), lowered):
        before = lowered[match.start() - 1] if match.start() else " "
        after = lowered[match.end()] if match.end() < len(lowered) else " "
        if not (before.isalnum() or before in "_-") and not (after.isalnum() or after in "_-"):
            return match.start()
    return -1


def written_alone(answer: str, path: str) -> bool:
    """The whole path is written, not as the tail of a longer path."""
    lowered = answer.lower()
    return any(m.start() == 0 or not (lowered[m.start() - 1].isalnum() or lowered[m.start() - 1] in "/_-")
               for m in re.finditer(re.escape(path.lower()), lowered))


def check_names(answer: str, truth: dict, all_paths: list[str]) -> tuple[bool, str]:
    if "names" in truth:  # folder names
        missing = [n for n in truth["names"] if not re.search(rf"(?<![\w-]){re.escape(n.lower())}(?![\w-])", answer.lower())]
        return not missing, f"missing {missing}" if missing else ""
    wanted = truth["paths"]
    missing = [p for p in wanted if mentions(answer, p) < 0]
    if missing:
        return False, f"missing {missing[:5]}"
    if truth.get("exclusive"):
        wanted_names = {p.rsplit("/", 1)[-1].lower() for p in wanted}
        extra = []
        for path in all_paths:
            if path in wanted:
                continue
            # A name shared with a wanted file ("Invoice (1).pdf" and "old/Invoice (1).pdf") counts only
            # where its own whole path is written.
            shared = path.rsplit("/", 1)[-1].lower() in wanted_names
            if (written_alone(answer, path) if shared else mentions(answer, path) >= 0):
                extra.append(path)
        if extra:
            return False, f"also names {extra[:5]}"
    return True, ""


def check_first(answer: str, truth: dict, all_paths: list[str]) -> tuple[bool, str]:
    positions = [(mentions(answer, p), -len(p), p) for p in all_paths]
    named = sorted(p for p in positions if p[0] >= 0)
    if not named:
        return False, "names no file"
    first = named[0][2]
    return first in truth["paths"], "" if first in truth["paths"] else f"first names {first}"


def check_size(answer: str, truth: dict) -> tuple[bool, str]:
    size = truth["bytes"]
    if size == 0 and re.search(r"\b(empty|0 bytes|zero bytes|0 b)\b", answer.lower()):
        return True, ""
    for match in re.finditer(r"(\d[\d,]*(?:\.\d+)?)\s*(bytes?|[kmg]i?b|kilobytes?|megabytes?|gigabytes?|b|k)\b", answer, re.I):
        value = float(match.group(1).replace(",", "")) * UNITS[match.group(2).lower()]
        for base in (1.0, 1000 / 1024, (1000 / 1024) ** 2):  # "1.2 MB" may mean 10^6 bytes
            shown = value * base if match.group(2).lower() not in ("b", "byte", "bytes") else value
            if abs(shown - size) <= max(size * 0.06, 0.6 * UNITS[match.group(2).lower()] * 0.1):
                return True, ""
    return False, f"expected about {size:,} bytes"


def check_date(answer: str, truth: dict) -> tuple[bool, str]:
    moment = datetime.fromtimestamp(truth["timestamp"])
    day = moment.date()
    name = MONTHS[day.month - 1]
    lowered = answer.lower()
    forms = [day.isoformat(), f"{name} {day.day}", f"{day.day} {name}", f"{name[:3]} {day.day}", f"{day.day} {name[:3]}",
             f"{day.day:02d}/{day.month:02d}/{day.year}", f"{day.month}/{day.day}/{day.year}"]
    if day == date.today():
        forms.append("today")
    if day == date.today() - timedelta(days=1):
        forms.append("yesterday")
    for form in forms:
        if re.search(rf"(?<![\w]){re.escape(form)}(?!\d)", lowered):
            return True, ""
    return False, f"expected {day.isoformat()}"


def numbers_in(text: str) -> list[float]:
    """Numbers as written in English ("1,150.00") or German ("1.150,00") style, and plain."""
    found = []
    for token in re.findall(r"\d[\d.,]*\d|\d", text):
        candidates = {token.replace(",", ""), token.replace(".", "").replace(",", ".")}
        for candidate in candidates:
            try:
                found.append(float(candidate))
            except ValueError:
                pass
    return found


def says_value(answer: str, value: str) -> bool:
    lowered = squash(answer)
    wanted = squash(value)
    if wanted in lowered or wanted.replace(" ", "") in lowered.replace(" ", ""):
        return True
    stripped = wanted.lstrip("$€£").strip()
    if re.fullmatch(r"[\d.,]+", stripped):
        targets = numbers_in(stripped)
        return any(abs(n - t) < 0.005 for n in numbers_in(answer) for t in targets)
    return False


def check_value(answer: str, truth: dict, sources: list[str]) -> tuple[bool, str, bool]:
    """Right when the value is stated and its file cited; the third value says whether the answer took a
    figure from a neighbouring row, item or document instead."""
    stated = any(says_value(answer, a) for a in truth["answers"])
    cited = truth["path"] in sources
    neighbour = not stated and any(says_value(answer, d) for d in truth.get("distractors", []))
    if stated and cited:
        return True, "", False
    detail = ("value right but file not cited" if stated else "took a neighbouring value" if neighbour else "value not stated")
    return False, detail, neighbour


# Written apart from filesage's own reading of "not found" (grounding.SAYS_NOT_FOUND) on purpose: the grader must
# not share the judged code's mistakes.
SAYS_ABSENT = re.compile(
    r"\b(?:could ?n[o']t|can ?n?[o']?t|did ?n[o']t|do ?n[o']t|does ?n[o']t|unable to)\s+(?:find|see|locate|contain|mention|include|have)\b"
    r"|\bno (?:\w+ ){0,4}(?:found|mentioned|listed|given|recorded|available)\b|\bnot (?:found|mentioned|listed|included)\b"
    r"|\bno (?:information|mention|record|details?|data|matching|such)\b|\b(?:found|see|is) nothing\b|\bnothing (?:about|on|for|matching)\b"
    r"|\bthere (?:is|are) no\b|\bnone of (?:the|your) files\b",
    re.I,
)


def check_absent(answer: str, truth: dict) -> tuple[bool, str]:
    """Right when the answer says the folder does not hold it and gives no figure of that kind from the files."""
    given = [v for v in truth["distractors"] if says_value(answer, v)]
    if given:
        return False, f"gave {given[0]}"
    return (True, "") if SAYS_ABSENT.search(answer) else (False, "did not say it is not there")


def check(truth: dict, answer: str, sources: list[str], all_paths: list[str]) -> tuple[bool, str, bool]:
    """(right, why not, took a neighbouring value)."""
    kind = truth["check"]
    if kind == "value_any":  # a figure computed over many files: stated, whatever is cited
        stated = any(says_value(answer, a) for a in truth["answers"])
        neighbour = not stated and any(says_value(answer, d) for d in truth.get("distractors", []))
        return stated, "" if stated else "value not stated", neighbour
    if kind == "all_values":  # every file's figure stated
        missing = [forms[0] for forms in truth["answers"] if not any(says_value(answer, f) for f in forms)]
        return not missing, f"missing {missing[:4]}" if missing else "", False
    if kind == "first_of":  # the first of the candidates the answer names is the right one
        lowered = answer.lower()
        named = sorted((min((lowered.find(n.lower()) for n in names if n.lower() in lowered), default=-1), index) for index, names in enumerate(truth["candidates"]))
        named = [(at, index) for at, index in named if at >= 0]
        first = truth["candidates"][named[0][1]] if named else None
        return first == truth["answer"], "" if first == truth["answer"] else f"first named {first[1] if first else 'none'}", False
    if kind == "not_found":
        return (*check_absent(answer, truth), False)
    if kind == "value":
        return check_value(answer, truth, sources)
    if kind == "count":
        stated = stated_count(answer, all_paths)
        return stated == truth["value"], f"stated {stated}, expected {truth['value']}" if stated != truth["value"] else "", False
    if kind == "names_all":
        return (*check_names(answer, truth, all_paths), False)
    if kind == "name_first":
        return (*check_first(answer, truth, all_paths), False)
    if kind == "size":
        return (*check_size(answer, truth), False)
    if kind == "date":
        return (*check_date(answer, truth), False)
    raise ValueError(f"unknown check {kind}")
