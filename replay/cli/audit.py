"""``tricklog audit``: validate, then recompute and compare every claim."""

from __future__ import annotations

from typing import Annotated

import typer

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


def audit(
    paths: Paths,
    output: ReportFormatOption = ReportFormat.TEXT,
    quiet: CheckQuietOption = False,
    verbose: VerboseOption = False,
    problems_only: ProblemsOnlyOption = False,
    explain: Annotated[
        bool,
        typer.Option(
            "--explain", help="Show the score derivation of every hand, not only disputed ones."
        ),
    ] = False,
    jobs: JobsOption = JOBS_DEFAULT,
    dask: Annotated[
        str | None,
        typer.Option(
            "--dask",
            metavar="ADDRESS",
            help="Check on a Dask cluster: a scheduler's address (tcp://host:8786), or local "
            "for a cluster of -j worker processes on this machine. Needs "
            "pip install dask[distributed] (or pip install -e '.[dask]' in tricklog's clone).",
            show_default=False,
        ),
    ] = None,
    shards: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="DIR",
            help="With --dask: write the reports as one JSON Lines file per input shard in DIR "
            "(each written by the worker that checked the shard); stdout gets the summary.",
            show_default=False,
        ),
    ] = None,
    html: Annotated[
        str | None,
        typer.Option(
            "--html",
            metavar="DIR",
            help="Also write into DIR a page for every record with a problem and an index.html "
            "listing them, each problem linked to where it occurs (DIR: new, empty, or an "
            "earlier report holding only the files it wrote, unchanged, which is replaced "
            "whole; anything else is refused; a symlink to a directory is followed); standard "
            "error then says where.",
            show_default=False,
        ),
    ] = None,
    storage: StorageOption = None,
) -> Exit:
    """Validate each record, recompute tricks, scores, totals and payments, and compare them
    with every claim the record makes.

    For each hand whose claims disagree, the text output shows the derivation a scorer would
    accept: each seat's bid or contract, what it took, and which rule gave which points.
    A claim the record does not make is reported as missing, never filled in.
    Exit 0 if everything matches, 1 if any record has a problem, 2 for a usage error
    (--dask without Dask installed), 3 if an input is unreadable.

    Examples:

    \b
        tricklog audit game.json
        tricklog audit --explain game.json
        tricklog audit -j 2 big.jsonl.zst
        tricklog audit logs/ --quiet --format json > report.json
        tricklog audit --html report/ logs/
        gzip -dc games.jsonl.gz | tricklog audit --html report/ -
        tricklog audit --dask tcp://HOST:8786 /mnt/archive/*.jsonl.gz
    """
    how = rendering(
        output, audit=True, verbose=verbose, problems_only=problems_only, explain=explain
    )
    if dask is not None:
        from replay.distributed import missing

        needs = missing()
        if needs is not None:
            raise typer.BadParameter(needs, param_hint="'--dask'")
        if "-" in paths:
            raise typer.BadParameter(
                "a Dask cluster reads files, not standard input", param_hint="'--dask'"
            )
    elif shards is not None:
        raise typer.BadParameter("--output DIR goes with --dask", param_hint="'--output'")
    return run_check(paths, how, quiet=quiet, jobs=jobs, dask=dask, shards=shards, pages=html)
