"""Counting what one document lists, in code: a table's column, a changelog's releases, a section's entries."""

from filesage.tools.inside import Inside, listed_lines
from filesage.tools.toolbox import Toolbox
from bench.corpus import write_xlsx
from tests.conftest import write


def counter(tmp_path):
    root = tmp_path / "docs"
    write(root / "data/rates.csv", "Date,Country,Rate\n" + "".join(f"{year},{country},{1 + n / 10}\n" for year in (2030, 2031)
                                                                for n, country in enumerate(["Norland", "Ostmark", "Velmora"])))
    write(root / "tool/NEWS", "== 3.1: May 02, 2031\n- faster start\n\n== 3.0: Jan 09, 2031\n- new loader\n- see 2.9.1 notes\n\n"
          "== 2.9.1: Oct 10, 2030\n- fix a crash in 2.9\n\n== 2.9: Aug 01, 2030\n- first public release\n")
    write(root / "tool/tool.1", ".TH TOOL 1\n.SH NAME\ntool \\- does things\n.SH AUTHORS\n.An Ilse Varga\n.br\n.An Tomas Reuter\n.PP\n"
          ".An Mina Coello\n.SH BUGS\nNone known.\n")
    write(root / "notes/plain.txt", "Nothing to count here.\n")
    return Inside(Toolbox(root))


def test_a_tables_column_is_counted_by_its_different_values(tmp_path):
    result = counter(tmp_path).count_in_file("rates.csv", "countries")
    assert result.text.startswith("data/rates.csv lists 3 different values of Country (in 6 rows): Norland, Ostmark, Velmora")
    assert result.paths == ["data/rates.csv"] and result.found
    assert "lists 6 rows" in counter(tmp_path).count_in_file("data/rates.csv", "rows").text


def test_a_tables_values_are_counted_in_the_rows_another_columns_value_picks(tmp_path):
    write(tmp_path / "docs/data/kinds.csv", "Kind,Group,Suffix\nfont/ttf,font,ttf\nfont/otf,font,otf\ntext/csv,text,csv\nimage/png,image,png\n")
    inside = Inside(Toolbox(tmp_path / "docs"))
    fonts = inside.count_in_file("data/kinds.csv", "kind where font")
    assert fonts.text.startswith("data/kinds.csv lists 2 different values of Kind where Group is font (in 2 of 4 rows): font/ttf, font/otf"), fonts.text
    # A word that is no whole value of another column picks no rows; words of two columns pick together.
    assert "lists 4 different values of Kind (in 4 rows)" in inside.count_in_file("data/kinds.csv", "kind where typeface").text
    both = inside.count_in_file("data/kinds.csv", "kind where csv text").text
    assert both == "data/kinds.csv lists 1 different values of Kind where Suffix is csv and Group is text (in 1 of 4 rows): text/csv.", both
    # What is counted is a value of a column ("how many adults", a column Adult/Child): its rows, as other words pick them.
    write(tmp_path / "docs/party/guests.csv", "Name,Adult/Child,RSVP\nAda,Adult,yes\nBo,Child,yes\nCy,Adult,no\nDag,Adults,yes\n")
    adults = Inside(Toolbox(tmp_path / "docs")).count_in_file("party/guests.csv", "adults where yes").text
    assert adults == ('party/guests.csv lists 2 rows where Adult/Child is Adult and RSVP is yes: "Name: Ada; Adult/Child: Adult; RSVP: yes", '
                      '"Name: Dag; Adult/Child: Adults; RSVP: yes".'), adults
    # One row a value picks is shown whole: what it says is what is asked next.
    one = Inside(Toolbox(tmp_path / "docs")).count_in_file("party/guests.csv", "who is the child").text
    assert one == 'party/guests.csv lists 1 row where Adult/Child is Child: "Name: Bo; Adult/Child: Child; RSVP: yes".', one


def test_a_changelogs_releases_are_its_versions_that_open_a_line(tmp_path):
    result = counter(tmp_path).count_in_file("tool/NEWS", "releases")
    assert result.text.startswith("tool/NEWS lists 4 releases: 3.1, 3.0, 2.9.1, 2.9."), result.text


def test_the_newest_release_is_the_highest_number_whatever_the_order(tmp_path):
    inside = counter(tmp_path)
    assert inside.count_in_file("tool/NEWS", "newest release").text.startswith('The newest release tool/NEWS lists is 3.1: "== 3.1: May 02, 2031"')
    # A changelog that keeps its oldest release first.
    write(tmp_path / "docs/tool/ChangeLog", "v0.9 - 2029-01-02\n  first\nv0.12 - 2029-06-30\n  more\nv1.1 - 2030-03-04\n  stable\n")
    newest = Inside(Toolbox(tmp_path / "docs")).count_in_file("tool/ChangeLog", "latest version")
    assert newest.text.startswith('The newest release tool/ChangeLog lists is 1.1: "v1.1 - 2030-03-04" (of 3 releases: 0.9, 0.12, 1.1)'), newest.text
    # A version an entry names (a library it builds with) opens no release.
    write(tmp_path / "docs/tool/CHANGES", "1.4    2031-02-01\n  * Fix to build with libquux 2.20\n  * Faster\n\n1.3    2030-06-01\n  * Port to libquux 2.18.\n")
    changes = Inside(Toolbox(tmp_path / "docs")).count_in_file("tool/CHANGES", "newest release")
    assert changes.text.startswith('The newest release tool/CHANGES lists is 1.4: "1.4    2031-02-01" (of 2 releases: 1.4, 1.3)'), changes.text
    # Newest first: a higher number a note puts on a line of its own further down is no newer release.
    write(tmp_path / "docs/tool/HISTORY.md", "## 2.3 (2031-05-01)\n- faster\n## 2.2 (2030-11-01)\nSecurity fixes:\n    (RFC 8446 4.2.1)\n"
                                              "## 2.1 (2030-02-01)\n- first\n## 2.0 (2029-12-01)\n- new\n")
    history = Inside(Toolbox(tmp_path / "docs")).count_in_file("tool/HISTORY.md", "newest release")
    assert history.text.startswith('The newest release tool/HISTORY.md lists is 2.3: "2.3 (2031-05-01)" (of 4 releases: 2.3, 2.2, 2.1, 2.0)'), history.text


def test_a_sections_entries_are_counted_and_nothing_else_is_made_up(tmp_path):
    inside = counter(tmp_path)
    authors = inside.count_in_file("tool.1", "authors")
    assert authors.text.startswith("tool/tool.1 lists 3 entries under 'AUTHORS': Ilse Varga, Tomas Reuter, Mina Coello."), authors.text
    missing = inside.count_in_file("notes/plain.txt", "authors")
    assert not missing.found and "no list of authors" in missing.text
    assert not inside.count_in_file("no-such-file.txt", "rows").found


def test_a_documents_pages_or_sheets_are_counted_from_its_format(tmp_path):
    from bench.corpus import write_xlsx

    root = tmp_path / "docs"
    write_xlsx(root / "money/budget.xlsx", {"Monthly": [["item", "eur"], ["rent", 900]], "Savings": [["goal", "eur"], ["bike", 300]]})
    result = Inside(Toolbox(root)).count_in_file("budget spreadsheet", "sheets")
    assert result.answer == "money/budget.xlsx has 2 sheets (Monthly, Savings)."


def test_a_long_list_is_counted_whole_and_the_title_each_piece_repeats_is_not_an_entry(tmp_path):
    root = tmp_path / "docs"
    names = [f"Contributor Number{n} <c{n}@example.org>" for n in range(60)]
    write(root / "AUTHORS.md", "# Project people\n\n## Contributors\n\n" + "".join(f"- {name}\n" for name in names))
    result = Inside(Toolbox(root)).count_in_file("AUTHORS.md", "contributors")
    assert result.answer.startswith("AUTHORS.md lists 60 entries under 'Contributors'"), result.answer


def test_a_figure_over_a_tables_rows_is_computed_from_every_row_that_says_the_question(tmp_path):
    root = tmp_path / "docs"
    runs = "".join(f"2031-{month:02d}-{day:02d} 01:00,vault-{day % 2},{300 + day * 10 + month},{'FAIL' if day in (4, 9) else 'OK'}\n"
                   for month in (5, 6) for day in range(1, 11))
    write(root / "logs/backups.csv", "start,job,seconds,status\n" + runs)
    write(root / "budget.csv", "Item,Amount\nRent,€950.00\nPower,€62.40\nTotal,€1012.40\n")
    inside = Inside(Toolbox(root))
    failed = inside.count_in_file("logs/backups.csv", "How many backups failed in June 2031?")
    assert failed.text == "In logs/backups.csv: 2 of its 20 rows say June 2031, failed.", failed.text
    # The words of the document's own path name the table, not its rows: one row lent to a choir says "choir" too.
    write(root / "choir/library/scores.csv", "Title,Composer,Parts,On loan to\nMass in C,Haydn,40,\nNelson Mass,Haydn,44,Harbour Choir\nRequiem,Fauré,30,\n")
    haydn = Inside(Toolbox(root)).count_in_file("choir/library/scores.csv", "How many Haydn works are in the choir library scores?")
    assert haydn.text == "In choir/library/scores.csv: 2 of its 3 rows say Haydn.", haydn.text
    longest = inside.count_in_file("logs/backups.csv", "the longest seconds in May 2031")
    assert longest.text.startswith('In logs/backups.csv: The highest seconds over 10 rows that say May 2031 is 405, in the row "start: 2031-05-10 01:00'), longest.text
    # "How many" of a column of figures adds them up.
    seconds = inside.count_in_file("logs/backups.csv", "How many seconds did vault-1 run in May 2031?")
    assert "The total of seconds over" in seconds.text, seconds.text
    average = inside.count_in_file("logs/backups.csv", "average seconds for vault-1")
    assert "The average seconds over 10 rows" in average.text and "is 355.5" in average.text, average.text
    # The table's own total row is not added again; a word no row says picks none of them.
    assert "The total of Amount over 2 rows is €1,012.40" in inside.count_in_file("budget.csv", "total amount in my household budget").text
    assert not inside.count_in_file("logs/backups.csv", "average seconds in July 2031").found
    # One row's value is its own average; a column's name ("Year") picks no rows.
    write(root / "annual.csv", "Year,Rate\n2030-12-31,4.21\n2031-12-31,3.96\n")
    single = Inside(Toolbox(root)).count_in_file("annual.csv", "the 10 year rate, annual average 2031?")
    assert single.text == 'In annual.csv: Only one row says 2031: Rate is 3.96 (the row "Year: 2031-12-31; Rate: 3.96").', single.text
    # A word that names several columns alike ("fuel") picks none of them over the one the question names alone ("Total").
    write(root / "emissions.csv", "Year,Country,Total,Solid Fuel,Liquid Fuel,Gas Fuel,Bunker fuels (Not in Total)\n2030,WEXCOMBE,900,110,450,280,40\n2031,WEXCOMBE,950,100,500,290,45\n")
    fuels = Inside(Toolbox(root)).count_in_file("emissions.csv", "wexcombe total co2 from fossil fuels 2031")
    assert fuels.text.startswith("In emissions.csv: Only one row says 2031, wexcombe: Total is 950"), fuels.text


def test_releases_that_open_unindented_lines_are_the_changelogs_though_long_and_its_indented_notes_are_not(tmp_path):
    write(tmp_path / "quill/NEWS", "0.48  quill would mess up its history when it was built with the newest line editor\n\n"
          "      allow full control of the word breakers\n\n0.47.1 Correct a typo in a configure test that caused a configuration error\n\n"
          "0.47  use the pty library by default\n      readline  version 4.2 is now mandatory.\n")
    newest = Inside(Toolbox(tmp_path)).count_in_file("quill/NEWS", "newest release")
    assert newest.text.startswith('The newest release quill/NEWS lists is 0.48: "0.48  quill would mess up') and "4.2" not in newest.text, newest.text
    # A release's line that opens with its date is its line however long; a version in brackets in an indented note is not a release.
    write(tmp_path / "stat/CHANGES", "Changes:\n\n" + "".join(
        f"{day}: Version {version} - Ilse Varga (stat <at> example.org)\n\t* Fix a crash in the collector when a disk goes away.\n"
        f"\t* Keep versions immutable\n\t  [{version}.1].\n\n" for day, version in [("2031/05/02", "4.3.2"), ("2031/01/09", "4.3.1"), ("2030/08/20", "4.3.0")]))
    dated = Inside(Toolbox(tmp_path)).count_in_file("stat/CHANGES", "releases")
    assert dated.text.startswith("stat/CHANGES lists 3 releases: 4.3.2, 4.3.1, 4.3.0."), dated.text


def test_a_release_named_is_read_under_its_own_line(tmp_path):
    inside = counter(tmp_path)
    release = inside.count_in_file("tool/NEWS", "release 3.0")
    assert release.text == 'tool/NEWS has the release 3.0 on the line "== 3.0: Jan 09, 2031"; under it:\n- new loader\n- see 2.9.1 notes', release.text
    # A release line that says what is new in it before its version.
    write(tmp_path / "docs/tool/ChangeLog", "What's new in version 3.2.1\n\n* fix the quoting of paths\n\nWhat's new in version 3.2.0\n\n"
          "* a wider status bar\n")
    said = Inside(Toolbox(tmp_path / "docs")).count_in_file("tool/ChangeLog", "release 3.2.1")
    # Its line, nor the two under it, gives a date: it is said to give none.
    assert said.text == 'tool/ChangeLog has the release 3.2.1 on the line "What\'s new in version 3.2.1", which gives no date for it; under it:\n- fix the quoting of paths', said.text
    # A version no release line opens (only an entry names it) is no release of the changelog.
    missing = inside.count_in_file("tool/NEWS", "release 2.8")
    assert not missing.found and missing.answer == "tool/NEWS opens no release 2.8; the releases it lists are 3.1, 3.0, 2.9.1, 2.9.", missing.answer


def test_releases_written_as_list_items_under_their_date_are_the_changelogs(tmp_path):
    root = tmp_path / "docs"
    write(root / "wren/ChangeLog", "Tue, 12 May 2031 10:00:00 +0200  Ada Lind <ada@example.org>\n\n* Release v4.2.1\n"
          "    * Fix the tests of v4.2\n\nMon, 04 May 2031 09:00:00 +0200  Ada Lind <ada@example.org>\n\n* Release v4.2\n"
          "    * Drop the old loader\n\nSat, 02 Nov 2030 09:00:00 +0100  Ada Lind <ada@example.org>\n\n* Release v4.1\n"
          "    * Faster start; see\n      wren 1.9\n")
    inside = Inside(Toolbox(root))
    release = inside.count_in_file("wren/ChangeLog", "release 4.2")
    # The release's date is the line above its item, and a version an indented note names is no release.
    assert release.text == ('wren/ChangeLog has the release 4.2 on the line "Mon, 04 May 2031 09:00:00 +0200 Ada Lind: '
                            'Release v4.2"; under it:\n- Drop the old loader'), release.text
    assert inside.count_in_file("wren/ChangeLog", "releases").text == "wren/ChangeLog lists 3 releases: 4.2.1, 4.2, 4.1."
    assert "lists 1 release in 2030: 4.1" in inside.count_in_file("wren/ChangeLog", "releases 2030").text
    # "* release: 4.2", indented under its date.
    write(root / "reedbed/ChangeLog", "2 May 2031 Ada\n  * release: 0.3.0\n\n  Fixes:\n    * #12: a crash\n\n1 Jan 2030 Ada\n  * release: 0.2.0\n")
    opened = Inside(Toolbox(root)).count_in_file("reedbed/ChangeLog", "release 0.3.0").text
    assert opened.startswith('reedbed/ChangeLog has the release 0.3.0 on the line "2 May 2031 Ada: release: 0.3.0"; under it:\n- Fixes:'), opened


def test_an_options_entry_is_read_from_the_manual_that_defines_it(tmp_path):
    root = tmp_path / "docs"
    options = "".join(f".TP\n.B \\-{flag} \\fINUM\\fR\n{text}\n" for flag, text in [
        ("d", "Descend at most NUM levels."), ("L", "Lock NUM pages."), ("q", "Say nothing."), ("o", "Write the list to NUM.")])
    write(root / "quill/quill.1", f".\\\" a comment\n...\n.TH QUILL 1\n.SH NAME\nquill \\- lists trees\n.SH OPTIONS\n{options}.SH BUGS\nNone.\n")
    write(root / "quill/quill.pod", "=head1 OPTIONS\n\n=over\n\n=item -t\n\nTouch the pages.\n\n=item -e\n\nEvict the pages. The inverse of C<-t>.\n\n"
          "=item -m <size>\n\nThe largest file to map. The default is 500M.\n\n=back\n")
    write(root / "quill/CREDITS", "- Ida Berg: added -L and -d\n- Bo Ek: fixed -q\n")
    inside = Inside(Toolbox(root))
    # A man page whose title follows other requests (a comment, "...") is rendered, its tags lines of their own.
    depth = inside.count_in_file("quill/quill.1", "option -d")
    assert depth.found and depth.text == "quill/quill.1 defines -d:\n-d NUM: Descend at most NUM levels.", depth.text
    assert depth.answer == depth.text
    evict = inside.count_in_file("quill/quill.pod", "option -m")
    assert evict.text == "quill/quill.pod defines -m:\n-m <size>\nThe largest file to map. The default is 500M.", evict.text
    # An option is said in its own case; one the manual lacks is said to be none, with those it defines.
    absent = inside.count_in_file("quill/quill.1", "option -l")
    assert not absent.found and absent.answer == "quill/quill.1 defines no option -l; the options it defines are -d, -L, -o, -q.", absent.answer
    # A file that mentions options but opens no entries with them is no manual: counted as before.
    assert "defines" not in inside.count_in_file("quill/CREDITS", "option -L").text
    # reStructuredText's ".. option::" and Texinfo's "@item" open entries too.
    write(root / "quill/quill.rst", "Options\n=======\n\n.. option:: -j, --jobs=<N>\n\n  Run N jobs at once.\n  Default: ``5``\n\n"
          ".. option:: -q, --quiet\n\n  Say nothing.\n\n.. option:: -x, --max-per-host=<NUM>\n\n  At most NUM per host.\n  Default: ``1``\n")
    jobs = Inside(Toolbox(root)).count_in_file("quill/quill.rst", "option -x")
    assert jobs.found and jobs.text.startswith("quill/quill.rst defines -x:\n-x, --max-per-host=<NUM>\nAt most NUM per host.") and "1" in jobs.text, jobs.text
    # The long name after the short one's argument ("-k N, --iterations N") is the same option's.
    write(root / "quill/quill.8", ".TH QUILL 8\n.SH OPTIONS\n.TP\n\\fB\\-k\\fR \\fIN\\fR, \\fB\\-\\-rounds\\fR \\fIN\\fR\nRounds of hashing.\nDefault is 25.\n"
          ".TP\n\\fB\\-d\\fR[\\fIN\\fR], \\fB\\-\\-derive\\fR[=\\fIN\\fR]\nDerive it.\nDefault is 29.\n.TP\n\\fB\\-f\\fR, \\fB\\-\\-force\\fR\nForce it.\n")
    rounds = Inside(Toolbox(root)).count_in_file("quill/quill.8", "option --rounds")
    assert rounds.found and rounds.text == "quill/quill.8 defines --rounds:\n-k N, --rounds N: Rounds of hashing. Default is 25.", rounds.text
    assert Inside(Toolbox(root)).count_in_file("quill/quill.8", "option --derive").text.endswith("Default is 29.")
    write(root / "quill/quill.texi", "@table @option\n@item -a\nAppend.\n@item -b\nBack up.\n@item -c\nCompress the output.\n@end table\n")
    assert Inside(Toolbox(root)).count_in_file("quill/quill.texi", "option -c").text.startswith("quill/quill.texi defines -c:\n-c")


def test_a_changelogs_releases_are_counted_and_ranked_within_the_years_asked(tmp_path):
    root = tmp_path / "docs"
    write(root / "NEWS", "2.4 / <not released yet>\n- next\n\n2.3 / 8-Feb-2031\n- fix\n\n2.2 / 19-Aug-2030\n- new\n\n"
          "2.1\n(released 2030-01-04)\n- one\n\n2.0 / 02-Jan-2029\n- first\n")
    inside = Inside(Toolbox(root))
    assert inside.count_in_file("NEWS", "releases in 2030").text == "NEWS lists 2 releases in 2030: 2.2, 2.1."
    assert inside.count_in_file("NEWS", "releases in 2027").text == "NEWS lists no releases in 2027."
    # The newest leaves out a release the changelog says is not out yet, and keeps to the years bounded.
    assert inside.count_in_file("NEWS", "newest release").text.startswith('The newest release NEWS lists is 2.3: "2.3 / 8-Feb-2031"')
    before = inside.count_in_file("NEWS", "newest release before 2031").text
    assert before.startswith('The newest release NEWS lists before 2031 is 2.2: "2.2 / 19-Aug-2030" (of 3 releases before 2031'), before


def test_rows_about_a_table_above_its_header_say_what_it_is(tmp_path):
    from filesage.files.readers import read_document

    rows = "".join(f"2031-{month:02d},{3 + month / 10}\n" for month in range(1, 9))
    write(tmp_path / "h15.csv", f'"Series Description","Yield at 10-year maturity"\n"Scale:","Percent"\n"Factor:","1"\n"Time Period","RX10"\n{rows}')
    lines = listed_lines(read_document(tmp_path / "h15.csv", "csv"))
    assert lines[:5] == ["Columns: Time Period | RX10", "Series Description: Yield at 10-year maturity", "Scale: Percent", "Factor: 1",
                         "Time Period: 2031-01; RX10: 3.1"], lines[:5]
    # A month asked is the row dated in it, though its words do not say the month.
    august = Toolbox(tmp_path).read_file("h15.csv", about="the yield in August 2031")
    assert august.text.endswith("Columns: Time Period | RX10\nTime Period: 2031-08; RX10: 3.8"), august.text
    highest = Inside(Toolbox(tmp_path)).count_in_file("h15.csv", "the highest yield")
    assert 'is 3.8, in the row "Time Period: 2031-08; RX10: 3.8"' in highest.text, highest.text


def test_a_tables_value_for_a_year_or_month_is_its_dated_rows_cell(tmp_path):
    write(tmp_path / "income.csv", "Year,Households,Lowest,Top 5 percent\n" + "".join(f"{y}.0,{60000 + y},{y * 10}.0,{y * 60}.0\n" for y in range(2025, 2032)))
    write(tmp_path / "rates.csv", "Country,Year,Rate\n" + "".join(f"{c},{y},{n + y - 2029}\n" for n, c in enumerate(["Norland", "Velmora"]) for y in (2029, 2030)))
    inside = Inside(Toolbox(tmp_path))
    top = inside.count_in_file("income.csv", "the lower limit of the top 5 percent in 2027")
    assert top.found and top.answer.startswith("In income.csv, Top 5 percent for 2027 is 121620 (the row \"Year: 2027;"), top.answer
    # Of the rows of a year, the one that says the question's name; a year no row has is said to be none.
    assert inside.count_in_file("rates.csv", "Velmora's rate in 2030").answer.startswith("In rates.csv, Rate for 2030 is 2 (")
    # A name said in capitals alone is the row that spells it out, not one of a longer name that starts alike.
    write(tmp_path / "zones.csv", "Zone,Year,Rate\nNorth Vale,2030,4.5\nNorth Vale Islands,2030,7.25\nSouth Reach,2030,1.5\n")
    assert Inside(Toolbox(tmp_path)).count_in_file("zones.csv", "the NV rate in 2030").answer.startswith("In zones.csv, Rate for 2030 is 4.5 ("), "NV"
    rows = Toolbox(tmp_path).read_file("zones.csv", about="the NV rate in 2030").text.splitlines()
    assert rows[2].startswith("Zone: North Vale;"), rows
    absent = inside.count_in_file("rates.csv", "Norland's rate in 2019")
    assert not absent.found and absent.answer == "rates.csv has no row for 2019; its rows run from 2029 to 2030.", absent.answer
    # A name the rows of other years say, and no row of the year asked: no row, though other names have that year.
    write(tmp_path / "rates.csv", "Country,Year,Rate\nNorland,2029,1\nNorland,2030,2\nVelmora,2030,3\nVelmora,2031,4\nOstria,2031,5\n")
    later = Inside(Toolbox(tmp_path)).count_in_file("rates.csv", "Norland's rate in 2031?")
    assert not later.found and later.answer == "rates.csv has no row for Norland in 2031; its rows for Norland run from 2029 to 2030.", later.answer
    assert Inside(Toolbox(tmp_path)).count_in_file("rates.csv", "Ostria's rate in 2031").answer.startswith("In rates.csv, Rate for 2031 is 5 (")
    # Rows that go back centuries are dated by their years too.
    write(tmp_path / "long.csv", "Year,Emissions\n1750,3\n1751,3\n2029,9\n2030,10\n")
    old = Inside(Toolbox(tmp_path)).count_in_file("long.csv", "the emissions in 2031")
    assert old.answer == "long.csv has no row for 2031; its rows run from 1750 to 2030.", old.answer
    # A day asked is the row of that day, among the month's; the month is said as English says it.
    write(tmp_path / "rota.csv", "Date,Shift,Partner\n2031-03-01,Day,Ida Berg\n2031-03-10,Night,Bo Ek\n2031-03-11,Off,\n")
    night = Inside(Toolbox(tmp_path)).count_in_file("rota.csv", "which shift was I on march 10 2031?").answer
    assert night.startswith('In rota.csv, Shift for March 10, 2031 is Night (the row "Date: 2031-03-10;'), night
    # A year asked is the row of the whole year, not one of its quarters; a quarter named is that quarter's.
    write(tmp_path / "output.csv", "Period,Output\n2030,400\n2030 Q1,98\n2030 Q2,101\n2031,420\n2031 Q1,104\n")
    year = Inside(Toolbox(tmp_path)).count_in_file("output.csv", "what was the output in 2030?").answer
    assert year.startswith('In output.csv, Output for 2030 is 400 (the row "Period: 2030;'), year
    # A column whose name has colons of its own is still the one column of figures.
    write(tmp_path / "volume.csv", '"Period","Output: chained volume: £m"\n2030,400\n2030 Q1,98\n2031,420\n')
    volume = Inside(Toolbox(tmp_path)).count_in_file("volume.csv", "what was the output in 2031?").answer
    assert volume.startswith("In volume.csv, Output: chained volume: £m for 2031 is 420 ("), volume



def test_a_yes_or_no_column_is_picked_by_its_word_or_its_word_negated(tmp_path):
    """"Unpaid", "not paid yet", "haven't paid": the rows whose Paid? cell says N, though no cell says the word; "paid":
    its Y rows. A cell that says neither (a fee waived, a plot empty) is neither."""
    write(tmp_path / "berths.csv", "Berth,Holder,Fee,Paid?\nA1,Ola Brekke,120,Y\nA2,Siv Lunde,80,N\nA3,Tor Aas,150,N\n"
                                  "A4,Harbour club,0,waived\nA5,,80,\nA6,Kari Holm,150,Y\n")
    inside = Inside(Toolbox(tmp_path))
    assert inside.count_in_file("berths.csv", "how many berths are unpaid?").answer == "In berths.csv: 2 of its 6 rows say Paid?: no."
    assert "The total of Fee over 2 rows that say Paid?: no is 230." in inside.count_in_file("berths.csv", "total fees not paid yet").answer
    assert "over 2 rows that say Paid?: no" in inside.count_in_file("berths.csv", "total fees of berths that haven't paid").answer
    most = inside.count_in_file("berths.csv", "which holder owes the most in unpaid fees?").answer
    assert 'The highest Fee over 2 rows that say Paid?: no is 150, in the row "Berth: A3;' in most, most
    assert "2 of its 6 rows say Paid?: yes" in inside.count_in_file("berths.csv", "how many berths are paid?").answer
    # Asked whether one row's holder paid, the cell is what is asked: no rows are picked by it.
    for asked in ("Have they paid for berth A3? (holder, fee)", "What is the fee for berth A3? (holder, paid)"):
        one = inside.count_in_file("berths.csv", asked).text
        assert 'Berth: A3; Holder: Tor Aas; Fee: 150; Paid?: N' in one, (asked, one)


def test_a_tables_figures_are_read_as_its_country_writes_them_and_its_words_in_its_language(tmp_path):
    root = tmp_path / "docs"
    # A bank export: a preamble, ";" between fields, decimal commas, a debit column empty where money came in.
    write(root / "bank/konto_05.csv", "Kontoauszug Mai 2031\nInhaber: Ilse Varga\n\nDatum;Text;Belastung;Gutschrift\n"
          "02.05.2031;Gehalt Zither AG;;3 210,50\n03.05.2031;Miete Mai;1 045,00\n"
          "07.05.2031;Bäckerei;12,40;\n09.05.2031;Erstattung Kasse;;84,10\n")
    # One signed amount column: money out is below zero.
    write(root / "bank/export.csv", "Fecha;Concepto;Importe;Saldo\n01/05/2031;Nómina;2.150,00;3.000,00\n04/05/2031;Alquiler;-875,00;2.125,00\n"
          "06/05/2031;Farmacia;−23,45;2.101,55\n")
    write(root / "visits.csv", "fecha;paciente;motivo;lugar;importe\n" + "".join(
        f"{day:02d}/05/2031;{name};{why};{where};{fee}\n" for day, name, why, where, fee in [
            (2, "R. Ostmark", "rodilla", "Consulta", "30,00"), (3, "T. Reuter", "hombro", "Domicilio", "42,50"),
            (5, "R. Ostmark", "rodilla", "Consulta", "30,00"), (8, "M. Coello", "espalda", "Domicilio", "42,50"),
            (9, "R. Ostmark", "rodilla", "Domicilio", "42,50")]))
    write_xlsx(root / "plan.xlsx", {"Ingresos": [["Mes", "Total"], ["enero", 2100], ["febrero", 2300], ["marzo", 2200]],
                                    "Ahorro": [["Mes", "Total"], ["enero", 100], ["meta (junio 2031)", 900]],
                                    "Gastos": [["Partida", "enero", "febrero", "marzo"], ["Alquiler", 875, 875, 875],
                                               ["Luz", 61.2, 80.5, 58.1], ["Total", 936.2, 955.5, 933.1]]})
    inside = Inside(Toolbox(root))
    out = inside.count_in_file("bank/konto_05.csv", "the biggest outgoing payment in May?")
    assert "The highest Belastung" in out.text and "is 1 045,00" in out.text and "Miete Mai" in out.text, out.text
    came_in = inside.count_in_file("bank/konto_05.csv", "total money received in May")
    assert "The total of Gutschrift over 2 rows" in came_in.text and "is 3 294,60" in came_in.text, came_in.text
    # Money paid to one payee, the columns in words the question does not say: the one column its rows fill.
    write(root / "bank/utskrift.csv", "Dato;Forklaring;Ut;Inn\n02.05.2031;Vipps Fjellstua grendehus;2 400,00;\n"
          "04.05.2031;Lønn;;31 200,00\n09.05.2031;Vipps Fjellstua grendehus;600,00;\n12.05.2031;Butikk;312,40;\n14.05.2031;Refusjon;;250,00\n")
    hall = Inside(Toolbox(root)).count_in_file("bank/utskrift.csv", "What did we pay to rent Fjellstua grendehus?")
    assert "The total of Ut over 2 rows that say Fjellstua, grendehus is 3 000,00." in hall.text, hall.text
    # Every row picked fills both columns: no column is the one asked.
    assert "can be counted" in Inside(Toolbox(root)).count_in_file("bank/utskrift.csv", "what did the statement total?").text
    signed = inside.count_in_file("bank/export.csv", "largest outgoing amount")
    assert "of money going out is -875,00" in signed.text and "Alquiler" in signed.text, signed.text
    # The amounts both in and out are the column asked about, not the balance beside them.
    payment = inside.count_in_file("bank/export.csv", "the biggest payment out of my account in May")
    assert "The highest Importe" in payment.text and "-875,00" in payment.text, payment.text
    spent = inside.count_in_file("bank/export.csv", "total spent")
    assert "is 898,45" in spent.text, spent.text
    # Nor is the balance after each row what the rows a name picks came to, whichever way the rows run.
    write(root / "bank/vypis.csv", "Datum;Popis;Castka;Zustatek\n10.06.2031;ORLIK DUCHOD;+2 000,00;4 500,00\n03.06.2031;Obchod;-50,00;2 500,00\n"
          "10.05.2031;ORLIK DUCHOD;+2 000,00;2 550,00\n02.05.2031;Najem;-450,00;550,00\n")
    pension = Inside(Toolbox(root)).count_in_file("bank/vypis.csv", "what did Orlik come to in all")
    assert "The total of Castka over 2 rows that say Orlik is 4 000,00." in pension.text, pension.text
    # Money out and in in columns of their own, the balance after each beside them.
    write(root / "bank/releve.csv", "Date;Libelle;Debit;Credit;Solde\n2031-03-20;Marche Orlik;40,10;;900,00\n2031-03-02;Virement recu;;500,00;940,10\n"
          "2031-02-11;Marche Orlik;59,90;;440,10\n2031-02-01;Loyer;400,00;;500,00\n2031-01-15;Virement recu;;900,00;900,00\n")
    groceries = Inside(Toolbox(root)).count_in_file("bank/releve.csv", "what did Orlik come to in all")
    assert "The total of Debit over 2 rows that say Orlik is 100,00." in groceries.text, groceries.text
    # How many of a column of amounts: the rows it fills, not the amounts added up.
    credits = Inside(Toolbox(root)).count_in_file("bank/releve.csv", "how many credits came in 2031?").text
    assert credits == "In bank/releve.csv: 2 of its 5 rows have a Credit and say 2031.", credits
    # An English word picks the rows that say it in Spanish; the value said most often, with what its rows say.
    home = inside.count_in_file("visits.csv", "How many home visits?")
    assert home.text == "In visits.csv: 3 of its 5 rows say home.", home.text
    earned = inside.count_in_file("visits.csv", "How many home visits, and how much did they bring in?")
    assert earned.text == "In visits.csv: 3 of its 5 rows say home. Their importe adds up to 127,50.", earned.text
    # The longest of something no column is named for: the table's first figure, its row shown whole.
    longest = inside.count_in_file("visits.csv", "my longest visit?")
    assert 'The highest importe over 5 rows is 42,50, in the row "fecha: 03/05/2031' in longest.text, longest.text
    often = inside.count_in_file("visits.csv", "which patient came most often, and for what?")
    assert "The paciente said most often of the 5 rows is R. Ostmark, in 3 rows" in often.text and "motivo: rodilla" in often.text, often.text
    # A sheet's name says what its rows are; a year no such row says is the workbook's own ("my 2031 plan").
    income = inside.count_in_file("plan.xlsx", "total income in my 2031 plan")
    assert "The total of Total over 3 rows that say income is 6,600" in income.text, income.text
    # Rows named by a month alone are those of the months asked; a month's column is another sheet's.
    spanned = inside.count_in_file("plan.xlsx", "total income for January to February")
    assert "The total of Total over 2 rows that say income is 4,400" in spanned.text, spanned.text
    one = inside.count_in_file("plan.xlsx", "total income for March")
    assert 'Total is 2200 (the row "Mes: marzo' in one.text, one.text
    # Months as columns: the month compared by the row that totals the rows asked about.
    month = inside.count_in_file("plan.xlsx", "which month has the highest planned spending?")
    assert "Of its months, febrero is the highest: 955.50" in month.text and "Partida: Total" in month.text, month.text
    power = inside.count_in_file("plan.xlsx", "which month had the lowest Luz spending?")
    assert "Of its months, marzo is the lowest: 58.10" in power.text, power.text
    february = inside.count_in_file("plan.xlsx", "total spending in February")
    assert "The total of febrero over 2 rows" in february.text and "is 955.50" in february.text, february.text
    june = inside.count_in_file("plan.xlsx", "total spending in June")
    assert "No column of the table is the month asked; its months are enero, febrero, marzo." in june.text and not june.found, june.text


def test_the_release_next_to_one_named_is_the_next_in_number_whatever_the_order(tmp_path):
    inside = counter(tmp_path)
    after = inside.count_in_file("tool/NEWS", "release after 2.9.1")
    assert after.text == after.answer == '3.0 is the release after 2.9.1 in tool/NEWS: "== 3.0: Jan 09, 2031".', after.text
    assert inside.count_in_file("tool/NEWS", "release before 2.9.1").text.startswith('2.9 is the release before 2.9.1 in tool/NEWS: "== 2.9: Aug 01, 2030"')
    # Its notes, when they are asked for: for the model to read.
    notes = inside.count_in_file("tool/NEWS", "release notes after 2.9.1")
    assert notes.text.startswith('tool/NEWS has the release 3.0 on the line "== 3.0: Jan 09, 2031"; under it:\n- new loader') and not notes.answer
    write(tmp_path / "docs/old/ChangeLog", "v0.9 - 2030-01-02\n- start\nv0.12 - 2030-02-03\n- more\nv1.1 - 2030-03-04\n- last\n")
    oldest_first = Inside(Toolbox(tmp_path / "docs")).count_in_file("old/ChangeLog", "release after 0.9")
    assert oldest_first.text.startswith('0.12 is the release after 0.9 in old/ChangeLog: "v0.12 - 2030-02-03"'), oldest_first.text
    # Past either end there is none.
    newest = inside.count_in_file("tool/NEWS", "release after 3.1")
    assert newest.text == "tool/NEWS lists no release after 3.1: it is the newest of its 4." and not newest.found
    oldest = inside.count_in_file("tool/NEWS", "release before 2.9")
    assert oldest.text == "tool/NEWS lists no release before 2.9: it is the oldest of its 4." and not oldest.found


def test_a_span_of_years_picks_the_rows_of_every_year_in_it(tmp_path):
    write(tmp_path / "docs/air/dust.csv", "site,year,dust_t\n" + "".join(f"{site},{year},{value}\n" for site, base in (("quarry", 10), ("harbour", 100))
                                                                       for year, value in zip(range(2028, 2034), range(base, base + 6))))
    inside = Inside(Toolbox(tmp_path / "docs"))
    for what in ("average quarry dust 2029-2032", "average quarry dust from 2029 to 2032", "average quarry dust between 2029 and 2032"):
        result = inside.count_in_file("air/dust.csv", what)
        assert result.text.startswith("In air/dust.csv: The average dust_t over 4 rows that say 2029-2032, quarry is 12.5"), (what, result.text)
    # Two years that are no span still pick the rows that say both (none here).
    assert "No row of the table says" in inside.count_in_file("air/dust.csv", "average quarry dust 2029 2032").text


def test_a_bound_on_a_figure_picks_the_rows_within_it(tmp_path):
    write(tmp_path / "docs/class/marks.csv", "Pupil,Quiz (weight 1),Test T4 (weight 3)\nIlse Varga,6.1,5.5\nTomas Reuter,7.0,4.9\nMina Coello,4.2,9.3\nOle Brandt,8.8,7.7\n")
    inside = Inside(Toolbox(tmp_path / "docs"))
    below = inside.count_in_file("class/marks.csv", "how many pupils scored below 5.5 on test T4")
    assert below.text == 'In class/marks.csv: 1 of its 4 rows have Test T4 (weight 3) below 5.5: "Pupil: Tomas Reuter; Quiz (weight 1): 7; Test T4 (weight 3): 4.9".', below.text
    assert "2 of its 4 rows have Test T4 (weight 3) at least 7" in inside.count_in_file("class/marks.csv", "how many scored at least 7 on test T4").text
    assert "The average Test T4 (weight 3) over 2 rows with Test T4 (weight 3) more than 7 is 8.5" in inside.count_in_file("class/marks.csv", "average test T4 mark more than 7").text
    # A count with no bound adds up the column named, and a year is no bound ("over 2031").
    assert inside.count_in_file("class/marks.csv", "how many quiz points").text == "In class/marks.csv: The total of Quiz (weight 1) over 4 rows is 26.10."
    write(tmp_path / "docs/class/years.csv", "Pupil,Quiz,Year\nIlse Varga,6.1,2031\nTomas Reuter,7.0,2032\nMina Coello,4.2,2031\n")
    assert "over 2 rows that say 2031 is 10.30" in Inside(Toolbox(tmp_path / "docs")).count_in_file("class/years.csv", "how many quiz points over 2031").text


def test_a_column_that_numbers_the_rows_is_no_measure_of_them(tmp_path):
    rows = [(3, "Ada", 96, 30), (1, "Bo", 150, 45), (2, "Cy", 180, 0), (5, "Dag", 120, 45), (4, "Eli", 64, 20)]
    write(tmp_path / "docs/garden/plots.csv", "Plot,Holder,Size (sq ft),Fee\n" + "".join(f"{p},{h},{s},{f}\n" for p, h, s, f in rows))
    inside = Inside(Toolbox(tmp_path / "docs"))
    biggest = inside.count_in_file("garden/plots.csv", "biggest plot").text
    assert biggest.startswith("In garden/plots.csv: The highest Size (sq ft) over 5 rows is 180, in the row \"Plot: 2; Holder: Cy"), biggest
    # A measure the question names stays the one ranked.
    assert "The highest Fee over 5 rows is 45" in inside.count_in_file("garden/plots.csv", "highest fee").text


def test_a_release_headed_by_the_span_it_closes_is_the_version_it_goes_to(tmp_path):
    root = tmp_path / "docs"
    write(root / "quill/NEWS", "Changes from earlier versions of quill\n=====\n\nChanges from 4.1.2 to 5.0.0:\n-----\n\n"
          "* The old parser goes after 5.0.\n\nChanges from 4.1.1 to 4.1.2:\n-----\n\n* A crash fixed.\n\n"
          "Changes from 4.1.0 to 4.1.1:\n-----\n\n* Faster.\n")
    inside = Inside(Toolbox(root))
    newest = inside.count_in_file("quill/NEWS", "newest release").text
    assert newest.startswith('The newest release quill/NEWS lists is 5.0.0: "Changes from 4.1.2 to 5.0.0:" (of 3 releases: 5.0.0, 4.1.2, 4.1.1)'), newest
    notes = inside.count_in_file("quill/NEWS", "release 4.1.2").text
    assert notes == 'quill/NEWS has the release 4.1.2 on the line "Changes from 4.1.1 to 4.1.2:", which gives no date for it; under it:\n- A crash fixed.', notes

    # A release may follow another of the same number with a letter: each is a release of its own, in order.
    write(root / "quill/CHANGES", "CHANGES FROM 5.0b TO 5.1\n\n* New themes.\n\nCHANGES FROM 5.0a TO 5.0b\n\n* A fix.\n\n"
          "CHANGES FROM 5.0 TO 5.0a\n\n* Another fix.\n\nCHANGES FROM 4.1.2 TO 5.0\n\n* Big changes.\n")
    lettered = Inside(Toolbox(root))
    newest = lettered.count_in_file("quill/CHANGES", "newest release").text
    assert newest.startswith('The newest release quill/CHANGES lists is 5.1: "CHANGES FROM 5.0b TO 5.1" (of 4 releases: 5.1, 5.0b, 5.0a, 5.0)'), newest
    before = lettered.count_in_file("quill/CHANGES", "release before 5.0b").text
    assert before.startswith('5.0a is the release before 5.0b in quill/CHANGES: "CHANGES FROM 5.0 TO 5.0a"'), before


def test_the_row_that_changes_most_between_two_columns_is_ranked_in_code(tmp_path):
    """"Which expense goes up the most from the 2030/31 budget to 2031/32?": each row's change from the column named
    first to the one named next, the largest first; the income rows are no expense, the total row no line of its own,
    and the column of estimates between them is neither."""
    write(tmp_path / "club/budget.csv", "Item,Budget 2030/31,Actual 2030/31 (est.),Budget 2031/32\n\"Subscription income\",52000,51000,60000\n"
          "\"Pitch hire\",8400,8400,9100\n\"Insurance premium\",6100,6100,8800\n\"Groundsman\",21000,23500,22500\n\"Total\",87500,89000,100400\n")
    inside = Inside(Toolbox(tmp_path))
    rose = inside.count_in_file("club/budget.csv", "In the club budget, which expense goes up the most from the 2030/31 budget to 2031/32?").text
    assert "the one that goes up most from Budget 2030/31 to Budget 2031/32 is Insurance premium, up 2,700 (6100 to 8800); next is Groundsman, up 1,500" in rose, rose
    fell = inside.count_in_file("club/budget.csv", "which line fell the most from the 2030/31 budget to the actual?").text
    assert "goes down most from Budget 2030/31 to Actual 2030/31 (est.) is Subscription income, down 1,000 (52000 to 51000)." in fell, fell
    assert "No row goes down" in inside.count_in_file("club/budget.csv", "which expense fell the most from the 2030/31 budget to 2031/32?").text


def test_rows_counted_as_owing_are_those_with_something_in_the_owed_column(tmp_path):
    """"How many flats are behind on rent, and what's the total owed?": no cell says "behind"; the rows owing are those
    whose figure in the column of what is owed is above zero, and that column is what they add up to."""
    write(tmp_path / "block/rent roll.csv", "Flat,Tenant,Monthly rent,Arrears\n1,O. Varga,900,0\n2,T. Reuter,950,1900\n3,M. Coello,900,0\n"
          "4,I. Lind,1000,450.50\n5,B. Ek,950,0\n")
    counted = Inside(Toolbox(tmp_path)).count_in_file("block/rent roll.csv", "How many flats are behind on rent in the roll, and what's the total owed?").text
    assert "2 of its 5 rows" in counted and "have Arrears above 0" in counted and "Their Arrears adds up to 2,350.50." in counted, counted


def test_a_running_balance_at_the_end_of_a_period_is_its_latest_row_of_that_period(tmp_path):
    # Newest first, as statements often list their rows, and across a month's end.
    rows = "".join(f"QX{day},2031-{month:02d}-{day:02d} 10:00,Shop {day},-{day}0.00,\"{month * 1000 + day},50\"\n"
                   for month, day in ((8, 2), (7, 30), (7, 12), (7, 3), (6, 28)))
    write(tmp_path / "docs/money/wallet.csv", "Receipt,Time,Details,Withdrawn,Balance\n" + rows.replace(",50\"", ".50\""))
    inside = Inside(Toolbox(tmp_path / "docs"))
    july = inside.count_in_file("money/wallet.csv", "what was my wallet balance at the end of July?").text
    assert "Balance at the end of July is 7030.50" in july, july
    assert "Balance at the end is 8002.50" in inside.count_in_file("money/wallet.csv", "my closing balance?").text
    # A statement whose closing balance is a line of its own, in no column: no column's last row is asked for.
    from filesage.tools.tables import combine_asked
    assert combine_asked("the closing balance on my statement?", ["Date", "Details", "Debit", "Credit"]) == ""
    assert combine_asked("the closing balance on my statement?", ["Date", "Details", "Balance"]) == "last"
    assert "No row of the table is dated in April" in inside.count_in_file("money/wallet.csv", "the balance at the end of April?").text


def test_a_person_named_in_full_whom_no_line_of_a_table_says_is_not_in_it(tmp_path):
    write(tmp_path / "docs/class/sessions.csv", "Student,Sessions attended,Fee paid\nIlse Varga,5,3250\nTomas Reuter,6,3900\nMina Coello,2,650\n")
    inside = Inside(Toolbox(tmp_path / "docs"))
    assert inside.count_in_file("class/sessions.csv", "How many sessions did Ola Brandt attend?").text == \
        "In class/sessions.csv: No row of the table says Ola Brandt."
    assert "6" in inside.count_in_file("class/sessions.csv", "How many sessions did Tomas Reuter attend?").text


def test_how_many_things_of_a_table_counts_its_rows_though_another_word_names_a_number_column(tmp_path):
    """"How many currencies does the codes data list for Norland": the rows that say Norland, counted; the "codes" of
    the data's name names the NumericCode column, which is no reason to add its codes up. "How many hours" adds
    the Hours column."""
    from filesage.tools.tables import table_figure

    rows = ["Entity: NORLAND; Currency: Norland Crown; Code: NLC; NumericCode: 901; MinorUnit: 2",
            "Entity: NORLAND; Currency: Norland Mark; Code: NLM; NumericCode: 902; MinorUnit: 0",
            "Entity: OSTMARK; Currency: Ostmark Thaler; Code: OMT; NumericCode: 903; MinorUnit: 2"]
    assert table_figure(rows, "How many currencies does the codes data list for Norland?", "codes/codes-all.csv") == "2 of its 3 rows say Norland."
    assert table_figure(["Day: Mon; Hours: 3", "Day: Tue; Hours: 4"], "how many hours in all?", "log.csv") == "The total of Hours over 2 rows is 7."


def test_a_running_balance_named_in_another_language_is_read_from_the_last_row(tmp_path):
    """"What balance did my account have after the last transaction?" of a statement in Spanish, newest first: its
    "Saldo" column is the balance, read from the latest row; "at the end of May" from May's latest."""
    from filesage.tools.tables import table_figure

    rows = ["Fecha: 28/06/2031; Descripción: Pago luz; Cargos: 41.200; Saldo: 612.300",
            "Fecha: 02/06/2031; Descripción: Abono; Abonos: 150.000; Saldo: 653.500",
            "Fecha: 30/05/2031; Descripción: Pago agua; Cargos: 18.900; Saldo: 503.500",
            "Fecha: 03/05/2031; Descripción: Abono; Abonos: 90.000; Saldo: 522.400"]
    last = table_figure(rows, "What balance did my account have after the last transaction?", "banco/cartola.csv")
    assert last.startswith("Saldo at the end is 612.300"), last
    may = table_figure(rows, "What was the balance at the end of May 2031?", "banco/cartola.csv")
    assert "Saldo at the end" in may and "is 503.500" in may, may


def test_a_release_line_of_any_length_that_dates_its_version_opens_the_release(tmp_path):
    """"libquill 2.4.1 (2031-07-04) -- "Quill I 20310704 (a release's long motto)"": longer than a heading, and no list
    item, it opens its release because a date follows its version; a note that names a version does not."""
    write(tmp_path / "docs/quill/CHANGES", 'libquill 2.4.1 (2031-07-04) -- "Quill I 20310704 (Now With Far Fewer Surprises Than Before)"\n\n'
          "* Fix a crash on empty input, which 2.3.9 brought in.\n\n"
          'libquill 2.4.0 (2031-03-16) -- "Quill I 20310316 (The One After The Long Winter Of Bugs)"\n\n* New loader.\n')
    inside = Inside(Toolbox(tmp_path / "docs"))
    assert "the release 2.4.1 on the line" in inside.count_in_file("quill/CHANGES", "release 2.4.1").text
    newest = inside.count_in_file("quill/CHANGES", "newest release").text
    assert "is 2.4.1" in newest and "of 2 releases" in newest, newest


def test_a_sheet_named_is_where_the_rows_asked_about_are_and_a_word_of_its_own_language_names_its_column(tmp_path):
    root = tmp_path / "docs"
    write_xlsx(root / "work/heures-log.xlsx", {"2030": [["Client", "Heures"], ["Varga Media", 3], ["Ostmark", 2]],
                                               "2031": [["Client", "Heures"], ["Varga Media", 4], ["Varga Media", 2.5], ["Ostmark", 1]],
                                               "Clients": [["Client", "Ville"], ["Varga Media", "Laval"]]})
    inside = Inside(Toolbox(root))
    assert inside.count_in_file("work/heures-log.xlsx", "how many sheets").text == "work/heures-log.xlsx has 3 sheets (2030, 2031, Clients)."
    # The question says the column's French word too (the file's name): "hours" still names it.
    hours = inside.count_in_file("work/heures-log.xlsx", "How many hours for Varga Media are in the 2031 sheet of heures-log.xlsx?").text
    assert hours == "In work/heures-log.xlsx: The total of Heures over 2 rows that say 2031, Media, Varga is 6.50.", hours


def test_a_gnu_changelogs_releases_are_the_items_that_say_so_dated_by_their_entry(tmp_path):
    root = tmp_path / "docs"
    write(root / "quill/ChangeLog", "2031-05-02  Ida Brandt  <ida@example.org>\n\t* Fix the build\n\t* Quill 2.1.0 released\n\n"
          "2031-04-20  Ida Brandt  <ida@example.org>\n\t* parser.c: a fix that goes on\n\tover two lines\n\n"
          "2030-11-09  Ola Varga  <ola@example.org>\n\n\t* Makefile: add the docs\n\n\t* Quill 2.0.0 released.\n\n"
          "2030-10-01  Ola Varga  <ola@example.org>\n\t* for the coming 2.0.0 release.\n")
    inside = Inside(Toolbox(root))
    assert inside.count_in_file("quill/ChangeLog", "releases").text == "quill/ChangeLog lists 2 releases: 2.1.0, 2.0.0."
    after = inside.count_in_file("quill/ChangeLog", "release after 2.0.0").text
    assert after == '2.1.0 is the release after 2.0.0 in quill/ChangeLog: "2031-05-02 Ida Brandt: Quill 2.1.0 released".', after
    before = inside.count_in_file("quill/ChangeLog", "release before 2.1.0").text
    assert before.startswith('2.0.0 is the release before 2.1.0 in quill/ChangeLog: "2030-11-09 Ola Varga'), before
