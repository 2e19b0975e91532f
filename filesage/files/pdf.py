"""A PDF page's text as its lines: some PDF makers place each word on its own, and pypdf's plain extraction then
gives one word a line, so that no line says a whole sentence (a figure apart from what it is of); a table set in
columns gives rows of bare figures, each of which only its column's heading says what it is."""

from __future__ import annotations

import re

from ..language.lexicon import YEAR

WORD_LINES = 20  # a page with fewer lines than this is too short to tell how it was written
MOSTLY = 0.8  # the share of one-word lines that says the page was written a word at a time


def page_text(page) -> str:
    """The page's text, its lines put back together from the page's layout when the plain extraction gives them a
    word a line."""
    text = (page.extract_text() or "").strip()
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) < WORD_LINES or sum(len(line.split()) == 1 for line in lines) < MOSTLY * len(lines):
        return text
    laid = page.extract_text(extraction_mode="layout") or ""
    # The layout spaces words out to their places on the page; one space is what separates them.
    return "\n".join(re.sub(r"\s{2,}", " ", line).strip() for line in laid.splitlines()).strip()


COLUMN_GAP = re.compile(r"\s{2,}")  # what separates a table's columns on a page's line
HAS_FIGURE = re.compile(r"\d")
FIGURE = re.compile(r"[-+(]?[$€£]?\s?[\d.,]+%?\)?")  # a cell that is a figure alone; a heading names its column in words or a year
MIN_COLUMNS = 3  # a label and its value are a line of their own; a table has two figures to tell apart at least


def columns_named(lines: list[str]) -> list[str]:
    """A table set in columns ("Start balance   $640.00   $702.25" under "Account   Last year   This year") as the
    readers write a spreadsheet's rows: its heading "Columns: A | B | C", each row under it that
    fills as many columns "A: cell; B: cell; C: cell", so each figure says whose column it is in. A line set wide
    with no row of figures under it is prose, and stays as it is."""
    out, header, heading = list(lines), None, -1
    for at, line in enumerate(lines):
        cells = COLUMN_GAP.split(line.strip())
        if header and len(cells) == len(header) and any(HAS_FIGURE.search(c) for c in cells[1:]):
            out[at] = "; ".join(f"{name}: {value}" for name, value in zip(header, cells))
            if at - 1 == heading:
                out[heading] = f"Columns: {' | '.join(header)}"
            continue
        header, heading = (cells, at) if len(cells) >= MIN_COLUMNS and not any(
            FIGURE.fullmatch(c) and not YEAR.fullmatch(c) for c in cells) else (None, -1)
    return out
