"""Papers as they come, on the real model with `filesage ask --json`: an e-mail saved as it travelled (quoted-printable),
amounts in rupees with digits grouped in lakhs, and a form named by a word and its number run together."""

from email.message import EmailMessage

import pytest

from bench.corpus import write_pdf
from tests.conftest import ask_json, indexed, write

pytestmark = pytest.mark.model


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("papers")
    root = tmp / "papers"
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "Ida Berg <ida@example.org>", "accounts@harbour.example", "Reminder: invoice HB-17"
    message["Date"] = "Sun, 02 Mar 2031 09:00:00 +0100"
    message.set_content("Dear accounts team,\n\nThis is a gentle reminder that my invoice HB-17 for the hull repairs, Rs. 47,120.00 "
                        "including tax, was due on 17/02/2031 and remains unpaid.\n\nRegards,\nIda\n", cte="quoted-printable")
    (root / "mail").mkdir(parents=True)
    (root / "mail/Reminder HB-17.eml").write_bytes(bytes(message))
    write_pdf(root / "tax/Permit9_AnnexC_2031.pdf", ["MOORING PERMIT 9 - ANNEX C\nHolder: Ida Berg\nSeason: 2031\n"
                                                     "1. Annual mooring fee: Rs. 1,18,400.00\n2. Harbour levy: Rs. 6,250.00\n"
                                                     "3. Total payable: Rs. 1,24,650.00\n"])
    write(root / "notes/todo.md", "# To do\n- chase the hull repairs invoice\n- pay the permit\n")
    return root, indexed(root, tmp / "cache")


def test_an_email_saved_as_it_travelled_is_read_whole(root):
    # Saved as it travelled, the amount is cut by a soft line break ("Rs. 47,=" and "120.00").
    assert "47,=\n120.00" in (root[0] / "mail/Reminder HB-17.eml").read_text()
    record = ask_json(*root, "How much was invoice HB-17 for, going by my reminder e-mail?")
    assert "47,120" in record["answer"], record
    assert "mail/Reminder HB-17.eml" in [s["path"] for s in record["sources"]]


def test_a_form_named_by_its_number_is_read_and_its_lakh_amount_given(root):
    record = ask_json(*root, "What is the total payable on my permit 9?")
    assert "1,24,650" in record["answer"] or "124,650" in record["answer"], record
    assert [s["path"] for s in record["sources"]] == ["tax/Permit9_AnnexC_2031.pdf"]
