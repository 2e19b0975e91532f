import os
import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from filesage.errors import UsageError
from filesage.language.matching import extension_set
from filesage.files.walk import ConfinementError, confine
from filesage.tools.toolbox import Toolbox
from tests.conftest import write


@pytest.fixture
def box(fs_corpus):
    return Toolbox(fs_corpus)


def test_count_by_type_and_folder(box, fs_corpus):
    assert box.count_files("pdf").text.startswith("3 .pdf files in the folder")
    assert box.count_files("PDF files").text.startswith("3 .pdf files")
    assert box.count_files(".pdf", folder="finance").text.startswith("2 .pdf files under finance/")
    total = box.count_files().text
    assert total.startswith("14 files in the folder")  # the hidden file is skipped
    assert "3 .pdf" in total and "3 .md" in total
    images = box.count_files("images")
    assert images.text.startswith("2 ") and images.found
    write(fs_corpus / "notes/CHANGES", "2.0: faster\n")
    box.refresh()
    no_extension = box.count_files("extensionless")
    assert no_extension.text.startswith("1 file without an extension in the folder") and no_extension.paths == ["notes/CHANGES"]


def test_a_count_of_a_few_files_of_several_types_says_each_type(box):
    """What kinds of files a folder holds is asked of small folders too: the count says the types of its 4 files."""
    notes = box.count_files(folder="notes").answer
    assert "By type: 2 .md, 1 .txt" in notes or "By type: 2 .md, 1 .txt" in notes.replace(", 1 .md", "")
    assert "By type" not in box.count_files("pdf").answer  # one type is said by the count itself
    # A folder counted says its folders too: "how many subfolders" is asked as often as how many files.
    assert "1 .xlsx. finance/ has 1 subfolder directly under it: 2025. They are" in box.count_files(folder="finance").answer
    assert "subfolder" not in notes


def test_files_described_by_another_word_for_their_kind(box):
    # No file is named "bill": the invoices and receipts are what it means here, and the answer says so.
    bills = box.count_files(name="bills")
    assert bills.paths == sorted(box.count_files(name="invoice").paths + box.count_files(name="receipt").paths)
    assert bills.text.startswith("3 files") and "'invoice or receipt'" in bills.text
    # A file named so is matched by its own word; a word of no kind, or beside a word no file has, matches nothing.
    assert box.count_files(name="receipts").paths == ["finance/2025/receipts.csv"]
    assert box.count_files(name="phone bill").paths == [] and box.count_files(name="statement").paths == []


def test_files_left_out_by_folder_type_or_name(box):
    # A folder left out is each file under it; its name is said as the folder's.
    outside = box.count_files("pdf", excluding="finance")
    assert outside.paths == ["report.pdf"] and "outside finance/" in outside.answer
    assert box.list_files("pdf", order="newest", limit=1, excluding="finance/2025").paths == ["report.pdf"]
    # A kind of file by its name, or by a word akin to it ("bills" of invoices and receipts); a type by its type.
    assert box.count_files(excluding="bills").paths == []  # 11 left: too many to list, but the count says it
    assert box.count_files(excluding="bills").answer.startswith("There are 11 files in the folder not named 'bills'")
    assert "photos/cat.jpg" not in box.list_files(excluding="images", limit=50).paths
    # Nothing is named so: nothing is left out, and the answer says why.
    nothing = box.count_files("pdf", excluding="electricity bill")
    assert len(nothing.paths) == 3 and "no file is named 'electricity bill', so none is left out" in nothing.answer


def test_list_orders_and_limits(box):
    newest = box.list_files(limit=2)
    assert newest.paths == ["README.md", "notes/todo.txt"]
    assert box.list_files(order="oldest", limit=1).paths == ["report.pdf"]
    assert box.list_files(order="largest", limit=1).paths == ["report.pdf"]
    python = box.list_files("python files")
    assert set(python.paths) == {"code/main.py", "code/util.py", "code/tests/test_util.py"}
    assert python.paths[0] == "code/main.py"  # newest of the three
    # A listing says how much its files hold together: "what is the total size of X" is answered by it.
    size = sum((box.root / p).stat().st_size for p in python.paths)
    assert python.answer.startswith(f"3 .py files in the folder ({size} B in all), newest first:"), python.answer
    empty = box.list_files("docx")
    assert not empty.found and empty.text == "No .docx files in the folder."
    import re

    assert re.match(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2} +\d+ B  README\.md$", newest.text.splitlines()[1])


def test_metadata_matching(box):
    exact = box.file_metadata("budget_q1.xlsx")
    assert exact.paths == ["finance/budget_q1.xlsx"] and "2.3 KB" in exact.text
    assert box.file_metadata("budget_q1").paths == ["finance/budget_q1.xlsx"]  # no extension
    assert box.file_metadata("BUDGET_Q1.XLSX").paths == ["finance/budget_q1.xlsx"]
    assert box.file_metadata("budgte_q1").paths == ["finance/budget_q1.xlsx"]  # typo
    missing = box.file_metadata("passport_scan")
    assert not missing.found and "No file name matches" in missing.text


def test_a_name_with_a_type_word_no_file_is_named_by_is_a_name_of_that_type(tmp_path):
    for path in ("home/Budget_2031.xlsx", "home/budget_notes.md", "home/log_book.txt"):
        write(tmp_path / path, "x")
    assert [e.path for e in Toolbox(tmp_path).select("", "", "budget spreadsheet").files] == ["home/Budget_2031.xlsx"]


def test_the_files_of_a_name_are_those_named_so_and_those_in_a_folder_named_just_so(tmp_path):
    for path in ("tools/wren/wren.1", "tools/wren/ChangeLog", "tools/wren/man/wren.pre", "tools/wrenlike/README", "notes/wren.md",
                 "backups/a.txt", "misc/backup.txt"):
        write(tmp_path / path, "x")
    box = Toolbox(tmp_path)
    assert sorted(e.path for e in box.select("", "", "wren").files) == [
        "notes/wren.md", "tools/wren/ChangeLog", "tools/wren/man/wren.pre", "tools/wren/wren.1"]
    assert "with 'wren' in the name or folder" in box.count_files(name="wren").answer
    # A folder named another form of the word ("backups") is no folder named just so.
    assert [e.path for e in box.select("", "", "backup").files] == ["misc/backup.txt"]
    # A kind no file or folder is named by: the files filed in a folder named for it in another language ("factures/"),
    # not a download that the other language names so.
    for path in ("papiers/factures/F-12.pdf", "papiers/factures/2031/F-13.txt", "papiers/maison/releve.txt", "downloads/facture (1).pdf"):
        write(tmp_path / path, "x")
    box = Toolbox(tmp_path)
    assert sorted(e.path for e in box.select("", "", "invoice").files) == ["papiers/factures/2031/F-13.txt", "papiers/factures/F-12.pdf"]
    assert "2 files in the folder with 'facture' in the name or folder" in box.count_files(name="invoices").answer


def test_a_description_in_whole_words_matches_a_name_that_shortens_them(tmp_path):
    for path in ("server/daemon.conf.sample", "server/docs/configuration.rst", "spec/format-spec.md"):
        write(tmp_path / path, "x")
    box = Toolbox(tmp_path)
    assert box.file_metadata("the daemon sample configuration").paths == ["server/daemon.conf.sample"]
    assert box.file_metadata("format specification").paths == ["spec/format-spec.md"]
    assert box.file_metadata("configuration docs").paths == ["server/docs/configuration.rst"]


def test_grep_kinds(box):
    assert set(box.grep_files("invoice").paths) == {"finance/2025/invoice_001.pdf", "finance/2025/invoice_002.pdf"}
    assert box.grep_files("*.csv").paths == ["finance/2025/receipts.csv"]
    assert box.grep_files(r"invoice_\d+\.pdf$").paths == ["finance/2025/invoice_001.pdf", "finance/2025/invoice_002.pdf"]
    bad = box.grep_files("([")
    assert not bad.ok and "not a valid regular expression" in bad.text


def test_tree_counts_and_truncation(box, tmp_path):
    tree = box.directory_tree(max_depth=2).text
    assert tree.splitlines()[0] == "./ (14 files)"
    assert "    finance/ (4 files)" in tree and "        2025/ (3 files)" in tree
    assert ".hidden" not in tree.rsplit("\n", 1)[0] and tree.endswith("Not counted: 1 hidden file (.hidden/secret.txt).")
    wide = tmp_path / "wide"
    for i in range(45):
        write(wide / f"d{i:02d}" / "f.txt", "x")
    text = Toolbox(wide).directory_tree(max_depth=1).text
    assert "... 25 more folders" in text and len(text.splitlines()) == 22


def test_a_small_tree_shows_its_files_and_which_folder_holds_most(tmp_path):
    for path in ("work/plan.md", "work/notes/2031-01-04.md", "work/notes/2031-02-09.md", "work/budget.xlsx", "home/lease.pdf"):
        write(tmp_path / path, "x")
    tree = Toolbox(tmp_path).directory_tree()
    assert tree.text.splitlines() == ["./ (5 files)", "    home/ (1 files)", "        lease.pdf", "    work/ (4 files)", "        notes/ (2 files)",
                                      "            2031-01-04.md", "            2031-02-09.md", "        budget.xlsx", "        plan.md"]
    assert tree.answer.startswith("The folder has 2 subfolders (home, work) and 5 files in all; work/ holds the most (4 files); the most files directly "
                                  "in one folder: work/ and work/notes/ (2 each); its folders go 2 levels deep (work/notes/); the most deeply "
                                  "nested files: work/notes/2031-01-04.md and work/notes/2031-02-09.md:"), tree.answer
    write(tmp_path / "work/notes/2031-03-02.md", "x")
    assert "the most files directly in one folder: work/notes/ (3);" in Toolbox(tmp_path).directory_tree().answer
    # Folders as deep as each other are all the deepest; the hidden files it leaves out are said.
    write(tmp_path / "home/keys/spare.txt", "x")
    write(tmp_path / "home/.draft.md", "x")
    tree = Toolbox(tmp_path).directory_tree()
    assert "its folders go 2 levels deep (home/keys/ and work/notes/); the most deeply nested files: home/keys/spare.txt, " in tree.answer
    assert tree.answer.endswith("Not counted: 1 hidden file (home/.draft.md).")


def test_hidden_files_only_when_asked(fs_corpus):
    assert Toolbox(fs_corpus, include_hidden=True).count_files().text.startswith("15 files")
    # A count without them says it left them out, and which.
    total = Toolbox(fs_corpus).count_files()
    assert total.answer.endswith("Not counted: 1 hidden file (.hidden/secret.txt).") and total.text.startswith("14 files")
    assert "hidden" not in Toolbox(fs_corpus).count_files(extension="pdf").answer
    # So does a listing, or a ranking of one file.
    assert Toolbox(fs_corpus).list_files(order="oldest", limit=1).answer.endswith("\nNot listed: 1 hidden file (.hidden/secret.txt).")
    assert "hidden" not in Toolbox(fs_corpus).list_files(extension="pdf").answer


def test_symlinks_stay_inside_and_loops_end(tmp_path):
    root = tmp_path / "root"
    outside = tmp_path / "outside"
    write(outside / "secret.txt", "secret")
    write(root / "a" / "inside.txt", "x")
    os.symlink(outside, root / "escape")
    os.symlink(outside / "secret.txt", root / "secret_link.txt")
    os.symlink(root, root / "a" / "loop")
    os.symlink(root / "a" / "inside.txt", root / "alias.txt")
    box = Toolbox(root)
    paths = [e.path for e in box.entries]
    assert paths == ["a/inside.txt", "alias.txt"]
    with pytest.raises(ConfinementError):
        box.count_files(folder="escape")


def test_fifo_is_never_opened(tmp_path):
    root = tmp_path / "root"
    write(root / "a.txt", "x")
    os.mkfifo(root / "pipe.txt")
    assert [e.path for e in Toolbox(root).entries] == ["a.txt"]


def test_one_walk_is_shared(box, monkeypatch):
    box.count_files()
    import filesage.tools.toolbox as toolbox_module

    monkeypatch.setattr(toolbox_module, "walk", lambda *a, **k: pytest.fail("walked twice"))
    box.list_files()
    box.directory_tree()


def test_a_hundred_thousand_files_are_counted(tmp_path):
    """A folder of 100,000 files is counted exactly (its speed is bench/phases.py's refresh check, not a timed test:
    a timed test fails whenever the shared machine is busy)."""
    root = tmp_path / "many"
    for d in range(100):
        folder = root / f"d{d:03d}"
        folder.mkdir(parents=True)
        for f in range(1000):
            (folder / f"f{f:04d}.{'pdf' if f % 10 == 0 else 'txt'}").write_bytes(b"")
    assert Toolbox(root).count_files("pdf").text.startswith("10000 .pdf files")


@pytest.mark.parametrize("bad", ["/nonexistent-dir-xyz", "file"])
def test_bad_roots(tmp_path, bad):
    if bad == "file":
        (tmp_path / "file").write_text("x")
        bad = str(tmp_path / "file")
    with pytest.raises(UsageError):
        Toolbox(bad)


@pytest.mark.parametrize(
    "value",
    ["../../etc", "..", "/etc", "~", "~/.ssh", "C:\\Windows", "http://example.com/x", "finance/../../..", "file:///etc/passwd", "a\x00b"],
)
def test_confine_refuses(fs_corpus, value):
    with pytest.raises(ConfinementError):
        confine(fs_corpus, value)


@pytest.mark.parametrize(
    "value, expected",
    [("finance", "finance"), ("./finance/", "finance"), ("finance\\2025", "finance/2025"), ("/finance", "finance"), ("", ""), (".", ""), ("finance/2025/..", "finance")],
)
def test_confine_accepts(fs_corpus, value, expected):
    assert confine(fs_corpus, value) == expected


def test_confine_accepts_absolute_path_inside(fs_corpus):
    assert confine(fs_corpus, str(fs_corpus / "notes")) == "notes"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(list("./\\~:abc-_ %\x00") + ["..", "etc", "http://", "a/b"]), max_size=20).map("".join))
def test_confine_never_escapes(tmp_path_factory, value):
    root = tmp_path_factory.getbasetemp() / "confine-root"
    (root / "a" / "b").mkdir(parents=True, exist_ok=True)
    try:
        relative = confine(root, value)
    except ConfinementError:
        return
    resolved = (root / relative).resolve()
    assert resolved.is_relative_to(root.resolve())


@pytest.mark.parametrize(
    "value, expected",
    [
        ("pdf", ("pdf",)), (".PDF", ("pdf",)), ("pdf files", ("pdf",)), ("*.md", ("md",)),
        ("spreadsheets", ("xlsx", "xls", "csv", "ods")), ("word documents", ("docx", "doc")),
        # Side by side, two type words that share extensions are the narrower kind; said apart, either.
        ("excel spreadsheets", ("xlsx", "xls", "xlsm")), ("pdfs and spreadsheets", ("pdf", "xlsx", "xls", "csv", "ods")),
        ("python files", ("py",)), ("", ()), ("all files", ()), ("images", ("png", "jpg", "jpeg", "gif", "bmp", "tiff", "tif", "webp", "svg", "heic")),
    ],
)
def test_extension_words(value, expected):
    assert extension_set(value) == expected


def test_full_cache_disk_is_one_clear_message(fs_corpus, tmp_path, monkeypatch):
    import sqlite3

    from filesage.index.store import FolderIndex, IndexError_

    index = FolderIndex(fs_corpus, directory=tmp_path / "idx")

    def full(*args):
        raise sqlite3.OperationalError("database or disk is full")

    import filesage.index.store as store

    monkeypatch.setattr(store, "refresh", full)
    with pytest.raises(IndexError_, match="cannot be written .database or disk is full.; free some space"):
        index.refresh()


def test_read_file_by_name_or_path_with_its_place(box):
    by_name = box.read_file("ideas")
    assert by_name.text.startswith("notes/ideas.md (lines 1-31):\n# Ideas\nmore ideas")
    assert by_name.paths == ["notes/ideas.md"] and by_name.locations == {"notes/ideas.md": "lines 1-31"}
    assert box.read_file("./notes/ideas.md").text == by_name.text


def test_read_file_of_a_name_several_files_fit_asks_which(tmp_path):
    root = tmp_path / "docs"
    for name in ("zephyr5_manual.txt", "rx200_manual.txt"):
        write(root / "manuals" / name, f"{name}: warranty 2 years\n")
    box = Toolbox(root)
    loose = box.read_file("manual")
    assert not loose.ok and "manuals/rx200_manual.txt" in loose.text and "manuals/zephyr5_manual.txt" in loose.text
    assert box.read_file("zephyr5 manual").paths == ["manuals/zephyr5_manual.txt"]


def test_read_file_in_windows(tmp_path):
    root = tmp_path / "docs"
    write(root / "long.txt", "".join(f"line {n} of a long text file\n" for n in range(1, 601)))
    box = Toolbox(root)
    first = box.read_file("long.txt", length=1000)
    assert first.text.startswith("long.txt (lines 1-") and "line 1 of" in first.text
    following = int(re.search(r"read_file with start=(\d+)", first.text).group(1))
    second = box.read_file("long.txt", start=following, length=1000)
    assert "\nline 1 of" not in second.text  # (the first line heads each part as its title: "[line 1 ...]")
    last_in_first = int(re.findall(r"line (\d+) of", first.text)[-1])
    assert f"line {last_in_first + 1} of" in second.text  # the next window starts where the last ended
    assert not box.read_file("long.txt", start=10_000).ok


def test_read_file_stays_inside_the_root_and_off_special_files(tmp_path):
    root = tmp_path / "docs"
    write(root / "a.txt", "inside\n")
    write(root / ".secret/key.txt", "hidden\n")
    write(tmp_path / "outside.txt", "outside\n")
    (root / "link.txt").symlink_to(tmp_path / "outside.txt")
    os.mkfifo(root / "pipe.txt")
    write(root / "photo.png", b"\x89PNG" + b"x" * 100)
    box = Toolbox(root)
    for escape in ("../outside.txt", str(tmp_path / "outside.txt"), "~/x.txt", "file:///etc/passwd", "link.txt"):
        with pytest.raises(ConfinementError):
            box.read_file(escape)
    for unreachable in ("pipe.txt", ".secret/key.txt"):
        result = box.read_file(unreachable)
        assert "outside" not in result.text and "hidden" not in result.text
        assert not (result.ok and result.found and result.paths == [unreachable]), result
    png = box.read_file("photo.png")
    assert not png.ok and "binary content (a PNG image)" in png.text


def test_a_window_over_several_parts_names_one_span():
    from filesage.tools.listing import span

    assert span("lines 1-40", "lines 41-80") == "lines 1-80"
    assert span("p. 1", "p. 3") == "p. 1-3"
    assert span("sheet A, rows 1-3", "sheet B, rows 1-2") == "sheet A, rows 1-3 to sheet B, rows 1-2"


def test_read_file_about_a_topic_reads_that_part(tmp_path):
    root = tmp_path / "docs"
    sections = [f"Section {n}: how to clean the filter and descale the tank. " * 8 for n in range(1, 12)]
    sections[8] = "Warranty: the machine is covered for 24 months from the date of purchase. " * 3
    write(root / "manual.txt", "\n".join(sections))
    box = Toolbox(root)
    assert "24 months" not in box.read_file("manual.txt", length=800).text
    about = box.read_file("manual.txt", length=800, about="how long is the warranty")
    assert "24 months" in about.text and about.locations["manual.txt"].startswith("lines ")


def test_the_files_a_question_names(tmp_path):
    for path in ("web/flask/README.md", "libs/zlib/examples/README.examples", "libs/zlib/FAQ", "libs/zlib/zlib.3", "cli/jq/NEWS.md",
                 "cli/jq/jq.spec", "cli/jq/AUTHORS", "servers/redis/redis.conf", "servers/redis/sentinel.conf", "web/flask/docs/config.rst",
                 "cli/tmux/example_tmux.conf", "cli/htop/COPYING", "cli/jq/COPYING"):
        write(tmp_path / "root" / path, "text\n")
    box = Toolbox(tmp_path / "root")
    assert box.named_in("According to the Flask README, what address does the example app use?") == ["web/flask/README.md"]
    assert box.named_in("per the zlib FAQ, what is the ECCN?") == ["libs/zlib/FAQ"]  # not zlib.3, named only by its folder
    assert box.named_in("In jq's NEWS, which release added it?") == ["cli/jq/NEWS.md"]
    assert box.named_in("who created jq, going by its AUTHORS file?") == ["cli/jq/AUTHORS"]
    # A word of asking that is also a file's name ("us.csv") names it only written as a name.
    write(tmp_path / "root/data/agencies/us.csv", "name\nAgency\n")
    assert Toolbox(tmp_path / "root").named_in("By when does the choir want an answer from us?") == []
    assert Toolbox(tmp_path / "root").named_in("how many agencies does the US list have?") == ["data/agencies/us.csv"]
    assert box.named_in("What port does redis.conf set, and what is in sentinel.conf?") == ["servers/redis/redis.conf", "servers/redis/sentinel.conf"]
    assert box.named_in("In the sample tmux config, what is the prefix key?") == []  # the config named is another folder's
    # A word that describes the one file of a name ("the example ...rc") is no other folder it points to (examples/).
    write(tmp_path / "root" / "cli/quernweather/quernweatherrc.example", "text\n")
    assert Toolbox(tmp_path / "root").named_in("what city is set in the example quernweatherrc?") == ["cli/quernweather/quernweatherrc.example"]
    # Said without its "rc" ("the quernmail sample"), it is still named, and by more words than the manual beside it.
    write(tmp_path / "root" / "cli/quernmail/quernmail.1", "text\n")
    write(tmp_path / "root" / "cli/quernmail/quernmailrc-sample", "text\n")
    beside = Toolbox(tmp_path / "root")
    assert beside.named_in("what host is set in the quernmail sample?") == ["cli/quernmail/quernmailrc-sample"]
    assert beside.named_in("what does the quernmail man page say about -s?") == ["cli/quernmail/quernmail.1"]
    write(tmp_path / "root" / "cli/quernclock/quernclockrc", "text\n")
    assert Toolbox(tmp_path / "root").named_in("what city is set in the example quernclockrc?") == []
    # A name's codes are not said by who names the file by its words: "the amended offer" is "Offer OF-77-A2 (AMENDED)".
    write(tmp_path / "root" / "work/offers/Offer OF-77-A2 (AMENDED).pdf", "text\n")
    write(tmp_path / "root" / "work/offers/Offer OF-77 Tessaly print run.docx", "text\n")
    offers = Toolbox(tmp_path / "root")
    assert offers.named_in("What does the amended Tessaly offer come to?") == ["work/offers/Offer OF-77-A2 (AMENDED).pdf"]
    assert offers.named_in("What does the first Tessaly offer come to?") == []
    # A folder's function words ("to the") are no folder the question names by saying "the".
    write(tmp_path / "root" / "Letters to the bank/overdraft.txt", "text\n")
    assert Toolbox(tmp_path / "root").named_in("What does the amended Tessaly offer come to?") == ["work/offers/Offer OF-77-A2 (AMENDED).pdf"]
    # Several files of a name, and nothing in the question picks one: a kind of document, not one of them.
    assert box.named_in("what does the COPYING file say about warranty?") == []
    assert box.named_in("what does htop's COPYING file say about warranty?") == ["cli/htop/COPYING"]
    write(tmp_path / "root" / "bills/invoice_002.txt", "text\n")
    write(tmp_path / "root" / "bills/invoice_017.txt", "text\n")
    assert Toolbox(tmp_path / "root").named_in("What is the total due on invoice 002?") == ["bills/invoice_002.txt"]
    assert box.named_in("how many files are there?") == []
    # A word and its number run together in a name ("Permit7_Annex") are said apart; a month and its year are when.
    write(tmp_path / "root" / "papers/Permit7_AnnexB_2031.pdf", "text\n")
    write(tmp_path / "root" / "papers/ledger_Mar2031.csv", "text\n")
    joined = Toolbox(tmp_path / "root")
    assert joined.named_in("what fee does my permit 7 state?") == ["papers/Permit7_AnnexB_2031.pdf"]
    assert joined.named_in("what did I spend in mar 2031?") == [] and joined.named_in("what does permit 8 say?") == []
    # The kind the question says picks one of a name's files: a man page is the one of a manual section.
    write(tmp_path / "root" / "cli/ferry/ferry.1", "text\n")
    write(tmp_path / "root" / "cli/ferry/ferry.desktop", "text\n")
    typed = Toolbox(tmp_path / "root")
    assert typed.named_in("who wrote the ferry man page?") == ["cli/ferry/ferry.1"]
    assert typed.named_in("what does ferry say about its options?") == []
    # A file elsewhere named by a plain word of the question does not outweigh the program named by its folder's name.
    write(tmp_path / "root" / "cli/chat/default.theme", "text\n")
    write(tmp_path / "root" / "cli/quern/quern.1", "text\n")
    plain = Toolbox(tmp_path / "root")
    assert plain.named_in("what is the default speed of the quern command line tool?") == ["cli/quern/quern.1"]
    assert plain.named_in("what does the chat default theme set?") == ["cli/chat/default.theme"]
    # A folder named for a kind of document ("invoices/") is no program: the invoice the question numbers is meant.
    write(tmp_path / "root" / "bills/invoices/invoice_2031_017.pdf", "text\n")
    assert Toolbox(tmp_path / "root").named_in("What is the total due on invoice 002?") == ["bills/invoice_002.txt"]
    assert box.scope("libs/zlib") == ["libs/zlib/FAQ", "libs/zlib/examples/README.examples", "libs/zlib/zlib.3"]
    assert box.scope("cli/jq/NEWS.md, AUTHORS") == ["cli/jq/NEWS.md", "cli/jq/AUTHORS"]
    # A kind of document named in another language than its file's name: the French lease is the "bail".
    write(tmp_path / "root" / "maison/Bail_rue_Zither.docx", "text\n")
    assert Toolbox(tmp_path / "root").scope("lease") == ["maison/Bail_rue_Zither.docx"]
    # Of two words, one said in another language is no name: of "club meeting", "meeting" in French is no family reunion.
    write(tmp_path / "root" / "family/reunion plan.md", "text\n")
    assert Toolbox(tmp_path / "root").scope("club meeting") == []
    # A folder named by one word of the scope ("Data") and a file in it by the others: the file.
    write(tmp_path / "weather" / "Data/samples/oslo-rainfall.csv", "text\n")
    write(tmp_path / "weather" / "Data/samples/bergen-rainfall.csv", "text\n")
    write(tmp_path / "weather" / "Notes/rainfall plans.md", "text\n")
    data = Toolbox(tmp_path / "weather")
    assert data.scope("the oslo rainfall data") == ["Data/samples/oslo-rainfall.csv"]
    assert data.scope("Data") == ["Data/samples/bergen-rainfall.csv", "Data/samples/oslo-rainfall.csv"]


def test_files_edited_within_dates_a_month_a_year_or_before_a_date(tmp_path):
    import os
    import time

    for path, day in (("a.txt", (2031, 3, 31, 23, 50)), ("b.txt", (2031, 4, 1, 0, 10)), ("c.txt", (2031, 4, 30, 12, 0)), ("d.txt", (2032, 1, 2, 9, 0))):
        write(tmp_path / path, "x")
        stamp = time.mktime(day + (0, 0, 0, -1))
        os.utime(tmp_path / path, (stamp, stamp))
    box = Toolbox(tmp_path)
    assert sorted(box.list_files(changed_within="2031-04").paths) == ["b.txt", "c.txt"]
    assert sorted(box.list_files(changed_within="2031-03-31 to 2031-04-01").paths) == ["a.txt", "b.txt"]
    assert sorted(box.list_files(changed_within="2031").paths) == ["a.txt", "b.txt", "c.txt"]
    assert box.list_files(changed_within="before 2031-04-01").paths == ["a.txt"]
    assert box.list_files(changed_within="since 2032-01-01").paths == ["d.txt"]
    counted = box.count_files(changed_within="2031-04")
    assert counted.answer.startswith("There are 2 files in the folder modified in 2031-04"), counted.answer
    assert not box.list_files(changed_within="sometime").ok


def test_a_count_says_the_space_the_files_take_and_how_many_each_year(tmp_path):
    import os
    import time

    for number in range(12):
        write(tmp_path / f"notes/n{number:02d}.txt", "x" * 100)
        stamp = time.mktime(((2031 if number < 7 else 2032), 5, 1, 12, 0, 0, 0, 0, -1))
        os.utime(tmp_path / f"notes/n{number:02d}.txt", (stamp, stamp))
    answer = Toolbox(tmp_path).count_files().answer
    assert answer.startswith("There are 12 files in the folder (1.2 KB in all).") and "By year last modified: 2031: 7, 2032: 5." in answer, answer
    # Files of one year: by the month of their last change, and the month with the most.
    for number in range(12):
        stamp = time.mktime((2032, 1 + number % 3 if number < 9 else 2, 3, 12, 0, 0, 0, 0, -1))
        os.utime(tmp_path / f"notes/n{number:02d}.txt", (stamp, stamp))
    answer = Toolbox(tmp_path).count_files(changed_within="2032").answer
    assert "By month last modified: January: 3, February: 6, March: 3; the most in February 2032 (6)." in answer, answer


def test_hidden_files_are_listed_and_counted_only_when_asked_for(tmp_path):
    for path in ("notes/plan.md", ".profile", "notes/.draft.md", ".backup/old.txt"):
        write(tmp_path / path, "x")
    box = Toolbox(tmp_path)
    assert box.list_files().paths == ["notes/plan.md"]
    hidden = box.list_files(hidden="only")
    assert sorted(hidden.paths) == [".backup/old.txt", ".profile", "notes/.draft.md"] and "hidden" in hidden.answer
    assert box.count_files(hidden="only", folder="notes").answer.startswith("There is 1 file under notes/ that is hidden")
    # Beside the others, when asked so: every file, the hidden ones with them.
    assert box.count_files(hidden="too").answer.startswith("There are 4 files in the folder (hidden ones included)")
    assert sorted(box.list_files(hidden="too", folder="notes").paths) == ["notes/.draft.md", "notes/plan.md"]


def test_a_documents_pages_sheets_and_slides_are_among_its_facts(tmp_path):
    from bench.corpus import write_pdf, write_pptx, write_xlsx

    root = tmp_path / "docs"
    root.mkdir()
    write_pdf(root / "guide.pdf", ["First page of the guide.", "Second page.", "Third page."])
    write_xlsx(root / "plan.xlsx", {"Costs": [["item", "eur"], ["desk", 120]], "Income": [["month", "eur"], ["May", 900]]})
    write_pptx(root / "talk.pptx", ["Title slide", "Results"])
    (root / "notes.txt").write_text("no parts\n")
    (root / "broken.pdf").write_bytes(b"%PDF-1.4 not really")
    box = Toolbox(root)
    assert box.file_metadata("guide.pdf").answer.endswith(", 3 pages.")
    assert box.file_metadata("plan.xlsx").answer.endswith(", 2 sheets (Costs, Income).")
    assert box.file_metadata("talk.pptx").answer.endswith(", 2 slides.")
    assert "page" not in box.file_metadata("notes.txt").answer
    broken = box.file_metadata("broken.pdf")
    assert broken.found and "page" not in broken.answer  # no pages to tell; its size and dates still told


def test_a_table_read_about_something_gives_the_rows_that_say_it(tmp_path):
    rows = "".join(f"{country},{year},{10000 + n * 7 + year % 10}\n" for n, country in enumerate(["Arland", "Brevia", "Corvath", "Dunmere"] * 40)
                   for year in (2029, 2030, 2031))
    write(tmp_path / "data/people.csv", "country,year,population\n" + rows)
    result = Toolbox(tmp_path).read_file("people.csv", about="Corvath population 2031")
    lines = result.text.splitlines()
    assert lines[1] == "Columns: country | year | population" and all("Corvath" in row and "2031" in row for row in lines[2:])
    assert result.text.startswith("data/people.csv (the first 20 of the 40 rows about 'Corvath population 2031')")
    # Its heading echoes the question but is no line of the file: no answer quotes it as what the files say.
    from filesage.grounding.citations import Citations
    from filesage.policies.reading import found_lines, line_most_about
    cited = Citations().mark(result.text, result.paths, result.locations, "read_file")
    assert not [line for line in found_lines([cited]) if "rows about" in line]
    assert "rows about" not in line_most_about("Corvath population 2031", [cited])
    # The words that name the document searched ("the Quill lab report") are no words its lines must say.
    report = "From labs/quill/report.pdf [1] (p. 2):\n- the boiling point came out at 97.2 C in the end\n- the room was at 21 C"
    assert line_most_about("What boiling point did the Quill lab report measure?", [report]) == "the boiling point came out at 97.2 C in the end"
    # A document that is no table is read by its part about the words, as before.
    write(tmp_path / "notes.md", "# Notes\n\nThe Corvath trip was in 2031.\n")
    assert "rows about" not in Toolbox(tmp_path).read_file("notes.md", about="Corvath").text


def test_files_with_the_same_content_are_found_by_their_bytes(tmp_path):
    from filesage.tools.copies import Copies

    write(tmp_path / "Downloads/bill (1).pdf", "%PDF same bytes")
    write(tmp_path / "home/bills/bill_2031-02.pdf", "%PDF same bytes")
    write(tmp_path / "tools/a/COPYING", "GPL text\n")
    write(tmp_path / "tools/b/LICENSE", "GPL text\n")
    write(tmp_path / "tools/c/COPYING", "GPL text.\n")  # a byte apart: no copy
    write(tmp_path / "notes/empty.txt", "")
    write(tmp_path / "notes/blank.md", "")
    copies = Copies(Toolbox(tmp_path))
    found = copies.find_duplicates()
    assert found.answer.startswith("2 sets of files with the same content in the folder (4 files; 5 compared byte for byte, 2 empty files left out):")
    assert "- Downloads/bill (1).pdf and home/bills/bill_2031-02.pdf (15 B each)" in found.answer
    assert "- tools/a/COPYING and tools/b/LICENSE (9 B each)" in found.answer and "tools/c" not in found.answer
    assert copies.find_duplicates("tools").answer.startswith("1 set of files with the same content under tools/ (2 files; 3 compared")
    assert copies.find_duplicates("home").answer == "There is only 1 file under home/ with content: nothing to compare."
    assert copies.find_duplicates("tools/a").answer == "There is only 1 file under tools/a/ with content: nothing to compare."
    assert not copies.find_duplicates("nowhere").ok
