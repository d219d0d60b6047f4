"""``tricklog record``: a scorer at the table, an entry a line, each checked as it is typed.

A thin loop over ``replay.table.Table``: each line is a deal line, an action as the table
spells it, or one of ``?``, ``undo`` and ``show``. An entry the table refuses is printed with
its reason (on standard error) and changes nothing; after every entry taken the record is
written to the output whole (``records.output.write_whole``: a temporary file renamed over
it), so a session ended at any moment, by a signal or a closed terminal, leaves a valid record
of what was entered, which ``--resume`` continues.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from replay.cli.exit_codes import Exit
from replay.cli.options import PresetOption, check_game, complete_game, in_range
from replay.text import printable

HELP_LINES = (
    "deal SEAT CARD...   a seat's cards as dealt (deal SEAT ? where not known); "
    "deal turned CARD, deal stock CARD..., deal widow CARD... as the notation writes them",
    "bid 3, play QS, pass, trump H ...   an action, as the notation spells it, the seat to "
    "move left out",
    "?   the legal choices now      undo   take back the last entry      show   the hand so far",
)


def record(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            help="The game (not with --resume).",
            callback=check_game,
            autocompletion=complete_game,
            show_default=False,
        ),
    ] = None,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="The record, written whole after every entry (with --resume: that file if "
            "omitted).",
        ),
    ] = None,
    preset: PresetOption = "default",
    players: Annotated[
        str | None,
        typer.Option(metavar="A,B,C", help="The players' names, seat 0 first, comma-separated."),
    ] = None,
    resume: Annotated[
        str | None,
        typer.Option(metavar="FILE", help="Continue the record in FILE (written by this command)."),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            metavar="SEED",
            help="Deal each hand from this seed where no deal is typed (without it, every "
            "hand's deal is typed).",
        ),
    ] = None,
    dealer: Annotated[
        int | None,
        typer.Option(
            callback=in_range(0),
            metavar="SEAT",
            help="The first hand's dealer (from the seed, or at random, if omitted).",
        ),
    ] = None,
    hands: Annotated[
        int | None,
        typer.Option(
            callback=in_range(1),
            metavar="N",
            help="Hands in the game (the rules' schedule, or one round of the deal, if omitted).",
        ),
    ] = None,
) -> Exit:
    """Keep score at a table: type the deal and each bid and card in turn, each checked.

    Reads one entry a line, from a terminal or a pipe. A wrong entry is refused with the
    reason and nothing is lost; ? lists the legal choices, undo takes back the last entry,
    show prints the hand so far. The record is written to -o after every entry, whole or not
    at all. Exit code 0 when every entry was taken, 1 when one was refused, 2 usage, 3 the
    record could not be read or written.

    Examples:

    \b
        tricklog record oh_hell --players Ann,Bob,Cid -o game.json
        tricklog record pinochle --preset hoyle --seed 4 -o sitting.json < entries.txt
        tricklog record --resume game.json
    """
    from replay.table import Table

    if output == "-":
        return _usage("the record is written to a file (-o FILE), whole after every entry")
    if resume is not None:
        if game is not None:
            return _usage("a resumed record names its own game: give GAME or --resume, not both")
        session = _resumed(resume, seed, hands)
        if isinstance(session, int):
            return Exit(session)
        output = output or resume
    else:
        if game is None or output is None:
            return _usage("GAME and -o FILE are needed (or --resume FILE)")
        names = None if players is None else [name.strip() for name in players.split(",")]
        try:
            table = Table(game, rules=preset, players=names, seed=seed, dealer=dealer, hands=hands)
        except (ValueError, TypeError) as exc:
            return _usage(f"cannot seat this table: {printable(str(exc))}")
        session = _Session(table, typed=seed is None)
    from replay.cli.scorer import run

    return Exit(run(session, output, sys.stdin, HELP_LINES))


def _usage(message: str) -> Exit:
    typer.echo(f"error: {message}", err=True)
    return Exit.USAGE


class _Session:
    """The table and what the scorer has typed of the hand's deal."""

    def __init__(self, table: Any, typed: bool) -> None:
        self.table = table
        self.must_type = typed
        """Whether every hand's deal is to be typed (no seed deals it)."""
        self.pending: dict[str, Any] = {}
        """Deal lines typed for the hand being played, not yet stated."""
        self.dealt = not typed
        """Whether the hand being played has its deal."""


def _resumed(path: str, seed: int | None, hands: int | None) -> _Session | int:
    """A session at the end of the record in ``path``, replayed through a table."""
    from records.parse import loads
    from replay.table import Table, TableError

    try:
        record: Any = loads(Path(path).read_bytes())
    except (OSError, ValueError) as exc:
        typer.echo(f"error: cannot resume {printable(path)}: {printable(str(exc))}", err=True)
        return Exit.UNREADABLE
    first = record.hands[0]
    names = [p.name for p in sorted(record.players, key=lambda p: p.seat)]
    try:
        table = Table(
            record.game,
            rules=record.rules,
            players=names,
            seed=seed,
            deal=first.deal,
            dealer=first.dealer,
            hands=hands,
            record_id=record.id,
        )
        for index, hand in enumerate(record.hands):
            if index:
                table.deal_hand(hand.deal)
            for action in hand.actions:
                table.apply(action)
    except (TableError, ValueError, TypeError) as exc:
        problem = getattr(exc, "problem", None)
        where = f" ({problem.pointer})" if problem is not None and problem.pointer else ""
        typer.echo(
            f"error: cannot resume {printable(path)}: {printable(str(exc))}{where}", err=True
        )
        return Exit.PROBLEMS
    session = _Session(table, typed=seed is None)
    session.dealt = table.is_over or table.hand_number <= len(record.hands) or seed is not None
    return session
