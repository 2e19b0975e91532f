"""Speed of the resolved model on this machine: load time, peak memory, prompt and generation rates, and
the time of a second call that extends the first (the KV cache reuse filesage relies on), and the rate of
generation under a JSON grammar as filesage samples it (the best token checked against the grammar) beside
llama-cpp-python's own sampling (the whole vocabulary filtered at every step).

    .venv/bin/python bench/model_speed.py [--model FILE] [--runs 3]
"""

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from filesage.llm.llama import LlamaModel
from filesage.llm.cores import physical_cores
from filesage.llm.weights import resolve_model  # noqa: E402

POINTS = {
    "type": "object",
    "properties": {"points": {"type": "array", "items": {"type": "string"}, "maxItems": 8}},
    "required": ["points"],
}
FILLER = (
    "The quarterly report covers revenue, costs, hiring, and the roadmap for the coming months. "
    "Each department lists its targets, its risks, and the people who own each deliverable. "
)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--model")
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    resolved = resolve_model(options.model)
    loads, prompt_rates, gen_rates, first_calls, second_calls = [], [], [], [], []
    checked_rates, filtered_rates, same_tokens = [], [], []
    for _ in range(options.runs):
        model = LlamaModel(resolved.path, physical_cores())
        started = time.perf_counter()
        model.llama
        loads.append(time.perf_counter() - started)
        document = FILLER * 44  # about 1,500 tokens
        messages = [{"role": "system", "content": "You summarise documents."}, {"role": "user", "content": document + "\nSummarise in one word."}]
        prompt_only = model.generate(messages, 1)
        prompt_rates.append(prompt_only.evaluated_tokens / prompt_only.seconds)
        first_calls.append(prompt_only.seconds)
        generation = model.generate(messages + [{"role": "assistant", "content": "Report."}, {"role": "user", "content": "Now write a long story about a dragon."}], 128)
        gen_rates.append(generation.completion_tokens / max(generation.seconds - generation.evaluated_tokens / prompt_rates[-1], 1e-3))
        second = model.generate(messages + [{"role": "assistant", "content": "Report."}, {"role": "user", "content": "And in two words?"}], 4)
        second_calls.append((second.seconds, second.evaluated_tokens, second.prompt_tokens))
        points = messages + [{"role": "assistant", "content": "Report."}, {"role": "user", "content": "List its main points as JSON."}]
        checked = model.generate(points, 128, schema=POINTS)
        checked_rates.append(checked.completion_tokens / max(checked.seconds - checked.evaluated_tokens / prompt_rates[-1], 1e-3))
        del model.llama._init_sampler, model.llama.sample  # llama-cpp-python's own sampling from here on
        filtered = model.generate(points, 128, schema=POINTS)
        filtered_rates.append(filtered.completion_tokens / max(filtered.seconds - filtered.evaluated_tokens / prompt_rates[-1], 1e-3))
        same_tokens.append(checked.text == filtered.text)
        if len(loads) == 1:
            # Later runs load the model again before the old copy is freed; the first run is the real peak.
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        del model
    median = statistics.median
    print(f"model: {resolved.path.name} ({resolved.source}), {physical_cores()} threads, {options.runs} runs, medians")
    print(f"load: {median(loads):.2f} s")
    print(f"peak RSS: {peak:.0f} MB")
    print(f"prompt: {median(prompt_rates):.1f} tokens/s ({prompt_only.prompt_tokens} tokens in {median(first_calls):.1f} s)")
    print(f"generation: {median(gen_rates):.1f} tokens/s")
    print(
        f"generation under a JSON grammar: {median(checked_rates):.1f} tokens/s with the best token checked, "
        f"{median(filtered_rates):.1f} filtering the whole vocabulary ({median(checked_rates) / median(filtered_rates):.2f}x); "
        f"same tokens in {sum(same_tokens)} of {len(same_tokens)} runs"
    )
    seconds, evaluated, total = sorted(second_calls)[len(second_calls) // 2]
    print(f"second call sharing the prefix: {seconds:.2f} s, {evaluated} of {total} prompt tokens evaluated "
          f"({median(first_calls) / seconds:.0f}x faster than reading the prompt again)")


if __name__ == "__main__":
    main()
