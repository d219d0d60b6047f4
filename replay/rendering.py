"""What the output shows of one record: its text lines or its JSON bytes (``render``).

It runs wherever the record was checked (this process, a worker process, a Dask worker): a
report holds the replay's steps and does not travel, its rendering does, and the output is the
same whatever checked it. The command's reporters (``replay.cli.reporters``) write what this
renders, in order. Text escapes whatever a record or a file name holds (``replay.text``); JSON
writes integers of any size exactly (``replay.encode``).
"""

from __future__ import annotations

from dataclasses import dataclass

from records.problems import Problem
from records.words import number_of
from replay.encode import json_bytes
from replay.report import ClaimCheck, ClaimStatus, HandReport, RecordReport
from replay.text import plain, printable

__all__ = ["Rendered", "Rendering", "Segments", "describe", "label", "render"]

Segments = tuple[tuple[str, str], ...]
"""One line of text as (text, style) pieces, for ``rich.text.Text.assemble``."""
Rendered = bytes | tuple[Segments, ...]
"""A record as the output shows it: JSON bytes, or lines of text."""


@dataclass(frozen=True, slots=True)
class Rendering:
    """How each record is rendered. Plain values only, so that it travels to worker processes
    and Dask workers and every one of them renders alike."""

    format: str = "text"
    """``text``, ``json`` or ``jsonl``."""
    audit: bool = False
    verbose: bool = False
    explain: bool = False
    problems_only: bool = False
    pages: bool = False
    """``audit --html``: each record with a problem gives its page too (``replay.html.report``)."""

    @property
    def command(self) -> str:
        return "audit" if self.audit else "validate"

    @property
    def claims_detail(self) -> bool:
        """Claims that agree are listed one by one (JSON reports and ``--explain`` show them)."""
        return self.format != "text" or self.explain


def render(report: RecordReport, how: Rendering) -> Rendered | None:
    """What the output shows of ``report``; None for nothing."""
    if how.format != "text":
        if how.problems_only and report.valid:
            return None
        return json_bytes(report.to_dict(detail=how.audit))
    lines = _text_lines(report, how)
    return tuple(lines) if lines else None


def _text_lines(report: RecordReport, how: Rendering) -> list[Segments]:
    if report.valid and not how.verbose and not how.explain:
        return []  # a valid record shows nothing without -v or --explain (most records)
    source = printable(report.source)
    lines: list[Segments] = []
    if not report.valid:
        lines.append((("FAIL", "red"), (f" {source}  {label(report)}", "")))
        lines.extend(
            (("  " + describe(problem, report.source), ""),) for problem in report.problems
        )
    elif (how.verbose or (how.audit and how.explain)) and not how.problems_only:
        # --explain shows every hand of a valid record too: the line says whose hands they are
        lines.append(
            (
                ("ok", "green"),
                (f"   {source}  {label(report)} ({number_of(len(report.hands), 'hand')})", ""),
            )
        )
    if how.audit:
        disputed = {p.hand for p in report.problems if p.kind.value == "inconsistent"}
        for hand in report.hands:
            if how.explain or hand.number in disputed:
                lines.extend(_derivation(hand))
        if how.explain:
            lines.extend(_reasoned(report.claims, "  game: "))
    return lines


def _derivation(hand: HandReport) -> list[Segments]:
    lines: list[Segments] = [
        (
            ("  ", ""),
            (f"hand {hand.number}", "bold"),
            (f" ({hand.status.value.replace('_', ' ')}):", ""),
        )
    ]
    lines.extend((("    " + printable(line), ""),) for line in hand.derivation)
    for check in hand.claims:
        if check.status is ClaimStatus.MISMATCH:
            seat = f" seat {check.seat}" if check.seat is not None else ""
            text = (
                f" {check.name}{seat}: recorded {plain(check.recorded)}, "
                f"recomputed {plain(check.computed)}"
            )
            lines.append((("    ", ""), ("claim", "red"), (printable(text), "")))
    lines.extend(_reasoned(hand.claims, "    "))
    return lines


def _reasoned(checks: list[ClaimCheck], indent: str) -> list[Segments]:
    """A line for each claim left unchecked with a reason (a value the record did not log,
    docs/partial.md): what it claims, and why it was not recomputed."""
    lines: list[Segments] = []
    for check in checks:
        if check.reason is not None:
            seat = f" seat {check.seat}" if check.seat is not None else ""
            text = (
                f" {check.name}{seat}: recorded {plain(check.recorded)}, unchecked: {check.reason}"
            )
            lines.append(((indent, ""), ("claim", "yellow"), (printable(text), "")))
    return lines


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
