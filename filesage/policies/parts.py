"""The check that every thing a question asks for is answered: "what's the fee and the deadline?" answered with the fee
alone is half an answer, though every figure it gives is right."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..agent import prompts
from ..agent.decisions import Accept, Retry
from ..grounding.claims import claims, says_not_found
from ..language.glossary import BEFORE_TAX
from ..language.lexicon import THINGS_ASKED
from ..language.text import own_text, terms
from .reading import aboutness, found_lines

if TYPE_CHECKING:
    from ..agent.state import Turn


def every_thing_asked_is_answered(turn: "Turn", draft: str | None) -> Retry | None:
    """Asked for two things in one breath ("what's the fee and the deadline?", "what are the deposit and the rent?"),
    small models answer one and leave the other out, or name both words and give one figure ("the total including
    the fee"). When the draft gives no figure of the found line that says one of the things asked (of the lines that
    say it, one that does not say the other), the draft goes back with that line; a second such draft has it added."""
    asked = THINGS_ASKED.search(turn.question)
    if draft is None or asked is None or not turn.content_found or says_not_found(draft, ""):
        return None
    # A line is about what its headings say ("pan-max › Default value: 900"); its figures are its own text's.
    lines = list(dict.fromkeys(found_lines(turn.content_found)))
    figures = {line: {c.key for c in claims(own_text(line)) if c.kind in ("number", "date")} for line in lines}
    about = aboutness(turn.question, lines)
    stated = {c.key for c in claims(draft)}
    things = (asked.group("first"), asked.group("second"))
    for thing, other in (things, things[::-1]):
        wanted = terms(thing)
        giving = [line for line in lines if wanted and wanted <= terms(line) and figures[line]]
        # The line of the thing itself, not one that says it of the other ("Total (incl. VAT)" is the total's), nor one
        # of what comes before it ("net of VAT: ...").
        giving = [line for line in giving if not terms(other) & terms(line)] or giving
        giving = [line for line in giving if not terms(line) & BEFORE_TAX] or giving
        if not giving or any(figures[line] & stated for line in giving):
            continue
        # The line it labels ("VAT @ 15%: ..."), before one that mentions it on the way ("Tel ... · VAT No. ...").
        line = max(giving, key=lambda line: (bool(wanted & terms(" ".join(line.split()[:3]))), about(line)))
        return Retry(prompts.ALSO_ASKED_RETRY.format(thing=thing, line=line), [], answer_only=True,
                     otherwise=Accept(f"{draft}\n{prompts.ALSO_ASKED_LINE.format(thing=thing[:1].upper() + thing[1:], line=line)}"))
    return None
