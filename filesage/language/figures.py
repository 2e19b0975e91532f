"""How figures are written: numbers the English or the German way, with currency and multipliers, dates in
their usual forms, file names and codes; read the same way everywhere answers and results are compared."""

from __future__ import annotations

import math
import re

from .lexicon import AMOUNT_LETTERS, CURRENCY_AFTER, CURRENCY_CODES, CURRENCY_STROKES, CURRENCY_LETTERS, CURRENCY_SIGNS, CURRENCY_THOUSANDTHS, MONTHS, MONTHS_SPANNED, MULTIPLIERS, QUARTERS

MONTH = r"(?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\b\.?"


DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"


YEAR = r"(?P<year>\d{4})"


DATE_PATTERNS = [
    # An ISO date stands alone or opens a time ("2031-02-10T02:30").
    re.compile(r"\b(?P<year>\d{4})[-/.](?P<month>\d{1,2})[-/.](?P<day>\d{1,2})(?:\b|(?=T\d))"),
    re.compile(rf"\b{MONTH}\s+{DAY}\b(?:,?\s+{YEAR}\b)?", re.I),
    # "8 Feb 2031", "8-Feb-2031", "4. Mai 2031", "4 de maio de 2031"
    re.compile(rf"\b{DAY}(?:\.?\s+(?:of\s+|de\s+)?|-){MONTH}(?:(?:,?\s+(?:de\s+)?|-){YEAR}\b)?", re.I),
]


# The first of two days of one month ("am 18. und 19. April 2031", "18-19 May 2031") is a date of that month too.
FIRST_OF_TWO_DAYS = re.compile(rf"\b(?P<first>\d{{1,2}})\.?\s*(?:[-–]|\s(?:and|und|et|en|y|e|och|i|a|to|bis|tot)\s)\s*"
                               rf"(?={DAY}(?:\.?\s+(?:of\s+|de\s+)?|-){MONTH}(?:(?:,?\s+(?:de\s+)?|-){YEAR}\b)?)", re.I)


# "05/03/2031", "5.3.2031", "05-03-2031": the day first, as most of the world writes it, unless only the month
# first can be ("12/31/2031").
# A span of years a question bounds rows by: "2021-2025", "from 2021 to 2025", "between 2021 and 2025".
YEAR_SPAN = re.compile(r"\b(?P<first>(?:19|20)\d\d)\s*(?:[-–—]|\s(?:to|through|thru|until|till|and)\s)\s*(?P<last>(?:19|20)\d\d)\b", re.I)
# A bound on a figure that picks rows: "below 5.5", "more than 40", "at least €100".
THRESHOLD = re.compile(r"\b(?P<way>below|under|less than|lower than|fewer than|smaller than|above|over|more than|higher than|greater than|"
                       r"bigger than|at least|at most|no more than|no less than)\s+(?:[€$£]\s?)?(?P<number>\d+(?:[.,]\d+)?)(?![\d.,-]*\d)", re.I)
BOUND_BY = {"at least": float.__ge__, "no less than": float.__ge__, "at most": float.__le__, "no more than": float.__le__,
            **{way: float.__lt__ for way in ("below", "under", "less than", "lower than", "fewer than", "smaller than")},
            **{way: float.__gt__ for way in ("above", "over", "more than", "higher than", "greater than", "bigger than")}}
NUMERIC_DATE = re.compile(r"(?<![\d.])(?P<first>\d{1,2})(?P<mark>[/.-])(?P<second>\d{1,2})(?P=mark)(?P<year>\d{4})\b"
                          r"|(?<![\d.])(?P<day>\d{1,2})\. (?P<month>\d{1,2})\. (?P<in>\d{4})\b"  # and "14. 4. 2031"
                          r"|(?<![\d./])(?P<short_first>\d{1,2})/(?P<short_second>\d{1,2})/(?P<short>\d\d)(?![\d/])")  # and "11/18/31"


# Numbers written the English way ("2,310.75"), the German way ("2.310,75", "3.000.000") or in groups of three
# apart, as French, Czech, Swedish or South African papers write them ("8 750 Kč", "2 310,75", "R 14 300.00").
# Money's sign or code before an amount, one pattern wherever a figure's currency is read.
SIGN = rf"[{re.escape(CURRENCY_SIGNS)}]"
# A code may be glued to its figures ("INR125000", "R1 375,00"); a capital letter alone is money only before a figure.
CURRENCY = (rf"(?:{SIGN}|(?i:\b(?:{'|'.join(CURRENCY_CODES)})(?:\b\.?|(?=\d)))|\b(?:{'|'.join(CURRENCY_LETTERS)})(?=\s?\d)"
            rf"|\b(?:{'|'.join(AMOUNT_LETTERS)})(?=\d{{1,3}}(?:,\d{{3}})+(?![\d,])|\d+\.\d\d(?!\d)|\d+(?:\.\d+)?[kK]\b))")
NUMBER = re.compile(
    rf"(?<![\w.{re.escape(CURRENCY_SIGNS)}])(?:{CURRENCY}\s?)?(?:"
    r"\d{1,3}(?:\.\d{3})+,\d+(?!\d)|\d{1,3}(?:\.\d{3}){2,}(?![\d.])|\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d+|\.\d{1,2})?(?![\d]|[.,]\d)|"
    r"\d(?:[\d,]*\d)?(?:\.\d+)?)"  # a comma after the number is the sentence's ("€ 12,30, paid ..."), not its own
    rf"(?:\s*(?P<mult>{'|'.join(sorted(MULTIPLIERS, key=len, reverse=True))})\b)?",
    re.I,
)


FILE_NAME = re.compile(r"(?<![\w/.-])[\w./-]*\w\.[A-Za-z][A-Za-z0-9]{1,4}\b")


# A code: letters and digits in one word ("INV2031A"), or a number with a letter in brackets that names a rule or a plan
# ("a 457(b)", "section 2(b)"), no figure of its own; a currency's code glued to an amount ("INR125000", "Ksh12.5k") is money.
CODE = re.compile(rf"\b(?!(?i:{'|'.join(CURRENCY_CODES)})\d+(?:[.,]\d+)*(?:k|m|bn)?\b)(?!(?:{'|'.join((*CURRENCY_LETTERS, *AMOUNT_LETTERS))})\d+(?:\.\d+)?[kK]\b)(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]{{5,}}\b|\b\d+(?:\([a-z]{{1,2}}\))+")


# Spans of time, in seconds: "5h 40m", "5 hours and 40 minutes", "90 days", "2.5 weeks", "115 min".
UNIT_SECONDS = {"w": 604800, "d": 86400, "h": 3600, "m": 60, "s": 1}
UNIT = (r"(?:(?P<{0}w>weeks?|wks?)|(?P<{0}d>days?)|(?P<{0}h>hours?|hrs?|h)|(?P<{0}m>minutes?|mins?|m)|"
        r"(?P<{0}s>seconds?|secs?|s))")
DURATION = re.compile(
    rf"(?<![\w.])(?P<a>\d+(?:\.\d+)?)\s*{UNIT.format('a')}(?:,?\s*(?:and\s+)?(?P<b>\d+(?:\.\d+)?)\s*{UNIT.format('b')})?"
    rf"(?:,?\s*(?:and\s+)?(?P<c>\d+(?:\.\d+)?)\s*{UNIT.format('c')})?\b", re.I)


def durations_in(text: str) -> list[tuple[float, str]]:
    """The spans of time a text states, each as (seconds, as written). A lone letter ("40m", "3s") is a unit only
    beside a span in hours or more ("5h 40m"): alone it is as often metres or a plural."""
    found = []
    for match in DURATION.finditer(text):
        seconds, letters_only = 0.0, True
        for part in "abc":
            if match.group(part) is None:
                continue
            unit = next(u for u in UNIT_SECONDS if match.group(f"{part}{u}"))
            seconds += float(match.group(part)) * UNIT_SECONDS[unit]
            letters_only = letters_only and len(match.group(f"{part}{unit}")) == 1
        single = match.group("b") is None
        if single and letters_only and not match.group("ah"):
            continue
        found.append((seconds, match.group(0).strip()))
    return found


def duration_words(seconds: float) -> str:
    """A span of time in its largest whole unit, hours and minutes together: "3h 45m", "90 days", "45 seconds"."""
    seconds = round(seconds)
    if seconds % 86400 == 0 and seconds:
        days = seconds // 86400
        return f"{days} day{'s' if days != 1 else ''}"
    if seconds % 60 == 0 and seconds >= 3600:
        hours, minutes = divmod(seconds // 60, 60)
        return f"{hours}h {minutes}m" if minutes else f"{hours} hour{'s' if hours != 1 else ''}"
    if seconds % 60 == 0 and seconds:
        return f"{seconds // 60} minutes"
    return f"{seconds} seconds"


def number_value(match: re.Match) -> str:
    """'$3,500,000' and '3500000.00' and '3.5 million' are all '3500000'; '120,00' is 120."""
    digits = match.group(0)
    mult = match.group("mult")
    if mult:
        digits = digits[: match.start("mult") - match.start(0)].strip()
    currency = re.match(rf"{CURRENCY}", digits.strip())
    digits = re.sub(r"[ \u00a0\u202f](?=\d{3})", "", re.sub(rf"^{CURRENCY}\s?", "", digits.strip()))
    if currency and re.fullmatch(r"\d{1,3}\.\d{3}", digits) and currency.group(0).lower().rstrip(".") not in CURRENCY_THOUSANDTHS:
        digits = digits.replace(".", "")  # money in three decimals is rare: "$275.000", "CLP 18.300" are thousands
    if mult:  # "N40k": the letter is the currency of the amount with its "k", which is cut off by now
        digits = re.sub(rf"^(?:{'|'.join(AMOUNT_LETTERS)})(?=\d)", "", digits)
    if re.fullmatch(r"\d{1,3}(,\d{3})+(\.\d+)?", digits):
        digits = digits.replace(",", "")
    elif re.fullmatch(r"\d{1,3}(\.\d{3})+,\d+|\d{1,3}(\.\d{3}){2,}|\d+,\d{1,2}", digits):
        # German: "1.150,00", "3.000.000", and a decimal comma alone ("120,00", "3,5").
        digits = digits.replace(".", "").replace(",", ".")
    digits = digits.rstrip(",")
    try:
        value = float(digits.replace(",", ""))
    except ValueError:
        return digits
    if mult:
        value *= MULTIPLIERS[mult.lower()]
    if not math.isfinite(value):
        return digits  # a run of hundreds of digits (a model repeating itself) is no number to compute with
    return str(int(value)) if value == int(value) else f"{value:.6f}".rstrip("0")


MONTH_NAMES = dict(enumerate("January February March April May June July August September October November December".split(), start=1))
# A month of a year ("February 2031", "Feb. 2031", "febrero de 2031", "2031-02"), as a question asks for one.
MONTH_OF_YEAR = [re.compile(rf"\b{MONTH},?\s+(?:(?:de|del|of)\s+)?{YEAR}\b", re.I), re.compile(r"(?<!\d)(?<!\d-)(?P<year>(?:19|20)\d\d)-(?P<month>0[1-9]|1[0-2])\b(?!-\d)"),
                 # and as a file's name runs them together ("Bill_Jan2031", "statement-mar-2031")
                 re.compile(r"(?<![^\W\d_])(?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")[-_.]?(?P<year>(?:19|20)\d\d)(?!\d)", re.I)]


# Months from one to another of a year ("October–December 2031", "from Jan to March 2031"): each month between.
MONTHS_OF_YEAR_SPANNED = re.compile(rf"\b(?P<first>{'|'.join(sorted(MONTHS, key=len, reverse=True))})\.?\s*(?:to|through|thru|till|until|-|–)\s*{MONTH},?\s+{YEAR}\b", re.I)


def months_named(text: str) -> set[tuple[int, int]]:
    """The months of a year a text names, as (year, month)."""
    found = set()
    for span in MONTHS_OF_YEAR_SPANNED.finditer(text):
        first, last = (MONTHS[span.group(name).lower().rstrip(".")] for name in ("first", "month"))
        found |= {(int(span.group("year")), month) for month in range(first, last + 1)}
    for pattern in MONTH_OF_YEAR:
        for match in pattern.finditer(text):
            month = match.group("month")
            month = int(month) if month.isdigit() else MONTHS[month.lower().rstrip(".")]
            if 1 <= month <= 12:
                found.add((int(match.group("year")), month))
    return found


def dates_in(text: str, either_order: bool = False, month_first: bool = False) -> tuple[list[tuple], str]:
    """The dates a text states as (year or None, month, day), and the text with them blanked out. With
    `either_order`, a date of numbers alone that reads both ways ("05/03/2031") is given both ways; it is read the
    day first, as most of the world writes dates, unless its document writes them `month_first`."""
    found = []

    def first_day(match: re.Match) -> str:
        month, year = match.group("month"), match.group("year")
        month = int(month) if month.isdigit() else MONTHS[month.lower().rstrip(".")]
        found.append((int(year) if year else None, month, int(match.group("first"))))
        return " " * len(match.group(0))

    text = FIRST_OF_TWO_DAYS.sub(first_day, text)
    for pattern in DATE_PATTERNS:
        def take(match: re.Match) -> str:
            month = match.group("month")
            month = int(month) if month.isdigit() else MONTHS[month.lower().rstrip(".")]
            year = match.groupdict().get("year")
            found.append((int(year) if year else None, month, int(match.group("day"))))
            return " " * len(match.group(0))

        text = pattern.sub(take, text)

    def numeric(match: re.Match) -> str:
        if match.group("day"):  # spaced, as Czech and Slovak write it: the day first
            found.append((int(match.group("in")), int(match.group("month")), int(match.group("day"))))
            return " " * len(match.group(0))
        if match.group("short"):  # a year of two figures is of this century
            first, second, year = int(match.group("short_first")), int(match.group("short_second")), 2000 + int(match.group("short"))
        else:
            first, second, year = int(match.group("first")), int(match.group("second")), int(match.group("year"))
        orders = ((second, first), (first, second)) if month_first else ((first, second), (second, first))
        readings = [(year, month, day) for day, month in orders if 1 <= day <= 31 and 1 <= month <= 12]
        if not readings:
            return match.group(0)
        found.extend(dict.fromkeys(readings) if either_order else readings[:1])
        return " " * len(match.group(0))

    return found, NUMERIC_DATE.sub(numeric, text)


# Two dates written as numbers, joined as a span is ("01.04.2032 – 30.04.2032", "2032-04-01 to 2032-04-30").
ONE_DATE = r"(?:\d{4}-\d\d-\d\d|\d{1,2}[./]\d{1,2}[./]\d{2,4})"
DATE_SPAN = re.compile(rf"(?<![\d./-])({ONE_DATE}|\d{{1,2}}[./]\d{{1,2}}[./]?)\s*(?:–|—|-|to|till|until|through|bis|au|al|tot|do|až|t/m)\s*({ONE_DATE})(?![\d./-])", re.I)


def writes_month_first(lines: list[str]) -> bool:
    """A document writes its dates of numbers the month first ("02/23/2031"): one of them can only be read that
    way, and none only the other way."""
    read = [(int(m.group("first")), int(m.group("second"))) for line in lines for m in NUMERIC_DATE.finditer(line) if m.group("first")]
    return any(first <= 12 < second <= 31 for first, second in read) and not any(second <= 12 < first for first, second in read)


def period_of(line: str, month_first: bool = False) -> set[tuple[int | None, int]]:
    """The months of a period a line states as (year or None, month): two dates joined as a span, the second no more
    than a quarter after the first (a billing period, monthly or quarterly, across a year's end too); a bill is of its
    period, not of the day it was issued."""
    span = DATE_SPAN.search(line)
    if not span:
        return set()
    first, last = span.group(1), span.group(2)
    # The first date written without its year, which the second gives ("1.1.–31.1.2031").
    yearless = bool(re.fullmatch(r"\d{1,2}[./]\d{1,2}[./]?", first))
    if yearless:
        first = f"{first.rstrip('./')}{'/' if '/' in first else '.'}{re.split(r'[./]', last)[-1]}"
    found = dates_in(f"{first} {last}", month_first=month_first)[0]
    if len(found) != 2:
        return set()
    (first_year, first_month, _), (year, last_month, _) = found
    if yearless and year and first_month > last_month:
        first_year = year - 1  # "1.11.–31.1.2032": November of the year before
    start, end = (first_year or 0) * 12 + first_month - 1, (year or 0) * 12 + last_month - 1
    if (first_year is None) != (year is None) or not 0 <= end - start <= 2:
        return set()
    return {(n // 12 if year else None, n % 12 + 1) for n in range(start, end + 1)}


# A table's cell that is a figure alone ("$2,040.00", "(12.5)", "-4%", "₹ 500"): a heading names its column in words.
FIGURE_ALONE = re.compile(rf"[-+(]?(?:{CURRENCY})?\s?\d[\d.,]*%?\)?")


# An amount of money as a line writes it: money's sign or code before or after its figures, or two decimals after a
# point ("$3,405.00", "R13 420,00", "Rs. 1,87,740", "3.450,00 €", "1 250 kr", "57.30").
AMOUNT = r"\d(?:[\d,.]*\d)?(?:[ \u00a0\u202f]\d{3})*(?:,\d+)?"
CURRENCY_AFTER_AMOUNT = rf"(?:{SIGN}|(?i:\b(?:{'|'.join(CURRENCY_CODES + CURRENCY_AFTER)})\b)|(?:{'|'.join(map(re.escape, CURRENCY_STROKES))})(?![\w=-]))"
MONEY = re.compile(rf"{CURRENCY}\s?-?{AMOUNT}|{AMOUNT}\s?{CURRENCY_AFTER_AMOUNT}|\b\d{{1,3}}(?:,\d{{3}})*\.\d\d\b")


def priced(written: str) -> bool:
    """A figure written with money's sign or code before it ("$40", "₹2,480", "Rs. 40", "INR 310500")."""
    return bool(re.match(CURRENCY, written.strip()))


def currency_written(amount: str) -> str:
    """Money's sign or code as an amount writes it, with the space after it: "€", "R", "Rs. ", "ZAR "; '' for a bare number."""
    match = re.match(rf"{CURRENCY}\s?", amount.strip())
    return match.group(0) if match else ""


def currency_of(amount: str) -> str:
    """What an amount is counted in, its figures taken away: "$", "€", "kr.", "DKK"; '' for a bare number."""
    return re.sub(r"[\d\s,.-]", "", amount)


def money(value: float, like: list[str]) -> str:
    """A computed figure written the way the files write theirs: "€2,601.10" when they use "€1,015.80", "R2 601,10"
    when they use "R1 015,80" (a decimal comma, thousands apart)."""
    sign = next((currency_written(w) for w in like if currency_written(w)), "")
    sign = sign.strip() if sign.strip() in CURRENCY_SIGNS else sign  # a sign glued ("€ 5,10" makes "€7,40"), a code as written ("ZAR 12")
    comma = any(re.search(r",\d{1,2}$", w) for w in like) and not any(re.search(r"\.\d{1,2}$", w) for w in like)
    decimals = 2 if any(re.search(r"[.,]\d{1,2}$" if comma else r"\.\d", w) for w in like) else 0
    written = f"{value:,.{decimals}f}"
    if comma:
        apart = next((m.group(1) for w in like for m in [re.search(r"\d([ .\u00a0\u202f])\d{3}\b", w)] if m), " ")
        written = written.replace(",", "\0").replace(".", ",").replace("\0", apart)
    return f"{sign}{written}"


# A month by its name in full, in any language the folder's dates are read in (not "may", which is also a verb).
MONTH_WORD = re.compile(r"\b(?:" + "|".join(sorted((m for m in MONTHS if len(m) > 3), key=len, reverse=True)) + r")\b", re.I)


def months_mentioned(mentions: str) -> tuple[set[int], str]:
    """The months a mention names (every month of a span: "January to March" is three), and the mention without
    them."""
    named = [MONTHS[m.group(0).lower()] for m in MONTH_WORD.finditer(mentions)]
    for span in MONTHS_SPANNED.finditer(mentions):
        nth = span.group("q") or span.group("nth")
        if nth:  # "Q1", "the first quarter"
            first = 3 * (int(nth) if nth.isdigit() else QUARTERS.index(nth.lower()) + 1) - 2
            named += [first, first + 1, first + 2]
            continue
        # "January to May": each month between, "May" among them though it is also a verb.
        ends = [MONTHS.get(end.lower().rstrip(".")) for end in re.split(r"\s*(?:\bto\b|\bthrough\b|\bthru\b|\btill\b|\buntil\b|-|–)\s*", span.group(0), maxsplit=1)]
        if len(ends) == 2 and None not in ends and ends[0] <= ends[1]:
            named += range(ends[0], ends[1] + 1)
    rest = MONTHS_SPANNED.sub(" ", mentions) if len(named) > 1 else mentions
    return set(named), MONTH_WORD.sub(" ", rest)


def dated_in(text: str, months: set[int]) -> bool:
    """A text is of one of the months: it gives a date in it, or names it in any language the folder's dates are read
    in. A document of one or two months is of the period it states, else of the one it opens with (February's bill,
    paid in March, is February's); a record of many months is of each it names."""
    def months_of(line: str, either_order: bool) -> set[int]:
        return {month for _, month, _ in dates_in(line, either_order)[0]} | {MONTHS[m.group(0).lower()] for m in MONTH_WORD.finditer(line)}

    lines = text.splitlines()
    # Counted as the day first, as most of the world writes dates ("05-03" is March, not May as well).
    named = set().union(*(months_of(line, False) for line in lines)) if lines else set()
    # A bill of a quarter names three months and the day it was issued: its period says what it is of.
    period = next((found for line in lines if (found := period_of(line))), set())
    if period:
        return bool({month for _, month in period} & months)
    if len(named) >= 3:
        return bool(set().union(*(months_of(line, True) for line in lines)) & months)
    return bool(next((found for line in lines if (found := months_of(line, True))), set()) & months)


# The ways of reaching someone or something a document gives, each with the words that ask for it (in the languages
# the glossary knows) and its shape: "ola@fjord.example", "https://example.org/a", "+358 41 866 0452". An e-mail is
# asked as someone's ("her e-mail", "Ola's e-mail", "the e-mail of the club", "phone and e-mail"), not as a document
# ("as the booking e-mail says", "the e-mail from the hotel").
EMAIL = r"e-?mail(?!s)"
CONTACTS = {
    "e-mail address": (re.compile(rf"\b{EMAIL} ?(?:address|addr|id)\b|(?:'s|’s|\bhis|\bher|\btheir|\bits|\byour)\s+{EMAIL}\b|\b{EMAIL}\s+(?:of|for)\b|"
                                  rf"\b(?:phone|number|address|contact)\s*(?:,|and|or|&)\s*{EMAIL}\b|\b{EMAIL}\s*(?:,|and|or|&)\s*(?:phone|number|address)\b|"
                                  rf"^\W*(?:what(?:'s|’s| is| was)|give me)\s+(?:the\s+)?{EMAIL}\b|\bsähköpost|\be-?post(?:adress\w*)?\b|\bcourriel|\bcorreo electr|\bposta elettronica", re.I),
                          re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")),
    "web address": (re.compile(r"\bweb ?(?:site|page|address)|\burl\b|\bhome ?page\b|\bnettside|\bhjemmeside|\bverkkosivu|\bsite web\b|\bsitio web\b|\bwebseite|\bwebbplats", re.I),
                      # and a server's own path said as its URL ("status-url = "/status"", "the URL is /status")
                      re.compile(r"\bhttps?://\S+|\bwww\.[\w-]+\.\S+|\burl\b[^/\n]{0,24}?[\"'\s=:]/[\w.~%-][\w/.~%-]*", re.I)),
    "phone number": (re.compile(r"\b(?:tele|cell ?|mobile ?)?phone\b(?!\s+(?:bills?|plans?|contracts?|cases?|calls?|subscriptions?|models?)\b)|"
                                          r"\bmobile number|\bpuhelin(?:numero)?\b|\btelefon(?:nummer|numer)?\b|\bnum[ée]ro de t[ée]l[ée]phone|\bn[úu]mero de tel[ée]fono|\btel(?:\.|ephone)? ?(?:no|nr|number)", re.I),
                       re.compile(r"(?<![\w.,/-])\+?\(?\d[\d ()-]{5,}\d(?![\w.,/-]*\d)")),
}


def contacts_asked(question: str) -> list[str]:
    """The kinds of contact a question asks for ("her e-mail, and her phone number?"), as CONTACTS names them."""
    return [kind for kind, (asked, _) in CONTACTS.items() if asked.search(question)]


def gives_contact(kind: str, text: str) -> bool:
    """The text gives a contact of the kind: a phone number is 7 to 15 digits that are no date ("2031-03-10")."""
    shape = CONTACTS[kind][1]
    if kind != "phone number":
        return bool(shape.search(text))
    return any(7 <= sum(c.isdigit() for c in m.group(0)) <= 15 and not dates_in(m.group(0))[0] for m in shape.finditer(text))
