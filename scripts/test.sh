#!/usr/bin/env bash
# Installs everything, then runs the whole test suite, real-model tests included.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
# pytest exits 5 when it collected no test: that is a failure here, like any other non-zero code.
# The last -m wins: every test, the real-model ones included (a plain `pytest` skips those).
# --durations: the slowest tests are named in every run, so one that grows towards the CI time limit is seen.
.venv/bin/python -m pytest -m "model or not model" --durations=15 "$@"
