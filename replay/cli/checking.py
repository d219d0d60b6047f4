"""The loop behind ``validate`` and ``audit``: stream reports from the library to a reporter."""

from __future__ import annotations

import sys
from contextlib import nullcontext

from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from records.io import ReadFailure
from replay.check import check_paths
from replay.cli.exit_codes import Exit
from replay.cli.options import OutputFormat
from replay.cli.reporters import JsonReporter, Reporter, Summary, TextReporter


def run_check(
    paths: list[str], *, audit: bool, output: OutputFormat, quiet: bool, explain: bool = False
) -> Exit:
    """Check every record under ``paths`` and report; return the exit code."""
    reporter: Reporter
    if output is OutputFormat.JSON:
        reporter = JsonReporter(sys.stdout.buffer, "audit" if audit else "validate", detail=audit)
    else:
        reporter = TextReporter(sys.stdout, sys.stderr, quiet=quiet, explain=explain, audit=audit)
    summary = Summary()
    show_progress = not quiet and sys.stderr.isatty()
    progress = (
        Progress(
            SpinnerColumn(),
            TextColumn("{task.completed} record(s) checked"),
            TimeElapsedColumn(),
            console=Console(file=sys.stderr),
            transient=True,
        )
        if show_progress
        else nullcontext()
    )
    with progress as bar:
        task = bar.add_task("check", total=None) if isinstance(bar, Progress) else None
        for item in check_paths(paths, audit=audit):
            if isinstance(item, ReadFailure):
                summary.unreadable.append(item)
                reporter.unreadable(item)
                continue
            summary.add(item)
            reporter.record(item)
            if isinstance(bar, Progress) and task is not None:
                bar.advance(task)
    reporter.close(summary)
    if summary.unreadable:
        return Exit.UNREADABLE
    return Exit.OK if summary.valid == summary.records else Exit.PROBLEMS
