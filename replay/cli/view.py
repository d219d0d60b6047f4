"""``tricklog view``: one record as a self-contained HTML page, for a person to look at, print
or send (``replay.html``).

The input is chosen as ``show`` chooses it: a file of one record is that record; an archive or a
directory needs ``--record N``. The page is written whole or not at all (``replay.cli.output``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from replay.cli.exit_codes import Exit
from replay.cli.options import in_range
from replay.cli.show import _error, _failed, _ranges

if TYPE_CHECKING:
    from collections.abc import Iterator

    from records.io import Entry, ReadFailure


def view(
    path: Annotated[
        str,
        typer.Argument(
            metavar="RECORD",
            help="A record file in any format tricklog reads (.json, .jsonl, .tln, "
            ".openspiel, .ohw; possibly compressed), an archive, a directory, or - for "
            "standard input.",
            show_default=False,
        ),
    ],
    output: Annotated[
        str,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="The page to write (.html); - for standard output.",
        ),
    ] = "-",
    record: Annotated[
        int | None,
        typer.Option(
            "--record",
            "-r",
            callback=in_range(1),
            metavar="N",
            help="Draw record N (from 1) of an archive or a directory.",
        ),
    ] = None,
    hand: Annotated[
        int | None,
        typer.Option(
            "--hand", metavar="N", help="Lay out only the hand numbered N (the score sheet stays)."
        ),
    ] = None,
) -> Exit:
    """Draw a record as one HTML page that needs nothing else: no network, no other file.

    The page shows the rules preset and what differs from it, the players, and per hand the
    deal by seat (widow and burial, exchanges and blind draws, the turned-up card), the auction
    or bids, every trick (leader and winner marked; focus or hover a card for the duty it was
    played under), the claims beside the recomputed values with mismatches highlighted, and how
    every score came about; then the score sheet with running totals and a chart of them.
    Every problem is shown where it occurs. Keys: j/k next/previous trick, n/p next/previous
    hand. It reads on a phone and prints.

    Exit 0 if the record is valid and every claim matches, 1 if it has a problem (the page is
    written all the same), 2 for a --record or --hand that the input does not have, 3 if the
    input is unreadable or the page cannot be written.

    Examples:

    \b
        tricklog view game.json -o game.html
        tricklog view games.jsonl.gz --record 12 --hand 3 -o dispute.html
        tricklog audit --html report/ logs/
    """
    from records.io import iter_entries

    entry = _choose(path, iter_entries([path]), record)
    if isinstance(entry, Exit):
        return entry
    return _draw(entry, hand, output)


def _choose(path: str, stream: Iterator[Entry | ReadFailure], number: int | None) -> Entry | Exit:
    """The one record to draw, or the exit code of the error said."""
    from records.io import ReadFailure

    seen, unreadable = 0, False
    chosen: Entry | None = None
    for item in stream:
        if isinstance(item, ReadFailure):
            unreadable = True
            _failed(item)
            continue
        seen += 1
        if number is None and seen > 1:
            return _error(f"{path} holds several records; choose one with --record N", Exit.USAGE)
        if seen == (number or 1):
            chosen = item
            if number is not None:
                break
    if chosen is not None:
        return chosen
    if seen == 0:
        return (
            Exit.UNREADABLE if unreadable else _error(f"{path}: holds no records", Exit.UNREADABLE)
        )
    choice = f"choose --record 1 to {seen}" if seen > 1 else "--record 1 is the only one"
    return _error(f"{path} holds {seen} record(s), not {number}; {choice}", Exit.USAGE)


def _draw(entry: Entry, hand: int | None, output: str) -> Exit:
    from replay.check import decode_entry
    from replay.cli.output import open_output
    from replay.html.page import build_page
    from replay.html.render import render_page

    decoded = decode_entry(entry)
    if isinstance(decoded, list):
        page = build_page(entry.where, None, decoded)
    else:
        page = build_page(entry.where, decoded)
    if hand is not None:
        numbers = [h.number for h in page.hands]
        if hand not in numbers:
            has = f"its hands: {_ranges(numbers)}" if numbers else "it has no hands"
            return _error(f"{page.source} has no hand {hand}; {has}", Exit.USAGE)
        for other in (h for h in page.hands if h.number != hand):  # its problems stay in view
            page.record_problems += [
                *other.problems,
                *(p for t in other.tricks for p in t.problems),
            ]
        page.hands = [h for h in page.hands if h.number == hand]
    text = render_page(page)
    with open_output(output) as stream:
        stream.write(text.encode("utf-8"))
    return Exit.OK if page.valid else Exit.PROBLEMS
