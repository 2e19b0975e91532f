"""The command line: ask, chat, index, status, config, doctor and mcp, and how their output looks."""
