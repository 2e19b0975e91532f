import json

import pytest

from filesage.agent.loop import Agent
from filesage.policies import in_force
from filesage.agent.events import AnswerRetracted, AnswerToken
from filesage.grounding.citations import Citations
from filesage.grounding.claims import Evidence, claims, missing_names, remove_claims, unsupported
from filesage.tools.result import ToolResult
from filesage.tools.toolbox import Toolbox
from filesage.tools.registry import ToolRegistry, respond
from tests.conftest import ScriptedModel, write


def call(name, **arguments):
    return json.dumps({"name": name, "arguments": arguments})


@pytest.mark.parametrize(
    "answer, evidence",
    [
        ("The target is $1,250,000.", "engineering,1250000,800000"),
        ("The target is 1.25 million.", "engineering,1250000,800000"),
        ("Total due: 1980 dollars.", "Total due: $1,980.00"),
        ("It launches on March 14.", "Goal: launch by 2025-03-14"),
        ("It launches on 14 March 2025.", "Goal: launch by 2025-03-14"),
        ("Modified November 20, 2026 at 14:03.", "2026-11-20 14:03  2.3 KB  a.txt"),
        ("Rent is due on the 1st.", "Monthly rent: 1,450 EUR, due on the 1st."),
        ("See invoice_2025_017.pdf.", "finance/invoices/invoice_2025_017.pdf"),
        ("Booking reference QX7P2L.", "Booking reference: QX7P2L. Seat 14C."),
        ('The note says "call the landlord".', "- call the landlord about the boiler"),
        ("The premium is € 47,82, paid monthly.", "Premie per maand: € 47,82 (incl. belasting)"),
        ("The regatta starts on 2031-04-18.", "zur Regatta am 18. und 19. April 2031 auf dem See"),
        ("The fair opens on 7 May 2031.", "The fair runs 7-9 May 2031."),
    ],
)
def test_claims_match_the_evidence_in_another_format(answer, evidence):
    assert unsupported(answer, Evidence([evidence])) == []


@pytest.mark.parametrize(
    "answer, bad",
    [
        ("The target is $1,300,000.", ["$1,300,000"]),
        ("It launches on March 15.", ["3-15"]),
        ("See invoice_2025_018.pdf.", ["invoice_2025_018.pdf"]),
        ("Booking reference QX7P2M.", ["QX7P2M"]),
        ('The note says "sell the boiler".', ["sell the boiler"]),
        ("The boiler was installed by Maren Holt.", ["Maren Holt"]),
        ("It was released by Sébastien Olt.", ["Sébastien Olt"]),
    ],
)
def test_claims_missing_from_the_evidence(answer, bad):
    evidence = Evidence(["engineering,1250000 launch 2025-03-14 invoice_2025_017.pdf QX7P2L call the landlord about the boiler"])
    assert [c.text for c in unsupported(answer, evidence)] == bad


def test_a_name_the_results_say_is_borne_out_and_one_they_do_not_is_taken_out():
    evidence = Evidence(["Who wrote the tool?", "Original Author\n---------------\nIlse Varga <ilse@example.org>"])
    assert unsupported("The tool was originally written by Ilse Varga [1].", evidence) == []
    assert unsupported("The tool was originally written by Ílse Várga [1].", evidence) == []  # accents as the answer writes them
    bad = unsupported("The tool was originally written by Tomas Reuter. Ilse Varga keeps it.", evidence)
    assert [c.text for c in bad] == ["Tomas Reuter"]
    assert remove_claims("The tool was originally written by Tomas Reuter. Ilse Varga keeps it.", bad).startswith("Ilse Varga keeps it.")
    # A name put into other words keeps a word of its own: not taken for one from memory.
    assert unsupported("It is kept by the Varga Tooling Works.", evidence) == []


def test_a_date_that_opens_a_time_is_a_date():
    """A log's ISO timestamps ("2031-02-10T02:30") give the days an answer names."""
    assert unsupported("The backup failed on 2031-02-10 and on February 22, 2031 [1].",
                       Evidence(["started: 2031-02-10T02:30; status: FAILED", "started: 2031-02-22T02:30; status: FAILED"])) == []


def test_a_date_written_with_hyphens_and_a_month_name_is_a_date():
    """A changelog's "2.4 (9-Mar-2031)" bears out an answer that says the date another way."""
    assert unsupported("Version 2.4 came out on 2031-03-09 [1].", Evidence(["2.4 - released 9-Mar-2031"])) == []


def test_dates_written_in_numbers_alone_or_in_the_folders_other_languages_are_dates():
    """A bill's "Pagamento até: 05/03/2031", a note's "9 de junho de 2031" or "am 9. Juni 2031" bear out an answer
    that says the date another way; a date of numbers that reads both ways is read either way, one that reads one
    way only that way."""
    for evidence in ("Pagamento até: 05/03/2031", "Zahlbar bis 5.3.2031", "payable by 03/05/2031", "vence el 5 de marzo de 2031"):
        assert unsupported("It is due on March 5, 2031 [1].", Evidence([evidence])) == [], evidence
    assert [c.text for c in unsupported("It is due on March 5, 2031 [1].", Evidence(["due 12/03/2031"]))] == ["2031-3-5"]
    assert [c.text for c in claims("paid 12/31/2031, next 9 de junho de 2031")] == ["2031-6-9", "2031-12-31"]
    assert [c.key for c in claims("am 9. Juni 2031")] == [(2031, 6, 9)]
    # A year of two figures, as American papers write it: a date, none of its numbers a figure of its own.
    assert [(c.kind, c.key) for c in claims("The estimate was made on 11/18/31 by Dale.")] == [("date", (2031, 11, 18))]


def test_a_number_with_a_letter_in_brackets_is_the_name_of_a_plan_not_a_figure():
    """"A 457(b) plan": the 457 is no figure to find on the line asked about; the code is said as it is."""
    assert [(c.text, c.kind) for c in claims("The match on my 457(b) was $310.00, under section 12(a)(b).")] == [
        ("457(b)", "code"), ("12(a)(b)", "code"), ("$310.00", "number")]


def test_words_that_look_like_dates_are_not_dates():
    assert [c.kind for c in claims("You have 3 Markdown files and 2 Mayan masks.")] == ["number", "number"]


def test_removing_claims_keeps_the_rest_and_says_what_was_not_confirmed():
    answer = "The rent is 1,450 EUR. The deposit is 900 EUR.\n- Pets: one cat"
    bad = unsupported(answer, Evidence(["Monthly rent: 1,450 EUR. Pets: one cat"]))
    assert remove_claims(answer, bad) == "The rent is 1,450 EUR.\n- Pets: one cat\n\nI could not confirm 900 in the files."
    assert remove_claims("It is 900.", bad) == "I could not confirm 900 in the files."
    # A sentence of two claims joined by "and" keeps the clause that holds.
    both = "The total due on the Nimbus invoice is $4,320.00, and the Reykjavik hotel cost $1,200.00."
    wrong = [c for c in claims(both) if "1,200" in c.text]
    assert remove_claims(both, wrong) == "The total due on the Nimbus invoice is $4,320.00.\n\nI could not confirm $1,200.00 in the files."
    # An aside the files do not bear out goes; the statement it comments on stays.
    aside = "The Q1 revenue target for engineering is 1250000, which is 80% of the budget."
    eighty = [c for c in claims(aside) if c.text.startswith("80")]
    assert remove_claims(aside, eighty) == "The Q1 revenue target for engineering is 1250000.\n\nI could not confirm 80 in the files."
    assert remove_claims("The rent is 1,450 EUR (about 80% of my pay).", eighty).startswith("The rent is 1,450 EUR.\n")


def test_markers_point_at_sources_and_are_renumbered_in_citation_order():
    citations = Citations()
    text = citations.mark(
        "From home/lease.md (lines 3-4):\n- Monthly rent: 1,450 EUR\nFrom notes/todo.txt (line 1):\n- renew passport before 2025-08-15",
        ["home/lease.md", "notes/todo.txt"],
        {"home/lease.md": "lines 3-4", "notes/todo.txt": "line 1"},
        "semantic_search",
    )
    assert "From home/lease.md [1] (lines 3-4)" in text and "From notes/todo.txt [2] (line 1)" in text
    citations.start_answer()
    answer = "".join(citations.cite(s) for s in ["Renew the passport by August 15 [2]. ", "The rent is 1,450 EUR [9]. ", "Nothing else."])
    # [9] was never consulted: dropped, and the sentence gets the source that states 1,450 instead.
    assert answer == "Renew the passport by August 15 [1]. The rent is 1,450 EUR [2]. Nothing else."
    assert [(s.number, s.path, s.location) for s in citations.cited()] == [(1, "notes/todo.txt", "line 1"), (2, "home/lease.md", "lines 3-4")]


def test_a_marker_on_a_source_that_bears_out_none_of_the_sentences_figures_points_at_the_one_that_does():
    citations = Citations()
    citations.mark("From tools/LICENSE.md (lines 1-3):\n- Copyright 2031 Ada Lind\nFrom home/claim.docx (p. 1):\n- Damage claimed: 1 975,40 zł",
                   ["tools/LICENSE.md", "home/claim.docx"], {}, "semantic_search")
    citations.start_answer()
    assert citations.cite("The letter claims 1 975,40 zł [1].") == "The letter claims 1 975,40 zł [1]."
    assert [s.path for s in citations.cited()] == ["home/claim.docx"]
    # A sentence with nothing to check keeps the marker it was given.
    assert citations.cite("See the licence [1].") == "See the licence [2]."


def test_a_sentence_several_sources_bear_out_equally_gets_no_marker():
    citations = Citations()
    citations.mark("a.txt: total 40\nb.txt: total 40", ["a.txt", "b.txt"], {}, "semantic_search")
    citations.start_answer()
    assert citations.cite("The total is 40.") == "The total is 40."
    assert citations.cite("The total in b.txt is 40.") == "The total in b.txt is 40 [1]."


def test_a_date_written_with_full_stops_is_one_sentence():
    from filesage.grounding.claims import sentences

    assert sentences("The check-up is on 14. 4. 2031 at 8:30 [1]. Take the card.") == ["The check-up is on 14. 4. 2031 at 8:30 [1].", " Take the card."]
    assert sentences("It cost 12.50. Then more.") == ["It cost 12.50.", " Then more."]
    # A day's full stop before its month, an abbreviation's before a small word or a number: no sentence's end.
    assert sentences("Due 13. januar 2031 (reguleret pr. 1. juli, e.g. the rent). Paid.") == ["Due 13. januar 2031 (reguleret pr. 1. juli, e.g. the rent).", " Paid."]
    # Money's code with its full stop ("Rs. 4,210.00") is no sentence's end: a marker goes after the figure, not inside it.
    assert sentences("The fee is Rs. 4,210.00 in all. Paid.") == ["The fee is Rs. 4,210.00 in all.", " Paid."]
    # A sentence ends after the marker written behind its full stop.
    assert sentences("Rent: 9.400,00 kr. [1] Total: 9.900,00 kr. [2]") == ["Rent: 9.400,00 kr. [1]", " Total: 9.900,00 kr. [2]"]
    assert sentences("It has 3 files. 2 are PDFs.\nnext line") == ["It has 3 files.", " 2 are PDFs.", "\n", "next line"]


def test_a_marker_after_the_full_stop_stays_with_its_sentence(registry):
    """Streamed seven characters at a time, "... $1,980.00. [1]" must not end its sentence at the full
    stop: the sentence would get a marker of its own and the [1] would follow as a second one."""
    model = ScriptedModel([call("read_file", path="finance/invoice_7.txt"), "Invoice 7 totals $1,980.00. [1]\nThe note says to renew the passport. [2]"])
    events, answer = run(Agent(model, registry, policies=in_force()), "what is the total of invoice 7?")
    assert answer.text == "Invoice 7 totals $1,980.00. [1]\nThe note says to renew the passport."
    assert "".join(e.text for e in events if isinstance(e, AnswerToken)) == answer.text


def test_names_the_question_gives_must_be_in_what_was_found():
    found = "From travel/flight_booking.html [1]:\n- Flight SK 1417 from Copenhagen to Stockholm on 2025-07-03."
    assert missing_names("When is my Reykjavik flight?", found) == ["Reykjavik"]
    assert missing_names("When is my Stockholm flight in July?", found) == []
    assert missing_names("What is flight SK 1418?", found) == ["1418"]
    # A number given as one's number is said as one: change order no. 2 is not the 2 of an amount.
    assert missing_names("How much was change order no. 2?", "Change order No. 1, total $2,310.00") == ["2"]
    assert missing_names("How much was change order #1?", "Change order No. 1, total $2,310.00") == []
    # A document pads its numbers with zeros: receipt N° 52 is "RECEIPT N° 000052", not the 52 of another one.
    assert missing_names("What was receipt N° 52 for?", "RECEIPT N° 000052\nTotal: 18.40") == []
    assert missing_names("What was receipt N° 52 for?", "RECEIPT N° 000053\nTotal: 18.52") == ["52"]
    # Capitalised words in a row are one name, found only when all its words are.
    assert missing_names("What is the budget of Project Heron?", "Project Falcon kickoff. Budget: 75,000 EUR.") == ["Project Heron"]
    assert missing_names("Who leads Project Falcon?", "Project Falcon kickoff. Team lead: Mira Jensen") == []
    # ... and only when they stand together: a Nadia and a Petrova on other rows are no Nadia Petrova.
    contacts = "Name,Phone\nNadia Weber,+46 70 131 42 12\nPriya Petrova,+46 70 799 88 86\nBerg, Ingrid,+46 70 111 22 33\n"
    assert missing_names("phone number of Nadia Petrova", contacts) == ["Nadia Petrova"]
    assert missing_names("phone number of Nadia Weber", contacts) == [] and missing_names("Ingrid Berg's phone?", contacts) == []
    # A name's last word asked in the plural is said in the singular; a name of one word is not taken apart so.
    order = "Bestellung: 8 Stk. Lumo Kettle 2 (1,7 l) je 39,90 EUR"
    assert missing_names("How many Lumo Kettles were ordered?", order) == []
    assert missing_names("How many Lumo Toasters were ordered?", order) == ["Lumo Toasters"]
    assert missing_names("Any news from Kettles?", order) == ["Kettles"]
    # An acronym asked in the plural is said in the singular, alone too.
    assert missing_names("Add up both RMAs for me", "RMA 7781: refund 19.90") == []
    assert missing_names("Add up both RMAs for me", "Refund 19.90") == ["RMAs"]
    assert missing_names("What did we decide in the Q2 Planning Meeting?", "# Planning meeting (Q2)\nDecision: ship") == []
    # A sentence's first word is capitalised whatever it is.
    assert missing_names("Thanks. What's the check-in date for that trip?", "Check-in: 2025-05-02") == []
    # The kind of file asked about is not something its text must say.
    assert missing_names("Summarise the newest Word document", "From work/q1_plan.docx [1]:\n- Goal: launch the beta") == []
    assert missing_names("What do my Excel files and PDFs say?", "month: January") == []
    # In German every noun is capitalised: only numbers, dates and codes are held to the text.
    assert missing_names("Was steht im Mietvertrag zur Höhe der Monatsmiete?", "Die monatliche Kaltmiete beträgt 1.150,00 EUR.") == []


@pytest.fixture
def registry(tmp_path):
    root = tmp_path / "docs"
    write(root / "finance/invoice_7.txt", "Invoice 7\nTotal due: $1,980.00\n")
    write(root / "notes/todo.txt", "renew passport\n")
    box = Toolbox(root)
    return ToolRegistry([box.count_files, box.list_files, box.file_metadata, box.grep_files, box.read_file, respond])


def run(agent, question):
    events = list(agent.run(question))
    return events, events[-1].answer


def test_unsupported_draft_goes_back_once_then_the_better_answer_stands(registry):
    model = ScriptedModel([call("read_file", path="invoice_7.txt"), "The total is $1,890.", "The total due is $1,980.00 [1]."])
    events, answer = run(Agent(model, registry, policies=in_force()), "what is the total of invoice 7?")
    retracted = [e for e in events if isinstance(e, AnswerRetracted)]
    assert [e.unsupported for e in retracted] == [["$1,890"]]
    assert "do not say $1,890" in model.prompts[2][-1]["content"]
    assert answer.text == "The total due is $1,980.00 [1]."
    assert answer.sources == [{"n": 1, "path": "finance/invoice_7.txt", "tool": "read_file", "location": "lines 1-2"}]
    # What streamed after the retraction is exactly the answer.
    after = events[events.index(retracted[0]) + 1 :]
    assert "".join(e.text for e in after if isinstance(e, AnswerToken)) == answer.text
    assert answer.usage.calls == 3


def test_second_unsupported_draft_loses_its_unsupported_claims(registry):
    model = ScriptedModel([call("read_file", path="invoice_7.txt"), "The total is $1,890.", "It was paid on May 3. The total due is $1,980.00."])
    _, answer = run(Agent(model, registry, policies=in_force()), "what is the total of invoice 7?")
    assert answer.text == "The total due is $1,980.00 [1].\n\nI could not confirm 5-3 in the files."
    assert answer.usage.calls == 3  # bounded: one retry, never a loop


def test_retry_offers_the_tools_left_while_steps_remain(tmp_path):
    root = tmp_path / "docs"
    write(root / "finance/invoice_7.txt", "Invoice 7\nTotal due: $1,980.00\n")
    box = Toolbox(root)

    def semantic_search(query: str, top_k: int = 5) -> ToolResult:
        """Search what the files say.

        Args:
            query: what to look for
            top_k: how many passages
        """
        return ToolResult("From finance/invoice_7.txt (lines 1-2):\n- Invoice 7", ["finance/invoice_7.txt"], "1 fact", locations={"finance/invoice_7.txt": "lines 1-2"})

    registry = ToolRegistry([box.list_files, semantic_search, box.read_file, respond])
    model = ScriptedModel([call("semantic_search", query="invoice 7 total"), call("respond", answer="Invoice 7 totals $1,890."), call("read_file", path="finance/invoice_7.txt"), "The total due is $1,980.00."])
    _, answer = run(Agent(model, registry, policies=in_force()), "what is the total of invoice 7?")
    retry = model.prompts[2][-1]["content"]
    assert "do not say $1,890" in retry and "4 tool calls left" in retry and "read_file" in retry
    assert model.schemas[2] is not None  # a tool call or respond, under the grammar
    assert [s.tool for s in answer.steps] == ["semantic_search", "read_file"]
    assert answer.text == "The total due is $1,980.00 [1]."
    # One file, one place: one source, first returned by the search.
    assert answer.sources == [{"n": 1, "path": "finance/invoice_7.txt", "tool": "semantic_search", "location": "lines 1-2"}]


def test_a_listing_after_a_search_in_vain_must_name_what_was_asked(tmp_path):
    root = tmp_path / "docs"
    write(root / "notes/todo.txt", "renew passport\n")
    write(root / "notes/oscar_gifts.txt", "a kite\n")
    box = Toolbox(root)

    def semantic_search(query: str) -> ToolResult:
        """Search what the files say.

        Args:
            query: what to look for
        """
        return ToolResult("The closest passages (notes/todo.txt) say nothing about it.", [], "No relevant facts", found=False)

    registry = ToolRegistry([semantic_search, box.directory_tree, box.list_files, respond])
    tree = call("directory_tree", folder="notes")
    model = ScriptedModel([call("semantic_search", query="birthday"), tree, "The notes folder contains 2 files."])
    _, answer = run(Agent(model, registry, policies=in_force()), "When is Anna's birthday?")
    assert answer.text.startswith("I found nothing") and answer.sources == []
    # A listing that names what the question asks about still answers it.
    model = ScriptedModel([call("semantic_search", query="oscar"), call("list_files", folder="notes")])
    _, answer = run(Agent(model, registry, policies=in_force()), "What do I have about Oscar?")
    assert answer.text.startswith("2 files under notes/") and "notes/oscar_gifts.txt" in answer.text


def test_not_found_names_what_was_searched(registry):
    model = ScriptedModel([call("grep_files", pattern="reykjavik"), call("file_metadata", name_hint="flight"), call("respond", answer="Your flight leaves at 9:40.")])
    events, answer = run(Agent(model, registry, folder="~/Documents", policies=in_force()), "when does my Reykjavik flight leave?")
    assert answer.text == (
        "I found nothing in ~/Documents that answers this. I looked for file paths matching 'reykjavik'; "
        "looked for a file named like 'flight'."
    )
    assert answer.sources == [] and "9:40" not in "".join(e.text for e in events if isinstance(e, AnswerToken))
    # Each step is said in words, the tool's name never.
    from filesage.agent.prompts import searched

    assert searched("each_file", {"what": "mileage", "name": "brake pads"}, True, "") == "read each file with 'brake pads' in its name for 'mileage'"


def test_a_figure_from_the_line_about_something_else_is_not_connected():
    from filesage.grounding.claims import Evidence
    from filesage.grounding.lines import unconnected

    evidence = Evidence()
    evidence.add("question")
    evidence.add("From finance/budget.csv [1] (rows 1-3):\n- department: engineering; q1_budget: 800000\n- department: sales; q1_budget: 450000")
    question = "What is the sales department's Q1 budget?"
    bad, line = unconnected("Sales has a Q1 budget of 800000 [1].", question, evidence)
    assert [c.text for c in bad] == ["800000"] and line == "department: sales; q1_budget: 450000"
    assert unconnected("Sales has a Q1 budget of 450,000 [1].", question, evidence) == ([], "")
    # Facts the question does not tell apart are not judged: nothing to choose between.
    assert unconnected("The budgets are 800000 and 450000.", "What is in the budget file?", evidence) == ([], "")
    # An amount competes with amounts only: the invoice's own number, on the line the question's words
    # match best, is no rival for its total.
    asked = "How much was the cloud hosting invoice?"
    invoice = Evidence([asked, "From finance/invoice_001.txt [1] (lines 1-4):\n- Vendor: Nimbus Cloud Hosting\n- INVOICE 001\n- Total due: $4,320.00\n"
                                "- Date: 2025-02-03\nINVOICE 001\nVendor: Nimbus Cloud Hosting\nDate: 2025-02-03\nTotal due: $4,320.00"])
    assert unconnected("The total due was $4,320.00 from the invoice [1].", asked, invoice) == ([], "")
    # Versions and rates compete with each other; a figure the question itself gives is what it asks about, no rival.
    asked = "Which zlib version does acme 2.05 need?"
    package = Evidence([asked, 'From acme/acme.opam [1] (lines 1-9):\n- version: "2.05"\n- depends: [ › "zlib" {>= "1.13"}\n- depends: [ › "lz4" {>= "3.0.1"}'])
    bad, line = unconnected("Acme 2.05 needs zlib 3.0 or later [1].", asked, package)
    assert [c.text for c in bad] == ["3.0"] and line == 'depends: [ › "zlib" {>= "1.13"}'
    assert unconnected("Acme 2.05 needs zlib 1.13 or later [1].", asked, package) == ([], "")
    # A total labelled with an abbreviation ("incl. tax") is one clause: the total, not a tax's figure.
    asked = "how much was the Brindlecote Timber invoice in total?"
    timber = Evidence([asked, "Moms 25%: 1.079,00 kr.\nTotal inkl. moms: 5.395,00 kr.\n\nBudget for 2031-2032: 250.000 kr. in total (our savings)."])
    assert unconnected("Total inkl. moms: 5.395,00 kr. [1]", asked, timber) == ([], "")
    # A document asked for as a whole comes to its total line, in the language it is written in, not an item of it.
    asked = "How much was the boat hire receipt from Fjordline?"
    receipt = Evidence([asked, "From receipts/fjordline.txt [1]:\n- Fjordline Båtuthyrning\n- Kajak 2 tim: 240,00 kr\n- Flytväst: 45,00 kr\n"
                                "- Summa att betala: 285,00 kr\n- Betalt med kort 2031-06-02"])
    bad, line = unconnected("The receipt came to 240,00 kr [1].", asked, receipt)
    assert [c.text for c in bad] == ["240,00"] and line == "Summa att betala: 285,00 kr"
    assert unconnected("The receipt came to 285,00 kr [1].", asked, receipt) == ([], "")
    # "The amount of the receipt" is the whole too, not its first item.
    bad, _ = unconnected("The amount is 240,00 kr [1].", "What is the amount of the Fjordline receipt?", receipt)
    assert [c.text for c in bad] == ["240,00"], bad
    assert unconnected("The life vest was 45,00 kr [1].", "How much was the life vest on the Fjordline receipt?", receipt) == ([], "")
    # A total asked is the whole: the sum before tax is a part of it, however its label says "total".
    asked = "How much was the March gas bill?"
    bill = Evidence([asked, "From kaasu/lasku_03.txt [1]:\n- Kaasulasku maaliskuu 2031\n- Veroton yhteensä: 87,13 €\n- ALV 25,5 %: 22,22 €\n"
                            "- Yhteensä: 109,35 €"])
    bad, line = unconnected("The March gas bill was 87,13 € [1].", asked, bill)
    assert [c.text for c in bad] == ["87,13"] and line == "Yhteensä: 109,35 €", (bad, line)
    assert unconnected("It was 87,13 € before tax [1].", "How much was the March gas bill before tax?", bill) == ([], "")
    from filesage.language.glossary import asks_before_tax

    assert asks_before_tax("the price excl. VAT") and asks_before_tax("net amount?") and not asks_before_tax("how much tax did I pay?")


def test_unit_symbols_are_the_words_a_question_uses():
    from filesage.language.text import terms

    assert terms("what degrees for apple crumble") & terms("Oven: 180 °C (356 °F).") == terms("degrees")
    assert terms("what percentage is the discount") & terms("Discount: 15%") >= terms("percentage discount")


def test_a_figure_from_a_document_other_than_the_one_named_is_not_connected():
    from filesage.grounding.claims import Evidence
    from filesage.grounding.lines import unconnected

    asked = "What is the total due on invoice 002?"
    evidence = Evidence([asked, "From finance/invoice_2025_017.pdf [1] (p. 2):\n- Total due: $1,980.00. Payment terms: 30 days from the invoice date.\n"
                                "From finance/invoice_002.txt [2] (lines 1-4):\n- INVOICE 002\n- Total due: $212.40\n- Date: 2025-03-11"])
    bad, line = unconnected("The total due on invoice 002 is $1,980.00 [1].", asked, evidence)
    assert [c.text for c in bad] == ["$1,980.00"] and line == "Total due: $212.40"
    assert unconnected("The total due on invoice 002 is $212.40 [2].", asked, evidence) == ([], "")
    # The document named is connected as a whole: a side figure of its own (payment terms) stands.
    one = Evidence(["What is the total due on the Brightline Electric invoice?", "From finance/invoice_2025_017.pdf [1] (p. 2, p. 1):\n"
                    "- Total due: $1,980.00. Payment terms: 30 days from the invoice date.\n- Invoice 2025-017. Vendor: Brightline Electric. Date: 2025-04-22."])
    assert unconnected("It is $1,980.00, payable within 30 days [1].", one.texts[0], one) == ([], "")


def test_a_line_in_the_files_language_is_about_what_an_english_question_asks():
    from filesage.language.glossary import translations
    from filesage.grounding.claims import Evidence
    from filesage.language.text import terms
    from filesage.grounding.lines import unconnected

    asked = "How much was the deposit on my Berlin flat?"
    lease = Evidence([asked, "From home/Mietvertrag.docx [1] (lines 1-5):\n- Vermieterin: Gertrud Vogel, Müllerstraße 14, 10115 Berlin\n"
                             "- § 3 Miete: Die monatliche Kaltmiete beträgt 1.150,00 EUR.\n"
                             "- § 5 Kaution: Der Mieter leistet eine Mietsicherheit (Kaution) in Höhe von 3.450,00 EUR."])
    german = translations(terms(asked), {"English", "German"})
    assert unconnected("The deposit was 3.450,00 EUR [1].", asked, lease, german) == ([], "")
    bad, line = unconnected("The deposit was 1.150,00 EUR [1].", asked, lease, german)
    assert [c.text for c in bad] == ["1.150,00"] and line.startswith("§ 5 Kaution")
    # Without the translations no line is about the deposit, and the rent's figure would stand.
    assert unconnected("The deposit was 1.150,00 EUR [1].", asked, lease) == ([], "")


def test_numbers_written_the_german_way():
    from filesage.grounding.claims import claims

    assert [c.key for c in claims("3.450,00 EUR, 1.000.000 Einwohner, $1,150.00 and 3.45")] == ["3450", "1000000", "1150", "3.45"]


def test_amounts_in_rupees_or_with_a_currency_code_before_them_are_amounts_and_lakhs_are_counted():
    """"₹1,87,740.00", "Rs.36,421", "INR 125000", "USD 12": money, its sign or code glued to the figure or not (the
    "421" of "Rs.36,421" was a figure of its own); digits grouped in lakhs, and lakhs and crores said in words."""
    from filesage.grounding.lines import shape

    said = claims("Total ₹1,87,740.00, TDS Rs.36,421, deposit INR 125000 or 1.25 lakh, a flat at 2.4 crore, fee USD 12, 14 days")
    assert [c.key for c in said] == ["187740", "36421", "125000", "125000", "24000000", "12", "14"]
    assert [shape(c) for c in said] == ["amount", "amount", "amount", "number", "number", "amount", "number"]
    assert unsupported("The TDS was ₹36,421 [1].", Evidence(["Tax deducted at source: Rs. 36,421.00"])) == []


def test_rands_with_their_thousands_apart_and_a_decimal_comma_are_one_amount():
    """"R1 375,00", "R 12 500.00", "R12,500.00", "ZAR 98650.00", "R45k": a capital R glued to its figures, thousands set
    apart by a space, a decimal comma. Read as before, "R1 375,00" was 250 and "R12,500.00" 500; and a line that
    gives one was no line of an amount, so the searcher did not keep a bill's total line."""
    from filesage.grounding.lines import shape
    from filesage.language.figures import MONEY, money

    said = claims("Deposit R1 375,00, balance R 12 500.00 or R12,500.00, booking ZAR 98650.00, budget R45k, 3 nights")
    assert [c.key for c in said] == ["1375", "12500", "12500", "98650", "45000", "3"]
    assert [shape(c) for c in said][:4] == ["amount"] * 4 and shape(said[-1]) == "number"
    assert MONEY.findall("Total due: R13 420,00") == ["R13 420,00"] and MONEY.findall("Rs. 36,421 or ₹1,87,740.00") == ["Rs. 36,421", "₹1,87,740.00"]
    assert MONEY.findall("Leie: 9 850,00 kr, Balance: USD 12.75, Rent 975.00, €9") == ["9 850,00 kr", "USD 12.75", "975.00", "€9"]
    assert not MONEY.search("kråke 12, Service period: March 2031, version 1.2.3, Rev. 2")
    assert money(7770, ["R4 200,00", "R3 570,00"]) == "R7 770,00"


def test_naira_and_pesos_written_with_a_plain_letter_are_amounts():
    """"N185,000.00", "N480,000", "N320k" (naira), "P12,500.00" (pesos): a letter for a sign that is hard to type. Read as
    before, "N185,000.00" was the code N185 and an amount of 000.00, so a quotation's total was nothing; an item's name
    ("N95 masks", "P2 tasks") stays no amount."""
    from filesage.language.figures import MONEY

    assert [c.key for c in claims("Quoted N185,000.00, then N480,000 and N320k; P12,500.00 in Manila")] == ["185000", "480000", "320000", "12500"]
    assert MONEY.findall("Total N185,000.00 or P12,500.00") == ["N185,000.00", "P12,500.00"]
    assert not MONEY.search("a box of N95 masks, P2 tasks, version N1.2.3")


def test_money_with_one_dot_and_three_figures_after_it_is_thousands():
    """"$480.000", "CLP 32.100": pesos, rupiah and euros as half the world writes them, with a dot between thousands.
    Read as a decimal point, a deposit of 480,000 pesos was 480, and the right "$480,000" of an answer was unconfirmed.
    A currency counted in thousandths keeps its three decimals; a number without money's sign is not read so."""
    assert [c.key for c in claims("Garantía: $480.000; total CLP 32.100; €1.250")] == ["480000", "32100", "1250"]
    assert [c.key for c in claims("KWD 1.250 and version 1.250")] == ["1.25", "1.25"]
    assert not unsupported("The deposit was $480,000 [1].", Evidence(["una garantía de $480.000 (cuatrocientos ochenta mil pesos)"]))
    # Its sign set apart ("$:  48.800"), a figure of a receipt may be either: an answer in thousands is borne out.
    assert not unsupported("The tax withheld was $48.800 [1].", Evidence(["15,25 % Impto. Retenido   $:  48.800"]))
    assert unsupported("The tax withheld was $48.900 [1].", Evidence(["15,25 % Impto. Retenido   $:  48.800"]))


def test_shillings_as_their_papers_write_them_are_amounts():
    """"Kshs. 31,600.00", "KSh 12,500", "12,500/=", "32,500/-", "Ksh12.5k": a code in its local spelling, and whole
    shillings closed by a stroke. Unknown, "Kshs." ended a sentence (the answer said "is Kshs." and dropped its figure)
    and "32,500/-" was no amount, so a fee statement's debit line was no line of money."""
    from filesage.grounding.claims import sentences
    from filesage.language.figures import MONEY, currency_written, money
    from filesage.tools.cells import cell_number

    assert MONEY.findall("Instalment Kshs. 31,600.00; pledge KSh 12,500; fees 12,500/= and Debit: 32,500/-") == [
        "Kshs. 31,600.00", "KSh 12,500", "12,500/=", "32,500/-"]
    assert [c.key for c in claims("Ksh12.5k and KES 12500.00 and UShs 40,000")] == ["12500", "12500", "40000"]
    assert sentences("The instalment is Kshs. 31,600.00 [1]. It is due monthly.") == ["The instalment is Kshs. 31,600.00 [1].", " It is due monthly."]
    assert cell_number("32,500/-") == 32500 and cell_number("KSh 1,200") == 1200
    assert currency_written("Kshs. 31,600.00") == "Kshs. " and money(63200, ["Kshs. 31,600.00"]) == "Kshs. 63,200.00"
    # Words that are no currency code, and a shell's redirection, stay no amount.
    assert not MONEY.search("try 3 times, PHP 8.1, run sh 2>&1, a/-b")


def test_a_figure_of_a_setting_the_question_names_is_from_the_line_asked_about():
    """A config file's "workers = 12" answers "how many workers are configured", though a comment beside it says
    more of the question's words ("if you configured 8 workers ...")."""
    from filesage.grounding.lines import unconnected

    asked = "In the gearboxrc I downloaded, how many pool workers are configured?"
    config = Evidence([asked, "From gearbox/gearboxrc [1]:\n- workers = 12\n- # If you configured 8 pool workers, the queue holds 16 jobs."])
    assert unconnected("12 pool workers are configured [1].", asked, config) == ([], "")


def test_in_a_document_that_names_what_is_asked_the_line_of_the_questions_other_words_is_the_one():
    """An order of "Quill Pen" items: every line is about the pens; "in total" asks for its total line, not the
    line that repeats the name."""
    from filesage.grounding.lines import unconnected

    asked = "What did the Quill Pen order cost in total?"
    order = Evidence([asked, "From orders/order_7731.html [1]:\n- Order 7731 | Stationers Ltd\n- Quill Pen, steel nib | 12 | 4.50 | 54.00\n"
                             "- Ink bottle | 2 | 6.00 | 12.00\n- Total: 66.00 (VAT included)"])
    assert unconnected("The Quill Pen order cost 66.00 in total [1].", asked, order) == ([], "")
    assert [c.text for c in unconnected("The Quill Pen order cost 54.00 in total [1].", asked, order)[0]] == ["54.00"]


def test_numbers_written_in_groups_of_three_apart_are_one_number():
    """"14 500 Kč", "2 310,75 €": an amount written so is the one number an answer may write "14,500"."""
    assert [c.key for c in claims("nájemné 14 500 Kč, záloha 2 310,75 €, rok 2031 a 12 dní")] == ["14500", "2310.75", "2031", "12"]
    assert unsupported("The rent is 14,500 CZK [1].", Evidence(["Měsíční nájemné činí 14 500 Kč."])) == []


def test_a_figure_belongs_to_the_sentence_that_states_it_not_to_what_it_mentions_in_brackets():
    """A lease's "a deposit of 3,000 (twice the monthly rent)" mentions the rent, but its figure is the deposit's."""
    from filesage.grounding.lines import unconnected

    asked = "How much is my monthly rent?"
    lease = Evidence([asked, "From home/lease.md [1]:\n- Deposit: the tenant pays 3,000 EUR (twice the monthly rent) on signing.\n"
                             "- The monthly rent is 1,500 EUR, due on the 1st."])
    bad, line = unconnected("The monthly rent is 3,000 EUR [1].", asked, lease)
    assert [c.text for c in bad] == ["3,000"] and line.startswith("The monthly rent is 1,500")
    assert unconnected("The monthly rent is 1,500 EUR [1].", asked, lease) == ([], "")
    # Under a title that says the word too, a line that says it only in brackets still says it of something else.
    titled = Evidence([asked, "Rent and deposit\n- Deposit: the tenant pays 3,000 EUR (twice the rent) on signing.\n- Rent: 1,500 EUR, due on the 1st."])
    assert [c.text for c in unconnected("The rent is 3,000 EUR [1].", "What is the rent?", titled)[0]] == ["3,000"]


def test_spans_of_time_are_read_whole_and_written_in_their_largest_unit():
    from filesage.language.figures import duration_words, durations_in

    assert durations_in("it went from 5h 40m to 1h 55m") == [(20400.0, "5h 40m"), (6900.0, "1h 55m")]
    assert durations_in("wait 90 days, or 2.5 weeks, or 5 hours and 40 minutes") == [
        (7776000.0, "90 days"), (1512000.0, "2.5 weeks"), (20400.0, "5 hours and 40 minutes")]
    # A lone letter unit is as often metres or a plural: "40m" alone and "2.3s" are no spans.
    assert durations_in("a 40m mast, version 2.3s") == []
    assert [duration_words(s) for s in (13500, 7776000, 45, 600, 7200)] == ["3h 45m", "90 days", "45 seconds", "10 minutes", "2 hours"]


def test_a_line_that_shares_one_word_with_the_question_does_not_outweigh_a_total_under_the_documents_title():
    from filesage.grounding.claims import Evidence
    from filesage.grounding.lines import unconnected

    asked = "What was the cost of the cabin stay in Tromsdal?"
    booking = Evidence([asked, "From trips/cabin_booking.pdf (p. 1):\n- Cabin Nordlys - booking confirmation\n"
                               "- Cleaning fee: EUR 25.00, payable at the cabin\n- Rate: EUR 95.00 per night x 4 nights = EUR 380.00"])
    assert unconnected("The stay cost EUR 380.00 [1].", asked, booking) == ([], "")
    # Two of the question's words on the rival's own line: the figure from another line is taken from the wrong one.
    fees = Evidence([asked, "From trips/cabin_booking.pdf (p. 1):\n- Cabin stay cost: EUR 380.00\n- Cleaning fee: EUR 25.00"])
    bad, line = unconnected("The stay cost EUR 25.00 [1].", asked, fees)
    assert [c.text for c in bad] == ["EUR 25.00"] and line == "Cabin stay cost: EUR 380.00"


def test_a_version_the_question_gives_is_said_whole():
    from filesage.grounding.claims import missing_names

    assert missing_names("When did acme 4.2.1 come out?", "Version 4.2.0 (2031-02-03)") == ["4.2.1"]
    assert missing_names("When did acme 4.2.0 come out?", "Version 4.2.0 (2031-02-03)") == []
    # Another library's release is not the one asked about; a figure with cents still matches its whole number.
    assert missing_names("What did acme 3.1 change?", "Update zlib to v3.1.0.") == ["3.1"]
    assert missing_names("What did acme 3.1 change?", "acme-3.1: faster start") == []
    assert missing_names("Who was paid 4,320?", "Total: 4,320.00") == []


def test_a_month_of_a_year_is_read_as_each_language_writes_it():
    from filesage.language.figures import months_named

    for said in ("the bill of March 2031", "factura de marzo de 2031", "bolletta di marzo del 2031", "2031-03", "mars 2031"):
        assert months_named(said) == {(2031, 3)}, said
    assert months_named("version 3 of 2031") == set()
    # As a file's name runs them together; a word that merely ends like a month's name is none.
    for said in ("Zither_SOA_Mar2031.pdf", "statement-mar-2031.csv", "bill MAR.2031"):
        assert months_named(said) == {(2031, 3)}, said
    assert months_named("Grammar2031.txt") == set() == months_named("Summary 2031")
    # A span of months of a year names each month between its ends.
    for said in ("the August–October 2031 statement", "from Aug to Oct 2031", "August - October, 2031"):
        assert months_named(said) == {(2031, 8), (2031, 9), (2031, 10)}, said


def test_a_documents_dates_are_read_in_the_order_it_writes_them():
    from filesage.language.figures import writes_month_first
    from filesage.tools.listing import document_months

    american = ["Billing period: 01/08/2031 to 02/09/2031", "Please pay by 02/23/2031"]
    assert writes_month_first(american) and document_months(american) == {(2031, 1), (2031, 2)}
    # Where a date can only be read the day first, or none tells, the day comes first as most of the world writes it.
    assert not writes_month_first(["From 01/08/2031 to 02/09/2031", "Paid 23/02/2031"])
    assert document_months(["Billing period: 01/08/2031 to 02/09/2031"]) == {(2031, 8), (2031, 9)}


def test_a_span_of_months_is_every_month_in_it_may_too():
    from filesage.language.figures import months_mentioned

    assert months_mentioned("January to May 2031")[0] == {1, 2, 3, 4, 5}
    assert months_mentioned("jan-apr")[0] == {1, 2, 3, 4} and months_mentioned("Q2")[0] == {4, 5, 6}
    # Two months named apart are those two; "may" alone is a verb.
    assert months_mentioned("March and June")[0] == {3, 6} and months_mentioned("what may I claim")[0] == set()


def test_a_name_is_said_without_its_accents_and_declined_by_its_last_vowel():
    ticket = "Relacja: Gdańsk Główny → Kraków Główny\nOferent: Mostbud Sp. z o.o."
    assert missing_names("O której odjeżdża mój pociąg do Krakowa?", ticket) == []
    assert missing_names("my hotel in Krakow?", ticket) == [] and missing_names("cena oferty Mostbudu?", ticket) == []
    # Another place is still another place.
    assert missing_names("my train to Poznania?", ticket) == ["Poznania"]


def test_a_run_of_hundreds_of_digits_in_a_draft_is_no_number_and_no_crash():
    draft = "The hall costs " + "9" * 400 + " zł [1]."
    assert [c.text for c in claims(draft) if c.kind == "number"] == ["9" * 400]


def test_contacts_are_told_by_their_shape():
    from filesage.language.figures import contacts_asked, gives_contact

    assert contacts_asked("what's her e-mail and phone?") == ["e-mail address", "phone number"] == contacts_asked("e-post og telefonnummer til Ola?")
    assert contacts_asked("Hva er nettsiden til borettslaget?") == ["web address"]
    assert contacts_asked("how much was the phone bill?") == contacts_asked("telefonregningen for mars?") == [] and contacts_asked("who signed it?") == []
    assert gives_contact("phone number", "Ring 0451 227 903.") and gives_contact("phone number", "tel. +47 55 12 34 56")
    # An amount, a date, a short code: no phone number.
    for text in ("Total: 1 234 567,50 kr", "Møte 2031-03-10 kl. 18", "Ref 4471-22"):
        assert not gives_contact("phone number", text), text
    assert gives_contact("e-mail address", "skriv til styret@lag.example") and not gives_contact("e-mail address", "@handle")
    assert gives_contact("web address", "see https://lag.example/vedtekter") and not gives_contact("web address", "lag.example")
    # A server's own path, said as its URL: a config file's setting, an answer that names it.
    assert gives_contact("web address", 'status.status-url = "/server-state"') and gives_contact("web address", "Its URL is /server-state [1].")
    assert not gives_contact("web address", "the URL of the project, see docs/setup.md") and not gives_contact("web address", "url = ")


def test_whose_paper_it_is_picks_the_document_not_the_line():
    """The caterer's quote: within the quote, a line that says "caterer" is no more about the question than its total
    line; the figure of the catering line is not the quote's total."""
    from filesage.grounding.lines import unconnected

    asked = "What's the total on the caterer's quote?"
    quote = Evidence([asked, "From party/Brightwater quote Q-77.txt (lines 1-6):\n- Caterer's canapés for 40 guests   1,200.00\n"
                      "- QUOTE TOTAL (incl. tax)   1,380.00\n- A deposit of 25% of the quote total secures the date.\n- QUOTE Q-77"])
    bad, line = unconnected("The total on the caterer's quote is 1,200.00 [1].", asked, quote)
    assert [c.text for c in bad] == ["1,200.00"] and line == "QUOTE TOTAL (incl. tax)   1,380.00", (bad, line)
    assert unconnected("The caterer's quote comes to 1,380.00 [1].", asked, quote) == ([], "")


def test_a_figure_of_a_document_that_never_names_whose_it_is_is_another_persons():
    from filesage.grounding.lines import unconnected

    asked = "What's Ilse's NTR number?"
    found = Evidence([asked, "From money/pension statement.pdf [1]:\n- Member: Tomas Reuter\n- NTR number: 118-442-907\n\n"
                      "From party/guests.csv [2]:\n- Name: Ilse Varga; Side: bride"])
    bad, _ = unconnected("Ilse's NTR number is 118-442-907 [1].", asked, found)
    assert [c.text for c in bad] == ["118", "442", "907"], bad
    hers = Evidence([asked, "From money/Ilse pension.pdf [1]:\n- Member: Ilse Varga\n- NTR number: 118-442-907"])
    assert unconnected("It is 118-442-907 [1].", asked, hers) == ([], "")


def test_the_passages_a_result_rests_on_are_lines_of_its_document():
    """The same quote, with the passage its facts rest on after a blank line under the file's heading: the passage is
    the quote's too, so whose paper it is still picks the document and the catering line's figure is no total."""
    from filesage.grounding.lines import unconnected

    asked = "What's the total on the caterer's quote?"
    shown = ("From party/Brightwater quote Q-77.txt [1] (lines 1-6):\n- Caterer's canapés for 40 guests   1,200.00\n"
             "- QUOTE TOTAL (incl. tax)   1,380.00")
    basis = ("From party/Brightwater quote Q-77.txt (lines 1-6):\nQUOTE Q-77\nCaterer's canapés for 40 guests   1,200.00\n"
             "QUOTE TOTAL (incl. tax)   1,380.00\nA deposit of 25% of the quote total secures the date.")
    bad, line = unconnected("The total on the caterer's quote is 1,200.00 [1].", asked, Evidence([asked, f"{shown}\n\n{basis}"]))
    assert [c.text for c in bad] == ["1,200.00"] and "1,380.00" in line, (bad, line)


def test_a_rows_figures_are_each_their_own_columns():
    """A statement's row with a figure for each of two periods: the figure of this year's column is not last year's,
    though the row names the balance asked about."""
    from filesage.grounding.lines import unconnected

    asked = "What was the closing balance of the pension last year?"
    rows = Evidence([asked, "From money/pension.pdf [1] (p. 1):\n- Fund: Opening balance; Last year: $1,200.00; This year: $1,310.50\n"
                            "- Fund: Closing balance; Last year: $1,310.50; This year: $1,402.75\n- Vested (this year): $1,402.75"])
    bad, line = unconnected("The closing balance last year was $1,402.75 [1].", asked, rows)
    # The line about it is the row's cells that say what it is, and the figure of the column asked.
    assert [c.text for c in bad] == ["$1,402.75"] and line == "Fund: Closing balance; Last year: $1,310.50", (bad, line)
    assert unconnected("The closing balance last year was $1,310.50 [1].", asked, rows) == ([], "")
    # A row with one figure beside its year stays whole: the year says which row it is.
    years = Evidence(["the rate in 2031?", "From r.csv [1] (rows 1-2):\n- Year: 2030; Rate: 7.9\n- Year: 2031; Rate: 8.1"])
    assert [c.text for c in unconnected("The rate in 2031 was 7.9 [1].", "the rate in 2031?", years)[0]] == ["7.9"]


def test_a_function_word_of_the_question_is_no_word_a_row_says():
    """"per the bank's figures" names no row: a country coded PER is not more about the question than the row of
    the country asked about."""
    from filesage.grounding.lines import unconnected

    asked = "How much did Norland export in 2030 per the trade data I kept?"
    rows = Evidence([asked, "From trade/exports.csv [1] (rows 8-10):\n- Country: Norland; Code: NRL; Year: 2030; Value: 7120455.25\n"
                            "- Country: Norland; Code: NRL; Year: 2029; Value: 6904410.5\n"
                            "- Country: Perimont; Code: PER; Year: 2030; Value: 391220.75"])
    assert unconnected("Norland exported 7,120,455.25 in 2030 [1].", asked, rows) == ([], "")
    assert [c.text for c in unconnected("Norland exported 6,904,410.5 in 2030 [1].", asked, rows)[0]] == ["6,904,410.5"]
