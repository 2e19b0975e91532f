"""The one model: its weights, llama.cpp or a server, the cores it shares, the check that it runs, and its output parsed."""
