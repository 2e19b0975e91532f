"""A mixed personal-documents folder with known contents, built fresh for benchmarks and tests."""

from __future__ import annotations

import os
import time
from pathlib import Path

TEXT_FILES: dict[str, tuple[str, float]] = {
    # path: (content, days since last modification)
    "finance/budget_q1.csv": (
        "department,q1_revenue_target,q1_budget\nengineering,1250000,800000\nsales,2400000,450000\nmarketing,300000,275000\n",
        40,
    ),
    "finance/2025/invoice_001.txt": ("INVOICE 001\nVendor: Nimbus Cloud Hosting\nDate: 2025-02-03\nTotal due: $4,320.00\n", 90),
    "finance/2025/invoice_002.txt": ("INVOICE 002\nVendor: Paper & Ink Supplies\nDate: 2025-03-11\nTotal due: $212.40\n", 60),
    "finance/2025/receipts.csv": ("date,shop,amount\n2025-01-02,Bakery Lund,12.50\n2025-01-09,Hardware Hut,87.10\n", 55),
    "notes/meeting_2025-03-01.md": (
        "# Budget review meeting, 2025-03-01\n\nAttendees: Dana, Lee, Priya.\n\n"
        "Decision: the travel budget is frozen until July.\n"
        "Decision: Priya owns the database migration to Postgres 16, due 2025-05-30.\n",
        20,
    ),
    "notes/todo.txt": ("- renew passport before 2025-08-15\n- call the landlord about the boiler\n", 2),
    "notes/ideas.md": ("# Ideas\n\nA garden shed with solar panels.\nLearn to bake sourdough bread.\n", 10),
    "home/lease.md": (
        "# Apartment lease\n\nTenant: Alex Morgan. Monthly rent: 1,450 EUR, due on the 1st.\n\n"
        "Pets: one cat or one small dog is allowed with a deposit of 300 EUR. No other animals.\n"
        "Notice period: three months.\n",
        120,
    ),
    "code/main.py": ("from util import greet\n\nif __name__ == '__main__':\n    print(greet('world'))\n", 5),
    "code/util.py": ('def greet(name):\n    """Return a friendly greeting for name."""\n    return f"Hello, {name}!"\n', 7),
    "code/config.json": ('{"service": "billing", "port": 8080, "retries": 3}\n', 7),
    "web/about.html": ("<html><head><title>About</title><script>var x=1;</script></head><body><h1>About us</h1><p>We repair bicycles in Malmo since 1998.</p></body></html>", 30),
    "README.md": ("# My documents\n\nPersonal files: finance, notes, home, code.\n", 1),
    "health/vaccinations.md": ("# Vaccinations\n\nTetanus booster: 2023-06-10. Next tetanus booster due in 2033.\nFlu shot: every October.\n", 150),
    "recipes/sourdough.txt": ("Sourdough loaf\nStarter ratio 1:5:5, feed twice a day.\nBake at 240 C for 40 minutes with steam for the first 15 minutes.\n", 45),
    "travel/flight_booking.html": (
        "<html><body><h2>Your booking</h2><p>Flight SK 1417 from Copenhagen to Stockholm on 2025-07-03.</p>"
        "<p>Booking reference: QX7P2L. Seat 14C.</p><style>p{color:red}</style></body></html>",
        25,
    ),
    "car/service_log.csv": ("date,mileage_km,work\n2024-11-02,48210,oil change\n2025-05-20,55870,brake pads replaced\n", 8),
}

# Office documents and PDFs, written by the same libraries people's tools use.
PDF_PAGES = {
    "finance/invoices/invoice_2025_017.pdf": [
        "Invoice 2025-017. Vendor: Brightline Electric. Date: 2025-04-22. Work: rewiring the kitchen.",
        "Total due: $1,980.00. Payment terms: 30 days from the invoice date.",
    ],
}
DOCX_PARAGRAPHS = {
    "work/q1_plan.docx": [
        "Q1 plan",
        "Goal: launch the mobile app beta by March 14.",
        "Owner: Samir Haddad.",
        "Risks: hiring delays in the QA team.",
    ],
}
XLSX_SHEETS = {
    "finance/expenses_2025.xlsx": {
        "Travel": [["month", "destination", "cost_eur"], ["January", "Oslo", 640], ["February", "Berlin", 420], ["March", "Lisbon", 515]],
    },
}
PPTX_SLIDES = {
    "work/kickoff.pptx": ["Project Falcon kickoff", "Budget: 75,000 EUR. Deadline: 2025-09-30.", "Team lead: Mira Jensen"],
}


def build_corpus(parent: Path) -> Path:
    root = parent / "corpus"
    now = time.time()
    for relative, (content, days) in TEXT_FILES.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
        stamp = now - days * 86400
        os.utime(path, (stamp, stamp))
    for relative, pages in PDF_PAGES.items():
        write_pdf(root / relative, pages)
    for relative, paragraphs in DOCX_PARAGRAPHS.items():
        write_docx(root / relative, paragraphs)
    for relative, sheets in XLSX_SHEETS.items():
        write_xlsx(root / relative, sheets)
    for relative, slides in PPTX_SLIDES.items():
        write_pptx(root / relative, slides)
    return root


def write_pdf(path: Path, pages: list[str]) -> None:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_font("Helvetica", size=12)
    for text in pages:
        pdf.add_page()
        pdf.multi_cell(0, 8, text)
    path.parent.mkdir(parents=True, exist_ok=True)
    pdf.output(str(path))


def write_docx(path: Path, paragraphs: list[str]) -> None:
    import docx

    document = docx.Document()
    for text in paragraphs:
        document.add_paragraph(text)
    path.parent.mkdir(parents=True, exist_ok=True)
    document.save(str(path))


def write_xlsx(path: Path, sheets: dict[str, list[list]]) -> None:
    import openpyxl

    workbook = openpyxl.Workbook()
    workbook.remove(workbook.active)
    for name, rows in sheets.items():
        sheet = workbook.create_sheet(name)
        for row in rows:
            sheet.append(row)
    path.parent.mkdir(parents=True, exist_ok=True)
    workbook.save(str(path))


def write_pptx(path: Path, slides: list[str]) -> None:
    from pptx import Presentation
    from pptx.util import Inches

    presentation = Presentation()
    for text in slides:
        slide = presentation.slides.add_slide(presentation.slide_layouts[6])
        box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(8), Inches(2))
        box.text_frame.text = text
    path.parent.mkdir(parents=True, exist_ok=True)
    presentation.save(str(path))
