"""A table's cells read as figures: a number written any country's way, with money's sign or code or none, and the
columns whose cells are figures (not a year's, not one that numbers the rows)."""

from __future__ import annotations

import re
from collections import Counter

from ..language.figures import CURRENCY, CURRENCY_AFTER_AMOUNT, NUMBER, number_value
from ..language.text import terms

YEAR_WORDS = terms("year years")
TOTAL_WORDS = terms("total totals sum subtotal")  # a row the table totals itself in
# Money a row says went out of an account, or came in: which sign of a signed amount column the question asks, and
# which rows of a budget are its costs and which its income.
MONEY_OUT = terms("outgoing spent spending paid payment payments expense expenses debit debits withdrawal withdrawals outflow")
MONEY_IN = terms("incoming income received credit credits earned earnings revenue inflow")


def cell_number(text: str) -> float | None:
    """A cell that is a number and nothing else, written any country's way ("8.1", "1,860", "-0.02", "2846,20",
    "1 234,56 €", "−42,17"); None for a date, a code or words."""
    found = re.fullmatch(rf"\s*([-−+]?)\s*(?:{CURRENCY})?\s*(\d[\d.,\s]*?)\s*{CURRENCY_AFTER_AMOUNT}?\s*", text)
    number = NUMBER.fullmatch(found.group(2)) if found else None
    if not number or number.group("mult"):
        return None
    try:
        value = float(number_value(number))
    except ValueError:
        return None
    return -value if found.group(1) in ("-", "−") else value


def numeric_columns(rows: list[dict[str, str]], columns: list[str]) -> list[str]:
    """The columns of figures: those whose filled cells are numbers (a bank export's debit column is empty on the
    rows of money coming in), other than a year."""
    def filled(column: str) -> list[str]:
        return [row[column] for row in rows if row.get(column, "").strip()]

    figures = [c for c in columns if len(filled(c)) >= 2 and not terms(c) & YEAR_WORDS
               and sum(cell_number(cell) is not None for cell in filled(c)) >= 0.8 * len(filled(c))]
    # A column that numbers the rows 1 to n (a pitch's, a seat's number) is no measure of them: "the widest pitch" is
    # the one of the largest size, not the last numbered.
    numbering = [c for c in figures if len(filled(c)) >= NUMBERED_ROWS and is_numbering([cell_number(cell) for cell in filled(c)])]
    return [c for c in figures if c not in numbering] or figures


NUMBERED_ROWS = 5


def is_numbering(values: list[float | None]) -> bool:
    """The values are the whole numbers from 0 or 1 up, each once (or each as often, a sheet each), in any order."""
    if None in values or any(v != int(v) for v in values):
        return False
    low, counts = int(min(values)), Counter(values)
    return low in (0, 1) and set(counts) == set(range(low, int(max(values)) + 1)) and len(set(counts.values())) == 1


def running_balances(rows: list[dict[str, str]], numeric: list[str]) -> set[str]:
    """The columns of a statement's balance after each row: from one row to the next it moves by an amount of the
    rows' other columns (a signed amount, or money out or in in columns of their own), whichever way the rows run.
    What the rows cost or bring in is those amounts, not the balance."""
    found = set()
    for balance in numeric:
        dated = [(b, row) for row in rows if (b := cell_number(row.get(balance, ""))) is not None]

        def moved_by(row: dict[str, str], change: float) -> bool:
            return any(abs(abs(n) - change) < 0.005 for c, cell in row.items() if c != balance and (n := cell_number(cell)) is not None)

        steps = [moved_by(before, abs(b - a)) or moved_by(after, abs(b - a)) for (a, before), (b, after) in zip(dated, dated[1:]) if b != a]
        if len(steps) >= 2 and sum(steps) >= 0.8 * len(steps):
            found.add(balance)
    return found


def row_text(row: dict[str, str]) -> str:
    """What a row says, its columns' names with their cells, for its terms."""
    return " ".join(f"{k} {v}" for k, v in row.items())


def shown(row: dict[str, str]) -> str:
    """A row as the readers write it, to quote it."""
    return "; ".join(f"{k}: {v}" for k, v in row.items())


def columns_of(rows: list[dict[str, str]]) -> list[str]:
    """A table's columns, in the order its rows give them."""
    return list(dict.fromkeys(column for row in rows for column in row))
