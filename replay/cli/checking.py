"""The loop behind ``validate`` and ``audit``: stream reports from the library to a reporter."""

from __future__ import annotations

import sys
from contextlib import nullcontext
from typing import Any

from replay.cli.exit_codes import Exit
from replay.cli.options import OutputFormat


def run_check(
    paths: list[str], *, audit: bool, output: OutputFormat, quiet: bool, explain: bool = False
) -> Exit:
    """Check every record under ``paths`` and report; return the exit code."""
    from replay.check import check_paths
    from replay.cli.reporters import JsonReporter, Reporter, TextReporter
    from replay.summary import Summary

    reporter: Reporter
    detail = output is OutputFormat.JSON or explain
    if output is OutputFormat.JSON:
        reporter = JsonReporter(sys.stdout.buffer, "audit" if audit else "validate", detail=audit)
    else:
        reporter = TextReporter(sys.stdout, sys.stderr, quiet=quiet, explain=explain, audit=audit)
    summary = Summary()
    progress = _progress() if not quiet and sys.stderr.isatty() else nullcontext()
    with progress as bar:
        task = bar.add_task("check", total=None) if bar is not None else None
        for item in check_paths(paths, audit=audit, detail=detail):
            summary.add(item)
            reporter.add(item)
            if bar is not None:
                bar.advance(task)
    reporter.close(summary)
    if summary.unreadable:
        return Exit.UNREADABLE
    return Exit.OK if summary.valid == summary.records else Exit.PROBLEMS


def _progress() -> Any:
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from replay.cli.terminal import console

    return Progress(
        SpinnerColumn(),
        TextColumn("{task.completed} record(s) checked", markup=False),
        TimeElapsedColumn(),
        console=console(sys.stderr),
        transient=True,
    )
