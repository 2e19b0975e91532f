"""Dividing the cores between filesage processes that answer at the same time, so that two questions at once each
take about 1.5x their time alone instead of crawling: ggml's threads stall when they share a core."""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path


def physical_cores() -> int:
    """Physical cores, not hyperthreads: llama.cpp slows down when threads share a core."""
    cores = set()
    for topology in Path("/sys/devices/system/cpu").glob("cpu[0-9]*/topology"):
        try:
            package = (topology / "physical_package_id").read_text().strip()
            core = (topology / "core_id").read_text().strip()
        except OSError:
            continue
        cores.add((package, core))
    return len(cores) or os.cpu_count() or 1


class CoreSharing:
    """The filesage processes answering a question on this machine at the moment, so each can take its share
    of the cores. Measured on 2 cores (bench/end_to_end.py and a decode benchmark): two processes decoding
    with one thread each run at 19 tokens/s each (28 alone with two threads), so two questions at once cost
    each about 1.5x; but a two-thread decode beside any other busy thread falls to 8 tokens/s, and two
    two-thread decodes to 1, because ggml's threads wait for each other at every operation and one without
    a core of its own stalls the rest. Taking turns at the whole model instead (one call at a time) made a
    short question wait out a long one: up to 2.7x.

    A process answering holds an exclusive lock on a file named by its pid in `directory`; the kernel lets
    the lock go when the process dies, so a crashed process is never counted."""

    def __init__(self, directory: Path | None):
        self.directory = directory  # None: as if alone
        self._mark = None

    @contextmanager
    def answering(self):
        """This process counts as answering until the block ends."""
        import fcntl

        if self.directory is None or self._mark is not None:
            yield
            return
        path = self.directory / str(os.getpid())
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            mark = open(path, "a")
        except OSError:
            yield  # an unwritable temp folder: run as if alone
            return
        fcntl.flock(mark, fcntl.LOCK_EX)  # its own file: never waits
        self._mark = mark
        try:
            yield
        finally:
            path.unlink(missing_ok=True)
            mark.close()
            self._mark = None

    def others(self) -> int:
        """How many other processes are answering now."""
        import fcntl

        if self.directory is None:
            return 0
        count = 0
        try:
            entries = list(os.scandir(self.directory))
        except OSError:
            return 0
        for entry in entries:
            if entry.name == str(os.getpid()):
                continue
            try:
                with open(entry.path) as mark:
                    fcntl.flock(mark, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except BlockingIOError:
                count += 1
            except OSError:
                pass  # gone between the listing and the look
            else:
                if entry.name.isdigit() and not pid_alive(int(entry.name)):
                    Path(entry.path).unlink(missing_ok=True)  # left by a process that was killed
        return count


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # it exists, as another user's
    return True
