"""Where filesage keeps its own files: never inside the folder being asked about."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def cache_dir() -> Path:
    """Joined model, indexes and caches. FILESAGE_CACHE_DIR moves it (tests, read-only homes)."""
    override = os.environ.get("FILESAGE_CACHE_DIR")
    return Path(override).expanduser() if override else Path(platformdirs.user_cache_dir("filesage"))
