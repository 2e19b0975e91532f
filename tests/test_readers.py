import zipfile
from pathlib import Path

import pytest

from bench.corpus import write_docx, write_pdf, write_pptx, write_xlsx
from filesage.files.readers import CHUNK_CHARS, Segment, Unreadable, read_document


def read(path):
    return read_document(path, path.suffix.lstrip(".").lower())


def test_pdf_keeps_page_numbers(tmp_path):
    path = tmp_path / "a.pdf"
    write_pdf(path, ["First page says hello.", "Second page: total due $1,980.00."])
    segments = read(path).segments
    assert [s.location for s in segments] == ["p. 1", "p. 2"]
    assert "$1,980.00" in segments[1].text


def test_docx_xlsx_pptx(tmp_path):
    write_docx(tmp_path / "d.docx", ["Owner: Samir Haddad.", "Risks: hiring."])
    assert "Owner: Samir Haddad." in read(tmp_path / "d.docx").segments[0].text
    write_xlsx(tmp_path / "x.xlsx", {"Travel": [["month", "cost"], ["May", 420]], "Empty": []})
    sheet = read(tmp_path / "x.xlsx").segments
    assert sheet[0].location == "sheet Travel, rows 1" and "month: May; cost: 420" in sheet[0].text
    write_pptx(tmp_path / "p.pptx", ["Title", "Team lead: Mira"])
    assert [(s.location, s.text) for s in read(tmp_path / "p.pptx").segments] == [("slides 1-2", "Title\nTeam lead: Mira")]


def test_a_documents_own_author_and_title_are_read_but_not_a_programs_placeholder(tmp_path):
    import docx
    from pypdf import PdfReader, PdfWriter

    document = docx.Document()
    document.add_paragraph("Minutes of the board meeting.")
    document.core_properties.author, document.core_properties.title = "Ingrid Falk", "Board minutes"
    document.save(tmp_path / "minutes.docx")
    assert read(tmp_path / "minutes.docx").segments[-1] == Segment("Document properties: author: Ingrid Falk; title: Board minutes", "properties")
    write_docx(tmp_path / "plain.docx", ["Nothing but text."])
    assert all(s.location != "properties" for s in read(tmp_path / "plain.docx").segments)
    write_pdf(tmp_path / "paper.pdf", ["A paper about ropes."])
    writer = PdfWriter(clone_from=PdfReader(str(tmp_path / "paper.pdf")))
    writer.add_metadata({"/Author": "Ada Lind", "/Title": "Ropes"})
    writer.write(str(tmp_path / "signed.pdf"))
    assert read(tmp_path / "signed.pdf").segments[-1].text == "Document properties: author: Ada Lind; title: Ropes"


def test_csv_rows_carry_their_header(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text("name;amount\n" + "".join(f"item{i};{i}\n" for i in range(400)))
    segments = read(path).segments
    assert len(segments) > 1
    assert all(s.text.startswith("Columns: name | amount") for s in segments)
    assert "name: item399; amount: 399" in segments[-1].text


def test_a_bank_export_with_a_preamble_and_decimal_commas_is_split_by_its_semicolons(tmp_path):
    path = tmp_path / "statement.csv"
    path.write_text("Banque Exemple – Relevé\nSolde au 01/05/2031 : 1 204,50 €\n\nDate;Libellé;Débit;Crédit\n"
                    "02/05/2031;VIR SALAIRE;;2846,20\n05/05/2031;LOYER;927,75;\n06/05/2031;INTERNET;34,99;\nNouveau solde;;;3 088,96\n")
    text = read(path).segments[0].text
    assert "Solde au 01/05/2031 : 1 204,50 €" in text and "Date: 05/05/2031; Libellé: LOYER; Débit: 927,75" in text, text


def test_a_row_with_empty_cells_among_rows_of_figures_heads_no_table(tmp_path):
    """Guests who declined have no table number: the row above the first run of rows with one is a guest, not a header."""
    path = tmp_path / "guests.csv"
    guests = ["Ada,Yes,1", "Bo,No,", "Cy,Yes,2"] + [f"G{i},Yes,{i}" for i in range(3, 9)]
    path.write_text("Name,RSVP,Table\n" + "\n".join(guests) + "\n")
    text = read(path).segments[0].text
    assert text.startswith("Columns: Name | RSVP | Table") and "Name: Bo; RSVP: No" in text and "Name: G8; RSVP: Yes; Table: 8" in text, text


def test_html_visible_text_only(tmp_path):
    path = tmp_path / "p.html"
    path.write_text("<html><head><script>var secret=1;</script><style>p{}</style></head><body><p>Visible words</p></body></html>")
    text = read(path).segments[0].text
    assert text == "Visible words"


def test_html_is_read_a_line_per_block_as_a_browser_shows_it(tmp_path):
    """A label and its value in one line: inline tags and the source's line breaks split nothing, a row is one line."""
    path = tmp_path / "booking.html"
    path.write_text("<!DOCTYPE html><html><body><h1>Booking</h1><p>Free changes until\n<b>3 June 2031</b>.<br>Then a fee.</p>"
                    "<table><tr><td>Cabin</td><td><b>Nordlys</b></td></tr><tr><th>Per night</th><td>&euro;95.00</td></tr></table>"
                    "<!-- internal note --><pre>a  b\nc</pre></body></html>")
    text = "\n".join(segment.text for segment in read(path).segments)
    assert text == "Booking\nFree changes until 3 June 2031.\nThen a fee.\nCabin | Nordlys\nPer night | €95.00\na  b\nc", text


def test_encodings_are_detected(tmp_path):
    path = tmp_path / "latin.txt"
    path.write_bytes("Smörgåsbord på café, naïve façade, ærlig øl, Ångström. ".encode("latin-1") * 4)
    assert "Smörgåsbord" in read(path).segments[0].text


def test_line_ranges_and_long_lines(tmp_path):
    path = tmp_path / "log.txt"
    path.write_text("\n".join(f"line {i} " + "x" * 80 for i in range(1, 101)))
    segments = read(path).segments
    assert segments[0].location.startswith("lines 1-")
    assert segments[-1].location.endswith("-100")
    one_line = tmp_path / "one.txt"
    one_line.write_text("y" * (CHUNK_CHARS * 5))
    assert len(read(one_line).segments) == 5


@pytest.mark.parametrize(
    "name, content, reason",
    [
        ("binary.txt", b"\x00\x01\x02" * 100, "binary content"),
        ("junk.docx", b"PK\x03\x04 this is not a zip", "damaged zip"),
        ("broken.pdf", b"%PDF-1.4\n garbage garbage", "could not be parsed"),
        ("photo.jpg", b"\xff\xd8\xff", r"binary content \(a JPEG image\)"),
        ("README", b"\x7fELF\x02\x01\x01" + bytes(200), r"binary content \(a program\)"),
        ("notes", b"\x1f\x8b\x08" + bytes(50), r"binary content \(a gzip archive\)"),
        ("data.bin", bytes(range(256)) * 4, "binary content"),
        ("empty.csv", b"", "empty table"),
    ],
)
def test_unreadable_files_have_a_reason(tmp_path, name, content, reason):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(Unreadable, match=reason):
        read(path)


def test_zip_bomb_docx_is_refused(tmp_path):
    path = tmp_path / "bomb.docx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("word/document.xml", b"0" * (250 * 1024 * 1024))
    with pytest.raises(Unreadable, match="zip bomb"):
        read(path)


def word_by_word_pdf(path, lines):
    """A PDF whose maker places every word on its own, moving down to each word's line from above it (as some
    word processors' PDF output does): pypdf's plain extraction gives it one word a line."""
    from pypdf import PdfWriter
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    writer = PdfWriter()
    page = writer.add_blank_page(595, 842)
    placed = ["1 0 0 -1 0 842 cm"]
    for row, line in enumerate(lines):
        x = 72
        for word in line.split():
            placed.append(f"BT /F1 12 Tf 1 0 0 -1 {x} {72 + 16 * row} Tm 0 -13 Td ({word}) Tj ET")
            x += 7 * len(word) + 4
    stream = DecodedStreamObject()
    stream.set_data("\n".join(placed).encode())
    font = DictionaryObject({NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type1"),
                             NameObject("/BaseFont"): NameObject("/Helvetica")})
    page[NameObject("/Resources")] = DictionaryObject({NameObject("/Font"): DictionaryObject({NameObject("/F1"): writer._add_object(font)})})
    page[NameObject("/Contents")] = writer._add_object(stream)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as handle:
        writer.write(handle)


def test_a_pdf_written_a_word_at_a_time_is_read_as_its_lines(tmp_path):
    lines = ["Results of the quill trial", "1. Small: 25.4% misses", "2. Large: 19.9% misses", "The large model was slower to load."]
    word_by_word_pdf(tmp_path / "trial.pdf", lines * 3)
    text = "\n".join(s.text for s in read_document(tmp_path / "trial.pdf", ".pdf").segments)
    assert "2. Large: 19.9% misses" in text.splitlines(), text


def test_a_pdf_table_written_a_cell_at_a_time_is_read_as_its_rows(tmp_path):
    """A table a PDF maker draws a cell at a time (reportlab's, tests/fixtures/dental_statement.pdf) comes out of the
    plain extraction one cell a line: the charge apart from its service. Its rows are read from the page's layout,
    each cell named by its column."""
    import shutil

    shutil.copy(Path(__file__).parent / "fixtures" / "dental_statement.pdf", tmp_path / "statement.pdf")
    lines = "\n".join(s.text for s in read_document(tmp_path / "statement.pdf", "pdf").segments).splitlines()
    assert "Date: 02/03/2031; Service: Dr O. Varga (dentist) - check-up; Charged: E 80,00; Insurer paid: E 60,00; You pay: E 20,00" in lines, lines
    assert "Total paid by the insurer: E 195,00" in lines and "Member: T. Reuter" in lines


def test_pdf_without_text_layer(tmp_path):
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.rect(10, 10, 50, 50)
    pdf.output(str(tmp_path / "scan.pdf"))
    with pytest.raises(Unreadable, match="no text layer"):
        read(tmp_path / "scan.pdf")


def test_large_file_is_capped(tmp_path):
    from filesage.files import readers

    path = tmp_path / "big.log"
    path.write_bytes(b"log line\n" * (readers.MAX_READ_BYTES // 9 + 1000))
    document = read(path)
    assert document.capped


def test_300_mb_single_line_log_is_read_in_part(tmp_path):
    from filesage.files import readers

    path = tmp_path / "huge.log"
    with path.open("wb") as handle:
        block = b"x" * (1 << 20)
        for _ in range(300):
            handle.write(block)
    document = read(path)
    path.unlink()
    # Only the capped part is read and split (how fast is bench/index_scale.py's to say).
    assert document.capped
    assert sum(len(s.text) for s in document.segments) == readers.MAX_READ_BYTES


def test_a_long_line_split_across_chunks_is_labelled_in_both(tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text("short line\n" + "z" * (CHUNK_CHARS * 2) + "\nlast line\n")
    locations = [s.location for s in read(path).segments]
    assert locations == ["lines 1", "lines 2", "lines 2", "lines 3"]


def test_a_parser_that_never_finishes_is_given_up(tmp_path, monkeypatch):
    import time

    from filesage.files import readers

    def stuck(path):
        while True:
            time.sleep(0.01)

    monkeypatch.setitem(readers.READERS, "pdf", stuck)
    monkeypatch.setattr(readers, "MAX_READ_SECONDS", 0.5)
    path = tmp_path / "loop.pdf"
    path.write_bytes(b"%PDF-1.4")
    started = time.perf_counter()
    with pytest.raises(Unreadable, match="took longer than 0.5 s to parse"):
        read(path)
    assert time.perf_counter() - started < 5


@pytest.mark.parametrize(
    "name, content, said",
    [
        ("README", b"Widget 2.1\n\nInstall with make install; the default port is 8091.\n", "default port is 8091"),
        ("Makefile", b"install:\n\tcp widget /usr/local/bin\n", "cp widget"),
        ("run.awk", b"#!/usr/bin/awk -f\n{ total += $3 } END { print total }\n", "total += $3"),
        ("NEWS.Debian", "Ünïcode nöws: the cache moved to /var/cache/widget.\n".encode("latin-1"), "the cache moved"),
        ("settings.conf.example", b"[server]\nport = 8091\n", "port = 8091"),
    ],
)
def test_a_text_file_is_read_whatever_its_name(tmp_path, name, content, said):
    path = tmp_path / name
    path.write_bytes(content)
    assert said in "\n".join(s.text for s in read(path).segments)


def test_a_document_is_read_by_what_it_is_not_by_its_name(tmp_path):
    write_pdf(tmp_path / "scan_0042", ["Invoice 17: balance due 240.00 EUR"])
    assert "balance due 240.00 EUR" in read(tmp_path / "scan_0042").segments[0].text
    write_docx(tmp_path / "letter", ["Dear Ms. Okafor, the offer stands until March."])
    assert "the offer stands" in read(tmp_path / "letter").segments[0].text


def test_a_sheet_laid_out_as_a_form_reads_as_labels_and_values(tmp_path):
    form = [["Harbour Joinery", None, None, None], ["Invoice number", "HJ-88", None, None], ["Due date", "2031-07-01", None, None],
            ["Item", "Hours", "Rate", "Amount"], ["Oak shelves", 6, 45, 270], ["Total", None, None, 324]]
    write_xlsx(tmp_path / "bill.xlsx", {"Bill": form, "Prices": [["year", "price"], [2030, 18.5], [2031, 19.25]]})
    bill, prices = read(tmp_path / "bill.xlsx").segments
    assert bill.text.splitlines() == ["Sheet Bill.", "Harbour Joinery", "Invoice number: HJ-88", "Due date: 2031-07-01",
                                      "Item | Hours | Rate | Amount", "Item: Oak shelves; Hours: 6; Rate: 45; Amount: 270", "Total: 324"]
    # A table of two columns under its header stays a table.
    assert "year: 2031; price: 19.25" in prices.text


MAN_MACROS = r""".\" a comment
.TH FERRYD 1 "May 2031" "ferryd 2.4.0" "User Commands"
.SH NAME
ferryd \- copy files to a remote host
.SH OPTIONS
.HP
\fB\-a\fR, \fB\-\-attempts\fR \fINUM\fP
.IP
Try a failed transfer \fINUM\fP times. Default: 7.
.TP
.BR \-w ", " \-\-wait " \fISECS\fP"
Wait between attempts;
default is 20, use 0 to disable.
.SH SEE ALSO
.BR rsync (1)
"""

MDOC = r""".Dd $Mdocdate: March 3 2031 $
.Dt FERRYD 1
.Os
.Sh NAME
.Nm ferryd
.Nd copy files
.Sh ENVIRONMENT
.Bl -tag -width Ds
.It Ev FERRYD_SIGNAL
Signal sent to a stuck transfer.
The default is
.Dv SIGHUP .
.It Fl z
Exit after one pass of
.Nm .
.El
.Sh EXIT STATUS
.Bl -tag -width Ds
.It 2
Files were added or removed from a directory
.El
"""


def test_man_pages_read_as_their_text_with_each_tag_before_its_meaning(tmp_path):
    (tmp_path / "ferryd.1").write_text(MAN_MACROS)
    (tmp_path / "ferryd.8").write_text(MDOC)
    man = read_document(tmp_path / "ferryd.1", "1").segments[0]
    lines = man.text.splitlines()
    assert lines[0] == "FERRYD(1) manual page: May 2031, ferryd 2.4.0, User Commands"
    assert "-a, --attempts NUM: Try a failed transfer NUM times. Default: 7." in lines
    assert "-w, --wait SECS: Wait between attempts; default is 20, use 0 to disable." in lines
    assert "# SEE ALSO" in lines and "rsync(1)" in lines and man.location == "lines 1-15"
    mdoc = read_document(tmp_path / "ferryd.8", "8").segments[0].text.splitlines()
    assert mdoc[0] == "FERRYD(1) manual page: March 3 2031"
    assert "FERRYD_SIGNAL: Signal sent to a stuck transfer. The default is SIGHUP." in mdoc
    assert "ferryd - copy files" in mdoc and "-z: Exit after one pass of ferryd." in mdoc and "2: Files were added or removed from a directory" in mdoc
    # Options after an example left unfilled (".nf" and no ".fi"): each tag still opens its own first line.
    (tmp_path / "ferryd.2").write_text('.TH FERRYD 2\n.SH OPTIONS\n.PP\n.nf\n$ ferryd -q\n.IP "\\-q"\nQuiet.\n.IP "\\-V \\fIlevel\\fP"\n'
                                        'Log level\\&. Defaults to 2\\&.\n')
    unfilled = read_document(tmp_path / "ferryd.2", "2").segments[0].text.splitlines()
    assert "-q: Quiet." in unfilled and "-V level: Log level. Defaults to 2." in unfilled, unfilled
    # A page converted from Markdown: its options are a bulleted list, each opening with the option and its meaning.
    (tmp_path / "ferryd.3").write_text('.TH "FERRYD" "1"\n.SH "OPTIONS"\n.IP "\\(bu" 4\n\\fB\\-\\-window[=#]\\fR: sets the window, '
                                        'if \\fB#\\fR is not present it defaults to \\fB12\\fR\\.\n.IP "\\(bu" 4\n\\fB\\-q\\fR: quiet\\.\n')
    bulleted = read_document(tmp_path / "ferryd.3", "3").segments[0].text.splitlines()
    assert "• --window[=#]: sets the window, if # is not present it defaults to 12." in bulleted and "• -q: quiet." in bulleted, bulleted
    # A page that opens with a block the formatter ignores (its licence): the block is not read, the page is.
    (tmp_path / "ferryd.4").write_text('.ig\nThe MIT License\n\nPermission is hereby granted.\n..\n.TH FERRYD 4\n.SH OPTIONS\n.TP\n'
                                        '.B "\\-\\-tail"\nKeep the last lines only\n')
    ignored = read_document(tmp_path / "ferryd.4", "4").segments[0].text.splitlines()
    assert "--tail: Keep the last lines only" in ignored and not any("License" in line for line in ignored), ignored
    # A text file that mentions a request is no man page.
    (tmp_path / "notes.txt").write_text("Use .TH to start a man page.\n")
    assert read_document(tmp_path / "notes.txt", "txt").segments[0].text == "Use .TH to start a man page."


def test_hard_wrapped_prose_is_read_as_its_paragraphs(tmp_path):
    path = tmp_path / "AUTHORS"
    path.write_text("Quux was first written by Wren Ostby in 2009 and is currently developed and\n"
                    "maintained by Ilse Moor, with help from many others.\n\n"
                    "- The --frob option, added in 3.1, was written by Cy Dahl and later\n"
                    "  reworked by Di Fenn.\n"
                    "- Localisation comes from the community.\n\n"
                    "Contact: quux@example.org\n"
                    "Website: https://quux.example.org\n")
    text = read(path).segments[0].text.splitlines()
    assert text[0] == "Quux was first written by Wren Ostby in 2009 and is currently developed and maintained by Ilse Moor, with help from many others."
    assert "- The --frob option, added in 3.1, was written by Cy Dahl and later reworked by Di Fenn." in text
    assert "- Localisation comes from the community." in text and "Contact: quux@example.org" in text and "Website: https://quux.example.org" in text
    # A release's own line under a wrapped paragraph opens the release, not the paragraph's end.
    news = tmp_path / "NEWS"
    news.write_text("The release script adds the shortlog of the commits below this line when it runs.\nV2.31\n   Ilse Moor (1):\n"
                    "         Fix the frob option\n")
    assert read(news).segments[0].text.splitlines()[:2] == ["The release script adds the shortlog of the commits below this line when it runs.", "V2.31"]


def test_lines_their_writer_ended_short_of_the_width_stay_lines(tmp_path):
    """A list of names and roles, each line ended by its writer well short of the longest: "Ana Ruiz - Windows port."
    is a line of its own, not the list's first line going on (the first name had been read as the port's author)."""
    path = tmp_path / "AUTHORS"
    path.write_text("Bo Lind - Lead developer & maintainer of the quux library.\nCy Dahl - Enhancements & bugfixes.\n"
                    "Ana Ruiz - Windows port.\nDi Fenn - Documentation.\n")
    assert read(path).segments[0].text.splitlines() == ["Bo Lind - Lead developer & maintainer of the quux library.", "Cy Dahl - Enhancements & bugfixes.",
                                                         "Ana Ruiz - Windows port.", "Di Fenn - Documentation."]


def test_a_term_on_a_line_of_its_own_is_read_with_what_defines_it(tmp_path):
    path = tmp_path / "quux.1.md"
    path.write_text("0.  `--keep-dirs=N`\n\n    Keeps at most N old directories around after each run, oldest\n    removed first.\n\n"
                    "cache_ttl::\n  How long an entry stays, in seconds.\n")
    text = read(path).segments[0].text.splitlines()
    assert "0.  `--keep-dirs=N`: Keeps at most N old directories around after each run, oldest removed first." in text
    assert "cache_ttl: How long an entry stays, in seconds." in text
    # A man page's option set on its own line above an indented paragraph (.PP, then .RS).
    page = tmp_path / "quux.8"
    page.write_text('.TH QUUX 8\n.SH OPTIONS\n.PP\n\\fB \\-q\\fR, \\fB\\-\\-quiet\\fR\n.RS 4\nPrint nothing but errors.\n.RE\n')
    assert "-q, --quiet: Print nothing but errors." in read(page).segments[0].text.splitlines()


def test_forms_logs_and_code_keep_their_lines_and_a_table_set_wide_names_its_columns(tmp_path):
    path = tmp_path / "receipt.txt"
    lines = ["  Desk rental - May 2031 .................. 320.00 EUR", "  Meeting room (2 h) ........................ 30.00 EUR",
             "Item                          Qty    Amount", "Printer paper, A4 reams        2      11.80",
             "2031-05-01 12:00:01 INFO the nightly backup job started on host alpha", "2031-05-01 12:00:09 INFO the nightly backup job ended",
             "line one of a long repeated record that goes on and on", "line two of a long repeated record that goes on and on",
             "```", "def handler(event, context, retries=3, timeout=30, verbose=False):", "    return run(event)", "```"]
    path.write_text("\n".join(lines) + "\n")
    # A table set in columns by wide gaps under its heading is read as one: each figure with its column's name.
    assert read(path).segments[0].text.splitlines() == [*lines[:2], "Columns: Item | Qty | Amount", "Item: Printer paper, A4 reams; Qty: 2; Amount: 11.80", *lines[4:]]
    # Two spaces end a text file's sentences: no gap of columns.
    narrow = ["Item  Qty  Amount", "Printer paper  2  11.80"]
    path.write_text("\n".join(narrow) + "\n")
    assert read(path).segments[0].text.splitlines() == narrow


def test_each_piece_is_headed_by_the_heading_in_force_where_it_starts(tmp_path):
    """A changelog whose first line is its newest release: a passage of an older release is headed by that
    release's heading, so its date is not read off the newest one's."""
    path = tmp_path / "NEWS.md"
    releases = [("2.1.0", "9 Mar 2031"), ("2.0.1", "2 Feb 2030"), ("2.0.0", "1 Feb 2030")]
    path.write_text("".join(f"# NEWS for quux {version} ({day})\n\n" + "".join(f"- fixed issue {version}-{n} in the frobnicator module\n" for n in range(60)) + "\n"
                            for version, day in releases))
    segments = read(path).segments
    assert len(segments) > 3
    # One piece starting at a release's heading is headed by it alone.
    line = "- fixed a long-standing bug in the frob\n"
    path.write_text("# NEWS for quux 2.1.0 (9 Mar 2031)\n" + line * ((CHUNK_CHARS - 40) // len(line)) + "# NEWS for quux 2.0.0 (1 Feb 2030)\n- first\n")
    assert [p.text.splitlines()[0] for p in read(path).segments][1:] == ["# NEWS for quux 2.0.0 (1 Feb 2030)"]
    for piece in segments[1:]:
        first_fix = next(line for line in piece.text.splitlines() if line.startswith("- fixed"))
        version = first_fix.split()[3].rsplit("-", 1)[0]
        heading = piece.text.splitlines()[0]
        assert version in heading, (heading, first_fix)
    # A document whose first line names it, not one part of it, heads every piece with that name.
    invoice = tmp_path / "statement.txt"
    invoice.write_text("Quux Hosting statement\n" + "".join(f"line {n}: server rental 40.00\n" for n in range(200)))
    assert all(p.text.startswith("[Quux Hosting statement]") for p in read(invoice).segments[1:])


def test_a_table_set_in_columns_gives_each_figure_its_columns_name(tmp_path):
    """A statement's summary set in columns in a PDF, and a table in a Word document: each row says its figures with
    the names of their columns, as a spreadsheet's rows do; a line set wide with no figures under it stays as it is."""
    write_pdf(tmp_path / "statement.pdf", ["Pension summary\nFund                 Last year      This year\nOpening balance      $1,200.00      $1,310.50\n"
                                           "Closing balance      $1,310.50      $1,402.75\nSigned      Witness      Date"])
    text = read(tmp_path / "statement.pdf").segments[0].text
    assert "Fund: Closing balance; Last year: $1,310.50; This year: $1,402.75" in text.splitlines(), text
    assert "Signed      Witness      Date" in text.splitlines() and "Columns: Fund | Last year | This year" in text, text
    import docx

    document = docx.Document()
    table = document.add_table(rows=2, cols=3)
    for row, cells in zip(table.rows, [["Service", "Billed", "You owe"], ["Eye test", "$90.00", "$18.00"]]):
        for cell, value in zip(row.cells, cells):
            cell.text = value
    document.save(tmp_path / "claim.docx")
    assert "Service: Eye test; Billed: $90.00; You owe: $18.00" in read(tmp_path / "claim.docx").segments[0].text.splitlines()


def test_a_table_between_pipes_gives_each_cell_its_columns_name(tmp_path):
    """A statement's table written between pipes, on a PDF's page or in a Markdown or text file: each row says its
    cells with the names of their columns (an empty cell left out), rows of words as much as rows of figures; the
    rule under the heading is no row, and a text file's lines set apart by spaces stay as they are."""
    write_pdf(tmp_path / "funds.pdf", ["Holdings\nFund | Units | Previous value | Current value\nAlder Growth | 12.5 | 1,10,000.00 | 1,21,500.00\n"
                                       "Birch Income | 40 | 52,300.00 | 51,980.00\nTotal | | 1,62,300.00 | 1,73,480.00"])
    text = read(tmp_path / "funds.pdf").segments[0].text.splitlines()
    assert "Fund: Birch Income; Units: 40; Previous value: 52,300.00; Current value: 51,980.00" in text, text
    assert "Fund: Total; Previous value: 1,62,300.00; Current value: 1,73,480.00" in text and "Columns: Fund | Units | Previous value | Current value" in text
    (tmp_path / "rota.md").write_text("# Rota\n\n| Day | Who | Room |\n|-----|:---:|------|\n| Mon | Ann Lee | 4 |\n| Tue | Bo Dahl | none |\n"
                                      "| Wed | Cy Ray | 7 |\n\nThat is all.\n")
    rows = read(tmp_path / "rota.md").segments[0].text.splitlines()
    assert ["Columns: Day | Who | Room", "", "Day: Mon; Who: Ann Lee; Room: 4", "Day: Tue; Who: Bo Dahl; Room: none", "Day: Wed; Who: Cy Ray; Room: 7"] == rows[2:7], rows
    (tmp_path / "ChangeLog").write_text("2031-01-02  Ann Lee  <ann@example.org>\n\n\t* main.c: fix 2 leaks\nversion 3   fixes   4  5\n")
    assert read(tmp_path / "ChangeLog").segments[0].text.splitlines()[0] == "2031-01-02  Ann Lee  <ann@example.org>"


def test_an_email_saved_as_eml_is_read_as_a_mail_program_shows_it(tmp_path):
    """Quoted-printable text (a date cut by a soft line break, a rupee sign as three codes) and a base64 HTML part are
    read as they show: the headers a reader looks at, the text, the attachments' names."""
    from email.message import EmailMessage

    message = EmailMessage()
    message["From"], message["To"], message["Subject"], message["Date"] = "Ida Berg <ida@example.org>", "bo@example.org", "Reminder", "Sun, 02 Mar 2031 09:00:00 +0100"
    message.set_content("This is a gentle reminder that the invoice for the boat repairs, ₹4,720.00 in all, was due on 17/02/2031 and remains unpaid.\n",
                        cte="quoted-printable")
    message.add_attachment(b"%PDF-1.4", maintype="application", subtype="pdf", filename="repairs.pdf")
    (tmp_path / "reminder.eml").write_bytes(bytes(message))
    assert "=\n" in (tmp_path / "reminder.eml").read_text()  # saved as it travelled: soft line breaks
    lines = read(tmp_path / "reminder.eml").segments[0].text.splitlines()
    assert lines[:4] == ["From: Ida Berg <ida@example.org>", "To: bo@example.org", "Date: Sun, 02 Mar 2031 09:00:00 +0100", "Subject: Reminder"], lines
    assert "This is a gentle reminder that the invoice for the boat repairs, ₹4,720.00 in all, was due on 17/02/2031 and remains unpaid." in lines
    assert lines[-1] == "Attachments: repairs.pdf"
    html = EmailMessage()
    html["Subject"] = "Quote"
    html.set_content("<p>Two cottages: <b>Rs. 25,000</b></p><table><tr><th>Item</th><th>Rate</th><th>Amount</th></tr>"
                     "<tr><td>Cottage</td><td>12,500</td><td>25,000.00</td></tr></table>", subtype="html", cte="base64")
    (tmp_path / "quote.eml").write_bytes(bytes(html))
    text = read(tmp_path / "quote.eml").segments[0].text
    assert "Two cottages: Rs. 25,000" in text and "Cottage | 12,500 | 25,000.00" in text, text
    # A page's table between its cells' pipes: each row with its columns' names.
    (tmp_path / "bill.html").write_text("<h1>Bill</h1><table><tr><th>Item</th><th>Days</th><th>Amount</th></tr><tr><td>Room</td><td>4</td><td>18,000.00</td></tr></table>")
    assert "Item: Room; Days: 4; Amount: 18,000.00" in read(tmp_path / "bill.html").segments[0].text.splitlines()
