"""Questions from templates, with truths computed from the built folders and the facts their documents hold.

The phrasings in phrasings/*.json were written by someone who never saw filesage's code. Each family's
phrasings, and each list of slot forms (the ways to say "PDFs", "newest", "the NAME folder", ...), are
split in two by a hash of their text: `dev` for tuning, `test` only for reporting. A test question is a
test phrasing filled with test slot forms, so nothing of its wording was seen while tuning.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import re
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from bench.gen.corpora import Corpus

PHRASINGS = Path(__file__).parent / "phrasings"
SPLITS = ("dev", "test")

# What each kind of slot form means, as extensions. "image" is left out where a folder holds SVG files,
# which some people count as images and others do not.
KIND_EXTENSIONS = {
    "pdf": {"pdf"}, "spreadsheet": {"xlsx", "xls", "csv", "ods"}, "excel": {"xlsx", "xls"}, "csv": {"csv"},
    "word": {"docx", "doc"}, "image": {"png", "jpg", "jpeg", "gif", "webp", "bmp", "heic"}, "markdown": {"md", "markdown"},
    "text": {"txt"}, "python": {"py"}, "presentation": {"pptx", "ppt", "odp"}, "json": {"json"}, "log": {"log"}, "html": {"html", "htm"},
}
SIZES = {"100 KB": 100 * 1024, "1 MB": 1024 * 1024, "5 MB": 5 * 1024 * 1024}
PERIODS = {"1 day": 1, "7 days": 7, "30 days": 30}
RANKS = ("newest", "oldest", "largest", "smallest")
FILE_KINDS = {"pdf": "PDF", "xlsx": "spreadsheet", "csv": "spreadsheet", "docx": "document", "pptx": "presentation"}
GENERIC_STEMS = {"readme", "notes", "init", "conftest", "license", "makefile", "dockerfile", "changelog", "main"}


def stable_hash(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def split_list(items: list, key: str) -> dict[str, list]:
    """Half of a list for dev, half for test, by a hash of each item (dev gets the odd one out)."""
    ordered = sorted(items, key=lambda item: stable_hash(key, json.dumps(item, sort_keys=True)))
    half = math.ceil(len(ordered) / 2)
    return {"dev": ordered[:half], "test": ordered[half:]}


@dataclass
class Phrasings:
    families: dict[str, list[str]]  # family -> phrasings of one split
    forms: dict  # slot forms of one split


def load_phrasings(split: str, directory: Path = PHRASINGS) -> Phrasings:
    """The families of the phrasing files in `directory` (another writer's set, say), each split in two;
    the slot forms are always this folder's."""
    files = json.loads((PHRASINGS / "files.json").read_text(encoding="utf-8"))
    written = [json.loads(path.read_text(encoding="utf-8"))["families"] for path in sorted(directory.glob("*.json"))]
    families = {}
    for family, phrasings in {k: v for group in written for k, v in group.items()}.items():
        families[family] = split_list(phrasings, family)[split]
    forms = {}
    for slot, value in files["slot_forms"].items():
        if isinstance(value, dict):
            forms[slot] = {meaning: split_list(options, f"{slot}:{meaning}")[split] for meaning, options in value.items()}
        else:
            forms[slot] = split_list(value, slot)[split]
    return Phrasings(families, forms)


@dataclass
class Question:
    id: str
    family: str
    kind: str  # "files", "content", "absent" (about what the folder does not hold), or a kind of chain
    split: str
    corpus: str
    question: str
    truth: dict
    history: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class Entry:
    path: str
    size: int
    modified: float

    @property
    def name(self) -> str:
        return self.path.rsplit("/", 1)[-1]

    @property
    def extension(self) -> str:
        return self.name.rsplit(".", 1)[-1].lower() if "." in self.name.lstrip(".") else ""

    @property
    def folder(self) -> str:
        return self.path.rsplit("/", 1)[0] if "/" in self.path else ""


def entries(root: Path) -> list[Entry]:
    """Every file a user sees: hidden files and folders (a leading dot) left out, as filesage does."""
    found = []
    for path in root.rglob("*"):
        relative = path.relative_to(root)
        if path.is_file() and not any(part.startswith(".") for part in relative.parts):
            info = path.stat()
            found.append(Entry(relative.as_posix(), info.st_size, info.st_mtime))
    return sorted(found, key=lambda e: e.path)


RANK_KEYS = {
    "newest": (lambda e: e.modified, True),
    "oldest": (lambda e: e.modified, False),
    "largest": (lambda e: e.size, True),
    "smallest": (lambda e: e.size, False),
}


def ranked(files: list[Entry], rank: str) -> list[Entry]:
    key, reverse = RANK_KEYS[rank]
    return sorted(files, key=key, reverse=reverse)


def top_with_ties(files: list[Entry], rank: str) -> list[str]:
    key, _ = RANK_KEYS[rank]
    first = ranked(files, rank)[0]
    return [e.path for e in files if key(e) == key(first)]


class FileQuestions:
    """Fills the templates of the filesystem families for one folder, computing each truth from its files."""

    def __init__(self, corpus: Corpus, forms: dict, rng: random.Random):
        self.corpus = corpus
        self.forms = forms
        self.rng = rng
        self.files = entries(corpus.root)
        self.now = time.time()
        has_svg = any(e.extension == "svg" for e in self.files)
        self.kinds = {k: v for k, v in KIND_EXTENSIONS.items() if not (k == "image" and has_svg)}
        folders = {e.folder for e in self.files if e.folder}
        for folder in list(folders):
            parts = folder.split("/")
            folders |= {"/".join(parts[:i]) for i in range(1, len(parts))}
        last_names = [f.rsplit("/", 1)[-1].lower() for f in folders]
        # A folder is named by its last part; only names that point at one folder can be asked about.
        self.folders = sorted(f for f in folders if last_names.count(f.rsplit("/", 1)[-1].lower()) == 1)

    # -- slot fillers: each returns (text, meaning) -------------------------------------------------------

    def type_slot(self, plural: bool, minimum: int = 1, pool: list[Entry] | None = None) -> tuple[str, str] | None:
        pool = self.files if pool is None else pool
        kinds = [k for k in self.kinds if sum(e.extension in self.kinds[k] for e in pool) >= minimum and self.forms["type"].get(k)]
        if not kinds:
            return None
        kind = self.rng.choice(kinds)
        form = self.rng.choice(self.forms["type"][kind])
        return form["plural" if plural else "singular"], kind

    def folder_slot(self, folders: list[str]) -> tuple[str, str] | None:
        if not folders:
            return None
        folder = self.rng.choice(folders)
        name = folder.rsplit("/", 1)[-1]
        if self.rng.random() < 0.4:
            name = name[0].upper() + name[1:]
        return self.rng.choice(self.forms["folder"]).replace("NAME", name), folder

    def rank_slot(self) -> tuple[str, str]:
        rank = self.rng.choice(RANKS)
        return self.rng.choice(self.forms["rank"][rank]), rank

    def under(self, folder: str) -> list[Entry]:
        return [e for e in self.files if e.path.startswith(folder + "/")]

    def of_kind(self, kind: str, pool: list[Entry] | None = None) -> list[Entry]:
        return [e for e in (self.files if pool is None else pool) if e.extension in self.kinds[kind]]

    def describable(self) -> list[tuple[Entry, str, str]]:
        """Files a person can describe by the words of their name, with those words and a kind word."""
        token_sets = {e.path: {t.lower() for t in re.findall(r"[^\W_]+", e.name.rsplit(".", 1)[0])} for e in self.files}
        found = []
        for e in self.files:
            tokens = re.findall(r"[^\W_]+", e.name.rsplit(".", 1)[0])
            words = {t.lower() for t in tokens}
            if not any(len(t) >= 3 and t.isalpha() for t in tokens) or sum(t.isdigit() for t in tokens) > 1:
                continue
            if words & GENERIC_STEMS or any(other != e.path and words <= token_set for other, token_set in token_sets.items()):
                continue
            kind = self.corpus.kinds.get(e.path) or FILE_KINDS.get(e.extension, "")
            found.append((e, " ".join(tokens), kind))
        return found

    def file_slot(self) -> tuple[str, Entry] | None:
        options = self.describable()
        if not options:
            return None
        entry, words, kind = self.rng.choice(options)
        patterns = [p for p in self.forms["file"] if kind or "KIND" not in p]
        return self.rng.choice(patterns).replace("WORDS", words).replace("KIND", kind), entry

    # -- families -----------------------------------------------------------------------------------------

    def fill(self, family: str, template: str) -> tuple[str, dict, list[dict]] | None:
        """The question, its truth and its history; None when this folder cannot pose the family."""
        slots: dict[str, str] = {}
        history: list[dict] = []
        files = self.files
        if family in ("count_type", "list_type", "rank_one_type"):
            chosen = self.type_slot(plural="{type}" in template, minimum=2 if family == "rank_one_type" else 1)
            if chosen is None:
                return None
            text, kind = chosen
            slots["type" if "{type}" in template else "type_one"] = text
            files = self.of_kind(kind)
            if family == "list_type" and len(files) > 10:
                return None
        elif family in ("count_type_in_folder", "list_type_in_folder"):
            pairs = [(f, k) for f in self.folders for k in self.kinds if 1 <= len(self.of_kind(k, self.under(f))) <= 10 and self.forms["type"].get(k)
                     and len(self.under(f)) > len(self.of_kind(k, self.under(f)))]
            if not pairs:
                return None
            folder, kind = self.rng.choice(pairs)
            slots["folder"] = self.folder_slot([folder])[0]
            form = self.rng.choice(self.forms["type"][kind])
            slots["type"] = form["plural"]
            files = self.of_kind(kind, self.under(folder))
        elif family in ("count_in_folder", "rank_one_in_folder"):
            text, folder = self.folder_slot([f for f in self.folders if len(self.under(f)) >= 2])
            slots["folder"] = text
            files = self.under(folder)
        elif family == "folder_contents":
            leaves = [f for f in self.folders if 1 <= len(self.under(f)) <= 10 and all(e.folder == f for e in self.under(f))]
            chosen = self.folder_slot(leaves)
            if chosen is None:
                return None
            slots["folder"], folder = chosen
            files = self.under(folder)
        elif family == "subfolders":
            parents = [f for f in self.folders if len(self.children(f)) >= 2]
            chosen = self.folder_slot(parents)
            if chosen is None:
                return None
            slots["folder"], folder = chosen
            return self.render(template, slots), {"check": "names_all", "names": self.children(folder), "exclusive": False}, history
        elif family in ("size_of_file", "modified_of_file"):
            chosen = self.file_slot()
            if chosen is None:
                return None
            slots["file"], entry = chosen
            question = self.render(template, slots)
            if family == "size_of_file":
                return question, {"check": "size", "bytes": entry.size, "path": entry.path}, history
            return question, {"check": "date", "timestamp": entry.modified, "path": entry.path}, history
        elif family == "name_contains":
            words = {}
            for e in self.files:
                for token in re.findall(r"[^\W\d_]{4,}", e.name.rsplit(".", 1)[0].lower()):
                    words.setdefault(token, set()).add(e.path)
            options = sorted(w for w, paths in words.items() if 2 <= len([e for e in self.files if w in e.name.lower()]) <= 10)
            if not options:
                return None
            word = self.rng.choice(options)
            slots["word"] = word
            files = [e for e in self.files if word in e.name.lower()]
            return self.render(template, slots), {"check": "names_all", "paths": [e.path for e in files], "exclusive": True}, history
        elif family in ("list_empty", "count_empty"):
            files = [e for e in self.files if e.size == 0]
        elif family in ("list_larger", "count_larger"):
            options = [s for s in SIZES if (family == "count_larger" or 1 <= sum(e.size > SIZES[s] for e in self.files) <= 10) and self.forms["size"].get(s)]
            if not options:
                return None
            size = self.rng.choice(options)
            slots["size"] = self.rng.choice(self.forms["size"][size])
            files = [e for e in self.files if e.size > SIZES[size]]
        elif family in ("list_recent", "count_recent"):
            options = [p for p in PERIODS if (family == "count_recent" or 1 <= sum(e.modified >= self.now - PERIODS[p] * 86400 for e in self.files) <= 10)]
            if not options:
                return None
            period = self.rng.choice(options)
            slots["period"] = self.rng.choice(self.forms["period"][period])
            files = [e for e in self.files if e.modified >= self.now - PERIODS[period] * 86400]
        elif family == "tree":
            top = sorted({e.path.split("/", 1)[0] for e in self.files if "/" in e.path})
            return self.render(template, slots), {"check": "names_all", "names": top, "exclusive": False}, history
        elif family in ("follow_which", "follow_rank"):
            kinds = [k for k in self.kinds if 2 <= len(self.of_kind(k)) <= 8 and self.forms["type"].get(k)]
            kind = self.rng.choice(kinds)
            plural = self.rng.choice(self.forms["type"][kind])["plural"]
            files = self.of_kind(kind)
            history = [{"role": "user", "content": f"how many {plural} do I have?"}, {"role": "assistant", "content": f"You have {len(files)} {plural}."}]
        if "{rank}" in template:
            slots["rank"], rank = self.rank_slot()
            if family == "top_n":
                n = self.rng.choice([2, 3, 4, 5])
                slots["n"] = str(n)
                order = ranked(files, rank)
                key, _ = RANK_KEYS[rank]
                if len(order) > n and key(order[n - 1]) == key(order[n]):
                    return None  # a tie at the cut: more than one right answer
                return self.render(template, slots), {"check": "names_all", "paths": [e.path for e in order[:n]], "exclusive": True}, history
            if not files:
                return None
            return self.render(template, slots), {"check": "name_first", "paths": top_with_ties(files, rank)}, history
        question = self.render(template, slots)
        if family.startswith("count") or family == "count_all":
            return question, {"check": "count", "value": len(files)}, history
        return question, {"check": "names_all", "paths": [e.path for e in files], "exclusive": True}, history

    def children(self, folder: str) -> list[str]:
        return sorted({e.path[len(folder) + 1 :].split("/", 1)[0] for e in self.under(folder) if "/" in e.path[len(folder) + 1 :]})

    @staticmethod
    def render(template: str, slots: dict[str, str]) -> str:
        for name, value in slots.items():
            template = template.replace("{" + name + "}", value)
        if re.search(r"\{\w+\}", template):
            raise ValueError(f"unfilled slot in {template!r}")
        return template


CONTENT_FAMILIES = {
    "invoice_total", "invoice_item", "invoice_date", "table_cell", "meeting_decision", "task_owner", "task_due", "config_value",
    "booking_reference", "quantity_in_doc", "recipe_temperature", "manual_warranty", "contact_phone", "function_return",
    "package_version", "lease_rent_de", "lease_deposit_en",
}


# Content questions about something the folder does not hold, in the words of a content family's phrasings:
# the family, its one slot, and names of that kind that no generated folder uses.
ABSENT_FROM = {
    "invoice_total": ("vendor", ["Bluewater Catering", "Summit Roofing", "Redwood Bookbinders", "Polaris Pest Control", "Amber Valley Dairy"]),
    "booking_reference": ("city", ["Lisbon", "Reykjavik", "Kyoto", "Marrakesh", "Tallinn"]),
    "contact_phone": ("person", ["Beatrix Holm", "Gustavo Ferreira", "Yusuf Demir", "Nadia Petrova", "Clara Oyelaran"]),
    "manual_warranty": ("product", ["the Vireo blender", "the Polarstern heat pump", "the Nordlys e-bike", "the Tempo treadmill"]),
    "quantity_in_doc": ("dish", ["beef bourguignon", "shakshuka", "tiramisu", "mushroom risotto"]),
}


def words_in_use(corpora: dict[str, Corpus]) -> set[str]:
    """Every word of the folders' facts and file names: an absent name may have none of them ("the Zephyr fan"
    would half-match a Zephyr vacuum's manual)."""
    used = {w for corpus in corpora.values() for fact in corpus.facts for value in fact.slots.values() for w in re.findall(r"\w+", value.lower())}
    return used | {w for corpus in corpora.values() for path in corpus.root.rglob("*") for w in re.findall(r"[a-z]+", path.name.lower())}


def absent_question(family: str, template: str, corpora: dict[str, Corpus], used: set[str], rng: random.Random) -> tuple[str, str, dict] | None:
    """A question of a content family about a name of its kind that no folder holds (no word of it in `used`):
    the folder, the question, and its truth (saying so, without a figure of that kind from the files)."""
    slot, names = ABSENT_FROM[family]
    facts = [(name, fact) for name in sorted(corpora) for fact in corpora[name].facts if fact.family == family]
    if not facts or re.findall(r"\{(\w+)\}", template) != [slot]:
        return None
    corpus = rng.choice(sorted({name for name, _ in facts}))
    absent = rng.choice([n for n in names if not set(re.findall(r"\w+", n.lower())) - {"the"} & used] or [None])
    if absent is None:
        return None
    values = sorted({a for name, fact in facts if name == corpus for a in fact.answers})
    return corpus, FileQuestions.render(template, {slot: absent}), {"check": "not_found", "distractors": values}


CHAIN_FAMILIES = {
    "agg_total", "agg_count", "agg_max", "agg_list", "agg_average", "multi_size_of_content", "multi_modified_of_content",
    "multi_folder_of_content", "follow_content", "follow_invoice", "follow_file", "follow_booking", "follow_year_total",
    "follow_year_count",
}
KIND_OF = {"agg": "aggregation", "multi": "multi-step", "follow": "follow-up"}


def money_forms(value: float) -> list[str]:
    return sorted({f"{value:,.2f}", f"{value:.2f}"})


def chain_question(family: str, template, corpus: Corpus, rng: random.Random) -> tuple[str, dict, list[dict]] | None:
    """A question of a family that needs more than one look, its truth and its history; None when this folder
    cannot pose it."""
    facts = {}
    for fact in corpus.facts:
        facts.setdefault(fact.family, []).append(fact)
    if family.startswith("agg_"):
        years = sorted({invoice.date[:4] for _, invoice in corpus.invoices})
        year = rng.choice([y for y in years if sum(i.date.startswith(y) for _, i in corpus.invoices) >= 2] or [None])
        if year is None:
            return None
        chosen = [(path, invoice) for path, invoice in corpus.invoices if invoice.date.startswith(year)]
        others = [invoice for _, invoice in corpus.invoices if not invoice.date.startswith(year)]
        question = FileQuestions.render(template, {"year": year})
        totals = [invoice.total for _, invoice in chosen]
        if family == "agg_total":
            return question, {"check": "value_any", "answers": money_forms(round(sum(totals), 2)), "distractors": money_forms(round(sum(i.total for i in others), 2))}, []
        if family == "agg_average":
            return question, {"check": "value_any", "answers": money_forms(round(sum(totals) / len(totals), 2))}, []
        if family == "agg_count":
            return question, {"check": "count", "value": len(chosen)}, []
        if family == "agg_list":
            return question, {"check": "all_values", "answers": [money_forms(t) for t in totals]}, []
        top_path, top = max(chosen, key=lambda item: item[1].total)
        candidates = [[p, i.vendor] for p, i in chosen]
        return question, {"check": "first_of", "answer": [top_path, top.vendor], "candidates": candidates}, []
    if family.startswith("follow_year_"):
        # A total or count over one year's invoices, then "the same for" another year.
        first, follow = template
        by_year: dict[str, list[float]] = {}
        for _, invoice in corpus.invoices:
            by_year.setdefault(invoice.date[:4], []).append(invoice.total)
        years = sorted(y for y, totals in by_year.items() if len(totals) >= 2)
        if len(years) < 2:
            return None
        year, other = rng.sample(years, 2)
        if family == "follow_year_total":
            said = f"The total of your {year} invoices is ${sum(by_year[year]):,.2f} ({len(by_year[year])} invoices)."
            truth = {"check": "value_any", "answers": money_forms(round(sum(by_year[other]), 2)), "distractors": money_forms(round(sum(by_year[year]), 2))}
        else:
            said = f"You have {len(by_year[year])} invoices from {year}."
            truth = {"check": "count", "value": len(by_year[other])}
        history = [{"role": "user", "content": FileQuestions.render(first, {"year": year})}, {"role": "assistant", "content": said}]
        return FileQuestions.render(follow, {"other_year": other}), truth, history
    if family in ("multi_size_of_content", "multi_modified_of_content", "multi_folder_of_content"):
        source = {"multi_size_of_content": "invoice_total", "multi_modified_of_content": "task_owner", "multi_folder_of_content": "quantity_in_doc"}[family]
        options = [f for f in facts.get(source, []) if family != "multi_folder_of_content" or "/" in f.path]
        if not options:
            return None
        fact = rng.choice(options)
        question = FileQuestions.render(template, {k: v for k, v in fact.slots.items() if "{" + k + "}" in template})
        info = (corpus.root / fact.path).stat()
        if family == "multi_size_of_content":
            return question, {"check": "size", "bytes": info.st_size, "path": fact.path}, []
        if family == "multi_modified_of_content":
            return question, {"check": "date", "timestamp": info.st_mtime, "path": fact.path}, []
        return question, {"check": "value_any", "answers": [fact.path.rsplit("/", 1)[0]]}, []
    first, follow = template
    if family == "follow_file":
        pdfs = [e for e in entries(corpus.root) if e.extension == "pdf"]
        if not pdfs:
            return None
        newest = max(pdfs, key=lambda e: e.modified)
        history = [{"role": "user", "content": first}, {"role": "assistant", "content": f"Your newest PDF is {newest.path}."}]
        return follow, {"check": "size", "bytes": newest.size, "path": newest.path}, history
    pairs = {"follow_content": ("task_owner", "task_due", "task"), "follow_invoice": ("invoice_total", "invoice_date", "vendor"),
             "follow_booking": ("booking_reference", "booking_checkin", "city")}
    asked, then, slot = pairs[family]
    later = {f.slots[slot]: f for f in facts.get(then, [])}
    options = [f for f in facts.get(asked, []) if f.slots[slot] in later]
    if not options:
        return None
    fact = rng.choice(options)
    said = {"follow_content": f"{fact.answers[0]} owns {fact.slots.get('task', '')}.", "follow_invoice": f"The total is ${fact.answers[0]}.",
            "follow_booking": f"The booking reference is {fact.answers[0]}."}[family]
    history = [{"role": "user", "content": FileQuestions.render(first, {slot: fact.slots[slot]})}, {"role": "assistant", "content": said}]
    target = later[fact.slots[slot]]
    return follow, {"check": "value", "answers": target.answers, "path": target.path, "distractors": target.distractors}, history


def generate(corpora: dict[str, Corpus], split: str, seed: int = 1, phrasings_in: Path = PHRASINGS) -> list[Question]:
    """One question per phrasing of the split: filesystem families over the folders in turn, content
    families over the facts the folders hold."""
    phrasings = load_phrasings(split, phrasings_in)
    questions: list[Question] = []
    names = sorted(corpora)
    used = words_in_use(corpora)
    fillers = {name: FileQuestions(corpora[name], phrasings.forms, random.Random(stable_hash(split, name, str(seed)))) for name in names}
    for family, templates in sorted(phrasings.families.items()):
        for index, template in enumerate(templates):
            # A follow-up template is a pair of questions; a single question hashes as itself.
            said = template if isinstance(template, str) else json.dumps(template)
            rng = random.Random(stable_hash(split, family, said, str(seed)))
            template_id = stable_hash(family, said)[:8]
            if family in CHAIN_FAMILIES:
                for shift in range(len(names)):
                    corpus = names[(index + shift) % len(names)]
                    filled = chain_question(family, template, corpora[corpus], rng)
                    if filled:
                        question, truth, history = filled
                        questions.append(Question(f"{family}/{template_id}", family, KIND_OF[family.split("_")[0]], split, corpus, question, truth, history))
                        break
                continue
            if family in CONTENT_FAMILIES:
                facts = [(name, fact) for name in names for fact in corpora[name].facts
                         if fact.family == family and all(f"{{{slot}}}" in template for slot in fact.slots)]
                if not facts:
                    continue
                corpus, fact = rng.choice(facts)
                question = FileQuestions.render(template, fact.slots)
                truth = {"check": "value", "answers": fact.answers, "path": fact.path, "distractors": fact.distractors}
                questions.append(Question(f"{family}/{template_id}", family, "content", split, corpus, question, truth))
                posed = absent_question(family, template, corpora, used, rng) if family in ABSENT_FROM else None
                if posed:
                    corpus, question, truth = posed
                    questions.append(Question(f"absent_{family}/{template_id}", f"absent_{family}", "absent", split, corpus, question, truth))
                continue
            # Each phrasing goes to one folder, in turn, trying the next when a folder cannot pose it.
            for shift in range(len(names)):
                corpus = names[(index + shift) % len(names)]
                filler = fillers[corpus]
                filler.rng = rng
                filled = filler.fill(family, template)
                if filled:
                    question, truth, history = filled
                    questions.append(Question(f"{family}/{template_id}", family, "files", split, corpus, question, truth, history))
                    break
    return questions
