import json

from filesage.index import Hit
from filesage.models import Usage
from filesage.searcher import Searcher, facts_result, quoted_lines, supported
from tests.conftest import ScriptedModel

CONFIG = '{\n "service": "billing",\n "port": 8080,\n "retries": 3\n}'
SHEET = "Sheet Travel. Columns: month | destination | cost_eur\nmonth: January; destination: Oslo; cost_eur: 640\nmonth: February; destination: Berlin; cost_eur: 420"


def test_supported_facts_and_paraphrases():
    assert supported('"port": 8080', CONFIG)
    assert supported("The billing service uses port 8080", CONFIG)  # words and numbers all there
    assert not supported("The billing service uses port 9090", CONFIG)  # a number the passage never states
    assert not supported("The cost of the Berlin trip was 420 euros.", SHEET)  # too many words of its own


def test_a_paraphrase_is_replaced_by_the_line_it_rests_on():
    assert quoted_lines("The cost of the Berlin trip was 420 euros.", SHEET) == ["month: February; destination: Berlin; cost_eur: 420"]
    assert quoted_lines("It cost 999.", SHEET) == []  # nothing to rest on: nothing kept


def test_extraction_keeps_relevant_passages_only_and_unparsable_output_keeps_none():
    hits = [Hit("code/config.json", "lines 1-5", CONFIG, 1.0), Hit("finance/expenses.xlsx", "sheet Travel", SHEET, 0.9)]
    reply = {"passages": [{"passage": 1, "relevant": True, "facts": ["The billing service uses port 8080"]}, {"passage": 2, "relevant": False}]}
    model = ScriptedModel([json.dumps(reply), "not json at all"])
    searcher = Searcher(index=None, model=model)
    facts = searcher.extract("which port does billing use?", hits, Usage())
    assert facts == [["The billing service uses port 8080"], []]
    # One entry per passage, and only a relevant one has facts to generate.
    entries = model.schemas[0]["properties"]["passages"]
    assert entries["minItems"] == entries["maxItems"] == 2
    irrelevant, relevant = entries["items"]["anyOf"]
    assert "facts" not in irrelevant["properties"] and "facts" in relevant["required"]
    result = facts_result(hits, facts)
    assert result.text == "From code/config.json (lines 1-5):\n- The billing service uses port 8080"
    assert result.locations == {"code/config.json": "lines 1-5"}
    assert searcher.extract("which port?", hits, Usage()) == [[], []]
