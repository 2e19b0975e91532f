"""Ignore rules in the shared walk: .gitignore files, the root's .filesageignore, built-in excludes and
virtual environments, for the filesystem tools and the index alike."""

import os

import pytest

import filesage.files.walk as walk_module
from filesage.index.store import FolderIndex
from filesage.files.walk import Omitted, walk
from filesage.tools.toolbox import Toolbox
from tests.conftest import write


def paths(root, **options) -> list[str]:
    return [e.path for e in walk(root, **options)]


def test_nested_gitignores_with_negation_follow_git(tmp_path):
    root = tmp_path / "project"
    write(root / ".gitignore", "*.log\n!important.log\nbuild/\n/top.txt\n")
    write(root / "src/.gitignore", "!debug.log\ngenerated/\n*.tmp\n")
    write(root / "src/deep/.gitignore", "!*.tmp\n")
    for name in ["a.log", "important.log", "top.txt", "notes.md", "build/out.txt", "docs/build/out.txt", "docs/top.txt",
                 "src/x.log", "src/debug.log", "src/y.tmp", "src/generated/g.py", "src/deep/z.tmp", "src/deep/build/b.txt", "src/main.py"]:
        write(root / name, "x")
    assert paths(root) == ["docs/top.txt", "important.log", "notes.md", "src/debug.log", "src/deep/z.tmp", "src/main.py"]


def test_filesageignore_has_the_last_word(tmp_path):
    root = tmp_path / "docs"
    write(root / ".gitignore", "exports/\n")
    write(root / "notes/.gitignore", "!private.md\n")
    write(root / ".filesageignore", "# my own rules\n*.bak\nprivate.md\n!exports/\nscratch/\n")
    for name in ["report.md", "report.md.bak", "exports/summary.csv", "notes/private.md", "notes/public.md", "scratch/s.txt"]:
        write(root / name, "x")
    assert paths(root) == ["exports/summary.csv", "notes/public.md", "report.md"]


def test_built_in_excludes_even_with_hidden_files(tmp_path):
    root = tmp_path / "r"
    for name in [".git/config", "node_modules/pkg/index.js", "__pycache__/m.cpython-311.pyc", ".cache/x", ".mypy_cache/y",
                 ".pytest_cache/z", ".tox/t", ".venv/lib/site.py", "venv/lib/site.py", "app/node_modules/a.js", "app/main.py", ".env.md"]:
        write(root / name, "x")
    assert paths(root) == ["app/main.py"]
    assert paths(root, include_hidden=True) == [".env.md", "app/main.py"]


def test_a_folder_with_pyvenv_cfg_is_a_virtual_environment(tmp_path):
    root = tmp_path / "r"
    write(root / "tools/py311/pyvenv.cfg", "home = /usr/bin\n")
    write(root / "tools/py311/lib/python3.11/site-packages/big.py", "x")
    write(root / "tools/readme.md", "x")
    write(root / "pyvenv.cfg", "not a venv marker at the root: the user asked about this folder\n")
    assert paths(root) == ["pyvenv.cfg", "tools/readme.md"]


def test_ignored_folders_are_never_descended_into(tmp_path, monkeypatch):
    root = tmp_path / "r"
    write(root / ".gitignore", "dist/\n")
    write(root / "notes.md", "x")
    for folder in ["node_modules", "dist", "env"]:
        for i in range(300):
            write(root / folder / f"sub{i % 3}" / f"f{i}.js", "")
    write(root / "env/pyvenv.cfg", "")
    scanned = []
    real_scandir = os.scandir

    def recording_scandir(path):
        scanned.append(os.path.relpath(path, root))
        return real_scandir(path)

    monkeypatch.setattr(walk_module.os, "scandir", recording_scandir)
    assert paths(root) == ["notes.md"]
    # env/ is listed once to find its pyvenv.cfg; nothing under it, node_modules/ or dist/ is looked at.
    assert sorted(scanned) == [".", "env"]


def test_the_walk_says_what_it_left_out_and_why(tmp_path):
    root = tmp_path / "r"
    write(root / ".gitignore", "*.log\n")
    write(root / "sub/.gitignore", "old/\n")
    write(root / ".filesageignore", "secret.txt\n")
    for name in ["a.log", "secret.txt", "sub/old/x.md", "node_modules/m.js", ".hidden/h.txt", "keep.md"]:
        write(root / name, "x")
    write(root / "py/pyvenv.cfg", "")
    omitted: list[Omitted] = []
    assert [e.path for e in walk(root, omitted=omitted)] == ["keep.md"]
    assert omitted == [
        Omitted(".filesageignore", "hidden"), Omitted(".gitignore", "hidden"), Omitted(".hidden/", "hidden"),
        Omitted("a.log", ".gitignore"), Omitted("node_modules/", "built-in"), Omitted("py/", "virtual environment"),
        Omitted("secret.txt", ".filesageignore"), Omitted("sub/.gitignore", "hidden"), Omitted("sub/old/", "sub/.gitignore"),
    ]


def test_bad_lines_and_hostile_ignore_files(tmp_path):
    root = tmp_path / "r"
    outside = write(tmp_path / "outside.txt", "*\n")
    write(root / ".gitignore", "!\n*.log\nfoo\\\n")  # git skips the lines it cannot read, not the file
    write(root / "a.log", "x")
    write(root / "b.md", "x")
    os.mkfifo(root / "sub_fifo_gitignore")
    (root / "fifo").mkdir()
    os.symlink(root / "sub_fifo_gitignore", root / "fifo" / ".gitignore")  # a FIFO would block a read
    write(root / "fifo/c.md", "x")
    (root / "linked").mkdir()
    os.symlink(outside, root / "linked" / ".gitignore")  # rules from outside the root are not read
    write(root / "linked/d.md", "x")
    assert paths(root) == ["b.md", "fifo/c.md", "linked/d.md"]


@pytest.fixture
def ignoring_folder(tmp_path):
    root = tmp_path / "docs"
    write(root / ".gitignore", "drafts/\n")
    write(root / ".filesageignore", "*.secret.md\n")
    write(root / "notes/plan.md", "The garden plan: plant tomatoes in May.\n")
    write(root / "notes/passwords.secret.md", "The garden shed code is 4711.\n")
    write(root / "drafts/old_plan.md", "Draft garden plan about tomatoes.\n")
    write(root / "node_modules/lib/readme.md", "Garden library readme.\n")
    return root


def test_the_filesystem_tools_honour_the_rules(ignoring_folder):
    box = Toolbox(ignoring_folder)
    assert box.count_files().text.startswith("1 file in the folder")
    assert box.grep_files("plan").paths == ["notes/plan.md"]
    assert not box.read_file("notes/passwords.secret.md").found
    assert "drafts" not in box.directory_tree().text


def test_the_index_honours_the_rules(ignoring_folder, tmp_path, embedder):
    index = FolderIndex(ignoring_folder, embedder, tmp_path / "idx")
    stats = index.refresh()
    assert (stats.files, stats.indexed) == (1, 1)
    assert {hit.path for hit in index.search("garden shed code tomatoes", 5)} == {"notes/plan.md"}
