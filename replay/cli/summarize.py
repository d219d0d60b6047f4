"""``tricklog summarize``: who wins, how often bids and contracts are made, where money went and
which problems recur, over whole archives (``replay.summarize``), in one streaming pass."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from replay.cli.exit_codes import Exit
from replay.cli.options import Paths, QuietOption, RawCsvOption, StorageOption, in_range


class By(StrEnum):
    PLAYER = "player"
    GAME = "game"
    PRESET = "preset"
    EVENT = "event"
    MONTH = "month"
    SEAT = "seat"


class SummaryFormat(StrEnum):
    TEXT = "text"
    JSON = "json"
    CSV = "csv"
    PARQUET = "parquet"


def summarize(
    paths: Paths,
    by: Annotated[
        By,
        typer.Option(
            "--by",
            metavar="player|game|preset|event|month|seat",
            help="Group the play statistics by player name (across records and seats), game, "
            "game and rules preset, event, month of play (meta.date) or seat.",
        ),
    ] = By.PLAYER,
    top: Annotated[
        int | None,
        typer.Option(
            "--top", metavar="N", callback=in_range(1), help="List only the first N groups."
        ),
    ] = None,
    sort: Annotated[
        str | None,
        typer.Option(
            "--sort",
            metavar="KEY",
            help="Order the groups by this column, largest first (key: by name); a column of "
            "the csv output: records, hands, finished, wins, shared_wins, oh_hell_points, "
            "oh_hell_mean_points, oh_hell_bids_made_pct, pinochle_chips, "
            "pinochle_contracts_made_pct, bestia_net_money ...",
        ),
    ] = None,
    output_format: Annotated[
        SummaryFormat,
        typer.Option(
            "--format",
            "-f",
            metavar="text|json|csv|parquet",
            help="text for people (tables); json for programs (everything); csv or parquet: "
            "the groups' table, one row per group (parquet needs the [parquet] extra and -o).",
        ),
    ] = SummaryFormat.TEXT,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write to FILE (whole or not at all; .gz, .bz2, .xz or .zst compresses) "
            "instead of standard output.",
        ),
    ] = None,
    raw_csv: RawCsvOption = False,
    quiet: QuietOption = False,
    storage: StorageOption = None,
) -> Exit:
    """Summarize archives of any game (mixed too): per player, records, hands (every hand, as
    audit counts them) and those finished (played to the end), wins and shared wins; per game,
    its score in its own unit (never added to another game's) in all and per seat and finished
    hand, and its own figures ({figures}); per game and rules preset, records, hands, the share of
    hands with a problem and the mean score; the pots and kitties, which balance the seats'
    net; names that look alike (kept apart) and records seating one name at several seats;
    problems by code with their first places; duplicates.

    Every record is replayed with its claims compared, as audit does, in one pass; memory
    grows with the groups only. Every number is exact; a figure is rounded once. A record with
    a problem counts in the problem tallies only: the summary says how many were left out of
    the play statistics. Exit 0 once summarized (problems or not), 2 for a usage error, 3 if
    an input is unreadable or a record could not be replayed (the rest is still summarized)
    or the output cannot be written.

    Examples:

    \b
        tricklog summarize games.jsonl.gz
        tricklog summarize logs/ --sort wins --top 10
        tricklog summarize club/ --by month --format csv -o months.csv
        tricklog summarize archive.jsonl --format json > summary.json
        tricklog summarize archive.jsonl --format parquet -o players.parquet
    """
    from replay.cli.summary_out import check_sort, run_summary

    if output_format is SummaryFormat.PARQUET and output in (None, "-"):
        typer.echo("error: --format parquet writes a file: give it with -o FILE", err=True)
        return Exit.USAGE
    if raw_csv and output_format is not SummaryFormat.CSV:
        typer.echo("error: --raw-csv applies to --format csv only", err=True)
        return Exit.USAGE
    problem = check_sort(sort)
    if problem is not None:
        typer.echo(f"error: {problem}", err=True)
        return Exit.USAGE
    return run_summary(
        paths,
        by=by.value,
        top=top,
        sort=sort,
        output_format=output_format.value,
        output=output or "-",
        quiet=quiet,
        raw_csv=raw_csv,
    )
