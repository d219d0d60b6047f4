"""``tricklog validate``: structure and legality of every record."""

from __future__ import annotations

from replay.cli.checking import run_check
from replay.cli.exit_codes import Exit
from replay.cli.options import (
    JOBS_DEFAULT,
    CheckQuietOption,
    JobsOption,
    Paths,
    ProblemsOnlyOption,
    ReportFormat,
    ReportFormatOption,
    StorageOption,
    VerboseOption,
    rendering,
)


def validate(
    paths: Paths,
    output: ReportFormatOption = ReportFormat.TEXT,
    quiet: CheckQuietOption = False,
    verbose: VerboseOption = False,
    problems_only: ProblemsOnlyOption = False,
    jobs: JobsOption = JOBS_DEFAULT,
    storage: StorageOption = None,
) -> Exit:
    """Check that each record parses, fits the schema, has a real deal and only legal actions.

    Claims (tricks, scores, totals, payments) are not compared; audit does that.
    The text report shows each record with problems, then a summary (counts, problems by
    code, time and rate); a progress bar runs on stderr when it is a terminal.
    Exit 0 if every record is valid, 1 if any has a problem, 3 if an input is unreadable.

    Examples:

    \b
        tricklog validate game.json
        tricklog validate games.jsonl.gz logs/ --quiet
        tricklog validate -j 2 --format jsonl --problems-only games.jsonl.zst > problems.jsonl
        tricklog generate oh_hell -n 10 | tricklog validate -
    """
    how = rendering(output, audit=False, verbose=verbose, problems_only=problems_only)
    return run_check(paths, how, quiet=quiet, jobs=jobs)
