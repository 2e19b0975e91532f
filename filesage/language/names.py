from __future__ import annotations

import re

from .figures import MONTHS
from .matching import type_extensions

# Short, frequent words that tell languages apart.
LANGUAGE_WORDS = {
    "English": set("the and of to is in that for with on are was this you your it be as at by not or from".split()),
    "German": set("der die das und ist nicht mit für auf den dem des ein eine zu von sich auch wird beträgt oder bei im zur".split()),
    "French": set("le la les et est une des du pour dans que qui pas sur au avec ce sont par être".split()),
    "Spanish": set("el la los las y es una del por para que con no se en su al lo como más".split()),
    "Italian": set("il lo la gli le e è una del per che non con di da sono della nel".split()),
    "Dutch": set("de het een en is van dat niet op voor met zijn wordt ook aan bij".split()),
    "Swedish": set("och att det som en är på för med inte av den till har om".split()),
}


def language_of(text: str) -> str:
    """The language a text is written in, judged by its short words; '' when they do not tell."""
    found = re.findall(r"[^\W\d_]+", text.lower())
    counts = sorted(((sum(w in words for w in found), name) for name, words in LANGUAGE_WORDS.items()), reverse=True)
    (best, name), (second, _) = counts[0], counts[1]
    return name if best >= 3 and best >= 1.5 * second else ""


GERMAN_WORDS = {"der", "die", "das", "den", "dem", "des", "ist", "im", "zur", "zum", "und", "wie", "was", "ich", "mein", "meine",
                "meinem", "meiner", "nicht", "ein", "eine", "mit", "für", "fuer", "auf", "laut", "pro", "hoch", "jeden", "nochmal", "mal",
                "wieviel", "viel", "wann", "wo", "welche", "welcher", "bei", "steht", "habe", "muss", "zahle", "sind", "bitte"}


WEEKDAYS = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}


def proper_names(question: str) -> list[str]:
    """The names a question says with capitals ("the Fjordline Ferries invoice"), a run of capitalised words
    being one name; none in German, which capitalises every noun."""
    words = re.findall(r"[\w'-]+|\S", question)
    # German capitalises every noun, so a capital letter there says nothing about a name.
    german = sum(w.lower() in GERMAN_WORDS for w in words) >= 2
    # Capitalised words in a row are one name, not found merely because a generic word of it ("Project") is.
    names: list[list[str]] = []
    after_name = False
    for position, word in enumerate(words):
        is_name = (
            position > 0 and words[position - 1] not in (".", "!", "?", ":") and not german and word[0].isupper() and word != "I"
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
    between them ("Berg, Maria", "Planning meeting (Q2)"): a contacts list with a Maria Lund and a
    Jonas Berg has no Maria Berg."""
    parts = [p for p in (re.sub(r"[^\w'-]", "", part.lower()) for part in name.split()) if p]
    if not all(part in lowered for part in parts):
        return False
    if len(parts) == 1:
        return True
    tokens = re.findall(r"[\w'-]+", lowered)
    span = len(parts) + 2
    return any(all(any(part in token for token in tokens[start:start + span]) for part in parts) for start in range(len(tokens)))
