"""Each policy on its own: the failure it handles, that it leaves a right call or answer alone, and its switch."""

import json

import pytest

from bench.corpus import write_docx
from filesage.agent import prompts
from filesage.agent.decisions import ASK_ANSWER, BEFORE_ANSWER, POINTS, Accept, AskAnswer, FollowUp, Policy, Rendered, Retry, Rewrite
from filesage.agent.events import NO_GENERATION, Step
from filesage.agent.loop import Agent
from filesage.agent.state import Drafted, Fired, Ran, Rewrote
from filesage.errors import UsageError
from filesage.language.question import counted_words, counts_files, kinds_named, subject_words
from filesage.llm.parser import ToolCall
from filesage.policies import ORDER, in_force
from filesage.policies.after_step import (
    answer_after_a_found_result,
    filesystem_answers_are_rendered,
    read_the_file_a_listing_picked,
    router_after_nothing_found,
    searches_in_the_folders_other_languages,
)
from filesage.policies.before_answer import calls_where_the_answer_belongs_are_asked_again, claims_must_be_in_the_results, not_found_is_said_plainly
from filesage.policies.first_call import (
    an_empty_respond_asks_for_words,
    filesystem_calls_follow_the_question,
    no_answer_before_looking,
    questions_about_what_files_say_are_searched,
    router_when_no_usable_call,
    unusable_calls_ask_for_the_answer,
)
from filesage.policies.follow_ups import follow_up_searches_keep_what_came_before, follow_ups_keep_the_file_type
from filesage.tools.inside import Inside
from filesage.tools.toolbox import Toolbox
from filesage.tools.result import ToolResult
from filesage.tools.registry import ToolRegistry, respond
from tests.conftest import ScriptedModel, write


def semantic_search(query: str, top_k: int = 5) -> ToolResult:
    """Search what the files say.

    Args:
        query: what to look for
        top_k: how many passages
    """
    if "invoice" in query.lower():
        return ToolResult("From finance/2025/invoice_001.pdf (p. 1):\n- Total due: $4,320.00", ["finance/2025/invoice_001.pdf"], "1 fact",
                          locations={"finance/2025/invoice_001.pdf": "p. 1"})
    return ToolResult(f"Nothing in the files matches '{query}'.", [], "No matching passages", found=False)


@pytest.fixture
def agent(fs_corpus):
    box = Toolbox(fs_corpus)
    registry = ToolRegistry([box.count_files, box.list_files, box.file_metadata, box.grep_files, box.directory_tree, semantic_search, box.read_file, respond])
    return Agent(ScriptedModel([]), registry, tree=box, policies=in_force())


def turn_for(agent, question, history=None):
    return agent._start(question, history)


def ran(agent, turn, tool, by="model", **arguments):
    """Run a tool into the turn as the loop does."""
    list(agent._run_tool(turn, ToolCall(tool, arguments), by, NO_GENERATION))
    return turn


def found(turn, text, tool="semantic_search", paths=(), **arguments):
    """A result that found `text` (in `paths`), in the turn's log as the loop records it."""
    turn.record(Ran(Step(tool, arguments, "model", "found", True, True, 0.0, 0, 0, list(paths)), ToolResult(text, list(paths)), f"found {len(turn.log)}", text))
    return turn


def test_every_policy_is_at_a_point_and_documented():
    assert len(ORDER) >= 10 and len({p.name for p in ORDER}) == len(ORDER)
    for rule in ORDER:
        assert rule.point in POINTS
        assert len((rule.function.__doc__ or "").split()) >= 20, rule.name  # names the class of failure it handles


def test_every_policy_has_a_test_of_its_own():
    from pathlib import Path

    tests = Path(__file__).read_text()
    assert [p.name for p in ORDER if f"def test_{p.name}(" not in tests] == []


def test_policies_can_be_switched_off_by_name():
    assert "filesystem_answers_are_rendered" not in [p.name for p in in_force(["filesystem_answers_are_rendered"])]
    with pytest.raises(UsageError, match="unknown policy"):
        in_force(["no_such_policy"])


def test_policies_decide_and_leave_the_turn_as_it_was(agent):
    """A policy returns a decision; only the loop writes the turn."""
    turn = found(ran(agent, turn_for(agent, "what is the invoice total for 2025?"), "semantic_search", query="invoice total"), "Total due: $4,320.00")
    before = (list(turn.log), turn.question, [dict(m) for m in turn.messages])
    for rule in (r for r in ORDER if r.point not in ("plan", "planned")):  # a plan's policies see the question, never a turn
        arguments = {"first_call": (ToolCall("each_file", {"what": "total"}),), "each_call": (ToolCall("count_files", {}),), "after_step": (),
                     "answer_call": (ToolCall("count_files", {}),), "before_answer": ("It is $9,999.00.",)}[rule.point]
        rule.function(turn, *arguments)
    assert (turn.log, turn.question, turn.messages) == before


def test_unusable_calls_ask_for_the_answer(agent):
    turn = ran(agent, turn_for(agent, "how many pdfs?"), "count_files", extension="pdf")
    assert unusable_calls_ask_for_the_answer(turn, None) == ASK_ANSWER
    assert unusable_calls_ask_for_the_answer(turn, ToolCall("delete_everything", {})) == ASK_ANSWER
    assert unusable_calls_ask_for_the_answer(turn, ToolCall("count_files", {"extension": "pdf", "folder": ""})) == ASK_ANSWER  # made already
    assert unusable_calls_ask_for_the_answer(turn, ToolCall("count_files", {"extension": "docx"})) is None


def test_an_empty_respond_asks_for_words(agent):
    assert an_empty_respond_asks_for_words(turn_for(agent, "hi"), ToolCall("respond", {"answer": " "})) == AskAnswer(prompts.DIRECT_REPLY)
    after = ran(agent, turn_for(agent, "how many pdfs?"), "count_files", extension="pdf")
    assert an_empty_respond_asks_for_words(after, ToolCall("respond", {})) == AskAnswer(prompts.FORCED_ANSWER)
    assert an_empty_respond_asks_for_words(after, ToolCall("respond", {"answer": "3."})) is None


def test_calls_where_the_answer_belongs_are_asked_again(agent):
    turn = ran(agent, turn_for(agent, "how many pdfs?"), "count_files", extension="pdf")
    decision = calls_where_the_answer_belongs_are_asked_again(turn, ToolCall("count_files", {}))
    assert decision.message == prompts.FORCED_ANSWER and decision.answer_only
    assert decision.otherwise.text.startswith("Here is what the tools found:\n3 .pdf files")
    nothing = calls_where_the_answer_belongs_are_asked_again(turn_for(agent, "hi"), ToolCall("count_files", {}))
    assert nothing.otherwise == Accept(prompts.NO_ANSWER)


def test_router_when_no_usable_call(agent):
    turn = turn_for(agent, "how many pdf files are there?")
    assert router_when_no_usable_call(turn, None) == ToolCall("count_files", {"extension": "pdf"})
    assert router_when_no_usable_call(turn, ToolCall("delete_everything", {})).name == "count_files"
    assert router_when_no_usable_call(turn, ToolCall("list_files", {})) is None


def test_no_answer_before_looking(agent):
    assert no_answer_before_looking(turn_for(agent, "how many python files are there?"), ToolCall("respond", {"answer": "12"})).name == "count_files"
    assert no_answer_before_looking(turn_for(agent, "hello"), ToolCall("respond", {"answer": "Hi!"})) is None
    follow_up = turn_for(agent, "and why?", [{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}])
    assert no_answer_before_looking(follow_up, ToolCall("respond", {"answer": "Because."})) is None


def test_what_a_question_counts():
    assert counted_words("how many of my zero-byte files") == ["file"] and counted_words("number of guests at the party") == ["guest"]
    assert counted_words("how many plain text files do I have?") == ["plain", "text", "file"]
    assert counted_words("count the invoices from 2025") == ["invoice"] and counted_words("2025 invoice count?") == ["invoice"]
    assert counted_words("invoices 2025 how many") == ["invoice"]
    # "The total of my invoices" is a sum; "how many there are" counts nothing named.
    assert counted_words("Divide the total of my 2025 invoices by how many there are") == []
    assert counts_files("how many receipts do I have?", {"invoice"}) and not counts_files("how many servings?", {"invoice"})


def test_kinds_of_document_a_question_names():
    from filesage.language.question import kinds_named

    names = {"invoice", "finance", "contacts", "2025"}
    assert kinds_named("what do my 2025 invoices add up to?", names) == ["invoice"]
    # Another word for them, and a verb made of the noun.
    assert kinds_named("and the bills for 2024?", names) == ["bill"]
    assert kinds_named("the total amount invoiced to me in 2025", names) == ["invoice"]
    assert kinds_named("how much was I billed in 2024", names) == ["bill"]
    assert kinds_named("list my 2024 reports", names) == [] and kinds_named("how many PDFs?", names | {"pdf"}) == []


def test_filesystem_calls_follow_the_question(agent):
    def fixed(question, name, **arguments):
        return filesystem_calls_follow_the_question(turn_for(agent, question), ToolCall(name, arguments))

    # A type the model dropped, and a folder named loosely.
    assert fixed("how many PDFs are in the Finance folder?", "count_files", folder="finance") == ToolCall("count_files", {"folder": "finance", "extension": "pdfs"})
    # What a folder holds, asked by its path, is listed, not searched for.
    assert fixed("What's inside finance/2025?", "semantic_search", query="finance 2025") == ToolCall("list_files", {"folder": "finance/2025"})
    assert fixed("What does finance/2025/receipts.csv say about January?", "semantic_search", query="january") is None
    # A grep for a pattern that matches every line looks for nothing: files counted by what the question says of them.
    assert fixed("how many of my files have no extension at all?", "grep_files", pattern=".*\n") == ToolCall("count_files", {"extension": "extensionless"})
    assert fixed("which files mention the word invoice?", "grep_files", pattern="invoice") is None
    # A filter the question never states is dropped; one it states is added.
    assert fixed("list my markdown files", "list_files", extension="md", empty=True) == ToolCall("list_files", {"extension": "markdown"})
    assert fixed("which files did I change in the past day?", "list_files", changed_within="7 days").arguments["changed_within"] == "day"
    assert fixed("which files are bigger than 5 KB?", "list_files").arguments["larger_than"] == "5 KB"
    # A word the stated type is short for ("messages" of ".msg") is that type, no name; another word stays a name.
    def named(question, **arguments):
        return filesystem_calls_follow_the_question(turn_for(agent, question), ToolCall("count_files", arguments))

    assert named("how many saved messages (.msg) are there?", extension=".msg", name="message") == ToolCall("count_files", {"extension": ".msg"})
    assert named("how many invoice .pdf files are there?", extension=".pdf", name="invoice") is None
    # A file ranked, not counted ("which is the smallest ..."), is listed in that order; files with something in them are not empty.
    assert fixed("Which is the smallest file that actually has something in it?", "count_files") == \
        ToolCall("list_files", {"larger_than": "0 bytes", "order": "smallest", "limit": 1})
    assert fixed("What's the tiniest file that isn't empty?", "list_files", order="smallest", limit=1, empty=True).arguments == \
        {"larger_than": "0 bytes", "order": "smallest", "limit": 1}
    # The empty files left out of a ranking are not what it lists, nor do they make it plural.
    assert fixed("the newest file? skip the empty ones", "list_files", order="newest", limit=1, empty=True).arguments == \
        {"larger_than": "0 bytes", "order": "newest", "limit": 1}
    assert fixed("which one did I edit last? ignoring empty files", "list_files", order="newest", limit=20).arguments == \
        {"larger_than": "0 bytes", "order": "newest", "limit": 1}
    # Counted and ranked at once: the ranking, which says how many it ranks.
    assert fixed("How many PDFs are there, and which one is the heaviest?", "count_files", extension="pdf") == \
        ToolCall("list_files", {"extension": "pdf", "order": "largest", "limit": 1})
    # A subfolder the question includes is not left out.
    assert fixed("how many files are in the code folder, including its tests subfolder?", "count_files", folder="code", excluding="tests") == \
        ToolCall("count_files", {"folder": "code"})
    # What types of files a folder holds: the count, which says them, not a listing of the files.
    assert fixed("What kinds of files (extensions) are in my notes folder?", "list_files", folder="notes", order="newest", limit=20) == \
        ToolCall("count_files", {"folder": "notes"})
    # A month of a year is a date, not a folder whose name shares the year.
    assert "folder" not in fixed("Which files did I change in February 2025?", "list_files", folder="finance/2025", changed_within="2025-02").arguments
    # The end of a ranking, and how many.
    assert fixed("what are my 2 least bulky files?", "list_files", order="largest", limit=5).arguments == {"order": "smallest", "limit": 2}
    # A ranking asked in the singular is one file; in the plural, as many as asked (or the tool's default).
    assert fixed("Which file did I change most recently?", "list_files", order="newest", limit=20).arguments == {"order": "newest", "limit": 1}
    assert fixed("what are my newest files?", "list_files", order="newest", limit=20) is None
    # A tree or a name lookup chosen for a question that lists or ranks files.
    assert fixed("which PDFs are in the notes folder?", "directory_tree", folder="notes") == ToolCall("list_files", {"extension": "pdfs", "folder": "notes"})
    assert fixed("which file is the tiniest?", "file_metadata", name_hint="tiniest") == ToolCall("list_files", {"order": "smallest", "limit": 1})
    # A folder the question never names (here from a file's name) is dropped.
    assert fixed("which pdf is the largest?", "list_files", extension="pdf", folder="reports", order="largest", limit=1) == ToolCall("list_files", {"extension": "pdf", "order": "largest", "limit": 1})
    # The kind of file the question names by the folder's own file names, before a file word or as what is counted.
    assert fixed("Which of my invoice files is the oldest?", "list_files", order="oldest", limit=1).arguments == {"order": "oldest", "limit": 1, "name": "invoice"}
    assert fixed("how many invoices do I have?", "count_files") == ToolCall("count_files", {"name": "invoice"})
    assert fixed("how many files are in my photos folder?", "count_files", folder="photos") is None
    # A folder's space or its subfolders, searched for: counted or drawn, the folder named by its own name too.
    assert fixed("How much disk space does the finance folder use?", "semantic_search", query="disk space finance") == ToolCall("count_files", {"folder": "finance"})
    assert fixed("What subfolders does code have?", "semantic_search", query="subfolders code") == ToolCall("directory_tree", {"folder": "code"})
    assert fixed("What subfolders does code have?", "list_files", folder="code") == ToolCall("directory_tree", {"folder": "code"})
    assert fixed("What does the README say about disk space?", "semantic_search", query="disk space") is None
    # A folder with a part of it named: the folder, and the part's name is no file's.
    part = ToolCall("count_files", {"folder": "code/tests", "name": "tests"})
    assert filesystem_calls_follow_the_question(turn_for(agent, "how many files are in the code folder, counting its tests subfolder?"), part) \
        == ToolCall("count_files", {"folder": "code"})
    # Hidden files beside the others, when the question says so; a filter's word is no name.
    assert fixed("how many files are there, hidden ones included?", "count_files", hidden="only") == ToolCall("count_files", {"hidden": "too"})
    empty = ToolCall("list_files", {"name": "empty", "empty": True})
    assert filesystem_calls_follow_the_question(turn_for(agent, "Are there any empty files? Which ones?"), empty) == ToolCall("list_files", {"empty": True})
    # A right call is left alone.
    assert fixed("how many python files are under code?", "count_files", extension="python", folder="code") is None
    # A type the question's reading missed stays only where the question writes it as one.
    call = ToolCall("list_files", {"extension": "go", "name": "invoice"})
    assert filesystem_calls_follow_the_question(turn_for(agent, "go through the invoices and list them"), call) == ToolCall("list_files", {"name": "invoice"})
    assert fixed("list the .go files", "list_files", extension="go") is None
    assert fixed("show me the folder structure", "directory_tree") is None


def test_a_file_word_is_no_kind_of_document(tmp_path):
    # A folder where one file's name says "file" and one folder's says "folder": "how many PDF files" counts PDFs.
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "acme-file-format.txt").write_text("The acme container layout.\n")
    (tmp_path / "old folder notes").mkdir()
    (tmp_path / "old folder notes" / "plan.md").write_text("A plan.\n")
    for name in ("a.pdf", "b.pdf"):
        (tmp_path / name).write_bytes(b"%PDF-1.4\n")
    box = Toolbox(tmp_path)
    agent = Agent(ScriptedModel([]), ToolRegistry([box.count_files, box.list_files, semantic_search, respond]), tree=box, policies=in_force())
    assert "file" in box.name_words() and "folder" in box.name_words()
    assert kinds_named("How many PDF files are in this folder?", box.name_words()) == []
    counted = filesystem_calls_follow_the_question(turn_for(agent, "How many PDF files are there in this folder?"), ToolCall("count_files", {"extension": "pdf", "name": "file"}))
    assert counted == ToolCall("count_files", {"extension": "pdf"})
    ranked = filesystem_calls_follow_the_question(turn_for(agent, "Which file is the largest in the folder?"), ToolCall("list_files", {"name": "folder", "order": "largest"}))
    assert ranked == ToolCall("list_files", {"order": "largest", "limit": 1})


def test_follow_ups_keep_the_file_type(agent):
    history = [{"role": "user", "content": "how many markdown files are there?"}, {"role": "assistant", "content": "There are 3."}]
    turn = turn_for(agent, "which are they?", history)
    assert follow_ups_keep_the_file_type(turn, ToolCall("list_files", {})) == ToolCall("list_files", {"extension": "markdown"})
    assert follow_ups_keep_the_file_type(turn, ToolCall("list_files", {"extension": "pdf"})) is None


def test_router_after_nothing_found(agent):
    turn = ran(agent, turn_for(agent, "What is the total of the cloud invoice?"), "file_metadata", name_hint="cloud invoice total")
    assert router_after_nothing_found(turn) == FollowUp(ToolCall("semantic_search", {"query": "What is the total of the cloud invoice?", "top_k": 5}))
    found = ran(agent, turn_for(agent, "how big is report.pdf?"), "file_metadata", name_hint="report.pdf")
    assert router_after_nothing_found(found) is None
    # A file described by what it says is no file name: its date is looked for through a search.
    described = "when was the project plan that covers the pilot launch last modified?"
    for tool, arguments in (("file_metadata", {"name_hint": "project plan pilot launch"}), ("grep_files", {"pattern": "pilot launch"})):
        turn = ran(agent, turn_for(agent, described), tool, **arguments)
        assert router_after_nothing_found(turn) == FollowUp(ToolCall("semantic_search", {"query": described})), tool
    # A guessed file name to read that is not there: what the files say is searched, not the folder listed.
    guessed = ran(agent, turn_for(agent, "What did the ferry to the finance office cost?"), "read_file", path="ferry_cost.txt")
    assert router_after_nothing_found(guessed) == FollowUp(ToolCall("semantic_search", {"query": guessed.question}))
    reworded = ran(agent, turn_for(agent, "What did the ferry to the finance office cost?"), "read_file", by="searches_keep_the_questions_words", path="ferry_cost.txt")
    assert router_after_nothing_found(reworded) == FollowUp(ToolCall("semantic_search", {"query": reworded.question}))
    # A follow-up's search keeps what the conversation was about, and looks where the answer before was found.
    history = [{"role": "user", "content": "What is the total of the cloud invoice?"},
               {"role": "assistant", "content": "The cloud invoice total is 12 [1].", "sources": [{"path": "notes/todo.txt"}]}]
    leaning = ran(agent, turn_for(agent, "and when is it due?", history), "read_file", path="due.txt")
    assert router_after_nothing_found(leaning) == FollowUp(ToolCall("semantic_search", {"query": "and when is it due? total cloud invoice", "top_k": 5, "within": "notes/todo.txt"}))


def test_a_name_several_files_have_is_the_one_the_question_places(tmp_path):
    from filesage.policies.after_step import a_name_several_files_have_is_the_one_the_question_places as placed

    for program in ("quill", "larkspur", "docs/larkspur-extras"):
        write(tmp_path / program / "NEWS", f"{program} 1.0 (2031-02-03)\n- first release\n")
    box = Toolbox(tmp_path)
    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, box.list_files, respond]), tree=box, policies=in_force())
    turn = ran(agent, turn_for(agent, "When did quill 1.0 come out, per the NEWS file?"), "read_file", path="NEWS", about="1.0")
    assert turn.steps[-1].summary == "'NEWS' fits 3 files"
    assert placed(turn) == FollowUp(ToolCall("read_file", {"path": "quill/NEWS", "start": 1, "length": 3000, "about": "1.0"}))
    # Two files the question's words fit, or none: the model is left to choose.
    for question in ("When did larkspur 1.0 come out?", "When did version 1.0 come out, per the NEWS file?"):
        assert placed(ran(agent, turn_for(agent, question), "read_file", path="NEWS")) is None, question
    assert placed(ran(agent, turn_for(agent, "What does quill's NEWS say?"), "read_file", path="quill/NEWS")) is None


def test_figures_over_a_tables_rows_are_computed_in_code(agent):
    from filesage.policies.after_step import figures_over_a_tables_rows_are_computed_in_code as computed

    question = "What was the average gauge close in 2031?"
    turn = found(turn_for(agent, question), "From data/gauge.csv [1]:\n- Date: 2031-02-28; Close: 61.05", paths=["data/gauge.csv"], query="gauge close 2031")
    turn.tools = turn.tools | {"count_in_file"}
    assert computed(turn) == FollowUp(ToolCall("count_in_file", {"path": "data/gauge.csv", "what": question}))
    # No figure over rows asked, or what was found first is no table: left alone.
    plain = found(turn_for(agent, "What was the gauge close on 2031-02-28?"), "- Date: 2031-02-28; Close: 61.05", paths=["data/gauge.csv"])
    plain.tools = plain.tools | {"count_in_file"}
    assert computed(plain) is None
    # Tables read by each_file as if each were one document: the one the question names most.
    combined = found(turn_for(agent, "What was the average monthly gauge close in 2031?"), "- 61.05", tool="each_file",
                     paths=["data/gauge-daily.csv", "data/gauge-monthly.csv"])
    combined.tools = combined.tools | {"count_in_file"}
    assert computed(combined).call.arguments["path"] == "data/gauge-monthly.csv"
    report = found(turn_for(agent, question), "- The average close was 40.", paths=["reports/gauge.pdf"])
    report.tools = report.tools | {"count_in_file"}
    assert computed(report) is None


def test_a_table_ranked_below_other_passages_is_the_one_computed_when_its_rows_say_the_question(tmp_path):
    from filesage.policies.after_step import figures_over_a_tables_rows_are_computed_in_code as computed

    write(tmp_path / "man/zither.1", ".TH ZITHER 1 \"May 2031\"\n.SH NAME\nzither \\- tunes strings\n")
    write(tmp_path / "work/visits.csv", "fecha;paciente;lugar\n02/05/2031;R. Ostmark;Consulta\n03/05/2031;T. Reuter;Domicilio\n"
          "05/05/2031;R. Ostmark;Consulta\n")
    write(tmp_path / "work/rates.csv", "Year,Rate\n2030,4.1\n2031,3.9\n")
    box = Toolbox(tmp_path)
    agent = Agent(ScriptedModel([]), ToolRegistry([Inside(box).count_in_file, semantic_search, respond]), tree=box, policies=in_force())
    question = "How many home visits did I do in May?"
    # The man page's "May" ranks first; the visits table, whose rows the question's "home" picks (said "Domicilio"), is counted.
    turn = found(turn_for(agent, question), "- ZITHER(1) manual page: May 2031", paths=["man/zither.1", "work/rates.csv", "work/visits.csv"], query=question)
    assert computed(turn) == FollowUp(ToolCall("count_in_file", {"path": "work/visits.csv", "what": question}))
    # A table none of whose rows the question's words pick is no answer to it.
    other = found(turn_for(agent, question), "- ZITHER(1) manual page: May 2031", paths=["man/zither.1", "work/rates.csv"], query=question)
    assert computed(other) is None
    # A search that found nothing: the one table of the folder whose rows the question's words pick.
    nothing = turn_for(agent, question)
    nothing.record(Ran(Step("semantic_search", {"query": question}, "model", "x", True, False, 0.0, 0, 0, []),
                       ToolResult("The closest passages say nothing.", [], found=False), "x", "x"))
    assert computed(nothing) == FollowUp(ToolCall("count_in_file", {"path": "work/visits.csv", "what": question}))
    # Which value most often: the one table with the column named.
    often = "which patient came most often?"
    nothing_often = turn_for(agent, often)
    nothing_often.record(Ran(Step("semantic_search", {"query": often}, "model", "x", True, False, 0.0, 0, 0, []),
                             ToolResult("The closest passages say nothing.", [], found=False), "x", "x"))
    assert computed(nothing_often) == FollowUp(ToolCall("count_in_file", {"path": "work/visits.csv", "what": often}))


def test_files_asked_about_as_duplicates_are_compared_by_their_bytes(tmp_path):
    from filesage.tools.copies import Copies

    write(tmp_path / "Downloads/bill.pdf", "%PDF")
    write(tmp_path / "home/bill.pdf", "%PDF")
    box = Toolbox(tmp_path)
    agent = Agent(ScriptedModel([]), ToolRegistry([box.count_files, box.list_files, Copies(box).find_duplicates, respond]), tree=box, policies=in_force())
    listed = ToolCall("list_files", {"name": "bill"})
    assert filesystem_calls_follow_the_question(turn_for(agent, "Do I have any duplicate files?"), listed) == ToolCall("find_duplicates", {})
    assert filesystem_calls_follow_the_question(turn_for(agent, "are there duplicates in Downloads?"), listed) == ToolCall("find_duplicates", {"folder": "Downloads"})
    # Looked for in the folder the question names, not in a word of it the model took for a folder.
    assert filesystem_calls_follow_the_question(turn_for(agent, "hey check if I get two files that are exactly the same content"),
                                                ToolCall("find_duplicates", {"folder": "hey"})) == ToolCall("find_duplicates", {})
    assert filesystem_calls_follow_the_question(turn_for(agent, "any identical files in Downloads?"), ToolCall("find_duplicates", {"folder": "Downloads"})) is None
    from filesage.policies.router import route

    assert route("Do I have any duplicate files?") == ToolCall("find_duplicates", {})
    # Duplicates a document mentions are what it says: the call stands.
    assert filesystem_calls_follow_the_question(turn_for(agent, "which bill lists duplicate charges?"), listed) is None


def test_a_tables_row_is_read_for_the_date_asked(tmp_path):
    from filesage.policies.after_step import a_tables_row_is_read_for_the_date_asked as row_read

    write(tmp_path / "data/yields/README.md", "# Yields\n\nMonthly 10 year yields of government bonds.\n")
    write(tmp_path / "data/yields/monthly.csv", "Date,Rate\n" + "".join(f"2031-{m:02d}-01,{3 + m / 10}\n" for m in range(1, 13)))
    write(tmp_path / "data/other/notes.md", "Nothing about yields.\n")
    box = Toolbox(tmp_path)
    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, Inside(box).count_in_file, semantic_search, respond]), tree=box, policies=in_force())

    def searched(question, path):
        return found(turn_for(agent, question), "- Monthly 10 year yields of government bonds.", paths=[path], query=question)

    # The README of a dataset found: the table beside it is looked up for the month in code, or read at the rows
    # most about the question when several rows are dated so.
    question = "What was the 10-year yield in September 2031?"
    assert row_read(searched(question, "data/yields/README.md")) == FollowUp(ToolCall("count_in_file", {"path": "data/yields/monthly.csv", "what": question}))
    several = "Which 10-year yields were low in 2031?"
    assert row_read(searched(several, "data/yields/README.md")) == FollowUp(ToolCall("read_file", {"path": "data/yields/monthly.csv", "about": several}))
    # After a read of a file the model named wrongly, which found nothing, the search is still the first look.
    first = ran(agent, turn_for(agent, question), "read_file", path="bond_rates.xlsx")
    assert row_read(found(first, "- Monthly 10 year yields of government bonds.", paths=["data/yields/README.md"], query=question)).call.name == "count_in_file"
    # A figure over rows asked (computed elsewhere), no date asked, or no dataset found: left alone.
    for question, path in (("What was the highest yield in 2031?", "data/yields/README.md"), ("What are the yields?", "data/yields/README.md"),
                           ("What was the yield in May 2031?", "data/other/notes.md")):
        assert row_read(searched(question, path)) is None, question
    # Two tables beside the README, named alike: a year's value is the one with a single row of that year.
    write(tmp_path / "data/gilts/README.md", "# Gilts\n\nYields of government bonds, by year and by quarter.\n")
    write(tmp_path / "data/gilts/annual.csv", "Year,Rate\n2030-12-31,4.2\n2031-12-31,4.4\n")
    write(tmp_path / "data/gilts/quarterly.csv", "Date,Rate\n" + "".join(f"2031-{m:02d}-01,{4 + m / 100}\n" for m in (1, 4, 7, 10)))
    box = Toolbox(tmp_path)
    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, Inside(box).count_in_file, semantic_search, respond]), tree=box, policies=in_force())
    gilts = row_read(found(turn_for(agent, "gilt yield 2031"), "- Yields of government bonds.", paths=["data/gilts/README.md"], query="gilt yield 2031"))
    assert gilts == FollowUp(ToolCall("count_in_file", {"path": "data/gilts/annual.csv", "what": "gilt yield 2031"}))
    # A table that says nothing of a word of what is asked that another file says is another thing's ("car" of the
    # car insurance, a club's budget with an insurance row): not read for it.
    write(tmp_path / "club/budget.csv", "Line,2030,2031\nInsurance,640,688\nWater,1100,1250\n")
    write(tmp_path / "car/renewal.txt", "Car insurance renewal. Premium 2031: $1,823.\n")
    box = Toolbox(tmp_path)

    def said(word, paths=None):
        return any(word in (tmp_path / e.path).read_text().lower() for e in box.entries if paths is None or e.path in paths)

    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, Inside(box).count_in_file, semantic_search, respond]), tree=box,
                  policies=in_force(), said_in_files=said)
    for question, read in (("What was my car insurance in 2031?", False), ("What was the club's insurance in 2031?", True)):
        turn = found(turn_for(agent, question), "- Insurance | 640 | 688", paths=["club/budget.csv"], query=question)
        assert (row_read(turn) is not None) == read, question
    # A word the README beside a table says is the table's too.
    write(tmp_path / "data/jobs/README.md", "# Unemployment\n\nMonthly unemployment rates.\n")
    write(tmp_path / "data/jobs/monthly.csv", "Date,Value\n" + "".join(f"2031-{m:02d}-01,{4 + m / 10}\n" for m in range(1, 13)))
    write(tmp_path / "notes/unemployment.md", "Unemployment talk at the club.\n")
    box = Toolbox(tmp_path)
    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, Inside(box).count_in_file, semantic_search, respond]), tree=box,
                  policies=in_force(), said_in_files=said)
    jobs = found(turn_for(agent, "the unemployment rate in May 2031?"), "- 2031-05-01 | 4.5", paths=["data/jobs/monthly.csv"], query="x")
    assert row_read(jobs) == FollowUp(ToolCall("count_in_file", {"path": "data/jobs/monthly.csv", "what": "the unemployment rate in May 2031?"}))
    # The search's best table is another thing's (the club's budget, for a car's insurance): the other table it found
    # that says the thing is read.
    write(tmp_path / "car/insurance.csv", "Year,Premium\n2030,1790\n2031,1823\n")
    box = Toolbox(tmp_path)
    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, Inside(box).count_in_file, semantic_search, respond]), tree=box,
                  policies=in_force(), said_in_files=said)
    question = "What was my car insurance premium in 2031?"
    turn = found(turn_for(agent, question), "- Insurance | 640 | 688", paths=["club/budget.csv", "car/insurance.csv"], query=question)
    assert row_read(turn) == FollowUp(ToolCall("count_in_file", {"path": "car/insurance.csv", "what": question}))


def test_read_the_file_a_listing_picked(agent):
    turn = ran(agent, turn_for(agent, "summarise the newest markdown file"), "list_files", extension="md", order="newest")
    assert read_the_file_a_listing_picked(turn).call == ToolCall("read_file", {"path": "README.md"})
    plain = ran(agent, turn_for(agent, "which is the newest markdown file?"), "list_files", extension="md", order="newest")
    assert read_the_file_a_listing_picked(plain) is None
    # Who wrote the file a rank picks is read in it; its rank's words are no subject the file must say.
    author = ran(agent, turn_for(agent, "who is the author of the most recently changed markdown file?"), "list_files", extension="md", order="newest")
    assert read_the_file_a_listing_picked(author).call == ToolCall("read_file", {"path": "README.md"})
    assert subject_words("who is the author of the most recently changed markdown file?") == ["author"]
    pages = ran(agent, turn_for(agent, "how many pages does the newest markdown file have?"), "list_files", extension="md", order="newest")
    pages.tools = pages.tools | {"count_in_file"}
    assert read_the_file_a_listing_picked(pages).call == ToolCall("count_in_file", {"path": "README.md", "what": "how many pages"})


def test_filesystem_answers_are_rendered(agent, fs_corpus):
    turn = ran(agent, turn_for(agent, "how many pdf files?"), "count_files", extension="pdf")
    rendered = filesystem_answers_are_rendered(turn)
    assert isinstance(rendered, Rendered) and rendered.text.startswith("There are 3 .pdf files in the folder (15.0 KB in all).")
    searched = ran(agent, turn_for(agent, "what is the invoice total?"), "semantic_search", query="invoice total")
    assert filesystem_answers_are_rendered(searched) is None
    # After a search found what was asked, a count of no files named after it is no answer.
    after = ran(agent, ran(agent, turn_for(agent, "invoice total?"), "semantic_search", query="invoice"), "count_files", larger_than="1 GB")
    assert after.steps[-1].summary == "Found 0 files" and filesystem_answers_are_rendered(after) is None
    # The files listed must name what was asked themselves: other lines found that name a release are no listing's.
    release = found(ran(agent, turn_for(agent, "When was notes 2.2 released?"), "semantic_search", query="notes 2.2"), "From notes/ideas.md: notes 2.2 later")
    listed = ran(agent, release, "list_files", folder="notes")
    assert listed.steps[-1].paths and filesystem_answers_are_rendered(listed) is None
    folder = ran(agent, ran(agent, turn_for(agent, "which files are in the notes folder?"), "semantic_search", query="notes"), "list_files", folder="notes")
    assert isinstance(filesystem_answers_are_rendered(folder), Rendered)


def test_a_name_no_file_has_is_not_found(agent):
    from filesage.policies.after_step import a_name_no_file_has_is_not_found as unnamed

    files_say = {"passport", "budget", "meeting", "ideas"}
    agent.said_in_files = lambda word, paths=None: word in files_say and not (paths and word.startswith("-") and word not in scoped_say)
    listed = ran(agent, turn_for(agent, "Where are the notes from my Narvik trip?"), "list_files", folder="notes")
    verdict = unnamed(listed)
    assert isinstance(verdict, Rendered) and verdict.text.startswith("No file in the folder mentions 'narvik'")
    # A name a file says, a folder's or file's own name, or a name the result shows is there.
    files_say.add("narvik")
    assert unnamed(listed) is None
    assert unnamed(ran(agent, turn_for(agent, "How many files are in Finance?"), "count_files", folder="finance")) is None
    # After a search, what the files say is the content policies' to judge.
    searched = ran(agent, ran(agent, turn_for(agent, "Where is my Lagos booking?"), "semantic_search", query="Lagos booking"), "list_files", folder="notes")
    assert unnamed(searched) is None


def test_what_a_document_lists_is_counted_in_code(tmp_path):
    from filesage.policies.in_code import what_a_document_lists_is_counted_in_code as counted
    from filesage.tools.inside import Inside

    root = tmp_path / "docs"
    write(root / "tool/NEWS", "== 2.0: May 02, 2031\n- faster\n== 1.0: Jan 09, 2031\n- first\n")
    write(root / "tool/README", "A tool.\n")
    box = Toolbox(root)
    registry = ToolRegistry([box.count_files, box.list_files, Inside(box).count_in_file, semantic_search, respond])
    counting = Agent(ScriptedModel([]), registry, tree=box, policies=in_force())
    asked = turn_for(counting, "How many releases does the tool NEWS file list?")
    assert counted(asked, ToolCall("semantic_search", {"query": "releases"})) == ToolCall("count_in_file", {"path": "tool/NEWS", "what": "release"})
    # The question's other words go with it, for the tool to keep where they are a value of the table's rows.
    write(root / "data/kinds.csv", "Kind,Group\nfont/ttf,font\ntext/csv,text\n")
    box.refresh()
    fonts = counted(turn_for(counting, "How many kinds of group font does kinds.csv list?"), ToolCall("semantic_search", {"query": "x"}))
    assert fonts == ToolCall("count_in_file", {"path": "data/kinds.csv", "what": "kind where group font"})
    # A count of files, a figure a document states, or a document not named: the call stands.
    for question in ("How many files are in the tool folder?", "How many users did release 2.0 add?", "How many releases are listed in my notes?"):
        assert counted(turn_for(counting, question), ToolCall("semantic_search", {"query": "x"})) is None, question


def test_rows_a_table_is_named_for_are_counted_in_code(tmp_path):
    from filesage.policies.in_code import rows_a_table_is_named_for_are_counted_in_code as rows

    write(tmp_path / "club/moorings.csv", "Mooring,Holder,Fee,Paid?\nM1,Ada Lind,120,Y\nM2,Bo Sand,80,N\nM3,Cy Berg,150,N\n")
    write(tmp_path / "club/minutes.md", "# Minutes\nThe moorings were discussed.\n")
    write(tmp_path / "notes/invoices.csv", "Invoice,Total\n1,40\n")
    write(tmp_path / "notes/invoice-2.pdf", "x")
    box = Toolbox(tmp_path)
    agent = Agent(ScriptedModel([]), ToolRegistry([box.count_files, Inside(box).count_in_file, semantic_search, respond]), tree=box, policies=in_force())
    asked = "How many moorings are unpaid, and how much is still owed?"
    assert rows(turn_for(agent, asked), ToolCall("count_files", {"name": "moorings"})) == ToolCall("count_in_file", {"path": "club/moorings.csv", "what": asked})
    assert Inside(box).count_in_file("club/moorings.csv", asked).answer == "In club/moorings.csv: 2 of its 3 rows say Paid?: no. Their Fee adds up to 230."
    # Files counted, a word several files' names say, or a thing no table is named for: the call stands.
    for question in ("How many files are in club?", "How many invoices are there?", "How many holders paid?", "How many CSV files are there?",
                     "How many moorings (.csv files) are there?"):
        assert rows(turn_for(agent, question), ToolCall("count_files", {})) is None, question
    # A document that holds its rows in a table: a receipt a row.
    write_docx(tmp_path / "home/berth receipts 2031.docx", ["Berth receipts"])
    box = Toolbox(tmp_path)
    agent = Agent(ScriptedModel([]), ToolRegistry([box.count_files, Inside(box).count_in_file, semantic_search, respond]), tree=box, policies=in_force())
    receipts = "How many berth receipts do I have and what do they add up to?"
    assert rows(turn_for(agent, receipts), ToolCall("each_file", {})) == ToolCall("count_in_file", {"path": "home/berth receipts 2031.docx", "what": receipts})


def test_a_release_named_is_read_under_its_own_line(tmp_path):
    from filesage.policies.in_code import a_release_named_is_read_under_its_own_line as release

    write(tmp_path / "quill/NEWS", "Release 2.4\n\n* faster start\n\nRelease 2.3\n\n* first\n")
    write(tmp_path / "quill/ChangeLog", "2031-01-02 Ada: tidy\n")
    write(tmp_path / "larkspur/CHANGES", "0.3 (2030)\n- one\n")
    box = Toolbox(tmp_path)
    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, Inside(box).count_in_file, respond]), tree=box, policies=in_force())
    asked = release(turn_for(agent, "What's new in quill 2.4?"), ToolCall("read_file", {"path": "NEWS"}))
    assert asked == ToolCall("count_in_file", {"path": "quill/NEWS", "what": "release 2.4"})
    # A release no changelog of the program opens: the one that lists most releases says it has none.
    assert release(turn_for(agent, "What's new in quill 9.1?"), None) == ToolCall("count_in_file", {"path": "quill/NEWS", "what": "release 9.1"})
    # A follow-up's version is looked up in the changelog of the program the question before asked about.
    history = [{"role": "user", "content": "What is the newest quill release?"}, {"role": "assistant", "content": "2.4"}]
    assert release(turn_for(agent, "and what did 2.3 add?", history), None) == ToolCall("count_in_file", {"path": "quill/NEWS", "what": "release 2.3"})
    # A number of the version is no name of a program's folder ("larkspur-3" for "0.3.0").
    write(tmp_path / "larkspur-3/NEWS", "3.1\n- one\n3.0\n- two\n0.3.0\n- three\n")
    write(tmp_path / "reedbed/ChangeLog", "2 May 2031 Ada\n  * release: 0.3.0\n\n  Fixes:\n    * #12: a crash\n")
    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, Inside(box).count_in_file, respond]), tree=Toolbox(tmp_path), policies=in_force())
    assert release(turn_for(agent, "When did reedbed 0.3.0 come out?"), None) == ToolCall("count_in_file", {"path": "reedbed/ChangeLog", "what": "release 0.3.0"})
    # Programs in folders of one kind ("media-tools/"): the one whose own folder the question names, not another that
    # shares the kind's word and opens a release of the same number first.
    write(tmp_path / "media-tools/flint/NEWS", "1.4.3 (2023)\n- flint fix\n")
    write(tmp_path / "media-tools/ogre-tools/CHANGES", "1.4.3 (2025)\n- ogre fix\n")
    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, Inside(box).count_in_file, respond]), tree=Toolbox(tmp_path), policies=in_force())
    assert release(turn_for(agent, "When was ogre-tools 1.4.3 released?"), None) == ToolCall("count_in_file", {"path": "media-tools/ogre-tools/CHANGES", "what": "release 1.4.3"})
    # A library named "lib" and its folder's name ("libquern" of quern/) is that folder's program.
    write(tmp_path / "codecs/quern/CHANGES", "Version 1.2.0 (2031 June 3)\n * faster\n")
    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, Inside(box).count_in_file, respond]), tree=Toolbox(tmp_path), policies=in_force())
    assert release(turn_for(agent, "When did libquern 1.2.0 come out?"), None) == ToolCall("count_in_file", {"path": "codecs/quern/CHANGES", "what": "release 1.2.0"})
    # No version, the newest asked, or no changelog of the program named: left alone.
    for question in ("What's new in quill?", "What is the newest quill release?", "What changed in zither 2.4?", "what licence are the quill 2.4 examples under?"):
        assert release(turn_for(agent, question), ToolCall("read_file", {"path": "NEWS"})) is None, question


def test_the_release_the_conversation_points_to_is_read(tmp_path):
    from filesage.policies.in_code import the_release_the_conversation_points_to_is_read as pointed

    write(tmp_path / "quill/NEWS", "Release 2.4\n\n* faster start\n\nRelease 2.3\n\n* first\n")
    box = Toolbox(tmp_path)
    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, Inside(box).count_in_file, respond]), tree=box, policies=in_force())
    history = [{"role": "user", "content": "When was quill 2.4 released?"}, {"role": "assistant", "content": "On 2031-05-02 [1]."}]
    asked = pointed(turn_for(agent, "and the one before?", history), ToolCall("semantic_search", {"query": "quill 2.4"}))
    assert asked == ToolCall("count_in_file", {"path": "quill/NEWS", "what": "release before 2.4"})
    # The version the answer before named, when its question named none.
    newest = [{"role": "user", "content": "Which is the newest quill version?"}, {"role": "assistant", "content": "2.4, of 2 releases [1]."}]
    assert pointed(turn_for(agent, "and the previous release?", newest), None) == ToolCall("count_in_file", {"path": "quill/NEWS", "what": "release before 2.4"})
    assert pointed(turn_for(agent, "what did the next version after that one fix?", history), None).arguments["what"] == "release notes after 2.4"
    # What the release the answer before gave changed: its lines, not those of the release it was asked beside.
    beside = [{"role": "user", "content": "and the one before 2.4?"}, {"role": "assistant", "content": "2.3 is the release before 2.4 [1].", "sources": [{"path": "quill/NEWS"}]}]
    assert pointed(turn_for(agent, "what did that one add?", beside), None) == ToolCall("count_in_file", {"path": "quill/NEWS", "what": "release 2.3"})
    assert pointed(turn_for(agent, "which python versions did it drop?", history), None) == ToolCall("count_in_file", {"path": "quill/NEWS", "what": "release 2.4"})
    # What the release next to it says, asked in words of its own: its notes.
    previous = [*newest, {"role": "user", "content": "and the previous release?"}, {"role": "assistant", "content": "2.3 is the release before 2.4 [1].",
                                                                                                     "sources": [{"path": "quill/NEWS"}]}]
    assert pointed(turn_for(agent, "Which parser got rewritten in the newer one?", previous), None).arguments["what"] == "release notes after 2.3"
    # When the version the answer before gave came out: that release's line, with its date.
    version = [{"role": "user", "content": "Which quill version is this, going by its VERSION file?"}, {"role": "assistant", "content": "quill 2.4 [1]."}]
    assert pointed(turn_for(agent, "When was it released?", version), None) == ToolCall("count_in_file", {"path": "quill/NEWS", "what": "release 2.4"})
    # An answer's version of another thing ("OpenSSL 1.0") is no release of the changelog: the one named before it is.
    changes = [*newest, {"role": "user", "content": "what did it change?"}, {"role": "assistant", "content": "It dropped OpenSSL 1.0 support [1].", "sources": [{"path": "quill/NEWS"}]}]
    assert pointed(turn_for(agent, "and the one before that?", changes), None) == ToolCall("count_in_file", {"path": "quill/NEWS", "what": "release before 2.4"})
    # Amounts of bills read like versions: no release asked of, a version the question names, or nothing pointed at: left alone.
    bills = [{"role": "user", "content": "What did the quill invoice come to?"}, {"role": "assistant", "content": "€ 1.234,50 [1]."}]
    assert pointed(turn_for(agent, "and the one before?", bills), None) is None
    assert pointed(turn_for(agent, "and the one before 2.4?", history), None) is None
    assert pointed(turn_for(agent, "who made it?", history), None) is None


def test_the_newest_release_is_read_in_code(tmp_path):
    from filesage.policies.in_code import the_newest_release_is_read_in_code as newest
    from filesage.tools.inside import Inside

    root = tmp_path / "docs"
    write(root / "tools/quux/NEWS", "== 2.0: May 02, 2031\n- faster\n== 1.0: Jan 09, 2031\n- first\n")
    write(root / "tools/quux/README", "Quux 1.0 is the version to install.\n")
    write(root / "tools/frob/CHANGELOG.md", "# 0.3.0\n- new\n")
    box = Toolbox(root)
    registry = ToolRegistry([box.count_files, Inside(box).count_in_file, semantic_search, respond])
    reading = Agent(ScriptedModel([]), registry, tree=box, policies=in_force())
    search = ToolCall("semantic_search", {"query": "quux version"})
    wanted = ToolCall("count_in_file", {"path": "tools/quux/NEWS", "what": "newest release"})
    for question in ("What's the latest version of quux?", "what is the last release in the quux NEWS file?", "Which is quux's most recent release?"):
        assert newest(turn_for(reading, question), search) == wanted, question
    # No newest release asked, or no one changelog it belongs to: the call stands.
    for question in ("Which quux version added the loader?", "What's the latest version?", "What is the newest file?"):
        assert newest(turn_for(reading, question), search) is None, question
    # Asked what the newest release changed, the lines under it are read (and the model answers from them).
    fixed = newest(turn_for(reading, "Which bugs did the latest quux version fix?"), search)
    assert fixed == ToolCall("count_in_file", {"path": "tools/quux/NEWS", "what": "newest release notes"})
    result = Inside(box).count_in_file("tools/quux/NEWS", "newest release notes")
    assert not result.answer and "is 2.0" in result.text and result.text.endswith("Under it:\n- faster") and "first" not in result.text.split("Under it")[1]
    # The years the question bounds the releases by go with it.
    before = newest(turn_for(reading, "What was the newest quux release before 2031?"), search)
    assert before == ToolCall("count_in_file", {"path": "tools/quux/NEWS", "what": "newest release before 2031"})
    # Two changelogs of one program, one named "ChangeLog": said "its changelog", the one that lists the most releases.
    write(root / "tools/frob/ChangeLog", "2031-05-02 0.3.0\n- new\n\n2031-01-09 0.2.0\n- old\n")
    write(root / "tools/frob/debian/changelog", "frob (0.1.0) stable; urgency=low\n\n  * packaged\n")
    box = Toolbox(root)
    packaged = Agent(ScriptedModel([]), ToolRegistry([box.count_files, Inside(box).count_in_file, semantic_search, respond]), tree=box, policies=in_force())
    assert newest(turn_for(packaged, "What is the newest version in the changelog of frob?"), search).arguments["path"] == "tools/frob/ChangeLog"
    # Kept in folders named otherwise: the changelog beside the program's own files, or whose releases name it.
    write(root / "lab/screen_lock/CHANGELOG", "2031-03-01 zlock 1.4\n - fix a crash\n2030-11-02 zlock 1.3\n - first\n")
    write(root / "lab/screen_lock/zlock.1", ".TH ZLOCK 1\n")
    write(root / "lab/usb_keys/NEWS", "fatmaker 2.2 - released 2031-01-31\n=====\nfaster\n")
    write(root / "lab/usb_keys/ChangeLog", "commit 1a2b3c\nRelease version 2.2\n")
    box = Toolbox(root)
    kept = Agent(ScriptedModel([]), ToolRegistry([box.count_files, Inside(box).count_in_file, semantic_search, respond]), tree=box, policies=in_force())
    assert newest(turn_for(kept, "What's the newest zlock version in its CHANGELOG?"), search).arguments["path"] == "lab/screen_lock/CHANGELOG"
    assert newest(turn_for(kept, "the newest fatmaker release in its NEWS file?"), search).arguments["path"] == "lab/usb_keys/NEWS"


def test_the_release_asked_is_searched_in_the_changelog(tmp_path):
    from filesage.policies.in_code import the_release_asked_is_searched_in_the_changelog as searched_in

    root = tmp_path / "docs"
    write(root / "lab/player/NEWS", "0.4 (2031/05/02)\n* new command \"cover\"\n\n0.3 (2030/11/02)\n* first\n")
    write(root / "lab/player/zplay.1", ".TH ZPLAY 1\n.SH COMMANDS\ncover: print the cover art\n")
    box = Toolbox(root)
    agent = Agent(ScriptedModel([]), ToolRegistry([box.count_files, Inside(box).count_in_file, semantic_search, respond]), tree=box, policies=in_force())
    search = ToolCall("semantic_search", {"query": "cover command zplay", "within": "lab/player"})
    question = "In which zplay release did the cover command appear?"
    assert searched_in(turn_for(agent, question), search) == ToolCall("semantic_search", {"query": question, "within": "lab/player/NEWS"})
    # A release named, the newest asked, or no release asked at all: left to the others.
    for other in ("What did zplay 0.4 add?", "What is the newest zplay release?", "What does the cover command of zplay do?"):
        assert searched_in(turn_for(agent, other), search) is None, other


def test_an_option_described_is_searched_in_its_manual(tmp_path):
    from filesage.policies.in_code import an_option_described_is_searched_in_its_manual as in_manual

    root = tmp_path / "docs"
    write(root / "lab/lock_screen/zlock.1", ".TH ZLOCK 1\n.SH OPTIONS\n.TP\n.B \\-f, \\-\\-show-failed\nShow the number of failed attempts.\n"
          ".TP\n.B \\-n, \\-\\-nofork\nDo not fork.\n.TP\n.B \\-b, \\-\\-beep\nBeep.\n.TP\n.B \\-u\nNo indicator.\n")
    write(root / "lab/lock_screen/CHANGELOG", "2031-03-01 zlock 1.4\n - count failed unlock attempts\n")
    box = Toolbox(root)
    agent = Agent(ScriptedModel([]), ToolRegistry([box.count_files, Inside(box).count_in_file, semantic_search, respond]), tree=box, policies=in_force())
    search = ToolCall("semantic_search", {"query": "zlock failed attempts"})
    question = "Which zlock option shows the failed unlock attempts?"
    assert in_manual(turn_for(agent, question), search) == ToolCall("semantic_search", {"query": question, "within": "lab/lock_screen/zlock.1"})
    for other in ("What does zlock's -f option do?", "What does zlock count?", "Which option did zlock 1.4 add?"):
        assert in_manual(turn_for(agent, other), search) is None, other


def test_a_programs_releases_are_counted_in_its_changelog(tmp_path):
    from filesage.policies.in_code import a_programs_releases_are_counted_in_its_changelog as counted

    write(tmp_path / "tools/quux/NEWS", "== 2.0: May 02, 2031\n- faster\n== 1.0: Jan 09, 2030\n- first\n")
    write(tmp_path / "tools/quux/README", "Quux 1.0 is the version to install.\n")
    box = Toolbox(tmp_path)
    agent = Agent(ScriptedModel([]), ToolRegistry([Inside(box).count_in_file, semantic_search, respond]), tree=box, policies=in_force())
    search = ToolCall("semantic_search", {"query": "quux releases"})
    asked = counted(turn_for(agent, "how many quux releases came out in 2031?"), search)
    assert asked == ToolCall("count_in_file", {"path": "tools/quux/NEWS", "what": "releases in 2031"})
    assert counted(turn_for(agent, "How many versions of quux came out?"), search) == ToolCall("count_in_file", {"path": "tools/quux/NEWS", "what": "releases"})
    # Not releases counted, or no program's changelog: the call stands; as does a count of what a named document lists.
    for question in ("How many users does quux have?", "How many releases has zither had?"):
        assert counted(turn_for(agent, question), search) is None, question
    listed = ToolCall("count_in_file", {"path": "tools/quux/NEWS", "what": "release"})
    assert counted(turn_for(agent, "How many releases does tools/quux/NEWS list?"), listed) is None


def test_answer_after_a_found_result(agent):
    assert answer_after_a_found_result(ran(agent, turn_for(agent, "invoice total?"), "semantic_search", query="invoice total")) == ASK_ANSWER
    assert answer_after_a_found_result(ran(agent, turn_for(agent, "birthday?"), "semantic_search", query="birthday")) is None


def found_(agent, question, text):
    """A turn whose one search found `text`."""
    turn = turn_for(agent, question)
    turn.record(Ran(Step("semantic_search", {"query": question}, "model", "found", True, True, 0.0, 0, 0, []), ToolResult(text, []), "found 0", text))
    return turn


def test_not_found_is_said_plainly(agent):
    turn = ran(agent, turn_for(agent, "When is Anna's birthday?"), "semantic_search", query="Anna birthday")
    verdict = not_found_is_said_plainly(turn, None)
    assert isinstance(verdict, Accept) and verdict.as_written and verdict.text.startswith("I found nothing in the folder")
    found = ran(agent, turn_for(agent, "what is the invoice total?"), "semantic_search", query="invoice total")
    assert not_found_is_said_plainly(found, "It is $4,320.00.") is None
    # Whose the thing asked is: another person's number found is nothing found; hers is.
    theirs = found_(agent, "What's Ilse's NTR number?", "From money/pension statement.pdf [1]:\n- Member: Tomas Reuter\n- NTR number: 118-442-907")
    assert not_found_is_said_plainly(theirs, "Ilse's NTR number is 118-442-907 [1].").text.startswith("I found nothing in the folder")
    hers = found_(agent, "What's Ilse's NTR number?", "From money/Ilse pension.pdf [1]:\n- Member: Ilse Varga\n- NTR number: 118-442-907")
    assert not_found_is_said_plainly(hers, "It is 118-442-907 [1].") is None


def test_claims_must_be_in_the_results(agent):
    turn = ran(agent, turn_for(agent, "what is the invoice total?"), "semantic_search", query="invoice total")
    assert claims_must_be_in_the_results(turn, "The total due is $4,320.00.") is None
    verdict = claims_must_be_in_the_results(turn, "The total due is $4,230.00.")
    assert isinstance(verdict, Retry) and verdict.withdrawn == ["$4,230.00"]
    assert verdict.otherwise == Accept("I could not confirm $4,230.00 in the files.")  # once the check has no retries left
    # Nothing confirmed and nothing found names the release asked: nothing found answers it, and what was searched is said.
    release = found(ran(agent, turn_for(agent, "When was quill 4.7.1 released?"), "semantic_search", query="quill 4.7.1"),
                    "From tools/quill/NEWS [1]:\n- 4.7.0 (2031-02-03): first of the 4.7 series", query="quill 4.7.1")
    unknown = claims_must_be_in_the_results(release, "quill 4.7.1 came out on 2031-05-09.").otherwise
    assert unknown.as_written and unknown.text.startswith("I found nothing in") and unknown.text.endswith("I could not confirm 2031-5-9 in the files."), unknown
    # Nothing left of the draft: the line most about the question is quoted, not the figure it could not confirm.
    booster = ran(agent, turn_for(agent, "When is my next tetanus booster due?"), "semantic_search", query="tetanus booster")
    found(booster, "From health/vaccinations.md [1] (lines 1-4):\n- Flu shot: 2025-10-02\n- Tetanus: last booster 2023-06-10 [1], next booster due in 2033")
    verdict = claims_must_be_in_the_results(booster, "The next tetanus booster is due on 2033-06-10.")
    assert verdict.otherwise == Accept('The files say: "Tetanus: last booster 2023-06-10, next booster due in 2033"')
    # Asked again, the model kept only what it made up: what its first draft had right stands.
    booster.record(Drafted("The last booster was on 2023-06-10. The next one is due on 2033-06-10.", "retry", "claims_must_be_in_the_results"))
    verdict = claims_must_be_in_the_results(booster, "The next booster is due on 2033-06-10.")
    assert verdict.otherwise == Accept("The last booster was on 2023-06-10.\n\nI could not confirm 2033-6-10 in the files."), verdict.otherwise
    # A draft that copied the program's request back ("You have 3 tool calls left") confirms nothing of its own.
    copied = ran(agent, turn_for(agent, "When is my next tetanus booster due?"), "semantic_search", query="tetanus booster")
    found(copied, "From health/vaccinations.md [1] (lines 1-4):\n- Doses so far: 3\n- Tetanus: last booster 2023-06-10 [1], next booster due in 2033")
    request = prompts.grounding_retry(["2033-06-10"], copied.tools_left(), 3)
    copied.messages.append({"role": "user", "content": request})
    copied.record(Drafted(request, "retry", "answers_are_not_the_prompt_copied"))
    verdict = claims_must_be_in_the_results(copied, "The next tetanus booster is due on 2033-06-10.")
    assert verdict.otherwise == Accept('The files say: "Tetanus: last booster 2023-06-10, next booster due in 2033"'), verdict.otherwise


def test_a_policy_switched_off_leaves_the_model_its_answer(fs_corpus):
    box = Toolbox(fs_corpus)
    registry = ToolRegistry([box.count_files, respond])
    counted = json.dumps({"name": "count_files", "arguments": {"extension": "pdf"}})
    on = ScriptedModel([counted])
    answer = list(Agent(on, registry, tree=box, policies=in_force()).run("how many pdfs?"))[-1].answer
    assert answer.text.startswith("There are 3 .pdf files") and answer.usage.calls == 1
    assert answer.policies == ["filesystem_answers_are_rendered"]
    off = ScriptedModel([counted, "You have three PDFs."])
    answer = list(Agent(off, registry, tree=box, policies=in_force(["filesystem_answers_are_rendered"])).run("how many pdfs?"))[-1].answer
    assert answer.text == "You have three PDFs." and answer.usage.calls == 2


def test_questions_about_what_files_say_are_searched(agent):
    total = turn_for(agent, "What is the total on the Harbor Plumbing invoice?")
    assert questions_about_what_files_say_are_searched(total, ToolCall("file_metadata", {"name_hint": "Harbor Plumbing invoice"})) == ToolCall("semantic_search", {"query": total.question})
    assert questions_about_what_files_say_are_searched(turn_for(agent, "booking reference of the Kyoto trip?"), ToolCall("grep_files", {"pattern": "kyoto"})).name == "semantic_search"
    assert questions_about_what_files_say_are_searched(turn_for(agent, "Maja's phone number from my contacts?"), ToolCall("list_files", {"folder": "contacts"})).name == "semantic_search"
    # Questions about the files themselves keep their tool, and so do follow-ups to one.
    for question in ("How big is the Harbor Plumbing invoice?", "when was the lease last modified?", "which files are named invoice?",
                     "where is my tax return?", "how many PDFs are there?", "what's the newest spreadsheet?", "show me the folder tree",
                     "how many archived chats (.log) are there?"):
        assert questions_about_what_files_say_are_searched(turn_for(agent, question), ToolCall("file_metadata", {"name_hint": "x"})) is None, question
    # A count of what the folder's files are named after is about files.
    assert questions_about_what_files_say_are_searched(turn_for(agent, "how many invoices do i have"), ToolCall("count_files", {"name": "invoice"})) is None
    follow_up = turn_for(agent, "names please", [{"role": "user", "content": "how many PDFs do I have?"}, {"role": "assistant", "content": "3."}])
    assert questions_about_what_files_say_are_searched(follow_up, ToolCall("list_files", {"extension": "pdf"})) is None
    # A question that names a document, a type or a file word, but asks only for what a document says, is searched.
    for question in ("who started the acme project, going by its CREDITS file?", "what does the scanned PDF give as the deposit?",
                     "In the widget config, what is the retry limit set to?", "which Rust releases does the acme README support?",
                     "How many cups of flour go into the bread recipe?", "Under what licence is the widget library released?",
                     "the acme HISTORY file: what's the most recent release in it?", "The widget manual: what size blocks does it say it writes?"):
        assert questions_about_what_files_say_are_searched(turn_for(agent, question), ToolCall("file_metadata", {"name_hint": "x"})).name == "semantic_search", question
    # ... unless what it asks for is a file, a type, a count of files, or a file's size, dates, folder or listing.
    for question in ("Which is the largest PDF I have?", "whose notes file is the biggest?", "are there any empty files?",
                     "how many bytes is the acme README?", "the newest report - what does it conclude?", "what's in my Downloads folder?",
                     "Of the files named HISTORY, which is the oldest?", "what's the total size of everything in photos?"):
        assert questions_about_what_files_say_are_searched(turn_for(agent, question), ToolCall("file_metadata", {"name_hint": "x"})) is None, question
    # A program's option or setting, how to do something, a thing's own size, where a program looks, or a question framed
    # by the document it reads is what files say, whatever file words come with it.
    for question in ("What does the tool's -q option do?", "How many --exclude folders can I give the tool?", "What is the default of cache_ttl?",
                     "How do I sort the tool's output by modification time?", "What's the widget's default maximum cache size?",
                     "Where does the widget look for its ignore file?", "In the widget unit file, which file has to be present?",
                     "According to the protocol spec, how large is one frame?", "When did python-widget 2.1 come out?",
                     "Who modified the widget spec I saved in papers/, and who holds its copyright?"):
        assert questions_about_what_files_say_are_searched(turn_for(agent, question), ToolCall("file_metadata", {"name_hint": "x"})).name == "semantic_search", question
    # A follow-up to a question about what a document says is about what it says too, though that question named a file.
    release = [{"role": "user", "content": "What's the latest release the NEWS file describes?"}, {"role": "assistant", "content": "4.2 [1]."}]
    assert questions_about_what_files_say_are_searched(turn_for(agent, "when did it come out?", release), ToolCall("file_metadata", {"name_hint": "4.2"})).name == "semantic_search"
    # What a folder of the tree holds, asked by its path, is a listing.
    assert questions_about_what_files_say_are_searched(turn_for(agent, "What's in finance/2025?"), ToolCall("list_files", {"folder": "finance/2025"})) is None


def test_searches_in_the_folders_other_languages(fs_corpus):
    from collections import Counter

    box = Toolbox(fs_corpus)
    registry = ToolRegistry([box.list_files, semantic_search, respond])
    agent = Agent(ScriptedModel([]), registry, tree=box, languages=lambda: Counter({"English": 5, "German": 1, "": 3}), policies=in_force())
    turn = ran(agent, turn_for(agent, "How much is the deposit on my lease?"), "semantic_search", query="lease deposit")
    hint = searches_in_the_folders_other_languages(turn)
    assert hint is not None and "German" in hint.message and "English" not in hint.message
    turn.record(Fired("searches_in_the_folders_other_languages"))
    assert searches_in_the_folders_other_languages(turn) is None  # once
    english_only = Agent(ScriptedModel([]), registry, tree=box, languages=lambda: Counter({"English": 5}), policies=in_force())
    assert searches_in_the_folders_other_languages(ran(english_only, turn_for(english_only, "deposit?"), "semantic_search", query="deposit")) is None


def test_follow_up_searches_keep_what_came_before(agent):
    history = [{"role": "user", "content": "Who owns the security audit?"}, {"role": "assistant", "content": "Elena Wong."}]
    turn = turn_for(agent, "and when is it due?", history)
    kept = follow_up_searches_keep_what_came_before(turn, ToolCall("semantic_search", {"query": "due date"}))
    assert kept.arguments["query"] == "due date Elena Wong owns security audit"
    assert follow_up_searches_keep_what_came_before(turn_for(agent, "when is the security audit due?", history), ToolCall("semantic_search", {"query": "x"})) is None
    assert follow_up_searches_keep_what_came_before(turn_for(agent, "and when is it due?"), ToolCall("semantic_search", {"query": "x"})) is None
    fragment = follow_up_searches_keep_what_came_before(turn_for(agent, "deadline?", history), ToolCall("semantic_search", {"query": "deadline"}))
    assert fragment.arguments["query"] == "deadline Elena Wong owns security audit"
    chatty = follow_up_searches_keep_what_came_before(turn_for(agent, "ok and when's the deadline", history), ToolCall("semantic_search", {"query": "deadline"}))
    assert chatty.arguments["query"] == "deadline Elena Wong owns security audit"
    # A question of four words with no subject of its own leans on the one before.
    spent = [{"role": "user", "content": "How much did I spend at Larkspur Outdoor in May?"}, {"role": "assistant", "content": "54,98 € [1]."}]
    bought = follow_up_searches_keep_what_came_before(turn_for(agent, "what did I buy?", spent), ToolCall("semantic_search", {"query": "What did I buy?"}))
    assert bought.arguments["query"] == "What did I buy? spend Larkspur Outdoor May"
    # Longer, but naming nothing of its own (one word of substance, no name or figure): about the bill before.
    left = follow_up_searches_keep_what_came_before(turn_for(agent, "so what's left, and by when?", spent), ToolCall("semantic_search", {"query": "what's left"}))
    assert left.arguments["query"] == "what's left spend Larkspur Outdoor May"
    assert follow_up_searches_keep_what_came_before(turn_for(agent, "so what did the Larkspur receipt say at the end?", spent),
                                                    ToolCall("semantic_search", {"query": "x"})) is None
    # "her" is the person the last answer named; a follow-up of a follow-up is still about the first question.
    chain = [{"role": "user", "content": "Who is the landlord on the flat?"}, {"role": "assistant", "content": "The landlord is Rosa Quint [1]."},
             {"role": "user", "content": "What's her phone number?"}, {"role": "assistant", "content": "It is 0612 [1]."}]
    later = follow_up_searches_keep_what_came_before(turn_for(agent, "and her e-mail?", chain), ToolCall("semantic_search", {"query": "e-mail"}))
    assert later.arguments["query"] == "e-mail phone number Rosa Quint landlord flat"
    named = follow_up_searches_keep_what_came_before(turn_for(agent, "what's her e-mail?", chain[:2]), ToolCall("semantic_search", {"query": "e-mail"}))
    assert named.arguments["query"] == "e-mail Rosa Quint landlord flat"


def test_a_draft_a_check_shortened_goes_through_the_checks_after_it(agent):
    seen = []
    agent.policies.append(Policy("probe", BEFORE_ANSWER, lambda turn, draft: seen.append(draft)))
    # The unsupported half of a two-part answer is taken out, and the checks after it see what is left.
    turn = ran(agent, turn_for(agent, "What is the Nimbus invoice total, and what did the Reykjavik hotel cost?"), "semantic_search", query="invoice")
    found(turn, "From finance/2025/invoice_001.pdf: Nimbus total due $4,320.00")
    turn.record(Drafted("an earlier draft", "retry", "claims_must_be_in_the_results"))  # its one retry is spent
    verdict, by = agent._before_answer(turn, "The Nimbus invoice total is $4,320.00 [1], and the Reykjavik hotel cost $1,200.00 [1].")
    assert isinstance(verdict, Accept) and verdict.text.startswith("The Nimbus invoice total is $4,320.00 [1].")
    assert "could not confirm $1,200.00" in verdict.text and seen == [verdict.text]
    assert by == turn.fired[-1] == "claims_must_be_in_the_results"


def test_each_check_has_its_own_retries(agent):
    turn = found(ran(agent, turn_for(agent, "what is the invoice total?"), "semantic_search", query="invoice"), "Total due: $4,320.00")
    verdict, by = agent._before_answer(turn, "The total due is $4,230.00.")
    assert isinstance(verdict, Retry) and by == "claims_must_be_in_the_results"
    turn.record(Drafted("The total due is $4,230.00.", "retry", by))
    turn.record(Drafted("The total due is $4,230.00.", "retry", "figures_come_from_the_line_asked_about"))  # another check's retry
    assert turn.retries_by("claims_must_be_in_the_results") == 1
    verdict, by = agent._before_answer(turn, "The total due is $4,230.00.")
    assert verdict == Accept("I could not confirm $4,230.00 in the files.") and by == "claims_must_be_in_the_results"


def test_each_file_combines_as_asked(agent):
    from filesage.policies.first_call import each_file_combines_as_asked

    def fixed(question, **arguments):
        return each_file_combines_as_asked(turn_for(agent, question), ToolCall("each_file", {"what": "total due", **arguments}))

    assert fixed("In total, how many invoices do I have from 2025?", combine="total").arguments["combine"] == "count"
    assert fixed("what was my cheapest invoice?", combine="largest").arguments["combine"] == "smallest"
    assert fixed("on average, how much were my bills", combine="list").arguments["combine"] == "average"
    assert fixed("what do my invoices add up to?", combine="total") is None
    assert fixed("list every contract and its end date") is None
    assert fixed("2025 invoices + totals", combine="list").arguments["combine"] == "total"
    # "How many servings" counts no files: the model's way of combining is left alone.
    assert fixed("how many servings does the lasagne recipe make?", combine="list") is None


def test_each_file_reads_the_measure_counted(agent):
    from filesage.policies.first_call import each_file_reads_the_measure_counted as measured

    def fixed(question, what="amount due", combine="total"):
        return measured(turn_for(agent, question), ToolCall("each_file", {"what": what, "combine": combine, "name": "bill"}))

    assert fixed("How many kWh in total do my two power bills cover?") == ToolCall("each_file", {"what": "kWh", "combine": "total", "name": "bill"})
    assert fixed("How many litres of fuel did the boat take in all?", what="fuel amount").arguments["what"] == "litres fuel"
    # Files or documents counted, a count asked, or the measure already what is read: the call stands.
    assert fixed("How many invoices did I send in total?") is None
    assert fixed("How many files did I change in total?") is None
    assert fixed("How many kWh did each bill cover?", combine="list") is None
    assert fixed("How many home visits did I do in May, and how much did they bring in?", what="home visit fee") is None
    assert fixed("How many kWh in total?", what="kWh") is None


def test_the_file_a_search_found_is_looked_up(agent):
    from filesage.policies.after_step import the_file_a_search_found_is_looked_up

    turn = found(turn_for(agent, "how big is the file with the invoice of Nimbus?"), "From finance/2025/invoice_001.pdf: Nimbus total due $4,320.00",
                 paths=["finance/2025/invoice_001.pdf"])
    assert the_file_a_search_found_is_looked_up(turn) == FollowUp(ToolCall("file_metadata", {"name_hint": "finance/2025/invoice_001.pdf"}))
    # A question about what the document says is answered from it.
    said = ran(agent, turn_for(agent, "what is the total on the invoice?"), "semantic_search", query="invoice total")
    assert the_file_a_search_found_is_looked_up(said) is None
    # A size the document gives (a block size in a manual) is what it says, not the file's size.
    sized = found(turn_for(agent, "The user manual: what block size does it say the archive is split into?"),
                  "From docs/manual.pdf: The archive is split into blocks of 64 KiB.", paths=["docs/manual.pdf"])
    assert the_file_a_search_found_is_looked_up(sized) is None
    # Pages asked: the first document found that has pages is the one looked up.
    paged = found(turn_for(agent, "How many pages is the ferry manual?"), "From docs/ferry/schema.avsc: ferry\nFrom docs/ferry/manual.pdf: ferry manual",
                  paths=["docs/ferry/schema.avsc", "docs/ferry/manual.pdf"])
    assert the_file_a_search_found_is_looked_up(paged) == FollowUp(ToolCall("file_metadata", {"name_hint": "docs/ferry/manual.pdf"}))


def test_file_facts_do_not_answer_what_files_say(agent):
    from filesage.policies.first_call import file_facts_do_not_answer_what_files_say

    asked = found(turn_for(agent, "By default, how many retries does the sync daemon make per job?"),
                  "From tools/syncd.1: --retries NUM  Retry a failed job NUM times. Default: 4.", paths=["tools/syncd.1"])
    for tool in ("count_files", "list_files", "file_metadata", "directory_tree"):
        assert file_facts_do_not_answer_what_files_say(asked, ToolCall(tool, {"folder": "tools"})) == AskAnswer(prompts.SAYS_NOT_FILES)
    # Reading or searching on is the model's to choose; before anything was found, a listing may find the document.
    assert file_facts_do_not_answer_what_files_say(asked, ToolCall("read_file", {"path": "tools/syncd.1"})) is None
    assert file_facts_do_not_answer_what_files_say(turn_for(agent, asked.question), ToolCall("list_files", {"folder": "tools"})) is None
    # A question about the files themselves keeps its file tools.
    counted = found(turn_for(agent, "how many PDF files are in the tools folder?"), "From tools/a.pdf: something", paths=["tools/a.pdf"])
    assert file_facts_do_not_answer_what_files_say(counted, ToolCall("count_files", {"extension": "pdf"})) is None


def test_each_file_is_for_many_files(agent):
    from filesage.policies.first_call import each_file_is_for_many_files

    one = turn_for(agent, "Could you give me Maja Wong's phone number from my contacts?")
    assert each_file_is_for_many_files(one, ToolCall("each_file", {"what": "phone number", "name": "contacts"})) == ToolCall("semantic_search", {"query": one.question})
    for question in ("what do my invoices add up to?", "list every contract and its end date", "which invoices are unpaid?"):
        assert each_file_is_for_many_files(turn_for(agent, question), ToolCall("each_file", {"what": "x"})) is None, question
    single = turn_for(agent, "What is the total due on the Brightline Electric invoice?")
    assert each_file_is_for_many_files(single, ToolCall("each_file", {"what": "total due", "combine": "total"})).name == "semantic_search"
    assert each_file_is_for_many_files(turn_for(agent, "what's the total of my 2025 invoices?"), ToolCall("each_file", {"what": "total"})) is None
    # A largest asked within one document that keeps records is its rows'; within every one of them, many files'.
    statement = turn_for(agent, "What was the largest card payment in the May statement?")
    assert each_file_is_for_many_files(statement, ToolCall("each_file", {"what": "amount", "combine": "largest"})) == ToolCall("semantic_search", {"query": statement.question})
    assert each_file_is_for_many_files(turn_for(agent, "the largest payment in each statement"), ToolCall("each_file", {"what": "x", "combine": "largest"})) is None
    # "How many" and "number of" ask for a figure in one file unless what they count is files.
    for question in ("How many servings does the lasagne recipe make?", "phone number of Rafael Holm", "What was the mileage when the brake pads were replaced?"):
        assert each_file_is_for_many_files(turn_for(agent, question), ToolCall("each_file", {"what": "x", "combine": "count"})).name == "semantic_search", question
    assert each_file_is_for_many_files(turn_for(agent, "how many invoices do I have from 2025?"), ToolCall("each_file", {"what": "x", "combine": "count"})) is None
    # A year's worth of documents, none named, is many files; a named one of that year is one.
    assert each_file_is_for_many_files(turn_for(agent, "total invoiced amount for 2025?"), ToolCall("each_file", {"what": "x", "combine": "total"})) is None
    named = turn_for(agent, "total on the Brightline Electric invoice from 2025?")
    assert each_file_is_for_many_files(named, ToolCall("each_file", {"what": "x", "combine": "total"})).name == "semantic_search"
    # Several months' worth is many documents, though a vendor is named.
    for question in ("What did I pay Brightline Electric for January to March altogether?", "Brightline Electric's Q1 bills in total?",
                     "Sum up my water bills for April, May and June"):
        assert each_file_is_for_many_files(turn_for(agent, question), ToolCall("each_file", {"what": "x", "combine": "total"})) is None, question


def test_denials_must_hold(agent):
    from filesage.policies.before_answer import denials_must_hold

    turn = ran(agent, turn_for(agent, "Tomas Sokolov phone?"), "semantic_search", query="invoice")
    found(turn, "From contacts.csv [1] (rows 1-2):\n- Name: Tomas Petrova; Phone: +46 70 443\n- Name: Tomas Sokolov; Phone: +46 70 109")
    verdict = denials_must_hold(turn, "There are no phone numbers for Tomas Sokolov in the contacts [1].")
    assert isinstance(verdict, Retry) and "Name: Tomas Sokolov; Phone: +46 70 109" in verdict.message
    assert denials_must_hold(turn, "I did not find it.").otherwise.text == 'The files say: "Name: Tomas Sokolov; Phone: +46 70 109"'
    # Denials in a few words: "No phone number for ...", "... has no phone number"; a yes/no answer is none.
    assert isinstance(denials_must_hold(turn, "No phone number for Tomas Sokolov in my contacts."), Retry)
    assert isinstance(denials_must_hold(turn, "Tomas Sokolov has no phone number listed."), Retry)
    assert denials_must_hold(turn, "No, Tomas Sokolov's phone is +46 70 109 [1].") is None
    assert denials_must_hold(turn, "Tomas Sokolov's phone is +46 70 109 [1].") is None
    # Nothing found names what the question names: the denial stands.
    other = ran(agent, turn_for(agent, "Linnea Nair phone?"), "semantic_search", query="invoice")
    found(other, "From contacts.csv [1]:\n- Name: Tomas Sokolov; Phone: +46 70 109")
    assert denials_must_hold(other, "There is no phone number for Linnea Nair.") is None


def test_answers_give_what_was_asked(agent):
    from filesage.policies.before_answer import answers_give_what_was_asked

    history = [{"role": "user", "content": "Who owns the budget sign-off?"}, {"role": "assistant", "content": "Marco Costa."}]
    turn = ran(agent, turn_for(agent, "And the due date for the same task?", history), "semantic_search", query="invoice")
    found(turn, "From tasks.md [1]:\n- Budget sign-off: owner Marco Costa, due 2025-06-30")
    assert isinstance(answers_give_what_was_asked(turn, "Marco Costa owns the budget sign-off [1]."), Retry)
    phone = ran(agent, turn_for(agent, "Do I have a phone number for Tomas Sokolov?"), "semantic_search", query="invoice")
    found(phone, "From contacts.csv [1]:\n- Name: Tomas Sokolov; Phone: +46 70 109")
    assert answers_give_what_was_asked(phone, "Yes, Tomas Sokolov has a phone number [1].").answer_only
    assert answers_give_what_was_asked(turn, "It is due on 2025-06-30 [1].") is None
    assert answers_give_what_was_asked(turn, "I did not find a due date.") is None
    who = ran(agent, turn_for(agent, "Who owns the budget sign-off?"), "semantic_search", query="invoice")
    found(who, "From tasks.md [1]:\n- Budget sign-off: owner Marco Costa, due 2025-06-30")
    assert answers_give_what_was_asked(who, "Marco Costa [1].") is None
    # A release whose own line gives no date: that is the answer to "when", not the line retold as one.
    release = ran(agent, turn_for(agent, "When was quern v0.4 released?"), "count_in_file", path="tools/quern/CHANGES", what="release 0.4")
    found(release, 'tools/quern/CHANGES has the release 0.4 on the line "## v0.4", which gives no date for it; under it:\n- Faster tiles')
    assert answers_give_what_was_asked(release, 'The release 0.4 of quern was on the line "## v0.4" [1].').text == (
        'I found no date for it in the files: tools/quern/CHANGES has the release 0.4 on the line "## v0.4".')
    # What a bill came to is an amount of money, not the energy it also states.
    bill = ran(agent, turn_for(agent, "How much was the power bill for May?"), "semantic_search", query="bill")
    found(bill, "From bills/power_05.pdf [1]:\n- Usage: 312 kWh\n- Amount due: 96,84 EUR")
    assert "an amount of money" in answers_give_what_was_asked(bill, "The power bill for May was 312 kWh [1].").message
    assert answers_give_what_was_asked(bill, "It came to 96,84 EUR [1].") is None
    # "How much was X for": what it came to, though no money word is said; the figure in its number is none.
    owed = ran(agent, turn_for(agent, "How much was invoice HB-9 for, going by the reminder?"), "semantic_search", query="HB-9")
    found(owed, "From mail/reminder.eml [1]:\n- my invoice HB-9 for the hull repairs, Rs. 4,120.00, was due on 17/02/2031")
    again = answers_give_what_was_asked(owed, "Invoice HB-9 was due on 17/02/2031 [1].")
    assert "an amount of money" in again.message and "Rs. 4,120.00" in again.otherwise.text  # the same draft again: the line
    # "Which option ...": the option, not what it does retold.
    option = ran(agent, turn_for(agent, "Which zither option shows the failed attempts?"), "semantic_search", query="zither")
    found(option, "From zither.1 [1]:\n- -f, --show-failed: show the number of failed attempts")
    assert "an option" in answers_give_what_was_asked(option, "The failed attempts are shown on the indicator [1].").message
    assert answers_give_what_was_asked(option, "Use -f (--show-failed) [1].") is None
    # An e-mail address asked is one of that shape: a phone number on the person's line is none, and when no line
    # naming them gives one, the answer says so (with what was searched).
    mail = ran(agent, turn_for(agent, "What is Vilja Holmberg's email address?"), "semantic_search", query="Vilja Holmberg")
    found(mail, "From club/board.md [1]:\n- Treasurer: Vilja Holmberg, tel. 0451 227 903\n- Secretary: Oskar Lind, oskar.lind@klubb.example", query="Vilja Holmberg")
    verdict = answers_give_what_was_asked(mail, "Vilja Holmberg's email address is 0451 227 903 [1].")
    assert isinstance(verdict, Accept) and verdict.text.startswith("No file I found gives the e-mail address asked for.") and "Vilja Holmberg" in verdict.text
    both = ran(agent, turn_for(agent, "Phone and e-mail of Vilja Holmberg?"), "semantic_search", query="Vilja Holmberg")
    found(both, "From club/board.md [1]:\n- Treasurer: Vilja Holmberg, tel. 0451 227 903", query="Vilja Holmberg")
    verdict = answers_give_what_was_asked(both, "Her phone is 0451 227 903 [1].")
    assert verdict.text.startswith("Her phone is 0451 227 903 [1].\n\nNo file I found gives the e-mail address asked for.")
    assert answers_give_what_was_asked(both, "Phone 0451 227 903, e-mail vilja@klubb.example [1].") is None
    oskar = ran(agent, turn_for(agent, "what is Oskar Lind's e-mail?"), "semantic_search", query="Oskar Lind")
    found(oskar, "From club/board.md [1]:\n- Secretary: Oskar Lind, oskar.lind@klubb.example, tel. 0451 227 904")
    assert "an e-mail address" in answers_give_what_was_asked(oskar, "Oskar Lind can be reached on 0451 227 904 [1].").message
    # A name is matched as it is spelled, not by its stem ("Hanne" is no "hann").
    hanne = ran(agent, turn_for(agent, "what is Hanne Strande's e-mail?"), "semantic_search", query="Hanne Strande")
    found(hanne, "From club/board.md [1]:\n- Secretary: Hanne Strande, hanne.strande@klubb.example, tel. 0451 227 905")
    assert "an e-mail address" in answers_give_what_was_asked(hanne, "Hanne Strande can be reached on 0451 227 905 [1].").message
    # An e-mail named as the document to read ("going by my reminder e-mail") asks for no address.
    from filesage.language.figures import contacts_asked
    assert contacts_asked("When was the hull invoice due, going by my reminder e-mail?") == [] and contacts_asked("whats the email for the club?")


def test_figures_come_from_the_line_asked_about(agent):
    from filesage.policies.before_answer import figures_come_from_the_line_asked_about

    turn = ran(agent, turn_for(agent, "What is the sales department's Q1 budget?"), "semantic_search", query="invoice")
    found(turn, "From finance/budget.csv [1] (rows 1-3):\n- department: engineering; q1_budget: 800000\n- department: sales; q1_budget: 450000")
    verdict = figures_come_from_the_line_asked_about(turn, "Sales has a Q1 budget of 800000 [1].")
    assert isinstance(verdict, Retry) and verdict.withdrawn == ["800000"] and "department: sales; q1_budget: 450000" in verdict.message
    # Two things asked: a figure from the line about either is connected.
    both = found(turn_for(agent, "On the Quux invoice, what's the VAT and the total?"), "From quux.pdf [1]:\n- Invoice date: 2031-02-13\n- Subtotal: R14 040,00\n"
                 "- VAT @ 15%: R2 106,00\n- TOTAL DUE: R16 146,00")
    assert figures_come_from_the_line_asked_about(both, "VAT: R2 106,00 [1]\nTotal: R16 146,00 [1]") is None
    assert verdict.answer_only  # the line is in the results: the model is asked to answer, not offered tools
    assert figures_come_from_the_line_asked_about(turn, "Sales has a Q1 budget of 450,000 [1].") is None
    # The answer, then other rows: the other rows go, without asking again.
    trimmed = figures_come_from_the_line_asked_about(turn, "Sales has a Q1 budget of 450,000 [1]. Engineering has 800000 [1].")
    assert isinstance(trimmed, Accept) and trimmed.text == "Sales has a Q1 budget of 450,000 [1]."
    assert figures_come_from_the_line_asked_about(turn, "It is 800000 [1].").otherwise.text.endswith('The files say: "department: sales; q1_budget: 450000"')
    # Left with only the file it read ("This is in finance/budget.csv"), the draft says nothing: it is asked again.
    pointer = figures_come_from_the_line_asked_about(turn, 'Sales has a Q1 budget of 800000. This is in the file "finance/budget.csv" [1].')
    assert isinstance(pointer, Retry) and pointer.withdrawn == ["800000"]


def test_a_quoted_line_says_what_the_question_is_about(agent):
    from filesage.policies.reading import quoted

    # The line quoted when the drafts failed: one about a thing no file says (a dentist's bill in a folder with none)
    # is no answer; one that says it, in the folder's words or the question's, is.
    agent.said_in_files = lambda word, paths=None: word in {"bill", "faktura", "energi", "ferry"}
    turn = ran(agent, turn_for(agent, "How much was the dentist bill?"), "semantic_search", query="dentist bill")
    found(turn, "From bank/utskrift.csv [1] (rows 1-3):\n- Forklaring: Vestkyst Energi faktura 2031-118; Ut: 2 318,75", query="dentist bill")
    said = quoted(turn, "Forklaring: Vestkyst Energi faktura 2031-118; Ut: 2 318,75")
    assert said.as_written and said.text.startswith("I found nothing in") and "'dentist'" in said.text, said.text
    ferry = ran(agent, turn_for(agent, "What did the ferry cost?"), "semantic_search", query="ferry")
    found(ferry, "From kvitteringer/ferje.txt [1]:\n- Ferry Halsa-Kanestraum: 244,00 kr", query="ferry")
    assert quoted(ferry, "Ferry Halsa-Kanestraum: 244,00 kr").text == 'The files say: "Ferry Halsa-Kanestraum: 244,00 kr"'
    # The kind of value asked ("e-mail address") is no subject: the line gives it its own way.
    mail = ran(agent, turn_for(agent, "What's the ferry's e-mail address?"), "semantic_search", query="ferry e-mail")
    found(mail, "From kvitteringer/ferje.txt [1]:\n- Ferry Halsa-Kanestraum, post@ferje.example", query="ferry e-mail")
    assert quoted(mail, "Ferry Halsa-Kanestraum, post@ferje.example").text.startswith("The files say:")
    # A tool's line that quotes the file is quoted by what it quotes: no quote inside a quote.
    release = 'ferry/NEWS has the release 2.1 on the line "2031-03-02 Ola Varga: ferry 2.1 released."; under it:'
    assert quoted(ferry, release).text == 'The files say: "2031-03-02 Ola Varga: ferry 2.1 released."'


def each_file(what: str, combine: str = "list", extension: str = "", folder: str = "", name: str = "", mentions: str = "") -> ToolResult:
    """Answer over every matching file.

    Args:
        what: what to find in each file
        combine: list, total, average, largest, smallest or count
        extension: file type
        folder: subfolder
        name: words of the file names
        mentions: words the text must contain
    """
    return ToolResult("Nothing.", [], "Nothing found", found=False)


def test_documents_of_a_year_are_read(fs_corpus):
    from filesage.policies.after_step import documents_of_a_year_are_read

    box = Toolbox(fs_corpus)
    agent = Agent(ScriptedModel([]), ToolRegistry([box.count_files, box.list_files, each_file, respond]), tree=box, policies=in_force())

    question = "how many invoices did I get in 2025?"
    turn = ran(agent, turn_for(agent, question), "count_files", name="invoice")
    read = documents_of_a_year_are_read(turn).call
    assert (read.name, read.arguments["combine"], read.arguments["name"], read.arguments["mentions"]) == ("each_file", "count", "invoice", "2025")
    # The words that chose the files say nothing of which line to read; a bare rank reads the total.
    assert "invoice" not in read.arguments["what"] and "2025" not in read.arguments["what"]
    ranked = documents_of_a_year_are_read(ran(agent, turn_for(agent, "biggest invoice 2025"), "list_files", name="invoices", order="largest")).call
    assert ranked.arguments["combine"] == "largest" and ranked.arguments["what"] == "total"
    # A year taken for a word of the name: the files are chosen by what the question counts.
    named = documents_of_a_year_are_read(ran(agent, turn_for(agent, "number of 2025 invoices?"), "count_files", name="2025")).call
    assert named.arguments["name"] == "invoice" and named.arguments["mentions"] == "2025"
    # ... or by another word for them, when the call named none.
    invoiced = documents_of_a_year_are_read(ran(agent, turn_for(agent, "what was I invoiced in 2025 altogether?"), "list_files")).call
    assert invoiced.arguments["name"] == "invoice" and invoiced.arguments["combine"] == "total"
    listed = "list my 2025 invoices with their totals"
    assert documents_of_a_year_are_read(ran(agent, turn_for(agent, listed), "list_files", name="invoice")).call.arguments["combine"] == "total"
    # The year is in the filters already, the question asks a file date, or the files hold no text: left alone.
    assert documents_of_a_year_are_read(ran(agent, turn_for(agent, question), "count_files", folder="finance/2025")) is None
    assert documents_of_a_year_are_read(ran(agent, turn_for(agent, "how many files did I change in 2025?"), "count_files")) is None
    # Files picked by when they changed, whatever word the question has for it: the year is their own date.
    assert documents_of_a_year_are_read(ran(agent, turn_for(agent, "Which files did I fiddle with in May 2025?"), "list_files", changed_within="2025-05")) is None
    summed = "add up my invoices from 2025"
    assert documents_of_a_year_are_read(ran(agent, turn_for(agent, summed), "list_files", name="invoice")).call.arguments["combine"] == "total"
    assert documents_of_a_year_are_read(ran(agent, turn_for(agent, "how many photos from 2025?"), "count_files", extension="jpg")) is None


def test_each_file_filters_are_the_questions(agent):
    from filesage.policies.first_call import each_file_filters_are_the_questions

    # The prompt's "phone bill" copied for any bills: the word the question does not say goes.
    copied = each_file_filters_are_the_questions(turn_for(agent, "List out my 2025 bills with the amount for each"),
                                                 ToolCall("each_file", {"what": "amount due", "name": "phone bill", "mentions": "2025"}))
    assert copied.arguments["name"] == "bill"
    invoiced = turn_for(agent, "2025: how much did I get invoiced in total?")
    assert each_file_filters_are_the_questions(invoiced, ToolCall("each_file", {"what": "total", "name": "phone bill", "mentions": "2025"})).arguments["name"] == "bill"
    # Another word for the same kind of document is the question's own; so is a year the call forgot.
    kin = each_file_filters_are_the_questions(turn_for(agent, "how much did I pay in bills in 2024"), ToolCall("each_file", {"what": "amount", "name": "invoice"}))
    assert kin == ToolCall("each_file", {"what": "amount", "name": "invoice", "mentions": "2024"})
    # A follow-up about "those" keeps the year of the question before.
    history = [{"role": "user", "content": "what do my 2025 invoices add up to?"}, {"role": "assistant", "content": "The total is $6,512.40."},
               {"role": "user", "content": "and the same for 2024?"}, {"role": "assistant", "content": "The total is $1,800.50."}]
    those = turn_for(agent, "which of those had the highest total?", history)
    kept = each_file_filters_are_the_questions(those, ToolCall("each_file", {"what": "total", "combine": "largest", "name": "invoice"}))
    assert kept == ToolCall("each_file", {"what": "total", "combine": "largest", "name": "invoice", "mentions": "2024"})
    stale = each_file_filters_are_the_questions(those, ToolCall("each_file", {"what": "total", "combine": "largest", "name": "invoice", "mentions": "2025"}))
    assert stale.arguments["mentions"] == "2024"
    # A year the question neither gives nor points to is the model's guess: it would leave out the other years' bills.
    guessed = each_file_filters_are_the_questions(turn_for(agent, "Add up all the gas bills I have."), ToolCall("each_file", {"what": "amount due", "name": "gas bill", "mentions": "2031"}))
    assert guessed.arguments["mentions"] == ""
    for question in ("what did the gas bills come to last year?", "add up the gas bills of this quarter", "add up the March gas bills"):
        call = ToolCall("each_file", {"what": "amount due", "name": "gas bill", "mentions": "2031"})
        assert each_file_filters_are_the_questions(turn_for(agent, question), call) is None, question
    # "go through" is no Go file.
    verb = each_file_filters_are_the_questions(turn_for(agent, "go through my invoices and list them"), ToolCall("each_file", {"what": "total", "extension": "go", "name": "invoice"}))
    assert verb.arguments["extension"] == ""
    assert each_file_filters_are_the_questions(turn_for(agent, "total of my pdf invoices from 2025"), ToolCall("each_file", {"what": "total", "extension": "pdf", "name": "invoice", "mentions": "2025"})) is None
    # A word of the question's telling that no file says picks nothing; a name the question gives stays, said or not.
    agent.said_in_files = lambda word: word in {"invoice", "total", "acme"}
    issued = each_file_filters_are_the_questions(turn_for(agent, "total of the invoices I drafted"), ToolCall("each_file", {"what": "total", "name": "invoice", "mentions": "drafted"}))
    assert issued.arguments["mentions"] == ""
    for mentions in ("Zanzibar", "acme"):
        call = ToolCall("each_file", {"what": "total", "name": "invoice", "mentions": mentions})
        assert each_file_filters_are_the_questions(turn_for(agent, f"total of the invoices to {mentions.title()}"), call) is None
    # A vendor the question names is who the files are about, not what they are called; the kind of document stays.
    vendor = each_file_filters_are_the_questions(turn_for(agent, "What did I pay Polderlink from January to March?"),
                                                 ToolCall("each_file", {"what": "amount", "combine": "total", "name": "Polderlink", "mentions": "2031"}))
    assert vendor.arguments["name"] == "" and vendor.arguments["mentions"] == "polderlink 2031"
    kind = each_file_filters_are_the_questions(turn_for(agent, "total of my Polderlink invoices"), ToolCall("each_file", {"what": "total", "name": "Polderlink invoice"}))
    assert kind.arguments["name"] == "invoice" and kind.arguments["mentions"] == "polderlink"
    camel = each_file_filters_are_the_questions(turn_for(agent, "what did I pay PolderNet in Q1?"), ToolCall("each_file", {"what": "amount", "name": "PolderNet"}))
    assert camel.arguments["name"] == "" and camel.arguments["mentions"] == "poldernet"
    # A date the question never says is no mention; a word it brackets is read for.
    dated = each_file_filters_are_the_questions(turn_for(agent, "what do the Acme bills (Wasser) add up to?"),
                                                ToolCall("each_file", {"what": "amount due", "name": "bill", "mentions": "acme 2031-04-02"}))
    assert dated.arguments["mentions"] == "acme" and dated.arguments["what"] == "amount due Wasser", dated
    # A folder the question names holds the files; it is no word they say.
    folder = each_file_filters_are_the_questions(turn_for(agent, "total of the invoices in finance/2025"),
                                                 ToolCall("each_file", {"what": "total", "name": "invoice", "mentions": "finance/2025"}))
    assert folder.arguments["folder"] == "finance/2025" and folder.arguments["mentions"] == "", folder


def test_filesystem_calls_follow_the_question_take_a_missing_folder_for_names(agent):
    call = filesystem_calls_follow_the_question(turn_for(agent, "how many invoices do I have?"), ToolCall("count_files", {"folder": "invoices"}))
    assert call == ToolCall("count_files", {"name": "invoices"})
    beside = filesystem_calls_follow_the_question(turn_for(agent, "how many invoices do I have?"), ToolCall("count_files", {"folder": "invoices", "name": "invoice"}))
    assert beside == ToolCall("count_files", {"name": "invoice"})


def test_the_same_for_another_time_is_the_question_before(fs_corpus):
    from filesage.policies.first_call import the_same_for_another_time_is_the_question_before as same_for

    box = Toolbox(fs_corpus)
    agent = Agent(ScriptedModel([]), ToolRegistry([box.count_files, box.list_files, semantic_search, each_file, respond]), tree=box, policies=in_force())

    history = [{"role": "user", "content": "what do my 2025 invoices add up to?"}, {"role": "assistant", "content": "The total is $6,512.40."}]
    turn = turn_for(agent, "and the same for 2024?", history)
    rewrite = same_for(turn, ToolCall("semantic_search", {"query": "and the same for 2024?"}))
    assert rewrite == Rewrite("what do my 2024 invoices add up to?", ToolCall("each_file", {"what": "total", "combine": "total", "name": "invoice", "mentions": "2024"}))
    # Another word for the kind of document the folder names ("bills" for invoices) still picks them.
    bills = turn_for(agent, "now 2024", [{"role": "user", "content": "what do my 2025 bills add up to?"}, {"role": "assistant", "content": "$9."}])
    assert same_for(bills, ToolCall("semantic_search", {"query": "now 2024"})).call.arguments["name"] == "bill"
    # A question before that read one document is searched again, rewritten.
    one = turn_for(agent, "what about 2023?", [{"role": "user", "content": "who led the 2025 budget review?"}, {"role": "assistant", "content": "Dana."}])
    assert same_for(one, ToolCall("semantic_search", {"query": "2023"})).call.arguments["query"] == "who led the 2023 budget review?"
    # A year said from the one before: the year it means.
    for said, year in (("what about a year later?", "2026"), ("and two years earlier?", "2023"), ("the year before?", "2024")):
        shifted = same_for(turn_for(agent, said, one.history), ToolCall("semantic_search", {"query": said}))
        assert shifted.call.arguments["query"] == f"who led the {year} budget review?", said
    # A table the model reads about the year before is read about the year asked.
    read = same_for(turn_for(agent, "and a year earlier?", one.history), ToolCall("read_file", {"path": "reviews.csv", "about": "the 2025 budget review"}))
    assert read.call.arguments == {"path": "reviews.csv", "about": "who led the 2024 budget review?"}
    # Said in other words that only point back: the question before, for the new year.
    for said in ("ok, now do 2024", "thanks! could you give me that for 2024 as well?", "and the 2024 ones?"):
        again = same_for(turn_for(agent, said, history), ToolCall("semantic_search", {"query": said}))
        assert again.call.name == "each_file" and again.question == "what do my 2024 invoices add up to?"
    # Another month, said in any language or as "the April one": the question before for that month, searched across the folder.
    bill = [{"role": "user", "content": "How much was the Fernwald bill issued in February 2031?"}, {"role": "assistant", "content": "€84.10."}]
    for said in ("and the April one?", "what about abril?", "and the April bill?", "en in april?", "et en avril?"):
        month = same_for(turn_for(agent, said, bill), ToolCall("semantic_search", {"query": said, "within": "bills/feb.pdf"}))
        assert month.call == ToolCall("semantic_search", {"query": f"How much was the Fernwald bill issued in {said.split()[-2 if 'the' in said else -1].strip('?')} 2031?"}), said
    assert same_for(turn_for(agent, "and the April one?", one.history), ToolCall("semantic_search", {"query": "april"})) is None
    assert same_for(turn_for(agent, "May I see the April receipt?", bill), ToolCall("semantic_search", {"query": "x"})) is None
    # Not a follow-up of that kind: a new question with a year, or the same year.
    assert same_for(turn_for(agent, "how many invoices from 2024 do I have?", history), ToolCall("each_file", {"what": "x"})) is None
    assert same_for(turn_for(agent, "and for 2025?", history), ToolCall("each_file", {"what": "x"})) is None


def test_a_document_the_question_names_is_the_one_searched(agent):
    from filesage.policies.first_call import a_document_the_question_names_is_the_one_searched as named

    said = turn_for(agent, "What does the README say about the garden?")
    assert named(said, ToolCall("file_metadata", {"name_hint": "README"})) == ToolCall("semantic_search", {"query": said.question, "within": "README.md"})
    assert named(said, ToolCall("semantic_search", {"query": "garden"})) == ToolCall("semantic_search", {"query": "garden", "within": "README.md"})
    # A size the document gives, not the file's own ("what block size does the README specify?").
    sized = turn_for(agent, "What maximum block size does the README specify?")
    assert named(sized, ToolCall("semantic_search", {"query": "block size"})) == ToolCall("semantic_search", {"query": "block size", "within": "README.md"})
    # A scope of the model's that names nothing in the tree is the named document's; one that does stands.
    assert named(said, ToolCall("semantic_search", {"query": "garden", "within": "guide pages"})).arguments["within"] == "README.md"
    assert named(said, ToolCall("semantic_search", {"query": "garden", "within": "README.md"})) is None
    # A plan's wording of a follow-up reads as the file's facts; the user's own words ask what the file says.
    planned = turn_for(agent, "What is the version of the file named README?")
    assert named(planned, ToolCall("file_metadata", {"name_hint": "README"})) is None
    planned.as_written = "what version does its README say?"
    assert named(planned, ToolCall("file_metadata", {"name_hint": "README"})) == ToolCall("semantic_search", {"query": planned.question, "within": "README.md"})
    ideas = turn_for(agent, "summarise the ideas note")
    assert named(ideas, ToolCall("list_files", {})) == ToolCall("read_file", {"path": "notes/ideas.md"})
    # The newest thing a document lists is read from its top.
    latest = turn_for(agent, "What is the latest idea in my ideas note?")
    assert named(latest, ToolCall("semantic_search", {"query": "latest idea"})) == ToolCall("read_file", {"path": "notes/ideas.md"})
    # Who wrote a document and its title are at its top: read from there.
    assert named(turn_for(agent, "Who wrote notes/ideas.md?"), ToolCall("semantic_search", {"query": "author"})) == ToolCall("read_file", {"path": "notes/ideas.md"})
    listed = turn_for(agent, "What's the newest entry in the ideas file?")
    assert named(listed, ToolCall("list_files", {"order": "newest"})) == ToolCall("read_file", {"path": "notes/ideas.md"})
    # About the file itself, or nothing named: left alone.
    for question in ("how big is the README?", "when was the README last modified?"):
        assert named(turn_for(agent, question), ToolCall("file_metadata", {"name_hint": "README"})) is None, question
    assert named(turn_for(agent, "what is on my shopping list?"), ToolCall("semantic_search", {"query": "shopping list"})) is None
    # A folder named by its own bare name is where a search of what its files say looks; a scope the model gave stands.
    signed = turn_for(agent, "Who signed the lease, according to my finance papers?")
    assert named(signed, ToolCall("semantic_search", {"query": "lease signed"})) == ToolCall("semantic_search", {"query": "lease signed", "within": "finance"})
    assert named(signed, ToolCall("semantic_search", {"query": "lease signed", "within": "notes"})) is None
    # "That note" after an answer from another file with "note" in no name of it: the answer before's document.
    history = [{"role": "user", "content": "What did the meeting decide?"},
               {"role": "assistant", "content": "A budget review [1].", "sources": [{"path": "notes/meeting_2025-03-01.md"}]}]
    pointed = turn_for(agent, "and what else is in that ideas note?", history)
    assert named(pointed, ToolCall("semantic_search", {"query": "ideas"})) is None
    assert named(turn_for(agent, "and what else is in the ideas note?", history), ToolCall("semantic_search", {"query": "ideas"})).arguments["within"] == "notes/ideas.md"


def test_a_program_named_by_its_folder_is_searched_in_its_folder(tmp_path):
    from filesage.policies.first_call import a_document_the_question_names_is_the_one_searched as named

    for path in ("tools/quill/doc/quill.txt", "tools/quill/AUTHORS", "tools/frob/frob.1", "notes/todo.md", "club/2031/minutes.md"):
        write(tmp_path / "docs" / path, "text\n")
    box = Toolbox(tmp_path / "docs")
    agent = Agent(ScriptedModel([]), ToolRegistry([box.list_files, semantic_search, box.read_file, respond]), tree=box, policies=in_force())
    # The one file named for the program is not all the program says: its folder is searched.
    wrote = named(turn_for(agent, "Who originally wrote quill?"), ToolCall("semantic_search", {"query": "quill author"}))
    assert wrote == ToolCall("semantic_search", {"query": "quill author", "within": "tools/quill"})
    # The file's kind said, the file is meant.
    manual = named(turn_for(agent, "what does the frob man page say about colours?"), ToolCall("semantic_search", {"query": "colours"}))
    assert manual == ToolCall("semantic_search", {"query": "colours", "within": "tools/frob/frob.1"})
    # A folder named by a year is no program's: the question's year is when, not where.
    assert named(turn_for(agent, "who was on call on march 10 2031?"), ToolCall("semantic_search", {"query": "on call 2031-03-10"})) is None


def test_several_looks_are_planned():
    from filesage.policies.plan import several_looks_are_planned as planned

    for question in ("Who is the landlord, and how much notice must I give?", "taxi and hotel together - how much?",
                     "Which is longer, the warranty of the fridge or the oven?", "the smallest of the CREDITS files: who wrote it?",
                     "After the deposit, how much is still owing on the boat hire?"):
        assert planned(question, [], None), question
    history = [{"role": "user", "content": "Who runs the choir?"}, {"role": "assistant", "content": "Ines Moreau."}]
    assert planned("when did she join?", history, None) and planned("phone?", history, None)
    # A follow-up about the files themselves is the tools' to answer, with the conversation.
    pdfs = [{"role": "user", "content": "how many pdf files are there?"}, {"role": "assistant", "content": "There are 3 PDF files."}]
    assert not planned("which of them is the largest?", pdfs, None)
    # Copies of files asked about, the asking said twice: one look (find_duplicates); beside a document's content: two.
    assert not planned("any copies of the same file? identical files in two folders", [], None)
    assert planned("Any duplicate files, and who wrote the CREDITS?", [], None)
    invoices = [{"role": "user", "content": "and the same for 2024?"}, {"role": "assistant", "content": "Your 2024 invoices add up to $1,800.50."}]
    assert not planned("which of those had the highest total?", invoices, None)
    # The question before asked again for another year is one look: that question, rewritten.
    rates = [{"role": "user", "content": "What was the harbour fee in March 2031?"}, {"role": "assistant", "content": "It was 4.10."}]
    assert not planned("and a year earlier?", rates, None) and not planned("and in 2029?", rates, None)
    for question in ("how many PDFs do I have?", "what is the deposit on the flat?", "list every contract and its end date",
                     "which client came most often in May, and for what?", "How many lessons did I give in May, and how much did they bring in?",
                     "Which tenant in the rent roll owes the most, and what flat is it?"):
        assert not planned(question, [], None), question
    # Two things a document says, though the question names a type or a rank on the way, are two looks.
    for question in ("which Rust release dropped the old linker, and when did it come out?", "In the acme manual, what is the largest buffer it allows and what unit is it in?"):
        assert planned(question, [], None), question
    assert not planned("which is the largest PDF, and how big is it?", [], None)
    # A count of files beside what a document says: two looks. A sentence that asks nothing is neither.
    for question in ("How many files sit in the quill folder, and what licence is quill under?", "How many PDFs are there? Who signed the lease?"):
        assert planned(question, [], None), question
    for question in ("I keep my scans in archive/. How many are PDFs, and which is the largest?", "how many PDFs, and which is the newest?"):
        assert not planned(question, [], None), question
    # Arithmetic between two things a document says is two looks, though it counts days or names a file.
    for question in ("how many weeks after the lease was signed did the keys come?", "in the club's fees sheet, by what percentage did dues rise?",
                     "how many more members does the choir have than the orchestra?", "do the two price lists agree on the ferry fare?"):
        assert planned(question, [], None), question
    assert planned("How many scans sit in archive/, and how many of those are PDFs?", [], None)
    # Every document of a kind, each with its figure and their total, is one look that reads them all.
    assert not planned("Take every parking ticket: what was each for, and what do they come to in total?", [], None)
    for question in ("by how many bytes is notes.md bigger than todo.md?", "how many files did I change since March?"):
        assert not planned(question, [], None), question


def test_a_figure_within_one_record_is_computed_from_its_table(tmp_path):
    from filesage.policies.in_code import a_figure_within_one_record_is_computed_from_its_table as computed

    for month in ("04", "05"):
        write(tmp_path / f"casa/banco/extracto_2031-{month}.csv", "Fecha;Concepto;Importe\n02/05/2031;ZITHER;-875,00\n04/05/2031;OSTMARK;-64,35\n")
    write(tmp_path / "casa/Presupuesto_2031.xlsx", "x")
    write(tmp_path / "notes/statement.md", "A statement of intent.\n")
    write(tmp_path / "maison/releve_2031-03.csv", "Date;Libellé;Débit\n02/03/2031;ZITHER;875,00\n04/03/2031;OSTMARK;64,35\n")
    box = Toolbox(tmp_path)
    agent = Agent(ScriptedModel([]), ToolRegistry([Inside(box).count_in_file, semantic_search, respond]), tree=box, policies=in_force())
    # The document is named by its kind in the folder's language, and of a statement a month the month asked's.
    question = "What was the biggest payment in the May statement?"
    assert computed(turn_for(agent, question), None) == ToolCall("count_in_file", {"path": "casa/banco/extracto_2031-05.csv", "what": question})
    french = "What was the biggest payment in the March statement?"
    assert computed(turn_for(agent, french), None) == ToolCall("count_in_file", {"path": "maison/releve_2031-03.csv", "what": french})
    budget = "Which month has the highest expenses in my budget?"
    assert computed(turn_for(agent, budget), None) == ToolCall("count_in_file", {"path": "casa/Presupuesto_2031.xlsx", "what": budget})
    # A document of another kind, named by the month or the question's other words, is what is asked: not the table.
    write(tmp_path / "health/dental statement May.pdf", "x")
    agent = Agent(ScriptedModel([]), ToolRegistry([Inside(box).count_in_file, semantic_search, respond]), tree=Toolbox(tmp_path), policies=in_force())
    assert computed(turn_for(agent, question), None) == ToolCall("count_in_file", {"path": "casa/banco/extracto_2031-05.csv", "what": question})
    assert computed(turn_for(agent, "How much did the insurer pay in total on my May dental statement?"), None) is None
    assert computed(turn_for(agent, "What was the biggest payment on the dental statement?"), None) is None
    # No figure over rows asked, or no one table that is the document: left to the model.
    assert computed(turn_for(agent, "What does the May statement say about ZITHER?"), None) is None
    assert computed(turn_for(agent, "What was the biggest payment in the statement?"), None) is None


def test_a_month_asked_is_one_the_sources_are_of(tmp_path):
    from filesage.policies.before_answer import a_month_asked_is_one_the_sources_are_of as of_month

    write(tmp_path / "bills/zither_power_2031-02.txt", "Zither Power\nBill of 03/03/2031 for February 2031\nTotal: 84,10 EUR\n")
    write(tmp_path / "bills/zither_power_marzo.txt", "Zither Power\nFactura marzo 2031\nTotal: 79,30 EUR\n")
    box = Toolbox(tmp_path)
    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, semantic_search, respond]), tree=box, policies=in_force())

    def answered(question, path):
        return found(turn_for(agent, question), "- Total: 84,10 EUR", paths=[path], query=question)

    # The April bill the folder lacks: the February one found is said to be of February, not given as April's.
    verdict = of_month(answered("How much was the Zither Power bill for April 2031?", "bills/zither_power_2031-02.txt"), "84,10 EUR")
    assert verdict.as_written and verdict.text.startswith("I found nothing for April 2031: the files that came closest are of other months: "
                                                          "bills/zither_power_2031-02.txt (February 2031, March 2031)"), verdict.text
    # A source of the month asked, said in its own language, stands; so does a question naming no month, or months apart.
    assert of_month(answered("How much was the bill for March 2031?", "bills/zither_power_marzo.txt"), "79,30 EUR") is None
    assert of_month(answered("How much was the bill?", "bills/zither_power_2031-02.txt"), "84,10 EUR") is None
    assert of_month(answered("the bills for April 2031 and June 2031?", "bills/zither_power_2031-02.txt"), "84,10 EUR") is None
    # A span of a year's months, or its quarter, is asked as those months: a bill of its period, or of none of them.
    assert of_month(answered("the water I used in April-May 2031?", "bills/zither_power_2031-02.txt"), "84,10 EUR").text.startswith("I found nothing for April to May 2031")
    write(tmp_path / "bills/quarter.txt", "Zither Power\nBilling period: 01/10/2030 - 31/12/2030\nBill date: 08/01/2031, due 05/02/2031\nTotal: 284,10 EUR\n")
    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, semantic_search, respond]), tree=Toolbox(tmp_path), policies=in_force())
    assert of_month(answered("the bill for the first quarter of 2031?", "bills/quarter.txt"), "284,10 EUR").text.startswith(
        "I found nothing for January to March 2031: the files that came closest are of other months: bills/quarter.txt (October 2030, November 2030, December 2030)")
    assert of_month(answered("the Q4 2030 bill?", "bills/quarter.txt"), "284,10 EUR") is None
    # A date a file's name gives after an underscore is the month the file is of, whatever months its text names.
    write(tmp_path / "flat/fees_from_2031-01-01.txt", "Fees notice of 14.11.2030\nMonthly fee: 640,10 zl\n")
    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, semantic_search, respond]), tree=Toolbox(tmp_path), policies=in_force())
    assert of_month(answered("the monthly fee from 1 January 2031?", "flat/fees_from_2031-01-01.txt"), "640,10 zl") is None
    # A bill of January, issued and paid in February, is no February bill: a document is of the month it opens with.
    write(tmp_path / "bills/zither_power_jan.txt", "Zither Power\nBill for January 2031\nCustomer 7720-4418-03\nIssued 03/02/2031, paid by 17/02/2031\nTotal: 84,10 EUR\n")
    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, semantic_search, respond]), tree=Toolbox(tmp_path), policies=in_force())
    january = of_month(answered("How much was the Zither Power bill for February 2031?", "bills/zither_power_jan.txt"), "84,10 EUR")
    assert january.as_written and "bills/zither_power_jan.txt (January 2031)" in january.text, january.text  # a customer number is no month
    # A month without a year is that month of any year: the minutes of another month are not its.
    write(tmp_path / "club/minutes 2031-01-14.md", "# Board minutes, January 14, 2031\n\nMotion 2031-02 to buy a mower: carried.\n")
    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, semantic_search, respond]), tree=Toolbox(tmp_path), policies=in_force())
    february = of_month(answered("find the minutes of the club's February meeting", "club/minutes 2031-01-14.md"), "The January minutes [1].")
    assert february.as_written and february.text.startswith("I found nothing for February: "), february.text
    assert of_month(answered("what did the club decide in January?", "club/minutes 2031-01-14.md"), "A mower [1].") is None
    # The month's minutes found beside another month's, and the draft resting on the other's: answered again from the month's.
    write(tmp_path / "club/minutes 2031-02-11.md", "# Board minutes, February 11, 2031\n\nMotion 2031-05 to paint the shed: seconded by Ula Brandt.\n")
    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, semantic_search, respond]), tree=Toolbox(tmp_path), policies=in_force())
    result = "From club/minutes 2031-01-14.md:\n- Motion to buy a mower\nFrom club/minutes 2031-02-11.md:\n- Motion to paint the shed"
    both = found(turn_for(agent, "who seconded the shed motion at the February meeting?"), result, paths=["club/minutes 2031-01-14.md", "club/minutes 2031-02-11.md"], query="shed motion")
    both.citations.mark(result, ["club/minutes 2031-01-14.md", "club/minutes 2031-02-11.md"], {}, "semantic_search")
    again = of_month(both, "The mower motion [1].")
    assert isinstance(again, Retry) and "club/minutes 2031-02-11.md" in again.message, again
    assert of_month(both, "Ula Brandt seconded it [2].") is None


def test_what_no_file_mentions_is_not_found(agent):
    from filesage.policies.before_answer import what_no_file_mentions_is_not_found as unmentioned

    def searched(question, text="The closest passages say nothing about it.", found=False):
        turn = turn_for(agent, question)
        turn.record(Ran(Step("semantic_search", {"query": "x"}, "model", "x", True, found, 0.0, 0, 0, []), ToolResult(text, [], found=found), "x", text))
        return turn

    def searched_nothing(question):
        return searched(question)

    files_say, scoped_say = {"lease", "rent", "deposit", "month"}, set()
    agent.said_in_files = lambda word, paths=None: word in files_say and not (paths and word.startswith("-") and word not in scoped_say)
    verdict = unmentioned(searched_nothing("How much does the lease charge me for the parking space?"), None)
    assert verdict.as_written and verdict.text.startswith("No file in the folder mentions 'parking' or 'space'")
    assert unmentioned(searched_nothing("What is the rent in the lease?"), None) is None
    # A span of months written as one word ("Oct-Dec") is a time, no thing the files must say.
    assert unmentioned(searched("What was the rent for Oct-Dec 2031?", "- Monthly rent: 1,450 EUR", found=True), None) is None
    # Something was found: a word the files do not say may be the kind of thing asked, or another word for what
    # they say; a name the files never say is still not there, and so is a thing named in words none of them says.
    files_say |= {"garage"}
    assert unmentioned(searched("At what temperature is the lease's garage heated?", "- Garage: 12 °C", found=True), None) is None
    mooring = unmentioned(searched("How much does the lease say I pay for the boat mooring?", "- Monthly rent: 1,450 EUR", found=True), None)
    assert mooring.as_written and "'boat' or 'mooring'" in mooring.text
    named = unmentioned(searched("What is the rent of the Heron lease?", "- Monthly rent: 1,450 EUR", found=True), None)
    assert named.as_written and "'heron'" in named.text and "'rent'" not in named.text
    # Whose the thing is names it as a name does: a landlord's letter in a folder that never says "landlord" is not there.
    owned = unmentioned(searched("What rent does the landlord's letter ask for?", "- Monthly rent: 1,450 EUR", found=True), None)
    assert owned.as_written and "'landlord'" in owned.text, owned
    # So does a word the question puts in brackets or quotes, as the document would write it.
    glossed = unmentioned(searched("What is the rent of the garage (stellplatz)?", "- Monthly rent: 1,450 EUR", found=True), None)
    assert glossed.as_written and "'stellplatz'" in glossed.text and "'garage'" not in glossed.text, glossed
    # Said in another language of the folder: the German "Kaution" is the deposit asked for.
    agent.languages, files_say = (lambda: __import__("collections").Counter({"German": 2})), {"kaution", "lease"}
    assert unmentioned(searched_nothing("what is the deposit on the lease?"), None) is None
    # Only after what the files say was searched; a listing answers from the names.
    assert unmentioned(ran(agent, turn_for(agent, "how many parking files?"), "count_files"), None) is None
    # An option or a setting the question names is said as written, or it is not there, whatever else was found.
    files_say |= {"--depth", "rent", "lease"}
    option = unmentioned(searched("How do I sort the output with the tool's --order option?", "- --depth: how deep to go", found=True), None)
    assert option.as_written and "'--order'" in option.text
    assert unmentioned(searched("What does --depth do?", "- --depth: how deep to go", found=True), None) is None
    assert "'retry_limit'" in unmentioned(searched("What is the default retry_limit?", "- rent: 1,450 EUR", found=True), None).text
    # Said only in another program's manual than the one searched: not there.
    files_say |= {"-q"}
    within = searched("What does main.py's -q option do?", "- -d: debug", found=True)
    within.steps[-1].args["within"] = "code/main.py"
    assert "'-q'" in unmentioned(within, None).text
    scoped_say.add("-q")
    assert unmentioned(within, None) is None
    # A question in Spanish or French starts with its asking word, no name: "¿Qué ...".
    files_say |= {"deberes", "tengo", "para", "jueves", "marzo"}
    assert unmentioned(searched("¿Qué deberes tengo para el jueves?", "- jueves: deberes", found=True), None) is None
    # A word of a file's own name is what the folder calls it, though no file's text says it.
    assert unmentioned(searched("What does the passage in finance/2025/invoice_002.pdf say about the lease?", "- lease: rent", found=True), None) is None
    named_file = unmentioned(searched_nothing("What does invoice_009 say about the lease?"), None)
    assert named_file.as_written and "'invoice_009'" in named_file.text
    # Words of a language no file is written in tell nothing of what the files hold; a name still does.
    agent.languages = lambda: __import__("collections").Counter({"English": 3})
    files_say |= {"inv-7"}
    assert unmentioned(searched("¿Cuál es el total de la factura INV-7 y cuándo vence?", "- INV-7: total 90 EUR", found=True), None) is None
    assert "'zafiro'" in unmentioned(searched("¿Cuál es el total de la factura Zafiro y cuándo vence?", "- INV-7: total 90 EUR", found=True), None).text
    # Nor do the words of a question in a language whose words of asking are not known, though files are in it.
    agent.languages = lambda: __import__("collections").Counter({"English": 3, "Spanish": 1})
    assert unmentioned(searched("¿Cuál es el total de la factura INV-7 y cuándo vence?", "- INV-7: total 90 EUR", found=True), None) is None
    # Nor do the words of a question too short for its language to be told, which has no English word of asking.
    agent.languages = lambda: __import__("collections").Counter({"English": 3, "French": 2, "": 4})  # chunks too short to tell
    files_say |= {"caution", "logement"}
    assert unmentioned(searched("combien était la caution du logement ?", "- caution : 1 900 €", found=True), None) is None
    assert "'heron'" in unmentioned(searched("how high was the Heron deposit?", "- caution : 1 900 €", found=True), None).text
    # An acronym inflected after a hyphen ("SMS-ów") is the acronym the files say.
    agent.languages = lambda: __import__("collections").Counter({"English": 3, "Spanish": 2})
    files_say |= {"sms"}
    assert unmentioned(searched_nothing("Ile SMS-ów jest w pakiecie?"), None) is None
    assert "'zafiro'" in unmentioned(searched_nothing("Ile SMS-ów jest w pakiecie Zafiro?"), None).text
    # A word with a hyphen inside is no inflection: "hi-fi" is not the "hi" a file says.
    from filesage.language.text import uninflected
    assert uninflected("sms-ów", "Ile SMS-ów?") == "sms" and uninflected("hi-fi", "Ile kosztuje hi-fi?") == "hi-fi"
    # Nothing found, the question in a language whose words of asking are not known here: only its names count.
    agent.languages = lambda: __import__("collections").Counter({"English": 3, "Dutch": 2})
    assert unmentioned(searched_nothing("Hoeveel uitstoot gaf de scheepvaart volgens de tabel?"), None) is None
    assert "'zafiro'" in unmentioned(searched_nothing("Wat is de huur van het Zafiro appartement?"), None).text
    # A question mixing Tagalog's words of asking with English ones: the Tagalog words are no thing the files lack.
    agent.languages = lambda: __import__("collections").Counter({"English": 3})
    files_say |= {"release", "according", "news", "file"}
    assert unmentioned(searched("Kailan na-release ang quux 2.4 according to the NEWS file?", "- 2.4: 2031-01-10", found=True), None) is None
    # A German question names things with capitals; its other words are no thing the files lack.
    agent.languages = lambda: __import__("collections").Counter({"German": 2, "English": 3})
    files_say |= {"tage", "umzug", "wohnung", "schlüsselübergabe"}
    moved = "Wie viele Tage liegen zwischen dem Umzug und der Schlüsselübergabe der alten Wohnung?"
    assert unmentioned(searched(moved, "- Umzug: 14.09.", found=True), None) is None
    assert "'kellerabteil'" in unmentioned(searched("Wie groß ist das Kellerabteil der alten Wohnung laut Vertrag?", "- Umzug: 14.09.", found=True), None).text


def test_found_anything_wants_the_year_the_question_gives(agent):
    from filesage.policies.reading import found_anything

    other_year = found(turn_for(agent, "What did the Kestrel project spend in Q4 2031?"), "From budget.xlsx:\n- Kestrel Q4 2032: cloud €20,500")
    assert not found_anything(other_year)
    same_year = found(turn_for(agent, "What did the Kestrel project spend in Q4 2032?"), "From budget.xlsx:\n- Kestrel Q4 2032: cloud €20,500")
    assert found_anything(same_year)
    # A quarter (a code) the found lines never say: they are about another one.
    other_quarter = found(turn_for(agent, "What did the Kestrel project spend in Q3 2032?"), "From budget.xlsx:\n- Kestrel Q4 2032: cloud €20,500")
    assert not found_anything(other_quarter)
    # A version the question rules out is none the found lines must say.
    ruled_out = found(turn_for(agent, "when was wren v4.2 released (not 4.2.1 or 4.2.2)?"), 'wren/NEWS has the release 4.2 on the line "4.2 (2031-05-04)"')
    assert found_anything(ruled_out)
    assert not found_anything(found(turn_for(agent, "when was wren 4.2.1 released?"), 'wren/NEWS has the release 4.2 on the line "4.2 (2031-05-04)"'))
    # Only the figures listed after the word that rules them out: the rest of its clause is still asked.
    unpaid = found(turn_for(agent, "which invoice is not paid for the Kestrel 2031 project?"), "From budget.xlsx:\n- Kestrel 2032: cloud unpaid")
    assert not found_anything(unpaid)


def test_follow_ups_answer_about_what_they_name(agent):
    from filesage.policies.before_answer import follow_ups_answer_about_what_they_name as about

    history = [{"role": "user", "content": "What was the Lyon office's heating bill in 2031?"},
               {"role": "assistant", "content": "The Lyon office's heating bill in 2031 was €4,120 [1]."}]
    turn = found(turn_for(agent, "and the Oslo office, same year?", history), "From offices.csv [1]:\n- Office: Oslo; Year: 2031; Heating: 6,870")
    retold = about(turn, "The Lyon office's heating bill in 2031 was €6,870 [1].")
    assert isinstance(retold, Retry) and "about oslo, not lyon" in retold.message and retold.answer_only
    assert retold.otherwise == Accept('The files say: "Office: Oslo; Year: 2031; Heating: 6,870"')
    for right in ("The Oslo office's heating bill in 2031 was €6,870 [1].", "€6,870 [1].", "Oslo paid €6,870, more than Lyon [1]."):
        assert about(turn, right) is None, right
    # No follow-up, or one naming nothing new: left alone.
    assert about(found(turn_for(agent, "and in 2032?", history), "- Office: Lyon; Year: 2032; Heating: 3,900"), "Lyon: €3,900 [1].") is None
    assert about(found(turn_for(agent, "What did the Oslo office pay?"), "- Office: Oslo; Heating: 6,870"), "Lyon paid €6,870 [1].") is None


def test_every_thing_asked_is_answered(agent):
    from filesage.policies.parts import every_thing_asked_is_answered as answered

    bill = "From bills/quill.pdf [1]:\n- Invoice QX-19 for Ines Varga\n- Subtotal (excl. VAT): €120.00\n- VAT (21%): €25.20\n- Total due: €145.20"
    turn = found(turn_for(agent, "On the Quill invoice, what's the VAT and the total?"), bill)
    half = answered(turn, "The total is €145.20 [1].")
    assert isinstance(half, Retry) and '"VAT (21%): €25.20"' in half.message and half.answer_only
    assert half.otherwise.text == 'The total is €145.20 [1].\nVAT: the files say "VAT (21%): €25.20"'
    assert answered(turn, "The VAT is €25.20 and the total €145.20 [1].") is None
    assert isinstance(answered(turn, "The total including VAT is €145.20 [1]."), Retry)  # both words, one figure
    # One thing asked, or a thing no line gives a figure for: nothing to add.
    assert answered(found(turn_for(agent, "what's the total due on the Quill invoice?"), bill), "€145.20 [1].") is None
    assert answered(found(turn_for(agent, "what's the total and the discount?"), bill), "The total is €145.20 [1].") is None
    # Two settings' defaults, two years' rows: the things are the two after the question's opening words.
    manual = "From doc/viewrc.5 [1]:\n- pan-step › Default value: 15\n- pan-max › Default value: 900\n- pan-min › Default value: 5"
    half = answered(found(turn_for(agent, "In viewrc, what are the defaults for pan-step and pan-max?"), manual), "pan-step › Default value: 15 [1]")
    assert isinstance(half, Retry) and '"pan-max › Default value: 900"' in half.message
    rows = "From data/hours.csv [1]:\n- country: Erewhon; year: 1880; hours: 2911\n- country: Erewhon; year: 1990; hours: 1766"
    half = answered(found(turn_for(agent, "what were the hours in Erewhon in 1880 and in 1990?"), rows), "In 1990 it was 1766 [1].")
    assert isinstance(half, Retry) and "2911" in half.message
    # Two things combined are one figure asked.
    assert answered(found(turn_for(agent, "what did pan-step and pan-max come to together?"), manual), "915 [1].") is None


def test_what_is_asked_about_is_what_the_answer_is_from(agent):
    from filesage.grounding.citations import Source
    from filesage.policies.parts import what_is_asked_about_is_what_the_answer_is_from as about

    said = {"events/caterer quote.eml": {"caterer", "quote", "wedding", "plate"}, "events/committee notes.md": {"photographer", "wedding", "quote"}}
    agent.said_in_files = lambda word, paths=None: any(word in words for path, words in said.items() if not paths or path in paths)
    agent.files_saying = lambda word: sum(word in words for words in said.values())

    def answered_from(question, path, history=None):
        turn = found(turn_for(agent, question, history), f"From {path} [1]:\n- Total quotation: 9,100", paths=[path], query=question)
        turn.citations.sources.append(Source(1, path, "", "semantic_search", ""))
        return turn

    verdict = about(answered_from("How much did the photographer quote for the wedding?", "events/caterer quote.eml"), "Total quotation: 9,100 [1]")
    assert verdict.as_written and verdict.text.startswith("I found nothing about 'photographer': the closest files (events/caterer quote.eml)")
    # Said where the answer comes from, or in its path, or by no file at all (what_no_file_mentions_is_not_found's): it stands.
    assert about(answered_from("How much did the caterer quote for the wedding?", "events/caterer quote.eml"), "9,100 [1]") is None
    assert about(answered_from("How much did the photographer quote?", "events/photographer quote.pdf"), "9,100 [1]") is None
    # A thing named again in brackets ("the chef (caterer)") is said where the bracketed name is.
    said["events/florist.md"] = {"chef"}
    assert about(answered_from("How much did the chef (caterer) quote for the wedding?", "events/caterer quote.eml"), "9,100 [1]") is None
    assert about(answered_from("How much did the chef (florist) quote for the wedding?", "events/caterer quote.eml"), "9,100 [1]") is not None
    del said["events/florist.md"]
    # A name of joined words that are the path's ("the wedding-quotes data") is the place searched, no thing in it.
    said["README.md"] = {"wedding-quotes"}
    assert about(answered_from("What did the caterer quote in the wedding-quotes data?", "wedding-quotes/caterer.csv"), "9,100 [1]") is None
    del said["README.md"]
    assert about(answered_from("How much did the florist quote for the wedding?", "events/caterer quote.eml"), "9,100 [1]") is None
    # Of two words, the first says which of the kind the second names: the changelog's "overflow" is the bug asked.
    said["tool/ChangeLog"], said["tool/FAQ"] = {"overflow", "fixed"}, {"bug"}
    assert about(answered_from("Which release fixed the overflow bug?", "tool/ChangeLog"), "2.1 [1]") is None
    # A word many files say names a kind of thing a document may be about without saying it.
    said.update({f"tool/NEWS.{n}": {"bug"} for n in range(3)})
    assert about(answered_from("Which release fixed the zither bug?", "tool/ChangeLog"), "2.1 [1]") is None
    # A word that names no thing of the question ("quote" as what was done) is no thing asked about.
    assert about(answered_from("what did they quote per plate for the wedding?", "events/committee notes.md"), "9,100 [1]") is None
    # A question in another language: its words after "a" or "la" are no things named ("Qui a fait ...": has made).
    said["events/menu.md"] = {"fait"}
    assert about(answered_from("Qui a fait la soupe du mariage ?", "events/caterer quote.eml"), "Savoury Ltd [1]") is None
    assert about(answered_from("How much did the fait quote for the wedding?", "events/caterer quote.eml"), "9,100 [1]") is not None
    del said["events/menu.md"]
    # A follow-up's words come partly from the conversation; a draft that found nothing says so already.
    history = [{"role": "user", "content": "Who caters the wedding?"}, {"role": "assistant", "content": "Savoury Ltd [1]."}]
    assert about(answered_from("How much did the photographer quote for the wedding?", "events/caterer quote.eml", history), "9,100 [1]") is None
    assert about(answered_from("How much did the photographer quote for the wedding?", "events/caterer quote.eml"), "I found nothing about it.") is None


def test_the_person_asked_for_is_named_by_the_line_about_it(agent):
    from filesage.policies.roles import the_person_asked_for_is_named_by_the_line_about_it as person_checked

    credits = ("From tool/CREDITS.md [1]:\n- I thank Ola Brandt for his zither port and Ines Varga for testing it.\n"
               "- Finally I thank all who used the tool:\n- Abe Aalto\n- Bea Berg")
    turn = found(turn_for(agent, "who is thanked for the zither port?"), credits)
    first = person_checked(turn, "Abe Aalto [1].")
    assert isinstance(first, Retry) and "Ola Brandt for his zither port" in first.message and first.answer_only
    assert first.otherwise.text.startswith('The files say: "I thank Ola Brandt')
    assert person_checked(turn, "Ola Brandt is thanked for it [1].") is None
    # Of the people a line names, the one its part about what is asked names.
    tested = person_checked(found(turn_for(agent, "who tested it? (zither port, thanked)"), credits), "Ola Brandt [1].")
    assert isinstance(tested, Retry) and '"Ines Varga for testing it."' in tested.message, tested
    assert person_checked(found(turn_for(agent, "who tested it? (zither port, thanked)"), credits), "Ines Varga [1].") is None
    # The deed asked picks the part, though the thing it was done to is said in another ("who tested the zither port?").
    deed = person_checked(found(turn_for(agent, "who tested the zither port?"), credits), "Ola Brandt [1].")
    assert isinstance(deed, Retry) and '"Ines Varga for testing it."' in deed.message, deed
    # A role asked is the role check's; a question that asks no one, or a line about the question that names no one: nothing.
    assert person_checked(found(turn_for(agent, "who is the treasurer?"), credits), "Abe Aalto [1].") is None
    assert person_checked(found(turn_for(agent, "what was ported?"), credits), "Abe Aalto [1].") is None
    assert person_checked(found(turn_for(agent, "who wrote the lexer?"), credits), "Abe Aalto [1].") is None
    # A name the question says in its own spelling ("licence" for "License") is no person the line names.
    licence = "From tool/LICENSE [1] (lines 1-2):\n- The text of this file is the Quux Public License.\n- Copyright (c) 2031 Ines Varga"
    holder = person_checked(found(turn_for(agent, "who holds the copyright in the tool's Quux Public licence?"), licence), "Ola Brandt [1].")
    assert isinstance(holder, Retry) and '"Copyright (c) 2031 Ines Varga"' in holder.message, holder


def test_the_person_a_role_names_is_answered(agent):
    from filesage.policies.roles import the_person_a_role_names_is_answered as role_checked

    board = "From club/minutes.md [1]:\n- Present: Ada Lind (chair), Bo Ek (treasurer), Cy Dahl (secretary)\n- The treasurer Bo Ek reported a surplus."
    turn = found(turn_for(agent, "who is the treasurer of the club?"), board)
    first = role_checked(turn, "The treasurer is Ada Lind [1].")
    assert isinstance(first, Retry) and "Bo Ek (treasurer)" in first.message and first.answer_only
    assert first.otherwise == Accept('The treasurer is Bo Ek: the files say "Present: Ada Lind (chair), Bo Ek (treasurer), Cy Dahl (secretary)".')
    assert role_checked(turn, "Bo Ek is the club's treasurer [1].") is None
    # Two people said to hold it, or a question that asks no role: nothing to tell the draft.
    two = found(turn_for(agent, "who is the treasurer of the club?"), board + "\n- From May: Dag Ruud (treasurer)")
    assert role_checked(two, "The treasurer is Ada Lind [1].") is None
    assert role_checked(found(turn_for(agent, "who signed the lease?"), board), "Ada Lind [1].") is None
    # The headings above a line name no one.
    headed = found(turn_for(agent, "who is the treasurer of the club?"), "From club/board.md [1]:\n- Harbour Rowing Club › Board › The treasurer is Bo Ek")
    assert isinstance(role_checked(headed, "The treasurer is Ada Lind [1]."), Retry)
    # Minutes of two dates name two holders: the newer minutes' holder is the one.
    dated = ("From club/minutes-2031-03-02.md [1] (lines 1-4):\n- Present: Ada Lind (chair), Dag Ruud (treasurer)\n"
             "From club/minutes-2030-11-20.md [2] (lines 1-6):\n- Present: Ada Lind (chair), Bo Ek (treasurer)\n- Bo Ek steps down; Dag Ruud was elected treasurer.")
    newer = role_checked(found(turn_for(agent, "who is the rowing club's treasurer now?"), dated), "The treasurer is Ada Lind [1].")
    assert isinstance(newer, Retry) and newer.otherwise.text.startswith("The treasurer is Dag Ruud")
    # "The club treasurer": the role is its last word; both words only where a line says both.
    assert isinstance(role_checked(found(turn_for(agent, "who is the club treasurer?"), board), "Ada Lind [1]."), Retry)
    vice = found(turn_for(agent, "who is the vice chair?"), "From club/board.md [1] (lines 1-2):\n- Ada Lind (chair), Cy Dahl (vice chair)")
    assert role_checked(vice, "Ada Lind [1].").otherwise.text.startswith("The vice chair is Cy Dahl")
    # One paper names the holder beside the role and tells of the one who left it: the holder beside it is the one.
    told = ("From club/minutes-2031-03-02.md [1] (lines 1-4):\n- Present: Ada Lind (chair), Dag Ruud (assistant treasurer)\n"
            "- Bo Ek has stepped down as assistant treasurer; Dag Ruud was co-opted to the role.")
    stepped = role_checked(found(turn_for(agent, "who is the assistant treasurer on the club board now?"), told), "Ada Lind [1].")
    assert isinstance(stepped, Retry) and stepped.otherwise.text.startswith("The assistant treasurer is Dag Ruud"), stepped


def test_answers_say_more_than_the_question(agent):
    from filesage.policies.before_answer import answers_say_more_than_the_question as more

    turn = found(turn_for(agent, "what seat have I got on the flight back from Faro?"), "From trips/faro.html [1]:\n- Return flight FR 2291 Faro to Bremen, seat 14C")
    hollow = more(turn, "You have a seat on the flight back from Faro [1].")
    assert isinstance(hollow, Retry) and "seat 14C" in hollow.message and hollow.answer_only
    assert hollow.otherwise == Accept('The files say: "Return flight FR 2291 Faro to Bremen, seat 14C"')
    for said in ("Your seat is 14C [1].", "Seat 14C, on FR 2291 [1].", "It is the window seat next to Bremen's crew [1].", "I did not find a seat number."):
        assert more(turn, said) is None, said
    release = found(turn_for(agent, "which release dropped the old API, and when did it come out?"), "From NEWS [1]:\n- 4.2 (2031-05-04): the old API is gone")
    assert isinstance(more(release, "The old API was dropped in a release [1] and it came out on [1]."), Retry)
    # A marker where the value belongs names a source and says nothing of it.
    for hollow_draft in ("Its release date is [1].", "It was published on [1], [2].", "The release was [1] with its notes.", "Its speed was [1] seconds."):
        assert isinstance(more(release, hollow_draft), Retry), hollow_draft
    setting = found(turn_for(agent, "acme retry delay default?"), "From acme.1 [1]:\n- ACME_RETRY_DELAY: seconds between tries (default 30)")
    assert isinstance(more(setting, "The default delay for ACME_RETRY_DELAY is by default [1]."), Retry)
    for said in ("It came out on 2031-05-04 [1].", "The release described in [1] removed the old API.", "Release 4.2 came out 2031-05-04, as said in [1]."):
        assert more(release, said) is None, said
    # The line most about it is the one with the question's rarer words, not a heading that names the release.
    notes = found(turn_for(agent, "what protocol number did acme 3.4 switch to?"),
                  "From NEWS [1]:\n- NEWS for acme 3.4 (2031-01-15)\n- acme 3.4 is a security release\n- The protocol number was changed to 32\n- acme 3.4 fixes acme bugs")
    assert "changed to 32" in more(notes, "Acme 3.4 switched its protocol number [1].").message
    # Only the file the value is in is no value; a file is the answer when a file is what was asked.
    assert isinstance(more(turn, "From trips/2031-06 Faro/booking.html [1]."), Retry)
    asked_file = found(turn_for(agent, "which file has the Faro booking?"), "From trips/faro.html [1]:\n- Return flight FR 2291 Faro to Bremen, seat 14C")
    assert more(asked_file, "It is trips/faro.html [1].") is None
    # Options written together are what a changelog says, no path.
    dropped = found(turn_for(agent, "What option did acme 3.4 remove?"), "From NEWS [1]:\n- acme 3.4\n- Remove deprecated -q/--quiet option")
    assert more(dropped, 'The option "-q/--quiet" was removed in acme 3.4.') is None
    # Nothing said, and no found line about the question: twice so, and the files do not answer it.
    unrelated = found(turn_for(agent, "which parking bay comes with the flat?"), "From home/lease.pdf [1]:\n- Monthly rent: 1,450 EUR", query="parking bay")
    hollow = more(unrelated, "A parking bay comes with the flat.")
    assert isinstance(hollow, Retry) and hollow.otherwise.as_written and hollow.otherwise.text.startswith("I found nothing in the folder")
    # Asked when, of one document its name picked, whose lines share no word with the question: its line with a date.
    parcel = found(turn_for(agent, "When did Aunt Ula send the parcel?"), "From home/parcel - Aunt Ula.pdf [1]:\n- HARBOUR CARGO receipt\n"
                   "- Receipt date: 11/21/2031\n- Total paid: 125.00", query="parcel")
    sent = more(parcel, "The parcel was sent on [1].")
    assert isinstance(sent, Retry) and "Receipt date: 11/21/2031" in sent.message and sent.otherwise == Accept('The files say: "Receipt date: 11/21/2031"')
    # A follow-up whose draft retells the answer before it, with no line about it found, keeps its draft.
    history = [{"role": "user", "content": "what does the changelog say about dark mode?"}, {"role": "assistant", "content": "Dark mode came in acme-4.2 [1]."}]
    again = found(turn_for(agent, "which version was that in?", history), "From NEWS [1]:\n- Handle the colour scheme", query="version")
    assert isinstance(more(again, "Dark mode came in acme-4.2 [1]."), Retry) and more(again, "Dark mode came in acme-4.2 [1].").otherwise is None
    # A follow-up's draft that retells the answer before it goes back with the question now asked.
    history = [{"role": "user", "content": "who chairs the rowing club?"}, {"role": "assistant", "content": "The rowing club is chaired by Mireille Okafor [1]."}]
    follow = found(turn_for(agent, "What does Mireille Okafor do for a living?", history), "From club/members.md [1]:\n- Mireille Okafor, chair; works as a marine surveyor")
    retold = more(follow, "The rowing club is chaired by Mireille Okafor [1].")
    assert isinstance(retold, Retry) and "repeats your previous answer" in retold.message and "marine surveyor" in retold.message
    assert more(follow, "Mireille Okafor works as a marine surveyor [1].") is None
    # A third turn whose draft retells the first turn's answer goes back too.
    history += [{"role": "user", "content": "and her boat?"}, {"role": "assistant", "content": "Her boat is the skiff Petrel [1]."}]
    third = found(turn_for(agent, "When does she race next?", history), "From club/members.md [1]:\n- Okafor races next at the Lough regatta on 12 May 2031")
    assert "Lough regatta" in more(third, "The rowing club is chaired by Mireille Okafor [1].").message


def test_answers_are_not_the_prompt_copied(agent):
    from filesage.policies.before_answer import answers_are_not_the_prompt_copied as copied

    lines = "From tools/NEWS.md [1] (lines 880-914, lines 254-261):\n- # NEWS for quux 3.4.1 (16 Jan 2031) › Release 3.4.1 fixes regressions"
    asked = found(turn_for(agent, "When was quux 3.4.1 released?"), lines)
    head = "From tools/NEWS.md [1] (lines 880-914, lines 254-261): "
    decided = copied(asked, "When was quux 3.4.1 released? [1] " + head * 4)
    assert isinstance(decided, Retry) and decided.answer_only and "16 Jan 2031" in decided.message
    assert decided.otherwise == Accept('The files say: "# NEWS for quux 3.4.1 (16 Jan 2031) › Release 3.4.1 fixes regressions"')
    assert isinstance(copied(asked, "Quux 3.4.1 came out on 16 Jan 2031. [1] Quux 3.4.1 came out on 16 Jan 2031. [1] Quux 3.4.1 came out on 16 Jan 2031. [1]"), Retry)
    for answer in ("Quux 3.4.1 was released on 16 Jan 2031 [1].", "- fixes a regression [1]\n- fixes a regression in the frob [1]\n- fixes a crash [1]",
                   "It came from the NEWS file (lines 880-914) [1]."):
        assert copied(asked, answer) is None, answer
    # The program's own request to answer again, copied as the answer.
    asked.messages.append({"role": "user", "content": prompts.grounding_retry(["2031-01-17"], ["semantic_search"], 3)})
    told = "Release date: You have 3 tool calls left: call one of semantic_search to check, or call respond [1]."
    assert isinstance(copied(asked, told), Retry)
    assert copied(asked, "Quux 3.4.1 was released on 16 Jan 2031 [1].") is None
    # The question, which the program's request after a result repeats, is no request: an answer may say it again.
    asked.messages.append({"role": "user", "content": prompts.TOOL_RESULT.format(tool="semantic_search", result=lines, question=asked.question, hint="")})
    assert copied(asked, "When was quux 3.4.1 released? It was released on 16 Jan 2031 [1].") == Accept("It was released on 16 Jan 2031 [1].")
    assert copied(asked, "when was quux 3.4.1 released? [1] on 16 Jan 2031 [1].") == Accept("On 16 Jan 2031 [1].")
    assert copied(asked, "When was quux 3.4.1 released? [1]") is None  # nothing said beside it
    # A follow-up a policy rewrote: the conversation before it is the user's, and an answer may say its words again.
    history = [{"role": "user", "content": "What was the harbour fee for a small sloop in March 2031?"}, {"role": "assistant", "content": "4.10 [1]."}]
    earlier = turn_for(agent, "and a year earlier?", history)
    earlier.record(Rewrote("What was the harbour fee for a small sloop in March 2030?"))
    found(earlier, "From fees.csv [1]:\n- Month: 2030-03; Small sloop: 3.90")
    assert copied(earlier, "The harbour fee for a small sloop in March 2030 was 3.90 [1].") is None
    # A file read to be summarised has no line about the question's words: its opening lines are what it says.
    read = found(turn_for(agent, "Summarise the newest PDF"), "From docs/quote_118.pdf [1] (p. 1):\n- QUOTE 118\n- Glazier: Pane & Sons\n- Amount: 412.00\n- Valid for 30 days")
    decided = copied(read, "Summarise the newest PDF [1] " + "From docs/quote_118.pdf [1] (p. 1): " * 4)
    assert decided.otherwise == Accept('The files say: "QUOTE 118 / Glazier: Pane & Sons / Amount: 412.00"')


def test_totals_asked_are_added_in_code(agent):
    from filesage.policies.before_answer import totals_asked_are_added_in_code as added

    plan = "From trips/2031-lisbon.md [1]:\n- Budget: train €164, hostel €342, food ~€95"
    asked = found(turn_for(agent, "What's the total planned budget for the Lisbon trip?"), plan)
    decided = added(asked, "The planned budget is €164 for the train, €342 for the hostel and €95 for food [1].")
    assert decided == Accept("The planned budget is €164 for the train, €342 for the hostel and €95 for food [1].\n\nTogether: €601 (€164 + €342 + €95).")
    # A part the draft left out is in the line it took the others from.
    decided = added(asked, "The planned budget is €164 for the train and €342 for the hostel [1].")
    assert decided.text.endswith("Together: €601 (€164 + €342 + €95).")
    # The sum said already, a total the files give, one amount, two currencies, or no sum asked: the draft stands.
    assert added(asked, "It comes to €601: €164 for the train, €342 for the hostel and €95 for food [1].") is None
    invoice = found(turn_for(agent, "What is the total on the Quux invoice?"), "From quux.pdf [1]:\n- Total due: EUR 297.50\n- VAT 19%: EUR 47.50")
    assert added(invoice, "The total is EUR 297.50, of which EUR 47.50 is VAT [1].") is None
    # A total the files give with its thousands apart ("R16 146,00") is found on its line by its value.
    rands = found(turn_for(agent, "On the Quux invoice, what's the VAT and the total?"), "From quux.pdf [1]:\n- VAT @ 15%: R2 106,00\n- TOTAL DUE: R16 146,00")
    assert added(rands, "VAT: R2 106,00 [1]\nTotal: R16 146,00 [1]") is None
    assert added(asked, "The hostel is €342 [1].") is None
    assert added(asked, "The train is €164 and the hostel $342 [1].") is None
    for question in ("How much more is the hostel than the train?", "Which costs more, the hostel or the train?", "What does the hostel cost?"):
        assert added(found(turn_for(agent, question), plan), "The hostel is €342 and the train €164 [1].") is None, question


def test_summaries_give_what_the_file_states(agent):
    from filesage.policies.before_answer import summaries_give_what_the_file_states as summary

    sheet = "logs/fuel_2031.xlsx (sheet Fuel, rows 1-2):\nSheet Fuel. Columns: month | litres\nmonth: May; litres: 41\nmonth: June; litres: 37"
    asked = found(turn_for(agent, "What does the biggest spreadsheet say?"), sheet, tool="read_file", paths=["logs/fuel_2031.xlsx"])
    described = "It holds a sheet named Fuel with the litres bought each month [1]."
    assert summary(asked, described) == Accept(described + "\n\nThe file reads:\n- Sheet Fuel. Columns: month | litres\n- month: May; litres: 41\n- month: June; litres: 37")
    named = 'It holds a sheet named "Fuel" with the litres bought each month, from "fuel_2031.xlsx" [1].'
    assert summary(asked, named).text.endswith("- month: June; litres: 37")
    # A figure the claims check took out is no figure the summary gives.
    unconfirmed = "It holds the litres bought in May and June.\n\nI could not confirm 78 in the files."
    assert summary(asked, unconfirmed).text.endswith("- month: June; litres: 37")
    # Its figures given, a question for one value, or a long file: the draft stands.
    assert summary(asked, "It lists 41 litres in May and 37 in June [1].") is None
    assert summary(found(turn_for(agent, "How many litres in May?"), sheet, tool="read_file"), described) is None
    long = "logs/fuel.csv (lines 1-40):\n" + "\n".join(f"day {n}: {n} litres" for n in range(40))
    assert summary(found(turn_for(agent, "What does the fuel log say?"), long, tool="read_file", paths=["logs/fuel.csv"]), described) is None
    # A window of a longer file is not what the file says.
    part = sheet + "\n(Note: 3 more parts follow: read_file with start=2.)"
    assert summary(found(turn_for(agent, "What does the fuel log say?"), part, tool="read_file", paths=["logs/fuel_2031.xlsx"]), described) is None


def test_one_value_asked_is_one_line_answered(agent):
    from filesage.policies.before_answer import one_value_asked_is_one_line_answered as one

    lines = ("From tools/syncd.1 [1]:\n- Retry a failed job up to 3 times in the example below\n- --retries NUM: retry a failed job NUM times. "
             "Default: 4.\n- --wait SECS: wait between tries. Default: 30.\n- Jobs are logged to syncd.log")
    listed = "- The example retries 3 times [1]\n- By default it retries 4 times [1]\n- It waits 30 seconds [1]\n- Jobs are logged [1]"
    asked = found(turn_for(agent, "By default, how often does syncd retry a failed job?"), lines)
    decided = one(asked, listed)
    assert isinstance(decided, Retry) and "Default: 4." in decided.message and decided.answer_only
    assert decided.otherwise == Accept('The files say: "--retries NUM: retry a failed job NUM times. Default: 4."')
    assert one(asked, "By default it retries a failed job 4 times [1].") is None  # one line answered
    # Asked for many things, a list is the answer.
    for question in ("List every option of syncd and its default.", "What are the options of syncd?", "What does the syncd manual say about retries?"):
        assert one(found(turn_for(agent, question), lines), listed) is None, question


def test_questions_about_the_files_themselves_are_not_planned_or_scoped(agent):
    from filesage.policies.first_call import a_document_the_question_names_is_the_one_searched as named
    from filesage.policies.plan import several_looks_are_planned as planned

    for question in ("what folders are at the top level, and which one holds the most?", "which is the oldest file, by when it was saved?",
                     "how many PDFs are there, and which is the largest?"):
        assert not planned(question, [], None), question
    # A file's name said in a question that ranks files ("the ideas file" among the newest) asks about files.
    ranked = turn_for(agent, "which file with ideas did I change most recently?")
    assert ranked.tree.named_in(ranked.question) == ["notes/ideas.md"]
    assert named(ranked, ToolCall("list_files", {"order": "newest", "limit": 1})) is None


def test_a_named_documents_facts_are_asked_in_words_of_its_size_date_or_place():
    from filesage.language.question import asks_a_named_files_facts as facts

    for question in ("how big is the CREDITS file?", "when was the FAQ last modified?", "where is the INSTALL file?", "file size of NEWS?"):
        assert facts(question), question
    for question in ("who originally created acme, going by its CREDITS file?", "what was the timeout changed to in the INSTALL file?"):
        assert not facts(question), question


def test_a_document_the_model_looked_up_by_name_is_searched_for_what_the_question_asks(agent):
    from filesage.policies.first_call import a_document_the_question_names_is_the_one_searched as named

    described = turn_for(agent, "In my list of ideas, what is the third one?")
    assert named(described, ToolCall("file_metadata", {"name_hint": "notes/ideas.md"})) == ToolCall(
        "semantic_search", {"query": described.question, "within": "notes/ideas.md"})
    assert named(turn_for(agent, "how large is my list of ideas?"), ToolCall("file_metadata", {"name_hint": "notes/ideas.md"})) is None
    assert named(turn_for(agent, "which files are named like ideas?"), ToolCall("grep_files", {"pattern": "ideas"})) is None


def test_arithmetic_only_where_the_question_asks_it():
    from filesage.agent.planner import Lookup, Plan
    from filesage.policies.plan import arithmetic_only_where_the_question_asks_it as checked

    parts = [Lookup("What was the new port?", "new port"), Lookup("Why was the port changed?", "reason")]
    assert checked(Plan("q", parts, "difference"), "What did version 2 change the port to, and why?", [], None) == Plan("q", parts, "none")
    fares = [Lookup("What did the taxi cost?", "taxi"), Lookup("What did the ferry cost?", "ferry")]
    for question, combine in (("What did the taxi and the ferry cost together?", "sum"), ("How much more was the ferry than the taxi?", "difference"),
                              ("Which was cheaper, the taxi or the ferry?", "smaller"), ("Which came first, the taxi or the ferry?", "earlier")):
        assert checked(Plan("q", fares, combine), question, [], None) is None, question
    assert checked(Plan("q", fares, "sum"), "Which was cheaper, the taxi or the ferry?", [], None).combine == "none"
    # A bill's total asked beside one of its lines is no sum; two bills' totals are.
    line_and_total = [Lookup("How much is the sports package on the May bill?", "sports package"), Lookup("What is the May bill's total?", "total")]
    assert checked(Plan("q", line_and_total, "sum"), "On the May bill, how much is the sports package and what's the total?", [], None).combine == "none"
    totals = [Lookup("What is the total of the May bill?", "May total"), Lookup("What is the total of the June bill?", "June total")]
    assert checked(Plan("q", totals, "sum"), "What do the May and June bills come to in total?", [], None) is None


def test_a_rank_one_lookup_asks_itself_is_not_between_the_lookups():
    from filesage.agent.planner import Lookup, Plan
    from filesage.policies.plan import arithmetic_only_where_the_question_asks_it as checked

    count_and_rank = [Lookup("How many partner agencies are listed?", "agencies"), Lookup("Which partner agency has the highest code?", "highest code")]
    question = "How many partner agencies are listed, and which one has the highest code?"
    assert checked(Plan("q", count_and_rank, "larger"), question, [], None).combine == "none"
    # Both lookups saying the comparison is the comparison written twice: it stands.
    both = [Lookup("Which is larger, the north tank?", "north"), Lookup("Which is larger, the south tank?", "south")]
    assert checked(Plan("q", both, "larger"), "Which tank is larger, the north or the south one?", [], None) is None


def test_a_file_found_by_rank_is_then_read(agent):
    from filesage.agent.planner import Lookup, Plan
    from filesage.policies.plan import a_file_found_by_rank_is_then_read as checked

    question = "Who is named as the author of the most recently modified spreadsheet?"
    listing, author = Lookup("Which spreadsheet was modified most recently?", "newest spreadsheet"), Lookup("Who is the author?", "author")
    assert checked(Plan("q", [author, listing], "none"), question, [], agent.tree) == Plan("q", [listing, author], "read_the_file")
    # Two files of a rank each, or no file picked by rank, are no file to read.
    assert checked(Plan("q", [listing, Lookup("Which spreadsheet is the largest?", "largest")], "none"), question, [], agent.tree) is None
    assert checked(Plan("q", [Lookup("Who wrote the budget?", "a"), author], "none"), question, [], agent.tree) is None
    assert checked(Plan("q", [listing, author], "none"), "Which spreadsheet is newest, and how many are there?", [], agent.tree) is None
    # The reading lookup may say the rank again.
    again = Lookup("Who is the author of the most recently modified spreadsheet?", "author")
    assert checked(Plan("q", [listing, again], "none"), question, [], agent.tree) == Plan("q", [listing, again], "read_the_file")


def test_plans_name_only_what_was_said():
    from filesage.agent.decisions import NO_PLAN
    from filesage.agent.planner import Lookup, Plan
    from filesage.policies.plan import plans_name_only_what_was_said as checked

    history = [{"role": "user", "content": "Who runs the pottery course?"}, {"role": "assistant", "content": "Maren Holt [1]."}]
    made_up = Plan("When are Odette Vail's classes?", [Lookup("When are Odette Vail's classes?", "classes")], "none")
    assert checked(made_up, "when are her classes?", history, None) is NO_PLAN
    meant = Plan("When are Maren Holt's classes?", [Lookup("When are Maren Holt's classes?", "classes")], "none")
    assert checked(meant, "when are her classes?", history, None) is None
    # The thing of one of the prompt's examples, which no turn said, is copied, not meant.
    lease = [{"role": "user", "content": "what does the lease say about the rent?"}, {"role": "assistant", "content": "850 a month."}]
    copied = Plan("What mooring deposit does the boat contract ask?", [Lookup("What mooring deposit does the boat contract ask?", "deposit")], "none")
    assert checked(copied, "and the deposit?", lease, None) is NO_PLAN
    written_out = Plan("What deposit does the lease ask?", [Lookup("What deposit does the lease ask?", "deposit")], "none")
    assert checked(written_out, "and the deposit?", lease, None) is None


def test_lookups_keep_the_time_a_follow_up_points_to():
    from filesage.agent.planner import Lookup, Plan
    from filesage.policies.plan import lookups_keep_the_time_a_follow_up_points_to as kept

    history = [{"role": "user", "content": "What was the harbour's tonnage in 2031?"}, {"role": "assistant", "content": "4,120 t [1]."}]
    plan = Plan("How many ships docked that year?", [Lookup("How many ships docked?", "ships")], "none")
    assert kept(plan, "how many ships docked that year?", history, None).lookups == [Lookup("How many ships docked in 2031?", "ships")]
    monthly = [{"role": "user", "content": "How much was the power bill for March 2031?"}, {"role": "assistant", "content": "84,10 EUR."}]
    assert kept(plan, "and the kWh that month?", monthly, None).lookups[0].ask == "How many ships docked in March 2031?"
    # A lookup that names its year, or a question that points at no time, is left as planned.
    dated = Plan("x", [Lookup("How many ships docked in 2030?", "ships")], "none")
    assert kept(dated, "how many ships docked that year?", history, None) is None
    assert kept(plan, "how many ships docked?", history, None) is None


def test_a_follow_up_asking_one_thing_is_one_look():
    from filesage.agent.planner import Lookup, Plan
    from filesage.policies.plan import a_follow_up_asking_one_thing_is_one_look as one_look

    history = [{"role": "user", "content": "What's the newest release in the quux NEWS?"}, {"role": "assistant", "content": "4.2 (2031-03-01) [1]."}]
    asked = "which bug fix opens its notes?"
    whole = "Which bug fix opens the notes of the newest release in the quux NEWS?"
    plan = Plan(whole, [Lookup("What's the newest release in the quux NEWS?", "newest"), Lookup("Which bug fix opens 4.2's notes?", "fix")], "earlier")
    assert one_look(plan, asked, history, None) == Plan(whole, [Lookup(whole, "")], "none")
    # No lookup keeps the follow-up's own words (a start and an end for a duration): the question as the plan words it.
    split = Plan("For how many months does it run?", [Lookup("When did the lease start?", "start"), Lookup("When does the lease end?", "end")], "difference")
    assert one_look(split, "for how many months does it run?", history, None) == Plan("For how many months does it run?", [Lookup("For how many months does it run?", "")], "none")
    # A follow-up that asks two things or arithmetic of its own, a plan of one look, or no conversation: as planned.
    assert one_look(plan, "and how much more is that than the one before?", history, None) is None
    assert one_look(plan, "which one used more power?", history, None) is None
    assert one_look(Plan(whole, plan.lookups[1:], "none"), asked, history, None) is None
    assert one_look(plan, asked, [], None) is None


def test_answers_before_are_not_looked_up_again():
    from filesage.agent.planner import Lookup, Plan
    from filesage.policies.plan import answers_before_are_not_looked_up_again as reused

    history = [{"role": "user", "content": "What were the quarry's dust emissions in 2031?"},
               {"role": "assistant", "content": "dust_t for 2031 is 412.5 (the row \"site: quarry; year: 2031; dust_t: 412.5\") [1].", "sources": [{"path": "air/dust.csv"}]},
               {"role": "user", "content": "And in 2034?"},
               {"role": "assistant", "content": "dust_t for 2034 is 301.0 [1].", "sources": [{"path": "air/dust.csv"}]}]
    plan = Plan("By what percentage did the dust fall from 2031 to 2034?", [Lookup("dust_t in 2031", "2031 dust"), Lookup("dust_t in 2034", "2034 dust")], "none")
    kept = reused(plan, "by what percentage did it drop?", history, None)
    assert [lookup.before["question"] for lookup in kept.lookups] == ["What were the quarry's dust emissions in 2031?", "And in 2034?"]
    assert kept.lookups[1].before["sources"] == [{"path": "air/dust.csv"}]
    # A lookup of something the conversation did not answer, a turn with no figure, or nothing weighed: looked up.
    new = Plan("x", [Lookup("dust_t in 2031", "2031"), Lookup("noise level of the crusher at night", "noise")], "difference")
    assert [lookup.before is None for lookup in reused(new, "and how does that compare with the noise?", history, None).lookups] == [False, True]
    bare = [*history[:3], {"role": "assistant", "content": "It is in air/dust.csv [1].", "sources": [{"path": "air/dust.csv"}]}]
    assert [lookup.before is None for lookup in reused(plan, "by what percentage did it drop?", bare, None).lookups] == [False, True]
    assert reused(plan, "what do the two rows say?", history, None) is None
    # An answer given without sources is no figure from the files.
    unsourced = [{**turn, "sources": []} if turn["role"] == "assistant" else turn for turn in history]
    assert reused(plan, "by what percentage did it drop?", unsourced, None) is None


def test_lookups_keep_what_the_question_is_about(fs_corpus):
    from filesage.agent.planner import Lookup, Plan
    from filesage.policies.plan import lookups_keep_what_the_question_is_about as checked

    tree = Toolbox(fs_corpus)
    question = "Who set the budget in the Q1 spreadsheet, and what contact address does it give?"
    plan = Plan(question, [Lookup("Who set the budget?", "author"), Lookup("contact address", "contact")], "none")
    kept = checked(plan, question, [], tree)
    assert [lookup.ask for lookup in kept.lookups] == ["Who set the budget? (Q1)", "contact address (Q1, budget, set)"]
    # Lookups of different things combined in code each keep their own.
    assert checked(Plan(question, plan.lookups, "sum"), question, [], tree) is None
    # A lookup that says one of the question's names is about that one, not the other part's.
    two = "What is the total due on the Zither invoice, and what did the Ostmark hotel cost?"
    parts = [Lookup("What is the total due on the Zither invoice?", "total"), Lookup("What did the Ostmark hotel cost?", "hotel")]
    assert checked(Plan(two, parts, "none"), two, [], tree) is None
    # Compared, each side is looked up for the quantity compared.
    compared = "Did the ferry carry more deck cars than the harbour allows?"
    sides = checked(Plan(compared, [Lookup("deck cars carried by the ferry", "ferry"), Lookup("What does the harbour allow?", "harbour")], "larger"), compared, [], tree)
    assert [lookup.ask for lookup in sides.lookups] == ["deck cars carried by the ferry", "What does the harbour allow (deck cars)"]
    # A part that says nothing of its own subject is about the other part's.
    when = "how much deposit does the caterer want and by when?"
    fragment = checked(Plan(when, [Lookup("deposit amount for caterer", "deposit"), Lookup("deposit due date", "due")], "none"), when, [], tree)
    assert [lookup.ask for lookup in fragment.lookups] == ["deposit amount for caterer", "deposit due date (caterer)"]
    assert [lookup.where_the_first_was for lookup in fragment.lookups] == [False, True]  # looked up in the caterer's document first
    # The frame every part is asked within is each lookup's, though a lookup names its own thing.
    framed = "In the club's credits, who is thanked for the Zither port, and who tested it?"
    credits = checked(Plan(framed, [Lookup("Who is thanked for the Zither port?", "port"), Lookup("Who tested it?", "tester")], "none"), framed, [], tree)
    assert [lookup.ask for lookup in credits.lookups] == ["Who is thanked for the Zither port? (club's credits)", "Who tested it? (Zither, thanked, port, club's credits)"]
    assert [lookup.where_the_first_was for lookup in credits.lookups] == [False, True]
    both = "what is the rent, and what is the deposit?"
    assert checked(Plan(both, [Lookup("rent", "rent"), Lookup("deposit", "deposit")], "none"), both, [], tree) is None


def test_a_scope_no_one_asked_for_is_dropped(agent):
    from filesage.policies.first_call import a_scope_no_one_asked_for_is_dropped as dropped

    turn = turn_for(agent, "what's my monthly rent?")
    assert dropped(turn, ToolCall("semantic_search", {"query": "rent", "within": "phone bill"})).arguments["within"] == ""
    assert dropped(turn, ToolCall("semantic_search", {"query": "rent", "within": "finance/taxes"})).arguments["within"] == ""
    assert dropped(turn, ToolCall("semantic_search", {"query": "rent"})) is None
    assert dropped(turn, ToolCall("semantic_search", {"query": "rent", "within": "it"})).arguments["within"] == ""
    kept = turn_for(agent, "what does the budget sheet say about rent?")
    assert dropped(kept, ToolCall("semantic_search", {"query": "rent", "within": "finance/budget_q1.xlsx"})) is None
    history = [{"role": "user", "content": "Is there a lease in finance?"}, {"role": "assistant", "content": "No."}]
    assert dropped(turn_for(agent, "and the rent?", history), ToolCall("semantic_search", {"query": "rent", "within": "finance"})) is None


def test_searches_keep_the_questions_words(agent):
    from filesage.policies.first_call import searches_keep_the_questions_words as kept

    turn = turn_for(agent, "What Zlib version does acme 2.1 need?")
    assert kept(turn, ToolCall("semantic_search", {"query": "acme 2.1 dependencies"})).arguments["query"] == "acme 2.1 dependencies Zlib"
    assert kept(turn, ToolCall("semantic_search", {"query": "zlib version acme 2.1 needs"})) is None
    assert kept(turn_for(agent, "what does -q do?"), ToolCall("semantic_search", {"query": "quiet"})).arguments["query"] == "quiet -q"
    assert kept(turn_for(agent, "what is the default of max_hops?"), ToolCall("semantic_search", {"query": "hops"})).arguments["query"] == "hops max_hops"
    # The question's other words only shift the ranking: they are not added.
    assert kept(turn_for(agent, "under what licence is the dataset published?"), ToolCall("semantic_search", {"query": "dataset license"})) is None
    assert kept(turn, ToolCall("count_files", {})) is None
    # A table read for a topic keeps the row's name; a whole read (no topic), or a file that is not there, is left alone.
    rows = turn_for(agent, "What is the budget of Ostmark in the budget sheet?")
    path = agent.tree.entries[0].path
    assert kept(rows, ToolCall("read_file", {"path": path, "about": "budget"})).arguments == {"path": path, "about": "budget Ostmark"}
    assert kept(rows, ToolCall("read_file", {"path": path})) is None
    assert kept(rows, ToolCall("read_file", {"path": "Ostmark trip", "about": "budget"})) is None
    # A question in another language is searched in its own words too, beside the model's English rewrite.
    foreign = turn_for(agent, "Ile wynosi kaucja za mieszkanie?")
    assert kept(foreign, ToolCall("semantic_search", {"query": "apartment deposit"})).arguments["query"] == "apartment deposit Ile wynosi kaucja za mieszkanie?"
    assert kept(turn_for(agent, "milloin vuokrasopimus päättyy?"), ToolCall("semantic_search", {"query": "lease end"})).arguments["query"] == "lease end milloin vuokrasopimus päättyy?"
    assert kept(foreign, ToolCall("semantic_search", {"query": "ile wynosi kaucja za mieszkanie"})) is None
    assert kept(turn_for(agent, "How much did the Brückner talk pay?"), ToolCall("semantic_search", {"query": "Brückner talk fee"})) is None
    # Words the question quotes or brackets are the document's own; a month of a year picks its lines.
    quoted = kept(turn_for(agent, 'How many "Abbuchung Karte" rows are there for March 2031?'), ToolCall("semantic_search", {"query": "card rows"}))
    assert quoted.arguments["query"] == "card rows Abbuchung Karte March 2031", quoted
    bracketed = kept(turn_for(agent, "what did the fees (opłaty bankowe) add up to?"), ToolCall("semantic_search", {"query": "bank fees"}))
    assert bracketed.arguments["query"] == "bank fees opłaty bankowe", bracketed


def test_follow_ups_look_where_the_answer_before_was_found(agent):
    from filesage.policies.follow_ups import follow_ups_look_where_the_answer_before_was_found as looked

    history = [{"role": "user", "content": "Who is the landlord on the flat?"},
               {"role": "assistant", "content": "Rosa Quint [1].", "sources": [{"n": 1, "path": "notes/todo.txt"}]}]
    search = ToolCall("semantic_search", {"query": "e-mail"})
    assert looked(turn_for(agent, "what's her e-mail?", history), search).arguments["within"] == "notes/todo.txt"
    # A question that stands on its own, an answer without sources, or a search already kept to a file: as it was.
    assert looked(turn_for(agent, "Who wrote the meeting notes?", history), search) is None
    assert looked(turn_for(agent, "what's her e-mail?", [history[0], {"role": "assistant", "content": "Rosa Quint."}]), search) is None
    # A scope that is the file before, or one the follow-up's own words name, stands; another is the model's guess, and
    # one that holds the file before among others (its folder, where a sibling says the same kind of thing) is narrowed.
    assert looked(turn_for(agent, "what's her e-mail?", history), ToolCall("semantic_search", {"query": "e-mail", "within": "notes/todo.txt"})) is None
    assert looked(turn_for(agent, "what's her e-mail?", history), ToolCall("semantic_search", {"query": "e-mail", "within": "notes"})).arguments["within"] == "notes/todo.txt"
    assert looked(turn_for(agent, "and what does the README say?", history), ToolCall("semantic_search", {"query": "e-mail", "within": "README.md"})) is None
    assert looked(turn_for(agent, "what's her e-mail?", history), ToolCall("semantic_search", {"query": "e-mail", "within": "README.md"})).arguments["within"] == "notes/todo.txt"
    # Another thing of the kind ("the garage one") is looked for anywhere.
    assert looked(turn_for(agent, "and the garage one?", history), search) is None
    # A planned follow-up, written out in full, is still a follow-up.
    planned = turn_for(agent, "What is Rosa Quint's e-mail address?", history)
    planned.as_written = "and her e-mail?"
    assert looked(planned, search).arguments["within"] == "notes/todo.txt"


def test_an_option_asked_is_read_where_its_manual_defines_it(tmp_path):
    from filesage.policies.in_code import an_option_asked_is_read_where_its_manual_defines_it as option

    entries = "".join(f"-{flag}: {text}\n" for flag, text in [("n", "Set the host."), ("c", "Query the host."), ("l", "List the table.")])
    write(tmp_path / "tools/quill/man/quilltab.1", f"QUILLTAB(1)\n# OPTIONS\n{entries}")
    write(tmp_path / "tools/quill/man/quilld.8", "QUILLD(8)\n# OPTIONS\n-x: Debug flags.\n-n: Stay in front.\n-p: Any table.\n")
    write(tmp_path / "tools/quill/README", "quill: a table daemon; -x was added by Ada.\n")
    box = Toolbox(tmp_path)
    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, Inside(box).count_in_file, semantic_search, respond]), tree=box, policies=in_force())
    search = ToolCall("semantic_search", {"query": "-n"})
    # The command before the option picks its manual; the program's folder, the manual of it that defines the option.
    assert option(turn_for(agent, "What does quilltab -n do?"), search) == ToolCall("count_in_file", {"path": "tools/quill/man/quilltab.1", "what": "option -n"})
    assert option(turn_for(agent, "in quill, what is -x for?"), search) == ToolCall("count_in_file", {"path": "tools/quill/man/quilld.8", "what": "option -x"})
    # The command's manual lacks it: that manual says so (not the daemon's -x).
    assert option(turn_for(agent, "What does quilltab -x do?"), search) == ToolCall("count_in_file", {"path": "tools/quill/man/quilltab.1", "what": "option -x"})
    # An option named without its dashes is the one the manual defines so; a word no manual defines is none.
    write(tmp_path / "tools/quill/man/quilltab.1", f"QUILLTAB(1)\n# OPTIONS\n{entries}--lockwait seconds: Wait this long. Defaults to 5 seconds.\n")
    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, Inside(Toolbox(tmp_path)).count_in_file, semantic_search, respond]), tree=Toolbox(tmp_path), policies=in_force())
    assert option(turn_for(agent, "what's the default lockwait for quilltab"), search) == ToolCall("count_in_file", {"path": "tools/quill/man/quilltab.1", "what": "option --lockwait"})
    assert option(turn_for(agent, "what's the default table for quilltab"), search) is None
    # The program's own name is no option of it, though its manual defines one so.
    write(tmp_path / "tools/quill/man/quilltab.1", f"QUILLTAB(1)\n# OPTIONS\n{entries}--quilltab[=opts]: Table options.\n")
    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, Inside(Toolbox(tmp_path)).count_in_file, semantic_search, respond]), tree=Toolbox(tmp_path), policies=in_force())
    assert option(turn_for(agent, "what level does quilltab use by default?"), search) is None
    write(tmp_path / "tools/quill/man/quilltab.1", f"QUILLTAB(1)\n# OPTIONS\n{entries}--lockwait seconds: Wait this long. Defaults to 5 seconds.\n")
    agent = Agent(ScriptedModel([]), ToolRegistry([box.read_file, Inside(Toolbox(tmp_path)).count_in_file, semantic_search, respond]), tree=Toolbox(tmp_path), policies=in_force())
    assert option(turn_for(agent, "how long is the lockwait in quilltab?"), search) is None  # no option asked of
    # A follow-up's option is looked up in the manual of the question before.
    history = [{"role": "user", "content": "What does quilltab -n do?"}, {"role": "assistant", "content": "It sets the host."}]
    assert option(turn_for(agent, "and -c?", history), search) == ToolCall("count_in_file", {"path": "tools/quill/man/quilltab.1", "what": "option -c"})
    # When an option came is the changelog's; two options, or no program with a manual: the call stands.
    for question in ("When was -x added to quill?", "What do quilltab -n and -c do?", "What does zither -n do?"):
        assert option(turn_for(agent, question), search) is None, question


def test_a_change_a_line_states_is_computed_in_code(agent):
    from filesage.policies.changes import a_change_a_line_states_is_computed_in_code as changed

    text = "From club/minutes.txt [1] (lines 4-9):\n- Resolved: the yearly fee rises from $160 to $180 from 1 July 2031 (concession $90).\n- Next meeting: 3 March 2031"
    asked = found(turn_for(agent, "By what percentage is the club's yearly fee going up?"), text)
    decided = changed(asked, "The yearly fee is going up by 20% from $160 to $180. [1]")
    assert decided == Accept('It rises by 12.5%, from $160 to $180: the files say "Resolved: the yearly fee rises from $160 to $180 from 1 July 2031 (concession $90)."')
    assert changed(asked, "It goes up by 12.5% [1].") is None  # the draft has it
    by_how_much = found(turn_for(agent, "By how much is the club's yearly fee going up?"), text)
    assert changed(by_how_much, "It is going up [1].").text.startswith("It rises by $20, from $160 to $180")
    # A share of a whole is no change; a question that asks no change is left alone; a span of dates is no change.
    assert changed(found(turn_for(agent, "What percentage of the fee is the concession?"), text), "50% [1]") is None
    assert changed(found(turn_for(agent, "What is the club's yearly fee?"), text), "$180 [1]") is None
    dates = found(turn_for(agent, "By how much did the season change?"), "From club/plan.txt [1]:\n- The season runs from 1 April to 30 June 2031")
    assert changed(dates, "It changed [1].") is None
    years = found(turn_for(agent, "By how much did sales grow?"), "From shop/report.txt [1]:\n- Sales grew from 2030 to 2031 by a third")
    assert changed(years, "By 1 [1].") is None
    # No line states the change: a difference the draft makes up is the two amounts most about the question, apart.
    statement = ("From money/pension.pdf [1] (p. 1):\n- Opening balance at 1 July 2030: $31,204.10\n- Closing balance at 30 June 2031: $35,018.45\n"
                 "- Last year: contributions $2,000.00, closing balance $31,204.10\n- Return for the year 6.2%")
    grown = found(turn_for(agent, "by how much did my pension balance grow over 2030-31?"), statement)
    assert changed(grown, "It grew by $3,8.35 [1].") == Accept(
        'The two are $3,814.35 apart: the files say "Opening balance at 1 July 2030: $31,204.10" and "Closing balance at 30 June 2031: $35,018.45"')
    assert changed(grown, "It grew by $3,814.35 [1].") is None and changed(grown, "It is $35,018.45 now [1].") is None


def test_a_share_of_one_thing_is_one_look():
    from filesage.agent.planner import Lookup, Plan
    from filesage.policies.plan import a_share_of_one_thing_is_one_look as one_look

    question = "What share of the votes did the Greens win in Ostmark?"
    twice = [Lookup("Greens in Ostmark", "Greens"), Lookup("What did the Greens get?", "Greens result")]
    assert one_look(Plan(question, twice, "difference"), question, [], None) == Plan(question, [Lookup(question, "Greens")], "none")
    # A part and its whole are two things; a change in percent, or one lookup, is no share of one thing.
    part_and_whole = [Lookup("How much is the rent?", "rent"), Lookup("What is the monthly income?", "income")]
    assert one_look(Plan("q", part_and_whole, "none"), "What percentage of my income is the rent?", [], None) is None
    assert one_look(Plan("q", [Lookup("fee", "fee"), Lookup("fee last year", "fee last year")], "difference"), "How much did the fee rise in percent?", [], None) is None
    assert one_look(Plan(question, twice[:1], "none"), question, [], None) is None


def test_a_choice_between_two_is_made():
    from filesage.agent.planner import Lookup, Plan
    from filesage.policies.plan import a_choice_between_two_is_made as chosen

    rates = [Lookup("What was the rate for Norland in 2031?", "Norland rate"), Lookup("What was the rate for Ostmark in 2031?", "Ostmark rate")]
    assert chosen(Plan("q", rates, "none"), "In 2031, was the rate higher for Norland or Ostmark, and what were they?", [], None).combine == "larger"
    assert chosen(Plan("q", rates, "none"), "Which had the lower rate in 2031, Norland or Ostmark?", [], None).combine == "smaller"
    # A combination the plan has, a question that asks no choice, or more than two things: the plan stands.
    assert chosen(Plan("q", rates, "difference"), "By how much was the rate higher for Norland or Ostmark?", [], None) is None
    assert chosen(Plan("q", rates, "none"), "What were the rates for Norland and Ostmark in 2031?", [], None) is None
    assert chosen(Plan("q", [*rates, Lookup("Velmora?", "Velmora rate")], "none"), "Was it higher for Norland or Ostmark or Velmora?", [], None) is None


def test_the_passages_a_search_rests_on_are_no_lines_of_the_last_source_shown(agent):
    """A search shows a statement's line and then a guest list that names Ilse; the passages it rests on follow. The
    statement's own passage is not the guest list's: its number is still not Ilse's."""
    from filesage.policies.before_answer import figures_come_from_the_line_asked_about

    question = "What's Ilse's NTR number?"
    shown = ("From money/pension statement.pdf [1] (p. 1):\n- NTR number: 118-442-907\n"
             "From party/guests.csv [2] (rows 1-2):\n- Name: Ilse Varga; Side: bride")
    basis = "Pension statement\nMember: Tomas Reuter\nNTR number: 118-442-907\n\nName: Ilse Varga; Side: bride"
    turn = turn_for(agent, question)
    turn.record(Ran(Step("semantic_search", {"query": question}, "model", "found", True, True, 0.0, 0, 0, []),
                    ToolResult(shown, [], basis=basis), "found 0", shown))
    verdict = figures_come_from_the_line_asked_about(turn, "Ilse's NTR number is 118-442-907 [1].")
    assert isinstance(verdict, Retry), verdict
