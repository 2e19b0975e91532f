"""A question's filesystem filters read from its words alone, matched against the real folders: its file type, a
folder it names, a rank and how many, a size bound, emptiness, a recent period and words of the file names."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, timedelta

from .figures import FILE_NAME, dates_in
from .lexicon import (
    COUNT,
    COUNT_WORDS,
    EDITING,
    EMPTY,
    EXCLUDED,
    HAS_CONTENT,
    EVERYDAY_TYPES,
    FILE_NOUNS,
    FOLDER_NOUNS,
    HIDDEN_ASKED,
    HIDDEN_TOO,
    MONTHS,
    NAME_WORD,
    NO_EXTENSION,
    ORDER_PHRASES,
    PERIOD,
    QUOTED,
    SIZE_BOUND,
    VAGUE_THINGS,
    alternatives,
    plurals,
    quoted_text,
)
from .matching import (
    FILLER_WORDS,
    match_folder,
    parse_period,
    parse_size,
    parse_span,
    type_extensions,
)
from .text import singular, words

FOLDER_WORDS = alternatives(FOLDER_NOUNS)
# A week of a month said with its year ("the last week of March 2031"): files edited in those seven days.
WEEK_ORDINALS = ("first", "second", "third", "fourth")
WEEK_OF_MONTH = re.compile(rf"\b(?P<nth>{'|'.join(WEEK_ORDINALS)}|last) week of (?P<month>{alternatives(list(MONTHS))})\.?,? (?P<year>\d{{4}})\b", re.I)
# "Which sorts of documents does X hold", "which extensions": the types, which a count says, not the files one by one.
TYPES_ASKED = re.compile(rf"\b(?:kinds?|types?|sorts?)\s+of\s+{alternatives(FILE_NOUNS, plural=True)}\b"
                         r"|\b(?:file|document)\s+(?:types|formats|extensions)\b|\b(?:what|which)\s+extensions\b", re.I)


@dataclass
class Asked:
    """What a question says about which files it means, read from its words alone."""

    extension: str = ""  # the type phrase as written: "spreadsheets", ".txt", "PowerPoints"
    folder: str = ""  # a real folder of the tree, relative to the root
    order: str = ""  # newest, oldest, largest, smallest
    limit: int = 0  # "the 3 largest", "top 5"
    larger_than: str = ""
    smaller_than: str = ""
    empty: bool = False
    changed_within: str = ""
    hidden: str = ""  # "only" the hidden files, or "too" beside the others (they are otherwise left out)
    name: str = ""  # a word the file names contain
    excluding: str = ""  # a folder, or words of file names, whose files are left out
    counting: bool = False  # "how many"
    says_files: bool = False  # "files", "documents", a type word: the question is about files, not folders
    notes: list[str] = field(default_factory=list)

    def filters(self) -> dict:
        found = {"extension": self.extension, "folder": self.folder, "name": self.name, "excluding": self.excluding, "larger_than": self.larger_than,
                 "smaller_than": self.smaller_than, "changed_within": self.changed_within}
        found = {key: value for key, value in found.items() if value}
        if self.empty:
            found["empty"] = True
        if self.hidden:
            found["hidden"] = self.hidden
        return found


def detect_order(question: str) -> str:
    """The rank a question picks files by ("the newest PDF", "the least bulky file"), or ''."""
    lowered = " ".join(re.findall(r"[\w'-]+", question.lower()))
    best = None
    for pattern, order in ORDER_PHRASES:
        for match in re.finditer(rf"(?<![\w_.-])(?:{pattern})(?![\w_.-])", lowered):
            if best is None or match.start() < best[0] or (match.start() == best[0] and len(match.group(0)) > best[1]):
                best = (match.start(), len(match.group(0)), order)
    return best[2] if best else ""


def detect_extension(question: str) -> str:
    """The file type a question is about, as written ('.pdf', 'PDFs', 'spreadsheets', 'Word documents'), or ''."""
    return read_question(question).extension


def modified_span(question: str) -> str:
    """The dates a question bounds files' modification times by, as the tools take them: "modified between 1
    and 31 October 2025", "changed in March 2026", "saved before 2024", "edited since 3 May 2025". Only with a
    word of a file's dates: "the invoices of 2025" are dated so by what they say."""
    edited = next((m for m in EDITING.finditer(question)
                   if re.match(r"(?:\s+[\w'-]+){0,3}?\s+(?:in|during|between|from|since|after|before|on)\b", question[m.end():], re.I)), None)
    if edited is None:
        return ""
    question = question[edited.start():]  # the dates that bound the edit, not ones said before it
    found = dates_in(question)[0]
    lowered = question.lower()
    # "from 17 November through 21 November 2026": a date without its year has the year of the next one, else the
    # one year the question says ("in June 2031 (9-15 June)").
    said_years = set(re.findall(r"\b(?:19|20)\d\d\b", lowered))
    only_year = int(next(iter(said_years))) if len(said_years) == 1 else None
    years = [next((later for later, _, _ in found[at:] if later), only_year) for at in range(len(found))]
    dates = [f"{year}-{m:02d}-{d:02d}" for (_, m, d), year in zip(found, years) if year]
    week = WEEK_OF_MONTH.search(lowered)
    if len(dates) >= 2 and re.search(r"\b(?:between|from)\b|\d\s*[-–]\s*\d|\b(?:to|through|until|till)\b", lowered):
        said = f"{dates[0]} to {dates[1]}"
    elif week and not dates:
        # "the last week of June 2031": seven days of that month, the last seven for its last week.
        year, month = int(week.group("year")), MONTHS[week.group("month")]
        days = (date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)).day
        first = days - 6 if week.group("nth") == "last" else 1 + 7 * WEEK_ORDINALS.index(week.group("nth"))
        said = f"{year}-{month:02d}-{first:02d} to {year}-{month:02d}-{min(first + 6, days):02d}"
    elif len(dates) == 1:
        bound = re.search(r"\b(since|after|before)\b", lowered)
        said = f"{bound.group(1)} {dates[0]}" if bound else f"{dates[0]} to {dates[0]}"
    else:
        months = "|".join(sorted(MONTHS, key=len, reverse=True))
        month = re.search(rf"\b(?:in|during)\s+({months})\.?,?\s+(\d{{4}})\b", lowered)
        year = re.search(r"\b(in|during|since|after|before)\s+(\d{4})\b", lowered)
        # "between April and June 2024", "from March to May 2031": whole months, the year said once at the end.
        months_between = re.search(rf"\b(?:between|from)\s+({months})\.?(?:\s+(\d{{4}}))?\s+(?:and|to|until|till|through|-)\s+({months})\.?,?\s+(\d{{4}})\b", lowered)
        years_between = re.search(r"\b(?:between|from)\s+(\d{4})\s+(?:and|to|until|till|through|-)\s+(\d{4})\b", lowered)
        if years_between and years_between.group(1) <= years_between.group(2):
            return f"{years_between.group(1)}-01-01 to {years_between.group(2)}-12-31"
        if len(said_years) > 1 and not re.search(r"\b(?:between|from|since|after|before)\b", lowered):
            return ""  # two years set side by side ("2023 versus 2024"): each is counted, not one kept
        if months_between:
            first, first_year, last, last_year = months_between.groups()
            start_year, end_year = int(first_year or last_year), int(last_year)
            end_month = MONTHS[last] % 12 + 1
            last_day = (date(end_year + (end_month == 1), end_month, 1) - timedelta(days=1)).day
            said = f"{start_year}-{MONTHS[first]:02d}-01 to {end_year}-{MONTHS[last]:02d}-{last_day:02d}"
        elif month:
            said = f"{month.group(2)}-{MONTHS[month.group(1)]:02d}"
        elif year and year.group(1) == "before":
            said = f"before {year.group(2)}"
        elif year and year.group(1) in ("since", "after"):
            said = f"since {int(year.group(2)) + (year.group(1) == 'after')}-01-01"
        else:
            said = year.group(2) if year else ""
    return said if said and parse_span(said) is not None else ""


def read_question(question: str, folders: list[str] | tuple[str, ...] = ()) -> Asked:
    """The filters a question states: its type, a folder of the tree it names, a rank and how many, a size
    bound, emptiness, a recent period, and a word of the file names."""
    asked = Asked()
    text = question.strip()
    # What the question leaves out is no folder, name or type it asks for; a folder of the tree it names, or (in a
    # question about files) other words of file names, are what the tools leave out.
    left_out = EXCLUDED.search(text)
    what = left_out.group("what").strip("/. ") if left_out else ""
    # A folder left out is said as one: "outside X", "not in X", "except the X folder".
    place = bool(left_out) and bool(re.search(r"\b(?:outside|in|under|inside)\b", left_out.group(0), re.I)
                                     or re.match(rf"\s+{FOLDER_WORDS}", text[left_out.end():], re.I))
    folder_left_out = match_folder(what, folders) if what and place else None
    if what and not EMPTY.search(what) and not HIDDEN_ASKED.search(what):
        text = f"{text[: left_out.start()]} {text[left_out.end():]}".strip()
    else:
        what = ""
    lowered = text.lower()
    asked.counting = bool(COUNT.search(text))
    asked.order = detect_order(text)
    bound = SIZE_BOUND.search(text)
    if bound:
        size = re.sub(r"\s+", " ", bound.group("size"))
        if parse_size(size) is not None:
            op = bound.group("op").lower()
            smaller = op.startswith(("smaller", "less", "lighter", "under", "below", "fewer"))
            setattr(asked, "smaller_than" if smaller else "larger_than", size)
    # "Not empty" says the word: a file that is not empty is one with content.
    asked.empty = bool(EMPTY.search(text)) and not HAS_CONTENT.search(text)
    if not asked.empty and not asked.larger_than and HAS_CONTENT.search(text):
        asked.larger_than = "0 bytes"
    asked.hidden = "too" if HIDDEN_TOO.search(text) else "only" if HIDDEN_ASKED.search(text) else ""
    period = PERIOD.search(text)
    if period:
        span = period.group("span") or period.group("word")
        if parse_period(span) is not None:
            asked.changed_within = span.strip()
    if not asked.changed_within:
        asked.changed_within = modified_span(text)
    for name in NAME_WORD.finditer(text):
        # "the folder called finance" names a folder, not a file.
        if not re.search(rf"{FOLDER_WORDS}s?\s*$", text[: name.start()].lower()):
            asked.name = next(g for g in name.groups() if g).strip(".")
            break
    asked.folder = folder_named(text, folders)
    folder_words = {singular(w) for w in words(asked.folder)} if asked.folder else set()
    # The type: a dotted extension, else the first type word that is not the folder's own name.
    dotted = re.search(r"(?<![\w-])\*?\.([a-z0-9]{1,5})\b", lowered)  # ".txt", not the end of "draft.txt"
    # A dotted number is an extension only said of files ("the .1 files"): ".5" alone may be a version's part.
    if dotted and type_extensions(dotted.group(0)) and (re.search(r"[a-z]", dotted.group(1)) or re.match(r"\s*files?\b", lowered[dotted.end():])):
        asked.extension = "." + dotted.group(1)
    if NO_EXTENSION.search(text):
        asked.extension = "extensionless"
    # A hyphenated name is one word: "python-magic" names a package, not Python files.
    tokens = re.findall(r"[a-z0-9+]+(?:-[a-z0-9+]+)*", lowered)
    if not asked.extension:
        named: list[str] = []
        for index, word in enumerate(tokens):
            if word in FILLER_WORDS or singular(word) in VAGUE_THINGS or singular(word) in folder_words or word == asked.name.lower():
                continue
            everyday = EVERYDAY_TYPES.get(singular(word))
            following = tokens[index + 1] if index + 1 < len(tokens) else ""
            if everyday is not None and following not in plurals(FILE_NOUNS) and not (everyday and word != singular(word)):
                continue
            if type_extensions(word):
                qualifier = tokens[index - 1] if index else ""
                asked.extension = asked.extension or (f"{qualifier} {word}" if type_extensions(qualifier) and qualifier not in FILLER_WORDS else word)
                named.append(word)
        # Several types named: all of them ("PDFs and spreadsheets"), a kind narrowed to the formats named of it
        # ("image files (PNG or JPEG)" are no SVGs).
        means = {word: set(type_extensions(word)) for word in named}
        if len(means) > 1:
            asked.extension = " ".join(word for word in means if not any(means[other] < means[word] for other in means))
    # "Word documents", "PDF docs": a vague word qualified by a type.
    asked.says_files = bool(asked.extension) or any(singular(w) in VAGUE_THINGS for w in tokens)
    if what and (folder_left_out or asked.says_files or asked.counting or asked.order):
        asked.excluding = folder_left_out or what
    if asked.order:
        for word in re.findall(rf"\b(\d{{1,2}}|{'|'.join(w for w in COUNT_WORDS if ' ' not in w)})\b", lowered):
            number = int(word) if word.isdigit() else COUNT_WORDS[word]
            if 1 <= number <= 50 and not re.search(rf"\b{word}\s*(?:kb|mb|gb|bytes?|days?|hours?|weeks?|months?)\b", lowered):
                asked.limit = number
                break
    return asked


def folder_named(question: str, folders: list[str] | tuple[str, ...]) -> str:
    """A real folder the question names: 'in the Finance folder', 'under finance/2025', 'my archive 2023
    directory', or a folder's name said right next to 'folder'. The longest name wins; '' when none."""
    lowered = question.lower()
    explicit = re.search(rf"\b(?:in|under|inside|within|from|of)\s+(?:the\s+|my\s+|our\s+)?(?:{FOLDER_WORDS}\s+)?(?:called|named)?\s*['\"“]?([\w./ -]+?)['\"”]?\s*(?:{FOLDER_WORDS}\b|/|\?|$|,|\s+(?:and|in|with|that|which|including|subfolders|\w+ing)\b)", lowered)
    question_words = [singular(w) for w in words(question)]
    candidates = []
    for folder, own in [(f, [singular(w) for w in words(named)]) for f in folders for named in dict.fromkeys([f.rsplit("/", 1)[-1], f])]:
        # Its own name, or its whole path ("archive/2023", said either way round: "the 2023 archive folder"),
        # which then outranks the shorter "photos".
        span = len(own)
        for start in range(len(question_words) - span + 1 if own else 0):
            if sorted(question_words[start : start + span]) != sorted(own):
                continue
            after = question_words[start + span] if start + span < len(question_words) else ""
            before = " ".join(question_words[max(start - 2, 0) : start])
            marked = after in ("folder", "directory", "dir", "subfolder") or re.search(r"\b(in|under|inside|within|from|called|named)\b", before)
            # A folder's name is a word of other questions too ("the invoice total", "my photos"): it names
            # the folder only where the question says so, "the X folder" or "in X".
            if not marked:
                continue
            if all(w.isdigit() for w in own) and not numbered_folder_said(question_words, start, span, folder):
                continue
            # "The acme folder, counting its drafts subfolder", "..., drafts subfolder included": a part of the folder
            # meant, not the folder.
            following = " ".join(question_words[start + span : start + span + 3])
            # "Subfolders included" (all of them) names none.
            if (re.search(r"\b(?:its|including|counting|incl|plus|with)\b", before) or re.search(r"\b(?:included|too)\b", following)) \
                    and not re.search(r"\bsub-?(?:folders|directories)\b", lowered) and any(
                    folder.startswith(other + "/") and other.rsplit("/", 1)[-1].lower() in lowered for other in folders):
                continue
            candidates.append((-span, folder.count("/"), folder))
    # "The acme folder in projects/": both are named, and the one inside the other is meant.
    named = {folder for _, _, folder in candidates}
    candidates = [c for c in candidates if not any(other.startswith(c[2] + "/") for other in named)]
    best = min(candidates)[2] if candidates else ""
    if not best and explicit:
        found = match_folder(explicit.group(1), folders)
        # "In May 2030" shares only a year with "Porto_2030": a date, not that folder.
        shared = {singular(w) for w in words(explicit.group(1))} & {singular(w) for w in words(found)} if found else set()
        if found and shared and all(w.isdigit() for w in shared) and not all(w.isdigit() for w in words(found.rsplit("/", 1)[-1])):
            found = None
        if found and all(w.isdigit() for w in words(found.rsplit("/", 1)[-1])):
            at = next((i for i, w in enumerate(question_words) if w == words(found.rsplit("/", 1)[-1])[0]), 0)
            found = found if numbered_folder_said(question_words, at, len(words(found.rsplit("/", 1)[-1])), found) else None
        best = found or ""
    return best


def numbered_folder_said(question_words: list[str], start: int, span: int, folder: str) -> bool:
    """"In 2025" is a date, not the folder photos/2025: a folder named by a number is meant only when the
    question says so ("the 2025 folder", "folder 2025") or names the folder it is in ("photos 2025")."""
    before = question_words[start - 1] if start > 0 else ""
    after = question_words[start + span] if start + span < len(question_words) else ""
    parent = [singular(w) for w in words(folder.rsplit("/", 1)[0])] if "/" in folder else []
    return bool(re.fullmatch(FOLDER_WORDS, before) or re.fullmatch(FOLDER_WORDS, after) or (parent and before == parent[-1]))


def detect_name(question: str) -> str:
    quoted = QUOTED.search(question)
    if quoted:
        return quoted_text(quoted).strip()
    # A glob: a '*' anywhere, or a '?' inside a token (a question's final '?' is not one).
    glob = re.search(r"[\w.\-/]*(?:\*|\?(?=[\w.*]))[\w.*?\-/]*", question)
    if glob:
        return glob.group(0)
    token = FILE_NAME.search(question)
    if token:
        return token.group(0)
    after = re.search(r"\b(?:named|called)\s+([\w.\-]+)", question, re.I)
    if after:
        return after.group(1)
    described = re.search(r"\b(?:the|my)\s+([\w.\- ]+?)\s+(?:file|document|spreadsheet|pdf|note|recipe|doc)\b", question, re.I)
    if described:
        return described.group(1)
    match = re.search(r"\b(?:of|is|was|did)\s+(?:the\s+|my\s+)?([\w\-]+)(?:\s+file)?\b(?:\s+(?:modified|created|changed|updated))?\s*\??$", question, re.I)
    return match.group(1) if match else ""
