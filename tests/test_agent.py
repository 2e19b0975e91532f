import json
from pathlib import Path

import pytest

from filesage.agent import Agent, AnswerFieldStream, Answered, AnswerToken, ToolChosen, ToolFinished
from filesage.errors import UsageError
from filesage.toolbox import ToolResult, Toolbox
from filesage.tools import ToolRegistry, respond
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


def test_model_picks_tool_then_responds(registry):
    model = ScriptedModel([call("count_files", extension="pdf"), "You have 3 PDFs: report.pdf and two invoices."])
    events, answer = run(Agent(model, registry), "how many PDFs?")
    assert [type(e) for e in events[:2]] == [ToolChosen, ToolFinished]
    assert answer.text == "You have 3 PDFs: report.pdf and two invoices [1]."  # the file it names is cited
    assert answer.usage.calls == 2
    assert [(s.tool, s.by, s.args) for s in answer.steps] == [("count_files", "model", {"extension": "pdf", "folder": ""})]
    assert "3 .pdf files in the folder" in model.prompts[1][-1]["content"]
    assert model.schemas == [registry.call_schema(), None]  # after a result that answers, plain text: no JSON to write
    assert answer.sources == [{"n": 1, "path": "report.pdf", "tool": "count_files"}]
    streamed = "".join(e.text for e in events if isinstance(e, AnswerToken))
    assert streamed == answer.text


def test_every_prompt_extends_the_previous_one(registry):
    model = ScriptedModel([call("grep_files", pattern="zzz"), call("file_metadata", name_hint="budget"), call("respond", answer="done")])
    run(Agent(model, registry), "where is my budget?", [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}])
    for before, after in zip(model.prompts, model.prompts[1:]):
        assert after[: len(before)] == before
    assert all(p[0] == model.prompts[0][0] for p in model.prompts)  # identical system prompt every call
    # Nothing matched 'zzz': the model may still choose a tool; the budget file was found: plain answer.
    assert "Call another tool" in model.prompts[1][-1]["content"] and model.schemas[1] is not None
    assert "Answer the question now" in model.prompts[2][-1]["content"] and model.schemas[2] is None


def test_router_covers_step_zero(registry):
    model = ScriptedModel(["I am not sure what to do.", call("respond", answer="There are 3.")])
    _, answer = run(Agent(model, registry), "how many pdf files?")
    assert [(s.tool, s.by, s.args["extension"]) for s in answer.steps] == [("count_files", "router", "pdf")]


def test_unknown_tool_on_step_zero_goes_to_router(registry):
    model = ScriptedModel([call("delete_everything", path="/"), call("respond", answer="ok")])
    _, answer = run(Agent(model, registry), "show me the folder tree")
    assert answer.steps[0].tool == "directory_tree" and answer.steps[0].by == "router"


def test_plain_text_after_step_zero_is_the_answer(registry):
    model = ScriptedModel([call("count_files", extension="md", folder=""), "You have 3 Markdown files."])
    _, answer = run(Agent(model, registry), "how many markdown files?")
    assert answer.text == "You have 3 Markdown files."
    assert len(answer.sources) == 3  # no marker to follow: every file of the small result


def test_model_mistakes_go_back_to_the_model(registry):
    model = ScriptedModel([call("list_files", extension="", limit=5, folder="../../etc", order="newest"), call("respond", answer="I cannot look there.")])
    _, answer = run(Agent(model, registry), "list files in ../../etc")
    assert answer.steps[0].ok is False
    assert "outside the folder" in model.prompts[1][-1]["content"]
    assert model.prompts[1][-1]["content"].startswith("list_files failed")


def test_a_tool_call_where_the_answer_belongs_is_asked_again_once(registry):
    model = ScriptedModel([call("directory_tree", max_depth=2), call("directory_tree", max_depth=2), "The tree has 4 folders."])
    events, answer = run(Agent(model, registry), "show the tree")
    assert answer.text == "The tree has 4 folders."
    assert len(answer.steps) == 1 and answer.usage.calls == 3
    assert "".join(e.text for e in events if isinstance(e, AnswerToken)) == "The tree has 4 folders."


def test_a_respond_call_where_plain_text_was_asked_gives_its_answer(registry):
    model = ScriptedModel([call("count_files", extension="md"), "  " + call("respond", answer='3 "Markdown" files.')])
    events, answer = run(Agent(model, registry), "how many markdown files?")
    assert answer.text == '3 "Markdown" files.'  # no file named, no number tied to one source: no marker
    assert "".join(e.text for e in events if isinstance(e, AnswerToken)) == answer.text


def test_step_limit_then_forced_synthesis(registry):
    failing = [call("grep_files", pattern="(["), call("count_files", extension="pdf", folder="/etc/x"), call("list_files", folder="~", extension="", limit=1, order="newest"), call("directory_tree", max_depth=1, folder="http://x"), call("file_metadata", name_hint="zzz-none")]
    model = ScriptedModel(failing + ["I could not find it."])
    events, answer = run(Agent(model, registry, max_steps=5), "find the thing")
    assert len(answer.steps) == 5 and answer.usage.calls == 6
    # Nothing was found, so the answer says so and names what was tried, whatever the model wrote.
    assert answer.text.startswith("I found nothing in the folder that answers this. I tried grep_files, which failed")
    assert "looked for a file named like 'zzz-none'" in answer.text and "I could not find it" not in answer.text
    assert "No more tools can be called" in model.prompts[-1][-1]["content"]


def test_answer_from_memory_is_replaced_by_a_tool(registry):
    model = ScriptedModel([call("respond", answer="It returns 42."), call("respond", answer="No file mentions it.")])
    _, answer = run(Agent(model, registry), "how many python files are there?")
    assert [(s.tool, s.by) for s in answer.steps] == [("count_files", "router")]


def test_follow_up_superlative_lists_instead_of_following_a_name(registry):
    history = [{"role": "user", "content": "how many pdf files are there?"}, {"role": "assistant", "content": "3: report.pdf, invoice_001.pdf, invoice_002.pdf"}]
    model = ScriptedModel([call("file_metadata", name_hint="invoice_002.pdf"), call("respond", answer="report.pdf is the largest.")])
    _, answer = run(Agent(model, registry), "which of them is the largest?", history)
    assert [(s.tool, s.by, s.args["extension"], s.args["order"]) for s in answer.steps] == [("list_files", "router", "pdf", "largest")]
    assert model.prompts[1][-1]["content"].splitlines()[2].endswith("report.pdf [1]")  # largest listed first, numbered


def test_greeting_gets_a_direct_reply(registry):
    model = ScriptedModel(["???", "Hello! Ask me about your files."])
    _, answer = run(Agent(model, registry), "hello")
    assert answer.steps == [] and answer.text == "Hello! Ask me about your files."


def test_history_keeps_the_last_two_turns(registry):
    history = [{"role": "user", "content": f"q{i}"} if i % 2 == 0 else {"role": "assistant", "content": f"a{i}"} for i in range(6)]
    model = ScriptedModel([call("respond", answer="yes")])
    run(Agent(model, registry, history_turns=2), "aren't there more?", history)
    assert [m["content"] for m in model.prompts[0][1:3]] == ["q4", "a5"]


@pytest.mark.parametrize("question", ["", "   ", "x" * 100_000])
def test_bad_questions(registry, question):
    with pytest.raises(UsageError):
        list(Agent(ScriptedModel([]), registry).run(question))


def test_answer_field_stream_decodes_incrementally():
    stream = AnswerFieldStream()
    text = json.dumps({"name": "respond", "arguments": {"answer": 'Line 1\nSaid "hi" – café \\ done'}})
    pieces = [stream.feed(text[i : i + 3]) for i in range(0, len(text), 3)]
    assert "".join(pieces) == 'Line 1\nSaid "hi" – café \\ done'
    assert sum(1 for p in pieces if p) > 5  # delivered piece by piece, not at the end
    assert AnswerFieldStream().feed(call("count_files", extension="answer")) == ""


def test_answer_tokens_arrive_before_the_model_finishes(registry):
    class Watching(ScriptedModel):
        def stream(self, *args, **kwargs):
            self.finished = False
            generation = yield from super().stream(*args, **kwargs)
            self.finished = True
            return generation

    model = Watching([call("count_files", extension="pdf", folder=""), call("respond", answer="There are three PDF files. Two are invoices.")])
    seen_unfinished = []
    for event in Agent(model, registry).run("how many pdfs?"):
        if isinstance(event, AnswerToken):
            seen_unfinished.append(not model.finished)
    assert seen_unfinished[:1] == [True]  # the first sentence, while the model was still writing the second


def test_filesystem_question_never_loads_torch(fs_corpus):
    import subprocess
    import sys

    script = f"""
import sys
from pathlib import Path
from filesage.agent import Agent
from filesage.index import FolderIndex
from filesage.searcher import Searcher
from filesage.toolbox import ToolResult, Toolbox
from filesage.tools import ToolRegistry, respond
from tests.conftest import ScriptedModel
model = ScriptedModel(['{{"name": "count_files", "arguments": {{"extension": "pdf", "folder": ""}}}}', '{{"name": "respond", "arguments": {{"answer": "3"}}}}'])
box = Toolbox(Path({str(fs_corpus)!r}))
searcher = Searcher(FolderIndex(box.root, directory=Path({str(fs_corpus.parent / "idx")!r})), model)
registry = ToolRegistry([box.count_files, searcher.semantic_search, respond])
list(Agent(model, registry).run("how many pdf files?"))
print(sorted(m for m in ("torch", "sentence_transformers", "leann") if m in sys.modules))
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=str(Path(__file__).parent.parent))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_a_model_that_only_ever_calls_tools_or_says_nothing_still_ends(registry):
    """Garbage forever: the loop is bounded whatever the model writes."""
    for output in [call("count_files", extension="pdf"), call("respond", answer=""), "", "{{{{"]:
        model = ScriptedModel([output] * 20)
        events = list(Agent(model, registry, max_steps=5).run("how many pdf files are there?"))
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
    _, answer = run(Agent(model, registry), "What do I need to renew?")
    assert [(s.tool, s.by, s.found) for s in answer.steps] == [("file_metadata", "model", False), ("semantic_search", "router", True)]
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
    _, answer = run(Agent(model, registry), "Summarise the newest markdown file")
    assert [(s.tool, s.by) for s in answer.steps] == [("read_file", "model"), ("list_files", "router"), ("read_file", "router")]
    assert answer.steps[-1].args["path"] == "notes/new.md" and answer.usage.calls == 2
    assert "launch on Friday 14 March" in model.prompts[1][-1]["content"]
    # The listing is not presented as the answer: it says which file is read next.
    assert "notes/new.md [1]" in model.prompts[1][-3]["content"] and "read next" in model.prompts[1][-3]["content"]
    assert [s["path"] for s in answer.sources] == ["notes/new.md"]
    # A listing is the answer when nothing asks what a file says.
    model = ScriptedModel([call("list_files", extension="md", order="newest"), "The newest is notes/new.md."])
    _, answer = run(Agent(model, registry), "Which is the newest markdown file?")
    assert [s.tool for s in answer.steps] == ["list_files"]
