"""Prose as a reader sees it: a paragraph hard-wrapped at 72 columns is one sentence cut into lines, and an option
or term on a line of its own is what the paragraph under it defines. Each becomes one line, so that the line a
search finds about the thing asked ("originally written by A and is currently developed and / maintained by B",
"-n, --dry-run / Show what would be done") says all of it."""

from __future__ import annotations

import re

from ..language.lexicon import PROSE_EXTENSIONS

WRAPPED = 40  # a line at least this long that the next one continues was wrapped, not ended ...
WIDEST_WRAP = 160  # ... and one longer than this was not wrapped by hand
TERM_LONGEST = 70
# A line that starts something of its own: a list item, a heading, a table row, a quote, a directive, a code fence,
# an underline, a setting ("key: value", "key = value"), a citation marker.
STARTS_ITS_OWN = re.compile(r"\s*(?:[-*+•]\s|\d+[.)]\s|#|=+\s|\||>|\.\.\s|```|~~~|:\w|\[\d+\]|[=\-~^*+#]{3,}\s*$|"
                            r"[\w.()/-]+(?:\s[\w.()/-]+){0,3}\s*(?:=|:(?:\s|$)))")
# Columns set apart by runs of spaces: a table or a form, whose rows are lines of their own.
COLUMNS = re.compile(r"\S\s{3,}\S|\.{4,}|_{4,}|\t")
# An option or a term on a line of its own: "-n, --dry-run", "`--backup-dir=DIR`", "0.  `--times`, `-t`", "max_size::",
# "HTTP_PROXY", "ACME_RETRY_DELAY".
OPTION = r"`?-{1,2}[A-Za-z0-9][\w-]*(?:[= ][^\s,`]+)?`?"
TERM = re.compile(rf"\s*(?:\d+\.\s+)?(?:{OPTION}(?:,\s*{OPTION})*|[\w.-]+::|`[^`]+`::?|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\s*")
RECORD_START = re.compile(r"\s*(?:\d{4}-\d\d|\d\d?:\d\d|\[\d)")
# A release's own line: a version alone, after at most one word, before at most a short date ("V0.96", "1.6.6 - 30 June 2017").
RELEASE_ALONE = re.compile(r"\s*(?:[A-Za-z][\w-]*\s+)?[vV]?\d+(?:\.\d+)+[\w.-]*(?:\s*[-–(:/][^.]{0,24})?\s*")
LIST_ITEM = re.compile(r"(\s*(?:[-*+•]|\d+[.)])\s+)")


def is_prose(name: str) -> bool:
    """A file read as prose: by its extension, or a name without one ("README", "NEWS", "AUTHORS")."""
    suffix = name[name.rfind("."):].lower() if "." in name.lstrip(".") else ""
    return suffix in PROSE_EXTENSIONS or not suffix


def indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def is_term(line: str) -> bool:
    return len(line.strip()) <= TERM_LONGEST and bool(TERM.fullmatch(line))


def joined(lines: list[str], numbers: list[int] | None = None, wrapped: bool = True) -> tuple[list[str], list[int]]:
    """The lines with each lone term before the paragraph that defines it ("-n, --dry-run: Show what would be done") and, when
    wrapped, each hard-wrapped paragraph or list item on one line; each at the number of its first line."""
    numbers = numbers or list(range(1, len(lines) + 1))
    widths = block_widths(lines)
    out: list[str] = []
    at: list[int] = []
    fenced = False
    last = ""  # the last line taken into out[-1] as written: whether it was wrapped
    start = 0  # where out[-1]'s text begins: its indent, or past a list item's marker
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        elif not fenced and line.strip() and out and continues(out[-1], last, line, start, wrapped, widths[index]):
            out[-1] = f"{out[-1].rstrip()} {line.strip()}"
            last = line
            index += 1
            continue
        out.append(line)
        at.append(numbers[index])
        last = line
        marker = LIST_ITEM.match(line)
        start = len(marker.group(1)) if marker else indent(line)
        index += 1
        if not fenced and is_term(line):
            # The paragraph it defines: the next line, or the one after a blank, indented as much or more.
            after = index + (index < len(lines) and not lines[index].strip())
            if after < len(lines) and lines[after].strip() and indent(lines[after]) >= indent(line) \
                    and not is_term(lines[after]) and not STARTS_ITS_OWN.match(lines[after]):
                out[-1] = f"{line.rstrip().rstrip(':')}: {lines[after].strip()}"
                last, start = lines[after], indent(lines[after])
                index = after + 1
    return out, at


def block_widths(lines: list[str]) -> list[int]:
    """For each line, the length of the longest line of its block (the lines between blank ones): how wide its writer
    wrapped them, at most."""
    widths = [0] * len(lines)
    start = 0
    for end in [i for i, line in enumerate(lines) if not line.strip()] + [len(lines)]:
        width = max((len(line.rstrip()) for line in lines[start:end]), default=0)
        widths[start:end] = [width] * (end - start)
        start = end + 1
    return widths


def continues(paragraph: str, last: str, line: str, start: int, wrapped: bool, width: int) -> bool:
    """The line goes on with the paragraph (or list item) before it: that one's last line was wrapped (its next word
    would not have fitted on it), and this one starts nothing of its own and sits where the paragraph's text does.
    Lines that end short of their block's width were ended by their writer: "Una Vesk - Windows port." under
    "Tav Ormund - Lead developer & maintainer." is the next name of a list, not the sentence going on."""
    if not wrapped or not paragraph.strip() or not last.strip() or not WRAPPED <= len(last) <= WIDEST_WRAP or paragraph.rstrip().endswith(":"):
        return False
    if len(last.rstrip()) + 1 + len(line.split()[0]) <= width:
        return False
    if len(last.rstrip()) == width and re.search(r"[.!?]$", last.rstrip()) and line.lstrip()[:1].isupper():
        return False  # the block's longest line says nothing of the width, and it ended a sentence
    if STARTS_ITS_OWN.match(line) or is_term(line) or is_term(last) or COLUMNS.search(line.strip()) or COLUMNS.search(last.strip()):
        return False
    # Records, not a paragraph: lines that start alike ("line 7 ...", "INFO ..."), or with a date or a time.
    if line.split()[0] == last.split()[0] or RECORD_START.match(line) or RECORD_START.match(last) or RELEASE_ALONE.fullmatch(line):
        return False
    return start <= indent(line) <= start + 1 or (indent(line) == indent(last) and indent(line) >= start)
