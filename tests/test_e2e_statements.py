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
    # A bank export whose balance after each row runs beside its amounts, newest first.
    write(root / "bank/vypis 05-06.csv", "Ucet: 1234/0800;;;\nDatum;Popis;Castka;Zustatek\n10.06.2031;ORLIK DUCHOD;+2 000,00;4 500,00\n"
          "03.06.2031;Obchod;-50,00;2 500,00\n10.05.2031;ORLIK DUCHOD;+2 000,00;2 550,00\n02.05.2031;Najem;-450,00;550,00\n")
    # Invoices in one folder, named by no kind, each with its tax in a table set in columns or a row of labelled figures.
    write(root / "club/invoices/harbour_0412.txt", "Harbour Works\nINVOICE COPY No. 412\n\nRate   Net        Tax        Gross\n"
          "15%    200.00     30.00      230.00\n0%     50.00      0.00       50.00\nTotal  250.00     30.00      280.00\n\nAmount due: 280.00\n")
    write(root / "club/invoices/sailmaker.txt", "Sails by Ekberg\nInvoice no. 77\n\nTOTAL:  net 400.00   tax 60.00   gross 460.00\nAmount due: 460.00\n")
    # Two power bills, each with the energy used and the money due: the energy is what "how many kWh" adds up.
    write(root / "home/power/power bill jan.txt", "Wendmoor Power\nBill for January 2031\nUsage: 412 kWh\nAmount due: 96,40 R\n")
    write(root / "home/power/power bill feb.txt", "Wendmoor Power\nBill for February 2031\nUsage: 330 kWh\nAmount due: 78,15 R\n")
    return root, indexed(root, tmp / "cache")


# Each question, the texts one of which each answer must say, and what it must not.
ASKED = [
    # A PDF table drawn a cell at a time: the charge on its row.
    ("On my March dental statement, how much did the insurer pay for the filling?", [("90,00", "90.00")], []),
    # Rands glued to their figures, thousands apart.
    ("What is the total on the Harbour Works boat quote?", [("21 050", "21,050")], []),
    # The rows owing counted, and what they owe added up.
    ("How many berths are behind in the mooring schedule, and what's the total owed?", [("2 of its",), ("2,150.5",)], []),
    # The budget line that rises most, computed.
    ("In the club budget, which expense goes up the most from 2030/31 to 2031/32?", [("Insurance",), ("5,500",)], []),
    # The person the line's part about what is asked names, for each part.
    ("In the quern credits, who is thanked for the zither port, and who tested it?", [("Ola Brandt",), ("Ines Varga",)], ["Abe Aalto"]),
    # The amounts a name picks added up, not the balance after each of them; the months as a span.
    ("How much did ORLIK pay into my account in total from May to June 2031?", [("4 000", "4,000")], ["7 050", "7,050"]),
    # A folder the question names, and the tax of each invoice in it: not their totals.
    ("What is the total tax on the invoices in club/invoices?", [("90.00", "90,00")], ["740"]),
    # A unit of measure counted over several bills: their energy added, not their money.
    ("How many kWh in total do my two power bills cover?", [("742",)], ["174,55", "174.55"]),
]


@pytest.mark.parametrize("question, said, unsaid", ASKED, ids=["pdf-table", "rands", "owing", "rises-most", "person", "running-balance", "folder-tax", "kwh-total"])
def test_statements_are_read_as_they_are_written(root, question, said, unsaid):
    record = ask_json(*root, question)
    assert all(any(text in record["answer"] for text in alternatives) for alternatives in said), record
    assert not any(text in record["answer"] for text in unsaid), record
