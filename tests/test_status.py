"""`filesage status`: what is indexed and what is not, and why, driven through the CLI on the real embedder
(never the LLM), without changing the index."""

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from filesage.index.store import FolderIndex, index_dir_for
from filesage.index.status import folder_status, skip_kind
from tests.conftest import run_cli, write


@pytest.fixture
def cache(tmp_path, monkeypatch):
    directory = tmp_path / "cache"
    monkeypatch.setenv("FILESAGE_CACHE_DIR", str(directory))
    return directory


def cli(*args: str, cache: Path):
    # A model path that does not exist: status and index must never need the model.
    return run_cli(*args, env={"FILESAGE_CACHE_DIR": str(cache), "FILESAGE_MODEL": str(cache / "no-model.gguf")})


@pytest.fixture
def folder(tmp_path):
    root = tmp_path / "docs"
    write(root / "notes/plan.md", "# Garden plan\nPlant the tomatoes in May.\n")
    write(root / "notes/shed.md", "The shed key is under the blue pot.\n")
    write(root / "finance/budget.csv", "item,amount\nseeds,12\nsoil,30\n")
    write(root / "todo.txt", "- water the plants\n")
    write(root / "photos/cat.jpg", b"\xff\xd8\xff" + b"c" * 500)
    write(root / "empty.txt", "")
    write(root / "blob.txt", b"\x00\x01\x02" * 50)
    write(root / "report.docx", b"PK\x03\x04" + b"a damaged zip" * 20)
    write(root / "node_modules/lib/index.js", "module.exports = 1;\n")
    write(root / ".gitignore", "build/\n")
    write(root / "build/out.txt", "generated\n")
    write(root / ".filesageignore", "*.secret.md\n")
    write(root / "notes/keys.secret.md", "The safe code is 4711.\n")
    write(root / ".private/diary.md", "Dear diary.\n")
    return root


def index_fingerprint(root: Path) -> tuple:
    directory = index_dir_for(root)
    return hashlib.sha256((directory / "index.sqlite").read_bytes()).hexdigest(), sorted(p.name for p in directory.glob("gen-*"))


def test_a_folder_never_indexed_says_how_to_index_it(folder, cache):
    result = cli("status", str(folder), cache=cache)
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"{folder} has not been indexed yet; run: filesage index {folder}\n"
    as_json = json.loads(cli("status", str(folder), "--json", cache=cache).stdout)
    assert as_json == {"root": str(folder), "indexed": False, "message": result.stdout.strip()}
    assert not cache.exists()  # status created no index


def test_status_reports_types_skips_failures_and_what_is_left_out(folder, cache):
    assert cli("index", str(folder), cache=cache).returncode == 0
    before = index_fingerprint(folder)
    result = cli("status", str(folder), "--json", cache=cache)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["indexed"] and report["index_bytes"] > 0 and report["last_refresh"]
    assert report["index_dir"] == str(index_dir_for(folder))
    assert {ext: counts["files"] for ext, counts in report["types"].items()} == {"md": 2, "csv": 1, "txt": 1}
    assert report["files"] == 4 and report["chunks"] == sum(counts["chunks"] for counts in report["types"].values()) >= 4
    assert report["skipped"] == {
        "too large": [],
        "binary": [{"path": "blob.txt", "reason": "binary content"}, {"path": "photos/cat.jpg", "reason": "binary content (a JPEG image)"}],
        "no text": [{"path": "empty.txt", "reason": "no text"}],
        "unreadable": [],
        "ignored": [
            {"path": "build/", "reason": ".gitignore"},
            {"path": "node_modules/", "reason": "built-in"},
            {"path": "notes/keys.secret.md", "reason": ".filesageignore"},
        ],
        "hidden": [{"path": path, "reason": "hidden"} for path in (".filesageignore", ".gitignore", ".private/")],
    }
    assert report["failed"] == [{"path": "report.docx", "error": "not a valid Office file (damaged zip)"}]
    assert report["changes"] == {"new": [], "changed": [], "removed": []}

    text = cli("status", str(folder), cache=cache)
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[0] == f"{folder}: 4 files indexed in {report['chunks']} chunks"
    assert lines[1].startswith("Index: ") and f"in {index_dir_for(folder)}, last refreshed 20" in lines[1]
    assert lines[2] == "Indexed by type:" and lines[3].split()[:3] == [".md", "2", "files"]
    assert "Skipped 9:" in lines
    assert "  binary (2): blob.txt [binary content], photos/cat.jpg [binary content (a JPEG image)]" in lines
    assert "  no text (1): empty.txt" in lines
    assert "  ignored (3): build/ [.gitignore], node_modules/ [built-in], notes/keys.secret.md [.filesageignore]" in lines
    assert lines[-3:] == ["Failed 1:", "  report.docx: not a valid Office file (damaged zip)", "Nothing changed since the last refresh."]
    assert index_fingerprint(folder) == before  # status changed nothing in the index


def test_status_says_what_changed_since_the_last_refresh(folder, cache):
    assert cli("index", str(folder), cache=cache).returncode == 0
    before = index_fingerprint(folder)
    write(folder / "notes/new.md", "A new note.\n")
    write(folder / "todo.txt", "- water the plants\n- repot the basil\n")
    (folder / "notes/shed.md").unlink()
    write(folder / ".filesageignore", "*.secret.md\nfinance/\n")  # budget.csv is now left out
    report = json.loads(cli("status", str(folder), "--json", cache=cache).stdout)
    assert report["changes"] == {"new": ["notes/new.md"], "changed": ["todo.txt"], "removed": ["finance/budget.csv", "notes/shed.md"]}
    text = cli("status", str(folder), cache=cache).stdout.splitlines()
    assert text[-4:] == [
        f"Changed since the last refresh: 1 new, 1 changed, 2 removed; to update the index, run: filesage index {folder}",
        "  new: notes/new.md",
        "  changed: todo.txt",
        "  removed: finance/budget.csv, notes/shed.md",
    ]
    assert index_fingerprint(folder) == before
    assert cli("index", str(folder), cache=cache).returncode == 0
    assert json.loads(cli("status", str(folder), "--json", cache=cache).stdout)["changes"] == {"new": [], "changed": [], "removed": []}


def test_status_exit_codes_and_one_line_errors(folder, cache, tmp_path):
    missing = cli("status", str(tmp_path / "nowhere"), cache=cache)
    assert missing.returncode == 2 and missing.stderr.startswith("error: folder") and "does not exist" in missing.stderr
    a_file = cli("status", str(folder / "todo.txt"), cache=cache)
    assert a_file.returncode == 2 and "is a file, not a folder" in a_file.stderr
    damaged = index_dir_for(folder) / "index.sqlite"
    write(damaged, b"this is not a database" * 100)
    broken = cli("status", str(folder), cache=cache)
    assert broken.returncode == 3, broken.stderr
    assert broken.stderr.startswith("error: the index in") and "cannot be read" in broken.stderr and f"filesage index {folder}" in broken.stderr
    for result in (missing, a_file, broken):
        assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1 and result.stdout == ""


def test_status_loads_neither_model_nor_embedder(folder, cache, embedder):
    FolderIndex(folder, embedder).refresh()
    script = f"""
import sys
from pathlib import Path
from filesage.index.status import folder_status
folder_status(Path({str(folder)!r})).text()
print(sorted(m for m in ("llama_cpp", "leann", "torch", "tokenizers", "safetensors") if m in sys.modules))
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=str(Path(__file__).parent.parent))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_every_refresh_records_its_time(folder, cache, embedder):
    index = FolderIndex(folder, embedder)
    assert index.refresh().indexed == 4
    first = index.last_refresh()
    assert index.refresh().indexed == 0  # nothing changed, and still the index is up to date as of now
    assert index.last_refresh() > first


@pytest.mark.parametrize(
    "reason, kind",
    [
        ("unsupported type", "binary"),
        ("binary content (a PNG image)", "binary"),
        ("too large to parse", "too large"),
        ("unpacks to 512 MB (zip bomb?)", "too large"),
        ("no text layer (scanned PDF?)", "no text"),
        ("no text", "no text"),
        ("binary content", "binary"),
        ("empty table", "no text"),
        ("empty workbook", "no text"),
        ("unreadable (permission denied)", "unreadable"),
        ("could not be parsed (KeyError)", None),
        ("not a valid Office file (damaged zip)", None),
        ("took longer than 30 s to parse", None),
    ],
)
def test_every_skip_reason_has_its_kind(reason, kind):
    assert skip_kind(reason) == kind


def test_status_says_an_index_is_unfinished_and_being_built(folder, cache, embedder):
    import fcntl

    from filesage.index.embedder import Embedder

    class Slow(Embedder):
        """Stops the refresh after the first batch, as a question's deadline does."""

        def encode(self, texts):
            raise KeyboardInterrupt

    index = FolderIndex(folder, Slow())
    with pytest.raises(KeyboardInterrupt):
        index.refresh()
    report = folder_status(folder)
    assert report.unembedded == report.chunks > 0 and not report.indexing
    assert f"Being indexed now: {report.chunks} chunks not yet searchable by meaning; to finish, run: filesage index {folder}" in report.text()
    with open(index.directory / "lock", "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        assert folder_status(folder).indexing and folder_status(folder).to_json()["indexing"] is True
    assert FolderIndex(folder, embedder).refresh().complete and folder_status(folder).unembedded == 0
