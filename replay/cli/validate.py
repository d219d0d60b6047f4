"""``tricklog validate``: structure and legality of every record."""

from __future__ import annotations

from replay.cli.checking import run_check
from replay.cli.exit_codes import Exit
from replay.cli.options import FormatOption, OutputFormat, Paths, QuietOption


def validate(
    paths: Paths, output: FormatOption = OutputFormat.TEXT, quiet: QuietOption = False
) -> Exit:
    """Check that each record parses, fits the schema, has a real deal and only legal actions.

    Claims (tricks, scores, totals, payments) are not compared; audit does that.
    Exit 0 if every record is valid, 1 if any has a problem, 3 if an input is unreadable.

    Examples:

    \b
        tricklog validate game.json
        tricklog validate games.jsonl.gz logs/ --quiet
        tricklog validate --format json games.jsonl > report.json
        tricklog generate oh_hell -n 10 | tricklog validate -
    """
    return run_check(paths, audit=False, output=output, quiet=quiet)
