"""``tricklog audit --html DIR``: the dispute report, a page for every record with a problem and
an ``index.html`` that lists them with their problems, each linked to where it occurs.

The pages are a consumer of the audit's own run, so the input is read once (standard input
too): the check that reports a record with a problem also makes its page (``page_of``, in the
process or worker that checked it), and ``ReportFolder`` writes the pages as they come back, in
input order, then the index.

The folder is written whole or not at all: the pages go into a temporary folder beside ``DIR``
(each file through ``records.output``), which takes ``DIR``'s place at the end. ``DIR`` may be
missing, empty, or a report written before, holding only what that report wrote, unchanged
(``replay.html.manifest``: each report lists its files in ``tricklog-manifest.json``); a folder
holding anything else is left alone and refused, so that no one's files are replaced by a report.
A symlink to a directory is followed (the directory it names is replaced, the link stays); a
symlink to anything else is refused. A ``DIR`` in an object store (``s3://bucket/report``) is
made in a local temporary folder, then each file is written there whole, the index last: a
store has no folder to swap, so a reader sees the old index or the new one, never one whose
pages are missing.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import stat
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from records.io import ReadFailure
from records.output import OutputError, open_output
from records.remote import is_url
from records.words import number_of
from replay.check import check_paths
from replay.html.manifest import MANIFEST, Manifest, refusal
from replay.html.page import PAGE_HANDS, build_page
from replay.html.render import GENERATOR, render_index, render_page
from replay.html.views import PageView
from replay.report import RecordReport
from replay.text import printable

__all__ = ["Page", "ReportFolder", "page_of", "write_report"]

INDEX = "index.html"
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")
_HAND_INDEX = re.compile(r"^/hands/(\d{1,9})(?:/|$)")


@dataclass(frozen=True, slots=True)
class Page:
    """A record's page, made where the record was checked: the record's place in its chunk
    (from 0), the page's HTML, and what the index lists of it. Plain values: it travels back
    from a worker process."""

    place: int
    html: str
    listed: PageView


def page_of(report: RecordReport, place: int = 0) -> Page:
    """The page of a record with a problem, from its audit report: the record the check decoded
    (the page replays it with every action, which the check leaves out) or, for one that does
    not parse, the problems that say why. A record of more than ``PAGE_HANDS`` hands is laid
    out by its hands with problems (the first ``PAGE_HANDS`` of them), as ``view`` lays out a
    range: the page stays the size of an ordinary game's."""
    if report.record is None:
        page = build_page(report.source, None, report.problems)
    else:
        page = build_page(report.source, report.record, hands=_disputed(report))
    return Page(place, render_page(page, index=INDEX), _summary(page))


def _disputed(report: RecordReport) -> set[int] | None:
    """The indexes of the hands a long record's page lays out: those its problems lie in, at
    most ``PAGE_HANDS``; None (every hand) for a record no longer than that."""
    if len(report.record.hands) <= PAGE_HANDS:
        return None
    found: dict[int, None] = {}
    for problem in report.problems:
        match = _HAND_INDEX.match(problem.pointer)
        if match is not None:
            found[int(match.group(1))] = None
    return set(list(found)[:PAGE_HANDS])


class ReportFolder:
    """``DIR`` being written: refused at once if it holds anything but an earlier report; the
    pages go into a staging folder as they come, and ``finish`` adds the index and puts the
    folder in ``DIR``'s place. Left any other way (an error, Ctrl-C), the staging folder is
    removed and ``DIR`` is as it was."""

    def __init__(self, directory: str, inputs: list[str]) -> None:
        self.directory, self.inputs = directory, inputs
        self.target = Path(directory)
        self.manifest = Manifest(GENERATOR)
        self.listed: list[tuple[str, PageView]] = []
        self.failures: list[str] = []
        self.staging: Path | None = None
        self.mode = 0o755
        self.stack = ExitStack()

    def __enter__(self) -> ReportFolder:
        if is_url(self.directory):
            _check_prefix(self.directory)
            self.staging = Path(tempfile.mkdtemp(prefix="tricklog-report."))
            self.stack.callback(shutil.rmtree, self.staging, ignore_errors=True)
            self.stack.enter_context(_removed_on_signal(str(self.staging)))
            return self
        self.target = _resolved(self.directory)
        _check_target(self.directory, self.target)
        try:
            staging = tempfile.mkdtemp(
                dir=self.target.absolute().parent, prefix=f".{self.target.name}.", suffix=".tmp"
            )
        except OSError as exc:
            raise OutputError(f"{self.directory}: cannot write: {exc.strerror}") from exc
        self.staging = Path(staging)
        self.stack.callback(shutil.rmtree, staging, ignore_errors=True)
        self.stack.enter_context(_removed_on_signal(staging))
        umask = os.umask(0)
        os.umask(umask)
        self.mode = 0o777 & ~umask
        os.chmod(staging, self.mode)
        with suppress(OSError):  # an existing folder keeps its permissions (given at the end)
            self.mode = stat.S_IMODE(self.target.stat().st_mode)
        return self

    def __exit__(self, *exc: object) -> None:
        self.stack.close()

    def add(self, before: int, pages: list[Page]) -> None:
        """Write the pages of a chunk whose first record is the run's record ``before + 1``."""
        assert self.staging is not None
        for page in pages:
            name = f"{before + page.place + 1:04d}-{_slug(page.listed.record_id)}.html"
            self._write(name, page.html.encode("utf-8"))
            self.listed.append((name, page.listed))

    def unreadable(self, failure: ReadFailure) -> None:
        self.failures.append(printable(f"{failure.file}: {failure.message}"))

    def finish(self, records: int) -> int:
        """Write the index of a run over ``records`` records and put the folder in place; the
        number of pages."""
        assert self.staging is not None
        index = render_index(
            self.listed, inputs=self.inputs, records=records, unreadable=self.failures
        )
        self._write(INDEX, index.encode("utf-8"))
        with open_output(str(self.staging / MANIFEST)) as stream:
            stream.write(self.manifest.dumps())
        if is_url(self.directory):
            _upload(self.directory, self.staging)
            return len(self.listed)
        _check_target(self.directory, self.target)  # as it is now, after a run of any length
        os.chmod(self.staging, self.mode)
        _swap(self.directory, self.staging, self.target)
        return len(self.listed)

    def _write(self, name: str, data: bytes) -> None:
        assert self.staging is not None
        with open_output(str(self.staging / name)) as stream:
            stream.write(data)
        self.manifest.add(name, data)

    def where(self, pages: int) -> str:
        """Where the report went, for the person who asked for it: ``wrote the report:
        report/index.html (3 record pages)``."""
        index = (
            f"{self.directory.rstrip('/')}/{INDEX}"
            if is_url(self.directory)
            else self.target / INDEX
        )
        return printable(f"wrote the report: {index} ({number_of(pages, 'record page')})")


def write_report(paths: list[str], directory: str) -> int:
    """Audit every record under ``paths`` (``-``: standard input) and write the pages of those
    with problems and the index into ``directory``; the number of such records.
    ``OutputError`` when the folder cannot be written. (``tricklog audit --html`` writes the same
    folder from its own run, ``replay.cli.checking``.)"""
    with ReportFolder(directory, paths) as folder:
        records = 0
        for item in check_paths(paths, audit=True, detail=False):
            if isinstance(item, ReadFailure):
                folder.unreadable(item)
                continue
            if not item.valid:
                folder.add(records, [page_of(item)])
            records += 1
        return folder.finish(records)


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


def _check_prefix(url: str) -> None:
    """Refuse a ``DIR`` in a store (``s3://bucket/report``) that holds objects other than an
    earlier report's (its ``tricklog-manifest.json``)."""
    from records.remote import StoreError, filesystem  # noqa: PLC0415 (only for URLs)

    try:
        fs, path = filesystem(url)
        found = fs.find(path.rstrip("/"))
    except (StoreError, OSError) as exc:
        raise OutputError(f"{url}: cannot write: {exc}") from None
    if found and f"{path.rstrip('/')}/{MANIFEST}" not in found:
        raise OutputError(
            f"{url}: holds objects that are not a tricklog report; give a new or empty prefix"
        )


def _upload(url: str, staging: Path) -> None:
    """The report's files written under ``url``, each whole (``records.output``); the index
    last, so that the index a reader opens lists only pages that are there."""
    names = sorted(path.name for path in staging.iterdir())
    names.sort(key=lambda name: name == INDEX)
    for name in names:
        with open_output(f"{url.rstrip('/')}/{name}") as stream:
            stream.write((staging / name).read_bytes())
    from records.remote import filesystem  # noqa: PLC0415 (only for URLs)

    fs, path = filesystem(url)
    fs.invalidate_cache()
    old = [found for found in fs.find(path.rstrip("/")) if found.rsplit("/", 1)[-1] not in names]
    if old:  # the pages of an earlier report that this one does not have
        fs.rm(old)


def _resolved(name: str) -> Path:
    """The folder ``DIR`` names: a symlink to a directory is followed (the link stays, the
    directory it names is replaced); a symlink to anything else is refused."""
    path = Path(name)
    if not path.is_symlink():
        return path
    real = Path(os.path.realpath(name))
    if real.is_dir():
        return real
    what = "a file" if real.exists() else "nothing"
    raise OutputError(
        f"{name}: is a symlink to {what} ({printable(str(real))}); give a directory, "
        "or a symlink to one"
    )


def _check_target(name: str, target: Path) -> None:
    """Refuse a ``DIR`` that is not a directory, or a folder holding anything but an earlier
    report as it wrote it (``replay.html.manifest``)."""
    if not target.exists() and not target.is_symlink():
        return
    if not target.is_dir() or target.is_symlink():
        raise OutputError(f"{name}: is not a directory; give a new or empty directory")
    why = refusal(target)
    if why is not None:
        raise OutputError(f"{name}: {why}")


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
