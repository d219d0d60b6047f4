"""Reporters: render the library's reports as text for people or JSON for programs.

Results go to stdout; progress and unreadable-input messages go to stderr. The JSON output is one
document, written as a stream so that an archive of any size is reported in constant memory:
``{"command": ..., "records": [<RecordReport.to_dict()>...], "unreadable": [...], "summary": {...}}``.
"""

from __future__ import annotations

from typing import IO, Protocol

import orjson
from rich.console import Console
from rich.markup import escape

from records.io import ReadFailure
from records.problems import Problem
from replay.report import ClaimStatus, HandReport, RecordReport
from replay.summary import Summary


class Reporter(Protocol):
    def add(self, item: RecordReport | ReadFailure) -> None: ...
    def close(self, summary: Summary) -> None: ...


def describe(problem: Problem, source: str) -> str:
    """``file::/pointer code [kind] (hand 3, trick 2, seat 1): message (expected X, got Y)``."""
    where = problem.where()
    text = f"{source}::{problem.pointer or '/'} {problem.code} [{problem.kind.value}]"
    text += f" ({where})" if where else ""
    text += f": {problem.message}"
    values = [
        f"{label} {value!r}"
        for label, value in (("expected", problem.expected), ("got", problem.actual))
        if value is not None
    ]
    if values:
        text += f" ({', '.join(values)})"
    return text


class TextReporter:
    def __init__(
        self, out: IO[str], err: IO[str], *, quiet: bool, explain: bool, audit: bool
    ) -> None:
        self.console = Console(file=out, highlight=False, soft_wrap=True)
        self.errors = Console(file=err, highlight=False, soft_wrap=True)
        self.quiet, self.explain, self.audit = quiet, explain, audit

    def add(self, item: RecordReport | ReadFailure) -> None:
        if isinstance(item, ReadFailure):
            self.errors.print(f"[red]error[/]: {escape(item.file)}: {escape(item.message)}")
        else:
            self.record(item)

    def record(self, report: RecordReport) -> None:
        label = f"{report.game or '?'} {report.record_id!r}" if report.record_id else "not a record"
        if report.valid:
            if not self.quiet:
                self.console.print(
                    f"[green]ok[/]   {escape(report.source)}  {escape(label)} "
                    f"({len(report.hands)} hand(s))"
                )
        else:
            self.console.print(f"[red]FAIL[/] {escape(report.source)}  {escape(label)}")
            for problem in report.problems:
                self.console.print("  " + escape(describe(problem, report.source)))
        if self.audit:
            disputed = {p.hand for p in report.problems if p.kind.value == "inconsistent"}
            for hand in report.hands:
                if self.explain or hand.number in disputed:
                    self._derivation(hand)

    def _derivation(self, hand: HandReport) -> None:
        self.console.print(f"  [bold]hand {hand.number}[/] ({hand.status.value}):")
        for line in hand.derivation:
            self.console.print("    " + escape(line))
        for check in hand.claims:
            if check.status is ClaimStatus.MISMATCH:
                self.console.print(
                    f"    [red]claim[/] {check.name} seat {check.seat}: recorded "
                    f"{check.recorded}, recomputed {check.computed}"
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
        self.out.write(b'{"command":' + orjson.dumps(command) + b',"records":[')

    def add(self, item: RecordReport | ReadFailure) -> None:
        if isinstance(item, ReadFailure):
            self.failures.append(item)
            return
        if not self.first:
            self.out.write(b",\n")
        self.first = False
        self.out.write(orjson.dumps(item.to_dict(detail=self.detail)))

    def close(self, summary: Summary) -> None:
        failures = [{"file": f.file, "message": f.message} for f in self.failures]
        self.out.write(b'],"unreadable":' + orjson.dumps(failures))
        self.out.write(b',"summary":' + orjson.dumps(summary.to_dict()) + b"}\n")
        self.out.flush()
