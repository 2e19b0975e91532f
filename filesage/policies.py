"""Every decision that overrides or completes the model, one named function each, registered at a named point.

The agent loop (agent.py) only asks, parses, runs, feeds back and stops. Where a small model goes wrong in
a way the question or the results show, a policy here steps in, at one of three points:

- FIRST_CALL  (turn, call) -> ToolCall | None: replaces the model's first tool call (None keeps it).
- AFTER_STEP  (turn) -> ToolCall | Rendered | ASK_ANSWER | None: after a tool ran, a step to run next
  without asking the model, the answer rendered from the results, or "ask the model for the answer now".
- BEFORE_ANSWER (turn, draft) -> Accept | Retry | None: checks a draft answer (draft is None before the
  model is asked, so a policy can settle the answer without a model call).

Each policy's docstring names the class of failure it handles; each has its own unit test
(tests/test_policies.py) and a switch: `policies_off = "NAME,..."` in the config file, or
FILESAGE_POLICIES_OFF. bench/generalisation.py measures what each one is worth with it switched off.
To add a rule, write a function here, register it at its point, and give it a test and a benchmark line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from . import prompts
from .errors import UsageError
from .glossary import translations
from .grounding import CODE, MARKER, QUOTED, Evidence, claims, language_of, missing_names, proper_names, remove_claims, says_not_found, stem, terms, unconnected, unsupported
from .matching import extension_set, kin_words, match_folder, singular, type_extensions, words
from .parser import ToolCall
from .readers import READABLE_EXTENSIONS
from .router import READ, carry_over, detect_order, read_question, route

if TYPE_CHECKING:
    from .agent import Turn

FIRST_CALL, AFTER_STEP, BEFORE_ANSWER = "first_call", "after_step", "before_answer"
FILESYSTEM_TOOLS = {"count_files", "list_files", "file_metadata", "grep_files", "directory_tree"}
CONTENT_TOOLS = {"semantic_search", "read_file", "each_file"}
# Tools whose results carry the exact answer, rendered by the program.
RENDERED_TOOLS = FILESYSTEM_TOOLS | {"each_file"}


@dataclass(frozen=True)
class Rendered:
    """The answer, written from tool results by the program."""

    text: str


@dataclass(frozen=True)
class Accept:
    text: str
    as_written: bool = False  # the program's own words: no citation markers, no sources


@dataclass(frozen=True)
class Retry:
    """The draft goes back to the model once, with what is wrong with it. answer_only: the results already
    hold the answer (the message names the line), so the model is asked to answer again, not offered tools."""

    message: str
    withdrawn: list[str]
    answer_only: bool = False


@dataclass(frozen=True)
class Hint:
    """Something the model is told beside a result before it chooses its next call."""

    message: str


@dataclass(frozen=True)
class FollowUp:
    """A step the program runs next without asking the model; replace_last rewrites the message that
    showed the previous result (a listing shown as 'read next', not as the answer)."""

    call: ToolCall
    replace_last: str = ""


ASK_ANSWER = "ask_answer"


@dataclass(frozen=True)
class Policy:
    name: str
    point: str
    function: Callable


REGISTRY: dict[str, Policy] = {}


def policy(point: str):
    def register(function: Callable) -> Callable:
        REGISTRY[function.__name__] = Policy(function.__name__, point, function)
        return function

    return register


def previous_question(turn: "Turn") -> str:
    return next((t["content"] for t in reversed(turn.history) if t["role"] == "user"), "")


# ------------------------------------------------------------------------------------------ first call


@policy(FIRST_CALL)
def router_when_no_usable_call(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """The model wrote no call that parses, or named a tool that does not exist (small models do both,
    most often without a grammar): the keyword router picks the tool from the question's words."""
    if call is None or call.name not in turn.tools:
        return route(turn.question, previous_question(turn), turn.folders())
    return None


@policy(FIRST_CALL)
def no_answer_before_looking(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """An answer before any tool, with no conversation to draw on, comes from the model's memory, not the
    files; it is only right for small talk, which the router recognises."""
    if call is not None and call.name == "respond" and not turn.history:
        routed = route(turn.question, folders=turn.folders())
        return routed if routed.name != "respond" else None
    return None


# Words that point back at the question before without adding to it: "and the same for 2024?", "ok, now do
# 2023", "thanks, could you check 2024 as well?", "and the 2024 ones?".
REFERRING_TERMS = terms("and ok okay so now then same thing question calculation one ones too as well again thanks thank great "
                        "do done that it its year years the please sure")


def asks_again_for_another_year(question: str, previous: str) -> bool:
    """The question says a year other than the question before's, and nothing else of its own: the
    question before, asked for that year."""
    years, before = set(YEAR.findall(question)), set(YEAR.findall(previous))
    if not years or not before or years == before or len(words(question)) > 12:
        return False
    return not terms(YEAR.sub(" ", question)) - REFERRING_TERMS


@policy(FIRST_CALL)
def the_same_for_another_year_is_the_question_before(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """"And the same for 2024?" asks the question before it again, for another year; small models search for
    its few words and answer from whatever mentions the year. The turn's question becomes the one before
    with the year swapped, and is answered as that question is: one over many files reads each file of
    the new year, a search looks for the whole rewritten question."""
    previous = previous_question(turn)
    if call is None or not asks_again_for_another_year(turn.question, previous):
        return None
    years = YEAR.findall(turn.question)
    turn.question = YEAR.sub(years[0], previous)
    combines = combines_asked(turn)
    if "each_file" in turn.tools and (combines or OVER_MANY.search(turn.question)):
        kinds = kinds_named(turn.question, turn.tree_words())
        combine = next(iter(combines), "list")
        return ToolCall("each_file", {"what": read_for(turn.question, set(kinds) | set(years), combine), "combine": combine,
                                      "name": " ".join(kinds), "mentions": years[0]})
    if call.name == "semantic_search":
        return ToolCall("semantic_search", {**call.arguments, "query": turn.question})
    return None


COUNTED = re.compile(r"\b(?:how\s+many|number\s+of|count(?:\s+of)?)\s+((?:[\w'-]+\s+){0,4}[\w'-]+)", re.I)
# The count said after what it counts: "2025 invoice count", "pdf count for 2024", "invoices 2025 how many".
COUNT_AFTER = re.compile(r"((?:[\w'-]+\s+){0,2}[\w'-]+)\s+(?:count|how\s+many)\b", re.I)
FILE_WORDS = {"file", "document", "doc", "item", "thing", "folder", "directory", "subfolder", "entry", "upload", "download", "attachment", "filename"}
# Words before the thing counted ("how many of my empty files"), and words that end its noun phrase.
NOT_THE_THING = {"up", "of", "my", "the", "our", "your", "these", "those", "them", "different", "separate", "individual", "total", "empty", "blank",
                 "zero", "byte", "big", "large", "small", "new", "old", "recent", "recently", "other", "more", "such", "all", "any"}
PHRASE_ENDS = {"do", "does", "did", "are", "is", "was", "were", "have", "has", "had", "in", "on", "under", "inside", "within", "for", "i",
               "you", "we", "they", "there", "can", "will", "would", "should", "of", "that", "which", "with", "from", "to", "per", "left",
               "at", "by", "on", "about", "across", "over", "this", "the", "my", "it", "its"}


def counted_words(question: str) -> list[str]:
    """The noun phrase 'how many ...' counts, singular: 'how many plain text files do I have' -> plain,
    text, file; 'how many servings does it make' -> serving."""
    match = COUNTED.search(question) or COUNT_AFTER.search(question)
    if not match:
        return []
    phrase: list[str] = []
    for word in words(match.group(1)):
        if word.isdigit() or (not phrase and (word in NOT_THE_THING or re.fullmatch(r"(?:zero|0)-?bytes?|\d+[kmg]?b", word))):
            continue
        if word in PHRASE_ENDS:
            break
        phrase.append(singular(word))
    return phrase


def kinds_named(question: str, tree_words: set[str]) -> list[str]:
    """The kinds of document a question names by the folder's own file and folder names, or by another word
    for them ("bills" for files named invoice), singular."""
    def kind(word: str) -> str | None:
        # A verb made of the noun names it too: "invoiced" the invoices, "billed" the bills.
        for base in (singular(word), *((word[:-1], word[:-2]) if word.endswith("ed") else ())):
            if base in tree_words or kin_words(base) & tree_words:
                return base
        return None

    named = [kind(w) for w in words(question) if terms(w) and not w.isdigit() and not type_extensions(w)]
    return list(dict.fromkeys(k for k in named if k))


def counts_files(question: str, tree_words: set[str]) -> bool:
    """What 'how many ...' counts is a kind of file: a file word, a type word, or a word of the folder's own
    file and folder names ("how many invoices", when invoices are named so, or "receipts" for them)."""
    return any(w in FILE_WORDS or type_extensions(w) or w in tree_words or kin_words(w) & tree_words for w in counted_words(question))


@policy(FIRST_CALL)
def filesystem_calls_follow_the_question(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """Small models put a question's filters in the wrong argument or drop them (the type of "spreadsheets in
    the finance folder" lost, so every file there is counted), invent filters the question never states
    (empty files, "7 days" for "the past day", a folder named after a file, the wrong end of a ranking for
    "least bulky"), and choose a folder tree or a name lookup for a question that lists or ranks files.
    A count or listing gets the
    filters the question states, read from its words against the real folders, and loses the ones neither
    it nor the question before it states; a tree, lookup or search chosen for a question that counts,
    lists or ranks files by those filters becomes that count or listing."""
    if call is None:
        return None
    folders = turn.folders()
    asked = read_question(turn.question, folders)
    if call.name in ("directory_tree", "file_metadata", "semantic_search"):
        routed = route(turn.question, previous_question(turn), folders)
        if routed.name not in ("count_files", "list_files"):
            return None
        ranked_or_filtered = asked.order or asked.empty or asked.larger_than or asked.smaller_than or asked.changed_within
        changes = (call.name == "directory_tree" and (asked.says_files or asked.filters())) or (call.name == "file_metadata" and asked.order)
        changes = changes or (call.name == "semantic_search" and asked.says_files and ranked_or_filtered)
        return routed if changes else None
    if call.name not in ("count_files", "list_files"):
        return None
    args = dict(call.arguments)
    stated = asked.filters()
    said = {singular(w) for w in words(turn.question + " " + previous_question(turn))}
    for key, value in stated.items():
        if key == "extension" and extension_set(str(args.get("extension", ""))) == extension_set(value):
            continue
        if key == "folder" and match_folder(str(args.get("folder", "")), folders) == value:
            continue
        args[key] = value
    if "name" not in stated and not args.get("name"):
        # "The largest of my receipt files": the kind of file, by the folder's own names, said before
        # a file word or as what is counted, picks the files (unless it is the folder or type chosen).
        chosen = {singular(w) for key in ("folder", "extension") for w in words(str(args.get(key, "")))}
        said_kinds = {singular(w) for w in re.findall(r"([\w'-]+)\s+(?:files?|documents?|docs?)\b", turn.question, re.I)} | set(counted_words(turn.question))
        kinds = [k for k in kinds_named(turn.question, turn.tree_words()) if k in said_kinds and k not in chosen]
        if kinds:
            args["name"] = " ".join(kinds)
    folder = str(args.get("folder", ""))
    if "folder" not in stated and re.fullmatch(r"[\w -]+", folder) and match_folder(folder, folders) is None:
        # A folder the tree does not have, named in plain words ("invoices"), is what the files are named (or
        # dropped beside a name); a path (one that leaves the root, say) stays for the tool to refuse.
        args.pop("folder")
        args["name"] = args.get("name") or folder
    for key in ("name", "larger_than", "smaller_than", "changed_within", "empty", "extension", "folder"):
        if key in stated or not args.get(key):
            continue
        # Kept only when its words are the question's own (or the question before it, for a follow-up); a type
        # the question's reading missed only where it is written as one ("go through" is no Go file).
        if key in ("name", "extension", "folder") and {singular(w) for w in words(str(args[key]))} <= said:
            if key != "extension" or written_as_a_type(turn.question + " " + previous_question(turn), str(args[key])):
                continue
        del args[key]
    if call.name == "list_files" and asked.order:
        args["order"] = asked.order
        if asked.limit or asks_for_one(turn.question):
            args["limit"] = asked.limit or 1
    elif call.name == "list_files":
        # No rank in the question: "which ones?" wants them all, not the model's first few.
        args.pop("limit", None)
    return ToolCall(call.name, args) if args != call.arguments else None


def asks_for_one(question: str) -> bool:
    """A ranking question in the singular ("which document was edited last?", "the smallest thing in the
    archive"): no plural noun and no plural verb or pronoun."""
    return not (PLURAL.search(question) or re.search(r"\b(are|were|ones|them|they|these|those|all|each|every|list)\b", question, re.I))


def written_as_a_type(question: str, value: str) -> bool:
    """Each word of a type filter is in the question as a type: dotted (".go") or before a file word ("go files")."""
    return all(re.search(rf"\.{re.escape(w)}\b|\b{re.escape(w)}s?\s+(?:files?|documents?|docs?|scripts?|sources?)\b", question, re.I)
               for w in words(value))


# How a question over many files combines them, strongest first: "in total, how many" counts.
COMBINE_WORDS = [
    ("count", re.compile(r"\b(how many|number of|count|tally)\b", re.I)),
    ("average", re.compile(r"\b(average|mean|typical|per (invoice|bill|file|document))\b", re.I)),
    ("largest", re.compile(r"\b(largest|biggest|highest|most expensive|maximum|max|priciest|costliest|top)\b", re.I)),
    ("smallest", re.compile(r"\b(smallest|lowest|cheapest|least expensive|minimum|min)\b", re.I)),
    ("total", re.compile(r"\b(totals?|sum|add(s|ed)? up|altogether|combined|in all|overall|spent|paid|pay|charged)\b", re.I)),
]


COMBINE_TERMS = terms("largest biggest highest most expensive maximum priciest costliest top smallest lowest cheapest least minimum "
                      "average mean typical total sum combined overall which what how much many grand all altogether every each "
                      "spent spend charged paid pay come add up amount value money calculate together them "
                      # Words of asking, not of what a document's line says.
                      "hi hey need able would receive received sent got get dated invoiced billed pls thanks cost across one most out who")


PLURAL = re.compile(r"\b(?!(?:this|thus|does|has|was|its|his|hers|yes|plus|gas|bus|always|less|across|previous|various|status|bonus|news|lens|thanks)\b)[a-z]{3,}[^s\W]s\b", re.I)
OVER_MANY = re.compile(r"\b(every|each|all|list|which|any|ones|per|across|between|compare|files|documents)\b", re.I)


def combines_asked(turn: "Turn") -> list[str]:
    """The ways of combining many files the question's words state, strongest first. A count is one only
    when what it counts is files: "how many servings" and "the phone number of" ask for a figure a file gives."""
    said = [combine for combine, words_of in COMBINE_WORDS if words_of.search(turn.question)]
    return [combine for combine in said if combine != "count" or counts_files(turn.question, turn.tree_words())]


@policy(FIRST_CALL)
def each_file_is_for_many_files(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """Small models reach for the tool that reads every matching file for a question about one thing (one
    person's phone number from the contacts, the date of one visit in a log), often with a word of the
    thing asked as a file name that no file has; it then finds no file, or reads each file for the kind of
    fact asked and finds the line that fits that kind best, not the one about the thing named. A question
    that neither combines (total, average, count, largest) nor asks over many files (every, all, which,
    list, a year's worth with nothing named) is searched instead."""
    if call is None or call.name != "each_file" or "semantic_search" not in turn.tools:
        return None
    combines = combines_asked(turn)
    # "The total due on <one named> invoice" is one document's total; "the total of my invoices" a sum.
    if OVER_MANY.search(turn.question) or set(combines) - {"total"} or (combines and PLURAL.search(turn.question)):
        return None
    if combines and spans_a_year(turn.question):
        return None
    return ToolCall("semantic_search", {"query": turn.question})


def spans_a_year(question: str) -> bool:
    """"The total invoiced for 2025": a year, with no name, code or quote that picks one document out of it."""
    return bool(YEAR.search(question)) and not (proper_names(question) or CODE.search(question) or QUOTED.search(question))


@policy(FIRST_CALL)
def each_file_combines_as_asked(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """Small models pick the right tool for a question over many files but the wrong way to combine them:
    a total for "how many invoices", a list for "the average bill", the largest for "the cheapest". The
    combination the question's words state is the one computed."""
    if call is None or call.name != "each_file":
        return None
    asked = next(iter(combines_asked(turn)), None)
    if asked is None or call.arguments.get("combine") == asked:
        return None
    return ToolCall("each_file", {**call.arguments, "combine": asked})


@policy(FIRST_CALL)
def each_file_filters_are_the_questions(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """Small models copy the filters of the prompt's examples into a question over many files ("phone bill"
    for any bills) or drop the year that picks the documents, so each_file reads no file, the wrong ones, or
    those of every year. A name or type filter keeps only the words the conversation's questions say, or
    another word for the same kind of document; the year the question gives (a follow-up, "which of
    those ...", the one before it), when the call has none or another, is what the files must mention."""
    if call is None or call.name != "each_file":
        return None
    args = dict(call.arguments)
    # The conversation's questions so far ("which of those ..." leans on them); "invoiced" says invoice.
    said = {stem(w) for w in words(" ".join([turn.question] + [t["content"] for t in turn.history if t["role"] == "user"]))}
    kept = [w for w in words(str(args.get("name", ""))) if stem(w) in said or {stem(k) for k in kin_words(w)} & said or w.isdigit()]
    if args.get("name") and kept != words(str(args["name"])):
        args["name"] = " ".join(kept)
    said_type = written_as_a_type(turn.question + " " + previous_question(turn), str(args.get("extension", ""))) or read_question(turn.question).extension
    if args.get("extension") and not said_type:
        args["extension"] = ""
    years = YEAR.findall(turn.question) or (YEAR.findall(previous_question(turn)) if REFERS_BACK.search(turn.question) else [])
    mentions = str(args.get("mentions", ""))
    if years and not FILE_DATES.search(turn.question) and not any(y in str(args.get("name", "")) for y in years):
        # No year, or one from earlier in the conversation than the question (or its "those") means.
        if not mentions.strip() or (YEAR.search(mentions) and set(YEAR.findall(mentions)) != set(years)):
            args["mentions"] = " ".join([*dict.fromkeys(years), *(w for w in mentions.split() if not YEAR.fullmatch(w))])
    return ToolCall("each_file", args) if args != call.arguments else None


# Words for a file's own size, dates and place, shared by the checks below ("when was the plan last modified").
SIZE_WORDS = r"how (?:big|large|heavy)|(?:file )?size|sized|bytes?|kb|mb|gb"
DATE_WORDS = r"(?:last )?(?:modified|modification|changed|edited|updated|created|saved|touched)"
PLACE_WORDS = r"which folder|what folder|where is|where's|stored|located|location|path"
# What a question may ask about files themselves rather than what they say.
FILE_ASPECTS = re.compile(
    rf"\b({SIZE_WORDS}|{DATE_WORDS}|{PLACE_WORDS}|space|opened|how old|where (is|are|do i keep)|folders?|director(y|ies)|named|called|"
    r"file ?names?|extension|file type|list|rename|files?|documents|docs|tree|structure|organi[sz]ed|layout|empty)\b",
    re.I,
)


def asks_about_files(question: str, tree_words: set[str]) -> bool:
    """The question says something about files themselves: a file word, a type, a rank, a size or date of a
    file, a folder, a listing, or a count of things the folder's files are named after ("how many invoices")."""
    asked = read_question(question)
    return bool(FILE_ASPECTS.search(question) or asked.extension or asked.order or asked.filters() or counts_files(question, tree_words))


@policy(FIRST_CALL)
def questions_about_what_files_say_are_searched(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """A question about what a document says often names the document or its folder (the total on one
    vendor's invoice, a person's phone number from the contacts), and small models then reach for a filesystem
    tool (a lookup by name, a listing of the folder), whose sizes and dates stand as the answer. When neither
    the question nor the one before it asks anything about files themselves (their names, types, sizes,
    dates, folders, ranks or counts), what the files say is searched."""
    if call is None or call.name not in FILESYSTEM_TOOLS or "semantic_search" not in turn.tools:
        return None
    if asks_about_files(turn.question, turn.tree_words()) or asks_about_files(previous_question(turn), turn.tree_words()):
        return None
    return ToolCall("semantic_search", {"query": turn.question})


@policy(FIRST_CALL)
def follow_ups_keep_the_file_type(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """A follow-up ("which are they?", "list them") refers to the files of the question before; small
    models drop that question's file type from the call."""
    if call is None:
        return None
    kept = carry_over(call, turn.question, previous_question(turn))
    return kept if kept is not call else None


REFERS_BACK = re.compile(
    r"\b(it|its|it's|that|this|those|these|them|they|their|the same|same one|one)\b|"
    r"^\W*(?:(?:ok|okay|thanks|thank you|great|cool|nice|right|so)\W+)*(and|what about|how about|also)\b",
    re.I,
)


@policy(FIRST_CALL)
def follow_up_searches_keep_what_came_before(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """A follow-up ("and when is it due?", "what about its date?", "check-in?") leaves out what it is about; small models
    search for its words alone and find any due date. A search for a question that refers back gets the
    words of the question before it that this one lacks (the task, the vendor, the trip)."""
    previous = previous_question(turn)
    # A fragment ("check-in?", "and the deposit") leans on the question before it as much as "it" does.
    leans = REFERS_BACK.search(turn.question) or len(re.findall(r"[\w'-]+", turn.question)) <= 3
    if call is None or call.name != "semantic_search" or not previous or not leans:
        return None
    query = str(call.arguments.get("query", ""))
    have = terms(query) | terms(turn.question)
    added = [w for w in re.findall(r"[\w'-]+", previous) if terms(w) and not terms(w) <= have and not FILE_ASPECTS.fullmatch(w)]
    return ToolCall("semantic_search", {**call.arguments, "query": f"{query} {' '.join(dict.fromkeys(added))}".strip()}) if added else None


# ------------------------------------------------------------------------------------------ after a step


@policy(AFTER_STEP)
def router_after_nothing_found(turn: "Turn") -> FollowUp | None:
    """The model's first tool found nothing (a content question taken for a file name, a folder or a tree):
    when the question's words point to another tool, that one runs next, without a model call. A file's
    size or date asked of a file described by what it says ("the plan that covers X") is no file name: a
    lookup by name that found nothing is followed by a search of what the files say."""
    step = turn.steps[-1]
    if len(turn.steps) != 1 or step.by != "model" or (step.ok and step.found):
        return None
    if step.tool in ("file_metadata", "grep_files") and asks_file_facts(turn.question) and "semantic_search" in turn.tools:
        return FollowUp(ToolCall("semantic_search", {"query": turn.question}))
    fallback = route(turn.question, previous_question(turn), turn.folders())
    if fallback.name != step.tool and fallback.name in turn.tools and fallback.name != "respond":
        return FollowUp(fallback)
    return None


@policy(AFTER_STEP)
def searches_in_the_folders_other_languages(turn: "Turn") -> Hint | None:
    """Files written in another language than the question are not found by its words (an English question
    about a German lease finds "deposit" nowhere), and small models do not think of searching in that
    language. When a search found nothing and the folder holds files in other languages, the model is told
    which, and asked to search again with the question's words in them (once)."""
    step = turn.steps[-1]
    if step.tool != "semantic_search" or step.found or not step.ok or "searches_in_the_folders_other_languages" in turn.fired:
        return None
    asked = language_of(turn.question) or "English"
    others = [name for name, count in turn.languages().most_common() if name and name != asked and count]
    return Hint(prompts.OTHER_LANGUAGES.format(languages=" and ".join(others[:2]))) if others else None


@policy(AFTER_STEP)
def read_the_file_a_listing_picked(turn: "Turn") -> FollowUp | None:
    """A question about what one file says that names it by rank or description ("summarise the newest
    PDF"): small models guess a file name to read. When a listing picked out the file (the first of a
    listing ranked as the question ranks, or the only match of a lookup), that file is read next."""
    step = turn.steps[-1]
    if not (step.found and step.paths and READ.search(turn.question)) or "read_file" not in turn.tools:
        return None
    chosen = ""
    if step.tool == "list_files" and detect_order(turn.question) == step.args.get("order"):
        chosen = step.paths[0]
    elif step.tool in ("list_files", "file_metadata", "grep_files") and len(step.paths) == 1:
        chosen = step.paths[0]
    if not chosen:
        return None
    shown = prompts.LISTED_THEN_READ.format(tool=step.tool, result=turn.last_found, path=chosen)
    return FollowUp(ToolCall("read_file", {"path": chosen}), replace_last=shown)


# A file's own facts, asked of a file described by what it says: its size, date or folder.
FILE_FACTS = re.compile(rf"\b({SIZE_WORDS}|{DATE_WORDS}|{PLACE_WORDS})\b", re.I)
# Facts only a file has, whatever the question calls it ("when was the plan last modified").
ONLY_FILE_FACTS = re.compile(r"\b(file size|bytes|kb|mb|(last )?modified|modification)\b", re.I)
FILE_NOUNS = re.compile(r"\b(files?|documents?|docs?|pdfs?|spreadsheets?|sheets?|notes?|folders?)\b", re.I)


def asks_file_facts(question: str) -> bool:
    """The question asks a file's size, date or folder (not, say, when a task was changed)."""
    return bool(ONLY_FILE_FACTS.search(question) or (FILE_FACTS.search(question) and FILE_NOUNS.search(question)))


@policy(AFTER_STEP)
def the_file_a_search_found_is_looked_up(turn: "Turn") -> FollowUp | None:
    """A question about a file's size, date or folder that describes the file by what it says (the size of
    the file that holds some invoice, the folder of the note about some task): small models
    answer with what the document says. After a search found that document, its size, dates and folder
    are looked up, and they are the answer."""
    step = turn.steps[-1]
    if step.tool != "semantic_search" or not (step.found and step.paths) or "file_metadata" not in turn.tools:
        return None
    if not asks_file_facts(turn.question) or not found_anything(turn):
        return None
    return FollowUp(ToolCall("file_metadata", {"name_hint": step.paths[0]}))


YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# A file's own dates; whole words, so "add up", "address" and "savings" are none.
FILE_DATES = re.compile(rf"\b({DATE_WORDS}|modify|change|changes|edit|update|create|save|added)\b", re.I)


@policy(AFTER_STEP)
def documents_of_a_year_are_read(turn: "Turn") -> FollowUp | None:
    """"How many invoices from 2025", "list my 2024 reports": the year is written in the documents, and small
    models count or list the files by name alone, so every invoice of every year is counted. After a count or
    listing whose filters carry no year the question gives (and the question asks about no file date),
    every matching file is read for the year, and counted or listed."""
    step = turn.steps[-1]
    years = YEAR.findall(turn.question)
    if step.tool not in ("count_files", "list_files") or not step.ok or len(turn.steps) != 1 or "each_file" not in turn.tools:
        return None
    filters = {key: str(step.args[key]) for key in ("extension", "folder", "name") if step.args.get(key)}
    if not years or FILE_DATES.search(turn.question) or any(year in filters.get(key, "") for year in years for key in ("extension", "folder")):
        return None
    # Photos and other files without text say no year; their dates are the files' own.
    if set(extension_set(filters.get("extension", ""))) - READABLE_EXTENSIONS:
        return None
    # A year taken for a word of the name ("number of 2025 invoices" counting files named 2025) picks the
    # files by what the question counts instead.
    taken = {singular(w) for key in ("extension", "folder") for w in words(filters.get(key, ""))}
    name = " ".join(w for w in words(filters.pop("name", "")) if w not in years) or " ".join(
        w for w in kinds_named(turn.question, turn.tree_words()) if w not in taken)
    if name:
        filters["name"] = name
    combine = next(iter(combines_asked(turn)), "count" if step.tool == "count_files" else "list")
    chosen = {singular(w) for w in words(" ".join(filters.values()))} | set(years)
    return FollowUp(ToolCall("each_file", {"what": read_for(turn.question, chosen, combine), "combine": combine, **filters, "mentions": " ".join(dict.fromkeys(years))}))


def read_for(question: str, chosen: set[str], combine: str) -> str:
    """What to read each file for: the question without the words that chose the files ("invoices",
    "2025"), or, when a total or a rank is all that is left of it, the total."""
    what = " ".join(w for w in question.split() if singular(w.strip("?,.!").lower()) not in chosen)
    if combine in ("total", "average", "largest", "smallest") and not terms(what) - COMBINE_TERMS:
        return "total"
    return what or question


@policy(AFTER_STEP)
def filesystem_answers_are_rendered(turn: "Turn") -> Rendered | None:
    """A small model retelling a count, a listing, a size or a date gets numbers and names wrong (a
    neighbouring file's date, a count off by one, a file dropped from a list). When a filesystem tool's
    result answers the question, the answer is rendered from that result by the program."""
    step = turn.steps[-1]
    result = turn.results[-1]
    if step.tool not in RENDERED_TOOLS or not step.ok or not result.answer or not (step.found or step.tool in ("count_files", "list_files")):
        return None
    # After a search of what the files say, a listing answers only if it names files and what was asked (no
    # file named after a person is no answer to what the contacts say about them).
    if step.tool != "each_file" and any(s.tool in CONTENT_TOOLS for s in turn.steps) and not (step.paths and found_anything(turn)):
        return None
    return Rendered(result.answer)


@policy(AFTER_STEP)
def answer_after_a_found_result(turn: "Turn") -> str | None:
    """Small models chain lookups whose results they already have (a listing, then metadata of a file the
    listing already dated; a search, then the same search reworded). After a result that found
    something, the model is asked for the answer in plain words instead of another call."""
    step = turn.steps[-1]
    return ASK_ANSWER if step.ok and step.found else None


# ------------------------------------------------------------------------------------- before the answer


def found_anything(turn: "Turn") -> bool:
    """A step found something about what was asked. Search finds the closest passages even when the thing
    asked about is not in the files (a flight to one city when only a flight to another exists): found text that
    names none of what the question names found nothing. Once the question went to what the files say, a
    listing found afterwards must name it too."""
    searched = any(step.tool in CONTENT_TOOLS for step in turn.steps)
    if turn.listings_found and not searched:
        return True
    found = "\n".join(turn.content_found + turn.listings_found)
    if not found:
        return False
    missing = missing_names(turn.question, found)
    named = missing_names(turn.question, "")  # everything the question names
    return not missing or len(missing) < len(named)


@policy(BEFORE_ANSWER)
def not_found_is_said_plainly(turn: "Turn", draft: str | None) -> Accept | None:
    """After tools that found nothing about what was asked, small models still answer: from memory, from
    an unrelated passage, or by guessing. The answer then says it found nothing and names what was
    searched, whatever the model would write (and without asking it)."""
    if turn.steps and not found_anything(turn):
        searched = [prompts.searched(step.tool, step.args, step.ok, step.summary) for step in turn.steps]
        return Accept(prompts.NOT_FOUND.format(folder=turn.folder, searched="; ".join(dict.fromkeys(searched))), as_written=True)
    return None


def line_naming_everything(question: str, found: list[str]) -> str:
    """The found line that names every name, number and code the question gives, most about the question;
    '' when the question names nothing or no line names it all."""
    named = missing_names(question, "")
    if not named:
        return ""
    wanted = terms(question)
    naming = [line for line in found_lines(found) if not missing_names(question, line)]
    return max(naming, key=lambda line: len(terms(line) & wanted), default="")


def found_lines(found: list[str]) -> list[str]:
    """The lines of what the tools found, without source headings and citation markers."""
    return [MARKER.sub("", line).strip().lstrip("- ") for text in found for line in text.splitlines() if line.strip() and not line.startswith("From ")]


def line_most_about(question: str, found: list[str]) -> str:
    """The found line with a figure that says the most of the question's words, at least two and half of
    them; '' when none does."""
    wanted = terms(question)
    lines = [line for line in found_lines(found) if claims(line)]
    best = max(lines, key=lambda line: len(terms(line) & wanted), default="")
    return best if len(terms(best) & wanted) >= max(2, len(wanted) / 2) else ""


@policy(BEFORE_ANSWER)
def denials_must_hold(turn: "Turn", draft: str | None) -> Accept | Retry | None:
    """Small models say the files do not have what a result states in so many words (no phone number
    for a person, beside the row that gives it). A draft that says nothing was found, while a found line names
    everything the question names, goes back once with that line; a second denial gives the line itself."""
    if draft is None or not turn.content_found or not says_not_found(draft, ""):
        return None
    line = line_naming_everything(turn.question, turn.content_found)
    if not line:
        return None
    if not turn.retried:
        return Retry(prompts.DENIAL_RETRY.format(line=line), [], answer_only=True)
    return Accept(prompts.QUOTED_LINE.format(line=line))


# What kind of figure a question asks for, by its words.
ASKED_KIND = [
    ("date", re.compile(r"\b(dates?|deadline|what day|which day|when\b.*\bdue|check-?in|check-?out)\b", re.I)),
    ("number", re.compile(r"\bhow (much|many|long|far|old)\b|\b(phone|telephone|mobile)\b|\bwhat (is|was|are|were) the ([\w'-]+ )?(cost|price|amount|total|fee|rent|deposit|budget|temperature)\b|"
                          r"\bwhat temperature\b|\bhow many degrees\b", re.I)),
]


@policy(BEFORE_ANSWER)
def answers_give_what_was_asked(turn: "Turn", draft: str | None) -> Retry | None:
    """Small models answer a question for a date or an amount with something else the results say (who owns
    the task, when asked when it is due; the vendor, when asked for the total), often retelling the previous
    answer in a follow-up. A draft without a figure of the kind asked, while the results hold one, goes back
    once saying what the question asks for."""
    if draft is None or turn.retried or not turn.content_found or says_not_found(draft, ""):
        return None
    kind = next((kind for kind, said in ASKED_KIND if said.search(turn.question)), None)
    if kind is None or any(c.kind == kind for c in claims(draft)):
        return None
    if not any(c.kind == kind for text in turn.content_found for c in claims(text)):
        return None
    return Retry(prompts.KIND_RETRY.format(kind="a date" if kind == "date" else "a number or amount"), [], answer_only=True)


@policy(BEFORE_ANSWER)
def claims_must_be_in_the_results(turn: "Turn", draft: str | None) -> Accept | Retry | None:
    """Small models write numbers, dates, names and codes the results never state (from memory, or mixed
    from two results). A draft whose claims the turn's evidence does not bear out goes back once with
    what is unsupported; a second failure loses the sentences that make those claims, and when nothing is
    left, the found line most about the question is quoted instead (a year the model made a full date of)."""
    if draft is None or (not turn.steps and not turn.history):
        return None
    bad = unsupported(draft, turn.evidence)
    if not bad:
        return None
    if not turn.retried:
        return Retry(prompts.grounding_retry([c.text for c in bad], turn.tools_left(), turn.steps_left()), [c.text for c in bad])
    kept = remove_claims(draft, bad)
    line = line_most_about(turn.question, turn.content_found) if kept.startswith("I could not confirm") else ""
    return Accept(prompts.QUOTED_LINE.format(line=line) if line else kept)


@policy(BEFORE_ANSWER)
def figures_come_from_the_line_asked_about(turn: "Turn", draft: str | None) -> Accept | Retry | None:
    """A small model answering from several passages takes a figure that is in the results but belongs to
    something else: the total of a neighbouring invoice, the next row of a table, a date from another section.
    A draft that says what was asked and then goes on about other things loses the sentences with those
    figures; one whose answer itself is such a figure goes back once; a second failure loses the sentences
    that make those claims."""
    if draft is None or not turn.content_found:
        return None
    # What the documents say, not the dates and sizes of a listing, is where an answer's figures must connect.
    evidence = Evidence([turn.question, *turn.content_found])
    translated = translations(terms(turn.question), set(turn.languages()))
    bad, line = unconnected(draft, turn.question, evidence, translated)
    if not bad:
        return None
    # The rest of the draft still says something, and all of it about what was asked: the answer, trimmed.
    removed = remove_claims(draft, bad)
    rest = removed.rsplit("\n\nI could not confirm", 1)[0]
    if not rest.startswith("I could not confirm") and claims(rest) and not unconnected(rest, turn.question, evidence, translated)[0]:
        return Accept(rest)
    if not turn.retried:
        return Retry(prompts.unconnected_retry([c.text for c in bad], line), [c.text for c in bad], answer_only=bool(line))
    # Twice a figure from the wrong line: the line that is about the question is the answer, quoted.
    kept = rest if line else removed
    if not line:
        return Accept(kept)
    quoted = prompts.QUOTED_LINE.format(line=line)
    return Accept(quoted if kept.startswith("I could not confirm") or not kept.strip() else f"{kept}\n\n{quoted}")


class Policies:
    """The policies in force for one agent: all registered ones except those switched off."""

    def __init__(self, off: list[str] | tuple[str, ...] | set[str] = ()):
        unknown = sorted(set(off) - set(REGISTRY))
        if unknown:
            raise UsageError(f"unknown policy {', '.join(unknown)}; the policies are: {', '.join(REGISTRY)}")
        self.active = [p for p in REGISTRY.values() if p.name not in set(off)]

    def at(self, point: str) -> list[Policy]:
        return [p for p in self.active if p.point == point]

    def first_call(self, turn: "Turn", call: ToolCall | None) -> tuple[ToolCall | None, str]:
        """The call to run, and who chose it: "model", or the last policy that changed it."""
        by = "model"
        for rule in self.at(FIRST_CALL):
            replaced = rule.function(turn, call)
            if replaced is not None:
                call, by = replaced, rule.name
                turn.fired.append(rule.name)
        return call, by

    def after_step(self, turn: "Turn") -> tuple[object, str]:
        for rule in self.at(AFTER_STEP):
            decision = rule.function(turn)
            if decision is not None:
                turn.fired.append(rule.name)
                return decision, rule.name
        return None, ""

    def before_answer(self, turn: "Turn", draft: str | None) -> Accept | Retry | None:
        """The first Retry, or the draft as the checks changed it: a draft one check shortened (an unsupported
        claim taken out) still goes through the checks after it."""
        changed = None
        for rule in self.at(BEFORE_ANSWER):
            verdict = rule.function(turn, draft)
            if verdict is None:
                continue
            turn.fired.append(rule.name)
            if isinstance(verdict, Accept) and draft is not None and not verdict.as_written:
                changed, draft = verdict, verdict.text
                continue
            return verdict
        return changed
