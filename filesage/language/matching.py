"""How people name things in questions about files (type words, sizes, periods, folders and files described
loosely) and how those words meet the real tree: shared by the tools, the router and the policies."""

from __future__ import annotations

import difflib
import re
import time
from typing import Iterable

from .lexicon import ASKING_FOR_A_THING, FILLER_WORDS, KIN_WORDS, KNOWN_EXTENSIONS, MAN_PAGE_ASKED, MAN_SECTION, MONTHS, NUMBER_WORDS, QUESTION_WORDS, SECONDS, TYPE_GROUPS, UNITS, WHOLE_FOLDER
from .text import singular, words


def kin_words(word: str) -> set[str]:
    """The other words for the kind of document `word` names (singular), or an empty set."""
    word = singular(word.lower())
    return next((group - {word} for group in KIN_WORDS if word in group), set())


def type_extensions(word: str) -> tuple[str, ...]:
    """The extensions one type word means, or () when it is not a type word."""
    dotted = re.fullmatch(r"\*?\.([a-z0-9]{1,5})", word.lower())
    word = word.lower().lstrip("*.")
    if word in TYPE_GROUPS:
        return TYPE_GROUPS[word]
    if singular(word) in TYPE_GROUPS:
        return TYPE_GROUPS[singular(word)]
    if word in KNOWN_EXTENSIONS:
        return (word,)
    if singular(word) in KNOWN_EXTENSIONS and singular(word) not in ("c", "h"):
        return (singular(word),)
    # Written with its dot (".eml", ".pre"), an extension is one whether known here or not; so is a man page's
    # section (".1", ".8"), which only its dot tells from a number.
    return (word,) if dotted and (re.search(r"[a-z]", word) or len(word) <= 2) else ()


def extension_set(value: str) -> tuple[str, ...]:
    """'PDF', '.pdf', 'pdf files', '*.pdf', 'spreadsheets', 'word documents' -> the extensions meant.

    An empty tuple means every file; words that are no file type are left out (see split_type_words)."""
    return split_type_words(value)[0]


def split_type_words(value: str) -> tuple[tuple[str, ...], list[str]]:
    """The extensions a type phrase means, and its words that are no type ('invoices' in 'invoice pdfs')."""
    found: list[str] = []
    rest: list[str] = []
    tokens = re.findall(r"(?:(?<![\w.])\*?\.)?[a-z0-9+]+", value.lower())
    before: tuple[str, ...] = ()
    for word in tokens:
        if word in FILLER_WORDS:
            before = ()
            continue
        group = type_extensions(word)
        if not group:
            rest.append(word)
            before = ()
            continue
        # "word documents" names one group; the generic "document" group does not widen it.
        if found and word in ("document", "documents", "doc", "docs") and set(found) & set(TYPE_GROUPS["document"]):
            continue
        # Two type words side by side that share extensions name the narrower kind ("excel spreadsheets": no CSV);
        # said apart, either.
        if set(before) & set(group):
            narrower = min(before, group, key=len)
            found = [e for e in found if e not in before] + list(narrower)
        else:
            found.extend(e for e in group if e not in found)
        before = group
    return tuple(found), rest


def parse_size(value: str) -> int | None:
    """'5 MB', '5mb', '1.5 GB', 'a meg', '100k', '250000' (bytes) -> bytes; None when it is no size."""
    text = value.strip().lower().replace(",", "")
    if not text:
        return None
    for phrase, number in sorted(NUMBER_WORDS.items(), key=lambda item: -len(item[0])):
        text = re.sub(rf"^{phrase}\b", str(number), text)
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*(hundred|thousand)?\s*([a-z]*)", text)
    if not match:
        return None
    number, unit = float(match.group(1)), match.group(3) or "b"
    number *= {"hundred": 100, "thousand": 1000}.get(match.group(2) or "", 1)
    if unit not in UNITS:
        return None
    return int(number * UNITS[unit])


def parse_period(value: str, now: float | None = None) -> float | None:
    """'7 days', 'a week', 'the past two weeks', '24 hours', 'today', 'yesterday', 'this month', or a date
    '2025-03-01' -> the earliest modification time (epoch seconds) that falls inside it; None when it is
    no period."""
    now = time.time() if now is None else now
    text = value.strip().lower()
    text = re.sub(r"^(in |within |during |over |for |since )?(the |this |last |past |previous |recent )*", "", text).strip()
    if not text:
        return None
    date = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", text)
    if date:
        return time.mktime((int(date.group(1)), int(date.group(2)), int(date.group(3)), 0, 0, 0, 0, 0, -1))
    midnight = time.mktime(time.localtime(now)[:3] + (0, 0, 0, 0, 0, -1))
    if text == "today":
        return midnight
    if text == "yesterday":
        return midnight - 86400
    for phrase, number in sorted(NUMBER_WORDS.items(), key=lambda item: -len(item[0])):
        text = re.sub(rf"^{phrase}\b", str(number), text)
    match = re.fullmatch(r"(\d+(?:\.\d+)?)?\s*([a-z]+?)s?", text.strip())
    if not match or match.group(2) not in SECONDS:
        return None
    return now - float(match.group(1) or 1) * SECONDS[match.group(2)]


def parse_span(value: str, now: float | None = None) -> tuple[float, float, str] | None:
    """A period of modification times, as (start, end, how it is said): a recent period or a start ('7 days',
    'since 2025-03-01'), a range ('2025-10-01 to 2025-10-31'), a month ('2025-10'), a year ('2026'), or an end
    ('before 2024-01-01'); None when it is no period."""
    text = value.strip().lower()

    def day(year: str, month: str = "1", date: str = "1") -> float | None:
        try:
            return time.mktime((int(year), int(month), int(date), 0, 0, 0, 0, 0, -1))
        except (OverflowError, ValueError):
            return None

    def following(start: float) -> float:
        return start + 86400 + 3600  # the next midnight, whatever the clock change between

    ranged = re.fullmatch(r"(?:from |between )?(\d{4})-(\d{1,2})-(\d{1,2})\s*(?:to|until|till|and|-|–|\.\.)\s*(\d{4})-(\d{1,2})-(\d{1,2})", text)
    if ranged:
        start, last = day(*ranged.groups()[:3]), day(*ranged.groups()[3:])
        if start is None or last is None or last < start:
            return None
        end = time.mktime(time.localtime(following(last))[:3] + (0, 0, 0, 0, 0, -1))
        return start, end, f"modified {ranged.group(1)}-{int(ranged.group(2)):02d}-{int(ranged.group(3)):02d} to {ranged.group(4)}-{int(ranged.group(5)):02d}-{int(ranged.group(6)):02d}"
    month = re.fullmatch(r"(?:in |during )?(\d{4})-(\d{1,2})", text)
    if month and 1 <= int(month.group(2)) <= 12:
        year, number = int(month.group(1)), int(month.group(2))
        start, end = day(str(year), str(number)), day(str(year + number // 12), str(number % 12 + 1))
        return (start, end, f"modified in {year}-{number:02d}") if start is not None and end is not None else None
    year = re.fullmatch(r"(?:in |during )?(\d{4})", text)
    if year:
        start, end = day(year.group(1)), day(str(int(year.group(1)) + 1))
        return (start, end, f"modified in {year.group(1)}") if start is not None and end is not None else None
    before = re.fullmatch(r"before (\d{4})(?:-(\d{1,2})-(\d{1,2}))?", text)
    if before:
        end = day(before.group(1), before.group(2) or "1", before.group(3) or "1")
        return (0.0, end, f"modified before {before.group(1)}{'-' + before.group(2).zfill(2) + '-' + before.group(3).zfill(2) if before.group(2) else ''}") if end is not None else None
    start = parse_period(re.sub(r"^after ", "since ", text), now)
    return (start, float("inf"), "") if start is not None else None


def match_folder(value: str, folders: Iterable[str], root_name: str = "") -> str | None:
    """The folder a user means by 'the Finance folder', 'finance/', 'my tax stuff', 'Archive 2023': ''
    for the whole folder, the relative path of one folder, or None when none fits. A name matches a
    folder's own name or its whole path, separators, case and plurals aside; the shallowest wins. Words of the
    name no folder has aside, the rest may pick out one folder ("my Hobart trip folder" for Hobart-2031)."""
    text = value.strip().strip("/").strip()
    text = re.sub(r"^(?:in |inside |under |within )?(?:the |my |our |this )?", "", text, flags=re.I)
    text = re.sub(r"\s+(?:folder|directory|dir|subfolder|subdirectory)$", "", text, flags=re.I).strip("/ ")
    if text.lower() in WHOLE_FOLDER or (root_name and text.lower() == root_name.lower()):
        return ""
    wanted = [singular(w) for w in words(text)]
    if not wanted:
        return ""
    candidates = []
    for folder in folders:
        own = [singular(w) for w in words(folder.rsplit("/", 1)[-1])]
        whole = [singular(w) for w in words(folder)]
        if wanted in (own, whole):
            candidates.append(folder)
    if not candidates:
        close = difflib.get_close_matches(" ".join(wanted), {" ".join(singular(w) for w in words(f.rsplit("/", 1)[-1])): f for f in folders}, n=1, cutoff=0.85)
        if close:
            names = {" ".join(singular(w) for w in words(f.rsplit("/", 1)[-1])): f for f in folders}
            return names[close[0]]
        # "My Hobart trip folder" for Hobart-2031: the words no folder's name has say nothing of which one it is;
        # the others must pick out one folder. A name may be spelt as another language spells it ("the Lisbon
        # folder" for Lisbonne_2031): a word of five letters or more that starts the other is the same.
        names = {f: {singular(w) for w in words(f.rsplit("/", 1)[-1])} for f in folders}

        def said(word: str, own: set[str]) -> bool:
            return word in own or (len(word) >= 5 and any(len(o) >= 5 and (o.startswith(word) or word.startswith(o)) for o in own))

        # Function words ("with the") tell no folder, though a folder's name has them ("Trips with the kids").
        telling = {w for w in wanted if w not in QUESTION_WORDS and any(said(w, own) for own in names.values())}
        loosely = len(telling) < len(wanted) or any(not any(w in own for own in names.values()) for w in telling)
        loose = [f for f, own in names.items() if telling and all(said(w, own) for w in telling)] if loosely else []
        return loose[0] if len(loose) == 1 else None
    return min(candidates, key=lambda folder: (folder.count("/"), folder))


def abbreviates(short: str, word: str) -> bool:
    """A file name's word that shortens a word of a description: "conf" for "configuration", "spec" for
    "specification"."""
    return len(short) >= 4 and len(word) > len(short) and word.startswith(short)


def spells_out(short: str, word: str) -> bool:
    """A word that an extension is short for: its first letter, then the extension's others in order ("email" for
    "eml", "message" for "msg", "markdown" for "md")."""
    return len(word) > len(short) >= 2 and word[0] == short[0] and bool(re.fullmatch(".*?".join(map(re.escape, short)) + ".*", word))


def describe_match(hint: str, paths: list[str], extension_of) -> list[str]:
    """The files a description points at: 'the sourdough recipe', 'my Q1 budget spreadsheet', 'IMG 2039',
    'invoice final v2'. Every word of the description must be in the file's path (its folders, name or
    extension; plurals and shortened words aside), except words that say what kind of file it is, which must fit its type.
    Files that match with the fewest words to spare win."""
    hint_words = [singular(w) for w in words(hint) if w not in FILLER_WORDS]
    if not hint_words:
        return []
    scored = []
    for path in paths:
        path_words = {singular(w) for w in words(path)}
        extension = extension_of(path)
        unmatched = []
        for word in hint_words:
            if word in path_words or any(abbreviates(own, word) for own in path_words):
                continue
            kinds = type_extensions(word)
            if kinds and extension in kinds:
                continue
            unmatched.append(word)
        if unmatched:
            continue
        name_words = {singular(w) for w in words(path.rsplit("/", 1)[-1])}
        # A description must say something of the name itself, not only folders and kind ("the recipe").
        if not any(own == word or abbreviates(own, word) for own in name_words for word in hint_words):
            continue
        spare = len(name_words - set(hint_words))
        scored.append((spare, path))
    if not scored:
        return []
    best = min(spare for spare, _ in scored)
    return [path for spare, path in scored if spare == best]


def numbers_in(said: list[str]) -> set[str]:
    """The numbers among words, without leading zeros: "007" and "7" are the same number."""
    return {w.lstrip("0") or "0" for w in said if w.isdigit()}


def typed_as_said(question: str, path: str) -> bool:
    """The question names the file's kind: a man page for "acme.1", "the PDF" for a .pdf."""
    extension = path.rsplit("/", 1)[-1].rsplit(".", 1)[-1].lower() if "." in path.rsplit("/", 1)[-1] else ""
    if not extension:
        return False
    if MAN_SECTION.match(extension):
        return bool(MAN_PAGE_ASKED.search(question))
    return any(extension in type_extensions(word) for word in words(question) if word.lower() not in ("file", "files"))


def files_named(question: str, paths: list[str]) -> list[str]:
    """The files a question names: by their whole name ("what does app.ini set"), else by the words of their name
    before its first dot, numbers aside, all of them words of the question ("the acme FAQ", "according to the
    Widget README", "the acme man page"). Of files with the same name, those whose folders the question names too
    ("Widget" for the README under widget/). A file named only by its folder's name ("acme.spec" in acme/) counts
    when no file is named otherwise; a name that no folder picks out is left out when the question names another
    file's folder, or when several files have it."""
    entries = [(path, path.rsplit("/", 1)[-1]) for path in paths]
    lowered = question.lower()
    explicit = [path for path, name in entries if "." in name and re.search(rf"(?<![\w.-]){re.escape(name.lower())}(?![\w-])", lowered)]
    if not explicit:
        # A dotted name said up to one of the file's later dots: "smb.conf" is smb.conf.5.md, its man page.
        dotted = set(re.findall(r"(?<![\w.-])([\w-]+(?:\.[\w-]+)+)(?<!\.)(?![\w-])", lowered))
        explicit = [path for path, name in entries if any(name.lower().startswith(f"{d}.") for d in dotted)]
    if explicit:
        return explicit
    spoken = [singular(w) for w in words(question)]
    said, said_numbers = set(spoken), numbers_in(spoken)
    # The word a question asks for ("which version", "what acme version") is the thing asked, not a file called so
    # (version.txt), unless written as such a file is ("the NEWS", "README").
    asked_for = {w for at, w in enumerate(spoken) if any(spoken[max(0, at - gap)] in ASKING_FOR_A_THING for gap in (1, 2))}
    written_upper = {w.lower() for w in re.findall(r"\b[A-Z]{2,}\w*\b", question)}

    def near(folder_word: str, named: frozenset) -> int:
        """A folder's name said right beside the file's ("the Flask README", "jq's NEWS") picks it out most."""
        at = [i for i, w in enumerate(spoken) if w == folder_word]
        return 2 if any(abs(i - j) <= 2 for i in at for j, w in enumerate(spoken) if w in named) else 1

    groups: dict[frozenset, list[tuple[int, bool, str]]] = {}
    for path, name in entries:
        base = name.split(".", 1)[0] or name
        # A name's word that is a said word run on with a letter or two ("quernrc" of "the quern config") is that word.
        named = frozenset(next((w for w in said if len(w) >= 4 and word.startswith(w) and 0 < len(word) - len(w) <= 2 and word[len(w):].isalpha()),
                               word) for word in (singular(w) for w in words(base) if not w.isdigit()))
        # A name's codes ("Q-0312-R1", "v2") are not said by someone who names the file by its words ("the revised
        # quotation"): two or more words of it said are enough.
        coded = {singular(w) for token in re.findall(r"[^\W_]+(?:[-/][^\W_]+)+", base) if re.search(r"\d", token) for w in words(token)}
        worded = frozenset(w for w in named if len(w) > 1 and not re.search(r"\d", w) and w not in coded)
        if len(worded) >= 2 and worded <= said:
            named = worded
        # A name written in capitals inside one word ("ChangeLog") is said as that word ("its changelog").
        if len(named) > 1 and re.fullmatch(r"[A-Za-z]+", base) and singular(base.lower()) in said:
            named = frozenset({singular(base.lower())})
        if not named or not named <= said or (len(named) == 1 and named <= asked_for and not named <= written_upper):
            continue
        # A name of words of asking ("us.csv" for "an answer from us") is named only written as a name ("the US list").
        if named <= QUESTION_WORDS and not named <= written_upper:
            continue
        folders = {singular(w) for w in words(path.rsplit("/", 1)[0])} if "/" in path else set()
        shared = sum(near(w, named) for w in (folders - named) & said)
        # The name's numbers said too pick the file out of its kind, before any folder's name: "receipt 7" is receipt_07.txt.
        numbers = numbers_in(words(name.split(".", 1)[0]))
        numbered = bool(numbers) and numbers <= said_numbers
        # A file named by its folder's name is as good as named when the question also says its kind ("the acme man page").
        groups.setdefault(named, []).append((shared + 100 * numbered, named <= folders and not numbered and not typed_as_said(question, path), path))
    if any(not eponymous for group in groups.values() for _, eponymous, _ in group):
        # A file the question names otherwise wins over a folder's namesake when it lies in that folder ("the acme
        # README" beside acme/acme.1); one elsewhere named by a plain word of the question ("the default number",
        # default.theme) does not outweigh the program the question names by its folder's name.
        # Only a folder the question says by its own whole name is a program's ("invoices/" is no "invoice" said).
        whole = set(re.findall(r"[\w.+-]+", lowered))
        homes = [f"{path.rsplit('/', 1)[0]}/" for group in groups.values() for _, eponymous, path in group
                 if eponymous and path.rsplit("/", 1)[0].rsplit("/", 1)[-1].lower() in whole]
        inside = not homes or any(path.startswith(tuple(homes)) for group in groups.values() for _, eponymous, path in group if not eponymous)
        groups = {name: [m for m in group if m[1] != inside] for name, group in groups.items()}
        groups = {name: group for name, group in groups.items() if group}
    # A folder's function words (a folder called "notes to the accountant") name no folder: every question says "the".
    folder_words = {singular(w) for path, _ in entries if "/" in path for w in words(path.rsplit("/", 1)[0])} - QUESTION_WORDS

    def others_named(group: list[tuple[int, bool, str]]) -> bool:
        """Another file's folder is said, and not as a word the file's whole name says too ("the example widgetrc"
        is widgetrc.example, while an examples/ folder holds other files)."""
        own = {singular(w) for _, _, path in group for w in words(path.rsplit("/", 1)[-1])}
        return bool((folder_words & said) - set().union(*groups) - own)

    found = []
    for group in groups.values():
        best = max(shared for shared, _, _ in group)
        # The kind the question says picks one of them: "the acme man page" is acme.1 beside acme.desktop.
        typed = [m for m in group if typed_as_said(question, m[2])]
        if best == 0 and len(typed) == 1:
            found.append(typed[0][2])
            continue
        if best == 0 and (len(group) > 1 or others_named(group)):
            # Several files of the name and nothing picks one ("the plumber's receipt" among receipt_01 and
            # receipt_02): the name is a kind of document, which the search's own words pick among.
            continue
        found += [path for shared, _, path in group if shared == best]
    # A file named by more of the question's words wins over one named by some of them: "the quern sample config" is
    # quernrc-sample, not quern.1.
    named_by = {path: name for name, group in groups.items() for _, _, path in group}
    found = [path for path in found if not any(named_by[path] < named_by[other] for other in found)]
    return found or run_together(question, entries)


def run_together(question: str, entries: list[tuple[str, str]]) -> list[str]:
    """The files whose names write a word and its number as one ("Form16_PartB.pdf", "INV044.docx") that the
    question says apart ("my form 16", "inv 044"): named, when one document (or it and a copy) has that name. A
    month and its year ("Mar2031") are when, not a name: the question's month is no file's."""
    spoken = words(question)
    said = {a + b for a, b in zip(spoken, spoken[1:]) if a.isalpha() != b.isalpha() and (a + b).isalnum() and not {a, b} & set(MONTHS)}
    named = [path for path, name in entries if said & {w for w in words(name.split(".", 1)[0]) if re.fullmatch(r"[a-z]+\d+|\d+[a-z]+", w)}]
    return named if len(named) <= 2 else []


def namesake_of(path: str, folder: str) -> bool:
    """A file inside a folder and named for it, its extension aside: zither/doc/zither.txt for zither."""
    return path.startswith(f"{folder}/") and path.rsplit("/", 1)[-1].split(".", 1)[0].lower() == folder.rsplit("/", 1)[-1].lower()


def folder_by_its_own_name(question: str, folders: list[str]) -> str:
    """The one folder whose own name is a word of the question, said whole ("quill" for tools/quill, "tree" for
    apps/tree); '' when none is, or several folders share the name. A folder named by a number (a year's, "2031")
    names no program: the question's year is when, not where."""
    said = set(re.findall(r"[\w.+-]+", question.lower()))
    fitting = [folder for folder in folders if folder.rsplit("/", 1)[-1].lower() in said and not folder.rsplit("/", 1)[-1].isdigit()]
    return fitting[0] if len(fitting) == 1 else ""
