"""The plan for questions that need several looks: the model's plan read, each lookup answered by the loop, and the
arithmetic done in code from the figures the answers state, each with its source."""

import json
from datetime import date

from filesage.agent.events import Answer, Answered
from filesage.agent.loop import Agent
from filesage.agent.planner import Found, Lookup, Plan, Planner, compose, figure_of, invents_numbers, read_plan, strays, without_looks_taken
from filesage.llm.base import Usage
from filesage.policies import in_force
from filesage.tools.registry import ToolRegistry, respond
from filesage.tools.result import ToolResult
from tests.conftest import ScriptedModel

BILLS = {"taxi": ("travel/taxi.txt", "Taxi to the airport: €38.50"), "hotel": ("travel/hotel.pdf", "Hotel Lindenhof, 2 nights: €214.00")}


def semantic_search(query: str, top_k: int = 5) -> ToolResult:
    """Search what the files say.

    Args:
        query: what to look for
        top_k: how many passages
    """
    for word, (path, line) in BILLS.items():
        if word in query.lower():
            return ToolResult(f"From {path} (lines 1-2):\n- {line}", [path], "1 fact", locations={path: "lines 1-2"})
    return ToolResult(f"Nothing matches '{query}'.", [], "No matching passages", found=False)


def answer(text: str, sources: list[dict]) -> Answer:
    return Answer(text, sources, [], Usage())


def test_a_plan_is_read_from_the_models_json():
    plan = read_plan(json.dumps({"question": "q", "lookups": [{"ask": "What did the taxi cost?", "label": "taxi"}], "combine": "sum"}))
    assert plan == Plan("q", [Lookup("What did the taxi cost?", "taxi")], "sum")
    cited = read_plan(json.dumps({"question": "What is Ines V. [1]'s phone?", "lookups": [{"ask": "Ines V. [1] phone", "label": "phone"}], "combine": "none"}))
    assert cited.question == "What is Ines V.'s phone?" and cited.lookups[0].ask == "Ines V. phone"
    assert read_plan("not json") is None and read_plan('{"question": "q", "lookups": [], "combine": "sum"}') is None
    assert read_plan('{"question": "q", "lookups": [{"ask": "a"}], "combine": "multiply"}').combine == "none"


def test_a_plan_that_says_a_number_no_one_said_is_not_followed():
    history = [{"role": "user", "content": "what do my 2024 invoices add up to?"}, {"role": "assistant", "content": "$1,800.50 [1]."}]
    made_up = Plan("Which 2026 invoice had the highest total?", [Lookup("Which 2026 invoice had the highest total?", "invoice")], "none")
    assert invents_numbers(made_up, "which of those had the highest total?", history)
    meant = Plan("Which 2024 invoice had the highest total?", [Lookup("Which 2024 invoice had the highest total?", "invoice")], "none")
    assert not invents_numbers(meant, "which of those had the highest total?", history)
    # A year said from today's ("this year") says today's year and the one before it.
    yearly = Plan("q", [Lookup("What was the premium in 2030?", "2030"), Lookup("What was the premium in 2031?", "2031")], "difference")
    assert not invents_numbers(yearly, "by what percent did my premium go up this year?", [], date(2031, 5, 1))
    assert invents_numbers(yearly, "by what percent did my premium go up?", [], date(2031, 5, 1))


def test_a_plan_about_something_no_one_said_is_not_followed():
    history = [{"role": "user", "content": "Is there a letter in Danish here?"}, {"role": "assistant", "content": "Yes: post/brev.pdf [1]."}]
    copied = Plan("What was mended?", [Lookup("How much was the roof repair?", "roof repair"), Lookup("How much was the window repair?", "window repair")], "sum")
    assert strays(copied, "what was mended, according to the letter?", history)
    meant = Plan("What was mended according to the Danish letter?", [Lookup("What does the Danish letter say was mended?", "mended")], "none")
    assert not strays(meant, "what was mended, according to the letter?", history)


def test_a_follow_ups_plan_does_not_ask_the_conversations_question_again():
    history = [{"role": "user", "content": "What is the widget's default retry limit?"}, {"role": "assistant", "content": "5 [1]."}]
    both = Plan("What are the widget's default retry limit and timeout?", [Lookup("What is the widget's default retry limit?", "retry limit"),
                                                                            Lookup("What is the widget's default timeout?", "timeout")], "none")
    assert without_looks_taken(both, history) == Plan("What is the widget's default timeout?", [both.lookups[1]], "none")
    # A figure combined in code is looked up again; a plan of nothing new stays as it is.
    assert without_looks_taken(Plan(both.question, both.lookups, "sum"), history).lookups == both.lookups
    again = Plan("Did the retry limit change?", [both.lookups[0]], "none")
    assert without_looks_taken(again, history) == again


def test_a_follow_up_is_answered_without_the_turn_before_retold():
    plan = {"question": "What are the hotel and the taxi?", "lookups": [{"ask": "What did the taxi cost?", "label": "taxi"},
                                                                       {"ask": "What did the hotel cost?", "label": "hotel"}], "combine": "none"}
    model = ScriptedModel([json.dumps(plan), '{"name": "semantic_search", "arguments": {"query": "hotel cost"}}', "The hotel cost €214.00 [1]."])
    agent = Agent(model, ToolRegistry([semantic_search, respond]), policies=in_force())
    history = [{"role": "user", "content": "What did the taxi cost?"}, {"role": "assistant", "content": "€38.50 [1]."}]
    result = [e for e in Planner(agent, in_force()).run("and the hotel?", history) if isinstance(e, Answered)][-1].answer
    assert result.text == "The hotel cost €214.00 [1]." and [s.tool for s in result.steps] == ["semantic_search"]


def test_a_follow_up_the_plan_only_repeats_is_asked_as_its_look_words_it():
    plan = {"question": "when did I last change it?", "lookups": [{"ask": "When was notes/taxi.txt last modified?", "label": "modified"}], "combine": "none"}
    model = ScriptedModel([json.dumps(plan), '{"name": "respond", "arguments": {"answer": "On 2031-02-03."}}', "On 2031-02-03."])
    agent = Agent(model, ToolRegistry([semantic_search, respond]), policies=[])
    history = [{"role": "user", "content": "Which is the biggest of my notes?"}, {"role": "assistant", "content": "notes/taxi.txt (2 KB) [1]."}]
    list(Planner(agent, in_force()).run("when did I last change it?", history))
    assert "When was notes/taxi.txt last modified?" in model.prompts[1][-1]["content"], model.prompts[1][-1]


def test_figures_are_added_compared_and_dated_in_code_with_their_sources():
    taxi = figure_of(Found(Lookup("taxi?", "taxi"), answer("The taxi cost €38.50 [1].", [{"n": 1, "path": "travel/taxi.txt"}])), "sum")
    hotel = figure_of(Found(Lookup("hotel?", "hotel"), answer("It was €214.00 for 2 nights [1].", [{"n": 1, "path": "travel/hotel.pdf"}])), "sum")
    text, sources = compose(Plan("q", [taxi.lookup, hotel.lookup], "sum"), [taxi, hotel])
    assert text == "Together they come to €252.50 (the taxi: €38.50 [1]; the hotel: €214.00 [2])."
    assert [s["path"] for s in sources] == ["travel/taxi.txt", "travel/hotel.pdf"]
    text, _ = compose(Plan("q", [taxi.lookup, hotel.lookup], "difference"), [taxi, hotel])
    assert text.startswith("The hotel is higher by €175.50")
    # What is left of one figure once the other is taken off ("left after the deposit").
    text, _ = compose(Plan("How much is left to pay the hotel after the taxi voucher?", [taxi.lookup, hotel.lookup], "difference"), [taxi, hotel])
    assert text == "That leaves €175.50 (the taxi: €38.50 [1]; the hotel: €214.00 [2]).", text
    # A table's cell is the figure, not the last one of the row quoted beside it.
    row = 'In data/zither.csv [1]: Only one row says 2030: Total is 6958 (the row "Year: 2030; Total: 6958; Per Capita: 1.13").'
    assert figure_of(Found(Lookup("total in 2030?", "2030 total"), answer(row, [{"n": 1, "path": "data/zither.csv"}])), "difference").value == 6958
    # The date of the row quoted is the figure's, when the answer itself says none (the day a payment came in).
    paid = 'In bank/export.csv [1]: Only one row says Zither: Credit is 120,00 (the row "Date: 2031-03-04; Payer: Zither; Credit: 120,00").'
    assert figure_of(Found(Lookup("when did Zither pay?", "paid"), answer(paid, [{"n": 1, "path": "bank/export.csv"}])), "days").when == (2031, 3, 4)
    # The day and year of a date the lookup asks of are what it asked about, not the figure found.
    dated = 'In data/zither.csv [1]: Only one row says 2030, date:1-1: Total is 6958 (the row "Date: 2030-01-01; Total: 6958").'
    assert figure_of(Found(Lookup("the total on January 1, 2030?", "total"), answer(dated, [{"n": 1, "path": "data/zither.csv"}])), "difference").value == 6958
    first = figure_of(Found(Lookup("a?", "boiler service"), answer("On 2025-03-02 [1].", [{"n": 1, "path": "a.md"}])), "earlier")
    second = figure_of(Found(Lookup("b?", "chimney check"), answer("It was on 10 May 2025 [1].", [{"n": 1, "path": "b.md"}])), "earlier")
    assert compose(Plan("q", [first.lookup, second.lookup], "earlier"), [first, second])[0].startswith("The earlier is the boiler service, on 2025-3-2")


def test_how_many_times_one_figure_is_the_other_is_computed_and_each_cites_the_line_of_its_figure():
    """"How many times higher": the ratio, not the difference; a figure picked out of an answer that cites forty files
    cites the one its line gives."""
    low = figure_of(Found(Lookup("price in 2001?", "2001 price"), answer("It was 40.50 [1].", [{"n": 1, "path": "data/p.csv"}])), "difference")
    listing = "The largest is 162.00 [3].\n" + "\n".join(f"- row {n} [{n}]" for n in range(1, 41))
    high = figure_of(Found(Lookup("the highest price?", "highest price"), answer(listing, [{"n": n, "path": f"data/{n}.csv"} for n in range(1, 41)])), "difference")
    text, sources = compose(Plan("how many times higher was the highest price than the 2001 price?", [low.lookup, high.lookup], "difference"), [low, high])
    assert text == "The highest price is 4.00 times the 2001 price (the 2001 price: 40.50 [1]; the highest price: 162.00 [4]).", text
    assert sources[3]["path"] == "data/3.csv"


def test_a_part_without_a_figure_is_said_to_be_missing_and_nothing_is_computed():
    taxi = figure_of(Found(Lookup("taxi?", "taxi"), answer("The taxi cost €38.50 [1].", [{"n": 1, "path": "travel/taxi.txt"}])), "sum")
    ferry = figure_of(Found(Lookup("ferry?", "ferry"), answer("I found nothing that answers this.", [])), "sum")
    text, _ = compose(Plan("q", [taxi.lookup, ferry.lookup], "sum"), [taxi, ferry])
    assert "I found no figure for the ferry" in text and "Together" not in text and "Taxi: The taxi cost €38.50 [1]." in text
    # A figure the lookup's answer states with no file behind it was not found either.
    hotel = figure_of(Found(Lookup("hotel?", "hotel cost"), answer("The hotel cost 68.", [])), "sum")
    text, _ = compose(Plan("q", [taxi.lookup, hotel.lookup], "sum"), [taxi, hotel])
    assert hotel.value is None and "Together" not in text and "no figure for the hotel cost" in text


def test_a_question_that_needs_two_looks_is_planned_and_each_look_answered():
    plan = {"question": "taxi and hotel together?", "lookups": [{"ask": "What did the taxi cost?", "label": "taxi"},
                                                                {"ask": "What did the hotel cost?", "label": "hotel"}], "combine": "sum"}
    model = ScriptedModel([json.dumps(plan),
                           '{"name": "semantic_search", "arguments": {"query": "taxi cost"}}', "The taxi cost €38.50 [1].",
                           '{"name": "semantic_search", "arguments": {"query": "hotel cost"}}', "The hotel cost €214.00 [1]."])
    agent = Agent(model, ToolRegistry([semantic_search, respond]), policies=in_force())
    events = list(Planner(agent, in_force()).run("What did the taxi and the hotel cost together?"))
    result = [e for e in events if isinstance(e, Answered)][-1].answer
    assert result.text == "Together they come to €252.50 (the taxi: €38.50 [1]; the hotel: €214.00 [2])."
    assert [s["path"] for s in result.sources] == ["travel/taxi.txt", "travel/hotel.pdf"]
    assert [s.tool for s in result.steps] == ["semantic_search", "semantic_search"] and result.policies[0] == "several_looks_are_planned"
    assert model.schemas[0]["properties"]["combine"]["enum"][1] == "sum" and result.usage.calls == 5


def test_a_question_of_one_look_goes_straight_to_the_loop():
    model = ScriptedModel(['{"name": "semantic_search", "arguments": {"query": "taxi cost"}}', "The taxi cost €38.50 [1]."])
    agent = Agent(model, ToolRegistry([semantic_search, respond]), policies=in_force())
    result = [e for e in Planner(agent, in_force()).run("What did the taxi cost?") if isinstance(e, Answered)][-1].answer
    assert result.text == "The taxi cost €38.50 [1]." and model.schemas[0] is not None and "lookups" not in json.dumps(model.schemas[0])


def found(label: str, text: str, path: str, ask: str = "") -> Found:
    return figure_of(Found(Lookup(ask or f"{label}?", label), answer(text, [{"n": 1, "path": path}] if path else [])), "difference")


def test_the_days_between_two_dates_are_counted_in_code():
    ordered = found("order", "The kettle was ordered on 28 February 2031 [1].", "shop/order.txt")
    arrived = found("delivery", "It arrived 2031-03-03, with a receipt for €41.20 [1].", "shop/delivery.eml")
    plan = Plan("how many days after I ordered the kettle did it turn up?", [ordered.lookup, arrived.lookup], "difference")
    text, sources = compose(plan, [arrived, ordered])
    assert text == "The delivery came 3 days after the order (the order: 2031-2-28 [1]; the delivery: 2031-3-3 [2])."
    assert [s["path"] for s in sources] == ["shop/order.txt", "shop/delivery.eml"]
    weeks = Plan("how many weeks apart were the order and the delivery?", plan.lookups, "none")
    assert "3 days, 0.4 weeks after the order" in compose(weeks, [ordered, arrived])[0]
    # A day the answers do not give is said to be missing; the amount beside it is no stand-in.
    vague = found("delivery", "It arrived in March, with a receipt for €41.20 [1].", "shop/delivery.eml")
    text, _ = compose(plan, [ordered, vague])
    assert "I found no date for the delivery" in text and "days after" not in text and "higher by" not in text


def test_a_figure_below_zero_keeps_its_sign():
    earlier = found("1990 balance", "The balance in 1990 was -5.983 [1].", "data/balance.csv", "What was the balance in 1990?")
    later = found("2030 balance", "In 2030 it was -26.742 [1].", "data/balance.csv", "What was the balance in 2030?")
    assert (earlier.value, later.value) == (-5.983, -26.742)
    change = compose(Plan("how much did the balance change from 1990 to 2030?", [earlier.lookup, later.lookup], "difference"), [earlier, later])[0]
    assert change.startswith("The 1990 balance is higher by 20.759") and "the 2030 balance: -26.742" in change, change


def test_a_percentage_is_computed_from_the_two_figures_found():
    before = found("2031 fee", "The club fee in 2031 was €80.00 [1].", "club/2031.pdf", "What was the club fee in 2031?")
    after = found("2032 fee", "In 2032 it is €92.00 [1].", "club/2032.pdf", "What was the club fee in 2032?")
    assert (before.value, after.value) == (80.0, 92.0)  # the years the lookups ask about are not the figures found
    rise = compose(Plan("by what percentage did the club fee go up?", [before.lookup, after.lookup], "difference"), [before, after])[0]
    assert rise == "From the 2031 fee to the 2032 fee it rose by 15.0% or €12.00 (the 2031 fee: €80.00 [1]; the 2032 fee: €92.00 [2])."
    # A change starts from the figure from before it, whichever the plan looked up first.
    now = found("current fee", "The fee is €92.00 [1].", "club/fees.pdf", "What is the current club fee?")
    was = found("previous fee", "It was €80.00 [1].", "club/fees.pdf", "What was the previous club fee?")
    grew = compose(Plan("how much did the club fee grow, in euros and percent?", [now.lookup, was.lookup], "difference"), [now, was])[0]
    assert grew.startswith("From the previous fee to the current fee it rose by 15.0% or €12.00 ("), grew
    share = compose(Plan("what percentage of the 2032 fee is the 2031 fee?", [before.lookup, after.lookup], "none"), [before, after])[0]
    assert share.startswith("The 2031 fee is 87.0% of the 2032 fee")
    same = found("2033 fee", "Still €80.00 in 2033 [1].", "club/2033.pdf", "What was the club fee in 2033?")
    assert compose(Plan("do the 2031 and 2033 fees differ?", [before.lookup, same.lookup], "difference"), [before, same])[0].startswith("They are the same")
    # Neither of two equal figures is the larger.
    assert compose(Plan("was the 2033 fee higher than the 2031 fee?", [before.lookup, same.lookup], "larger"), [before, same])[0].startswith("They are the same")


def test_spans_of_time_are_one_figure_each_and_a_line_of_two_gives_each_lookup_its_own():
    from filesage.agent.planner import not_taken_twice

    before = found("old backup time", "The backup took 4 hours and 10 minutes before the move [1].", "ops/notes.md", "How long did the backup take before?")
    after = found("new backup time", "The backup time went from 4h 10m to 1h 25m [1].", "ops/notes.md", "How long does the backup take now?")
    assert (before.value, before.kind, after.value) == (15000.0, "duration", 15000.0)
    not_taken_twice([before, after], "difference")
    assert (after.value, after.written) == (5100.0, "1h 25m")
    cut = compose(Plan("how much shorter is the backup now, in minutes?", [before.lookup, after.lookup], "difference"), [before, after])[0]
    assert cut.startswith("The old backup time is higher by 2h 45m (")
    share = compose(Plan("by what percentage did the backup time fall?", [before.lookup, after.lookup], "difference"), [before, after])[0]
    assert share.startswith("From the old backup time to the new backup time it fell by 66.0%")
    # An amount stays an amount, and "2.50 hours" is a span though written like one.
    paid = found("fee", "The fee was €2.50 for 3 hours [1].", "a.txt")
    hours = found("hours", "It took 2.50 hours [1].", "b.txt")
    assert (paid.kind, paid.value, hours.kind, hours.value) == ("amount", 2.5, "duration", 9000.0)
    # Two lookups that truly found the same figure keep it.
    twice = [found("a", "It is 12 [1].", "a.txt"), found("b", "Also 12 [1].", "b.txt")]
    not_taken_twice(twice, "sum")
    assert [f.value for f in twice] == [12.0, 12.0]


def test_two_lookups_that_read_one_line_of_two_dates_take_one_each():
    from filesage.agent.planner import not_taken_twice

    letter = found("letter date", "The offer letter is dated 6 June 2031 and offers a start on 1 September 2031 [1].", "job/offer.docx")
    start = found("start date", "The start date is 6 June 2031; it starts on 1 September 2031 [1].", "job/offer.docx")
    not_taken_twice([letter, start], "difference")
    plan = Plan("how many days between the offer letter and the start date?", [letter.lookup, start.lookup], "difference")
    assert compose(plan, [letter, start])[0].startswith("The start date came 87 days after the letter date")


def test_a_computed_figure_keeps_the_precision_of_the_figures_it_comes_from():
    from filesage.agent.planner import written_like

    assert written_like(1.0286, ["107.8040", "106.7754"]) == "1.0286"
    assert written_like(175.5, ["€38.50", "€214.00"]) == "€175.50" and written_like(3, ["12", "15"]) == "3"
    assert written_like(2300.0, ["1.150,00", "3.450,00"]) == "2,300.00"


def test_a_follow_up_weighing_the_answers_before_takes_them_as_the_user_saw_them():
    history = [{"role": "user", "content": "What did the taxi to the airport cost?"},
               {"role": "assistant", "content": "The taxi to the airport cost €38.50 [1].", "sources": [{"path": "travel/taxi.txt"}]},
               {"role": "user", "content": "and the hotel?"},
               {"role": "assistant", "content": "The hotel cost €214.00 [1].", "sources": [{"path": "travel/hotel.pdf"}]}]
    # The model's lookups lose a word of the subject ("airport"): looked up again they would be searched anew.
    plan = {"question": "Which cost more, the taxi or the hotel, and by how much?",
            "lookups": [{"ask": "What did the taxi cost?", "label": "taxi"}, {"ask": "What did the hotel cost?", "label": "hotel"}], "combine": "difference"}
    model = ScriptedModel([json.dumps(plan)])
    agent = Agent(model, ToolRegistry([semantic_search, respond]), policies=in_force())
    result = [e for e in Planner(agent, in_force()).run("which is bigger and by how much?", history) if isinstance(e, Answered)][-1].answer
    assert result.text == "The hotel is higher by €175.50 (the taxi: €38.50 [1]; the hotel: €214.00 [2])."
    assert [s["path"] for s in result.sources] == ["travel/taxi.txt", "travel/hotel.pdf"] and result.steps == []
    assert "answers_before_are_not_looked_up_again" in result.policies and len(model.prompts) == 1
    # Switched off, each lookup is looked up again.
    model = ScriptedModel([json.dumps(plan),
                           '{"name": "semantic_search", "arguments": {"query": "taxi cost"}}', "The taxi cost €38.50 [1].",
                           '{"name": "semantic_search", "arguments": {"query": "hotel cost"}}', "The hotel cost €214.00 [1]."])
    off = in_force(["answers_before_are_not_looked_up_again"])
    result = [e for e in Planner(Agent(model, ToolRegistry([semantic_search, respond]), policies=off), off).run("which is bigger and by how much?", history)
              if isinstance(e, Answered)][-1].answer
    assert [s.tool for s in result.steps] == ["semantic_search", "semantic_search"]


def test_a_file_picked_by_rank_is_named_in_the_look_that_reads_it_whatever_its_path_holds():
    picked = "scans\\2031\\report.pdf"  # a backslash is a letter of a file name on POSIX, no escape

    def list_files(order: str = "newest") -> ToolResult:
        """List files.

        Args:
            order: newest first
        """
        return ToolResult(f"The newest PDF is {picked}.", [picked], "1 file")

    plan = {"question": "who is the author of the newest PDF?", "lookups": [{"ask": "Which PDF is the newest?", "label": "newest PDF"},
                                                                            {"ask": "Who is the author of the newest PDF?", "label": "author"}],
            "combine": "read_the_file"}
    model = ScriptedModel([json.dumps(plan), '{"name": "list_files", "arguments": {"order": "newest"}}', f"It is {picked} [1].",
                           "Ada Lind wrote it."])
    agent = Agent(model, ToolRegistry([list_files, respond]), policies=[])
    list(Planner(agent, in_force()).run("Who is the author of the newest PDF?"))
    assert f"Who is the author of {picked}?" in model.prompts[-1][-1]["content"]


def test_a_computed_figure_keeps_the_unit_of_the_figures_and_sizes_are_compared_in_bytes():
    odometer = found("odometer", "The odometer read 84,512 km at the service [1].", "car/service.pdf", "What did the odometer read?")
    due = found("next service", "The next service is due at 94,500 km [1].", "car/service.pdf", "When is the next service due?")
    assert compose(Plan("how many km until the next service?", [odometer.lookup, due.lookup], "difference"), [odometer, due])[0].startswith(
        "The next service is higher by 9,988 km")
    paper = found("paper size", "papers/quill.pdf is 732.1 KB [1].", "papers/quill.pdf", "How big is the quill paper?")
    table = found("table size", "data/listings.csv is 1.2 MB [1].", "data/listings.csv", "How big is the listings table?")
    assert (paper.kind, table.kind) == ("size", "size") and table.value == 1.2 * 1024**2
    bigger = compose(Plan("which is bigger, the paper or the table, and by how much?", [paper.lookup, table.lookup], "difference"), [paper, table])[0]
    assert bigger.startswith("The table size is higher by 496.7 KB (the paper size: 732.1 KB [1]; the table size: 1.2 MB [2])"), bigger


def test_figures_weighed_are_of_one_measure_and_a_year_is_no_figure():
    from filesage.agent.planner import of_one_measure

    quote = found("quote", "The quote comes to 448.33 [1].", "home/quote.pdf", "What does the plumber's quote come to?")
    terms = found("invoice", "The invoice is payable within 30 days [1].", "home/invoice.pdf", "What did the plumber invoice?")
    of_one_measure([quote, terms])
    assert (quote.value, terms.value) == (448.33, None)
    text = compose(Plan("difference between the quote and the invoice", [quote.lookup, terms.lookup], "difference"), [quote, terms])[0]
    assert "I found no figure for the invoice" in text and "higher by" not in text, text
    # One lookup's other figure of the same measure is taken when there is one.
    paid = found("invoice", "Paid within 30 days: 426.42 [1].", "home/invoice.pdf", "What did the plumber invoice?")
    of_one_measure([quote, paid])
    assert paid.value == 426.42
    guests = found("adults quoted", "The caterer quoted for 45 adults in 2031 [1].", "party/quote.pdf", "How many adults is the caterer's quote for?")
    assert guests.value == 45
    year_only = found("adults quoted", "The quote is for 2031 [1].", "party/quote.pdf", "How many adults?")
    assert year_only.value == 2031  # a year alone is still the figure the answer gives


def test_a_part_that_leans_on_the_part_before_is_looked_up_in_the_document_that_part_was_found_in():
    """"What did the hotel cost, and how many nights was it for?": the second part says nothing of its own subject, and
    looked up across every file it found another stay's nights; it is looked up first in the hotel's bill."""
    plan = {"question": "What did the hotel cost, and how many nights was it for?",
            "lookups": [{"ask": "What did the hotel cost?", "label": "cost"}, {"ask": "How many nights?", "label": "nights"}], "combine": "none"}
    model = ScriptedModel([json.dumps(plan), '{"name": "semantic_search", "arguments": {"query": "hotel cost"}}', "The hotel cost €214.00 [1].",
                           '{"name": "semantic_search", "arguments": {"query": "nights"}}', "2 nights [1]."])
    agent = Agent(model, ToolRegistry([semantic_search, respond]), policies=[])
    list(Planner(agent, in_force()).run("What did the hotel cost, and how many nights was it for?"))
    asked = [m["content"] for prompt in model.prompts for m in prompt if m["role"] == "user"]
    assert any("(in travel/hotel.pdf)" in text and "nights" in text for text in asked), asked
    # A part with a subject of its own is looked up on its own.
    own = {"question": "What did the hotel cost, and what did the taxi cost?",
           "lookups": [{"ask": "What did the hotel cost?", "label": "hotel"}, {"ask": "What did the taxi cost?", "label": "taxi"}], "combine": "none"}
    model = ScriptedModel([json.dumps(own), '{"name": "semantic_search", "arguments": {"query": "hotel cost"}}', "The hotel cost €214.00 [1].",
                           '{"name": "semantic_search", "arguments": {"query": "taxi"}}', "€38.50 [1]."])
    list(Planner(Agent(model, ToolRegistry([semantic_search, respond]), policies=[]), in_force()).run(own["question"]))
    assert not any("(in travel/hotel.pdf)" in m["content"] for prompt in model.prompts for m in prompt if m["role"] == "user")
