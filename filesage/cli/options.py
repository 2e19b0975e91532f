"""The command-line options several commands share (model, server, threads, steps, time limit), said once."""

"""The options several commands share, said once."""

import typer

ModelOption = typer.Option(None, "--model", help="GGUF model file (default: FILESAGE_MODEL, config, models/, then the embedded model); with --llm-url, the server's model name.")
LlmUrlOption = typer.Option(None, "--llm-url", help="OpenAI-compatible chat server to answer with instead of the embedded model, e.g. http://127.0.0.1:8080 (default: FILESAGE_LLM_URL, config).")
ThreadsOption = typer.Option(None, "--threads", help="CPU threads for the model (default: physical cores).")
MaxStepsOption = typer.Option(None, "--max-steps", help="Tool calls before the answer is forced (default 5).")
TimeLimitOption = typer.Option(None, "--time-limit", help="Seconds for one question before the answer says what was gathered (default 300).")
