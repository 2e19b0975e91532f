import json
from pathlib import Path

import pytest

from filesage.agent.loop import Agent
from filesage.agent.streams import AnswerFieldStream
from filesage.agent.events import Answered, AnswerToken, ToolChosen, ToolFinished
from filesage.policies import in_force
from filesage.errors import UsageError
from filesage.tools.result import ToolResult
from filesage.tools.toolbox import Toolbox
from filesage.tools.registry import ToolRegistry, respond
from tests.conftest import ScriptedModel


def call(name, **arguments):
    return json.dumps({"name": name, "arguments": arguments})


@pytest.fixture
def registry(fs_corpus):
    box = Toolbox(fs_corpus)
    return ToolRegistry([box.count_files, box.list_files, box.file_metadata, box.grep_files, box.directory_tree, respond])


def run(agent, question, history=None):
    events = list(agent.run(question, history))
    answers = [e for e in events if isinstance(e, Answered)]
    assert len(answers) == 1 and events[-1] is answers[0]
    return events, answers[0].answer


def search_tool(found: dict[str, str]):
    """A semantic_search stand-in: the facts of the first keyword the query contains."""

    def semantic_search(query: str, top_k: int = 5) -> ToolResult:
        """Search what the files say.

        Args:
            query: what to look for
            top_k: how many passages
        """
        for word, (path, fact) in found.items():
            if word in query.lower():
                return ToolResult(f"From {path} (lines 1-2):\n- {fact}", [path], "1 fact", locations={path: "lines 1-2"})
        return ToolResult(f"Nothing in the files matches '{query}'.", [], "No matching passages", found=False)

    return semantic_search


@pytest.fixture
def content_registry(fs_corpus):
    box = Toolbox(fs_corpus)
    search = search_tool({"passport": ("notes/todo.txt", "renew passport before 2025-08-15"), "budget": ("notes/meeting_2025-03-01.md", "Budget review.")})
    return ToolRegistry([box.count_files, box.list_files, box.file_metadata, box.grep_files, box.directory_tree, search, box.read_file, respond])


def test_a_filesystem_answer_is_rendered_from_the_tool_result(registry):
    model = ScriptedModel([call("count_files", extension="pdf")])
    events, answer = run(Agent(model, registry, policies=in_force()), "how many PDFs?")
    assert [type(e) for e in events[:2]] == [ToolChosen, ToolFinished]
    assert answer.text == "There are 3 .pdf files in the folder (15.0 KB in all). They are finance/2025/invoice_001.pdf, finance/2025/invoice_002.pdf and report.pdf."
    assert answer.usage.calls == 1  # the model chose the tool; the program wrote the answer
    assert [(s.tool, s.by, s.args["extension"]) for s in answer.steps] == [("count_files", "model", "pdf")]
    assert [s["path"] for s in answer.sources] == ["finance/2025/invoice_001.pdf", "finance/2025/invoice_002.pdf", "report.pdf"]
    assert "".join(e.text for e in events if isinstance(e, AnswerToken)) == answer.text


def test_every_prompt_extends_the_previous_one(content_registry):
    model = ScriptedModel([call("grep_files", pattern="zzz"), call("semantic_search", query="passport"), "Renew the passport before 2025-08-15."])
    history = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]
    # Without the router's fallback, so that the model makes the second choice itself.
    run(Agent(model, content_registry, policies=in_force(["router_after_nothing_found", "questions_about_what_files_say_are_searched"])), "when must I renew my passport?", history)
    for before, after in zip(model.prompts, model.prompts[1:]):
        assert after[: len(before)] == before
    assert all(p[0] == model.prompts[0][0] for p in model.prompts)  # identical system prompt every call
    # Nothing matched 'zzz': the model may still choose a tool; the search found facts: a plain answer.
    assert "Call another tool" in model.prompts[1][-1]["content"] and model.schemas[1] is not None
    assert "Question: when must I renew my passport?\nAnswer it now" in model.prompts[2][-1]["content"] and model.schemas[2] is None


def test_the_router_covers_step_zero(registry):
    model = ScriptedModel(["I am not sure what to do."])
    _, answer = run(Agent(model, registry, policies=in_force()), "how many pdf files?")
    assert [(s.tool, s.by, s.args["extension"]) for s in answer.steps] == [("count_files", "router_when_no_usable_call", "pdf")]


def test_a_call_the_program_made_is_shown_to_the_model_in_the_questions_own_letters(content_registry):
    model = ScriptedModel(["I am not sure what to do.", "Renew it before 2025-08-15."])
    run(Agent(model, content_registry, policies=in_force()), "when must I renew my passport (paszport, ważny)?")
    said = [m["content"] for m in model.prompts[1] if m["role"] == "assistant"]
    assert said and "ważny" in said[-1] and "\\u" not in said[-1], said


def test_unknown_tool_on_step_zero_goes_to_the_router(registry):
    model = ScriptedModel([call("delete_everything", path="/")])
    _, answer = run(Agent(model, registry, policies=in_force()), "show me the folder tree")
    assert answer.steps[0].tool == "directory_tree" and answer.steps[0].by == "router_when_no_usable_call"
    assert answer.text.startswith("The folder has 4 subfolders (code, finance, notes, photos) and 14 files in all; finance/ holds the most (4 files), then code/ (3), notes/ (3), photos/ (2); the most files directly in one folder: finance/2025/ and notes/ (3 each); its folders go 2 levels deep"), answer.text


def test_model_mistakes_go_back_to_the_model(registry):
    model = ScriptedModel([call("list_files", folder="../../etc"), call("respond", answer="I cannot look there.")])
    _, answer = run(Agent(model, registry, policies=in_force()), "list files in ../../etc")
    assert answer.steps[0].ok is False
    assert "outside the folder" in model.prompts[1][-1]["content"]
    assert model.prompts[1][-1]["content"].startswith("list_files failed")


def test_a_tool_call_where_the_answer_belongs_is_asked_again_once(content_registry):
    searched = call("semantic_search", query="passport")
    model = ScriptedModel([searched, searched, "Renew it before 2025-08-15."])
    events, answer = run(Agent(model, content_registry, policies=in_force()), "when must I renew my passport?")
    assert answer.text == "Renew it before 2025-08-15 [1]."
    assert len(answer.steps) == 1 and answer.usage.calls == 3
    assert "No more tools can be called" in model.prompts[2][-1]["content"]


def test_a_respond_call_where_plain_text_was_asked_gives_its_answer(content_registry):
    model = ScriptedModel([call("semantic_search", query="passport"), "  " + call("respond", answer='Renew it: "renew passport".')])
    events, answer = run(Agent(model, content_registry, policies=in_force()), "when must I renew my passport?")
    assert answer.text == 'Renew it: "renew passport" [1].'
    assert "".join(e.text for e in events if isinstance(e, AnswerToken)) == answer.text


def test_step_limit_then_forced_synthesis(registry):
    failing = [call("grep_files", pattern="(["), call("count_files", extension="pdf", folder="/etc/x"), call("list_files", folder="~"), call("directory_tree", max_depth=1, folder="http://x"), call("file_metadata", name_hint="zzz-none")]
    model = ScriptedModel(failing)
    events, answer = run(Agent(model, registry, max_steps=5, policies=in_force(["filesystem_calls_follow_the_question", "router_after_nothing_found"])), "find the thing")
    assert len(answer.steps) == 5 and answer.usage.calls == 5
    # Nothing was found, so the answer says so and names what was tried, without asking the model.
    assert answer.text.startswith("I found nothing in the folder that answers this. I tried grep_files, which failed")
    assert "looked for a file named like 'zzz-none'" in answer.text and answer.sources == []


def test_an_answer_from_memory_is_replaced_by_a_tool(registry):
    model = ScriptedModel([call("respond", answer="It returns 42.")])
    _, answer = run(Agent(model, registry, policies=in_force()), "how many python files are there?")
    assert [(s.tool, s.by) for s in answer.steps] == [("count_files", "no_answer_before_looking")]
    assert answer.text.startswith("There are 3 .py files")


def test_a_follow_up_superlative_lists_instead_of_following_a_name(registry):
    history = [{"role": "user", "content": "how many pdf files are there?"}, {"role": "assistant", "content": "3: report.pdf, invoice_001.pdf, invoice_002.pdf"}]
    model = ScriptedModel([call("file_metadata", name_hint="invoice_002.pdf")])
    _, answer = run(Agent(model, registry, policies=in_force()), "which of them is the largest?", history)
    assert [(s.tool, s.args["extension"], s.args["order"], s.args["limit"]) for s in answer.steps] == [("list_files", "pdf", "largest", 1)]
    assert answer.text.startswith("The largest of the 3 .pdf files in the folder is report.pdf")


def test_greeting_gets_a_direct_reply(registry):
    model = ScriptedModel(["???", "Hello! Ask me about your files."])
    _, answer = run(Agent(model, registry, policies=in_force()), "hello")
    assert answer.steps == [] and answer.text == "Hello! Ask me about your files."


def test_history_keeps_the_last_two_turns(registry):
    history = [{"role": "user", "content": f"q{i}"} if i % 2 == 0 else {"role": "assistant", "content": f"a{i}"} for i in range(6)]
    model = ScriptedModel([call("respond", answer="yes")])
    run(Agent(model, registry, history_turns=2, policies=in_force()), "aren't there more?", history)
    assert [m["content"] for m in model.prompts[0][1:-1]] == ["q2", "a3", "q4", "a5"]  # two questions with their answers


def test_a_question_past_its_time_limit_says_what_was_gathered(content_registry):
    class Slow(ScriptedModel):
        def stream(self, *args, **kwargs):
            import time

            time.sleep(0.12)
            return (yield from super().stream(*args, **kwargs))

    model = Slow([call("semantic_search", query="passport"), "Renew it before 2025-08-15."])
    events, answer = run(Agent(model, content_registry, time_limit=0.2, policies=in_force()), "when must I renew my passport?")
    assert answer.text.startswith("I stopped after 0.2 seconds (the time limit for one question")
    assert "renew passport before 2025-08-15" in answer.text  # what the search had found
    assert [s.tool for s in answer.steps] == ["semantic_search"]


@pytest.mark.parametrize("question", ["", "   ", "x" * 100_000])
def test_bad_questions(registry, question):
    with pytest.raises(UsageError):
        list(Agent(ScriptedModel([]), registry, policies=in_force()).run(question))


def test_answer_field_stream_decodes_incrementally():
    stream = AnswerFieldStream()
    text = json.dumps({"name": "respond", "arguments": {"answer": 'Line 1\nSaid "hi" – café \\ done'}})
    pieces = [stream.feed(text[i : i + 3]) for i in range(0, len(text), 3)]
    assert "".join(pieces) == 'Line 1\nSaid "hi" – café \\ done'
    assert sum(1 for p in pieces if p) > 5  # delivered piece by piece, not at the end
    assert AnswerFieldStream().feed(call("count_files", extension="answer")) == ""


def test_answer_tokens_arrive_before_the_model_finishes(content_registry):
    class Watching(ScriptedModel):
        def stream(self, *args, **kwargs):
            self.finished = False
            generation = yield from super().stream(*args, **kwargs)
            self.finished = True
            return generation

    model = Watching([call("semantic_search", query="passport"), "Renew the passport before 2025-08-15. The note says so."])
    seen_unfinished = []
    for event in Agent(model, content_registry, policies=in_force()).run("when must I renew my passport?"):
        if isinstance(event, AnswerToken):
            seen_unfinished.append(not model.finished)
    assert seen_unfinished[:1] == [True]  # the first sentence, while the model was still writing the second


def test_filesystem_question_never_loads_torch(fs_corpus):
    import subprocess
    import sys

    script = f"""
import sys
from pathlib import Path
from filesage.agent.loop import Agent
from filesage.index.store import FolderIndex
from filesage.policies import in_force
from filesage.tools.searcher import Searcher
from filesage.tools.result import ToolResult
from filesage.tools.toolbox import Toolbox
from filesage.tools.registry import ToolRegistry, respond
from tests.conftest import ScriptedModel
model = ScriptedModel(['{{"name": "count_files", "arguments": {{"extension": "pdf", "folder": ""}}}}'])
box = Toolbox(Path({str(fs_corpus)!r}))
searcher = Searcher(FolderIndex(box.root, directory=Path({str(fs_corpus.parent / "idx")!r})), model)
registry = ToolRegistry([box.count_files, searcher.semantic_search, respond])
list(Agent(model, registry, policies=in_force()).run("how many pdf files?"))
print(sorted(m for m in ("torch", "sentence_transformers", "leann") if m in sys.modules))
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=str(Path(__file__).parent.parent))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_a_model_that_only_ever_calls_tools_or_says_nothing_still_ends(content_registry):
    """Garbage forever: the loop is bounded whatever the model writes."""
    for output in [call("semantic_search", query="passport"), call("grep_files", pattern="zzz"), call("respond", answer=""), "", "{{{{"]:
        model = ScriptedModel([output] * 20)
        events = list(Agent(model, content_registry, max_steps=5, policies=in_force()).run("when must I renew my passport?"))
        assert isinstance(events[-1], Answered)
        assert model.prompts and len(model.prompts) <= 5 + 3, output


def test_a_first_tool_that_finds_nothing_is_followed_by_the_routers_choice(fs_corpus):
    box = Toolbox(fs_corpus)
    searched = []

    def semantic_search(query: str, top_k: int = 5) -> ToolResult:
        """Search what the files say.

        Args:
            query: what to look for
            top_k: how many passages
        """
        searched.append(query)
        return ToolResult("From notes/todo.txt (lines 1):\n- renew passport", ["notes/todo.txt"], "1 fact")

    registry = ToolRegistry([box.file_metadata, semantic_search, respond])
    model = ScriptedModel([call("file_metadata", name_hint="passport renewal"), "Renew your passport."])
    _, answer = run(Agent(model, registry, policies=in_force(["questions_about_what_files_say_are_searched"])), "What do I need to renew?")
    assert [(s.tool, s.by, s.found) for s in answer.steps] == [("file_metadata", "model", False), ("semantic_search", "router_after_nothing_found", True)]
    assert searched == ["What do I need to renew?"] and answer.usage.calls == 2


def test_a_file_named_by_rank_is_listed_then_read(tmp_path):
    """"Summarise the newest markdown file": the model guesses a file name that does not exist, the
    router lists markdown files newest first, and the first one is read without another model call."""
    from tests.conftest import write

    write(tmp_path / "notes/old.md", "Plan: move the launch to spring.\n", days_ago=9)
    write(tmp_path / "notes/new.md", "Plan: launch on Friday 14 March.\n", days_ago=1)
    box = Toolbox(tmp_path)
    registry = ToolRegistry([box.list_files, box.file_metadata, box.read_file, respond])
    model = ScriptedModel([call("read_file", path="newest.md"), "The plan is to launch on Friday 14 March [1]."])
    _, answer = run(Agent(model, registry, policies=in_force()), "Summarise the newest markdown file")
    assert [(s.tool, s.by) for s in answer.steps] == [("read_file", "model"), ("list_files", "router_after_nothing_found"), ("read_file", "read_the_file_a_listing_picked")]
    assert answer.steps[-1].args["path"] == "notes/new.md" and answer.usage.calls == 2
    assert "launch on Friday 14 March" in model.prompts[1][-1]["content"]
    # The listing is not presented as the answer: it says which file is read next.
    assert "notes/new.md [1]" in model.prompts[1][-3]["content"] and "read next" in model.prompts[1][-3]["content"]
    assert [s["path"] for s in answer.sources] == ["notes/new.md"]
    # A listing is the answer when nothing asks what a file says.
    model = ScriptedModel([call("list_files", extension="md", order="newest", limit=1)])
    _, answer = run(Agent(model, registry, policies=in_force()), "Which is the newest markdown file?")
    assert [s.tool for s in answer.steps] == ["list_files"] and answer.text.startswith("The newest of the 2 markdown files (.md/.markdown) in the folder is notes/new.md")


def test_figures_rendered_from_documents_mark_the_file_they_come_from():
    from filesage.agent.streams import marked

    rendered = "The total is $5.00, from 2 of 2 files:\n- a/inv_1.txt: $2.00\n- a/inv_10.txt: $3.00. Also in a/inv_1.txt."
    sources = [{"n": 1, "path": "a/inv_10.txt"}, {"n": 2, "path": "a/inv_1.txt"}]
    assert marked(rendered, sources) == "The total is $5.00, from 2 of 2 files:\n- a/inv_1.txt [2]: $2.00\n- a/inv_10.txt [1]: $3.00. Also in a/inv_1.txt."


def test_a_retry_whose_answer_is_in_the_results_asks_for_the_answer_not_a_tool(fs_corpus):
    box = Toolbox(fs_corpus)
    table = "department: engineering; q1_budget: 800000\n- department: sales; q1_budget: 450000"
    registry = ToolRegistry([box.file_metadata, search_tool({"budget": ("finance/budget.csv", table)}), respond])
    model = ScriptedModel([call("semantic_search", query="sales budget"), "Sales has a Q1 budget of 800000.", "Sales has a Q1 budget of 450000."])
    events, answer = run(Agent(model, registry, policies=in_force()), "What is the sales department's Q1 budget?")
    assert answer.text == "Sales has a Q1 budget of 450000 [1]."
    # The second draft was asked for in plain words (no tool-call grammar) after the line was named.
    assert model.schemas[2] is None and "department: sales; q1_budget: 450000" in model.prompts[2][-1]["content"]
    assert answer.policies.count("figures_come_from_the_line_asked_about") == 1 and len(answer.steps) == 1


def test_a_sentence_the_model_repeats_is_said_once(content_registry):
    looping = "Renew the passport before 2025-08-15 [1]. It is in the notes [1]. It is in the notes [1]. It is in the notes [1]."
    model = ScriptedModel([call("semantic_search", query="passport"), looping])
    _, answer = run(Agent(model, content_registry, policies=in_force()), "when must I renew my passport?")
    assert answer.text.count("It is in the notes") == 1 and answer.text.startswith("Renew the passport before 2025-08-15 [1].")


def test_a_caller_that_only_wants_the_answer_lets_the_run_finish():
    from filesage.agent.events import Answer, final_answer
    from filesage.llm.base import Usage

    finished = []

    def run():
        yield Answered(Answer("done", [], [], Usage()))
        finished.append(True)  # what a run does after its answer: a new folder's indexing handed to the background

    assert final_answer(run()).text == "done" and finished == [True]
