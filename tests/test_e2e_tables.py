"""Tables on the real model, asked as a user asks with `filesage ask --json`: a PDF statement's figures told apart by
the column that names them, a yes-or-no column asked by its word negated, and a year asked of a table that also
holds that year's quarters."""

import pytest

from bench.corpus import write_pdf
from tests.conftest import ask_json, indexed, write

pytestmark = pytest.mark.model


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("tables")
    root = tmp / "papers"
    write_pdf(root / "pension/statement-2031.pdf", [
        "Harbourline Pension - annual statement\n"
        "Account summary        Last year (2030)      This year (2031)\n"
        "Your contributions     $2,000.00             $2,100.00\n"
        "Employer match         $1,350.00             $1,425.00\n"
        "Closing balance        $18,240.00            $21,915.00\n"
    ])
    write(root / "club/berths.csv", "Berth,Holder,Fee,Paid?\nA1,Ola Brekke,120,Y\nA2,Siv Lunde,80,N\nA3,Tor Aas,150,N\nA4,Kai Moe,95,Y\n")
    write(root / "data/output.csv", "Period,Output\n2030,400\n2030 Q1,98\n2030 Q2,101\n2030 Q3,99\n2030 Q4,102\n2031,420\n2031 Q1,104\n")
    write(root / "notes/todo.md", "# To do\n- renew the berth\n- file the pension statement\n")
    return root, indexed(root, tmp / "cache")


def test_a_pdf_tables_figure_is_the_one_under_the_column_asked(root):
    record = ask_json(*root, "How much was the employer match last year according to my pension statement?")
    assert "1,350" in record["answer"] and "1,425" not in record["answer"], record
    assert "pension/statement-2031.pdf" in [s["path"] for s in record["sources"]]


def test_a_yes_or_no_column_is_asked_by_its_word_negated(root):
    record = ask_json(*root, "How many berths are unpaid, and how much is outstanding?")
    assert "2" in record["answer"] and "230" in record["answer"], record
    assert "club/berths.csv" in [s["path"] for s in record["sources"]]


def test_a_year_asked_is_the_whole_years_row_not_a_quarters(root):
    record = ask_json(*root, "What was the output in 2030 according to output.csv?")
    assert "400" in record["answer"], record
    assert not any(q in record["answer"] for q in ("98", "101", "102")), record
