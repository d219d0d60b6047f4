"""Converting records between formats, with every fact the output cannot carry reported.

``convert(inputs, output)`` reads every input (files, compressed files, directories, ``-``) in
the format its name or content says (or ``frm``), writes the records in the format of the
output's name (or ``to``) and returns a ``Conversion``: what was read and written, each ``Loss``
(a fact of a record the output cannot carry, or an input that is not a record at all), and the
inputs that could not be read. The output is written whole or not at all: nothing when an input
cannot be read, and nothing when something would be lost unless ``allow_loss`` says so.
"""

from __future__ import annotations

import dataclasses
import sys
import tempfile
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from records.formats.base import Loss, Read, Reader, pick_form
from records.formats.detect import detect, sniff
from records.formats.files import READ_ERRORS, open_input, peek
from records.formats.registry import FORMATS, Format, by_name, by_suffix, split_suffix
from records.io import ReadFailure
from records.output import OutputError, write_whole
from records.paths import OnePath, Paths, input_paths, one_path
from records.remote import is_url, local_path
from records.streams import ReadError
from records.words import number_of

if TYPE_CHECKING:
    from records.record import Record

__all__ = [
    "Conversion",
    "ConversionError",
    "OutputFailedError",
    "convert",
    "input_format",
    "output_format",
    "reads",
]

WriteFile = Callable[[Path, Iterable[bytes]], None]
Decode = Callable[[bytes], Any]
"""A writer's decoder of a tricklog JSON record (``decode`` of its module): the record, or the
list of problems that stop it being one."""


class OutputFailedError(OSError):
    """Raised by a ``write_file`` to say, in words, why the output cannot be written; the
    report takes the message as it is."""


class ConversionError(ValueError):
    """A conversion that cannot start: an unknown format or form, or a format that cannot be
    read or written, or an output whose format its name does not tell. Nothing was read."""


DETAIL = 1_000
"""Losses, and inputs that are not records, that a conversion report holds in full; beyond
them it counts (``Conversion.loss_count``, ``rejected_count``), so that converting an archive of
a million records, each losing its players' names, holds a thousand losses, not millions."""


@dataclass
class Conversion:
    """What a conversion did and what it could not carry."""

    to: str
    form: str | None
    output: str
    records: int = 0
    """Records read and given to the writer."""
    losses: list[Loss] = field(default_factory=list)
    """The first ``DETAIL`` losses (``loss_count`` counts them all)."""
    rejected: list[Read] = field(default_factory=list)
    """The first ``DETAIL`` inputs that are not records, with their problems (each is also a
    loss; ``rejected_count`` counts them all)."""
    unreadable: list[ReadFailure] = field(default_factory=list)
    unwritable: str | None = None
    """Why the output could not be written, if it could not."""
    written: bool = False
    """Whether the output was written (whole)."""
    loss_count: int = 0
    """Every loss, those beyond ``losses`` too."""
    rejected_count: int = 0
    """Every input that is not a record, those beyond ``rejected`` too."""

    @property
    def lossless(self) -> bool:
        return not self.loss_count

    def lose(self, loss: Loss) -> None:
        """Count ``loss``, and keep it while fewer than ``DETAIL`` are kept."""
        self.loss_count += 1
        if len(self.losses) < DETAIL:
            self.losses.append(loss)

    def reject(self, item: Read) -> None:
        """Count an input that is not a record, and keep it while fewer than ``DETAIL`` are."""
        self.rejected_count += 1
        if len(self.rejected) < DETAIL:
            self.rejected.append(item)

    def to_dict(self) -> dict[str, Any]:
        return {
            "to": self.to,
            "form": self.form,
            "output": self.output,
            "written": self.written,
            "records": self.records,
            "loss_count": self.loss_count,
            "rejected_count": self.rejected_count,
            "losses": [loss.to_dict() for loss in self.losses],
            "rejected": [
                {"source": r.source, "problems": [p.to_dict() for p in r.problems]}
                for r in self.rejected
            ],
            "unreadable": [{"file": f.file, "message": f.message} for f in self.unreadable],
            "unwritable": self.unwritable,
        }


def convert(
    inputs: Paths,
    output: OnePath,
    *,
    to: str | None = None,
    frm: str | None = None,
    form: str | None = None,
    allow_loss: bool = False,
    raw_csv: bool = False,
    stdin: IO[bytes] | None = None,
    stdout: IO[bytes] | None = None,
    write_file: WriteFile = write_whole,
) -> Conversion:
    """Convert every record of ``inputs`` into ``output``, whole or not at all.

    :param inputs: one path or an iterable of paths (``str`` or ``pathlib.Path``;
        ``records.paths``): files in any format tricklog reads, compressed or not, directories
        (searched recursively for files of a readable format), ``-`` for ``stdin``.
    :param output: the file to write (``str`` or ``pathlib.Path``), or ``-`` for ``stdout``;
        its name says its format and compression unless ``to`` does.
    :param to: the output's format (``FORMATS``), when its name does not say it.
    :param frm: the inputs' format, when neither their names nor their content say it.
    :param form: the output's form, for formats that have several (a table's ``hands`` or
        ``actions``).
    :param allow_loss: write even when a fact of a record, or a whole input that is not a
        record, cannot be carried (each is still a ``Loss`` in the result).
    :param raw_csv: CSV text cells as they are; by default a text cell that a spreadsheet
        would run as a formula gets a ``'`` before it (docs/csv.md). For csv output only.
    :param write_file: ``write_file(path, chunks)`` replaces the writer, which by default is
        the command's (``records.output.write_whole``: whole or not at all, a symlink
        followed, a hard link, a mode and a device left as they are, compressed as the name
        says); a replacement must write whole or not at all and leave nothing when ``chunks``
        raises.
    :returns: a ``Conversion``: records read, ``losses``, ``rejected`` and ``unreadable``
        inputs, and whether the output was ``written``.
    :raises ConversionError: before anything is read, when the formats cannot be settled.
    :raises TypeError: ``inputs`` is not a path or an iterable of paths, or ``output`` not one
        path (bytes included).

    >>> import io
    >>> out = io.BytesIO()
    >>> done = convert("fixtures/oh_hell/valid/default-4p-complete-game.json", "-", to="jsonl",
    ...                stdout=out)
    >>> done.written, done.records, done.lossless, out.getvalue()[:20]
    (True, 1, True, b'{"format_version":1,')
    """
    inputs = input_paths(inputs, "inputs")
    output = one_path(output, "output")
    target = output_format(output, to)
    chosen = _form(target, form)
    if raw_csv and target.name != "csv":
        raise ConversionError(f"raw CSV cells apply to csv output only, not to {target.name}")
    if frm is not None:
        _readable(frm)
    report = Conversion(target.name, chosen, output)
    # a writer that replays (the tables) takes records as audit decodes them: several times
    # faster to read than the models, which then only explain a record the decoder refuses
    decode: Decode | None = getattr(target.module, "decode", None)
    items = reads(inputs, frm, stdin, decode=decode)
    options = {"raw": True} if raw_csv else {}
    chunks = _encode(items, target, chosen, report, allow_loss, options)
    try:
        if output == "-":
            _to_stream(chunks, stdout if stdout is not None else sys.stdout.buffer)
        else:
            write_file(output if "://" in output else Path(output), chunks)  # type: ignore[arg-type]
    except _StoppedError:
        return report
    except (OutputError, OutputFailedError) as exc:
        report.unwritable = str(exc)
        return report
    except OSError as exc:
        report.unwritable = f"{output}: cannot write: {exc.strerror or exc}"
        return report
    report.written = True
    return report


def output_format(output: str, to: str | None) -> Format:
    """The format to write: ``to``, or the one the output's name says."""
    if to is not None:
        target = _known(to)
    else:
        found = by_suffix(output) if output != "-" else None
        if found is None:
            raise ConversionError(
                f"cannot tell the output format from {output!r}; say --to "
                f"({', '.join(f.name for f in FORMATS.values() if f.writes)})"
            )
        target = found
    if not target.writes:
        raise ConversionError(f"tricklog cannot write {target.name}")
    missing = target.missing()
    if missing is not None:
        raise ConversionError(missing)
    return target


def input_format(path: str, frm: str | None, head: bytes | None = None) -> Format | None:
    """The format to read an input in: ``frm``; or the one its content ``head`` looks like
    (the notation, OpenSpiel, OhHellWeb); or the one its name says; or JSON if its content
    looks like JSON (``records.formats.detect``: as every command tells them)."""
    if frm is not None:
        return _readable(frm)
    if head is not None and detect(head) != "json":
        return FORMATS[detect(head)]
    found = by_suffix(path) if path != "-" else None
    if found is not None and found.reads:
        return found
    return sniff(head) if head is not None else None


def reads(
    inputs: Paths,
    frm: str | None = None,
    stdin: IO[bytes] | None = None,
    *,
    decode: Decode | None = None,
) -> Iterator[Read | ReadFailure]:
    """Every record of every input (one path or an iterable of them, ``records.paths``), each
    in its format, in order, as a stream; with ``decode`` a tricklog JSON record is read by it
    instead of the models. A wrong type of ``inputs`` raises ``TypeError`` at the call."""
    return _reads(input_paths(inputs, "inputs"), frm, stdin, decode)


def _reads(
    inputs: tuple[str, ...], frm: str | None, stdin: IO[bytes] | None, decode: Decode | None
) -> Iterator[Read | ReadFailure]:
    for name in inputs:
        if "://" in name and is_url(name):
            yield from _objects(name, frm, decode)
            continue
        path = Path(local_path(name) or name)
        if name != "-" and path.is_dir():
            yield from _directory(name, frm, decode)
        else:
            yield from _input(name, frm, stdin, decode)


def _objects(url: str, frm: str | None, decode: Decode | None) -> Iterator[Read | ReadFailure]:
    """The objects a URL names (a glob, a prefix, an object: ``records.remote.expand``) whose
    suffix is that of a readable format, each read as a file is."""
    from records.remote import expand  # noqa: PLC0415 (only for URLs)

    wanted = [_readable(frm)] if frm is not None else [f for f in FORMATS.values() if f.reads]
    suffixes = tuple(s for f in wanted for s in f.suffixes)
    for name, failure in expand(url, lambda n: split_suffix(n)[0] in suffixes):
        if failure is not None:
            yield ReadFailure(name, failure)
        else:
            yield from _input(name, frm, None, decode)


def _directory(name: str, frm: str | None, decode: Decode | None) -> Iterator[Read | ReadFailure]:
    """The files of a directory (searched recursively, in name order) whose suffix is that of a
    readable format (of ``frm`` when given); hidden files are left alone."""
    wanted = [_readable(frm)] if frm is not None else [f for f in FORMATS.values() if f.reads]
    suffixes = tuple(s for f in wanted for s in f.suffixes)
    files = sorted(
        str(p)
        for p in Path(name).rglob("*")
        if p.is_file() and not p.name.startswith(".") and split_suffix(p.name)[0] in suffixes
    )
    if not files:
        yield ReadFailure(name, f"no record files ({', '.join(suffixes)}) in this directory")
    for file in files:
        yield from _input(file, frm, None, decode)


def _input(
    name: str, frm: str | None, stdin: IO[bytes] | None, decode: Decode | None
) -> Iterator[Read | ReadFailure]:
    if frm is not None and name != "-":
        yield from _reader(_readable(frm), decode)(name)
        return
    stream = open_input(name, stdin)
    if isinstance(stream, ReadFailure):
        yield stream
        return
    try:
        head, stream = peek(stream)
    except READ_ERRORS as exc:
        if name != "-":
            stream.close()
        message = f"cannot read: {exc.__class__.__name__}: {exc}"
        yield ReadFailure(name, str(exc) if isinstance(exc, ReadError) else message)
        return
    fmt = input_format(name, frm, head)
    if fmt is None:
        if name != "-":
            stream.close()
        if head.strip():  # an empty input holds no record, in any format
            yield ReadFailure(name, "cannot tell the format of this input; say --from")
        return
    if name == "-":
        yield from _reader(fmt, decode)("-", stream)
        return
    # A file, its format told: its reader opens it again by name (a FIFO or a device was refused
    # before a byte was read), so that every place and loss names the file, and a record named
    # after its file (a playthrough) gets that name.
    stream.close()
    yield from _reader(fmt, decode)(name)


def _reader(fmt: Format, decode: Decode | None) -> Reader:
    """The format's reader; for tricklog JSON and JSON Lines given ``decode``, the same inputs
    (``records.formats.json.entries``) with each record decoded by it."""
    from records.formats import json as json_format  # noqa: PLC0415 (the models: lazily)

    if decode is None or fmt.reader is not json_format.read:
        return fmt.reader

    def read(path: str, stdin: IO[bytes] | None = None) -> Iterator[Read | ReadFailure]:
        for item in json_format.entries(path, stdin):
            if isinstance(item, ReadFailure):
                yield item
                continue
            result = decode(item.data)
            if isinstance(result, list):
                yield Read(item.where, None, tuple(result))
            else:
                yield Read(item.where, result)

    return read


_SOURCES = 4_096
"""Record ids whose sources ``_encode`` remembers."""


class _StoppedError(Exception):
    """Stop writing: an input could not be read, or something would be lost."""


def _encode(
    items: Iterator[Read | ReadFailure],
    target: Format,
    form: str | None,
    report: Conversion,
    allow_loss: bool,
    options: dict[str, Any],
) -> Iterator[bytes]:
    sources: OrderedDict[str, str] = OrderedDict()
    """The sources of the records given to the writer most recently, by id: a writer names the
    record a loss is of as it writes it (the tables a little later), not a million records on."""

    def records() -> Iterator[Record]:
        for item in items:
            if isinstance(item, ReadFailure):
                report.unreadable.append(item)
                raise _StoppedError
            for loss in item.losses:
                report.lose(dataclasses.replace(loss, source=item.source))
            if item.record is None:
                report.reject(item)
                first = item.problems[0].message if item.problems else "unreadable"
                why = (
                    f"not a record ({number_of(len(item.problems), 'problem')}; the first: {first})"
                )
                report.lose(Loss(None, "", "record", why, item.source))
                continue
            report.records += 1
            sources[item.record.id] = item.source
            sources.move_to_end(item.record.id)
            if len(sources) > _SOURCES:
                sources.popitem(last=False)
            yield item.record

    for piece in target.writer(records(), form, **options):
        if isinstance(piece, Loss):
            source = sources.get(piece.record or "") if piece.source is None else piece.source
            report.lose(dataclasses.replace(piece, source=source))
        else:
            yield piece
    if report.loss_count and not allow_loss:
        raise _StoppedError


def _to_stream(chunks: Iterator[bytes], stream: IO[bytes]) -> None:
    """Standard output cannot be written whole or not at all: hold the output until the end."""
    with tempfile.SpooledTemporaryFile(max_size=1 << 24) as spool:
        for chunk in chunks:
            spool.write(chunk)
        spool.seek(0)
        while block := spool.read(1 << 16):
            stream.write(block)
    stream.flush()


def _known(name: str) -> Format:
    try:
        return by_name(name)
    except KeyError as exc:
        raise ConversionError(exc.args[0]) from None


def _readable(name: str) -> Format:
    fmt = _known(name)
    if not fmt.reads:
        raise ConversionError(f"tricklog cannot read {fmt.name}")
    return fmt


def _form(target: Format, form: str | None) -> str | None:
    try:
        return pick_form(form, target.forms)
    except ValueError as exc:
        raise ConversionError(f"{target.name}: {exc}") from None
