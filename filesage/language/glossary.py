"""Everyday document words in the languages filesage tells apart, so that a question in one language finds a
file written in another (an English question about the deposit finds the deposit line of a lease in Dutch)."""

from __future__ import annotations

from .text import fold, stem

# One concept per row: its words in each language, as documents write them (single words, so the keyword
# index can match them). Languages are named as lexicon.LANGUAGE_WORDS names them.
CONCEPTS: list[dict[str, tuple[str, ...]]] = [
    {"English": ("deposit",), "German": ("kaution", "mietsicherheit"), "French": ("caution", "dépôt"),
     "Spanish": ("fianza", "depósito"), "Italian": ("cauzione", "deposito"), "Dutch": ("borg", "waarborgsom"),
     "Swedish": ("deposition", "depositionsavgift"),
     "Portuguese": ("caução", "depósito"), "Polish": ("kaucja",), "Czech": ("jistota", "jistoty", "jistinu", "kauce", "kauci")},
    {"English": ("rent",), "German": ("miete", "kaltmiete", "warmmiete", "mietzins"), "French": ("loyer",),
     "Spanish": ("alquiler", "renta"), "Italian": ("affitto", "canone"), "Dutch": ("huur",), "Swedish": ("hyra",),
     "Portuguese": ("renda", "aluguel", "aluguer"), "Polish": ("czynsz",), "Czech": ("nájemné", "nájemného")},
    {"English": ("lease", "tenancy", "rental"), "German": ("mietvertrag",), "French": ("bail",),
     "Spanish": ("arrendamiento",), "Italian": ("locazione",), "Dutch": ("huurovereenkomst", "huurcontract"),
     "Swedish": ("hyresavtal", "hyreskontrakt"),
     "Portuguese": ("arrendamento", "locação"), "Polish": ("najem", "najmu"), "Czech": ("nájmu", "nájemní", "podnájem")},
    {"English": ("apartment", "flat"), "German": ("wohnung",), "French": ("appartement", "logement"),
     "Spanish": ("piso", "apartamento"), "Italian": ("appartamento",), "Dutch": ("woning",), "Swedish": ("lägenhet",),
     "Portuguese": ("apartamento", "habitação"), "Polish": ("mieszkanie", "lokal"), "Czech": ("byt", "bytu", "bytě")},
    {"English": ("landlord", "landlady"), "German": ("vermieter", "vermieterin"), "French": ("bailleur",),
     "Spanish": ("arrendador", "casero"), "Italian": ("locatore",), "Dutch": ("verhuurder",), "Swedish": ("hyresvärd",),
     "Portuguese": ("senhorio", "senhoria", "locador"), "Polish": ("wynajmujący",), "Czech": ("pronajímatel", "pronajímatele", "pronajímatelka")},
    {"English": ("tenant",), "German": ("mieter", "mieterin"), "French": ("locataire",), "Spanish": ("inquilino", "arrendatario"),
     "Italian": ("inquilino", "conduttore"), "Dutch": ("huurder",), "Swedish": ("hyresgäst",),
     "Portuguese": ("inquilino", "arrendatário"), "Polish": ("najemca",), "Czech": ("nájemce", "nájemkyně")},
    {"English": ("notice", "termination"), "German": ("kündigung", "kündigungsfrist"), "French": ("résiliation", "préavis"),
     "Spanish": ("rescisión", "preaviso"), "Italian": ("disdetta", "preavviso"), "Dutch": ("opzegging", "opzegtermijn"),
     "Swedish": ("uppsägning", "uppsägningstid"),
     "Portuguese": ("denúncia", "rescisão", "antecedência", "pré-aviso"), "Polish": ("wypowiedzenie",), "Czech": ("výpověď", "výpovědi", "výpovědní")},
    {"English": ("invoice", "bill"), "German": ("rechnung",), "French": ("facture",), "Spanish": ("factura",),
     "Italian": ("fattura",), "Dutch": ("factuur",), "Swedish": ("faktura",),
     "Portuguese": ("fatura", "factura"), "Polish": ("faktura", "rachunek"), "Czech": ("faktura", "faktury", "vyúčtování")},
    {"English": ("receipt",), "German": ("quittung", "beleg"), "French": ("reçu",), "Spanish": ("recibo",),
     "Italian": ("ricevuta",), "Dutch": ("kwitantie",), "Swedish": ("kvitto",),
     "Portuguese": ("recibo", "talão"), "Polish": ("paragon", "pokwitowanie"), "Czech": ("účtenka", "stvrzenka", "paragon")},
    {"English": ("total", "sum"), "German": ("summe", "gesamt", "gesamtbetrag"), "French": ("total", "montant"),
     "Spanish": ("total", "importe"), "Italian": ("totale", "importo"), "Dutch": ("totaal",), "Swedish": ("summa", "totalt"),
     "Portuguese": ("total", "soma"), "Polish": ("suma", "razem", "łącznie"), "Czech": ("celkem", "součet")},
    {"English": ("amount",), "German": ("betrag",), "French": ("montant",), "Spanish": ("importe",), "Italian": ("importo",),
     "Dutch": ("bedrag",), "Swedish": ("belopp",),
     "Portuguese": ("montante", "valor", "importância"), "Polish": ("kwota",), "Czech": ("částka", "částku")},
    {"English": ("due",), "German": ("fällig",), "French": ("échéance",), "Spanish": ("vencimiento",), "Italian": ("scadenza",),
     "Dutch": ("vervaldatum",), "Swedish": ("förfallodag",),
     "Portuguese": ("vencimento", "limite"), "Polish": ("termin",), "Czech": ("splatnost", "splatno", "splatné")},
    {"English": ("contract", "agreement"), "German": ("vertrag", "vereinbarung"), "French": ("contrat",), "Spanish": ("contrato",),
     "Italian": ("contratto",), "Dutch": ("overeenkomst",), "Swedish": ("avtal", "kontrakt"),
     "Portuguese": ("contrato", "acordo"), "Polish": ("umowa",), "Czech": ("smlouva", "smlouvy", "smlouvě")},
    {"English": ("salary", "wage"), "German": ("gehalt", "lohn"), "French": ("salaire",), "Spanish": ("salario", "sueldo"),
     "Italian": ("stipendio",), "Dutch": ("salaris", "loon"), "Swedish": ("lön",),
     "Portuguese": ("salário", "ordenado"), "Polish": ("wynagrodzenie", "pensja"), "Czech": ("mzda", "plat")},
    {"English": ("tax",), "German": ("steuer",), "French": ("impôt", "taxe"), "Spanish": ("impuesto",), "Italian": ("imposta", "tassa"),
     "Dutch": ("belasting",), "Swedish": ("skatt",),
     "Portuguese": ("imposto", "taxa"), "Polish": ("podatek",), "Czech": ("daň", "daně")},
    {"English": ("insurance",), "German": ("versicherung",), "French": ("assurance",), "Spanish": ("seguro",),
     "Italian": ("assicurazione",), "Dutch": ("verzekering",), "Swedish": ("försäkring",),
     "Portuguese": ("seguro",), "Polish": ("ubezpieczenie",), "Czech": ("pojištění",)},
    {"English": ("heating",), "German": ("heizung",), "French": ("chauffage",), "Spanish": ("calefacción",),
     "Italian": ("riscaldamento",), "Dutch": ("verwarming",), "Swedish": ("uppvärmning",),
     "Portuguese": ("aquecimento",), "Polish": ("ogrzewanie",), "Czech": ("topení", "vytápění")},
    {"English": ("water",), "German": ("wasser",), "French": ("eau",), "Spanish": ("agua",), "Italian": ("acqua",),
     "Dutch": ("water",), "Swedish": ("vatten",),
     "Portuguese": ("água",), "Polish": ("woda",), "Czech": ("voda", "vody", "vodné")},
    {"English": ("electricity", "power"), "German": ("strom",), "French": ("électricité",), "Spanish": ("electricidad",),
     "Italian": ("elettricità",), "Dutch": ("elektriciteit", "stroom"), "Swedish": ("elektricitet",),
     "Portuguese": ("eletricidade", "electricidade", "luz", "energia"), "Polish": ("prąd", "energia"), "Czech": ("elektřina", "elektřiny", "elektřinu", "elektrická")},
    {"English": ("utilities",), "German": ("nebenkosten", "nebenkostenabrechnung"), "French": ("charges",), "Spanish": ("suministros",),
     "Italian": ("utenze",), "Dutch": ("servicekosten",), "Swedish": ("driftskostnader",),
     "Portuguese": ("consumos",), "Polish": ("media",), "Czech": ("služby", "zálohy")},
    {"English": ("meeting",), "German": ("besprechung", "sitzung", "versammlung"), "French": ("réunion",), "Spanish": ("reunión",),
     "Italian": ("riunione",), "Dutch": ("vergadering",), "Swedish": ("möte",),
     "Portuguese": ("reunião",), "Polish": ("spotkanie", "zebranie"), "Czech": ("schůze", "porada", "jednání")},
    {"English": ("budget",), "German": ("budget",), "French": ("budget",), "Spanish": ("presupuesto",), "Italian": ("bilancio",),
     "Dutch": ("begroting",), "Swedish": ("budget",),
     "Portuguese": ("orçamento",), "Polish": ("budżet",), "Czech": ("rozpočet", "rozpočtu")},
    {"English": ("price", "cost"), "German": ("preis", "kosten"), "French": ("prix", "coût"), "Spanish": ("precio", "coste"),
     "Italian": ("prezzo", "costo"), "Dutch": ("prijs", "kosten"), "Swedish": ("pris", "kostnad"),
     "Portuguese": ("preço", "custo"), "Polish": ("cena", "koszt"), "Czech": ("cena", "ceny", "náklady")},
    {"English": ("payment",), "German": ("zahlung",), "French": ("paiement",), "Spanish": ("pago",), "Italian": ("pagamento",),
     "Dutch": ("betaling",), "Swedish": ("betalning",),
     "Portuguese": ("pagamento",), "Polish": ("płatność", "zapłata"), "Czech": ("platba", "platby", "úhrada")},
    {"English": ("hours",), "German": ("stunden",), "French": ("heures",), "Spanish": ("horas",), "Italian": ("ore",),
     "Dutch": ("uren",), "Swedish": ("timmar",), "Portuguese": ("horas",), "Polish": ("godziny",), "Czech": ("hodiny", "hodin")},
    {"English": ("monthly",), "German": ("monatlich",), "French": ("mensuel",), "Spanish": ("mensual",), "Italian": ("mensile",),
     "Dutch": ("maandelijks",), "Swedish": ("månatlig",),
     "Portuguese": ("mensal",), "Polish": ("miesięczny", "miesięcznie"), "Czech": ("měsíční", "měsíčně")},
    {"English": ("address",), "German": ("adresse", "anschrift"), "French": ("adresse",), "Spanish": ("dirección",),
     "Italian": ("indirizzo",), "Dutch": ("adres",), "Swedish": ("adress",),
     "Portuguese": ("morada", "endereço"), "Polish": ("adres",), "Czech": ("adresa", "adrese")},
    {"English": ("phone", "telephone"), "German": ("telefon",), "French": ("téléphone",), "Spanish": ("teléfono",),
     "Italian": ("telefono",), "Dutch": ("telefoon",), "Swedish": ("telefon",),
     "Portuguese": ("telefone", "telemóvel"), "Polish": ("telefon",), "Czech": ("telefon",)},
    {"English": ("warranty", "guarantee"), "German": ("garantie", "gewährleistung"), "French": ("garantie",), "Spanish": ("garantía",),
     "Italian": ("garanzia",), "Dutch": ("garantie",), "Swedish": ("garanti",),
     "Portuguese": ("garantia",), "Polish": ("gwarancja",), "Czech": ("záruka", "záruky")},
    {"English": ("deadline",), "German": ("frist",), "French": ("délai",), "Spanish": ("plazo",), "Italian": ("termine",),
     "Dutch": ("termijn",), "Swedish": ("frist",),
     "Portuguese": ("prazo",), "Polish": ("termin",), "Czech": ("lhůta", "lhůty")},
    {"English": ("account",), "German": ("konto",), "French": ("compte",), "Spanish": ("cuenta",), "Italian": ("conto",),
     "Dutch": ("rekening",), "Swedish": ("konto",),
     "Portuguese": ("conta",), "Polish": ("konto",), "Czech": ("účet", "účtu")},
    {"English": ("parking",), "German": ("stellplatz", "parkplatz"), "French": ("stationnement",), "Spanish": ("aparcamiento",),
     "Italian": ("parcheggio",), "Dutch": ("parkeerplaats",), "Swedish": ("parkering",),
     "Portuguese": ("estacionamento",), "Polish": ("parking",), "Czech": ("parkování", "parkovací")},
    {"English": ("pet", "pets"), "German": ("haustier", "haustiere"), "French": ("animaux",), "Spanish": ("mascota",),
     "Italian": ("animali",), "Dutch": ("huisdier",), "Swedish": ("husdjur",),
     "Portuguese": ("animal", "animais"), "Polish": ("zwierzę",), "Czech": ("zvíře", "zvířata")},
]


def term_of(word: str) -> str:
    """A word as grounding.terms writes it: accents folded, lightly stemmed."""
    return stem(fold(word))


def translations(question_terms: set[str], languages: set[str]) -> dict[str, str]:
    """The words of the given languages that say what the question's words say, accents folded as the
    keyword index folds them, each mapped to the question's term (grounding.terms) it translates. Words the
    question has are left out."""
    found: dict[str, str] = {}
    for concept in CONCEPTS:
        said = next(
            ((language, term_of(word)) for language, words in concept.items() for word in words if term_of(word) in question_terms),
            None,
        )
        if said is None:
            continue
        language_said, source = said
        for language in sorted(languages - {language_said}):
            for word in concept.get(language, ()):
                if term_of(word) not in question_terms:
                    found.setdefault(fold(word), source)
    return found
