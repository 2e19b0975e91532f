"""Which row of a table changes most from one column to another ("which cost rose most between last year's
budget and this one"): each row's change computed in code, so that no one row's figures are read as the answer."""

from __future__ import annotations

import re
from typing import Callable

from ..language.figures import money
from ..language.lexicon import CHANGED_MOST
from ..language.text import terms
from .cells import MONEY_IN, MONEY_OUT, TOTAL_WORDS, cell_number



def changed_most(rows: list[dict[str, str]], numeric: list[str], what: str, says: Callable[[str, set[str]], bool]) -> str | None:
    """The row whose figure rises (or falls) most from the column `what` names first to the one it names next (of
    two figure columns, the left one to the right one), and the row after it; None when `what` asks no such thing
    or names no two columns."""
    asked = CHANGED_MOST.search(what)
    if not asked:
        return None
    columns = columns_compared(numeric, what, says)
    if columns is None:
        return None
    before, after = columns
    wanted = terms(what)
    # Only the kind of row asked: "which expense" leaves out the income rows ("Levy income"), "which income" the costs.
    unwanted = MONEY_IN if wanted & MONEY_OUT else MONEY_OUT if wanted & MONEY_IN else set()
    changes = []
    for row in rows:
        label = " ".join(v for k, v in row.items() if k not in numeric and cell_number(v) is None)
        first, last = cell_number(row.get(before, "")), cell_number(row.get(after, ""))
        if first is None or last is None or terms(label) & (TOTAL_WORDS | unwanted):
            continue
        changes.append((last - first, label.strip(), row))
    if len(changes) < 2:
        return None
    counted = len(changes)
    falling = bool(re.search(r"\b(?:down|fall|falls|fell|drop|drops|dropped|decrease|decreases|decreased|cut)\b", asked.group(0), re.I))
    way = "down" if falling else "up"
    changes = sorted((c for c in changes if (c[0] < 0 if falling else c[0] > 0)), key=lambda change: change[0] if falling else -change[0])
    if not changes:
        return f"No row goes {way} from {before} to {after}."

    def said(change: tuple[float, str, dict[str, str]]) -> str:
        amount, label, row = change
        return f"{label}, {way} {money(abs(amount), [row[before], row[after]])} ({row[before].strip()} to {row[after].strip()})"

    return (f"Of the {counted} rows, the one that goes {way} most from {before} to {after} is {said(changes[0])}"
            + (f"; next is {said(changes[1])}." if len(changes) > 1 else "."))


def columns_compared(numeric: list[str], what: str, says: Callable[[str, set[str]], bool]) -> tuple[str, str] | None:
    """The two figure columns `what` names (every word of theirs said, or most of them), in the order it names them
    by the words that tell the two apart ("between the 2029 plan and the 2030 one"); with no two named, the table's only
    two, left to right."""
    wanted = terms(what)

    def share(column: str) -> float:
        own = terms(column)
        return sum(any(says(t, {w}) for t in wanted) for w in own) / len(own) if own else 0.0

    named = sorted((c for c in numeric if share(c) > 0.5), key=share, reverse=True)[:2]
    if len(named) < 2:
        return (numeric[0], numeric[1]) if len(numeric) == 2 else None
    first, second = named

    def where(column: str, other: str) -> int:
        spots = [m.start() for m in re.finditer(r"[\w/.-]+", what) if terms(m.group(0)) & (terms(column) - terms(other))]
        return min(spots) if spots else len(what)

    return (first, second) if where(first, second) <= where(second, first) else (second, first)
