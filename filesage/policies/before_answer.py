"""Checks of the answer before it stands: the not-found answer said plainly, denials that the results contradict,
an answer without the kind of figure asked for, claims the results do not bear out, figures from a line about
something else. A check sends the draft back while it has retries left (Retry), then settles it (otherwise)."""

from __future__ import annotations

import re
from functools import cache

from ..agent import prompts
from ..agent.decisions import Accept, Retry
from ..agent.planner import value_of, written_like
from ..agent.state import Turn
from ..grounding.claims import (
    MARKER,
    UNCONFIRMED,
    Evidence,
    claims,
    confirmed_part,
    remove_claims,
    says_not_found,
    unsupported,
)
from ..grounding.lines import OWNER, shape, unconnected
from ..language.glossary import term_of, translations
from ..language.lexicon import (ASKED_KIND, HOW_MUCH_WAS, LIST_ASKED, MONEY_WORDS, ONE_VALUE_ASKED, OPTION_ASKED, OPTION_NAMED, SETTING_NAMED, SUMMARY_ASKED, SUMMED,
                                THINGS_ASKED)
from ..language.question import asked_phrases, asks_what_files_say, combines_asked_for, months_asked, quoted_in, subject_words
from ..language.figures import MONEY, MONTH_NAMES, contacts_asked, currency_of, gives_contact
from ..language.names import question_language
from ..language.text import is_piece_heading, singular, terms, uninflected, words
from ..llm.parser import ToolCall
from ..tools.inside import UNDATED
from ..tools.listing import dated_months, document_months
from ..tools.registry import CONTENT_TOOLS
from ..tools.result import NOTE_OPENS
from .reading import (
    dated_line,
    document_lines,
    found_anything,
    line_most_about,
    line_naming_everything,
    line_sharing_most,
    names_in,
    opening_of,
    previous_question,
    quoted,
    searched_scope,
    what_was_searched,
    words_of_unsaid_phrases,
)


MARKER_NUMBER = re.compile(r"\[(\d+)\]")
# The head of a tool's result ("From notes/a.md (lines 3-9):", "Result of semantic_search:"), copied into a draft.
RESULT_HEAD = re.compile(r"\bFrom \S+(?:\s*\[\d+\])?\s*\((?:lines?|p\.|pages?|sheet|rows?)\b|\bResult of \w+:")


def copies_the_prompt(draft: str, told: list[str] = ()) -> bool:
    """A draft made of the prompt's own words: the head of a result, a stretch said three times over, or eight
    words in a row of what the program told the model (`told`: "You have 4 tool calls left: call one of ...")."""
    if RESULT_HEAD.search(draft):
        return True
    pieces = [p.strip(" :;,.") for p in re.split(r"\[\d+\]|\n", draft)]
    if any(len(p) >= 30 and pieces.count(p) >= 3 for p in pieces):
        return True
    runs = {tuple(said[at:at + 8]) for text in told for said in [re.findall(r"\w+", text.lower())] for at in range(len(said) - 7)}
    drafted = re.findall(r"\w+", draft.lower())
    return any(tuple(drafted[at:at + 8]) in runs for at in range(len(drafted) - 7))


def told_the_model(turn: "Turn") -> list[str]:
    """What the program told the model in this turn beside the results: its requests to answer again, to call
    another tool, the instructions after a result."""
    # The turn starts where its question was put, as the user asked it or as a policy rewrote it: the conversation
    # before it is the user's, which an answer may well repeat.
    questions = [prompts.QUESTION.format(question=q) for q in (turn.question, turn.asked)]
    asked = next((at for at in range(len(turn.messages) - 1, -1, -1) if turn.messages[at]["content"] in questions), 0)
    told = [str(m["content"]).rsplit("\n\n", 1)[-1] if str(m["content"]).startswith("Result of") else str(m["content"])
            for m in turn.messages[asked + 1:] if m["role"] == "user"]
    # The question said again is no request of the program's: an answer may well repeat it.
    for question in (*questions, turn.question, turn.asked):
        told = [text.replace(question, "") for text in told]
    return told


def answers_are_not_the_prompt_copied(turn: "Turn", draft: str | None) -> Accept | Retry | None:
    """Small models, given a long result, sometimes copy the prompt instead of answering it: the question, then
    the result's head ("From docs/NEWS (lines 120-151):") over and over until the tokens run out, or the program's
    own request to answer again ("You have 4 tool calls left ..."). Such a draft
    goes back once asking for one sentence; a second one gives the found line most about the question, or, when
    none is about it (a file asked to be summarised), the opening lines of what was read: something was found.
    A draft that says the question back before its answer loses the question."""
    if draft is None:
        return None
    if not copies_the_prompt(draft, told_the_model(turn)):
        asked = [re.escape(q.strip()) for q in {turn.question, turn.asked} if q.strip()]
        rest = re.sub(rf"^\s*(?:{'|'.join(asked)})\s*(?:\[\d+\]\s*)*", "", draft, flags=re.I) if asked else draft
        return Accept(rest[:1].upper() + rest[1:]) if rest != draft and says_something(rest, turn.question) else None
    found = turn.content_found
    line = line_most_about(turn.question, found) or line_sharing_most(turn.question, found) or opening_of(found)
    otherwise = quoted(turn, line) if line else \
        Accept(prompts.NOT_FOUND.format(folder=turn.folder, searched=what_was_searched(turn)), as_written=True)
    return Retry(prompts.COPIED_RETRY.format(line=prompts.HOLLOW_LINE.format(line=line) if line else ""), [], answer_only=True, otherwise=otherwise)


def not_found_is_said_plainly(turn: "Turn", draft: str | None) -> Accept | None:
    """After tools that found nothing about what was asked, small models still answer: from memory, from
    an unrelated passage, or by guessing. The answer then says it found nothing and names what was
    searched, whatever the model would write (and without asking it)."""
    if turn.steps and not found_anything(turn):
        return Accept(prompts.NOT_FOUND.format(folder=turn.folder, searched=what_was_searched(turn)), as_written=True)
    return None


def what_no_file_mentions_is_not_found(turn: "Turn", draft: str | None) -> Accept | None:
    """A question about something the folder has nothing on (a recipe it lacks, a parking space a lease never
    mentions, a product no manual covers) gets the closest passages back, and small models answer from them with a
    figure about something else. When a word of what the question asks about is in no file of the folder at all
    (nor another form or a close spelling of it, nor its translation into the folder's other languages), the
    answer says so and names what was searched. When the searches found something, a single such word is as often
    the kind of thing asked ("temperature") or another word for what the files say ("mileage"), so only a name counts
    (written with a capital, or whose the thing is: "the landlord's letter") or a thing named in words no file says."""
    if turn.said_in_files is None or not any(step.tool in CONTENT_TOOLS for step in turn.steps):
        return None
    # An option or a setting the question names ("--frobnicate", "max_hops") is said as written or it is not there:
    # in the documents the search was kept to (the program's own manual), when it was kept to some.
    scope = searched_scope(turn)
    literal = [name for name in dict.fromkeys(OPTION_NAMED.findall(turn.question) + SETTING_NAMED.findall(turn.question))
               if not turn.said_in_files(name, scope or None) and not turn.names_a_file(name)]
    if literal:
        named = " or ".join(f"'{name}'" for name in literal)
        return Accept(prompts.NOT_MENTIONED.format(folder=turn.folder, words=named, searched=what_was_searched(turn)), as_written=True)
    translated = translations(terms(turn.question), set(turn.languages()))
    # A word of a file's own name ("the paper in scans/paper_0042.pdf") is what the folder calls that file.
    file_named = turn.tree_words()
    absent = [word for word in subject_words(turn.question)
              if singular(word) not in file_named and not turn.said_in_files(uninflected(word, turn.question))
              and not any(turn.said_in_files(w) for w, term in translated.items() if term == term_of(word))]
    languages, language = turn.languages(), question_language(turn.question)
    # Words of a language no file is written in say nothing of what the files hold ("¿cuándo vence?"); nor do the
    # words of a question in a language whose words of asking are not known here, or in no language the question's
    # short words tell (only its names count), found or not: "hoeveel" is in no file of English data.
    foreign = (languages and language not in languages) or language not in ("English", "German")
    if not turn.content_found and foreign:
        absent = [word for word in absent if word in names_in(turn.question)]
    if turn.content_found:
        # Whose the thing is names it as a name does; so do words the question quotes or brackets (the document's own).
        owners = {word.lower() for word in OWNER.findall(turn.question)} | {w.lower() for said in quoted_in(turn.question) for w in words(said)}
        named, phrased = names_in(turn.question) | owners, words_of_unsaid_phrases(turn.question, set(absent))
        if foreign:
            phrased = set()
        elif language == "German":
            # German writes every noun with a capital: a thing named is capitalised, "liegen zwischen" is no thing.
            capitalised = {w.lower() for w in re.findall(r"(?<![.?!]\s)(?<!^)\b[A-ZÄÖÜ][\wäöüß]*", turn.question.strip())}
            phrased = {w for w in phrased if w in capitalised}
        absent = [word for word in absent if word in named or word in phrased]
    if not absent:
        return None
    named = " or ".join(f"'{word}'" for word in absent)
    return Accept(prompts.NOT_MENTIONED.format(folder=turn.folder, words=named, searched=what_was_searched(turn)), as_written=True)


def a_month_asked_is_one_the_sources_are_of(turn: "Turn", draft: str | None) -> Accept | Retry | None:
    """Asked for a document of a month the folder has none of ("the April bill", "my January statement"), a search
    brings the same kind of document of a neighbouring month, and small models give its figure as the month's. When
    the question names one month of a year, or a span or quarter of a year's months ("July to September", "Q1"), and
    no file the answer rests on is of one of them (by its name, the period it states, or a date or month its text
    says, in any language), the answer says so, with the months those files are of; when a file the search found is
    of the month, the draft is answered again from it."""
    asked, said = months_asked(turn.question)
    if draft is None or not asked or says_not_found(draft, "") or turn.tree is None:
        return None
    steps = [step for step in turn.steps if step.found and step.paths]
    if not steps or any(step.tool not in ("semantic_search", "read_file") for step in steps):
        return None
    cited = {int(n) for n in MARKER_NUMBER.findall(draft)}
    paths = list(dict.fromkeys(s.path for s in turn.citations.sources if s.number in cited)) or steps[-1].paths
    # A month of any year ("the June rehearsal") is what a dated file name says it is of, before the months its
    # text names (a motion numbered "2031-02" in January's minutes).
    anyyear = all(year == 0 for year, _ in asked)
    months = {path: (anyyear and dated_months(path)) or dated_months(path) | document_months(document_lines(turn.tree, path))
              for path in dict.fromkeys([*paths, *(path for step in steps for path in step.paths)])}
    of_the_month = [path for path, found in months.items() if asked & (found | {(0, month) for _, month in found})]
    if any(path in of_the_month for path in paths):
        return None
    if of_the_month:
        return Retry(prompts.MONTH_RETRY.format(month=said, path=of_the_month[0]), [], answer_only=True)
    of = "; ".join(f"{path} ({', '.join(f'{MONTH_NAMES[m]} {y}' for y, m in sorted(months[path])[:4]) or 'no month'})" for path in paths)
    return Accept(prompts.NOT_OF_THE_MONTH.format(month=said, files=of, searched=what_was_searched(turn)), as_written=True)


def follow_ups_answer_about_what_they_name(turn: "Turn", draft: str | None) -> Retry | None:
    """A follow-up that names another thing than the question before ("what about the Tarn branch then?" after
    one about the Lyon branch): small models retell the answer before with the new figure under the old name.
    A draft that names what the question before named and the follow-up replaced, and nothing the follow-up
    names, goes back once saying what the question is about; a second time the found line most about it is
    quoted."""
    if draft is None or not turn.history or not turn.content_found:
        return None
    now, before = names_in(turn.question), names_in(previous_question(turn))
    replaced = before - now
    lowered = draft.lower()
    if not now or not replaced or any(re.search(rf"\b{re.escape(name)}\b", lowered) for name in now):
        return None
    named = [name for name in sorted(replaced) if re.search(rf"\b{re.escape(name)}\b", lowered)]
    if not named:
        return None
    line = line_most_about(turn.question, turn.content_found) or line_sharing_most(turn.question, turn.content_found)
    said = prompts.HOLLOW_LINE.format(line=line) if line else ""
    message = prompts.SUBJECT_RETRY.format(now=" and ".join(sorted(now)), before=" and ".join(named), line=said)
    return Retry(message, [], answer_only=True, otherwise=quoted(turn, line) if line else None)


def denials_must_hold(turn: "Turn", draft: str | None) -> Accept | Retry | None:
    """Small models say the files do not have what a result states in so many words (no phone number
    for a person, beside the row that gives it). A draft that says nothing was found, while a found line names
    everything the question names, goes back once with that line; a second denial gives the line itself."""
    if draft is None or not turn.content_found or not says_not_found(draft, ""):
        return None
    line = line_naming_everything(turn.question, turn.content_found)
    if not line:
        return None
    return Retry(prompts.DENIAL_RETRY.format(line=line), [], answer_only=True, otherwise=Accept(prompts.QUOTED_LINE.format(line=line)))


def answers_give_what_was_asked(turn: "Turn", draft: str | None) -> Accept | Retry | None:
    """Small models answer a question for a date or an amount with something else the results say (who owns
    the task, when asked when it is due; the vendor, when asked for the total), often retelling the previous
    answer in a follow-up. A draft without a figure of the kind asked, while the results hold one, goes back
    once saying what the question asks for. What a bill, a fee or a rent came to is an amount of money, not the
    kWh or the hours the bill also states; "which option ..." asks for the option, not what it does. Asked for an
    e-mail address, a web address or a phone number, they give what the line about the person has (a phone number
    as the e-mail address): a draft without one of that shape goes back when a line naming what was asked holds one,
    and says that none was found when no line does. Asked when, where the tool read a line that gives no date, so says the answer."""
    if draft is None or not turn.content_found or says_not_found(draft, ""):
        return None
    asked = contacts_asked(turn.question)
    missing = [kind for kind in asked if not gives_contact(kind, draft)]
    if missing:
        named = names_in(turn.question)
        lines = [line for text in turn.content_found for line in text.splitlines() if not named or named & set(words(line))]
        held = [kind for kind in missing if any(gives_contact(kind, line) for line in lines)]
        if held:
            return Retry(prompts.KIND_RETRY.format(kind=" and ".join(f"{'an' if k[0] in 'aeiou' else 'a'} {k}" for k in held)), [], answer_only=True)
        lacking = prompts.NO_CONTACT.format(kinds=" or ".join(missing), searched=what_was_searched(turn))
        return Accept(lacking if len(missing) == len(asked) else f"{draft}\n\n{lacking}", as_written=True)
    if OPTION_ASKED.search(turn.question):
        # "Which option shows ...": an option as the manual writes it ("-f"), not what it does retold.
        if OPTION_NAMED.search(draft) or not any(OPTION_NAMED.search(text) for text in turn.content_found):
            return None
        return Retry(prompts.KIND_RETRY.format(kind="an option (such as -x or --name)"), [], answer_only=True)
    kind = next((kind for kind, said in ASKED_KIND if said.search(turn.question)), None)
    # "When ...": a tool that read the thing's own line and says it gives no date is the answer, not the line retold.
    undated = next((line for text in turn.content_found for line in text.splitlines() if UNDATED in line), None)
    if undated and (kind == "date" or re.match(r"\W*when\b", turn.question, re.I)) and not any(c.kind == "date" for c in claims(draft)):
        return Accept(prompts.NO_DATE_GIVEN.format(line=undated[: undated.index(UNDATED)].rstrip(", ")))
    kind = "amount" if kind == "number" and (MONEY_WORDS.search(turn.question) or HOW_MUCH_WAS.search(turn.question)) else kind

    def of_kind(claim) -> bool:
        return shape(claim) == "amount" if kind == "amount" else claim.kind == kind

    if kind is None or any(of_kind(c) for c in claims(draft)):
        return None
    if not any(of_kind(c) for text in turn.content_found for c in claims(text)):
        return None
    asked = {"date": "a date", "number": "a number or amount", "amount": "an amount of money"}[kind]
    line = line_most_about(turn.question, turn.content_found, of_kind)  # to quote when the same draft comes again
    return Retry(prompts.KIND_RETRY.format(kind=asked), [], answer_only=True, otherwise=quoted(turn, line) if line else None)


# A file's path or name in an answer ("From notes/2031-04 trip.md [1]."): where it was found, not what it says;
# options written together ("-n/--noempty") are what a manual or changelog says.
PATH = re.compile(r"(?<!\S)[\"'“‘(]*(?![-\"'“‘(])\S*/\S+|\b[\w-]+(?:\.[\w-]+)*\.[A-Za-z][A-Za-z0-9]{0,4}\b")


# A citation marker where the value belongs ("the release date is [1].", "it was [2] with ...", "its speed was [1]
# seconds."): the sentence names its source and leaves out what the source says.
MARKER_FOR_VALUE = re.compile(r"\b(?:is|are|was|were|on|in|at|from|by|to|dated|called|named)\s+(?:\[\d+\][,\s]*)+(?=[.;:!?]|$|with\b|[^\W\d_]+[.;:!?]?\s*$)", re.I)


def says_something(draft: str, question: str, paths_say: bool = True) -> bool:
    """The draft states something the question does not: a figure, date, code or quote, a name written with a
    capital, or a word of five letters or more; not counting the files' paths unless they are what was asked,
    nor a sentence that puts a citation marker where its value belongs."""
    asked_claims = {c.key for c in claims(question)}
    # A sentence with a marker where its value belongs says nothing, unless it gives a figure elsewhere
    # ("it cost EUR 80.00, from the statement in [2]").
    draft = " ".join(s for s in re.split(r"(?<=[.!?])\s+|\n+", draft)
                     if not MARKER_FOR_VALUE.search(s) or any(c.key not in asked_claims for c in claims(s)))
    if not paths_say:
        draft = PATH.sub(" ", draft)
    if any(c.key not in asked_claims for c in claims(draft)):
        return True
    asked = terms(question)
    names = re.findall(r"(?<![.!?]\s)(?<!^)\b[A-Z][\w'-]+", MARKER.sub("", draft).strip())
    # "ENTR_RESTART_SIGNAL" says no more than a question's "entr restart signal".
    spaced = re.sub(r"[\s_-]+", " ", question.lower())
    if any(re.sub(r"[\s_-]+", " ", name.lower()) not in spaced for name in names):
        return True
    return any(len(term) >= 5 for term in terms(draft) - asked)


def answers_say_more_than_the_question(turn: "Turn", draft: str | None) -> Retry | None:
    """Small models write an answer that only turns the question round ("You have a seat on the flight back",
    "It dropped support on [1] and came out on [1]", or only the file it is in), with the value asked for left
    out, or, to a follow-up, retell the answer before it. A draft that says nothing the question does not, while the tools found something, goes back with the
    found line most about the question; a second such draft gives that line."""
    if draft is None or not turn.content_found or says_not_found(draft, ""):
        return None
    # A follow-up's draft that retells an answer before it ("what's his title?" answered with the name again, or
    # a third turn with the first turn's answer) says nothing that the conversation has not said.
    before = next((str(t.get("content", "")) for t in reversed(turn.history) if t.get("role") == "assistant" and retells(draft, str(t.get("content", "")))), "")
    retold = bool(before)
    known = f"{turn.question}\n{before}" if retold else turn.question
    if says_something(draft, known, paths_say=not asks_what_files_say(turn.question, turn.tree_words())):
        return None
    line = line_sharing_most(turn.question, turn.content_found) or dated_line(turn.question, turn.content_found)
    said = prompts.HOLLOW_LINE.format(line=line) if line else ""
    message = (prompts.RETOLD_RETRY if retold else prompts.HOLLOW_RETRY).format(line=said, question=turn.question)
    if line:
        return Retry(message, [], answer_only=True, otherwise=quoted(turn, line))
    if retold:
        # What the answer before said may be the answer again ("and in which release?"): it stands.
        return Retry(message, [])
    # Twice nothing said, and no line found about the question: the files do not answer it.
    return Retry(message, [], otherwise=Accept(prompts.NOT_FOUND.format(folder=turn.folder, searched=what_was_searched(turn)), as_written=True))


def retells(draft: str, before: str) -> bool:
    """Most of what a draft says was said in the answer before it."""
    said = terms(MARKER.sub("", draft))
    return bool(said) and len(said & terms(before)) >= 0.8 * len(said)


# A line of a list: "- ...", "* ...", "2. ...".
LISTED_LINE = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+", re.M)


def one_value_asked_is_one_line_answered(turn: "Turn", draft: str | None) -> Accept | Retry | None:
    """Asked for one value ("how often does the job retry by default", "what is the frame's checksum size"), small
    models retell every line the search found as a list, the one about the question among them or not, and the
    reader is left to pick. A draft of three or more listed lines for a question that asks one value (one asking,
    for a count, a date or "what is the X", and no list, all or every) goes back with the found line most about the
    question; a second list gives that line."""
    question = turn.question
    if draft is None or not turn.content_found or len(LISTED_LINE.findall(draft)) < 3:
        return None
    if len(asked_phrases(question)) != 1 or not ONE_VALUE_ASKED.search(question) or LIST_ASKED.search(question):
        return None
    line = line_most_about(question, turn.content_found) or line_sharing_most(question, turn.content_found)
    if not line:
        return None
    return Retry(prompts.ONE_VALUE_RETRY.format(line=line), [], answer_only=True, otherwise=quoted(turn, line))


def claims_must_be_in_the_results(turn: "Turn", draft: str | None) -> Accept | Retry | None:
    """Small models write numbers, dates, names and codes the results never state (from memory, or mixed
    from two results). A draft whose claims the turn's evidence does not bear out goes back once with
    what is unsupported; a second failure loses the sentences that make those claims. When nothing is left, what
    a draft before confirmed stands (asked again, a small model often keeps only the claim it made up: "paid on"
    today's date, without the deposit it had right), else the found line most about the question is quoted (a year
    the model made a full date of)."""
    if draft is None or (not turn.steps and not turn.history):
        return None
    bad = unsupported(draft, turn.evidence)
    if not bad:
        return None
    kept = remove_claims(draft, bad)
    before = confirmed_before(turn) if kept.startswith(UNCONFIRMED) else ""
    line = line_most_about(turn.question, turn.content_found) if kept.startswith(UNCONFIRMED) and not before else ""
    # Nothing confirmed, and nothing found names what was asked (a release no NEWS has): nothing found answers it.
    settled = Accept(f"{prompts.NOT_FOUND.format(folder=turn.folder, searched=what_was_searched(turn))} {kept}", as_written=True) \
        if kept.startswith(UNCONFIRMED) and not found_anything(turn) else Accept(kept)
    return Retry(prompts.grounding_retry([c.text for c in bad], turn.tools_left(), turn.steps_left()), [c.text for c in bad],
                 otherwise=Accept(before) if before else quoted(turn, line) if line else settled)


def confirmed_before(turn: "Turn") -> str:
    """The latest earlier draft of the turn that states a claim the evidence bears out, without its unsupported
    sentences; empty when none does. A draft that copied the prompt confirms nothing: the figures of the program's
    own request ("3 tool calls left") are no answer."""
    told = told_the_model(turn)
    for earlier in reversed(turn.drafts):
        if copies_the_prompt(earlier["text"], told):
            continue
        kept = remove_claims(earlier["text"], unsupported(earlier["text"], turn.evidence))
        if claims(confirmed_part(kept)):
            return kept
    return ""


def figures_come_from_the_line_asked_about(turn: "Turn", draft: str | None) -> Accept | Retry | None:
    """A small model answering from several passages takes a figure that is in the results but belongs to
    something else: the total of a neighbouring invoice, the next row of a table, a date from another section.
    A draft that says what was asked and then goes on about other things loses the sentences with those
    figures; one whose answer itself is such a figure goes back once; a second failure loses the sentences
    that make those claims."""
    if draft is None or not turn.content_found:
        return None
    # What the documents say, not the dates and sizes of a listing, is where an answer's figures must connect.
    evidence = Evidence([turn.question, *turn.content_found])
    translated = translations(terms(turn.question), set(turn.languages()))
    bad, line = unconnected(draft, turn.question, evidence, translated)
    things = THINGS_ASKED.search(turn.question)
    if bad and things:
        # Two things asked ("the fee and the deadline"): a figure from the line about either one is connected.
        for thing in ("first", "second"):
            asked_alone = turn.question[: things.start(thing)] + turn.question[things.end(thing):]
            bad = [claim for claim in bad if claim in unconnected(draft, asked_alone, evidence, translated)[0]]
    if not bad:
        return None
    # The rest of the draft still says something (more than which file it read), and all of it about what was asked:
    # the answer, trimmed.
    removed = remove_claims(draft, bad)
    rest = removed.rsplit(f"\n\n{UNCONFIRMED}", 1)[0]
    says_more = any(c.kind != "file" and not re.search(r"\.\w{1,5}$", c.text) for c in claims(rest))
    if not rest.startswith(UNCONFIRMED) and says_more and not unconnected(rest, turn.question, evidence, translated)[0]:
        return Accept(rest)
    # Twice a figure from the wrong line: the line that is about the question is the answer, quoted.
    kept = rest if line else removed
    said = quoted(turn, line) if line else None
    alone = said is not None and (said.as_written or kept.startswith(UNCONFIRMED) or not kept.strip())
    otherwise = Accept(kept) if said is None else said if alone else Accept(f"{kept}\n\n{said.text}")
    return Retry(prompts.unconnected_retry([c.text for c in bad], line), [c.text for c in bad], answer_only=bool(line), otherwise=otherwise)


def calls_where_the_answer_belongs_are_asked_again(turn: "Turn", call: ToolCall) -> Retry:
    """Asked for its answer, a small model sometimes writes another tool call, repeating itself. It is asked
    once more; the second time, the last result found stands as the answer."""
    found = prompts.RESULT_AS_ANSWER.format(result=turn.last_found) if turn.last_found else prompts.NO_ANSWER
    return Retry(prompts.FORCED_ANSWER, [], answer_only=True, otherwise=Accept(found))


def totals_asked_are_added_in_code(turn: "Turn", draft: str | None) -> Accept | None:
    """Asked for a total that the files give only in parts ("ferry €40, two nights €210, meals ~€75"), small models
    name the parts and leave the adding to the reader, or add them wrongly. A draft to a question that asks for a
    sum and nothing else, stating two or more amounts of one currency, none of them a total a found line gives and
    none their sum, gets the sum computed here."""
    if draft is None or not turn.content_found or combines_asked_for(turn.question) != {"none", "sum"}:
        return None
    def amounts_in(text: str) -> list[str]:
        return [a.strip().rstrip(",.") for a in MONEY.findall(text)]

    def currencies_of(amounts: list[str]) -> set[str]:
        return {currency_of(a) for a in amounts}

    amounts = amounts_in(confirmed_part(MARKER.sub("", draft)))
    currencies = currencies_of(amounts)
    values = [value_of(a) for a in amounts]
    if len(amounts) < 2 or len(currencies) != 1 or None in values:
        return None
    lines = [line for text in turn.content_found for line in text.splitlines()]

    @cache
    def figures(text: str) -> frozenset[str]:
        return frozenset(c.key for c in claims(text) if c.kind == "number")

    def on(line: str, amount: str) -> bool:  # by value, as any country writes it ("R16 146,00")
        return bool(figures(amount) & figures(line))

    if any(SUMMED.search(line) and on(line, a) for a in amounts for line in lines):
        return None  # a figure the files call a total is the answer, not a part of it
    # The line that gives the parts gives all of them, where a draft may leave one out.
    listing = next((line for line in lines if all(on(line, a) for a in amounts)), "")
    parts = amounts_in(listing.rsplit(" › ", 1)[-1])
    if len(parts) > len(amounts) and currencies_of(parts) == currencies and None not in map(value_of, parts):
        amounts, values = parts, [value_of(a) for a in parts]
    total = sum(values)
    if any(abs(2 * v - total) < 0.005 for v in values):
        return None  # one figure is the sum of the others: the draft gives it already
    return Accept(f"{draft}\n\n{prompts.ADDED_UP.format(total=written_like(total, amounts), parts=' + '.join(amounts))}")


# How many lines a file read whole may have for a summary to quote them all.
SHORT_FILE_LINES = 12


def summaries_give_what_the_file_states(turn: "Turn", draft: str | None) -> Accept | None:
    """Asked what a file says, small models describe it ("a sheet named Travel with data about costs") and leave
    out everything it states. A summary that gives none of the figures or dates of a short file it read whole
    gets the file's lines, as they read."""
    if draft is None or not SUMMARY_ASKED.search(turn.question):
        return None
    read = [result for step, result in zip(turn.steps, turn.results) if step.tool == "read_file" and step.found]
    # A figure or a date of its own; a file's name ("costs_2031.xlsx") or a quoted word is none, and so is a figure the
    # claims check took out and names in its note ("I could not confirm 1575 ...").
    if not read or any(c.kind == "date" or (c.kind == "number" and len(re.sub(r"\D", "", c.text)) >= 2) for c in claims(confirmed_part(draft))):
        return None
    result = read[-1]
    body = result.text.splitlines()[1:]  # under the head that says which file and where
    # Read whole: no note of parts that follow or of a file read only in part.
    if any(line.startswith(NOTE_OPENS) for line in body):
        return None
    lines = [line.strip() for line in body if line.strip() and not is_piece_heading(line)]
    if not lines or len(lines) > SHORT_FILE_LINES or not any(re.search(r"\d", line) for line in lines):
        return None
    return Accept(f"{draft}\n\n{prompts.FILE_READS.format(lines=chr(10).join(f'- {line}' for line in lines))}")
