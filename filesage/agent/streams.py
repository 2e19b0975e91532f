"""The answer as it is written: the answer text pulled out of a respond call or plain words while the model still
writes, passed on a sentence at a time with its citation markers, and the sources of an answer the program wrote."""

from __future__ import annotations

import json
import re

from ..grounding.citations import Citations
from ..grounding.claims import sentences
from .events import Step


class AnswerFieldStream:
    """Streams the decoded "answer" string of a respond call while the model is still writing the JSON."""

    START = re.compile(r'"name"\s*:\s*"respond".*?"answer"\s*:\s*"', re.S)

    def __init__(self):
        self.buffer = ""
        self.position: int | None = None
        self.done = False

    def feed(self, piece: str) -> str:
        """The answer text that this piece completes ('' while none is known yet)."""
        self.buffer += piece
        if self.done:
            return ""
        if self.position is None:
            match = self.START.search(self.buffer)
            if not match:
                return ""
            self.position = match.end()
        out = []
        while self.position < len(self.buffer):
            char = self.buffer[self.position]
            if char == '"':
                self.done = True
                break
            if char == "\\":
                escape = self.buffer[self.position : self.position + 6]
                if len(escape) < 2 or (escape[1] == "u" and len(escape) < 6):
                    break  # wait for the rest of the escape sequence
                try:
                    decoded, length = (json.loads(f'"{escape}"'), 6) if escape[1] == "u" else (json.loads(f'"{escape[:2]}"'), 2)
                except ValueError:
                    decoded, length = escape[1], 2
                out.append(decoded)
                self.position += length
                continue
            out.append(char)
            self.position += 1
        return "".join(out)


class PlainAnswerStream:
    """Streams a plain-text answer as it comes; output that opens like JSON is a call, whose respond
    answer (if any) is streamed instead of the JSON around it."""

    def __init__(self):
        self.call: AnswerFieldStream | None = None
        self.plain: bool | None = None

    def feed(self, piece: str) -> str:
        if self.plain is None:
            stripped = piece.lstrip()
            if not stripped:
                return ""
            self.plain = stripped[0] not in "{<["
            if not self.plain:
                self.call = AnswerFieldStream()
            piece = stripped
        return piece if self.plain else self.call.feed(piece)


def said_once(parts: list[str], said: set[str]) -> list[str]:
    """The sentences not said before: a small model caught in a loop writes one sentence a dozen times."""
    kept = []
    for sentence in parts:
        key = " ".join(re.sub(r"\[\d+\]", " ", sentence).lower().split())
        if key and key in said:
            continue
        said.add(key)
        kept.append(sentence)
    return kept


class AnswerStream:
    """The answer text as the user sees it while it is generated: the model's raw pieces (unwrapped from
    a respond call when there is one) pass out a sentence at a time, each with its citation markers, each once.
    """

    def __init__(self, citations: Citations, unwrap: AnswerFieldStream | PlainAnswerStream):
        self.citations = citations
        self.unwrap = unwrap
        self.raw = ""
        self.pending = ""
        self.shown = ""
        self.said: set[str] = set()
        citations.start_answer()

    def feed(self, piece: str) -> str:
        text = self.unwrap.feed(piece)
        self.raw += text
        self.pending += text
        parts = sentences(self.pending)
        complete, self.pending = parts[:-1], parts[-1] if parts else ""
        out = "".join(self.citations.cite(s) for s in said_once(complete, self.said))
        self.shown += out
        return out

    def flush(self) -> str:
        rest = said_once([self.pending.rstrip()], self.said) if self.pending.strip() else []
        out = self.citations.cite(rest[0]) if rest else ""
        self.pending = ""
        self.shown += out
        return out


def marked(text: str, sources: list[dict]) -> str:
    """The text with [n] after the first mention of each source's path."""
    for source in sources:
        text = re.sub(rf"(?<![\w/.-]){re.escape(source['path'])}(?![\w/-])(?!\.\w)", lambda m: f"{m.group(0)} [{source['n']}]", text, count=1)
    return text


def small_result_sources(steps: list[Step], limit: int = 5) -> list[dict]:
    """For an answer without markers: the files of the results, when there are few enough to all matter."""
    touched: dict[str, str] = {}
    for step in steps:
        for path in step.paths:
            touched.setdefault(path, step.tool)
    chosen = list(touched) if len(touched) <= limit else []
    return [{"n": number, "path": path, "tool": touched[path]} for number, path in enumerate(chosen, start=1)]
