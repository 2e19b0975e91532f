"""How the filesystem tools say which files they mean and list them: sizes and dates as people read them, the
noun for a set of files, ranks, the files a name points at, and the part of a long document that is about some words."""

from __future__ import annotations

import difflib
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from ..files.walk import FileEntry, human_size, when
from ..language.figures import MONTH_NAMES
from ..language.glossary import translations
from ..language.lexicon import GROUP_NOUNS, LANGUAGE_WORDS
from ..language.matching import describe_match, kin_words, match_folder, split_type_words, type_extensions
from ..language.text import is_piece_heading, singular, terms, words

MAX_LISTED = 50
TYPES_SAID = 12  # a count says this many of its types by name, the rest as a number
TREE_WITH_FILES = 40  # a tree of at most this many files shows them, as `tree` does


def breakdown(files: list[FileEntry]) -> str:
    """What a count says of the files it counts: their types whenever they are of several (what kinds of files a
    folder holds is asked of a few files too) and, of many, the years or months of their last change."""
    by_type = Counter(e.extension or "(no extension)" for e in files)
    said = ""
    if len(by_type) > 1:
        kinds = ", ".join(f"{n} .{t}" if t[0] != "(" else f"{n} {t}" for t, n in by_type.most_common(TYPES_SAID))
        more = f", and {len(by_type) - TYPES_SAID} more types" if len(by_type) > TYPES_SAID else ""
        said = f" By type: {kinds}{more}."
    if len(files) <= 10:
        return said
    # Files of a few years apart, counted by the year of their last change ("in 2023 versus 2024"); of one year,
    # by the month ("which month saw the most changes").
    by_year = Counter(time.localtime(e.modified).tm_year for e in files)
    by_month = Counter(time.localtime(e.modified).tm_mon for e in files)
    if 1 < len(by_year) <= 6:
        said += " By year last modified: " + ", ".join(f"{year}: {n}" for year, n in sorted(by_year.items())) + "."
    elif len(by_year) == 1 and len(by_month) > 1:
        year, top = next(iter(by_year)), max(by_month.values())
        most = " and ".join(f"{MONTH_NAMES[m]} {year}" for m in sorted(by_month) if by_month[m] == top)
        months = ", ".join(f"{MONTH_NAMES[m]}: {n}" for m, n in sorted(by_month.items()))
        said += f" By month last modified: {months}; the most in {most} ({top})."
    return said


def span(first: str, last: str) -> str:
    """'lines 1-40' to 'lines 41-80' is 'lines 1-80'; places of different kinds are joined with 'to'."""
    if first == last:
        return first
    head = re.fullmatch(r"(.*?)(\d+)(?:-\d+)?", first)
    tail = re.fullmatch(r"(.*?)\d+(?:-(\d+))?", last)
    if head and tail and head.group(1) == tail.group(1):
        end = tail.group(2) or re.search(r"(\d+)$", last).group(1)
        return f"{head.group(1)}{head.group(2)}-{end}"
    return f"{first} to {last}"


def part_about(about: str, parts: list[str]) -> int:
    """Which part of a document (1-based) is most about the words given: rarer words in the document weigh more."""
    from ..language.text import covers, terms

    wanted = terms(about)
    found = [terms(text) for text in parts]
    score = []
    for own in found:
        score.append(sum(1.0 / (1 + sum(covers(t, other) for other in found)) for t in wanted if covers(t, own)))
    best = max(range(len(parts)), key=lambda i: (score[i], -i))
    return best + 1 if score[best] > 0 else 1


CELL = re.compile(r"(?:^|; )[^:;]{1,60}: ")  # a cell of a row as the readers write a table's: "a: 1; b: 2"
ROWS_SHOWN = 20


def rows_about(about: str, parts: list[str]) -> tuple[list[str], int] | None:
    """The rows of a table most about the words given (every row that says the most of them, rarer words weighing
    more: a country and a year name the one row), at most ROWS_SHOWN of them after the table's column line, and how many
    there are; None for a document that is no table, or when no row says any of the words."""
    from ..language.figures import months_named
    from ..language.names import acronyms, says_acronym
    from ..language.text import covers, terms

    lines = [line for part in parts for line in part.splitlines() if line.strip() and not is_piece_heading(line)]
    rows = [line for line in lines if len(CELL.findall(line)) >= 2]
    if len(rows) < max(3, len(lines) // 2):
        return None
    wanted = terms(about)
    said = [terms(row) for row in rows]
    weight = {t: 1.0 / (1 + sum(covers(t, own) for own in said)) for t in wanted}
    scores = [sum(w for t, w in weight.items() if covers(t, own)) for own in said]
    # A name said in capitals alone ("the US") is said by the rows that spell it out ("United States").
    for acronym in acronyms(about):
        saying = [says_acronym(acronym, row) for row in rows]
        scores = [score + says / (1 + sum(saying)) for score, says in zip(scores, saying)]
    # A month of a year asked ("September 2031") is the row dated in it ("2031-09-01"), whose words do not say it.
    months = months_named(about)
    if months:
        scores = [score + len(weight) * (bool(months & dated_months(row))) for score, row in zip(scores, rows)]
    best = max(scores, default=0.0)
    if best <= 0:
        return None
    header = next((line for line in lines if line.startswith("Columns:")), None)
    chosen = [row for row, score in zip(rows, scores) if score == best]
    return ([header] if header else []) + chosen[:ROWS_SHOWN], len(chosen)


def dated_months(text: str, month_first: bool = False) -> set[tuple[int, int]]:
    """The months of a year a line is dated in, by its dates ("2031-09-01") or its months ("2031-09", "Sep 2031")."""
    from ..language.figures import dates_in, months_named

    # A file's name joins its words with underscores ("fees_from_2031-01-01"): its date is one all the same.
    text = text.replace("_", " ")
    return {(year, month) for year, month, _ in dates_in(text, month_first=month_first)[0] if year} | months_named(text)


def document_months(lines: list[str]) -> set[tuple[int, int]]:
    """The months of a year a document is of: the period it states (a bill's month or quarter); else, a record of many
    months, each it names; else the one it opens with (February's bill, issued and paid in March, is February's)."""
    from ..language.figures import period_of, writes_month_first

    # "01/08/2031 to 02/09/2031" is January's and February's where the document writes "02/23/2031" too.
    month_first = writes_month_first(lines)
    by_line = [dated_months(line, month_first) for line in lines]
    named = set().union(*by_line) if by_line else set()
    # A bill of a quarter names three months and the day it was issued: its period says what it is of.
    period = next((found for line in lines if (found := {(y, m) for y, m in period_of(line, month_first) if y})), set())
    if period:
        return period
    if len({month for _, month in named}) >= 3:
        return named
    return next((found for found in by_line if found), set())


def file_line(entry: "FileEntry") -> str:
    return f"- {entry.path} ({human_size(entry.size)}, modified {when(entry.modified)})"


def names_sentence(paths: list[str]) -> str:
    return paths[0] if len(paths) == 1 else ", ".join(paths[:-1]) + " and " + paths[-1]


ORDER_WORDS = {"newest": "newest first", "oldest": "oldest first", "largest": "largest first", "smallest": "smallest first"}


@dataclass
class Selection:
    """The files a count or a listing is about, and how to say which they are."""

    files: list[FileEntry]
    noun: tuple[str, str]  # singular and plural: ("spreadsheet", "spreadsheets"), (".pdf file", ".pdf files")
    where: str  # "in the folder", "under finance/"
    conditions: list[str] = field(default_factory=list)  # "larger than 5 MB", "changed since 2025-11-16"
    notes: list[str] = field(default_factory=list)  # how loose arguments were read, said to the model

    def phrase(self, count: int) -> str:
        noun = self.noun[0] if count == 1 else self.noun[1]
        # "that are hidden" of many files, "that is hidden" of one.
        conditions = [re.sub(r"^that are\b", "that is", c) if count == 1 else c for c in self.conditions]
        return " ".join([noun, self.where] + conditions)


def folder_tree(inside: list["FileEntry"], prefix: str, max_depth: int) -> tuple[str, str, int]:
    """The tree of the files under a folder ('' for the root): its text, the answer that says it, and how many
    folders it has. A tree small enough to read whole shows its files too, as `tree` does; a large one its
    folders with how many files each holds."""
    counts: Counter[str] = Counter()
    children: dict[str, set[str]] = {}
    names: dict[str, list[str]] = {}
    for e in inside:
        parts = PurePosixPath(e.path).parts[:-1]
        counts[""] += 1
        parent = ""
        for part in parts:
            current = f"{parent}/{part}" if parent else part
            counts[current] += 1
            children.setdefault(parent, set()).add(current)
            parent = current
        names.setdefault(parent, []).append(PurePosixPath(e.path).name)
    with_files = counts[prefix] <= TREE_WITH_FILES
    depth_shown = 6 if with_files else max_depth
    lines = [f"{prefix or '.'}/ ({counts[prefix]} files)"]
    budget = [80]

    def render(node: str, depth: int, indent: str) -> None:
        kids = sorted(children.get(node, ()))
        for index, kid in enumerate(kids):
            if budget[0] <= 0:
                lines.append(f"{indent}... {len(kids) - index} more folders")
                return
            if index == 20:
                lines.append(f"{indent}... {len(kids) - 20} more folders")
                return
            budget[0] -= 1
            lines.append(f"{indent}{kid.rsplit('/', 1)[-1]}/ ({counts[kid]} files)")
            if depth < depth_shown:
                render(kid, depth + 1, indent + "    ")
        if with_files:
            lines.extend(f"{indent}{name}" for name in sorted(names.get(node, [])))

    render(prefix, 1, "    ")
    folders = sum(1 for name in counts if name and (not prefix or name.startswith(prefix + "/")))
    direct = sorted(kid.rsplit("/", 1)[-1] for kid in children.get(prefix, ()))
    where = f"{prefix}/" if prefix else "The folder"
    tree = "\n".join(lines)
    if not direct:
        return tree, f"{where} has no subfolders; it holds {len(inside)} {'file' if len(inside) == 1 else 'files'}:\n" + "\n".join(file_line(e) for e in inside[:MAX_LISTED]), folders
    head = f"{where} has {len(direct)} {'subfolder' if len(direct) == 1 else 'subfolders'} ({', '.join(direct)}) and {counts[prefix]} files in all"
    if len(direct) > 1:
        ranked = sorted(sorted(children[prefix]), key=lambda kid: -counts[kid])
        head += f"; {ranked[0].rsplit('/', 1)[-1]}/ holds the most ({counts[ranked[0]]} files)"
        if len(ranked) > 2:
            head += ", then " + ", ".join(f"{kid.rsplit('/', 1)[-1]}/ ({counts[kid]})" for kid in ranked[1:5])
        # Counted with what its subfolders hold, a top folder leads; the folder with the most files of its own is another.
        most = max(len(files) for files in names.values())
        own = [f"{node or '.'}/" for node in sorted(names) if len(names[node]) == most]
        head += f"; the most files directly in one folder: {names_sentence(own[:3])}{' and more' if len(own) > 3 else ''} ({most} each)" if len(own) > 1 \
            else f"; the most files directly in one folder: {own[0]} ({most})"
    # How deep it goes: its deepest folders, counted in levels below it.
    below = [name for name in counts if name and (not prefix or name.startswith(prefix + "/"))]
    depth = max(name.count("/") for name in below)
    deepest = sorted(name + "/" for name in below if name.count("/") == depth)
    levels = depth + 1 - (prefix.count("/") + 1 if prefix else 0)
    if levels > 1:
        head += f"; its folders go {levels} levels deep ({names_sentence(deepest[:5])}{' and more' if len(deepest) > 5 else ''})"
        # The most deeply nested files: those of the deepest folders that hold any.
        holding = [name for name in below if names.get(name)]
        lowest = max((name.count("/") for name in holding), default=-1)
        nested = sorted(f"{name}/{file}" for name in holding if name.count("/") == lowest for file in names[name])
        if nested:
            head += f"; the most deeply nested files: {names_sentence(nested[:5])}{' and more' if len(nested) > 5 else ''}"
    return tree, head + ":\n```\n" + tree + "\n```", folders


def files_noun(extension: str, extensions: tuple[str, ...]) -> tuple[str, str]:
    """How an answer names the files: by the type word the call used ('spreadsheets (.csv, .xlsx)'),
    or by extension ('.pdf files')."""
    if not extensions:
        return "file", "files"
    if extensions == ("",):
        return "file without an extension", "files without an extension"
    if len(extensions) == 1:
        return f".{extensions[0]} file", f".{extensions[0]} files"
    group = next((singular(w) for w in re.findall(r"[a-z]+", extension.lower()) if type_extensions(w) == extensions), "")
    shown = "/".join(f".{e}" for e in extensions[:4]) + ("/..." if len(extensions) > 4 else "")
    one, many = GROUP_NOUNS.get(group, (f"{group} file", f"{group} files") if group else (f"{shown} file", f"{shown} files"))
    return f"{one} ({shown})", f"{many} ({shown})"


def match_names(entries: list[FileEntry], hint: str) -> list[FileEntry]:
    """The files a name or a description points at, best match first: the exact path or name, then
    the name without its extension, then every word of a description ('the sourdough recipe', 'my Q1
    budget spreadsheet'), then a part of a path, then a close spelling."""
    hint = hint.strip().strip("'\"`").replace("\\", "/").lower()
    if not hint:
        return []
    exact = [e for e in entries if e.path.lower() == hint or e.name.lower() == hint]
    if exact:
        return exact
    stem = hint.rsplit(".", 1)[0] if "." in hint else hint
    by_stem = [e for e in entries if e.name.lower().rsplit(".", 1)[0] == stem]
    if by_stem:
        return by_stem
    by_path = {e.path: e for e in entries}
    described = describe_match(hint, list(by_path), lambda path: by_path[path].extension)
    if described:
        return [by_path[p] for p in described]
    contains = [e for e in entries if stem in e.path.lower()]
    if contains:
        return contains
    names = {" ".join(words(e.name.rsplit(".", 1)[0])): e for e in entries}
    close = difflib.get_close_matches(" ".join(words(stem)), list(names), n=5, cutoff=0.75)
    return [names[c] for c in close]


def left_out(entries: list[FileEntry], excluding: str, folders: list[str]) -> tuple[list[FileEntry], str]:
    """The files a filter leaves out, and how a listing says so: those under the folder it names (each of its words
    the folder's), else those of the types it names ("zip archives"), else those whose paths say each of its words, a
    word akin to it or its translation ("bills" of files named "invoice" or "faktura"); none, when no file is, said."""
    folder = match_folder(excluding, folders)
    if folder and {singular(w) for w in words(excluding)} <= {singular(w) for w in words(folder)}:
        return [e for e in entries if e.path.startswith(folder + "/")], f"outside {folder}/"
    extensions, rest = split_type_words(excluding)
    if extensions and not rest:
        return [e for e in entries if e.extension in extensions], f"other than {excluding}"
    said = [{singular(w), *kin_words(singular(w)), *translations(terms(w), set(LANGUAGE_WORDS))} for w in rest]
    out = [e for e in entries if all(names & {singular(x) for x in words(e.path)} for names in said)] if said else []
    return out, f"not named '{excluding}'" if out else f"(no file is named '{excluding}', so none is left out)"
