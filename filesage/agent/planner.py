"""Questions that need more than one look (two figures to add or compare, one fact about each of several things,
a file to find and then read) and follow-ups that lean on the question before ("and where does she live now?"): the
model writes a plan as grammar-constrained JSON, each lookup is answered by the ordinary loop, and arithmetic and
comparison are done in code from the figures those answers state, each shown with its source."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from datetime import date
from typing import Iterator

from ..grounding.claims import MARKER, claims
from ..grounding.lines import shape
from ..language.figures import NUMBER, currency_written, duration_words, durations_in, number_value, priced
from ..files.walk import human_size
from ..language.lexicon import BEFORE_CHANGE, DAYS_APART, PERCENT_ASKED, PERCENT_SHARE, RANKED_FILE, REMAINDER, TIMES_ASKED, TODAYS_YEAR, UNITS, YEAR
from ..language.text import terms
from ..llm.base import Usage
from ..llm.parser import extract_json_object
from . import prompts
from .decisions import NO_PLAN, PLAN, PLANNED, Policy
from .events import Answer, Answered, AnswerToken, Event, ToolChosen, ToolFinished
from .loop import Agent

COMBINES = ("none", "sum", "difference", "larger", "smaller", "later", "earlier", "read_the_file")
PLAN_TOKENS = 300
MAX_LOOKUPS = 4
PLAN_SCHEMA = {
    "type": "object",
    "properties": {
        "question": {"type": "string"},
        "lookups": {
            "type": "array",
            "items": {"type": "object", "properties": {"ask": {"type": "string"}, "label": {"type": "string"}}, "required": ["ask", "label"]},
            "minItems": 1,
            "maxItems": MAX_LOOKUPS,
        },
        "combine": {"type": "string", "enum": list(COMBINES)},
    },
    "required": ["question", "lookups", "combine"],
}


@dataclass(frozen=True)
class Lookup:
    ask: str
    label: str
    # A turn of the conversation that asked and answered this lookup already ({"question", "answer", "sources"}):
    # its answer is taken, not looked up again.
    before: dict | None = field(default=None, compare=False)
    # A part of the question that leans on the part before ("..., and what's its quota?"): looked up first in the
    # document that part was answered from.
    where_the_first_was: bool = False


@dataclass(frozen=True)
class Plan:
    question: str  # the question written out in full, what "it" and "she" mean said
    lookups: list[Lookup]
    combine: str


def read_plan(text: str) -> Plan | None:
    """The plan in the model's JSON, or None when it gives no usable one. A citation copied from an answer before
    ("Mira L. [1]") is no part of what is asked."""
    def said(value: object) -> str:
        return MARKER.sub("", str(value or "")).strip()

    data = extract_json_object(text) or {}
    lookups = [Lookup(said(item.get("ask")), said(item.get("label")) or said(item.get("ask")))
               for item in data.get("lookups", []) if isinstance(item, dict) and said(item.get("ask"))]
    combine = data.get("combine") if data.get("combine") in COMBINES else "none"
    question = said(data.get("question"))
    if not question or not lookups:
        return None
    return Plan(question, lookups[:MAX_LOOKUPS], combine)


def invents_numbers(plan: Plan, question: str, history: list[dict], today: date | None = None) -> bool:
    """A plan that says a number (a year, an amount, an invoice's) neither the question nor the conversation says:
    a small model fills a follow-up's gap with this year, and the lookups then search for a made-up thing. A
    question that says a year from today's ("this year", "last season") says today's year and those beside it."""
    said = set(re.findall(r"\d+", " ".join([question, *(str(t.get("content", "")) for t in history)])))
    if TODAYS_YEAR.search(question):
        year = (today or date.today()).year
        said |= {str(year - 1), str(year), str(year + 1)}
    return bool(set(re.findall(r"\d+", " ".join([plan.question, *(lookup.ask for lookup in plan.lookups)]))) - said)


def strays(plan: Plan, question: str, history: list[dict]) -> bool:
    """A plan with a lookup that shares no word with the question or the conversation: a small model copies the
    prompt's example ("the roof repair") when it has no plan of its own, and the lookups then search for it."""
    said = terms(" ".join([question, *(str(t.get("content", "")) for t in history)]))
    return any(not (terms(lookup.ask) & said) for lookup in plan.lookups)


def without_looks_taken(plan: Plan, history: list[dict]) -> Plan:
    """A follow-up's plan without the lookups that ask a question of the conversation again ("and the other
    setting?" planned as the setting asked before and the new one): a small model answers both, and the answer
    retells the last turn's. Kept when its figure is combined in code (a sum or a difference needs it), or when
    every lookup is one asked before."""
    asked = [terms(str(t.get("content", ""))) for t in history if t.get("role") == "user"]
    new = [lookup for lookup in plan.lookups if not any(terms(lookup.ask) and terms(lookup.ask) <= before for before in asked)]
    if plan.combine != "none" or not new or len(new) == len(plan.lookups):
        return plan
    # What is left to ask is the question in full: the whole question would ask the conversation's again.
    return Plan(new[0].ask if len(new) == 1 else plan.question, new, plan.combine)


@dataclass
class Found:
    """What one lookup's answer said, and the figure of it the plan combines."""

    lookup: Lookup
    answer: Answer
    value: float | None = None
    written: str = ""  # the figure as the answer wrote it
    when: tuple | None = None  # the date the answer states, for later, earlier and days apart
    dated: str = ""  # that date as written
    kind: str = ""  # of the figure: an amount, a duration (its value in seconds) or a number
    candidates: list[tuple[float, str, str]] = field(default_factory=list)  # (value, as written, kind), preferred first
    dates: list[tuple[tuple, str]] = field(default_factory=list)  # every date the answer states, as (key, as written)


class Planner:
    """Runs a question through a plan when a policy at PLAN says it may need one, else straight through the agent."""

    def __init__(self, agent: Agent, policies: list[Policy] | None = None, today: date | None = None):
        self.agent = agent
        self.model = agent.model
        self.deciders = [p for p in (policies or []) if p.point == PLAN]
        self.checks = [p for p in (policies or []) if p.point == PLANNED]
        self.today = today
        self.system = prompts.plan_system(today)

    def run(self, question: str, history: list[dict] | None = None) -> Iterator[Event]:
        history = history or []
        chosen = next((p.name for p in self.deciders if p.function(question, history, self.agent.tree)), None)
        if chosen is None:
            yield from self.agent.run(question, history)
            return
        started = time.perf_counter()
        usage = Usage()
        plan = self._plan(question, history, usage)
        if plan is not None and (invents_numbers(plan, question, history, self.today) or strays(plan, question, history)):
            plan = None
        if plan is not None and history:
            plan = without_looks_taken(plan, history)
        fired = [chosen]
        for check in self.checks if plan is not None else []:
            decided = check.function(plan, question, history, self.agent.tree)
            if decided is None:
                continue
            fired.append(check.name)
            if decided is NO_PLAN:
                plan = None
                break
            plan = decided
        if plan is None or (len(plan.lookups) == 1 and plan.combine != "read_the_file"):
            # One look is enough: the question as written, or in full when it leaned on the conversation (the plan's
            # wording of it, or its look's where that alone says what "it" is).
            asked = plan.question if plan is not None and history else question
            if plan is not None and history and terms(plan.question) <= terms(question) and len(plan.lookups) == 1:
                asked = plan.lookups[0].ask
            yield from self._merged(self.agent.run(asked, history, as_written=question), usage, fired)
            return
        yield from self._several(plan, usage, started, fired)

    def _plan(self, question: str, history: list[dict], usage: Usage) -> Plan | None:
        turns = [t for t in history if t.get("role") in ("user", "assistant") and t.get("content")][-4:]
        # An answer's citations ("[1]") are the numbers of its sources, nothing a look should search for.
        conversation = "\n".join(f"{t['role']}: {MARKER.sub('', str(t['content']))[:600]}" for t in turns)
        messages = [{"role": "system", "content": self.system},
                    {"role": "user", "content": prompts.PLAN_QUESTION.format(conversation=conversation or "(none)", question=question)}]
        generation = self.model.generate(messages, PLAN_TOKENS, schema=PLAN_SCHEMA, family="plan")
        usage.add(generation)
        return read_plan(generation.text)

    def _merged(self, events: Iterator[Event], usage: Usage, fired: list[str]) -> Iterator[Event]:
        """The agent's events, its answer carrying the plan's model call and the policies that asked for it and checked it."""
        for event in events:
            if isinstance(event, Answered):
                event.answer.usage.merge(usage)
                event.answer.policies[:0] = fired
            yield event

    def _several(self, plan: Plan, usage: Usage, started: float, fired: list[str]) -> Iterator[Event]:
        found: list[Found] = []
        offset = 0
        for number, lookup in enumerate(plan.lookups):
            ask = lookup.ask
            if plan.combine == "read_the_file" and number == 1 and found and found[0].answer.sources:
                # The file the listing picked, named where the rank said it ("who wrote the newest PDF?"), is read,
                # not listed again.
                path = found[0].answer.sources[0]["path"]
                ask, named = RANKED_FILE.subn(lambda _: path, ask, count=1)
                ask = ask if named else f"{ask} (in {path})"
            elif lookup.where_the_first_was and found and found[0].answer.sources:
                paths = list(dict.fromkeys(source["path"] for source in found[0].answer.sources))
                ask = f"{ask} (in {paths[0]})" if len(paths) == 1 else ask
            if lookup.before is not None:
                found.append(figure_of(Found(Lookup(f"{lookup.before['question']} {ask}", lookup.label), answer_before(lookup.before)), plan.combine))
                continue
            answer = None
            for event in self.agent.run(ask, []):
                if isinstance(event, ToolChosen):
                    yield ToolChosen(event.step + offset, event.tool, event.args, event.by)
                elif isinstance(event, ToolFinished):
                    yield ToolFinished(event.step + offset, event.record, event.result)
                elif isinstance(event, Answered):
                    answer = event.answer
            offset += len(answer.steps)
            found.append(figure_of(Found(Lookup(ask, lookup.label), answer), plan.combine))
            if plan.combine == "read_the_file" and number == 1:
                break
        of_one_measure(found)
        not_taken_twice(found, plan.combine)
        text, sources = compose(plan, found)
        yield AnswerToken(text)
        for item in found:
            usage.merge(item.answer.usage)
        yield Answered(Answer(text, sources, [s for item in found for s in item.answer.steps], usage, time.perf_counter() - started,
                              [*fired, *dict.fromkeys(p for item in found for p in item.answer.policies)],
                              [d for item in found for d in item.answer.drafts]))


def answer_before(turn: dict) -> Answer:
    """A turn's answer as the user saw it, its sources numbered as its markers count them (a pipeline passes back
    the paths of `ask --json`'s sources in order, without their numbers)."""
    sources = [{**source, "n": source.get("n", number)} for number, source in enumerate(turn["sources"], 1)]
    return Answer(turn["answer"], sources, [], Usage())


QUOTED_ROW = re.compile(r"\bthe row \"[^\"]*\"")


def figure_of(item: Found, combine: str) -> Found:
    """The figure and the date the lookup's answer states: for the arithmetic its amounts first, then its spans of
    time ("5h 40m" is one figure, in seconds), then its numbers the lookup did not itself say; its first date (else its
    quoted row's: the day a payment came in), for later, earlier and the days between."""
    if not item.answer.sources:
        return item  # a figure no file gave is not a figure found
    # A table's row quoted after the cell it gives ("Rate is 4.2 (the row "Year: 2031; Rate: 4.2; Index: 0.97")")
    # is where the figure stands, not another figure found.
    text = QUOTED_ROW.sub("", MARKER.sub("", item.answer.text))
    stated = claims(text)
    item.dates = [(c.key, c.text) for c in stated if c.kind == "date"] or [
        (c.key, c.text) for c in claims(" ".join(QUOTED_ROW.findall(MARKER.sub("", item.answer.text)))) if c.kind == "date"]
    if item.dates:
        item.when, item.dated = item.dates[0]
    if combine in ("later", "earlier"):
        item.written = item.dated
        return item
    # A number the lookup itself says ("in 2024", "invoice 17") is what it asked about, not what it found.
    # So are the parts of a date it says ("on January 1, 2031": the 1 and the 2031).
    asked = {c.key for c in claims(item.lookup.ask) if c.kind == "number"} | {
        str(part) for c in claims(item.lookup.ask) if c.kind == "date" for part in c.key if part is not None}
    numbers = [c for c in stated if c.kind == "number" and c.key not in asked]
    spans = durations_in(text)
    # "5.25 hours" is a span of time, though written like an amount.
    for claim in [c for c in numbers if shape(c) == "amount" and not (not priced(c.text) and any(w.startswith(c.text) for _, w in spans))]:
        item.candidates.append((*signed(text, claim.text), "amount"))
    item.candidates += [(seconds, written, "duration") for seconds, written in spans]
    # The number of a span of time ("14" of "14 days") is that span, no figure of its own.
    item.candidates += [with_unit(text, *signed(text, c.text)) for c in numbers if shape(c) != "amount" and not any(w.startswith(c.text) for _, w in spans)]
    # A year said beside the figure ("for 2031", "in 2031") is when, not how much: last of all.
    item.candidates = sorted((c for c in item.candidates if c[0] is not None), key=lambda c: c[2] == "number" and bool(YEAR.fullmatch(c[1])))
    if item.candidates:
        item.value, item.written, item.kind = item.candidates[0]
    return item


def signed(text: str, written: str) -> tuple[float | None, str]:
    """A figure's value and how it is written, with the minus sign the text writes before it ("-5.983", "− 12,40 €"),
    which claims leave out."""
    value = value_of(written)
    if value is not None and re.search(rf"(?:^|[\s(:;=])[-−–]\s?{re.escape(written)}(?!\d)", text):
        return -value, f"-{written}"
    return value, written


def with_unit(text: str, value: float | None, written: str) -> tuple[float | None, str, str]:
    """A number and the unit the text writes after it: a file's size in bytes, whatever its unit ("640.5 KB" and
    "2.3 MB" are compared as sizes), another unit kept with the number ("12,000 km"), so a figure computed from them
    says it."""
    after = re.match(rf"(?:.*?[^\d.,])?{re.escape(written)}\s?([A-Za-z]{{1,5}})\b", text, re.S)
    unit = after.group(1) if after and value is not None else ""
    if unit.lower() in BYTE_UNITS:
        return value * UNITS[unit.lower()], f"{written} {unit}", "size"
    if unit and unit.lower() in MEASURES:
        return value, f"{written} {unit}", "number"
    return value, written, "number"


# Units a figure is measured in, written after it; words of sizes are their own (sizes are compared in bytes).
BYTE_UNITS = {"b", "kb", "kib", "mb", "mib", "gb", "gib", "bytes"}
MEASURES = {"km", "m", "cm", "mm", "kg", "g", "l", "ml", "kwh", "mj", "mph", "kmh", "hz", "mhz", "ghz", "w", "kw", "v"}


def value_of(written: str) -> float | None:
    match = NUMBER.search(written)
    try:
        return float(number_value(match)) if match else None
    except ValueError:
        return None


def of_one_measure(found: list[Found]) -> None:
    """Figures weighed against each other are of one measure: amounts and plain numbers, spans of time, or sizes (an
    invoice's "14 days" is no amount to take from an estimate's 310.20). Each lookup takes its first figure of the measure
    of the first lookup's, else of one every lookup has; one that has none has no figure."""
    measure = {"amount": "quantity", "number": "quantity", "duration": "duration", "size": "size"}
    stated = [item for item in found if item.kind]
    if len({measure[item.kind] for item in stated}) < 2:
        return
    held = [{measure[kind] for _, _, kind in item.candidates} for item in stated]
    shared = set.intersection(*held)
    wanted = measure[stated[0].kind] if measure[stated[0].kind] in shared else next(iter(sorted(shared)), measure[stated[0].kind])
    for item in stated:
        fitting = next((c for c in item.candidates if measure[c[2]] == wanted), None)
        item.value, item.written, item.kind = fitting if fitting else (None, "", "")


def not_taken_twice(found: list[Found], combine: str) -> None:
    """Two lookups for two things ("before", "after") whose answers both state one line ("went from 5h 40m to
    1h 55m") take its first figure twice: a later lookup whose figure (or date) an earlier one took takes the next
    figure of the same kind (the next date) its answer states, when there is one."""
    for at, item in enumerate(found):
        # The same for dates: the letter's date and the start date it offers, both read off one line.
        days = {f.when for f in found[:at] if f.when is not None}
        if item.when in days:
            other_day = next((d for d in item.dates if d[0] not in days), None)
            if other_day is not None:
                item.when, item.dated = other_day
                if combine in ("later", "earlier"):
                    item.written = item.dated
        taken = {(f.value, f.kind) for f in found[:at] if f.value is not None}
        if (item.value, item.kind) not in taken:
            continue
        other = next((c for c in item.candidates if c[2] == item.kind and (c[0], c[2]) not in taken), None)
        if other is not None:
            item.value, item.written, item.kind = other


def each_with_source(found: list[Found], sources: list[dict], dated: bool = False) -> str:
    """Each figure (or date) found, with its sources' markers: "the taxi: €9 [1]; the ferry: €30 [2]"."""
    return "; ".join(f"the {f.lookup.label}: {(shown := f.dated if dated else f.written)}{markers(f.answer, sources, shown)}" for f in found)


def day_of(item: Found) -> date | None:
    """The lookup's date as a calendar day, when the answer gave year, month and day."""
    year, month, day = item.when or (None, None, None)
    try:
        return date(year, month, day) if year and month and day else None
    except (TypeError, ValueError):
        return None


def days_apart(plan: Plan, found: list[Found], sources: list[dict]) -> str | None:
    """How many days lie between the two dates the lookups found, when the question asks how long between them
    ("how many days after ...", "how many weeks apart"): counted in code, not by the model."""
    days = [day_of(f) for f in found]
    if len(found) != 2 or not DAYS_APART.search(plan.question) or None in days:
        return None
    (first, first_day), (last, last_day) = sorted(zip(found, days), key=lambda pair: pair[1])
    listed = each_with_source([first, last], sources, dated=True)
    apart = (last_day - first_day).days
    if apart == 0:
        return f"Both fall on the same day ({listed})."
    weeks = f", {apart / 7:.1f} weeks" if re.search(r"\bweeks?\b", plan.question, re.I) else ""
    return f"The {last.lookup.label} came {apart} day{'s' if apart != 1 else ''}{weeks} after the {first.lookup.label} ({listed})."


def percent_of(plan: Plan, found: list[Found], sources: list[dict]) -> str | None:
    """A percentage the question asks for, from the two figures found: the share one is of the other ("what
    percentage of the budget"), or the change from the first to the second ("by what percent did it rise")."""
    if len(found) != 2 or not PERCENT_ASKED.search(plan.question) or any(f.value is None for f in found):
        return None
    first, second = found
    share = PERCENT_SHARE.search(plan.question)
    if share:  # a part of a whole, whichever the plan looked up first
        first, second = sorted(found, key=lambda f: f.value)
    elif [bool(BEFORE_CHANGE.search(f"{f.lookup.label} {f.lookup.ask}")) for f in found] == [False, True]:
        first, second = second, first  # a change starts from the figure from before it, whichever was looked up first
    base = second.value if share else first.value
    if not base:
        return None
    listed = each_with_source([first, second], sources)
    if share:
        return f"The {first.lookup.label} is {first.value / base * 100:.1f}% of the {second.lookup.label} ({listed})."
    change = (second.value - first.value) / base * 100
    moved = "rose" if change > 0 else "fell" if change < 0 else "stayed the same"
    # The change as a figure too, in what the two are written in: "in dollars and percent" asks both.
    by = f" by {abs(change):.1f}% or {written_like(abs(second.value - first.value), [first.written, second.written], [first.kind, second.kind])}" if change else ""
    return f"From the {first.lookup.label} to the {second.lookup.label} it {moved}{by} ({listed})."


def times_of(plan: Plan, found: list[Found], sources: list[dict]) -> str | None:
    """How many times the larger figure is the smaller, when the question asks so ("how many times higher"): computed
    here, where small models give the difference."""
    if len(found) != 2 or not TIMES_ASKED.search(plan.question) or any(not f.value for f in found):
        return None
    low, high = sorted(found, key=lambda f: abs(f.value))
    return f"The {high.lookup.label} is {high.value / low.value:.2f} times the {low.lookup.label} ({each_with_source([low, high], sources)})."


def renumbered(answer: Answer, sources: list[dict]) -> str:
    """The answer's text with its [n] markers pointing into the combined sources (added as they come)."""
    mapping = {}
    for source in answer.sources:
        known = next((s for s in sources if s["path"] == source["path"] and s.get("location") == source.get("location")), None)
        if known is None:
            known = {**source, "n": len(sources) + 1}
            sources.append(known)
        mapping[source["n"]] = known["n"]
    return MARKER.sub(lambda m: f" [{mapping.get(int(m.group(1)), int(m.group(1)))}]", answer.text)


def markers(answer: Answer, sources: list[dict], figure: str = "") -> str:
    """The markers of an answer's sources, in the combined numbering: of the line that states the figure, where the
    answer cites sources there (a figure picked from a listing of forty files is from one of them), else all of them."""
    text = renumbered(answer, sources)
    line = next((line for line in text.splitlines() if figure and figure in line), "")
    after = re.match(r"[^\[]*?((?:\s?\[\d{1,3}\])+)", line[line.index(figure) + len(figure):]) if line else None
    cited = [int(n) for n in MARKER.findall(after.group(1) if after else line)]
    if cited:
        return "".join(f" [{n}]" for n in dict.fromkeys(cited))
    return "".join(f" [{s['n']}]" for s in sources if any(s["path"] == a["path"] and s.get("location") == a.get("location") for a in answer.sources))


def written_like(value: float, like: list[str], kinds: list[str] = ()) -> str:
    """A computed figure written the way the answers wrote theirs: "€990.40" beside "€318.40", "3h 45m" beside
    spans of time."""
    if kinds and all(kind == "duration" for kind in kinds):
        return duration_words(value)
    if kinds and all(kind == "size" for kind in kinds):
        return human_size(value)
    # A unit every figure is written with ("km") is the computed figure's too.
    suffixes = [re.search(r"\d\s([A-Za-z]+)$", w) for w in like]
    unit = f" {suffixes[0].group(1)}" if suffixes and all(suffixes) and len({m.group(1) for m in suffixes}) == 1 else ""
    sign = next((currency_written(w) for w in like if currency_written(w)), "")
    # As many decimals as the most precise figure ("107.8040" and "106.7754" differ by 1.0286, not by 1).
    decimals = max((len(m.group(1) or m.group(2)) for w in like if (m := re.search(r"\.(\d{1,4})(?:\s[A-Za-z]+)?$|,(\d\d)(?:\s[A-Za-z]+)?$", w.strip()))), default=0)
    number = f"{value:,.{decimals}f}"
    return f"{sign}{number}" if sign else f"{number}{unit}"


def compose(plan: Plan, found: list[Found]) -> tuple[str, list[dict]]:
    """The answer from the lookups' answers: each part said with its sources, and the figure the plan asks for
    computed here, or said to be missing."""
    sources: list[dict] = []
    if plan.combine == "read_the_file":
        first, second = found[0], found[-1]
        path = first.answer.sources[0]["path"] if first.answer.sources else ""
        body = renumbered(second.answer, sources)
        return (f"{body}\n\n(From {path}, the file that \"{first.lookup.ask}\" picks.)" if path else body), sources
    computed = days_apart(plan, found, sources) or percent_of(plan, found, sources) or times_of(plan, found, sources)
    if computed:
        return computed, sources
    undated = [f.lookup.label for f in found if day_of(f) is None] if DAYS_APART.search(plan.question) and len(found) == 2 else []
    if undated:
        # Days apart asked and a day not found: the other figures the answers state are no stand-in for it.
        parts = [f"{f.lookup.label[:1].upper()}{f.lookup.label[1:]}: {renumbered(f.answer, sources)}" for f in found]
        parts.append(f"I found no date for the {' and the '.join(undated)} in the files, so I could not count the days between them.")
        return "\n".join(parts), sources
    if plan.combine == "none" or (plan.combine in ("sum", "difference", "larger", "smaller") and any(f.value is None for f in found)) \
            or (plan.combine in ("later", "earlier") and any(f.when is None for f in found)):
        parts = [f"{f.lookup.label[:1].upper()}{f.lookup.label[1:]}: {renumbered(f.answer, sources)}" for f in found]
        missing = [f.lookup.label for f in found if plan.combine != "none" and f.value is None and f.when is None]
        if missing:
            parts.append(f"I found no figure for the {' and the '.join(missing)} in the files, so I could not work out the {plan.combine}.")
        return "\n".join(parts), sources
    listed = each_with_source(found, sources)
    if plan.combine in ("later", "earlier"):
        def key(item: Found) -> tuple:
            year, month, day = item.when
            return (year or 0, month, day)

        pick = (max if plan.combine == "later" else min)(found, key=key)
        return f"The {plan.combine} is the {pick.lookup.label}, on {pick.written} ({listed}).", sources
    values = [f.value for f in found]
    written, kinds = [f.written for f in found], [f.kind for f in found]
    if plan.combine == "sum":
        return f"Together they come to {written_like(sum(values), written, kinds)} ({listed}).", sources
    if plan.combine == "difference":
        high, low = max(found, key=lambda f: f.value), min(found, key=lambda f: f.value)
        if high.value == low.value:
            return f"They are the same ({listed}).", sources
        apart = written_like(high.value - low.value, written, kinds)
        if REMAINDER.search(plan.question):  # what is left of the larger once the smaller is taken off
            return f"That leaves {apart} ({listed}).", sources
        return (f"The {high.lookup.label} is higher by {apart} ({listed}).", sources)
    pick = (max if plan.combine == "larger" else min)(found, key=lambda f: f.value)
    if sum(f.value == pick.value for f in found) > 1:  # none is larger than the others: they are level
        return f"They are the same ({listed}).", sources
    return f"The {plan.combine} is the {pick.lookup.label}, {pick.written} ({listed}).", sources

