"""The embedded model through llama-cpp-python: loaded once, never reset between calls so a prompt that extends
the last one reuses its KV cache, a system prompt's cache kept on disk, and greedy grammar sampling done cheaply."""

from __future__ import annotations

import hashlib
import os
import signal
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generator

from ..errors import ModelError
from .base import N_CTX, Generation, Messages, drain, fit, looping
from .cores import CoreSharing, physical_cores
from .probe import checked_verdict, loading_options


@contextmanager
def deferred_interrupt():
    """Ctrl-C while llama.cpp loads a model would raise inside its logging callback, where ctypes drops
    the exception; it is held until the load returns, then raised."""
    if threading.current_thread() is not threading.main_thread() or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield
        return
    pressed = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: pressed.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if pressed:
        raise KeyboardInterrupt


def check_grammar_lazily(llama) -> None:
    """Greedy sampling under a grammar (JSON tool calls, extracted facts), done the way llama.cpp's own
    common sampler does it: take the best token, and only when the grammar rejects it filter the whole
    vocabulary. llama-cpp-python filters the whole vocabulary (151,936 tokens for the default model) at
    every step, which made constrained generation about 40% slower per token. For greedy sampling the chosen token is the same either way."""
    import ctypes

    import llama_cpp
    import numpy as np

    token_data = np.dtype([("id", np.intc), ("logit", np.single), ("p", np.single)], align=True)
    vocabulary = np.zeros(llama.n_vocab(), dtype=token_data)
    vocabulary["id"] = np.arange(llama.n_vocab())
    best = np.zeros(1, dtype=token_data)
    init_sampler, sample = llama._init_sampler, llama.sample
    grammar_sampler = None

    def init_without_grammar(*args, grammar=None, **kwargs):
        nonlocal grammar_sampler
        if grammar_sampler is not None:
            llama_cpp.llama_sampler_free(grammar_sampler)
            grammar_sampler = None
        if grammar is not None and kwargs.get("temp") == 0.0:
            grammar_sampler = llama_cpp.llama_sampler_init_grammar(
                llama._model.vocab, grammar._grammar.encode(), grammar._root.encode()
            )
            grammar = None
        return init_sampler(*args, grammar=grammar, **kwargs)

    def apply_grammar(candidates) -> None:
        array = llama_cpp.llama_token_data_array(
            data=candidates.ctypes.data_as(llama_cpp.llama_token_data_p), size=len(candidates), selected=-1, sorted=False
        )
        llama_cpp.llama_sampler_apply(grammar_sampler, ctypes.byref(array))

    def sample_checked(*args, idx=None, **kwargs):
        token = sample(*args, idx=idx, **{**kwargs, "grammar": None})
        if grammar_sampler is None:
            return token
        best["id"], best["logit"] = token, 0.0
        apply_grammar(best)
        if best["logit"][0] == -np.inf:
            row = idx - llama.n_tokens if idx is not None else -1
            logits = llama_cpp.llama_get_logits_ith(llama._ctx.ctx, row)
            vocabulary["logit"] = np.ctypeslib.as_array(logits, shape=(len(vocabulary),))
            apply_grammar(vocabulary)
            token = int(vocabulary["logit"].argmax())
        llama_cpp.llama_sampler_accept(grammar_sampler, token)
        return token

    llama._init_sampler = init_without_grammar
    llama.sample = sample_checked


@dataclass
class LlamaModel:
    """The llama.cpp model, loaded on first use. Never reset between calls: a prompt that extends the
    previous one reuses its KV cache, which is where most of the time goes on a 2-core CPU."""

    path: Path
    threads: int = field(default_factory=physical_cores)
    n_ctx: int = N_CTX
    _llama: object | None = None
    last_prompt_ids: list[int] = field(default_factory=list)
    _counts: list[int] = field(default_factory=lambda: [0, 0, 0])
    _family: str | None = None
    _states: dict = field(default_factory=dict)
    # Where KV snapshots of stable system prompts are kept between processes; None keeps none.
    prefix_cache: Path | None = None
    # The other filesage processes answering at the same time, with whom the cores are shared.
    sharing: CoreSharing = field(default_factory=lambda: CoreSharing(None))
    # Where the verdict of the model check (probe.py) is kept: before the first load, a child process decodes a
    # few tokens (once per install, model and CPU), so a build that crashes on this CPU (AMX kernels inside a
    # VM) is loaded without the buffer types that crash, or named, not run. None: loaded without a check.
    checked_in: Path | None = None
    extra_buffers: bool = True

    @property
    def llama(self):
        if self._llama is None:
            from llama_cpp import Llama

            if self.checked_in is not None:
                verdict = checked_verdict(self.path, self.threads, self.checked_in)
                if not verdict.runs:
                    raise ModelError(verdict.problem)
                self.extra_buffers = verdict.extra_buffers
            try:
                with deferred_interrupt(), loading_options(self.extra_buffers):
                    llama = Llama(
                        model_path=str(self.path),
                        n_ctx=self.n_ctx,
                        n_threads=self.threads,
                        n_threads_batch=self.threads,
                        # Prompts are read 64 tokens per decode (as fast here as 512), so a process that
                        # must hand over cores does so within a fraction of a second.
                        n_batch=64,
                        verbose=False,
                    )
            except (ValueError, RuntimeError) as exc:
                raise ModelError(f"llama.cpp could not load {self.path}: {exc}") from None
            self._count_tokens_of(llama)
            self._share_cores_of(llama)
            check_grammar_lazily(llama)
            self._llama = llama
        return self._llama

    def _count_tokens_of(self, llama) -> None:
        """Llama.generate is the one place that sees the prompt tokens, what the KV cache already holds,
        and each sampled token, so counting there gives exact figures for the trace and the benchmarks."""
        original = llama.generate

        def counting_generate(tokens, *args, **kwargs):
            tokens = list(tokens)
            cached = llama.input_ids[: llama.n_tokens].tolist()
            reused = 0
            for old, new in zip(cached, tokens):
                if old != new:
                    break
                reused += 1
            self.last_prompt_ids = tokens
            self._counts = [len(tokens), len(tokens) - min(reused, len(tokens) - 1), 0]
            for token in original(tokens, *args, **kwargs):
                self._counts[2] += 1
                yield token

        llama.generate = counting_generate

    def _share_cores_of(self, llama) -> None:
        """Every llama.cpp decode (one generated token, or up to n_batch prompt tokens) runs with this process's
        share of the cores at that moment, so a second question started meanwhile costs at most one decode
        of both competing for the same cores."""
        context = llama._ctx
        decode = context.decode
        current = self.threads

        def decode_with_share(batch):
            nonlocal current
            threads = max(1, self.threads // (1 + self.sharing.others()))
            if threads != current:
                context.set_n_threads(threads, threads)
                current = threads
            return decode(batch)

        context.decode = decode_with_share

    def answering(self):
        """While a question is answered (searches and all), other filesage processes leave this one its share."""
        return self.sharing.answering()

    def _snapshot(self) -> tuple[bytes, list[int]]:
        """The KV cache and its tokens. Llama.save_state would also copy the 255 MB logits buffer, which
        costs seconds the first time; it is not needed, because the next call always evaluates at least
        one new token and so recomputes the logits."""
        import ctypes

        import llama_cpp

        llama = self.llama
        size = llama_cpp.llama_state_get_size(llama._ctx.ctx)
        buffer = (ctypes.c_uint8 * size)()
        written = llama_cpp.llama_state_get_data(llama._ctx.ctx, buffer, size)
        # Through a memoryview: slicing the ctypes array itself builds a list of 30 million ints (0.5-1.2 s).
        return bytes(memoryview(buffer)[:written]), llama.input_ids[: llama.n_tokens].tolist()

    def _restore(self, snapshot: tuple[bytes, list[int]]) -> None:
        import ctypes

        import llama_cpp

        data, tokens = snapshot
        llama = self.llama
        buffer = (ctypes.c_uint8 * len(data)).from_buffer_copy(data)
        if llama_cpp.llama_state_set_data(llama._ctx.ctx, buffer, len(data)) != len(data):
            raise RuntimeError("llama.cpp refused a KV cache snapshot it produced itself")
        llama.input_ids[: len(tokens)] = tokens
        llama.n_tokens = len(tokens)
        llama._requires_eval = True

    def _system_prefix(self, system: dict) -> tuple[bytes, list[int]]:
        """The KV cache of a system prompt, read from disk when an earlier process saved it. A new process
        then starts from the question instead of re-reading ~850 tokens of instructions (~7 s here)."""
        import json

        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        llama = self.llama
        formatter = Jinja2ChatFormatter(
            template=llama.metadata.get("tokenizer.chat_template", ""),
            eos_token=llama._model.token_get_text(llama.token_eos()),
            bos_token=llama._model.token_get_text(llama.token_bos()),
        )

        def tokens(user: str) -> list[int]:
            prompt = formatter(messages=[system, {"role": "user", "content": user}]).prompt
            return llama.tokenize(prompt.encode("utf-8"), add_bos=True, special=True)

        first, second = tokens("a"), tokens("b")
        length = next((i for i, (x, y) in enumerate(zip(first, second)) if x != y), min(len(first), len(second)))
        prefix = first[:length]
        key = hashlib.sha256(f"{self.path.resolve()}:{self.path.stat().st_size}:{self.n_ctx}:{prefix}".encode()).hexdigest()[:24]
        path = self.prefix_cache / f"{key}.kv"
        try:
            with path.open("rb") as handle:
                saved_tokens = json.loads(handle.readline())
                if saved_tokens == prefix:
                    return handle.read(), prefix
        except (OSError, ValueError):
            pass
        llama.reset()
        llama.eval(prefix)
        snapshot = self._snapshot()
        temporary = path.with_name(f".{path.name}.{os.getpid()}")
        try:
            self.prefix_cache.mkdir(parents=True, exist_ok=True)
            with temporary.open("wb") as handle:
                handle.write(json.dumps(prefix).encode() + b"\n")
                handle.write(snapshot[0])
            os.replace(temporary, path)
        except OSError:
            temporary.unlink(missing_ok=True)  # a read-only cache only costs the next process the same seconds
        return snapshot

    def generate(self, messages: Messages, max_tokens: int, schema: dict | None = None, family: str = "agent") -> Generation:
        return drain(self.stream(messages, max_tokens, schema, family))

    def stream(
        self, messages: Messages, max_tokens: int, schema: dict | None = None, family: str = "agent"
    ) -> Generator[str, None, Generation]:
        """family names a kind of prompt with its own stable prefix (the agent's; the benchmark's plain baseline).
        Switching family saves the KV cache of the one left and restores the one entered, so alternating
        calls never re-read each other's prefix. This also works for LFM2's hybrid cache, which cannot be
        trimmed back to a shorter prefix."""
        llama = self.llama
        started = time.perf_counter()
        if family != self._family:
            if self._family is not None:
                self._states[self._family] = self._snapshot()
            if family not in self._states and self.prefix_cache is not None and messages[0]["role"] == "system":
                self._states[family] = self._system_prefix(messages[0])
            if family in self._states:
                self._restore(self._states[family])
            self._family = family
        messages = fit(messages, max_tokens, self.n_ctx, self.count_tokens)
        kwargs = {"messages": messages, "max_tokens": max_tokens, "temperature": 0.0, "stream": True}
        if schema is not None:
            kwargs["response_format"] = {"type": "json_object", "schema": schema}
        pieces = []
        try:
            with self.answering():
                for chunk in llama.create_chat_completion(**kwargs):
                    piece = chunk["choices"][0]["delta"].get("content")
                    if piece:
                        pieces.append(piece)
                        yield piece
                        # Checked every few pieces: the run is cut as soon as it is seen, its rest never generated.
                        if len(pieces) % 8 == 0 and (cut := looping("".join(pieces))) is not None:
                            pieces = ["".join(pieces)[:cut]]
                            break
        except ValueError as exc:
            # llama-cpp-python raises ValueError when the prompt does not fit the context window.
            raise ModelError(f"the model could not process the prompt: {exc}") from None
        prompt_tokens, evaluated_tokens, completion_tokens = self._counts
        return Generation(
            "".join(pieces), prompt_tokens, evaluated_tokens, completion_tokens, time.perf_counter() - started
        )

    def count_tokens(self, text: str) -> int:
        return len(self.llama.tokenize(text.encode("utf-8", "replace"), add_bos=False, special=True))

    def gguf_metadata(self) -> dict[str, str]:
        """Architecture, name and chat template, read with vocab_only so doctor stays quick."""
        from llama_cpp import Llama

        from ..native import quiet_native_code

        try:
            with quiet_native_code():  # even with verbose=False, llama.cpp prints a context warning here
                vocab = Llama(model_path=str(self.path), vocab_only=True, verbose=False)
        except (ValueError, RuntimeError) as exc:
            raise ModelError(f"llama.cpp could not read {self.path}: {exc}") from None
        return dict(vocab.metadata)
