"""``tricklog view``: one record as a self-contained HTML page, for a person to look at, print
or send (``replay.html``).

The input is chosen as ``show`` chooses it: a file of one record is that record; an archive or a
directory needs ``--record N``. The page is written whole or not at all (``records.output``).

A page lays out at most ``replay.html.page.PAGE_HANDS`` hands, so that its size, and the time
and memory it takes, stay those of an ordinary game's: a longer record is refused without
``--hand A-B``, which names the hands to lay out (every hand keeps its line on the score sheet).
Without ``-o`` the page goes to standard output, unless that is a terminal: HTML is for a file,
a pipe or a browser, not for reading as text.
"""

from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from records.words import number_of
from replay.cli.exit_codes import Exit
from replay.cli.options import StorageOption, in_range
from replay.cli.show import _error, _failed, _ranges

if TYPE_CHECKING:
    from collections.abc import Iterator

    from records.io import Entry, ReadFailure

HANDS = re.compile(r"(\d{1,9})(?:-(\d{1,9}))?")
"""``--hand``'s value: ``N``, or ``A-B``."""


def _hands(value: str | None) -> tuple[int, int] | None:
    """``--hand N`` or ``--hand A-B`` as the range of hand numbers it takes."""
    if value is None:
        return None
    found = HANDS.fullmatch(value.strip())
    if found is None:
        raise typer.BadParameter(
            f"{value!r} is not a hand number N or a range A-B (e.g. 1-100)", param_hint="'--hand'"
        )
    low = int(found.group(1))
    high = int(found.group(2) or low)
    if high < low:
        raise typer.BadParameter(
            f"{value!r} ends before it starts; give A-B with A <= B", param_hint="'--hand'"
        )
    return low, high


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
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="The page to write (.html); - for standard output. Without it the page goes "
            "to standard output, unless that is a terminal (then exit 2).",
            show_default=False,
        ),
    ] = None,
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
        str | None,
        typer.Option(
            "--hand",
            metavar="N|A-B",
            help="Lay out only the hand numbered N, or the hands numbered A to B (the score "
            "sheet keeps every hand). A page lays out at most 100 hands: a longer record needs "
            "a range.",
            show_default=False,
        ),
    ] = None,
    storage: StorageOption = None,
) -> Exit:
    """Draw a record as one HTML page that needs nothing else: no network, no other file.

    The page shows the rules preset and what differs from it, the players, and per hand the
    deal by seat (widow and burial, exchanges and blind draws, the turned-up card, the stock),
    the auction, bids or declarations, every trick (leader and winner marked; focus or hover a
    card for the duty that bound that seat there and the cards it could play), the claims
    beside the recomputed values with mismatches highlighted, and how every score came about;
    then the score sheet with running totals and a chart of them.
    Every problem is shown where it occurs. Keys: j/k next/previous trick, n/p next/previous
    hand. It reads on a phone and prints. A page lays out at most 100 hands: for a longer
    record choose them with --hand A-B.

    Exit 0 if the record is valid and every claim matches, 1 if it has a problem (the page is
    written all the same), 2 for a --record or --hand that the input does not have, a record of
    more than 100 hands without --hand, or no -o when standard output is a terminal, 3 if the
    input is unreadable or the page cannot be written.

    Examples:

    \b
        tricklog view game.json -o game.html
        tricklog view games.jsonl.gz --record 12 --hand 3 -o dispute.html
        tricklog view marathon.json --hand 101-200 -o part2.html
        tricklog view game.json > game.html
        tricklog audit --html report/ logs/
    """
    from records.io import iter_entries

    chosen = _hands(hand)
    if output is None and sys.stdout.isatty():
        return _error(
            "view writes an HTML page, not text for a terminal: give -o FILE.html, or pipe it "
            "(tricklog view RECORD > page.html); -o - writes it here all the same",
            Exit.USAGE,
        )
    entry = _choose(path, iter_entries([path]), record)
    if isinstance(entry, Exit):
        return entry
    return _draw(entry, chosen, output or "-")


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
    return _error(f"{path} holds {number_of(seen, 'record')}, not {number}; {choice}", Exit.USAGE)


def _draw(entry: Entry, hands: tuple[int, int] | None, output: str) -> Exit:
    from records.output import open_output
    from replay.check import decode_entry
    from replay.html.page import build_page
    from replay.html.render import render_page

    decoded = decode_entry(entry)
    if isinstance(decoded, list):
        page = build_page(entry.where, None, decoded)
    else:
        chosen = _chosen(entry.where, [h.number for h in decoded.hands], hands)
        if isinstance(chosen, Exit):
            return chosen
        page = build_page(entry.where, decoded, hands=chosen)
    text = render_page(page)
    with open_output(output) as stream:
        stream.write(text.encode("utf-8"))
    return Exit.OK if page.valid else Exit.PROBLEMS


def _chosen(
    source: str, numbers: list[int], hands: tuple[int, int] | None
) -> set[int] | Exit | None:
    """The indexes of the hands to lay out (None: every one), or the exit code of the error
    said: no such hand, or more than a page lays out."""
    from replay.html.page import PAGE_HANDS

    has = f"its hands: {_ranges(numbers)}" if numbers else "it has no hands"
    if hands is None:
        if len(numbers) <= PAGE_HANDS:
            return None
        first = sorted(set(numbers))[:PAGE_HANDS]
        return _error(
            f"{source} has {len(numbers):,} hands, more than a page lays out ({PAGE_HANDS}): "
            f"choose some with --hand, e.g. --hand {first[0]}-{first[-1]} ({has})",
            Exit.USAGE,
        )
    low, high = hands
    chosen = {i for i, number in enumerate(numbers) if low <= number <= high}
    asked = str(low) if low == high else f"{low}-{high}"
    if not chosen:
        what = f"hand {asked}" if low == high else f"hand in {asked}"
        return _error(f"{source} has no {what}; {has}", Exit.USAGE)
    if len(chosen) > PAGE_HANDS:
        within = sorted(numbers[i] for i in chosen)[:PAGE_HANDS]
        return _error(
            f"--hand {asked} takes {len(chosen):,} hands of {source}, more than a page lays out "
            f"({PAGE_HANDS}): e.g. --hand {within[0]}-{within[-1]}",
            Exit.USAGE,
        )
    return chosen
