"""What a question asks beyond its filters: what a count counts, how a question over many files combines them,
which kinds of document it names, whether it asks about files themselves, and whether it asks the one before again."""

from __future__ import annotations

import re

from .figures import CODE, MONTH_NAMES, MONTH_WORD, months_mentioned, months_named
from .filters import detect_order, read_question
from .lexicon import (
    MONTHS_SPANNED,
    RANKED_FILE,
    ADDED_UP,
    ASKING,
    ASKING_AGAIN_TEXT,
    ASKINGS_PART,
    ASKS_FILES_ANYWHERE,
    AUXILIARIES,
    COMBINE_TERMS_TEXT,
    COMBINE_WORDS,
    COMPARED,
    COUNTED,
    COUNTED_FILE_WORDS,
    COUNT_AFTER,
    COUNT_WORDS,
    DAYS_APART,
    DEFAULT_ASKED,
    DIFFERENCE_WORDS,
    REMAINDER,
    DOCUMENT_FRAME,
    EDITING,
    EVERYDAY_TYPES,
    FILE_AND_FOLDER_NOUNS,
    FILE_ASPECTS,
    FILE_FACTS,
    FILE_FACT_NOUN,
    FILE_FACT_NOUNS_ASKED,
    FILE_NOUNS,
    FILE_SIZE_MODIFIERS,
    FIND_THEN_READ,
    FOLDER_CONTENTS,
    FOLDER_SPACE_OR_PARTS,
    FOLDER_NOUNS,
    FOLLOW_UP,
    HAS_CONTENT,
    INSTRUCTIONS,
    LANGUAGE_WORDS,
    LEADING_WORDS,
    LISTED_COUNT,
    MANY_WORDS,
    MORE_THAN,
    NAMED_FILE_FACTS,
    MONTHS,
    NOT_THE_THING,
    ONLY_FILE_FACTS,
    OPTION_NAMED,
    ORDER_IN_TIME,
    PARTS_ASKED,
    PERCENT_ASKED,
    PARTICIPLE,
    PHRASE_ENDS,
    PLURAL,
    POLITE_WORDS,
    PREPOSITIONS,
    QUESTION_WORDS,
    QUOTED,
    RANKED_BETWEEN,
    RELATIVE_YEAR,
    SETTING_NAMED,
    SUBJECTLESS,
    SUMMED,
    TYPE_FOLLOWERS,
    YEAR,
    alternatives,
)
from .matching import kin_words, type_extensions
from .names import proper_names
from .text import singular, terms, words

# Words that ask the question before again without adding to it ("ok, now do 2023", and the short words of any
# language told apart: "en in april?", "et en avril ?"), and words of a question over many files that say how to
# combine them rather than what a document's line says.
ASKING_AGAIN = terms(ASKING_AGAIN_TEXT) | terms(" ".join(word for said in LANGUAGE_WORDS.values() for word in said))
COMBINE_TERMS = terms(COMBINE_TERMS_TEXT)


def years_asked(question: str, previous: str) -> list[str]:
    """The years a question says; one said from the question before's ("a year later", after one about
    2031) is the year it means."""
    years = YEAR.findall(question)
    before = set(YEAR.findall(previous))
    relative = RELATIVE_YEAR.search(question)
    if years or not relative or len(before) != 1:
        return years
    count = relative.group("count")
    steps = 1 if not count or not count.isdigit() and count not in COUNT_WORDS else int(count) if count.isdigit() else COUNT_WORDS[count]
    later = (relative.group("way") or "").lower() in ("later", "after", "afterwards", "on") or relative.group("next") or relative.group("side") == "after"
    return [str(int(before.pop()) + (steps if later else -steps))]


# A month said in words, any language told apart ("April", "abril"); "May" only written as a name, never "may I".
MONTH_SAID = re.compile(rf"(?i:{MONTH_WORD.pattern})|\bMay\b")


def asked_again_for(question: str, previous: str) -> str:
    """The question before asked again for the year or month the question says instead of its own ("and in
    2029?", "a year later", "and the April one?"), when the question says nothing else of its own: that question
    with its year or month swapped; '' when it asks something else."""
    if len(words(question)) > 12:
        return ""
    rewritten = previous
    years, before = years_asked(question, previous), YEAR.findall(previous)
    if years and before and set(years) != set(before):
        rewritten = YEAR.sub(years[0], rewritten)
    months, months_before = MONTH_SAID.findall(question), MONTH_SAID.findall(previous)
    if months and months_before and {MONTHS[m.lower()] for m in months} != {MONTHS[m.lower()] for m in months_before}:
        rewritten = MONTH_SAID.sub(months[0], rewritten)
    if rewritten == previous:
        return ""
    # A short one may repeat a word of the question before ("and the April bill?"); a longer one is a question of its own.
    own = terms(RELATIVE_YEAR.sub(" ", YEAR.sub(" ", MONTH_SAID.sub(" ", question)))) - ASKING_AGAIN - (terms(previous) if len(words(question)) <= 5 else set())
    return "" if own else rewritten


def question_words(question: str) -> list[str]:
    """A question's words in order, lower-case, hyphenated ones whole ("ssh-keygen"), numbers aside."""
    return re.findall(r"[^\W\d_][^\W_]*(?:-[^\W_]+)*", question.lower())


def subject_words(question: str) -> list[str]:
    """The words of a question that say what it is about: not its words of asking, of files and types, of time (a
    span of months too: "Oct-Dec") or of combining, and not its numbers ("how much do I pay for the parking space?" ->
    parking, space); nor the words of a file picked by its rank ("my newest PDF", "the largest of the spreadsheets"),
    which say which file, not what of it."""
    question = MONTHS_SPANNED.sub(" ", RANKED_FILE.sub(" ", question))
    return list(dict.fromkeys(w for w in question_words(question) if len(w) >= 3 and w not in QUESTION_WORDS and w not in SUBJECTLESS and not type_extensions(w)))


QUOTED = re.compile(r'"([^"]{2,60})"|“([^”]{2,60})”|\(([^()]{2,60})\)')


def quoted_in(question: str) -> list[str]:
    """What a question quotes or puts in brackets: words as the document writes them, in its own language."""
    return [said for found in QUOTED.findall(question) for said in found if said]


def counted_words(question: str) -> list[str]:
    """The noun phrase 'how many ...' counts, singular: 'how many unread mail folders are there' -> unread,
    mail, folder; 'how many servings does it make' -> serving."""
    match = COUNTED.search(question) or COUNT_AFTER.search(question)
    if not match:
        return []
    phrase: list[str] = []
    for word in words(match.group(1)):
        if word.isdigit() or (not phrase and (word in NOT_THE_THING or re.fullmatch(r"(?:zero|0)-?bytes?|\d+[kmg]?b", word))):
            continue
        if word in PHRASE_ENDS:
            break
        phrase.append(singular(word))
    return phrase


def kinds_named(question: str, tree_words: set[str]) -> list[str]:
    """The kinds of document a question names by the folder's own file and folder names, or by another word
    for them ("bills" for files named invoice), singular."""
    def kind(word: str) -> str | None:
        # A verb made of the noun names it too: "invoiced" the invoices, "billed" the bills.
        for base in (singular(word), *((word[:-1], word[:-2]) if word.endswith("ed") else ())):
            if base in tree_words or kin_words(base) & tree_words:
                return base
        return None

    # A file or folder word is no kind of document, though a file's name says it ("the file format notes").
    named = [kind(w) for w in words(question) if terms(w) and not w.isdigit() and not type_extensions(w) and singular(w) not in FILE_AND_FOLDER_NOUNS]
    return list(dict.fromkeys(k for k in named if k))


def counts_files(question: str, tree_words: set[str]) -> bool:
    """What 'how many ...' counts is a kind of file: a file word, a type word, or a word of the folder's own
    file and folder names ("how many invoices", when invoices are named so, or "receipts" for them) that is not
    a qualifier of some other thing counted."""
    phrase = counted_words(question)
    listed = counts_what_a_document_lists(question)
    if DEFAULT_ASKED.search(question):
        return False  # a default is a setting a document states: what it counts is no files

    def named_so(word: str) -> bool:
        return not listed and (word in tree_words or bool(kin_words(word) & tree_words))

    for at, word in enumerate(phrase):
        after = phrase[at + 1] if at + 1 < len(phrase) else ""
        # A file word in the singular before another word qualifies the thing counted ("how many file allocation
        # tables", "file descriptors"); the files themselves are counted in the plural.
        qualifies = after and not (after in COUNTED_FILE_WORDS or type_extensions(after)) and not re.search(rf"\b{re.escape(word)}e?s\b", question, re.I)
        if (word in COUNTED_FILE_WORDS or type_extensions(word)) and not qualifies:
            return True
        # A word of the files' names before another noun names that thing's kind ("how many Acme jobs"), not files;
        # before a verb ("receipts kept", "invoices sent") or at the end, it is what is counted.
        if named_so(word) and (not after or named_so(after) or after in COUNTED_FILE_WORDS or type_extensions(after)
                               or PARTICIPLE.fullmatch(after) or EDITING.fullmatch(after)):
            return True
    return False


def counts_what_a_document_lists(question: str) -> bool:
    """A count of the versions a changelog names is of what a document lists, though files are named after them
    too; a count of what a folder holds is of its files."""
    return bool(LISTED_COUNT.search(question)) and not re.search(rf"\b{alternatives(FOLDER_NOUNS, plural=True)}\b", question, re.I)


def asks_for_one(question: str) -> bool:
    """A ranking question in the singular ("which document was edited last?", "the smallest thing in the
    archive"): no plural noun and no plural verb or pronoun, the files a filter leaves out aside ("ignore empty files")."""
    kept = re.sub(rf"(?:{HAS_CONTENT.pattern})(?:\s+[\w-]+)?", " ", question, flags=re.I)
    return not (PLURAL.search(kept) or MANY_WORDS.search(kept))


def written_as_a_type(question: str, value: str) -> bool:
    """Each word of a type filter is in the question as a type: dotted (".go") or before a file word ("go files")."""
    return all(re.search(rf"\.{re.escape(w)}\b|\b{re.escape(w)}s?\s+{alternatives(TYPE_FOLLOWERS, plural=True)}\b", question, re.I)
               for w in words(value))


def combines_in(question: str, tree_words: set[str]) -> list[str]:
    """The ways of combining many files the question's words state, strongest first. A count is one only
    when what it counts is files: "how many servings" and "the phone number of" ask for a figure a file gives."""
    said = [combine for combine, words_of in COMBINE_WORDS if words_of.search(question)]
    return [combine for combine in said if combine != "count" or counts_files(question, tree_words)]


def spans_a_year(question: str) -> bool:
    """"The total invoiced for 2025": a year, with no name, code or quote that picks one document out of it."""
    return bool(YEAR.search(question)) and not (proper_names(question) or CODE.search(question) or QUOTED.search(question))


def asks_about_files(question: str, tree_words: set[str]) -> bool:
    """The question says something about files themselves: a file word, a type, a rank, a size or date of a
    file, a folder, a listing, or a count of things the folder's files are named after ("how many invoices")."""
    asked = read_question(question)
    return bool(FILE_ASPECTS.search(question) or asked.extension or asked.order or asked.filters() or counts_files(question, tree_words)
                or asks_what_a_folder_holds(question, tree_words))


def folder_space_or_parts(question: str, tree_words: set[str]) -> bool:
    """A folder's space or its subfolders asked ("how much room does X take up"), which no document says."""
    return bool(FOLDER_SPACE_OR_PARTS.search(question)) and not asks_what_files_say(question, tree_words)


def asks_what_a_folder_holds(question: str, tree_words: set[str]) -> bool:
    """"What's in reports/2025?", "show me what's inside papers/": a folder of the tree, by its path, and what it holds."""
    paths = re.findall(r"(?<![\w.-])[\w.-]+/[\w./-]*", question)
    return bool(FOLDER_CONTENTS.search(question)) and any({singular(w) for w in words(path)} <= tree_words for path in paths)


def asked_phrases(question: str) -> list[list[str]]:
    """What each asking of a question asks for: its asking word and the noun phrase it asks about ("what colour
    codes", "which one is the oldest sheet" -> which, oldest, sheet; "is there a blank sheet" -> is, blank, sheet),
    the rest of the question (the document it names, "according to ...") left out."""
    tokens = re.findall(r"[\w.'-]+|[,;:?!()—–]", question.lower().replace("’", "'"))
    phrases = []
    for at, token in enumerate(tokens):
        before = tokens[at - 1] if at else ","
        # An asking opens a clause, or follows a preposition that does ("Under what licence", "In which year").
        clause_start = at < 2 or not tokens[at - 2][0].isalnum()
        opens = not before[0].isalnum() or before in ("and", "or", "but", "me", "know", "out", "then", "so") or (before in PREPOSITIONS and clause_start)
        yes_no = token in AUXILIARIES and not before[0].isalnum()
        if not opens or not (token in ASKING or yes_no):
            continue
        asking = token.replace("'s", "").replace("whats", "what")
        phrase = [asking]
        # Past the verb ("what is the X"), the "of" ("which of my X") and the words before the noun phrase.
        for word in tokens[at + 1:at + 10]:
            leading = (len(phrase) == 1 and (word in AUXILIARIES or word == "of")) or (phrase[-1] in (asking, "of") and word in LEADING_WORDS)
            if leading and (asking in ("what", "which", "who", "whom") or yes_no or phrase[-1] == "of"):
                continue
            # "of" goes on to what the phrase is of ("the number of files"); other small words end it.
            if not word[0].isalnum() or word in AUXILIARIES or (word in PHRASE_ENDS and word != "of") or ("'" in word and not word.endswith("'s")):
                break
            phrase.append(word)
        phrases.append(phrase)
    return phrases


def asks_both_kinds(question: str, tree_words: set[str]) -> bool:
    """One asking is about the files themselves and another about what a document says ("how many notes are in
    the X folder, and which licence covers X?"); a sentence that asks nothing ("My scans are in one folder.")
    is neither."""
    askings = [part for part in ASKINGS_PART.split(question) if part.strip() and asked_phrases(part)]
    said = {asks_what_files_say(part, tree_words) for part in askings}
    return said == {True, False}


# A noun with a file type in brackets after it ("saved chats (.log)", "scans (*.tif)") names files of that type.
TYPE_IN_BRACKETS = re.compile(r"[^\W\d_]{3,}\s*\(\s*\*?\.[A-Za-z0-9]{1,5}\s*\)")


def asks_what_files_say(question: str, tree_words: set[str]) -> bool:
    """Every asking of the question asks for something a document says, not a file's own facts: "who wrote ...",
    "what colour codes ...", "what is the default for ... in the X config" ask what the files say, though the
    question names a file, a type or a date ("according to the CREDITS file", "the scanned PDF", "set to").
    A file noun, a type or a count of files in what is asked, or anywhere in the question a file's size, edit
    dates, folder, listing or tree, or a file picked by rank and then read, ask about the files themselves."""
    phrases = asked_phrases(question)
    if says_regardless(question, tree_words):
        return True
    if not phrases or ASKS_FILES_ANYWHERE.search(question) or TYPE_IN_BRACKETS.search(question) or PARTS_ASKED.search(question) or FIND_THEN_READ.search(question):
        return False
    file_words = FILE_AND_FOLDER_NOUNS | set(FILE_FACT_NOUNS_ASKED)
    if detect_order(question) and re.search(rf"\b{alternatives(FILE_NOUNS, plural=True)}\b", question, re.I):
        # A rank and a file word: files ranked, unless the rank is of a thing a document lists ("in the NEWS
        # file, which release came last").
        ranked = [phrase for phrase in phrases if detect_order(" ".join(phrase[1:]))]
        # "which is the smallest": a rank of nothing named in it ranks the files the question names.
        unnamed = [phrase for phrase in ranked if all(detect_order(w) or w in LEADING_WORDS or w in ASKING or w in ("and", "or") for w in phrase[1:])]
        if not ranked or unnamed or any({singular(w) for w in phrase} & file_words for phrase in ranked):
            return False
    wrapped = [phrase for phrase in phrases if not (phrase[0] in AUXILIARIES and set(phrase[1:]) <= POLITE_WORDS)]
    for asking, *noun_phrase in wrapped or phrases:
        of_what = {singular(w) for w, after in zip(noun_phrase, noun_phrase[1:]) if after == "of"}  # "size of"
        noun_phrase = [w for w in noun_phrase if w != "of"]
        nouns = [singular(w) for w in noun_phrase]
        # "which ones?", "which of them is newest?", "how many?": what is asked was named elsewhere, or is a rank.
        if asking == "where" and re.search(r"\bwhere (?:do|does|did|can|will|would|should) (?!i\b|we\b|my\b)\w+", question, re.I):
            continue  # where a program looks or puts something is what its documents say; "where is X" asks a file's place
        if asking == "where" or (not nouns and asking not in ("who", "whom", "why", "when")):
            return False
        if FOLLOW_UP.search(" ".join(noun_phrase)) or all(detect_order(noun) for noun in nouns) or nouns == ["many"]:
            return False
        # A type is what is asked when it ends the phrase ("the newest pdf") or is many ("which pdfs"), not before
        # another noun ("which python releases"); an everyday noun ("response codes") only as the lexicon allows.
        types = [w for w, noun in zip(noun_phrase, nouns) if type_extensions(noun)
                 and ((EVERYDAY_TYPES[noun] and w != noun) if noun in EVERYDAY_TYPES else (noun == nouns[-1] or w != noun))]
        # A file's fact asked ("what size is it", "the size of X") ends the phrase or goes on with "of"; before
        # another noun it is that thing's ("what size chunks"). A file or folder word anywhere asks about files.
        # A size after another noun is that thing's ("the default cache size", "what block size"), not a file's.
        facts = [noun for at, noun in enumerate(nouns) if noun in FILE_FACT_NOUNS_ASKED
                 and (at == 0 or nouns[at - 1] in FILE_SIZE_MODIFIERS or nouns[at - 1] in FILE_AND_FOLDER_NOUNS or type_extensions(nouns[at - 1]))]
        if set(nouns) & FILE_AND_FOLDER_NOUNS or (facts and (facts[-1] == nouns[-1] or set(facts) & of_what)) or types:
            return False
        # The thing counted is the head of the few words after "how many" ("how many cups go into the X").
        if asking == "how" and nouns[:1] == ["many"] and counts_files(" ".join(["how", *noun_phrase[:4]]), tree_words) \
                and not counts_what_a_document_lists(question):
            return False
    return True


def asks_a_named_files_facts(question: str) -> bool:
    """Of a file the question names: it asks the file's size, its dates ("when did the CREDITS file last change")
    or where it is, not what it says ("who created acme", "what was the default port changed to")."""
    return bool(ONLY_FILE_FACTS.search(question) or NAMED_FILE_FACTS.search(question))


def asks_file_facts(question: str) -> bool:
    """The question asks a file's size, date or folder (not, say, when a task was changed)."""
    return bool(ONLY_FILE_FACTS.search(question) or (FILE_FACTS.search(question) and FILE_FACT_NOUN.search(question)))


def read_for(question: str, chosen: set[str], combine: str) -> str:
    """What to read each file for: the question without the words that chose the files ("invoices",
    "2025"), or, when a total or a rank is all that is left of it, the total."""
    what = " ".join(w for w in question.split() if singular(w.strip("?,.!").lower()) not in chosen)
    if combine in ("total", "average", "largest", "smallest") and not terms(what) - COMBINE_TERMS:
        return "total"
    return what or question


def combines_asked_for(question: str) -> set[str]:
    """The ways a plan may combine its lookups that the question's words ask for: added up ("together", "in
    total"), one figure against the other ("how much more", "how far from", "days between", "by what percent"), the
    larger or smaller ("which is cheaper"), the earlier or later ("which came first"), a file picked then read
    ("the latest memo: what is its conclusion"); "none", each said, always."""
    allowed = {"none"}
    if SUMMED.search(question) or ADDED_UP.search(question):
        allowed.add("sum")
    if any(words.search(question) for words in (DIFFERENCE_WORDS, REMAINDER, MORE_THAN, COMPARED, DAYS_APART, PERCENT_ASKED)):
        allowed.add("difference")
    if RANKED_BETWEEN.search(question) or COMPARED.search(question):
        allowed |= {"larger", "smaller"}
    if ORDER_IN_TIME.search(question) or COMPARED.search(question):
        allowed |= {"later", "earlier"}
    if FIND_THEN_READ.search(question) or ORDER_IN_TIME.search(question) or RANKED_BETWEEN.search(question):
        allowed.add("read_the_file")
    return allowed


def says_regardless(question: str, tree_words: set[str]) -> bool:
    """The question asks what a program, a setting or one document says, whatever file words come with it: it names
    a command-line option or a setting ("-n", "--exclude", "max_hops", not a file's own name), asks who (a file
    has no author), asks how to do something, or is framed by the document it reads ("In the service file, what must
    be installed first?", "going by the spec, how large ...") and then asks no file's size, date, rank or count."""
    settings = [name for name in SETTING_NAMED.findall(question) if not {singular(w) for w in words(name)} <= tree_words]
    if OPTION_NAMED.search(question) or settings:
        return True
    # A file has no author: "who modified / wrote / holds ..." asks what a document says of a person.
    phrases = asked_phrases(question)
    if phrases and all(phrase[0] in ("who", "whom") for phrase in phrases) and not detect_order(question):
        return True
    if INSTRUCTIONS.search(question):
        rest = INSTRUCTIONS.sub("", question, count=1)
        return not (detect_order(rest) or COUNTED.search(rest) or re.search(rf"\b{alternatives(FILE_NOUNS, plural=True)}\b", rest, re.I))
    framed = DOCUMENT_FRAME.match(question)
    if framed and not re.search(rf"\b{alternatives(FOLDER_NOUNS, plural=True)}\b", framed.group("document"), re.I):
        # Within the document, a size or a rank is a file's only when a file is what it is of ("how large is a frame"
        # in a protocol spec is the spec's own figure).
        rest = framed.group("rest")
        of_files = re.search(rf"\b{alternatives(FILE_NOUNS, plural=True)}\b", rest, re.I)
        return not (PARTS_ASKED.search(rest) or (of_files and (ASKS_FILES_ANYWHERE.search(rest) or detect_order(rest))))
    return False


def months_asked(question: str) -> tuple[set[tuple[int, int]], str]:
    """The months of a year a question asks for, and how to say them: one month ("the April 2031 bill"), or a span of
    a year's months ("July to September 2031", "the third quarter of 2030", "Q3 2031"), or one month of any year (its
    year 0); none for anything else (two months of different years, a span without a year)."""
    named = months_named(question)
    spanned = months_mentioned(question)[0]
    years = set(YEAR.findall(question))
    if len(spanned) >= 2 and len(years) == 1 and max(spanned) - min(spanned) == len(spanned) - 1:
        year = int(next(iter(years)))
        return {(year, month) for month in spanned}, f"{MONTH_NAMES[min(spanned)]} to {MONTH_NAMES[max(spanned)]} {year}"
    if not years and len(spanned) == 1 and len(set(MONTH_SAID.findall(question))) == 1:
        # A month without a year ("the June rehearsal") is that month of any year: (0, month).
        (month,) = spanned
        return {(0, month)}, MONTH_NAMES[month]
    # Two months said apart ("April and June 2031") are no one month, whose year is said once.
    if len(named) != 1 or len(set(MONTH_SAID.findall(question))) > 1:
        return set(), ""
    ((year, month),) = named
    return named, f"{MONTH_NAMES[month]} {year}"
