"""The searcher on a real index (real embedder, real LEANN graph): passages reranked by what they cover, and
the lines that bear on the question, each under the lines it belongs to."""

import pytest

from bench.corpus import build_corpus
from filesage.language.glossary import CONCEPTS, translations
from filesage.language.text import covers, fold, holders, stem, terms
from filesage.index.store import FolderIndex
from filesage.tools.searcher import Searcher
from filesage.tools.toolbox import Toolbox
from tests.conftest import wallet_statement, write


@pytest.fixture(scope="module")
def searcher(tmp_path_factory, embedder):
    root = build_corpus(tmp_path_factory.mktemp("corpus"))
    # A changelog whose releases run longer than a chunk: an entry far below its release's title.
    filler = "".join(f"* Tidy the build scripts, part {n} of the long clean-up\n" for n in range(40))
    write(root / "code/widget/CHANGES", "2.4.0 (Mar 3, 2031)\n===================\n\nFeatures:\n---------\n" + filler
          + "* Add widget_set_colour_depth, see #812\n\n2.3.9 (Jan 9, 2031)\n===================\n\nFixes:\n------\n* Fix the spinner\n")
    write(root / "code/gadget/ChangeLog", "2031.02.01, Version 5.1.0 (Stable)\n\nChanges since version 5.0.2:\n\n" + filler.replace("*", "\n*")
          + "\n* unix: add gadget_os_tune() (mira)\n")
    write(root / "config/services.yaml", "services:\n  billing:\n    port: 8081\n    timeout_seconds: 30\n  reports:\n    port: 8090\n    timeout_seconds: 120\n")
    index = FolderIndex(root, embedder, tmp_path_factory.mktemp("idx"))
    index.refresh()
    return Searcher(index)


def searcher_of(root, embedder, tmp_path) -> Searcher:
    """A searcher over a folder just indexed."""
    index = FolderIndex(root, embedder, tmp_path / "idx")
    index.refresh()
    return Searcher(index, scope=Toolbox(root).scope)


def test_the_line_that_answers_comes_with_its_source(searcher):
    result = searcher.semantic_search("Which port does the billing service use?")
    assert result.found and result.paths[0] in ("code/config.json", "config/services.yaml")
    assert "8080" in result.text or "8081" in result.text
    assert f"From {result.paths[0]} (" in result.basis and result.locations[result.paths[0]].startswith("lines")


def test_a_line_is_shown_under_the_lines_it_belongs_to(searcher):
    result = searcher.semantic_search("timeout of the reports service")
    assert "reports: › timeout_seconds: 120" in result.text
    assert holders(["def f():", '    """Doc."""', "    return 4"], 2) == ["def f():"]
    assert holders(["# Meeting", "", "- Decision: yes"], 2) == ["# Meeting"]


def test_a_changelog_entry_comes_with_its_release_though_the_title_is_chunks_above(searcher):
    assert holders(["1.0 (May 2031)", "====", "Fixes:", "----", "* a fix"], 4) == ["1.0 (May 2031)", "Fixes:"]
    # A version is one term, not its parts: "2.3.9" tells its release apart where "2", "3" and "9" do not.
    assert terms("widget 2.3.9 spinner") == {"widget", "2.3.9", "spinner"}
    spinner = searcher.semantic_search("which widget version fixed the spinner?")
    assert "2.3.9 (Jan 9, 2031) › Fixes: › * Fix the spinner" in spinner.text, spinner.text
    assert holders(["v2, 2031-01-01", "", "Changes since v1:", "", "* new"], 4) == ["v2, 2031-01-01", "Changes since v1:"]
    # The "[heading]" a reader puts atop a piece is no title, though a rule of the document follows it.
    assert holders(["[# News for widget 2.5 (2032)]", "-----", "", "# News for widget 2.4 (2031)", "", "Fixes the spinner."], 5) == ["# News for widget 2.4 (2031)"]
    added = searcher.semantic_search("which widget release added widget_set_colour_depth?")
    assert "2.4.0 (Mar 3, 2031) › Features: › * Add widget_set_colour_depth" in added.text, added.text
    tuned = searcher.semantic_search("in which gadget version was gadget_os_tune added?")
    assert "2031.02.01, Version 5.1.0 (Stable) › Changes since version 5.0.2: › * unix: add gadget_os_tune()" in tuned.text, tuned.text


def test_passages_that_cover_the_question_come_first(searcher):
    # The question's rare words decide: the page that names the vendor's invoice and its total.
    result = searcher.semantic_search("total due on the Brightline Electric invoice")
    assert result.paths[0] == "finance/invoices/invoice_2025_017.pdf" and "1,980.00" in result.text


def test_nothing_about_the_question_is_not_found(searcher):
    result = searcher.semantic_search("the registration plate of the motorbike")
    assert not result.found and result.text.startswith("The closest passages")


def test_a_dates_day_is_said_by_its_date_term_not_as_a_number_of_its_own():
    # "9 Feb" is about a line dated 09/02, not about any figure with a 9 in it ("7,9 kWh").
    assert terms("the bill issued on 9 February 2031") & terms("Meter: 7,9 kWh") == set()
    assert {"date:2-9", "2031"} <= terms("the bill issued on 9 February 2031") & terms("Issued: 09/02/2031")
    assert terms("7 rooms, 9 beds") >= {"7", "9", "room"}


def test_terms_meet_across_forms():
    assert terms("How many servings?") & terms("Serves 8.")
    assert "date:3-14" in terms("launch by March 14") and "date:3-14" in terms("2025-03-14")
    # A name in camel case says its words, and stays whole too.
    assert {"condition", "path", "exist", "conditionpathexist"} <= terms("ConditionPathExists=/etc/acme.conf")
    assert terms("which path must exist") & terms("ConditionPathExists=/etc/acme.conf") == {"path", "exist"}
    # A long word declined by its last vowel is the same word; a short one, or another consonant, is not.
    assert covers("fattura", terms("le fatture di marzo")) and covers("kaucja", terms("wysokość kaucji"))
    assert not covers("pasta", terms("paste it")) and not covers("formal", terms("formas"))
    # A long word with a case ending of a few letters is the word the text says ("veronpalautusta": its refund).
    assert covers(stem("veronpalautusta"), terms("VERONPALAUTUS 412,17 €")) and covers(stem("maaliskuun"), terms("maaliskuu 2031"))
    assert not covers(stem("important"), terms("import it")) and not covers(stem("planets"), terms("the plan"))
    # A letter of its own ("ø", "ł") is kept, as the keyword index keeps it: the name is the name the files say.
    assert terms("Kari Bjørnvik, tlf. 913 44 208") >= {"bjørnvik", "kari"} and fold("Składka – 45 zł") == "składka  45 zł"
    # Or with another ending in place of its last letters; eight letters alike before the endings, or it is another word.
    assert covers(stem("parkeringsplass"), terms("Parkeringsplassen koster 450 kr")) and covers(stem("autopaikka"), terms("Autopaikan vuokra"))
    assert not covers(stem("contract"), terms("on the contrary")) and not covers(stem("department"), terms("departure time"))
    # The one who does a trade is its trade; a short word ending in "er" is no one's trade.
    assert covers(stem("caterer"), terms("Salthill Kitchen Catering")) and covers(stem("plumber"), terms("Plumbing and heating"))
    assert not covers(stem("letter"), terms("letting agent")) and not covers(stem("water"), terms("wat is dit"))
    # "N° 12" is a number's sign, no degree: a receipt's number is no temperature.
    assert "number" in terms("receipt N° 12") and not {"degre", "degr", "temperatur"} & terms("receipt N° 12")
    assert "temperatur" in terms("set it to 180 °C")


def test_a_question_finds_a_file_written_in_another_language(tmp_path, embedder):
    root = tmp_path / "folder"
    write(root / "home/Mietvertrag_Müllerstraße.md", "# Mietvertrag über Wohnraum\n\n§ 4 Miete: Die Kaltmiete beträgt 1.150,00 EUR monatlich.\n"
          "§ 5 Kaution: Der Mieter leistet eine Mietsicherheit in Höhe von 3.450,00 EUR.\n§ 7 Kündigung: Die Kündigungsfrist beträgt drei Monate.\n")
    write(root / "finance/invoice_ironclad_security.md", "Invoice from Ironclad Security\nAlarm system service\nTotal due: $1,181.51\n")
    write(root / "notes/todo.md", "- renew the passport\n- pay the deposit for the climbing course: 40 EUR\n")
    index = FolderIndex(root, embedder, tmp_path / "idx")
    index.refresh()
    result = Searcher(index).semantic_search("how big is the security deposit on my lease")
    assert result.paths[0] == "home/Mietvertrag_Müllerstraße.md" and "3.450,00 EUR" in result.text.split("\n")[1], result.text
    # The other way round: a German question finds the English invoice.
    result = Searcher(index).semantic_search("Rechnung von Ironclad Security, Betrag?")
    assert result.paths[0] == "finance/invoice_ironclad_security.md"


def test_a_month_asked_picks_the_document_of_that_month(tmp_path, embedder):
    """Bills of one supplier for three months read almost the same: the one of the month asked (by its billing period,
    whatever day it was issued) is what a search of them gives, asked in English or in the bills' language; what it comes
    to is its first line, before its total without tax."""
    root = tmp_path / "folder"
    for month, issued, total in (("01", "5.2.2031", "109,35"), ("02", "5.3.2031", "98,10"), ("03", "3.4.2031", "91,44")):
        write(root / f"koti/sahko/lasku_{month}.txt", f"Kuusiston Energia Oy – Sähkölasku\nLaskun päivämäärä: {issued}\n"
              f"Laskutuskausi: 1.{int(month)}.–28.{int(month)}.2031\nKulutus: 612 kWh\nEnergia 612 kWh × 8,20 snt/kWh: 50,18 €\n"
              f"Energian perusmaksu: 3,95 €\nSiirto 612 kWh × 4,15 snt/kWh: 25,40 €\nVeroton yhteensä: 80,00 €\nMaksettava yhteensä: {total} €\n"
              "Kiitos, että olet asiakkaamme. Jos lasku on jo maksettu, tämä viesti ei koske sinua, ja voit jättää sen huomiotta.\n")
    write(root / "notes/todo.md", "- call the plumber about the sink\n- renew the passport\n")
    index = FolderIndex(root, embedder, tmp_path / "idx")
    index.refresh()
    result = Searcher(index).semantic_search("How much was the January electricity bill?")
    assert result.paths == ["koti/sahko/lasku_01.txt"] and "109,35" in result.text.splitlines()[1], result.text  # the total, before the net
    assert Searcher(index).semantic_search("maaliskuun sähkölasku").paths == ["koti/sahko/lasku_03.txt"]
    assert len(Searcher(index).semantic_search("electricity bill total").paths) > 1


def test_a_month_asked_is_said_by_a_statement_dated_in_it(tmp_path, embedder):
    """A statement of one month's rows dates each in figures ("2031-06-03") and says no month's name; a letter that
    mentions the month by name ("before 18th June 2031") had all of the question's words and was the only one found,
    so the answer was "nothing for June". Dated in the month asked, a passage covers its name."""
    root = tmp_path / "folder"
    wallet_statement(root, 6, 12, 90)
    index = FolderIndex(root, embedder, tmp_path / "idx")
    index.refresh()
    result = Searcher(index).semantic_search("What was my Wallet-Pay balance at the end of June?")
    assert result.paths[0] == "money/Wallet statement Jun 2031.csv", result.text


@pytest.mark.parametrize("files, question, wanted, said", [
    # Of many translations of the question's words, the one the note says covers its word as fully as the word would.
    ({"privat/notizen": "Gesundheit\n- Zahnarzt: Dr. Brenner, Lindenweg 3 – Kontrolle Di 14.04.2031 um 8:30\n"
                         "Einkauf\n- Milch, Brot, Äpfel und Kaffee für die Woche\n",
      "work/meeting.md": "# Planning meeting\n\nWe agreed to move the release to the next sprint.\n"},
     "next dentist appointment", "privat/notizen", "14.04.2031"),
    # The short words of a question in the folder's language, and its date's day and month said again, tell nothing.
    ({"cabinet/reunion.md": "# Réunion du 10 février 2031\n\n- Le cabinet ouvre le samedi de 8 h à 12 h à partir du 7 mars 2031, "
                            "le matin, et le planning est dans le classeur.\n- Le loyer du local passe à 640 € par mois et par associé.\n",
      "achats/ticket_pharmacie_2031-03-07.txt": "PHARMACIE DES QUAIS\n07/03/2031 11:42\nBANDE COHESIVE 4,15\nTOTAL TTC 23,85\n"},
     "Combien ai-je payé à la pharmacie le 7 mars ?", "achats/ticket_pharmacie_2031-03-07.txt", "23,85"),
    # Norwegian and Danish share most of their short words (and many with Swedish): each is searched in its own words.
    ({"bolig/garasje_kontrakt.txt": "Leiekontrakt for garasjeplass nr. 14\nUtleier: Fjellsiden borettslag\nLeie: 950 kr per måned, "
                                   "betales forskuddsvis til konto 1503.22.11111\nDepositum: 2 850 kr, som blir satt inn på en egen konto\n"
                                   "Oppsigelsestid: én måned, og den regnes fra utgangen av måneden\n",
      "notes/kayak.md": "# Kayak course\n\nThe course starts in May and the club asks for a deposit when the boats are handed out.\n"},
     "what deposit did I pay for the garage", "bolig/garasje_kontrakt.txt", "2 850 kr"),
    ({"sundhed/kvittering_0311.txt": "Klinikken på Torvet\nKvittering for behandling hos tandlæge Ida Holm\nUndersøgelse og rens: 640,00 kr.\n"
                                    "Røntgen: 310,00 kr.\nI alt betalt: 950,00 kr.\nTak for besøget, og husk at bestille en ny tid hos os af hensyn til "
                                    "din næste kontrol, som vi anbefaler efter et år\n",
      "notes/health.md": "# Health\n\nBook a check-up with the doctor after the summer, and ask about the knee.\n"},
     "how much was the dentist?", "sundhed/kvittering_0311.txt", "950,00"),
])
def test_a_question_meets_the_folders_other_language_by_what_its_words_say(tmp_path, embedder, files, question, wanted, said):
    for path, text in files.items():
        write(tmp_path / "folder" / path, text)
    result = searcher_of(tmp_path / "folder", embedder, tmp_path).semantic_search(question)
    assert result.paths[0] == wanted and said in result.text, result.text


def test_translations_are_of_the_folders_other_languages():
    assert translations(terms("security deposit on my lease"), {"English", "German"}) == {
        "kaution": "deposit", "mietsicherheit": "deposit", "mietvertrag": "leas"}
    assert translations(terms("security deposit on my lease"), {"English"}) == {}
    # Words the question already has are not added again; the translation goes to the asked word's term.
    assert translations(terms("Wie hoch ist die Kaution?"), {"German", "English"}) == {"deposit": "kaution"}
    # The words of a visit, a refund and a decision, as bills, reminders and minutes write them.
    assert translations(terms("when is the dentist appointment?"), {"English", "French"}) == {
        "rendez": "appointment", "rdv": "appointment", "dentaire": "dentist"}
    assert set(translations(terms("did the board approve the refund?"), {"English", "Dutch"})) >= {"goedgekeurd", "terugbetaling"}
    # The days of the week, as a timetable in another language writes them; no English word stands for a concept.
    timetable = next(language for concept in CONCEPTS for language, said in concept.items() if "keskiviikko" in said)
    assert translations(terms("what time is wednesday training"), {"English", timetable})["keskiviikko"] == "wednesday"
    assert "pass" not in translations(terms("what time is wednesday training"), {"English", "Swedish"})
    # A folder judged Swedish may be Norwegian or Danish: their words, too near to be told apart, are searched with it.
    assert {"husleie", "husleje", "hyra"} <= set(translations(terms("the rent"), {"English", "Swedish"}))


def test_a_search_kept_within_a_file_or_folder(tmp_path, embedder):
    from filesage.index.store import FolderIndex
    from filesage.tools.searcher import Searcher
    from filesage.tools.toolbox import Toolbox
    from tests.conftest import write

    root = tmp_path / "docs"
    write(root / "alpha/README", "Alpha daemon\nThe default port is 7311.\n")
    write(root / "beta/README", "Beta daemon\nThe default port is 9922.\nLogs go to /var/log/beta.\n")
    box = Toolbox(root)
    searcher = Searcher(FolderIndex(box.root, embedder, tmp_path / "idx", files=lambda: box.entries), scope=box.scope)
    assert searcher.semantic_search("default port", within="beta/README").paths == ["beta/README"]
    assert searcher.semantic_search("default port", within="alpha").paths == ["alpha/README"]
    # Nothing in the scope: the whole folder, said so; no such scope, or "all files": every file.
    elsewhere = searcher.semantic_search("where do the logs go", within="alpha/README")
    assert elsewhere.paths[0] == "beta/README" and elsewhere.text.startswith("(Note: Nothing in alpha/README is about")
    nowhere = searcher.semantic_search("default port", within="gamma").text
    assert "every file was searched" in nowhere
    # What the search says of itself is no line of a file: no answer quotes it as what the files say.
    from filesage.grounding.claims import Evidence
    from filesage.grounding.lines import evidence_lines
    from filesage.policies.reading import found_lines
    assert not [line for line in found_lines([elsewhere.text, nowhere]) if "searched" in line or "Nothing in" in line]
    assert not [e for e in evidence_lines(Evidence(["q", elsewhere.text, nowhere])) if "Nothing in" in e.text or "searched" in e.text]
    assert set(searcher.semantic_search("default port", within="all files").paths) == {"alpha/README", "beta/README"}


def test_in_a_config_file_the_setting_outranks_the_comments_about_it(tmp_path, embedder):
    from filesage.index.store import FolderIndex
    from filesage.tools.toolbox import Toolbox

    root = tmp_path / "docs"
    write(root / "redis/redis.conf", "# Redis configuration file example.\n#\n# Accept connections on the specified port, default is 6379.\n"
          "# If port 0 is specified Redis will not listen on a TCP socket.\n# The port setting below is the port.\nport 6379\n\n"
          "# Close the connection after a client is idle for N seconds (0 to disable)\ntimeout 0\n")
    write(root / "notes.md", "# Port notes\n\nThe staging port is 7000.\n")
    box = Toolbox(root)
    searcher = Searcher(FolderIndex(box.root, embedder, tmp_path / "idx", files=lambda: box.entries), scope=box.scope)
    result = searcher.semantic_search("which port does redis listen on", within="redis/redis.conf")
    first = result.text.split("\n")[1]
    assert "port 6379" in first and not first.lstrip().startswith("#"), result.text
    # '#' starts a comment in a config file, so no comment is shown as the heading a setting belongs under.
    assert holders(["# Port", "port 6379"], 1, headings=False) == [] and holders(["# Port", "port 6379"], 1) == ["# Port"]
    # A config file named without an extension: the setting the question's words name ("workers = 12") outranks
    # comments that repeat more of the question, even when it sits in a passage that matches the question less.
    comments = "".join(f"# Section {n}: when you raise the workers of the pool, mind the queue; 8 workers of {n} each.\n#\n" for n in range(30))
    write(root / "gearbox/gearboxrc", comments + "# The default number of simulated workers.\n#\nworkers = 12\n#\n" + comments)
    box = Toolbox(root)
    searcher = Searcher(FolderIndex(box.root, embedder, tmp_path / "idx", files=lambda: box.entries), scope=box.scope)
    result = searcher.semantic_search("how many simulated workers does the pool in gearboxrc run", within="gearbox/gearboxrc")
    assert "workers = 12" in result.text.split("\n")[1], result.text


def test_the_row_that_names_the_thing_asked_is_not_crowded_out_by_long_lines_about_the_list(tmp_path, embedder):
    root = tmp_path / "data"
    blurb = ("This dataset lists the international dialling codes of every country, with the country's English name and its code, "
             "updated by a script that reads the telecommunication union's tables; codes of {n} kinds are kept in separate files so that "
             "each list of dialling codes stays small and each country code list can be loaded alone.")
    write(root / "dialling/README.md", "# Dialling codes\n\n" + "\n\n".join(f"## Part {n}\n\n{blurb.format(n=n)}" for n in range(8)))
    countries = ["Norland", "Ostmark", "Velmora", "Tuvalu", "Quessia", "Brandholm", "Caldera", "Pellitor"]
    write(root / "dialling/country-codes.csv", "country,code\n" + "".join(f"{name},{600 + n * 11}\n" for n, name in enumerate(countries)))
    index = FolderIndex(root, embedder, tmp_path / "idx")
    index.refresh()
    # A stem that is no word of the files ("diall") is as common as its forms, not as rare as an unknown word.
    chunks, frequencies = index.document_frequencies(["diall", "tuvalu", "zanzibar"])
    assert frequencies["diall"] >= frequencies["tuvalu"] >= 1 and frequencies["zanzibar"] == 0
    result = Searcher(index).semantic_search("What's the dialling code for Tuvalu in my country codes list?")
    assert "Tuvalu" in result.text and "633" in result.text, result.text
    assert len(result.text) <= 2600


def test_a_heading_found_is_shown_with_what_it_heads(tmp_path, embedder):
    root = tmp_path / "tools"
    write(root / "ferry/ferry.1", ".TH FERRY 1\n.SH NAME\nferry \\- copy files\n.SH OPTIONS\n.TP\n.B \\-q\nQuiet.\n.SH AUTHORS\n"
          "Ada Lindqvist <ada@example.org>, Bo Ekholm <bo@example.org>\n.SH HOME\nhttps://example.org/ferry\n")
    index = FolderIndex(root, embedder, tmp_path / "idx")
    index.refresh()
    result = Searcher(index).semantic_search("who are the authors in the ferry man page?")
    assert "# AUTHORS › Ada Lindqvist <ada@example.org>, Bo Ekholm <bo@example.org>" in result.text, result.text


def test_an_option_asked_by_its_letter_is_found_with_what_it_does(tmp_path, embedder):
    root = tmp_path / "tools"
    options = "".join(f".PP\n\\fB \\-{letter}\\fR, \\fB\\-\\-{name}\\fR\n.RS 4\n{what}\n.RE\n" for letter, name, what in (
        ("a", "show-all", "Show every interface, even those that are down."), ("q", "quiet", "Print nothing but errors."),
        ("b", "use-bit", "Show rates in bits per second instead of bytes per second."), ("r", "read-interval", "Seconds between two reads.")))
    write(root / "meter/meter.8", f".TH METER 8\n.SH NAME\nmeter \\- watch the network\n.SH OPTIONS\n{options}.SH FILES\n/etc/meter.conf\n")
    write(root / "meter/README.md", "# meter\n\nmeter watches your network interfaces and shows their rates. Run meter --help for its options.\n")
    result = searcher_of(root, embedder, tmp_path).semantic_search("What does meter's -b option do?")
    first = result.text.splitlines()[1]
    assert first == "- # OPTIONS › -b, --use-bit: Show rates in bits per second instead of bytes per second.", result.text


def test_a_paragraph_on_one_line_is_shown_by_its_sentences_about_the_question():
    from filesage.tools.searcher import LINE_CHARS, excerpt

    filler = "This sentence talks about something else entirely and goes on for a while. " * 8
    line = filler + "Multiple --keep directories may be given, up to a limit of 20 of them. " + filler
    shown = excerpt(line, {t: 1.0 for t in terms("how many --keep directories at most")})
    assert "up to a limit of 20" in shown and len(shown) <= LINE_CHARS + 4 and shown.startswith("… ") and shown.endswith(" …")
    assert excerpt("A short line.", {}) == "A short line."


def test_an_amount_asked_for_comes_with_the_lines_that_give_one(tmp_path, embedder):
    root = tmp_path / "bills"
    for month, total in (("May", "88.40"), ("June", "91.10")):
        write(root / f"power/brightwatt_{month.lower()}_2031.txt",
              f"Brightwatt Power Ltd - INVOICE\nBrightwatt Power Ltd, 4 Mill Lane, Leeds\nBilling: billing@brightwatt.example\n"
              f"Bill to: Ines Moreau, 9 Quay Road\nSupply period: {month} 2031\nCustomer number: BW-7731\n"
              f"Energy used 412 kWh 0.18 74.16\nStanding charge 30 days 0.25 7.50\nTotal due: GBP {total}\nThank you for choosing Brightwatt Power.\n")
    result = searcher_of(root, embedder, tmp_path).semantic_search("How much was the Brightwatt Power bill for May 2031?")
    assert "Total due: GBP 88.40" in result.text, result.text


def test_a_name_the_question_gives_picks_its_passages_and_its_document(tmp_path, embedder):
    root = tmp_path / "docs"
    write(root / "finance/budget_2031.csv", "category,planned,actual\nTravel,900,1012\nHosting,750,797\nTotal,3820,3644\n")
    write(root / "travel/Kerncon_2031.md", "# Kerncon 2031 in Ghent\n\nTalks on Saturday.\n\nBudget: trains €140, hotel €300, food ~€90.\n")
    searcher = searcher_of(root, embedder, tmp_path)
    result = searcher.semantic_search("What's the total planned budget for the Kerncon trip?")
    assert result.paths == ["travel/Kerncon_2031.md"] and "Budget: trains €140" in result.text, result.text
    # Kept to a document that never names it, the search goes on to the one that does, and says so.
    scoped = searcher.semantic_search("What's the total planned budget for the Kerncon trip?", within="finance/budget_2031.csv")
    assert scoped.paths == ["travel/Kerncon_2031.md"] and "Nothing in finance/budget_2031.csv" in scoped.text, scoped.text


def test_an_older_release_is_shown_under_its_own_heading(tmp_path, embedder):
    """A changelog whose first line is its newest release: an older release's line comes with that release's
    heading and date, never with the newest one's."""
    root = tmp_path / "folder"
    releases = [("3.5.0", "13 Aug 2031"), ("3.4.2", "28 Apr 2031"), ("3.4.1", "16 Jan 2030")]
    write(root / "tools/quux/NEWS.md", "".join(
        f"# NEWS for quux {version} ({day})\n\nRelease {version} is a {'security' if version == '3.4.2' else 'bug-fix'} release.\n\n"
        # So many fixes that a piece starts at the rule between two releases, which is no title's underline.
        + "".join(f"- fixed the frob handling, case {n:02d}\n" for n in range(22)) + "\n" + "-" * 70 + "\n\n" for version, day in releases))
    result = searcher_of(root, embedder, tmp_path).semantic_search("When was quux 3.4.2 released?")
    shown = [line for line in result.text.splitlines() if "Release 3.4.2 is" in line]
    assert shown and all(line.startswith("- # NEWS for quux 3.4.2 (28 Apr 2031)") for line in shown), result.text


def test_a_config_files_section_says_what_its_settings_are_for(tmp_path, embedder):
    root = tmp_path / "etc"
    write(root / "relay/relay.conf", "# relay.conf, version 2\n#\n# The upstream hosts, one per line, tried in order.\n"
          "[upstreams]\n# type  host  port\n#       types: tcp, udp\n# add hosts here ...\ntcp 10.20.30.40 7412\n\n"
          "[logging]\n# where the log goes\nlevel warn\n")
    write(root / "relay/README", "relay forwards connections to the upstream hosts named in relay.conf.\n")
    result = searcher_of(root, embedder, tmp_path).semantic_search("Which host is in the [upstreams] of the relay config?")
    assert "From relay/relay.conf (lines 1-12):\n- [upstreams] › tcp 10.20.30.40 7412\n" in result.text, result.text
    # A setting is under its section; a comment talks about the section, and is under none.
    lines = ["[upstreams]", "# add hosts here", "tcp 10.20.30.40 7412", "[logging]", "level warn"]
    assert holders(lines, 2, headings=False) == ["[upstreams]"] and holders(lines, 4, headings=False) == ["[logging]"]
    assert holders(lines, 1, headings=False) == [] and holders(lines, 3, headings=False) == []


def test_a_numbered_sections_heading_heads_its_lines():
    lines = ["3 Design", "3.1 Page Size", "Pages are small.", "3.2 Block Size", "We chose blocks of", "16 MB, far above the usual size.",
             "3.2.1 Padding", "A short block is padded."]
    assert holders(lines, 5) == ["3.2 Block Size"] and holders(lines, 7) == ["3.2 Block Size", "3.2.1 Padding"]
    assert holders(lines, 3) == [] and holders(lines, 2) == ["3.1 Page Size"]
    # A help file's entries open with their tags on a line of their own, after a rule that no line above underlines.
    help_lines = ["    let g:paneWidth = 12", "<", "-" * 40, " " * 50 + "*paneWidth*", "Values: a positive integer.", "Default: 24.", "",
                  "-" * 40, " " * 50 + "*paneSide*", "Default: 0"]
    assert holders(help_lines, 5) == ["*paneWidth*"] and holders(help_lines, 9) == ["*paneSide*"], [holders(help_lines, 5), holders(help_lines, 9)]
    # A count or a list item is no heading: "16 MB" heads nothing, nor "2. Open the box".
    assert holders(["16 MB", "of memory"], 1) == [] and holders(["2. Open the box", "then close it"], 1) == []


def test_a_month_asked_finds_the_row_dated_in_it(tmp_path, embedder):
    root = tmp_path / "data"
    rows = "".join(f"2031-{month:02d}-{days},{value}\n" for month, days, value in
                   ((1, 31, "17.20"), (2, 28, "61.05"), (3, 31, "44.90"), (4, 30, "23.15"), (11, 28, "31.70"), (12, 31, "29.95")))
    write(root / "markets/gauge-monthly.csv", "Date,Close\n" + rows)
    result = searcher_of(root, embedder, tmp_path).semantic_search("What was the gauge's monthly close in February 2031?")
    assert result.text.splitlines()[1] == "- Date: 2031-02-28; Close: 61.05", result.text


def test_a_short_document_named_is_shown_whole_though_it_says_none_of_the_questions_words(tmp_path, embedder):
    root = tmp_path / "src"
    write(root / "quill/VERSION", "4.8.21 2031-05-06T10:00:00Z\n")
    write(root / "quill/README.md", "# quill\n\nquill writes notes. Pre-release version numbers of quill 5 start with 4.99.\n")
    write(root / "larkspur/VERSION", "0.3\n")
    result = searcher_of(root, embedder, tmp_path).semantic_search("Which quill version does its VERSION file say?", within="quill/VERSION")
    assert result.found and result.text == "From quill/VERSION (lines 1):\n- 4.8.21 2031-05-06T10:00:00Z", result.text
    # A page in another language, asked in words it does not say ("VAT" of an invoice that says "ALV"): read whole.
    write(root / "kuitit/lasku_0042.txt", "Telakka Oy – LASKU\nEräpäivä: 17.11.2031\nVeroton yhteensä: 805,00 €\nALV 25,5 %: 205,28 €\n"
          "Maksettava yhteensä: 1 010,28 €\n")
    invoice = searcher_of(root, embedder, tmp_path).semantic_search("How much VAT is in it?", within="kuitit/lasku_0042.txt")
    assert invoice.found and "- ALV 25,5 %: 205,28 €" in invoice.text.splitlines(), invoice.text
    # A longer document is searched by its lines as any other.
    write(root / "kuitit/pitkä.txt", "".join(f"Rivi {n}: tavaraa {n} kpl, hinta {n},00 €\n" for n in range(200)))
    assert not searcher_of(root, embedder, tmp_path).semantic_search("How much VAT is in it?", within="kuitit/pitkä.txt").found


def test_a_list_item_is_led_by_its_own_release_not_the_one_above_its_list():
    lines = ["quill NEWS", "", "Release 2.1", "", "* faster start", "* fewer crashes", "", "Release 2.0", "", "* new parser",
             "* drop the old flags"]
    assert holders(lines, 10) == ["Release 2.0"] and holders(lines, 5) == ["quill NEWS", "Release 2.1"]
    # A lead of its own over the list's lead stays ("4.2 (May 2031)" over "Changes:").
    assert holders(["4.2 (May 2031)", "Changes:", "* faster start"], 2) == ["4.2 (May 2031)", "Changes:"]


def test_a_kind_of_paper_asked_picks_the_documents_that_call_themselves_so(tmp_path, embedder):
    """A caterer's quote, the invoice that cites it and a budget that lists the invoiced figure all say the caterer and
    a total: asked for the quote's total, the search gives the quote's lines (named so, or titled so in a scan named
    anyhow); asked for the invoice, the invoice's."""
    root = tmp_path / "folder"
    write(root / "party/Brightwater quote Q-77.txt", "Brightwater Catering\nQUOTE Q-77\nCanapés for 40 guests   1,200.00\n"
          "QUOTE TOTAL (incl. tax)   1,380.00\nThis quote is an estimate; the final invoice reflects the confirmed numbers.\n")
    write(root / "party/scan_0031.txt", "Brightwater Catering\nTAX INVOICE INV-509\nReference: Quote Q-77 (confirmed)\n"
          "Canapés for 46 guests   1,380.00\nINVOICE TOTAL (incl. tax)   1,587.00\n")
    write(root / "party/budget.md", "# Party budget\n| Item | Supplier | Quoted/Invoiced |\n| Catering | Brightwater Catering | 1,587.00 (invoice INV-509) |\n")
    searcher = searcher_of(root, embedder, tmp_path)
    assert searcher.semantic_search("What's the total on the caterer's quote?").paths == ["party/Brightwater quote Q-77.txt"]
    assert searcher.semantic_search("the total of the Brightwater catering invoice").paths == ["party/scan_0031.txt"]
    # Asked of no kind of paper, every document found stays.
    assert len(searcher.semantic_search("Brightwater Catering total").paths) > 1


def test_a_bill_asked_as_a_whole_comes_with_its_total_from_another_chunk(tmp_path, embedder):
    """A long estimate found by its heading: its total is in its last chunk, and comes with it."""
    items = "".join(f"  Item {n} - joinery and fitting work, stage {n}          ${n * 110}.00\n" for n in range(1, 30))
    write(tmp_path / "root" / "reno" / "Q-7 Larchwood estimate.txt",
          f"Larchwood Joinery Ltd\nESTIMATE Q-7\nProject: Attic conversion\n{items}Estimate total: $47,850.00\nValid for 30 days\n")
    write(tmp_path / "root" / "notes.txt", "Call the council about the attic permit.\n")
    found = searcher_of(tmp_path / "root", embedder, tmp_path).semantic_search("What was the Larchwood estimate for the attic?")
    assert "Estimate total: $47,850.00" in found.text, found.text


def test_a_search_kept_to_a_document_finds_what_it_says_in_its_own_words(tmp_path, embedder):
    """"When is the rest due?" of a booking that says "balance payable by": kept to that document, the question's words'
    synonyms are its words; the line about the balance comes first, not the booking's other dates."""
    root = tmp_path / "docs"
    write(root / "trip/booking.txt", "Booking confirmation BK-4471\nArrival: 12 June 2031\nDeparture: 15 June 2031\n"
          "Booked on: 2 March 2031\nThe remaining balance is payable by 20 May 2031.\nGuests: 4 adults\n")
    write(root / "trip/notes.txt", "Packing list: boots, rain jacket, maps.\n")
    result = searcher_of(root, embedder, tmp_path).semantic_search("when is the outstanding amount due", within="trip/booking.txt")
    assert result.found and result.text.split("\n")[1].endswith("The remaining balance is payable by 20 May 2031."), result.text


def test_who_wrote_a_program_is_what_its_authors_list_says(tmp_path, embedder):
    """"Who wrote X" of a program's folder: the list of its authors says it under "Original Author", in other words
    than the question's; the tutorial that names the program on every line comes after it."""
    root = tmp_path / "docs"
    write(root / "tools/quill/AUTHORS", "Maintainers\n-----------\nIvo Sand <ivo@example.org>\n\nOriginal Author\n---------------\n"
          "Tove Marsh <tove@example.org>\n\nCredits\n-------\nthe colour themes by Ruth Ames\n")
    write(root / "tools/quill/tutorial.txt", "".join(f"Step {n}: start quill and press {n} to open quill's menu {n}.\n" for n in range(1, 30)))
    write(root / "tools/quill/README.md", "# quill\n\nA small text editor. Run `quill FILE` to edit a file with quill.\n")
    for topic in ("keys", "themes", "macros", "plugins", "search", "buffers", "printing", "sessions"):
        write(root / f"tools/quill/doc/{topic}.txt", f"quill {topic}\n" + "".join(f"In quill, {topic} rule {n} applies to quill's {topic}.\n" for n in range(12)))
    found = searcher_of(root, embedder, tmp_path).semantic_search("who wrote quill", within="tools/quill")
    assert found.paths[0] == "tools/quill/AUTHORS" and "Tove Marsh" in found.text, found.text


def test_a_loan_and_its_instalments_are_said_in_the_folders_language():
    """"The car loan's monthly installment" of a Spanish table of a "crédito automotriz" and its "cuotas"."""
    said = translations(terms("How much is each monthly installment of the car loan?"), {"English", "Spanish"})
    assert said.get("cuota") == "installment" and said.get("credito") == "loan"
