"""`filesage mcp DIR` spoken to as an MCP client would: the SDK's stdio client starts it as a subprocess."""

import os

import anyio
import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import FILESAGE, joined_model_env, seed_cache, write

READ_ONLY = {"count_files", "list_files", "file_metadata", "grep_files", "directory_tree", "find_duplicates", "semantic_search", "each_file", "read_file", "count_in_file"}


def server(root, tmp_path, model: str) -> StdioServerParameters:
    # The SDK passes the child only a few variables of its own; PYTHONPATH keeps a worktree's code in use.
    seed_cache(tmp_path / "cache")
    env = {"FILESAGE_CACHE_DIR": str(tmp_path / "cache"), "FILESAGE_CONFIG": str(tmp_path / "none.toml"), "FILESAGE_MODEL": model, "HF_HUB_OFFLINE": "1"}
    if "PYTHONPATH" in os.environ:
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return StdioServerParameters(command=FILESAGE, args=["mcp", str(root)], env=env)


def session(root, tmp_path, model: str, calls):
    """Runs calls(client) against a fresh `filesage mcp` after the initialize handshake."""

    async def main():
        async with Client(server(root, tmp_path, model), mode="legacy", read_timeout_seconds=600) as client:
            return await calls(client)

    return anyio.run(main)


def text(result) -> str:
    return "\n".join(block.text for block in result.content)


def test_tools_over_stdio(fs_corpus, tmp_path):
    """The read-only tools need no model: a file that only looks like a GGUF shows none is loaded."""
    write(fs_corpus / "notes/lease.txt", "The flat lease ends on 31 August 2026. Rent is 1450 EUR a month.\n")
    outside = write(tmp_path / "outside.txt", "the secret outside the root\n")
    fake_model = write(tmp_path / "fake.gguf", b"GGUF" + b"\0" * 64)

    async def calls(client):
        listed = (await client.list_tools()).tools
        results = {
            "count": await client.call_tool("count_files", {"extension": "pdf"}),
            "list": await client.call_tool("list_files", {"order": "largest", "limit": 1}),
            "metadata": await client.call_tool("file_metadata", {"name_hint": "todo.txt"}),
            "read": await client.call_tool("read_file", {"path": "notes/todo.txt"}),
            "search": await client.call_tool("semantic_search", {"query": "when does the lease end?"}),
            "escape": await client.call_tool("read_file", {"path": "../outside.txt"}),
            "absolute": await client.call_tool("read_file", {"path": str(outside)}),
            "folder": await client.call_tool("count_files", {"folder": "../.."}),
            "unknown": await client.call_tool("respond", {"answer": "x"}),
            "after": await client.call_tool("count_files", {}),
        }
        return client.server_info, listed, results

    info, listed, results = session(fs_corpus, tmp_path, str(fake_model), calls)
    assert info.name == "filesage"
    names = {tool.name for tool in listed}
    assert names == READ_ONLY | {"ask"}
    read_file = next(tool for tool in listed if tool.name == "read_file")
    assert read_file.input_schema["required"] == ["path"] and read_file.annotations.read_only_hint
    assert text(results["count"]).startswith("3 ") and not results["count"].is_error
    assert "report.pdf" in text(results["list"])
    assert "notes/todo.txt" in text(results["metadata"])
    assert "renew passport" in text(results["read"])
    assert "31 August 2026" in text(results["search"]) and "notes/lease.txt" in text(results["search"])
    for refused in ("escape", "absolute", "folder"):
        assert results[refused].is_error and "outside the folder" in text(results[refused]), text(results[refused])
        assert "secret" not in text(results[refused])
    assert results["unknown"].is_error and "There is no tool 'respond'" in text(results["unknown"])
    assert not results["after"].is_error  # a refusal did not take the server down
    assert not any((fs_corpus / name).exists() for name in (".leann", "index.sqlite"))
    assert not (tmp_path / "cache" / "models").exists()


def test_a_missing_folder_is_one_line_before_the_protocol(tmp_path):
    from tests.conftest import run_cli

    result = run_cli("mcp", str(tmp_path / "nowhere"))
    assert result.returncode == 2 and result.stderr.startswith("error: folder") and result.stdout == ""


@pytest.mark.model
def test_ask_tool_runs_the_agent(fs_corpus, tmp_path):
    async def calls(client):
        return await client.call_tool("ask", {"question": "how many pdf files are there?"}), await client.call_tool("ask", {"question": " "})

    answer, empty = session(fs_corpus, tmp_path, joined_model_env()["FILESAGE_MODEL"], calls)
    assert not answer.is_error, text(answer)
    assert "3" in text(answer) and "Sources:" in text(answer) and "report.pdf" in text(answer)
    assert empty.is_error and "empty" in text(empty)
