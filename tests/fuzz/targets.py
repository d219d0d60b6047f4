"""Run one input through everything a user can do with it, and say what went wrong.

``exercise`` raises ``FuzzError`` (where, what, and the traceback if there was one) for an
uncaught exception, an exit code the README does not list, an ``internal error``, JSON output
that is not one JSON document, a terminal escape in text output, a hang or a memory blow-up.
"""

from __future__ import annotations

import bz2
import csv
import io
import json
import lzma
import os
import re
import resource
import signal
import sys
import traceback
import zlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import orjson

import tricklog
from replay.cli.app import main
from replay.encode import json_bytes
from replay.export.cells import FORMULA_STARTS
from tests.fuzz.corpus import Input

SECONDS = 5.0
"""The most CPU time one run may take on an input of at most ``corpus.MAX_BYTES``, plus
``PER_LINE`` for each line it holds (and six times that, at least 30 s, of wall time, for a run
that waits on something that never comes)."""
PER_LINE = 200e-6
"""CPU time allowed for each line of the input, decompressed: every line may be a record of its
own, reported on its own (about 70 µs each for a broken one, in pure Python). What the harness
looks for is a run that does not end or grows faster than its input, not the cost of reading
60,000 one-line records."""
_DECOMPRESSED = 64 << 20
"""The most bytes decompressed to count the lines of an input."""
MEMORY_MIB = 1024
"""The most the peak memory of the process may grow during one input."""
EXIT_CODES = {0, 1, 2, 3}
ESCAPES = ("\x1b", "\x9b")
"""Terminal escape introducers (ESC, CSI) that no text output may carry from an input."""

COMMANDS: tuple[tuple[str, ...], ...] = (
    ("validate", "{path}"),
    ("audit", "{path}", "--format", "json"),
    ("audit", "--explain", "{path}"),
    ("show", "{path}"),
    ("show", "{path}", "--hand", "1"),
    ("validate", "-", "--format", "json"),
    ("audit", "-"),
    ("convert", "{path}", "-o", "{out}.csv", "--allow-loss"),
    ("convert", "{path}", "-o", "{out}.csv", "--form", "actions", "--allow-loss"),
    ("convert", "{path}", "-o", "{out}.tln", "--allow-loss"),
    ("convert", "{path}", "-o", "{out}.openspiel", "--allow-loss"),
    ("convert", "-", "-o", "-", "--to", "jsonl", "--form", "canonical"),
    ("summarize", "{path}"),
    ("summarize", "{path}", "--format", "json"),
    ("summarize", "{path}", "--by", "game", "--format", "csv", "-o", "{out}.csv"),
    ("filter", "{path}", "--count"),
    ("dedupe", "{path}", "-o", "{out}.jsonl"),
    ("rules", "infer", "{path}"),
    ("view", "{path}", "-o", "{out}.html"),
)
"""The command lines each input is run through; ``{path}`` is the input's file, ``-`` reads it
from standard input, and ``{out}`` stands for an output file beside it (removed after)."""

PARQUET_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("convert", "{path}", "-o", "{out}.parquet", "--allow-loss"),
    ("convert", "{path}", "-o", "{out}.parquet", "--form", "actions", "--allow-loss"),
    ("summarize", "{path}", "--format", "parquet", "-o", "{out}.parquet"),
)
"""With pyarrow (the ``parquet`` extra) installed, these too (``all_commands()``)."""


def all_commands() -> tuple[tuple[str, ...], ...]:
    """``COMMANDS``, and ``PARQUET_COMMANDS`` where pyarrow can be imported."""
    try:
        import pyarrow  # noqa: F401, PLC0415 - the parquet extra, maybe missing
    except ImportError:
        return COMMANDS
    return COMMANDS + PARQUET_COMMANDS


class FuzzError(Exception):
    """What an input made go wrong."""

    def __init__(self, where: str, what: str, trace: str = "") -> None:
        super().__init__(f"{where}: {what}")
        self.where, self.what, self.trace = where, what, trace

    @property
    def site(self) -> str:
        """Where in tricklog's code it failed (the innermost frame of the project), for
        counting failures by their cause."""
        for line in reversed(self.trace.splitlines()):
            stripped = line.strip()
            ours = any(f"/{top}/" in stripped for top in ("records", "replay", "tricklog"))
            if stripped.startswith("File") and ours and "/tests/" not in stripped:
                return stripped
        return self.what.split("\n")[0][:120]


class _Hang(BaseException):
    """Raised by the alarm: a BaseException, so that no ``except Exception`` swallows it."""


@contextmanager
def time_limit(seconds: float, wall: float = 30.0) -> Iterator[None]:
    """Raise ``_Hang`` in the block after ``seconds`` of CPU time (a loop that does not end, on
    a machine however busy) or ``wall`` seconds of wall time (a read that never returns). Main
    thread only."""

    def alarm(signum: int, frame: Any) -> None:
        raise _Hang

    previous = signal.signal(signal.SIGPROF, alarm), signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    signal.setitimer(signal.ITIMER_REAL, wall)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGPROF, previous[0])
        signal.signal(signal.SIGALRM, previous[1])


@contextmanager
def captured(stdin: bytes = b"") -> Iterator[tuple[io.BytesIO, io.BytesIO]]:
    """Standard input from ``stdin``, standard output and error into buffers (binary)."""

    def stream(data: bytes = b"") -> io.TextIOWrapper:
        return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", write_through=True)

    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = stream(stdin), stream(), stream()
    out, err = sys.stdout.buffer, sys.stderr.buffer
    try:
        yield out, err  # type: ignore[misc]
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved


def exercise(item: Input, workdir: Path, commands: Sequence[tuple[str, ...]] | None = None) -> int:
    """Run ``item`` through the library and ``commands`` (by default ``all_commands()``); the number
    of runs made."""
    peak = _peak_mib()
    runs = 0
    path = workdir / (item.stem + item.suffix)
    out = workdir / "fuzz-output"
    _write(path, item.data)
    seconds = SECONDS + PER_LINE * _lines(item.data)
    try:
        for where, run in _library(item.data, path, out):
            _guarded(where, run, seconds)
            runs += 1
        for command in all_commands() if commands is None else commands:
            run = lambda c=command: _command(c, path, out, item.data)  # noqa: E731
            _guarded(" ".join(command), run, seconds)
            runs += 1
    finally:
        _remove(path)
        for written in workdir.glob("fuzz-output*"):
            _remove(written)
    grown = _peak_mib() - peak
    if grown > MEMORY_MIB:
        raise FuzzError("memory", f"the peak memory grew by {grown:.0f} MiB on one input")
    return runs


def as_json(value: Any) -> bytes:
    """A report's ``to_dict()`` through orjson; for the two things orjson refuses and a report
    may hold (an integer beyond 64 bits from the record, a file name that is not UTF-8), through
    the command's own encoder (``replay.encode``), which must then take it."""
    try:
        return orjson.dumps(value)
    except orjson.JSONEncodeError as exc:
        if "64-bit" not in str(exc) and "surrogates" not in str(exc):
            raise
        return json_bytes(value)


def _library(data: bytes, path: Path, out: Path) -> list[tuple[str, Callable[[], None]]]:
    def check_bytes() -> None:
        for audit in (True, False):
            as_json(tricklog.check_bytes(data, audit=audit).to_dict())

    def loads() -> None:
        with suppress(tricklog.MalformedRecordError):
            tricklog.loads(data)

    def check_paths() -> None:
        for item in tricklog.check_paths([os.fspath(path)]):
            to_dict = getattr(item, "to_dict", None)
            if to_dict is not None:
                as_json(to_dict())

    def iter_records() -> None:
        with suppress(tricklog.MalformedRecordError, tricklog.UnreadableInputError):
            for item in tricklog.iter_records(os.fspath(path)):
                repr(item)
                if item.record is not None:
                    tricklog.dumps_text(item.record)
                    for step in tricklog.steps(item.record, choices=True):
                        repr(step)

    def convert(suffix: str) -> None:
        target = out.with_name(out.name + suffix)
        result = tricklog.convert(os.fspath(path), os.fspath(target), allow_loss=True)
        repr(result)
        if suffix == ".csv" and target.exists():
            _neutral_csv("convert (library)", target.read_bytes())

    return [
        ("check_bytes", check_bytes),
        ("loads", loads),
        ("check_paths", check_paths),
        ("iter_records", iter_records),
        *(
            (f"convert to {s} (library)", lambda s=s: convert(s))
            for s in (".jsonl", ".tln", ".csv")
        ),
    ]


def _neutral_csv(where: str, data: bytes) -> None:
    """A CSV output that a spreadsheet would run: a cell starting as a formula does (OWASP's
    list) that is not a number."""
    text = data.decode("utf-8-sig", "replace")
    for row in csv.reader(io.StringIO(text, newline="")):
        for cell in row:
            if cell.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(cell):
                raise FuzzError(where, f"a CSV cell a spreadsheet would run: {cell[:80]!r}")


_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?(?:/[0-9]+)?")
"""A number as the CSV writers write one: an integer, a float, an exact fraction ``-80/3``."""


def _command(command: tuple[str, ...], path: Path, out_path: Path, data: bytes) -> None:
    def arg(a: str) -> str:
        if a == "{path}":
            return os.fspath(path)
        return a.replace("{out}", os.fspath(out_path))

    args = [arg(a) for a in command]
    with captured(data if "-" in command else b"") as (out, err):
        code = main(args)
        stdout = out.getvalue().decode("utf-8", "replace")
        stderr = err.getvalue().decode("utf-8", "replace")
    for a in args:
        if a.endswith(".csv") and os.path.exists(a):
            _neutral_csv(" ".join(command), Path(a).read_bytes())
    if code not in EXIT_CODES:
        raise FuzzError(" ".join(command), f"exit code {code}; stderr: {stderr[-500:]}")
    if "internal error" in stderr:
        raise FuzzError(" ".join(command), stderr.strip()[-500:])
    if "json" in command:
        try:  # the standard library's reader: integers of any size are exact JSON numbers
            json.loads(stdout)
        except ValueError as exc:
            raise FuzzError(" ".join(command), f"--format json printed no JSON ({exc})") from exc
    jsonl = "jsonl" in command and "-o" in command and command[command.index("-o") + 1] == "-"
    if jsonl:  # JSON Lines on stdout: every line one JSON document
        for line in stdout.splitlines():
            try:
                json.loads(line)
            except ValueError as exc:
                raise FuzzError(" ".join(command), f"a JSON Lines line is no JSON ({exc})") from exc
    # JSON writes ESC as \u001b; a C1 control (CSI) in a JSON string is data, as JSON allows
    # (and as the canonical form, which record hashes are made of, must keep it). Messages on
    # stderr are text, whatever stdout carries.
    data_out = "json" in command or jsonl
    for where, text in (("stdout", stdout), ("stderr", stderr)):
        for escape in ESCAPES[:1] if data_out and where == "stdout" else ESCAPES:
            if escape in text:
                shown = text[text.index(escape) - 60 :][:120]
                raise FuzzError(
                    " ".join(command), f"a terminal escape reached the {where}: {shown!r}"
                )


def _lines(data: bytes) -> int:
    """The lines of ``data``, or of what it decompresses to (gzip, bzip2, xz; up to
    ``_DECOMPRESSED`` bytes), whichever are more."""
    counts = [data.count(b"\n")]
    for decompressor in (
        zlib.decompressobj(wbits=47),  # gzip or zlib, told by the header
        bz2.BZ2Decompressor(),
        lzma.LZMADecompressor(),
    ):
        with suppress(Exception):
            counts.append(decompressor.decompress(data, _DECOMPRESSED).count(b"\n"))
    return max(counts)


def _guarded(where: str, run: Callable[[], None], seconds: float = SECONDS) -> None:
    try:
        with time_limit(seconds, wall=max(30.0, 6 * seconds)):
            run()
    except FuzzError:
        raise
    except _Hang:
        what = f"no answer after {seconds:.3g} s of CPU time or {max(30.0, 6 * seconds):.3g} s"
        raise FuzzError(where, what, traceback.format_exc()) from None
    except (Exception, RecursionError) as exc:  # every escape is a finding
        what = f"{type(exc).__name__}: {exc}"[:500]
        raise FuzzError(where, what, traceback.format_exc()) from None


def _write(path: Path, data: bytes) -> None:
    with open(os.fsencode(path), "wb") as f:
        f.write(data)


def _remove(path: Path) -> None:
    with suppress(OSError):
        os.unlink(os.fsencode(path))


def _peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
