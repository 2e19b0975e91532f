"""`filesage chat` in a real pseudo-terminal, on the real model, typed at as a person would."""

import os
import re
import signal
import sys
import time
from pathlib import Path

import pexpect
import pytest

from bench.corpus import build_corpus
from tests.conftest import joined_model_env, seed_cache, write

pytestmark = pytest.mark.model

FILESAGE = str(Path(sys.executable).parent / "filesage")
PROMPT = "›"
# Printed on a line of its own after every answer; a step line ends in "(0.9 s)" too, but not at a line's start.
# The terminal styles it dim, so colour codes may surround it.
STYLE = r"(?:\x1b\[[0-9;]*m)*"
DONE = rf"\n{STYLE}\((\d+\.\d) s\){STYLE}\r?\n"
STEP = re.compile(r"^[✓✗] .*$", re.M)


def answer_of(before: str) -> str:
    """What the session printed as the answer: the text before the time line, without styles and step lines."""
    return STEP.sub("", re.sub(STYLE[:-1], "", before)).strip()


def spawn_chat(root, tmp_path, **options) -> pexpect.spawn:
    """`filesage chat` in a pseudo-terminal, with its cache and history under tmp_path."""
    seed_cache(tmp_path / "cache")
    env = {**os.environ, "FILESAGE_CACHE_DIR": str(tmp_path / "cache"), "FILESAGE_DATA_DIR": str(tmp_path / "data"), "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", **joined_model_env()}
    # As from a terminal: a test runner started in the background passes SIGINT down as ignored.
    options.setdefault("preexec_fn", lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    # A turn on a shared 2-core machine may take two minutes and more: the wait is for an answer, not a measure of speed.
    return pexpect.spawn(FILESAGE, ["chat", str(root)], env=env, encoding="utf-8", timeout=240, dimensions=(40, 120), **options)


def interrupt(child: pexpect.spawn, said: str = "Stopped.") -> None:
    """Ctrl-C, then the session says it stopped and is back at its prompt."""
    child.sendintr()
    child.expect(said)
    child.expect(PROMPT)


def test_chat_session(tmp_path):
    root = build_corpus(tmp_path)
    child = spawn_chat(root, tmp_path)
    try:
        child.expect("Type a question")
        child.expect(PROMPT)

        child.sendline("how many markdown files are there?")
        child.expect(r"count_files\(extension='(md|markdown)'")
        child.expect(DONE)
        answer = answer_of(child.before)
        assert re.search(r"(?<![\d.])5(?![\d.])|\bfive\b", answer, re.I), answer

        # A follow-up that only makes sense with the first question in the conversation.
        child.sendline("which are they?")
        child.expect(DONE)
        follow_up = answer_of(child.before)
        assert "lease.md" in follow_up and "vaccinations.md" in follow_up, follow_up

        child.sendline("/sources")
        child.expect(r"\[1\] \S+\.md")
        child.expect(PROMPT)

        child.sendline("/reset")
        child.expect("Conversation forgotten.")
        child.expect(PROMPT)
        child.sendline("/sources")
        child.expect("No sources yet.")
        child.expect(PROMPT)

        # Ctrl-C while an answer is being worked on returns to the prompt; the session goes on.
        child.sendline("What did the lease say about pets?")
        child.expect("semantic_search|Thinking")
        interrupt(child)
        child.sendline("/model")
        child.expect("qwen2.5-coder-1.5b")
        child.expect(PROMPT)

        child.sendeof()
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert (tmp_path / "data" / "chat_history").read_text().count("how many markdown files") == 1


def test_ctrl_c_at_every_stage(tmp_path):
    root = build_corpus(tmp_path)

    # While it starts (imports, loading the model): the program ends with one line and exit code 130.
    for delay in (0.2, 0.6, 1.2):
        child = spawn_chat(root, tmp_path)
        time.sleep(delay)
        child.kill(signal.SIGINT)
        if child.expect([pexpect.EOF, PROMPT]) == 1:
            # Start-up was already over on this machine: Ctrl-C at the prompt leaves the session running.
            child.sendeof()
            child.expect(pexpect.EOF)
            child.close()
            assert child.exitstatus == 0
            continue
        child.close()
        said = child.before.strip()
        assert "Traceback" not in said, (delay, said)
        # filesage says so, or (in Python's own start-up, before any filesage code runs) nothing is said.
        assert said == "" or said.endswith("interrupted"), (delay, said)
        assert child.exitstatus == 130 or child.signalstatus == signal.SIGINT, delay

    # Enough to read that indexing is still under way when Ctrl-C comes (the corpus alone takes a second).
    for number in range(400):
        write(root / "archive" / f"note_{number}.md", f"Archived note {number}: the meeting of week {number} covered item {number}. " * 12)
    child = spawn_chat(root, tmp_path)
    try:
        child.expect(PROMPT)
        # At the prompt: the line is dropped, the session goes on.
        child.send("half a question")
        child.sendintr()
        child.expect(PROMPT)
        # While /index runs: stopped, nothing half-written.
        child.sendline("/index")
        child.expect("reading|embedding|Indexing")
        interrupt(child, "Stopped")
        # While a question indexes the folder first. What /index left to do can be over before Ctrl-C arrives; then
        # the question is answered, and new notes give the next question more to index: one of two must be stopped.
        for attempt in range(2):
            for number in range(300):
                write(root / f"archive_{attempt}" / f"note_{number}.md", f"Later note {number}: week {number} of round {attempt}. " * 12)
            child.sendline("Who leads Project Falcon?")
            child.expect("Indexing the folder")
            child.sendintr()
            if child.expect(["Stopped.", DONE]) == 0:
                child.expect(PROMPT)
                break
            child.expect(PROMPT)
        else:
            pytest.fail("Ctrl-C while a question indexed the folder did not stop it")
        # While the answer is being written (after the search, so the folder is indexed by then). A short answer can
        # be done before the interrupt arrives; a longer one is asked then, and one of them must be stopped.
        for question in ("What did the lease say about pets?", "What does the lease say about pets, the deposit, the rent and the notice period?"):
            child.sendline(question)
            child.expect("Writing the answer", timeout=300)
            child.sendintr()
            if child.expect(["Stopped.", PROMPT]) == 0:
                child.expect(PROMPT)
                break
        else:
            pytest.fail("Ctrl-C while the answer was being written did not stop it")
        # After all that, the index recovers and questions are answered.
        child.sendline("Who leads Project Falcon?")
        child.expect("Sources:")
        assert "Mira" in child.before
        child.expect(DONE)
        child.expect(PROMPT)
        child.sendeof()
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
