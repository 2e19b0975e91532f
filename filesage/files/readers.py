"""Text out of each file format, through well-kept libraries, with where each piece came from."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import signal
import threading
import zipfile
from dataclasses import dataclass
from pathlib import Path

# Reading more than this from one file is not worth its indexing time; the rest is skipped and said so.
MAX_READ_BYTES = 8 * 1024 * 1024


# One file may take this long to parse; a parser stuck longer gives up on it.
MAX_READ_SECONDS = 30.0


# Office files are zip archives: refuse ones that would inflate past this (zip bombs).
MAX_UNZIPPED_BYTES = 200 * 1024 * 1024


CHUNK_CHARS = 900


TEXT_EXTENSIONS = {
    "txt", "md", "markdown", "rst", "log", "py", "js", "ts", "tsx", "jsx", "java", "c", "h", "cpp", "hpp", "cs",
    "go", "rs", "rb", "php", "sh", "bash", "zsh", "ps1", "sql", "r", "kt", "swift", "scala", "lua", "pl",
    "yaml", "yml", "toml", "ini", "cfg", "conf", "xml", "css", "scss", "tex", "org", "adoc", "env", "properties",
}


DOCUMENT_EXTENSIONS = {"pdf", "docx", "xlsx", "xlsm", "pptx", "csv", "tsv", "html", "htm", "json"}


READABLE_EXTENSIONS = TEXT_EXTENSIONS | DOCUMENT_EXTENSIONS


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


def read_document(path: Path, extension: str) -> Document:
    """Extract the text of one file. Raises Unreadable with a short reason for what cannot be indexed."""
    if extension not in READABLE_EXTENSIONS:
        raise Unreadable("unsupported type")
    reader = READERS.get(extension, read_text)
    try:
        with time_limit(MAX_READ_SECONDS):
            return with_title(reader(path))
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
    belong to; each one after the first is headed with the document's first line."""
    if len(document.segments) < 2:
        return document
    title = next((line.strip() for line in document.segments[0].text.splitlines() if line.strip()), "")[:120]
    if not title:
        return document
    first, *rest = document.segments
    headed = [s if s.text.startswith(title) else Segment(f"[{title}]\n{s.text}", s.location) for s in rest]
    return Document([first] + headed, document.capped)


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


def read_text(path: Path) -> Document:
    data, capped = read_bytes(path)
    return Document(line_segments(decode(data).splitlines()), capped)


def line_segments(lines: list[str], prefix: str = "lines", header: str | None = None) -> list[Segment]:
    """Group lines into chunk-sized segments labelled with their line range; a table's header is repeated
    at the top of each segment so its rows stay readable on their own."""
    segments: list[Segment] = []
    buffer: list[str] = []
    size = 0
    first = last = 1
    for number, line in enumerate(lines, start=1):
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
        text = (page.extract_text() or "").strip()
        if text:
            segments += [Segment(s.text, f"p. {number}") for s in line_segments(text.splitlines())]
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
    for table in document.tables:
        for row in table.rows:
            lines.append(" | ".join(cell.text.strip() for cell in row.cells))
    return Document(line_segments(lines, prefix="paragraphs"))


def rows_as_lines(rows: list[list[str]]) -> tuple[str | None, list[str]]:
    """'col: value; col: value' per row, so a chunk of rows keeps the meaning of its columns."""
    rows = [r for r in rows if any(c.strip() for c in r)]
    if not rows:
        return None, []
    header = [h.strip() or f"column {i + 1}" for i, h in enumerate(rows[0])]
    lines = []
    for row in rows[1:]:
        pairs = [f"{header[i] if i < len(header) else f'column {i + 1}'}: {value.strip()}" for i, value in enumerate(row) if value.strip()]
        lines.append("; ".join(pairs))
    return " | ".join(header), lines


def read_csv(path: Path) -> Document:
    data, capped = read_bytes(path)
    text = decode(data)
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel_tab if path.suffix.lower() == ".tsv" else csv.excel
    rows = list(csv.reader(io.StringIO(text), dialect))
    header, lines = rows_as_lines(rows)
    if header is None:
        raise Unreadable("empty table")
    return Document(line_segments(lines, prefix="rows", header=f"Columns: {header}"), capped)


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
                segments += line_segments(lines, prefix=f"sheet {sheet.title}, rows", header=f"Sheet {sheet.title}. Columns: {header}")
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


def read_html(path: Path) -> Document:
    from bs4 import BeautifulSoup

    data, capped = read_bytes(path)
    soup = BeautifulSoup(decode(data), "html.parser")
    for hidden in soup(["script", "style", "noscript", "template"]):
        hidden.decompose()
    lines = [line.strip() for line in soup.get_text("\n").splitlines() if line.strip()]
    return Document(line_segments(lines), capped)


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
    "html": read_html,
    "htm": read_html,
    "json": read_json,
}
