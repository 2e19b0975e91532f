"""Papers and docs as they come, on the real model with `filesage ask --json`: shillings written the local ways, a
month's statement that dates its rows in figures, a licence known only by its text, two settings asked in one
breath, and a thing the folder names only in another paper (not the answer's)."""

import pytest

from bench.corpus import write_pdf
from tests.conftest import ask_json, indexed, wallet_statement, write

pytestmark = pytest.mark.model


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("shillings")
    root = tmp / "papers"
    write_pdf(root / "money/boat loan statement Q2 2031.pdf", ["Harbour Savings SACCO - loan statement\nMember: Ada Lind\n"
                                                               "Monthly instalment: Kshs. 18,250.00\nLoan principal: Kshs. 640,000.00\n"
                                                               "Closing balance 30/06/2031: Kshs. 402,117.45\n"])
    wallet_statement(root, 7, 11, 80)
    write(root / "tools/quern/vendor/lineedit/LICENSE", "Copyright (c) 2031, Ola Brandt\nAll rights reserved.\n\n"
          "Redistribution and use in source and binary forms, with or without\nmodification, are permitted provided that the following "
          "conditions are met:\n\n* Redistributions of source code must retain the above copyright notice,\n  this list of conditions and "
          "the following disclaimer.\n\n* Redistributions in binary form must reproduce the above copyright notice,\n  this list of "
          "conditions and the following disclaimer in the documentation\n  and/or other materials provided with the distribution.\n")
    write(root / "tools/quern/vendor/lineedit/README.md", "# lineedit\n\nA small line-editing library for terminals, used by quern for "
          "its command prompt.\n")
    write(root / "tools/quern/doc/quernrc.5.rst", "quernrc\n=======\n\nOPTIONS\n-------\n\n*pan-step*\n  How far one key press pans.\n\n"
          "  * Value type: Integer\n  * Default value: 15\n\n*pan-max*\n  The furthest a pan may go.\n\n  * Value type: Integer\n"
          "  * Default value: 900\n")
    write(root / "events/caterer quote.eml", "From: Savoury Plates <orders@savoury.example>\nTo: Ada Lind <ada@example.org>\n"
          "Subject: Quote for the reunion lunch\nDate: Mon, 03 Mar 2031 10:12:00 +0300\n\nDear Ada,\n\nFor 120 guests our buffet comes to "
          "Ksh 1,150 per plate.\nTotal quotation: Ksh 138,000/-\n\nRegards,\nSavoury Plates\n")
    write(root / "events/committee notes.md", "# Reunion committee\n\n- Photographer: still to be booked; Bo to ask around.\n"
          "- Hall: booked for 14 June 2031.\n")
    return root, indexed(root, tmp / "cache")


# Each question, the texts one of which each answer must say, and what it must not.
ASKED = [
    # A code in its local spelling: "Kshs." is money, not the end of a sentence.
    ("What's the monthly instalment on my boat loan?", [("18,250",)], []),
    # A month's statement that dates its rows in figures, not the letter that names the month.
    ("What was my Wallet-Pay balance at the end of July?", [("69,411.50",)], ["4,100"]),
    # A licence known by its text alone.
    ("What licence is the lineedit library under?", [("BSD",)], ["GPL", "MIT"]),
    # Two settings' defaults in one breath.
    ("In quernrc, what are the defaults for pan-step and pan-max?", [("15",), ("900",)], []),
    # A thing only another paper names: the caterer's figure is no photographer's quote.
    ("How much did the photographer quote for the reunion?", [("nothing", "not ")], ["138,000"]),
]


@pytest.mark.parametrize("question, said, unsaid", ASKED, ids=["kshs", "month-statement", "licence", "two-defaults", "absent-thing"])
def test_papers_and_docs_are_read_as_they_are_written(root, question, said, unsaid):
    record = ask_json(*root, question)
    assert all(any(text in record["answer"] for text in alternatives) for alternatives in said), record
    assert not any(text in record["answer"] for text in unsaid), record
