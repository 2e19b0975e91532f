from __future__ import annotations

import re

from .figures import CODE, QUOTED
from .filters import read_question
from .matching import kin_words, type_extensions
from .names import proper_names
from .text import singular, terms, words

# Words that point back at the question before without adding to it: "and the same for 2024?", "ok, now do
# 2023", "thanks, could you check 2024 as well?", "and the 2024 ones?".
REFERRING_TERMS = terms("and ok okay so now then same thing question calculation one ones too as well again thanks thank great "
                        "do done that it its year years the please sure")


def asks_again_for_another_year(question: str, previous: str) -> bool:
    """The question says a year other than the question before's, and nothing else of its own: the
    question before, asked for that year."""
    years, before = set(YEAR.findall(question)), set(YEAR.findall(previous))
    if not years or not before or years == before or len(words(question)) > 12:
        return False
    return not terms(YEAR.sub(" ", question)) - REFERRING_TERMS


COUNTED = re.compile(r"\b(?:how\s+many|number\s+of|count(?:\s+of)?)\s+((?:[\w'-]+\s+){0,4}[\w'-]+)", re.I)


# The count said after what it counts: "2025 invoice count", "pdf count for 2024", "invoices 2025 how many".
COUNT_AFTER = re.compile(r"((?:[\w'-]+\s+){0,2}[\w'-]+)\s+(?:count|how\s+many)\b", re.I)


FILE_WORDS = {"file", "document", "doc", "item", "thing", "folder", "directory", "subfolder", "entry", "upload", "download", "attachment", "filename"}


# Words before the thing counted ("how many of my empty files"), and words that end its noun phrase.
NOT_THE_THING = {"up", "of", "my", "the", "our", "your", "these", "those", "them", "different", "separate", "individual", "total", "empty", "blank",
                 "zero", "byte", "big", "large", "small", "new", "old", "recent", "recently", "other", "more", "such", "all", "any"}


PHRASE_ENDS = {"do", "does", "did", "are", "is", "was", "were", "have", "has", "had", "in", "on", "under", "inside", "within", "for", "i",
               "you", "we", "they", "there", "can", "will", "would", "should", "of", "that", "which", "with", "from", "to", "per", "left",
               "at", "by", "on", "about", "across", "over", "this", "the", "my", "it", "its"}


def counted_words(question: str) -> list[str]:
    """The noun phrase 'how many ...' counts, singular: 'how many plain text files do I have' -> plain,
    text, file; 'how many servings does it make' -> serving."""
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

    named = [kind(w) for w in words(question) if terms(w) and not w.isdigit() and not type_extensions(w)]
    return list(dict.fromkeys(k for k in named if k))


def counts_files(question: str, tree_words: set[str]) -> bool:
    """What 'how many ...' counts is a kind of file: a file word, a type word, or a word of the folder's own
    file and folder names ("how many invoices", when invoices are named so, or "receipts" for them)."""
    return any(w in FILE_WORDS or type_extensions(w) or w in tree_words or kin_words(w) & tree_words for w in counted_words(question))


def asks_for_one(question: str) -> bool:
    """A ranking question in the singular ("which document was edited last?", "the smallest thing in the
    archive"): no plural noun and no plural verb or pronoun."""
    return not (PLURAL.search(question) or re.search(r"\b(are|were|ones|them|they|these|those|all|each|every|list)\b", question, re.I))


def written_as_a_type(question: str, value: str) -> bool:
    """Each word of a type filter is in the question as a type: dotted (".go") or before a file word ("go files")."""
    return all(re.search(rf"\.{re.escape(w)}\b|\b{re.escape(w)}s?\s+(?:files?|documents?|docs?|scripts?|sources?)\b", question, re.I)
               for w in words(value))


# How a question over many files combines them, strongest first: "in total, how many" counts.
COMBINE_WORDS = [
    ("count", re.compile(r"\b(how many|number of|count|tally)\b", re.I)),
    ("average", re.compile(r"\b(average|mean|typical|per (invoice|bill|file|document))\b", re.I)),
    ("largest", re.compile(r"\b(largest|biggest|highest|most expensive|maximum|max|priciest|costliest|top)\b", re.I)),
    ("smallest", re.compile(r"\b(smallest|lowest|cheapest|least expensive|minimum|min)\b", re.I)),
    ("total", re.compile(r"\b(totals?|sum|add(s|ed)? up|altogether|combined|in all|overall|spent|paid|pay|charged)\b", re.I)),
]


COMBINE_TERMS = terms("largest biggest highest most expensive maximum priciest costliest top smallest lowest cheapest least minimum "
                      "average mean typical total sum combined overall which what how much many grand all altogether every each "
                      "spent spend charged paid pay come add up amount value money calculate together them "
                      # Words of asking, not of what a document's line says.
                      "hi hey need able would receive received sent got get dated invoiced billed pls thanks cost across one most out who")


PLURAL = re.compile(r"\b(?!(?:this|thus|does|has|was|its|his|hers|yes|plus|gas|bus|always|less|across|previous|various|status|bonus|news|lens|thanks)\b)[a-z]{3,}[^s\W]s\b", re.I)


OVER_MANY = re.compile(r"\b(every|each|all|list|which|any|ones|per|across|between|compare|files|documents)\b", re.I)


def combines_in(question: str, tree_words: set[str]) -> list[str]:
    """The ways of combining many files the question's words state, strongest first. A count is one only
    when what it counts is files: "how many servings" and "the phone number of" ask for a figure a file gives."""
    said = [combine for combine, words_of in COMBINE_WORDS if words_of.search(question)]
    return [combine for combine in said if combine != "count" or counts_files(question, tree_words)]


def spans_a_year(question: str) -> bool:
    """"The total invoiced for 2025": a year, with no name, code or quote that picks one document out of it."""
    return bool(YEAR.search(question)) and not (proper_names(question) or CODE.search(question) or QUOTED.search(question))


# Words for a file's own size, dates and place, shared by the checks below ("when was the plan last modified").
SIZE_WORDS = r"how (?:big|large|heavy)|(?:file )?size|sized|bytes?|kb|mb|gb"


DATE_WORDS = r"(?:last )?(?:modified|modification|changed|edited|updated|created|saved|touched)"


PLACE_WORDS = r"which folder|what folder|where is|where's|stored|located|location|path"


# What a question may ask about files themselves rather than what they say.
FILE_ASPECTS = re.compile(
    rf"\b({SIZE_WORDS}|{DATE_WORDS}|{PLACE_WORDS}|space|opened|how old|where (is|are|do i keep)|folders?|director(y|ies)|named|called|"
    r"file ?names?|extension|file type|list|rename|files?|documents|docs|tree|structure|organi[sz]ed|layout|empty)\b",
    re.I,
)


def asks_about_files(question: str, tree_words: set[str]) -> bool:
    """The question says something about files themselves: a file word, a type, a rank, a size or date of a
    file, a folder, a listing, or a count of things the folder's files are named after ("how many invoices")."""
    asked = read_question(question)
    return bool(FILE_ASPECTS.search(question) or asked.extension or asked.order or asked.filters() or counts_files(question, tree_words))


REFERS_BACK = re.compile(
    r"\b(it|its|it's|that|this|those|these|them|they|their|the same|same one|one)\b|"
    r"^\W*(?:(?:ok|okay|thanks|thank you|great|cool|nice|right|so)\W+)*(and|what about|how about|also)\b",
    re.I,
)


# A file's own facts, asked of a file described by what it says: its size, date or folder.
FILE_FACTS = re.compile(rf"\b({SIZE_WORDS}|{DATE_WORDS}|{PLACE_WORDS})\b", re.I)


# Facts only a file has, whatever the question calls it ("when was the plan last modified").
ONLY_FILE_FACTS = re.compile(r"\b(file size|bytes|kb|mb|(last )?modified|modification)\b", re.I)


FILE_NOUNS = re.compile(r"\b(files?|documents?|docs?|pdfs?|spreadsheets?|sheets?|notes?|folders?)\b", re.I)


def asks_file_facts(question: str) -> bool:
    """The question asks a file's size, date or folder (not, say, when a task was changed)."""
    return bool(ONLY_FILE_FACTS.search(question) or (FILE_FACTS.search(question) and FILE_NOUNS.search(question)))


YEAR = re.compile(r"\b(?:19|20)\d\d\b")


# A file's own dates; whole words, so "add up", "address" and "savings" are none.
FILE_DATES = re.compile(rf"\b({DATE_WORDS}|modify|change|changes|edit|update|create|save|added)\b", re.I)


def read_for(question: str, chosen: set[str], combine: str) -> str:
    """What to read each file for: the question without the words that chose the files ("invoices",
    "2025"), or, when a total or a rank is all that is left of it, the total."""
    what = " ".join(w for w in question.split() if singular(w.strip("?,.!").lower()) not in chosen)
    if combine in ("total", "average", "largest", "smallest") and not terms(what) - COMBINE_TERMS:
        return "total"
    return what or question


# What kind of figure a question asks for, by its words.
ASKED_KIND = [
    ("date", re.compile(r"\b(dates?|deadline|what day|which day|when\b.*\bdue|check-?in|check-?out)\b", re.I)),
    ("number", re.compile(r"\bhow (much|many|long|far|old)\b|\b(phone|telephone|mobile)\b|\bwhat (is|was|are|were) the ([\w'-]+ )?(cost|price|amount|total|fee|rent|deposit|budget|temperature)\b|"
                          r"\bwhat temperature\b|\bhow many degrees\b", re.I)),
]
