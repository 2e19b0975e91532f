"""What every tool gives back, and the two ways a tool tells the model it got an argument wrong."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class ToolResult:
    """What a tool gives back: text for the model, the files it touched (for sources), a one-line summary."""

    text: str
    paths: list[str] = field(default_factory=list)
    summary: str = ""
    ok: bool = True
    found: bool = True  # False when the tool ran fine but matched nothing
    locations: dict[str, str] = field(default_factory=dict)  # path -> where in it: "p. 2", "lines 3-9"
    # The text the result rests on where the model is shown less of it (the passages behind extracted
    # facts): answers are checked against it too.
    basis: str = ""
    # The exact answer for the user when this result is the whole answer, rendered from the same data:
    # counts, names, sizes and dates come from the filesystem, never from a model's retelling.
    answer: str = ""
    # What the tool could not look at (a folder still being indexed), said with whatever answer comes of it.
    coverage: str = ""


CUT = "[... result cut:"  # starts the line that says how much of a result was left out


NOTE_OPENS = "(Note: "


def note(text: str) -> str:
    """A line a tool says about its own work (what it searched instead, what it left out), set apart from the
    files' lines so that nothing takes it for something a file says."""
    return f"{NOTE_OPENS}{text})"


def is_note(line: str) -> bool:
    return line.lstrip().startswith(("(Note: ", CUT))


def trim(text: str, limit: int) -> str:
    """A tool result cut to fit the model's context, with a marker saying how much was left out."""
    if len(text) <= limit:
        return text
    return text[:limit] + f"\n{CUT} {len(text) - limit:,} more characters not shown]"


class BadArgument(ValueError):
    """An argument that names nothing in the folder (a folder that does not exist, a size that is no
    size); its message goes back to the model with what would fit."""
