"""Reading what small models actually write: tool calls and JSON objects out of free text.

Nothing here raises on any input string; an output with nothing usable gives None.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, field

# Pathological inputs (thousands of braces) must not turn a parse into a quadratic crawl.
MAX_DECODE_ATTEMPTS = 200


LFM_CALL = re.compile(r"<\|tool_call_start\|>(.*?)(?:<\|tool_call_end\|>|$)", re.S)


QWEN_CALL = re.compile(r"<tool_call>(.*?)(?:</tool_call>|$)", re.S)


FENCED = re.compile(r"```(?:json|tool_call)?\s*(.*?)```", re.S)


@dataclass(frozen=True)
class ToolCall:
    name: str
    arguments: dict = field(default_factory=dict)


def extract_tool_call(text: str) -> ToolCall | None:
    """The first tool call in text, in LFM2.5, Qwen, fenced, bare or doubled-brace JSON form."""
    if not isinstance(text, str) or not text.strip():
        return None
    for match in LFM_CALL.finditer(text):
        call = _python_call(match.group(1))
        if call is not None:
            return call
    candidates = [m.group(1) for m in QWEN_CALL.finditer(text)]
    candidates += [m.group(1) for m in FENCED.finditer(text)]
    candidates.append(text)
    for candidate in candidates:
        for obj in _json_objects(candidate):
            call = _call_from_object(obj)
            if call is not None:
                return call
    return _python_call(text.strip()) if text.lstrip().startswith("[") else None


def extract_json_object(text: str) -> dict | None:
    """The first JSON object in text (fenced, bare, or wrapped in doubled braces)."""
    if not isinstance(text, str):
        return None
    for candidate in [m.group(1) for m in FENCED.finditer(text)] + [text]:
        for obj in _json_objects(candidate):
            return obj
    return None


def _json_objects(text: str):
    """Each JSON object that decodes starting at some '{', leftmost first.

    Starting at every brace handles the doubled-brace form `{{"name": ...}}}` as well: the decode
    from the second brace succeeds and the stray braces around it are ignored.
    """
    decoder = json.JSONDecoder()
    attempts = 0
    position = text.find("{")
    while position != -1 and attempts < MAX_DECODE_ATTEMPTS:
        attempts += 1
        try:
            obj, _ = decoder.raw_decode(text, position)
        except (ValueError, RecursionError):
            obj = None
        if isinstance(obj, dict):
            yield obj
        position = text.find("{", position + 1)


def _call_from_object(obj: dict) -> ToolCall | None:
    """Accept the shapes models use: {name, arguments}, {tool, args}, {function: {...}}, {name, parameters}."""
    if isinstance(obj.get("function"), dict):
        obj = obj["function"]
    name = obj.get("name", obj.get("tool"))
    if not isinstance(name, str) or not name.strip():
        return None
    arguments = obj.get("arguments", obj.get("args", obj.get("parameters", {})))
    if isinstance(arguments, str):
        # OpenAI-style string arguments, sometimes double-encoded by chat templates.
        try:
            arguments = json.loads(arguments) if arguments.strip() else {}
        except (ValueError, RecursionError):
            return None
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        return None
    return ToolCall(name.strip(), arguments)


def _python_call(source: str) -> ToolCall | None:
    """LFM2.5 writes `[name(arg="v", n=3)]`: parse it as Python syntax with ast, never evaluate it."""
    source = source.strip()
    if not source or len(source) > 20_000:
        return None
    try:
        tree = ast.parse(source, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    node = tree.body
    if isinstance(node, (ast.List, ast.Tuple)):
        node = node.elts[0] if node.elts else None
    # LFM2.5 writes a plain name with keyword arguments; anything else is not a tool call.
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or node.args:
        return None
    name = node.func.id
    arguments = {}
    for keyword in node.keywords:
        if keyword.arg is None:
            return None
        try:
            arguments[keyword.arg] = ast.literal_eval(keyword.value)
        except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
            return None
    return ToolCall(name, arguments)
