"""Policies after a tool ran: the next step run without asking the model (another tool after nothing was found,
the file a listing picked, the file a search found, each document of a year), the answer rendered from a
result the program can state exactly, or the model asked for its answer now."""

from __future__ import annotations

import re

from ..agent import prompts
from ..agent.decisions import ASK_ANSWER, FollowUp, Hint, Rendered
from ..agent.state import Turn
from ..files.walk import ConfinementError
from ..grounding.claims import missing_names
from ..language.figures import months_named
from ..language.filters import detect_order
from ..language.lexicon import (
    FILE_DATES,
    FIND_THEN_READ,
    NO_TEXT_GROUPS,
    PARTS_ASKED,
    TYPE_GROUPS,
    YEAR,
)
from ..language.matching import extension_set
from ..language.names import language_of
from ..language.question import (
    asks_file_facts,
    asks_what_files_say,
    kinds_named,
    read_for,
    subject_words,
)
from ..language.text import covers, singular, terms, words
from ..llm.parser import ToolCall
from ..tools.cells import columns_of
from ..tools.tables import TABLES, combine_asked, row_asked, rows_picked_by, table_rows
from ..tools.registry import CONTENT_TOOLS, FILESYSTEM_TOOLS, RENDERED_TOOLS
from .reading import (
    combines_asked,
    document_lines,
    found_anything,
    names_in,
    previous_question,
    what_was_searched,
)
from .follow_ups import follow_up_searches_keep_what_came_before, follow_ups_look_where_the_answer_before_was_found
from .router import READ, route


def a_name_several_files_have_is_the_one_the_question_places(turn: "Turn") -> FollowUp | None:
    """A question about one program's changelog or licence ("per the NEWS file of X"): the model reads the bare
    name, which several files in the folder have (each program keeps its own), is told to choose, and small
    models then look elsewhere. When the question's other words pick exactly one of those files by its path
    (the program's folder), that file is read."""
    step = turn.steps[-1]
    if step.tool not in ("read_file", "count_in_file") or step.paths or turn.tree is None or not step.args.get("path"):
        return None
    name = str(step.args["path"])
    try:
        candidates = turn.tree.files_for(name)
    except ConfinementError:
        return None
    if len(candidates) < 2:
        return None
    placing = {singular(w) for w in subject_words(turn.question)} - {singular(w) for w in words(name)}
    picked = [entry for entry in candidates if placing & {singular(w) for w in words(entry.path)}]
    return FollowUp(ToolCall(step.tool, {**step.args, "path": picked[0].path})) if len(picked) == 1 else None


def router_after_nothing_found(turn: "Turn") -> FollowUp | None:
    """The model's first tool found nothing (a content question taken for a file name, a folder or a tree):
    when the question's words point to another tool, that one runs next, without a model call. A file's
    size or date asked of a file described by what it says ("the plan that covers X") is no file name: a
    lookup by name that found nothing is followed by a search of what the files say, and so is a file the model
    guessed to read for a question about what files say."""
    step = turn.steps[-1]
    # A file the model guessed stays a guess when a policy only reworded what to read in it for.
    if len(turn.steps) != 1 or (step.by != "model" and step.tool != "read_file") or (step.ok and step.found):
        return None
    if step.tool in ("file_metadata", "grep_files") and asks_file_facts(turn.question) and "semantic_search" in turn.tools:
        return FollowUp(follow_up_search(turn, ToolCall("semantic_search", {"query": turn.question})))
    # A file the model guessed to read ("flight_cost.txt") is not there: what the question asks is what files say,
    # and a listing of the folder it names would stand as the answer.
    # A file picked by rank ("the largest spreadsheet") is the router's listing to find.
    if (step.tool == "read_file" and "semantic_search" in turn.tools and not detect_order(turn.question)
            and asks_what_files_say(turn.question, turn.tree_words())):
        return FollowUp(follow_up_search(turn, ToolCall("semantic_search", {"query": turn.question})))
    fallback = route(turn.question, previous_question(turn), turn.folders())
    if fallback.name != step.tool and fallback.name in turn.tools and fallback.name != "respond":
        return FollowUp(follow_up_search(turn, fallback))
    return None


def follow_up_search(turn: "Turn", call: ToolCall) -> ToolCall:
    """A search made here for a follow-up keeps what the conversation was about and looks where the answer before was
    found, as the model's first search does ("what about the gas one for the same quarter?" is about a bill)."""
    for keep in (follow_up_searches_keep_what_came_before, follow_ups_look_where_the_answer_before_was_found):
        call = keep(turn, call) or call
    return call


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


def read_the_file_a_listing_picked(turn: "Turn") -> FollowUp | None:
    """A question about what one file says that names it by rank or description ("summarise the newest
    PDF", "the page count of the biggest PDF"): small models guess a file name to read, or answer with the
    listing. When a listing picked out the file (the first of a listing ranked as the question ranks, or the only
    match of a lookup), that file is read next, or its pages counted."""
    step = turn.steps[-1]
    parts = bool(PARTS_ASKED.search(turn.question)) and "count_in_file" in turn.tools  # "the page count of the biggest PDF"
    if not (step.found and step.paths and (READ.search(turn.question) or FIND_THEN_READ.search(turn.question) or parts)) or "read_file" not in turn.tools:
        return None
    chosen = ""
    if step.tool == "list_files" and detect_order(turn.question) == step.args.get("order"):
        chosen = step.paths[0]
    elif step.tool in ("list_files", "file_metadata", "grep_files") and len(step.paths) == 1:
        chosen = step.paths[0]
    if not chosen:
        return None
    if parts:
        return FollowUp(ToolCall("count_in_file", {"path": chosen, "what": PARTS_ASKED.search(turn.question).group(0)}))
    shown = prompts.LISTED_THEN_READ.format(tool=step.tool, result=turn.last_found, path=chosen)
    return FollowUp(ToolCall("read_file", {"path": chosen}), replace_last=shown)


PAGED = ("pdf", "xlsx", "xlsm", "pptx")  # the formats whose pages, sheets or slides file_metadata tells


def the_file_a_search_found_is_looked_up(turn: "Turn") -> FollowUp | None:
    """A question about a file's size, date or folder that describes the file by what it says (the size of
    the file that holds some invoice, the folder of the note about some task): small models
    answer with what the document says. After a search found that document, its size, dates and folder
    are looked up, and they are the answer."""
    step = turn.steps[-1]
    if step.tool != "semantic_search" or not (step.found and step.paths) or "file_metadata" not in turn.tools:
        return None
    # "What chunk size does the guide name" asks a size, but a size the document gives.
    if not asks_file_facts(turn.question) or asks_what_files_say(turn.question, turn.tree_words()) or not found_anything(turn):
        return None
    # Pages, sheets or slides asked: the first document found that has them.
    paged = [path for path in step.paths if PARTS_ASKED.search(turn.question) and path.rsplit(".", 1)[-1].lower() in PAGED]
    return FollowUp(ToolCall("file_metadata", {"name_hint": (paged or step.paths)[0]}))


# What a dataset's folder calls the files that describe its tables.
DESCRIBES_DATA = re.compile(r"(?:readme|datapackage|metadata|codebook|data ?dictionary)", re.I)


SMALL_TABLE = 512 * 1024  # a table read whole to see whether its rows are the ones asked about


def figures_over_a_tables_rows_are_computed_in_code(turn: "Turn") -> FollowUp | None:
    """"The average monthly price in 2031", "the highest close", "how many runs failed in the June log": a search
    shows a dozen rows of the table, and small models give one of them, or count them, as the answer, or combine
    tables as if each were one document (each_file: one row of each). When the question asks for an average, a
    total, the highest or lowest, a count, or the value said most often, and what a search found first is a
    table's rows (or a table among what it found whose rows the question's words pick, or every file each_file read
    is a table: the one the question names most), the figure is computed in code over all of that table's rows that
    say the question's words. A search that found nothing (the rows say the question's words in another language,
    which weighs little) leaves the one table of the folder whose rows the question's words pick."""
    step = turn.steps[-1]
    if step.tool not in ("semantic_search", "each_file") or "count_in_file" not in turn.tools or any(s.found for s in turn.steps[:-1]):
        return None
    if not combine_asked(turn.question, []) or not (step.found and step.paths or step.tool == "semantic_search" and step.ok and turn.tree):
        return None
    # A search's best passage; of the tables each_file combined as if each were one document, the one the question names most.
    asked = {singular(w) for w in words(turn.question)}
    tables = [path for path in step.paths if path.rsplit(".", 1)[-1].lower() in TABLES]
    if step.tool == "semantic_search" and not step.found:
        picked = [e.path for e in turn.tree.entries if e.extension in TABLES and e.size <= SMALL_TABLE
                  and rows_picked_by(document_lines(turn.tree, e.path), turn.question)]
        tables = picked if len(picked) == 1 else []
    elif step.tool == "semantic_search":
        found = table_found(turn)
        tables = [found] if found else []
    elif len(tables) != len(step.paths):
        return None
    if not tables:
        return None
    table = max(tables, key=lambda path: len(asked & {singular(w) for w in words(path.rsplit("/", 1)[-1])}))
    return FollowUp(ToolCall("count_in_file", {"path": table, "what": turn.question})) if combines_rows(turn.question, document_lines(turn.tree, table)) else None


def combines_rows(question: str, lines: list[str]) -> bool:
    """Whether the question asks a table's rows combined, once the names of its columns are taken out ("the top
    5 percent in 1968" asks a row's value, not the highest)."""
    return bool(combine_asked(question, columns_of(table_rows(lines))))


def table_found(turn: "Turn") -> str:
    """The table a search found: its best passage's file, when that is a table, or else, when that is a dataset's
    README or description, the one table beside it, or of several there the one whose name shares most of the
    question's words, or else the one with a single row of the date asked; or else the first table found whose
    rows the question's words pick some of; '' when there is none."""
    first = turn.steps[-1].paths[0]
    if first.rsplit(".", 1)[-1].lower() in TABLES:
        return first
    if not DESCRIBES_DATA.match(first.rsplit("/", 1)[-1]):
        tables = [path for path in turn.steps[-1].paths if path.rsplit(".", 1)[-1].lower() in TABLES]
        return next((path for path in tables if rows_picked_by(document_lines(turn.tree, path), turn.question)), "")
    folder = first.rsplit("/", 1)[0] if "/" in first else ""
    beside = [e.path for e in turn.tree.entries if e.path.rsplit("/", 1)[0] == folder and "/" in e.path
              and e.extension in TABLES] if turn.tree is not None and folder else []
    asked = {singular(w) for w in words(turn.question)}
    shared = {path: len(asked & {singular(w) for w in words(path.rsplit("/", 1)[-1])}) for path in beside}
    best = sorted(beside, key=lambda path: -shared[path])
    if len(best) == 1 or (best and shared[best[0]] > shared[best[1]]):
        return best[0]
    # Named alike (yearly.csv, monthly.tsv): the one with a single row of the date asked ("the yield in 2023").
    tied = [path for path in best if shared[path] == shared[best[0]]]
    single = [path for path in tied if row_asked(document_lines(turn.tree, path), turn.question)[0] == "value"]
    return single[0] if len(single) == 1 else ""


def a_tables_row_is_read_for_the_date_asked(turn: "Turn") -> FollowUp | None:
    """"The yield in September 2008", "the rate for Peru in 2031": a search shows a dataset's README, or a dozen
    rows of the table, and not the row "Date: 2008-09-01; Rate: 3.69", whose words do not say the month; small
    models then say nothing was found, or give a neighbouring row, or a value for a year the table does not have.
    When the question asks one value of a year or a month of one and a search found a table (or the README beside
    one), the cell is read in code from the one row dated so (or no such row is said, with the years the rows
    have); when several rows are, the table is read at the rows most about the question. Of the tables found, the
    first that says what the question asks about is read."""
    step = turn.steps[-1]
    # The first look that found something (a read of a file the model named wrongly found nothing).
    if step.tool != "semantic_search" or not (step.found and step.paths) or "read_file" not in turn.tools or any(s.found for s in turn.steps[:-1]):
        return None
    if not (months_named(turn.question) or YEAR.search(turn.question)):
        return None
    table = table_found(turn)
    lines = document_lines(turn.tree, table) if table else []
    if table and about_another_thing(turn, table, lines):
        # The best table found is another thing's (a population table for the remittances asked): another table the
        # search found may be the thing's.
        table = next((path for path in step.paths if path != table and path.rsplit(".", 1)[-1].lower() in TABLES
                      and not about_another_thing(turn, path, document_lines(turn.tree, path))), "")
        lines = document_lines(turn.tree, table) if table else []
    if not table or combines_rows(turn.question, lines):
        return None
    # The row and its cell found in code, or no row of that date; else the rows most about the question, read.
    if row_asked(lines, turn.question)[0] != "rows" and "count_in_file" in turn.tools:
        return FollowUp(ToolCall("count_in_file", {"path": table, "what": turn.question}))
    return FollowUp(ToolCall("read_file", {"path": table, "about": turn.question}))


def about_another_thing(turn: "Turn", table: str, lines: list[str]) -> bool:
    """The table (with the README or data package that describes it beside it) says nothing of a word of what the
    question is about that another file says ("boat" of "the boat insurance in 2030", asked of a club's budget with an
    insurance row): its rows are another thing's."""
    if turn.said_in_files is None or turn.tree is None:
        return False
    folder = table.rpartition("/")[0]
    described = [e.path for e in turn.tree.entries if e.path.rpartition("/")[0] == folder and DESCRIBES_DATA.search(e.name)]
    said = terms(" ".join([table, *lines, *(line for path in described for line in document_lines(turn.tree, path))]))
    return any(not covers(term, said) and turn.said_in_files(word) for word in subject_words(turn.question) for term in terms(word))


def documents_of_a_year_are_read(turn: "Turn") -> FollowUp | None:
    """"How many invoices from 2025", "list my 2024 reports": the year is written in the documents, and small
    models count or list the files by name alone, so every invoice of every year is counted. After a count or
    listing whose filters carry no year the question gives (and the question asks about no file date),
    every matching file is read for the year, and counted or listed."""
    step = turn.steps[-1]
    years = YEAR.findall(turn.question)
    if step.tool not in ("count_files", "list_files") or not step.ok or len(turn.steps) != 1 or "each_file" not in turn.tools:
        return None
    # Files picked by when they changed ("the ones I touched in March 2031"): the year is the files' own date.
    if step.args.get("changed_within"):
        return None
    filters = {key: str(step.args[key]) for key in ("extension", "folder", "name") if step.args.get(key)}
    if not years or FILE_DATES.search(turn.question) or any(year in filters.get(key, "") for year in years for key in ("extension", "folder")):
        return None
    # Photos and other files without text say no year; their dates are the files' own.
    if set(extension_set(filters.get("extension", ""))) & {e for group in NO_TEXT_GROUPS for e in TYPE_GROUPS[group]}:
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


def a_name_no_file_has_is_not_found(turn: "Turn") -> Rendered | None:
    """Asked where a thing is or which file holds it by its name ("where is the lease for my Tromso flat?"),
    small models list or count the folder the thing would be in, and the listing reads as if it held it. After
    a filesystem tool (and no search), when a name the question writes with a capital is in no file's or folder's
    name and no file says it, the answer says that no file mentions it and what was looked at."""
    step = turn.steps[-1]
    if step.tool not in FILESYSTEM_TOOLS or turn.said_in_files is None or any(s.tool in CONTENT_TOOLS for s in turn.steps):
        return None
    tree, found = turn.tree_words(), turn.last_found.lower()
    absent = [name for name in names_in(turn.question) if name in subject_words(turn.question)
              and name not in tree and name not in found and not turn.said_in_files(name)]
    if not absent:
        return None
    named = " or ".join(f"'{name}'" for name in absent)
    return Rendered(prompts.NOT_MENTIONED.format(folder=turn.folder, words=named, searched=what_was_searched(turn)))


def filesystem_answers_are_rendered(turn: "Turn") -> Rendered | None:
    """A small model retelling a count, a listing, a size or a date gets numbers and names wrong (a
    neighbouring file's date, a count off by one, a file dropped from a list). When a filesystem tool's
    result answers the question, the answer is rendered from that result by the program."""
    step = turn.steps[-1]
    result = turn.results[-1]
    # count_in_file says in its answer what a document does not have (no such option, no row of that year).
    if step.tool not in RENDERED_TOOLS or not step.ok or not result.answer or not (step.found or step.tool in ("count_files", "list_files", "count_in_file")):
        return None
    # After a search of what the files say, a listing answers only if it names files and what was asked (no
    # file named after a person is no answer to what the contacts say about them), by the names of the files it
    # lists (a program's files are no release of it that its NEWS lacks, though other lines found name the number).
    if step.tool not in ("each_file", "count_in_file") and any(s.tool in CONTENT_TOOLS for s in turn.steps) \
            and not (step.paths and found_anything(turn) and not missing_names(turn.question, "\n".join(step.paths))):
        return None
    return Rendered(result.answer)


def answer_after_a_found_result(turn: "Turn") -> str | None:
    """Small models chain lookups whose results they already have (a listing, then metadata of a file the
    listing already dated; a search, then the same search reworded). After a result that found
    something, the model is asked for the answer in plain words instead of another call."""
    step = turn.steps[-1]
    return ASK_ANSWER if step.ok and step.found else None
