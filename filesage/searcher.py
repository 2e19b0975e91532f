"""Semantic search as the agent sees it: hits from the index turned into short facts with their sources."""

from __future__ import annotations

import re
from typing import Annotated

from . import prompts
from .index import FolderIndex, Hit, Progress
from .models import ChatModel, Usage
from .parser import extract_json_object
from .toolbox import ToolResult, trim

KEEP_RATIO = 0.8  # keep hits whose fused score is at least this share of the best hit's
PASSAGE_CHARS = 700  # a hit is trimmed to this before the model reads it
FACTS_PER_PASSAGE = 4
MAX_RESULT_CHARS = 2500
EXTRACT_TOKENS = 450


def facts_schema(passages: int) -> dict:
    """An entry per passage, in passage order; only a relevant passage carries facts, so an irrelevant
    one costs a few generated tokens instead of an empty list of facts as well."""
    number = {"type": "integer"}
    irrelevant = {"type": "object", "properties": {"passage": number, "relevant": {"const": False}}, "required": ["passage", "relevant"]}
    relevant = {
        "type": "object",
        "properties": {
            "passage": number,
            "relevant": {"const": True},
            "facts": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": FACTS_PER_PASSAGE},
        },
        "required": ["passage", "relevant", "facts"],
    }
    entries = {"type": "array", "items": {"anyOf": [irrelevant, relevant]}, "minItems": passages, "maxItems": passages}
    return {"type": "object", "properties": {"passages": entries}, "required": ["passages"]}


class Searcher:
    """Owns the index of one root and the fact extraction; refreshes the index before its first search
    when files changed (unless told not to)."""

    def __init__(
        self, index: FolderIndex, model: ChatModel, refresh: bool = True, on_progress: Progress | None = None, min_top_k: int = 5
    ):
        self.index = index
        self.model = model
        self.min_top_k = min_top_k
        self.refresh_pending = refresh
        self.on_progress = on_progress

    def ensure_fresh(self) -> None:
        if self.refresh_pending and self.index.needs_refresh():
            self.index.refresh(self.on_progress)
        self.refresh_pending = False

    def semantic_search(self, query: str, top_k: Annotated[int, 3, 10] = 5) -> ToolResult:
        """Search what the files say and return the relevant facts, each with the file it comes from.

        Args:
            query: what to look for, in plain words
            top_k: how many passages to read
        """
        query = query.strip()
        if not query:
            return ToolResult("The query is empty; say what to look for.", [], "Empty query", ok=False)
        self.ensure_fresh()
        if self.index.chunk_count() == 0:
            if self.index.needs_refresh():
                return ToolResult("The folder has not been indexed yet (run: filesage index).", [], "Not indexed", found=False)
            return ToolResult("No file in this folder has indexable text.", [], "Nothing indexed", found=False)
        # Small models ask for one passage when the answer may sit in the second; the setting is a floor.
        hits = self.index.search(query, max(top_k, self.min_top_k))
        hits = [h for h in hits if h.score >= KEEP_RATIO]
        if not hits:
            return ToolResult(f"Nothing in the files matches '{query}'.", [], "No matching passages", found=False)
        usage = Usage()
        facts = self.extract(query, hits, usage)
        if any(facts):
            result = facts_result(hits, facts)
        else:
            read = ", ".join(dict.fromkeys(h.path for h in hits))
            result = ToolResult(f"The closest passages ({read}) say nothing about '{query}'.", [], "No relevant facts", found=False)
        result.usage = usage
        return result

    def extract(self, question: str, hits: list[Hit], usage: Usage) -> list[list[str]]:
        """One model call reads every kept hit and returns facts per hit, in hit order. A passage counts
        as relevant only if the model's JSON says so; output that does not parse makes none relevant."""
        passages = "\n\n".join(
            prompts.PASSAGE.format(number=n, path=h.path, location=h.location, text=h.text[:PASSAGE_CHARS])
            for n, h in enumerate(hits, start=1)
        )
        messages = [
            {"role": "system", "content": prompts.EXTRACT_SYSTEM},
            {"role": "user", "content": prompts.EXTRACT_REQUEST.format(question=question, passages=passages)},
        ]
        generation = self.model.generate(messages, EXTRACT_TOKENS, schema=facts_schema(len(hits)), family="extract")
        usage.add(generation)
        data = extract_json_object(generation.text) or {}
        facts: list[list[str]] = [[] for _ in hits]
        entries = data.get("passages") if isinstance(data.get("passages"), list) else []
        for entry in entries:
            if not isinstance(entry, dict) or entry.get("relevant") is not True:
                continue
            number = entry.get("passage")
            if not isinstance(number, int) or not 1 <= number <= len(hits):
                continue
            items = entry.get("facts") if isinstance(entry.get("facts"), list) else []
            passage = hits[number - 1].text
            for fact in (str(f).strip() for f in items[:FACTS_PER_PASSAGE]):
                # A fact the passage does not bear out word for word ("the billing service uses port
                # 8080") is replaced by the passage's own line that it paraphrases ('"port": 8080,').
                kept = [fact] if supported(fact, passage) else quoted_lines(fact, passage)
                facts[number - 1] += [k for k in kept if k not in facts[number - 1]]
        return facts


STOP_WORDS = {"the", "and", "was", "were", "are", "for", "with", "that", "this", "from", "has", "have", "had", "its", "their", "which", "what", "who"}


def normalise(text: str) -> str:
    return " ".join(re.findall(r"[^\W_]+", text.lower()))


def quoted_lines(fact: str, passage: str, limit: int = 2) -> list[str]:
    """The passage's lines that a paraphrased fact rests on: those with its numbers, then its words."""
    numbers = set(re.findall(r"\d+", normalise(fact)))
    words = {w for w in normalise(fact).split() if len(w) > 2 and w not in STOP_WORDS and not w.isdigit()}
    scored = []
    for line in passage.splitlines():
        tokens = set(normalise(line).split())
        score = 3 * len(numbers & tokens) + len(words & tokens)
        if score and (not numbers or numbers & tokens):
            scored.append((score, line.strip()))
    scored.sort(key=lambda item: -item[0])
    return [line for _, line in scored[:limit] if line]


def supported(fact: str, passage: str) -> bool:
    """A fact is kept only if the passage bears it out: copied from it, or every number in it and most of
    its words found there. Small models otherwise 'extract' amounts a passage never states."""
    fact_norm, passage_norm = normalise(fact), normalise(passage)
    if not fact_norm:
        return False
    if fact_norm in passage_norm:
        return True
    passage_words = set(passage_norm.split())
    numbers = re.findall(r"\d+", fact_norm)
    if any(n not in passage_words and n not in passage_norm.replace(" ", "") for n in numbers):
        return False
    words = [w for w in fact_norm.split() if len(w) > 2 and w not in STOP_WORDS]
    return bool(words) and sum(w in passage_words for w in words) / len(words) >= 0.7


def facts_result(hits: list[Hit], facts: list[list[str]]) -> ToolResult:
    """'From <path> (<location>):' with the facts under it, hits from one file grouped together."""
    grouped: dict[str, tuple[list[str], list[str]]] = {}
    for hit, found in zip(hits, facts):
        if found:
            locations, lines = grouped.setdefault(hit.path, ([], []))
            locations.append(hit.location)
            lines += [f for f in found if f not in lines]
    blocks = [f"From {path} ({', '.join(locations)}):\n" + "\n".join(f"- {fact}" for fact in lines) for path, (locations, lines) in grouped.items()]
    text = trim("\n".join(blocks), MAX_RESULT_CHARS)
    count = sum(len(lines) for _, lines in grouped.values())
    names = ", ".join(path.rsplit("/", 1)[-1] for path in grouped)
    locations = {path: ", ".join(where) for path, (where, _) in grouped.items()}
    basis = "\n\n".join(hit.text for hit, found in zip(hits, facts) if found)
    return ToolResult(text, list(grouped), f"{count} facts from {names}", locations=locations, basis=basis)
