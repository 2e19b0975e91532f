"""`filesage doctor`: is the model there and intact, does it decode on this CPU (a real decode in a child
process), how llama.cpp was built, and where filesage keeps its files; or, with --llm-url, does the server
answer and honour the schema."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

from ..config import cache_dir, config_file
from ..errors import FilesageError, ModelError
from ..workspace import load_model, settings_from
from .options import LlmUrlOption, ModelOption, ThreadsOption
from .render import decode_row, print_rows


def embedder_graph() -> Path:
    """The embedder's graph, exported now when this installation has none yet (the first doctor, at install)."""
    from ..index.embedder import Embedder

    return Embedder().graph()


def doctor(
    model: Optional[str] = ModelOption,
    threads: Optional[int] = ThreadsOption,
    llm_url: Optional[str] = LlmUrlOption,
) -> None:
    """Check the model (or the --llm-url server) and the environment; exits non-zero with the reason when something is missing."""
    from ..llm.cores import physical_cores
    from ..llm.llama import LlamaModel
    from ..llm.probe import probe, save_verdict
    from ..llm.weights import EMBEDDED_DEFAULT, file_sha256, resolve_model

    settings = settings_from(None, model, threads, llm_url=llm_url)
    if settings.llm_url:
        _, llm = load_model(settings.model, settings.threads, settings.llm_url)
        print_rows(llm.doctor_rows() + [("config", str(config_file()))])
        return
    resolved = resolve_model(settings.model)
    llm = LlamaModel(resolved.path, settings.threads or physical_cores())
    size = resolved.path.stat().st_size
    if resolved.embedded is not None:
        digest = file_sha256(resolved.path)
        if digest != resolved.embedded.sha256:
            raise FilesageError(
                f"{resolved.path} is corrupt (sha256 {digest[:16]}..., expected {EMBEDDED_DEFAULT.sha256[:16]}...); "
                "delete it and run filesage doctor again"
            )
        checksum = "sha256 verified"
    else:
        checksum = "not verified (no known checksum for a user-supplied model)"
    metadata = llm.gguf_metadata()
    import llama_cpp

    # A real decode in a child process, every time doctor runs: the proof that this build runs on this CPU.
    verdict = probe(resolved.path, llm.threads)
    save_verdict(cache_dir(), verdict)
    if not verdict.runs:
        raise ModelError(verdict.problem)

    template = metadata.get("tokenizer.chat_template", "")
    rows = [
        ("model", f"{resolved.path} (from {resolved.source})"),
        ("size", f"{size:,} bytes, {checksum}"),
        ("architecture", f"{metadata.get('general.architecture', '?')} ({metadata.get('general.name', '?')})"),
        ("chat template", f"{len(template):,} characters" + (", tool calls supported" if "tool" in template else "")),
        ("llama.cpp", f"llama-cpp-python {llama_cpp.__version__}, {llama_cpp.llama_print_system_info().decode().strip()[:120]}"),
        ("threads", str(llm.threads)),
        ("embedder", f"all-MiniLM-L6-v2 through onnxruntime, {embedder_graph()}"),
        ("decode", decode_row(verdict)),
        ("cache", str(cache_dir())),
        ("indexes", str(cache_dir() / "indexes")),
        ("config", str(config_file())),
    ]
    print_rows(rows)

