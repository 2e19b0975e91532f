"""Text out of each file format, through well-kept libraries, with where each piece came from. What a file is
comes from its content, not its name: a README, a Makefile or a script without an extension is text, a PDF
named wrongly is a PDF, and only what is binary by its first bytes is skipped, with what it is."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import logging
import re
import signal
import threading
import warnings
import zipfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from .columns import WIDE_GAP, columns_named, is_figure
from .pdf import page_text
from .licences import licence_named
from .properties import document_properties
from .prose import is_prose, joined
from .html import html_lines
from .mail import mail_lines
from .roff import is_man_page, render

# pypdf tells of each repair of a damaged PDF, openpyxl of each workbook part it skips: the user asked about their files.
logging.getLogger("pypdf").setLevel(logging.ERROR)
warnings.filterwarnings("ignore", category=UserWarning, module="openpyxl")

# Formats read by their structure, not as lines of text.
OFFICE_KINDS = ("pdf", "docx", "xlsx", "xlsm", "pptx")
# Reading more than this from one file is not worth its indexing time; the rest is skipped and said so.
MAX_READ_BYTES = 8 * 1024 * 1024
# One file may take this long to parse; a parser stuck longer gives up on it.
MAX_READ_SECONDS = 30.0
# Office files are zip archives: refuse ones that would inflate past this (zip bombs).
MAX_UNZIPPED_BYTES = 200 * 1024 * 1024
CHUNK_CHARS = 900
# Raised when how files are read changes, so that an index reads every file again (the embeddings cache is by text).
READER_VERSION = "22"
SNIFFED_BYTES = 8192
# What a binary file is, by its first bytes (the offset where the mark starts, the mark, what the file is).
SIGNATURES = [
    (0, b"%PDF-", "pdf"), (0, b"PK\x03\x04", "zip"),
    (0, b"\x89PNG", "a PNG image"), (0, b"\xff\xd8\xff", "a JPEG image"), (0, b"GIF8", "a GIF image"),
    (0, b"II*\x00", "a TIFF image"), (0, b"MM\x00*", "a TIFF image"), (0, b"\x00\x00\x01\x00", "an icon"),
    (8, b"WEBP", "a WebP image"), (8, b"WAVE", "WAV audio"), (8, b"AVI ", "an AVI video"), (4, b"ftyp", "a video or HEIC image"),
    (0, b"ID3", "MP3 audio"), (0, b"OggS", "Ogg audio"), (0, b"fLaC", "FLAC audio"), (0, b"\x1aE\xdf\xa3", "a Matroska or WebM video"),
    (0, b"\x1f\x8b", "a gzip archive"), (0, b"BZh", "a bzip2 archive"), (0, b"\xfd7zXZ\x00", "an xz archive"),
    (0, b"7z\xbc\xaf'\x1c", "a 7-Zip archive"), (0, b"Rar!", "a RAR archive"), (257, b"ustar", "a tar archive"),
    (0, b"\x7fELF", "a program"), (0, b"MZ\x90\x00", "a Windows program"), (0, b"\xca\xfe\xba\xbe", "a program or Java class"),
    (0, b"SQLite format 3\x00", "an SQLite database"), (0, b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an old Office document (.doc, .xls, .ppt)"),
    (0, b"wOFF", "a font"), (0, b"wOF2", "a font"), (0, b"\x00\x01\x00\x00\x00", "a font"),
]
# What an Office file is, by a part only its kind has.
OFFICE_PARTS = [("word/document.xml", "docx"), ("xl/workbook.xml", "xlsx"), ("ppt/presentation.xml", "pptx")]


@dataclass(frozen=True)
class Segment:
    """A piece of a document with its place: 'p. 3', 'lines 10-42', 'sheet Budget, rows 2-40', 'slide 4'."""

    text: str
    location: str


@dataclass
class Document:
    segments: list[Segment]
    capped: bool = False  # True when only the first MAX_READ_BYTES were read


class Unreadable(Exception):
    """A file that is skipped, with the reason shown in the index summary."""


def kind_of(path: Path, extension: str) -> str:
    """The reader a file needs, by its content first: 'pdf', 'docx', 'xlsx', 'pptx', its own extension's reader
    (csv, html, json), or 'text'. A binary file of another kind raises Unreadable, saying what it is."""
    with path.open("rb") as handle:
        head = handle.read(SNIFFED_BYTES)
    mark = next((what for offset, signature, what in SIGNATURES if head[offset : offset + len(signature)] == signature), None)
    if mark == "pdf":
        return "pdf"
    if mark == "zip":
        if extension in ("docx", "xlsx", "xlsm", "pptx"):
            return extension
        try:
            with zipfile.ZipFile(path) as archive:
                names = set(archive.namelist())
        except (zipfile.BadZipFile, OSError):
            raise Unreadable("binary content (a damaged zip archive)") from None
        found = next((kind for part, kind in OFFICE_PARTS if part in names), None)
        if found is None:
            raise Unreadable("binary content (a zip archive)")
        return found
    if mark is not None:
        raise Unreadable(f"binary content ({mark})")
    if extension in READERS and extension not in OFFICE_KINDS:
        return extension
    if b"\x00" in head or not looks_like_text(head):
        raise Unreadable("binary content")
    return "text"


def looks_like_text(head: bytes) -> bool:
    """The first bytes decode (as UTF-8, or in the encoding detected) to text with almost no control characters."""
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start > len(head) - 4:  # a character cut at the end of the sniffed bytes
            text = head[: exc.start].decode("utf-8")
        else:
            from charset_normalizer import from_bytes

            best = from_bytes(head).best()
            if best is None:
                return False
            text = str(best)
    controls = sum(1 for c in text if ord(c) < 32 and c not in "\t\n\r\f\x1b")
    return controls <= max(1, len(text) // 100)


def read_document(path: Path, extension: str) -> Document:
    """Extract the text of one file. Raises Unreadable with a short reason for what cannot be indexed."""
    kind = kind_of(path, extension)
    reader = READERS.get(kind, read_text)
    try:
        with time_limit(MAX_READ_SECONDS):
            document = with_title(reader(path))
            properties = document_properties(path, kind)
            # A licence's own text rarely names it: what it is goes first, where "what licence is it under?" finds it.
            licence = "" if kind in OFFICE_KINDS else licence_named("\n".join(s.text for s in document.segments))
            return Document([Segment(licence, "licence")] * bool(licence) + document.segments + [Segment(properties, "properties")] * bool(properties), document.capped)
    except (Unreadable, OSError):
        raise  # OSError: the file vanished or cannot be opened; the indexer reports it as unreadable
    except MemoryError:
        raise Unreadable("too large to parse") from None
    except Exception as exc:  # noqa: BLE001 - third-party parsers raise anything on a damaged file
        raise Unreadable(f"could not be parsed ({type(exc).__name__})") from None


@contextlib.contextmanager
def time_limit(seconds: float):
    """A parser stuck on a pathological file (a PDF whose objects reference each other forever) gives up
    after this long. SIGALRM works only in the main thread, where filesage reads files; elsewhere there
    is no limit."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(number, frame):
        raise Unreadable(f"took longer than {seconds:g} s to parse")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def with_title(document: Document) -> Document:
    """Later pieces of a document ("Balance: €612.40" on page 2) often do not say which document they
    belong to; each one after the first is headed with the heading in force where it starts: the document's
    first line, or the last line of that line's kind before it. A changelog whose first line is its newest
    release ("# NEWS for tool 6.2 (4 Mar 2031)") heads the passages of older releases with their own
    heading, not with the newest one's date."""
    if len(document.segments) < 2:
        return document
    title = next((line.strip() for line in document.segments[0].text.splitlines() if line.strip()), "")[:120]
    if not title:
        return document
    sibling = sibling_of(title)
    heading = last_sibling(document.segments[0].text, sibling) or title
    headed = [document.segments[0]]
    for piece in document.segments[1:]:
        opening = piece.text.lstrip().split("\n", 1)[0]
        own = opening.startswith(heading) or (sibling is not None and sibling.match(opening))
        headed.append(piece if own else Segment(f"[{heading}]\n{piece.text}", piece.location))
        heading = last_sibling(piece.text, sibling) or heading
    return Document(headed, document.capped)


def sibling_of(title: str) -> re.Pattern | None:
    """Lines of the title's kind: its words up to its first figure, then a figure ("# Release 2.1 (2024)" beside
    "# Release 2.0 (2023)"), or its very shape when it starts with one ("1.4.0 - 2024-05-02"). None for a
    title with no figure: a document's name heads all of it."""
    words = re.match(r"\D*", title).group(0)
    if len(words) == len(title):
        return None
    if re.search(r"[^\W\d_]", words):
        return re.compile(re.escape(words) + r"\d")
    return re.compile(re.sub(r"\d+", r"\\d+", re.escape(title)) + "$")


def last_sibling(text: str, sibling: re.Pattern | None) -> str | None:
    if sibling is None:
        return None
    return next((line.strip()[:120] for line in reversed(text.splitlines()) if sibling.match(line.strip())), None)


def read_bytes(path: Path) -> tuple[bytes, bool]:
    with path.open("rb") as handle:
        data = handle.read(MAX_READ_BYTES + 1)
    return data[:MAX_READ_BYTES], len(data) > MAX_READ_BYTES


def decode(data: bytes) -> str:
    """UTF-8 when it is, otherwise the encoding charset-normalizer detects."""
    if b"\x00" in data[:8192]:
        raise Unreadable("binary content")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        from charset_normalizer import from_bytes

        matches = list(from_bytes(data))
        if not matches:
            raise Unreadable("binary content") from None
        best = matches[0]
        # Single-byte Western and Central European code pages often score the same; like browsers, prefer
        # windows-1252 when it ties with the winner.
        tied = [m for m in matches if (m.chaos, m.coherence) == (best.chaos, best.coherence)]
        return str(next((m for m in tied if m.encoding == "cp1252"), best))


def document_parts(path: Path, extension: str) -> str:
    """How many pages a PDF has, which sheets a workbook, how many slides a presentation ('' for other files,
    and for a file its library cannot open)."""
    try:
        kind = kind_of(path, extension)
        with time_limit(MAX_READ_SECONDS):
            if kind == "pdf":
                from pypdf import PdfReader

                count = len(PdfReader(str(path)).pages)
                return f"{count} page{'s' if count != 1 else ''}"
            if kind in ("xlsx", "xlsm"):
                import openpyxl

                workbook = openpyxl.load_workbook(str(path), read_only=True)
                try:
                    names = workbook.sheetnames
                finally:
                    workbook.close()
                return f"{len(names)} sheet{'s' if len(names) != 1 else ''} ({', '.join(names)})"
            if kind == "pptx":
                from pptx import Presentation

                count = len(Presentation(str(path)).slides)
                return f"{count} slide{'s' if count != 1 else ''}"
    except Exception:  # noqa: BLE001 - a damaged file has no parts to tell; its size and dates still stand
        return ""
    return ""


def read_text(path: Path) -> Document:
    data, capped = read_bytes(path)
    text = decode(data)
    if is_man_page(text):
        # A man page as it reads, each line placed at the source line it starts at, each option before what it does.
        rendered = render(text)
        lines, numbers = joined([line for _, line in rendered], [number for number, _ in rendered], wrapped=False)
        return Document(line_segments(lines, numbers=numbers), capped)
    if is_prose(path.name):
        lines, numbers = joined(text.splitlines())
        return Document(line_segments(columns_named(lines, WIDE_GAP), numbers=numbers), capped)
    return Document(line_segments(columns_named(text.splitlines(), WIDE_GAP)), capped)


def line_segments(lines: list[str], prefix: str = "lines", header: str | None = None, numbers: list[int] | None = None) -> list[Segment]:
    """Group lines into chunk-sized segments labelled with their line range (the lines' own numbers in the
    source, when given); a table's header is repeated at the top of each segment so its rows stay readable on
    their own."""
    segments: list[Segment] = []
    buffer: list[str] = []
    size = 0
    first = last = 1
    for number, line in zip(numbers or range(1, len(lines) + 1), lines):
        # One enormous line (minified files, logs) is cut into pieces rather than kept as one giant chunk.
        pieces = [line[i : i + CHUNK_CHARS] for i in range(0, len(line), CHUNK_CHARS)] or [""]
        for piece in pieces:
            if buffer and size + len(piece) > CHUNK_CHARS:
                segments.append(segment(buffer, prefix, first, last, header))
                buffer, size, first = [], 0, number
            buffer.append(piece)
            size += len(piece) + 1
            last = number
    if buffer:
        segments.append(segment(buffer, prefix, first, last, header))
    return [s for s in segments if s.text.strip()]


def segment(lines: list[str], prefix: str, first: int, last: int, header: str | None) -> Segment:
    body = "\n".join(lines)
    if header and lines and lines[0] != header:
        body = f"{header}\n{body}"
    where = f"{prefix} {first}" if first == last else f"{prefix} {first}-{last}"
    return Segment(body, where)


def read_pdf(path: Path) -> Document:
    from pypdf import PdfReader

    reader = PdfReader(str(path))
    segments = []
    for number, page in enumerate(reader.pages, start=1):
        if text := page_text(page):
            segments += [Segment(s.text, f"p. {number}") for s in line_segments(columns_named(text.splitlines()))]
    if not segments:
        raise Unreadable("no text layer (scanned PDF?)")
    return Document(segments)


def check_zip(path: Path) -> None:
    try:
        with zipfile.ZipFile(path) as archive:
            total = sum(info.file_size for info in archive.infolist())
    except zipfile.BadZipFile:
        raise Unreadable("not a valid Office file (damaged zip)") from None
    if total > MAX_UNZIPPED_BYTES:
        raise Unreadable(f"unpacks to {total // (1024 * 1024)} MB (zip bomb?)")


def read_docx(path: Path) -> Document:
    check_zip(path)
    import docx

    document = docx.Document(str(path))
    lines = [p.text for p in document.paragraphs if p.text.strip()]
    for table in document.tables:  # each row with its header's names, as a spreadsheet's ("You owe: ...", no bare figure)
        header, rows = rows_as_lines([[cell.text.strip() for cell in row.cells] for row in table.rows])
        lines += ([f"Columns: {header}"] if header else []) + rows
    return Document(line_segments(lines, prefix="paragraphs"))


PREAMBLE_ROWS = 12  # the most rows about a table above its header
FIGURE_ROWS = 5  # rows of figures in a row that show the table has begun


def is_form(rows: list[list[str]]) -> bool:
    """A sheet laid out as a form (an invoice, a summary: a title line, then a label in one cell and its value
    in the next) rather than a table under a header row: its first row is a lone title or holds a figure."""
    first = [c for c in rows[0] if c.strip()]
    if max(sum(1 for c in row if c.strip()) for row in rows) <= 1:
        return False  # a list of one column under its name
    return len(first) < 2 or any(is_figure(c) for c in first)


def form_lines(rows: list[list[str]]) -> list[str]:
    """A form's rows as "label: value"; a row of three or more labels heads the rows of figures below it, as a
    table inside the form does (an invoice's line items)."""
    lines, header = [], None
    for row in rows:
        cells = [c.strip() for c in row if c.strip()]
        if len(cells) >= 3 and not any(is_figure(c) for c in cells):
            header = [c.strip() for c in row]
            lines.append(" | ".join(cells))
        elif len(cells) >= 3 and header:
            lines.append("; ".join(f"{header[i] if i < len(header) and header[i] else f'column {i + 1}'}: {value.strip()}"
                                   for i, value in enumerate(row) if value.strip()))
        elif len(cells) == 2:
            lines.append(f"{cells[0]}: {cells[1]}")
        else:
            lines.append(" | ".join(cells))
    return lines


def cell(value: str) -> str:
    """A cell as a reader reads it: a whole number that a program wrote as a float ("1968.0") is that number."""
    value = value.strip()
    return value[: value.index(".")] if re.fullmatch(r"-?\d+\.0+", value) else value


def header_row(rows: list[list[str]]) -> int:
    """Which row heads a table's columns: the first, unless rows about the table sit above it (a statistics
    office's "Unit:", "Multiplier:" lines): then the row just above where rows of figures begin, when it holds none
    and names as many columns as those rows fill (a guest who declined, with no table number, heads nothing)."""
    for start in range(1, min(len(rows) - FIGURE_ROWS, PREAMBLE_ROWS) + 1):
        block = rows[start:start + FIGURE_ROWS]
        if all(any(is_figure(c) for c in row) for row in block) and len({len(row) for row in block}) == 1:
            fills = [sum(bool(c.strip()) for c in row) for row in (rows[start - 1], *block)]
            return start - 1 if not any(is_figure(c) for c in rows[start - 1]) and fills[0] >= min(fills[1:]) else 0
    return 0


def rows_as_lines(rows: list[list[str]]) -> tuple[str | None, list[str]]:
    """'col: value; col: value' per row, so a chunk of rows keeps the meaning of its columns; a form's rows as
    'label: value' (no header, for "column 2: 2026-01-02" says nothing)."""
    rows = [r for r in rows if any(c.strip() for c in r)]
    if not rows:
        return None, []
    if is_form(rows):
        return "", form_lines(rows)
    at = header_row(rows)
    header = [h.strip() or f"column {i + 1}" for i, h in enumerate(rows[at])]
    # Rows above the header say what the whole table is ("Unit:", "Percent"), each as a label and its value.
    lines = [f"{cells[0].rstrip(': ')}: {' | '.join(cells[1:])}" if len(cells) > 1 else cells[0]
             for cells in ([c.strip() for c in row if c.strip()] for row in rows[:at])]
    for row in rows[at + 1:]:
        pairs = [f"{header[i] if i < len(header) else f'column {i + 1}'}: {cell(value)}" for i, value in enumerate(row) if value.strip()]
        lines.append("; ".join(pairs))
    return " | ".join(header), lines


def delimiter_of(text: str, default: str) -> str:
    """The delimiter most rows split into the same number of fields by: a bank export's ";" though its amounts
    have decimal commas and its preamble none ("Solde : 3 391,07 €"), where a guess from the first lines fails."""
    lines = [line for line in text.splitlines()[:200] if line.strip()]
    best, chosen = (0, 0), default
    for delimiter in (",", ";", "\t", "|"):
        widths = Counter(len(row) for row in csv.reader(lines, delimiter=delimiter))
        score = max(((rows, width) for width, rows in widths.items() if width > 1), default=(0, 0))
        if score > best:
            best, chosen = score, delimiter
    return chosen


def read_csv(path: Path) -> Document:
    data, capped = read_bytes(path)
    text = decode(data)
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter_of(text, "\t" if path.suffix.lower() == ".tsv" else ",")))
    header, lines = rows_as_lines(rows)
    if header is None:
        raise Unreadable("empty table")
    return Document(line_segments(lines, prefix="rows", header=f"Columns: {header}" if header else None), capped)


def read_xlsx(path: Path) -> Document:
    check_zip(path)
    import openpyxl

    workbook = openpyxl.load_workbook(str(path), read_only=True, data_only=True)
    segments = []
    try:
        for sheet in workbook.worksheets:
            rows = [["" if v is None else str(v) for v in row] for row in sheet.iter_rows(values_only=True)]
            header, lines = rows_as_lines(rows)
            if header is not None:
                title = f"Sheet {sheet.title}. Columns: {header}" if header else f"Sheet {sheet.title}."
                segments += line_segments(lines, prefix=f"sheet {sheet.title}, rows", header=title)
    finally:
        workbook.close()
    if not segments:
        raise Unreadable("empty workbook")
    return Document(segments)


def read_pptx(path: Path) -> Document:
    check_zip(path)
    from pptx import Presentation

    # Slides are short and lean on each other ("Owner: the platform team" on the slide after the project's name),
    # so consecutive slides are kept together up to a chunk's size.
    lines = []
    for slide in Presentation(str(path)).slides:
        texts = [shape.text_frame.text for shape in slide.shapes if shape.has_text_frame and shape.text_frame.text.strip()]
        lines.append(" / ".join(t.replace("\n", " / ") for t in texts))
    return Document(line_segments(lines, prefix="slides"))


def read_as(lines_of):
    """A reader of a format whose lines come from its bytes: an HTML page's as a browser shows them (a table's rows
    with their columns' names), an e-mail's as a mail program does."""
    def read(path: Path) -> Document:
        data, capped = read_bytes(path)
        return Document(line_segments(lines_of(data)), capped)
    return read


def read_json(path: Path) -> Document:
    data, capped = read_bytes(path)
    text = decode(data)
    try:
        text = json.dumps(json.loads(text), indent=1, ensure_ascii=False)
    except ValueError:
        pass  # a truncated or invalid JSON file is still worth indexing as text
    return Document(line_segments(text.splitlines()), capped)


READERS = {
    "pdf": read_pdf,
    "docx": read_docx,
    "xlsx": read_xlsx,
    "xlsm": read_xlsx,
    "pptx": read_pptx,
    "csv": read_csv,
    "tsv": read_csv,
    "html": (read_html := read_as(lambda data: columns_named(html_lines(decode(data)), None))),
    "htm": read_html,
    "eml": read_as(mail_lines),
    "json": read_json,
}
