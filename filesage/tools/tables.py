"""A table's rows read and combined in code (the rows as the readers write them, their figures however a country
writes them, which rows a question's words pick, in any language): a small model shown a dozen rows of a table gives
one of them, or counts them, as the answer for all of its rows."""

from __future__ import annotations

import re
from collections import Counter
from typing import Callable

from ..language.figures import BOUND_BY, MONTH_NAMES, THRESHOLD, YEAR_SPAN, dates_in, money, months_mentioned, months_named
from ..language.glossary import translations
from ..language.lexicon import (CHANGED_MOST, COMBINE_WORDS, COUNT_AND_TOTAL, LANGUAGE_WORDS, MONTHS, MOST_OFTEN, NEGATING, NO_CELLS, OWING_ASKED, PERIOD_END, YEAR,
                                YES_CELLS)
from ..language.names import acronyms, proper_names, says_acronym
from ..language.question import counted_words
from ..language.text import covers, fold, singular, terms
from .cells import MONEY_IN, MONEY_OUT, TOTAL_WORDS, YEAR_WORDS, cell_number, columns_of, numeric_columns, row_text, running_balances, shown
from .growth import changed_most
from .listing import dated_months

TABLES = ("csv", "tsv", "xlsx", "xls", "xlsm", "ods")  # the extensions of files that are tables
# A row of a table as the readers write it: "Country: Norway; Year: 2031; Rate: 8.1".
CELL = re.compile(r"(?:^|;\s)([^:;]{1,60}):\s")
ROW_WORDS = terms("row rows record records entry entries line lines run runs")
TABLE_WORDS = terms("table csv sheet spreadsheet data dataset file log value values figure figures")
ALL_LANGUAGES = set(LANGUAGE_WORDS)
COMBINING = terms(" ".join(word for name, said in COMBINE_WORDS for word in said.pattern.split("|"))) | terms(MOST_OFTEN.pattern)
MONEY_COLUMN = terms("amount price cost fee total")  # a column of what rows cost or bring in, in any language
OWED_COLUMN = terms("arrears arrear outstanding owing owed overdue balance unpaid debt")  # a column of what is still owed
BOUND_ROWS_SHOWN = 8  # the rows within a bound a count shows whole
FEW_ROWS_SHOWN = 3  # the rows a value picks that a count shows whole
WHICH_MONTH = re.compile(r"\b(?:which|what) month\b|\bmonth (?:with|had|has|was)\b", re.I)
ROW_YEAR = re.compile(r"(?:1[0-9]|20)\d\d\b")  # a row's year, as long-running data go back (1750)
SHEET = re.compile(r"^Sheet (.+?)\.(?: Columns: |$)")


def table_rows(lines: list[str]) -> list[dict[str, str]]:
    """A table's rows as the readers write them ("Country: Norway; Year: 2031; Rate: 8.1"), each a dict; a
    workbook's rows also say their sheet ("Sheet: Income"), whose name is all that says what its rows are."""
    rows, sheet, columns = [], "", []
    for line in lines:
        named = SHEET.match(line)
        if named:
            sheet = named.group(1)
        if "Columns: " in line:
            # A column whose name has a colon of its own ("Output: volume: £m") is split from its cell by name.
            columns = sorted(line.split("Columns: ", 1)[1].split(" | "), key=len, reverse=True)
        elif not named and CELL.search(line) and "; " in line:
            row = dict(cell_of(cell, columns) for cell in line.split("; ") if ": " in cell)
            rows.append({**row, "Sheet": sheet} if sheet and "Sheet" not in row else row)
    return rows


def cell_of(cell: str, columns: list[str]) -> tuple[str, str]:
    """A cell as its column's name and its value, the name as the table's header gives it when it has one."""
    column = next((c for c in columns if cell.startswith(f"{c}: ")), "")
    return (column, cell[len(column) + 2:]) if column else tuple(cell.split(": ", 1))


def month_of(text: str) -> int | None:
    """The month a column's name or a cell is, said alone in any language ("mars", "enero", "Sept."); None otherwise."""
    return MONTHS.get(fold(text).strip(" ."))


def table_figure(lines: list[str], what: str, path: str = "") -> str | None:
    """The average, total, highest or lowest of a table's number column that `what` names (the only one, when it
    names none), how many rows there are, or the value its column named says most often, over the rows that say
    `what`'s other words and years ("average price 2031", "highest close", "rows FAIL June 2031", "which patient
    most often": each of those said in some cell of the row, in any language the glossary knows, a month by its
    date). Money going out or in picks the sign of an amount column that has both. The words of the document's own
    `path` ("the orchestra's library catalogue" of orchestra/library/catalogue.xlsx) name the table, not its rows."""
    rows = table_rows(lines)
    columns = columns_of(rows)
    combine = combine_asked(what, columns)
    if len(rows) < 2 or not combine:
        return None
    wanted = terms(what)
    says = saying(wanted)
    # A person or a body named in full that no line of the document says is not in it: its rows are no one else's.
    full_names = [name for name in proper_names(what) if " " in name and not terms(name) <= terms(path)]
    said_in_lines = [terms(line) for line in lines] if full_names else []  # read only when a name is to be looked for
    unsaid = [name for name in full_names if not any(all(says(t, said) for t in terms(name)) for said in said_in_lines)]
    if unsaid:
        return f"No row of the table says {unsaid[0]}."
    numeric = numeric_columns(rows, columns)
    if combine == "change":
        return changed_most(rows, numeric, what, says)
    if WHICH_MONTH.search(what):
        return month_ranked(rows, numeric, what, combine, says)
    # Of the columns the question names, one whose every word it says ("Total", not "Coal Fuel" nor "Ship fuels (Not in
    # Total)" for "total emissions from fuels"); then the one it names by most words, each weighing less the more
    # columns it names ("fuel" of four fuel columns) and a combining's word half ("the total income" is Income's). The
    # words of the document's own name ("levy" of the levy schedule) name the table, when others name a column.
    naming_words = wanted - terms(path) if any(says(t, terms(c)) for t in wanted - terms(path) for c in numeric) else wanted
    naming = {t: sum(says(t, terms(c)) for c in numeric) for t in naming_words}
    named = sorted((c for c in numeric if any(says(t, terms(c)) for t in naming_words)),
                   key=lambda c: (not all(any(says(t, {w}) for t in naming_words) for w in terms(c)),
                                  -sum((0.5 if t in COMBINING else 1.0) / naming[t] for t in naming_words if says(t, terms(c)))))
    column = named[0] if named else numeric[0] if len(numeric) == 1 else None
    if column is None and wanted & (MONEY_OUT | MONEY_IN):
        # Money out or in, no column named: the one column of amounts both in and out (not the running balance).
        signed = [c for c in numeric if {n > 0 for row in rows for n in [cell_number(row.get(c, ""))] if n} == {True, False}]
        column = signed[0] if len(signed) == 1 else None
    # Columns that are months (a budget's): the one month the question names is the column ("expenses for March": mars).
    by_month = {month_of(c): c for c in numeric if month_of(c)}
    asked_months = months_mentioned(what)[0]
    of_rows = column  # the column when the month picks rows named by it, not a column
    if len(by_month) >= 3 and len(asked_months) == 1:
        (month,) = asked_months
        if month not in by_month:
            return f"No column of the table is the month asked; its months are {', '.join(by_month.values())}."
        column = by_month[month]
    if column is None and combine in ("largest", "smallest") and numeric:
        column = numeric[0]  # "the longest run": the table's first figure, its row shown whole
    # A bound on the column ("scored below 5.5"), no year ("over 2021"): the rows whose figure is within it.
    bound = next((m for m in THRESHOLD.finditer(what) if not YEAR.fullmatch(m.group("number"))), None)
    # Counted as owing ("how many units are behind"): the rows whose figure in the column of what is owed is above zero.
    owed = next((c for c in numeric if terms(c) & OWED_COLUMN), None) if combine == "count" and not bound and OWING_ASKED.search(what) else None
    column = owed or column
    within = (bound.group("way").lower(), bound.group("number")) if bound else ("above", "0") if owed else None
    # "How many hours": the hours added up, not the rows that have some; "how many currencies" counts rows, whatever
    # column another word of the question names; "how many deposits", a column of amounts (cents), the rows it fills.
    counted = terms(" ".join(counted_words(what)))
    filled_in = None
    if combine == "count" and named and not within and (not counted or any(says(t, terms(named[0])) for t in counted)):
        cells = [row[named[0]].strip() for row in rows if row.get(named[0], "").strip()]
        amounts = bool(counted and cells) and sum(bool(re.search(r"[.,]\d\d$", cell)) for cell in cells) >= 0.8 * len(cells)
        combine, filled_in = ("count", named[0]) if amounts else ("total", None)
    if combine == "mode":
        kinds = [c for c in columns if c not in numeric and c != "Sheet" and any(says(t, terms(c)) for t in wanted)]
        column = kinds[0] if kinds else None
    if column is None and combine == "mode":
        return None
    # The words that pick rows: what is neither the combining, the column, nor a word about the table itself.
    picking = picking_words(rows, what, says) - (terms(within[1]) if within else set()) - terms(path) - (terms(OWING_ASKED.pattern) if owed else set())
    limit = cell_number(within[1]) if within and column else None
    months = months_named(what)
    years = set(YEAR.findall(what)) if not months else set()
    picking -= {t for y in years for t in terms(y)}
    # A span of years ("over 2021-2025") picks the rows of any year in it, not the rows that say both ends.
    span = YEAR_SPAN.search(what) if not months else None
    first, last = (int(span.group("first")), int(span.group("last"))) if span else (0, 0)
    if span:
        years -= {span.group("first"), span.group("last")}

    flags = yes_or_no_asked(rows, what)

    def picked(row: dict[str, str], years: set[str]) -> bool:
        said = row_text(row)
        if not all(row.get(column, "").strip().lower() in (YES_CELLS if yes else NO_CELLS) for column, yes in flags):
            return False
        # A row named by a month alone ("Monat: Mai") is of a month asked without a year ("January to June").
        row_months = {month_of(v) for v in row.values()} - {None}
        in_span = not span or any(first <= int(y) <= last for y in YEAR.findall(said))
        return (all(says(t, terms(said)) for t in picking) and all(y in said for y in years) and in_span and (not months or bool(months & dated_months(said)))
                and (months or not row_months or not asked_months or bool(row_months & asked_months)))

    # Nor does a year none of the rows the words pick says ("my 2031 budget" of rows named by month alone).
    years = {y for y in years if any(picked(row, {y}) for row in rows)}

    # A row the table totals itself in ("Total: 4,210") is no row of its own to add or rank.
    kept = [row for row in rows if picked(row, years) and not any(terms(v) & TOTAL_WORDS for v in row.values() if cell_number(v) is None)
            and (filled_in is None or cell_number(row.get(filled_in, "")) is not None)]
    if column is None and combine != "count":
        # No column named, nor one alone: the one figure column the rows picked fill (the payments to one payee in
        # an export with a column for money out and one for money in, whatever the export's language calls them).
        balances = running_balances(rows, numeric)  # a statement's balance after each row is no amount of a row
        filled = [c for c in numeric if any(cell_number(row.get(c, "")) is not None for row in kept) and c not in balances]
        if len(filled) != 1 or len(kept) == len(rows):
            return None
        column = filled[0]
    if limit is not None:
        bounding = within[0]
        kept = [row for row in kept if (value := cell_number(row.get(column, ""))) is not None and BOUND_BY[bounding](value, limit)]
        bounded = f" with {column} {bounding} {within[1]}"
    if column in by_month.values() and of_rows and not any(row.get(column, "").strip() for row in kept):
        column = of_rows  # the rows asked about are named by month ("income in February": the row "Mes: febrero")
    # The picking words as the question says them, not as stems ("home", not "hom").
    spelled = {t: word for word in re.findall(r"[\w'-]+", what) for t in terms(word)}
    asked = ", ".join(sorted({spelled.get(t, t) for t in picking | years if t not in {str(y) for y, _ in months}} | ({f"{first}-{last}"} if span else set())
                             | {f"{column}: {'yes' if yes else 'no'}" for column, yes in flags} | {f"{MONTH_NAMES[m]} {y}" for y, m in months}))
    if not kept:
        return f"No row of the table says {asked or 'that'}{bounded if limit is not None else ''}."
    if combine == "count":
        said = " and ".join([f"have a {filled_in}"] * bool(filled_in) + [f"say {asked}"] * bool(asked))
        counted = f"{len(kept):,} of its {len(rows):,} rows" + (f" {said}" if said else "") + "."
        if limit is not None:
            # Which rows they are is what is asked next ("and who?"): a few are shown whole.
            counted = (f"{len(kept):,} of its {len(rows):,} rows" + (f" that say {asked}" if asked else "") + f" have {column} {bounding} {within[1]}"
                       + (": " + "; ".join(f'"{shown(row)}"' for row in kept) if len(kept) <= BOUND_ROWS_SHOWN else "") + ".")
        # A count, then what those rows cost or earned: the same rows' amounts added up too.
        says_money = saying(MONEY_COLUMN)
        amounts = [owed] if owed else [c for c in numeric if any(says_money(t, terms(c)) for t in MONEY_COLUMN)]
        if not (amounts and (dict(COMBINE_WORDS)["total"].search(what) or COUNT_AND_TOTAL.search(what))):
            return counted
        written = [row[amounts[0]] for row in kept if cell_number(row.get(amounts[0], "")) is not None]
        return f"{counted} Their {amounts[0]} adds up to {money(sum(cell_number(w) or 0.0 for w in written), written)}."

    if combine == "mode":
        return most_often(kept, column, numeric, f" of the {len(kept):,} rows" + (f" that say {asked}" if asked else ""))
    if combine == "last":
        return last_of_period(kept, column, asked_months, asked)
    values = [(cell_number(row.get(column, "")), row) for row in kept if cell_number(row.get(column, "")) is not None]
    signed = {value > 0 for value, _ in values} == {True, False}
    way = "out" if signed and wanted & MONEY_OUT else "in" if signed and wanted & MONEY_IN else ""
    if way:  # the money that went out is the amounts below zero, the largest of them the furthest below
        values = [(abs(value), row) for value, row in values if (value < 0) == (way == "out")]
    if not values:
        return None
    over = f"over {len(values):,} rows" + (f" that say {asked}" if asked else "") + (bounded if limit is not None else "") + (f" of money going {way}" if way else "")
    if len(values) == 1:  # one row's value is its own average, total, highest and lowest
        return f"Only one row says {asked or 'that'}: {column} is {values[0][1][column]} (the row \"{shown(values[0][1])}\")."
    if combine in ("largest", "smallest"):
        value, row = (max if combine == "largest" else min)(values, key=lambda pair: pair[0])
        return f"The {'highest' if combine == 'largest' else 'lowest'} {column} {over} is {row[column].strip()}, in the row \"{shown(row)}\"."
    total = sum(value for value, _ in values)
    written = [row[column] for _, row in values]
    if combine == "total":
        return f"The total of {column} {over} is {money(total, written)}."
    average = total / len(values)
    # Whole figures' average keeps the decimals it has ("355.5"); amounts' is said as they are written.
    said = money(average, written) if any(re.search(r"[.,]\d{1,2}$", w.strip()) for w in written) else f"{average:,.4g}"
    return f"The average {column} {over} is {said} (their total {money(total, written)})."


def last_of_period(rows: list[dict[str, str]], column: str, months: set[int], asked: str) -> str | None:
    """The column's figure in the last row of the period asked, as a running balance is read "at the end of March": of
    the rows dated in the months asked (any, when it names none) the latest by date, else the last written (a
    statement lists its newest row first as often as last)."""
    def dates(row: dict[str, str]) -> list[tuple]:
        return sorted((year or 0, month, day) for year, month, day in dates_in(row_text(row))[0])

    in_period = [row for row in rows if not months or {month for _, month, _ in dates(row)} & months]
    filled = [(at, row) for at, row in enumerate(in_period) if cell_number(row.get(column, "")) is not None]
    period = " or ".join(MONTH_NAMES[month] for month in sorted(months))
    if not filled:
        return f"No row of the table is dated in {period}." if months and not in_period else None
    _, row = max(filled, key=lambda pair: (max(dates(pair[1]), default=(0, 0, 0)), pair[0]))
    of = f" of {period}" if months else f" of the rows that say {asked}" if asked else ""
    return f"{column} at the end{of} is {row[column].strip()}, in the row \"{shown(row)}\"."


def month_ranked(rows: list[dict[str, str]], numeric: list[str], what: str, combine: str, says: Callable[[str, set[str]], bool]) -> str | None:
    """Which month is highest or lowest in a table whose columns are months (a budget: a row per item, a column per
    month): the row that totals the rows the question's words pick, or else those rows added up, compared month
    by month; None when the columns are no months or the question asks no month."""
    months = [c for c in numeric if month_of(c)]
    if len(months) < 3 or combine not in ("largest", "smallest") or not WHICH_MONTH.search(what):
        return None
    picking = picking_words(rows, what, says)
    chosen = [row for row in rows if any(row.get(c, "").strip() for c in months)
              and all(says(t, terms(row_text(row))) for t in picking)]
    totalled = [row for row in chosen if any(terms(v) & TOTAL_WORDS for v in row.values() if cell_number(v) is None)]
    if not chosen:
        return None
    if totalled:
        figures = {c: cell_number(totalled[0].get(c, "")) or 0.0 for c in months}
        basis = f"the row \"{shown(totalled[0])}\""
    else:
        figures = {c: sum(cell_number(row.get(c, "")) or 0.0 for row in chosen) for c in months}
        basis = f"the {len(chosen)} rows" + (" that say " + ", ".join(sorted(picking)) if picking else "") + " added up"
    month = (max if combine == "largest" else min)(months, key=lambda c: figures[c])
    written = [row.get(c, "") for row in chosen for c in months if row.get(c, "").strip()]
    said = ", ".join(f"{c} {money(figures[c], written)}" for c in months)
    return f"Of its months, {month} is the {'highest' if combine == 'largest' else 'lowest'}: {money(figures[month], written)} ({said}; from {basis})."


# Whether one thing is so, asked of it ("have they paid", "is it paid yet", "whether she paid").
ASKED_WHETHER = re.compile(r"(?:\b(?:have|has|had|did|does|do|is|are|was|were)\s+(?:they|he|she|it|i|we|you)|\b(?:whether|if)\s+\w+)\s+(?:\w+\s+)?$")


def yes_or_no_asked(rows: list[dict[str, str]], what: str) -> list[tuple[str, bool]]:
    """The yes-or-no columns ("Paid?" of Y and N) that `what` names by their word, each with whether it asks their
    yes ("the paid ones") or their no ("unpaid", "not paid yet"): the rows are picked by the cell, which says
    neither word."""
    # Words in brackets are what the rest of a question is about ("who has berth 9? (fee, paid)"), no rows picked.
    lowered = re.sub(r"\([^()]*\)", " ", what.lower())
    prefixes = [p for p in NEGATING if not p.endswith(" ")]
    # "n't" ends a word of its own ("haven't"); the others are words.
    negating = "|".join(re.escape(p.strip()) if p.startswith("n'") else rf"\b{re.escape(p.strip())}" for p in NEGATING if p.endswith(" "))
    asked = []
    for column in columns_of(rows):
        cells = [row.get(column, "").strip().lower() for row in rows if row.get(column, "").strip()]
        named = terms(column)
        if not named or not set(cells) & YES_CELLS or not set(cells) & NO_CELLS or sum(c in YES_CELLS | NO_CELLS for c in cells) < 0.8 * len(cells):
            continue
        for word in re.finditer(r"[\w'-]+", lowered):
            bare = next((word.group()[len(p):] for p in prefixes if word.group().startswith(p) and terms(word.group()[len(p):]) & named), None)
            if bare is not None or terms(word.group()) & named:
                if ASKED_WHETHER.search(lowered[:word.start()]):
                    break  # "have they paid?": the cell asked of the row, not the rows picked by it
                said_not = re.search(rf"(?:{negating})(?:\s+(?:yet|been|be))*\s+$", lowered[:word.start()])
                asked.append((column, bare is None and not said_not))
                break
    return asked


def saying(wanted: set[str]) -> Callable[[str, set[str]], bool]:
    """Whether a text's terms say a question's term, itself or (a column, a row's word) in another language ("horas" for
    hours, "domicile" for home), each translated on its own (a question may say both: a French file's name), stemmed too."""
    said_as: dict[str, set[str]] = {}
    for foreign, source in (pair for term in wanted for pair in translations({term}, ALL_LANGUAGES).items()):
        said_as.setdefault(source, set()).update({foreign, *terms(foreign)})
    return lambda term, said: covers(term, said) or any(covers(foreign, said) for foreign in said_as.get(term, ()))


def picking_words(rows: list[dict[str, str]], what: str, says: Callable[[str, set[str]], bool]) -> set[str]:
    """The words of `what` that pick a table's rows: neither a combining, a column's name, nor a word about the
    table itself, which no row says ("the natural gas prices")."""
    named_columns = terms(" ".join(columns_of(rows)))
    picking = {t for t in terms(what) - COMBINING - ROW_WORDS - TABLE_WORDS - named_numbers(what) if not says(t, named_columns)}
    said_in_rows = [terms(row_text(row)) for row in rows]
    return {t for t in picking if any(says(t, said) for said in said_in_rows)}


def rows_picked_by(lines: list[str], question: str) -> bool:
    """Whether a question's words pick some of a table's rows and not others (a search may rank a man page's
    "March" above the log whose rows are the visits asked about), or name the column whose most frequent value it
    asks."""
    rows = table_rows(lines)
    says = saying(terms(question))
    said = [terms(row_text(row)) for row in rows]
    columns = columns_of(rows)
    # Which value a column says most often picks no rows: the column named is the table's ("which client ...").
    if len(rows) >= 2 and combine_asked(question, columns) == "mode":
        return any(says(t, terms(c)) for c in columns if c != "Sheet" for t in terms(question) - COMBINING)
    return len(rows) >= 2 and any(0 < sum(says(t, s) for s in said) < len(rows) for t in picking_words(rows, question, says))


def most_often(rows: list[dict[str, str]], column: str, numeric: list[str], over: str) -> str:
    """The value of `column` the rows say most often, how often, the next ones, and what that value's rows
    mostly say in the other columns of words ("for what")."""
    counted = Counter(row[column].strip() for row in rows if row.get(column, "").strip())
    if not counted:
        return f"No row says a {column}."
    (top, times), *others = counted.most_common(4)
    theirs = [row for row in rows if row.get(column, "").strip() == top]
    alike = []
    for other in columns_of(theirs):
        said = Counter(row[other].strip() for row in theirs if row.get(other, "").strip())
        value, count = said.most_common(1)[0] if said else ("", 0)
        if other not in (column, "Sheet") and other not in numeric and count > len(theirs) / 2 and not dates_in(value)[0]:
            alike.append(f"{other}: {value}")
    rest = "; then " + ", ".join(f"{value} ({count})" for value, count in others) if others else ""
    return (f"The {column} said most often{over} is {top}, in {times:,} rows{rest}."
            + (f" Its rows say {'; '.join(alike)}." if alike else ""))


def named_numbers(what: str) -> set[str]:
    """The numbers that are part of a name ("the 10-year yield", "top 5 percent"): they pick no row."""
    return {t for found in re.finditer(r"\b(\d+)[- ](?=[^\W\d_])", what) for t in terms(found.group(1))}


def row_asked(lines: list[str], question: str) -> tuple[str, str]:
    """A table's value for the year or month of a year a question asks, read in code: ("none", the span of years
    its rows run over) when a column dates the rows and no row is dated so; ("value", a sentence with the cell and
    its row) when one row is dated so and says the question's other words that such rows say, and one column is
    the one asked (named in the question, or the only one of figures); ("rows", "") otherwise."""
    rows = table_rows(lines)
    columns = columns_of(rows)
    # The column that dates the rows: its cells start with a year ("2008-09-01", "1968", "2017 (40)").
    dating = next((c for c in columns if sum(bool(ROW_YEAR.match(row.get(c, ""))) for row in rows) >= 0.8 * len(rows)), None)
    if len(rows) < 2 or dating is None:
        return "rows", ""
    months = months_named(question)
    years = set(YEAR.findall(question))
    asked = " and ".join(f"{MONTH_NAMES[month]} {year}" for year, month in sorted(months)) or " and ".join(sorted(years))
    cells = [row.get(dating, "") for row in rows]
    dated = [i for i, cell in enumerate(cells) if (months & dated_months(cell) if months else cell[:4] in years)]
    # A day asked ("on March 10, 2031") is the rows of that day, when some are dated so.
    days = {d for d in dates_in(question)[0] if None not in d}
    on_day = [i for i in dated if days & set(dates_in(cells[i])[0])]
    if on_day:
        dated = on_day
        asked = " and ".join(f"{MONTH_NAMES[m]} {d}, {y}" for y, m, d in sorted(days))
    if not dated:
        held = sorted(cell[:4] for cell in cells if ROW_YEAR.match(cell))
        return "none", f"no row for {asked}; its rows run from {held[0]} to {held[-1]}"
    said = [shown(row) for row in rows]
    saying = [terms(text) for text in said]
    wanted = terms(question) - {t for y in years for t in terms(y)} - named_numbers(question) - terms(" ".join(columns))
    # The question's words that some of those rows say and others do not pick among them ("Portugal").
    picking = {t for t in wanted if 0 < sum(covers(t, saying[i]) for i in dated) < len(dated)}
    # A name said in capitals alone ("the US") picks the rows that spell it out ("United States").
    spelled = [a for a in acronyms(question) if 0 < sum(says_acronym(a, said[i]) for i in dated) < len(dated)]
    kept = [i for i in dated if all(covers(t, saying[i]) for t in picking) and all(says_acronym(a, said[i]) for a in spelled)]
    if not kept or not picking:
        # What the question names ("Finland") is in rows of other dates, and in none of the date asked: no such row.
        subject = {t for t in wanted if 0 < sum(covers(t, own) for own in saying) < len(said)}
        of_subject = [i for i, own in enumerate(saying) if subject and all(covers(t, own) for t in subject)]
        if of_subject and not set(of_subject) & set(dated):
            held = sorted(cells[i][:4] for i in of_subject if ROW_YEAR.match(cells[i]))
            named = " ".join(dict.fromkeys(w for w in re.findall(r"\w[\w-]*", question) if terms(w) & subject))
            return "none", f"no row for {named} in {asked}; its rows for {named} run from {held[0]} to {held[-1]}"
    # A year asked, with no part of it named, is the row dated by the year alone ("2019"), not its quarters or months.
    whole_year = [i for i in kept if cells[i].strip() in years]
    if len(kept) > 1 and not months and not on_day and len(whole_year) == 1:
        kept = whole_year
    if len(kept) != 1:
        return "rows", ""
    row = rows[kept[0]]
    named = sorted((c for c in row if c != dating and terms(c) and terms(c) <= terms(question)), key=len, reverse=True)
    figures = [c for c in row if c != dating and cell_number(row[c]) is not None and not terms(c) & YEAR_WORDS]
    column = named[0] if named else figures[0] if len(figures) == 1 else ""
    if not column:
        return "rows", ""
    return "value", f"{column} for {asked} is {row[column]} (the row \"{said[kept[0]]}\")"


def combine_asked(what: str, columns: list[str]) -> str:
    """How `what` asks a table's rows combined (COMBINE_WORDS: "count", "average", ..., or "mode": which value
    most often), once the names of the table's columns it says are taken out ("the Top 5 percent in 1968" asks no
    highest) unless a column is named for the combining itself ("the total income": its Total column added up);
    '' when it asks none."""
    said = what
    for column in sorted(columns, key=len, reverse=True):
        if len(column) > 2:
            what = re.sub(rf"(?<!\w){re.escape(column)}(?!\w)", " ", what, flags=re.I)
    named = [c for c in columns if len(c) > 2 and re.search(rf"(?<!\w){re.escape(c)}(?!\w)", said, re.I)]
    if PERIOD_END.search(said) and not named:  # a running balance the question names in another language than its column
        says = saying(terms(said))
        named = [c for c in columns if any(says(t, terms(c)) for t in terms(said))]
    # Which value most often, which row changes most, the last of a period in a column the question names ("closing
    # balance": a statement whose closing balance is a line of its own, not a column, says it there), or a combining's word.
    asked = ("mode" if MOST_OFTEN.search(what) else "change" if CHANGED_MOST.search(what)
             else "last" if PERIOD_END.search(said) and (named or not columns)
             else next((name for name, words in COMBINE_WORDS if words.search(what)), ""))
    return asked or next((name for name, words in COMBINE_WORDS if any(words.fullmatch(c.strip()) for c in named)), "")


def table_count(lines: list[str], what: str) -> tuple[int, str, list[str]] | None:
    """A table's different values of the column `what` names ("countries": the Country column), or its rows when
    `what` names rows or the table itself; of the rows whose other column holds a word `what` says, when one does
    ("media types where type font": the rows whose Type is "font")."""
    rows = table_rows(lines)
    if len(rows) < 2:
        return None
    counted, _, condition = what.partition(" where ")
    wanted = terms(counted)
    columns = columns_of(rows)
    column = next((c for c in columns if terms(c) & wanted), None)
    if column is not None:
        # What is counted is a value of the column ("how many grown-ups", a column "Grown-up/Kid"): its rows are counted.
        named = {singular(w) for w in re.findall(r"[\w+.-]+", counted.lower())}
        of_value = [row for row in rows if singular(row.get(column, "").strip().lower()) in named]
        if 0 < len(of_value) < len(rows):
            picked, said = rows_where(of_value, condition, column)
            value = of_value[0][column].strip()
            return len(picked), f"{rows_word(picked)} where {column} is {value}{said.replace(' where ', ' and ', 1)}", few_shown(picked)
    picked, said = rows_where(rows, condition or counted, column)
    if column is None:
        if wanted & ROW_WORDS:
            return len(picked), f"{rows_word(picked)}{said}", few_shown(picked) if said else []
        return None
    values = list(dict.fromkeys(row[column].strip() for row in picked if row.get(column, "").strip()))
    return len(values), f"different values of {column}{said} (in {len(picked):,} of {len(rows):,} rows)" if said else \
        f"different values of {column} (in {len(rows):,} rows)", values


def rows_word(rows: list) -> str:
    return "row" if len(rows) == 1 else "rows"


def few_shown(rows: list[dict[str, str]]) -> list[str]:
    """A few rows picked, each whole: what a question that picks one row by its value asks next is what it says."""
    return [f'"{shown(row)}"' for row in rows] if len(rows) <= FEW_ROWS_SHOWN else []


def rows_where(rows: list[dict[str, str]], condition: str, counted: str | None) -> tuple[list[dict[str, str]], str]:
    """The rows the words of the condition are whole values of other columns in (some rows, not all; each word of its
    own column), and how a count says so (" where Type is font and Group is text"); all rows and '' when no word picks
    rows so."""
    picks = []
    for word in dict.fromkeys(w.lower() for w in re.findall(r"[\w+.-]+", condition) if len(w) > 1):
        for column in columns_of(rows):
            if column == counted:
                continue
            matching = [row for row in rows if row.get(column, "").strip().lower() == word]
            if 0 < len(matching) < len(rows):
                picks.append((column, word, matching))
    # Words that pick in different columns pick together ("adults who said yes"); one that picks in two is no pick.
    columns = [column for column, _, _ in picks]
    picks = [(column, word, matching) for column, word, matching in picks if columns.count(column) == 1
             and sum(w == word for _, w, _ in picks) == 1]
    if not picks:
        return rows, ""
    kept = [row for row in rows if all(row.get(column, "").strip().lower() == word for column, word, _ in picks)]
    return kept, " where " + " and ".join(f"{column} is {word}" for column, word, _ in picks)
