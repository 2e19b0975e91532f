"""Questions that need more than one look, on the real model: a year's invoices totalled to the cent with the
coverage said, a partial answer that says what it did not find, a chat that remembers three turns, a changelog read by
its own headings, a total given in parts added up, and a lease in another language and a booking page answered
from the line asked about."""

import json
import re

import pytest

from bench.corpus import build_corpus
from tests.conftest import run_cli, write
from tests.test_chat import DONE, PROMPT, answer_of, spawn_chat

pytestmark = pytest.mark.model

# Two invoices of another year beside the corpus's three of 2025 ($4,320.00 + $212.40 + $1,980.00), each with a
# subtotal before its total, as real invoices have.
INVOICES_2024 = {
    "finance/2024/invoice_2024_031.txt": "INVOICE 2024-031\nVendor: Redwood Roofing\nDate: 2024-09-09\nSubtotal: $700.00\nTotal due: $780.00\n",
    "finance/2024/invoice_2024_044.txt": "INVOICE 2024-044\nVendor: Lakeside Movers\nDate: 2024-11-20\nSubtotal: $900.00\nTotal due: $1,020.50\n",
}
INVOICES_2025 = ["finance/2025/invoice_001.txt", "finance/2025/invoice_002.txt", "finance/invoices/invoice_2025_017.pdf"]


@pytest.fixture
def root(tmp_path):
    root = build_corpus(tmp_path)
    for path, text in INVOICES_2024.items():
        write(root / path, text)
    return root


def ask(root, tmp_path, question: str, after: tuple[str, dict] | None = None) -> dict:
    """`filesage ask --json`; after a question and its answer record, as a follow-up with them as --history."""
    history = []
    if after:
        history = ["--history", str(tmp_path / "history.json")]
        (tmp_path / "history.json").write_text(json.dumps([{"role": "user", "content": after[0]},
                                                           {"role": "assistant", "content": after[1]["answer"], "sources": after[1]["sources"]}]))
    result = run_cli("ask", question, "--root", str(root), "--json", *history, env={"FILESAGE_CACHE_DIR": str(tmp_path / "cache")})
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout)


def test_a_years_invoices_are_totalled_to_the_cent_with_their_coverage(root, tmp_path):
    record = ask(root, tmp_path, "What do my 2025 invoices add up to?")
    # 4,320.00 + 212.40 + 1,980.00, computed in code; the 2024 invoices and the receipts are not in it.
    assert "$6,512.40" in record["answer"] and re.search(r"\bfrom 3 of 3\b", record["answer"]), record["answer"]
    assert sorted(s["path"] for s in record["sources"]) == INVOICES_2025


def test_a_partial_answer_says_what_it_did_not_find(root, tmp_path):
    record = ask(root, tmp_path, "What is the total due on the Nimbus invoice, and what did the Reykjavik hotel cost?")
    answer = record["answer"]
    assert "4,320" in answer and "finance/2025/invoice_001.txt" in [s["path"] for s in record["sources"]], answer
    assert re.search(r"nothing about Reykjavik|no .*Reykjavik|Reykjavik.*not", answer, re.I), answer


def test_a_chat_remembers_three_turns(root, tmp_path):
    child = spawn_chat(root, tmp_path)
    try:
        child.expect(PROMPT)
        child.sendline("what do my 2025 invoices add up to?")
        child.expect(DONE)
        assert "6,512.40" in answer_of(child.before)
        # "The same" is the previous question's total, for another year.
        child.sendline("and the same for 2024?")
        child.expect(DONE)
        assert "1,800.50" in answer_of(child.before), answer_of(child.before)
        # "Those" are the invoices of the turn before.
        child.sendline("which of those had the highest total?")
        child.expect(DONE)
        third = answer_of(child.before)
        assert "1,020.50" in third and ("invoice_2024_044" in third or "Lakeside" in third), third
        child.sendeof()
    finally:
        child.close()


def test_the_days_between_two_documents_dates_and_a_change_in_percent_are_computed(tmp_path):
    root = tmp_path / "home"
    write(root / "house/roof_inspection.md", "# Roof inspection report\n\nInspector: Aurelio Brandt\nInspection date: 2031-04-07\n\nTwo cracked tiles on the north side.\n")
    write(root / "house/repair_note.txt", "Roofing work\nCrew: Tegel & Sons\nWork carried out on: 2031-05-02\nReplaced 2 tiles.\n")
    write(root / "bills/power_2030.txt", "Annual electricity statement 2030\nAccount 5521\nAnnual electricity cost: EUR 1,200.00\n")
    write(root / "bills/power_2031.txt", "Annual electricity statement 2031\nAccount 5521\nAnnual electricity cost: EUR 1,380.00\n")
    days = ask(root, tmp_path, "How many days passed between the roof inspection and the roofing work?")
    assert re.search(r"\b25 days\b", days["answer"]), days["answer"]
    assert {"house/roof_inspection.md", "house/repair_note.txt"} <= {s["path"] for s in days["sources"]}, days["sources"]
    change = ask(root, tmp_path, "By what percentage did my annual electricity cost change from 2030 to 2031?")
    assert "15.0%" in change["answer"] and "rose" in change["answer"], change["answer"]


def test_a_span_of_time_that_was_cut_is_subtracted_in_code(tmp_path):
    root = tmp_path / "work"
    write(root / "notes/2031-02-11 retro.md", "# Retro, 11 February 2031\n\n- The overnight import took 6 hours 20 minutes before the rewrite.\n"
          "- After the rewrite the overnight import takes 1 hour 50 minutes.\n- Next retro in March.\n")
    write(root / "notes/2031-01-07 kickoff.md", "# Kick-off, 7 January 2031\n\n- Goal: a faster overnight import.\n- Owner: Ilse Varga.\n")
    cut = ask(root, tmp_path, "By how much did the rewrite shorten the overnight import?")
    assert "4h 30m" in cut["answer"] or "270 minutes" in cut["answer"], cut["answer"]
    assert "notes/2031-02-11 retro.md" in {s["path"] for s in cut["sources"]}, cut["sources"]


def test_a_manuals_default_and_options_are_answered_from_their_lines_and_its_releases_are_counted(tmp_path):
    root = tmp_path / "tools"
    options = "\n".join(f".TP\n.B \\-\\-{name} \\fINUM\\fR\n{text}" for name, text in [
        ("jobs", "Run NUM transfers at once. Default: 3."),
        ("attempts", "Try a failed transfer NUM times before giving up. Default: 7."),
        ("chunk", "Send files in chunks of NUM kilobytes. Default: 256."),
        ("wait", "Wait NUM seconds between attempts. Default: 20."),
    ])
    write(root / "ferryd/ferryd.1", f'.TH FERRYD 1\n.SH NAME\nferryd \\- copy files to a remote host\n.SH OPTIONS\n{options}\n'
          ".SH EXAMPLES\nferryd --jobs 8 --attempts 2 backup/ host:/srv\n")
    write(root / "ferryd/README.md", "# ferryd\n\nA small file copier. See ferryd.1 for the options.\n")
    write(root / "ferryd/CHANGES", "ferryd 1.4 (2031-03-01)\n- the chunk size can be set\nferryd 1.3 (2030-11-12)\n- first release\n")
    default = ask(root, tmp_path, "By default, how many times does ferryd try a failed transfer?")
    assert re.search(r"\b7\b", default["answer"]) and "files under" not in default["answer"], default["answer"]
    releases = ask(root, tmp_path, "How many releases does the ferryd CHANGES file list?")
    assert "2 releases" in releases["answer"] and [s["path"] for s in releases["sources"]] == ["ferryd/CHANGES"], releases
    of_a_year = ask(root, tmp_path, "how many ferryd releases came out in 2031?")
    assert "1 release in 2031: 1.4" in of_a_year["answer"], of_a_year["answer"]
    # An option is answered from its own entry in the manual, one the manual lacks is said to be none.
    option = ask(root, tmp_path, "What does ferryd --chunk do?")
    assert "chunks of NUM kilobytes" in option["answer"] and "--attempts" not in option["answer"], option["answer"]
    absent = ask(root, tmp_path, "What does ferryd --resume do?")
    assert "defines no option --resume" in absent["answer"] and "--chunk" in absent["answer"], absent["answer"]


def test_a_follow_up_looks_first_in_the_file_the_answer_before_came_from(tmp_path):
    root = tmp_path / "docs"
    write(root / "home/lease_flat.txt", "RESIDENTIAL LEASE\nLandlord: Marit Solberg, 12 Fjord Lane, Bergen\nLandlord e-mail: marit.solberg@example.net\n"
                                        "Tenant: Jonas Ek\nMonthly rent: NOK 14,200, due on the 3rd of each month\n")
    write(root / "work/contacts.txt", "Team contacts\nSupport desk e-mail: help@example.org\nSales e-mail: sales@example.org\n")
    write(root / "work/club.txt", "Chess club\nSecretary: Ola Brun, e-mail ola.brun@example.com\n")
    record = ask(root, tmp_path, "Who is the landlord on my lease?")
    assert "Marit Solberg" in record["answer"], record["answer"]
    answer = ask(root, tmp_path, "What's her e-mail address?", after=("Who is the landlord on my lease?", record))
    assert "marit.solberg@example.net" in answer["answer"], answer
    assert [step["args"].get("within") for step in answer["steps"] if step["tool"] == "semantic_search"][:1] == ["home/lease_flat.txt"], answer["steps"]


def test_a_changelogs_releases_are_read_by_their_own_headings_and_a_total_in_parts_is_added(tmp_path):
    root = tmp_path / "docs"
    fixes = "".join(f"- fixed the spool handling, case {n:02d}\n" for n in range(22)) + "\n" + "-" * 70 + "\n\n"
    releases = [("2.4.0", "3 Sep 2031"), ("2.3.2", "14 May 2031"), ("2.3.1", "2 May 2031"), ("2.3.0", "20 Apr 2031")]
    write(root / "tools/zither/NEWS.md", "".join(f"# NEWS for zither {version} ({day})\n\nRelease {version} is a maintenance release.\n\n{fixes}"
                                                 for version, day in releases))
    write(root / "tools/quill/ChangeLog", "".join(f"quill {version} ({day})\n  * {change}\n\n" for version, day, change in [
        ("0.9", "2029-01-02", "first public release"), ("0.12", "2029-06-30", "faster parser"), ("1.1", "2030-03-04", "stable format")]))
    write(root / "trips/bergen.md", "# Bergen trip, June\n\nPlanned budget: flights €212, guesthouse €398, food ~€90.\nPacking: rain jacket.\n")
    older = ask(root, tmp_path, "When was zither 2.3.1 released?")
    assert re.search(r"\b2 May 2031|May 2, 2031|2031-05-02", older["answer"]) and "Sep" not in older["answer"], older["answer"]
    newest = ask(root, tmp_path, "What is the latest version of quill?")
    assert "1.1" in newest["answer"] and [s["path"] for s in newest["sources"]] == ["tools/quill/ChangeLog"], newest
    total = ask(root, tmp_path, "What's the total planned budget for the Bergen trip?")
    assert "700" in total["answer"], total["answer"]


def test_a_datasets_row_for_a_month_and_a_lease_in_another_language_are_found(tmp_path):
    root = tmp_path / "docs"
    write(root / "data/bonds/README.md", "# Bond yields\n\nMonthly 10 year nominal yields on government bonds, from the central bank.\n")
    write(root / "data/bonds/monthly.csv", "Date,Rate\n" + "".join(f"{year}-{m:02d}-01,{year - 2020 + m / 100:.2f}\n"
                                                              for year in (2029, 2030, 2031) for m in range(1, 13)))
    write(root / "casa/contrato_arrendamento.txt", "CONTRATO DE ARRENDAMENTO\nSenhorio: Rui Matos, Rua do Sol 5, Porto\n"
          "Inquilina: Ana Lopes\nRenda mensal: 640,00 €, paga até ao dia 8 de cada mês.\nCaução: 1 280,00 € entregue na data da assinatura.\n"
          "O contrato tem a duração de dois anos e renova-se por iguais períodos.\n")
    write(root / "notes/todo.md", "# To do\n\n- call the plumber about the kitchen sink\n- renew the passport before the trip\n")
    month = ask(root, tmp_path, "What was the 10-year yield in September 2030?")
    assert "10.09" in month["answer"] and "10.08" not in month["answer"], month["answer"]
    assert "data/bonds/monthly.csv" in [s["path"] for s in month["sources"]], month
    rent = ask(root, tmp_path, "How much is my monthly rent?")
    assert "640" in rent["answer"], rent["answer"]


def test_a_lease_in_czech_and_a_booking_in_html_are_answered_from_the_line_asked_about(tmp_path):
    """The deposit's sentence mentions the monthly rent in brackets, in a language other than the question's; a
    booking page puts its date in bold inside the sentence about it."""
    root = tmp_path / "docs"
    write(root / "byt/najemni_smlouva.txt", "NÁJEMNÍ SMLOUVA\n\nPronajímatel: Karel Dvořák, Údolní 8, Brno\n\n"
          "Nájemce složí při podpisu smlouvy jistotu ve výši 25 600 Kč (dvojnásobek měsíčního nájemného).\n\n"
          "Měsíční nájemné činí 12 800 Kč a je splatné do 10. dne měsíce.\n\nVýpovědní doba činí 2 měsíce.\n")
    write(root / "trips/lodge.html", "<html><body><h1>Booking confirmed</h1><table><tr><td>Lodge</td><td><b>Birch Hollow</b></td></tr>"
          "<tr><td>Per night</td><td>&euro;88.00</td></tr></table><h2>Cancellation</h2>"
          "<p>Free cancellation until <b>3 June 2031</b>.\nAfter that the first night is charged.</p></body></html>")
    write(root / "notes/todo.md", "# To do\n\n- book the dentist\n- water the plants\n")
    rent = ask(root, tmp_path, "How much is my monthly rent?")
    assert "12 800" in rent["answer"] or "12,800" in rent["answer"], rent["answer"]
    assert "25" not in rent["answer"], rent["answer"]
    cancel = ask(root, tmp_path, "Until when can I cancel the lodge booking for free?")
    assert "3 June 2031" in cancel["answer"] or "2031-06-03" in cancel["answer"] or "June 3, 2031" in cancel["answer"], cancel["answer"]


def test_a_bank_export_with_semicolons_and_a_changelog_kept_beside_its_program_are_read(tmp_path):
    """A French bank export has a preamble and decimal commas (its delimiter is the semicolon); a program's changelog
    sits in a folder named for what it does, beside the program's manual, and a release of it is asked about."""
    root = tmp_path / "docs"
    write(root / "maison/banque/releve_2031-05.csv", "Banque Exemple – Relevé de compte\nPériode : du 01/05/2031 au 31/05/2031\n"
          "Solde au 01/05/2031 : 2 140,60 €\n\nDate;Libellé;Débit;Crédit\n02/05/2031;VIR HONORAIRES;;2846,20\n"
          "05/05/2031;LOYER;927,75;\n06/05/2031;INTERNET;34,99;\nNouveau solde au 31/05/2031;;;4 024,06\n")
    write(root / "outils/ecran_veille/zlock.1", ".TH ZLOCK 1\n.SH OPTIONS\n.TP\n.B \\-f\nShow the number of failed attempts.\n"
          ".TP\n.B \\-n\nDo not fork.\n.TP\n.B \\-b\nBeep.\n.TP\n.B \\-u\nNo indicator.\n")
    write(root / "outils/ecran_veille/CHANGELOG", "2031-03-01 zlock 1.4\n\n - add the --tint option\n - fix a crash on resume\n\n"
          "2030-11-02 zlock 1.3\n\n - first public release\n")
    write(root / "notes/todo.md", "# To do\n\n- renew the car insurance\n")
    balance = ask(root, tmp_path, "What is the closing balance on my May bank statement?")
    assert "4 024,06" in balance["answer"] or "4,024.06" in balance["answer"] or "4024.06" in balance["answer"], balance["answer"]
    release = ask(root, tmp_path, "What changed in zlock 1.4?")
    assert "--tint" in release["answer"] and "first public release" not in release["answer"], release["answer"]


def test_a_logs_rows_are_counted_added_and_ranked_in_code_in_the_logs_own_language(tmp_path):
    """A Spanish bank export whose single amount column is signed, and a log of visits in Spanish: the largest
    payment out of the account, how many visits were at home and what they brought in, which client came most
    often; each computed over every row of the table, whatever the search showed first."""
    root = tmp_path / "docs"
    write(root / "casa/banco/extracto_2031-05.csv", "Banco Ejemplo – Extracto de cuenta\nPeriodo: 01/05/2031 - 31/05/2031\n\n"
          "Fecha;Concepto;Importe;Saldo\n02/05/2031;NÓMINA INSTITUTO;2.150,00;3.410,20\n04/05/2031;ALQUILER PISO;-875,00;2.535,20\n"
          "06/05/2031;MERCADONA;-64,35;2.470,85\n09/05/2031;SEGURO HOGAR;-212,40;2.258,45\n")
    log = "fecha;cliente;motivo;lugar;importe\n" + "".join(
        f"{day:02d}/05/2031;{client};{why};{where};{fee}\n" for day, client, why, where, fee in [
            (2, "R. Osuna", "rodilla", "Consulta", "30,00"), (3, "T. Bravo", "hombro", "Domicilio", "42,50"),
            (5, "R. Osuna", "rodilla", "Consulta", "30,00"), (8, "M. Calvo", "espalda", "Domicilio", "42,50"),
            (9, "R. Osuna", "rodilla", "Domicilio", "42,50"), (12, "T. Bravo", "hombro", "Consulta", "30,00")])
    write(root / "trabajo/sesiones_2031-05.csv", log)
    write(root / "notes/todo.md", "# To do\n\n- call the plumber about the kitchen tap\n")
    largest = ask(root, tmp_path, "What was the biggest payment out of my account in the May statement?")
    assert "875" in largest["answer"] and "2.150" not in largest["answer"], largest["answer"]
    home = ask(root, tmp_path, "How many home visits did I do in May, and how much did they bring in?")
    assert re.search(r"\b3\b", home["answer"]) and "127,50" in home["answer"], home["answer"]
    often = ask(root, tmp_path, "Which client did I see most often in May, and for what?")
    assert "Osuna" in often["answer"] and "rodilla" in often["answer"], often["answer"]


def test_a_receipts_amount_is_its_total_and_the_newest_releases_notes_are_read_then_followed_up(tmp_path):
    """A receipt lists its items before its total; a NEWS file lists its releases newest first, and what the newest
    changed is the lines under it, not an older release's; a follow-up about that release is one look at them."""
    root = tmp_path / "docs"
    write(root / "receipts/scan_4471.txt", "Ålandsviken Kayak Hire\nReceipt no. 4471, 2031-06-14\nKayak, 2 hours: 240.00 SEK\n"
          "Life vest: 45.00 SEK\nTotal paid: 285.00 SEK\nof which VAT 25%: 57.00 SEK\n")
    write(root / "tools/quern/NEWS", "quern 3.2 (2031-04-02)\n  * new --dry-run flag\n  * the cache moved to XDG_CACHE_HOME\n\n"
          "quern 3.1 (2030-12-09)\n  * fixed a crash on empty input\n\nquern 3.0 (2030-08-20)\n  * first stable release\n")
    write(root / "notes/todo.md", "# To do\n\n- return the library books\n")
    receipt = ask(root, tmp_path, "How much was the kayak hire receipt?")
    assert "285" in receipt["answer"] and "240" not in receipt["answer"], receipt["answer"]
    changed = ask(root, tmp_path, "What changed in the latest quern release?")
    assert "dry-run" in changed["answer"] and "crash" not in changed["answer"], changed["answer"]
    dated = ask(root, tmp_path, "and when did it come out?", after=("What changed in the latest quern release?", changed))
    assert re.search(r"2031-04-02|2 April 2031|April 2, 2031", dated["answer"]) and "2030" not in dated["answer"], dated


def test_the_author_of_the_newest_word_document_is_read_from_its_properties(tmp_path):
    import os

    import docx

    root = tmp_path / "docs"
    for name, author, days_ago in (("club/minutes_march.docx", "Ingrid Falk", 3), ("club/minutes_january.docx", "Tomas Berg", 60)):
        document = docx.Document()
        document.add_paragraph("Board meeting minutes. Present: the chair, the treasurer and two members.")
        document.core_properties.author = author
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        document.save(root / name)
        when = __import__("time").time() - days_ago * 86400
        os.utime(root / name, (when, when))
    write(root / "notes/todo.md", "- book the boat trailer\n")
    record = ask(root, tmp_path, "Who is the author of the most recently changed Word document?")
    assert "Ingrid Falk" in record["answer"] and "Tomas Berg" not in record["answer"], record
