"""The tables of ``tricklog summarize`` for people: what they hold, as cells of text.

Every number is exact: a sum shows all its digits (grouped by thousands), a figure is rounded
once from its exact value (a percentage to one decimal, any other figure to two), a sum of
money that is not whole (exact pot rounding) to three decimals. A column is as wide as its
widest cell in terminal cells, so names with combining accents or wide characters line up.
The groups' tables are made row by row, as they are written: they are never held whole.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from records.words import number_of
from replay.summarize.names import WHY
from replay.summarize.numbers import fixed, ratio
from replay.summarize.reducer import GAME_STATS
from replay.text import int_text, printable

if TYPE_CHECKING:
    from replay.summarize.reducer import Summary

__all__ = ["Table", "cell", "headline", "tables"]


@dataclass(frozen=True, slots=True)
class Table:
    """A table a person reads: its title, headers, and its rows, made when asked (twice for
    plain text: once for the widths, once to write them)."""

    title: str
    headers: list[str]
    rows: Callable[[], Iterator[list[str]]]


def grouped(number: int) -> str:
    """``1,234,567``, for an integer of any size."""
    digits = int_text(abs(number))
    head = len(digits) % 3 or 3
    parts = [digits[:head], *(digits[i : i + 3] for i in range(head, len(digits), 3))]
    return ("-" if number < 0 else "") + ",".join(parts)


def cell(value: Any, places: int = 2) -> str:
    """A value as a table shows it: ``1,234``, ``-``, a fraction to ``places`` decimals, a
    sum of money that is not whole to three, text with anything that could act on a terminal
    escaped."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return grouped(value)
    if isinstance(value, Fraction):
        return fixed(value, places)
    return printable(str(value))


def shown_name(name: str) -> str:
    """A name as the note on look-alike names shows it: as written, and where it is not plain
    ASCII also with its other characters as code points, which tell look-alikes apart."""
    text = printable(name)
    if name.isascii():
        return text
    return f"{text} ({name.encode('ascii', 'backslashreplace').decode()})"


def _header(name: str) -> str:
    """``bids_made_pct`` as ``bids made %``."""
    return name.removesuffix("_pct").replace("_", " ") + (" %" if name.endswith("_pct") else "")


def headline(summary: Summary) -> str:
    """One line of counts: records, those left out and why, hands, duplicates."""
    line = f"{number_of(summary.records, 'record')}: {summary.valid:,} valid"
    if summary.left_out:
        line += f", {summary.left_out:,} with problems left out of the play statistics"
        if summary.malformed:
            line += f" ({summary.malformed:,} not parsed)"
    line += (
        f"; {number_of(summary.hands, 'hand')} in the valid records, {summary.finished:,} played to the "
        f"end; {number_of(summary.duplicates, 'duplicate')}"
    )
    if summary.unreadable:
        line += f"; {number_of(len(summary.unreadable), 'input')} unreadable"
    return line


def tables(summary: Summary, keys: list[str]) -> Iterator[Table]:
    """Every table a person reads, in order: the groups, each game's figures of the groups
    that played it, the games and presets, the pools, the notes on names, the problems."""
    by = summary.by
    general = ("records", "hands", "finished", "wins", "shared_wins")

    def groups() -> Iterator[list[str]]:
        for key in keys:
            yield [cell(key), *(cell(summary.value(key, name)) for name in general)]

    yield Table(f"By {by}", [by, "records", "hands", "finished", "wins", "shared"], groups)
    for game in GAME_STATS:
        if any(summary.value(key, f"{game}_hands") is not None for key in keys):
            yield _game_table(summary, keys, game)
    yield _games_table(summary)
    pools = _pools_table(summary)
    if pools is not None:
        yield pools
    yield from _names_tables(summary)
    if summary.problems:
        problems = summary.problem_rows()
        yield Table(
            "Problems",
            ["code", "kind", "count", "first places"],
            lambda: iter(
                [cell(p["code"]), p["kind"], cell(p["count"]), cell(", ".join(p["first"]))]
                for p in problems
            ),
        )


def _game_table(summary: Summary, keys: list[str], game: str) -> Table:
    from records.games import format_of

    stats = GAME_STATS[game]
    places = {ratio.name: ratio.places for ratio in stats.ratios}
    shown = ("hands", "finished", *stats.shown)

    def rows() -> Iterator[list[str]]:
        for key in keys:
            if summary.value(key, f"{game}_hands") is None:
                continue
            values = [summary.value(key, f"{game}_{name}") for name in shown]
            yield [
                cell(key),
                *(cell(v, places.get(n, 3)) for n, v in zip(shown, values, strict=True)),
            ]

    headers = [summary.by, *(_header(name) for name in shown)]
    return Table(f"{format_of(game).title} by {summary.by}", headers, rows)


def _games_table(summary: Summary) -> Table:
    cells = []
    for key in sorted(summary.games):
        row = summary.games[key]
        stats = GAME_STATS.get(row.game)
        cells.append(
            [
                *map(cell, (row.game, row.preset, row.records, row.invalid, row.hands)),
                cell(row.problem_hands),
                cell(ratio(row.problem_hands, row.hands, 100), 1),
                cell(None if stats is None else stats.unit),
                cell(row.finished),
                cell(ratio(row.score, row.seat_hands), 2),
            ]
        )
    headers = ["game", "preset", "records", "invalid", "hands", "hands with problems", "share %"]
    return Table(
        "Games and presets", [*headers, "unit", "finished", "mean score"], lambda: iter(cells)
    )


def _pools_table(summary: Summary) -> Table | None:
    """What the tables held apart from the seats, beside the seats' net: they balance."""
    cells = []
    for key in sorted(summary.games):
        row = summary.games[key]
        stats = GAME_STATS.get(row.game)
        if stats is None or stats.pool is None:
            continue
        balance = row.score + row.pool_left - row.pool_start
        values = (row.records - row.invalid, row.pool_start, row.score, row.pool_left, balance)
        cells.append([cell(row.game), cell(row.preset), stats.pool.name, *map(_money, values)])
    if not cells:
        return None
    return Table(
        "Pots and kitties (seats' net + left at the end - at the start = balance)",
        ["game", "preset", "held in", "sittings", "at the start", "seats' net", "left", "balance"],
        lambda: iter(cells),
    )


def _money(value: Any) -> str:
    return cell(value, 3)


def _names_tables(summary: Summary) -> Iterator[Table]:
    alike, complete = summary.lookalikes()
    if alike:
        title = "Names that look alike (counted apart: they are different text)"
        if not complete:
            title += f" - the first {len(alike):,} groups of names checked, not every one"
        yield Table(
            title,
            ["names", "why"],
            lambda: iter(
                [", ".join(shown_name(name) for name in a.names), WHY[a.why]] for a in alike
            ),
        )
    if summary.repeated:
        yield Table(
            f"One name at several seats: {number_of(summary.repeated, 'record')}, each counted once for "
            "that name, its seats' figures added together",
            ["record", "name", "seats"],
            lambda: iter(
                [cell(r["place"]), cell(r["name"]), ", ".join(map(str, r["seats"]))]
                for r in summary.repeated_first
            ),
        )
