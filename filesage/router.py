"""The keyword fallback router: picks a tool from the question's words when the model gives no usable call."""

from __future__ import annotations

import re

from .parser import ToolCall
from .toolbox import KNOWN_EXTENSIONS, TYPE_GROUPS

FILE_TOKEN = re.compile(r"[\w.\-/]+\.[A-Za-z0-9]{1,5}\b")
QUOTED = re.compile(r"[\"'`“‘]([^\"'`”’]{2,})[\"'`”’]")
FOLDER = re.compile(r"\b(?:in|under|inside|within)\s+(?:the\s+)?([\w.\-/]+?)/?(?:\s+(?:folder|directory|dir)\b|/|\s*\?|$)", re.I)
GREETING = re.compile(r"^\s*(hi|hello|hey|thanks|thank you|good (morning|evening|afternoon)|what can you do|who are you|help)\b", re.I)


def detect_extension(question: str) -> str:
    """The file type a question is about: '.pdf', 'PDFs', 'spreadsheets', 'python files', or ''."""
    lowered = question.lower()
    match = re.search(r"\*?\.([a-z0-9]{1,5})\b", lowered)
    if match and match.group(1) in KNOWN_EXTENSIONS:
        return match.group(1)
    for word in re.findall(r"[a-z0-9]+", lowered):
        singular = word[:-1] if word.endswith("s") else word
        if word in KNOWN_EXTENSIONS:
            return word
        if singular in KNOWN_EXTENSIONS and singular not in ("c", "h"):
            return singular
        if word in TYPE_GROUPS or singular in TYPE_GROUPS:
            return word
    return ""


def detect_folder(question: str) -> str:
    match = FOLDER.search(question)
    if not match:
        return ""
    folder = match.group(1).strip("/")
    return "" if folder.lower() in {"the", "my", "this", "total", "all", "it", "here"} else folder


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
    described = re.search(r"\b(?:the|my)\s+([\w.\-]+)\s+(?:file|document|spreadsheet|pdf)\b", question, re.I)
    if described:
        return described.group(1)
    match = re.search(r"\b(?:of|is|was|did)\s+(?:the\s+|my\s+)?([\w\-]+)(?:\s+file)?\b(?:\s+(?:modified|created|changed|updated))?\s*\??$", question, re.I)
    return match.group(1) if match else ""


READ = re.compile(r"\b(summari[sz]e|summary of|read|open|what does .+ say)\b", re.I)
ORDERS = {"largest": "largest", "biggest": "largest", "smallest": "smallest", "oldest": "oldest", "newest": "newest", "latest": "newest"}


def detect_order(question: str) -> str:
    """The rank a question picks files by ("the newest PDF", "my largest spreadsheet"), or ''."""
    words = (w.strip(".-") for w in re.findall(r"[\w.\-]+", question.lower()))  # "latest_report.txt" is a name
    return next((ORDERS[w] for w in words if w in ORDERS), "")


RULES: list[tuple[re.Pattern, str]] = [
    (READ, "read_file"),
    (re.compile(r"\b(how many|count|number of|total number)\b", re.I), "count_files"),
    (re.compile(r"\b(tree|structure|folders|subfolders|directories|layout|organi[sz]ed)\b", re.I), "directory_tree"),
    (re.compile(r"\b(how (big|large)|size of|when was|when did|modified|created|last changed|metadata)\b", re.I), "file_metadata"),
    (re.compile(r"\b(named|called|with .* in (the|its) name|file ?names?|matching|pattern)\b", re.I), "grep_files"),
    (re.compile(r"\b(list|show( me)?( all)?( my)?|recent|recently|latest|newest|oldest|largest|biggest|smallest|what files|which files)\b", re.I), "list_files"),
]


def route(question: str, previous: str = "") -> ToolCall:
    """The tool a question most likely needs, judged by keywords alone. previous is the user's earlier
    question, where a follow-up ("which of them is the largest?") left its file type."""
    if GREETING.search(question) and len(question.split()) <= 6:
        return ToolCall("respond", {"answer": ""})
    for pattern, tool in RULES:
        if not pattern.search(question):
            continue
        if tool == "count_files":
            return ToolCall(tool, {"extension": detect_extension(question), "folder": detect_folder(question)})
        if tool == "directory_tree":
            return ToolCall(tool, {"max_depth": 2, "folder": detect_folder(question)})
        if tool == "file_metadata":
            name = detect_name(question)
            if name:
                return ToolCall(tool, {"name_hint": name})
            continue
        if tool == "read_file":
            name = detect_name(question)
            # "Summarise the newest PDF" names a file by rank: it is listed first, then read.
            if name and not detect_order(question):
                return ToolCall(tool, {"path": name})
            continue
        if tool == "grep_files":
            name = detect_name(question)
            if name:
                return ToolCall(tool, {"pattern": name})
            continue
        if tool == "list_files":
            order = detect_order(question) or "newest"
            extension = detect_extension(question) or detect_extension(previous)
            return ToolCall(tool, {"extension": extension, "limit": 5, "folder": detect_folder(question), "order": order})
    return ToolCall("semantic_search", {"query": question.strip(), "top_k": 5})


FOLLOW_UP = re.compile(r"\b(they|them|those|these|ones|of them)\b", re.I)


def carry_over(call: ToolCall, question: str, previous: str) -> ToolCall:
    """A follow-up ("which are they?", "list them") keeps the file type of the question before it, which
    small models drop when they leave the argument out."""
    if call.name not in ("count_files", "list_files") or call.arguments.get("extension") or not previous or not FOLLOW_UP.search(question):
        return call
    extension = detect_extension(previous)
    return ToolCall(call.name, {**call.arguments, "extension": extension}) if extension else call

