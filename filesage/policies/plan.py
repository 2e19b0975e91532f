"""The policies before the loop: whether a question may need more than one look, or lean on the conversation
before it, so that the model is asked for a plan (agent/planner.py) before anything is looked up; and the checks of
the plan the model wrote, before it is followed."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from ..agent.decisions import NO_PLAN, NoPlan
from ..agent.planner import Found, Lookup, Plan, answer_before, figure_of
from ..agent.prompts import PLAN_SYSTEM
from ..language.figures import CODE, MONTH_NAMES, months_named
from ..language.filters import read_question
from ..language.lexicon import (
    ADDED_UP,
    ASKINGS_PART,
    CHOSEN_BY,
    COMBINE_WORDS,
    COMPARED,
    COMPARED_QUANTITY,
    COUNT,
    COUNT_AND_TOTAL,
    DAYS_APART,
    DUPLICATES_ASKED,
    LEADING_FRAME,
    LESSER,
    EVERY_ONE,
    FIND_THEN_READ,
    MORE_THAN,
    MOST_OFTEN,
    PERCENT_ASKED,
    PERCENT_SHARE,
    REFERS_BACK,
    REMAINDER,
    THAT_TIME,
    TIMES_ASKED,
    TREE,
    TWO_QUESTIONS,
    YEAR,
)
from ..language.question import (
    asked_phrases,
    asked_again_for,
    asks_both_kinds,
    asks_file_facts,
    asks_what_files_say,
    combines_asked_for,
    combines_in,
    subject_words,
)
from ..language.names import proper_names
from ..language.text import singular, terms
from .reading import leans_back

if TYPE_CHECKING:
    from ..tools.toolbox import Toolbox


# The words of the planning prompt's examples that say a thing (a roof, a mooring), not how to ask about one.
EXAMPLE_TERMS = {t for t in terms(" ".join(line.partition(" -> ")[0] for line in PLAN_SYSTEM.splitlines() if " -> " in line)) if not t.isdigit()} - terms(
    "what when which who how did does is the cost costs together dearer much first many days after before percent go up from open tell me "
    "its conclusion newest number phone a month charge her user assistant came contact contract order report bill water meet arrive deposit service")


TOTAL_ASKED = terms("total totals")


def several_looks_are_planned(question: str, history: list[dict], tree: "Toolbox | None") -> bool:
    """A small model makes one call for a question that needs two looks and some arithmetic (two figures to add
    or compare, a fact about each of several things, a file to find and then read) and then answers from the
    first result, making up the rest (a count of files given, the licence asked beside it left out); and it searches for the words of a follow-up ("when did she join?") as if
    they stood alone. Questions with two parts, a comparison, figures of several things added up, a file to find
    first, arithmetic between two things (days apart, a change in percent, how many more), or a follow-up leaning on
    the question before, are planned by the model first."""
    # Questions about the files themselves (which, how many, the tree) are answered exactly by one tool each,
    # follow-ups among them ("and the oldest of those?") by the tools' own reading of the conversation; a type,
    # a rank or a count that is part of what a document says ("which rust releases", "how many days") is not one.
    previous = next((str(t.get("content", "")) for t in reversed(history) if t.get("role") == "user"), "")
    if history and asked_again_for(question, previous):
        # "And a year earlier?", "and the April one?": the question before, for another year or month, is one look, rewritten as that question.
        return False
    if (DAYS_APART.search(question) or PERCENT_ASKED.search(question) or TIMES_ASKED.search(question) or MORE_THAN.search(question) or REMAINDER.search(question)) \
            and not asks_file_facts(question):
        # Days between two dates, a change in percent or in times, how many more, what is left: two figures a document says, though the
        # question counts ("how many days") or names a file on the way; a file's own size or date is the tools'.
        return True
    if COUNT_AND_TOTAL.search(question):
        # A count of things and their amounts added up: one look.
        return False
    if EVERY_ONE.search(question) and "total" in combines_in(question, tree.name_words() if tree is not None else set()):
        # Every receipt, each with its total and what they add up to: one look that reads them all (each_file).
        return False
    if sum(1 for phrase in asked_phrases(question) if COUNT.search(" ".join(phrase))) >= 2:
        # Two counts ("how many files, and how many of them are X") are two tool calls; a count and a rank
        # ("the largest of them") are one listing that says both.
        return True
    asked = read_question(question)
    about_files = (asked.order or asked.counting or asked.filters() or TREE.search(question) or DUPLICATES_ASKED.search(question)) and not FIND_THEN_READ.search(question)
    tree_words = tree.name_words() if tree is not None else set()
    if about_files and not asks_what_files_say(question, tree_words):
        # A count or a listing asked beside what a document says ("how many files, and what licence"): two looks.
        return asks_both_kinds(question, tree_words)
    if history and REFERS_BACK.search(question) and any(name in ("largest", "smallest", "average") and said.search(question) for name, said in COMBINE_WORDS):
        # The largest, smallest or average of the things of the turn before ("which of those cost most?") is one look
        # over the same files (each_file, the conversation's filters kept), not a sum of totals the model plans.
        return False
    if MOST_OFTEN.search(question):
        # Which value a table says most often, and what its rows say ("for what"), is one look over the table in code.
        return False
    if one_ranked_with_its_details(question) and not FIND_THEN_READ.search(question):
        # "Which member pays the highest fee, and since when is she one?": the row ranked first says the rest; one look.
        return False
    if history and leans_back(question):
        return True
    if FIND_THEN_READ.search(question):
        return True
    return bool(TWO_QUESTIONS.search(question.strip()) or COMPARED.search(question) or ADDED_UP.search(question))


def one_ranked_with_its_details(question: str) -> bool:
    """"Which X ... the most/highest ..., and what/who/how much ... it/its/they ...": one thing ranked among
    several, then asked about by pointing back at it. Its row (or its line) says both."""
    parts = [part for part in ASKINGS_PART.split(question.strip()) if part and part.strip()]
    ranked = any(said.search(parts[0]) for name, said in COMBINE_WORDS if name in ("largest", "smallest")) if parts else False
    return len(parts) >= 2 and ranked and bool(re.match(r"\W*which\b", parts[0], re.I)) and all(REFERS_BACK.search(part) for part in parts[1:])


def a_share_of_one_thing_is_one_look(plan: Plan, question: str, history: list[dict], tree: "Toolbox | None") -> Plan | None:
    """Asked what share of a measure one thing got ("what share of the catch did the north boats land?"), small models plan
    that thing twice ("north boats", "north boats catch"), find no part and whole to divide, and say they could not work it
    out, where the document states the share itself. A share asked whose two lookups are of one thing (one's label
    says nothing the other's does not) is one look at the question as written."""
    if len(plan.lookups) != 2 or not PERCENT_SHARE.search(question):
        return None
    first, second = (terms(lookup.label) for lookup in plan.lookups)
    if not first or not second or not (first <= second or second <= first):
        return None
    return replace(plan, lookups=[Lookup(plan.question, plan.lookups[0].label)], combine="none")


def arithmetic_only_where_the_question_asks_it(plan: Plan, question: str, history: list[dict], tree: "Toolbox | None") -> Plan | None:
    """Small models give a plan a way of combining its lookups that the question never asks for: the "difference"
    between a setting's new value and the reason it changed ("they are the same"), a figure and a person subtracted,
    a sum of a size and a rate. The combination stands only where the question's words ask for it (together, how
    much more, which is cheaper, which came first, the newest one then read), and a sum only where no lookup asks a
    total itself (a bill's total beside one of its lines); otherwise each lookup is answered and said as it is."""
    # A lookup that asks for a total beside one that does not (a line of one bill, then "and its total?") asks the
    # document's own total; nothing to add it to. The totals of two bills are added.
    asking = [bool(terms(f"{lookup.ask} {lookup.label}") & TOTAL_ASKED) for lookup in plan.lookups]
    totalled = plan.combine == "sum" and any(asking) and not all(asking)
    # A rank one lookup asks itself ("which member has the highest code", beside "how many members are listed") is
    # that lookup's to answer from its own rows; its figure and the other's count are not ranked against each other.
    ranking = [plan.combine in combines_asked_for(lookup.ask) for lookup in plan.lookups]
    own_rank = plan.combine in ("larger", "smaller", "later", "earlier") and any(ranking) and not all(ranking)
    if plan.combine in combines_asked_for(question) and not totalled and not own_rank:
        return None
    return replace(plan, combine="none")


def a_choice_between_two_is_made(plan: Plan, question: str, history: list[dict], tree: "Toolbox | None") -> Plan | None:
    """Asked which of two things is higher or cheaper ("was the fee higher for A or B, and what were they?"), small
    models plan the two lookups and no combination, and the answer says both figures and never which is the one
    asked. A plan of two lookups that combines nothing, for a question that asks such a choice, picks the larger or
    the smaller as its word says, in code."""
    chosen = CHOSEN_BY.search(question)
    if plan.combine != "none" or len(plan.lookups) != 2 or not chosen:
        return None
    return replace(plan, combine="smaller" if chosen.group(1).lower() in LESSER else "larger")


def a_file_found_by_rank_is_then_read(plan: Plan, question: str, history: list[dict], tree: "Toolbox | None") -> Plan | None:
    """Asked what the newest, largest or oldest file of a kind says ("who wrote the most recent report?"), a small
    model plans a listing and then a second lookup that asks the listing again, and each part is answered with the
    file's name and date. When the question picks a file by its rank and then asks what it says, and one lookup
    ranks files, the plan is that lookup first, then the other read in the file it picks."""
    if plan.combine == "read_the_file" or len(plan.lookups) != 2 or not FIND_THEN_READ.search(question):
        return None
    tree_words = tree.name_words() if tree is not None else set()
    # The reading may say the rank again ("who wrote the newest report?"); the listing asks nothing else.
    ranks = [bool(read_question(lookup.ask).order) for lookup in plan.lookups]
    reads = [bool(FIND_THEN_READ.search(lookup.ask)) or (asks_what_files_say(lookup.ask, tree_words) and not ranked)
             for lookup, ranked in zip(plan.lookups, ranks)]
    lists = [ranked and not read for ranked, read in zip(ranks, reads)]
    if reads.count(True) != 1 or True not in lists:
        return None
    return replace(plan, lookups=[plan.lookups[lists.index(True)], plan.lookups[reads.index(True)]], combine="read_the_file")


def plans_name_only_what_was_said(plan: Plan, question: str, history: list[dict], tree: "Toolbox | None") -> NoPlan | None:
    """A small model fills the gap of a follow-up ("when are her classes?") with a name from the prompt's examples
    or its memory, or with the thing of an example ("and the deposit?" becomes the deposit of the example's
    contract), and the lookups then search for someone or something no file or turn mentions. A plan that names a
    person, place or thing (a word written with a capital), or says a word of the prompt's examples, that neither
    the question nor the conversation says is not followed: the question goes to the loop as asked, with the
    conversation."""
    said = " ".join([question, *(str(t.get("content", "")) for t in history)]).lower()
    written = ". ".join([plan.question, *(lookup.ask for lookup in plan.lookups)])
    invented = [name for name in proper_names(written) if any(part.lower() not in said for part in name.split())]
    copied = (terms(written) - terms(said)) & EXAMPLE_TERMS
    return NO_PLAN if invented or copied else None


def lookups_keep_the_time_a_follow_up_points_to(plan: Plan, question: str, history: list[dict], tree: "Toolbox | None") -> Plan | None:
    """A follow-up that points at the time the question before named ("what was the count in that year?", "and
    the rent then?") is planned by small models as lookups without it, and each is then answered for every year
    (a count of a column's values) or another one. Each lookup that names no year keeps the month or year the
    question before named."""
    previous = next((str(t.get("content", "")) for t in reversed(history) if t.get("role") == "user"), "")
    months, years = months_named(previous), set(YEAR.findall(previous))
    if not THAT_TIME.search(question) or not (len(months) == 1 or len(years) == 1):
        return None
    if len(months) == 1:
        ((year, month),) = months
        said = f"{MONTH_NAMES[month]} {year}"
    else:
        said = next(iter(years))
    lookups = [lookup if YEAR.search(lookup.ask) else Lookup(f"{lookup.ask.rstrip(' ?')} in {said}?", lookup.label) for lookup in plan.lookups]
    return replace(plan, lookups=lookups) if lookups != plan.lookups else None


# "Which one cost less?", "which of the two is older?", "which invoice is larger?": of the things named before.
WEIGHS_THE_ONES_BEFORE = re.compile(r"\bwhich\b(?:\s+[\w'-]+){0,4}?\s+(?:higher|lower|larger|bigger|smaller|more|less|fewer|cheaper|dearer|"
                                    r"later|earlier|longer|shorter|older|newer|greater)\b", re.I)


def a_follow_up_asking_one_thing_is_one_look(plan: Plan, question: str, history: list[dict], tree: "Toolbox | None") -> Plan | None:
    """Asked to plan a follow-up ("how much power did that use?", "what's the top item its notes list?"), a small model
    writes the question before as a lookup of its own beside the new one, or splits the new one into the things
    the conversation named (a start date and an end date for "how long does it run?"), and the answer then retells
    the last turn. A follow-up whose own words ask one thing (no second part, comparison or arithmetic) is one
    look: the longest of the plan's wordings that keeps every word the follow-up says (the question in full, "the
    top item the notes of the latest release in its NEWS list"), else the follow-up as asked, with the conversation.
    One that weighs the things the conversation named ("which one cost less?", "which of the two is older?")
    asks a look at each."""
    if not history or len(plan.lookups) < 2 or several_looks_are_planned(question, [], tree) or WEIGHS_THE_ONES_BEFORE.search(question):
        return None
    wanted = terms(question)
    whole = max((ask for ask in [plan.question, *(lookup.ask for lookup in plan.lookups)] if wanted <= terms(ask)), key=len, default=question)
    return Plan(whole, [Lookup(whole, "")], "none")


def lookups_keep_what_the_question_is_about(plan: Plan, question: str, history: list[dict], tree: "Toolbox | None") -> Plan | None:
    """Split into parts ("who made the quux tool, going by its manual, and how do I reach them?"), a small model writes
    lookups that drop what the question is about ("contact address"), and each is then searched across every file
    and answered from another tool's page. When the parts are answered each on its own (no arithmetic between
    things), every lookup keeps the names the question says: its capitalised names, its codes and versions, and its
    words that name the folder's own files and folders ("quux", "manual"); and a lookup for a part that says nothing
    of its own subject ("what does the florist charge up front, and by when?": "due date") keeps the other
    parts' subject ("florist"), and is looked up first in the one document the first part was answered from (its
    quota is the line of the unit's row in the schedule the first part read, not a line of the minutes that say
    "quota"). Compared ("did the test use more worker threads than the default?"), every lookup keeps the quantity
    compared, the words between "more" and "than"."""
    if len(plan.lookups) < 2:
        return None
    quantity = COMPARED_QUANTITY.search(question)
    if plan.combine != "none" and quantity:
        compared = quantity.group("quantity")
        lookups = [lookup if terms(compared) <= terms(lookup.ask) else Lookup(f"{lookup.ask.rstrip(' ?')} ({compared})", lookup.label)
                   for lookup in plan.lookups]
        return replace(plan, lookups=lookups) if lookups != plan.lookups else None
    if plan.combine != "none":
        return None
    named = proper_names(question) + CODE.findall(question) + re.findall(r"\bv?\d+(?:\.\d+)+\b", question)
    if tree is not None:
        names = tree.name_words()
        named += [w for w in re.findall(r"[\w.+-]+", question) if singular(w.lower().strip(".")) in names and len(w) >= 3 and not w.isdigit()]
    named = list(dict.fromkeys(n.strip(".,;:") for n in named))
    names = [n for n in proper_names(question) if terms(n)]
    # The frame every part is asked within ("On the gym's price list, what ... and what ...?") is each lookup's too.
    frame = LEADING_FRAME.match(question)
    shared = [re.sub(r"^(?:the|my|our|its|their|this|that)\s+", "", frame.group("frame"), flags=re.I)] if frame else []
    asked = question[frame.end():] if frame else question
    parts = [part for part in ASKINGS_PART.split(asked) if part.strip()]
    if len(parts) != len(plan.lookups):
        parts = [part for part in re.split(r",?\s+and\s+|,\s*|;\s*", asked) if part.strip()]
    leaning = [not subject_words(part) or bool(REFERS_BACK.search(part)) for part in parts] if len(parts) == len(plan.lookups) else []
    lookups, changed = [], False
    for at, lookup in enumerate(plan.lookups):
        # A lookup that says one of the question's names is about that one ("the Nimbus invoice", then "the
        # Reykjavik hotel"): the other part's names are not its.
        own = any(terms(n) <= terms(lookup.ask) for n in names)
        subject = [w for other, part in enumerate(parts) if other != at for w in subject_words(part)] if leaning and leaning[at] else []
        kept = ([] if own else named + subject) + shared
        missing = [n for i, n in enumerate(kept) if n.lower() not in {k.lower() for k in kept[:i]} and not terms(n) <= terms(lookup.ask)]
        if missing:
            changed = True
            lookup = Lookup(f"{lookup.ask.rstrip()} ({', '.join(missing)})", lookup.label)
        if at and leaning and leaning[at]:
            changed = True
            lookup = replace(lookup, where_the_first_was=True)
        lookups.append(lookup)
    return replace(plan, lookups=lookups) if changed else None


WEIGHED = ("sum", "difference", "larger", "smaller", "later", "earlier")


def answered_turns(history: list[dict]) -> list[dict]:
    """The conversation's questions with the answers given to them from files: {"question", "answer", "sources"}."""
    turns, asked = [], ""
    for turn in history:
        if turn.get("role") == "user":
            asked = str(turn.get("content", ""))
        elif turn.get("role") == "assistant" and turn.get("content") and turn.get("sources") and asked:
            sources = [s for s in turn["sources"] if isinstance(s, dict) and s.get("path")]
            if sources:
                turns.append({"question": asked, "answer": str(turn["content"]), "sources": sources})
    return turns


def answers_before_are_not_looked_up_again(plan: Plan, question: str, history: list[dict], tree: "Toolbox | None") -> Plan | None:
    """A follow-up that weighs the answers before against each other ("so which one cost more?", "how long between
    the two?", "what's that as a percentage fall?") is planned as lookups of those answers' questions,
    which a small model rewrites without their subject (a sector's emissions in a year become "the emissions in
    2005"), and the looks come back with another row's figure, or none. A lookup that asks what a turn before
    asked and answered with a figure (or a date, where dates are weighed) from its sources takes that answer, the
    one the user saw: every word of the lookup that the conversation says is said in that turn, and at most one
    word of it in none."""
    if len(plan.lookups) < 2 or not (plan.combine in WEIGHED or DAYS_APART.search(question) or PERCENT_ASKED.search(question)):
        return None
    answered = [(turn, terms(f"{turn['question']} {turn['answer']}")) for turn in answered_turns(history)]
    said = set().union(*(words for _, words in answered)) if answered else set()
    taken: list[int] = []
    lookups = []
    for lookup in plan.lookups:
        wanted = terms(f"{lookup.ask} {lookup.label}")
        fits = [(len(wanted & words), at) for at, (turn, words) in enumerate(answered)
                if at not in taken and wanted & said <= words and len(wanted - said) <= 1 and wanted & words]
        best = max(fits, default=None)
        if best is None or sum(1 for fit in fits if fit[0] == best[0]) > 1:
            lookups.append(lookup)
            continue
        turn = answered[best[1]][0]
        item = figure_of(Found(Lookup(f"{turn['question']} {lookup.ask}", lookup.label), answer_before(turn)), plan.combine)
        dated = plan.combine in ("later", "earlier") or DAYS_APART.search(question)
        if (item.when is None) if dated else (item.value is None):
            lookups.append(lookup)
            continue
        taken.append(best[1])
        lookups.append(Lookup(lookup.ask, lookup.label, turn))
    return replace(plan, lookups=lookups) if taken else None
