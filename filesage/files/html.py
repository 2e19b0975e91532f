"""HTML as the lines a browser shows: a line per paragraph, heading, item or table row, so that a label and its
value ("Late check-out until <b>noon</b>", a row's "Deposit" cell and its "€250.00") stay on one line,
as the claims check and the line about the thing asked need them."""

from __future__ import annotations

import re

BLOCKS = set(
    "address article aside blockquote body caption dd div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 "
    "head header hr li main nav ol p pre section table tbody tfoot thead title tr ul".split()
)


def html_lines(markup: str) -> list[str]:
    """The visible text of a page, a line per block, a row's cells joined by " | "; the source's own line breaks
    are spaces (except in <pre>), scripts and styles are left out."""
    from bs4 import BeautifulSoup, NavigableString

    soup = BeautifulSoup(markup, "html.parser")
    for hidden in soup(["script", "style", "noscript", "template"]):
        hidden.decompose()
    for text in soup.find_all(string=True):
        if type(text) is NavigableString and not text.find_parent("pre"):  # not a comment or the doctype
            text.replace_with(re.sub(r"\s+", " ", text))
    for tag in soup.find_all(True):
        if tag.name == "br":
            tag.replace_with("\n")
        elif tag.name in ("td", "th"):
            tag.insert_after(" | ")
        elif tag.name in BLOCKS:
            tag.insert_before("\n")
            tag.insert_after("\n")
    return [line.strip(" |") for line in soup.get_text("").splitlines() if line.strip(" |")]
