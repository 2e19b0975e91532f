"""Native libraries (llama.cpp, LEANN's C++ code, faiss) print progress chatter straight to file descriptors
1 and 2, where Python's own redirection cannot reach; stdout belongs to answers and JSON, stderr to filesage's
own progress, so that chatter is silenced at the descriptors while they run."""

from __future__ import annotations

import contextlib
import logging
import os
import sys


@contextlib.contextmanager
def quiet_native_code():
    """Both descriptors silenced while native code runs, and LEANN's and faiss's loggers kept to warnings;
    failures still arrive as Python exceptions."""
    for name in ("leann", "leann_backend_hnsw", "faiss", "faiss.loader"):
        logging.getLogger(name).setLevel(logging.WARNING)
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for descriptor in (*saved, devnull):
            os.close(descriptor)
