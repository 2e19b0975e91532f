"""Policies on a follow-up's first call ("and who signed it?", "which are they?"): it is about what the conversation
was about, which its own words leave out. Each docstring names the kind of small-model failure it handles."""

from __future__ import annotations

import re

from ..agent.state import Turn
from ..language.lexicon import FILE_ASPECTS
from ..language.question import asked_again_for
from ..language.text import terms
from ..llm.parser import ToolCall
from .reading import conversation_subject, leans_back, previous_question, scoped, sources_before
from .router import carry_over


def follow_ups_keep_the_file_type(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """A follow-up ("which are they?", "list them", "and the oldest?") refers to the files of the question
    before; small models drop that question's file type, folder or kind of file from the call."""
    if call is None:
        return None
    kept = carry_over(call, turn.question, previous_question(turn), turn.folders(), turn.tree_words())
    return kept if kept is not call else None


def follow_up_searches_keep_what_came_before(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """A follow-up ("and who signed it?", "what's her e-mail?", "arrival?") leaves out what it is about; small models
    search for its words alone and find any due date or any e-mail address. A search for a question that refers back
    gets what the conversation was about that this one lacks: the words of the questions before it, back to the last
    one that stood on its own (a follow-up of a follow-up is still about the first), and the names the last answer
    opens with ("her" is the landlord that answer named)."""
    previous = previous_question(turn)
    if call is None or call.name != "semantic_search" or not previous or not leans_back(turn.question):
        return None
    query = str(call.arguments.get("query", ""))
    have = terms(query) | terms(turn.question)
    added = [w for w in conversation_subject(turn.history) if terms(w) and not terms(w) <= have and not FILE_ASPECTS.fullmatch(w)]
    return ToolCall("semantic_search", {**call.arguments, "query": f"{query} {' '.join(dict.fromkeys(added))}".strip()}) if added else None


def follow_ups_look_where_the_answer_before_was_found(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """A follow-up ("what's her e-mail?", "by when?") is about the document the answer before
    came from, and small models search every file for its words: another person's e-mail, another release's date,
    another task's deadline. When the answer before names its sources (the chat keeps them; `--history` turns may
    carry them as `--json` prints them), a follow-up's search looks in those files first (the searcher goes on to
    every file when they say nothing about it). A scope the model chose other than those files stands only when the
    follow-up's own words name a file or folder: "and when was it due?" kept to the files named "invoice" missed
    the invoice before, which its name calls by its number alone."""
    if call is None or call.name != "semantic_search":
        return None
    # A question asked again for another year or month ("and the April one?"), or of another thing of the kind ("and the
    # bakery one?"), is about another document.
    as_written = turn.as_written or turn.question
    if not leans_back(as_written) or asked_again_for(as_written, previous_question(turn)) or ANOTHER_ONE.search(as_written) or turn.tree is None:
        return None
    paths = sources_before(turn)
    if not paths or len(paths) > MAX_SOURCES_LOOKED_IN:
        return None
    known = {e.path for e in turn.tree.entries}
    paths = [path for path in paths if path in known]
    within = str(call.arguments.get("within", ""))
    # A scope the model chose that holds those files and others too (their program's folder) is narrowed to them.
    if within.strip() and (scoped(turn, within) <= set(paths) or turn.tree.named_in(as_written)):
        return None
    return ToolCall("semantic_search", {**call.arguments, "within": ",".join(paths)}) if paths else None


MAX_SOURCES_LOOKED_IN = 4
# "The bakery one", "the water ones": another thing of the kind the conversation was about.
ANOTHER_ONE = re.compile(r"\bthe\s+(?!same\b|first\b|last\b|next\b|previous\b|latest\b|newest\b|oldest\b)[\w'-]+(?:\s+[\w'-]+)?\s+ones?\b", re.I)
