"""`filesage mcp`: lets an MCP client (a desktop assistant, an editor, another agent) use filesage's read-only
tools on one folder, and the whole agent as an `ask` tool, over stdio with the official MCP SDK."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

import anyio
import mcp.types as types
from mcp.server import Server
from mcp.server.stdio import stdio_server

from .. import __version__
from ..errors import FilesageError

if TYPE_CHECKING:
    from ..tools.registry import Tool
    from ..workspace import Workspace

ASK = types.Tool(
    name="ask",
    description=(
        "Answer a question about the folder's files (what they say, or how many, which, when, how large) with "
        "filesage's own model, which calls the other tools itself; the answer carries [n] markers for the "
        "numbered sources listed under it. Slower than the other tools: seconds to a minute."
    ),
    input_schema={
        "type": "object",
        "properties": {"question": {"type": "string", "description": "the question, in plain words"}},
        "required": ["question"],
    },
    annotations=types.ToolAnnotations(read_only_hint=True, open_world_hint=False),
)


def tool_definition(tool: Tool) -> types.Tool:
    """The MCP form of a tool the agent's model calls: the same name, description and parameters."""
    properties = {}
    for param in tool.params:
        schema = param.json_schema()
        if param.description:
            schema["description"] = param.description
        if not param.required:
            schema["default"] = param.default
        properties[param.name] = schema
    return types.Tool(
        name=tool.name,
        description=tool.description,
        input_schema={"type": "object", "properties": properties, "required": [p.name for p in tool.params if p.required]},
        annotations=types.ToolAnnotations(read_only_hint=True, open_world_hint=False),
    )


class FolderServer:
    """The MCP handlers over one Workspace. The tools are the agent's own (so confined to the root in the
    same way, with the same argument repairs), less `respond`, which only ends the agent's turn."""

    def __init__(self, workspace: Workspace):
        self.workspace = workspace
        self.registry = workspace.agent.registry
        self.tools = [tool_definition(t) for name, t in self.registry.tools.items() if name != "respond"] + [ASK]
        # The toolbox, the index and the embedded model serve one call at a time.
        self.lock = threading.Lock()

    def call(self, name: str, arguments: dict) -> tuple[str, bool]:
        """(the text for the client, whether it is an error)."""
        with self.lock:
            try:
                if name == "ask":
                    return self.ask(str(arguments.get("question", "")))
                if name not in {tool.name for tool in self.tools}:
                    return f"There is no tool '{name}'. The tools are: {', '.join(t.name for t in self.tools)}.", True
                self.workspace.look_again()
                _, result = self.registry.execute(name, arguments)
                return result.text, not result.ok
            except FilesageError as exc:
                return str(exc), True
            finally:
                self.workspace.progress.close()

    def ask(self, question: str) -> tuple[str, bool]:
        from ..agent.events import final_answer

        if not question.strip():
            return "The question is empty; ask something about the files.", True
        answer = final_answer(self.workspace.run(question, []))
        lines = [answer.text]
        if answer.sources:
            lines.append("\nSources:")
            lines += [f"  [{s['n']}] {s['path']}" + (f", {s['location']}" if s.get("location") else "") for s in answer.sources]
        return "\n".join(lines), False

    async def list_tools(self, ctx, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=self.tools)

    async def call_tool(self, ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
        # In a worker thread: an index refresh or a model call must not stop the server answering pings.
        text, error = await anyio.to_thread.run_sync(self.call, params.name, params.arguments or {})
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)


def serve(workspace: Workspace) -> None:
    """Speak MCP on stdin and stdout until the client closes them."""
    handlers = FolderServer(workspace)
    server = Server(
        "filesage",
        version=__version__,
        instructions=f"Read-only tools over the files in {workspace.root}; paths are relative to that folder.",
        on_list_tools=handlers.list_tools,
        on_call_tool=handlers.call_tool,
    )

    async def run() -> None:
        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())

    anyio.run(run)
