"""A manual's options read in code: asked what "-L" does, a search ranks the lines that mention -L anywhere (a
credits file's "added -L", another option's "see -L") and a small model retells one of them, or the line of
the option before; the entry that defines the option is the line that opens with it."""

from __future__ import annotations

import re

from ..language.text import is_heading

# A line that opens with an option (after a list's bullet, a POD "=item", reStructuredText's ".. option::", Texinfo's
# "@item", a heading's marks or markup), and the options it names as one ("-l, --list", "-f | --file").
OPENS_WITH_OPTION = re.compile(r"^\s*(?:[*•+]\s+|-\s+|#+\s*|=item\s+|\.\.\s+option::\s+|@itemx?\s+|\d+\.\s+)?[`*]*(?:[BIC]<)?"
                               r"(--?[A-Za-z][\w-]*)(?=$|[\s:,=\[<>`*|])")
# The next name of the option, after the argument the one before takes, if any ("-k N, --iterations N", "-d[N], --derive").
ALIAS = re.compile(r"^(?:\[?=?[<\w.-]*[>\]]?|\s+[<\[]?[A-Za-z][\w.-]*[>\]]?)?[`*>]*(?:,\s*|\s+\|\s+|\s+or\s+)[`*]*(?:[BIC]<)?(--?[A-Za-z][\w-]*)")
POD_COMMAND = re.compile(r"^=[a-z]+\d?\b")  # "=item", "=back", "=head2": the entry has ended
MANUAL_OPTIONS = 3  # a document that defines fewer options is no manual of a program's options
ENTRY_LINES = 4  # the most lines of one option's entry an answer gives


def defined_options(lines: list[str]) -> dict[str, int]:
    """Each option a manual defines with the line that opens its entry ("-L level: Max display depth",
    "=item -t"); a document with fewer than MANUAL_OPTIONS such lines defines none."""
    defined: dict[str, int] = {}
    for at, line in enumerate(lines):
        opening = OPENS_WITH_OPTION.match(line)
        if not opening:
            continue
        defined.setdefault(opening.group(1), at)
        rest = line[opening.end():]
        while alias := ALIAS.match(rest):
            defined.setdefault(alias.group(1), at)
            rest = rest[alias.end():]
    return defined if len(set(defined.values())) >= MANUAL_OPTIONS else {}


def option_entry(lines: list[str], defined: dict[str, int], option: str) -> list[str]:
    """The lines of one option's entry: the line that opens it and those under it, up to the next option's line,
    a heading or a POD command (at most ENTRY_LINES)."""
    start = defined[option]
    openings = set(defined.values())
    entry = [re.sub(r"^(?:=item|\.\.\s+option::|@itemx?)\s+", "", lines[start].strip())]
    for at, line in enumerate(lines[start + 1:], start + 1):
        if len(entry) >= ENTRY_LINES or at in openings or is_heading(lines, at) or POD_COMMAND.match(line):
            break
        if line.strip():
            entry.append(line.strip())
    return entry


def option_read(path: str, lines: list[str], option: str) -> tuple[str, bool] | None:
    """What the manual at `path` says of `option`: its entry, or that it defines no such option (with those it
    does define), and whether it defines it; None for a document that is no manual of options."""
    defined = defined_options(lines)
    if not defined:
        return None
    if option not in defined:
        named = ", ".join(sorted(defined, key=lambda o: (o.startswith("--"), o.lower(), o)))
        return f"{path} defines no option {option}; the options it defines are {named}.", False
    entry = option_entry(lines, defined, option)
    return f"{path} defines {option}:\n" + "\n".join(entry), True
