"""Three folders of different shape, built deterministically from a seed, with the facts their documents hold.

- personal: a nested personal folder (~230 files): invoices as PDF/DOCX/TXT/HTML, budget tables, meeting
  notes whose topics recur with other decisions, project plans, contacts, bookings, recipes, multi-page
  manuals, real licence texts, a German lease with a non-ASCII name, long logs, photos, videos, empty files.
- downloads: a flat downloads folder with messy names (spaces, "(1)" copies, version suffixes, dates,
  non-ASCII, the same name in two folders).
- repo: a code repository (a monorepo of three packages) with configs, code, tests, docs and logs.

Every content fact names the file that holds it and the values of the same kind around it (another line
item, another invoice, another row): a right answer takes its figure from the passage about the thing asked.
Sizes and modification times are set on purpose (no two files share an mtime, no size or time sits near a
threshold the questions use), so every truth computed from the filesystem is unambiguous.
"""

from __future__ import annotations

import json
import os
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

DATA = Path(__file__).parent / "data"
# Thresholds the questions use, in bytes and days. No file's size or age is generated near one of them,
# so "over 1 MB" means the same with 1,000,000 or 1,048,576 bytes, and a minute of indexing moves no file
# across "the last 7 days".
SIZE_THRESHOLDS = (100 * 1024, 1024 * 1024, 5 * 1024 * 1024)
AGE_THRESHOLDS = (1, 7, 30)


@dataclass
class Fact:
    family: str
    slots: dict[str, str]
    answers: list[str]  # acceptable spellings of the value
    path: str  # the file that holds it, relative to the corpus root
    distractors: list[str] = field(default_factory=list)  # same-kind values elsewhere


@dataclass
class Corpus:
    name: str
    root: Path
    facts: list[Fact] = field(default_factory=list)
    kinds: dict[str, str] = field(default_factory=dict)  # path -> a singular word for what the file is
    invoices: list[tuple[str, "Invoice"]] = field(default_factory=list)  # (path, invoice): for questions over all of them


class Writer:
    """Writes files with chosen ages, keeping every mtime distinct and every size and age off the thresholds."""

    def __init__(self, root: Path, rng: random.Random):
        self.root = root
        self.rng = rng
        self.now = time.time()
        self.used_ages: set[int] = set()

    def age(self, days: float) -> float:
        for low in AGE_THRESHOLDS:
            if abs(days - low) < 0.4:
                days = low + 0.5 if days >= low else low - 0.5
        key = int(days * 1440)  # minutes
        while key in self.used_ages:
            key += 7
        self.used_ages.add(key)
        return key / 1440

    def put(self, relative: str, content: str | bytes, days: float) -> Path:
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            content = content.encode("utf-8")
        path.write_bytes(content)
        self.stamp(path, days)
        return path

    def stamp(self, path: Path, days: float) -> None:
        size = path.stat().st_size
        if any(abs(size - t) < t * 0.08 for t in SIZE_THRESHOLDS):
            raise ValueError(f"{path.name} is {size:,} bytes, too near a size the questions ask about; change its content")
        stamp = self.now - self.age(days) * 86400
        os.utime(path, (stamp, stamp))

    def blob(self, relative: str, size: int, days: float, magic: bytes = b"") -> Path:
        for threshold in SIZE_THRESHOLDS:
            if abs(size - threshold) < threshold * 0.08:
                size = int(threshold * 1.15)
        return self.put(relative, magic + self.rng.randbytes(max(size - len(magic), 0)), days)

    def pdf(self, relative: str, pages: list[str], days: float) -> Path:
        from fpdf import FPDF

        pdf = FPDF()
        pdf.set_font("Helvetica", size=11)
        for text in pages:
            pdf.add_page()
            pdf.multi_cell(0, 6, text.encode("latin-1", "replace").decode("latin-1"))
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        pdf.output(str(path))
        self.stamp(path, days)
        return path

    def docx(self, relative: str, paragraphs: list[str], days: float, table: list[list[str]] | None = None) -> Path:
        import docx

        document = docx.Document()
        for text in paragraphs:
            document.add_paragraph(text)
        if table:
            grid = document.add_table(rows=len(table), cols=len(table[0]))
            for r, row in enumerate(table):
                for c, value in enumerate(row):
                    grid.cell(r, c).text = str(value)
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        document.save(str(path))
        self.stamp(path, days)
        return path

    def xlsx(self, relative: str, sheets: dict[str, list[list]], days: float) -> Path:
        import openpyxl

        workbook = openpyxl.Workbook()
        workbook.remove(workbook.active)
        for name, rows in sheets.items():
            sheet = workbook.create_sheet(name)
            for row in rows:
                sheet.append(row)
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        workbook.save(str(path))
        self.stamp(path, days)
        return path

    def pptx(self, relative: str, slides: list[str], days: float) -> Path:
        from pptx import Presentation
        from pptx.util import Inches

        presentation = Presentation()
        for text in slides:
            slide = presentation.slides.add_slide(presentation.slide_layouts[6])
            box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(8), Inches(4))
            box.text_frame.text = text
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        presentation.save(str(path))
        self.stamp(path, days)
        return path


# ---------------------------------------------------------------------------------------------- invoices

ITEMS = [
    "Labour", "Call-out fee", "Replacement parts", "Monthly hosting", "SSD upgrade", "Backup storage",
    "Printer paper (10 reams)", "Toner cartridge", "Site visit", "Annual maintenance", "Cable installation",
    "Consulting hours", "Software licence", "Cleaning supplies", "Delivery", "Safety inspection",
]


def money(value: float) -> str:
    return f"${value:,.2f}"


def money_answers(value: float) -> list[str]:
    forms = {f"{value:,.2f}", f"{value:.2f}"}
    if value == int(value):
        forms |= {f"{int(value):,}", str(int(value))}
    return sorted(forms)


@dataclass
class Invoice:
    vendor: str
    number: str
    date: str
    items: list[tuple[str, float]]
    tax_rate: float

    @property
    def subtotal(self) -> float:
        return round(sum(a for _, a in self.items), 2)

    @property
    def tax(self) -> float:
        return round(self.subtotal * self.tax_rate, 2)

    @property
    def total(self) -> float:
        return round(self.subtotal + self.tax, 2)

    def lines(self) -> list[str]:
        lines = [f"INVOICE {self.number}", f"Vendor: {self.vendor}", f"Date: {self.date}", "Bill to: Alex Morgan, 12 Harbour Road", "", "Item | Amount"]
        lines += [f"{name} | {money(amount)}" for name, amount in self.items]
        lines += ["", f"Subtotal: {money(self.subtotal)}", f"Tax ({self.tax_rate:.0%}): {money(self.tax)}", f"Total due: {money(self.total)}", "Payment terms: 30 days from the invoice date."]
        return lines


def make_invoices(rng: random.Random, vendors: list[str], year: int, prefix: str) -> list[Invoice]:
    invoices = []
    for number, vendor in enumerate(vendors, start=1):
        # Near-duplicates: several invoices share item names, so "Labour on the X invoice" needs the right invoice.
        names = rng.sample(ITEMS, 3 if number % 3 else 4)
        items = [(name, round(rng.uniform(40, 2400), 2)) for name in names]
        month, day = rng.randint(1, 12), rng.randint(1, 28)
        invoices.append(Invoice(vendor, f"{prefix}-{year}-{number:03d}", f"{year}-{month:02d}-{day:02d}", items, rng.choice([0.08, 0.2, 0.25])))
    return invoices


def invoice_facts(invoice: Invoice, path: str, others: list[Invoice]) -> list[Fact]:
    slots = {"vendor": invoice.vendor}
    facts = [
        Fact("invoice_total", slots, money_answers(invoice.total), path,
             [money(invoice.subtotal)] + [money(o.total) for o in others if o is not invoice][:6]),
        Fact("invoice_date", slots, date_forms(invoice.date), path, [o.date for o in others if o is not invoice][:6]),
    ]
    name, amount = invoice.items[1]
    same_item = [money(a) for o in others if o is not invoice for n, a in o.items if n == name]
    facts.append(Fact("invoice_item", {**slots, "item": name}, money_answers(amount), path,
                      [money(a) for n, a in invoice.items if n != name] + same_item))
    return facts


def write_invoice(w: Writer, relative: str, invoice: Invoice, days: float) -> None:
    lines = invoice.lines()
    kind = relative.rsplit(".", 1)[-1]
    if kind == "pdf":
        # Totals on page 2 for every other invoice: the page that says the amount does not say the vendor.
        split = lines.index("") + 1 if invoice.number.endswith(("1", "3", "5", "7", "9")) else len(lines)
        pages = ["\n".join(lines[:split])] + (["\n".join(lines[split:])] if split < len(lines) else [])
        w.pdf(relative, pages, days)
    elif kind == "docx":
        w.docx(relative, lines, days)
    elif kind == "html":
        rows = "".join(f"<tr><td>{n}</td><td>{money(a)}</td></tr>" for n, a in invoice.items)
        body = (f"<h1>Invoice {invoice.number}</h1><p>Vendor: {invoice.vendor}</p><p>Date: {invoice.date}</p>"
                f"<table><tr><th>Item</th><th>Amount</th></tr>{rows}</table>"
                f"<p>Subtotal: {money(invoice.subtotal)}</p><p>Tax: {money(invoice.tax)}</p><p>Total due: {money(invoice.total)}</p>")
        w.put(relative, f"<html><head><title>Invoice</title><style>td{{padding:2px}}</style></head><body>{body}</body></html>", days)
    else:
        w.put(relative, "\n".join(lines) + "\n", days)


# ------------------------------------------------------------------------------------------- shared bits

FIRST = ["Mira", "Samir", "Priya", "Dana", "Lee", "Oskar", "Ingrid", "Tomas", "Aiko", "Rafael", "Chloe", "Jonas",
         "Fatima", "Elena", "Marco", "Nadia", "Kofi", "Linnea", "Pavel", "Grace", "Hugo", "Selin", "Arjun", "Maja"]
LAST = ["Jensen", "Haddad", "Nair", "Brooks", "Wong", "Lindqvist", "Berg", "Novak", "Tanaka", "Costa", "Martin",
        "Weber", "Rahman", "Petrova", "Rossi", "Karimi", "Mensah", "Holm", "Sokolov", "Okafor", "Blanc", "Demir", "Iyer", "Larsen"]
MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]


def people(rng: random.Random, n: int) -> list[str]:
    pairs = [(f, l) for f in FIRST for l in LAST]
    return [f"{f} {l}" for f, l in rng.sample(pairs, n)]


def date_forms(iso: str) -> list[str]:
    year, month, day = (int(p) for p in iso.split("-"))
    name = MONTH_NAMES[month - 1]
    return [iso, f"{name} {day}", f"{day} {name}", f"{name[:3]} {day}"]


RECIPES = [
    ("banana bread", 8, 175, 60), ("sourdough loaf", 10, 240, 40), ("lasagne", 6, 190, 45), ("apple pie", 8, 200, 50),
    ("shepherd's pie", 4, 200, 30), ("carrot cake", 12, 180, 35), ("roast chicken", 5, 220, 75), ("focaccia", 9, 230, 25),
    ("brownies", 16, 170, 28), ("vegetable gratin", 4, 185, 40), ("cinnamon rolls", 14, 195, 22), ("quiche lorraine", 6, 165, 38),
    ("pancakes", 3, 0, 0), ("granola", 7, 160, 33),
]


def recipe_text(dish: str, serves: int, celsius: int, minutes: int) -> str:
    title = dish[0].upper() + dish[1:]
    lines = [f"# {title}", "", f"Serves {serves}.", ""]
    if celsius:
        lines += [f"Oven: {celsius} °C ({round(celsius * 9 / 5 + 32)} °F).", f"Bake for {minutes} minutes.", ""]
    else:
        lines += ["Cook in a hot pan, 2 minutes per side.", ""]
    lines += ["## Ingredients", "- 250 g flour", "- 2 eggs", "- 100 g butter", "- a pinch of salt", "", "## Method",
              "Mix the dry ingredients, add the wet ones, and rest the dough for 10 minutes before shaping."]
    return "\n".join(lines) + "\n"


def recipe_facts(dish: str, serves: int, celsius: int, minutes: int, path: str, all_recipes) -> list[Fact]:
    facts = [Fact("quantity_in_doc", {"dish": dish}, [str(serves)], path, [str(s) for d, s, _, _ in all_recipes if d != dish][:5] + [str(minutes)])]
    if celsius:
        fahrenheit = str(round(celsius * 9 / 5 + 32))
        facts.append(Fact("recipe_temperature", {"dish": dish}, [str(celsius), fahrenheit], path,
                          [str(c) for d, _, c, _ in all_recipes if d != dish and c][:5]))
    return facts


PRODUCTS = [("the RX-200 router", "RX-200", 24, "rx200"), ("the Brewmaster 3000 coffee machine", "Brewmaster 3000", 18, "brewmaster_3000"),
            ("the AquaPure water filter", "AquaPure", 36, "aquapure"), ("the Zephyr 5 vacuum", "Zephyr 5", 12, "zephyr5"),
            ("the Lumen desk lamp", "Lumen", 60, "lumen_lamp")]
MANUAL_SECTIONS = ["Safety instructions", "What is in the box", "Installation", "First start", "Daily use", "Cleaning and care",
                   "Troubleshooting", "Technical specifications", "Warranty and service", "Disposal"]


def manual_pages(rng: random.Random, product: str, months: int) -> list[str]:
    pages = []
    for number, section in enumerate(MANUAL_SECTIONS, start=1):
        body = [f"{product} user manual - {number}. {section}"]
        for _ in range(9):
            body.append(rng.choice([
                f"Before using the {product}, read every instruction in this section and keep the manual for later.",
                f"Place the {product} on a flat, dry surface away from heat sources and direct sunlight.",
                "If the indicator light blinks red, switch the device off, wait 30 seconds and switch it on again.",
                "Use only the supplied power adapter. Other adapters may damage the device and void the warranty.",
                "Clean the outside with a soft, damp cloth. Do not use solvents or abrasive cleaners.",
                "Firmware updates are installed automatically when the device is connected and idle.",
                f"The {product} meets the requirements of the applicable EU directives.",
                "Children must not play with the device or its packaging.",
            ]))
        if section == "Warranty and service":
            body += [f"The {product} is covered by a limited warranty of {months} months from the date of purchase.",
                     "Unused products in their original packaging may be returned within 30 days.",
                     "Keep your receipt: service under warranty needs proof of purchase."]
        pages.append("\n".join(body))
    return pages


def warranty_answers(months: int) -> list[str]:
    forms = [f"{months} months", f"{months}-month", f"{months} month"]
    if months % 12 == 0:
        years = months // 12
        forms += [f"{years} year", f"{years}-year", f"{['one', 'two', 'three', 'four', 'five'][years - 1]} year"]
    return forms


def booking_code(rng: random.Random) -> str:
    letters = "ABCDEFGHJKLMNPQRSTUVWXYZ"
    while True:
        code = "".join(rng.choice(letters + "23456789") for _ in range(6))
        if any(c.isdigit() for c in code) and any(c.isalpha() for c in code):
            return code


# -------------------------------------------------------------------------------------------- personal

PERSONAL_VENDORS_2025 = ["Nimbus Cloud Hosting", "Brightline Electric", "Paper & Ink Supplies", "Harbor Plumbing", "Greenleaf Landscaping",
                         "Atlas Office Furniture", "Bluewave Internet", "Northwind Insurance", "Cedar Dental Clinic", "Summit Auto Repair",
                         "Pixel Print Studio", "Evergreen Pest Control", "Quartz Accounting", "Maple Grove Veterinary"]
PERSONAL_VENDORS_2024 = ["Ironclad Security", "Sunrise Cleaning Co", "Copperline Telecom", "Lakeside Movers", "Orchid Florists",
                         "Redwood Roofing", "Silverpine Legal", "Horizon Solar", "Tidal Water Utility", "Willow Daycare"]
DEPARTMENTS = ["Engineering", "Sales", "Marketing", "Support", "Operations", "Finance", "Legal", "HR", "Design", "Research"]
REGIONS = ["North", "South", "East", "West", "Central", "Nordics", "Benelux"]
# Each topic is decided twice, differently; each outcome with the words that tell it from the other.
TOPICS = [("the travel budget", [("frozen until July", ["July"]), ("unfrozen with a cap of 2,000 EUR per trip", ["unfrozen", "2,000", "2000"])]),
          ("the office move", [("postponed to September", ["September", "postponed"]), ("approved for Building C in October", ["Building C", "October"])]),
          ("the hiring plan", [("limited to two backend engineers", ["two backend", "2 backend"]), ("extended with a QA lead", ["QA lead"])]),
          ("the new CRM", [("rejected as too expensive", ["rejected", "too expensive"]), ("piloted by the sales team for 6 weeks", ["piloted", "6 weeks", "six weeks"])]),
          ("the quarterly offsite", [("moved to Lisbon", ["Lisbon"]), ("cancelled", ["cancelled", "canceled"])]),
          ("remote work", [("capped at 3 days per week", ["3 days", "three days"]), ("made fully flexible", ["fully flexible"])]),
          ("the coffee machine", [("replaced with a bean-to-cup model", ["bean-to-cup", "replaced"]), ("kept until it breaks", ["until it breaks"])]),
          ("the intranet", [("moved to the new wiki", ["wiki"]), ("archived in read-only mode", ["read-only", "archived"])])]
PROJECTS = ["apollo", "borealis", "cascade", "delta"]
TASKS = ["security audit", "data migration", "vendor review", "user testing", "load testing", "API documentation",
         "budget sign-off", "pilot launch", "accessibility review", "backup drill", "contract renewal", "staff training",
         "penetration test", "release notes", "supplier onboarding", "privacy assessment"]
TRIPS = [("Lisbon", "Hotel Alfama Rio"), ("Oslo", "Fjord Inn"), ("Kyoto", "Ryokan Sakura"), ("Porto", "Casa Ribeira"),
         ("Vienna", "Hotel Ringstrasse"), ("Reykjavik", "Harbour Lights Guesthouse")]


def build_personal(parent: Path, seed: int = 7) -> Corpus:
    rng = random.Random(seed)
    corpus = Corpus("personal", parent / "personal")
    w = Writer(corpus.root, rng)
    facts = corpus.facts

    # Invoices: 14 for 2025 (mixed formats), 10 for 2024.
    for year, vendors, folder in ((2025, PERSONAL_VENDORS_2025, "finance/invoices/2025"), (2024, PERSONAL_VENDORS_2024, "finance/invoices/2024")):
        invoices = make_invoices(rng, vendors, year, "INV")
        for index, invoice in enumerate(invoices):
            kind = ["pdf", "pdf", "docx", "txt", "pdf", "html"][index % 6]
            stem = invoice.vendor.lower().replace("&", "and").replace(" ", "_")
            relative = f"{folder}/invoice_{invoice.number[-3:]}_{stem}.{kind}"
            write_invoice(w, relative, invoice, rng.uniform(20, 400))
            corpus.kinds[relative] = "invoice"
            corpus.invoices.append((relative, invoice))
            facts += invoice_facts(invoice, relative, invoices)

    # Budget table with near-duplicate rows: every cell is a figure of the same kind.
    header = ["Department", "Q1 budget", "Q2 budget", "Q3 budget", "Q4 budget", "Headcount"]
    rows = [[d] + [rng.randrange(40, 900) * 1000 for _ in range(4)] + [rng.randint(3, 60)] for d in DEPARTMENTS]
    w.xlsx("finance/budgets/budget_2025.xlsx", {"Departments": [header] + rows}, 33)
    corpus.kinds["finance/budgets/budget_2025.xlsx"] = "spreadsheet"
    for row in rows[:8]:
        for column in (1, 2, 4):
            value = row[column]
            neighbours = [str(r[column]) for r in rows if r is not row][:4] + [str(v) for v in row[1:5] if v != value]
            facts.append(Fact("table_cell", {"row": row[0].lower(), "column": header[column]}, [f"{value:,}", str(value)],
                              "finance/budgets/budget_2025.xlsx", neighbours))
    targets = [["Region", "Q1 target", "Q2 target", "Q3 target", "Q4 target"]] + [[r] + [rng.randrange(100, 2000) * 1000 for _ in range(4)] for r in REGIONS]
    w.put("finance/budgets/sales_targets_2025.csv", "\n".join(",".join(str(v) for v in r) for r in targets) + "\n", 41)
    for row in targets[1:6]:
        facts.append(Fact("table_cell", {"row": row[0], "column": "Q3 target"}, [f"{row[3]:,}", str(row[3])],
                          "finance/budgets/sales_targets_2025.csv", [str(r[3]) for r in targets[1:] if r is not row] + [str(row[2]), str(row[4])]))
    # A long table: many rows of the same kind of figure.
    shops = ["Bakery Lund", "Hardware Hut", "City Pharmacy", "Green Grocer", "Book Nook", "Fuel Stop", "Cinema 5", "Corner Cafe"]
    lines = ["date,shop,category,amount"]
    for day in range(900):
        lines.append(f"2025-{1 + day % 12:02d}-{1 + day % 28:02d},{rng.choice(shops)},{rng.choice(['food', 'home', 'health', 'leisure', 'transport'])},{rng.uniform(2, 180):.2f}")
    w.put("finance/transactions_2025.csv", "\n".join(lines) + "\n", 3.5)
    w.pdf("finance/tax/tax_return_2024.pdf", [
        "Tax return 2024 - summary\nTaxpayer: Alex Morgan\nTax year: 2024\nFiling status: single",
        "Income\nSalary: 64,200.00\nInterest: 312.40\nTotal income: 64,512.40",
        "Deductions\nHome office: 1,200.00\nCharitable gifts: 450.00\nTotal deductions: 1,650.00",
        "Result\nTaxable income: 62,862.40\nTax withheld: 15,900.00\nRefund due: 684.20"], 160)
    w.put("finance/tax/receipts_checklist.md", "# Receipts to keep\n\n- medical bills\n- donations\n- home office equipment\n", 150)

    # Meeting notes: each topic is decided twice, differently, in two meetings.
    meeting_dates = ["2025-01-14", "2025-02-11", "2025-03-04", "2025-04-08", "2025-05-13", "2025-06-10", "2025-09-02", "2025-10-07"]
    decisions: dict[str, list[tuple[str, str, str]]] = {d: [] for d in meeting_dates}
    for index, (topic, outcomes) in enumerate(TOPICS):
        first, second = meeting_dates[index % 8], meeting_dates[(index + 3) % 8]
        decisions[first].append((topic, outcomes[0], outcomes[1]))
        decisions[second].append((topic, outcomes[1], outcomes[0]))
    for number, iso in enumerate(meeting_dates):
        attendees = ", ".join(people(rng, 4))
        body = [f"# Team meeting, {iso}", "", f"Attendees: {attendees}.", "", "## Decisions", ""]
        for topic, outcome, _ in decisions[iso]:
            body.append(f"- {topic[0].upper() + topic[1:]}: {outcome[0]}.")
        body += ["", "## Notes", "", "Everyone agreed to send updates by Friday. The next meeting is in four weeks."]
        relative = f"notes/meetings/{iso}_team_meeting.md"
        w.put(relative, "\n".join(body) + "\n", 30 + (len(meeting_dates) - number) * 17)
        corpus.kinds[relative] = "meeting note"
        year, month, day = (int(p) for p in iso.split("-"))
        refs = [f"the {MONTH_NAMES[month - 1]} {day} meeting", f"the meeting on {iso}", f"the {day} {MONTH_NAMES[month - 1]} meeting"]
        for topic, outcome, other in decisions[iso]:
            facts.append(Fact("meeting_decision", {"meeting": refs[number % 3], "topic": topic}, [outcome[0]] + outcome[1], relative, other[1]))

    # Project plans: a table of tasks, owners and due dates in each.
    task_pool = list(TASKS)
    rng.shuffle(task_pool)
    for index, project in enumerate(PROJECTS):
        tasks = task_pool[index * 4 : index * 4 + 4]
        owners = people(rng, 4)
        dues = [f"2025-{rng.randint(2, 12):02d}-{rng.randint(1, 28):02d}" for _ in tasks]
        table = [["Task", "Owner", "Due"]] + [[t[0].upper() + t[1:], o, d] for t, o, d in zip(tasks, owners, dues)]
        relative = f"work/projects/{project}/{project}_plan.docx"
        w.docx(relative, [f"Project {project.title()} plan", "Scope: deliver the first release to the pilot customers.", "Tasks:"], rng.uniform(8, 90), table)
        corpus.kinds[relative] = "plan"
        for t, o, d in zip(tasks, owners, dues):
            facts.append(Fact("task_owner", {"task": f"the {t}"}, [o, o.split()[1]], relative, [x for x in owners if x != o]))
            facts.append(Fact("task_due", {"task": f"the {t}"}, date_forms(d), relative, [x for x in dues if x != d]))
        w.pptx(f"work/projects/{project}/{project}_kickoff.pptx", [f"Project {project.title()} kickoff", f"Sponsor: {owners[0]}", "Timeline: four phases"], rng.uniform(60, 200))
        w.put(f"work/projects/{project}/notes.md", f"# {project.title()} notes\n\nOpen questions about scope and staffing.\n", rng.uniform(2, 40))

    # Contacts: one table of many people.
    names = people(rng, 40)
    lines = ["Name,Phone,Email,City"]
    phones = {}
    for name in names:
        phone = f"+46 70 {rng.randint(100, 999)} {rng.randint(10, 99)} {rng.randint(10, 99)}"
        phones[name] = phone
        lines.append(f"{name},{phone},{name.lower().replace(' ', '.')}@example.org,{rng.choice(['Malmo', 'Lund', 'Oslo', 'Aarhus'])}")
    w.put("contacts/contacts.csv", "\n".join(lines) + "\n", 12.5)
    for name in names[:14]:
        phone = phones[name]
        facts.append(Fact("contact_phone", {"person": name}, [phone, phone.replace(" ", "")], "contacts/contacts.csv",
                          [p for n, p in phones.items() if n != name][:5]))

    # Travel bookings: a code per trip, other codes and flight numbers around it.
    codes = {city: booking_code(rng) for city, _ in TRIPS}
    for index, (city, hotel) in enumerate(TRIPS):
        flight = f"SK {rng.randint(1000, 2999)}"
        text = (f"<html><body><h2>Booking confirmation</h2><p>{hotel}, {city}.</p><p>Check-in: 2025-{index + 4:02d}-12. Nights: {index + 2}.</p>"
                f"<p>Booking reference: {codes[city]}</p><p>Outbound flight {flight}, seat {rng.randint(3, 30)}C.</p></body></html>")
        kind = "html" if index % 2 else "pdf"
        relative = f"travel/{city.lower()}_booking.{kind}"
        if kind == "pdf":
            w.pdf(relative, [f"Booking confirmation\n{hotel}, {city}\nCheck-in: 2025-{index + 4:02d}-12\nBooking reference: {codes[city]}\nOutbound flight {flight}"], rng.uniform(15, 120))
        else:
            w.put(relative, text, rng.uniform(15, 120))
        corpus.kinds[relative] = "booking"
        facts.append(Fact("booking_reference", {"city": city}, [codes[city]], relative, [c for k, c in codes.items() if k != city]))
        facts.append(Fact("booking_checkin", {"city": city}, date_forms(f"2025-{index + 4:02d}-12"), relative, []))
    w.put("travel/packing_list.txt", "passport\ncharger\nrain jacket\nwalking shoes\n", 4.5)

    # Recipes: servings and temperatures of the same kind in every file.
    for dish, serves, celsius, minutes in RECIPES[:12]:
        relative = f"recipes/{dish.replace(' ', '_').replace(chr(39), '')}.md"
        w.put(relative, recipe_text(dish, serves, celsius, minutes), rng.uniform(5, 300))
        corpus.kinds[relative] = "recipe"
        facts += recipe_facts(dish, serves, celsius, minutes, relative, RECIPES)

    # Multi-page manuals with the warranty on a late page, and real licence texts.
    for product, short, months, stem in PRODUCTS[:4]:
        relative = f"manuals/{stem}_manual.pdf"
        w.pdf(relative, manual_pages(rng, short, months), rng.uniform(100, 500))
        corpus.kinds[relative] = "manual"
        facts.append(Fact("manual_warranty", {"product": product}, warranty_answers(months), relative,
                          [f"{m} months" for _, _, m, _ in PRODUCTS if m != months] + ["30 days"]))
    for name in ("GPL-3.0", "Apache-2.0", "MPL-2.0"):
        w.put(f"docs/licences/{name}.txt", (DATA / f"{name}.txt").read_text(encoding="utf-8"), rng.uniform(200, 700))

    # The German lease (non-ASCII name) and a French note.
    lease = "home/Mietvertrag_Wohnung_Müllerstraße.docx"
    w.docx(lease, ["Mietvertrag über Wohnraum", "Vermieterin: Gertrud Vogel, Müllerstraße 14, 10115 Berlin",
                   "Mieter: Alex Morgan", "§ 3 Miete: Die monatliche Kaltmiete beträgt 1.150,00 EUR.",
                   "Die Vorauszahlung auf die Betriebskosten beträgt 220,00 EUR monatlich.",
                   "§ 5 Kaution: Der Mieter leistet eine Mietsicherheit (Kaution) in Höhe von 3.450,00 EUR.",
                   "§ 7 Kündigung: Die Kündigungsfrist beträgt drei Monate.",
                   "Haustiere: Kleintiere sind erlaubt; Hunde und Katzen nur mit schriftlicher Zustimmung."], 210)
    corpus.kinds[lease] = "lease"
    facts.append(Fact("lease_rent_de", {}, ["1.150", "1150", "1,150"], lease, ["220", "3.450", "3450"]))
    facts.append(Fact("lease_deposit_en", {}, ["3.450", "3450", "3,450"], lease, ["1.150", "1150", "220"]))
    w.put("notes/réunion_copropriété.md", "# Réunion de copropriété\n\nLe ravalement de la façade est prévu pour mai 2026.\nBudget voté : 48 000 EUR.\n", 75)

    # Everyday notes, health, car, school.
    w.put("notes/todo.txt", "- renew passport before 2025-08-15\n- call the landlord about the boiler\n- book the car service\n", 0.4)
    w.put("notes/ideas.md", "# Ideas\n\nA garden shed with solar panels.\nLearn to bake sourdough bread.\n", 9.5)
    w.put("notes/shopping_list.txt", "oat milk\ncoffee beans\nbatteries (AA)\n", 1.6)
    w.put("notes/books_to_read.md", "# Books\n\n- The Left Hand of Darkness\n- Piranesi\n- The Overstory\n", 55)
    w.put("notes/untitled.txt", "", 6.2)
    moods = ["calm", "busy", "tired", "cheerful", "restless"]
    for day in range(40):
        iso = f"2025-{1 + day // 4:02d}-{1 + (day * 7) % 28:02d}"
        w.put(f"notes/journal/{iso}_{day:02d}.md", f"# Journal {iso}\n\nFelt {rng.choice(moods)} today. Walked {rng.randint(2, 14)} km and read for an hour.\n", 40 + day * 6.3)
    w.put("notes/gift_ideas.md", "# Gift ideas\n\n- Dana: a pottery class\n- Lee: hiking poles\n", 18)
    w.put("health/vaccinations.md", "# Vaccinations\n\nTetanus booster: 2023-06-10. Next booster due in 2033.\nFlu shot: every October.\n", 150)
    w.put("health/insurance_card.txt", "Health insurer: Northstar Health\nMember number: NSH-448210-7\n", 240)
    w.pdf("health/lab_results_2025.pdf", ["Lab results 2025-02-18\nCholesterol (total): 4.9 mmol/L\nVitamin D: 68 nmol/L\nAll values within the reference range."], 270)
    w.put("car/service_log.csv", "date,mileage_km,work\n2024-11-02,48210,oil change\n2025-05-20,55870,brake pads replaced\n2025-10-01,61240,winter tyres fitted\n", 8.4)
    w.put("car/insurance_policy.txt", "Car insurance policy\nPolicy number: CAR-2025-77812\nInsurer: Northwind Insurance\nRenewal date: 2026-03-01\n", 95)
    w.put("school/term_dates_2025.md", "# Term dates\n\nAutumn term: 2025-08-18 to 2025-12-19\nSpring term: 2026-01-07 to 2026-06-12\n", 130)
    w.put("school/lunch_menu.html", "<html><body><h1>Lunch menu</h1><p>Monday: lentil soup</p><p>Tuesday: fish pie</p></body></html>", 11.3)
    w.docx("school/permission_slip.docx", ["Permission slip", "Trip to the science museum on 2025-11-28.", "Cost: 12 EUR."], 26)
    w.put("work/draft.md", "", 2.2)
    w.put("work/status_report.md", "# Status, week 46\n\n- Apollo: on track\n- Borealis: waiting for the vendor review\n- Cascade: two risks open\n", 0.7)
    w.docx("work/employment_contract.docx", ["Employment contract", "Employee: Alex Morgan", "Position: Operations analyst",
                                             "Annual leave: 27 working days per calendar year.", "Notice period: two months."], 380)
    w.put("work/timesheet_october.csv", "date,hours,project\n" + "".join(f"2025-10-{d:02d},{rng.choice([6, 7, 8])},{rng.choice(PROJECTS)}\n" for d in range(1, 29)), 24)
    w.put("work/config_export.json", json.dumps({"theme": "dark", "language": "en-GB", "autosave_minutes": 5, "plugins": ["spell", "sync"]}, indent=2), 14)
    w.put("scratch.txt", "", 3.1)
    w.put("README.md", "# My documents\n\nPersonal files: finance, notes, work, travel, recipes, manuals.\n", 44)

    # Code and logs: a long log of many similar lines.
    w.put("code/backup.py", "import shutil\n\n\ndef backup(source, target):\n    \"\"\"Copy source to target.\"\"\"\n    shutil.copytree(source, target, dirs_exist_ok=True)\n", 16)
    w.put("code/rename_photos.py", "from pathlib import Path\n\nfor n, p in enumerate(sorted(Path('.').glob('*.jpg'))):\n    p.rename(f'photo_{n:04d}.jpg')\n", 21)
    w.put("code/budget_report.py", "import csv\n\nwith open('budget_2025.csv') as f:\n    print(sum(float(r['amount']) for r in csv.DictReader(f)))\n", 27)
    log = [f"2025-11-{1 + i // 120:02d} {i % 24:02d}:{i % 60:02d}:{(i * 7) % 60:02d} {rng.choice(['INFO', 'INFO', 'INFO', 'WARN', 'ERROR'])} "
           f"{rng.choice(['sync', 'backup', 'indexer', 'mailer'])}: {rng.choice(['job finished', 'retrying connection', 'queue length 14', 'disk usage 71%', 'token refreshed'])}"
           for i in range(1800)]
    w.put("logs/app.log", "\n".join(log) + "\n", 0.2)
    w.put("logs/backup.log", "\n".join(f"2025-10-{d:02d} 02:00 backup completed, {rng.randint(900, 1400)} files" for d in range(1, 31)) + "\n", 5.3)

    # Photos and videos: sizes spread from tens of KB to tens of MB, some over each size threshold.
    for index in range(60):
        year = 2024 if index < 28 else 2025
        size = int(rng.choice([rng.uniform(40e3, 90e3), rng.uniform(150e3, 900e3), rng.uniform(1.3e6, 4.6e6), rng.uniform(5.8e6, 7.5e6)]))
        ext, magic = ("jpg", b"\xff\xd8\xff\xe0") if index % 4 else ("png", b"\x89PNG\r\n\x1a\n")
        w.blob(f"photos/{year}/IMG_{1000 + index * 37}.{ext}", size, rng.uniform(30, 700), magic)
    w.blob("videos/birthday_2024.mp4", 24_000_000, 360, b"\x00\x00\x00\x18ftypmp42")
    w.blob("videos/holiday_lisbon.mp4", 13_500_000, 150, b"\x00\x00\x00\x18ftypmp42")
    w.blob("backups/documents_2025-06.zip", 8_400_000, 170, b"PK\x03\x04")
    return corpus


# ------------------------------------------------------------------------------------------- downloads

DOWNLOAD_VENDORS = ["Fjordline Ferries", "Kestrel Web Design", "Mosaic Tiles Ltd", "Brightpath Tutoring", "Glacier Storage"]


def build_downloads(parent: Path, seed: int = 11) -> Corpus:
    rng = random.Random(seed)
    corpus = Corpus("downloads", parent / "downloads")
    w = Writer(corpus.root, rng)
    facts = corpus.facts

    invoices = make_invoices(rng, DOWNLOAD_VENDORS, 2025, "DL")
    names = ["Invoice (1).pdf", "Invoice_Kestrel 2025-03.docx", "invoice-final-v2.pdf", "Invoice (2).pdf", "glacier storage invoice.txt"]
    for invoice, name in zip(invoices, names):
        write_invoice(w, name, invoice, rng.uniform(3, 200))
        corpus.kinds[name] = "invoice"
        corpus.invoices.append((name, invoice))
        facts += invoice_facts(invoice, name, invoices)
    # The same name in another folder, with other content: an older copy.
    old = make_invoices(random.Random(seed + 1), ["Fjordline Ferries"], 2023, "OLD")[0]
    write_invoice(w, "old/Invoice (1).pdf", old, 420)
    corpus.invoices.append(("old/Invoice (1).pdf", old))

    for index in range(24):
        w.blob(f"IMG_{2030 + index}.JPG", int(rng.uniform(0.2e6, 4.2e6)), rng.uniform(1.5, 400), b"\xff\xd8\xff\xe0")
    for index in range(6):
        stamp = f"2025-0{index + 3}-1{index} at 10.2{index}.3{index}"
        w.blob(f"Screenshot {stamp}.png", int(rng.uniform(90e3, 700e3)), rng.uniform(10, 250), b"\x89PNG\r\n\x1a\n")
    w.blob("archive 2023/IMG_2034.JPG", 1_900_000, 800, b"\xff\xd8\xff\xe0")
    w.blob("archive 2023/holiday video.mp4", 31_000_000, 760, b"\x00\x00\x00\x18ftypmp42")
    w.blob("setup-v1.2.3.zip", 17_300_000, 48, b"PK\x03\x04")
    w.blob("setup-v1.2.4.zip", 17_900_000, 9.4, b"PK\x03\x04")
    w.blob("fonts (2).zip", 640_000, 70, b"PK\x03\x04")
    w.docx("Résumé – Alex Morgan 2024.docx", ["Alex Morgan", "Operations analyst", "Experience: 6 years in logistics and finance operations."], 300)
    w.docx("report_final_FINAL_v3.docx", ["Quarterly report", "Revenue grew 12% on the previous quarter.", "Churn fell to 3.1%."], 35)
    w.docx("report_final_v2.docx", ["Quarterly report (draft)", "Revenue grew 11% on the previous quarter."], 38)
    w.pdf("Übersicht Nebenkosten 2024.pdf", ["Nebenkostenabrechnung 2024\nHeizung: 1.120,40 EUR\nWasser: 310,75 EUR\nMüllabfuhr: 96,00 EUR\nSumme: 1.527,15 EUR"], 90)
    w.put("東京 旅行 メモ.txt", "東京旅行メモ\n1日目: 浅草寺\n2日目: 築地場外市場\nホテル: 新宿ワシントンホテル\n", 140)
    w.put("café-menu.html", "<html><body><h1>Café Lumière</h1><p>Espresso 2.80</p><p>Croissant 3.20</p></body></html>", 60)
    w.put("New Text Document.txt", "", 4.3)
    w.put("untitled (1).md", "", 12.2)
    w.put("notes from call.txt", "Call with the bank on Tuesday: mortgage offer valid until 2025-12-31.\n", 0.6)
    table = [["Product", "Units sold", "Revenue", "Returns"]] + [[p, rng.randint(20, 900), rng.randrange(2, 90) * 1000, rng.randint(0, 40)] for p in ["Lamp", "Desk", "Chair", "Shelf", "Rug", "Mirror"]]
    w.put("export (3).csv", "\n".join(",".join(str(v) for v in r) for r in table) + "\n", 2.7)
    for row in table[1:5]:
        facts.append(Fact("table_cell", {"row": row[0].lower(), "column": "Revenue"}, [f"{row[2]:,}", str(row[2])], "export (3).csv",
                          [str(r[2]) for r in table[1:] if r is not row] + [str(row[1])]))
    w.xlsx("budget 2025 (copy).xlsx", {"Sheet1": [["Item", "Amount"], ["Rent", 13800], ["Food", 5200], ["Transport", 1900]]}, 64)
    recipes = [("apple crumble", 6, 180, 35), ("dutch baby pancake", 2, 220, 18), ("lemon drizzle cake", 10, 170, 45)]
    for (dish, serves, celsius, minutes), name in zip(recipes, ["grandmas apple crumble recipe.txt", "Dutch Baby!!.md", "lemon drizzle (1).txt"]):
        w.put(name, recipe_text(dish, serves, celsius, minutes), rng.uniform(5, 300))
        corpus.kinds[name] = "recipe"
        facts += recipe_facts(dish, serves, celsius, minutes, name, recipes)
    codes = {"Vienna": booking_code(rng), "Bergen": booking_code(rng)}
    w.pdf("Booking Confirmation - Vienna.pdf", [f"Booking confirmation\nHotel Ringstrasse, Vienna\nCheck-in: 2025-12-05\nConfirmation code: {codes['Vienna']}"], 20)
    w.pdf("e-ticket_BGO_2025-05-02.pdf", [f"E-ticket\nOslo to Bergen, 2025-05-02\nBooking reference: {codes['Bergen']}\nTrain 603, coach 4"], 150)
    facts.append(Fact("booking_reference", {"city": "Vienna"}, [codes["Vienna"]], "Booking Confirmation - Vienna.pdf", [codes["Bergen"]]))
    facts.append(Fact("booking_reference", {"city": "Bergen"}, [codes["Bergen"]], "e-ticket_BGO_2025-05-02.pdf", [codes["Vienna"]]))
    product, short, months, _ = PRODUCTS[4]
    w.pdf("Manual_Lumen-Lamp_EN.pdf", manual_pages(rng, short, months), 230)
    corpus.kinds["Manual_Lumen-Lamp_EN.pdf"] = "manual"
    facts.append(Fact("manual_warranty", {"product": product}, warranty_answers(months), "Manual_Lumen-Lamp_EN.pdf", ["30 days"]))
    w.put("Misc/wifi password.txt", "Network: Morgan-Home\nPassword: see the router sticker\n", 400)
    w.put("Misc/packing list (old).txt", "tent\nsleeping bag\nstove\n", 500)
    w.put("Misc/links.md", "# Links\n\n- https://example.org/tax\n- https://example.org/recipes\n", 19)
    w.put("Misc/todo 2024.txt", "- sell the old bike\n- fix the fence\n", 330)
    w.put("data-export-2025-11-20.json", json.dumps({"exported": "2025-11-20", "records": 418, "format": "v2"}), 2.9)
    w.put("install_log.log", "\n".join(f"step {i}: ok" for i in range(1, 300)) + "\n", 9.7)
    w.pptx("Team Offsite 2025.pptx", ["Team offsite 2025", "Venue: Lakeside Lodge", "Agenda: planning, hiking, dinner"], 80)
    return corpus


# ------------------------------------------------------------------------------------------------ repo

SERVICES = [("billing", 8081, 30, 5), ("auth-gateway", 9443, 10, 3), ("search", 7700, 15, 4), ("notifications", 8025, 45, 8), ("reports", 8090, 120, 2)]
FUNCTIONS = {
    "src/tidewater/core/settings.py": [("api_version", '"v3"'), ("default_region", '"eu-north-1"'), ("max_upload_mb", "250")],
    "src/tidewater/core/http.py": [("healthcheck_path", '"/healthz"'), ("backoff_seconds", "12"), ("user_agent", '"tidewater-client/2"')],
    "src/tidewater/billing/money.py": [("currency_code", '"SEK"'), ("rounding_places", "4"), ("vat_rate", "0.25")],
    "src/tidewater/cli/main.py": [("default_command", '"status"'), ("exit_code_on_error", "3"), ("history_limit", "500")],
}
PACKAGES = [("tidewater-core", "2.4.1"), ("tidewater-cli", "1.9.0"), ("tidewater-web", "0.12.3")]
MIT = """MIT License

Copyright (c) 2025 The Tidewater authors

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated
documentation files (the "Software"), to deal in the Software without restriction, including without limitation
the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to
permit persons to whom the Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial portions of
the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE
WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.
"""


def build_repo(parent: Path, seed: int = 13) -> Corpus:
    rng = random.Random(seed)
    corpus = Corpus("repo", parent / "repo")
    w = Writer(corpus.root, rng)
    facts = corpus.facts

    w.put("README.md", "# Tidewater\n\nTide tables and billing for harbour operators.\n\n## Packages\n\n- tidewater-core\n- tidewater-cli\n- tidewater-web\n\nRun `make test` to test everything.\n", 3.3)
    w.put("LICENSE", MIT, 600)
    w.put("CHANGELOG.md", "# Changelog\n\n## 2.4.1\n- Fix rounding of VAT.\n\n## 2.4.0\n- New search service.\n\n## 2.3.0\n- Reports export to CSV.\n", 3.6)
    w.put("Makefile", "test:\n\tpytest -q\n\nlint:\n\truff check .\n", 90)
    w.put("Dockerfile", "FROM python:3.11-slim\nCOPY . /app\nRUN pip install /app/packages/tidewater-core\nCMD [\"tidewater\", \"status\"]\n", 70)
    for name, version in PACKAGES:
        if name.endswith("web"):
            content = json.dumps({"name": name, "version": version, "private": True, "scripts": {"build": "vite build"}}, indent=2) + "\n"
            relative = f"packages/{name}/package.json"
        else:
            content = f'[project]\nname = "{name}"\nversion = "{version}"\nrequires-python = ">=3.11"\n'
            relative = f"packages/{name}/pyproject.toml"
        w.put(relative, content, rng.uniform(5, 60))
        w.put(f"packages/{name}/README.md", f"# {name}\n\nPart of the Tidewater monorepo.\n", rng.uniform(30, 200))
        facts.append(Fact("package_version", {"package": name}, [version], relative, [v for n, v in PACKAGES if n != name]))

    lines = ["services:"]
    for name, port, timeout, retries in SERVICES:
        lines += [f"  {name}:", f"    port: {port}", f"    timeout_seconds: {timeout}", f"    max_retries: {retries}", f"    log_level: {rng.choice(['info', 'debug', 'warning'])}"]
    w.put("config/services.yaml", "\n".join(lines) + "\n", 6.5)
    for name, port, timeout, retries in SERVICES:
        others = [s for s in SERVICES if s[0] != name]
        facts.append(Fact("config_value", {"setting": "port", "service": name}, [str(port)], "config/services.yaml", [str(o[1]) for o in others] + [str(timeout)]))
        facts.append(Fact("config_value", {"setting": "timeout", "service": name}, [str(timeout)], "config/services.yaml", [str(o[2]) for o in others] + [str(retries)]))
        facts.append(Fact("config_value", {"setting": "maximum retries", "service": name}, [str(retries)], "config/services.yaml", [str(o[3]) for o in others] + [str(timeout)]))
    w.put("config/logging.json", json.dumps({"version": 1, "root": {"level": "INFO"}, "handlers": ["console", "file"]}, indent=2), 40)
    w.put("config/.env.example", "DATABASE_URL=postgres://localhost/tidewater\n", 40)

    all_values = [v for functions in FUNCTIONS.values() for _, v in functions]
    for relative, functions in FUNCTIONS.items():
        body = ['"""Part of tidewater."""', ""]
        for name, value in functions:
            body += ["", f"def {name}():", f'    """The {name.replace("_", " ")} the service uses."""', f"    return {value}", ""]
        w.put(relative, "\n".join(body), rng.uniform(1.5, 80))
        for name, value in functions:
            facts.append(Fact("function_return", {"function": name}, [value.strip('"')], relative, [v.strip('"') for v in all_values if v != value][:6]))
        w.put(relative.rsplit("/", 1)[0] + "/__init__.py", "", rng.uniform(100, 300))
    for module in ("settings", "http", "money", "main"):
        w.put(f"tests/test_{module}.py", f"from tidewater import {module}\n\n\ndef test_{module}_loads():\n    assert {module}\n", rng.uniform(2, 80))
    w.put("tests/conftest.py", "import pytest\n", 200)
    w.put("tests/fixtures/empty.json", "", 150)
    w.put("tests/fixtures/tides_sample.csv", "time,height_m\n" + "".join(f"2025-06-01T{h:02d}:00,{rng.uniform(0.2, 2.8):.2f}\n" for h in range(24)), 150)
    for page in ("architecture", "deployment", "billing", "search", "faq"):
        w.put(f"docs/{page}.md", f"# {page.title()}\n\n" + f"This page describes {page} for Tidewater.\n" * 12, rng.uniform(10, 200))
    w.put("docs/images/diagram.png", b"\x89PNG\r\n\x1a\n" + rng.randbytes(240_000), 180)
    w.put("docs/images/logo.svg", '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>', 400)
    w.put("scripts/deploy.sh", "#!/bin/sh\nset -e\nmake test\nrsync -a . deploy@harbour:/srv/tidewater\n", 25)
    w.put("scripts/seed_db.py", "print('seeding')\n", 45)
    w.put("scripts/release.sh", "#!/bin/sh\ngit tag v$1\n", 3.8)
    w.put("data/ports.csv", "port,country,berths\nRotterdam,NL,312\nHamburg,DE,280\nGothenburg,SE,140\n", 110)
    w.put("data/empty_placeholder.txt", "", 220)
    log = [f"2025-11-{1 + i // 200:02d}T{i % 24:02d}:{i % 60:02d}:00 {rng.choice(['INFO', 'WARN', 'ERROR', 'INFO'])} {rng.choice([s[0] for s in SERVICES])} request took {rng.randint(3, 900)} ms"
           for i in range(2400)]
    w.put("logs/server.log", "\n".join(log) + "\n", 0.3)
    w.put("logs/build.log", "\n".join(f"[{i:03d}] compiling module {i}" for i in range(400)) + "\n", 2.4)
    w.blob("dist/tidewater_core-2.4.1-py3-none-any.whl", 180_000, 3.4, b"PK\x03\x04")
    w.blob("dist/tidewater-web-0.12.3.tgz", 2_300_000, 3.45, b"\x1f\x8b")
    return corpus


BUILDERS = {"personal": build_personal, "downloads": build_downloads, "repo": build_repo}


def build_all(parent: Path) -> dict[str, Corpus]:
    return {name: build(parent) for name, build in BUILDERS.items()}
