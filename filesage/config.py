"""Where filesage keeps its own files (never inside the folder being asked about), and its settings:
flags first, then FILESAGE_* environment variables, then the TOML config file, then defaults."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path

import platformdirs

from .errors import UsageError


def cache_dir() -> Path:
    """Joined model, indexes and caches. FILESAGE_CACHE_DIR moves it (tests, read-only homes)."""
    override = os.environ.get("FILESAGE_CACHE_DIR")
    return Path(override).expanduser() if override else Path(platformdirs.user_cache_dir("filesage"))


def data_dir() -> Path:
    """Chat history."""
    override = os.environ.get("FILESAGE_DATA_DIR")
    return Path(override).expanduser() if override else Path(platformdirs.user_data_dir("filesage"))


def config_file() -> Path:
    override = os.environ.get("FILESAGE_CONFIG")
    return Path(override).expanduser() if override else Path(platformdirs.user_config_dir("filesage")) / "config.toml"


@dataclass
class Settings:
    model: str | None = None  # a GGUF file, or with llm_url the server's name for its model
    llm_url: str | None = None  # an OpenAI-compatible chat server that answers instead of the embedded model
    threads: int | None = None
    root: str = "."
    max_steps: int = 5
    top_k: int = 5
    history_turns: int = 2  # questions and answers of the conversation that the model sees
    time_limit: int = 300  # seconds for one question, then the answer says what was gathered
    policies_off: str = ""  # comma-separated names of policies to switch off (see filesage/policies/)
    sources: dict[str, str] = field(default_factory=dict)  # setting -> where its value came from

    @classmethod
    def load(cls, flags: dict | None = None, env: dict | None = None, path: Path | None = None) -> "Settings":
        env = os.environ if env is None else env
        path = path or config_file()
        from_file: dict = {}
        if path.exists():
            try:
                from_file = tomllib.loads(path.read_text(encoding="utf-8"))
            except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
                raise UsageError(f"config file {path} is not valid TOML ({exc}); fix or delete it") from None
        settings = cls()
        for f in fields(cls):
            if f.name == "sources":
                continue
            value, source = getattr(settings, f.name), "default"
            env_name = f"FILESAGE_{f.name.upper()}"
            if f.name in from_file:
                value, source = from_file[f.name], f"config file {path}"
            if env.get(env_name):
                value, source = env[env_name], f"environment {env_name}"
            if flags and flags.get(f.name) is not None:
                value, source = flags[f.name], "flag"
            setattr(settings, f.name, cls._typed(f.name, value, source))
            settings.sources[f.name] = source
        return settings

    @staticmethod
    def _typed(name: str, value, source: str):
        if name in ("threads", "max_steps", "top_k", "history_turns", "time_limit") and value is not None:
            try:
                number = int(value)
            except (TypeError, ValueError):
                raise UsageError(f"{name} must be a whole number, got {value!r} (from {source})") from None
            low = 0 if name == "history_turns" else 1
            high = 86_400 if name == "time_limit" else 64
            if number < low or number > high:
                raise UsageError(f"{name} must be between {low} and {high}, got {number} (from {source})")
            return number
        return None if value is None else str(value)
