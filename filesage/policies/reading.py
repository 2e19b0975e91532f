"""What several policies read off a turn: the question before this one, how a question over many files combines
them, and whether (and which line of) what the tools found is about what was asked."""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Callable

from ..agent import prompts
from ..agent.decisions import Accept
from ..agent.state import Turn
from ..grounding.claims import MARKER, Claim, claims, missing_names
from ..grounding.lines import OWNER, heading_path, is_source_heading, unlisted
from ..language.lexicon import CHANGELOG_NAMES, DATE_ASKED, QUESTION_WORDS, REFERS_BACK, RULED_OUT
from ..language.matching import folder_by_its_own_name
from ..language.names import proper_names
from ..language.glossary import term_of, translations
from ..language.question import combines_in, question_words, subject_words
from ..language.text import covers, singular, terms, words
from ..tools.registry import CONTENT_TOOLS
from ..tools.inside import RELEASE_WORDS, listed_lines, release_lines
from ..tools.manuals import defined_options
from ..tools.result import is_note

if TYPE_CHECKING:
    from ..tools.toolbox import Toolbox

MANUALS_READ = 30  # the most files of a program's folder read for the manual that defines an option


def previous_question(turn: "Turn") -> str:
    return next((t["content"] for t in reversed(turn.history) if t["role"] == "user"), "")


def previous_answer(turn: "Turn") -> str:
    return next((str(t.get("content", "")) for t in reversed(turn.history) if t.get("role") == "assistant"), "")


def combines_asked(turn: "Turn") -> list[str]:
    """The ways of combining many files the turn's question states, strongest first (language.question.combines_in)."""
    return combines_in(turn.question, turn.tree_words())


def searched_scope(turn: "Turn") -> list[str]:
    """The files the turn's searches were kept to, all of them; none when a search was not kept to some."""
    scopes = [str(step.args.get("within", "")).strip() for step in turn.steps if step.tool == "semantic_search"]
    if not scopes or not all(scopes) or turn.tree is None:
        return []
    try:
        return list(dict.fromkeys(path for within in scopes for path in turn.tree.scope(within)))
    except ValueError:  # a scope that leaves the folder names no file of it
        return []


def words_of_unsaid_phrases(question: str, unsaid: set[str]) -> set[str]:
    """The words of each run of two or more neighbouring words of the question that are all unsaid."""
    runs, run = set(), []
    for word in [*question_words(question), ""]:
        if word in unsaid:
            run.append(word)
            continue
        if len(run) >= 2:
            runs.update(run)
        run = []
    return runs


def what_was_searched(turn: "Turn") -> str:
    """What the turn's steps looked for, each once, for an answer that says nothing was found."""
    return "; ".join(dict.fromkeys(prompts.searched(step.tool, step.args, step.ok, step.summary) for step in turn.steps))


def names_in(question: str) -> set[str]:
    """The words a question writes with a capital, the first word aside: the names of what it asks about."""
    found = re.findall(r"(?<![.?!]\s)(?<!^)(?<![¿¡\"“«])\b[A-Z][\w-]*", question.strip())
    return {word.lower() for word in found}


def found_anything(turn: "Turn") -> bool:
    """A step found something about what was asked. Search finds the closest passages even when the thing
    asked about is not in the files (a flight to one city when only a flight to another exists): found text that
    names none of the names the question gives, or misses a number, date or code it gives, found nothing. Once
    the question went to what the files say, a listing found afterwards must name it too."""
    searched = any(step.tool in CONTENT_TOOLS for step in turn.steps)
    if turn.listings_found and not searched:
        return True
    found = "\n".join(turn.content_found + turn.listings_found)
    if not found:
        return False
    # What the question says it does not ask ("the 7.1 release, not 7.1.3") is no name the found text must say.
    question = RULED_OUT.sub(" ", turn.question)
    missing = missing_names(question, found)
    named = missing_names(question, "")  # everything the question names
    # A year, a version or a code the question gives that nothing found says: the passages are about another one
    # (another quarter's figures, the release before). A name with a digit in it is such a code ("Q4", "DX-52"); so is
    # the name of whose the thing asked is ("Ilse's tax number"): another person's is no answer.
    owners = {owner.lower() for owner in OWNER.findall(question)}
    decisive = {claim.text for claim in claims(question)} | {name for name in proper_names(question)
                                                             if re.search(r"\d", name) or owners & set(name.lower().split())}
    if set(missing) & decisive:
        return False
    return not missing or len(missing) < len(named)


def aboutness(question: str, lines: list[str]):
    """How much a line is about the question: its words of the question, a word that few of the lines say weighing
    more than one most of them say (the "protocol" line of a changelog, not its heading that names the release)."""
    wanted = terms(question)
    said = [terms(line) & wanted for line in lines]
    weights = {t: math.log(1 + len(lines) / (1 + sum(t in s for s in said))) for t in wanted}
    return lambda line: sum(weights[t] for t in terms(line) & wanted)


def line_naming_everything(question: str, found: list[str]) -> str:
    """The found line that names every name, number and code the question gives, most about the question;
    '' when the question names nothing or no line names it all."""
    named = missing_names(question, "")
    if not named:
        return ""
    lines = found_lines(found)
    naming = [line for line in lines if not missing_names(question, line)]
    return max(naming, key=aboutness(question, lines), default="")


def found_lines(found: list[str]) -> list[str]:
    """The lines of what the tools found, without source headings, the tools' own notes and citation markers."""
    return [unlisted(MARKER.sub("", line)) for text in found for line in text.splitlines()
            if line.strip() and not is_source_heading(line) and not is_note(line)]


def line_sharing_most(question: str, found: list[str]) -> str:
    """The found line most about the question (`aboutness`), saying at least two of its words; '' when none does."""
    wanted, lines = terms(question), found_lines(found)
    best = max(lines, key=aboutness(question, lines), default="")
    return best if len(terms(best) & wanted) >= 2 else ""


def dated_line(question: str, found: list[str]) -> str:
    """Asked when something happened, of a document its file's name picked ("when did I ship the parcel?" of a
    shipping receipt whose lines say "Receipt date: ..."), no line shares the question's words: its first line that
    gives a date; '' for another question, or found passages of several files."""
    sources = {heading_path(line) for text in found for line in text.splitlines() if is_source_heading(line)}
    if not (DATE_ASKED.search(question) or re.match(r"\W*when\b", question, re.I)) or len(sources) != 1:
        return ""
    return next((line for line in found_lines(found) if any(claim.kind == "date" for claim in claims(line))), "")


def opening_of(found: list[str], count: int = 3) -> str:
    """The first lines of what was found, for a question no single line is about ("give me the gist of the oldest memo")."""
    return " / ".join(found_lines(found)[:count])


def line_most_about(question: str, found: list[str], fits: Callable[[Claim], bool] | None = None) -> str:
    """The found line with a figure most about the question (`aboutness`), saying at least two and half of its
    words; '' when none does. The words that name the documents the lines are from ("the Quill lab paper") are
    what picked the document, not what its lines say. fits: which figures count (an amount, where one is asked);
    a line with such a figure needs one word of the question."""
    headings = [heading_path(line) for text in found for line in text.splitlines() if is_source_heading(line)]
    wanted, every = terms(question) - terms(" ".join(headings)), found_lines(found)
    lines = [line for line in every if any(fits is None or fits(claim) for claim in claims(line))]
    best = max(lines, key=aboutness(question, every), default="")
    return best if len(terms(best) & wanted) >= (1 if fits else max(2, len(wanted) / 2)) else ""


def quoted(turn: "Turn", line: str) -> Accept:
    """The found line most about the question, quoted as the answer once the model's drafts failed the checks. A line
    that does not say a word of what the question is about that no file of the folder says either (a bank line for
    "the dentist's bill": its "faktura" is the bill, and no file says dentist) answers nothing: that nothing says
    those words is the answer."""
    said = terms(f"{line} {source_of(turn.content_found, line)}")
    translated = translations(terms(turn.question), set(turn.languages()))

    def told(word: str, said_in) -> bool:
        forms = [word] + [other for other, of in translated.items() if of == term_of(word)]
        return any(said_in(form) for form in forms)

    unsaid = [w for w in subject_words(turn.question) if w not in VALUE_KIND_WORDS and not told(w, lambda form: covers(term_of(form), said))
              and turn.said_in_files is not None and not told(w, turn.said_in_files)]
    if unsaid:
        return Accept(prompts.NOTHING_SAYS.format(folder=turn.folder, words=" or ".join(f"'{w}'" for w in unsaid), searched=what_was_searched(turn)), as_written=True)
    # A tool's line that quotes the file ("X has the release 4.2 on the line "..."") is quoted by what it quotes.
    inner = re.findall(r'"([^"]{8,})"', line)
    return Accept(prompts.QUOTED_LINE.format(line=max(inner, key=len) if inner else line))


# Words that name the kind of value asked, which a line writes its own way ("tlf.", an "@"): not what it is about.
VALUE_KIND_WORDS = frozenset({"address", "e-mail", "email", "mail", "phone", "telephone", "mobile", "website", "url", "code", "reference", "ref", "id"})


def source_of(found: list[str], line: str) -> str:
    """The path of the file a found line is listed under ('' when it is under none)."""
    for text in found:
        path = ""
        for row in text.splitlines():
            head = re.match(r"From (\S.*?)(?: \[\d+\])? \(", row)
            if head:
                path = head.group(1)
            elif line in row:
                return path
    return ""


def scoped(turn: "Turn", within: str) -> set[str]:
    """The files a search's `within` keeps it to (none for an empty one, or one that names nothing of the tree)."""
    try:
        return set(turn.tree.scope(within)) if within.strip() else set()
    except ValueError:  # a path that leaves the folder
        return set()


def changelog_asked_about(tree: "Toolbox", question: str, version: str = "") -> str | None:
    """The changelog a question names ("zither's release notes"), or else the one in the folder of the program it
    names ("the latest release of zither": zither/Changes.txt); of several, the one that opens a release of the
    version asked, or else the one that lists the most releases."""
    def is_changelog(path: str) -> bool:
        name = path.rsplit("/", 1)[-1].lower()
        return bool(set(words(name)) & set(CHANGELOG_NAMES)) or any(n in name for n in CHANGELOG_NAMES if " " in n or "-" in n)

    named = [path for path in tree.named_in(question) if is_changelog(path)]
    # "vnStat" is vnstat too; a number alone (of the version asked) names no program's folder.
    asked = {word for word in set(words(question)) | set(re.findall(r"[^\W_]+", question.lower())) if not word.isdigit()}
    asked |= {word[3:] for word in asked if word.startswith("lib") and len(word) > 5}  # libfoo is foo's library, in foo/
    every = [e.path for e in tree.entries if is_changelog(e.path)]
    # The program's changelogs (in its folder, or else beside its files), those the question names first; or else
    # the ones it names.
    named_programs = program_words(question)
    homes = program_homes(tree, named_programs)
    programs = [path for path in every if "/" in path and set(words(path.rsplit("/", 1)[0])) & asked] or [
        path for path in every if folder_of(path) in homes or releases_name(tree, path, named_programs)]
    # Of folders that share a word with the question, those it names most by their own names: "quern-tools" is
    # media-tools/quern-tools, not every folder under media-tools/.
    own = {path: len(set(words(folder_of(path).rsplit("/", 1)[-1])) & asked) for path in programs}
    programs = [path for path in programs if own[path] == max(own.values())] if own else programs
    kept = [path for path in programs if path in named] or programs or named
    # A changelog's own name the question says ("its NEWS file") picks it from the others of the program.
    kept = [path for path in kept if re.sub(r"[\W_]", "", path.rsplit("/", 1)[-1].split(".")[0]).lower() in asked & set(CHANGELOG_NAMES)] or kept
    if len(kept) > 1:
        # Of several (a program's ChangeLog and its debian/changelog), the one that opens the release asked, or else
        # (to say it has no such release) the one that lists the most releases.
        releases = {path: release_lines(document_lines(tree, path)) for path in kept}
        kept = [path for path in kept if version and version in releases[path]] or [max(kept, key=lambda path: len(releases[path]))]
    return kept[0] if kept else None


def program_words(question: str) -> set[str]:
    """The words of a question that may name a program ("vnStat" whole, too): none of asking, of changelogs' names
    or of releases."""
    said = set(words(question)) | set(re.findall(r"[^\W_]+", question.lower()))
    return {word for word in said if len(word) >= 3 and word not in QUESTION_WORDS and word not in CHANGELOG_NAMES and not terms(word) & RELEASE_WORDS}


def folder_of(path: str) -> str:
    return path.rsplit("/", 1)[0] if "/" in path else ""


def program_homes(tree: "Toolbox", programs: set[str]) -> set[str]:
    """The folders of a program kept in a folder named otherwise ("tools/lock_screen/"): those holding a file named
    after it ("zither.1", "zither-completion.bash")."""
    return {folder_of(e.path) for e in tree.entries if re.split(r"[-_.( ]", e.path.rsplit("/", 1)[-1].lower(), maxsplit=1)[0] in programs}


def releases_name(tree: "Toolbox", changelog: str, programs: set[str]) -> bool:
    """A changelog's releases name one of the programs ("zither 2.4")."""
    openings = " ".join(release_lines(document_lines(tree, changelog)).values()).lower()
    return any(re.search(rf"(?<![\w-]){re.escape(word)}[\s-]+v?\d+\.\d", openings) for word in programs)


def manual_asked_about(tree: "Toolbox", question: str, option: str) -> str | None:
    """The manual a question about `option` means: of the files named after the command the option follows ("zither
    -L": zither.1, zither(5).txt), or else of the files the question names or in the folder of the program it names
    or beside a file named after it, a manual (tools.manuals) that defines the option; when none defines it, the
    first manual there, to say so; None when there is none."""
    def own_name(path: str) -> str:
        return re.split(r"[.(]", path.rsplit("/", 1)[-1].lower(), maxsplit=1)[0]

    commands = [found.lower() for found in re.findall(r"([\w.+-]+)\s+--?[A-Za-z][\w-]*", question)]
    candidates = next(([e.path for e in tree.entries if own_name(e.path) == command] for command in commands
                       if any(own_name(e.path) == command for e in tree.entries)), [])
    folder = folder_by_its_own_name(question, tree.folders)
    elsewhere = tree.named_in(question) or [e.path for e in tree.entries if folder and e.path.startswith(folder + "/")]
    homes = program_homes(tree, program_words(question)) - {""}
    beside = [e.path for e in tree.entries if folder_of(e.path) in homes] if len(homes) <= 3 else []
    for kept in (candidates, elsewhere, beside):
        defined = {path: defined_options(document_lines(tree, path)) for path in kept[:MANUALS_READ]}
        manuals = [path for path, options in defined.items() if options]
        if manuals:
            return next((path for path in manuals if option in defined[path]), manuals[0])
    return None


def document_lines(tree: "Toolbox | None", path: str) -> list[str]:
    """A document's lines as count_in_file reads them (its reader, tools.inside.listed_lines); none when it cannot
    be read."""
    from ..files.readers import Unreadable, read_document

    entry = next((e for e in tree.entries if e.path == path), None) if tree is not None else None
    if entry is None:
        return []
    try:
        return listed_lines(read_document(tree.root / entry.disk_path, entry.extension))
    except (Unreadable, OSError):
        return []


def leans_back(question: str) -> bool:
    """A question that refers to the one before ("it", "her", "and ..."), a fragment ("check-in?", "what did I
    buy?") that leans on it, or one that names nothing of its own: one word of substance, no name, no figure ("so
    what's still to pay, and by when?" is about the bill the conversation was on)."""
    return (bool(REFERS_BACK.search(question)) or len(re.findall(r"[\w'-]+", question)) <= 4
            or (len(terms(question)) <= 1 and not names_in(question) and not re.search(r"\d", question)))


# A document the question points at as the one of the answer before: "that sample", "this config", "the same file".
POINTED_NAME = re.compile(r"\b(?:that|this|the same)\s+([\w.-]+)", re.I)


def sources_before(turn: "Turn") -> list[str]:
    """The paths the answer before names as its sources."""
    before = next((t for t in reversed(turn.history) if t.get("role") == "assistant"), {})
    return list(dict.fromkeys(str(s["path"]) for s in before.get("sources", []) if isinstance(s, dict) and s.get("path")))


def points_at_the_answer_before(turn: "Turn") -> bool:
    """A follow-up that points at a file by a word of the folder's file names ("which port does that example set?"
    after an answer from an example config): the document is the answer before's source, not every file so named."""
    pointed = {singular(word.lower()) for word in POINTED_NAME.findall(turn.as_written or turn.question)}
    return bool(pointed & (turn.tree.name_words() if turn.tree is not None else set())) and bool(sources_before(turn))


def conversation_subject(history: list[dict]) -> list[str]:
    """What the conversation is about, most recent first: turn by turn back to the last question that did not lean
    on the one before it, the names its answer opens with (its first sentence) and the words of its question."""
    said: list[str] = []
    answer = ""
    for turn in reversed(history):
        content = str(turn.get("content", ""))
        if turn.get("role") == "assistant":
            answer = content
            continue
        if turn.get("role") != "user":
            continue
        said += names_opening(answer) + re.findall(r"[\w'-]+", content)
        answer = ""
        if not leans_back(content):
            break
    return said


def names_opening(answer: str) -> list[str]:
    """The words of the names an answer's first sentence says ("Ada Lind."; "The owner is Bo Ek [1]")."""
    opening = re.split(r"(?<=[.!?])\s+|\n", answer.strip(), maxsplit=1)[0]
    # Its first word counts when the next is part of the same name ("Ada Lind"), not when it only starts the sentence.
    first = opening.split()[0].removesuffix("'s") if opening.split() else ""
    names = [name for name in proper_names(f"and {opening}") if not (name.split()[0] == first and len(name.split()) == 1)]
    return [word for name in names for word in name.split()]
