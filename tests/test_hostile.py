"""Hostile folders and faults: names no tool expects, files that change or never end, no permission, no
network. Each case ends in a clear result, never a crash or a read outside the folder."""

import json
import os
import shutil
import stat
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest

from filesage.index.store import FolderIndex
from filesage.llm.base import CUT_MARKER, fit
from filesage.tools.toolbox import Toolbox
from tests.conftest import FILESAGE, joined_model_env, run_cli, seed_cache, write


@pytest.fixture
def hostile(tmp_path) -> Path:
    root = tmp_path / "docs"
    write(root / "new\nline.txt", "The boiler was serviced on 2025-04-02.\n")
    write(root / "bell\x07\x1b[31mred.txt", "control characters in the name\n")
    (root / "bytes").mkdir(parents=True)
    with open(os.fsencode(root / "bytes") + b"/bad\xff\xfename.txt", "wb") as handle:
        handle.write(b"The apple harvest was 420 kg.\n")
    deep = root
    for _ in range(200):
        deep = deep / "d"
    write(deep / "bottom.txt", "two hundred levels down\n")
    long_dir = root
    for _ in range(13):
        long_dir = long_dir / ("L" * 250)
    write(long_dir / ("n" * 200 + ".txt"), "a path of more than 3,400 characters\n")
    return root


def test_hostile_names_are_listed_printable_and_one_per_line(hostile):
    box = Toolbox(hostile)
    paths = [e.path for e in box.entries]
    assert len(paths) == 5
    assert "new\\nline.txt" in paths and "bell\\x07\\x1b[31mred.txt" in paths
    assert "bytes/bad\ufffd\ufffdname.txt" in paths
    assert any(len(p) > 3400 for p in paths) and any(p.count("/") == 200 for p in paths)
    for text in (box.list_files(limit=50).text, box.grep_files("txt").text, box.count_files().text, box.directory_tree(max_depth=6).text):
        text.encode("utf-8")  # printable, encodable: no lone surrogates, no raw control characters
        assert "\x07" not in text and "\x1b" not in text
    listing = box.list_files(limit=50).text.splitlines()
    assert len(listing) == 6  # a heading and one line per file: a newline in a name does not split it
    assert "420 kg" in box.read_file("bytes/bad\ufffd\ufffdname.txt").text
    assert "2025-04-02" in box.read_file("new\\nline.txt").text


@pytest.mark.model
def test_hostile_names_are_indexed_and_found(hostile, tmp_path, embedder):
    index = FolderIndex(hostile, embedder=embedder, directory=tmp_path / "index")
    stats = index.refresh()
    assert stats.indexed == 5 and not stats.skipped
    hits = index.search("apple harvest", 3)
    assert hits[0].path == "bytes/bad\ufffd\ufffdname.txt"


@pytest.mark.model
def test_sparse_gigabyte_and_growing_files(tmp_path, embedder):
    root = tmp_path / "docs"
    write(root / "notes.txt", "The shed needs new hinges.\n")
    with open(root / "huge.log", "wb") as handle:
        handle.truncate(1 << 30)
    growing = root / "growing.log"
    growing.write_text("start\n")
    stop = threading.Event()

    def append() -> None:
        # Grows while the indexer reads it, up to about 40 MB (past the 8 MB a file is read to).
        with growing.open("a") as handle:
            for _ in range(10_000):
                if stop.is_set():
                    break
                handle.write("another line of a log that keeps growing\n" * 100)
                handle.flush()
                time.sleep(0.001)

    writer = threading.Thread(target=append)
    writer.start()
    try:
        index = FolderIndex(root, embedder=embedder, directory=tmp_path / "index")
        stats = index.refresh()
    finally:
        stop.set()
        writer.join()
    assert "notes.txt" in [h.path for h in index.search("shed hinges", 3)]
    assert stats.capped == ["huge.log"] or (stats.skipped and "huge.log" not in stats.capped), stats
    sizes = {e.path: e.size for e in Toolbox(root).entries}
    assert sizes["huge.log"] == 1 << 30 and len(sizes) == 3


def test_device_files_are_never_listed_or_opened(tmp_path):
    root = tmp_path / "docs"
    write(root / "a.txt", "a\n")
    try:
        os.mknod(root / "zero.txt", stat.S_IFCHR | 0o600, os.makedev(1, 5))  # /dev/zero: never ends
    except PermissionError:
        pytest.skip("creating a device file needs CAP_MKNOD")
    os.mkfifo(root / "pipe.txt")
    box = Toolbox(root)
    assert [e.path for e in box.entries] == ["a.txt"]
    assert not box.read_file("zero.txt").found and not box.read_file("pipe.txt").found


def unprivileged(tmp_path: Path) -> list[str]:
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv to run filesage as an unprivileged user")
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]


@pytest.mark.model
def test_files_and_folders_without_permission(tmp_path):
    prefix = unprivileged(tmp_path)
    base = Path(tempfile.mkdtemp(prefix="filesage-perm-"))  # pytest's tmp_path is closed to other users
    try:
        base.chmod(0o755)
        root = base / "docs"
        write(root / "open.txt", "The garden gate is green.\n")
        write(root / "closed.txt", "secret\n")
        write(root / "locked/inner.txt", "inside a locked folder\n")
        for path in (root, root / "open.txt", root / "locked", root / "locked/inner.txt"):
            path.chmod(0o755 if path.is_dir() else 0o644)
        (root / "closed.txt").chmod(0o600)
        (root / "locked").chmod(0o700)
        cache = base / "cache"
        cache.mkdir(mode=0o777)
        cache.chmod(0o777)
        env = {**os.environ, "FILESAGE_CACHE_DIR": str(cache), "HOME": str(cache)}
        result = subprocess.run([*prefix, FILESAGE, "index", str(root)], capture_output=True, text=True, env=env, timeout=600)
        assert result.returncode == 0, result.stderr
        assert "1 files indexed" in result.stdout and "1 skipped" in result.stdout, result.stdout
        (root / "locked").chmod(0o755)
        root.chmod(0o700)
        refused = subprocess.run([*prefix, FILESAGE, "ask", "how many files?", "--root", str(root)], capture_output=True, text=True, env=env, timeout=120)
        assert refused.returncode == 2 and refused.stderr.strip() == f"error: folder {root} cannot be read (permission denied)"
    finally:
        shutil.rmtree(base, ignore_errors=True)


def test_fit_cuts_the_longest_messages_until_the_prompt_fits():
    def count(text: str) -> int:
        return len(text)

    small = [{"role": "system", "content": "s" * 100}, {"role": "user", "content": "q"}]
    assert fit(small, 100, 8192, count) is small  # a prompt that fits is left alone: the cache prefix stays valid
    big = [
        {"role": "system", "content": "s" * 1000},
        {"role": "user", "content": "h" * 6000},
        {"role": "assistant", "content": "a" * 50},
        {"role": "user", "content": "r" * 9000},
    ]
    fitted = fit(big, 400, 8192, count)
    assert fitted[0] == big[0] and fitted[2] == big[2]
    assert sum(count(m["content"]) for m in fitted) <= 8192 - 400 - 64 - 16 * 4
    assert fitted[3]["content"].endswith(CUT_MARKER) and big[3]["content"] == "r" * 9000


@pytest.mark.model
def test_enormous_results_and_history_never_overflow_the_context(tmp_path):
    """A history of long turns in a script nobody tokenizes cheaply (CJK: about a token a character),
    and tool results at their size limit: the real model answers instead of llama.cpp overflowing."""
    root = tmp_path / "docs"
    for n in range(60):
        write(root / f"{'資料' * 20}_{n:02d}.txt", "内容" * 50)
    history = tmp_path / "history.json"
    turns = []
    for n in range(6):
        turns += [{"role": "user", "content": "説明" * 3000}, {"role": "assistant", "content": "回答" * 3000}]
    history.write_text(json.dumps(turns))
    result = run_cli("ask", "list the 50 newest files", "--root", str(root), "--history", str(history), "--json", "--max-steps", "5")
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    assert record["answer"] and record["steps"][0]["tool"] == "list_files"


@pytest.mark.model
def test_offline_in_a_network_namespace_without_interfaces(tmp_path):
    if shutil.which("unshare") is None or subprocess.run(["unshare", "-rn", "true"]).returncode != 0:
        pytest.skip("user namespaces are not available here")
    root = tmp_path / "docs"
    write(root / "lease.md", "Monthly rent: 1,450 EUR, due on the 1st.\n")
    write(root / "todo.txt", "renew passport\n")
    seed_cache(tmp_path / "cache")
    env = {**os.environ, **joined_model_env(), "FILESAGE_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("HF_HUB_OFFLINE", None)  # filesage must be offline by itself, not because the test says so
    env.pop("TRANSFORMERS_OFFLINE", None)
    no_net = ["unshare", "-rn"]
    indexed = subprocess.run([*no_net, FILESAGE, "index", str(root)], capture_output=True, text=True, env=env, timeout=600)
    assert indexed.returncode == 0, indexed.stderr
    asked = subprocess.run([*no_net, FILESAGE, "ask", "What is the monthly rent?", "--root", str(root), "--json"], capture_output=True, text=True, env=env, timeout=600)
    assert asked.returncode == 0, asked.stderr
    assert "1,450" in json.loads(asked.stdout)["answer"] or "1450" in json.loads(asked.stdout)["answer"]
    counted = subprocess.run([*no_net, FILESAGE, "ask", "how many files are there?", "--root", str(root), "--json"], capture_output=True, text=True, env=env, timeout=600)
    assert counted.returncode == 0 and "2" in json.loads(counted.stdout)["answer"]
