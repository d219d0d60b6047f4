"""Reporters: render the library's reports as text for people, or JSON / JSON Lines for programs.

Rendering and writing are apart. ``render(report, how)`` turns one record's report into what the
output shows of it (text lines, or the JSON bytes of ``RecordReport.to_dict()``), or None when it
shows nothing (a valid record, unless ``-v`` or a JSON report of every record). It runs wherever
the record was checked (this process, a worker process, a Dask worker): a report holds the
replay's steps and does not travel, its rendering does, and the output is the same whatever
checked it. A reporter writes rendered records, unreadable inputs and the summary, in order.

* text: problems (and, for audit, the derivation of each disputed hand), then the summary:
  counts, problems by code (the ten most frequent), the elapsed time and the rate (when a
  record was checked: no rate of nothing). ``-v`` adds a
  line per valid record; ``-q`` leaves the summary out when everything is valid.
* json: one document, written as a stream so that an archive of any size is reported in
  constant memory: ``{"command": ..., "records": [<RecordReport.to_dict()>...],
  "unreadable": [...], "summary": {...}}``.
* jsonl: one line per record, ``RecordReport.to_dict()``, as each is checked; an unreadable input
  is a line ``{"unreadable": {"file": ..., "message": ...}}`` where it occurs; the last line is
  ``{"command": ..., "summary": {...}}``.

Results go to stdout; progress and unreadable-input messages (text) go to stderr. Text output
escapes whatever a record or a file name holds (``replay.cli.terminal``); JSON output writes
integers of any size exactly (``replay.encode``); each record is rendered by
``replay.rendering``, wherever it was checked.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import IO, TYPE_CHECKING, Any, Protocol

from records.io import ReadFailure
from records.words import number_of
from replay.cli.terminal import console, plain
from replay.encode import json_bytes
from replay.rendering import Rendered, Rendering, render
from replay.report import RecordReport
from replay.summary import Summary
from replay.text import printable

if TYPE_CHECKING:
    from rich.console import Console

TOP_CODES = 10
"""Problem codes the text summary lists, the most frequent first."""


@dataclass(frozen=True, slots=True)
class Timing:
    """How long a run took, for the summary's rate."""

    seconds: float

    def rate(self, count: int) -> float | None:
        return count / self.seconds if self.seconds > 0 else None


def summary_dict(summary: Summary, timing: Timing | None) -> dict[str, Any]:
    """The summary as JSON reports it: the library's counts, then the time and the rates."""
    out = summary.to_dict()
    if timing is not None:
        out["elapsed_seconds"] = round(timing.seconds, 3)
        for name, count in (("records", summary.records), ("hands", summary.hands)):
            rate = timing.rate(count) if summary.records else None  # no rate of nothing
            out[f"{name}_per_second"] = round(rate, 1) if rate is not None else None
    return out


class Reporter(Protocol):
    how: Rendering

    def add(self, item: RecordReport | ReadFailure) -> None: ...
    def put(self, item: Rendered | ReadFailure) -> None: ...
    def close(self, summary: Summary, timing: Timing | None = None) -> None: ...


def reporter_for(how: Rendering, *, quiet: bool, command: str | None = None) -> Reporter:
    """The reporter of ``how.format``, writing to this process's stdout and stderr."""
    import sys

    name = command or how.command
    if how.format == "json":
        return JsonReporter(sys.stdout.buffer, name, how=how)
    if how.format == "jsonl":
        return JsonLinesReporter(sys.stdout.buffer, name, how=how)
    return TextReporter(sys.stdout, sys.stderr, quiet=quiet, how=how)


class TextReporter:
    def __init__(
        self,
        out: IO[str],
        err: IO[str],
        *,
        quiet: bool,
        explain: bool = False,
        audit: bool = False,
        verbose: bool = False,
        how: Rendering | None = None,
    ) -> None:
        self._out, self._err = out, err
        # Not a terminal: no colour, no width, so a line is its pieces' text, written straight
        # out; rich's print costs some 180 µs a line, a third of a minute for an input of
        # 60,000 broken lines (found by the fuzzing of issue 19), and loading rich costs a
        # one-record audit a tenth of its start-up.
        self._plain = out if plain(out) else None
        self._plain_errors = err if plain(err) else None
        self.quiet = quiet
        self.how = how or Rendering("text", audit=audit, verbose=verbose, explain=explain)

    @cached_property
    def console(self) -> Console:
        return console(self._out)

    @cached_property
    def errors(self) -> Console:
        return console(self._err)

    def add(self, item: RecordReport | ReadFailure) -> None:
        if isinstance(item, ReadFailure):
            self.put(item)
            return
        rendered = render(item, self.how)
        if rendered is not None:
            self.put(rendered)

    def put(self, item: Rendered | ReadFailure) -> None:
        if isinstance(item, ReadFailure):
            if self._plain_errors is not None:
                message = f"error: {printable(item.file)}: {printable(item.message)}\n"
                self._plain_errors.write(message.expandtabs(1))
                return
            from rich.text import Text

            self.errors.print(
                Text.assemble(
                    ("error", "red"), f": {printable(item.file)}: ", printable(item.message)
                )
            )
            return
        assert not isinstance(item, bytes)
        if self._plain is not None:  # as the console would print it: tabs of one column
            text = "".join(f"{''.join(piece for piece, _ in line)}\n" for line in item)
            self._plain.write(text.expandtabs(1))
            return
        from rich.text import Text

        for line in item:
            self.console.print(Text.assemble(*line))

    def close(self, summary: Summary, timing: Timing | None = None) -> None:
        if self.quiet and summary.all_valid:
            return
        for line in summary_lines(summary, timing):
            if self._plain is not None:
                self._plain.write(f"{line}\n".expandtabs(1))
            else:
                self.console.print(line)


def summary_lines(summary: Summary, timing: Timing | None) -> list[str]:
    """The text summary: counts; problems by code, the most frequent first; time and rate."""
    problems = sum(summary.problems.values())
    line = (
        f"{number_of(summary.records, 'record')}, {number_of(summary.hands, 'hand')}: {summary.valid:,} valid, "
        f"{summary.records - summary.valid:,} with problems"
    )
    if summary.in_progress:  # the last hand of each stops where play stands (in_progress)
        line += f", {summary.in_progress:,} in progress"
    if problems:
        kinds = ", ".join(f"{k} {v:,}" for k, v in sorted(summary.kinds.items()))
        line += f"; {number_of(problems, 'problem')} ({kinds})"
    line += f"; {number_of(len(summary.unreadable), 'input')} unreadable"
    lines = [line]
    ranked = sorted(summary.problems.items(), key=lambda item: (-item[1], item[0]))
    if ranked:
        rest = sum(count for _, count in ranked[TOP_CODES:])
        width = len(f"{max(ranked[0][1], rest):,}")
        lines.append("problems by code:")
        lines.extend(f"  {count:>{width},}  {code}" for code, count in ranked[:TOP_CODES])
        if rest:
            lines.append(
                f"  {rest:>{width},}  in {number_of(len(ranked) - TOP_CODES, 'other code')}"
            )
    if timing is not None and summary.records:  # nothing checked: no time or rate to tell
        lines.append(f"checked in {timing.seconds:.2f} s: {_rates(summary, timing)}")
    return lines


def _rates(summary: Summary, timing: Timing) -> str:
    records, hands = timing.rate(summary.records), timing.rate(summary.hands)
    if records is None or hands is None:
        return "too quick to time"
    return f"{records:,.0f} records/s, {hands:,.0f} hands/s"


class JsonReporter:
    def __init__(
        self,
        out: IO[bytes],
        command: str,
        *,
        detail: bool | None = None,
        how: Rendering | None = None,
    ) -> None:
        self.out = out
        self.command = command
        self.how = how or Rendering("json", audit=command == "audit" if detail is None else detail)
        self.first = True
        self.failures: list[ReadFailure] = []
        self.out.write(b'{"command":' + json_bytes(command) + b',"records":[')

    def add(self, item: RecordReport | ReadFailure) -> None:
        rendered = item if isinstance(item, ReadFailure) else render(item, self.how)
        if rendered is not None:
            self.put(rendered)

    def put(self, item: Rendered | ReadFailure) -> None:
        if isinstance(item, ReadFailure):
            self.failures.append(item)
            return
        assert isinstance(item, bytes)
        if not self.first:
            self.out.write(b",\n")
        self.first = False
        self.out.write(item)

    def close(self, summary: Summary, timing: Timing | None = None) -> None:
        failures = [{"file": f.file, "message": f.message} for f in self.failures]
        self.out.write(b'],"unreadable":' + json_bytes(failures))
        self.out.write(b',"summary":' + json_bytes(summary_dict(summary, timing)) + b"}\n")
        self.out.flush()


class JsonLinesReporter:
    def __init__(self, out: IO[bytes], command: str, *, how: Rendering) -> None:
        self.out, self.command, self.how = out, command, how

    def add(self, item: RecordReport | ReadFailure) -> None:
        rendered = item if isinstance(item, ReadFailure) else render(item, self.how)
        if rendered is not None:
            self.put(rendered)

    def put(self, item: Rendered | ReadFailure) -> None:
        if isinstance(item, ReadFailure):
            line = json_bytes({"unreadable": {"file": item.file, "message": item.message}})
        else:
            assert isinstance(item, bytes)
            line = item
        self.out.write(line + b"\n")

    def close(self, summary: Summary, timing: Timing | None = None) -> None:
        line = {"command": self.command, "summary": summary_dict(summary, timing)}
        self.out.write(json_bytes(line) + b"\n")
        self.out.flush()
