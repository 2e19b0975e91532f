"""Tool schemas derived from plain typed functions and their docstrings, and the ToolRegistry that runs them for
the model, repairing loose arguments and sending the model's mistakes back to it as short messages."""

from __future__ import annotations

import inspect
import math
import re
import typing
from dataclasses import dataclass
from typing import Any, Callable, Literal

from ..files.walk import ConfinementError
from .result import BadArgument, ToolResult


def respond(answer: str) -> ToolResult:
    """Give the final answer to the user, using only facts from the tool results.

    Args:
        answer: the complete answer, in plain words
    """
    return ToolResult(answer, [], "Answered")


@dataclass(frozen=True)
class Param:
    name: str
    kind: type | tuple  # str, int, bool, or the tuple of choices of a Literal
    default: Any
    description: str
    bounds: tuple[int, int] | None = None

    @property
    def required(self) -> bool:
        return self.default is inspect.Parameter.empty

    def json_schema(self) -> dict:
        if isinstance(self.kind, tuple):
            return {"type": "string", "enum": list(self.kind)}
        return {"type": {int: "integer", bool: "boolean"}.get(self.kind, "string")}


@dataclass(frozen=True)
class Tool:
    name: str
    function: Callable[..., ToolResult]
    description: str
    params: tuple[Param, ...]

    @classmethod
    def from_function(cls, function: Callable[..., ToolResult]) -> "Tool":
        doc = inspect.getdoc(function) or ""
        summary = doc.split("\n\n", 1)[0].replace("\n", " ").strip()
        described = dict(re.findall(r"^\s+(\w+):\s*(.+)$", doc.split("Args:", 1)[1], re.M)) if "Args:" in doc else {}
        hints = typing.get_type_hints(function, include_extras=True)
        params = []
        for name, parameter in inspect.signature(function).parameters.items():
            hint = hints[name]
            bounds = None
            if typing.get_origin(hint) is typing.Annotated:
                hint, low, high = typing.get_args(hint)
                bounds = (low, high)
            kind = typing.get_args(hint) if typing.get_origin(hint) is Literal else hint
            if kind not in (str, int, bool) and not isinstance(kind, tuple):
                raise TypeError(f"tool {function.__name__}: parameter {name} has unsupported type {hint}")
            params.append(Param(name, kind, parameter.default, described.get(name, ""), bounds))
        return cls(function.__name__, function, summary, tuple(params))

    def signature_line(self) -> str:
        args = ", ".join(
            p.name if p.required else f"{p.name}={p.default!r}" for p in self.params
        )
        details = "; ".join(f"{p.name}: {p.description}" for p in self.params if p.description)
        return f"- {self.name}({args}): {self.description}" + (f" ({details})" if details else "")

    def call_schema(self) -> dict:
        return {
            "type": "object",
            "properties": {
                "name": {"const": self.name},
                "arguments": {
                    "type": "object",
                    "properties": {p.name: p.json_schema() for p in self.params},
                    # Optional arguments stay optional: every token of a call costs ~40 ms to generate.
                    "required": [p.name for p in self.params if p.required],
                },
            },
            "required": ["name", "arguments"],
        }


class ArgumentError(ValueError):
    """An argument the model got wrong beyond repair; its message goes back to the model."""


def coerce(param: Param, value: Any) -> Any:
    """Repair the ways small models get arguments wrong: "5" or 5.0 for 5, lists for strings, limits
    out of range, choices in the wrong case."""
    if isinstance(param.kind, tuple):
        text = str(value).strip().lower()
        for choice in param.kind:
            if text == choice or text.startswith(choice) or choice.startswith(text) and text:
                return choice
        return param.default if not param.required else param.kind[0]
    if param.kind is bool:
        if isinstance(value, str):
            return value.strip().lower() in ("true", "yes", "1", "only", "y")
        return bool(value) if isinstance(value, (bool, int, float)) and value == value else param.default
    if param.kind is int:
        if isinstance(value, bool):
            raise ArgumentError(f"{param.name} must be a whole number")
        if isinstance(value, int) or isinstance(value, float) and math.isfinite(value):
            number = int(value)
        else:  # text, or NaN and Infinity (Python's JSON parser reads both), which have no digits
            match = re.search(r"-?\d+", str(value))
            if not match:
                if param.required:
                    raise ArgumentError(f"{param.name} must be a whole number, got '{value}'")
                return param.default
            number = int(match.group())
        if param.bounds:
            low, high = param.bounds
            number = min(max(number, low), high)
        return number
    if value is None:
        return "" if param.required else param.default
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    return str(value)


class ToolRegistry:
    """The tools the model may call: their prompt listing, the grammar of a call, and execution."""

    def __init__(self, functions: list[Callable[..., ToolResult]]):
        self.tools = {tool.name: tool for tool in map(Tool.from_function, functions)}

    def names(self) -> list[str]:
        return list(self.tools)

    def prompt_listing(self) -> str:
        return "\n".join(tool.signature_line() for tool in self.tools.values())

    def call_schema(self, allowed: set[str] | None = None) -> dict:
        """JSON schema of one call to any allowed tool; as a grammar it makes every model output a valid
        call to one of them."""
        return {"anyOf": [t.call_schema() for name, t in self.tools.items() if allowed is None or name in allowed]}

    def normalise(self, name: str, arguments: dict) -> dict:
        tool = self.tools[name]
        clean = {}
        for param in tool.params:
            if param.name in arguments and arguments[param.name] not in (None, ""):
                clean[param.name] = coerce(param, arguments[param.name])
            elif param.required:
                raise ArgumentError(f"{name} needs the argument '{param.name}'")
            else:
                clean[param.name] = param.default
        return clean

    def execute(self, name: str, arguments: dict) -> tuple[dict, ToolResult]:
        """Run a tool. The model's mistakes come back as a ToolResult with ok=False and a short message
        for the model; a bug in a tool itself raises."""
        if name not in self.tools:
            return arguments, ToolResult(
                f"There is no tool '{name}'. The tools are: {', '.join(self.tools)}.", [], f"Unknown tool '{name}'", ok=False
            )
        try:
            clean = self.normalise(name, arguments if isinstance(arguments, dict) else {})
        except ArgumentError as exc:
            return arguments, ToolResult(f"Bad arguments: {exc}.", [], str(exc), ok=False)
        try:
            return clean, self.tools[name].function(**clean)
        except ConfinementError as exc:
            return clean, ToolResult(f"Refused: {exc}.", [], str(exc), ok=False)
        except BadArgument as exc:
            return clean, ToolResult(f"Bad arguments: {exc}.", [], str(exc), ok=False)


FILESYSTEM_TOOLS = {"count_files", "list_files", "file_metadata", "grep_files", "directory_tree", "find_duplicates"}


CONTENT_TOOLS = {"semantic_search", "read_file", "each_file", "count_in_file"}


# Tools that state facts of files (how many, which, how big, when), never what a file says.
FILE_FACT_TOOLS = {"count_files", "list_files", "file_metadata", "directory_tree", "find_duplicates"}


# Tools whose results carry the exact answer, rendered by the program.
RENDERED_TOOLS = FILESYSTEM_TOOLS | {"each_file", "count_in_file"}
