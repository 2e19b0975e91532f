"""The check of how-much-did-it-change questions before an answer stands: a found line that states a change from one
figure to another ("the fee rises from €80 to €92") gives its size or its percentage computed in code."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..agent import prompts
from ..agent.decisions import Accept
from ..agent.planner import value_of
from ..grounding.claims import claims
from ..language.figures import MONEY, SIGN, currency_of, currency_written, money
from ..language.lexicon import MONTHS, MORE_THAN, PERCENT_ASKED, PERCENT_SHARE, YEAR, alternatives
from ..language.text import own_text
from .reading import aboutness, found_lines

if TYPE_CHECKING:
    from ..agent.state import Turn

# "from €80 to €92", "from 4.5% to 5%": two figures of one kind, a currency or a percent sign the same on both sides
# (a date's day before its month, "from 1 July to 30 June", is no figure changing).
FIGURE = rf"{SIGN}?\s?\d[\d.,\u00a0 ]*\d%?|{SIGN}?\d%?"
FROM_TO = re.compile(rf"\bfrom\s+(?P<first>{FIGURE})\s+(?:up |down )?to\s+(?P<second>{FIGURE})(?![\w/.-]*\d)(?!\s*(?:{alternatives(MONTHS)})\b)", re.I)


def gives(draft: str, figure: str) -> bool:
    """The draft states the figure worked out here: the model got it right."""
    return bool({c.key for c in claims(figure)} & {c.key for c in claims(draft)}) or figure in draft


def a_change_a_line_states_is_computed_in_code(turn: "Turn", draft: str | None) -> Accept | None:
    """Asked by how much or by what percentage something changes ("how many percent does the rent go up?"), small
    models work out the change from the line that states it ("rises from €80 to €92") wrongly (13% for 15%), or
    quote the line and leave the arithmetic to the reader. When the found line most about the question states a
    change from one figure to another of one kind, a draft without that change gets it computed here, with the line.
    Asked by how much (not by what percentage) with no such line, a draft whose difference the results do not state
    gets the difference of the two amounts most about the question (`two_amounts_apart`)."""
    question = turn.question
    percent = bool(PERCENT_ASKED.search(question)) and not PERCENT_SHARE.search(question)
    if draft is None or not turn.content_found or not (percent or MORE_THAN.search(question)):
        return None
    lines = found_lines(turn.content_found)
    changing = [line for line in lines if FROM_TO.search(own_text(line))]
    if not changing:
        return None if percent else two_amounts_apart(turn, draft, lines)
    line = max(changing, key=aboutness(question, lines))
    match = FROM_TO.search(own_text(line))
    first, second = match.group("first").strip(), match.group("second").strip()
    before, after = value_of(first), value_of(second)
    if before is None or after is None or first.endswith("%") != second.endswith("%") or currency_written(first).strip() not in ("", currency_written(second).strip()):
        return None
    if before == after or (percent and not before) or all(YEAR.fullmatch(figure) for figure in (first, second)):
        return None  # no change, or a span of years ("grew from 2030 to 2031 by ...")
    change = (after - before) / before * 100 if percent else abs(after - before)
    figure = f"{abs(change):.1f}".removesuffix(".0") + "%" if percent else money(change, [first, second])
    if gives(draft, figure):
        return None
    way = "rises" if after > before else "falls"
    said = own_text(line)
    return Accept(prompts.CHANGE_COMPUTED.format(way=way, figure=figure, first=first, second=second, line=said))


def two_amounts_apart(turn: "Turn", draft: str, lines: list[str]) -> Accept | None:
    """By how much one amount exceeds another, when the model's draft gives a difference the results do not state
    (an arithmetic slip: "$8,10.55"): the two lines most about the question that each give one amount of one
    currency, of different values, and the difference between them computed here, with both lines."""
    stated = {c.key for line in lines for c in claims(line)}
    if not any(c.kind == "number" and c.key not in stated for c in claims(draft)):
        return None  # the draft's figures are the files' own: no difference of its making to check
    priced = [(line, amounts[0]) for line in dict.fromkeys(lines) for amounts in [MONEY.findall(own_text(line))] if len(amounts) == 1]
    about = aboutness(turn.question, lines)
    ranked = sorted(priced, key=lambda pair: -about(pair[0]))
    if len(ranked) < 2:
        return None
    first_line, first = ranked[0]
    second_line, second = next(((line, amount) for line, amount in ranked[1:] if value_of(amount) != value_of(first)), ("", ""))
    if not second or currency_of(first) != currency_of(second):
        return None  # no second amount, or one of another currency
    before, after = value_of(first), value_of(second)
    if before is None or after is None or not about(second_line):
        return None
    apart = money(abs(after - before), [first, second])
    if gives(draft, apart):
        return None
    return Accept(prompts.APART_COMPUTED.format(figure=apart, first=own_text(first_line), second=own_text(second_line)))
