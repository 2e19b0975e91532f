"""Man pages (roff with the man or mdoc macros) as the text a reader sees: the source splits one sentence over a
line per macro (".Dv SIGTERM .") and hides headings in requests, so "The default is" and its value were two
lines, neither about the other. Rendered here in plain Python, as no well-kept Python library reads roff and a
`man` binary is not on every machine: sections become Markdown headings, list tags lines of their own, inline
macros their words, filled text one line per paragraph."""

from __future__ import annotations

import re

# A man page by its title (.TH, .Dd) or first section, after nothing but requests: comments, a macro package's
# first lines, the ".." that ends a definition, a block the formatter ignores (".ig" to "..", often the licence).
MAN_PAGE = re.compile(r"\A(?:\s*\.ig\b[^\n]*\n(?:[^\n]*\n)*?\.\.[ \t]*\n|\s*[.'][^\n]*\n)*\s*\.(?:TH|Dd|Dt|Sh|SH)\b")
ESCAPES = [
    (re.compile(r"\\f(?:\[[^\]]*\]|\(..|.)"), ""),  # font changes
    (re.compile(r"\\s[+-]?\d"), ""),  # size changes
    (re.compile(r"\\\*(?:\[[^\]]*\]|\(..|.)"), ""),  # strings
    (re.compile(r"\\\((?:em|en)"), "-"),
    (re.compile(r"\\\((?:aq|cq|oq)"), "'"),
    (re.compile(r"\\\((?:dq|lq|rq)"), '"'),
    (re.compile(r"\\\(bu"), "•"),
    (re.compile(r"\\\(co"), "©"),
    (re.compile(r"\\\(..|\\\[[^\]]*\]"), ""),
    (re.compile(r"\\[-e]"), lambda m: "-" if m.group(0) == "\\-" else "\\"),
    (re.compile(r"\\[&|^%c]"), ""),
    (re.compile(r"\\ "), " "),
    (re.compile(r"\\\."), "."),  # a dot that would open a request at a line's start
]
# An .IP tag that is a list's bullet: the item's text follows it as in a list, not as what the tag defines.
BULLETS = {"•", "-", "*", "+", "o", "·"}
# mdoc macros whose arguments are words of the sentence, and what each puts before its first argument.
INLINE = {"Fl": "-", "Ar": "", "Dv": "", "Ev": "", "Nm": "", "Pa": "", "Cm": "", "Em": "", "Sy": "", "Va": "", "Li": "",
          "Ic": "", "An": "", "Mt": "", "Ql": "", "Er": "", "Fn": "", "Fa": "", "Vt": "", "Ms": "", "Lk": "", "Tn": "",
          "Ns": "", "No": "", "Ux": "UNIX", "At": "AT&T UNIX", "Bx": "BSD"}
ENCLOSING = {"Op": ("[", "]"), "Oo": ("[", ""), "Oc": ("", "]"), "Aq": ("<", ">"), "Dq": ('"', '"'), "Sq": ("'", "'"),
             "Pq": ("(", ")"), "Qq": ('"', '"'), "Bq": ("[", "]"), "Brq": ("{", "}")}
# man macros that set their arguments in fonts (alternating ones join without spaces: ".BR ls (1)" is "ls(1)").
FONTS = {"B", "I", "SM", "SB"}
ALTERNATING = {"BR", "RB", "BI", "IB", "IR", "RI"}
BREAKS = {"PP", "LP", "P", "Pp", "sp", "br", "Bd", "Ed", "Bl", "El", "RS", "RE", "nf", "fi", "in", "Rs", "Re", "EX", "EE", "Dl", "D1"}
PUNCTUATION = re.compile(r"^[.,:;)\]?!]+$")


def is_man_page(text: str) -> bool:
    return bool(MAN_PAGE.match(text[:4000]))


def unescaped(text: str) -> str:
    text = re.sub(r'(?<!\\)\\".*$', "", text)  # a comment to the end of the line
    for pattern, replacement in ESCAPES:
        text = pattern.sub(replacement, text)
    return text


def arguments(line: str) -> list[str]:
    """A request's arguments, "quoted ones" kept whole."""
    return [a[1:-1] if a.startswith('"') else a for a in re.findall(r'"[^"]*"|\S+', line)]


def words_of(parts: list[str]) -> str:
    """mdoc arguments as words: macros among them rendered, punctuation set against the word before it."""
    out: list[str] = []
    glue = False
    closing: list[str] = []
    for part in parts:
        if part in INLINE:
            glue = part == "Ns"
            if INLINE[part]:
                out.append(INLINE[part] + ("" if part == "Fl" else " "))
                glue = part == "Fl"
            continue
        if part in ENCLOSING:
            opening, close = ENCLOSING[part]
            out.append(opening)
            glue = True
            closing.append(close)
            continue
        if PUNCTUATION.match(part) and out:
            out[-1] = out[-1].rstrip() + part + " "
        else:
            out.append(part + " ")
            if glue and len(out) >= 2:
                out[-2] = out[-2].rstrip()
            glue = False
    text = "".join(out).strip() + "".join(reversed(closing))
    return re.sub(r"\s+", " ", text)


def render(source: str) -> list[tuple[int, str]]:
    """The page's text lines, each with the source line it starts at."""
    rendered: list[tuple[int, str]] = []
    paragraph: list[str] = []
    start = 0
    filled = True
    tag = ""  # a list item's tag (an option, a variable, an exit status), said before the paragraph it heads
    dated = ""  # an mdoc page's date, said with its title
    page_name = ""  # what a bare ".Nm" stands for

    def flush() -> None:
        nonlocal paragraph, tag
        if paragraph:
            text = re.sub(r"\s+", " ", " ".join(paragraph)).strip()
            rendered.append((start, tagged(tag, text)))
            paragraph, tag = [], ""

    def emit_tag(number: int) -> None:
        nonlocal tag
        if tag:
            rendered.append((number, tag))
            tag = ""

    def add(number: int, text: str) -> None:
        nonlocal start, tag
        if not text.strip():
            return
        if not paragraph:
            start = number
        if filled:
            paragraph.append(text)
        else:
            # A tagged paragraph in a page left unfilled (".nf" with no ".fi" before the next ".IP"): its tag opens its first line.
            rendered.append((number, tagged(tag, text.strip()) if tag else text.rstrip()))
            tag = ""

    skipping = tagged_next = False
    for number, raw in enumerate(source.splitlines(), start=1):
        if skipping:  # a macro definition or an ignored block, up to its ".."
            skipping = raw.strip() != ".."
            continue
        line = unescaped(raw)
        if tagged_next and line.strip():
            tagged_next = False
            shown = render_tag(line)
            tag = f"{tag}, {shown}" if tag else shown
            continue
        if not line.startswith((".", "'")):
            if not line.strip():
                flush()
            add(number, line)
            continue
        name, *rest = line[1:].strip().split(None, 1) or [""]
        parts = arguments(rest[0]) if rest else []
        if name in ("de", "de1", "am", "ig"):
            skipping = True
        elif name in ("SH", "Sh", "SS", "Ss"):
            flush()
            emit_tag(number)
            rendered.append((number, ("# " if name in ("SH", "Sh") else "## ") + " ".join(parts)))
        elif name in ("TH", "Dt") and parts:
            # The title first (it heads every chunk of the page), then the date, version and manual it names.
            flush()
            title = f"{parts[0]}({parts[1]}) manual page" if len(parts) > 1 else f"{parts[0]} manual page"
            said = [p for p in parts[2:] if p.strip()] + ([dated] if dated else [])
            rendered.insert(0, (number, f"{title}: {', '.join(said)}" if said else title))
            dated = ""
        elif name == "Dd":
            dated = " ".join(p for p in parts if not p.startswith("$Mdocdate")).strip("$ ")
        elif name in ("TP", "TQ", "HP"):
            flush()
            tagged_next = True  # the next line is the tag
        elif name in ("IP", "It"):
            flush()
            new = words_of(parts) if name == "It" else (parts[0] if parts else "")
            tag = f"{tag}, {new}" if tag and new else (new or tag)
        elif name in ("nf", "EX", "Bd") and (name != "Bd" or "-literal" in parts or "-unfilled" in parts):
            flush()
            filled = False
        elif name in ("fi", "EE", "Ed"):
            flush()
            filled = True
        elif name in BREAKS:
            flush()
        elif name in FONTS:
            add(number, " ".join(parts))
        elif name in ALTERNATING:
            add(number, "".join(parts))
        elif name == "Nm" and not page_name and parts:
            page_name = parts[0]
            add(number, words_of(parts))
        elif name == "Nm" and all(PUNCTUATION.match(p) for p in parts):
            add(number, words_of([page_name, *parts]))
        elif name == "Nd":
            add(number, "- " + words_of(parts))
        elif name in INLINE or name in ENCLOSING or name in ("Xr",):
            add(number, f"{parts[0]}({parts[1]})" + (" " + words_of(parts[2:]) if len(parts) > 2 else "") if name == "Xr" and len(parts) >= 2
                else words_of([name, *parts]))
        # Any other request (.if, .ds, .nr, .ft, .ne, .ad, .so ...) sets the page up and shows nothing.
    flush()
    emit_tag(len(rendered))
    return [(number, text) for number, text in rendered if text.strip()]


def tagged(tag: str, text: str) -> str:
    """A tagged paragraph's line: "-v: be verbose" for what the tag defines, "• one item" for a list's bullet."""
    return f"{tag} {text}" if tag in BULLETS else f"{tag}: {text}" if tag else text


def render_tag(line: str) -> str:
    """A .TP tag line: a request's words (".B \\-\\-depth", ".BR \\-d \", \" \\-\\-depth") or the text itself."""
    if not line.startswith((".", "'")):
        return line.strip()
    name, *rest = line[1:].strip().split(None, 1) or [""]
    parts = arguments(rest[0]) if rest else []
    return "".join(parts) if name in ALTERNATING else words_of(parts) if name in INLINE or name in ENCLOSING else " ".join(parts)
