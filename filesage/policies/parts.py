"""The check that every thing a question asks for is answered: "what's the fee and the deadline?" answered with the fee
alone is half an answer, though every figure it gives is right."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..agent import prompts
from ..agent.decisions import Accept, Retry
from ..grounding.claims import claims, says_not_found
from ..language.lexicon import THINGS_ASKED
from ..language.text import covers, own_text, terms
from .reading import aboutness, found_lines

if TYPE_CHECKING:
    from ..agent.state import Turn


def every_thing_asked_is_answered(turn: "Turn", draft: str | None) -> Retry | None:
    """Asked for two things in one breath ("what's the fee and the deadline?", "what are the deposit and the rent?"),
    small models answer one and leave the other out. When the draft does not say one of the things asked, and a found
    line that says it gives a figure, the draft goes back with that line; a second such draft has the line added."""
    asked = THINGS_ASKED.search(turn.question)
    if draft is None or asked is None or not turn.content_found or says_not_found(draft, ""):
        return None
    lines = [own_text(line) for line in found_lines(turn.content_found)]
    about = aboutness(turn.question, lines)
    said = terms(draft)
    for thing in (asked.group("first"), asked.group("second")):
        wanted = terms(thing)
        if not wanted or all(any(covers(t, {s}) for s in said) for t in wanted):
            continue
        giving = [line for line in lines if wanted <= terms(line) and any(c.kind in ("number", "date") for c in claims(line))]
        if giving:
            line = max(giving, key=about)
            return Retry(prompts.ALSO_ASKED_RETRY.format(thing=thing, line=line), [], answer_only=True,
                         otherwise=Accept(f"{draft}\n{prompts.ALSO_ASKED_LINE.format(thing=thing[:1].upper() + thing[1:], line=line)}"))
    return None
