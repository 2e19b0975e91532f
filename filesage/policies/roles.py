"""The check of who-questions before an answer stands: a line that names several people each with a role ("Ada Lind
(chair), Bo Ek (treasurer)") answers "who is the treasurer" with the name beside that role, not the line's first."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..agent import prompts
from ..agent.decisions import Accept, Retry
from ..language.figures import dates_in
from ..language.glossary import term_of, translations
from ..language.lexicon import LANGUAGE_WORDS, QUESTION_WORDS, ROLE_ASKED
from ..language.names import proper_names
from ..language.text import covers, own_text, terms, words
from ..grounding.claims import says_not_found
from .reading import aboutness, found_lines, source_of

if TYPE_CHECKING:
    from ..agent.state import Turn

# The parts of a line that list people: "Ada Lind (chair), Bo Ek (treasurer); minutes: Cy Quarrendon".
PART_BREAK = re.compile(r"[,;]|\s+(?:and|og|und|och|en|et|y|e)\s+")
SHORT_WORDS = QUESTION_WORDS.union(*LANGUAGE_WORDS.values())


def newest_date(path: str) -> tuple:
    """The latest full date a file's name gives (year, month, day); () when it gives none."""
    return max(((year, month, day) for year, month, day in dates_in(path)[0] if year), default=())


def written_beside(part: str, name: str, role: set[str]) -> bool:
    """Whether a part of a line writes a word of the role next to the name, before or after it, with at most two words
    between them ("Bo Ek (Treasurer)", "Treasurer: Bo Ek", not "Bo Ek has stepped down as treasurer")."""
    tokens = [w.lower() for w in re.findall(r"[^\W_]+", part)]
    own = {w.lower() for w in re.findall(r"[^\W_]+", name)}
    named = [at for at, token in enumerate(tokens) if token in own]
    roles = [at for at, token in enumerate(tokens) if any(covers(term, terms(token)) for term in role)]
    return bool(named and roles) and any(min(abs(r - named[0]), abs(r - named[-1])) <= 3 for r in roles)


def the_person_a_role_names_is_answered(turn: "Turn", draft: str | None) -> Retry | None:
    """Asked who holds a role ("who is the treasurer?"), small models answer with the first name of the line that
    lists the board ("Ada Lind (chair), Bo Ek (treasurer), ..."), or with a name from another line. When the parts of
    the found lines that say the role (in the question's words or the folder's languages) name one person, and the
    draft does not name that person, it goes back with that line; a second such draft gives the name and the line.
    Of papers of several dates that name several holders, the newest paper's holder is the one."""
    asked = ROLE_ASKED.search(turn.question)
    if draft is None or asked is None or not turn.content_found or says_not_found(draft, ""):
        return None
    # "The orchestra treasurer": the role is its last word, and both words where a line says both ("vice president").
    languages = set(turn.languages())
    said_as = [own | {term_of(w) for w in translations(own, languages)} for own in map(terms, asked.group("role").split()) if own]
    role = said_as[-1] if said_as else set()
    held: dict[str, str] = {}
    whole: dict[str, str] = {}
    beside: set[str] = set()
    for line in (own_text(found) for found in found_lines(turn.content_found)):
        for part in PART_BREAK.split(line):
            said = terms(part)
            if not any(covers(term, said) for term in role):
                continue
            for name in proper_names(f"and {part}"):
                # The role written with a capital ("Kassereren Bo Ek", "Deputy Chair") is no part of the name.
                # Nor is a short word that opens the part ("The treasurer Bo Ek").
                kept = " ".join(w for w in name.split() if not any(covers(term, terms(w)) for forms in said_as for term in forms) and w.lower() not in SHORT_WORDS)
                if kept:
                    held.setdefault(kept, line)
                    if all(any(covers(term, said) for term in forms) for forms in said_as):
                        whole.setdefault(kept, line)
                    if written_beside(part, kept, role):
                        beside.add(kept)
    held = whole or held
    # A name with its role beside it ("Bo Ek (Treasurer)", "Treasurer: Bo Ek") holds it; one a sentence tells of it
    # ("Bo Ek has stepped down as treasurer") may not.
    held = {name: line for name, line in held.items() if name in beside} or held
    if len(held) > 1:
        # Papers of several dates name several holders (the minutes before an election and after it): the role is
        # whose the newest paper says, by the date its file's name gives.
        dated = {name: newest_date(source_of(turn.content_found, line)) for name, line in held.items()}
        latest = max(dated.values())
        if latest:
            held = {name: line for name, line in held.items() if dated[name] == latest}
    if len(held) != 1:
        return None
    (name, line), = held.items()
    if set(words(name)) <= set(words(draft)):
        return None
    role_said = asked.group("role")
    named = Accept(prompts.ROLE_NAMED.format(name=name, role=role_said, line=line))
    return Retry(prompts.ROLE_RETRY.format(role=role_said, line=line), [], answer_only=True, otherwise=named)


def the_person_asked_for_is_named_by_the_line_about_it(turn: "Turn", draft: str | None) -> Retry | None:
    """Asked who did something ("who got credit for the port?", "who spotted it?"), small models answer with a
    name from another line of the results: the first of a list of contributors, the proposer of another motion. When
    the found line most about the question names people and the draft names none of them, while the lines that name
    the draft's person are less about the question, the draft goes back with that line; a second such draft gives
    the line. (A role asked, "who is the treasurer", is the_person_a_role_names_is_answered's.)"""
    if draft is None or not turn.content_found or not WHO_ASKED.match(turn.question) or ROLE_ASKED.search(turn.question) or says_not_found(draft, ""):
        return None
    # A name of the question's own words, stemmed so that its spelling does not matter ("licence" names "License").
    asked = terms(turn.question)
    named = [name for name in proper_names(draft) if not terms(name) <= asked]
    every = [own_text(line) for line in found_lines(turn.content_found)]
    naming = [line for line in every if [name for name in proper_names(line) if not terms(name) <= asked]]
    if not named or not naming:
        return None
    about = aboutness(turn.question, every)
    best = max(naming, key=about)
    wanted = asked - terms(" ".join(QUESTION_WORDS))
    drafted = [line for line in every if line != best and any(set(words(name)) <= set(words(line)) for name in named)]
    # The line and the name of the file it is in say what the question asks ("Copyright (c) ..." in a LICENSE file).
    if len((terms(best) | terms(source_of(turn.content_found, best))) & wanted) < 2 or any(about(line) >= about(best) for line in drafted):
        return None
    # Of a line that names several people ("I thank A for the port and B for testing it"), the part that says what this
    # question asks in its own words (the words added to a lookup in brackets are what it is about, not what it asks).
    # What is asked is the question's word after "who" ("who tested the port?": testing), then its other own words.
    core = re.sub(r"(?:\s*\([^()]*\))+\s*$", "", turn.question)
    done = ASKED_DEED.match(core)
    own = terms(core) - terms(" ".join(QUESTION_WORDS))
    deed = terms(done.group(1)) if done else set()
    def fit(part: str) -> tuple[bool, int]:
        return any(covers(t, terms(part)) for t in deed), len(terms(part) & own)

    parts = sorted((part for part in PART_BREAK.split(best) if proper_names(part)), key=fit, reverse=True)
    line = parts[0] if len(parts) > 1 and fit(parts[0]) > fit(parts[1]) else best
    if any(set(words(name)) <= set(words(line)) for name in named):
        return None
    return Retry(prompts.PERSON_RETRY.format(line=line.strip()), [], answer_only=True, otherwise=Accept(prompts.QUOTED_LINE.format(line=best)))


# The deed a who-question asks of someone: its word after "who" and any helping verb ("who is thanked", "who did the port").
ASKED_DEED = re.compile(r"\W*(?:(?:and|so|then)\s+)?(?:who|whom)\s+(?:(?:is|was|are|were|did|does|do|has|have|had|got|gets|get)\s+)*(?:the\s+|a\s+|an\s+)?([\w'-]+)", re.I)
# "Who ...", "and who ...", "whom did ...": a person asked for.
WHO_ASKED = re.compile(r"\W*(?:(?:and|so|then)\s+)?(?:who|whom)\b", re.I)
