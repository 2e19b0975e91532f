"""The design's keyword fallback router: the tool a question most likely needs, judged by its words, used when
the model writes no usable first call, after a first call found nothing, and by the policies."""

from __future__ import annotations

import re

from ..language.filters import TYPES_ASKED, detect_name, detect_order, read_question
from ..language.lexicon import (
    DUPLICATES_ASKED,
    FOLDERS_COMPARED,
    FOLLOW_UP,
    GREETING,
    LISTING,
    METADATA,
    NAMED,
    QUOTED,
    READ,
    TREE,
)
from ..language.question import counted_words
from ..language.text import terms
from ..llm.parser import ToolCall


def route(question: str, previous: str = "", folders: list[str] | tuple[str, ...] = ()) -> ToolCall:
    """The tool a question most likely needs, judged by its words; filters come from read_question. previous
    is the user's earlier question, where a follow-up ("and the biggest one of those?") left its file type."""
    if GREETING.search(question) and len(question.split()) <= 6:
        return ToolCall("respond", {"answer": ""})
    asked = read_question(question, folders)
    if not asked.extension and previous:
        asked.extension = read_question(previous, folders).extension
    filters = asked.filters()
    if DUPLICATES_ASKED.search(question):
        return ToolCall("find_duplicates", {"folder": asked.folder} if asked.folder else {})
    if READ.search(question):
        name = detect_name(question)
        if asked.order:  # "Summarise the newest PDF": listed in that order first, then read
            return ToolCall("list_files", {**filters, "order": asked.order, "limit": 1})
        if name:
            return ToolCall("read_file", {"path": name})
        return ToolCall("semantic_search", {"query": question.strip(), "top_k": 5})
    if FOLDERS_COMPARED.search(question) and not asked.extension:
        return ToolCall("directory_tree", {"folder": asked.folder} if asked.folder else {})
    # The sorts of files a folder holds are answered by a count, which says their types.
    if (asked.counting or TYPES_ASKED.search(question) and not asked.order) and (asked.says_files or filters):
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


def carry_over(call: ToolCall, question: str, previous: str, folders: list[str] | tuple[str, ...] = (), tree_words: set[str] = frozenset()) -> ToolCall:
    """A follow-up ("which are they?", "list them", "and the oldest?") keeps the files of the question before it:
    its type, and for a rank that names nothing else, its folder and the kind its files are named after, which
    small models drop when they leave the arguments out."""
    bare_rank = not {t for t in terms(question) if not detect_order(t)} and detect_order(question)
    if call.name not in ("count_files", "list_files") or not previous or not (FOLLOW_UP.search(question) or bare_rank):
        return call
    arguments = dict(call.arguments)
    before = read_question(previous, folders)
    if not arguments.get("extension") and before.extension:
        arguments["extension"] = before.extension
    if bare_rank and not arguments.get("folder") and not arguments.get("name"):
        kinds = [w for w in counted_words(previous) if w in tree_words]
        if before.folder:
            arguments["folder"] = before.folder
        elif kinds:
            arguments["name"] = " ".join(kinds)
    return ToolCall(call.name, arguments) if arguments != call.arguments else call
