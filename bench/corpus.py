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
    return root
