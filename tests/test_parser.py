import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from filesage.llm.parser import ToolCall, extract_json_object, extract_tool_call

RECORDED = json.loads((Path(__file__).parent / "fixtures" / "recorded_outputs.json").read_text())


@pytest.mark.parametrize("record", [r for r in RECORDED if r["mode"] != "plain"], ids=lambda r: f"{r['mode']}-{r['question'][:30]}")
def test_recorded_real_model_tool_calls_parse(record):
    call = extract_tool_call(record["output"])
    assert call is not None
    assert isinstance(call.arguments, dict)
    # Unconstrained native output named the right tool for every recorded question.
    if record["mode"] == "native":
        assert call.name == record["tool"]


def test_recorded_plain_reply_is_not_a_tool_call():
    plain = [r for r in RECORDED if r["mode"] == "plain"]
    assert plain and all(extract_tool_call(r["output"]) is None for r in plain)


@pytest.mark.parametrize(
    "text, expected",
    [
        ('<|tool_call_start|>[count_files(extension="pdf", folder="")]<|tool_call_end|>', ToolCall("count_files", {"extension": "pdf", "folder": ""})),
        ("<|tool_call_start|>[list_files(limit=3, order='newest')]<|tool_call_end|>", ToolCall("list_files", {"limit": 3, "order": "newest"})),
        ('Sure. <tool_call>\n{"name": "grep_files", "arguments": {"pattern": "*.csv"}}\n</tool_call>', ToolCall("grep_files", {"pattern": "*.csv"})),
        ('{{"name": "directory_tree", "arguments": {"max_depth": 2}}}', ToolCall("directory_tree", {"max_depth": 2})),
        ('```json\n{"name": "respond", "arguments": {"answer": "hi"}}\n```', ToolCall("respond", {"answer": "hi"})),
        ('{"name": "count_files", "arguments": "{\\"extension\\": \\"md\\"}"}', ToolCall("count_files", {"extension": "md"})),
        ('{"function": {"name": "file_metadata", "arguments": {"name_hint": "a"}}}', ToolCall("file_metadata", {"name_hint": "a"})),
        ('{"tool": "count_files", "args": {}}', ToolCall("count_files", {})),
        ('I think {"note": 1} then {"name": "count_files", "arguments": {}}', ToolCall("count_files", {})),
    ],
)
def test_formats(text, expected):
    assert extract_tool_call(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "The answer is 3.",
        '{"name": 3}',
        '{"name": "x", "arguments": [1, 2]}',
        "<|tool_call_start|>[__import__('os').system('true')]<|tool_call_end|>",
        "<|tool_call_start|>[f(a=open('x'))]<|tool_call_end|>",
        "<|tool_call_start|>[f(**kw)]<|tool_call_end|>",
        "{" * 50_000,
        "[" * 50_000,
        '{"name": "' + "a" * 100_000,
    ],
)
def test_nothing_usable_gives_none(text):
    assert extract_tool_call(text) is None


def test_python_calls_are_never_evaluated(tmp_path):
    marker = tmp_path / "evaluated"
    text = f"<|tool_call_start|>[f(a=open({str(marker)!r}, 'w'))]<|tool_call_end|>"
    assert extract_tool_call(text) is None
    assert not marker.exists()


def test_json_object_extraction():
    assert extract_json_object('prefix {{"relevant": true, "facts": ["a"]}}} suffix') == {"relevant": True, "facts": ["a"]}
    assert extract_json_object('```json\n{"relevant": false}\n```') == {"relevant": False}
    assert extract_json_object("no json here") is None
    assert extract_json_object('{"unterminated": ') is None


@settings(max_examples=400, deadline=None)
@given(st.text())
def test_never_raises_on_any_text(text):
    call = extract_tool_call(text)
    assert call is None or (isinstance(call.name, str) and isinstance(call.arguments, dict))
    obj = extract_json_object(text)
    assert obj is None or isinstance(obj, dict)


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20), lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=5), c, max_size=3), max_leaves=15), st.text(max_size=30), st.text(max_size=30))
def test_any_embedded_call_is_found(arguments, before, after):
    payload = json.dumps({"name": "count_files", "arguments": {"value": arguments}})
    text = f"{before.replace('{', '(')} {payload} {after}"
    call = extract_tool_call(text)
    assert call == ToolCall("count_files", {"value": arguments})
