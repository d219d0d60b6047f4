"""The values a page is laid out from: plain text and numbers, no HTML (the templates escape
every string). ``replay.html.page`` fills them from the replay steps."""

from __future__ import annotations

from dataclasses import dataclass, field

from replay.html.cards import CardView

__all__ = [
    "ClaimCell",
    "ClaimRow",
    "HandView",
    "PageView",
    "PlayView",
    "ProblemView",
    "SeatView",
    "SheetRow",
    "TrickView",
]


@dataclass(slots=True)
class ProblemView:
    id: str
    code: str
    kind: str
    where: str
    message: str
    values: str
    pointer: str
    hand: int | None
    """The index of the hand it sits in, or None for the record."""
    trick: int | None


@dataclass(slots=True)
class SeatView:
    seat: int
    name: str
    cards: list[CardView]
    roles: list[str]
    moved: list[tuple[str, list[CardView]]] = field(default_factory=list)
    """Cards the seat took, buried, melded, gave up or drew, with what it did."""


@dataclass(slots=True)
class PlayView:
    seat: int
    card: CardView
    leader: bool
    winner: bool
    duty: str
    id: str


@dataclass(slots=True)
class TrickView:
    number: int
    id: str
    leader: str
    winner: str | None
    """The winner's name; None for a trick in progress."""
    cells: list[PlayView | None]
    problems: list[ProblemView] = field(default_factory=list)


@dataclass(slots=True)
class ClaimCell:
    recorded: str
    computed: str
    status: str
    problem: str | None = None
    """The anchor of the problem this value is, where it is one."""
    reason: str | None = None
    """Why an unchecked value was not recomputed, where the record says (a bid not logged)."""


@dataclass(slots=True)
class ClaimRow:
    name: str
    table: ClaimCell | None
    """The value of the whole table (a pot), or None."""
    seats: list[ClaimCell | None]


@dataclass(slots=True)
class HandView:
    index: int
    id: str
    number: int
    dealer: str
    status: str
    trump: str
    turned_up: CardView | None = None
    widow: list[CardView] = field(default_factory=list)
    undealt: int | None = None
    """The cards the deal left in the stock, as the rules count them; None where the game has
    no stock or the deal is at fault."""
    listed: int | None = None
    """The cards of the stock the record lists (top first); None where it lists none."""
    seats: list[SeatView] = field(default_factory=list)
    calls: list[tuple[str, str]] = field(default_factory=list)
    tricks: list[TrickView] = field(default_factory=list)
    taken: list[int] | None = None
    scores: list[int] | None = None
    totals: list[int] | None = None
    claims: list[ClaimRow] = field(default_factory=list)
    derivation: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    problems: list[ProblemView] = field(default_factory=list)
    """Problems of the hand not placed in a trick."""
    mismatches: int = 0


@dataclass(slots=True)
class SheetRow:
    hand_id: str | None
    """The anchor of the hand on the page; None for a hand the page does not lay out."""
    number: int
    status: str
    scores: list[int] | None
    totals: list[int] | None
    table: dict[str, str]


@dataclass(slots=True)
class PageView:
    source: str
    record_id: str | None = None
    game: str | None = None
    title: str = "not a record"
    calls_title: str = "Calls"
    """The heading of a hand's calls: ``Bids``, ``Auction and calls``, ``Declarations``."""
    partial: tuple[str, str, int, int] | None = None
    """For a page of some of the record's hands: (the hands laid out, every hand, as ranges;
    how many of each)."""
    preset: str | None = None
    differs: list[tuple[str, str, str]] = field(default_factory=list)
    """(parameter, the record's value, the preset's value)."""
    players: list[str] = field(default_factory=list)
    meta: list[tuple[str, str]] = field(default_factory=list)
    hands: list[HandView] = field(default_factory=list)
    sheet: list[SheetRow] = field(default_factory=list)
    table_columns: list[str] = field(default_factory=list)
    totals: list[int] | None = None
    winners: list[str] = field(default_factory=list)
    claims: list[ClaimRow] = field(default_factory=list)
    problems: list[ProblemView] = field(default_factory=list)
    """Every problem, in the order found."""
    record_problems: list[ProblemView] = field(default_factory=list)
    """The problems of the record as a whole (no hand)."""

    @property
    def valid(self) -> bool:
        return not self.problems

    def seat_name(self, seat: int | None) -> str:
        if seat is None:
            return "table"
        name = self.players[seat] if 0 <= seat < len(self.players) else "?"
        return f"{name} ({seat})"
