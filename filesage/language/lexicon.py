"""Every word list filesage reads questions and answers with, each said once: the words for files and their types,
folders, sizes, dates and numbers; the words of asking (counting, combining, ranking, pointing back); and the phrasings
that show an answer says it found nothing. Where two readers need the same meaning in another shape (a set, a regular
expression, with plurals), the shape is built here from the one list; tests/test_lexicon.py has a case for each list."""

from __future__ import annotations

import re

from .months import MONTHS  # said once, there: too long a list to keep here
from .currencies import AMOUNT_LETTERS, CURRENCY_AFTER, CURRENCY_CODES, CURRENCY_STROKES, CURRENCY_LETTERS, CURRENCY_SIGNS, CURRENCY_THOUSANDTHS, MULTIPLIERS  # said once, there


def alternatives(phrases, plural: bool = False) -> str:
    """A regex group of the phrases, longest first ('s?' after each when plurals count too)."""
    ordered = sorted(dict.fromkeys(phrases), key=len, reverse=True)
    return "(?:" + "|".join(re.escape(p).replace(r"\ ", r"\s+") + ("s?" if plural else "") for p in ordered) + ")"


def plurals(nouns) -> set[str]:
    return {form for noun in nouns for form in (noun, noun + "s")}


# ------------------------------------------------------------------------------------------ files and folders
# Nouns that say "a file", whatever its type.
FILE_NOUNS = ("file", "document", "doc")
# ... or any thing in the folder: too general to name a type on their own ("my documents", "any files").
VAGUE_THINGS = FILE_NOUNS + ("item", "thing")
FOLDER_NOUNS = ("folder", "directory", "dir", "subfolder", "sub-folder")
# The words for files and folders themselves: never a kind of document, whatever a file of the folder is named.
FILE_AND_FOLDER_NOUNS = frozenset(FILE_NOUNS + FOLDER_NOUNS)
# What 'how many ...' counts when it counts files.
COUNTED_FILE_WORDS = VAGUE_THINGS + ("folder", "directory", "subfolder", "entry", "upload", "download", "attachment", "filename")
# Nouns that make a question about a file's size, date or folder one about a file ("how big is the pdf").
FILE_FACT_NOUNS = FILE_NOUNS + ("pdf", "spreadsheet", "sheet", "note", "folder")
# What may follow a type word written as a type ("go files", "python scripts").
TYPE_FOLLOWERS = FILE_NOUNS + ("script", "source")

# Files with no extension asked for ("any files without an extension?", "extension-less files").
NO_EXTENSION = re.compile(r"\b(?:without|with no|no|lacking|missing|(?:do|does)(?:n't| not) have) (?:an? |any )?(?:file ?)?extensions?\b|\bextension-?less\b", re.I)
# Words people use for groups of file types, mapped to the extensions they mean.
TYPE_GROUPS: dict[str, tuple[str, ...]] = {
    "image": ("png", "jpg", "jpeg", "gif", "bmp", "tiff", "tif", "webp", "svg", "heic"),
    "picture": ("png", "jpg", "jpeg", "gif", "bmp", "tiff", "tif", "webp", "svg", "heic"),
    "pic": ("png", "jpg", "jpeg", "gif", "bmp", "tiff", "tif", "webp", "heic"),
    "photo": ("png", "jpg", "jpeg", "gif", "heic", "webp", "tiff", "tif"),
    "screenshot": ("png", "jpg", "jpeg"),
    "spreadsheet": ("xlsx", "xls", "csv", "ods"), "sheet": ("xlsx", "xls", "csv", "ods"),
    "workbook": ("xlsx", "xls", "xlsm", "ods"), "excel": ("xlsx", "xls", "xlsm"), "word": ("docx", "doc"),
    "document": ("pdf", "docx", "doc", "odt", "rtf", "txt", "md"), "doc": ("docx", "doc"),
    "presentation": ("pptx", "ppt", "odp"), "slide": ("pptx", "ppt", "odp"), "deck": ("pptx", "ppt", "odp"), "powerpoint": ("pptx", "ppt"),
    "python": ("py",), "javascript": ("js", "mjs", "cjs"), "typescript": ("ts", "tsx"),
    "markdown": ("md", "markdown"), "text": ("txt",), "script": ("py", "sh", "js", "rb", "pl", "ps1"),
    "code": ("py", "js", "ts", "tsx", "java", "c", "h", "cpp", "hpp", "go", "rs", "rb", "sh", "php", "cs", "kt", "swift"),
    "source": ("py", "js", "ts", "tsx", "java", "c", "h", "cpp", "hpp", "go", "rs", "rb", "sh", "php", "cs", "kt", "swift"),
    "video": ("mp4", "mov", "avi", "mkv", "webm"), "movie": ("mp4", "mov", "avi", "mkv", "webm"), "audio": ("mp3", "wav", "flac", "ogg", "m4a"), "music": ("mp3", "wav", "flac", "ogg", "m4a"), "song": ("mp3", "wav", "flac", "ogg", "m4a"),
    "archive": ("zip", "tar", "gz", "tgz", "7z", "rar", "bz2", "xz"),
    "extensionless": ("",),  # README, Makefile, a changelog named NEWS: no extension at all
    "log": ("log",), "logfile": ("log",), "config": ("json", "yaml", "yml", "toml", "ini", "cfg", "conf"),
    "web": ("html", "htm", "css"), "webpage": ("html", "htm"), "html": ("html", "htm"), "jpeg": ("jpg", "jpeg"), "jpg": ("jpg", "jpeg"), "yaml": ("yaml", "yml"), "htm": ("html", "htm"), "tif": ("tif", "tiff"),
}
# The type groups whose files hold no text to read (their dates and names are all they say).
NO_TEXT_GROUPS = ("image", "video", "audio", "archive")
# How answers name the files of a type group: "Word documents (.docx/.doc)", "images (.png/.jpg/...)".
GROUP_NOUNS = {
    "image": ("image", "images"), "picture": ("picture", "pictures"), "pic": ("picture", "pictures"), "photo": ("photo", "photos"),
    "screenshot": ("screenshot", "screenshots"), "spreadsheet": ("spreadsheet", "spreadsheets"), "sheet": ("spreadsheet", "spreadsheets"),
    "workbook": ("workbook", "workbooks"), "excel": ("Excel file", "Excel files"), "word": ("Word document", "Word documents"),
    "doc": ("Word document", "Word documents"), "document": ("document", "documents"), "presentation": ("presentation", "presentations"),
    "slide": ("presentation", "presentations"), "deck": ("presentation", "presentations"), "powerpoint": ("PowerPoint file", "PowerPoint files"),
    "video": ("video", "videos"), "movie": ("video", "videos"), "archive": ("archive", "archives"), "script": ("script", "scripts"),
}
# Type words that are everyday nouns too ("the text of the lease"): a type only with a file noun after them ("text files"), or, for those marked True, in the plural.
EVERYDAY_TYPES = {"code": False, "text": False, "source": False, "config": False, "web": False, "word": False, "sheet": False,
                  "log": True, "script": True, "archive": True, "slide": True, "deck": True, "song": True, "music": False, "audio": False,
                  "go": False, "c": False, "h": False}
KNOWN_EXTENSIONS = {
    "pdf", "docx", "doc", "xlsx", "xls", "csv", "pptx", "ppt", "txt", "md", "json", "yaml", "yml", "toml",
    "html", "htm", "xml", "py", "js", "ts", "java", "go", "rs", "c", "cpp", "h", "sh", "log", "png", "jpg",
    "jpeg", "gif", "svg", "mp3", "mp4", "wav", "zip", "tar", "gz", "rst", "odt", "ods", "rtf", "ini", "cfg",
    "mov", "heic", "webp", "tgz", "whl", "tsv", "mkv", "7z",
}
# Words that say "file" without saying which: dropped from type words and file descriptions alike.
FILLER_WORDS = plurals(("file", "type", "format")) | {"all", "the", "my", "of", "any", "and", "or", "s", "one", "ones", "named",
                                                       "called", "titled", "a", "an", "in", "for", "with", "that", "this", "thing"}
# Phrasings of "the whole folder": they select no subfolder.
WHOLE_FOLDER = {"", ".", "all", "everything", "everywhere", "root", "home", "here", "the folder", "this folder", "whole folder",
                "entire folder", "files", "my files", "documents", "my documents", "my stuff", "stuff", "all folders",
                "all files", "any", "anywhere", "total", "in total", "overall", "all subfolders", "subfolders", "top", "top level"}
# Words people use for one kind of document, a group each: "my bills" mean files named "invoice" when none is named so.
KIN_WORDS = [
    {"invoice", "bill", "receipt"}, {"contract", "agreement", "lease"}, {"cv", "resume", "résumé"}, {"manual", "guide", "handbook", "instructions"},
    {"payslip", "paystub", "salary"}, {"ticket", "booking", "reservation", "itinerary"}, {"minutes", "meeting"}, {"statement", "bank"},
    {"quote", "quotation", "estimate"},
]
# Of those, the papers a search asked of one is kept to, where some found files call themselves so ("the venue's quote").
PAPER_KINDS = [group for group in KIN_WORDS if group & {"invoice", "contract", "quote"}]

# ------------------------------------------------------------------------------- sizes, times and numbers
UNITS = {"b": 1, "byte": 1, "bytes": 1, "k": 1024, "kb": 1024, "kib": 1024, "kilobyte": 1024, "kilobytes": 1024,
         "m": 1024**2, "mb": 1024**2, "mib": 1024**2, "meg": 1024**2, "megs": 1024**2, "megabyte": 1024**2, "megabytes": 1024**2,
         "g": 1024**3, "gb": 1024**3, "gib": 1024**3, "gig": 1024**3, "gigs": 1024**3, "gigabyte": 1024**3, "gigabytes": 1024**3}
SECONDS = {"minute": 60, "min": 60, "hour": 3600, "hr": 3600, "h": 3600, "day": 86400, "d": 86400, "week": 7 * 86400,
           "wk": 7 * 86400, "fortnight": 14 * 86400, "month": 30 * 86400, "year": 365 * 86400, "yr": 365 * 86400}
NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "half a": 0.5, "half": 0.5}
# The number words a count of files can be said with ("the three largest").
COUNT_WORDS = {word: int(number) for word, number in NUMBER_WORDS.items() if number >= 1 and word not in ("a", "an")}
WEEKDAYS = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
# Units written as symbols are what a question says in words: "how many degrees" is "180 °C".
UNIT_WORDS = {"°": ("degrees", "temperature"), "%": ("percent", "percentage")}
# Units written short, as whole words ("km: 214", "12 h"), are what a question says in full ("the kilometres").
UNIT_ABBREVIATIONS = {"km": ("kilometre", "kilometer"), "kg": ("kilogram",), "mi": ("mile",), "hr": ("hour",), "hrs": ("hour",),
                      "min": ("minute",), "mins": ("minute",), "kwh": ("kilowatt", "energy"), "gb": ("gigabyte",), "mb": ("megabyte",),
                      "kb": ("kilobyte",), "gib": ("gigabyte",), "mib": ("megabyte",), "eur": ("euro",), "usd": ("dollar",), "gbp": ("pound",)}
# "No. 07-1315", "Nr. 4", "#812", "Nº 7": a number said with its sign, where a question says "number".
NUMBER_SIGN = re.compile(r"(?:\b(?:no|nr|num)\.\s?|\bn[°º]\s?|#\s?)\d", re.I)
YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# Several months in a row: "January to March", "Jan-Mar", "Q1", "the first quarter".
QUARTERS = ("first", "second", "third", "fourth")
MONTHS_SPANNED = re.compile(rf"\b(?:{alternatives(MONTHS)})\.?\s*(?:to|through|thru|till|until|-|–)\s*(?:{alternatives(MONTHS)})\b|"
                            rf"\bQ(?P<q>[1-4])\b|\b(?P<nth>{alternatives(QUARTERS)}) quarter\b", re.I)
# A year said from the one before ("a year later", "two years earlier", "the year before", "the following year").
RELATIVE_YEAR = re.compile(r"\b(?:(?P<count>a|an|one|two|three|four|five|\d{1,2}) years? (?P<way>later|after(?:wards)?|on|earlier|before|back|prior)|"
                           r"the (?P<next>following|next|subsequent) year|the (?P<previous>previous|preceding|prior) year|"
                           r"the year (?P<side>before|after))\b", re.I)
TODAYS_YEAR = re.compile(r"\b(?:this|last|next|previous|past|coming|current) (?:year|season|term)\b", re.I)  # a year said from today's
# The verbs of a file's own history.
EDIT_VERBS = ("modified", "changed", "edited", "updated", "touched", "saved")
_EDITED = alternatives(EDIT_VERBS)
# Words for a file's own size, dates and place ("when was the plan last modified").
SIZE_WORDS = r"how (?:big|large|heavy)|(?:file )?size|sized|bytes?|kb|mb|gb"
DATE_WORDS = rf"(?:last )?(?:{'|'.join(EDIT_VERBS + ('modification', 'created'))})"
# Hidden files asked for ("show me the hidden files", "any dotfiles?"), not set aside ("hidden files don't count").
HIDDEN_ASKED = re.compile(r"(?<!\bnot )(?<!\bno )(?<!\bexcluding )(?<!\bwithout )(?<!\bexcept )(?<!\bignoring )(?<!\bignore )(?<!\bcounting )(?<!\bincluding )(?<!\binclude )(?<!\bcount )"
                          r"\b(?:hidden|dot ?files?)\b(?!\s+(?:files?\s+|ones\s+)?(?:don't|do not|aside|excluded|not|left out))", re.I)
# Hidden files asked for beside the others ("dont" before "count" sets them aside): "hidden ones included", "auch die versteckten".
HIDDEN_TOO = re.compile(r"(?<!n't )(?<!\bdont )(?<!\bnot )(?<!\bnever )(?<!\bwithout )\b(?:including|include|incl\.?|with|plus|and|counting|count|also)\s+(?:the\s+|any\s+)?(?:hidden|dot ?files?)\b|"
                        r"\b(?:hidden|dot ?files?)(?:\s+(?:ones?|files?|stuff))?\s+(?:included|too|as well|also)\b|"
                        r"\by compris\b[^.?!]*\bcach[ée]s?\b|\bauch\b[^.?!]*\bversteckt\w*|\b(?:incluid[oa]s?|incluyendo|contando)\b[^.?!]*\boculto?s?\b|"
                        r"\b(?:compres[io]|inclus[io]|incluso|includendo|contando)\b[^.?!]*\bnascost[io]\b", re.I)
# Every form of those verbs, for a question that bounds when files were touched ("saved during the spring").
EDITING = re.compile(r"\b(?:modif(?:y|ied|ies|ying|ication)|chang(?:e|ed|es|ing)|edit(?:s|ed|ing)?|updat(?:e|ed|es|ing)|"
                     r"touch(?:ed|es|ing)?|sav(?:e|ed|es|ing)|creat(?:e|ed|es|ing))\b", re.I)
PLACE_WORDS = r"which folder|what folder|where is|where's|stored|located|location|path"
# What a question may ask about files themselves rather than what they say.
FILE_ASPECTS = re.compile(
    rf"\b({SIZE_WORDS}|{DATE_WORDS}|{PLACE_WORDS}|space|opened|how old|where (is|are|do i keep)|folders?|director(y|ies)|named|called|"
    r"file ?names?|extension|file type|list|rename|files?|documents|docs|tree|structure|organi[sz]ed|layout|empty)\b", re.I)
# The words that begin an asking, the verbs that end the noun phrase after "what"/"which" ("what colour codes does ...") or lead to it ("what is the
# page margin ..."), the words before the noun phrase, and the nouns of a file's own facts in that phrase.
# Words that may open a question before its asking word ("Under what licence ...", "In which year ...").
PREPOSITIONS = ("in", "on", "at", "by", "for", "from", "to", "under", "with", "since", "until", "after", "before", "during", "about", "into", "over")
ASKING = ("who", "whom", "whose", "what", "what's", "whats", "which", "when", "where", "where's", "how", "why")
# The askings that name the thing asked right after them ("which version", "what acme release").
ASKING_FOR_A_THING = ("which", "what", "whose")
# Files written as prose, by extension (files without one, README, NEWS, AUTHORS, are prose too).
PROSE_EXTENSIONS = frozenset({".md", ".markdown", ".txt", ".text", ".rst", ".adoc", ".asciidoc", ".org", ".rdoc", ".pod"})
AUXILIARIES = set("is are was were be been does do did has have had can could should will would must may might 's".split())
LEADING_WORDS = set("the a an my our your this that there i it its we you any some all each every got".split())
# The words of a polite wrapper around the asking ("can you please tell me what ...").
POLITE_WORDS = {"you", "tell", "me", "please", "know", "let"}
FILE_FACT_NOUNS_ASKED = ("size", "filename", "extension")
# A question asks about files themselves, whatever it asks for: their size, edit dates, a listing, a tree, empty files, a folder (weaker words name a document).
ASKS_FILES_ANYWHERE = re.compile(
    r"\b(how (?:big|large|heavy)|how much (?:disk )?space|disk space|(?:^\W*|you |please )(?:list|show|find|count|give)\b|"
    r"file ?sizes?|size of (?:the|my|this|that|each|all|every)|in bytes|how many bytes|"
    r"\d+\s*(?:bytes|kb|mb|gb|kib|mib)|modified|modification|(?:last|recently) (?:chang|edit|modif|updat|sav|touch)\w*|"
    r"(?:chang|edit|modif|updat|sav|touch)\w* (?:most )?recently|"
    r"when (?:was|were|did)\b.*\b(?:edit|chang|modif|touch|sav|updat|creat)\w*|"
    rf"{alternatives(FOLDER_NOUNS, plural=True)}|director(?:y|ies)|file ?names?|empty|"
    r"tree|structure|organi[sz]ed|layout|what(?:'s| is) in\b|"
    r"(?:did|have|had) i (?:\w+ )?(?:sav|chang|edit|modif|touch|updat|creat|download|work(?:ed)? on)\w*)\b",
    re.I,
)
# What a program, a setting or one document says, whatever file words come with it: a command-line option or a
# setting's name ("-n", "--exclude", "max_hops"), a question of how to do something, or a question framed by
# the document it reads ("In the service file, what must be installed first?").
OPTION_NAMED = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*")
OPTION_ASKED = re.compile(r"\b(?:which|what)\s+(?:[\w.-]+\s+)?(?:option|flag|switch|argument)s?\b", re.I)  # "which zither option ..."
SETTING_NAMED = re.compile(r"\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b")
INSTRUCTIONS = re.compile(r"^\W*(?:how (?:do|can|should|would|could|must) (?:i|you|we|one)\b|how to\b|what (?:command|option|setting)s?\b)", re.I)
DOCUMENT_NOUNS = ("file", "page", "man page", "manual", "readme", "guide", "documentation", "docs", "notes", "paper", "whitepaper", "spec",
                  "specification", "changelog", "news", "licence", "license", "config", "configuration", "unit file", "faq")
DOCUMENT_FRAME = re.compile(rf"^\W*(?:in|according to|going by|per|from|as)\s+(?:the\s+|my\s+|its\s+|their\s+|this\s+)?"
                            rf"(?P<document>[^,?]{{0,60}}?\b{alternatives(DOCUMENT_NOUNS, plural=True)})(?:\s+(?:says|has it|puts it))?\s*,\s*(?P<rest>.+)",
                            re.I)
# Two things asked in one breath: "what's the fee and the deadline?", "what are the rent and the deposit?".
# The last "X and Y" of a what-question ("what were the limits of tilt and pan?"), not two combined or weighed.
THINGS_ASKED = re.compile(r"^(?!.*\b(?:between|together|combined|altogether|sum|difference|compared?|than|both|each)\b).*?\bwhat(?:'s| is| are| was| were)\s+"
                          r"(?:[^?,;]*?\s)?(?:(?:the|my|its|their|in|for|of|on)\s+)?(?P<first>[\w'-]+(?:\s+[\w'-]+)?)\s+and\s+"
                          r"(?:(?:the|my|its|their|in|for|of|on)\s+)?(?P<second>[\w'-]+(?:\s+[\w'-]+)?)\s*(?:[?.!,;]|$)", re.I)
# Where a question first says what all its parts are about: "On the gym's price list, what ... and what ...?".
LEADING_FRAME = re.compile(r"^\W*(?:in|on|according to|going by|per|from)\s+(?P<frame>[^,?]{3,60}),\s*(?=(?:who|whom|what|which|when|where|how|is|are|was|were|does|did|do)\b)", re.I)
# Words before a size that make it a file's ("the total size"); any other noun before it makes it that thing's ("cache size").
FILE_SIZE_MODIFIERS = frozenset({"file", "total", "combined", "overall", "whole", "average", "full", "exact", "disk", "my", "its", "their",
                                 "the", "this", "that", "each", "every", "what", "which", "s"})
# What a folder holds, asked of it: "what's in reports/2025", "show me what's inside papers".
FOLDER_CONTENTS = re.compile(r"\bwhat(?:'s|\s+is|\s+are)?\s+(?:in|inside|under)\b|\b(?:show|list)\b.*\b(?:in|inside|under|of)\b|"
                             r"\bwhat does\b.*\b(?:hold|contain)\b", re.I)
# A question that asks for a sum of money ("how much was the hosting bill", "what does the desk cost"), and a line
# that gives one ("Amount owing: EUR 57.30", "$3,405.00"): the line an amount is asked of rarely says the question's words.
MONEY_WORDS = re.compile(r"\b(?:cost|costs|price|priced|fee|fees|paid|pay|bill|billed|charged?|rent|spent|spend|owe|owed|premiums?|deposit|fare|refund|salary)\b", re.I)
# "How much was the invoice for?", "how much is the bond": what something came to, asked without a money word.
HOW_MUCH_WAS = re.compile(r"\bhow much (?:was|is|were|are|will|would|did|does|do)\b(?!.*\b(?:weigh|weighs|weighed|last|lasts|take|takes|hold|holds|use|uses|used)\b)", re.I)
MONEY_ASKED = re.compile(r"\bhow much\b(?!\s+(?:time|space|disk|storage|memory|ram|data|longer|later|earlier|notice|more time)\b)|\bwhat (?:was|is) (?:the|my|our|that) "
                         r"(?:[\w'-]+ ){0,2}(?:estimate|quote|quotation|invoice|bill)\b(?!\s+(?:number|no|date|ref\w*|id)\b)|" + MONEY_WORDS.pattern +
                         r"|^(?!.*\b(?:number|no|date|due|ref\w*|id)\b)(?:[\w'-]+ ){0,3}(?:estimate|quote|quotation|invoice|bill)s?(?: [\w'-]+){0,3}\s*$", re.I)
# A file's own facts, asked of a file described by what it says: its size, date or folder.
FILE_FACTS = re.compile(rf"\b({SIZE_WORDS}|{DATE_WORDS}|{PLACE_WORDS})\b", re.I)
# How many pages, sheets or slides a document has: a fact of the file, read from its format, not from its text.
PARTS_ASKED = re.compile(r"\b(?:how many|number of|count of) (?:pages|sheets|worksheets|tabs|slides)\b|\b(?:page|sheet|slide) count\b", re.I)
# Facts only a file has, whatever the question calls it ("when was the plan last modified").
ONLY_FILE_FACTS = re.compile(rf"\b(file size|bytes|kb|mb|(last )?modified|modification)\b|{PARTS_ASKED.pattern}", re.I)
FILE_FACT_NOUN = re.compile(rf"\b{alternatives(FILE_FACT_NOUNS, plural=True)}\b", re.I)
# A named file's own size, dates or place ("how large is CREDITS", "where is the lease?", not "where is the log level set in it").
_NAMED_PLACE = PLACE_WORDS.replace("where is|where's", r"where(?: is|'s) (?:[\w.-]+ ?){1,4}(?=\W*$)")
NAMED_FILE_FACTS = re.compile(rf"\b({SIZE_WORDS}|{_NAMED_PLACE}|when (?:was|were|did)\b.*\b(?:{'|'.join(EDIT_VERBS)}|created)|last {_EDITED})\b", re.I)
# A file's own dates; whole words, so "add up", "address" and "savings" are none.
FILE_DATES = re.compile(rf"\b({DATE_WORDS}|modify|change|changes|edit|update|create|save|added)\b", re.I)
# How a question asks about a file's size or dates (the router's lookup of one file).
METADATA = re.compile(r"\b(how (big|large|heavy)|size of|file ?size|how much space|when was|when did|modified|created|"
                      rf"last {alternatives(EDIT_VERBS)}|metadata)\b", re.I)

# Words for the order of a ranking, longest phrases first. "least bulky" is the smallest, "least recently
# changed" the oldest: a "least" before a word of the other end turns it round.
ORDER_PHRASES = [
    (rf"least recent(ly)?( (?:{_EDITED}|used))?|longest ago|longest (?:time )?without (?:being |getting )?(?:{_EDITED})|longest untouched|stalest|earliest|oldest", "oldest"),
    (r"least (bulky|big|large|heavy|space)|fewest bytes|smallest|tiniest|littlest|lightest|teeniest|slimmest|minimal size", "smallest"),
    # "the last modified file" ranks; "when was X last modified" asks for a date.
    (rf"most recent(ly)?( (?:{_EDITED}|created))?|(?<=the )last {_EDITED}|last {_EDITED} (file|one|document)|newest|latest|freshest|youngest|"
     r"(?<=i )(?:modif(?:y|ied)|change[d]?|edit(?:ed)?|touch(?:ed)?|update[d]?|save[d]?|work(?:ed)? on) last", "newest"),
    (r"most (space|room|disk space|storage)|largest|biggest|bulkiest|chunkiest|heaviest|hugest|fattest|greatest size|"
     r"take[s]? up the most|largest", "largest"),
]
SIZE_BOUND = re.compile(
    r"\b(?P<op>(?:larger|bigger|greater|heavier|more|over|above|exceed(?:s|ing)?|at least|in excess of|upwards of)(?:\s+than)?|"
    r"(?:smaller|less|lighter|under|below|fewer)(?:\s+than)?)\s+(?P<size>(?:half\s+a|a|an|one|two|three|four|five|ten|\d+(?:[.,]\d+)?)\s*(?:hundred\s*|thousand\s*)?"
    r"(?:bytes?|b|kb|kib|k|mb|mib|megs?|megabytes?|gb|gib|gigs?|gigabytes?|kilobytes?))\b",
    re.I,
)
EMPTY = re.compile(r"\b(empty|blank|zero[- ]?(?:bytes?|b|size|sized|length)|0[- ]?(?:bytes?|b|kb)|no content|contain(?:s|ing)? nothing|"
                   r"nothing in (?:it|them)|size of (?:0|zero))\b", re.I)
# Files asked about by whether their content is the same as another's.
DUPLICATES_ASKED = re.compile(r"\b(?:duplicate(?:d)? (?:files?|documents?|copies)|(?:any|some|the) duplicates|duplicates (?:of|in|among|under)|"
                              r"identical (?:files?|documents?|copies)|(?:files?|documents?) (?:that are|which are|with) (?:identical|the same content)|"
                              r"same content|exact cop(?:y|ies)|byte[- ]for[- ]byte|(?:any|some) of (?:them|these|those) (?:are )?identical)\b", re.I)
# Files a question leaves out by a folder, names or types ("the CSVs outside the data folder", "leaving the logs aside").
EXCLUDED = re.compile(r"\b(?:outside(?:\s+of)?|not\s+(?:in|under|inside)|(?:except|excluding|other than|apart from|besides|but not|ignoring|not counting|leaving out|(?:leaving|setting|putting|leave|keeping)(?=(?:\s+[\w./'-]+){1,3}\s+(?:aside|out)\b))(?:\s+(?:for\s+)?(?:(?:the\s+)?(?:ones|files|stuff|things)|those|anything|what'?s)?\s*(?:in|under)\b)?"
                      r"|(?:that|which)\s+(?:is|are)(?:n'?t|\s+not))\s+(?:an?\s+|the\s+|my\s+|any\s+)?(?P<what>[\w./'-]+(?:\s+[\w./'-]+){0,2}?)"
                      r"(?=\s+(?:folders?|director(?:y|ies)|dir)\b|\s*[?,.;!)]|\s*$|\s+(?:and|or|but|from|with)\b|\s+(?:aside|out)\b)", re.I)
# Figures a question rules out, right after the word that does ("not 7.1.3 or 7.1.4"); not the rest of its clause.
RULED_OUT = re.compile(r"\b(?:not|except|excluding|other than|rather than|apart from)\s+v?\d[\w.-]*(?:\s*(?:,|or|and|nor)\s*v?\d[\w.-]*)*", re.I)
# A file that is not empty: said without the word ("has something in it", "actually holds data"), or the empty left out.
HAS_CONTENT = re.compile(r"\b(?:ha(?:s|ve)|with|hold(?:s|ing)?|contain(?:s|ing)?)\s+(?:actual\s+|real\s+|any\s+|some\s+)?"
                         r"(?:something|anything|content|contents|data|text|bytes)\b(?!\s+(?:about|on|of|from|for)\b)|"
                         r"\b(?:not|isn't|isnt|aren't|arent|non|ignor(?:e|ing)|leav(?:e|ing) out|exclud(?:e|ing)|skip(?:ping)?|except|without|"
                         r"not counting|other than|besides|apart from)[- ]?(?:the |any |all )?(?:empty|blank)\b", re.I)
PERIOD = re.compile(
    r"\b(?:(?:in|within|during|over|for)\s+)?(?:the\s+)?(?:last|past|previous|recent)\s+(?P<span>(?:\d+|a|an|one|two|three|four|five|six|seven|ten|fourteen|thirty)?\s*"
    r"(?:hours?|days?|weeks?|fortnight|months?|years?))\b(?!\s+of\b)|\b(?P<word>today|yesterday|this week|this month|24 hours)\b", re.I)
NAME_WORD = re.compile(
    r"(?:with|having|containing|has|have)\s+['\"“‘]?(?P<a>[\w.\-]+)['\"”’]?\s+(?:somewhere\s+)?(?:in|as part of)\s+(?:the|its|their)\s+(?:file ?)?names?"
    r"|(?:names?|filenames?|file names?)\s+(?:that\s+)?(?:contain|include|mention|containing|including|mentioning|with)s?\s+['\"“‘]?(?P<b>[\w.\-]+)"
    r"|\b(?:named|called|titled)\s+(?:like\s+)?['\"“‘]?(?P<c>[\w.\-]+)",
    re.I,
)

# ------------------------------------------------------------------------------------------- asking
# Function words: they say nothing of what a text is about (the keyword index leaves them out too).
STOPWORDS = set(
    "a an and are as at be by did do does for from has have how i in into is it its me my of on or our per so than that the their them "
    "there these this to via was we were what when where which who whom why will with you your".split()
)
# ... and the words of asking: a question's words that say nothing about what it is about.
QUESTION_WORDS = STOPWORDS | set(
    "can could would should please tell know need find give remind look up check get got much many any some about according going say says "
    "said also just like whats what's im i'm let us show want wanted".split()
)
# Words of a question that say nothing of its subject: asking, files, time and amounts in general.
SUBJECTLESS = set(
    "say says said mentions mention write written note notes list show tell contain contains read reads cost costs price amount total sum much many number "
    "date dates day days time times when year years month months week weeks today yesterday ago last first next new newest latest "
    "old oldest big biggest small smallest large largest high highest low lowest more most less least other each every all any "
    "file files document documents doc docs folder folders directory name named called item items thing things one ones "
    "according does did have has had got get give find look looking know want need please also just still yet there here "
    "pay pays paid charge charges charged spend spent owe owed bill billed cost costs come comes came go goes went use used".split()
) | set(MONTHS) | WEEKDAYS | set(UNITS)
COUNTING = ("how many", "number of", "total number", "count", "tally")
COUNT = re.compile(rf"\b{alternatives(COUNTING)}\b", re.I)
# The phrase a count counts, after the counting words ("how many unread mails remain") or before them ("2031 receipt count").
COUNTED = re.compile(rf"\b{alternatives(COUNTING)}(?:\s+of)?\s+((?:[\w'-]+\s+){{0,4}}[\w'-]+)", re.I)
COUNT_AFTER = re.compile(r"((?:[\w'-]+\s+){0,2}[\w'-]+)\s+" + alternatives(("count", "how many")) + r"\b", re.I)
# Words before the thing counted ("how many of my empty files"), and words that end its noun phrase.
NOT_THE_THING = {"up", "of", "my", "the", "our", "your", "these", "those", "them", "different", "separate", "individual", "total", "empty", "blank",
                 "zero", "byte", "big", "large", "small", "new", "old", "recent", "recently", "other", "more", "such", "all", "any"}
PHRASE_ENDS = {"do", "does", "did", "are", "is", "was", "were", "have", "has", "had", "in", "on", "under", "inside", "within", "for", "i",
               "you", "we", "they", "there", "can", "will", "would", "should", "of", "that", "which", "with", "from", "to", "per", "left",
               "at", "by", "about", "across", "over", "this", "the", "my", "it", "its", "anywhere", "somewhere", "everywhere", "here"}
# How a question over many files combines them, strongest first: "in total, how many" counts.
# A question asking which value a table's column says most often ("the member seen most often").
MOST_OFTEN = re.compile(r"\bmost (?:often|frequent(?:ly)?|common(?:ly)?|times|visits|sessions)\b", re.I)
# A table's yes-or-no cells ("Paid?: Y"); a column's word said negated ("unpaid", "not paid") is the rows of its no.
YES_CELLS, NO_CELLS, NEGATING = {"y", "yes", "true", "x", "✓", "✔", "ja", "oui", "si", "sí"}, {"n", "no", "false", "nein", "non", "nei", "nej"}, ("un", "non-", "non", "not ", "never ", "n't ")
COMBINE_WORDS = [
    ("count", COUNT),
    ("average", re.compile(r"\b(average|mean|typical|per (invoice|bill|file|document))\b", re.I)),
    ("largest", re.compile(r"\b(largest|biggest|highest|longest|most expensive|maximum|max|priciest|costliest|top"
                           r"|(?:owes?|owed|owing|costs?|pays?|paid|earns?|earned|spends?|spent) the most)\b", re.I)),
    ("smallest", re.compile(r"\b(smallest|lowest|shortest|cheapest|least expensive|minimum|min)\b", re.I)),
    ("total", re.compile(r"(?<![\w-])(totals?|sum|add(s|ed)? up|altogether|together|combined|c(?:o|a)mes? to|in all|overall|spent|spend|paid|pay|charged|earn(?:ed)?|br(?:ing|ought) in)\b", re.I)),
]
# A table's last row of a period, as a running balance is read ("what it held at the end of March", "the closing figure",
# "after the last transaction"); not a total "by the end of" it.
PERIOD_END = re.compile(r"\b(?:(?:at|as of) the (?:very )?end of|(?:closing|ending) (?:balance|figure|value)"
                        r"|after the (?:last|latest|final) (?:movement|transaction|entry|payment|row|line)s?)\b", re.I)
# Words of a question over many files that say how to combine them or ask, not what a document's line says.
COMBINE_TERMS_TEXT = ("largest biggest highest most expensive maximum priciest costliest top smallest lowest cheapest least minimum "
                      "average mean typical total sum combined overall which what how much many grand all altogether every each "
                      "spent spend charged paid pay come add up amount value money calculate together them earn earned bring brought "
                      "hi hey need able would receive received sent got get dated invoiced billed pls thanks cost across one most out who")
# A plural noun: a word in -s that is no singular in -s.
PLURAL = re.compile(r"\b(?!(?:this|thus|does|has|was|its|his|hers|yes|plus|gas|bus|always|less|across|previous|various|status|bonus|news|lens|thanks)\b)"
                    r"[a-z]{3,}[^s\W]s\b", re.I)
# Plural verbs and pronouns, and words of many: a ranking said with them lists several files.
MANY_WORDS = re.compile(r"\b(are|were|ones|them|they|these|those|all|each|every|list)\b", re.I)
# A question over every document of a kind ("all my receipts", "each invoice"): one look reads them all.
EVERY_ONE = re.compile(r"\b(?:all|every|each)\b(?!\s+(?:of\s+)?(?:the\s+)?(?:two|both|three)\b)", re.I)
# A figure asked within one document that keeps records ("the highest fee in the June ledger"): not many files'.
IN_ONE_RECORD = re.compile(r"\b(?:in|on|from) (?:the|my|this|that) (?:[\w'-]+ ){0,3}(?:statement|log|logbook|spreadsheet|sheet|workbook|budget|"
                           r"table|export|ledger|register|agenda|diary|journal|timesheet|schedule|roster|csv)\b(?!s)", re.I)
DEFAULT_ASKED = re.compile(r"\bby default\b|\bdefaults? (?:to|is|are)\b", re.I)  # a setting's default, which a document states
# A follow-up pointing at the time the question before named ("how many were there that year?").
THAT_TIME = re.compile(r"\b(?:that|the same|this) (?:year|month)\b|\b(?:back )?then\?|\bat that time\b", re.I)
# How many things there are and what they add up to, in one question (a count, then what those cost or earned).
COUNT_AND_TOTAL = re.compile(rf"\b{alternatives(COUNTING)}\b.*\bhow much (?:(?:did|do|does|have|has|will) (?:they|those|these|it|that)\b|in total\b|altogether\b|"
                             r"(?:in total |altogether )?(?:is|are|was|were) (?:still )?(?:outstanding|owed|owing|due|unpaid|pending)\b)|"
                             rf"\b{alternatives(COUNTING)}\b.*\band\b.*\b(?:what (?:do|does|did) (?:they|those|these) (?:add up to|come to|total)|what(?:'s| is| was) the total)\b", re.I)
OVER_MANY = re.compile(r"\b(every|each|all|list|which|any|ones|per|across|between|compare|files|documents)\b", re.I)
# What kind of figure a question asks for: a date, or a number or amount.
DATE_ASKED = re.compile(r"\b(dates?|deadline|what day|which day|when\b.*\bdue|(?:until|till|by|since) when|check-?in|check-?out)\b", re.I)
QUANTITY_NOUNS = ("cost", "price", "amount", "total", "fee", "rent", "deposit", "budget", "balance", "salary", "rate", "temperature", "size",
                  "weight", "length", "height", "distance", "speed", "duration", "limit", "maximum", "minimum", "percentage", "score")
NUMBER_ASKED = re.compile(rf"\bhow (much|many|long|far|old)\b|\b(phone|telephone|mobile)\b|\bwhat (is|was|are|were) the ([\w'-]+ )?{alternatives(QUANTITY_NOUNS)}\b|"
                          r"\bwhat temperature\b|\bhow many degrees\b", re.I)
ASKED_KIND = [("date", DATE_ASKED), ("number", NUMBER_ASKED)]
# A manual page asked for: the file of a name whose extension is a manual section ("nnn.1", "cron.8").
MAN_PAGE_ASKED = re.compile(r"\bman(?:ual)? ?pages?\b|\bman(?:page)?\b(?!-)", re.I)
MAN_SECTION = re.compile(r"^[1-9][a-z]*$")
# What a file says, asked as a whole: "summarise the memo", "what does the newest sheet say?", "what's in plans.txt?".
SUMMARY_ASKED = re.compile(r"\bsummar(?:ise|ize|y)\b|\bgist\b|\bwhat (?:does|do|did)\b[^?]*\b(?:say|says|said|contain|hold)\b|\bwhat(?:'s| is) in\b", re.I)
# The newest release of a program or in a changelog, asked for: "the latest version", "its last release", "most recent entry".
NEWEST_RELEASE = re.compile(r"\b(?:latest|newest|last|most recent|current)\s+(?:[\w.'-]+\s+)?(?:release|version|entry)\b", re.I)
# What a release changed, asked of it: "what did the newest version fix", "the top item its notes list", "what's new in it".
RELEASE_NOTES_ASKED = re.compile(r"\b(?:fix(?:es|ed)?|chang(?:e|ed)|add(?:s|ed)?|remov(?:e|es|ed)|drop(?:s|ped)?|deprecat(?:e|es|ed)|introduc(?:e|es|ed)|br(?:ing|ings|ought)|listed|notes|new in|what(?:'s| is) new)\b", re.I)
# A question about when an option or a setting came, changed or went: the changelog's, not the manual's.
HISTORY_ASKED = re.compile(r"\b(?:when|since|(?:which|what) (?:[\w.+-]+ )?(?:release|version)|added|introduced|removed|show(?:ed|n)? up|"
                           r"appeared|deprecated|dropped|renamed|changed|changelog|news|release notes)\b", re.I)
# What changelogs are called, in their names or in a question: "NEWS", "Changes.txt", "release notes".
CHANGELOG_NAMES = ("news", "changelog", "changes", "history", "releases", "release notes", "release-notes")
# "How many X does the Y file list / are in the Y table": a count of what one document lists.
# A verb's participle after a counted noun ("receipts kept", "invoices sent", "bills paid"), not a noun ending so ("snapshot").
PARTICIPLE = re.compile(r"\w+(?:ed|en|ing)|sent|kept|spent|left|built|bought|got|paid|made|put|set|lost|held|found|brought|sold", re.I)
LISTED_COUNT = re.compile(r"\bhow many\b(?=.*\b(?:lists?|listed|contains?|includes?|included|(?:are|is) (?:there )?in|does\b.*\bhave|has)\b)", re.I)
# Asking for one value ("how many", "when", "what is the X") ...
ONE_VALUE_ASKED = re.compile(r"\b(?:how (?:much|many|long|far|old|big|often)|when|(?:what|which|who)(?:'s|\s+is|\s+was)|whats)\b", re.I)
# ... and not for a list of things.
LIST_ASKED = re.compile(r"\b(?:list|all|every|each of|ones)\b", re.I)

# Pointing back at the question before: at its files ("list them", "which of them"), or at what it asked about.
POINTING_TO_MANY = ("they", "them", "those", "these", "their", "one", "ones")
POINTING_BACK = POINTING_TO_MANY + ("it", "its", "it's", "that", "this", "the same", "same one", "he", "she", "him", "her", "his", "hers")
CHAT_OPENERS = ("ok", "okay", "thanks", "thank you", "great", "cool", "nice", "right", "so")
FOLLOW_UP_OPENERS = ("and", "what about", "how about", "also", "y", "e", "et", "und", "och")  # "and" as the folder's languages open one
FOLLOW_UP = re.compile(rf"\b{alternatives(POINTING_TO_MANY)}\b", re.I)
REFERS_BACK = re.compile(rf"\b{alternatives(POINTING_BACK)}\b|^\W*(?:{alternatives(CHAT_OPENERS)}\W+)*{alternatives(FOLLOW_UP_OPENERS)}\b", re.I)
# Words that ask the question before again without adding to it: "ok, now do 2023", "the same for 2022 please".
ASKING_AGAIN_TEXT = " ".join(POINTING_BACK + CHAT_OPENERS + FOLLOW_UP_OPENERS) + (
    " now then same thing question calculation too as well again do done year years the please sure")

# A question that needs several looks: two questions in one ("who ..., and how much ..."), a comparison of named
# things, figures of several things added up, or a file to find first and then read.
TWO_QUESTIONS = re.compile(r"\?\s*\S|(?:,|;|\s-)?\s+and\s+(?:what|who|whom|which|when|where|how|is|are|was|were|does|did|do)\b|"
                           r"^\W*(?:what|which|who|whom|when|where|how)\b.*\s(?:and|&)\s", re.I)
# Where a question's askings part: after a question mark, at a sentence's end, before "and what/who/how ...".
ASKINGS_PART = re.compile(r"(?<=\?)\s+|[.;]\s+(?=[A-Z¿¡])|,?\s+and\s+(?=(?:what|who|whom|which|when|where|how|is|are|was|were|does|did|do)\b)", re.I)
COMPARED = re.compile(r"\b(vs\.?|versus|compared? (?:to|with)|difference between|by how much|how much (?:more|less|higher|lower)|"
                      r"(?:higher|lower|larger|bigger|smaller|more|less|fewer|later|earlier|sooner|older|newer)(?:\s+[\w'-]+){0,3}\s+than)\b|"
                      r"\bwhich\b.*\b(?:higher|lower|larger|bigger|smaller|more|less|later|earlier|first|last|longer|shorter)\b.*\b(?:or|and)\b|"
                      r"\b(?:of|between)\s+[\w'-]+(?:,\s*[\w'-]+)*,?\s+(?:and|or)\s+[\w'-]+\b.*\b(?:which|whose|who)\b", re.I)
# The quantity a comparison weighs, between its "more" and its "than" ("more worker threads than the default").
# Rows of what is still owed ("how many units are behind", "members in arrears"): a figure above zero in the owed column.
OWING_ASKED = re.compile(r"\b(?:behind|in arrears|owing|owes|owed|outstanding|overdue|unpaid|in debt)\b", re.I)
# Which of a table's rows changes most ("which expense went up the most", "the biggest drop"): each row's change ranked.
CHANGED_MOST = re.compile(r"\b(?:(?:go|goes|went|gone|going) (?:up|down)|ris(?:e|es|en)|rose|increas(?:e|es|ed)|gr(?:ow|ows|ew|own)|f(?:all|alls|ell)|"
                          r"drop(?:s|ped)?|decreas(?:e|es|ed))\s+(?:the\s+)?most\b|\b(?:biggest|largest|greatest|sharpest) (?:increase|rise|jump|growth|drop|fall|decrease|cut)\b", re.I)
COMPARED_QUANTITY = re.compile(r"\b(?:more|less|fewer)\s+(?P<quantity>[^\W\d][\w'-]*(?:\s+[^\W\d][\w'-]*){0,2})\s+than\b", re.I)
ADDED_UP = re.compile(r"\b[\w'-]+\s+(?:and|plus|&)\s+(?:the\s+|my\s+)?[\w'-]+\b.*\b(?:together|combined|altogether|in total|come to|add up)\b|\bplus\b", re.I)
# Arithmetic asked between things the files say: how far apart two dates are, a change as a percentage, how
# many more of one than the other. Such a question needs a look for each side, though it counts or names a file.
TIME_UNITS_ASKED = r"(?:days?|weeks?|months?|years?)"
DAYS_APART = re.compile(rf"\bhow (?:many {TIME_UNITS_ASKED}|long)\b.*\b(?:after|before|between|apart|passed|elapsed|since|until|till|later|earlier|sooner|from)\b|"
                        rf"\b{TIME_UNITS_ASKED} (?:apart|between|later|earlier|after|before)\b|\bgap\s+(?:in|of)\s+(?:\w+\s+){{0,2}}{TIME_UNITS_ASKED}\b|\bhow many {TIME_UNITS_ASKED}\b.*\bgap\b|\b(?:later|earlier|sooner)\b.*\bhow (?:many {TIME_UNITS_ASKED}|long)\b", re.I)
PERCENT_ASKED = re.compile(r"\b(?:by )?what (?:percentage|percent|share)\b|\bhow many percent\b|\bpercentage (?:change|increase|decrease|rise|fall|drop|growth)\b"
                           r"|\b(?:in|and|as a) percent(?:age)?\b", re.I)
# A figure from before a change ("the beginning balance", "last year's fee"): where a change in percent starts.
BEFORE_CHANGE = re.compile(r"\b(?:beginning|begin|start(?:ing)?|opening|last|previous|prior|old|original(?:ly)?|initial|earlier|before|first|expiring)\b", re.I)
# How many times one figure is the other ("how many times higher", "how many times as much", "what multiple of").
TIMES_ASKED = re.compile(r"\bhow many times\b(?!\s+(?:did|do|does|has|have|was|were|is|are|had)\b)|\bwhat multiple\b|\bthe ratio\b", re.I)
PERCENT_SHARE = re.compile(r"\b(?:percentage|percent|share)\s+of\b", re.I)  # a part of a whole ("what percentage of the budget"), no change
MORE_THAN = re.compile(r"\bhow (?:much|many) (?:more|less|fewer|bigger|smaller|higher|lower|longer|shorter|larger|greater|cheaper|dearer)\b|"
                       r"\bby how (?:much|many)\b|\bhow far\b.{0,60}?\b(?:under|over|below|above|beyond|short of)\b|(?:^\W*|[,;]\s*)(?:do|does|did)\b.*\b(?:agree|tally|differ)\b|"
                       r"\bhow much (?:did|has|have|does|do|had)\b.{1,80}?\b(?:change|rise|rose|risen|fall|fell|fallen|grow|grew|grown|drop|"
                       r"increase|decrease|go up|go down|went up|went down)\w*\b", re.I)
# The ways a plan may combine its lookups, each allowed only when the question's words ask for it: added up, one figure against the other (or what is
# left of it: "left after the deposit"), the larger or smaller, the earlier or later, or a file picked and then read.
SUMMED = re.compile(r"\b(?:together|combined|altogether|in total|totals?|sum|add(?:s|ed)? up|plus)\b", re.I)
DIFFERENCE_WORDS, REMAINDER = re.compile(r"\b(?:difference|differ|how far|gap|than|apart|between)\b", re.I), re.compile(
    r"\b(?:after|once|less|minus)\b.*\b(?:left|remains?|remaining|owing|owed|outstanding)\b|\b(?:left|remains?|remaining|still owing|still owed|outstanding)\b.*\b(?:after|once|less|minus)\b", re.I)
COMPARATIVES = ("more", "less", "fewer", "most", "least", "larger", "largest", "bigger", "biggest", "smaller", "smallest", "higher", "highest",
                "lower", "lowest", "cheaper", "cheapest", "dearer", "dearest", "greater", "greatest", "longer", "longest", "shorter", "shortest", "maximum", "minimum", "expensive")
RANKED_BETWEEN = re.compile(rf"\b{alternatives(COMPARATIVES)}\b|\b\w+er than\b", re.I)
# A choice between two things by a measure ("was it higher for A or B?", "which is cheaper, A or B"), and the ways that pick the lesser.
CHOSEN_BY, LESSER = re.compile(r"\b(?:which|whose|was|were|is|are|did|does|do)\b.*?\b(higher|larger|bigger|greater|more|longer|dearer|lower|smaller|less|fewer|cheaper|shorter)\b.*\bor\b", re.I), {"lower", "smaller", "less", "fewer", "cheaper", "shorter"}
ORDER_IN_TIME = re.compile(r"\b(?:first|last|earlier|earliest|later|latest|sooner|soonest|before|after|newer|newest|older|oldest|"
                           r"most recent(?:ly)?|recent)\b", re.I)
# Who holds a role ("who is the club's treasurer?", "who's our landlord"): the role asked.
ROLE_ASKED = re.compile(r"^\W*who(?:'s|\s+is|\s+was|\s+are|\s+were)\s+(?:the|our|my|their|its|his|her)\s+(?:(?:[\w-]+\s+)?[\w-]+'s\s+)?(?P<role>[\w-]+(?:\s+[\w-]+)??)"
                        r"(?=\s+(?:of|in|at|for|on|to|now|currently|today|these days|at the moment)\b|\s*[?.!]|\s*$)", re.I)
# A file picked by its rank ("the newest of my PDFs", "my largest spreadsheet").
RANKED_FILE = re.compile(rf"\b(?:the|my|your)\s+(?:newest|latest|most recent(?:ly)?|oldest|largest|biggest|smallest)\b(?:\s+[\w-]+){{0,2}}?\s+"
                         rf"{alternatives((*TYPE_GROUPS, *FILE_NOUNS, *KNOWN_EXTENSIONS), plural=True)}(?:\s+{alternatives(FILE_NOUNS, plural=True)})?\b", re.I)
FIND_THEN_READ = re.compile(r"\b(?:newest|latest|most recent(?:ly)?|oldest|largest|biggest|smallest)\b.*(?:\s[-–:]\s|:|,|\bthen\b|\band tell\b).*"
                            r"\b(?:say|says|said|decided|decide|decisions?|mentions?|contains?|concludes?|conclusion|summar\w*|author|wrote|written|"
                            r"first command|about)\b|\b(?:author|wrote|written|conclusion|decided)\b.*\b(?:of|from) (?:my|the) (?:newest|latest|"
                            rf"most recent(?:ly)?|oldest|largest|biggest|smallest)\s(?:[\w-]+\s){{0,2}}{alternatives((*TYPE_GROUPS, *FILE_NOUNS, *KNOWN_EXTENSIONS), plural=True)}\b", re.I)

# How the router tells what a question wants, by its words.
GREETING = re.compile(r"^\s*(hi|hello|hey|thanks|thank you|good (morning|evening|afternoon)|what can you do|who are you|help)\b", re.I)
READ = re.compile(r"\b(summari[sz]e|summary of|read|open|what does .+ say)\b", re.I)
# Reading a document whole, not looking something up in it.
WHOLE_READ = re.compile(r"\b(summari[sz]e|summary|overview|gist|read|open)\b", re.I)
# What a document says at its top: its title and who wrote it ("who wrote X", "the real title of X", "what paper is X").
TOP_OF_DOCUMENT = re.compile(r"\bwho (?:wrote|authored)\b|\bauthors?\b|\btitle\b|\bwhat (?:paper|document|book|report) is\b|"
                             r"\bwhat is (?:that|this)\b.*\breally\b", re.I)
# Folders compared by what they hold ("which of the folders is biggest", "rank my folders by file count"): the tree, with each folder's count, answers
# it. A folder's space or its subfolders asked, which no document says ("the space a folder takes up on disk").
FOLDER_SPACE_OR_PARTS = re.compile(r"\bhow much (?:disk )?space\b|\bspace (?:does|do)\b.*\b(?:take|use)|"
                                   r"\b(?:what|which)\s+(?:sub-?folders|subdirectories)\b", re.I)
FOLDERS_COMPARED = re.compile(r"\b(?:which|what)\s+(?:[\w-]+\s+){0,2}(?:folder|directory|subfolder)s?\b.*\b(?:most|fewest|least|biggest|largest|smallest)\b|"
                              r"\b(?:rank|sort|order)\w*\s+(?:[\w-]+\s+){0,3}(?:folders|directories|subfolders)\b|"
                              r"\bfiles?\s+(?:does\s+|do\s+)?(?:each|every|per)\s+(?:\w+\s+)?(?:folder|directory|subfolder)\b|"
                              r"\b(?:folders|directories|subfolders)\b.*\bhow many files\b.*\beach\b", re.I)
TREE = re.compile(r"\b(tree|structure|structured|layout|laid out|organi[sz]ed|organi[sz]ation|hierarchy|subfolders?|sub-folders?|"
                  r"subdirector(?:y|ies)|folders|directories)\b", re.I)
NAMED = re.compile(r"\b(named|called|titled|in (the|its|their) (file ?)?names?|file ?names?|names? (that )?(contain|include|mention)s?|"
                   r"matching|pattern)\b", re.I)
LISTING = re.compile(r"\b(list|show( me)?|which|what files|what are|recent|recently|names?|find)\b", re.I)

# ------------------------------------------------------------------------------------------ what is written
# A quoted phrase, in any of the quotes people type: the first group that matched is the phrase.
QUOTED = re.compile(r"\"([^\"\n]{2,80})\"|“([^”\n]{2,80})”|‘([^’\n]{2,80})’|`([^`\n]{2,80})`|(?<!\w)'([^'\n]{2,80})'(?!\w)")


def quoted_text(match: re.Match) -> str:
    return next(group for group in match.groups() if group)


# An answer that says it found nothing: "I could not find ...", "there is no ...", "No phone number for <name>." and
# "<name> has no phone number listed" (a denial, not a yes/no answer like "No, it is paid").
SAYS_NOT_FOUND = re.compile(
    r"found nothing|nothing (about|on|for|regarding)|(did not|didn't|could not|couldn't|cannot|can't) find|not (found|mentioned|stated)|no (information|mention|record)|"
    r"(do|does|did) not (say|mention|state|have|contain|include|list)|(doesn't|don't|didn't) (say|mention|state|have|contain|include|list)|"
    r"there (is|are|was|were) no\b|not (listed|available|included|provided|given)|"
    r"^\W*no\s+\w+(\s+\w+)?\s+(for|in|about|on|of|from)\b|\b(has|have|had) no\s+\w+(\s+\w+)?\s+(listed|given|stated|recorded|saved|mentioned)\b",
    re.I,
)
# Where a sentence of an answer breaks into clauses that can stand alone, or an aside ("..., which is ...", "(about ...)").
CLAUSE_BREAK = re.compile(r",?\s+and\s+|;\s+|,\s+but\s+|,\s+(?=(?:which|who|i\.e\.|that is|or about|about|roughly|approximately)\b)|\s*(?<!\w)\(\s*|\s*(?<!\(\w)(?<!\(\w\w)\)\s*")

LANGUAGE_WORDS = {  # short, frequent words that tell languages apart
    "English": set("the and of to is in that for with on are was this you your it be as at by not or from".split()),
    "German": set("der die das und ist nicht mit für auf den dem des ein eine zu von sich auch wird beträgt oder bei im zur".split()),
    "French": set("le la les et est une des du pour dans que qui pas sur au avec ce sont par être combien quel quelle quand où je ai mon ma mes".split()),
    "Spanish": set("el la los las y es una del por para que con no se en su al lo como más".split()),
    "Italian": set("il lo la gli le e è una del per che non con di da sono della nel".split()),
    "Dutch": set("de het een en is van dat niet op voor met zijn wordt ook aan bij hoeveel wat wanneer waar welke welk hoe mijn ik volgens".split()),
    "Swedish": set("och att det som en är på för med inte av den till har om".split()),
    "Norwegian": set("og ikke er til av hva etter mye ble noe meg deg seg vår våre dere blir jeg hvem hvor når hvordan hvilken hvilke også det som en på for med den har om".split()),
    "Danish": set("og ikke er til af hvad efter meget blev noget vores jer bliver jeg hvem hvor hvornår hvordan hvilken hvilke også det som en på for med den har om".split()),
    "Portuguese": set("de e é um uma do da dos das em na nos nas para com não que ao à pelo pela seu sua também".split()),
    "Polish": set("nie się jest że jak dla oraz przez lub są być jego przy już także ile jaki jaka jakie jakiej kiedy gdzie kto czy który która które której mój moja moje według".split()),
    "Czech": set("je na ve že jsou pro při není být by jeho které který která ale nebo od po za do jako také již bude jsem až".split()),
    "Finnish": set("ja ei se että tai kun jos mutta myös ovat oli ole kuin sekä tämä joka jonka mikä mitä kuka milloin missä mistä kuinka paljon minun".split()),
    "Tagalog": set("ang ng mga sa na ko mo ba si ni ay yung nung kay naman po ito iyan dito ano sino saan kailan magkano ilan paano bakit ako siya niya namin natin lahat".split()),
}
# A question in German capitalises every noun: its short words and its words of asking tell it.
GERMAN_QUESTION_WORDS = LANGUAGE_WORDS["German"] | set("zum fuer wie was wer wann wo warum welche welcher welches wieviel viel viele hoch laut "
                                                        "ich mein meine meinem meinen meiner habe hat sind gibt steht bitte".split())
