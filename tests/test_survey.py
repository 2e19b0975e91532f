"""each_file on a real index: the files chosen exactly, each read for the line that answers, figures computed in code."""

import pytest

from filesage.index.store import FolderIndex
from filesage.tools.searcher import Searcher
from filesage.tools.survey import Found, Survey, figure_of, money, of_one_kind
from filesage.tools.toolbox import Toolbox
from tests.conftest import write

INVOICES = {
    "invoices/2025/nimbus.txt": ("Nimbus Hosting", "2025-02-03", ["Hosting | $1,200.00", "Backup | $120.50"], "1,411.45"),
    "invoices/2025/paper.txt": ("Paper & Ink", "2025-03-11", ["Paper | $180.00"], "212.40"),
    "invoices/2025/plumbing.txt": ("Harbor Plumbing", "2025-06-01", ["Labour | $300.00", "Valve | $64.50"], "430.11"),
    "invoices/2024/roofing.txt": ("Redwood Roofing", "2024-09-09", ["Labour | $900.00"], "1,080.00"),
}


@pytest.fixture(scope="module")
def survey(tmp_path_factory, embedder):
    root = tmp_path_factory.mktemp("docs")
    for path, (vendor, date, items, total) in INVOICES.items():
        write(root / path, "\n".join(["INVOICE", f"Vendor: {vendor}", f"Date: {date}", "Item | Amount", *items, "Subtotal: $1.00", f"Total due: ${total}"]) + "\n")
    write(root / "notes/todo.txt", "pay the 2025 invoices\n")
    box = Toolbox(root)
    index = FolderIndex(box.root, embedder, tmp_path_factory.mktemp("idx"), files=lambda: box.entries)
    return Survey(box, Searcher(index))


def test_a_total_over_every_matching_file_is_computed_with_its_coverage(survey):
    result = survey.each_file("total due", "total", name="invoice", mentions="2025")
    # 1,411.45 + 212.40 + 430.11, the notes file left out (no 'invoice' in its name), 2024 left out (no '2025').
    assert result.answer.startswith("The total is $2,053.96, from 3 of 3 files")
    assert sorted(result.paths) == ["invoices/2025/nimbus.txt", "invoices/2025/paper.txt", "invoices/2025/plumbing.txt"]
    assert "- invoices/2025/paper.txt: $212.40 (Total due: $212.40)" in result.answer
    # Asked for "total" alone, the line that says it whole beats the "Subtotal" before it.
    assert survey.each_file("total", "total", name="invoice", mentions="2025").answer.startswith("The total is $2,053.96")
    # The words of a mention that say nothing ("sent to", "for") filter nothing: what is mentioned is the vendor.
    # A name no file says is kept, and then no file is the answer.
    plumbing = survey.each_file("total due", "total", name="invoice", mentions="sent to us by Harbor Plumbing")
    assert plumbing.paths == ["invoices/2025/plumbing.txt"] and "$430.11" in plumbing.answer
    assert not survey.each_file("total due", "total", name="invoice", mentions="sent by Quarry Glass").found


def test_largest_average_count_and_list(survey):
    assert survey.each_file("total due", "largest", folder="invoices").answer.startswith("The largest is $1,411.45, in invoices/2025/nimbus.txt")
    assert survey.each_file("total due", "average", folder="invoices").answer.startswith("The average is $783.49, from 4 of 4")
    assert survey.each_file("total", "count", folder="invoices", mentions="2024").answer.startswith("There is 1 file")
    listed = survey.each_file("vendor", folder="invoices").answer
    assert "invoices/2024/roofing.txt: Vendor: Redwood Roofing" in listed


def test_no_matching_file_and_bad_folder(survey):
    assert not survey.each_file("total", "total", name="contract").found
    # A name no file has and no file says it is one is what the files mention: a vendor, not a kind of file.
    harbor = survey.each_file("total due", "total", name="Harbor Plumbing", mentions="2025")
    assert harbor.paths == ["invoices/2025/plumbing.txt"] and "$430.11" in harbor.answer, harbor.answer
    assert not survey.each_file("total", "total", folder="nowhere").ok


def test_the_figure_of_a_line_is_the_field_asked_about():
    weights = {"q2": 2.0, "budget": 1.0}
    assert figure_of("Department: HR; Q1 budget: 666000; Q2 budget: 886000", weights) == (886000.0, "886000")
    assert figure_of("Tax (8%): $33.56", {"tax": 1.0}) == (33.56, "$33.56")
    assert figure_of("Date: 2025-03-11", {"date": 1.0}) is None
    assert figure_of("Total due: $1,980.00. Payment terms: 30 days from the invoice date.", {"total": 1.0, "due": 1.0}) == (1980.0, "$1,980.00")
    # A number inside a code names the document: no figure.
    assert figure_of("INVOICE DL-2025-005", {"invoice": 1.0}) is None and figure_of("Ref INV-2025-008: total $40.00", {}) == (40.0, "$40.00")
    assert money(2053.96, ["$212.40"]) == "$2,053.96" and money(3.0, ["3"]) == "3"
    # Figures with a decimal comma are added up and written so, thousands apart as the files set them apart.
    assert money(2053.96, ["€ 212,40", "1.841,56"]) == "€2.053,96" and money(2310.5, ["749,00", "812,50"]) == "2 310,50"


def test_figures_added_across_files_are_amounts_where_most_are():
    from types import SimpleNamespace

    def line(shown):
        return SimpleNamespace(shown=shown, passage=SimpleNamespace(hit=SimpleNamespace(location="lines 1-9")))

    found = [Found("a.docx", "lines 1-9", "Payment due by transfer to account 10493377", 10493377.0, "10493377"),
             Found("b.pdf", "p. 1", "Total due: £11,232.00", 11232.0, "£11,232.00"), Found("c.md", "lines 1-9", "Total due: £5,886.00", 5886.0, "£5,886.00")]
    others = {"a.docx": [(line("Payment due by transfer to account 10493377"), (10493377.0, "10493377")), (line("Total | £7,488.00"), (7488.0, "£7,488.00"))]}
    kept, without = of_one_kind(found, others)
    assert [f.written for f in kept] == ["£7,488.00", "£11,232.00", "£5,886.00"] and without == []
    # A file with no amount at all (a note whose only figure is the year it names) adds nothing and is said apart.
    note = Found("re-invoice.eml", "lines 1-4", "Subject: your 2031 invoice", 2031.0, "2031")
    kept, without = of_one_kind([note, *found[1:]], {"re-invoice.eml": [(line("Subject: your 2031 invoice"), (2031.0, "2031"))]})
    assert [f.written for f in kept] == ["£11,232.00", "£5,886.00"] and without == ["re-invoice.eml"]
    # Counts of things stay counts: no file's figure is an amount.
    days = [Found("x.md", "l", "Days: 12", 12.0, "12"), Found("y.md", "l", "Days: 9", 9.0, "9")]
    assert of_one_kind(days, {}) == (days, [])


def test_one_matching_file_is_answered_without_a_coverage_count(survey):
    answer = survey.each_file("total due", "total", name="plumbing").answer
    assert answer == "It is $430.11, in invoices/2025/plumbing.txt (Total due: $430.11)."


def test_a_kind_of_document_is_found_by_what_it_says_too(tmp_path, embedder):
    root = tmp_path / "docs"
    write(root / "bills/invoice_01.txt", "INVOICE 01\nVendor: Alder Glass\nTotal due: EUR 90.00\n")
    write(root / "downloads/scan_0042.txt", "Fenwick Joinery Ltd\nINVOICE No. 17\nTotal due: EUR 410.00\n")
    write(root / "downloads/rechnung.txt", "Rechnung Nr. 5 der Malerei Brenke\nGesamtbetrag: EUR 120,00\nDie Rechnung ist in 14 Tagen zu zahlen.\n")
    # A number sign folds to its letter: "Facture n° 8" says it is one.
    write(root / "downloads/avis_03.txt", "Atelier Morel\nFacture n° 8 du 03/03/2031\nTotal TTC : 60,00 EUR\nLa facture est à régler sous 30 jours.\n")
    # Or a word that qualifies the kind before its number: "INVOICE COPY No. 23".
    write(root / "downloads/copy_23.txt", "Harrow Lane Print\nINVOICE COPY No. 23\nTotal due: EUR 15.00\n")
    write(root / "notes/todo.txt", "pay the open invoices before Friday\nInvoices are in the bills folder.\n" * 1)
    # The kind's word ending a compound word in the title: an electricity bill ("Stromrechnung").
    write(root / "haus/strom_01.txt", "Kleinwerke Oderbruch – Stromrechnung\nVerbrauch: 412 kWh\nGesamtbetrag: EUR 141,20\n"
                                      "Der Betrag wird von Ihrem Konto abgebucht, und Sie müssen nichts tun.\n")
    box = Toolbox(root)
    survey = Survey(box, Searcher(FolderIndex(box.root, embedder, tmp_path / "idx", files=lambda: box.entries)))
    result = survey.each_file("total due", "total", name="invoice")
    assert sorted(result.paths) == ["bills/invoice_01.txt", "downloads/avis_03.txt", "downloads/copy_23.txt", "downloads/rechnung.txt",
                                    "downloads/scan_0042.txt", "haus/strom_01.txt"]
    assert "and 5 more that say so in their text" in result.answer
    assert survey.each_file("total due", "total", name="electricity bill").paths == ["haus/strom_01.txt"]
    # A document of the kind that says nothing of the subject named is another one: no invoice here is a gas bill.
    write(root / "bills/gas_bill_02.txt", "Gas bill\nTotal due: EUR 55.00\n")
    box = Toolbox(root)
    survey = Survey(box, Searcher(FolderIndex(box.root, embedder, tmp_path / "idx", files=lambda: box.entries)))
    assert survey.each_file("total due", "total", name="gas bill").paths == ["bills/gas_bill_02.txt"]


def test_a_kind_of_document_about_a_subject_is_found_by_its_title_and_totalled_by_its_total_line(tmp_path, embedder):
    root = tmp_path / "docs"
    # Named by no kind: titles say "bill" in Spanish after a dash or as "Factura de ..."; the subject picks among them.
    write(root / "casa/luz/scan_0412.txt", "ZITHER ENERGÍA – Factura de electricidad\nBase imponible: 39,27 €\nTOTAL FACTURA: 47,52 €\nLe informamos de que el importe de la factura se cargará en su cuenta en los próximos días.\n")
    write(root / "casa/luz/Zither_2031-01.txt", "ZITHER ENERGÍA – Factura de electricidad\nBase imponible: 41,60 €\nTOTAL FACTURA: 50,34 €\nLe informamos de que el importe de la factura se cargará en su cuenta en los próximos días.\n")
    write(root / "casa/agua/scan_0347.txt", "AGUAS DEL OSTMARK\nFactura de suministro de agua\nSubtotal: 26,04 €\nTOTAL A PAGAR: 42,32 €\nLe informamos de que el importe de la factura se cargará en su cuenta en los próximos días.\n")
    write(root / "casa/net/Fibra_marzo", "Fibra Velmora · tu factura de marzo\nTotal: 30,00 €\n¿Dudas? Llama al 1717.\nLe informamos de que el importe de la factura se cargará en su cuenta en los próximos días.\n")
    write(root / "notes/todo.txt", "pay the bills\nFacturas de la luz en casa/luz.\n")
    box = Toolbox(root)
    survey = Survey(box, Searcher(FolderIndex(box.root, embedder, tmp_path / "idx", files=lambda: box.entries)))
    power = survey.each_file("amount due", "total", name="electricity bill")
    assert sorted(power.paths) == ["casa/luz/Zither_2031-01.txt", "casa/luz/scan_0412.txt"], power.text
    assert power.answer.startswith("The total is 97,86 €, from 2 of 2 files"), power.answer
    water = survey.each_file("amount due", "total", name="water bill")
    assert water.paths == ["casa/agua/scan_0347.txt"] and "42,32 €" in water.answer, water.answer
    assert len(survey.each_file("amount due", "total", name="bill").paths) == 4


DUTCH_CLOSING = "Het bedrag wordt van uw rekening afgeschreven en het is niet nodig om zelf iets te doen. Met vriendelijke groet.\n"


def test_a_bill_titled_by_its_kind_and_subject_is_totalled_with_tax(tmp_path, embedder):
    """Dutch bills titled "Factuur <subject> – <month>" are energy bills by their title ("energie" is "energy"), each
    with a total before and after tax; a plumber's invoice titled "FACTUUR" alone is a bill about something else."""
    root = tmp_path / "docs"
    for month, (name, issued, before, after) in {"01": ("januari", "05-02-2031", "187,40", "226,75"), "04": ("april", "06-05-2031", "118,60", "143,51")}.items():
        write(root / f"geld/stroom/s{month}.txt", f"Factuur energie – {name} 2031\nFactuurdatum: {issued}\nGas: 98 m3\nTotaal excl. btw: € {before}\n"
                                                   f"Btw 21%: € 1,00\nTotaal incl. btw: € {after}\n{DUTCH_CLOSING}")
    write(root / "huis/bijlage_7.txt", f"FACTUUR\nLoodgieter Zwaan\nArbeid: € 155,00\nTotaal te betalen: € 338,74\n{DUTCH_CLOSING}")
    write(root / "notes/todo.txt", "rekeningen betalen\n")
    box = Toolbox(root)
    survey = Survey(box, Searcher(FolderIndex(box.root, embedder, tmp_path / "idx", files=lambda: box.entries)))
    energy = survey.each_file("amount due", "total", name="energy bill")
    assert sorted(energy.paths) == ["geld/stroom/s01.txt", "geld/stroom/s04.txt"], energy.text
    assert energy.answer.startswith("The total is € 370,26") or energy.answer.startswith("The total is €370,26"), energy.answer
    # A bill is of the month it opens with: January's, issued in February, is no February bill.
    assert survey.each_file("amount due", "total", name="energy bill", mentions="January 2031").paths == ["geld/stroom/s01.txt"]
    assert not survey.each_file("amount due", "total", name="energy bill", mentions="February 2031").found


def test_one_document_of_many_records_is_added_up_by_the_label_asked_about(tmp_path, embedder):
    root = tmp_path / "docs"
    write(root / "car/trips_2031.csv", "date,from,to,km,rate_per_km\n2031-01-04,Ghent,Bruges,52,0.42\n2031-02-11,Ghent,Lille,78,0.42\n"
                                       "2031-03-02,Ghent,Antwerp,61,0.42\n")
    write(root / "home/plans.json", '{"plans": [\n  {"name": "Cloud backup", "monthly": 4.5},\n  {"name": "Music", "monthly": 10.99},\n'
                                    '  {"name": "News", "monthly": 7.0}\n]}\n')
    box = Toolbox(root)
    survey = Survey(box, Searcher(FolderIndex(box.root, embedder, tmp_path / "idx", files=lambda: box.entries)))
    trips = survey.each_file("kilometres km", "total", name="trips")
    assert trips.answer == "The total of 'km' in car/trips_2031.csv is 191, over its 3 entries (52, 78, 61)." and trips.paths == ["car/trips_2031.csv"]
    assert survey.each_file("monthly cost", "total", name="plans").answer.startswith("The total of 'monthly' in home/plans.json is 22.49, over its 3")
    assert survey.each_file("monthly", "largest", name="plans").answer.startswith("The largest of 'monthly' in home/plans.json is 10.99")
    # No label says what is asked: the file's best line, as before.
    assert "over its" not in survey.each_file("vendor", "total", name="trips").answer


def test_bills_of_months_named_are_chosen_by_their_dates_and_read_in_their_language(tmp_path, embedder):
    # Three bills of one vendor named three ways, in Dutch: the months asked are their dates, not English words,
    # and each is read for its total though it says "totaal".
    root = tmp_path / "docs"
    for name, issued, total in (("factuur_2031-01.txt", "05-01-2031", "41,20"), ("Polderlink_feb.txt", "05-02-2031", "58,75"),
                                ("afrekening-03.txt", "05-03-2031", "41,20"), ("factuur_2031-04.txt", "05-04-2031", "39,00")):
        write(root / "huis/internet" / name, f"Polderlink B.V.\nFactuurdatum: {issued}\nHet totaal van deze factuur is € {total} en wordt op de "
              "eerste werkdag van uw rekening afgeschreven.\nVoor vragen over uw abonnement zijn wij bereikbaar.\n")
    write(root / "notes/todo.txt", "compare Polderlink with other providers in the spring\n")
    box = Toolbox(root)
    survey = Survey(box, Searcher(FolderIndex(box.root, embedder, tmp_path / "idx", files=lambda: box.entries)))
    result = survey.each_file("total amount", "total", mentions="Polderlink January to March 2031")
    assert sorted(result.paths) == ["huis/internet/Polderlink_feb.txt", "huis/internet/afrekening-03.txt", "huis/internet/factuur_2031-01.txt"]
    assert result.answer.startswith("The total is €141,15"), result.answer
    # A copy of a bill saved again elsewhere is no second bill.
    write(root / "downloads/factuur(1).txt", (root / "huis/internet/Polderlink_feb.txt").read_text())
    box = Toolbox(root)
    survey = Survey(box, Searcher(FolderIndex(box.root, embedder, tmp_path / "idx", files=lambda: box.entries)))
    again = survey.each_file("total amount", "total", mentions="Polderlink January to March 2031")
    assert again.answer.startswith("The total is €141,15") and "1 identical copy left out: downloads/factuur(1).txt" in again.answer, again.answer
    # No file is named "bill" nor starts as one: those that say "factuur", as the folder's Dutch files write it.
    assert sorted(survey.each_file("total amount", "total", name="bill", mentions="January to March 2031").paths) == sorted(result.paths)


def test_bills_of_a_billing_period_are_of_its_month_and_added_up_from_their_amount_due(tmp_path, embedder):
    """Gas bills, each issued the month after its billing period: a bill is of its period, not of the day it was
    issued (June's, issued on 03.07, is no March bill read month first); its number ("FG/2031/01/0045") is a code, no
    figure; "do zapłaty" (to pay) is its total; the total is written with the unit each bill writes."""
    root = tmp_path / "docs"
    for month, issued, net, due in (("01", "05.02.2031", "512,40", "630,25"), ("02", "04.03.2031", "447,15", "550,00"),
                                    ("03", "03.04.2031", "361,20", "444,28"), ("06", "03.07.2031", "98,40", "121,03")):
        write(root / f"Rachunki/Gaz/faktura_gaz_2031_{month}.txt",
              f"faktura VAT – paliwo gazowe\nBałtycki Gaz Sp. z o.o.\n\nNr faktury: FG/2031/{month}/0045\nData wystawienia: {issued}\n"
              f"Okres rozliczeniowy: 01.{month}.2031 – 28.{month}.2031\nWartość netto: {net} zł\nDo zapłaty: {due} zł\n"
              "Faktura jest płatna przelewem. Po terminie są naliczane odsetki, a także opłata za upomnienie, której nie zwracamy.\n")
    write(root / "notes/todo.txt", "zapłacić rachunki w styczniu\n")
    box = Toolbox(root)
    survey = Survey(box, Searcher(FolderIndex(box.root, embedder, tmp_path / "idx", files=lambda: box.entries)))
    result = survey.each_file("amount due", "total", name="gas", mentions="January, February and March")
    assert sorted(result.paths) == [f"Rachunki/Gaz/faktura_gaz_2031_0{m}.txt" for m in (1, 2, 3)], result.text
    assert result.answer.startswith("The total is 1 624,53 zł"), result.answer


def test_a_period_is_two_dates_a_month_apart_at_most():
    from filesage.language.figures import period_of

    assert period_of("Okres rozliczeniowy: 01.01.2031 – 31.01.2031 (styczeń 2031)") == {(2031, 1)} == period_of("2031-01-01 to 2031-01-31")
    assert period_of("Billing period 15.01.2031 - 14.02.2031") == {(2031, 1), (2031, 2)} == period_of("Kausi: 15.1.–14.2.2031")
    assert period_of("Issued 05.02.2031") == set() and period_of("From 01.01.2031 to 30.06.2031") == set()
    assert period_of("Signed 01.03.2030, valid until 01.03.2031") == set() == period_of("Issued 03/02/2031, paid by 17/02/2031")


def test_a_total_is_written_with_the_unit_every_file_writes():
    from filesage.tools.survey import unit_after

    assert unit_after([Found("a", "", "Do zapłaty: 630,25 zł", 630.25, "630,25"), Found("b", "", "Do zapłaty: 550,00 zł", 550.0, "550,00")]) == " zł"
    assert unit_after([Found("a", "", "Usage: 142 m³", 142.0, "142"), Found("b", "", "Usage: 131 m³ in all", 131.0, "131")]) == " m³"
    assert unit_after([Found("a", "", "Total 630,25 zł", 630.25, "630,25"), Found("b", "", "Total 550,00 EUR", 550.0, "550,00")]) == ""
    assert unit_after([Found("a", "", "Total $40.00 for March", 40.0, "$40.00"), Found("b", "", "Total $12.00 for May", 12.0, "$12.00")]) == ""


def test_a_document_of_the_series_of_one_named_so_is_one_too(tmp_path, embedder):
    """Statements of one company filed together open with the same lines: one named by its quarter alone, beside one
    named "bill", is a bill too; another company's statement in the same folder is not."""
    root = tmp_path / "docs"
    write(root / "house/power/WSP bill Apr-Jun 2031.txt", "Wendmoor Sun Power\nResidential statement\nTotal amount due: $254.80\n")
    write(root / "house/power/WSP_2031-Q1.txt", "Wendmoor Sun Power\nResidential statement\nTotal amount due: $310.20\n")
    write(root / "house/power/tariffs.txt", "Wendmoor Sun Power\nTariffs for 2031\nDay rate: $0.21\n")
    box = Toolbox(root)
    index = FolderIndex(box.root, embedder, tmp_path / "idx", files=lambda: box.entries)
    survey = Survey(box, Searcher(index))
    bills = survey.each_file("amount due", "total", name="bill")
    assert sorted(bills.paths) == ["house/power/WSP bill Apr-Jun 2031.txt", "house/power/WSP_2031-Q1.txt"], bills.text
    assert bills.answer.startswith("The total is $565.00"), bills.answer


def test_a_figure_is_read_with_its_own_label_and_a_number_after_a_number_sign_is_none():
    from filesage.tools.survey import figure_of

    assert figure_of("Tax No. 48120937 RT · Levy No. 55120031", {"tax": 1.0}) is None
    assert figure_of("Tax (5%): 23.75", {"tax": 1.0}) == (23.75, "23.75")
    assert figure_of("Invoice No. 17 total 40.00", {"total": 1.0}) == (40.0, "40.00")
    # A row of labelled figures: the one whose label is asked.
    assert figure_of("TOTAL: net 400.00   tax 60.00   gross 460.00", {"tax": 1.0}) == (60.0, "60.00")
