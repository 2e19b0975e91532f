"""Which licence a licence file's text is: LICENSE, COPYING and their kin often carry the text alone, never its name
("redistribution and use in source and binary forms ..." opens the BSD licences of two, three or four clauses), and "what licence
is it under?" is answered from a line that names it, which such a file does not have."""

from __future__ import annotations

import re

# A licence named at the top of its own text, as the GNU, Apache, Mozilla and other texts open: (pattern, name).
TITLED = [
    (r"gnu (lesser|library|affero) general public license,? version (\d(?:\.\d)?)", "GNU {0} General Public License, version {1}"),
    (r"gnu general public license,? version (\d(?:\.\d)?)", "GNU General Public License, version {0}"),
    (r"apache license,? version (\d\.\d)", "Apache License, version {0}"),
    (r"mozilla public license,? (?:version|v\.?) ?(\d\.\d)", "Mozilla Public License, version {0}"),
    (r"eclipse public license -? ?(?:version|v\.?) ?(\d\.\d)", "Eclipse Public License, version {0}"),
    (r"boost software license -? ?version (\d\.\d)", "Boost Software License, version {0}"),
    (r"the artistic license (\d\.\d)", "Artistic License {0}"),
    (r"cc0 1\.0 universal", "Creative Commons CC0 1.0 Universal (public domain dedication)"),
]
# A licence known by the words it opens with, in the order that tells the near ones apart: (words, words it must not say
# too, name).
WORDED = [
    ("this is free and unencumbered software released into the public domain", None, "Unlicense (public domain)"),
    ("permission is hereby granted, free of charge, to any person obtaining a copy", None, "MIT License"),
    ("permission is granted to anyone to use this software for any purpose, including commercial applications", None, "zlib License"),
    ("distribute this software for any purpose with or without fee is hereby granted", "provided that", "BSD Zero Clause License (0BSD)"),
    ("distribute this software for any purpose with or without fee is hereby granted", None, "ISC License"),
]
# The BSD licences open alike and differ in the clauses after: (a clause only it has, name), the one of most first.
BSD_OPENING = "redistribution and use in source and binary forms"
BSD_CLAUSES = [("all advertising materials mentioning features", "BSD 4-Clause License (original BSD)"),
               ("neither the name", "BSD 3-Clause License (new or revised BSD)"),
               ("", "BSD 2-Clause License (simplified BSD)")]
# A licence file is short, and says what it is at its top.
MAX_LICENCE_CHARS = 40_000
TOP_CHARS = 400
OPENING_CHARS = 3_000


def licence_named(text: str) -> str:
    """'The text of this file is the BSD 2-Clause License (simplified BSD).' for a licence's own text; '' for any other
    text (a notice that a program is under a licence names it in its own words)."""
    if len(text) > MAX_LICENCE_CHARS:
        return ""
    flat = re.sub(r"[\s*#>]+", " ", text.lower().replace("“", '"').replace("”", '"')).strip()
    name = ""
    for pattern, shown in TITLED:
        found = re.search(pattern, flat[:TOP_CHARS])
        if found:
            name = shown.format(*(part.capitalize() for part in found.groups()))
            break
    opening = re.sub(r"[^a-z0-9 ,/]", "", flat[:OPENING_CHARS])
    if not name and BSD_OPENING in opening:
        rest = re.sub(r"[^a-z0-9 ,/]", "", flat)
        name = next(shown for clause, shown in BSD_CLAUSES if clause in rest)
    if not name:
        name = next((shown for says, unless, shown in WORDED if says in opening and not (unless and unless in opening)), "")
    return f"The text of this file is the {name}." if name else ""
