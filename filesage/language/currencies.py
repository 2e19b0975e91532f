"""Money as papers write it: the signs, codes and words of currencies and the words that multiply an amount; word
lists of the lexicon (language/lexicon.py says them), kept here beside one another."""

MULTIPLIERS = {"thousand": 1e3, "k": 1e3, "lakh": 1e5, "lakhs": 1e5, "million": 1e6, "m": 1e6, "mn": 1e6, "crore": 1e7, "crores": 1e7,
               "billion": 1e9, "bn": 1e9}
# Money's signs and the codes written before an amount ("₹2,480", "Rs. 3,10,500", "INR 310500", "USD 40"): an amount.
CURRENCY_SIGNS = "$€£₹¥₦₵₱₩₺₽₴₪₫฿"
# Codes that are no English word, so that "try 3 times" or "PHP 8" is no amount; local ways of writing a code too
# ("KSh 4,250", "Ksh. 610", "Shs 3,950", "UShs 47,000").
CURRENCY_CODES = ("rs", "inr", "usd", "eur", "gbp", "aud", "cad", "nzd", "chf", "sgd", "zar", "jpy", "cny", "hkd", "sek", "nok",
                  "dkk", "pln", "czk", "brl", "mxn", "kes", "ksh", "kshs", "shs", "ugx", "ushs", "tzs", "tshs", "ngn", "ghs",
                  "egp", "etb", "rwf", "zmw", "bwp", "mur", "xof", "xaf", "aed", "sar", "qar", "pkr", "bdt", "lkr", "npr", "idr",
                  "myr", "thb", "vnd", "krw", "twd", "ils", "huf", "bgn", "isk", "uah", "ars", "clp", "kwd", "bhd", "omr", "jod", "tnd", "lyd", "iqd")
# Currencies whose amounts have three decimals ("KWD 1.250" is a dinar and a quarter): elsewhere "$275.000" is 275,000.
CURRENCY_THOUSANDTHS = ("kwd", "bhd", "omr", "jod", "tnd", "lyd", "iqd")
# A currency written as one capital letter glued to its amount or a space before it: "R1 375,00", "R 12 500" (rand).
CURRENCY_LETTERS = ("R",)
# A currency's letter written for its sign, which is hard to type ("N7,400" naira, "P3,150.00" pesos): an amount only
# when written as one (thousands set apart, cents, or "k"), since "N95" and "P2" are names.
AMOUNT_LETTERS = ("N", "P")
# Money's words written after an amount ("1 250 kr", "30 zł", "8 750 Kč"), besides its signs and codes.
CURRENCY_AFTER = ("kr", "zł", "Kč")
# An amount closed by a stroke, as whole shillings are written: "7,300/=", "18,450/-".
CURRENCY_STROKES = ("/=", "/-")
