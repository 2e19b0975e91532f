from __future__ import annotations

import re

from ..language.filters import QUOTED, detect_extension, detect_name, read_question
from ..llm.parser import ToolCall

GREETING = re.compile(r"^\s*(hi|hello|hey|thanks|thank you|good (morning|evening|afternoon)|what can you do|who are you|help)\b", re.I)


READ = re.compile(r"\b(summari[sz]e|summary of|read|open|what does .+ say)\b", re.I)




TREE = re.compile(r"\b(tree|structure|structured|layout|laid out|organi[sz]ed|organi[sz]ation|hierarchy|subfolders?|sub-folders?|subdirector(?:y|ies)|folders|directories)\b", re.I)


METADATA = re.compile(r"\b(how (big|large|heavy)|size of|file ?size|how much space|when was|when did|modified|created|last (changed|edited|updated|touched)|metadata)\b", re.I)


NAMED = re.compile(r"\b(named|called|titled|in (the|its|their) (file ?)?names?|file ?names?|names? (that )?(contain|include|mention)s?|matching|pattern)\b", re.I)


LISTING = re.compile(r"\b(list|show( me)?|which|what files|what are|recent|recently|names?|find)\b", re.I)


def route(question: str, previous: str = "", folders: list[str] | tuple[str, ...] = ()) -> ToolCall:
    """The tool a question most likely needs, judged by its words; filters come from read_question. previous
    is the user's earlier question, where a follow-up ("which of them is the largest?") left its file type."""
    if GREETING.search(question) and len(question.split()) <= 6:
        return ToolCall("respond", {"answer": ""})
    asked = read_question(question, folders)
    if not asked.extension and previous:
        asked.extension = read_question(previous, folders).extension
    filters = asked.filters()
    if READ.search(question):
        name = detect_name(question)
        if asked.order:  # "Summarise the newest PDF": listed in that order first, then read
            return ToolCall("list_files", {**filters, "order": asked.order, "limit": 1})
        if name:
            return ToolCall("read_file", {"path": name})
        return ToolCall("semantic_search", {"query": question.strip(), "top_k": 5})
    if asked.counting and (asked.says_files or filters):
        return ToolCall("count_files", filters)
    if asked.order:
        return ToolCall("list_files", {**filters, "order": asked.order, "limit": asked.limit or 1})
    if TREE.search(question) and not (asked.extension or asked.counting):
        return ToolCall("directory_tree", {"folder": asked.folder} if asked.folder else {})
    if METADATA.search(question):
        name = detect_name(question)
        if name:
            return ToolCall("file_metadata", {"name_hint": name})
    if NAMED.search(question) and set(filters) <= {"name", "extension"}:
        written = detect_name(question)
        name = written if re.search(r"[*?\[]", written) or QUOTED.search(question) else asked.name or written
        if name:
            return ToolCall("grep_files", {"pattern": name})
    if asked.counting and not asked.says_files:
        return ToolCall("semantic_search", {"query": question.strip(), "top_k": 5})
    if filters or (LISTING.search(question) and asked.says_files):
        return ToolCall("list_files", filters)
    return ToolCall("semantic_search", {"query": question.strip(), "top_k": 5})


FOLLOW_UP = re.compile(r"\b(they|them|those|these|one|ones|of them|their)\b", re.I)


def carry_over(call: ToolCall, question: str, previous: str) -> ToolCall:
    """A follow-up ("which are they?", "list them") keeps the file type of the question before it, which
    small models drop when they leave the argument out."""
    if call.name not in ("count_files", "list_files") or call.arguments.get("extension") or not previous or not FOLLOW_UP.search(question):
        return call
    extension = detect_extension(previous)
    return ToolCall(call.name, {**call.arguments, "extension": extension}) if extension else call
