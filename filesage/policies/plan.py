"""The policy before the loop: whether a question may need more than one look, or lean on the conversation
before it, so that the model is asked for a plan (agent/planner.py) before anything is looked up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..language.filters import read_question
from ..language.lexicon import (
    ADDED_UP,
    COMBINE_WORDS,
    COMPARED,
    COUNT,
    DAYS_APART,
    EVERY_ONE,
    FIND_THEN_READ,
    MORE_THAN,
    PERCENT_ASKED,
    REFERS_BACK,
    TREE,
    TWO_QUESTIONS,
)
from ..language.question import (
    asked_phrases,
    asks_file_facts,
    asks_what_files_say,
    combines_in,
)
from ..language.text import words

if TYPE_CHECKING:
    from ..tools.toolbox import Toolbox


def several_looks_are_planned(question: str, history: list[dict], tree: "Toolbox | None") -> bool:
    """A small model makes one call for a question that needs two looks and some arithmetic (two figures to add
    or compare, a fact about each of several things, a file to find and then read) and then answers from the
    first result, making up the rest; and it searches for the words of a follow-up ("when did she join?") as if
    they stood alone. Questions with two parts, a comparison, figures of several things added up, a file to find
    first, arithmetic between two things (days apart, a change in percent, how many more), or a follow-up leaning on
    the question before, are planned by the model first."""
    # Questions about the files themselves (which, how many, the tree) are answered exactly by one tool each,
    # follow-ups among them ("and the oldest of those?") by the tools' own reading of the conversation; a type,
    # a rank or a count that is part of what a document says ("which rust releases", "how many days") is not one.
    if (DAYS_APART.search(question) or PERCENT_ASKED.search(question) or MORE_THAN.search(question)) and not asks_file_facts(question):
        # Days between two dates, a change in percent, how many more: two figures a document says, though the
        # question counts ("how many days") or names a file on the way; a file's own size or date is the tools'.
        return True
    if EVERY_ONE.search(question) and "total" in combines_in(question, tree.name_words() if tree is not None else set()):
        # Every receipt, each with its total and what they add up to: one look that reads them all (each_file).
        return False
    if sum(1 for phrase in asked_phrases(question) if COUNT.search(" ".join(phrase))) >= 2:
        # Two counts ("how many files, and how many of them are X") are two tool calls; a count and a rank
        # ("the largest of them") are one listing that says both.
        return True
    asked = read_question(question)
    about_files = (asked.order or asked.counting or asked.filters() or TREE.search(question)) and not FIND_THEN_READ.search(question)
    if about_files and not asks_what_files_say(question, tree.name_words() if tree is not None else set()):
        return False
    if history and REFERS_BACK.search(question) and any(name in ("largest", "smallest", "average") and said.search(question) for name, said in COMBINE_WORDS):
        # The largest, smallest or average of the things of the turn before ("which of those cost most?") is one look
        # over the same files (each_file, the conversation's filters kept), not a sum of totals the model plans.
        return False
    if history and (REFERS_BACK.search(question) or len(words(question)) <= 4):
        return True
    if FIND_THEN_READ.search(question):
        return True
    return bool(TWO_QUESTIONS.search(question.strip()) or COMPARED.search(question) or ADDED_UP.search(question))
