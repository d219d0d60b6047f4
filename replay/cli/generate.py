"""``tricklog generate``: random legal records, for tests and benchmarks."""

from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from replay.cli.exit_codes import Exit
from replay.cli.output import write_atomic
from replay.registry import GAMES


def generate(
    game: Annotated[str, typer.Argument(help=f"One of {', '.join(GAMES)}.", show_default=False)],
    count: Annotated[int, typer.Option("--count", "-n", min=1, help="How many records.")] = 1,
    seed: Annotated[
        int, typer.Option(help="Random seed; the same seed gives the same records.")
    ] = 0,
    players: Annotated[
        int | None, typer.Option(help="Seats at the table (the game's usual number if omitted).")
    ] = None,
    preset: Annotated[str, typer.Option(help="Named rules preset.")] = "default",
    hands: Annotated[
        int | None,
        typer.Option(
            min=1, help="Keep only the first so many hands of each record (all if omitted)."
        ),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", help="Write to this file (whole or not at all), not stdout."
        ),
    ] = None,
    pretty: Annotated[
        bool, typer.Option(help="Indented JSON, one document per record, instead of JSON Lines.")
    ] = False,
) -> Exit:
    """Write random legal records with every claim a source system would log, as JSON Lines.

    Record i of seed s is the same whatever the count, so archives can be grown or split.
    """
    if game not in GAMES:
        typer.echo(f"error: unknown game {game!r}; expected one of {', '.join(GAMES)}", err=True)
        return Exit.USAGE
    entry = GAMES[game]
    if preset not in entry.presets:
        typer.echo(
            f"error: unknown preset {preset!r} for {game}; expected one of "
            f"{', '.join(entry.presets)}",
            err=True,
        )
        return Exit.USAGE
    from records.parse import dumps, dumps_pretty

    options: dict[str, Any] = {"preset": preset, "hands": hands}
    if players is not None:
        options["players"] = players

    def make(index: int) -> bytes:
        rng = random.Random(f"{seed}:{index}")
        record = entry.generate(rng, game_id=f"{game}-{seed}-{index}", **options)
        return dumps_pretty(record) if pretty else dumps(record) + b"\n"

    try:
        first = make(0)  # bad options fail here, before anything is written
    except (ValueError, KeyError, TypeError) as exc:
        typer.echo(f"error: cannot generate {game} with these options: {exc}", err=True)
        return Exit.USAGE
    chunks = itertools.chain([first], (make(i) for i in range(1, count)))
    if output is not None:
        write_atomic(output, chunks)
    else:
        for chunk in chunks:
            sys.stdout.buffer.write(chunk)
    return Exit.OK
