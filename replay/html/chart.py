"""The geometry of the score chart: each seat's running total after each hand, as the points of
an inline SVG polyline (the template draws it; the score sheet beside it is its text form)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from replay.html.views import PageView

__all__ = ["Chart", "chart"]

WIDTH, HEIGHT, PAD = 600, 220, 36
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2")
"""One colour per seat (seven seats at most), distinguishable when printed in grey too by the
dash patterns below."""
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 4")


@dataclass(frozen=True, slots=True)
class Line:
    name: str
    points: str
    colour: str
    dash: str
    last: int


@dataclass(frozen=True, slots=True)
class Chart:
    width: int
    height: int
    lines: list[Line]
    zero: float
    """The y of the zero line."""
    top: int
    bottom: int
    hands: list[tuple[float, int]]
    """(x, hand number) of each hand on the x axis."""


def chart(page: PageView) -> Chart | None:
    """The chart of the running totals, or None when fewer than one hand has them."""
    rows = [row for row in page.sheet if row.totals is not None]
    if not rows or not page.players:
        return None
    seats = len(page.players)
    series = [
        _known([0, *(row.totals[s] for row in rows if row.totals and s < len(row.totals))])
        for s in range(seats)
    ]
    values = [v for line in series for v in line]
    top, bottom = max(values), min(values)
    span = (top - bottom) or 1
    step = (WIDTH - 2 * PAD) / max(len(rows), 1)

    def y(value: int) -> float:
        return round(PAD / 2 + (top - value) * (HEIGHT - PAD) / span, 1)

    lines = [
        Line(
            page.seat_name(seat),
            " ".join(f"{round(PAD + i * step, 1)},{y(v)}" for i, v in enumerate(line)),
            COLOURS[seat % len(COLOURS)],
            DASHES[seat % len(DASHES)],
            line[-1],
        )
        for seat, line in enumerate(series)
    ]
    hands = [(round(PAD + (i + 1) * step, 1), row.number) for i, row in enumerate(rows)]
    return Chart(WIDTH, HEIGHT, lines, y(0), top, bottom, hands)


def _known(line: list[int | None]) -> list[int]:
    """A seat's running totals up to the first one unknown (a value the record did not log): its
    line stops there."""
    if None not in line:
        return line  # type: ignore[return-value]
    return [v for v in line[: line.index(None)] if v is not None]
