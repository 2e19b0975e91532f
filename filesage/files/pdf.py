"""A PDF page's text as its lines: some PDF makers place each word on its own, and pypdf's plain extraction then
gives one word a line, so that no line says a whole sentence (a figure apart from what it is of); others place each
cell of a table on its own, and the plain extraction gives one cell a line, so that no line is a row."""

from __future__ import annotations

import re


WORD_LINES = 20  # a page with fewer lines than this is too short to tell how it was written
MOSTLY = 0.8  # the share of one-word lines that says the page was written a word at a time


CELL_RUN = 8  # this many short lines one after another are a table's cells, each on its own line
CELL_CHARS = 48  # ... a line this long at most
ROW_CELLS = 3  # a line of the layout set apart in this many places or more is a table's row
APART = re.compile(r"\s{3,}")


def page_text(page) -> str:
    """The page's text, its lines put back together from the page's layout when the plain extraction gives them a
    word a line, or a table's rows when it gives them a cell a line (a row's cells set apart by spaces, for the
    columns to name; a page laid out in two columns of prose keeps its plain lines)."""
    text = (page.extract_text() or "").strip()
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) >= WORD_LINES and sum(len(line.split()) == 1 for line in lines) >= MOSTLY * len(lines):
        laid = page.extract_text(extraction_mode="layout") or ""
        # The layout spaces words out to their places on the page; one space is what separates them.
        return "\n".join(re.sub(r"\s{2,}", " ", line).strip() for line in laid.splitlines()).strip()
    if not cells_a_line(lines):
        return text
    laid = [(line.strip(), APART.split(line.strip())) for line in (page.extract_text(extraction_mode="layout") or "").splitlines() if line.strip()]
    rows = sum(len(cells) >= ROW_CELLS for _, cells in laid)
    two_columns = sum(len(cells) == 2 and min(map(len, cells)) >= 20 for _, cells in laid) >= CELL_RUN // 2
    if rows < 2 or two_columns:
        return text
    return "\n".join(line if len(cells) >= ROW_CELLS else re.sub(r"\s{2,}", " ", line) for line, cells in laid)


def cells_a_line(lines: list[str]) -> bool:
    """Some CELL_RUN short lines one after another: a table's cells, a line each."""
    run = 0
    for line in lines:
        run = run + 1 if len(line.strip()) <= CELL_CHARS else 0
        if run >= CELL_RUN:
            return True
    return False
