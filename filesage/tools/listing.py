"""How the filesystem tools say which files they mean and list them: sizes and dates as people read them, the
noun for a set of files, ranks, and the part of a long document that is about some words."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..files.walk import FileEntry, human_size, when

MAX_LISTED = 50


def span(first: str, last: str) -> str:
    """'lines 1-40' to 'lines 41-80' is 'lines 1-80'; places of different kinds are joined with 'to'."""
    if first == last:
        return first
    head = re.fullmatch(r"(.*?)(\d+)(?:-\d+)?", first)
    tail = re.fullmatch(r"(.*?)\d+(?:-(\d+))?", last)
    if head and tail and head.group(1) == tail.group(1):
        end = tail.group(2) or re.search(r"(\d+)$", last).group(1)
        return f"{head.group(1)}{head.group(2)}-{end}"
    return f"{first} to {last}"


def part_about(about: str, parts: list[str]) -> int:
    """Which part of a document (1-based) is most about the words given: rarer words in the document weigh more."""
    from ..language.text import covers, terms

    wanted = terms(about)
    found = [terms(text) for text in parts]
    score = []
    for own in found:
        score.append(sum(1.0 / (1 + sum(covers(t, other) for other in found)) for t in wanted if covers(t, own)))
    best = max(range(len(parts)), key=lambda i: (score[i], -i))
    return best + 1 if score[best] > 0 else 1


def file_line(entry: "FileEntry") -> str:
    return f"- {entry.path} ({human_size(entry.size)}, modified {when(entry.modified)})"


def names_sentence(paths: list[str]) -> str:
    return paths[0] if len(paths) == 1 else ", ".join(paths[:-1]) + " and " + paths[-1]


ORDER_WORDS = {"newest": "newest first", "oldest": "oldest first", "largest": "largest first", "smallest": "smallest first"}


@dataclass
class Selection:
    """The files a count or a listing is about, and how to say which they are."""

    files: list[FileEntry]
    noun: tuple[str, str]  # singular and plural: ("spreadsheet", "spreadsheets"), (".pdf file", ".pdf files")
    where: str  # "in the folder", "under finance/"
    conditions: list[str] = field(default_factory=list)  # "larger than 5 MB", "changed since 2025-11-16"
    notes: list[str] = field(default_factory=list)  # how loose arguments were read, said to the model

    def phrase(self, count: int) -> str:
        noun = self.noun[0] if count == 1 else self.noun[1]
        return " ".join([noun, self.where] + self.conditions)
