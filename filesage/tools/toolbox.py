"""The read-only filesystem tools over one root folder (count, list, metadata, grep, tree, read), all answering
from one shared walk of the tree, each with an answer rendered exactly from the files."""

from __future__ import annotations

import fnmatch
import os
import re
from pathlib import Path
from typing import Annotated, Literal

from ..errors import UsageError
from ..files.readers import document_parts
from ..files.walk import FileEntry, confine, human_size, walk, when
from ..language.glossary import translations
from ..language.matching import files_named, kin_words, match_folder, parse_size, parse_span, split_type_words, type_extensions
from ..language.lexicon import LANGUAGE_WORDS
from ..language.text import singular, terms, words
from .listing import (
    MAX_LISTED,
    ORDER_WORDS,
    Selection,
    breakdown,
    file_line,
    files_noun,
    folder_tree,
    match_names,
    names_sentence,
    left_out,
    part_about,
    rows_about,
    span,
)
from .result import BadArgument, ToolResult, note, trim

READ_WINDOW_CHARS = 3000  # what one read_file call returns at most: a window that fits beside the rest


class Toolbox:
    """The filesystem tools for one root. The tree is walked once and shared by every tool call;
    refresh() walks it again (the chat does so before each question)."""

    def __init__(self, root: Path, include_hidden: bool = False):
        root = Path(root).expanduser()
        if not root.exists():
            raise UsageError(f"folder {root} does not exist; pass an existing folder with --root")
        if not root.is_dir():
            raise UsageError(f"{root} is a file, not a folder; pass the folder that contains it with --root")
        if not os.access(root, os.R_OK | os.X_OK):
            raise UsageError(f"folder {root} cannot be read (permission denied)")
        self.root = root.resolve()
        self.include_hidden = include_hidden
        self._entries: list[FileEntry] | None = None
        self._hidden: list[FileEntry] | None = None
        self._name_words: set[str] | None = None

    @property
    def entries(self) -> list[FileEntry]:
        if self._entries is None:
            self._entries = walk(self.root, self.include_hidden)
        return self._entries

    @property
    def hidden_entries(self) -> list[FileEntry]:
        """The files left out for their hidden names (a dot starts the name of the file or of a folder it is in)."""
        if self._hidden is None:
            shown = {e.path for e in self.entries}
            self._hidden = [e for e in walk(self.root, include_hidden=True) if e.path not in shown
                            and any(part.startswith(".") for part in e.path.split("/"))]
        return self._hidden

    @property
    def folders(self) -> list[str]:
        """Every folder that holds a file somewhere below it."""
        found = set()
        for entry in self.entries:
            parts = entry.path.split("/")[:-1]
            found.update("/".join(parts[: i + 1]) for i in range(len(parts)))
        return sorted(found)

    def name_words(self) -> set[str]:
        """Every word of the folder's own file and folder names, singular: what its files are called. Kept
        with the entries it comes from: several checks of one question ask for it."""
        if self._name_words is None:
            self._name_words = {singular(w) for entry in self.entries for w in words(entry.path)}
        return self._name_words

    def refresh(self) -> None:
        self._entries = self._hidden = self._name_words = None

    def folder_prefix(self, folder: str) -> str | None:
        """The folder an argument means, '' for the whole folder, None when no folder fits. A path that
        leaves the root raises ConfinementError, whatever else it might match."""
        if not folder.strip():
            return ""
        exact = confine(self.root, folder)
        if exact == "" or exact in self.folders:
            return exact
        return match_folder(folder, self.folders, self.root.name)

    def select(
        self, extension: str, folder: str, name: str = "", larger_than: str = "", smaller_than: str = "", empty: bool = False, changed_within: str = "",
        hidden: str = "no", excluding: str = "",
    ) -> Selection:
        """The files that pass every filter. Small models put words in the wrong argument ('finance' as a
        type, 'pdfs' as a folder, 'invoices' as a type), so each word is read for what it names in this
        tree: a type, a folder, or part of a file name."""
        extensions, rest = split_type_words(extension)
        notes = []
        named_type, name_rest = split_type_words(name)
        if named_type and not name_rest:  # name="images": a type, not words of a name
            extensions, name = extensions or named_type, ""
            notes.append(f"'{named_type[0]}' is a file type, not part of a name")
        prefix = self.folder_prefix(folder)
        if prefix is None:
            as_type, leftover = split_type_words(folder)
            if as_type and not leftover:
                if not extensions:
                    extensions = as_type
                prefix = ""
                notes.append(f"'{folder}' is no folder here; it was read as a file type")
            else:
                shown = ", ".join(f + "/" for f in self.folders[:30]) or "(none)"
                raise BadArgument(f"there is no folder '{folder}'; the folders are: {shown}")
        name_words = words(name)
        for word in rest:
            as_folder = match_folder(word, self.folders, self.root.name) if not prefix else None
            if as_folder:
                prefix = as_folder
                notes.append(f"'{word}' was read as the folder {as_folder}/")
            else:
                name_words.append(word)
                notes.append(f"'{word}' is no file type; it was read as part of a file name")
        chosen_from = {"only": self.hidden_entries, "too": self.entries + self.hidden_entries}.get(hidden, self.entries)
        selected = [e for e in chosen_from if (not extensions or e.extension in extensions) and (not prefix or e.path.startswith(prefix + "/"))]
        conditions = {"only": ["that are hidden (a dot starts the name)"], "too": ["(hidden ones included)"]}.get(hidden, [])
        if name_words:
            wanted = [singular(w) for w in name_words]
            # A folder named just so holds the thing's files too ("the files for zither": what zither/ holds).
            by_name = [e for e in selected if all(w in {singular(x) for x in words(e.name)} or w in e.name.lower() or w in e.path.lower().split("/")[:-1] for w in wanted)]
            if not by_name:  # "invoices" may be the folder they sit in
                by_name = [e for e in selected if all(w in {singular(x) for x in words(e.path)} for w in wanted)]
            if not by_name and named_type and name_rest and not extensions:  # "budget spreadsheet": a budget of that type
                kept = [singular(w) for w in name_rest]
                by_name = [e for e in selected if e.extension in named_type and all(w in {singular(x) for x in words(e.path)} for w in kept)]
                name_words = name_rest if by_name else name_words
            if not by_name:  # "my bills", when the files are named "invoice"
                kin = [(w, sorted(kin_words(w) & self.name_words())) for w in wanted]
                if all(others or w in self.name_words() for w, others in kin):
                    by_name = [e for e in selected if all({w, *others} & {singular(x) for x in words(e.path)} for w, others in kin)]
                    if by_name:
                        name_words = [" or ".join(others) if others and w not in self.name_words() else w for w, others in kin]
                        notes.append(f"no file is named '{' '.join(wanted)}'; read as {' '.join(name_words)}")
            if not by_name:  # "my invoices", filed in a folder named for them in the folder's language ("factures/")
                filed = [(w, {singular(t) for t in translations(terms(w), set(LANGUAGE_WORDS))}) for w in wanted]
                folders = {e.path: {singular(x) for x in words(e.path.rpartition("/")[0])} for e in selected}
                by_name = [e for e in selected if all(({w} | others) & folders[e.path] for w, others in filed)]
                if by_name:
                    folder_words = set().union(*(folders[e.path] for e in by_name))
                    name_words = [" or ".join(sorted(others & folder_words)) or w for w, others in filed]
                    notes.append(f"no file is named '{' '.join(wanted)}'; read as the folder's {' '.join(name_words)}")
            selected = by_name
            said = [w for w in words(" ".join(name_words)) if w != "or"]
            inside = any(not any(w in e.name.lower() for w in said) for e in selected)  # by a folder's name
            conditions.append(f"with '{' '.join(name_words)}' in the name" + (" or folder" if inside else ""))
        if excluding.strip():
            out, said = left_out(selected, excluding.strip(), self.folders)
            selected = [e for e in selected if e not in out]
            conditions.append(said)
        for value, label, test in (
            (larger_than, "larger than", lambda size, limit: size > limit),
            (smaller_than, "smaller than", lambda size, limit: size < limit),
        ):
            if str(value).strip():
                limit = parse_size(str(value))
                if limit is None:
                    raise BadArgument(f"{label.replace(' ', '_')} must be a size such as '5 MB' or '100 KB', got '{value}'")
                selected = [e for e in selected if test(e.size, limit)]
                conditions.append(f"{label} {human_size(limit) if limit >= 1024 else f'{limit} bytes'}")
        if empty:
            selected = [e for e in selected if e.size == 0]
            conditions.append("that are empty (0 bytes)")
        if str(changed_within).strip():
            period = parse_span(str(changed_within))
            if period is None:
                raise BadArgument(f"changed_within must be a period such as '7 days', '2 weeks', '2025-10' or '2025-10-01 to 2025-10-31', got '{changed_within}'")
            start, end, said = period
            selected = [e for e in selected if start <= e.modified < end]
            conditions.append(said or f"changed since {when(start)}")
        where = f"under {prefix}/" if prefix else "in the folder"
        return Selection(selected, files_noun(extension, extensions), where, conditions, notes)

    def _selected(self, **filters) -> Selection | ToolResult:
        try:
            return self.select(**filters)
        except BadArgument as exc:
            return ToolResult(f"{exc}.", [], str(exc), ok=False)

    def count_files(
        self,
        extension: str = "",
        folder: str = "",
        name: str = "",
        larger_than: str = "",
        smaller_than: str = "",
        empty: bool = False,
        changed_within: str = "",
        hidden: Literal["no", "only", "too"] = "no",
        excluding: str = "",
    ) -> ToolResult:
        """Count files; every filter is optional: type, subfolder, words of the name, size, empty, recent change.

        Args:
            extension: file type such as "pdf" or "images"; empty counts every file
            folder: subfolder relative to the root; empty means the whole folder
            name: words the file name contains, e.g. "invoice"
            larger_than: only files larger than this size, e.g. "5 MB"
            smaller_than: only files smaller than this size, e.g. "100 KB"
            empty: true for only empty (0-byte) files
            changed_within: only files modified within this period, e.g. "7 days", "2 weeks", "2025-10" or "2025-10-01 to 2025-10-31"
            hidden: "only" for the hidden files alone (a dot starts the name), "too" for them beside the others; "no" leaves them out
            excluding: leave out the files under this subfolder or with these words in the name, e.g. "Archive" or "draft"
        """
        selection = self._selected(extension=extension, folder=folder, name=name, larger_than=larger_than, smaller_than=smaller_than, empty=empty, changed_within=changed_within, hidden=hidden, excluding=excluding)
        if isinstance(selection, ToolResult):
            return selection
        files = selection.files
        count = len(files)
        text = f"{count} {selection.phrase(count)} ({human_size(sum(e.size for e in files))})."
        size = f" ({human_size(sum(e.size for e in files))} in all)" if count > 1 else ""
        answer = f"There {'is' if count == 1 else 'are'} {count if count else 'no'} {selection.phrase(count)}{size}."
        said = breakdown(files)
        under = self.folder_prefix(folder) if folder.strip() else None
        # A folder counted is asked about its folders as often as its files ("how many subfolders does it have").
        subfolders = sorted({f[len(under) + 1:].split("/")[0] for f in self.folders if f.startswith(f"{under}/")}) if under else []
        if subfolders:
            said += f" {under}/ has {len(subfolders)} subfolder{'s' if len(subfolders) != 1 else ''} directly under it: {names_sentence(subfolders)}."
        text, answer = text + said, answer + said
        paths = [e.path for e in files] if count <= 10 else []
        if paths:
            text += "\nThey are: " + ", ".join(paths)
            answer += f" {'It is' if count == 1 else 'They are'} {names_sentence(paths)}."
        if selection.notes:
            text += "\n(" + "; ".join(selection.notes) + ")"
        said = self._hidden_left_out("Not counted", hidden, extension=extension, folder=folder, name=name, larger_than=larger_than,
                                     smaller_than=smaller_than, empty=empty, changed_within=changed_within, excluding=excluding)
        if said:
            text, answer = f"{text}\n{said}", f"{answer} {said}"
        noun = selection.noun[0] if count == 1 else selection.noun[1]
        return ToolResult(text, paths, f"Found {count} {noun}", answer=answer)  # a count of zero answers as well as any

    def list_files(
        self,
        extension: str = "",
        folder: str = "",
        order: Literal["newest", "oldest", "largest", "smallest"] = "newest",
        limit: Annotated[int, 1, MAX_LISTED] = 20,
        name: str = "",
        larger_than: str = "",
        smaller_than: str = "",
        empty: bool = False,
        changed_within: str = "",
        hidden: Literal["no", "only", "too"] = "no",
        excluding: str = "",
    ) -> ToolResult:
        """List files with their dates and sizes, newest first (or oldest, largest, smallest first); every filter is optional.

        Args:
            extension: file type such as "pdf" or "spreadsheets"; empty lists every file
            folder: subfolder relative to the root; empty means the whole folder
            order: newest, oldest, largest or smallest first
            limit: how many files to show; 1 for the single newest/oldest/largest/smallest
            name: words the file name contains, e.g. "invoice"
            larger_than: only files larger than this size, e.g. "5 MB"
            smaller_than: only files smaller than this size, e.g. "100 KB"
            empty: true for only empty (0-byte) files
            changed_within: only files modified within this period, e.g. "7 days", "2 weeks", "2025-10" or "2025-10-01 to 2025-10-31"
            hidden: "only" for the hidden files alone (a dot starts the name), "too" for them beside the others; "no" leaves them out
            excluding: leave out the files under this subfolder or with these words in the name, e.g. "Archive" or "draft"
        """
        selection = self._selected(extension=extension, folder=folder, name=name, larger_than=larger_than, smaller_than=smaller_than, empty=empty, changed_within=changed_within, hidden=hidden, excluding=excluding)
        if isinstance(selection, ToolResult):
            return selection
        key, reverse = {
            "newest": (lambda e: e.modified, True),
            "oldest": (lambda e: e.modified, False),
            "largest": (lambda e: e.size, True),
            "smallest": (lambda e: e.size, False),
        }[order]
        total = len(selection.files)
        shown = sorted(selection.files, key=key, reverse=reverse)[:limit]
        if not shown:
            none = f"There are no {selection.phrase(0)}."
            return ToolResult(f"No {selection.phrase(0)}.", [], f"No {selection.noun[1]} found", found=False, answer=none)
        lines = [f"The {len(shown)} {order} of {total} {selection.phrase(total)} (modified, size, path):"]
        lines += [f"{when(e.modified)}  {human_size(e.size):>9}  {e.path}" for e in shown]
        if selection.notes:
            lines.append("(" + "; ".join(selection.notes) + ")")
        if len(shown) == 1 and (limit == 1 or total == 1):
            first = shown[0]
            if total == 1:
                answer = f"There is 1 {selection.phrase(1)}: {first.path} ({human_size(first.size)}, modified {when(first.modified)})."
            else:
                answer = f"The {order} of the {total} {selection.phrase(total)} is {first.path} ({human_size(first.size)}, modified {when(first.modified)})."
        else:
            size = human_size(sum(e.size for e in selection.files))
            head = (f"{total} {selection.phrase(total)} ({size} in all), {ORDER_WORDS[order]}" if len(shown) == total
                    else f"The {len(shown)} {order} of {total} {selection.phrase(total)} ({size} in all)")
            answer = head + ":\n" + "\n".join(file_line(e) for e in shown)
        said = self._hidden_left_out("Not listed", hidden, extension=extension, folder=folder, name=name, larger_than=larger_than,
                                     smaller_than=smaller_than, empty=empty, changed_within=changed_within, excluding=excluding)
        if said:
            lines, answer = [*lines, said], f"{answer}\n{said}"
        return ToolResult("\n".join(lines), [e.path for e in shown], f"Listed {len(shown)} of {total} {selection.noun[1]}", answer=answer)

    def _hidden_left_out(self, how: str, hidden: str, **filters) -> str:
        """The hidden files that would match too, said ("Not counted: 1 hidden file (.notes)."), so that a count or a
        listing says which one it is; '' when hidden files were asked for or none would match."""
        dotted = self._selected(**filters, hidden="only") if hidden == "no" else None
        if dotted is None or isinstance(dotted, ToolResult) or not dotted.files:
            return ""
        n = len(dotted.files)
        return f"{how}: {n} hidden file{'s' if n != 1 else ''} ({names_sentence([e.path for e in dotted.files[:3]])}{', ...' if n > 3 else ''})."

    def file_metadata(self, name_hint: str) -> ToolResult:
        """Size, modification and creation times, path and pages (or sheets, slides) of the files whose name matches a hint.

        Args:
            name_hint: the file's name or the words that describe it, e.g. "plan_2031.xlsx", "2031 plan" or "lease"
        """
        matches = match_names(self.entries, name_hint)
        if not matches:
            return ToolResult(f"No file name matches '{name_hint}'.", [], f"No file matches '{name_hint}'", found=False)
        lines, told = [], []
        for e in matches[:10]:
            created = f"created {when(e.created)}" if e.created else "creation time not recorded by this filesystem"
            parts = document_parts(self.root / e.disk_path, e.extension)
            lines.append(f"{e.path}: {human_size(e.size)} ({e.size} bytes), modified {when(e.modified)}, {created}" + (f", {parts}" if parts else ""))
            told.append(f"{e.path}: {human_size(e.size)} ({e.size:,} bytes), last modified {when(e.modified)}" + (f", {parts}" if parts else ""))
        if len(matches) > 10:
            lines.append(f"... {len(matches) - 10} more matching files")
        answer = told[0] + "." if len(told) == 1 else f"{len(matches)} files match '{name_hint}':\n" + "\n".join(f"- {t}" for t in told)
        if len(matches) > 10:
            answer += f"\n... and {len(matches) - 10} more"
        return ToolResult("\n".join(lines), [e.path for e in matches[:10]], f"{len(matches)} file(s) match '{name_hint}'", answer=answer)

    def grep_files(self, pattern: str) -> ToolResult:
        """Find files whose name or path matches a pattern: plain text, a glob like "*.csv", or a regex.

        Args:
            pattern: text, glob or regular expression matched against each relative path
        """
        pattern = pattern.strip()
        if not pattern:
            return ToolResult("The pattern is empty; give part of a file name.", [], "Empty pattern", ok=False)
        if any(c in pattern for c in "*?[") and not re.search(r"[\\^$+(){}|]|\.\*", pattern):
            kind = "glob"
            lowered = pattern.lower()
            matches = [e for e in self.entries if fnmatch.fnmatch(e.name.lower(), lowered) or fnmatch.fnmatch(e.path.lower(), lowered)]
        elif re.search(r"[\\^$+*?(){}\[\]|]", pattern):
            kind = "regular expression"
            try:
                regex = re.compile(pattern, re.IGNORECASE)
            except re.error as exc:
                return ToolResult(f"'{pattern}' is not a valid regular expression ({exc}).", [], "Bad pattern", ok=False)
            matches = [e for e in self.entries if regex.search(e.path)]
        else:
            kind = "text"
            wanted = [singular(w) for w in words(pattern)]

            def matches_in(part) -> list[FileEntry]:
                # "offer signed" finds offer-signed-v3.pdf: separators and plurals aside.
                return [e for e in self.entries if pattern.lower() in part(e).lower() or (wanted and all(w in {singular(x) for x in words(part(e))} for w in wanted))]

            # Names first: "files with backup in the name" are not the files of a backups/ folder.
            matches = matches_in(lambda e: e.name) or matches_in(lambda e: e.path)
        if not matches:
            return ToolResult(f"No file path matches the {kind} '{pattern}'.", [], f"No path matches '{pattern}'", found=False)
        lines = [f"{len(matches)} file(s) match the {kind} '{pattern}':"]
        lines += [e.path for e in matches[:MAX_LISTED]]
        if len(matches) > MAX_LISTED:
            lines.append(f"... {len(matches) - MAX_LISTED} more")
        answer = f"{len(matches)} {'file matches' if len(matches) == 1 else 'files match'} '{pattern}':\n" + "\n".join(file_line(e) for e in matches[:MAX_LISTED])
        if len(matches) > MAX_LISTED:
            answer += f"\n... and {len(matches) - MAX_LISTED} more"
        return ToolResult("\n".join(lines), [e.path for e in matches[:MAX_LISTED]], f"{len(matches)} path(s) match '{pattern}'", answer=answer)

    def directory_tree(self, max_depth: Annotated[int, 1, 6] = 2, folder: str = "") -> ToolResult:
        """Show the folder structure with the number of files under each folder.

        Args:
            max_depth: how many folder levels to show
            folder: subfolder relative to the root to start from; empty means the whole folder
        """
        prefix = self.folder_prefix(folder)
        if prefix is None:
            shown = ", ".join(f + "/" for f in self.folders[:30]) or "(none)"
            return ToolResult(f"There is no folder '{folder}' with files in it; the folders are: {shown}.", [], f"No folder '{folder}'", ok=False)
        inside = [e for e in self.entries if not prefix or e.path.startswith(prefix + "/")]
        tree, answer, folders = folder_tree(inside, prefix, max_depth)
        said = self._hidden_left_out("Not counted", "no", extension="", folder=folder, name="")
        return ToolResult(f"{tree}\n{said}".strip(), [], f"{folders} folders, {len(inside)} files", answer=f"{answer}\n{said}".strip())

    def read_file(
        self, path: str, start: Annotated[int, 1, 10_000] = 1, length: Annotated[int, 500, READ_WINDOW_CHARS] = READ_WINDOW_CHARS, about: str = ""
    ) -> ToolResult:
        """Read the text of one file, a window at a time, marked with where it comes from (pages, lines).

        Args:
            path: the file's path relative to the folder, or its name
            start: which part to start from: 1 is the beginning; a result says where the next window starts
            length: how many characters to read
            about: read the part of a long file about this (e.g. "warranty") instead of the beginning
        """
        from ..files.readers import Unreadable, read_document

        candidates = self.files_for(path)
        if not candidates:
            return ToolResult(f"No file matches '{path}'.", [], f"No file matches '{path}'", found=False)
        if len(candidates) > 1:
            # Reading the first of several files a loose name fits answers from a file nobody chose.
            shown = ", ".join(e.path for e in candidates[:8]) + (f" and {len(candidates) - 8} more" if len(candidates) > 8 else "")
            return ToolResult(f"'{path}' fits {len(candidates)} files: {shown}. Call read_file with the path of the one the question is about.",
                              [], f"'{path}' fits {len(candidates)} files", ok=False)
        entry = candidates[0]
        try:
            document = read_document(self.root / entry.disk_path, entry.extension)
        except Unreadable as exc:
            return ToolResult(f"{entry.path} cannot be read: {exc}.", [], f"{entry.name}: {exc}", ok=False)
        except OSError as exc:
            return ToolResult(f"{entry.path} cannot be read: {exc.strerror or exc}.", [], f"{entry.name}: unreadable", ok=False)
        parts = document.segments
        if not parts:
            return ToolResult(f"{entry.path} has no text.", [entry.path], f"{entry.name}: no text", found=False)
        if start > len(parts):
            return ToolResult(f"{entry.path} has {len(parts)} parts; start must be 1 to {len(parts)}.", [], "Past the end", ok=False)
        found = rows_about(about, [segment.text for segment in parts]) if about.strip() and start == 1 else None
        if found:  # a table read about something: the rows that say it, wherever they are in it
            rows, count = found
            shown = len(rows) - rows[0].startswith("Columns:")
            which = "the row" if count == 1 else f"the {count} rows" if shown == count else f"the first {shown} of the {count} rows"
            return ToolResult(trim(f"{entry.path} ({which} about '{about.strip()}'):\n" + "\n".join(rows), length), [entry.path],
                              f"Read {entry.name}, rows about '{about.strip()}'", locations={entry.path: "rows"})
        if about.strip() and start == 1:
            start = part_about(about, [segment.text for segment in parts])
        chosen, size = [], 0
        for segment in parts[start - 1 :]:
            if chosen and size + len(segment.text) > length:
                break
            chosen.append(segment)
            size += len(segment.text)
        body = trim("\n".join(s.text for s in chosen), length)
        where = span(chosen[0].location, chosen[-1].location)
        following = start + len(chosen)
        notes = []
        if following <= len(parts):
            notes.append(f"{len(parts) - following + 1} more parts follow: read_file with start={following}.")
        if document.capped:
            notes.append("Only the first part of this very large file was read.")
        text = f"{entry.path} ({where}):\n{body}" + ("\n" + note(" ".join(notes)) if notes else "")
        return ToolResult(text, [entry.path], f"Read {entry.name}, {where}", locations={entry.path: where})

    def scope(self, within: str) -> list[str]:
        """The files a search is kept to: the files the paths or names point at (several: separated by commas), or
        a folder's files."""
        found: list[str] = []
        for part in (p for p in within.split(",") if p.strip()):
            relative = confine(self.root, part)
            if relative in {e.path for e in self.entries}:
                found.append(relative)
                continue
            prefix = self.folder_prefix(part)
            # "The seattle weather data": a folder named by one word of it ("Data"), and a file in it by the others.
            folder_words = {singular(w) for w in words(prefix or "")}
            inside = [e.path for e in match_names(self.entries, part) if prefix and e.path.startswith(prefix + "/")
                      and {singular(w) for w in words(e.name)} & ({singular(w) for w in words(part)} - folder_words)]
            if inside:
                found += inside
            elif prefix:
                found += [e.path for e in self.entries if e.path.startswith(prefix + "/")]
            else:
                # A kind of document named by its one word in another language than the files' ("lease": "Bail_2031.docx").
                found += [e.path for e in match_names(self.entries, part)] or [
                    e.path for word in translations(terms(part), set(LANGUAGE_WORDS)) if len(word) >= 4 and len(terms(part)) == 1
                    for e in match_names(self.entries, word)]
        return list(dict.fromkeys(found))

    def named_in(self, question: str) -> list[str]:
        """The files a question names by their own names (language.matching.files_named)."""
        return files_named(question, [e.path for e in self.entries])

    def files_for(self, path: str) -> list[FileEntry]:
        """The files under the root that the model named by path or by name (one, when it gave a path);
        only files the walk found (regular files, inside the root) can be read."""
        relative = confine(self.root, path)
        by_path = {e.path: e for e in self.entries}
        if relative in by_path:
            return [by_path[relative]]
        return match_names(self.entries, path)
