"""One hand as ``show`` prints it: lines of text laid out here, never by the terminal's width.

::

    Hand 2 · dealer Boris (1) · turned up 3H · trump H · stopped
      Anna (0)   2D 3D 4D
      Boris (1)  AH KH 2C
      calls: Anna (0) nil; Boris (1) bid 2; Clara (2) bid 1
      trick  Anna (0)  Boris (1)  Clara (2)  winner
      1       2D       >AH*       8C        Boris (1)
      trick 2 in progress:  >KH (Boris (1)), 9C (Clara (2))
      scores: ...

``>`` marks the leader, ``*`` the winning card. Cards are written as the record writes them
and as the problems beneath quote them (docs/notation.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text

from records.games import GAME_IDS, format_of
from replay.rendering import describe
from replay.text import plain, printable

if TYPE_CHECKING:
    from records.cards import Deck
    from records.tricks import Trick
    from replay.report import HandReport, RecordReport


def seat_name(report: RecordReport, seat: int) -> str:
    name = report.players[seat] if 0 <= seat < len(report.players) else "?"
    return printable(f"{name} ({seat})")


def by_seat(report: RecordReport, values: Iterable[Any]) -> str:
    """Each seat's value after its name; ``unknown`` where it follows from a value the record
    did not log (a score or total tricklog cannot work out: the hand's notes say why)."""
    return ", ".join(
        f"{seat_name(report, s)} {'unknown' if v is None else plain(v)}"
        for s, v in enumerate(values)
    )


def hand_lines(report: RecordReport, hand: HandReport, record: Any) -> list[Text | str]:
    """The lines of one hand; ``record`` (the decoded record) gives what the report does not
    hold, such as the turned-up card."""
    deck = format_of(report.game).deck if report.game in GAME_IDS else None
    show = _Cards(deck)
    deal = _deal_extras(record, hand.index)
    head = [f"Hand {hand.number}", f"dealer {seat_name(report, hand.dealer)}"]
    if deal.get("turned_up"):
        head.append(f"turned up {show.card(deal['turned_up'])}")
    head.append(f"trump {show.suit(hand.trump)}" if hand.trump else "no trump")
    head.append(hand.status.value.replace("_", " "))
    lines: list[Text | str] = ["", Text(" · ".join(head), style="bold")]
    names = [seat_name(report, s) for s in range(max(len(hand.deal), len(report.players)))]
    width = max((cell_len(n) for n in names), default=0)
    for seat, cards in enumerate(hand.deal):
        held = "(cards not known)" if cards is None else show.cards(cards)
        lines.append(f"  {_pad(names[seat], width)}  {held}".rstrip())
    if deal.get("widow"):
        lines.append(f"  widow: {show.cards(deal['widow'])}")
    if hand.calls:
        lines.append(
            "  calls: " + "; ".join(f"{seat_name(report, s)} {printable(c)}" for s, c in hand.calls)
        )
    lines.extend(_trick_table(hand.tricks, names, show))
    current = _in_progress(hand)
    if current is not None:
        played = ", ".join(
            f"{'>' if seat == current.leader else ''}{show.card(card)} ({seat_name(report, seat)})"
            for seat, card in current.plays
        )
        lines.append(f"  trick {current.number} in progress: {played}")
    for title, values in (("taken", hand.taken), ("scores", hand.scores), ("totals", hand.totals)):
        if values is not None:
            lines.append(f"  {title}: {by_seat(report, values)}")
    lines.extend(f"  note: {printable(note)}" for note in hand.notes)
    for problem in (p for p in report.problems if p.hand == hand.number):
        lines.append(Text("  " + describe(problem, report.source), style="red"))
    return lines


def _trick_table(tricks: list[Trick], names: list[str], show: _Cards) -> list[str]:
    if not tricks:
        return []
    rows = [["trick", *(" " + name for name in names), "winner"]]
    for trick in tricks:
        cells = [""] * len(names)
        for seat, card in trick.plays:
            if 0 <= seat < len(cells):
                mark = "*" if seat == trick.winner else ""
                cells[seat] = (">" if seat == trick.leader else " ") + show.card(card) + mark
        winner = names[trick.winner] if 0 <= trick.winner < len(names) else str(trick.winner)
        rows.append([str(trick.number), *cells, winner])
    widths = [max(cell_len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  " + "  ".join(_pad(c, w) for c, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]


def _in_progress(hand: HandReport) -> Trick | None:
    """The trick a hand stopped in, when it has cards in it."""
    return hand.step.open_trick


def _deal_extras(record: Any, index: int) -> dict[str, Any]:
    """The recorded deal's turned-up card and widow, where the game has them."""
    try:
        deal = record.hands[index].deal
    except (AttributeError, IndexError, TypeError):
        return {}
    return {key: getattr(deal, key, None) for key in ("turned_up", "widow")}


def _pad(text: str, width: int) -> str:
    return text + " " * (width - cell_len(text))


class _Cards:
    """Cards in the record's own notation (``AS``, ``TH``, ``Ab``), as every text output
    writes them and the problems quote them (docs/notation.md); whatever a broken record holds
    is shown as it is. A hand is fanned by suit and rank as a player holds it."""

    def __init__(self, deck: Deck | None) -> None:
        self.deck = deck

    def card(self, card: Any) -> str:
        if not isinstance(card, str) or not card:
            return plain(card)
        return printable(card)

    def cards(self, cards: Iterable[Any]) -> str:
        cards = list(cards)
        if self.deck is not None and all(isinstance(c, str) and c for c in cards):
            with suppress(KeyError, IndexError, ValueError):
                cards = self.deck.sorted(cards)
        return " ".join(self.card(c) for c in cards)

    def suit(self, suit: str) -> str:
        return printable(suit)
