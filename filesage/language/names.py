"""Names and languages: the names a question says with capitals, whether a text says a name of several words,
and which language a text is written in."""

from __future__ import annotations

import re

from .figures import MONTHS
from .glossary import with_kin
from .lexicon import GERMAN_QUESTION_WORDS, LANGUAGE_WORDS, QUESTION_WORDS, WEEKDAYS
from .matching import type_extensions
from .text import fold, undeclined


def language_of(text: str) -> str:
    """The language a text is written in, judged by its short words; '' when they do not tell."""
    found = re.findall(r"[^\W\d_]+", text.lower())
    counts = sorted(((sum(w in words for w in found), name) for name, words in LANGUAGE_WORDS.items()), reverse=True)
    best, name = counts[0]
    # Kin languages share their short words: the text must be told from the others, not from its kin.
    second = next((count for count, other in counts[1:] if other not in with_kin({name})), 0)
    return name if best >= 3 and best >= 1.5 * second else ""


def question_language(question: str) -> str:
    """The language a question is asked in: as its short words tell (language_of), or, a question being too short
    for that, English when it has an English word of asking or a short English word, else the language whose short
    words it has ("jak vysoká byla jistota?"); '' when nothing tells."""
    told = language_of(question)
    if told:
        return told
    found = [w for w in re.findall(r"[^\W\d_]+", question.lower()) if len(w) > 1]
    # English words of asking count as its short words: "in" alone does not outweigh the two "de" of a Dutch question.
    asking = sum(w in QUESTION_WORDS for w in found)
    counts = sorted(((sum(w in words for w in found) + asking * (name == "English"), name) for name, words in LANGUAGE_WORDS.items()), reverse=True)
    (best, name), (second, _) = counts[0], counts[1]
    return name if best > second else "English" if asking else ""


# The short words of the languages told apart that English does not say.
OTHER_SHORT_WORDS = frozenset(word for name, words in LANGUAGE_WORDS.items() if name != "English" for word in words) - LANGUAGE_WORDS["English"]


def asked_in_another_language(question: str) -> bool:
    """A question not asked in English: its short words tell another language, or it has no English word at all and
    says another language's short words or writes letters English does not ("milloin vuokra erääntyy?")."""
    told = question_language(question)
    if told:
        return told != "English"
    found = re.findall(r"[^\W\d_]+", question.lower())
    english = LANGUAGE_WORDS["English"] | QUESTION_WORDS
    return not any(w in english for w in found) and (any(w in OTHER_SHORT_WORDS for w in found) or sum(not c.isascii() for w in found for c in w) >= 2)


def proper_names(question: str) -> list[str]:
    """The names a question says with capitals ("the Osprey Roofing quote"), a run of capitalised words
    being one name; none in German, which capitalises every noun."""
    words = re.findall(r"[\w'-]+|\S", question)
    # German capitalises every noun, so a capital letter there says nothing about a name.
    german = sum(w.lower() in GERMAN_QUESTION_WORDS for w in words) >= 2
    # Capitalised words in a row are one name, not found merely because a generic word of it ("Project") is.
    names: list[list[str]] = []
    after_name = False
    for position, word in enumerate(words):
        is_name = (
            position > 0 and words[position - 1] not in (".", "!", "?", ":", "¿", "¡", '"', "“", "«") and not german and word[0].isupper() and word != "I"
            and word.lower().rstrip(".") not in MONTHS and word.lower() not in WEEKDAYS
            and not type_extensions(word)  # "Word", "PDFs": the kind of file asked about, not what it says
        )
        if is_name and after_name:
            names[-1].append(word.removesuffix("'s"))
        elif is_name:
            names.append([word.removesuffix("'s")])
        after_name = is_name and not word.endswith("'s")
    return [" ".join(name) for name in names]


def says_name(name: str, lowered: str) -> bool:
    """A name of several words is said when its words stand together, in any order and with at most two words
    between them ("Quist, Hanna", "Review board (Q3)"): a contacts list with a Hanna Voss and an
    Ivo Quist has no Hanna Quist. The last word of a name of several in the plural ("the Ravenbridge Tablets") is
    said in the singular too (one word alone is not: "Paris" is no "pari" of "comparison"), as is an acronym's plural."""
    parts = [p for p in (re.sub(r"[^\w'-]", "", fold(part)) for part in name.split()) if p]
    if not parts:
        return False
    lowered = fold(lowered)
    *first, last = parts
    # An acronym in the plural ("ATMs", "W-2s") is the acronym said in the singular, alone or not.
    plural_acronym = bool(re.fullmatch(r"[A-Z0-9-]*[A-Z][A-Z0-9-]*s", name.split()[-1].strip(".,;:?!")))
    forms = [last, *singulars(last)] if first or plural_acronym else [last]
    # Said without its accents ("Lodz" for Łódź), or declined by its last vowel as Slavic languages do ("do
    # Wrocławia", "oferta Budimeksu"): a long name's stem.
    forms += [undeclined(form) for form in forms if len(undeclined(form)) >= 5 and undeclined(form) != form]
    first = [undeclined(part) if len(undeclined(part)) >= 5 else part for part in first]
    return any(said_together([*first, form], lowered) for form in forms)


def singulars(word: str) -> list[str]:
    """The singulars an English plural may stand for ("boxes": "boxe", "box"); none for a word not in the plural."""
    if len(word) < 3 or not word.endswith("s") or word.endswith("ss"):
        return []
    return [word[:-1]] + ([word[:-2]] if word.endswith("es") else [])


def said_together(parts: list[str], lowered: str) -> bool:
    if not all(part in lowered for part in parts):
        return False
    if len(parts) == 1:
        return True
    tokens = re.findall(r"[\w'-]+", lowered)
    span = len(parts) + 2
    return any(all(any(part in token for token in tokens[start:start + span]) for part in parts) for start in range(len(tokens)))


def acronyms(question: str) -> list[str]:
    """The names a question writes in capitals alone ("the US", "U.K.", "UAE"), without their dots."""
    written = [a.replace(".", "") for a in re.findall(r"(?<![\w.])(?:[A-Z]\.?){2,4}(?![\w])", question)]
    return [a for a in written if not type_extensions(a)]


def says_acronym(acronym: str, text: str) -> bool:
    """A table row says an acronym as written, or as a cell of the words it stands for ("United Arab Emirates" for
    UAE, not the start of a longer name)."""
    if re.search(rf"(?<![\w.]){acronym}(?!\w)", text):
        return True
    spelled = r"\s+(?:of\s+|and\s+|the\s+)?".join(rf"{letter}[a-z]+" for letter in acronym)
    return bool(re.search(rf"(?:^|[:;,|(\t]\s*){spelled}(?!\s+[A-Z]|\w)", text))
