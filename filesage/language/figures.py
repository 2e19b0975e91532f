from __future__ import annotations

import re

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
