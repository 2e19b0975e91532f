"""Citations a user can check: every file a tool returned gets a number the model sees beside it, and an answer's
[n] markers are tied to those sources (dropped when they point at nothing, added where a sentence names none)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .claims import MARKER, claims, supported


@dataclass
class Source:
    number: int
    path: str
    location: str
    tool: str
    support: str  # the part of the tool result that came from this source

    def to_json(self) -> dict:
        data = {"n": self.number, "path": self.path, "tool": self.tool}
        if self.location:
            data["location"] = self.location
        return data


@dataclass
class Citations:
    """The numbered sources of one turn: every file a tool returned gets a number the first time it
    appears, and the model sees the number beside the file in the tool result."""

    sources: list[Source] = field(default_factory=list)
    renumber: dict[int, int] = field(default_factory=dict)  # number in the tool results -> number shown

    def mark(self, text: str, paths: list[str], locations: dict[str, str], tool: str) -> str:
        """The result text with [n] after the first mention of each returned file."""
        spots: list[tuple[int, int, Source]] = []
        position = 0
        for path in paths:
            at = text.find(path, position)
            if at < 0:
                at = text.find(path)
                if at < 0:
                    continue
            end = at + len(path)
            location = locations.get(path, "")
            source = next((s for s in self.sources if s.path == path and s.location == location), None)
            if source is None:
                source = Source(len(self.sources) + 1, path, location, tool, "")
                self.sources.append(source)
            spots.append((at, end, source))
            position = end
        spots.sort(key=lambda spot: spot[0])
        for index, (at, end, source) in enumerate(spots):
            # A source's part: from the start of its line to the line where the next source appears
            # (its own line only, when that one names several), without the file names themselves,
            # whose digits say nothing about the answer.
            start = text.rfind("\n", 0, at) + 1
            following = spots[index + 1][0] if index + 1 < len(spots) else len(text)
            stop = text.rfind("\n", 0, following) if following < len(text) else len(text)
            if stop < end:
                stop = text.find("\n", end) if "\n" in text[end:] else len(text)
            part = text[start:stop]
            for path in paths:
                part = part.replace(path, " ")
            source.support += "\n" + part
        for at, end, source in reversed(spots):
            text = f"{text[:end]} [{source.number}]{text[end:]}"
        return text

    def start_answer(self) -> None:
        """Forget the markers of a draft that was sent back."""
        self.renumber = {}

    def cite(self, sentence: str) -> str:
        """One sentence of the answer as shown: markers that point at nothing consulted are dropped, a
        sentence without one gets the sources that bear it out, and numbers run 1, 2, ... in the order
        the answer first cites them. Called sentence by sentence, so the answer can stream."""
        by_number = {s.number: s for s in self.sources}
        sentence = MARKER.sub(lambda m: m.group(0) if int(m.group(1)) in by_number else "", sentence)
        # A marker on a source that bears out none of the sentence's figures, where one other source bears them out,
        # points at the wrong file: the sentence gets that one instead.
        marked = [by_number[int(m.group(1))] for m in MARKER.finditer(sentence)]
        if marked:
            bare = MARKER.sub("", sentence)
            checkable = [c for c in claims(bare) if c.kind != "file"]
            if checkable and not any(supported(c, s.support) for c in checkable for s in marked) and self.attribute(bare):
                sentence = bare
        if not MARKER.search(sentence) and sentence.strip():
            sources = self.attribute(sentence)
            if sources:
                body = sentence.rstrip()
                tail = sentence[len(body) :]
                stop = body[-1] if body[-1] in ".!?:" else ""
                markers = "".join(f" [{s.number}]" for s in sources)
                sentence = f"{body[: len(body) - len(stop)]}{markers}{stop}{tail}"

        def shown(match: re.Match) -> str:
            number = self.renumber.setdefault(int(match.group(1)), len(self.renumber) + 1)
            return f" [{number}]"

        return MARKER.sub(shown, sentence)

    def cited(self) -> list[Source]:
        by_number = {s.number: s for s in self.sources}
        return [
            Source(new, by_number[old].path, by_number[old].location, by_number[old].tool, by_number[old].support)
            for old, new in self.renumber.items()
        ]

    def attribute(self, sentence: str) -> list[Source]:
        """The sources a sentence rests on: the files it names, else the one source that bears out the
        most of its claims (none when several do equally)."""
        lowered = sentence.lower()
        named = [s for s in self.sources if s.path.lower() in lowered or s.path.rsplit("/", 1)[-1].lower() in lowered]
        if named:
            return named
        checkable = [c for c in claims(sentence) if c.kind != "file"]
        scores = [(sum(supported(c, s.support) for c in checkable), s) for s in self.sources]
        best = max((score for score, _ in scores), default=0)
        winners = [s for score, s in scores if score == best]
        return winners if best and len(winners) == 1 else []
