"""The names of the months in the languages filesage reads dates in, in full and short and as dates decline them:
one word list of the lexicon (language/lexicon.py says it as MONTHS), kept here for its length."""

MONTHS = {
    name: number for number, names in enumerate([("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",), ("june", "jun"), ("july", "jul"),
                                                 ("august", "aug"), ("september", "sep", "sept"), ("october", "oct"), ("november", "nov"), ("december", "dec")], start=1) for name in names
} | {  # in full, in the other languages told apart (LANGUAGE_WORDS) but Polish; Czech as dates decline them too
    name: number for number, names in enumerate(["januar janvier enero gennaio januari janeiro", "februar février fevrier febrero febbraio februari fevereiro",
                                    "märz maerz mars marts marzo maart março", "avril abril aprile", "mai mayo maggio mei maj maio",
                                    "juni juin junio giugno junho", "juli juillet julio luglio julho", "août aout agosto augustus augusti",
                                    "septembre septiembre settembre setembro", "oktober octobre octubre ottobre outubro",
                                    "novembre noviembre novembro", "dezember desember décembre decembre diciembre dicembre dezembro"], start=1)
    for name in names.split()
} | {
    name: number for number, names in enumerate(["leden ledna", "únor února", "březen března", "duben dubna", "květen května", "červen června",
                                    "červenec července", "srpen srpna", "září", "říjen října", "listopad listopadu", "prosinec prosince"], start=1)
    for name in names.split()
} | {  # Finnish, with the endings of "of", "in" and "from" a month ("maaliskuun", "maaliskuussa", "maaliskuusta", "maaliskuuta")
    f"{name}kuu{ending}": number for number, name in enumerate("tammi helmi maalis huhti touko kesä heinä elo syys loka marras joulu".split(), start=1)
    for ending in ("", "n", "ssa", "sta", "ta")
}
