"""Documents in the shapes real folders hold them, asked about on the real model with `filesage ask --json`: a
changelog whose releases are list items under their dates, a PDF written a word at a time, a rota asked for one day,
bills of one series named unalike, and a month's minutes the folder lacks."""

import json

import pytest

from tests.conftest import run_cli, write
from tests.test_readers import word_by_word_pdf

pytestmark = pytest.mark.model

CHANGELOG = """Tue, 12 May 2031 10:00:00 +0200  Ada Lind <ada@example.org>

* Release v4.2.1
    * Fix the tests of v4.2

Mon, 04 May 2031 09:00:00 +0200  Ada Lind <ada@example.org>

* Release v4.2
    * Drop the old loader

Sat, 02 Nov 2030 09:00:00 +0100  Ada Lind <ada@example.org>

* Release v4.1
    * Faster start
"""


@pytest.fixture
def root(tmp_path):
    root = tmp_path / "docs"
    write(root / "tools/wren/ChangeLog", CHANGELOG)
    write(root / "tools/wren/README", "wren draws birds in the terminal.\n")
    word_by_word_pdf(root / "Downloads/download(2).pdf", ["Results of the quill trial", "1. Small model: 25.4% misses",
                                                          "2. Large model: 19.9% misses", "The large model was slower to load."] * 3)
    write(root / "work/rota.csv", "Date,Shift,Partner\n" + "".join(f"2031-03-{d:02d},{s},{p}\n" for d, s, p in [
        (1, "Day", "Ida Berg"), (9, "Off", ""), (10, "Night", "Bo Ek"), (11, "Night", "Bo Ek"), (12, "Day", "Cy Ode")]))
    write(root / "house/WS Power/WSP bill Apr-Jun 2031.txt", "Wendmoor Sun Power\nResidential statement\nTotal amount due: $254.80\n")
    write(root / "house/WS Power/WSP_2031-Q1.txt", "Wendmoor Sun Power\nResidential statement\nTotal amount due: $310.20\n")
    write(root / "club/minutes/2031-01-14 minutes.md", "# Board minutes, January 14, 2031\n\nChair: Ida Berg.\n"
                                                        "Motion 2031-02 to buy a mower: carried.\n")
    return root


def ask(root, tmp_path, question: str) -> dict:
    result = run_cli("ask", question, "--root", str(root), "--json", env={"FILESAGE_CACHE_DIR": str(tmp_path / "cache")})
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout)


def test_a_release_written_as_a_list_item_is_read_under_its_own_line(root, tmp_path):
    record = ask(root, tmp_path, "What changed in wren 4.2?")
    assert "old loader" in record["answer"] and "tests" not in record["answer"], record
    assert [s["path"] for s in record["sources"]] == ["tools/wren/ChangeLog"]
    assert record["steps"][0]["tool"] == "count_in_file"


def test_a_figure_of_a_pdf_written_a_word_at_a_time_is_read_with_its_label(root, tmp_path):
    record = ask(root, tmp_path, "In download(2).pdf, what share of misses did the large model get?")
    assert "19.9" in record["answer"] and "25.4" not in record["answer"], record


def test_a_rota_asked_for_one_day_gives_that_days_row(root, tmp_path):
    record = ask(root, tmp_path, "what shift was I on march 10 2031?")
    assert "Night" in record["answer"] and "Ida Berg" not in record["answer"], record
    assert "count_in_file" in [step["tool"] for step in record["steps"]]


def test_bills_of_one_series_are_added_though_named_unalike(root, tmp_path):
    record = ask(root, tmp_path, "What did my two WS Power bills come to together?")
    assert "565" in record["answer"], record


def test_a_months_minutes_the_folder_lacks_are_said_to_be_missing(root, tmp_path):
    record = ask(root, tmp_path, "find the minutes of the club's February meeting")
    assert "February" in record["answer"] and "found nothing" in record["answer"], record
