"""A record as a page sees it: a reducer over the replay steps (``replay.check.steps``), the
same stream the audit reads, into plain values that the templates lay out.

Nothing here knows HTML: the views hold text as the record has it (with control characters
and bidirectional overrides made visible, ``replay.cli.terminal.printable``), and the template
engine escapes it. Recorded and recomputed values stay apart, as in the audit: a claim cell holds
both, with its status.

The duty a card was played under is the engine's own decision, carried by the play's step
(``records.tricks.PlayDuty``): what bound that seat at that card (follow suit, void and free,
trump, head the trick), never the game's whole rule.

A page lays out at most ``PAGE_HANDS`` hands: ``hands`` chooses them (by index), and only they
are replayed action by action and kept; every hand still has its line on the score sheet, and
the problems of the hands left out stay in view at the head of the page.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Collection, Iterable, Sequence
from typing import Any

import msgspec

from records.problems import Kind, Problem
from records.rulebook import preset_values
from records.tricks import Duty, PlayDuty, Trick
from replay.check import steps
from replay.html.cards import Cards, CardView
from replay.html.views import (
    ClaimCell,
    ClaimRow,
    HandView,
    PageView,
    PlayView,
    ProblemView,
    SeatView,
    SheetRow,
    TrickView,
)
from replay.registry import GAMES
from replay.steps import (
    ActionApplied,
    ClaimCheck,
    ClaimStatus,
    HandSettled,
    HandStatus,
    ProblemFound,
    RecordSettled,
    RecordStarted,
)
from replay.text import plain, printable

__all__ = ["PAGE_HANDS", "HandView", "PageView", "ProblemView", "build_page", "hand_ranges"]

PAGE_HANDS = 100
"""The most hands one page lays out: about 3.7 MB of HTML for Oh Hell's 13-card deals, which a
phone still opens, besides the score sheet's line for every hand (at most 5,000, about 2 MB). A
longer record is laid out a range of hands at a time (``view --hand A-B``)."""

_TABLE_VALUES = ("starting_pot", "pot", "carried", "kitty")
"""The table's own running values (a pot, a kitty) that the score sheet shows beside the seats."""
_META = (
    ("event", "event"),
    ("site", "site"),
    ("date", "date"),
    ("table", "table"),
    ("source", "logged by"),
)
"""The record's ``meta`` fields as the page's head names them."""
_HAND_POINTER = re.compile(r"^/hands/(\d+)(?:/|$)")
_SEAT = re.compile(r"\bseat (\d{1,6})\b")
_FOLLOWING = {
    Duty.FOLLOW: ("holds {led}, the suit led", "must follow suit"),
    Duty.HEAD: (
        "holds {led}, the suit led, and can beat the trick",
        "must follow suit and beat it",
    ),
    Duty.HEAD_TRUMPED: (
        "holds {led}, the suit led, and can beat its highest card in the trumped trick",
        "must follow suit above it",
    ),
    Duty.VOID: ("is void in {led}, the suit led", "free to play any card"),
    Duty.NO_TRUMP: ("is void in {led}, the suit led, and holds no trump", "free to play any card"),
    Duty.TRUMP: ("is void in {led}, the suit led, and holds a trump", "must trump in {trump}"),
    Duty.OVERTRUMP: (
        "is void in {led}, the suit led, and can beat the trump in the trick",
        "must trump in {trump}, above it",
    ),
}
"""The duty of a follower in words: (where the seat stands, what it owed)."""


def build_page(
    source: str,
    record: Any,
    problems: Sequence[Problem] = (),
    *,
    hands: Collection[int] | None = None,
) -> PageView:
    """The page of one record (None: not a record, only ``problems``); ``hands``, the indexes
    of the hands to lay out (None: every one; keep it to ``PAGE_HANDS``)."""
    page = PageView(source=printable(source))
    if record is None:
        _place(page, problems)
        return page
    builder = _Builder(page, record, hands)
    found = list(problems)
    chosen: bool | Collection[int] = True if hands is None else hands
    for step in steps(record, audit=True, actions=chosen, choices=True):
        if type(step) is ProblemFound:
            found.append(step.problem)
        else:
            builder.take(step)
    if hands is not None and len(page.hands) < len(page.sheet):
        shown, every = [h.number for h in page.hands], [row.number for row in page.sheet]
        page.partial = (hand_ranges(shown), hand_ranges(every), len(shown), len(every))
    _place(page, found, builder.cards)
    return page


class _Builder:
    """Takes the steps of one record, as they come, into its page."""

    def __init__(self, page: PageView, record: Any, hands: Collection[int] | None) -> None:
        self.page, self.record, self.chosen = page, record, hands
        game = GAMES.get(getattr(record, "game", ""))
        self.game = game
        self.cards = Cards(game.deck if game is not None else None)
        page.title = game.title if game is not None else printable(str(record.game))
        if game is not None:
            page.calls_title = game.referee.calls_title
        self.moves: list[tuple[int, str, list[CardView]]] = []
        self.duties: dict[tuple[int, int], str] = {}
        """(trick number, place in the trick) -> the duty of the card played there."""
        self.table: Any = None
        """The engine's table of the record's rules, once a hand needs it."""
        _header(page, record)

    def take(self, step: Any) -> None:
        kind = type(step)
        if kind is ActionApplied:
            self.action(step)
        elif kind is HandSettled:
            self.hand(step)
        elif kind is RecordStarted:
            self.page.players = [printable(str(name)) for name in step.players]
        elif kind is RecordSettled:
            self.record_settled(step)

    def action(self, step: ActionApplied) -> None:
        action = step.action
        kind = getattr(action, "type", None)
        moves = self.game.moves if self.game is not None else {}
        for did, name in moves.get(str(kind), ()):
            cards = getattr(action, name, None) or []
            if cards:
                self.moves.append((step.seat or 0, did, self.cards.views(cards)))
        if kind == "meld":
            for meld in getattr(action, "melds", None) or []:
                what = f"meld {printable(str(getattr(meld, 'meld', '?')))}"
                self.moves.append((step.seat or 0, what, self.cards.views(meld.cards)))
        duty = step.duty
        if duty is not None:
            self.duties[duty.trick, duty.place] = self.duty_text(duty)

    def duty_text(self, duty: PlayDuty) -> str:
        """The duty that bound the seat at its card, in words, with the cards it could play."""
        name = self.page.seat_name(duty.seat)
        could = f"could play {self.cards.text(duty.allowed)}"
        if duty.led is None:
            owed = "bound by the game's lead rule" if duty.duty is Duty.LEAD_OWED else "any card"
            return f"{name} leads trick {duty.trick}: {owed}; {could}"
        stands, owed = _FOLLOWING[duty.duty]
        suits = {"led": self.cards.suit(duty.led), "trump": self.cards.suit(duty.trump)}
        return f"{name} {stands.format(**suits)}: {owed.format(**suits)}; {could}"

    def hand(self, step: HandSettled) -> None:
        if self.chosen is not None and step.index not in self.chosen:
            self.page.sheet.append(_sheet_row(step, shown=False))
            self.moves, self.duties = [], {}
            return
        cards, page = self.cards, self.page
        hand = HandView(
            index=step.index,
            id=f"hand-{step.index + 1}",
            number=step.number,
            dealer=page.seat_name(step.dealer),
            status=step.status.value,
            trump=cards.suit(step.trump) if step.trump else "",
        )
        self.deal(hand, step)
        hand.calls = [(page.seat_name(s), cards.words(printable(said))) for s, said in _calls(step)]
        hand.tricks = [self.trick(step.index, t, len(hand.seats)) for t in step.tricks]
        if step.open_trick is not None:
            hand.tricks.append(self.trick(step.index, step.open_trick, len(hand.seats), done=False))
        hand.taken, hand.scores, hand.totals = step.taken, step.scores, step.totals
        hand.claims = _claim_rows(step.checks or [], len(page.players), cards)
        hand.mismatches = sum(c.status is ClaimStatus.MISMATCH for c in step.checks or [])
        hand.derivation = [cards.words(printable(line)) for line in step.derivation()]
        extra = step.audit_notes() if step.audit_notes is not None else []
        notes = (*step.notes, *extra, *step.claim_notes)
        hand.notes = [cards.words(printable(n)) for n in notes]
        page.hands.append(hand)
        page.sheet.append(_sheet_row(step, shown=True))
        self.moves, self.duties = [], {}

    def deal(self, hand: HandView, step: HandSettled) -> None:
        """The deal by seat as recorded, with what each seat did with cards since."""
        cards, page = self.cards, self.page
        deal = _recorded_deal(self.record, step.index)
        turned = getattr(deal, "turned_up", None)
        hand.turned_up = cards.view(turned) if turned else None
        hand.widow = cards.views(getattr(deal, "widow", None) or [])
        stock = getattr(deal, "stock", None)
        hand.listed = len(stock) if isinstance(stock, list) else None
        if step.started:  # a deal without faults: the rules say what it left
            hand.undealt = self.undealt(step.number, deal)
        hand.seats = [
            # a seat whose cards the record does not know (one seat's view): none shown, and
            # the hand's notes say why
            SeatView(s, page.seat_name(s), cards.views(held or (), fan=True), _roles(step, s))
            for s, held in enumerate(step.deal)
        ]
        for seat, did, moved in self.moves:
            if 0 <= seat < len(hand.seats):
                hand.seats[seat].moved.append((did, moved))

    def undealt(self, number: int, deal: Any) -> int | None:
        """The cards the deal left in the stock, as the game's engine counts them."""
        game = self.game
        if game is None or game.engine.undealt is None:
            return None
        if self.table is None:  # the replay got this far: the rules make a table
            referee = game.referee
            self.table = referee.engine.table(referee.rules(self.record))
        return game.engine.undealt(self.table, number, deal)

    def trick(self, hand: int, trick: Trick, seats: int, *, done: bool = True) -> TrickView:
        name = self.page.seat_name
        view = TrickView(
            trick.number,
            f"hand-{hand + 1}-trick-{trick.number}",
            name(trick.leader),
            name(trick.winner) if done else None,
            [None] * seats,
        )
        for order, (seat, card) in enumerate(trick.plays):
            if 0 <= seat < seats:
                view.cells[seat] = PlayView(
                    seat,
                    self.cards.view(card),
                    seat == trick.leader,
                    done and order == trick.best,
                    self.duties.get((trick.number, order), ""),
                    f"{view.id}-seat-{seat}",
                )
        return view

    def record_settled(self, step: RecordSettled) -> None:
        page = self.page
        page.totals = step.totals
        page.winners = [page.seat_name(s) for s in step.winners or []]
        page.claims = _claim_rows(step.checks or [], len(page.players), self.cards)


def _header(page: PageView, record: Any) -> None:
    """Id, rules preset and the parameters that differ from it, and where and when."""
    page.record_id = printable(str(record.id))
    page.game = printable(str(record.game))
    page.players = [printable(str(p.name)) for p in getattr(record, "players", [])]
    meta = getattr(record, "meta", None)
    if meta is not None:
        for key, label in _META:
            value = getattr(meta, key, None)
            if value is not None:
                page.meta.append((label, printable(str(value))))
    rules = _plain_data(getattr(record, "rules", None))
    if not isinstance(rules, dict):
        return
    name = rules.get("preset")
    page.preset = printable(str(name))
    try:
        preset = preset_values(record.game, str(name))
    except KeyError:  # a preset this version does not know: the record says what it holds
        return
    page.differs = [
        (name, plain(value), plain(preset.get(name)))
        for name, value in rules.items()
        if name != "preset" and value != preset.get(name)
    ]


def _plain_data(value: Any) -> Any:
    """A decoded record's part (a msgspec struct or a pydantic model) as JSON values."""
    if value is None:
        return None
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return dump(mode="json")
    # as JSON has them: tuples as lists, integer keys as strings (as the presets are dumped)
    return msgspec.json.decode(msgspec.json.encode(value))


def _recorded_deal(record: Any, index: int) -> Any:
    try:
        return record.hands[index].deal
    except (AttributeError, IndexError, TypeError):
        return None


def _roles(step: HandSettled, seat: int) -> list[str]:
    roles = ["dealer"] if seat == step.dealer else []
    if step.declarer_seat == seat:
        roles.append("declarer")
    return roles


def _calls(step: HandSettled) -> list[tuple[int, str]]:
    return step.calls() if step.calls is not None else []


def _claim_rows(checks: Iterable[ClaimCheck], seats: int, cards: Cards) -> list[ClaimRow]:
    """The claims by name, one cell per seat and one for the table, in the order made (a
    trump suit claimed written as the page writes suits)."""
    rows: dict[str, ClaimRow] = {}
    for check in checks:
        row = rows.get(check.name)
        if row is None:
            row = rows[check.name] = ClaimRow(printable(check.name), None, [None] * seats)
        recorded, computed = _value(check.recorded), _value(check.computed)
        cell = ClaimCell(cards.alone(recorded), cards.alone(computed), check.status.value)
        cell.reason = check.reason
        if check.seat is None:
            row.table = cell
        elif 0 <= check.seat < seats:
            row.seats[check.seat] = cell
    return list(rows.values())


def _value(value: Any) -> str:
    """A claimed or recomputed value, short enough for a cell: a list of melds reads
    ``dix 10; marriage 20``."""
    if value is None:
        return "—"
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return "; ".join(" ".join(plain(part) for part in v.values()) for v in value)
    return plain(value)


def _sheet_row(step: HandSettled, *, shown: bool) -> SheetRow:
    """A hand's line on the score sheet: its scores, the running totals, and the table's own
    values (a pot carried on, a kitty) as recomputed; ``shown``, whether the page lays the hand
    out (its line links to it)."""
    table = {
        c.name: plain(c.computed)
        for c in step.checks or []
        if c.seat is None and c.name in _TABLE_VALUES and c.computed is not None
    }
    status = step.status.value.replace("_", " ") if step.status is not HandStatus.COMPLETE else ""
    hand_id = f"hand-{step.index + 1}" if shown else None
    return SheetRow(hand_id, step.number, status, step.scores, step.totals, table)


def hand_ranges(numbers: Iterable[int]) -> str:
    """``1-13`` or ``1-3, 5, 9-10``: hand numbers as a person writes them."""
    parts: list[str] = []
    for _, run in itertools.groupby(enumerate(sorted(set(numbers))), lambda p: p[1] - p[0]):
        values = [n for _, n in run]
        parts.append(str(values[0]) if len(values) == 1 else f"{values[0]}-{values[-1]}")
    return ", ".join(parts)


def _place(page: PageView, problems: Iterable[Problem], cards: Cards | None = None) -> None:
    """Give every problem an anchor and put it where it occurs: in its trick, its hand, or
    the record's head. The cards the message and values of an illegal or inconsistent
    problem quote are written as the page writes cards (``Cards.words``); a malformed record's
    stay in the record's notation, which is what such a message is about (``did you mean
    TC?``)."""
    words = cards.words if cards is not None else str
    by_index = {hand.index: hand for hand in page.hands}
    columns: dict[str, None] = {}
    for row in page.sheet:
        columns.update(dict.fromkeys(row.table))
    page.table_columns = list(columns)
    for number, problem in enumerate(problems, 1):
        say = str if problem.kind is Kind.MALFORMED else words
        match = _HAND_POINTER.match(problem.pointer)
        index = int(match.group(1)) if match else None
        view = ProblemView(
            id=f"problem-{number}",
            code=printable(problem.code),
            kind=problem.kind.value,
            where=_where(page, problem),
            message=say(_named(page, printable(problem.message))),
            values=say(_values(problem)),
            pointer=printable(problem.pointer or "/"),
            hand=index,
            trick=problem.trick,
        )
        page.problems.append(view)
        hand = by_index.get(index) if index is not None else None
        if hand is not None or index is None:  # a claim of a hand left out is not on the page
            _link_claim(hand.claims if hand is not None else page.claims, problem, view.id)
        if hand is None:  # the record's, in a hand left out, or of what is not a record
            page.record_problems.append(view)
            continue
        trick = next((t for t in hand.tricks if t.number == problem.trick), None)
        if trick is not None and problem.kind.value != "inconsistent":
            trick.problems.append(view)
        else:
            hand.problems.append(view)


def _where(page: PageView, problem: Problem) -> str:
    """``hand 3, trick 2, seat 1 (Bob)``: where a problem lies, its seat named as the record
    names the player there."""
    parts = [
        f"{name} {value}"
        for name, value in (("hand", problem.hand), ("trick", problem.trick))
        if value is not None
    ]
    if problem.seat is not None:
        parts.append(_named(page, f"seat {problem.seat}"))
    return printable(", ".join(parts))


def _named(page: PageView, text: str) -> str:
    """Every ``seat N`` of ``text`` followed by the name of the player there: ``seat 1 (Bob)``."""
    players = page.players
    if not players:
        return text

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return f"{match.group(0)} ({players[seat]})" if seat < len(players) else match.group(0)

    return _SEAT.sub(name, text)


def _link_claim(rows: list[ClaimRow], problem: Problem, anchor: str) -> None:
    """Point the mismatched claim a problem is about (``score.mismatch`` of seat 1: the
    ``score`` row, seat 1) at the problem."""
    if problem.kind.value != "inconsistent":
        return
    name = problem.code.partition(".")[0]
    for row in rows:
        if row.name != name:
            continue
        seat = problem.seat
        cell = (
            row.table if seat is None else (row.seats[seat] if 0 <= seat < len(row.seats) else None)
        )
        if cell is not None and cell.status == "mismatch":
            cell.problem = anchor


def _values(problem: Problem) -> str:
    parts = [
        f"{label} {plain(value)}"
        for label, value in (("expected", problem.expected), ("got", problem.actual))
        if value is not None
    ]
    return ", ".join(parts)
