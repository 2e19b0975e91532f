"""The checks that every thing a question asks for is answered ("what's the fee and the deadline?" answered with the fee
alone is half an answer, though every figure it gives is right), and that what it asks about is what the answer's
documents are about."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..agent import prompts
from ..agent.decisions import Accept, Retry
import re

from ..grounding.claims import MARKER, claims, says_not_found
from ..language.glossary import BEFORE_TAX, synonyms, term_of, translations
from ..language.lexicon import THINGS_ASKED
from ..language.names import asked_in_another_language
from ..language.question import subject_words
from ..language.text import own_text, terms, words as words_of
from ..tools.registry import CONTENT_TOOLS
from .reading import aboutness, found_lines, names_in, what_was_searched

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


# What a question names as the thing it is about: a word after an article or an owner ("a minibus", "the receipt for"),
# or of two, the first, which says which of the kind the second names ("the photographer quote", "the use-after-free bug").
NAMED_THING = re.compile(r"\b(?:the|a|an|my|our|his|her|its|their|this|that|(?!(?:what|where|who|how|when|which|that|it|there|here|he|she)'s)[\w-]+'s)"
                         r"\s+([\w-]+)(?:\s+([\w-]+))?", re.I)


def things_named(question: str) -> set[str]:
    """The words of a question that name what it is about: its names (not those in capitals, which may stand for
    words a file writes out: "UK"), and the words NAMED_THING picks."""
    subject = set(subject_words(question))
    capitals = {w.lower() for w in re.findall(r"\b[A-Z]{2,}\b", question)}
    # The English words that come before a thing ("the", "a", "my") say nothing in a question asked in another
    # language: "a fait" is French for "has made".
    picked = set() if asked_in_another_language(question) else {first.lower() for first, _ in NAMED_THING.findall(question)}
    return ((names_in(question) - capitals) | picked) & subject


FEW_FILES = 2


GLOSSED = re.compile(r"(?P<name>(?:[^\W\d_][\w'-]*\s+){1,3})\((?P<gloss>[^()]{1,40})\)")


def what_is_asked_about_is_what_the_answer_is_from(turn: "Turn", draft: str | None) -> Accept | None:
    """Asked about something the folder has nothing on, though another file names it (the photographer's quote where
    only the committee's notes mention a photographer, the resolution to buy a minibus where only a plan mentions one),
    a search brings the closest document, and small models give its figure or its name: the caterer's quote, the
    seconder of another resolution. When a thing the question names is said by none of the documents the draft rests
    on (in no form, in no word of the same meaning, nor in their paths), though some other file says it, they are about
    something else: the answer says that nothing found is about it. Only a thing few files name counts: what many name (an
    author, a bug) a document may be about without saying the word. A follow-up's words come partly from the
    conversation, and are left to the checks of what it points back at."""
    if draft is None or turn.history or not turn.content_found or turn.said_in_files is None or turn.files_saying is None or turn.tree is None \
            or says_not_found(draft, ""):
        return None
    # The documents the draft cites, else every document a search of what the files say returned.
    numbers = {int(n) for n in MARKER.findall(draft)}
    cited = list(dict.fromkeys(s.path for s in turn.citations.sources if s.number in numbers or not numbers and s.tool in CONTENT_TOOLS))
    if not cited:
        return None
    place = terms(" ".join(cited))
    languages = set(turn.languages())

    def said_there(word: str) -> bool:
        other = {*synonyms({term_of(word)}), *translations({term_of(word)}, languages)}
        return any(turn.said_in_files(form, cited) for form in (word, *other))

    # A word many files say names a kind of thing any document may have without saying it (an author, a bug); one that
    # few do (one in twenty at most) names the thing itself.
    few = max(FEW_FILES, len(turn.tree.entries) // 20)
    # A name of words joined ("rate-tables") is the place's when its every word is: the folder searched, no thing in it.
    unsaid = [w for w in things_named(turn.question) if term_of(w) not in place and not terms(w) <= place
              and 0 < turn.files_saying(w) <= few and not said_there(w)]
    # A thing named twice, the second time in brackets ("the bond (caution)"), is said where either name is.
    glossed = {w for m in GLOSSED.finditer(turn.question) if any(said_there(g) for g in words_of(m.group("gloss"))) for w in words_of(m.group("name"))}
    unsaid = [w for w in unsaid if w.lower() not in glossed]
    if not unsaid:
        return None
    words = " or ".join(f"'{w}'" for w in sorted(unsaid))
    return Accept(prompts.NOT_ABOUT_IT.format(words=words, files=", ".join(cited), searched=what_was_searched(turn)), as_written=True)
