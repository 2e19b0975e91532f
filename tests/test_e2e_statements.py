"""Statements and schedules as they come, on the real model with `filesage ask --json`: a PDF table drawn a cell at a
time, rands glued to their figures with thousands apart, a schedule's rows owing counted and added up, the row of a
budget that rises most, and the person a line of credits names for what is asked."""

import shutil
from pathlib import Path

import pytest

from bench.corpus import write_pdf, write_xlsx
from tests.conftest import ask_json, indexed, write

pytestmark = pytest.mark.model


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("statements")
    root = tmp / "papers"
    (root / "health").mkdir(parents=True)
    shutil.copy(Path(__file__).parent / "fixtures" / "dental_statement.pdf", root / "health/dental statement March.pdf")
    write_pdf(root / "home/boat quote.pdf", ["Harbour Works - quotation HW-88\nHull paint and antifouling: R12 400,00\nLabour: R8 650,00\n"
                                             "Quotation total: R21 050,00\nValid for 30 days."])
    write_xlsx(root / "club/mooring schedule.xlsx", {"Moorings": [["Berth", "Holder", "Monthly fee (R)", "Arrears (R)"],
                                                                  [1, "O. Varga", 850, 0], [2, "T. Reuter", 850, 1700], [3, "M. Coello", 900, 0],
                                                                  [4, "I. Lind", 900, 450.5], [5, "B. Ek", 850, 0]]})
    write(root / "club/budget.csv", "Item,Budget 2030/31,Budget 2031/32\n\"Dredging\",42000,44000\n\"Insurance\",18000,23500\n"
          "\"Pontoon repairs\",30000,31000\n\"Berth fees income\",61000,66000\n")
    write(root / "tool/CREDITS", "Credits for the quern tool\n\nI thank Ola Brandt for his zither port and Ines Varga for testing it.\n\n"
          "Finally I thank all who used quern and sent notes:\n\n\tAbe Aalto\n\tBea Berg\n\tCai Dunn\n")
    return root, indexed(root, tmp / "cache")


def test_a_charge_in_a_pdf_table_drawn_a_cell_at_a_time_is_its_rows(root):
    record = ask_json(*root, "On my March dental statement, how much did the insurer pay for the filling?")
    assert "90,00" in record["answer"] or "90.00" in record["answer"], record


def test_rands_glued_to_their_figures_are_read_whole(root):
    record = ask_json(*root, "What is the total on the Harbour Works boat quote?")
    assert "21 050" in record["answer"] or "21,050" in record["answer"], record


def test_rows_owing_are_counted_and_added_up(root):
    record = ask_json(*root, "How many berths are behind in the mooring schedule, and what's the total owed?")
    assert "2 of its" in record["answer"] and "2,150.5" in record["answer"], record


def test_the_budget_line_that_rises_most_is_computed(root):
    record = ask_json(*root, "In the club budget, which expense goes up the most from 2030/31 to 2031/32?")
    assert "Insurance" in record["answer"] and "5,500" in record["answer"], record


def test_the_person_a_line_names_for_what_is_asked(root):
    record = ask_json(*root, "In the quern credits, who is thanked for the zither port, and who tested it?")
    assert "Ola Brandt" in record["answer"] and "Ines Varga" in record["answer"] and "Abe Aalto" not in record["answer"], record
