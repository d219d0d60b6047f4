"""Reporters: render the library's reports as text for people or JSON for programs.

Results go to stdout; progress and unreadable-input messages go to stderr. The JSON output is one
document, written as a stream so that an archive of any size is reported in constant memory:
``{"command": ..., "records": [<RecordReport.to_dict()>...], "unreadable": [...], "summary": {...}}``.
Text output escapes whatever a record or a file name holds (``replay.cli.terminal``); JSON
output writes integers of any size exactly (``replay.cli.encode``).
"""

from __future__ import annotations

from typing import IO, Protocol

from rich.text import Text

from records.io import ReadFailure
from records.problems import Problem
from replay.cli.encode import json_bytes
from replay.cli.terminal import console, plain, printable
from replay.report import ClaimStatus, HandReport, RecordReport
from replay.summary import Summary


class Reporter(Protocol):
    def add(self, item: RecordReport | ReadFailure) -> None: ...
    def close(self, summary: Summary) -> None: ...


def describe(problem: Problem, source: str) -> str:
    """``file::/pointer code [kind] (hand 3, trick 2, seat 1): message (expected X, got Y)``,
    escaped for a terminal."""
    where = problem.where()
    text = f"{source}::{problem.pointer or '/'} {problem.code} [{problem.kind.value}]"
    text += f" ({where})" if where else ""
    text += f": {problem.message}"
    values = [
        f"{label} {plain(value)}"
        for label, value in (("expected", problem.expected), ("got", problem.actual))
        if value is not None
    ]
    if values:
        text += f" ({', '.join(values)})"
    return printable(text)


def label(report: RecordReport) -> str:
    """``oh_hell game-17``, or ``not a record`` for one that does not parse."""
    if report.record_id is None:
        return "not a record"
    return printable(f"{report.game or '?'} {report.record_id}")


class TextReporter:
    def __init__(
        self, out: IO[str], err: IO[str], *, quiet: bool, explain: bool, audit: bool
    ) -> None:
        self.console = console(out)
        self.errors = console(err)
        self.quiet, self.explain, self.audit = quiet, explain, audit

    def add(self, item: RecordReport | ReadFailure) -> None:
        if isinstance(item, ReadFailure):
            self.errors.print(
                Text.assemble(
                    ("error", "red"), f": {printable(item.file)}: ", printable(item.message)
                )
            )
        else:
            self.record(item)

    def record(self, report: RecordReport) -> None:
        source = printable(report.source)
        if report.valid:
            if not self.quiet:
                self.console.print(
                    Text.assemble(
                        ("ok", "green"),
                        f"   {source}  {label(report)} ({len(report.hands)} hand(s))",
                    )
                )
        else:
            self.console.print(Text.assemble(("FAIL", "red"), f" {source}  {label(report)}"))
            for problem in report.problems:
                self.console.print("  " + describe(problem, report.source))
        if self.audit:
            disputed = {p.hand for p in report.problems if p.kind.value == "inconsistent"}
            for hand in report.hands:
                if self.explain or hand.number in disputed:
                    self._derivation(hand)

    def _derivation(self, hand: HandReport) -> None:
        self.console.print(
            Text.assemble("  ", (f"hand {hand.number}", "bold"), f" ({hand.status.value}):")
        )
        for line in hand.derivation:
            self.console.print("    " + printable(line))
        for check in hand.claims:
            if check.status is ClaimStatus.MISMATCH:
                seat = f" seat {check.seat}" if check.seat is not None else ""
                self.console.print(
                    Text.assemble(
                        "    ",
                        ("claim", "red"),
                        printable(
                            f" {check.name}{seat}: recorded {plain(check.recorded)}, "
                            f"recomputed {plain(check.computed)}"
                        ),
                    )
                )

    def close(self, summary: Summary) -> None:
        if self.quiet and summary.valid == summary.records and not summary.unreadable:
            return
        kinds = ", ".join(f"{k} {v}" for k, v in sorted(summary.kinds.items()))
        problems = sum(summary.problems.values())
        line = (
            f"{summary.records} record(s), {summary.hands} hand(s): {summary.valid} valid, "
            f"{summary.records - summary.valid} with problems"
        )
        if problems:
            line += f"; {problems} problem(s) ({kinds})"
        if summary.unreadable:
            line += f"; {len(summary.unreadable)} input(s) unreadable"
        self.console.print(line)


class JsonReporter:
    def __init__(self, out: IO[bytes], command: str, *, detail: bool) -> None:
        self.out, self.detail = out, detail
        self.first = True
        self.failures: list[ReadFailure] = []
        self.out.write(b'{"command":' + json_bytes(command) + b',"records":[')

    def add(self, item: RecordReport | ReadFailure) -> None:
        if isinstance(item, ReadFailure):
            self.failures.append(item)
            return
        if not self.first:
            self.out.write(b",\n")
        self.first = False
        self.out.write(json_bytes(item.to_dict(detail=self.detail)))

    def close(self, summary: Summary) -> None:
        failures = [{"file": f.file, "message": f.message} for f in self.failures]
        self.out.write(b'],"unreadable":' + json_bytes(failures))
        self.out.write(b',"summary":' + json_bytes(summary.to_dict()) + b"}\n")
        self.out.flush()
