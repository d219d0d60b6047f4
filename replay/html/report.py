"""``tricklog audit --html DIR``: the dispute report, a page for every record with a problem and
an ``index.html`` that lists them with their problems, each linked to where it occurs.

The folder is written whole or not at all: the pages go into a temporary folder beside ``DIR``
(each file through ``replay.cli.output``), which takes ``DIR``'s place at the end. ``DIR`` may be
missing, empty, or a report written before (its index names tricklog as its generator); a folder
holding anything else is left alone and refused, so that no one's files are replaced by a report.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from records.io import ReadFailure, iter_entries
from replay.check import check, decode
from replay.cli.output import OutputError, open_output
from replay.cli.terminal import printable
from replay.html.page import build_page
from replay.html.render import GENERATOR, render_index, render_page
from replay.html.views import PageView

__all__ = ["write_report"]

INDEX = "index.html"
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")
_MARK = f'<meta name="generator" content="{GENERATOR}">'


def write_report(paths: list[str], directory: str) -> int:
    """Write the report of every record under ``paths`` into ``directory``; the number of
    records with problems. ``OutputError`` when the folder cannot be written (or ``-`` is
    among ``paths``: standard input cannot be read a second time for the audit itself)."""
    if "-" in paths:
        raise OutputError("--html cannot read standard input (-): give the files")
    target = Path(directory)
    _check_target(directory, target)
    parent = target.absolute().parent
    try:
        staging = tempfile.mkdtemp(dir=parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise OutputError(f"{directory}: cannot write: {exc.strerror}") from exc
    try:
        with _removed_on_signal(staging):
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(staging, 0o777 & ~umask)
            found = _write_pages(paths, Path(staging))
            _swap(directory, Path(staging), target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return found


@contextmanager
def _removed_on_signal(staging: str) -> Iterator[None]:
    """Ctrl-C, SIGTERM or SIGHUP remove the staging folder, then do what they did before (the
    command's handler removes the file being written and ends the run, ``replay.cli.app``)."""
    stops = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

    def stop(number: int, frame: Any) -> None:
        shutil.rmtree(staging, ignore_errors=True)
        previous = before.get(number)
        if callable(previous):
            previous(number, frame)
        else:
            os._exit(128 + number)

    try:
        before: dict[int, Any] = {
            n: signal.signal(n, stop) for n in stops if signal.getsignal(n) != signal.SIG_IGN
        }
    except ValueError:  # not the main thread: signals are not ours to take
        yield
        return
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


def _write_pages(paths: list[str], folder: Path) -> int:
    """A page per record with a problem, then the index; the number of such records."""
    listed: list[tuple[str, PageView]] = []
    unreadable: list[str] = []
    records = 0
    for item in iter_entries(paths):
        if isinstance(item, ReadFailure):
            unreadable.append(printable(f"{item.file}: {item.message}"))
            continue
        records += 1
        decoded = decode(item.data)
        if isinstance(decoded, list):
            page = build_page(item.where, None, decoded)
        elif check(decoded, audit=True, detail=False, source=item.where).valid:
            continue
        else:
            page = build_page(item.where, decoded)
        name = f"{records:04d}-{_slug(page.record_id)}.html"
        _write(folder / name, render_page(page, index=INDEX))
        listed.append((name, _summary(page)))
    _write(
        folder / INDEX, render_index(listed, inputs=paths, records=records, unreadable=unreadable)
    )
    return len(listed)


def _summary(page: PageView) -> PageView:
    """What the index needs of a page (its hands need not stay in memory)."""
    return PageView(
        source=page.source,
        record_id=page.record_id,
        game=page.game,
        title=page.title,
        problems=page.problems,
    )


def _slug(record_id: str | None) -> str:
    """A file name part from a record's id: letters, digits, ``-`` and ``_`` only."""
    slug = _UNSAFE.sub("-", record_id or "not-a-record").strip("-")[:60]
    return slug or "record"


def _write(path: Path, text: str) -> None:
    with open_output(str(path)) as stream:
        stream.write(text.encode("utf-8"))


def _check_target(name: str, target: Path) -> None:
    """Refuse a ``DIR`` that is a file, or a folder holding anything but an earlier report."""
    if not target.exists():
        return
    if not target.is_dir():
        raise OutputError(f"{name}: is not a directory; give a new or empty directory")
    if _is_replaceable(target):
        return
    raise OutputError(
        f"{name}: holds files that are not a tricklog report; give a new or empty directory"
    )


def _is_replaceable(target: Path) -> bool:
    """An empty folder, or one holding only the pages of an earlier report."""
    try:
        names = os.listdir(target)
        if not names:
            return True
        if INDEX not in names or not all(n.endswith(".html") for n in names):
            return False
        with open(target / INDEX, encoding="utf-8", errors="replace") as index:
            return _MARK in index.read(4096)
    except OSError:
        return False


def _swap(name: str, staging: Path, target: Path) -> None:
    """Put the new report in ``target``'s place; an earlier one is removed only once the new
    one stands."""
    old: Path | None = None
    try:
        if target.exists():
            old = Path(tempfile.mkdtemp(dir=target.absolute().parent, prefix=f".{target.name}."))
            os.replace(target, old / "report")
        os.replace(staging, target)
    except OSError as exc:
        if old is not None and (old / "report").exists() and not target.exists():
            os.replace(old / "report", target)  # put the earlier report back
        raise OutputError(f"{name}: cannot write: {exc.strerror or exc}") from exc
    finally:
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
