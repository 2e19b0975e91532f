"""A document's own properties (its author, its title): what "who wrote it" asks of a Word file or a
PDF, and what its text rarely says; read from the file's metadata, not its pages."""

from __future__ import annotations

import re
import zipfile
from html import unescape
from pathlib import Path

# The names writing programs fill in when nobody set one: no one's name.
PLACEHOLDERS = {"", "python-docx", "python-pptx", "openpyxl", "anonymous", "unknown", "untitled", "user", "admin", "administrator", "author",
                "microsoft office user", "(anonymous)"}
# Who last saved a file is left out: templates carry their maker's name there.
OFFICE_FIELDS = (("creator", "author"), ("title", "title"))


def document_properties(path: Path, kind: str) -> str:
    """'Document properties: author: Ada Lind; title: Board minutes' for an Office file or a PDF that names them; ''
    when it names none (or none but a program's placeholder)."""
    found: list[tuple[str, str]] = []
    if kind in ("docx", "xlsx", "xlsm", "pptx"):
        with zipfile.ZipFile(path) as archive:
            if "docProps/core.xml" not in archive.namelist():
                return ""
            core = archive.read("docProps/core.xml")[:65536].decode("utf-8", "replace")
        for field, label in OFFICE_FIELDS:
            match = re.search(rf"<\w+:{field}>([^<]*)</\w+:{field}>", core)
            if match:
                found.append((label, unescape(match.group(1)).strip()))
    elif kind == "pdf":
        from pypdf import PdfReader

        metadata = PdfReader(str(path)).metadata or {}
        found = [(label, str(metadata.get(key) or "").strip()) for key, label in (("/Author", "author"), ("/Title", "title"))]
    said = [(label, value) for label, value in found if value.lower() not in PLACEHOLDERS and len(value) <= 200]
    return "" if not said else "Document properties: " + "; ".join(f"{label}: {value}" for label, value in said)
