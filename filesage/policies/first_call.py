"""Policies on the model's tool calls: its first call (replaced when the question shows it is wrong), and any
call (not run when it cannot be, with the answer asked for instead). Each docstring names the kind of
small-model failure it handles."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..agent import prompts
from ..agent.decisions import ASK_ANSWER, AskAnswer, Rewrite
from ..agent.state import Turn
from ..language.filters import TYPES_ASKED, read_question
from ..language.lexicon import (
    DUPLICATES_ASKED,
    EMPTY,
    EVERY_ONE,
    EXCLUDED,
    FILE_AND_FOLDER_NOUNS,
    FILE_DATES,
    FILE_NOUNS,
    FOLDERS_COMPARED,
    HIDDEN_ASKED,
    HIDDEN_TOO,
    IN_ONE_RECORD,
    NAMED,
    OPTION_NAMED,
    OVER_MANY,
    PLURAL,
    REFERS_BACK,
    SETTING_NAMED,
    TOP_OF_DOCUMENT,
    TREE,
    WHOLE_FOLDER,
    WHOLE_READ,
    YEAR,
    alternatives,
)
from ..language.figures import CODE, MONTH_OF_YEAR, months_mentioned
from ..language.matching import (extension_set, folder_by_its_own_name, kin_words, match_folder, namesake_of, spells_out, type_extensions,
                                 typed_as_said)
from ..language.names import asked_in_another_language, proper_names
from ..language.question import (
    asks_a_named_files_facts,
    asks_about_files,
    asked_again_for,
    asks_for_one,
    asks_what_a_folder_holds,
    asks_what_files_say,
    combines_in,
    counted_words,
    counts_files,
    folder_space_or_parts,
    kinds_named,
    quoted_in,
    read_for,
    spans_a_year,
    written_as_a_type,
    years_asked,
)
from ..language.text import singular, stem, terms, words
from ..llm.parser import ToolCall
from ..tools.registry import FILE_FACT_TOOLS, FILESYSTEM_TOOLS
from .reading import combines_asked, names_in, points_at_the_answer_before, previous_question, scoped
from .router import route

if TYPE_CHECKING:
    from ..tools.toolbox import Toolbox


# Words that point to a time without a year's number ("last year", "this quarter", "recent"): a year may stand for them.
TIME_TOLD = re.compile(r"\b(?:years?|months?|quarters?|weeks?|season|ago|last|this|recent(?:ly)?|previous|current|latest|newest)\b|\d", re.I)


def router_when_no_usable_call(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """The model wrote no call that parses, or named a tool that does not exist (small models do both,
    most often without a grammar): the keyword router picks the tool from the question's words."""
    if call is None or call.name not in turn.tools:
        return route(turn.question, previous_question(turn), turn.folders())
    return None


def no_answer_before_looking(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """An answer before any tool, with no conversation to draw on, comes from the model's memory, not the
    files; it is only right for small talk, which the router recognises."""
    if call is not None and call.name == "respond" and not turn.history:
        routed = route(turn.question, folders=turn.folders())
        return routed if routed.name != "respond" else None
    return None


def the_same_for_another_time_is_the_question_before(turn: "Turn", call: ToolCall | None) -> Rewrite | None:
    """"And for 2019 then?", "and the April one?" ask the question before it again, for another year or month;
    small models search for its few words and answer from whatever mentions the year or month, or from the file
    the answer before came from. The turn's question becomes the one before with the year or month swapped, and
    is answered as that question is: one over many files reads each file of the new year, a search looks for the
    whole rewritten question, across the folder."""
    previous = previous_question(turn)
    question = asked_again_for(turn.question, previous) if call is not None else ""
    if not question:
        return None
    years = years_asked(turn.question, previous)
    combines = combines_in(question, turn.tree_words())
    if years and "each_file" in turn.tools and (combines or OVER_MANY.search(question)):
        kinds = kinds_named(question, turn.tree_words())
        combine = next(iter(combines), "list")
        return Rewrite(question, ToolCall("each_file", {"what": read_for(question, set(kinds) | set(years), combine), "combine": combine,
                                                        "name": " ".join(kinds), "mentions": years[0]}))
    # What a search looks for, or a file is read about, is the whole rewritten question, not the one before's.
    if call.name == "semantic_search":
        return Rewrite(question, ToolCall("semantic_search", {"query": question, **({"top_k": call.arguments["top_k"]} if "top_k" in call.arguments else {})}))
    if call.name == "read_file" and str(call.arguments.get("about", "")).strip():
        return Rewrite(question, ToolCall("read_file", {**call.arguments, "about": question}))
    return Rewrite(question, None)


def filesystem_calls_follow_the_question(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """Small models put a question's filters in the wrong argument or drop them (the type of "spreadsheets in
    the finance folder" lost, so every file there is counted), invent filters the question never states
    (empty files, "7 days" for "the past day", a folder named after a file, the wrong end of a ranking for
    "least bulky"), and choose a folder tree, a name lookup or a grep for anything for a question that lists or ranks
    files. A count or listing gets the filters the question states, read from its words against the real folders, and
    loses the ones neither it nor the question before it states; a tree, lookup or search chosen for a question that counts,
    lists or ranks files by those filters becomes that count or listing, a count or listing for a question
    that compares folders by what they hold becomes the tree, which counts each folder's files, and a listing for
    one that asks what types of files there are becomes the count, which says them."""
    if call is None:
        return None
    folders = turn.folders()
    asked = read_question(turn.question, folders)
    if DUPLICATES_ASKED.search(turn.question) and "find_duplicates" in turn.tools and call.name != "respond":
        # Files with the same content: only their bytes tell, whatever the names say; in the folder the question names.
        return None if (duplicates := ToolCall("find_duplicates", {"folder": asked.folder} if asked.folder else {})) == call else duplicates
    if call.name not in ("count_files", "directory_tree") and folder_space_or_parts(turn.question, turn.tree_words()):
        # A folder's space or its subfolders ("the space X takes up on disk", "which subfolders X has"): no document
        # says that; the folder, named by its own name too, is counted (its size in all) or drawn.
        folder = asked.folder or folder_by_its_own_name(turn.question, folders)
        tool = "directory_tree" if re.search(r"\bsub-?folders?\b|\bsubdirector", turn.question, re.I) else "count_files"
        return ToolCall(tool, {"folder": folder} if folder else {})
    matches_anything = call.name == "grep_files" and not re.search(r"\w", str(call.arguments.get("pattern", "")))  # ".*": every line
    if call.name in ("directory_tree", "file_metadata", "semantic_search") or matches_anything:
        routed = route(turn.question, previous_question(turn), folders)
        if routed.name not in ("count_files", "list_files"):
            return None
        ranked_or_filtered = asked.order or asked.empty or asked.hidden or asked.larger_than or asked.smaller_than or asked.changed_within
        changes = (call.name in ("directory_tree", "grep_files") and (asked.says_files or asked.filters())) or (call.name == "file_metadata" and asked.order)
        changes = changes or (call.name == "semantic_search" and asked.says_files and ranked_or_filtered)
        changes = changes or (call.name == "semantic_search" and asks_what_a_folder_holds(turn.question, turn.tree_words()))
        return routed if changes else None
    if call.name not in ("count_files", "list_files"):
        return None
    if FOLDERS_COMPARED.search(turn.question) and not asked.extension:
        return ToolCall("directory_tree", {"folder": asked.folder} if asked.folder else {})
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
        said_kinds = {singular(w) for w in re.findall(rf"([\w'-]+)\s+{alternatives(FILE_NOUNS, plural=True)}\b", turn.question, re.I)} | set(counted_words(turn.question))
        kinds = [k for k in kinds_named(turn.question, turn.tree_words()) if k in said_kinds and k not in chosen]
        if kinds:
            args["name"] = " ".join(kinds)
    folder = str(args.get("folder", ""))
    if "folder" not in stated and re.fullmatch(r"[\w -]+", folder) and match_folder(folder, folders) is None:
        # A folder the tree does not have, named in plain words ("invoices"), is what the files are named (or
        # dropped beside a name); a path (one that leaves the root, say) stays for the tool to refuse.
        args.pop("folder")
        args["name"] = args.get("name") or folder
    filter_words = {singular(w) for pattern in (EMPTY, HIDDEN_ASKED, HIDDEN_TOO) for m in pattern.finditer(turn.question) for w in words(m.group(0))}
    for key in ("name", "excluding", "larger_than", "smaller_than", "changed_within", "empty", "hidden", "extension", "folder"):
        if key in stated or not args.get(key):
            continue
        # "files", "folder" as the name picks the few files whose names say it, not the files asked about; so does
        # a word of a filter the question states ("empty" of "any empty files?", "hidden").
        if key == "name" and {singular(w) for w in words(str(args[key]))} <= FILE_AND_FOLDER_NOUNS | filter_words:
            del args[key]
            continue
        # "Stored messages (.msg)": a word the type the question states is short for says that type, no name.
        if key == "name" and words(str(args[key])) and all(any(spells_out(ext, singular(w)) for ext in extension_set(str(stated.get("extension", ""))))
                                                          for w in words(str(args[key]))):
            del args[key]
            continue
        # "Counting its drafts subfolder": a folder the question names as one is no file's name.
        if key == "name" and re.search(rf"\b{re.escape(str(args[key]))}\s+(?:sub)?(?:folder|directory|dir)s?\b", turn.question, re.I) \
                and any(folder.rsplit("/", 1)[-1].lower() == str(args[key]).lower() for folder in folders):
            del args[key]
            continue
        # Kept only when its words are the question's own (or the question before it, for a follow-up); a type
        # the question's reading missed only where it is written as one ("go through" is no Go file).
        if key in ("name", "excluding", "extension", "folder") and {singular(w) for w in words(str(args[key]))} <= said:
            # A part left out only where the question leaves something out ("with its drafts subfolder" leaves nothing out).
            leaves_out = key != "excluding" or EXCLUDED.search(f"{turn.question} {previous_question(turn)}")
            if leaves_out and (key != "extension" or written_as_a_type(turn.question + " " + previous_question(turn), str(args[key]))):
                continue
        del args[key]
    name = call.name
    if name == "count_files" and asked.order:
        # "which is the smallest ...": a ranking, not a count; "how many are there, the biggest being which": a ranking that
        # says how many it ranks.
        name = "list_files"
    if name == "list_files" and not asked.order and TYPES_ASKED.search(turn.question):
        name, args = "count_files", {key: value for key, value in args.items() if key not in ("order", "limit")}
    if name == "list_files" and asked.order:
        args["order"] = asked.order
        if asked.limit or asks_for_one(turn.question):
            args["limit"] = asked.limit or 1
    elif name == "list_files":
        # No rank in the question: "which ones?" wants them all, not the model's first few.
        args.pop("limit", None)
    return ToolCall(name, args) if (name, args) != (call.name, call.arguments) else None


def each_file_is_for_many_files(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """Small models reach for the tool that reads every matching file for a question about one thing (one
    person's phone number from the contacts, the date of one visit in a log), often with a word of the
    thing asked as a file name that no file has; it then finds no file, or reads each file for the kind of
    fact asked and finds the line that fits that kind best, not the one about the thing named. A question
    that neither combines (total, average, count, largest) nor asks over many files (every, all, which,
    list, a year's worth with nothing named, several months' worth) is searched instead, and so is one asked within
    one document that keeps records ("the highest fee in the June ledger": its rows, not many files)."""
    if call is None or call.name != "each_file" or "semantic_search" not in turn.tools:
        return None
    if IN_ONE_RECORD.search(turn.question) and not EVERY_ONE.search(turn.question):
        return ToolCall("semantic_search", {"query": turn.question})
    combines = combines_asked(turn)
    # "The total due on <one named> invoice" is one document's total; "the total of my invoices" a sum.
    if OVER_MANY.search(turn.question) or set(combines) - {"total"} or (combines and PLURAL.search(turn.question)):
        return None
    # Several months' worth: a span ("January to May", "Q1") or a list ("January, February and March").
    if combines and (spans_a_year(turn.question) or len(months_mentioned(turn.question)[0]) > 1):
        return None
    return ToolCall("semantic_search", {"query": turn.question})


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


# A unit a quantity is measured in ("kWh", "km", "litres", "hours", "nights"): not things counted ("home visits").
MEASURE_COUNTED = re.compile(r"\bhow many ((?:[kmg]?wh|kw|km|kilometres?|kilometers?|miles?|m[²³23]|kg|kilos?|tonnes?|litres?|liters?|gallons?|"
                             r"hours?|hrs|minutes?|days?|nights?|weeks?|calories|kcal|steps))\b", re.I)


def each_file_reads_the_measure_counted(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """Asked how many of a measure the files add up to ("how many kWh do the two bills cover", "how many km in all my
    mileage logs"), small models read each file for its amount due, and the total given is money. The measure the
    question counts, a unit of measure, is what each file is read for, with the words of the call's own that the
    question says; things counted ("how many home visits") are no measure."""
    counted = MEASURE_COUNTED.search(turn.question)
    if call is None or call.name != "each_file" or call.arguments.get("combine") != "total" or not counted:
        return None
    measure = counted.group(1)
    if singular(measure.lower()) in turn.tree_words():  # files named for it ("hours_2031.xlsx"): the model's reading stands
        return None
    said = {stem(w) for w in words(turn.question)}
    what = " ".join([measure, *(w for w in str(call.arguments.get("what", "")).split() if stem(w.lower()) in said and w.lower() != measure.lower())])
    return ToolCall("each_file", {**call.arguments, "what": what}) if what != call.arguments.get("what") else None


def each_file_filters_are_the_questions(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """Small models copy the filters of the prompt's examples into a question over many files ("phone bill"
    for any bills) or drop the year that picks the documents, so each_file reads no file, the wrong ones, or
    those of every year. A name or type filter keeps only the words the conversation's questions say, or
    another word for the same kind of document; the year the question gives (a follow-up, "which of
    those ...", the one before it), when the call has none or another, is what the files must mention, and a word
    of the question's telling that no file says ("the ones I issued") is not."""
    if call is None or call.name != "each_file":
        return None
    args = dict(call.arguments)
    # The conversation's questions so far ("which of those ..." leans on them); "invoiced" says invoice.
    asked = " ".join([turn.question] + [t["content"] for t in turn.history if t["role"] == "user"])
    said = {stem(w) for w in words(asked)}
    kept = [w for w in words(str(args.get("name", ""))) if stem(w) in said or {stem(k) for k in kin_words(w)} & said or w.isdigit()]
    # A name the question gives ("what did I pay Ashgrove"), no kind of document, is who or what the files are
    # about, whatever they are called ("invoice_01.pdf", "Ashgrove_feb.pdf", "statement-03.pdf").
    # Whole, as written: "MoravaNet" is one word of the files, not "morava" and "net".
    named_words = {w.lower() for name in proper_names(turn.question) for w in re.findall(r"[^\W_]+", name)}
    about = [w for w in re.findall(r"[^\W_]+", str(args.get("name", ""))) if w.lower() in named_words and not kin_words(w) and not type_extensions(w)]
    if about:
        kept = [w for w in kept if w not in set(words(" ".join(about)))]
        args["mentions"] = " ".join(dict.fromkeys([*(w.lower() for w in about), *str(args.get("mentions", "")).split()]))
    if args.get("name") and kept != words(str(args["name"])):
        args["name"] = " ".join(kept)
    said_type = written_as_a_type(turn.question + " " + previous_question(turn), str(args.get("extension", ""))) or read_question(turn.question).extension
    if args.get("extension") and not said_type:
        args["extension"] = ""
    # A word of the question's own telling ("the invoices I issued") that no file says picks no document; a name,
    # a code or a number the question gives is what the files must mention, said or not.
    if args.get("mentions") and turn.said_in_files is not None:
        named = names_in(turn.question)
        told = [w for w in str(args["mentions"]).split() if not re.search(r"\d", w) and w.lower() not in named and not turn.said_in_files(w.lower())]
        if told:
            args["mentions"] = " ".join(w for w in str(args["mentions"]).split() if w not in told)
    # A date or number no question of the conversation says (the day it is asked; years are weighed below) picks no
    # document; a word the question quotes or brackets is what the files call the thing read ("the tax (Mehrwertsteuer)").
    if "mentions" in args:
        args["mentions"] = " ".join(w for w in str(args["mentions"]).split() if not re.search(r"\d", w) or YEAR.fullmatch(w) or w in asked)
    glossed = [q for q in quoted_in(turn.question) if not terms(q) <= terms(str(args.get("what", "")))]
    if glossed:
        args["what"] = " ".join([str(args.get("what", "")), *glossed]).strip()
    # A folder the question names is where the files are, not a word they say ("the invoices in bills/2031").
    folder = read_question(turn.question, turn.folders()).folder
    if folder and not args.get("folder"):
        args["folder"] = folder
        if "mentions" in args:
            args["mentions"] = " ".join(w for w in str(args["mentions"]).split() if w.strip("/'\"").lower() != folder.lower())
    years = YEAR.findall(re.sub(re.escape(folder), " ", turn.question, flags=re.I) if folder else turn.question) or (YEAR.findall(previous_question(turn)) if REFERS_BACK.search(turn.question) else [])
    mentions = str(args.get("mentions", ""))
    if years and not FILE_DATES.search(turn.question) and not any(y in str(args.get("name", "")) for y in years):
        # No year, or one from earlier in the conversation than the question (or its "those") means.
        if not mentions.strip() or (YEAR.search(mentions) and set(YEAR.findall(mentions)) != set(years)):
            args["mentions"] = " ".join([*dict.fromkeys(years), *(w for w in mentions.split() if not YEAR.fullmatch(w))])
    elif not years and YEAR.search(mentions) and not TIME_TOLD.search(turn.question) and not months_mentioned(turn.question)[0]:
        # A year the question neither gives nor points to ("add up all my bills") is the model's guess, and it would
        # leave out the documents of every other year.
        args["mentions"] = " ".join(w for w in mentions.split() if not YEAR.fullmatch(w))
    return ToolCall("each_file", args) if args != call.arguments else None


def questions_about_what_files_say_are_searched(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """A question about what a document says often names the document or its folder (the total on one
    vendor's invoice, a person's phone number from the contacts), and small models then reach for a filesystem
    tool (a lookup by name, a listing of the folder), whose sizes and dates stand as the answer. When neither
    the question nor the one before it asks anything about files themselves (their names, types, sizes,
    dates, folders, ranks or counts), or when all the question asks for is what a document says though it
    names a file or a type ("who wrote the X file", "how long is the timeout in the Y config"), what the files
    say is searched."""
    if call is None or call.name not in FILESYSTEM_TOOLS or "semantic_search" not in turn.tools:
        return None
    tree_words = turn.tree_words()
    previous = previous_question(turn)
    about_files = (asks_about_files(turn.question, tree_words) and not asks_what_files_say(turn.question, tree_words)) or folder_space_or_parts(turn.question, tree_words)
    if about_files or (asks_about_files(previous, tree_words) and not asks_what_files_say(previous, tree_words)):
        return None
    return ToolCall("semantic_search", {"query": turn.question})


def searches_keep_the_questions_words(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """Small models shorten a question into a few keywords for the search and drop the name that picks the line
    ("acme 2.1 dependencies" for which Zlib version acme 2.1 needs): the line about the thing asked then ranks below
    lines about the rest. A search keeps the names the question gives that its query left out: names written with a
    capital, codes and versions, options and settings (its other words only shift the ranking). So does the part of a
    file that is there read for a topic (a table's rows "about" the population, where the row asked is one country's);
    a file that is not there is a description for the search policies, not a file to read. A question asked in
    another language keeps its own words beside the model's English ones: documents in that language are ranked by
    them (by the keyword index and the multilingual encoder), and the model's rewrite misses them."""
    if call is None or call.name not in ("semantic_search", "read_file"):
        return None
    if call.name == "read_file":
        about = str(call.arguments.get("about", "")).strip()
        if not about or turn.tree is None or len(turn.tree.files_for(str(call.arguments.get("path", "")))) != 1:
            return None
    key = "query" if call.name == "semantic_search" else "about"
    query = str(call.arguments.get(key, "")).strip()
    have = terms(query)
    question = turn.question
    # And the words it quotes or puts in brackets (as the document writes them, in its own language), and a month of a year.
    named = (proper_names(question) + CODE.findall(question) + re.findall(r"\bv?\d+(?:\.\d+)+\b", question)
             + OPTION_NAMED.findall(question) + SETTING_NAMED.findall(question) + quoted_in(question)
             + [m.group(0) for pattern in MONTH_OF_YEAR for m in pattern.finditer(question)])
    missing = [name for name in dict.fromkeys(named) if terms(name) and not terms(name) <= have]
    missing = [name for name in missing if not any(terms(name) < terms(other) for other in missing)]  # a name its quoted phrase says
    if key == "query" and asked_in_another_language(question) and not terms(question) <= have | terms(" ".join(missing)):
        missing = [question]
    if not missing:
        return None
    return ToolCall(call.name, {**call.arguments, key: f"{query} {' '.join(dict.fromkeys(missing))}".strip()})


def a_scope_no_one_asked_for_is_dropped(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """Small models keep a search `within` a file or folder the question never mentions: a name copied from the
    prompt's examples ("phone bill"), a tool's name, a guess at a folder ("financial", "classroom"), or the document
    of another question. The search then looks in the wrong place, or says it found no such file. A scope stands when
    the question or the conversation's questions say a word of its name; otherwise (a scope of no name at all, "it",
    among them) every file is searched."""
    if call is None or call.name != "semantic_search" or not str(call.arguments.get("within", "")).strip():
        return None
    within = str(call.arguments["within"]).strip()
    if within.lower() in WHOLE_FOLDER:
        return None
    name = re.split(r"[/\\]", within.rstrip("/\\"))[-1]
    said = terms(" ".join([turn.question, *(str(t["content"]) for t in turn.history if t.get("role") == "user")]))
    named = {t for t in terms(re.sub(r"\.[A-Za-z0-9]{1,5}$", "", name)) if not t.isdigit()}
    if named & said:
        return None
    return ToolCall("semantic_search", {**call.arguments, "within": ""})


def a_document_the_question_names_is_the_one_searched(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """A question about what one document says often names it ("according to the Widget README", "the acme man
    page: ...", "as its CREDITS file has it"), and small models then look the file up by name, list files, or search
    every file and answer from another document's passage. The files the question names by their own names are
    the ones searched, unless it asks about them as files (their size, dates or place, how many, which of
    several is largest, the folder structure) or reads one whole (which the model's read_file does), or asks
    for the newest thing it lists (read from its top, as changelogs put the latest first). A document
    the question describes ("the sample tmux config", "the paper I saved") is the one the model's lookup by name
    found, searched instead of its size and date."""
    if call is None or turn.tree is None or "semantic_search" not in turn.tools or call.name in ("each_file", "read_file", "count_in_file", "respond"):
        return None
    question = turn.question
    asked = read_question(question, turn.folders())
    # What the user wrote decides it too: a plan's rewording of "and what does the NOTES file give?" may read as a file's facts.
    says = asks_what_files_say(question, turn.tree_words()) or bool(turn.as_written) and asks_what_files_say(turn.as_written, turn.tree_words())
    if ((asks_a_named_files_facts(question) and not says) or counts_files(question, turn.tree_words()) or (TREE.search(question) and not says)
            or folder_space_or_parts(question, turn.tree_words())
            or (asked.says_files and (asked.order or asked.filters()) and not says)
            or re.search(rf"\b{alternatives(FILE_NOUNS)}s\b", question, re.I)):
        return None
    named = turn.tree.named_in(question)
    if named and points_at_the_answer_before(turn):
        return None  # the answer before's document, where follow-ups look (follow_ups_look_where_the_answer_before_was_found)
    if not named and call.name in ("file_metadata", "grep_files") and not NAMED.search(question):
        # The file the model looked up is the document described; what the question asks is what it says.
        hint = str(call.arguments.get("name_hint") or call.arguments.get("pattern") or "")
        try:
            named = turn.tree.scope(hint) if hint.strip() else []
        except ValueError:  # a path that leaves the folder: the tool refuses it in its own words
            named = []
    if (not named or len(named) > 4) and says and call.name == "semantic_search" and not scoped(turn, str(call.arguments.get("within", ""))):
        # A program's or a project's own folder the question names by its bare name ("who maintains quill these
        # days?"): its README, AUTHORS and man pages are what it asks about, not another program's.
        folder = folder_by_its_own_name(question, turn.folders())
        return ToolCall("semantic_search", {**call.arguments, "within": folder}) if folder else None
    if not named or len(named) > 4:
        return None
    if (WHOLE_READ.search(question) or TOP_OF_DOCUMENT.search(question) or asked.order == "newest") and len(named) == 1 and "read_file" in turn.tools:
        # The newest entry a document lists (a changelog's latest release) is at its top, where a search of
        # its lines has no notion of order.
        return ToolCall("read_file", {"path": named[0]})
    within = ",".join(named)
    home = folder_by_its_own_name(question, turn.folders())
    if home and all(namesake_of(path, home) and not typed_as_said(question, path) for path in named):
        # Named only as the program its folder is named for ("who wrote zither?", zither/doc/zither.txt): the program's
        # folder (its AUTHORS, README and manual) is what the question asks about, not the one file of its name.
        within = home
    if call.name == "semantic_search":
        # The model's own scope stands when it holds the documents named ("man page" may be another tool's man/ folder).
        return None if set(named) <= scoped(turn, str(call.arguments.get("within", ""))) else ToolCall("semantic_search", {**call.arguments, "within": within})
    return ToolCall("semantic_search", {"query": question, "within": within})


def unusable_calls_ask_for_the_answer(turn: "Turn", call: ToolCall | None) -> AskAnswer | None:
    """Small models repeat a call whose result they already have, name a tool that does not exist, or write
    nothing usable once they have what they need. Such a call is not run: the model is asked for its answer."""
    if call is None or call.name not in turn.tools or turn.made(call):
        return ASK_ANSWER
    return None


def file_facts_do_not_answer_what_files_say(turn: "Turn", call: ToolCall | None) -> AskAnswer | None:
    """Once a search found lines for a question that asks what a document says ("how often does a job retry
    by default", "what block size does the manual give"), small models sent back for a better
    answer count, list or date the files of the folder or document the question names, and that listing would
    stand as the answer. Such a call is not run: the model is asked to answer from the lines found."""
    if call is None or call.name not in FILE_FACT_TOOLS or not turn.content_found:
        return None
    return AskAnswer(prompts.SAYS_NOT_FILES) if asks_what_files_say(turn.question, turn.tree_words()) else None


def an_empty_respond_asks_for_words(turn: "Turn", call: ToolCall | None) -> AskAnswer | None:
    """An empty respond call: before any tool, the model wants to answer without one (small talk); after tools,
    it has nothing left to call. Either way it is asked to say its answer in plain words."""
    if call is not None and call.name == "respond" and not str(call.arguments.get("answer", "")).strip():
        return AskAnswer(prompts.DIRECT_REPLY if not turn.steps else prompts.FORCED_ANSWER)
    return None
