"""Each word list of the lexicon with a case of its own: what it must catch and what it must leave alone."""

import re

import pytest

from filesage.language import lexicon as L
from filesage.language.names import language_of


def matches(pattern: re.Pattern, text: str) -> bool:
    return bool(pattern.search(text))


CASES = {
    "FILE_NOUNS": lambda: {"file", "document", "doc"} <= set(L.FILE_NOUNS) and "folder" not in L.FILE_NOUNS,
    "VAGUE_THINGS": lambda: set(L.FILE_NOUNS) < set(L.VAGUE_THINGS) and "thing" in L.VAGUE_THINGS,
    "FILE_AND_FOLDER_NOUNS": lambda: {"file", "documents"} - L.FILE_AND_FOLDER_NOUNS == {"documents"} and {"folder", "doc"} <= L.FILE_AND_FOLDER_NOUNS,
    "FOLDER_NOUNS": lambda: {"folder", "directory", "subfolder"} <= set(L.FOLDER_NOUNS) and "file" not in L.FOLDER_NOUNS,
    "COUNTED_FILE_WORDS": lambda: set(L.VAGUE_THINGS) < set(L.COUNTED_FILE_WORDS) and "attachment" in L.COUNTED_FILE_WORDS,
    "FILE_FACT_NOUNS": lambda: set(L.FILE_NOUNS) < set(L.FILE_FACT_NOUNS) and "pdf" in L.FILE_FACT_NOUNS,
    "FILE_FACT_NOUN": lambda: matches(L.FILE_FACT_NOUN, "how big is that PDF") and not matches(L.FILE_FACT_NOUN, "how big is the lake"),
    "TYPE_FOLLOWERS": lambda: "script" in L.TYPE_FOLLOWERS and set(L.FILE_NOUNS) < set(L.TYPE_FOLLOWERS),
    "TYPE_GROUPS": lambda: L.TYPE_GROUPS["spreadsheet"] == ("xlsx", "xls", "csv", "ods") and L.TYPE_GROUPS["extensionless"] == ("",)
    and all(all(e.isalnum() for e in g) for name, g in L.TYPE_GROUPS.items() if name != "extensionless"),
    "NO_EXTENSION": lambda: matches(L.NO_EXTENSION, "which files have no extension?") and matches(L.NO_EXTENSION, "extension-less scripts")
    and not matches(L.NO_EXTENSION, "what extension does the log have?"),
    "NO_TEXT_GROUPS": lambda: set(L.NO_TEXT_GROUPS) <= set(L.TYPE_GROUPS) and "document" not in L.NO_TEXT_GROUPS,
    "GROUP_NOUNS": lambda: set(L.GROUP_NOUNS) <= set(L.TYPE_GROUPS) and L.GROUP_NOUNS["word"] == ("Word document", "Word documents"),
    "EVERYDAY_TYPES": lambda: set(L.EVERYDAY_TYPES) - {"go", "c", "h"} <= set(L.TYPE_GROUPS) and L.EVERYDAY_TYPES["log"] is True,
    "KNOWN_EXTENSIONS": lambda: {"pdf", "docx", "csv"} <= L.KNOWN_EXTENSIONS and all(e == e.lower() and "." not in e for e in L.KNOWN_EXTENSIONS),
    "FILLER_WORDS": lambda: {"file", "files", "types", "my"} <= L.FILLER_WORDS and "invoice" not in L.FILLER_WORDS,
    "WHOLE_FOLDER": lambda: {"", "everything", "my files"} <= L.WHOLE_FOLDER and "finance" not in L.WHOLE_FOLDER,
    "CHOSEN_BY": lambda: L.CHOSEN_BY.search("was it cheaper in May or June?").group(1) == "cheaper" and not L.CHOSEN_BY.search("what is higher than 5?"),
    "LESSER": lambda: "cheaper" in L.LESSER and "higher" not in L.LESSER,
    "REMAINDER": lambda: all(L.REMAINDER.search(q) for q in ("how much is left after the deposit?", "once the refund is in, what's still owing"))
    and not L.REMAINDER.search("how much is left on the plan?"),
    "PAPER_KINDS": lambda: {"quote", "estimate"} in [group & {"quote", "estimate"} for group in L.PAPER_KINDS] and not any("manual" in g for g in L.PAPER_KINDS),
    "KIN_WORDS": lambda: any({"invoice", "bill"} <= group for group in L.KIN_WORDS) and len(set().union(*L.KIN_WORDS)) == sum(map(len, L.KIN_WORDS)),
    "UNITS": lambda: L.UNITS["mb"] == 1024**2 and L.UNITS["kb"] == 1024 and L.UNITS["gigs"] == 1024**3,
    "SECONDS": lambda: L.SECONDS["week"] == 7 * L.SECONDS["day"] and L.SECONDS["fortnight"] == 2 * L.SECONDS["week"],
    "NUMBER_WORDS": lambda: L.NUMBER_WORDS["twelve"] == 12 and L.NUMBER_WORDS["half a"] == 0.5,
    "COUNT_WORDS": lambda: L.COUNT_WORDS["three"] == 3 and "a" not in L.COUNT_WORDS and "half" not in L.COUNT_WORDS,
    "MULTIPLIERS": lambda: L.MULTIPLIERS["million"] == 1e6 and L.MULTIPLIERS["k"] == 1e3 and L.MULTIPLIERS["lakh"] == 1e5 and L.MULTIPLIERS["crore"] == 1e7,
    "HOW_MUCH_WAS": lambda: all(L.HOW_MUCH_WAS.search(q) for q in ("how much was invoice 7 for?", "How much is the deposit")) and not L.HOW_MUCH_WAS.search("how much does the box weigh?"),
    "TIMES_ASKED": lambda: all(L.TIMES_ASKED.search(q) for q in ("how many times higher was it?", "what multiple of the fee is it")) and not L.TIMES_ASKED.search("how many times did I visit?"),
    "CURRENCY_SIGNS": lambda: set("$€£₹") <= set(L.CURRENCY_SIGNS) and not set("%#") & set(L.CURRENCY_SIGNS),
    "AMOUNT_LETTERS": lambda: {"N", "P"} <= set(L.AMOUNT_LETTERS) and all(len(c) == 1 and c.isupper() for c in L.AMOUNT_LETTERS),
    "CURRENCY_LETTERS": lambda: "R" in L.CURRENCY_LETTERS and all(len(c) == 1 and c.isupper() for c in L.CURRENCY_LETTERS),
    "CURRENCY_STROKES": lambda: "/=" in L.CURRENCY_STROKES and all(s.startswith("/") for s in L.CURRENCY_STROKES),
    "CURRENCY_AFTER": lambda: {"kr", "Kč"} <= set(L.CURRENCY_AFTER) and not set(L.CURRENCY_AFTER) & set(L.CURRENCY_CODES),
    "CURRENCY_THOUSANDTHS": lambda: {"kwd", "bhd"} <= set(L.CURRENCY_THOUSANDTHS) and set(L.CURRENCY_THOUSANDTHS) <= set(L.CURRENCY_CODES),
    "CURRENCY_CODES": lambda: {"rs", "inr", "usd"} <= set(L.CURRENCY_CODES) and all(c == c.lower() and c.isalpha() for c in L.CURRENCY_CODES),
    "MONTHS": lambda: L.MONTHS["sept"] == 9 and L.MONTHS["december"] == 12 and len(set(L.MONTHS.values())) == 12 and L.MONTHS["maaliskuun"] == 3,
    "WEEKDAYS": lambda: len(L.WEEKDAYS) == 7 and "sunday" in L.WEEKDAYS,
    "NUMBER_SIGN": lambda: matches(L.NUMBER_SIGN, "case No. 07-1315") and matches(L.NUMBER_SIGN, "see #812") and matches(L.NUMBER_SIGN, "receipt N° 0052")
    and not matches(L.NUMBER_SIGN, "no. I did not"),
    "UNIT_WORDS": lambda: "degrees" in L.UNIT_WORDS["°"] and "percent" in L.UNIT_WORDS["%"],
    "YEAR": lambda: L.YEAR.findall("from 1999 to 2031, not 3031 or 12025") == ["1999", "2031"],
    "EDIT_VERBS": lambda: {"modified", "edited", "saved"} <= set(L.EDIT_VERBS),
    "SIZE_WORDS": lambda: matches(re.compile(rf"\b(?:{L.SIZE_WORDS})\b", re.I), "how big is it") and not matches(re.compile(rf"\b(?:{L.SIZE_WORDS})\b", re.I), "bigger picture"),
    "EDITING": lambda: all(matches(L.EDITING, q) for q in ("which did I edit", "saved in May", "modifying it")) and not matches(L.EDITING, "my savings account"),
    "DATE_WORDS": lambda: all(re.fullmatch(L.DATE_WORDS, w) for w in ("last modified", "created", "touched")),
    "PLACE_WORDS": lambda: matches(re.compile(rf"\b(?:{L.PLACE_WORDS})\b", re.I), "which folder holds it"),
    "FILE_ASPECTS": lambda: matches(L.FILE_ASPECTS, "when was the plan last modified") and not matches(L.FILE_ASPECTS, "who signed the treaty"),
    "ASKING": lambda: {"who", "what", "which", "how", "what's"} <= set(L.ASKING) and "that" not in L.ASKING,
    "AUXILIARIES": lambda: {"is", "does", "did", "'s"} <= L.AUXILIARIES and "the" not in L.AUXILIARIES,
    "LEADING_WORDS": lambda: {"the", "my", "there", "all"} <= L.LEADING_WORDS and "file" not in L.LEADING_WORDS,
    "POLITE_WORDS": lambda: {"tell", "me", "please"} <= L.POLITE_WORDS and "who" not in L.POLITE_WORDS,
    "FILE_FACT_NOUNS_ASKED": lambda: {"size", "extension"} <= set(L.FILE_FACT_NOUNS_ASKED) and "version" not in L.FILE_FACT_NOUNS_ASKED,
    "ASKS_FILES_ANYWHERE": lambda: all(matches(L.ASKS_FILES_ANYWHERE, q) for q in ("how big is it", "which was edited most recently", "list the notes", "in bytes"))
    and not any(matches(L.ASKS_FILES_ANYWHERE, q) for q in ("who created the project, per its CREDITS file?", "what is the key changed to", "the two ID bytes")),
    "FILE_FACTS": lambda: matches(L.FILE_FACTS, "how big is it") and not matches(L.FILE_FACTS, "what does it cost"),
    "ONLY_FILE_FACTS": lambda: matches(L.ONLY_FILE_FACTS, "its file size") and not matches(L.ONLY_FILE_FACTS, "when was the task changed"),
    "NAMED_FILE_FACTS": lambda: all(matches(L.NAMED_FILE_FACTS, q) for q in ("how big is the README", "when was the FAQ last changed", "where is the lease"))
    and not any(matches(L.NAMED_FILE_FACTS, q) for q in ("who created jq", "what is the prefix key changed to", "in quux.conf, where is the cache kept by default?")),
    "FILE_DATES": lambda: matches(L.FILE_DATES, "files I edited") and not matches(L.FILE_DATES, "add up my savings at this address"),
    "METADATA": lambda: matches(L.METADATA, "how big is the lease?") and matches(L.METADATA, "when was it last saved"),
    "PERIOD_END": lambda: bool(L.PERIOD_END.search("my balance at the end of July?")) and bool(L.PERIOD_END.search("the balance after the last transaction")) and not L.PERIOD_END.search("when does the lease end?")
    and not L.PERIOD_END.search("how much had I paid by the end of March?") and not L.PERIOD_END.search("what were the closing costs?"),
    "ORDER_PHRASES": lambda: [order for pattern, order in L.ORDER_PHRASES if re.search(pattern, "the least recently edited file")] == ["oldest"]
    == [order for pattern, order in L.ORDER_PHRASES if re.search(pattern, "which file has gone the longest without being touched?")],
    "SIZE_BOUND": lambda: L.SIZE_BOUND.search("files bigger than 5 MB").group("size") == "5 MB" and not L.SIZE_BOUND.search("bigger than last year"),
    "EMPTY": lambda: matches(L.EMPTY, "any zero-byte files?") and not matches(L.EMPTY, "the empire state"),
    "PERIOD": lambda: L.PERIOD.search("changed in the past two weeks").group("span") == "two weeks" and L.PERIOD.search("yesterday").group("word")
    and not L.PERIOD.search("edited in the last week of June 2031"),
    "NAME_WORD": lambda: L.NAME_WORD.search("files with 'draft' in the name").group("a") == "draft",
    "STOPWORDS": lambda: {"the", "of", "what"} <= L.STOPWORDS and "invoice" not in L.STOPWORDS,
    "QUESTION_WORDS": lambda: L.STOPWORDS < L.QUESTION_WORDS and {"please", "according", "going"} <= L.QUESTION_WORDS and "rent" not in L.QUESTION_WORDS,
    "SUBJECTLESS": lambda: {"file", "total", "date", "newest", "march", "monday", "kib"} <= L.SUBJECTLESS and not {"parking", "lease", "deposit"} & L.SUBJECTLESS,
    "COUNTING": lambda: {"how many", "number of"} <= set(L.COUNTING),
    "COUNT": lambda: matches(L.COUNT, "How many PDFs") and matches(L.COUNT, "the number of notes") and not matches(L.COUNT, "country"),
    "COUNTED": lambda: L.COUNTED.search("how many of my receipts are there").group(1).startswith("my receipts"),
    "COUNT_AFTER": lambda: L.COUNT_AFTER.search("2031 receipt count").group(1) == "2031 receipt",
    "NOT_THE_THING": lambda: {"my", "empty", "total"} <= L.NOT_THE_THING,
    "PHRASE_ENDS": lambda: {"do", "are", "in"} <= L.PHRASE_ENDS and "receipt" not in L.PHRASE_ENDS,
    "IN_ONE_RECORD": lambda: bool(L.IN_ONE_RECORD.search("the largest payment in the May statement")) and not L.IN_ONE_RECORD.search("in my statements"),
    "OWING_ASKED": lambda: matches(L.OWING_ASKED, "how many flats are behind on rent") and matches(L.OWING_ASKED, "members in arrears")
    and not matches(L.OWING_ASKED, "how many flats are there"),
    "THINGS_ASKED": lambda: L.THINGS_ASKED.search("On the Quill invoice, what's the VAT and the total?").group("first", "second") == ("VAT", "total")
    and not L.THINGS_ASKED.search("what's the total, and when is it due?")
    and L.THINGS_ASKED.search("In viewrc, what are the defaults for pan-step and pan-max?").group("first", "second") == ("pan-step", "pan-max")
    and not L.THINGS_ASKED.search("what is the difference between the gym and the pool?"),
    "LEADING_FRAME": lambda: L.LEADING_FRAME.match("In the club's minutes, who proposed it and who seconded it?").group("frame") == "the club's minutes"
    and not L.LEADING_FRAME.match("in 2031, the rent rose") and not L.LEADING_FRAME.match("who wrote it, in the end?"),
    "CHANGED_MOST": lambda: matches(L.CHANGED_MOST, "which cost went up the most") and matches(L.CHANGED_MOST, "the biggest drop in sales")
    and matches(L.CHANGED_MOST, "which fee rose most from 2030 to 2031") and not matches(L.CHANGED_MOST, "who pays the most"),
    "COUNT_AND_TOTAL": lambda: bool(L.COUNT_AND_TOTAL.search("how many lessons did I give, and how much did they earn me?"))
    and bool(L.COUNT_AND_TOTAL.search("how many moorings are unpaid, and how much is still owed?"))
    and bool(L.COUNT_AND_TOTAL.search("how many tolls did I pay and how much in total?"))
    and bool(L.COUNT_AND_TOTAL.search("how many parking fines do I have, and what do they add up to?"))
    and bool(L.COUNT_AND_TOTAL.search("how many berths are behind, and what's the total owed?"))
    and not L.COUNT_AND_TOTAL.search("how many lessons, and how much is the rent?"),
    "DEFAULT_ASKED": lambda: bool(L.DEFAULT_ASKED.search("how many lines does it keep by default?")) and not L.DEFAULT_ASKED.search("the defaults file"),
    "THAT_TIME": lambda: bool(L.THAT_TIME.search("how many members that year?")) and not L.THAT_TIME.search("then what happened"),
    "MOST_OFTEN": lambda: bool(L.MOST_OFTEN.search("which client came most often?")) and not L.MOST_OFTEN.search("the most expensive one"),
    "COMBINE_WORDS": lambda: [c for c, p in L.COMBINE_WORDS if p.search("what did I spend in total")] == ["total"] == [c for c, p in L.COMBINE_WORDS if p.search("how much did I spend at the bakery")]
    and [c for c, p in L.COMBINE_WORDS if p.search("what did the two water bills come to together")] == ["total"]
    and [c for c, p in L.COMBINE_WORDS if p.search("which tenant owes the most?")] == ["largest"]
    and not [c for c, p in L.COMBINE_WORDS if p.search("my Quick-Pay balance on 3 May")],  # a name's part is no way of combining
    "YES_CELLS": lambda: {"y", "yes", "ja"} <= L.YES_CELLS and not L.YES_CELLS & L.NO_CELLS,
    "NO_CELLS": lambda: {"n", "no", "nein"} <= L.NO_CELLS and "maybe" not in L.NO_CELLS,
    "NEGATING": lambda: {"un", "not "} <= set(L.NEGATING) and "re" not in L.NEGATING,
    "COMBINE_TERMS_TEXT": lambda: {"largest", "average", "total"} <= set(L.COMBINE_TERMS_TEXT.split()),
    "PLURAL": lambda: matches(L.PLURAL, "which receipts") and not matches(L.PLURAL, "this status"),
    "MANY_WORDS": lambda: matches(L.MANY_WORDS, "which ones are largest") and not matches(L.MANY_WORDS, "which is largest"),
    "OVER_MANY": lambda: matches(L.OVER_MANY, "list every receipt") and not matches(L.OVER_MANY, "the receipt from Oslo"),
    "DATE_ASKED": lambda: matches(L.DATE_ASKED, "what is the deadline") and matches(L.DATE_ASKED, "until when does the lease run?")
    and not matches(L.DATE_ASKED, "who signed"),
    "QUANTITY_NOUNS": lambda: {"price", "total", "balance"} <= set(L.QUANTITY_NOUNS),
    "MAN_PAGE_ASKED": lambda: matches(L.MAN_PAGE_ASKED, "the nnn man page") and matches(L.MAN_PAGE_ASKED, "per its manpage")
    and not matches(L.MAN_PAGE_ASKED, "the manager's notes"),
    "MAN_SECTION": lambda: L.MAN_SECTION.match("1") and L.MAN_SECTION.match("3pm") and not L.MAN_SECTION.match("md"),
    "PARTS_ASKED": lambda: matches(L.PARTS_ASKED, "how many pages is the manual") and matches(L.PARTS_ASKED, "how many sheets does it have")
    and not matches(L.PARTS_ASKED, "what does page 3 say"),
    "SUMMARY_ASKED": lambda: matches(L.SUMMARY_ASKED, "summarise the newest memo") and matches(L.SUMMARY_ASKED, "what does the largest sheet say?")
    and matches(L.SUMMARY_ASKED, "what's in notes.md?") and not matches(L.SUMMARY_ASKED, "what does the lease cost per month?"),
    "NEWEST_RELEASE": lambda: matches(L.NEWEST_RELEASE, "what's the latest version of quux") and matches(L.NEWEST_RELEASE, "the last release in its NEWS")
    and matches(L.NEWEST_RELEASE, "its most recent entry") and not matches(L.NEWEST_RELEASE, "which version added the frob option"),
    "CHANGELOG_NAMES": lambda: {"news", "changelog", "history"} <= set(L.CHANGELOG_NAMES),
    "LISTED_COUNT": lambda: matches(L.LISTED_COUNT, "how many releases does the NEWS file list")
    and matches(L.LISTED_COUNT, "how many countries are in the rates table") and not matches(L.LISTED_COUNT, "how many days late was it"),
    "ONE_VALUE_ASKED": lambda: matches(L.ONE_VALUE_ASKED, "what's the default port") and matches(L.ONE_VALUE_ASKED, "how many pages")
    and not matches(L.ONE_VALUE_ASKED, "what does the guide say"),
    "LIST_ASKED": lambda: matches(L.LIST_ASKED, "list every option") and not matches(L.LIST_ASKED, "what is the total"),
    "NUMBER_ASKED": lambda: matches(L.NUMBER_ASKED, "what is the monthly fee") and not matches(L.NUMBER_ASKED, "what is the name of the owner"),
    "ASKED_KIND": lambda: [kind for kind, _ in L.ASKED_KIND] == ["date", "number"],
    "POINTING_TO_MANY": lambda: {"them", "those"} <= set(L.POINTING_TO_MANY) and "it" not in L.POINTING_TO_MANY,
    "POINTING_BACK": lambda: set(L.POINTING_TO_MANY) < set(L.POINTING_BACK) and "it" in L.POINTING_BACK,
    "CHAT_OPENERS": lambda: {"ok", "thanks"} <= set(L.CHAT_OPENERS),
    "FOLLOW_UP_OPENERS": lambda: {"and", "what about"} <= set(L.FOLLOW_UP_OPENERS),
    "FOLLOW_UP": lambda: matches(L.FOLLOW_UP, "which of them is newest") and not matches(L.FOLLOW_UP, "which is the newest pdf"),
    "REFERS_BACK": lambda: matches(L.REFERS_BACK, "ok thanks, and the deadline?") and matches(L.REFERS_BACK, "¿Y hasta cuándo?")
    and not matches(L.REFERS_BACK, "when does my passport expire?") and not matches(L.REFERS_BACK, "I paid the bill, when?"),
    "ASKING_AGAIN_TEXT": lambda: {"again", "please", "same"} <= set(L.ASKING_AGAIN_TEXT.split()),
    "FOLDER_SPACE_OR_PARTS": lambda: matches(L.FOLDER_SPACE_OR_PARTS, "how much disk space does Papers use?")
    and matches(L.FOLDER_SPACE_OR_PARTS, "what subfolders does Work have?") and not matches(L.FOLDER_SPACE_OR_PARTS, "what is the space heater's wattage?"),
    "TOP_OF_DOCUMENT": lambda: matches(L.TOP_OF_DOCUMENT, "who wrote the scanned paper?") and matches(L.TOP_OF_DOCUMENT, "what's its real title?")
    and not matches(L.TOP_OF_DOCUMENT, "what does the paper say about chunk sizes?"),
    "PARTICIPLE": lambda: all(L.PARTICIPLE.fullmatch(w) for w in ("kept", "sent", "moved", "paid")) and not L.PARTICIPLE.fullmatch("snapshot"),
    "RELATIVE_YEAR": lambda: matches(L.RELATIVE_YEAR, "and two years later?") and matches(L.RELATIVE_YEAR, "the year before?")
    and not matches(L.RELATIVE_YEAR, "what is the yearly fee?"),
    "RULED_OUT": lambda: L.RULED_OUT.sub(" ", "v3.1 (not 3.1.1 or 3.1.2)?") == "v3.1 ( )?" and not matches(L.RULED_OUT, "not paid for the 2031 project"),
    "TODAYS_YEAR": lambda: matches(L.TODAYS_YEAR, "how much more this season than last season?") and not matches(L.TODAYS_YEAR, "the year before?"),
    "ASKINGS_PART": lambda: L.ASKINGS_PART.split("How many files, and who wrote them? The lease. Is it signed")
    == ["How many files", "who wrote them?", "The lease", "Is it signed"] and len(L.ASKINGS_PART.split("bread and butter?")) == 1,
    "TWO_QUESTIONS": lambda: matches(L.TWO_QUESTIONS, "Who signed it, and when does it end?") and not matches(L.TWO_QUESTIONS, "bread and butter recipe?")
    and matches(L.TWO_QUESTIONS, "what are max_clients and idle_timeout set to?"),
    "COMPARED_QUANTITY": lambda: matches(L.COMPARED_QUANTITY, "did they sell more blue kites than last year")
    and L.COMPARED_QUANTITY.search("did they sell more blue kites than last year").group("quantity") == "blue kites",
    "COMPARED": lambda: matches(L.COMPARED, "is the loft warmer than the cellar") is False and matches(L.COMPARED, "which is higher, rent or fees")
    and matches(L.COMPARED, "did the ferry carry more cars on deck than the harbour allows?")
    and matches(L.COMPARED, "by how much did it rise") and not matches(L.COMPARED, "how high is the rent"),
    "TIME_UNITS_ASKED": lambda: all(re.fullmatch(L.TIME_UNITS_ASKED, w) for w in ("days", "week", "months")) and not re.fullmatch(L.TIME_UNITS_ASKED, "files"),
    "DAYS_APART": lambda: matches(L.DAYS_APART, "how many days after the order did it ship") and matches(L.DAYS_APART, "two releases, how many weeks apart")
    and matches(L.DAYS_APART, "which came out later, quux 2 or frob 5, and by how many days?")
    and not matches(L.DAYS_APART, "how many files changed after May") and not matches(L.DAYS_APART, "how many days of leave do I get")
    and matches(L.DAYS_APART, "gap in days between the two releases") and matches(L.DAYS_APART, "how many days is the gap between them")
    and not matches(L.DAYS_APART, "the day clinic's bill against what the insurer paid: what's the gap?"),
    "PERCENT_ASKED": lambda: matches(L.PERCENT_ASKED, "by what percentage did it rise") and matches(L.PERCENT_ASKED, "what share of the budget")
    and matches(L.PERCENT_ASKED, "how much did rent go up, in euros and percent?")
    and not matches(L.PERCENT_ASKED, "what is the VAT percentage"),
    "BEFORE_CHANGE": lambda: matches(L.BEFORE_CHANGE, "the beginning balance") and matches(L.BEFORE_CHANGE, "last year's fee")
    and not matches(L.BEFORE_CHANGE, "the current balance"),
    "PERCENT_SHARE": lambda: matches(L.PERCENT_SHARE, "what percentage of the budget is rent") and not matches(L.PERCENT_SHARE, "by what percentage did it rise"),
    "MORE_THAN": lambda: matches(L.MORE_THAN, "how many more seats than last year") and matches(L.MORE_THAN, "do the two lists agree") and matches(L.MORE_THAN, "how far over the limit is the new boiler offer?")
    and not matches(L.MORE_THAN, "what did we agree with the landlord") and not matches(L.MORE_THAN, "how much is the rent")
    and matches(L.MORE_THAN, "how much did the club fee change from 2030 to 2032") and not matches(L.MORE_THAN, "how much did the repair cost"),
    "PREPOSITIONS": lambda: {"under", "in", "by"} <= set(L.PREPOSITIONS) and "what" not in L.PREPOSITIONS,
    "QUARTERS": lambda: L.QUARTERS.index("third") == 2,
    "MONTHS_SPANNED": lambda: matches(L.MONTHS_SPANNED, "for January to March") and matches(L.MONTHS_SPANNED, "my Q1 bills")
    and matches(L.MONTHS_SPANNED, "in the first quarter") and not matches(L.MONTHS_SPANNED, "in March 2031"),
    "RELEASE_NOTES_ASKED": lambda: matches(L.RELEASE_NOTES_ASKED, "which bugs did its newest version fix?")
    and matches(L.RELEASE_NOTES_ASKED, "what did the latest release change") and not matches(L.RELEASE_NOTES_ASKED, "name the most recent version in the CHANGES file"),
    "HISTORY_ASKED": lambda: matches(L.HISTORY_ASKED, "when was -x added?") and matches(L.HISTORY_ASKED, "which release introduced --json")
    and matches(L.HISTORY_ASKED, "in which zither release did -o show up?") and not matches(L.HISTORY_ASKED, "what does -x do?")
    and not matches(L.HISTORY_ASKED, "which zither option shows the version?"),
    "DUPLICATES_ASKED": lambda: matches(L.DUPLICATES_ASKED, "do I have any duplicate files?") and matches(L.DUPLICATES_ASKED, "are any of them identical?")
    and not matches(L.DUPLICATES_ASKED, "which release fixed duplicate entries?"),
    "ROLE_ASKED": lambda: L.ROLE_ASKED.search("who's the secretary of the choir?").group("role") == "secretary"
    and L.ROLE_ASKED.search("Who is our landlord").group("role") == "landlord" and not matches(L.ROLE_ASKED, "who signed the lease?")
    and L.ROLE_ASKED.search("who is the choir's secretary now?").group("role") == "secretary"
    and L.ROLE_ASKED.search("who is the choir secretary these days?").group("role") == "choir secretary",
    "RANKED_FILE": lambda: L.RANKED_FILE.sub("X", "who wrote the most recently changed Word document?") == "who wrote X?"
    and L.RANKED_FILE.sub("X", "what does my largest PDF say") == "what does X say" and not matches(L.RANKED_FILE, "the newest release"),
    "EXCLUDED": lambda: L.EXCLUDED.search("how many CSVs are outside the Data folder?").group("what") == "Data"
    and L.EXCLUDED.search("Leaving the logs aside, which file is newest?").group("what") == "logs"
    and L.EXCLUDED.search("Leaving the scans out, which file is newest?").group("what") == "scans"
    and L.EXCLUDED.search("the newest PDF that isn't an electricity bill").group("what") == "electricity bill"
    and not matches(L.EXCLUDED, "how many files are in the Data folder?"),
    "HAS_CONTENT": lambda: matches(L.HAS_CONTENT, "the smallest file that has something in it") and not matches(L.HAS_CONTENT, "files with data about rent")
    and matches(L.HAS_CONTENT, "the tiniest file that isn't empty") and matches(L.HAS_CONTENT, "the newest one, ignoring the empty files")
    and matches(L.HAS_CONTENT, "the least recent file if we leave out blank ones") and not matches(L.HAS_CONTENT, "do I have empty files lying around?"),
    "HIDDEN_TOO": lambda: matches(L.HIDDEN_TOO, "how many files, hidden ones included?") and matches(L.HIDDEN_TOO, "list them, including the dotfiles")
    and matches(L.HIDDEN_TOO, "combien de fichiers, y compris les fichiers cachés") and matches(L.HIDDEN_TOO, "how many files? include hidden ones") and not matches(L.HIDDEN_TOO, "show me the hidden files")
    and matches(L.HIDDEN_TOO, "¿cuántos PDF hay, contando los ocultos?") and matches(L.HIDDEN_TOO, "quanti PDF, inclusi i file nascosti?"),
    "HIDDEN_ASKED": lambda: matches(L.HIDDEN_ASKED, "show me the hidden files") and matches(L.HIDDEN_ASKED, "any dotfiles?")
    and not matches(L.HIDDEN_ASKED, "hidden files don't count") and not matches(L.HIDDEN_ASKED, "not counting hidden ones"),
    "FOLDERS_COMPARED": lambda: matches(L.FOLDERS_COMPARED, "which folder has the most files?") and matches(L.FOLDERS_COMPARED, "sort my folders by size")
    and not matches(L.FOLDERS_COMPARED, "which folder is the lease in?"),
    "EVERY_ONE": lambda: matches(L.EVERY_ONE, "go through all my bills") and matches(L.EVERY_ONE, "each invoice") and not matches(L.EVERY_ONE, "all three quotes"),
    "SUMMED": lambda: matches(L.SUMMED, "what do they come to in total") and matches(L.SUMMED, "how much do the two add up to")
    and not matches(L.SUMMED, "what did the ferry cost"),
    "DIFFERENCE_WORDS": lambda: matches(L.DIFFERENCE_WORDS, "how far was it from the limit") and not matches(L.DIFFERENCE_WORDS, "who wrote the manual"),
    "COMPARATIVES": lambda: {"cheaper", "longest", "more"} <= set(L.COMPARATIVES) and "first" not in L.COMPARATIVES,
    "RANKED_BETWEEN": lambda: matches(L.RANKED_BETWEEN, "which one is pricier than the other") and not matches(L.RANKED_BETWEEN, "who wrote the manual"),
    "ORDER_IN_TIME": lambda: matches(L.ORDER_IN_TIME, "which came first") and not matches(L.ORDER_IN_TIME, "what port does it use"),
    "OPTION_NAMED": lambda: matches(L.OPTION_NAMED, "what does the -b option do") and matches(L.OPTION_NAMED, "how many --link-dest dirs")
    and not matches(L.OPTION_NAMED, "my e-mail and the 2024-05 report"),
    "SETTING_NAMED": lambda: matches(L.SETTING_NAMED, "the default of cache_ttl") and not matches(L.SETTING_NAMED, "the default cache size"),
    "INSTRUCTIONS": lambda: matches(L.INSTRUCTIONS, "How do I hook it into my shell?") and not matches(L.INSTRUCTIONS, "how many files do I have"),
    "DOCUMENT_NOUNS": lambda: {"manual", "man page", "readme"} <= set(L.DOCUMENT_NOUNS) and "folder" not in L.DOCUMENT_NOUNS,
    "DOCUMENT_FRAME": lambda: L.DOCUMENT_FRAME.match("In the acme unit file, which file must exist?").group("rest") == "which file must exist?"
    and not L.DOCUMENT_FRAME.match("which file is largest in the acme folder?"),
    "FILE_SIZE_MODIFIERS": lambda: {"total", "file"} <= L.FILE_SIZE_MODIFIERS and "cache" not in L.FILE_SIZE_MODIFIERS,
    "FOLDER_CONTENTS": lambda: matches(L.FOLDER_CONTENTS, "what's inside papers/") and matches(L.FOLDER_CONTENTS, "show me what is in reports/2025")
    and not matches(L.FOLDER_CONTENTS, "who wrote the paper"),
    "OPTION_ASKED": lambda: matches(L.OPTION_ASKED, "which zither option turns colour off?") and not matches(L.OPTION_ASKED, "what does -x do"),
    "MONEY_WORDS": lambda: matches(L.MONEY_WORDS, "what did the plumber charge") and matches(L.MONEY_WORDS, "the yearly premium?") and not matches(L.MONEY_WORDS, "how much did the index move"),
    "MONEY_ASKED": lambda: matches(L.MONEY_ASKED, "how much was the power bill") and matches(L.MONEY_ASKED, "what does the desk cost")
    and not matches(L.MONEY_ASKED, "how much storage does it need") and not matches(L.MONEY_ASKED, "who wrote the manual")
    and matches(L.MONEY_ASKED, "what was the first roofing quote?") and not matches(L.MONEY_ASKED, "what is the quote number?")
    and matches(L.MONEY_ASKED, "first roofing quote attic") and not matches(L.MONEY_ASKED, "roofing quote date"),
    "UNIT_ABBREVIATIONS": lambda: "kilometre" in L.UNIT_ABBREVIATIONS["km"] and all(k == k.lower() for k in L.UNIT_ABBREVIATIONS),
    "ASKING_FOR_A_THING": lambda: set(L.ASKING_FOR_A_THING) <= set(L.ASKING) and "how" not in L.ASKING_FOR_A_THING,
    "PROSE_EXTENSIONS": lambda: {".md", ".txt", ".adoc"} <= L.PROSE_EXTENSIONS and ".py" not in L.PROSE_EXTENSIONS,
    "ADDED_UP": lambda: matches(L.ADDED_UP, "the taxi and the hotel together") and not matches(L.ADDED_UP, "what does my hotel cost"),
    "FIND_THEN_READ": lambda: matches(L.FIND_THEN_READ, "my newest report - what does it conclude?") and not matches(L.FIND_THEN_READ, "which report is the newest one?")
    and not matches(L.FIND_THEN_READ, "which is the oldest file, by when it was saved?")
    and matches(L.FIND_THEN_READ, "who is the author of my newest spreadsheet?") and not matches(L.FIND_THEN_READ, "who is the author of the newest release?"),
    "GREETING": lambda: matches(L.GREETING, "hello there") and not matches(L.GREETING, "how many files"),
    "WHOLE_READ": lambda: matches(L.WHOLE_READ, "give me the gist of the lease") and not matches(L.WHOLE_READ, "what does the lease say about pets"),
    "READ": lambda: matches(L.READ, "summarize the lease") and not matches(L.READ, "how many files"),
    "TREE": lambda: matches(L.TREE, "how is it organised") and not matches(L.TREE, "how many files"),
    "NAMED": lambda: matches(L.NAMED, "files named draft") and not matches(L.NAMED, "the newest files"),
    "LISTING": lambda: matches(L.LISTING, "show me the pdfs") and not matches(L.LISTING, "how big is it"),
    "QUOTED": lambda: [L.quoted_text(m) for m in L.QUOTED.finditer("find \"cold storage\" or `ledger` but not don't")] == ["cold storage", "ledger"],
    "SAYS_NOT_FOUND": lambda: matches(L.SAYS_NOT_FOUND, "I could not find a deposit.") and not matches(L.SAYS_NOT_FOUND, "No, it was paid."),
    "CLAUSE_BREAK": lambda: [c for c in L.CLAUSE_BREAK.split("A is 5, and B is 6") if c] == ["A is 5", "B is 6"]
    and [c for c in L.CLAUSE_BREAK.split("A is 5 (about 9%) in the 457(b) plan") if c] == ["A is 5", "about 9%", "in the 457(b) plan"],
    "LANGUAGE_WORDS": lambda: "und" in L.LANGUAGE_WORDS["German"] and "the" in L.LANGUAGE_WORDS["English"] and len(L.LANGUAGE_WORDS) == 14
    and "kailan" in L.LANGUAGE_WORDS[language_of("Magkano ang bill ko sa kuryente nung Enero, at kailan ito dapat bayaran?")]
    # Kin languages are told apart from the others, not from each other alone.
    and language_of("Leietaker betaler husleie forskuddsvis hver måned, og depositum er på tre måneders leie som blir satt inn") == "Norwegian"
    and language_of("Lejer betaler husleje forud hver måned, og depositum svarer til tre måneders leje, som bliver indsat af udlejer") == "Danish"
    and "nebo" in L.LANGUAGE_WORDS[language_of("Nájemce je povinen platit nájemné, které je splatné do pátého dne, a pronajímatel ho nebo jeho zástupce")]
    and "sekä" in L.LANGUAGE_WORDS[language_of("Vuokralainen maksaa vuokran kuun viidenteen päivään mennessä, ja jos maksu myöhästyy, siitä peritään korko sekä muistutusmaksu")],
    "GERMAN_QUESTION_WORDS": lambda: L.LANGUAGE_WORDS["German"] < L.GERMAN_QUESTION_WORDS and {"wie", "wann"} <= L.GERMAN_QUESTION_WORDS,
}


def test_every_list_of_the_lexicon_has_a_case():
    names = {name for name in dir(L) if name.isupper() and not name.startswith("_")}
    assert names == set(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_lexicon_list(name):
    assert CASES[name]()


def test_alternatives_and_plurals():
    assert re.fullmatch(L.alternatives(("file", "doc"), plural=True), "docs")
    assert re.fullmatch(L.alternatives(("how many",)), "how  many")
    assert L.plurals(("file",)) == {"file", "files"}
