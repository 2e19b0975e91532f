"""Everyday document words in the languages filesage tells apart, so that a question in one language finds a
file written in another (an English question about the deposit finds the deposit line of a lease in Dutch)."""

from __future__ import annotations

import re

from .text import fold, stem, terms

# One concept per row: its words in each language, as documents write them (single words, so the keyword
# index can match them). Languages are named as lexicon.LANGUAGE_WORDS names them.
CONCEPTS: list[dict[str, tuple[str, ...]]] = [
    {"English": ("deposit",), "German": ("kaution", "mietsicherheit"), "French": ("caution", "dépôt"),
     "Spanish": ("fianza", "depósito"), "Italian": ("cauzione", "deposito"), "Dutch": ("borg", "waarborgsom"),
     "Swedish": ("deposition", "depositionsavgift"), "Norwegian": ("depositum",), "Danish": ("depositum",),
     "Portuguese": ("caução", "depósito"), "Polish": ("kaucja",), "Czech": ("jistota", "jistoty", "jistinu", "kauce", "kauci"), "Finnish": ("vakuus", "takuuvuokra")},
    {"English": ("rent",), "German": ("miete", "kaltmiete", "warmmiete", "mietzins"), "French": ("loyer",),
     "Spanish": ("alquiler", "renta", "arriendo"), "Italian": ("affitto", "canone"), "Dutch": ("huur",), "Swedish": ("hyra",), "Norwegian": ("husleie", "leie"), "Danish": ("husleje", "leje"),
     "Portuguese": ("renda", "aluguel", "aluguer"), "Polish": ("czynsz",), "Czech": ("nájemné", "nájemného"), "Finnish": ("vuokra",)},
    {"English": ("lease", "tenancy", "rental"), "German": ("mietvertrag",), "French": ("bail",),
     "Spanish": ("arrendamiento",), "Italian": ("locazione",), "Dutch": ("huurovereenkomst", "huurcontract"),
     "Swedish": ("hyresavtal", "hyreskontrakt"), "Norwegian": ("leiekontrakt", "leieavtale", "leieforhold"), "Danish": ("lejekontrakt", "lejeaftale", "lejemål"),
     "Portuguese": ("arrendamento", "locação"), "Polish": ("najem", "najmu"), "Czech": ("nájmu", "nájemní", "podnájem"), "Finnish": ("vuokrasopimus",)},
    {"English": ("apartment", "flat"), "German": ("wohnung",), "French": ("appartement", "logement"),
     "Spanish": ("piso", "apartamento"), "Italian": ("appartamento",), "Dutch": ("woning",), "Swedish": ("lägenhet",), "Norwegian": ("leilighet", "bolig"), "Danish": ("lejlighed", "bolig"),
     "Portuguese": ("apartamento", "habitação"), "Polish": ("mieszkanie", "lokal"), "Czech": ("byt", "bytu", "bytě"), "Finnish": ("asunto", "huoneisto")},
    {"English": ("landlord", "landlady"), "German": ("vermieter", "vermieterin"), "French": ("bailleur",),
     "Spanish": ("arrendador", "casero"), "Italian": ("locatore",), "Dutch": ("verhuurder",), "Swedish": ("hyresvärd",), "Norwegian": ("utleier",), "Danish": ("udlejer",),
     "Portuguese": ("senhorio", "senhoria", "locador"), "Polish": ("wynajmujący",), "Czech": ("pronajímatel", "pronajímatele", "pronajímatelka"), "Finnish": ("vuokranantaja",)},
    {"English": ("tenant",), "German": ("mieter", "mieterin"), "French": ("locataire",), "Spanish": ("inquilino", "arrendatario"),
     "Italian": ("inquilino", "conduttore"), "Dutch": ("huurder",), "Swedish": ("hyresgäst",), "Norwegian": ("leietaker",), "Danish": ("lejer",),
     "Portuguese": ("inquilino", "arrendatário"), "Polish": ("najemca",), "Czech": ("nájemce", "nájemkyně"), "Finnish": ("vuokralainen",)},
    {"English": ("notice", "termination"), "German": ("kündigung", "kündigungsfrist"), "French": ("résiliation", "préavis"),
     "Spanish": ("rescisión", "preaviso"), "Italian": ("disdetta", "preavviso"), "Dutch": ("opzegging", "opzegtermijn"),
     "Swedish": ("uppsägning", "uppsägningstid"), "Norwegian": ("oppsigelse", "oppsigelsestid"), "Danish": ("opsigelse", "opsigelsesvarsel"), "Finnish": ("irtisanominen", "irtisanomisaika"),
     "Portuguese": ("denúncia", "rescisão", "antecedência", "pré-aviso"), "Polish": ("wypowiedzenie",), "Czech": ("výpověď", "výpovědi", "výpovědní")},
    {"English": ("invoice", "bill"), "German": ("rechnung",), "French": ("facture",), "Spanish": ("factura",),
     "Italian": ("fattura",), "Dutch": ("factuur",), "Swedish": ("faktura",), "Norwegian": ("faktura", "regning"), "Danish": ("faktura", "regning"),
     "Portuguese": ("fatura", "factura"), "Polish": ("faktura", "rachunek"), "Czech": ("faktura", "faktury", "vyúčtování"), "Finnish": ("lasku",)},
    {"English": ("receipt",), "German": ("quittung", "beleg"), "French": ("reçu",), "Spanish": ("recibo",),
     "Italian": ("ricevuta",), "Dutch": ("kwitantie",), "Swedish": ("kvitto",), "Norwegian": ("kvittering",), "Danish": ("kvittering",),
     "Portuguese": ("recibo", "talão"), "Polish": ("paragon", "pokwitowanie"), "Czech": ("účtenka", "stvrzenka", "paragon"), "Finnish": ("kuitti",)},
    {"English": ("total", "sum"), "German": ("summe", "gesamt", "gesamtbetrag", "brutto"), "French": ("total", "montant"),
     "Spanish": ("total", "importe"), "Italian": ("totale", "importo"), "Dutch": ("totaal",), "Swedish": ("summa", "totalt"), "Norwegian": ("sum", "totalt", "totalbeløp"), "Danish": ("total", "totalbeløb", "sum"),
     "Portuguese": ("total", "soma"), "Polish": ("suma", "razem", "łącznie", "brutto", "zapłaty"), "Czech": ("celkem", "součet"), "Finnish": ("yhteensä", "summa", "maksettava")},
    {"English": ("amount",), "German": ("betrag",), "French": ("montant",), "Spanish": ("importe",), "Italian": ("importo",),
     "Dutch": ("bedrag",), "Swedish": ("belopp",), "Norwegian": ("beløp",), "Danish": ("beløb",),
     "Portuguese": ("montante", "valor", "importância"), "Polish": ("kwota",), "Czech": ("částka", "částku"), "Finnish": ("määrä",)},
    {"English": ("due", "payable"), "German": ("fällig",), "French": ("échéance",), "Spanish": ("vencimiento",), "Italian": ("scadenza",),
     "Dutch": ("vervaldatum", "betaaldatum"), "Swedish": ("förfallodag",), "Norwegian": ("forfallsdato", "forfall"), "Danish": ("forfaldsdato", "betalingsfrist"),
     "Portuguese": ("vencimento", "limite"), "Polish": ("termin",), "Czech": ("splatnost", "splatno", "splatné"), "Finnish": ("eräpäivä", "erääntyy")},
    {"English": ("contract", "agreement"), "German": ("vertrag", "vereinbarung"), "French": ("contrat",), "Spanish": ("contrato",),
     "Italian": ("contratto",), "Dutch": ("overeenkomst",), "Swedish": ("avtal", "kontrakt"), "Norwegian": ("avtale", "kontrakt"), "Danish": ("aftale", "kontrakt"),
     "Portuguese": ("contrato", "acordo"), "Polish": ("umowa",), "Czech": ("smlouva", "smlouvy", "smlouvě"), "Finnish": ("sopimus",)},
    {"English": ("salary", "wage"), "German": ("gehalt", "lohn"), "French": ("salaire",), "Spanish": ("salario", "sueldo"),
     "Italian": ("stipendio",), "Dutch": ("salaris", "loon"), "Swedish": ("lön",), "Norwegian": ("lønn",), "Danish": ("løn",),
     "Portuguese": ("salário", "ordenado"), "Polish": ("wynagrodzenie", "pensja"), "Czech": ("mzda", "plat"), "Finnish": ("palkka",)},
    {"English": ("tax",), "German": ("steuer",), "French": ("impôt", "taxe"), "Spanish": ("impuesto", "impto"), "Italian": ("imposta", "tassa"),
     "Dutch": ("belasting",), "Swedish": ("skatt",), "Norwegian": ("skatt",), "Danish": ("skat",),
     "Portuguese": ("imposto", "taxa"), "Polish": ("podatek",), "Czech": ("daň", "daně"), "Finnish": ("vero",)},
    {"English": ("insurance",), "German": ("versicherung",), "French": ("assurance",), "Spanish": ("seguro",),
     "Italian": ("assicurazione",), "Dutch": ("verzekering",), "Swedish": ("försäkring",), "Norwegian": ("forsikring",), "Danish": ("forsikring",),
     "Portuguese": ("seguro",), "Polish": ("ubezpieczenie",), "Czech": ("pojištění",), "Finnish": ("vakuutus",)},
    {"English": ("heating",), "German": ("heizung",), "French": ("chauffage",), "Spanish": ("calefacción",),
     "Italian": ("riscaldamento",), "Dutch": ("verwarming",), "Swedish": ("uppvärmning",), "Norwegian": ("oppvarming",), "Danish": ("opvarmning", "varme"),
     "Portuguese": ("aquecimento",), "Polish": ("ogrzewanie",), "Czech": ("topení", "vytápění"), "Finnish": ("lämmitys",)},
    {"English": ("gas",), "German": ("gas", "erdgas"), "French": ("gaz",), "Spanish": ("gas",), "Italian": ("gas", "metano"),
     "Dutch": ("gas", "aardgas"), "Swedish": ("gas", "naturgas"), "Norwegian": ("gass",), "Danish": ("gas",), "Portuguese": ("gás",), "Polish": ("gaz", "gazu", "gazowe"),
     "Czech": ("plyn", "plynu"), "Finnish": ("kaasu",)},
    {"English": ("water",), "German": ("wasser",), "French": ("eau",), "Spanish": ("agua", "aigua"), "Italian": ("acqua",),
     "Dutch": ("water",), "Swedish": ("vatten",), "Norwegian": ("vann",), "Danish": ("vand",),
     "Portuguese": ("água",), "Polish": ("woda",), "Czech": ("voda", "vody", "vodné"), "Finnish": ("vesi",)},
    {"English": ("electricity", "power"), "German": ("strom",), "French": ("électricité",), "Spanish": ("electricidad", "luz"),
     "Italian": ("elettricità",), "Dutch": ("elektriciteit", "stroom"), "Swedish": ("elektricitet",), "Norwegian": ("strøm", "elektrisitet"), "Danish": ("strøm", "elektricitet"),
     "Portuguese": ("eletricidade", "electricidade", "luz", "energia"), "Polish": ("prąd", "energia"), "Czech": ("elektřina", "elektřiny", "elektřinu", "elektrická"), "Finnish": ("sähkö",)},
    {"English": ("utilities",), "German": ("nebenkosten", "nebenkostenabrechnung"), "French": ("charges",), "Spanish": ("suministros",),
     "Italian": ("utenze",), "Dutch": ("servicekosten",), "Swedish": ("driftskostnader",), "Norwegian": ("felleskostnader",), "Danish": ("forbrugsudgifter", "fællesudgifter"),
     "Portuguese": ("consumos",), "Polish": ("media",), "Czech": ("služby", "zálohy")},
    {"English": ("meeting",), "German": ("besprechung", "sitzung", "versammlung"), "French": ("réunion",), "Spanish": ("reunión",),
     "Italian": ("riunione",), "Dutch": ("vergadering",), "Swedish": ("möte",), "Norwegian": ("møte", "styremøte"), "Danish": ("møde", "bestyrelsesmøde"),
     "Portuguese": ("reunião",), "Polish": ("spotkanie", "zebranie"), "Czech": ("schůze", "porada", "jednání"), "Finnish": ("kokous",)},
    {"English": ("budget",), "German": ("budget",), "French": ("budget",), "Spanish": ("presupuesto",), "Italian": ("bilancio",),
     "Dutch": ("begroting",), "Swedish": ("budget",), "Norwegian": ("budsjett",), "Danish": ("budget",),
     "Portuguese": ("orçamento",), "Polish": ("budżet",), "Czech": ("rozpočet", "rozpočtu"), "Finnish": ("budjetti", "talousarvio")},
    {"English": ("price", "cost"), "German": ("preis", "kosten"), "French": ("prix", "coût"), "Spanish": ("precio", "coste"),
     "Italian": ("prezzo", "costo"), "Dutch": ("prijs", "kosten"), "Swedish": ("pris", "kostnad"), "Norwegian": ("pris", "kostnad"), "Danish": ("pris", "omkostning"),
     "Portuguese": ("preço", "custo"), "Polish": ("cena", "koszt"), "Czech": ("cena", "ceny", "náklady"), "Finnish": ("hinta",)},
    {"English": ("payment",), "German": ("zahlung",), "French": ("paiement",), "Spanish": ("pago",), "Italian": ("pagamento",),
     "Dutch": ("betaling",), "Swedish": ("betalning",), "Norwegian": ("betaling",), "Danish": ("betaling",),
     "Portuguese": ("pagamento",), "Polish": ("płatność", "zapłata"), "Czech": ("platba", "platby", "úhrada"), "Finnish": ("maksu",)},
    {"English": ("hours",), "German": ("stunden",), "French": ("heures",), "Spanish": ("horas",), "Italian": ("ore",),
     "Dutch": ("uren",), "Swedish": ("timmar",), "Norwegian": ("timer",), "Danish": ("timer",), "Portuguese": ("horas",), "Polish": ("godziny",), "Czech": ("hodiny", "hodin"), "Finnish": ("tunnit", "tuntia")},
    {"English": ("monthly",), "German": ("monatlich",), "French": ("mensuel",), "Spanish": ("mensual",), "Italian": ("mensile",),
     "Dutch": ("maandelijks",), "Swedish": ("månatlig",), "Norwegian": ("månedlig",), "Danish": ("månedlig",),
     "Portuguese": ("mensal",), "Polish": ("miesięczny", "miesięcznie"), "Czech": ("měsíční", "měsíčně"), "Finnish": ("kuukausittain",)},
    {"English": ("address",), "German": ("adresse", "anschrift"), "French": ("adresse",), "Spanish": ("dirección",),
     "Italian": ("indirizzo",), "Dutch": ("adres",), "Swedish": ("adress",), "Norwegian": ("adresse",), "Danish": ("adresse",),
     "Portuguese": ("morada", "endereço"), "Polish": ("adres",), "Czech": ("adresa", "adrese"), "Finnish": ("osoite",)},
    {"English": ("phone", "telephone"), "German": ("telefon",), "French": ("téléphone",), "Spanish": ("teléfono",),
     "Italian": ("telefono",), "Dutch": ("telefoon",), "Swedish": ("telefon",), "Norwegian": ("telefon", "mobil"), "Danish": ("telefon", "mobil"),
     "Portuguese": ("telefone", "telemóvel"), "Polish": ("telefon",), "Czech": ("telefon",), "Finnish": ("puhelin",)},
    {"English": ("warranty", "guarantee"), "German": ("garantie", "gewährleistung"), "French": ("garantie",), "Spanish": ("garantía",),
     "Italian": ("garanzia",), "Dutch": ("garantie",), "Swedish": ("garanti",), "Norwegian": ("garanti",), "Danish": ("garanti",),
     "Portuguese": ("garantia",), "Polish": ("gwarancja",), "Czech": ("záruka", "záruky"), "Finnish": ("takuu",)},
    {"English": ("deadline",), "German": ("frist",), "French": ("délai",), "Spanish": ("plazo",), "Italian": ("termine",),
     "Dutch": ("termijn",), "Swedish": ("frist",), "Norwegian": ("frist",), "Danish": ("frist",),
     "Portuguese": ("prazo",), "Polish": ("termin",), "Czech": ("lhůta", "lhůty"), "Finnish": ("määräaika",)},
    {"English": ("account",), "German": ("konto",), "French": ("compte",), "Spanish": ("cuenta",), "Italian": ("conto",),
     "Dutch": ("rekening",), "Swedish": ("konto",), "Norwegian": ("konto",), "Danish": ("konto",),
     "Portuguese": ("conta",), "Polish": ("konto",), "Czech": ("účet", "účtu"), "Finnish": ("tili",)},
    {"English": ("parking",), "German": ("stellplatz", "parkplatz"), "French": ("stationnement",), "Spanish": ("aparcamiento",),
     "Italian": ("parcheggio",), "Dutch": ("parkeerplaats",), "Swedish": ("parkering",), "Norwegian": ("parkering",), "Danish": ("parkering",),
     "Portuguese": ("estacionamento",), "Polish": ("parking",), "Czech": ("parkování", "parkovací"), "Finnish": ("pysäköinti", "autopaikka")},
    {"English": ("pet", "pets"), "German": ("haustier", "haustiere"), "French": ("animaux",), "Spanish": ("mascota",),
     "Italian": ("animali",), "Dutch": ("huisdier",), "Swedish": ("husdjur",), "Norwegian": ("husdyr", "kjæledyr"), "Danish": ("husdyr", "kæledyr"),
     "Portuguese": ("animal", "animais"), "Polish": ("zwierzę",), "Czech": ("zvíře", "zvířata"), "Finnish": ("lemmikki",)},
    {"English": ("appointment",), "German": ("termin",), "French": ("rendez", "rdv"), "Spanish": ("cita",),
     "Italian": ("appuntamento",), "Dutch": ("afspraak",), "Swedish": ("besök", "tidsbokning"), "Norwegian": ("timeavtale",), "Danish": ("tidsbestilling",),
     "Portuguese": ("consulta", "marcação"), "Polish": ("wizyta",), "Czech": ("termín", "návštěva", "objednán", "objednaná"), "Finnish": ("ajanvaraus",)},
    {"English": ("doctor", "physician"), "German": ("arzt", "ärztin"), "French": ("médecin", "docteur"), "Spanish": ("médico",),
     "Italian": ("medico",), "Dutch": ("arts", "dokter", "huisarts"), "Swedish": ("läkare",), "Norwegian": ("lege",), "Danish": ("læge",),
     "Portuguese": ("médico", "médica"), "Polish": ("lekarz",), "Czech": ("lékař", "lékaře", "lékařka", "doktor"), "Finnish": ("lääkäri",)},
    {"English": ("dentist", "dental"), "German": ("zahnarzt", "zahnärztin"), "French": ("dentiste", "dentaire"), "Spanish": ("dentista",),
     "Italian": ("dentista",), "Dutch": ("tandarts",), "Swedish": ("tandläkare",), "Norwegian": ("tannlege",), "Danish": ("tandlæge",),
     "Portuguese": ("dentista",), "Polish": ("dentysta", "stomatolog"), "Czech": ("zubař", "zubaře", "zubní", "stomatolog"), "Finnish": ("hammaslääkäri",)},
    {"English": ("refund", "overpayment", "reimbursement"), "German": ("erstattung", "rückerstattung", "guthaben"),
     "French": ("remboursement",), "Spanish": ("reembolso", "devolución"), "Italian": ("rimborso",),
     "Dutch": ("terugbetaling", "teruggave"), "Swedish": ("återbetalning",), "Norwegian": ("tilbakebetaling", "refusjon"), "Danish": ("tilbagebetaling", "refusion"),
     "Portuguese": ("reembolso", "devolução"), "Polish": ("zwrot", "nadpłata"), "Czech": ("přeplatek", "přeplatku", "vratka"), "Finnish": ("palautus", "veronpalautus")},
    {"English": ("approve", "approved", "approval"), "German": ("genehmigt", "beschlossen", "genehmigung"),
     "French": ("approuve", "approuvé", "approuvée", "validé"), "Spanish": ("aprobado", "aprobada", "aprueba"),
     "Italian": ("approvato", "approvata", "approva"), "Dutch": ("goedgekeurd",), "Swedish": ("godkänd", "godkänt", "godkänner"), "Norwegian": ("godkjent", "godkjenner", "vedtatt"), "Danish": ("godkendt", "godkender", "vedtaget"),
     "Portuguese": ("aprovado", "aprovada", "aprova"), "Polish": ("zatwierdza", "zatwierdzony", "zatwierdzono"),
     "Czech": ("schvaluje", "schválila", "schválil", "schváleno", "schválen"), "Finnish": ("hyväksytty",)},
    {"English": ("decision", "resolution"), "German": ("beschluss", "entscheidung"), "French": ("décision",),
     "Spanish": ("decisión", "acuerdo"), "Italian": ("decisione", "delibera"), "Dutch": ("besluit",), "Swedish": ("beslut",), "Norwegian": ("vedtak", "beslutning"), "Danish": ("beslutning", "vedtagelse"),
     "Portuguese": ("decisão", "deliberação"), "Polish": ("decyzja", "uchwała"), "Czech": ("usnesení", "rozhodnutí"), "Finnish": ("päätös",)},
    {"English": ("withheld", "withholding"), "German": ("einbehalten", "einbehaltung"), "French": ("retenu", "retenue"),
     "Spanish": ("retenido", "retenida", "retención"), "Italian": ("trattenuto", "ritenuta"), "Dutch": ("ingehouden", "inhouding"),
     "Swedish": ("innehållen", "avdragen"), "Norwegian": ("trukket", "forskuddstrekk"), "Danish": ("tilbageholdt", "indeholdt"),
     "Portuguese": ("retido", "retenção"), "Polish": ("potrącony", "potrącenie"), "Czech": ("sražená", "srážka"), "Finnish": ("pidätetty", "ennakonpidätys")},
    {"English": ("loan",), "German": ("kredit", "darlehen"), "French": ("prêt", "crédit"), "Spanish": ("préstamo", "crédito"),
     "Italian": ("prestito", "finanziamento"), "Dutch": ("lening", "krediet"), "Swedish": ("lån", "kredit"), "Norwegian": ("lån",), "Danish": ("lån",),
     "Portuguese": ("empréstimo", "crédito"), "Polish": ("pożyczka", "kredyt"), "Czech": ("úvěr", "půjčka"), "Finnish": ("laina",)},
    {"English": ("installment", "instalment"), "German": ("ratenzahlung", "teilzahlung"), "French": ("mensualité", "échéance"), "Spanish": ("cuota",),
     "Italian": ("rata",), "Dutch": ("termijn", "aflossing"), "Swedish": ("avbetalning",), "Norwegian": ("avdrag",), "Danish": ("afdrag",),
     "Portuguese": ("prestação", "parcela"), "Polish": ("rata",), "Czech": ("splátka",), "Finnish": ("erä", "lyhennys")},
    # Who wrote a thing is what a list of its authors says ("Original Author: ...").
    {"English": ("author", "authors", "wrote", "written", "writer"), "German": ("autor", "autoren", "verfasser", "geschrieben"),
     "French": ("auteur", "auteurs", "écrit"), "Spanish": ("autor", "autores", "escrito", "escribió"), "Italian": ("autore", "autori", "scritto"),
     "Dutch": ("auteur", "auteurs", "geschreven"), "Swedish": ("författare", "skriven"), "Norwegian": ("forfatter", "skrevet"), "Danish": ("forfatter", "skrevet"),
     "Portuguese": ("autor", "autores", "escrito"), "Polish": ("autor", "autorzy", "napisał"), "Czech": ("autor", "autoři", "napsal"), "Finnish": ("tekijä", "kirjoittaja")},
    {"English": ("order",), "German": ("bestellung",), "French": ("commande",), "Spanish": ("pedido",), "Italian": ("ordine",),
     "Dutch": ("bestelling",), "Swedish": ("beställning",), "Norwegian": ("bestilling",), "Danish": ("bestilling", "ordre"),
     "Portuguese": ("encomenda", "pedido"), "Polish": ("zamówienie",), "Czech": ("objednávka", "objednávky", "objednávku"), "Finnish": ("tilaus",)},
    {"English": ("delivery", "shipping"), "German": ("lieferung", "versand"), "French": ("livraison",), "Spanish": ("entrega", "envío"),
     "Italian": ("consegna", "spedizione"), "Dutch": ("levering", "verzending"), "Swedish": ("leverans", "frakt"), "Norwegian": ("levering", "frakt"), "Danish": ("levering", "fragt"),
     "Portuguese": ("entrega", "envio"), "Polish": ("dostawa", "wysyłka"), "Czech": ("doprava", "dodání", "doručení"), "Finnish": ("toimitus",)},
    {"English": ("balance", "outstanding", "remaining", "arrears"), "German": ("saldo", "kontostand"), "French": ("solde",), "Spanish": ("saldo",), "Italian": ("saldo",),
     "Dutch": ("saldo",), "Swedish": ("saldo",), "Norwegian": ("saldo",), "Danish": ("saldo",), "Portuguese": ("saldo",), "Polish": ("saldo",), "Czech": ("zůstatek",), "Finnish": ("saldo",)},
    {"English": ("fee", "fees"), "German": ("gebühr", "gebühren"), "French": ("frais", "honoraires"), "Spanish": ("tarifa", "cuota"),
     "Italian": ("tariffa", "quota"), "Dutch": ("tarief",), "Swedish": ("avgift",), "Norwegian": ("gebyr", "avgift", "kontingent"), "Danish": ("gebyr", "kontingent"),
     "Portuguese": ("tarifa", "mensalidade"), "Polish": ("opłata",), "Czech": ("poplatek", "poplatku"), "Finnish": ("maksu",)},
    {"English": ("subscription",), "German": ("abonnement", "abo", "tarif"), "French": ("abonnement", "forfait"),
     "Spanish": ("suscripción",), "Italian": ("abbonamento",), "Dutch": ("abonnement",), "Swedish": ("abonnemang",), "Norwegian": ("abonnement",), "Danish": ("abonnement",),
     "Portuguese": ("assinatura",), "Polish": ("abonament",), "Czech": ("předplatné", "paušál", "tarif"), "Finnish": ("tilaus",)},
    {"English": ("consumption",), "German": ("verbrauch",), "French": ("consommation",), "Spanish": ("consumo",),
     "Italian": ("consumo",), "Dutch": ("verbruik",), "Swedish": ("förbrukning",), "Norwegian": ("forbruk",), "Danish": ("forbrug",),
     "Portuguese": ("consumo",), "Polish": ("zużycie",), "Czech": ("spotřeba", "spotřeby"), "Finnish": ("kulutus",)},
    {"English": ("statement",), "German": ("kontoauszug", "auszug"), "French": ("relevé",), "Spanish": ("extracto",),
     "Italian": ("estratto",), "Dutch": ("afschrift",), "Swedish": ("kontoutdrag",), "Norwegian": ("kontoutskrift",), "Danish": ("kontoudtog",),
     "Portuguese": ("extrato",), "Polish": ("wyciąg",), "Czech": ("výpis", "výpisu"), "Finnish": ("tiliote",)},
    {"English": ("session",), "German": ("sitzung",), "French": ("séance",), "Spanish": ("sesión",), "Italian": ("seduta", "sessione"),
     "Dutch": ("sessie",), "Swedish": ("session",), "Norwegian": ("økt",), "Danish": ("session",), "Portuguese": ("sessão",), "Polish": ("sesja",), "Czech": ("sezení", "lekce"), "Finnish": ("istunto",)},
    {"English": ("patient", "patients"), "German": ("patient", "patientin"), "French": ("patient", "patiente"), "Spanish": ("paciente",),
     "Italian": ("paziente",), "Dutch": ("patiënt",), "Swedish": ("patient",), "Norwegian": ("pasient",), "Danish": ("patient",),
     "Portuguese": ("paciente", "utente"), "Polish": ("pacjent",), "Czech": ("pacient", "pacienta", "pacientka"), "Finnish": ("potilas",)},
    {"English": ("debit", "debits", "outgoing", "expenses", "spending", "spent", "withdrawal"), "German": ("soll", "ausgaben", "lastschrift", "belastung"),
     "French": ("débit", "dépenses", "sorties"), "Spanish": ("cargo", "cargos", "gastos", "débito"), "Italian": ("addebito", "uscite", "spese"),
     "Dutch": ("uitgaven", "afschrijving"), "Swedish": ("utgifter", "uttag"), "Norwegian": ("utgifter", "uttak"), "Danish": ("udgifter", "hævning"), "Portuguese": ("débito", "despesas", "saídas"),
     "Polish": ("wydatki", "obciążenie"), "Czech": ("výdaje", "odchozí"), "Finnish": ("veloitus", "menot")},
    {"English": ("credit", "credits", "incoming", "income", "revenue", "earnings", "received"), "German": ("einnahmen", "gutschrift", "eingang"),
     "French": ("crédit", "revenus", "recettes", "entrées"), "Spanish": ("abono", "abonos", "ingresos", "crédito"),
     "Italian": ("accredito", "entrate", "ricavi"), "Dutch": ("inkomsten", "bijschrijving"), "Swedish": ("inkomster", "insättning"), "Norwegian": ("inntekter", "innskudd"), "Danish": ("indtægter", "indbetaling"),
     "Portuguese": ("crédito", "receitas", "entradas"), "Polish": ("przychody", "wpływy"), "Czech": ("příjmy", "příchozí"), "Finnish": ("hyvitys", "tulot")},
    {"English": ("home",), "German": ("hausbesuch", "zuhause"), "French": ("domicile",), "Spanish": ("domicilio",),
     "Italian": ("domicilio",), "Dutch": ("thuis", "huisbezoek"), "Swedish": ("hemma", "hembesök"), "Norwegian": ("hjemme", "hjemmebesøk"), "Danish": ("hjemme", "hjemmebesøg"),
     "Portuguese": ("domicílio",), "Polish": ("domowa", "domowy"), "Czech": ("doma", "domácí"), "Finnish": ("koti",)},
    {"English": ("run", "runs", "workout", "workouts", "training"), "German": ("lauf", "training", "trainings"),
     "French": ("course", "entraînement", "entraînements"), "Spanish": ("entreno", "entrenos", "entrenamiento", "carrera"),
     "Italian": ("allenamento", "allenamenti", "corsa"), "Dutch": ("training", "trainingen", "hardloop"), "Swedish": ("löpning", "träning"), "Norwegian": ("løping", "trening"), "Danish": ("løb", "træning"),
     "Portuguese": ("treino", "treinos", "corrida"), "Polish": ("trening", "treningi", "bieg"), "Czech": ("trénink", "tréninky", "běh"), "Finnish": ("harjoitus", "harjoitukset", "treeni")},
    {"English": ("log", "logbook", "record"), "German": ("protokoll", "tagebuch"), "French": ("journal", "registre", "suivi"),
     "Spanish": ("registro", "diario"), "Italian": ("registro", "diario"), "Dutch": ("logboek", "dagboek"), "Swedish": ("logg", "loggbok"), "Norwegian": ("logg", "loggbok"), "Danish": ("log", "logbog"),
     "Portuguese": ("registo", "registro", "diário"), "Polish": ("dziennik", "rejestr"), "Czech": ("deník", "záznam", "evidence"), "Finnish": ("loki", "päiväkirja")},
    {"English": ("premium",), "German": ("prämie", "beitrag"), "French": ("prime", "cotisation"), "Spanish": ("prima",), "Italian": ("premio",),
     "Dutch": ("premie",), "Swedish": ("premie",), "Norwegian": ("premie", "forsikringspremie"), "Danish": ("præmie",), "Portuguese": ("prémio", "prêmio"), "Polish": ("składka",), "Czech": ("pojistné",),
     "Finnish": ("vakuutusmaksu",)},
    {"English": ("mileage", "odometer"), "German": ("kilometerstand",), "French": ("kilométrage",), "Spanish": ("kilometraje",),
     "Italian": ("chilometraggio",), "Dutch": ("kilometerstand",), "Swedish": ("mätarställning",), "Norwegian": ("kilometerstand",), "Danish": ("kilometertal",), "Portuguese": ("quilometragem",),
     "Polish": ("przebieg",), "Czech": ("nájezd",), "Finnish": ("mittarilukema", "ajokilometrit")},
    {"English": ("garage",), "German": ("garage",), "French": ("garage",), "Spanish": ("garaje",), "Italian": ("garage",),
     "Dutch": ("garage",), "Swedish": ("garage",), "Norwegian": ("garasje",), "Danish": ("garage",), "Portuguese": ("garagem",), "Polish": ("garaż",), "Czech": ("garáž",), "Finnish": ("autotalli",)},
    {"English": ("secretary",), "German": ("schriftführer", "schriftführerin", "sekretär"), "French": ("secrétaire",), "Spanish": ("secretario", "secretaria"),
     "Italian": ("segretario", "segretaria"), "Dutch": ("secretaris",), "Swedish": ("sekreterare",), "Norwegian": ("sekretær", "referent"), "Danish": ("sekretær", "referent"), "Portuguese": ("secretário", "secretária"),
     "Polish": ("sekretarz",), "Czech": ("tajemník", "jednatel"), "Finnish": ("sihteeri",)},
    {"English": ("chair", "chairman", "chairwoman", "chairperson"), "German": ("vorsitzender", "vorsitzende"), "French": ("président", "présidente"),
     "Spanish": ("presidente", "presidenta"), "Italian": ("presidente",), "Dutch": ("voorzitter",), "Swedish": ("ordförande",), "Norwegian": ("leder", "styreleder"), "Danish": ("formand", "forkvinde"),
     "Portuguese": ("presidente",), "Polish": ("przewodniczący", "prezes"), "Czech": ("předseda", "předsedkyně"), "Finnish": ("puheenjohtaja",)},
    {"English": ("treasurer",), "German": ("kassenwart", "schatzmeister"), "French": ("trésorier", "trésorière"), "Spanish": ("tesorero", "tesorera"),
     "Italian": ("tesoriere",), "Dutch": ("penningmeester",), "Swedish": ("kassör",), "Norwegian": ("kasserer",), "Danish": ("kasserer",), "Portuguese": ("tesoureiro", "tesoureira"),
     "Polish": ("skarbnik",), "Czech": ("pokladník",), "Finnish": ("rahastonhoitaja",)},
    {"English": ("quote", "quotation", "estimate", "offer"), "German": ("angebot", "kostenvoranschlag"), "French": ("devis",), "Spanish": ("presupuesto",),
     "Italian": ("preventivo",), "Dutch": ("offerte",), "Swedish": ("offert",), "Norwegian": ("tilbud",), "Danish": ("tilbud",), "Portuguese": ("orçamento",), "Polish": ("oferta", "wycena"),
     "Czech": ("nabídka",), "Finnish": ("tarjous",)},
    {"English": ("ticket",), "German": ("fahrkarte", "fahrschein"), "French": ("billet",), "Spanish": ("billete",), "Italian": ("biglietto",),
     "Dutch": ("kaartje", "vervoersbewijs"), "Swedish": ("biljett",), "Norwegian": ("billett",), "Danish": ("billet",), "Portuguese": ("bilhete",), "Polish": ("bilet",), "Czech": ("jízdenka",),
     "Finnish": ("lippu",)},
    # The days of the week: a timetable, a schedule or minutes say them in their own language.
    {"English": ("monday",), "German": ("montag",), "French": ("lundi",), "Spanish": ("lunes",),
     "Italian": ("lunedì",), "Dutch": ("maandag",), "Swedish": ("måndag",), "Norwegian": ("mandag",), "Danish": ("mandag",), "Portuguese": ("segunda-feira",), "Polish": ("poniedziałek",), "Czech": ("pondělí",), "Finnish": ("maanantai",)},
    {"English": ("tuesday",), "German": ("dienstag",), "French": ("mardi",), "Spanish": ("martes",),
     "Italian": ("martedì",), "Dutch": ("dinsdag",), "Swedish": ("tisdag",), "Norwegian": ("tirsdag",), "Danish": ("tirsdag",), "Portuguese": ("terça-feira",), "Polish": ("wtorek",), "Czech": ("úterý",), "Finnish": ("tiistai",)},
    {"English": ("wednesday",), "German": ("mittwoch",), "French": ("mercredi",), "Spanish": ("miércoles",),
     "Italian": ("mercoledì",), "Dutch": ("woensdag",), "Swedish": ("onsdag",), "Norwegian": ("onsdag",), "Danish": ("onsdag",), "Portuguese": ("quarta-feira",), "Polish": ("środa",), "Czech": ("středa",), "Finnish": ("keskiviikko",)},
    {"English": ("thursday",), "German": ("donnerstag",), "French": ("jeudi",), "Spanish": ("jueves",),
     "Italian": ("giovedì",), "Dutch": ("donderdag",), "Swedish": ("torsdag",), "Norwegian": ("torsdag",), "Danish": ("torsdag",), "Portuguese": ("quinta-feira",), "Polish": ("czwartek",), "Czech": ("čtvrtek",), "Finnish": ("torstai",)},
    {"English": ("friday",), "German": ("freitag",), "French": ("vendredi",), "Spanish": ("viernes",),
     "Italian": ("venerdì",), "Dutch": ("vrijdag",), "Swedish": ("fredag",), "Norwegian": ("fredag",), "Danish": ("fredag",), "Portuguese": ("sexta-feira",), "Polish": ("piątek",), "Czech": ("pátek",), "Finnish": ("perjantai",)},
    {"English": ("saturday",), "German": ("samstag",), "French": ("samedi",), "Spanish": ("sábado",),
     "Italian": ("sabato",), "Dutch": ("zaterdag",), "Swedish": ("lördag",), "Norwegian": ("lørdag",), "Danish": ("lørdag",), "Portuguese": ("sábado",), "Polish": ("sobota",), "Czech": ("sobota",), "Finnish": ("lauantai",)},
    {"English": ("sunday",), "German": ("sonntag",), "French": ("dimanche",), "Spanish": ("domingo",),
     "Italian": ("domenica",), "Dutch": ("zondag",), "Swedish": ("söndag",), "Norwegian": ("søndag",), "Danish": ("søndag",), "Portuguese": ("domingo",), "Polish": ("niedziela",), "Czech": ("neděle",), "Finnish": ("sunnuntai",)},
]


# Languages whose short words hardly tell them apart (Norwegian and Danish share most of theirs, and many with
# Swedish): a text judged one of them may be written in another, so the words of all are searched.
KIN_LANGUAGES = ({"Swedish", "Norwegian", "Danish"},)


def with_kin(languages: set[str]) -> set[str]:
    """The languages, and those too near to them to be told apart."""
    return set(languages).union(*(group for group in KIN_LANGUAGES if group & set(languages)))


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
        for language in sorted(with_kin(languages) - {language_said}):
            for word in concept.get(language, ()):
                if term_of(word) not in question_terms:
                    found.setdefault(fold(word), source)
    return found


def synonyms(question_terms: set[str]) -> dict[str, str]:
    """The other words of a concept in the language the question says it in ("bill" for "invoice", "payable" for
    "due"), each mapped to the question's term it stands for: a document kept to says a thing in its own words
    ("balance payable" for the "rest due" asked). Words the question has are left out."""
    found: dict[str, str] = {}
    for concept in CONCEPTS:
        # The first language that says it (English before the rest, as the rows list them): "total" is French too.
        words, said = next(((words, term_of(word)) for words in concept.values() for word in words if term_of(word) in question_terms), ((), ""))
        for word in words:
            if term_of(word) not in question_terms:
                found.setdefault(fold(word), said)
    return found


# How documents label their total, in every language of the glossary, as grounding.terms writes them.
TOTAL_LABELS = {"total"} | {term_of(word) for word in translations({"total"}, {language for concept in CONCEPTS for language in concept})}

# What says a part of a total: a total before tax ("excl. btw", "ohne MwSt", "sin IVA", "bez DPH", "veroton"), a subtotal.
BEFORE_TAX = terms("subtotal base partial net sub ht netto neto excl exclusive excluding exkl ohne sin bez veroton")


def asks_before_tax(question: str) -> bool:
    """The question asks for a part of a total: "before tax", "net of VAT", "excl. VAT", "the subtotal", "veroton"."""
    return bool(terms(question) & BEFORE_TAX) or bool(re.search(r"\b(?:before|without|excluding|pre-?)\s*(?:the\s+)?(?:tax|vat|gst|mva|moms|alv)\b", question, re.I))


def says_total(line: str) -> bool:
    """A line that says a document's total: its label says total in some language, and not a part of one."""
    label = terms(re.split(r"\d", line, maxsplit=1)[0])
    return bool(label & TOTAL_LABELS) and not label & BEFORE_TAX
