"""Policies on the first call for questions that one document answers when it is read in code (what it lists, a
release's lines, an option's entry, the newest release): small models answer those from the dozen lines a search
shows them. Each docstring names the kind of small-model failure it handles."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..language.filters import read_question
from ..language.glossary import term_of, translations
from ..language.lexicon import COUNTED_FILE_WORDS, FOLDER_NOUNS, HISTORY_ASKED, IN_ONE_RECORD, LANGUAGE_WORDS, LISTED_COUNT, MONTHS, NEWEST_RELEASE, OPTION_ASKED, OPTION_NAMED, QUESTION_WORDS, RELEASE_NOTES_ASKED
from ..language.matching import type_extensions
from ..language.question import MONTH_SAID, counted_words, counts_files, subject_words
from ..language.text import RELEASE_VERSION, VERSION, fold, singular, terms, words
from ..llm.parser import ToolCall
from ..tools.inside import RELEASE_WORDS, release_lines, year_bounds
from ..tools.listing import dated_months
from ..tools.manuals import defined_options
from ..tools.tables import TABLES, combine_asked, month_of
from .reading import changelog_asked_about, document_lines, leans_back, manual_asked_about, previous_answer, previous_question, sources_before

if TYPE_CHECKING:
    from ..agent.state import Turn


def what_a_document_lists_is_counted_in_code(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """"How many versions has the X changelog got listed", "the number of regions the rates table lists": small models
    count the dozen lines a search shows them, or count files. When the question counts what one document it
    names lists (and not files), the document's table column, releases or section entries are counted in code."""
    if turn.tree is None or "count_in_file" not in turn.tools or not LISTED_COUNT.search(turn.question):
        return None
    if counts_files(turn.question, turn.tree_words()):
        return None
    named, counted = turn.tree.named_in(turn.question), counted_words(turn.question)
    if len(named) != 1 or not counted:
        return None
    # The question's other words may pick the rows counted ("how many media types of type font"): the tool keeps a
    # word only where it is the whole value of another column.
    others = [w for w in subject_words(turn.question) if singular(w) not in counted and w.lower() not in named[0].lower()]
    return ToolCall("count_in_file", {"path": named[0], "what": counted[0] + (f" where {' '.join(others)}" if others else "")})


# Documents that hold their rows in a table of their own (a receipts document: a receipt a row).
TABLE_HOLDERS = ("docx", "odt", "html", "htm", "pdf", "md")


def rows_a_table_is_named_for_are_counted_in_code(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """"How many lockers are still unpaid?", "how many members joined in 2031?": the things counted are what one table of
    the folder is named for (lockers.ods), and small models count the files whose names say the word: "1 file". When the
    thing a count asks for (no file, folder or file type) is said by the name of one file alone, and that file is a
    table or a document that holds one (a receipt a row of "receipts.docx"), its rows are counted in code, with the
    question's other words picking them."""
    if turn.tree is None or "count_in_file" not in turn.tools or (call is not None and call.name == "count_in_file"):
        return None
    counted = counted_words(turn.question)
    if not counted or any(word in COUNTED_FILE_WORDS or word in FOLDER_NOUNS or type_extensions(word) for word in counted):
        return None
    if read_question(turn.question, turn.folders()).extension:  # "how many man pages (.1 files)": files of a type
        return None
    named = [entry for entry in turn.tree.entries if counted[-1] in {singular(w) for w in words(entry.path)}]
    if len(named) != 1 or named[0].extension not in TABLES + TABLE_HOLDERS or counted[-1] not in {singular(w) for w in words(named[0].path.rsplit("/", 1)[-1])}:
        return None
    return ToolCall("count_in_file", {"path": named[0].path, "what": turn.question})


def with_the_program_before(turn: "Turn") -> str:
    """The question, with the question before when it leans on it: "and what did 1.15 add?", "and -c?" ask about
    the program the question before named."""
    return turn.question + (" " + previous_question(turn) if leans_back(turn.as_written or turn.question) else "")


def a_release_named_is_read_under_its_own_line(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """"What's new in zither 2.4", "when did 2.4 come out": a search shows the lines that name the version from
    anywhere (an older release's note "see 2.4", the next one's "since 2.4") and small models answer from them, or
    find nothing when the changes do not repeat the question's words. When the question names a version and one
    changelog is named, or belongs to the program named (in it, or in the question before it leans on), the lines
    under that version's own line are read in code. A version of a thing the question asks no release of ("who drew the
    Zither 3.0 samples") is a name."""
    if turn.tree is None or "count_in_file" not in turn.tools or NEWEST_RELEASE.search(turn.question):
        return None
    if not (RELEASE_NOTES_ASKED.search(turn.question) or HISTORY_ASKED.search(turn.question) or terms(turn.question) & RELEASE_WORDS):
        return None
    version = RELEASE_VERSION.search(fold(turn.question))
    context = with_the_program_before(turn)
    changelog = changelog_asked_about(turn.tree, context, version.group(0)) if version else None
    return ToolCall("count_in_file", {"path": changelog, "what": f"release {version.group(0)}"}) if changelog else None


def the_release_asked_is_searched_in_the_changelog(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """"Which zither release brought the export command", "which version added -o": small models search the
    program's folder, where the manual and the README describe the thing but say nothing of when it came, and answer
    from them or find nothing. When the question asks which release (or version) something came, changed or went
    in, names none, and the program it names has a changelog, that changelog is searched, its lines shown under the
    release they belong to."""
    if turn.tree is None or "semantic_search" not in turn.tools or not HISTORY_ASKED.search(turn.question):
        return None
    if not terms(turn.question) & RELEASE_WORDS or NEWEST_RELEASE.search(turn.question) or VERSION.search(fold(turn.question)):
        return None
    changelog = changelog_asked_about(turn.tree, with_the_program_before(turn))
    return ToolCall("semantic_search", {"query": turn.question, "within": changelog}) if changelog else None


def an_option_asked_is_read_where_its_manual_defines_it(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """"What does -L do in zither", "and -c?": a search ranks every line that mentions the option (a credits file's
    "added -L", another option's "see -L") and small models retell one of them, or the entry of the option asked
    before, or give a meaning to an option the program does not have. When the question names one option (not
    when it came or changed) and a manual of the program it names (by its command, its folder or the file) defines
    options, the option's own entry is read in code, or the manual is said to define no such option."""
    if turn.tree is None or "count_in_file" not in turn.tools or HISTORY_ASKED.search(turn.question):
        return None
    options = list(dict.fromkeys(OPTION_NAMED.findall(turn.as_written or turn.question)))  # the user's own words
    context = with_the_program_before(turn)
    manuals: dict[str, str | None] = {}
    if not options and OPTION_WORDS.search(turn.question):
        # An option named without its dashes ("the default backoff"): a word the program's manual defines as "--word".
        named = [f"--{w}" for w in dict.fromkeys(words(turn.as_written or turn.question)) if len(w) >= 4 and w not in QUESTION_WORDS]
        manuals = {option: manual_asked_about(turn.tree, context, option) for option in named}
        defined = {manual: defined_options(document_lines(turn.tree, manual)) for manual in set(manuals.values()) if manual}
        # The program's own name is no option of it, though its manual defines one of that name ("--quux" of quux.1).
        options = [option for option, manual in manuals.items() if manual and option in defined[manual] and option[2:] not in words(manual)]
    if len(options) != 1:
        return None
    manual = manuals.get(options[0]) or manual_asked_about(turn.tree, context, options[0])
    return ToolCall("count_in_file", {"path": manual, "what": f"option {options[0]}"}) if manual else None


# A question about an option whose dashes it leaves out says it asks of one: "the default backoff", "the verbose flag".
OPTION_WORDS = re.compile(r"\b(?:default|option|flag|switch|setting)s?\b", re.I)


def an_option_described_is_searched_in_its_manual(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """"Which zither option prints the count of failed tries": a search ranks the changelog's and the README's lines that
    tell of the feature above the manual's entry of the option, and small models retell the feature with no option.
    When the question asks which option does something, names none, and a manual of the program it names defines
    options, that manual is searched; an option of a release it names ("which option did 2.4 remove") is the
    changelog's to tell."""
    if turn.tree is None or "semantic_search" not in turn.tools or not OPTION_ASKED.search(turn.question):
        return None
    if OPTION_NAMED.search(turn.as_written or turn.question) or VERSION.search(fold(turn.question)):
        return None
    manual = manual_asked_about(turn.tree, with_the_program_before(turn), "")
    return ToolCall("semantic_search", {"query": turn.question, "within": manual}) if manual else None


def the_newest_release_is_read_in_code(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """"Which zither version is the newest", "the last entry of its changelog", "the newest release before 2031":
    small models give the first version a search shows (a README's example, an old release's line, the changelog's
    first heading when it keeps the oldest first, one "not released yet") or the newest file's date. When the
    question asks for the newest release and one changelog is named, or belongs to the program named, its releases
    (of the years the question bounds) are read in code and the highest number is given with the line that opens it;
    asked what that release changed ("what got fixed in the latest version"), with the lines under it."""
    if turn.tree is None or "count_in_file" not in turn.tools or not NEWEST_RELEASE.search(turn.question):
        return None
    changelog = changelog_asked_about(turn.tree, turn.question)
    notes = " notes" if RELEASE_NOTES_ASKED.search(turn.question) else ""
    return ToolCall("count_in_file", {"path": changelog, "what": f"newest release{notes}" + bounded(turn.question)}) if changelog else None


# "and the one before?", "the release after that one", "the previous version": the release next to one named before.
NEXT_RELEASE = re.compile(r"\b(?:one|release|version)s?\s+(before|after)\b(?!\s+v?\d)|"
                          r"\b(previous|prior|preceding|earlier|older|next|following|later|newer|subsequent)\s+(?:one|release|version)\b", re.I)
BACKWARD = {"before", "previous", "prior", "preceding", "earlier", "older"}
# "Which fixes came with that version?", "what did it fix?": the release the answer before gave.
THAT_RELEASE = re.compile(r"\b(?:that|this|the same)\s+(?:one|release|version)\b|\bit\b", re.I)
# "When was it released?", "that version's release date": the day of the release the answer before gave.
RELEASE_DAY_ASKED = re.compile(r"\bwhen\b.*\b(?:released|out|shipped|published|tagged)\b|\brelease date\b|\breleased on\b", re.I)


def the_release_the_conversation_points_to_is_read(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """"And the one before?", "the release after that one", "what came with that version?": small models search for the
    release the conversation named and answer with it again, or with notes of a version a search shows. When a
    follow-up about releases names no version and asks for the release next to the one the turn before named (its
    question, else its answer), that release is found in number in the program's changelog; when it asks what the
    release the answer before gave changed, or when it came out, that release's lines are read; both in code."""
    asked = turn.as_written or turn.question
    pointing = NEXT_RELEASE.search(asked)
    dated = RELEASE_DAY_ASKED.search(asked)
    # What the release next to it says ("what library got migrated in the newer one?"): words beside the pointing.
    beside = terms(NEXT_RELEASE.sub(" ", asked)) - RELEASE_WORDS - terms("what which when about that this one ones")
    notes = RELEASE_NOTES_ASKED.search(asked) or (pointing and beside and not dated)
    if turn.tree is None or "count_in_file" not in turn.tools or VERSION.search(fold(asked)) or not (pointing or ((notes or dated) and THAT_RELEASE.search(asked))):
        return None
    before_question = previous_question(turn)
    before_answer = previous_answer(turn)
    if not terms(" ".join([asked, *(str(t.get("content", "")) for t in turn.history)])) & RELEASE_WORDS:
        return None  # "the one before" of invoices or bills, whose amounts read like versions
    named_before = [v.group(0) for v in RELEASE_VERSION.finditer(fold(before_question))]
    given = [v.group(0) for v in RELEASE_VERSION.finditer(fold(before_answer))]
    # Next to the version the question before named ("when was 1.4 out?" "and the one after?"), or else the one
    # its answer gave; what a release changed, of the one the answer gave, not the one it was asked beside, and of
    # the one its question named when the answer gave none (a date: "when did 1.4 come out?" "what did it drop?").
    # Of those, the first the changelog opens a release of: an answer's "libquux 1.0" is no release of it, and an answer
    # that names none ("it dropped libquux 1.0 support") leaves the one the conversation named before it.
    earlier = [v.group(0) for t in reversed(turn.history) for v in RELEASE_VERSION.finditer(fold(str(t.get("content", ""))))]
    versions = list(dict.fromkeys([*(named_before if pointing else []), *(v for v in given if v not in named_before), *given, *named_before, *earlier]))
    if not versions:
        return None
    # The program the conversation names, or else the changelog the answer before came from.
    changelog = changelog_asked_about(turn.tree, f"{with_the_program_before(turn)} {before_question} {' '.join(sources_before(turn))}", versions[0])
    if not changelog:
        return None
    releases = release_lines(document_lines(turn.tree, changelog))
    version = next((v for v in versions if v in releases), versions[0])
    if not pointing:
        return ToolCall("count_in_file", {"path": changelog, "what": f"release {version}"})
    way = "before" if (pointing.group(1) or pointing.group(2)).lower() in BACKWARD else "after"
    return ToolCall("count_in_file", {"path": changelog, "what": f"release{' notes' if notes else ''} {way} {version}"})


def a_programs_releases_are_counted_in_its_changelog(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """"How many zither releases were there in 2031": no document is named, so nothing counts what one lists, and
    small models count the release lines a search shows, or files. When the question counts releases (or versions)
    of a program with one changelog, its releases (of the years the question bounds) are counted in code."""
    if turn.tree is None or "count_in_file" not in turn.tools or (call is not None and call.name == "count_in_file"):
        return None  # what a document the question names lists is counted already
    counted = counted_words(turn.question)
    if not counted or not terms(" ".join(counted)) & RELEASE_WORDS:
        return None
    changelog = changelog_asked_about(turn.tree, turn.question)
    return ToolCall("count_in_file", {"path": changelog, "what": "releases" + bounded(turn.question)}) if changelog else None


def bounded(question: str) -> str:
    """The years a question bounds releases by, as count_in_file reads them (" before 2031")."""
    return "".join(f" {way} {year}" for way, year in year_bounds(question))


def a_figure_within_one_record_is_computed_from_its_table(turn: "Turn", call: ToolCall | None) -> ToolCall | None:
    """"The largest debit in the June statement", "which month costs most in my budget": the rows of
    a bank export or a budget say no word of the question ("payment", "expenses" are a landlord's name, a sheet "Ausgaben"), so a
    search finds nothing or another document, and small models answer from it, or list the largest file. When the
    question asks a figure over the rows of one record-keeping document it describes (IN_ONE_RECORD), and one
    table of the folder is that document by its name (the kind said in the folder's languages: "relevé",
    "rozpočet"; of several, the one dated in the month asked or named by the question's other words), the figure is
    computed in code from its rows. A document of another kind so named ("my March dental statement", a PDF) is not
    that table."""
    record = IN_ONE_RECORD.search(turn.question)
    if turn.tree is None or "count_in_file" not in turn.tools or not record or not combine_asked(turn.question, []):
        return None
    kind = term_of(singular(record.group(0).split()[-1].lower()))
    said = {kind} | set(translations({kind}, set(LANGUAGE_WORDS)))
    named = [e for e in turn.tree.entries if said & {form for w in words(e.path.rsplit("/", 1)[-1]) for form in (fold(w), term_of(w))}]
    months = {MONTHS[m.lower()] for m in MONTH_SAID.findall(turn.question)}
    if len(named) > 1 and months:
        # Of a statement a month, the one dated in the month asked ("konto_2030-11.csv", "relevé mai").
        named = [e for e in named if months & ({m for _, m in dated_months(e.path.replace("_", " "))} | {month_of(w) for w in words(e.path)})]
    # The question's other words may name which of them ("my dental statement"): a document of another kind than a
    # table is then what is asked, and a search reads it.
    others = {fold(w) for w in subject_words(turn.question)} - said
    named = [e for e in named if others & {fold(w) for w in words(e.path)}] or named
    tables = [e for e in named if e.extension in TABLES]
    return ToolCall("count_in_file", {"path": tables[0].path, "what": turn.question}) if len(tables) == 1 else None
