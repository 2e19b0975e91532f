import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from filesage.language.matching import extension_set
from filesage.language.filters import read_question
from filesage.policies.router import route

FOLDERS = ["code", "finance", "finance/2025", "notes", "photos", "projects", "projects/falcon", "reports", "archive 2023"]

CASES = [
    ("how many PDFs do I have?", "count_files", {"extension": "pdfs"}),
    ("how many PDFs are outside the finance folder?", "count_files", {"extension": "pdfs", "excluding": "finance"}),
    ("How many pdf files are there", "count_files", {"extension": "pdf"}),
    ("count my spreadsheets", "count_files", {"extension": "spreadsheets"}),
    ("how many word documents are in here?", "count_files", {"extension": "word"}),
    ("number of images", "count_files", {"extension": "images"}),
    ("how many python files?", "count_files", {"extension": "python"}),
    ("how many files are under finance?", "count_files", {"folder": "finance"}),
    ("how many .csv files in the reports folder", "count_files", {"extension": ".csv", "folder": "reports"}),
    ("how many files do I have in total", "count_files", {}),
    ("total number of markdown files", "count_files", {"extension": "markdown"}),
    ("how many files are bigger than 5 MB?", "count_files", {"larger_than": "5 MB"}),
    ("how many empty files are there?", "count_files", {"empty": True}),
    ("show me the folder tree", "directory_tree", {}),
    ("what is the directory structure?", "directory_tree", {}),
    ("how are my files organized", "directory_tree", {}),
    ("which subfolders exist", "directory_tree", {}),
    ("show the structure inside projects/", "directory_tree", {"folder": "projects"}),
    ("which of my folders holds the most files?", "directory_tree", {}),
    ("how many files does each subfolder of projects have?", "directory_tree", {"folder": "projects"}),
    ("what did I change in the last 3 days?", "list_files", {"changed_within": "3 days"}),
    ("what are the latest pdfs", "list_files", {"extension": "pdfs", "order": "newest"}),
    ("which is the largest file?", "list_files", {"order": "largest", "limit": 1}),
    ("show me the 3 biggest spreadsheets", "list_files", {"order": "largest", "extension": "spreadsheets", "limit": 3}),
    ("what is my oldest document", "list_files", {"order": "oldest"}),
    ("which file is the least bulky?", "list_files", {"order": "smallest"}),
    ("list all python files", "list_files", {"extension": "python"}),
    ("what files are in notes", "list_files", {"folder": "notes"}),
    ("which images are in my Archive 2023 folder?", "list_files", {"extension": "images", "folder": "archive 2023"}),
    ("how big is budget_q1.xlsx?", "file_metadata", {"name_hint": "budget_q1.xlsx"}),
    ("when was report.pdf modified?", "file_metadata", {"name_hint": "report.pdf"}),
    ("when was 'Annual Plan' created", "file_metadata", {"name_hint": "Annual Plan"}),
    ("what is the size of notes/todo.txt", "file_metadata", {"name_hint": "notes/todo.txt"}),
    ("when did the lease file get modified", "file_metadata", {"name_hint": "lease"}),
    ("when was the tax return spreadsheet last changed?", "file_metadata", {"name_hint": "tax return"}),
    ("find files named invoice_*.pdf", "grep_files", {"pattern": "invoice_*.pdf"}),
    ("files called 'draft'", "grep_files", {"pattern": "draft"}),
    ("which files have 2024 in the name", "grep_files", {"pattern": "2024"}),
    ("what is engineering's Q1 revenue target?", "semantic_search", {}),
    ("who owns the migration?", "semantic_search", {}),
    ("what did the lease say about pets?", "semantic_search", {}),
    ("summarise the meeting notes", "semantic_search", {}),
    ("how many days of annual leave do I get?", "semantic_search", {}),
    ("summarise report.docx", "read_file", {"path": "report.docx"}),
    ("what does lease.md say?", "read_file", {"path": "lease.md"}),
    ("read the 'Q1 plan' document", "read_file", {"path": "Q1 plan"}),
    # A file named by rank is listed in that order first (the agent then reads the first one).
    ("summarise the newest PDF", "list_files", {"extension": "pdf", "order": "newest", "limit": 1}),
    ("what does the largest spreadsheet say?", "list_files", {"extension": "spreadsheet", "order": "largest"}),
    ("read the latest_report.txt", "read_file", {"path": "latest_report.txt"}),
    # What kinds of files there are: a count, which says their types.
    ("what kinds of files are in the notes folder?", "count_files", {"folder": "notes"}),
    ("which file types do I have?", "count_files", {}),
    # A man page's section is an extension said of files; a dotted number alone is no type.
    ("how many manual pages (.8 files) do I have?", "count_files", {"extension": ".8"}),
    ("what changed in .5 of the draft spec?", "semantic_search", {}),
    ("hello", "respond", {}),
    ("thanks!", "respond", {}),
    ("what can you do?", "respond", {}),
]


@pytest.mark.parametrize("question, tool, expected_args", CASES, ids=[c[0] for c in CASES])
def test_routes(question, tool, expected_args):
    call = route(question, folders=FOLDERS)
    assert call.name == tool, call
    for key, value in expected_args.items():
        assert call.arguments.get(key) == value, (key, call.arguments)


def test_semantic_search_query_is_the_question():
    assert route("  who owns the migration?  ").arguments == {"query": "who owns the migration?", "top_k": 5}


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_question_ends_in_a_known_tool(question):
    call = route(question)
    assert call.name in {"count_files", "list_files", "file_metadata", "grep_files", "directory_tree", "semantic_search", "read_file", "respond"}
    read_question(question, FOLDERS)  # never raises either
    assert isinstance(call.arguments, dict)


def test_a_follow_up_keeps_the_file_type_of_the_question_before():
    from filesage.llm.parser import ToolCall
    from filesage.policies.router import carry_over

    listed = carry_over(ToolCall("list_files", {"limit": 5}), "which are they?", "how many markdown files are there?")
    assert listed.arguments == {"limit": 5, "extension": "markdown"}
    untouched = ToolCall("list_files", {"extension": "pdf"})
    assert carry_over(untouched, "which are they?", "how many markdown files?") is untouched
    assert carry_over(ToolCall("list_files", {}), "what is the newest file?", "how many markdown files?").arguments == {}
    # A rank that names nothing else ranks the files of the question before: its folder, or the kind they are named after.
    oldest = carry_over(ToolCall("list_files", {"order": "oldest"}), "Which is the oldest?", "How many receipts have I kept?", FOLDERS, {"receipt"})
    assert oldest.arguments == {"order": "oldest", "name": "receipt"}
    largest = carry_over(ToolCall("list_files", {"order": "largest"}), "and the largest?", "how many files are in the finance folder?", FOLDERS, set())
    assert largest.arguments == {"order": "largest", "folder": "finance"}


def test_what_a_question_leaves_out_is_no_filter_it_asks_for():
    assert read_question("how many CSVs are outside the finance folder?", FOLDERS).filters() == {"extension": "csvs", "excluding": "finance"}
    assert read_question("the newest PDF that isn't a scan", FOLDERS).filters() == {"extension": "pdf", "excluding": "scan"}
    assert read_question("list everything except the stuff in archive 2023", FOLDERS).filters() == {"excluding": "archive 2023"}
    # A folder's name is left out as a folder only where said as a place; emptiness and hiddenness are their own.
    assert read_question("how many files other than the photos?", FOLDERS).filters() == {"excluding": "photos"}
    assert read_question("Leaving the photos aside, what's the biggest file?", FOLDERS).filters() == {"excluding": "photos"}
    assert read_question("largest file, leaving out empty files", FOLDERS).filters() == {"larger_than": "0 bytes"}
    assert read_question("how many files are there, not counting hidden ones?", FOLDERS).filters() == {}
    # A question about what files say leaves nothing of the folder out.
    assert read_question("which deposit is not refundable?", FOLDERS).filters() == {}


def test_a_question_says_its_filters():
    asked = read_question("which of my spreadsheets in the Finance folder are over half a meg and changed this week?", FOLDERS)
    assert asked.filters() == {"extension": "spreadsheets", "folder": "finance", "larger_than": "half a meg", "changed_within": "this week"}
    assert read_question("the 2 least recently edited files").order == "oldest" and read_question("the 2 least recently edited files").limit == 2
    # Dates that bound when files were edited, as the tools take them; dates a document says bound nothing.
    for question, span in (("which PDFs did I edit in March 2031?", "2031-03"), ("files saved between 2 May 2031 and 9 May 2031", "2031-05-02 to 2031-05-09"),
                           ("what changed from 3 June through 5 June 2031?", "2031-06-03 to 2031-06-05"), ("what was modified before 2030?", "before 2030"),
                           ("how many files did I touch after 2030?", "since 2031-01-01"), ("anything created on 2031-02-14?", "2031-02-14 to 2031-02-14"),
                           ("which notes were saved between May and July 2031?", "2031-05-01 to 2031-07-31"),
                           ("files edited from November 2030 to February 2031", "2030-11-01 to 2031-02-28"), ("files changed between 2030 and 2031", "2030-01-01 to 2031-12-31"),
                           # Days of a month the question names with its year once; a week of a named month, not the week before today.
                           ("which files were edited in July 2031 (4-10 July)?", "2031-07-04 to 2031-07-10"),
                           ("what did I save during the last week of February 2031?", "2031-02-22 to 2031-02-28"),
                           ("files changed during the second week of October 2030", "2030-10-08 to 2030-10-14")):
        assert read_question(question, FOLDERS).changed_within == span, question
    # A month of a year bounds the edits; it names no folder whose name shares only the year.
    assert read_question("Which files did I change in February 2031?", [*FOLDERS, "trips/Oslo_2031"]).filters() == {"changed_within": "2031-02"}
    assert read_question("what is in oslo 2031?", [*FOLDERS, "trips/Oslo_2031"]).folder == "trips/Oslo_2031"
    # A subfolder said to be included is part of the folder meant, not the folder.
    assert read_question("How many files are in the falcon folder, drafts subfolder included?", [*FOLDERS, "projects/falcon/drafts"]).folder == "projects/falcon"
    # "Subfolders included" names none of them: the folder said by its path is the one.
    assert read_question("How many files sit under projects/falcon, subfolders included?", [*FOLDERS, "projects/falcon/drafts"]).folder == "projects/falcon"
    # Two years side by side are each counted (the count says how many each year), not one of them kept.
    for question in ("which invoices are dated 2031?", "which release in 2031 changed the default?", "my savings in 2031", "how many files were edited in 2030 vs 2031?"):
        assert read_question(question, FOLDERS).changed_within == "", question
    assert read_question("show me the hidden files, if there are any").filters() == {"hidden": "only"}
    assert read_question("how many files are there, hidden ones included?").filters() == {"hidden": "too"}
    assert read_question("How many files are in the finance folder? Hidden files don't count.", FOLDERS).filters() == {"folder": "finance"}
    for question in ("how many files in all? dont count hidden ones", "how many files, not including hidden files", "total files, without counting dotfiles"):
        assert read_question(question).filters() == {}, question
    # "the folder called X" names a folder; "photos" is a type unless the question says it is the folder.
    assert read_question("how many files are in the folder called finance?", FOLDERS).filters() == {"folder": "finance"}
    assert read_question("how many photos do I have?", FOLDERS).filters() == {"extension": "photos"}
    assert read_question("how many files are in the photos folder?", FOLDERS).filters() == {"folder": "photos"}
    assert read_question("when was the report last modified?").order == ""  # asks a date, ranks nothing
    # Everyday nouns that are type words too.
    assert read_question("what's the confirmation code for my Oslo trip?").extension == ""
    assert read_question("how many code files are there?").extension == "code"
    assert read_question("list my logs").extension == "logs" and read_question("how many Word documents?").extension == "word"
    # Several types: all of them; a kind and formats of it: those formats ("PNG or JPEG" images are no SVGs).
    assert read_question("which PDFs and spreadsheets do I have?").extension == "pdfs spreadsheets"
    assert read_question("are any of my notes without a file extension?").extension == "extensionless"
    assert read_question("Which picture files (GIF or PNG) are there?").extension == "gif png"
    assert read_question("how many files here don't have an extension?").extension == "extensionless"
    # An extension written with its dot is one, whether or not it is a type known here; "e.g." is none.
    assert read_question("how many saved mails (.mbx) are there?").extension == ".mbx"
    assert extension_set(".mbx") == ("mbx",) and extension_set("e.g. the pdf files") == ("pdf",)


def test_a_year_is_a_folder_only_where_the_question_says_so():
    # "in 2025" dates what is asked about; the folder finance/2025 is meant by its path or a folder word.
    assert read_question("biggest invoice in 2025?", FOLDERS).folder == ""
    assert read_question("how many invoices from 2025", FOLDERS).folder == ""
    assert read_question("how many files in the 2025 folder?", FOLDERS).folder == "finance/2025"
    assert read_question("what is in finance/2025?", FOLDERS).folder == "finance/2025"
    assert read_question("list the spreadsheets in finance 2025", FOLDERS).folder == "finance/2025"
    assert read_question("how many files are under finance?", FOLDERS).folder == "finance"
    # A path said the other way round, with the folder word after it.
    assert read_question("How many files are in my 2025 finance folder?", FOLDERS).folder == "finance/2025"
    photos = ["photos", "photos/2024", "photos/2025"]
    asked = read_question("How many photos are in my 2024 photos folder?", photos)
    assert asked.folder == "photos/2024" and asked.extension == ""  # "photos" is the folder's own name, not a type


def test_a_folder_is_named_by_the_words_of_it_the_question_says():
    from filesage.language.matching import match_folder

    folders = ["Travel", "Travel/Trondheim-2031", "Travel/Ghent-2030", "Finance", "Finance/tax"]
    assert match_folder("Trondheim trip", folders) == "Travel/Trondheim-2031"  # no folder says "trip"
    assert match_folder("tax papers", folders) == "Finance/tax"
    assert match_folder("trip photos", folders) is None  # nothing left that picks one out
    # A folder's function words pick out nothing: "the" of "in .5 of the spec" is no "Letters to the bank".
    assert match_folder("5 of the spec", [*folders, "Letters to the bank"]) is None
    assert read_question("what's in my Ghent trip folder?", folders).folder == "Travel/Ghent-2030"
    # A place spelt as another language spells it, in the folder's name: the word that starts the other.
    trips = ["Reizen", "Reizen/Antwerpen_2031", "Reizen/Gent"]
    assert match_folder("Antwerp", trips) == "Reizen/Antwerpen_2031" and match_folder("Antwerp trams", trips) == "Reizen/Antwerpen_2031"
    assert read_question("what's in my Antwerp trip folder?", trips).folder == "Reizen/Antwerpen_2031"
    # A folder named with the folder it is in: the one inside.
    tools = ["tools", "tools/rsync", "tools/rsync/man", "tools/fd"]
    assert read_question("How many files are in the rsync folder under tools/?", tools).folder == "tools/rsync"
    assert read_question("how many files are under tools?", tools).folder == "tools"
    # A folder with a part of it: the folder, the part counted in it.
    assert read_question("how many files sit in the rsync folder, counting its man subfolder?", tools).folder == "tools/rsync"
    assert read_question("how many files are in the man folder of rsync?", tools).folder == "tools/rsync/man"


def test_a_count_of_things_named_after_the_files_is_a_count_of_files_unless_it_qualifies_another_thing():
    from filesage.language.question import counts_files

    names = {"acme", "receipt", "invoice"}
    assert counts_files("how many receipts did I keep?", names) and counts_files("how many invoices sent in 2031?", names)
    assert counts_files("how many acme invoices are there?", names)
    # A noun after the name is the thing counted, though it ends like a verb ("sent", "kept").
    assert not counts_files("how many monthly snapshots does the acme config keep?", names | {"monthly"})
    assert not counts_files("how many entries does acme keep in its history by default?", names | {"entry"})
    assert not counts_files("how many Acme jobs had been moved by May?", names)
    assert not counts_files("how many acme people came to the kick-off?", names)
    # What a document lists, though files are named after the things it lists; a folder's files are files.
    assert not counts_files("how many invoices does the acme ledger list?", names)
    assert counts_files("how many invoices does the acme folder have?", names)
    # A file word in the singular qualifies the thing counted; in the plural, or before another file word, it is counted.
    assert not counts_files("how many file handles does the server keep open?", names)
    assert counts_files("how many text files are in notes?", names) and counts_files("how many pdf invoices?", names)
