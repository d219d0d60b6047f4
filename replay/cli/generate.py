"""``tricklog generate``: random legal records, for tests and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Annotated, Any

import typer

from records.output import open_output, suffixes
from replay.cli.exit_codes import Exit
from replay.cli.options import GameArgument, PresetOption, StorageOption, in_range
from replay.registry import GAMES
from replay.text import printable

MAX_COUNT = 1_000_000_000
"""The most records one run writes (``-n``)."""


def generate(
    game: GameArgument,
    count: Annotated[
        int,
        typer.Option(
            "--count",
            "-n",
            callback=in_range(1, MAX_COUNT),
            metavar="N",
            help=f"How many records, 1 to {MAX_COUNT:,}.",
        ),
    ] = 1,
    seed: Annotated[
        int,
        typer.Option(metavar="SEED", help="Random seed; the same seed gives the same records."),
    ] = 0,
    players: Annotated[
        int | None,
        typer.Option(
            metavar="SEATS", help="Seats at the table (the game's usual number if omitted)."
        ),
    ] = None,
    preset: PresetOption = "default",
    hands: Annotated[
        int | None,
        typer.Option(
            callback=in_range(1),
            metavar="N",
            help="Keep only the first N hands of each record (all if omitted).",
        ),
    ] = None,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write to FILE (whole or not at all) instead of standard output; .json holds "
            "one record or an array, .jsonl or .ndjson one record per line, and a further "
            ".gz, .bz2, .xz or .zst compresses.",
        ),
    ] = None,
    pretty: Annotated[
        bool,
        typer.Option(
            "--pretty",
            help="Indented JSON: one record, or an array of records (JSON Lines outputs stay "
            "one record per line).",
        ),
    ] = False,
    storage: StorageOption = None,
) -> Exit:
    """Write random legal records with every claim a source system would log.

    Record i of seed s is the same whatever the count, so archives can be grown or split.
    Standard output gets JSON Lines (or, with --pretty, one indented record or an array);
    every output reads back with validate, audit and show.

    Examples:

    \b
        tricklog generate oh_hell -n 1000 --seed 1 -o games.jsonl.gz
        tricklog generate pinochle --preset hoyle --pretty -o sitting.json
        tricklog generate bestia --players 5 -n 3 | tricklog audit -
    """
    entry = GAMES[game]
    if preset not in entry.presets:
        typer.echo(
            f"error: unknown preset {printable(preset)} for {game}; expected one of "
            f"{', '.join(entry.presets)}",
            err=True,
        )
        return Exit.USAGE
    from records.parse import dumps, dumps_pretty

    options: dict[str, Any] = {"preset": preset, "hands": hands}
    if players is not None:
        options["players"] = players

    def make(index: int) -> Any:
        rng = random.Random(f"{seed}:{index}")
        return entry.generate(rng, game_id=f"{game}-{seed}-{index}", **options)

    try:
        first = make(0)  # bad options fail here, before anything is written
    except (ValueError, KeyError, TypeError, OverflowError, MemoryError) as exc:
        typer.echo(
            f"error: cannot generate {game} with these options: {printable(str(exc))}", err=True
        )
        return Exit.USAGE
    records = _records(first, make, count)
    name = output if output is not None else "-"
    lines = suffixes(name)[0] in (".jsonl", ".ndjson")
    chunks: Iterator[bytes]
    if lines or not (pretty or suffixes(name)[0] == ".json"):
        chunks = (dumps(record) + b"\n" for record in records)
    else:
        chunks = _document(records, dumps_pretty if pretty else dumps, count)
    with open_output(name) as stream:
        for chunk in chunks:
            stream.write(chunk)
    return Exit.OK


def _records(first: Any, make: Callable[[int], Any], count: int) -> Iterator[Any]:
    yield first
    for index in range(1, count):
        yield make(index)


def _document(records: Iterator[Any], dump: Callable[[Any], bytes], count: int) -> Iterator[bytes]:
    """One JSON document: the record itself, or an array of them (streamed)."""
    if count == 1:
        yield dump(next(records)).rstrip(b"\n") + b"\n"
        return
    yield b"[\n"
    for index, record in enumerate(records):
        text = dump(record).rstrip(b"\n")
        indented = b"\n".join(b"  " + line for line in text.split(b"\n"))
        yield (b",\n" if index else b"") + indented
    yield b"\n]\n"
