"""A table: a game played action by action, through its engine, into a record.

``Table(game, rules=None, players=None, seed=None, deal=None)`` deals a hand (from the seed, or
as stated), says whose turn it is, in what phase, and what is legal now; it applies an action
or refuses it with the problem an audit of the record would report, undoes the last one, and
writes the record so far at any moment. It plays a whole game: each hand over, the next is
dealt, until the game's end (docs/table.md).

There is no second set of rules. Each action is checked and applied by the game's engine
(``replay.engine``), as the driver does; an action refused is placed in the record by the
driver itself: the record with the action appended is replayed (``replay.driver.replay``) and
its problem is the table's answer, the same value ``tricklog audit`` would print. A hand
over, the record is replayed to settle it, and its claims are written from that replay's
settlement. So the cost of a game is its actions once, plus one replay of the record per hand
(and one per refusal).

What a table needs of a game beyond its engine and referee comes from its generator module
(``replay/generators/<game>.py``, beside ``generate``): ``deal_hand(rng, rules, number,
dealer)``, ``planned_hands(rules)``, ``finished(rules, results, end)``, ``hand_claims(rules,
result)`` and ``record_claims(rules, results, end)``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import msgspec
from pydantic import BaseModel

from records.base import Player
from records.problems import Kind, Problem
from records.rules.common import dealer_of
from replay.driver import replay
from replay.moves import (
    GameParts,
    IllegalActionError,
    Move,
    TableError,
    UnreadableActionError,
    plain,
)
from replay.registry import GAMES
from replay.spelling import SpellingError, read, spell
from replay.steps import HandSettled, ProblemFound, RecordSettled

__all__ = ["IllegalActionError", "Move", "Table", "TableError", "UnreadableActionError"]


class Table:
    """A game of ``game`` played action by action (docs/table.md).

    :param rules: a preset's name (the default preset without), a rules block (a mapping, as
        a record states it) or the game's rules value.
    :param players: the players' names, one a seat (without: the preset's number of seats,
        named ``Player 1`` ...); with a preset, their number sets the seats.
    :param seed: the seed of the shuffles (and of the first dealer); without one, random.
    :param deal: the first hand's deal, stated (a mapping as a record writes it, or the
        game's ``Deal``); a seat's cards may be None where the game allows a seat's view.
    :param dealer: the first hand's dealer (without: from the seed).
    :param hands: how many hands the game has (without: the rules' schedule, or the game's
        own end; a sitting of pinochle or Bestia, which has none, plays one round).
    :param record_id: the record's ``id``.
    """

    def __init__(
        self,
        game: str,
        rules: Any = None,
        players: Sequence[str] | None = None,
        seed: Any = None,
        deal: Any = None,
        *,
        dealer: int | None = None,
        hands: int | None = None,
        record_id: str = "table",
    ) -> None:
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}: {', '.join(GAMES)}")
        self.game = game
        self._g = GameParts(game)
        seats = None if players is None else len(players)
        self.rules = self._g.rules(rules, seats)
        engine = self._g.engine
        fault = engine.rules_fault(self.rules)
        if fault is not None:
            raise ValueError(f"{fault.parameter}: {fault.violation.message}")
        self._table = engine.table(self.rules)
        count: int = self._table.seats
        if players is not None and len(players) != count:
            raise ValueError(f"{len(players)} players for a table of {count} seats")
        self.players = (
            list(players) if players is not None else [f"Player {s + 1}" for s in range(count)]
        )
        self.record_id = record_id
        self._seed = seed
        self._rng = random.Random(seed)
        self._first = self._rng.randrange(count) if dealer is None else dealer
        self._planned = hands if hands is not None else self._g.module.planned_hands(self.rules)
        self._deals: list[Any] = []
        self._done: list[Any] = []  # the finished hands' models, without claims
        self._results: list[HandSettled] = []
        self._end = RecordSettled([0] * count, None)
        self._actions: list[Any] = []
        self._over = False
        self._state: Any = None
        self._begin(deal)

    def __repr__(self) -> str:
        return (
            f"Table({self.game!r}, players={self.players!r}, seed={self._seed!r}): hand "
            f"{self.hand_number}, {self.phase}"
        )

    # --- asking ----------------------------------------------------------------------------

    @property
    def hand_number(self) -> int:
        """The number of the hand being played (the last one, once the game is over)."""
        return len(self._done) + (0 if self._over else 1)

    @property
    def dealer(self) -> int:
        return dealer_of(self._order, self.hand_number, self._first, self._table.seats)

    @property
    def deal(self) -> Any:
        """The deal of the hand being played (the record's ``Deal``)."""
        return self._deals[self.hand_number - 1]

    @property
    def actions(self) -> list[Any]:
        """The actions of the hand being played so far (the record's events)."""
        return [] if self._over else list(self._actions)

    @property
    def is_over(self) -> bool:
        """Whether the game is over: then ``legal()`` is empty."""
        return self._over

    @property
    def to_move(self) -> int | None:
        """The seat to act, or None (anyone may, or nobody: the game is over)."""
        return None if self._over else self._g.engine.to_move(self._state)

    @property
    def phase(self) -> str:
        """The hand's phase as its engine names it (``bid``, ``play`` ...), or ``over``."""
        return "over" if self._over else str(self._state.phase.value)

    @property
    def trick(self) -> tuple[tuple[int, str], ...]:
        """The trick in progress: (seat, card) in the order played."""
        play = getattr(self._state, "play", None)
        current = None if play is None or self._over else play.trick
        return () if current is None else tuple(zip(current.seats, current.cards, strict=True))

    @property
    def tricks(self) -> list[Any]:
        """The hand's finished tricks (``records.tricks.Trick``)."""
        return list(self._state.tricks)

    @property
    def taken(self) -> list[int]:
        """Tricks taken by each seat in the hand being played."""
        counts = [0] * self._table.seats
        for trick in self._state.tricks:
            counts[trick.winner] += 1
        return counts

    @property
    def scores(self) -> list[list[Any] | None]:
        """Each finished hand's scores (None for one abandoned), as the audit settles them."""
        return [r.scores for r in self._results]

    @property
    def totals(self) -> list[Any] | None:
        """The running totals after the finished hands (None where the rules cannot tell)."""
        return self._end.totals

    @property
    def results(self) -> list[HandSettled]:
        """The finished hands as the audit's replay settled them (``HandSettled``)."""
        return list(self._results)

    def legal(self) -> list[Move]:
        """Every legal action now (bids up to a bound where they are open-ended, and every
        one of the other choices the engine lists: ``Engine.legal_actions``); empty once the
        game is over."""
        if self._over:
            return []
        turn = self.to_move
        found = []
        for struct in self._g.engine.legal_actions(self._state):
            action = self._g.actions.validate_python(plain(struct))
            found.append(Move(spell(self._g.format.notation, self._json(action), turn), action))
        return found

    def why_not(self, action: Any) -> Problem | None:
        """None if ``action`` is legal now, else the problem an audit of the record with it
        would report (words that spell no action: their ``record.text`` problem)."""
        try:
            event = self._read(action)
        except UnreadableActionError as exc:
            return exc.problem
        if self._g.engine.check(self._state, event) is None:
            return None
        return self._audit(event)

    def is_legal(self, action: Any) -> bool:
        return self.why_not(action) is None

    # --- acting ----------------------------------------------------------------------------

    def apply(self, action: Any) -> Move:
        """Apply ``action``: a ``Move`` of ``legal()``, its text (``bid 3``), the record's
        event or its JSON. Raises ``IllegalActionError`` (the audit's problem) or
        ``UnreadableActionError``, and nothing changes."""
        event = self._read(action)
        engine = self._g.engine
        if engine.check(self._state, event) is not None:
            raise IllegalActionError(self._audit(event))
        turn = self.to_move
        engine.apply(self._state, event)
        self._actions.append(event)
        move = Move(spell(self._g.format.notation, self._json(event), turn), event)
        if engine.is_over(self._state):
            self._close()
        return move

    def undo(self) -> Move:
        """Take back the last action (into the hand before, if this one has none); the deal
        of a hand left is kept for when it is played again. ``IndexError`` if none."""
        if self._over or not self._actions:
            if not self._done:
                raise IndexError("nothing to undo: no action was applied")
            last = self._done.pop()  # the hand before, reopened (this one's deal is kept)
            self._actions = list(last.actions)
            self._over = False
            self._settle()
        event = self._actions.pop()
        self._restart()
        return Move(spell(self._g.format.notation, self._json(event), self.to_move), event)

    def deal_hand(self, deal: Any) -> None:
        """State the deal of the hand being played, before its first action (a seat's cards
        may be None where the game allows a seat's view). ``IllegalActionError`` with the
        audit's problem for a deal the rules refuse."""
        if self._over or self._actions:
            raise TableError(
                Problem(
                    "table.deal-stated-late",
                    Kind.ILLEGAL,
                    "a deal is stated before the hand's first action",
                )
            )
        self._start(self._deal_of(deal))

    # --- writing ---------------------------------------------------------------------------

    def record(self) -> Any:
        """The record so far (the game's pydantic model): every finished hand with the claims
        its settlement gives and, until the game is over, the hand being played (dealt as
        soon as the hand before ends) without claims, in a record marked ``in_progress``:
        its audit reports that hand as in progress, and the record as valid if every action
        so far is legal. The record's own claims (final totals, winners) and the mark's
        absence come once the game is over."""
        g = self._g
        hands = [
            hand.model_copy(update={"claims": g.module.hand_claims(self.rules, result)})
            for hand, result in zip(self._done, self._results, strict=True)
        ]
        current = self._current()
        if current is not None:
            hands.append(current)
        claims = None
        if current is None:
            claims = g.module.record_claims(self.rules, self._results, self._end)
        return g.format.record(
            format_version=1,
            game=self.game,
            id=self.record_id,
            rules=self.rules,
            players=[Player(seat=s, name=name) for s, name in enumerate(self.players)],
            hands=hands,
            in_progress=current is not None,
            claims=claims,
        )

    # --- inside ----------------------------------------------------------------------------

    @property
    def _order(self) -> Any:
        return getattr(self.rules, "dealer_order", "rotation")

    def _begin(self, deal: Any) -> None:
        """Start the next hand: its deal stated, kept from before, or dealt from the seed."""
        index = len(self._done)
        if deal is not None:
            self._start(self._deal_of(deal))
        elif index < len(self._deals):
            self._start(self._deals[index])
        else:
            self._start(self._g.module.deal_hand(self._rng, self.rules, index + 1, self.dealer))

    def _start(self, deal: Any) -> None:
        index, number, dealer = len(self._done), len(self._done) + 1, self.dealer
        engine = self._g.engine
        if engine.deal_faults(self._table, number, dealer, deal):
            raise IllegalActionError(self._deal_problem(deal))
        del self._deals[index:]
        self._deals.append(deal)
        self._actions = []
        self._state = engine.start(self._table, number, dealer, deal)

    def _restart(self) -> None:
        """The hand being played again from its deal, through its actions (after an undo)."""
        number = len(self._done) + 1
        engine = self._g.engine
        state = engine.start(self._table, number, self.dealer, self._deals[number - 1])
        for event in self._actions:
            engine.kinds[event.type].step(state, event)
        self._state = state

    def _close(self) -> None:
        """The hand is over: settle it through the audit's replay; deal the next one."""
        self._done.append(self._current())
        self._actions = []
        self._settle()
        module = self._g.module
        if len(self._done) >= self._planned or module.finished(
            self.rules, self._results, self._end
        ):
            self._over = True
            self._actions = []
            return
        self._begin(None)

    def _settle(self) -> None:
        """The finished hands replayed by the driver: their settlements and the totals."""
        if not self._done:
            self._results, self._end = [], RecordSettled([0] * self._table.seats, None)
            return
        results: list[HandSettled] = []
        end: RecordSettled | None = None
        for step in replay(self._draft(self._done), self._g.referee):
            if isinstance(step, HandSettled):
                results.append(step)
            elif isinstance(step, RecordSettled):
                end = step
        assert end is not None
        self._results, self._end = results, end

    def _current(self) -> Any:
        """The hand being played as a record's hand, without claims (None once the game is
        over)."""
        if self._over:
            return None
        index = len(self._done)
        return self._g.hand.model_construct(
            number=index + 1,
            dealer=self.dealer,
            deal=self._deals[index],
            actions=list(self._actions),
            claims=None,
            extensions=None,
        )

    def _draft(self, hands: list[Any]) -> Any:
        """A record of ``hands`` for the driver, built without validating what is valid."""
        return self._g.format.record.model_construct(
            format_version=1,
            game=self.game,
            id=self.record_id,
            rules=self.rules,
            players=[Player(seat=s, name=name) for s, name in enumerate(self.players)],
            meta=None,
            hands=hands,
            claims=None,
            extensions=None,
        )

    def _audit(self, event: Any) -> Problem:
        """The problem the audit reports for ``event`` where the table would put it."""
        hands = list(self._done)
        if self._over:  # after the game's last action: into its last hand
            last = hands.pop()
            index, actions = len(hands), [*last.actions, event]
            hand = last.model_copy(update={"actions": actions})
        else:
            index, actions = len(hands), [*self._actions, event]
            hand = self._current().model_copy(update={"actions": actions})
        at = f"/hands/{index}/actions/{len(actions) - 1}"
        problems = self._problems([*hands, hand])
        for problem in problems:
            if problem.pointer == at or problem.pointer.startswith(at + "/"):
                return problem
        found = [p for p in problems if p.pointer.startswith(f"/hands/{index}/")]
        if found:
            return found[0]
        raise RuntimeError(f"the engine refuses {event!r} but the replay does not")

    def _deal_problem(self, deal: Any) -> Problem:
        index = len(self._done)
        hand = self._g.hand.model_construct(
            number=index + 1,
            dealer=self.dealer,
            deal=deal,
            actions=[],
            claims=None,
            extensions=None,
        )
        found = [
            p
            for p in self._problems([*self._done, hand])
            if p.pointer.startswith(f"/hands/{index}/deal")
        ]
        return (
            found[0]
            if found
            else Problem("table.deal-refused", Kind.ILLEGAL, "the deal cannot start a hand")
        )

    def _problems(self, hands: list[Any]) -> list[Problem]:
        return [
            s.problem
            for s in replay(self._draft(hands), self._g.referee)
            if isinstance(s, ProblemFound)
        ]

    def _deal_of(self, deal: Any) -> Any:
        try:
            return self._g.deal.validate_python(deal if isinstance(deal, BaseModel) else dict(deal))
        except (ValueError, TypeError) as exc:
            raise UnreadableActionError(
                Problem(
                    "record.schema",
                    Kind.MALFORMED,
                    f"not a deal of {self.game}: {exc}",
                    f"/hands/{len(self._done)}/deal",
                )
            ) from None

    def _read(self, action: Any) -> Any:
        """The record's event for what ``apply`` was given."""
        g = self._g
        try:
            if isinstance(action, Move):
                return action.action
            if isinstance(action, str):
                return read(g.format.notation, g.actions, action, self.to_move)
            if isinstance(action, msgspec.Struct):
                action = plain(action)
            return g.actions.validate_python(action)
        except SpellingError as exc:
            problem = Problem(exc.code, Kind.MALFORMED, exc.message, self._place())
        except ValueError as exc:
            problem = Problem("record.schema", Kind.MALFORMED, str(exc), self._place())
        raise UnreadableActionError(problem)

    def _place(self) -> str:
        index = len(self._done) - (1 if self._over else 0)
        count = len(self._done[-1].actions) if self._over else len(self._actions)
        return f"/hands/{index}/actions/{count}"

    def _json(self, event: Any) -> dict[str, Any]:
        found: dict[str, Any] = self._g.actions.dump_python(
            event, mode="json", exclude_defaults=True
        )
        found["type"] = event.type
        return found
