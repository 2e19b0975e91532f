"""A PDF page's text as its lines: some PDF makers place each word on its own, and pypdf's plain extraction then
gives one word a line, so that no line says a whole sentence (a figure apart from what it is of)."""

from __future__ import annotations

import re


WORD_LINES = 20  # a page with fewer lines than this is too short to tell how it was written
MOSTLY = 0.8  # the share of one-word lines that says the page was written a word at a time


def page_text(page) -> str:
    """The page's text, its lines put back together from the page's layout when the plain extraction gives them a
    word a line."""
    text = (page.extract_text() or "").strip()
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) < WORD_LINES or sum(len(line.split()) == 1 for line in lines) < MOSTLY * len(lines):
        return text
    laid = page.extract_text(extraction_mode="layout") or ""
    # The layout spaces words out to their places on the page; one space is what separates them.
    return "\n".join(re.sub(r"\s{2,}", " ", line).strip() for line in laid.splitlines()).strip()
