"""An e-mail saved as a file (.eml), read as a mail program shows it: its headers, then its text. Saved as it
travelled, its body is quoted-printable or base64 ("due on 17/02/2=" and "026 and" on two lines, a rupee sign as
"=E2=82=B9"): read raw, a date or a figure is cut in two and a currency sign is three codes."""

from __future__ import annotations

import email
from email import policy

from .html import html_lines
from .prose import joined

HEADERS = ("From", "To", "Cc", "Date", "Subject")


def mail_lines(data: bytes) -> list[str]:
    """The message's headers a reader looks at, its text (the plain part, else the HTML part as a browser shows it,
    its wrapped paragraphs one line each), and the names of its attachments."""
    message = email.message_from_bytes(data, policy=policy.default)
    lines = [f"{name}: {message[name]}" for name in HEADERS if message[name]]
    body = message.get_body(preferencelist=("plain", "html"))
    if body is not None:
        try:
            text = body.get_content()
        except (LookupError, ValueError):  # a charset Python does not know, or a broken encoding: the bytes as they decode
            text = (body.get_payload(decode=True) or b"").decode("utf-8", errors="replace")
        lines += [""] + (html_lines(text) if body.get_content_type() == "text/html" else joined(text.splitlines())[0])
    attached = [part.get_filename() for part in message.iter_attachments() if part.get_filename()]
    return lines + ([f"Attachments: {', '.join(attached)}"] if attached else [])
