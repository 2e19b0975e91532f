"""Real-documents behaviour on the real model, each as a user asks it with `filesage ask --json`: files without an
extension read, a document the question names is the one searched, a thing no file mentions said to be missing,
two figures from two files added in code, a follow-up that says "she", and a question that names a file but
asks what it says searched."""

import json
import re

import pytest

from tests.conftest import run_cli, write

pytestmark = pytest.mark.model

README = """Widgetd
=======

widgetd is a small daemon that serves widgets over HTTP.

Installation
------------
Run `make install`. By default widgetd listens on port 7311; change it with --port.

Maintainers
-----------
Ines Moreau maintains widgetd since she joined the project in March 2019.
"""
OTHER_README = """Gizmo tool

Gizmo converts gizmo files. It listens on nothing: it is a command-line tool.
Install with pip install gizmo. The default output folder is ./out.
"""
CHANGES = """CHANGES FROM 2.3 TO 2.4 (2026-02-11)
* The cache moved to /var/cache/widgetd.
* New option --workers, default 4.

CHANGES FROM 2.2 TO 2.3 (2025-09-30)
* Widgets can be served over HTTPS.
"""


@pytest.fixture
def root(tmp_path):
    root = tmp_path / "docs"
    write(root / "projects/widgetd/README", README)
    write(root / "projects/widgetd/CHANGES", CHANGES)
    write(root / "projects/gizmo/README.md", OTHER_README)
    write(root / "travel/taxi-receipt.txt", "City Cabs receipt\nRide to the airport, 14 May 2026\nFare paid: EUR 38.50\n")
    write(root / "travel/hotel_booking.md", "# Hotel Lindenhof\nBooking for 2 nights, 12-14 May 2026.\nTotal charged: EUR 214.00\n")
    write(root / "home/lease.txt", "Lease for the flat at Birkenweg 4.\nMonthly rent: EUR 1,240.00. Deposit: three months' rent.\n"
                                   "Notice: three months in writing.\n")
    return root


def ask(root, tmp_path, question: str, history: list[dict] | None = None) -> dict:
    args = ["ask", question, "--root", str(root), "--json"]
    if history:
        path = tmp_path / "history.json"
        path.write_text(json.dumps(history))
        args += ["--history", str(path)]
    result = run_cli(*args, env={"FILESAGE_CACHE_DIR": str(tmp_path / "cache")})
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout)


def test_a_file_without_an_extension_is_read_and_the_named_readme_is_the_one_searched(root, tmp_path):
    record = ask(root, tmp_path, "According to the widgetd README, what port does it listen on by default?")
    assert "7311" in record["answer"], record
    assert [s["path"] for s in record["sources"]] == ["projects/widgetd/README"]
    assert any(step["args"].get("within") for step in record["steps"] if step["tool"] == "semantic_search")


def test_what_no_file_mentions_is_said_to_be_missing(root, tmp_path):
    record = ask(root, tmp_path, "How much does the lease say I pay for the boat mooring?")
    assert "mooring" in record["answer"] and "found nothing" in record["answer"], record
    assert "1,240" not in record["answer"]


def test_two_figures_from_two_files_are_added_in_code(root, tmp_path):
    record = ask(root, tmp_path, "What did the taxi and the hotel cost together?")
    assert "252.50" in record["answer"], record
    assert {s["path"] for s in record["sources"]} == {"travel/taxi-receipt.txt", "travel/hotel_booking.md"}
    assert record["policies"][0] == "several_looks_are_planned"


def test_a_follow_up_that_says_she_is_answered_about_the_person_before(root, tmp_path):
    history = [{"role": "user", "content": "Who maintains widgetd?"}, {"role": "assistant", "content": "Ines Moreau maintains widgetd [1]."}]
    record = ask(root, tmp_path, "and when did she join?", history)
    assert "2019" in record["answer"], record


def test_a_question_that_names_a_file_but_asks_what_it_says_is_searched(root, tmp_path):
    record = ask(root, tmp_path, "Going by the widgetd CHANGES file, what is the default number of workers?")
    assert re.search(r"\b4\b", record["answer"]), record
    assert "projects/widgetd/CHANGES" in [s["path"] for s in record["sources"]]
    assert record["steps"][0]["tool"] == "semantic_search" and "KB" not in record["answer"]


def test_a_manuals_pages_are_told_from_the_pdf_itself(root, tmp_path):
    from bench.corpus import write_pdf

    write_pdf(root / "projects/widgetd/widgetd-manual.pdf", ["widgetd manual", "Installing widgetd", "Serving widgets", "Index"])
    record = ask(root, tmp_path, "How many pages is the widgetd manual?")
    assert "4 pages" in record["answer"] and [s["path"] for s in record["sources"]] == ["projects/widgetd/widgetd-manual.pdf"], record
