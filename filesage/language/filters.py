from __future__ import annotations

import re
from dataclasses import dataclass, field

from .matching import FILLER_WORDS, match_folder, parse_period, parse_size, type_extensions
from .text import singular, words

COUNT = re.compile(r"\b(how many|count|number of|total number|tally)\b", re.I)


FILE_TOKEN = re.compile(r"[\w.\-/]+\.[A-Za-z0-9]{1,5}\b")


QUOTED = re.compile(r"[\"'`“‘]([^\"'`”’]{2,})[\"'`”’]")


# Words for the order of a ranking, longest phrases first. "least bulky" is the smallest, "least recently
# changed" the oldest: a "least" before a word of the other end turns it round.
ORDER_PHRASES = [
    (r"least recent(ly)?( (modified|changed|edited|updated|touched|saved|used))?|longest ago|stalest|earliest|oldest", "oldest"),
    (r"least (bulky|big|large|heavy|space)|fewest bytes|smallest|tiniest|littlest|lightest|teeniest|slimmest|minimal size", "smallest"),
    # "the last modified file" ranks; "when was X last modified" asks for a date.
    (r"most recent(ly)?( (modified|changed|edited|updated|touched|saved|created))?|(?<=the )last (modified|changed|edited|updated|touched|saved)|"
     r"last (modified|changed|edited|updated|touched|saved) (file|one|document)|newest|latest|freshest|youngest", "newest"),
    (r"most (space|room|disk space|storage)|largest|biggest|bulkiest|chunkiest|heaviest|hugest|fattest|greatest size|"
     r"take[s]? up the most|largest", "largest"),
]


SIZE_BOUND = re.compile(
    r"\b(?P<op>(?:larger|bigger|greater|heavier|more|over|above|exceed(?:s|ing)?|at least|in excess of|upwards of)(?:\s+than)?|"
    r"(?:smaller|less|lighter|under|below|fewer)(?:\s+than)?)\s+(?P<size>(?:half\s+a|a|an|one|two|three|four|five|ten|\d+(?:[.,]\d+)?)\s*(?:hundred\s*|thousand\s*)?"
    r"(?:bytes?|b|kb|kib|k|mb|mib|megs?|megabytes?|gb|gib|gigs?|gigabytes?|kilobytes?))\b",
    re.I,
)


EMPTY = re.compile(r"\b(empty|blank|zero[- ]?(?:bytes?|b|size|sized|length)|0[- ]?(?:bytes?|b|kb)|no content|contain(?:s|ing)? nothing|nothing in (?:it|them)|size of (?:0|zero))\b", re.I)


PERIOD = re.compile(
    r"\b(?:(?:in|within|during|over|for)\s+)?(?:the\s+)?(?:last|past|previous|recent)\s+(?P<span>(?:\d+|a|an|one|two|three|four|five|six|seven|ten|fourteen|thirty)?\s*"
    r"(?:hours?|days?|weeks?|fortnight|months?|years?))\b|\b(?P<word>today|yesterday|this week|this month|24 hours)\b",
    re.I,
)


NAME_WORD = re.compile(
    r"(?:with|having|containing|has|have)\s+['\"“‘]?(?P<a>[\w.\-]+)['\"”’]?\s+(?:somewhere\s+)?(?:in|as part of)\s+(?:the|its|their)\s+(?:file ?)?names?"
    r"|(?:names?|filenames?|file names?)\s+(?:that\s+)?(?:contain|include|mention|containing|including|mentioning|with)s?\s+['\"“‘]?(?P<b>[\w.\-]+)"
    r"|\b(?:named|called|titled)\s+(?:like\s+)?['\"“‘]?(?P<c>[\w.\-]+)",
    re.I,
)


NUMBER = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


# Type words that are too general to name a type on their own ("my documents", "any files").
VAGUE_TYPES = {"document", "doc", "file", "item", "thing"}


# Type words that are everyday nouns too ("the confirmation code", "the text of the lease"): a type only with a
# file noun after them ("text files", "Word documents"), or, for those marked True, in the plural ("my logs").
EVERYDAY_TYPES = {"code": False, "text": False, "source": False, "config": False, "web": False, "word": False, "sheet": False,
                  "log": True, "script": True, "archive": True, "slide": True, "deck": True, "song": True, "music": False, "audio": False,
                  "go": False, "c": False, "h": False}


FILE_NOUNS = {"file", "files", "document", "documents", "doc", "docs"}


FOLDER_WORDS = r"(?:folder|directory|dir|subfolder|sub-folder)"


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
    name: str = ""  # a word the file names contain
    counting: bool = False  # "how many"
    says_files: bool = False  # "files", "documents", a type word: the question is about files, not folders
    notes: list[str] = field(default_factory=list)

    def filters(self) -> dict:
        found = {"extension": self.extension, "folder": self.folder, "name": self.name, "larger_than": self.larger_than,
                 "smaller_than": self.smaller_than, "changed_within": self.changed_within}
        found = {key: value for key, value in found.items() if value}
        if self.empty:
            found["empty"] = True
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


def read_question(question: str, folders: list[str] | tuple[str, ...] = ()) -> Asked:
    """The filters a question states: its type, a folder of the tree it names, a rank and how many, a size
    bound, emptiness, a recent period, and a word of the file names."""
    asked = Asked()
    text = question.strip()
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
    asked.empty = bool(EMPTY.search(text))
    period = PERIOD.search(text)
    if period:
        span = period.group("span") or period.group("word")
        if parse_period(span) is not None:
            asked.changed_within = span.strip()
    for name in NAME_WORD.finditer(text):
        # "the folder called finance" names a folder, not a file.
        if not re.search(rf"{FOLDER_WORDS}s?\s*$", text[: name.start()].lower()):
            asked.name = next(g for g in name.groups() if g).strip(".")
            break
    asked.folder = folder_named(text, folders)
    folder_words = {singular(w) for w in words(asked.folder)} if asked.folder else set()
    # The type: a dotted extension, else the first type word that is not the folder's own name.
    dotted = re.search(r"(?<![\w-])\*?\.([a-z0-9]{1,5})\b", lowered)  # ".txt", not the end of "todo.txt"
    if dotted and type_extensions(dotted.group(1)):
        asked.extension = "." + dotted.group(1)
    tokens = re.findall(r"[a-z0-9+]+", lowered)
    if not asked.extension:
        for index, word in enumerate(tokens):
            if word in FILLER_WORDS or singular(word) in VAGUE_TYPES or singular(word) in folder_words or word == asked.name.lower():
                continue
            everyday = EVERYDAY_TYPES.get(singular(word))
            following = tokens[index + 1] if index + 1 < len(tokens) else ""
            if everyday is not None and following not in FILE_NOUNS and not (everyday and word != singular(word)):
                continue
            if type_extensions(word):
                qualifier = tokens[index - 1] if index else ""
                asked.extension = f"{qualifier} {word}" if type_extensions(qualifier) and qualifier not in FILLER_WORDS else word
                break
    # "Word documents", "PDF docs": a vague word qualified by a type.
    asked.says_files = bool(asked.extension) or any(singular(w) in VAGUE_TYPES | {"file"} for w in tokens)
    if asked.order:
        for word in re.findall(r"\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\b", lowered):
            number = int(word) if word.isdigit() else NUMBER[word]
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
            candidates.append((-span, folder.count("/"), folder))
    best = min(candidates)[2] if candidates else ""
    if not best and explicit:
        found = match_folder(explicit.group(1), folders)
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
        return quoted.group(1).strip()
    # A glob: a '*' anywhere, or a '?' inside a token (a question's final '?' is not one).
    glob = re.search(r"[\w.\-/]*(?:\*|\?(?=[\w.*]))[\w.*?\-/]*", question)
    if glob:
        return glob.group(0)
    token = FILE_TOKEN.search(question)
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
