"""Words as filesage compares them: lower case without accents, lightly stemmed, without the words of asking;
and the lines a line of a document belongs under (a heading, a key above it)."""

from __future__ import annotations

import os
import re
import unicodedata

from .figures import dates_in
from .lexicon import NUMBER_SIGN, QUESTION_WORDS, UNIT_ABBREVIATIONS, UNIT_WORDS


def squash(text: str) -> str:
    return " ".join(text.lower().split())


def fold(text: str) -> str:
    """Lower case without accents, as the FTS5 index tokenises: 'Müllerstraße' -> 'mullerstraße', 'Bjørnvik' -> 'bjørnvik'
    (a letter of its own, "ø", "ł", "ß", stays: dropping it made a name no file says; other signs go, "–", "°")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if c.isascii() or (c.isalnum() and not unicodedata.combining(c))).lower()


def stem(word: str) -> str:
    """A light stem, so 'servings', 'serves' and 'serve' meet, and 'invoices' meets 'invoice'."""
    for suffix in ("ings", "ing", "ies", "ied", "es", "ed", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            word = word[: -len(suffix)] + ("y" if suffix in ("ies", "ied") else "")
            break
    word = word[:-1] if len(word) > 4 and word.endswith("e") else word
    # British and American spellings meet: "licence" and "license", "defence" and "defense".
    return word[:-1] + "s" if word.endswith(("cenc", "fenc", "tenc")) else word


CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z][a-z])")
VERSION = re.compile(r"(?<![\d.])\d+(?:\.\d+)+(?!\d|\.\d)")  # "4.2." ends a sentence with 4.2
# A release may follow another of the same number with a letter ("4.2", "4.2a", "4.2b"): a release of its own.
RELEASE_VERSION = re.compile(VERSION.pattern + r"(?:[a-z](?!\w))?")


def version_order(version: str) -> tuple[tuple[int, ...], str]:
    """A release's place among others: by its numbers, then its letter ("4.2" < "4.2a" < "4.12")."""
    numbers = re.match(r"[\d.]+", version).group(0).rstrip(".")
    return tuple(int(part) for part in numbers.split(".")), version[len(numbers):]


NUMERO = re.compile(r"\b[Nn][°º]")  # the numero sign ("N° 12"), whose ring is no degree


def terms(text: str) -> set[str]:
    """The words of a text that can say what it is about (stemmed), its dates as 'date:M-D', and its versions."""
    # A version said whole ("8.0.0", "0.10.3") tells its release apart, where its parts ("8", "0") say little.
    versions = VERSION.findall(fold(text))
    # A name written in camel case says its words too: "ConditionPathExists" is about a condition, a path, existing.
    split = CAMEL.sub(" ", text)
    words = re.findall(r"[^\W_]+", VERSION.sub(" ", fold(text))) + (re.findall(r"[^\W_]+", VERSION.sub(" ", fold(split))) if split != text else [])
    # The day and month of a date ("3 May", "03/05/2031") are said by its date term: as numbers of their own they
    # would be about any figure with a 3 in it ("3,80 €"). Its year and the numbers outside dates stay.
    dated, undated = dates_in(text)
    numbers = set(re.findall(r"\d+", undated)) | {str(year) for year, _, _ in dated if year}
    found = {stem(w) for w in words if w not in QUESTION_WORDS and (w in numbers if w.isdigit() else len(w) > 1)}
    found |= set(versions)
    # A command-line option is a term of its own: "-b" tells its line apart, where the letter alone says nothing.
    found |= set(re.findall(r"(?<![\w-])--?[a-z][\w-]*", fold(text)))
    found |= {f"date:{month}-{day}" for _, month, day in dated}
    # Units written as symbols are what a question says in words: "how many degrees" is "180 °C".
    # "N° 12" is a number's sign, no degree.
    found |= {stem(word) for symbol, words in UNIT_WORDS.items() if symbol in NUMERO.sub("", text) for word in words}
    found |= {stem(word) for short in found & UNIT_ABBREVIATIONS.keys() for word in UNIT_ABBREVIATIONS[short]}
    if NUMBER_SIGN.search(text):
        found.add("number")
    return found


def covers(term: str, found: set[str]) -> bool:
    """A term is in a text's terms, or (a long one) inside one of its compound words: 'miete' in 'kaltmiete'; or a
    long word of the text is the term without a case ending of a few letters ('veronpalautus' for 'veronpalautusta',
    'maaliskuu' for 'maaliskuun') or with another one in place of its last letters, as languages that decline by
    endings write it."""
    if term in found or (len(term) >= 5 and not term.startswith("date:") and any(term in word for word in found)):
        return True
    if len(term) >= 8 and any(len(word) >= 7 and len(term) - len(word) <= 3 and term.startswith(word) for word in found):
        return True
    # Or both are that word with another ending in place of its last letters ("autopaikka", "autopaikan").
    if len(term) >= 9 and any(word[:8] == term[:8] and declined_alike(term, word) for word in found):
        return True
    # One and many of the same thing: "pet" and "Pets:", "boxes" and "box".
    if len(term) >= 3 and (f"{term}s" in found or f"{term}es" in found or (term.endswith("s") and term[:-1] in found)):
        return True
    # The one who does a trade and the trade ("painter" and "painting", "gardener" and "gardening").
    if len(term) >= 7 and term.endswith("er") and any(word.startswith(term[:-2]) for word in found):
        return True
    # A long word declined by its last vowel, as Slavic and Romance languages do ("fattura", "fatture"; "kaucja", "kaucji").
    base = undeclined(term)
    return len(base) >= 5 and any(undeclined(w) == base for w in found)


def declined_alike(one: str, other: str) -> bool:
    """Two words that share all but endings of at most three letters, and at least eight letters before them."""
    shared = len(os.path.commonprefix([one, other]))
    return shared >= 8 and len(one) - shared <= 3 and len(other) - shared <= 3


def undeclined(term: str) -> str:
    """A term without its last vowel (stem() takes off an "e" already), a final "y" taken as one: "energy" is the
    "energie" and "energia" of other languages."""
    return term[:-1] if term and term[-1] in "aeiouy" else term


COMMENT_MARKS = ("#", "//", ";")  # what starts a comment line in config files and code


SETTING = re.compile(r"\s*([A-Za-z_][\w.-]*)\s*(=|:)\s*\S")  # "workers = 8", "max_hops: 30"


def setting_key(line: str, config: bool) -> set[str]:
    """The words of the key a setting line sets ("max_hops = 30": max, hops), in any file ("key = value") or, in a
    config file, also written "key: value"; none for another line or a comment."""
    found = SETTING.match(line)
    if not found or line.lstrip().startswith(COMMENT_MARKS) or found.group(2) == ":" and not config:
        return set()
    return terms(found.group(1).replace("_", " ").replace("-", " "))


UNDERLINE = re.compile(r"\s*([=\-~^*#+])\1{2,}\s*")  # a title's underline in reStructuredText and Markdown
BULLET = re.compile(r"\s*(?:[*\-+•]|\d+[.)])\s")


# An INI or TOML file's "[section]" or "[table.name]": the settings below it, up to the next one, are its.
CONFIG_SECTION = re.compile(r"\[{1,2}[\w][\w .:\-\"']*\]{1,2}")


def is_piece_heading(line: str) -> bool:
    """The "[heading]" a reader puts atop each piece of a document after the first (files/readers.with_title)."""
    return line.startswith("[") and line.rstrip().endswith("]")


def is_title(lines: list[str], at: int) -> bool:
    """A line underlined as a title is ("4.2 (May 2031)" over "====="). The "[heading]" a reader puts atop a
    piece of a document is none, whatever rule follows it."""
    line = lines[at].strip() if at < len(lines) else ""
    # A rule under a line with no word ("<", the end of an example) divides entries; it underlines no title.
    return at + 1 < len(lines) and bool(re.search(r"[^\W_]", line)) and not UNDERLINE.fullmatch(lines[at]) \
        and bool(UNDERLINE.fullmatch(lines[at + 1])) and not is_piece_heading(lines[at])


# A help file's tags ("*wrap-width*", right-aligned on a line of their own, as Vim's help writes them): the entry below is theirs.
HELP_TAGS = re.compile(r"(?:\*[^*\s]+\*\s*)+")


def is_help_tag(line: str) -> bool:
    return bool(HELP_TAGS.fullmatch(line.strip()))


# An acronym inflected after a hyphen or colon, as Polish, Finnish and Swedish write it ("SMS-ów", "PIN:n"): its head
# in capitals, so that a word with a hyphen inside ("wi-fi", "co-op") is no inflection.
INFLECTED = re.compile(r"(?<![\w-])([A-Z][A-Z0-9]{1,5})[-:]([^\W\d_A-Z]{1,3})(?![\w-])")


def uninflected(word: str, text: str) -> str:
    """The acronym an inflection was added to, where `text` writes `word` so ("sms-ów" of "ile SMS-ów": sms); any
    other word as it is."""
    heads = {f"{head}-{ending}".lower(): head.lower() for head, ending in INFLECTED.findall(text.replace(":", "-"))}
    return heads.get(word.replace(":", "-"), word)


# A numbered section's heading in a paper, manual or contract ("2.5 Chunk Size", "4.1 Notice Period"): a number
# of two levels or more, then a few words, the first capitalised, and no sentence's end.
NUMBERED_HEADING = re.compile(r"(\d+(?:\.\d+)+)\.?\s+[A-Z][^\s.,;:!?]*(?:\s+[^\s.,;:!?]+){0,7}")


def numbered_level(line: str) -> int:
    """How deep a numbered section's heading is ("2.5 Chunk Size" -> 2); 0 for any other line."""
    found = NUMBERED_HEADING.fullmatch(line.strip()) if len(line.strip()) <= 80 else None
    return found.group(1).count(".") + 1 if found else 0


def is_heading(lines: list[str], at: int) -> bool:
    """A Markdown heading, an underlined title or a numbered section's heading."""
    return at < len(lines) and (lines[at].lstrip().startswith("#") or is_title(lines, at) or bool(numbered_level(lines[at]))
                                or is_help_tag(lines[at]))


def own_text(line: str) -> str:
    """A found line without the headings shown above it ("Minutes › Present: ..." is "Present: ...")."""
    return line.rsplit(" › ", 1)[-1]


def holders(lines: list[str], index: int, headings: bool = True) -> list[str]:
    """The lines a line belongs under: the less-indented lines above it (a YAML key, a function's def, a block of a
    config file; comments aside), for an item of a list the lines that lead into the list ("Changes since 1.24:",
    and the release line above it), and the nearest heading: a Markdown '#' one, or in a config file (headings=False:
    '#' starts a comment there) the "[section]" it is in, an underlined title or a numbered section's heading."""
    found = []
    indent = len(lines[index]) - len(lines[index].lstrip())
    for above in range(index - 1, -1, -1):
        text = lines[above]
        if text.strip() and len(text) - len(text.lstrip()) < indent and not text.lstrip().startswith(COMMENT_MARKS):
            found.append(text.strip())
            indent = len(text) - len(text.lstrip())
            if indent == 0:
                break
    if not found and BULLET.match(lines[index]):
        # An item at the margin of a list: the plain lines above the list lead into it, nearest first.
        for above in range(index - 1, -1, -1):
            text = lines[above]
            if len(found) == 2 or (headings and text.lstrip().startswith("#")) or is_title(lines, above):
                break
            # Past the list's lead, another list's items: that list, and what leads into it, are another release's.
            if found and BULLET.match(text):
                break
            # "[Title]" is the document's first line, heading each of its later chunks: no lead of this list.
            if text.strip() and not BULLET.match(text) and not UNDERLINE.fullmatch(text) and text == text.lstrip() and len(text) <= 100 \
                    and not is_piece_heading(text):
                found.append(text.strip())
    if (headings and lines[index].lstrip().startswith("#")) or is_title(lines, index) or numbered_level(lines[index]):
        return list(reversed(found))
    if not headings and not CONFIG_SECTION.fullmatch(lines[index].strip()) and not lines[index].lstrip().startswith(COMMENT_MARKS):
        # In a config file, the section a setting is in says what it is for ("[servers] › relay 10.0.0.1").
        section = next((lines[at].strip() for at in range(index - 1, -1, -1) if CONFIG_SECTION.fullmatch(lines[at].strip())), "")
        if section and section not in found:
            found.append(section)
    # The nearest heading, and the one above it of a higher level ("4.2 (May 2031)" over "Changes:").
    level = None
    for at in range(index - 1, -1, -1):
        text = lines[at].lstrip()
        mark = (len(text) - len(text.lstrip("#"))) if headings and text.startswith("#") else None
        mark = (lines[at + 1].strip()[0] + "=") if mark is None and is_title(lines, at) else mark
        mark = ("numbered", numbered_level(text)) if mark is None and numbered_level(text) else mark
        mark = "*tag" if mark is None and is_help_tag(text) else mark
        # A heading as deep as the nearest one or deeper ("##" under "##", "2.4" under "2.5") is no heading over it.
        if mark is None or (level is not None and (mark == level or (type(mark) is type(level) and not isinstance(mark, str) and mark >= level))):
            continue
        if lines[at].strip() not in found:
            found.append(lines[at].strip())
        if level is not None:
            break
        level = mark
    return list(reversed(found))


def singular(word: str) -> str:
    """'invoices' -> 'invoice', 'libraries' -> 'library', 'bus' -> 'bus' (good enough for names and types)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def words(text: str) -> list[str]:
    """Lower-case words and numbers of a name or description: separators, case and accents aside
    ('budget_Q1-final.xlsx' -> budget, q1, final, xlsx)."""
    text = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text)  # camelCase
    return [w for w in re.findall(r"[^\W_]+", text.lower())]
