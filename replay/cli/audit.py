"""``tricklog audit``: validate, then recompute and compare every claim."""

from __future__ import annotations

from typing import Annotated

import typer

from replay.cli.checking import run_check
from replay.cli.exit_codes import Exit
from replay.cli.options import FormatOption, OutputFormat, Paths, QuietOption


def audit(
    paths: Paths,
    output: FormatOption = OutputFormat.TEXT,
    quiet: QuietOption = False,
    explain: Annotated[
        bool,
        typer.Option(
            "--explain", help="Show the score derivation of every hand, not only disputed ones."
        ),
    ] = False,
) -> Exit:
    """Validate each record, recompute tricks, scores, totals and payments, and compare them
    with every claim the record makes.

    For each hand whose claims disagree, the text output shows the derivation a scorer would
    accept: each seat's bid or contract, what it took, and which rule gave which points.
    A claim the record does not make is reported as missing, never filled in.
    Exit 0 if everything matches, 1 if any record has a problem, 3 if an input is unreadable.

    Examples:

    \b
        tricklog audit game.json
        tricklog audit --explain game.json
        tricklog audit logs/ --quiet --format json > report.json
    """
    return run_check(paths, audit=True, output=output, quiet=quiet, explain=explain)
