import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from calendar import monthrange
from pathlib import Path

import pytest

from filesage.llm.base import Generation, drain

REPO = Path(__file__).resolve().parent.parent
FILESAGE = str(Path(sys.executable).parent / "filesage")


@dataclass
class ScriptedModel:
    """Plays back fixed outputs and records every prompt it was given."""

    outputs: list[str]
    prompts: list[list[dict]] = field(default_factory=list)
    schemas: list[dict | None] = field(default_factory=list)

    def stream(self, messages, max_tokens, schema=None, family="agent"):
        self.prompts.append([dict(m) for m in messages])
        self.schemas.append(schema)
        if not self.outputs:
            raise AssertionError("the agent asked the scripted model more often than scripted")
        text = self.outputs.pop(0)
        for start in range(0, len(text), 7):
            yield text[start : start + 7]
        return Generation(text, 100, 10, len(text) // 4, 0.01)

    def generate(self, messages, max_tokens, schema=None, family="agent"):
        return drain(self.stream(messages, max_tokens, schema, family))


def write(path: Path, content: str | bytes, days_ago: float | None = None) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    if days_ago is not None:
        stamp = time.time() - days_ago * 86400
        os.utime(path, (stamp, stamp))
    return path


def wallet_statement(root: Path, month: int, days: int, opening: int) -> None:
    """A mobile-money statement of one month, as its service exports it (rows dated in figures, a running balance,
    a line above its header), beside a school's fee letter that names the month in words and owes a balance."""
    name = MONTHS_SHORT[month - 1]
    rows = "".join(f"QX{day}TT,2031-{month:02d}-{day:02d} 10:00:00,Pay Bill Online to 40{day} - SHOP {day},Completed,,-{day}10.00,"
                   f"\"{opening - day},4{day:02d}.50\"\n" for day in range(1, days + 1))
    write(root / f"money/Wallet statement {name} 2031.csv", f"WALLET-PAY STATEMENT\nStatement Period:,01 {name} 2031 - {monthrange(2031, month)[1]} {name} 2031\n\n"
          "Receipt No.,Completion Time,Details,Transaction Status,Paid In,Withdrawn,Balance\n" + rows)
    write(root / "school/fee letter.md", f"# Fee statement, Term 2\n\nDate: 02/0{month - 1}/2031\nPaid by Wallet-Pay: 8,000/-\n"
          f"Kindly clear the balance before the half-term break (18th {MONTHS_LONG[month - 1]} 2031).\nBALANCE DUE: 4,100/-\n")


MONTHS_LONG = "January February March April May June July August September October November December".split()
MONTHS_SHORT = [m[:3] for m in MONTHS_LONG]


@pytest.fixture
def fs_corpus(tmp_path) -> Path:
    """A small personal folder: nested, mixed types, distinct sizes and modification times."""
    root = tmp_path / "docs"
    write(root / "finance/budget_q1.xlsx", b"PK" + b"x" * 2400, days_ago=40)
    write(root / "finance/2025/invoice_001.pdf", b"%PDF-1.4" + b"a" * 1800, days_ago=90)
    write(root / "finance/2025/invoice_002.pdf", b"%PDF-1.4" + b"b" * 1500, days_ago=60)
    write(root / "finance/2025/receipts.csv", "date,amount\n2025-01-02,12.50\n", days_ago=55)
    write(root / "notes/meeting_2025-03-01.md", "# Meeting\nBudget review.\n", days_ago=20)
    write(root / "notes/todo.txt", "- renew passport\n", days_ago=2)
    write(root / "notes/ideas.md", "# Ideas\n" + "more ideas\n" * 30, days_ago=10)
    write(root / "code/main.py", "print('hi')\n" * 40, days_ago=5)
    write(root / "code/util.py", "def f():\n    return 1\n", days_ago=7)
    write(root / "code/tests/test_util.py", "def test_f():\n    assert True\n", days_ago=7)
    write(root / "photos/cat.jpg", b"\xff\xd8\xff" + b"c" * 9000, days_ago=300)
    write(root / "photos/dog.png", b"\x89PNG" + b"d" * 7000, days_ago=200)
    write(root / "report.pdf", b"%PDF-1.4" + b"r" * 12000, days_ago=400)
    write(root / "README.md", "# My documents\n", days_ago=1)
    write(root / ".hidden/secret.txt", "hidden\n", days_ago=1)
    return root


@pytest.fixture(scope="session")
def embedder():
    from filesage.index.embedder import Embedder

    return Embedder()


def joined_model_env() -> dict:
    """Tests that move FILESAGE_CACHE_DIR into tmp_path still use the model joined in the real cache,
    instead of joining another 1.1 GB copy per test."""
    from filesage.llm.weights import resolve_model

    return {"FILESAGE_MODEL": str(resolve_model(None).path)}


def shared_prompt_cache() -> Path:
    """One folder of system-prompt KV snapshots for the whole test session (named by the pytest process, so every
    import of this module agrees), removed when the session ends."""
    return Path(tempfile.gettempdir()) / f"filesage-tests-{os.getpid()}-prompt-cache"


def seed_cache(cache: Path) -> None:
    """A cache directory in tmp_path starts with the real cache's verdict of the model check (filesage.probe), so
    that each test does not run the check's test decode again, and shares the session's prompt cache: a process that
    reads its ~2,200-token system prompt cold spends over a minute on it on a slow CPU, and the prompt is the same
    in every test."""
    import shutil

    from filesage.config import cache_dir
    from filesage.llm.probe import verdict_file

    if cache == cache_dir():
        return  # a test that moved this process's cache there too: nothing to seed it from
    kept, target = verdict_file(cache_dir()), verdict_file(cache)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        return  # a cache a test made unwritable on purpose
    if kept.is_file() and not target.exists():
        shutil.copyfile(kept, target)
    prompts = cache / "prompt-cache"
    if not prompts.exists() and not prompts.is_symlink():
        shared_prompt_cache().mkdir(exist_ok=True)
        prompts.symlink_to(shared_prompt_cache(), target_is_directory=True)


@pytest.fixture(scope="session", autouse=True)
def remove_shared_prompt_cache():
    yield
    import shutil

    shutil.rmtree(shared_prompt_cache(), ignore_errors=True)


def run_cli(*args: str, input: str | None = None, env: dict | None = None, timeout: int = 900) -> subprocess.CompletedProcess:
    full_env = {**os.environ, **(env or {})}
    if env and "FILESAGE_CACHE_DIR" in env and "FILESAGE_MODEL" not in env and "FILESAGE_MODEL" not in os.environ:
        full_env.update(joined_model_env())
    if env and "FILESAGE_CACHE_DIR" in env:
        seed_cache(Path(env["FILESAGE_CACHE_DIR"]))
    return subprocess.run([FILESAGE, *args], input=input, capture_output=True, text=True, env=full_env, timeout=timeout)


def indexed(root: Path, cache: Path) -> dict:
    """The folder indexed as a user would (`filesage index`), and the environment that keeps its cache in `cache`."""
    env = {"FILESAGE_CACHE_DIR": str(cache)}
    result = run_cli("index", str(root), env=env)
    assert result.returncode == 0, result.stderr
    return env


def ask_json(root: Path, env: dict, question: str) -> dict:
    """`filesage ask QUESTION --root ROOT --json`, its record printed for the test's log."""
    result = run_cli("ask", question, "--root", str(root), "--json", env=env)
    assert result.returncode == 0, result.stderr[-2000:]
    record = json.loads(result.stdout)
    print(f"{question!r} -> {record['answer']!r} {[s['path'] for s in record['sources']]}")
    return record
