"""Tables written as lines, set in columns on a PDF's page or between pipes in a text file or a page: each row
said as the readers write a spreadsheet's, every cell with its column's name, since a row of bare figures says
nothing of which figure is which and only the heading above it does."""

from __future__ import annotations

import re

from ..language.figures import FIGURE_ALONE
from ..language.lexicon import YEAR

COLUMN_GAP = re.compile(r"\s{2,}")  # what separates a table's columns on a page's line
WIDE_GAP = re.compile(r"\s{3,}")  # in a text file: two spaces also end its sentences
PIPED = re.compile(r"^\s*\|?(?:[^|]*\|){2,}")  # a row between pipes, "a | b | c" or "| a | b |"
RULE = re.compile(r"^[\s|:+-]*-[\s|:+-]*$")  # the line under a table's heading, "|---|:--:|"
HAS_FIGURE = re.compile(r"\d")
MIN_COLUMNS = 3  # set in columns, a label and its value are a line of their own; a table has two figures to tell apart at least


def is_figure(cell: str) -> bool:
    return bool(FIGURE_ALONE.fullmatch(cell.strip()))


def cells_of(line: str, gap: re.Pattern | None) -> list[str]:
    """A line's cells: between its pipes, else where it is set apart by the gap (when a table may be so set)."""
    if PIPED.match(line):
        return [cell.strip() for cell in line.strip().strip("|").split("|")]
    return gap.split(line.strip()) if gap else [line]


def columns_named(lines: list[str], gap: re.Pattern | None = COLUMN_GAP) -> list[str]:
    """A table set in columns ("Start balance   $640.00   $702.25" under "Account   Last year   This year") or
    between pipes ("| Account | Last year | This year |") as the readers write a spreadsheet's rows: its heading
    "Columns: A | B | C", each row under it that fills as many columns "A: cell; B: cell; C: cell" (an empty cell left
    out), so each figure says whose column it is in. Set in columns, a row has a figure (a line set wide with none
    under it is prose, and stays as it is); between pipes, every row under the heading's rule is the table's, and the
    rule an empty line, so that each line keeps its place. A text file's lines set apart by two spaces are a
    changelog's entries or code far more often than a table: its tables set in columns are set apart by three or more
    (WIDE_GAP), as a statement or an invoice sets its totals under their heading."""
    out = list(lines)
    header: list[str] | None = None
    heading = -1  # the heading's line, while no row has been read under it
    ruled = False
    for at, line in enumerate(lines):
        piped = bool(PIPED.match(line))
        if header and piped and heading == at - 1 and RULE.match(line):
            out[at], ruled, heading = "", True, at
            continue
        cells = cells_of(line, gap)
        if header and len(cells) == len(header) and ((piped and ruled) or any(HAS_FIGURE.search(c) for c in cells[1:])):
            out[at] = "; ".join(f"{name}: {value}" if name else value for name, value in zip(header, cells) if value)
            if heading >= 0:
                out[first] = f"Columns: {' | '.join(header)}"
                heading = -1
            continue
        ruled = False
        named = len(cells) >= (2 if piped else MIN_COLUMNS) and all(cells[1:]) and not any(is_figure(c) and not YEAR.fullmatch(c) for c in cells)
        header, heading, first = (cells, at, at) if named else (None, -1, -1)
    return out
