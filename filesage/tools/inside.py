"""Counting the things one document lists (a table's rows or the different values of a column, a changelog's
releases, the entries under a heading, its pages or sheets) in code: a small model counting the dozen lines a
search shows it says a number of them, not of the document."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..language.lexicon import YEAR
from ..language.text import BULLET, RELEASE_VERSION, fold, is_heading, terms, version_order
from .manuals import option_read
from .result import ToolResult
from .tables import row_asked, table_count, table_figure
from .toolbox import Toolbox

if TYPE_CHECKING:
    from ..files.readers import Document

SHOWN = 12  # how many of the counted things the result names
RELEASE_WORDS = terms("release releases version versions")
PART_WORDS = terms("page pages sheet sheets worksheet worksheets slide slides")
NEWEST_WORDS = terms("newest latest last recent current")
RELEASE_LINES = 40  # the most lines of one release's notes a result gives
MANY_RELEASES = 3  # lines opening with versions that make a changelog's own way of opening releases
DATED = re.compile(r"(?:19|20)\d\d[-/.]\d\d?[-/.]\d\d?\b|\d\d?[-/.]\d\d?[-/.](?:19|20)\d\d\b")  # a date in figures opens the line
NEIGHBOUR = re.compile(r"\b(before|after)\s+v?\d+(?:\.\d+)+", re.I)  # "release after 1.4.4": the one next to it
# A release written as a list item under its date line: "* Release v4.2", "  * release: 4.2", "* Quill 4.2 released".
RELEASE_ITEM = re.compile(r"\s*[*\-+•]\s+(?:(?:release|version):?\s+v?\d+(?:\.\d+)+|(?:[\w.-]+\s+)?v?\d+(?:\.\d+)+[a-z]?\s+released\.?)\s*$", re.I)
# A changelog's heading for what is still to come: "2.14 / <not released yet>", "Unreleased".
UNRELEASED = re.compile(r"\b(?:not (?:yet )?released|unreleased|in development|upcoming)\b", re.I)
# A release headed by the span of versions it closes ("Changes from 4.1 to 4.2:", "4.1 -> 4.2") is the one it goes to.
SPAN_TO = re.compile(r"\s*(?:to|->|→|=>)\s*v?(?=\d)", re.I)


# What a release line says when it gives no date: the answer to "when", which a check keeps.
UNDATED = "which gives no date for it"


class Inside:
    """The count_in_file tool over one folder's files."""

    def __init__(self, toolbox: Toolbox):
        self.toolbox = toolbox

    def count_in_file(self, path: str, what: str) -> ToolResult:
        """Count the things one document lists: the rows of a table or the different values of its column named
        like `what`, the releases (versions) of a changelog, the entries under the heading named like `what`, or
        its pages, sheets or slides; or a table column's average, total, highest or lowest over the rows that say some words,
        or its value for a year or month; or the lines under one release of a changelog or one option of a manual.

        Args:
            path: the file's path relative to the folder, or its name
            what: what to count, in the document's words (e.g. "countries", "releases", "authors", "average price 2031"); "newest release" for its latest, "newest release notes" for the lines under it; "release after 4.2" for the next one ("release notes after 4.2" for its lines); "option -L" for a manual's entry of that option
        """
        from ..files.readers import Unreadable, document_parts, read_document

        candidates = self.toolbox.files_for(path)
        if len(candidates) != 1:
            shown = ", ".join(e.path for e in candidates[:8])
            summary = f"'{path}' fits {len(candidates)} files" if candidates else f"No file matches '{path}'"
            message = f"{summary}: {shown}. Call count_in_file with one path." if candidates else f"{summary}."
            return ToolResult(message, [], summary, ok=bool(candidates), found=False)
        entry = candidates[0]
        if terms(what) & PART_WORDS:
            parts = document_parts(self.toolbox.root / entry.disk_path, entry.extension)
            # A sheet named ("the 2031 sheet's hours") is where the rows asked about are, not the parts counted.
            named = [name for name in re.findall(r"\((.*)\)", parts)[0].split(", ") if terms(name) & terms(what)] if "(" in parts else []
            if parts and not named:
                return ToolResult(f"{entry.path} has {parts}.", [entry.path], f"{parts} in {entry.name}", answer=f"{entry.path} has {parts}.")
        try:
            document = read_document(self.toolbox.root / entry.disk_path, entry.extension)
        except (Unreadable, OSError) as exc:
            return ToolResult(f"{entry.path} cannot be read: {exc}.", [], f"{entry.name}: unreadable", ok=False)
        lines = listed_lines(document)
        option = re.fullmatch(r"\s*option\s+(--?[A-Za-z][\w-]*)\s*", what)
        read = option_read(entry.path, lines, option.group(1)) if option else None
        if read:
            text, defined = read
            return ToolResult(text, [entry.path], f"option {option.group(1)} in {entry.name}", answer=text, found=defined)
        asked = RELEASE_VERSION.search(fold(what)) if terms(what) & RELEASE_WORDS else None
        releases = release_lines(lines) if asked else {}
        if releases:
            version = asked.group(0)
            beside = NEIGHBOUR.search(what)
            if beside and version in releases:
                # "release after 1.4.4": the release whose number comes next, whichever order the changelog keeps.
                order = sorted(releases, key=version_order)
                way = beside.group(1).lower()
                at = order.index(version) + (1 if way == "after" else -1)
                if not 0 <= at < len(order):
                    text = f"{entry.path} lists no release {way} {version}: it is the {'newest' if at >= len(order) else 'oldest'} of its {len(order)}."
                    return ToolResult(text, [entry.path], f"No release {way} {version} in {entry.name}", found=False, answer=text)
                if not terms(what) & terms("notes"):
                    # Which release it is, and the line that opens it (its date, who made it): said as the changelog says it.
                    text = f"{order[at]} is the release {way} {version} in {entry.path}: \"{dated_opening(lines, releases[order[at]])}\"."
                    return ToolResult(text, [entry.path], f"release {order[at]} in {entry.name}", answer=text)
                version = order[at]
            if version not in releases:
                named = ", ".join(list(releases)[:SHOWN]) + (f" and {len(releases) - SHOWN} more" if len(releases) > SHOWN else "")
                text = f"{entry.path} opens no release {version}; the releases it lists are {named}."
                return ToolResult(text, [entry.path], f"No release {version} in {entry.name}", found=False, answer=text)
            opening, listed, basis = release_notes(lines, releases, version)
            # A release whose line (nor the two under it) has no date is not dated by the notes further down ("### v4.2").
            undated = f", {UNDATED}" if release_year(lines, releases[version]) is None else ""
            text = f"{entry.path} has the release {version} on the line \"{opening}\"{undated}; under it:\n{listed}"
            return ToolResult(text, [entry.path], f"release {version} in {entry.name}", basis=basis)
        figure = table_figure(lines, what, entry.path)
        if figure:
            text = f"In {entry.path}: {figure}"
            return ToolResult(text, [entry.path], f"{what} in {entry.name}", answer=text, found=not figure.startswith(("No row", "No column")))
        verdict, said = row_asked(lines, what) if YEAR.search(what) else ("rows", "")
        if verdict != "rows":
            text = f"{entry.path} has {said}." if verdict == "none" else f"In {entry.path}, {said}."
            return ToolResult(text, [entry.path], f"{what} in {entry.name}", answer=text, found=verdict == "value")
        counted = table_count(lines, what) or release_count(lines, what) or section_count(lines, what)
        if counted is None:
            return ToolResult(f"{entry.path} has no list of {what} that can be counted: no table column, releases or heading of that name.",
                              [entry.path], f"No {what} counted in {entry.name}", found=False)
        number, kind, items = counted
        named = ", ".join(items[:SHOWN]) + (f" and {len(items) - SHOWN} more" if len(items) > SHOWN else "")
        capped = " (only the first part of this very large file was read)" if document.capped else ""
        text = f"{entry.path} lists {number:,} {kind}{capped}{f': {named}' if named else ''}." if number else f"{entry.path} lists no {kind}{capped}."
        newest = newest_release(lines, what) if kind.startswith("release") and terms(what) & NEWEST_WORDS else None
        if newest:
            (version, line), bounds = newest, kind.partition(" ")[2]
            text = f"The newest release {entry.path} lists{' ' + bounds if bounds else ''} is {version}: \"{line}\" (of {number:,} {kind}{capped}: {named})."
            if terms(what) & terms("notes"):
                # What the newest release changed is for the model to read from its lines, not a release to render.
                _, listed, basis = release_notes(lines, release_lines(lines), version)
                return ToolResult(f"{text} Under it:\n{listed}", [entry.path], f"release {version} in {entry.name}", basis=basis)
        return ToolResult(text, [entry.path], f"{number} {kind} in {entry.name}", answer=text)


def listed_lines(document: "Document") -> list[str]:
    """A document's lines as its reader gives them. Each piece after the first is headed with the document's first
    line in brackets: not a line it lists."""
    return [line for at, segment in enumerate(document.segments) for line in segment.text.splitlines()[1 if at and segment.text.startswith("[") else 0:]]


DATE_AFTER = re.compile(r"\s*[-–(\[:,]?\s*(?:(?:19|20)\d\d[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[- ][a-z]{3,9}[- ](?:19|20)\d\d)\b")


def release_lines(lines: list[str]) -> dict[str, str]:
    """A changelog's releases, each version with the line that opens it: a heading or a short line of its own that
    starts with the version (after at most the program's name, "version", a date), not an item of a list ("* build
    with libfoo 4.07")."""
    # A changelog whose releases open unindented lines with their version ("2.6  the tool would ...") indents their
    # notes: those lines are its releases, however long, and no indented line is one ("   libfoo 4.2 is now required").
    flush = {released(fold(line), found): line.strip() for line in lines if line[:1].isdigit() and (found := RELEASE_VERSION.match(fold(line)))}
    if len(flush) >= MANY_RELEASES:
        return flush
    releases: dict[str, str] = {}
    indented: set[str] = set()
    for index, line in enumerate(lines):
        text = fold(line).strip()
        found = RELEASE_VERSION.search(text)
        # A list item is a note under a release ("* build with libfoo 4.07") unless it says it is one ("* Release v4.2").
        # At most three words before the version, "version" and "release" not counted ("What's new in version 4.2").
        if not found or found.start() > 40 or (BULLET.match(line) and not RELEASE_ITEM.match(line)) \
                or len([w for w in re.findall(r"[^\W\d_]{2,}", text[:found.start()]) if w not in ("version", "release")]) > 3:
            continue
        # A line that opens with the release's date and then its version ("2031/05/02: Version 4.2 - who released it")
        # opens the release however long it is.
        # So does one whose version is followed by its date ("libfoo 1.3.7 (2031-07-04) -- the release's motto").
        if is_heading(lines, index) or len(text) <= 60 or (DATED.match(text) and found.start() <= 25) or DATE_AFTER.match(text[found.end():]):
            version = released(text, found)
            releases.setdefault(version, line.strip().lstrip("#").strip())
            if line[:1].isspace():
                indented.add(version)
    # Where enough releases open unindented lines, an indented line that names a version is a note under one
    # ("  made immutable [4.1]."), not a release of its own.
    if len(set(releases) - indented) >= MANY_RELEASES:
        return {version: line for version, line in releases.items() if version not in indented}
    return releases


def released(text: str, found: re.Match) -> str:
    """The version a release's opening line names, `found` its first: the second of a span it closes."""
    to = SPAN_TO.match(text, found.end())
    closing = RELEASE_VERSION.match(text, to.end()) if to else None
    return (closing or found).group(0)


def release_count(lines: list[str], what: str) -> tuple[int, str, list[str]] | None:
    """A changelog's releases: the different versions that open a heading or a short line of their own; of the
    years `what` says, those dated in them ("releases 2031", "releases before 2031", "since 2030")."""
    if not terms(what) & RELEASE_WORDS:
        return None
    versions = list(dated_releases(lines, what))
    kind = ("release" if len(versions) == 1 else "releases") + "".join(f" {way} {year}" for way, year in year_bounds(what))
    return (len(versions), kind, versions) if versions or year_bounds(what) else None


def year_bounds(what: str) -> list[tuple[str, int]]:
    """The years words say, each with how it bounds ("in", "before", "after", "since"): "before 2031"."""
    return [((way or "in").lower(), int(year)) for way, year in re.findall(r"(?:\b(before|after|since|until|in)\s+)?\b((?:19|20)\d\d)\b", what, re.I)]


def release_year(lines: list[str], opening: str) -> int | None:
    """The year a release is dated: on the line that opens it, or else on one of the two lines under it."""
    at = opening_at(lines, opening)
    found = next((YEAR.search(line) for line in [opened_with_date(lines, at), *lines[at + 1:at + 3]] if YEAR.search(line)), None)
    return int(found.group(0)) if found else None


def dated_releases(lines: list[str], what: str) -> dict[str, str]:
    """release_lines, kept to the years `what` bounds them by (none: all of them)."""
    releases = release_lines(lines)
    bounds = year_bounds(what)
    if not bounds:
        return releases
    fits = {"in": int.__eq__, "before": int.__lt__, "until": int.__le__, "after": int.__gt__, "since": int.__ge__}
    years = {version: release_year(lines, opening) for version, opening in releases.items()}
    return {version: opening for version, opening in releases.items()
            if years[version] is not None and all(fits[way](years[version], year) for way, year in bounds)}


def release_section(lines: list[str], releases: dict[str, str], version: str) -> tuple[str, list[str]]:
    """The line that opens the release `version` (one of `releases`, release_lines) and the lines under it, up to
    the next release's line (at most RELEASE_LINES of them)."""
    openings = set(releases.values())
    at = opening_at(lines, releases[version])
    entries: list[str] = []
    for index, line in enumerate(lines[at + 1:], at + 1):
        if line.strip().lstrip("#").strip() in openings or len(entries) == RELEASE_LINES or dates_the_next(lines, index, openings):
            break
        if line.strip() and not UNDERLINE.fullmatch(line.strip()):
            entries.append(BULLET.sub("", line, count=1).strip() if BULLET.match(line) else line.strip())
    return opened_with_date(lines, at), entries


def opened_with_date(lines: list[str], at: int) -> str:
    """The line that opens a release, after the dated line above it when the release is a list item under its date
    ("Tue, 12 May 2031  Ida <ida@example.org>" over "* Release v4.2"): the date belongs to the release."""
    # Over the entry's other items and their wrapped lines ("* Makefile: ...", "\tmore of it"): the entry's date line.
    above = next((line.strip() for line in reversed(lines[:at]) if line.strip() and not line[:1].isspace() and not BULLET.match(line)), "")
    if RELEASE_ITEM.match(lines[at]) and YEAR.search(above):
        # One line of single spaces, without the e-mail address in angle brackets and the item's mark: as a quote of it is written.
        return " ".join(f"{re.sub(r'<[^<>@]+@[^<>]+>', '', above).strip()}: {BULLET.sub('', lines[at], count=1)}".split())
    return lines[at].strip()


def dates_the_next(lines: list[str], index: int, openings: set[str]) -> bool:
    """The line is the date written above the next release's list item."""
    following = next((i for i in range(index + 1, len(lines)) if lines[i].strip()), None)
    return (following is not None and lines[following].strip() in openings and bool(RELEASE_ITEM.match(lines[following]))
            and bool(YEAR.search(lines[index])) and not BULLET.match(lines[index]))


def dated_opening(lines: list[str], opening: str) -> str:
    """The line `opening` (a value of release_lines) as it is shown: after its date when it is a list item under it."""
    at = opening_at(lines, opening)
    return opened_with_date(lines, at) if RELEASE_ITEM.match(lines[at]) else opening


def release_notes(lines: list[str], releases: dict[str, str], version: str) -> tuple[str, str, str]:
    """The line that opens a release, the lines under it listed for the model, and both as a result's basis."""
    opening, entries = release_section(lines, releases, version)
    return opening, "\n".join(f"- {line}" for line in entries) or "(nothing under it)", "\n".join([opening, *entries])


def newest_release(lines: list[str], what: str = "") -> tuple[str, str] | None:
    """The release with the highest number, or the first of a changelog that keeps its newest first, and the line
    that opens it; of the years `what` bounds (dated_releases), and not one the changelog says is not released yet."""
    releases = dated_releases(lines, what)
    out = [version for version, opening in releases.items() if UNRELEASED.search(" ".join(lines_from(lines, opening, 2)))]
    kept = [version for version in releases if version not in out]
    if not kept:
        return None
    numbers = [version_order(version) for version in kept]
    falling = sum(before > after for before, after in zip(numbers, numbers[1:]))
    # A changelog that keeps its newest first (most of its releases fall in number) opens with its newest: a higher
    # number further down is a version a note names on a line of its own ("(see section 12.4.1)"), no release.
    newest_first = len(kept) >= 3 and falling >= NEWEST_FIRST_SHARE * (len(kept) - 1)
    version = kept[0] if newest_first else kept[numbers.index(max(numbers))]
    return version, dated_opening(lines, releases[version])


NEWEST_FIRST_SHARE = 0.7


def lines_from(lines: list[str], opening: str, count: int) -> list[str]:
    at = opening_at(lines, opening)
    return lines[at:at + count]


def opening_at(lines: list[str], opening: str) -> int:
    """Where the line that opens a release (a value of release_lines) is."""
    return next(i for i, line in enumerate(lines) if line.strip().lstrip("#").strip() == opening)


# A title in capitals on a line of its own ("AUTHORS", as a formatted man page has it) heads what follows.
SECTION = re.compile(r"^[A-Z][A-Z /&-]{2,40}$")
UNDERLINE = re.compile(r"^[=\-~^*#+]{3,}$")


def heads(lines: list[str], at: int) -> bool:
    return is_heading(lines, at) or bool(SECTION.match(lines[at].strip()))


def section_count(lines: list[str], what: str) -> tuple[int, str, list[str]] | None:
    """The entries under the heading `what` names ("AUTHORS"): its non-empty lines up to the next heading."""
    wanted = terms(what)
    start = next((i for i, line in enumerate(lines) if heads(lines, i) and terms(line) & wanted), None)
    if start is None:
        return None
    entries = []
    for index in range(start + 1, len(lines)):
        if heads(lines, index):
            break
        entry = re.sub(r"^\s*(?:[-*•+]|\d+[.)])\s*", "", lines[index]).strip()
        if entry and not UNDERLINE.match(entry):
            entries.append(entry)
    return (len(entries), f"entries under '{lines[start].strip().lstrip('#').strip()}'", entries) if entries else None
