"""The progress bar of ``validate`` and ``audit``: one line on stderr, redrawn in place.

It shows the records and hands checked, a bar and the bytes read of the inputs' total (when
every input is a file this machine reads), the rate, the time taken and the time left. Two
rules keep a terminal readable:

* **The bar never shares a line with output.** Whatever the command prints while the bar is
  up (a record with a problem on stdout, an unreadable input on stderr) is printed inside
  ``above()``: the bar's line is erased, the output written and flushed, and the bar drawn
  again below it. A terminal that shows stdout and stderr together gets whole lines.
* **The bar never wraps.** The line is built for the terminal's width as it is at each redraw
  (a window made narrower is followed) and always leaves the last column free: pieces are left
  out, least useful first (the rate, then the time taken, then the bar itself), and the counts
  are cut short only on a terminal too narrow for anything else.

The line is redrawn by a thread about eight times a second, and after each output; every write
to the terminal holds one lock. It is drawn with a carriage return and "erase to the end of the
line" (``ESC [ K``), which every terminal emulator since the VT100 knows; ``TERM=dumb`` (or
``unknown``) gets no bar (``shown``). ``rich`` is not used for it: its live display redraws on its own console only,
and output written to another stream lands on the bar's line.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from replay.summary import Summary

clock = time.perf_counter
REFRESH = 0.125
"""Seconds between redraws (the time shown moves on while a slow record is checked)."""
ERASE = "\r\x1b[K"
"""Back to the line's start, and erase it to its end."""
BAR = (10, 40)
"""The fewest and the most columns of the bar itself."""


def shown(stream: IO[str], *, quiet: bool) -> bool:
    """Whether a run shows a bar on ``stream``: a terminal that can erase a line, and no -q."""
    if quiet or os.environ.get("TERM") in ("dumb", "unknown"):
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Progress:
    """The bar of one run; a context manager that draws it and erases it at the end."""

    def __init__(self, total: int | None, *, stream: IO[str] | None = None) -> None:
        """``total``: the bytes of the inputs (``count`` is told those read), None when it is
        not known (standard input): no bar, bytes or time left then."""
        self.stream = stream if stream is not None else sys.stderr
        self.total = total
        self.read = 0
        self.records = self.hands = 0
        self.started = clock()
        encoding = (getattr(self.stream, "encoding", None) or "").lower().replace("-", "")
        self.glyphs = ("━", "╸", "─") if encoding.startswith("utf") else ("#", ">", "-")
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._tick, name="progress", daemon=True)

    def __enter__(self) -> Progress:
        with self._lock:
            self._draw()
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()
        with self._lock:
            self._draw()  # the last counts, then nothing: the summary follows on a clean line
            self._write(ERASE)

    def count(self, size: int) -> None:
        """``size`` more bytes of the inputs read."""
        self.read += size

    def advance(self, summary: Summary) -> None:
        """The run's counts so far (drawn at the next redraw)."""
        self.records, self.hands = summary.records, summary.hands

    @contextmanager
    def above(self) -> Iterator[None]:
        """Output written inside appears above the bar, on lines of its own: the bar is erased
        first, and drawn again once stdout is flushed."""
        with self._lock:
            self._write(ERASE)
            try:
                yield
            finally:
                sys.stdout.flush()
                self._draw()

    def line(self, width: int) -> str:
        """The bar's text for a terminal ``width`` columns wide: at most ``width - 1``."""
        room = width - 1
        seconds = clock() - self.started
        counts = f"{self.records:,} records, {self.hands:,} hands"
        pieces = {"bar": ""}
        if self.records and seconds > 0:
            pieces["rate"] = f"{self.records / seconds:,.0f} records/s"
        if self.total is not None:
            pieces["bytes"] = _bytes(min(self.read, self.total), self.total)
            pieces["elapsed"] = f"{_time(seconds)} elapsed,"
            pieces["left"] = f"{_time(self._left(seconds))} left"
        else:
            del pieces["bar"]  # no total: nothing to fill
            pieces["elapsed"] = f"{_time(seconds)} elapsed"
        for name in ("rate", "elapsed", "bar", "left", "bytes"):  # the least useful first
            wide = len(counts) + sum(len(p) + 1 for p in pieces.values())
            if wide + (BAR[0] if "bar" in pieces else 0) <= room:
                break
            pieces.pop(name, None)
        if "bar" in pieces:
            wide = len(counts) + sum(len(p) + 1 for p in pieces.values())
            pieces["bar"] = self._bar(min(BAR[1], room - wide))
        order = ("bar", "bytes", "rate", "elapsed", "left")
        return " ".join([counts, *(pieces[n] for n in order if n in pieces)])[:room]

    def _bar(self, size: int) -> str:
        done, head, todo = self.glyphs
        total = self.total or 0
        filled = size * min(self.read, total) // total if total else size
        if filled >= size:
            return done * size
        return done * filled + head + todo * (size - filled - 1)

    def _left(self, seconds: float) -> float | None:
        if self.total is None or self.read <= 0 or seconds <= 0:
            return None
        return seconds * max(self.total - self.read, 0) / self.read

    def _tick(self) -> None:
        while not self._done.wait(REFRESH):
            with self._lock:
                self._draw()

    def _draw(self) -> None:
        self._write(ERASE + self.line(_width(self.stream)))

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            pass  # the terminal has gone: the run goes on without its bar


def _width(stream: IO[str]) -> int:
    """The terminal's width now, as it says; else ``COLUMNS`` (a terminal that does not say,
    a test); else 80. The terminal comes first: a ``COLUMNS`` exported before the window was
    resized would make the line wrap."""
    try:
        columns = os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = int(os.environ.get("COLUMNS", ""))
        except ValueError:
            columns = 0
    return columns if columns > 0 else 80


def _time(seconds: float | None) -> str:
    if seconds is None:
        return "-:--:--"
    whole = int(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def _bytes(read: int, total: int) -> str:
    """``3.1/7.6 MB``: both in the unit of the total (decimal units, as a download shows)."""
    unit, name = 1, "bytes"
    for power, suffix in enumerate(("kB", "MB", "GB", "TB", "PB"), start=1):
        if total >= 1000**power:
            unit, name = 1000**power, suffix
    digits = 0 if unit == 1 else 1
    return f"{read / unit:,.{digits}f}/{total / unit:,.{digits}f} {name}"
