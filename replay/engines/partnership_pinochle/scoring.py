"""Scoring of a Partnership Pinochle hand, and the end of the game (pagat.com).

Each team's meld is its two players' melds; under ``save_meld`` a team keeps it only if it won
a trick (``trick``) or a counter (``counter``: card points, the last trick's included). Each
team's counters are the card points of the tricks it won and the last trick's points. The
bidding team makes its bid when its meld and counters reach it, and scores what it took
(``made_score = taken``) or the bid (``bid``); otherwise it is set and loses the bid. The
defenders score their meld and counters. A hand thrown in: the bidders lose the bid, the
defenders score their meld (``defenders_meld``) or nothing. A void hand scores nothing.

The game ends after the hand in which a team reaches ``target``; when both do, the bidders win
(``both_reach = bidders``) or the higher total (``higher``; the bidders on a tie). Every point
comes with the rule that set it, so an audit can print the derivation. Part of the engine in
``replay.engines.partnership_pinochle``; pure, no pydantic, no I/O.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple

from msgspec import Struct

from replay.engines.partnership_pinochle.declare import melds_unknown, seat_melds
from replay.engines.partnership_pinochle.state import HAND_SIZE, OVER, Counted, State, team
from replay.engines.pinochle.melds import ScoredMeld


class Outcome(StrEnum):
    VOID = "void"
    """All four passed (``redeal``): nothing is scored."""
    MADE = "made"
    SET = "set"
    """Played, and the bidding team's meld and counters fell short of the bid."""
    THROWN_IN = "thrown_in"
    UNKNOWN = "unknown"
    """Played, and whether the bid was made depends on the bidders' meld, which the record
    cannot give (melds worked out from hands a pass not logged hid)."""


class Carried(NamedTuple):
    """What the game carries into a hand: the teams' totals before it, and whether a team had
    already won."""

    totals: tuple[int, int]
    over: bool


class Settlement(Struct, frozen=True):
    """A hand's result: the melds, counters and scores by team, with the game's end."""

    outcome: Outcome
    declarer: int | None
    contract: int | None
    stuck: bool
    """The dealer took the bid at the minimum after all four passed."""
    melds: tuple[tuple[ScoredMeld, ...], ...]
    """Each seat's melds (empty before the passing was over, in a void hand, and where they
    are unknown)."""
    player_meld: tuple[int | None, ...]
    """Each seat's meld points; None where they are unknown (``declare.melds_unknown``)."""
    team_meld: tuple[int | None, int | None]
    """The meld each team scores (after ``save_meld``); None where it is unknown."""
    counters: tuple[int, int] | None
    """Each team's card points; None for a hand not played out."""
    made: bool | None
    """None in a void hand and where it is unknown (``Outcome.UNKNOWN``)."""
    team_scores: tuple[int | None, int | None]
    """Each team's score; None where it depends on a meld not known."""
    tricks: tuple[int, ...]
    calls: tuple[tuple[int, int | None], ...]
    totals: tuple[int, int] | None = None
    """The teams' totals after the hand, where the game's totals before it were known."""
    winner: int | None = None
    """The team that won the game in this hand, if it ended here."""
    reasons: tuple[str, ...] = ()

    unknown: tuple[int, ...] = ()
    """The seats whose melds are unknown (``declare.melds_unknown``)."""

    @property
    def scores(self) -> tuple[int | None, ...]:
        """Each seat's score: its team's (what the driver adds to the running totals)."""
        return tuple(self.team_scores[seat % 2] for seat in range(4))

    def amounts(self) -> tuple[tuple[str, tuple[int | None, ...]], ...]:
        return (("team score", self.team_scores),)


def taken_and_points(state: State) -> Counted:
    """(tricks each seat took, each team's card points): the points only for a hand played to
    its 12th trick. Read off the play's integers (``records.tricks.Tricks``), not its views."""
    if state.counted is not None:
        return state.counted
    tricks = state.tricks
    leads, bests, cards = tricks.leads, tricks.bests, tricks.cards
    points = state.table.code_points
    taken = [0, 0, 0, 0]
    won = [0, 0]
    for number, best in enumerate(bests):
        winner = (leads[number] + best) % 4  # the seats follow the leader clockwise
        taken[winner] += 1
        first = 4 * number
        won[winner % 2] += (
            points[cards[first]]
            + points[cards[first + 1]]
            + points[cards[first + 2]]
            + points[cards[first + 3]]
        )
    if len(bests) != HAND_SIZE:
        found: Counted = (tuple(taken), None)
    else:
        won[(leads[-1] + bests[-1]) % 2] += state.table.last_trick
        found = (tuple(taken), (won[0], won[1]))
    if state.phase is OVER:  # nothing changes after: counted once for settle and the referee
        state.counted = found
    return found


def counters(state: State) -> tuple[int, int] | None:
    """Each team's card points of a hand played to its 12th trick."""
    return taken_and_points(state)[1]


def tricks_taken(state: State) -> tuple[int, ...]:
    return taken_and_points(state)[0]


def _saved(state: State, side: int, taken: tuple[int, ...], points: tuple[int, int]) -> bool:
    """Whether a team that played the hand keeps its meld (``save_meld``)."""
    rule = state.rules.save_meld
    if rule == "trick":
        return taken[side] + taken[side + 2] > 0
    if rule == "counter":
        return points[side] > 0
    return True


class _Score(NamedTuple):
    """What the rules make of a hand: its outcome, the meld each team scores, whether the bid
    was made, each team's score, and why."""

    outcome: Outcome
    meld: tuple[int | None, int | None]
    made: bool | None
    scores: tuple[int | None, int | None]
    reasons: tuple[str, ...]


def settle(state: State, carried: Carried | None = None) -> Settlement:
    """The settlement of a hand that is over; ``carried`` is the game before it (None: not
    known, then the game's end is not worked out)."""
    found = seat_melds(state) or [() for _ in range(4)]
    unknown = melds_unknown(state)
    player = tuple(
        None if seat in unknown else sum(m.value for m in melded)
        for seat, melded in enumerate(found)
    )
    by_team = (_plus(player[0], player[2]), _plus(player[1], player[3]))
    taken, points = taken_and_points(state)
    declarer, contract = state.declarer, state.contract
    if declarer is None or contract is None:
        why = ("all four passed: the hand is void (all_pass = redeal)",)
        score = _Score(Outcome.VOID, (0, 0), None, (0, 0), why)
    elif state.thrown_in is not None:
        score = _thrown_in(state, team(declarer), contract, by_team)
    else:
        assert points is not None
        score = _played(state, team(declarer), contract, by_team, taken, points)
    totals, winner = _game(state, carried, score.scores)
    return Settlement(
        score.outcome,
        declarer,
        contract,
        state.stuck,
        tuple(found),
        player,
        score.meld,
        points,
        score.made,
        score.scores,
        taken,
        tuple(state.calls),
        totals,
        winner,
        score.reasons,
        tuple(unknown),
    )


def _plus(one: int | None, other: int | None) -> int | None:
    return None if one is None or other is None else one + other


def _by_team(bidders: int, theirs: Any, ours: Any) -> tuple[Any, Any]:
    """(team 0's, team 1's) of the bidders' value ``theirs`` and the defenders' ``ours``."""
    return (theirs, ours) if bidders == 0 else (ours, theirs)


def _thrown_in(
    state: State, bidders: int, contract: int, meld: tuple[int | None, int | None]
) -> _Score:
    """The bidders lose the bid; the defenders score their meld or nothing (``throw_in``)."""
    reasons = [f"thrown in by seat {state.thrown_in}: the bidders lose {contract}"]
    kept = meld[1 - bidders] if state.rules.throw_in == "defenders_meld" else 0
    if kept is None:
        reasons.append("the defenders score their meld, which is unknown")
    elif kept:
        reasons.append(f"the defenders score their meld {kept}")
    scores = _by_team(bidders, -contract, kept)
    return _Score(Outcome.THROWN_IN, _by_team(bidders, 0, kept), False, scores, tuple(reasons))


def _played(
    state: State,
    bidders: int,
    contract: int,
    by_team: tuple[int | None, int | None],
    taken: tuple[int, ...],
    points: tuple[int, int],
) -> _Score:
    """A hand played out: each team's meld it keeps (``save_meld``), the bid made or set. The
    bidders' meld may be unknown (``_unknown_meld``), and in one seat's view the defenders' too."""
    reasons: list[str] = []
    meld: list[int | None] = [0, 0]
    for side in (0, 1):
        keep = _saved(state, side, taken, points)
        meld[side] = by_team[side] if keep else 0
        if not keep and by_team[side] != 0:
            lost = "" if by_team[side] is None else f" {by_team[side]}"
            reasons.append(
                f"team {side} took nothing in play: its meld{lost} is lost "
                f"(save_meld = {state.rules.save_meld})"
            )
    defenders = 1 - bidders
    kept = meld[bidders]
    if kept is None:
        return _unknown_meld(state, bidders, contract, meld, points, reasons)
    count = kept + points[bidders]
    made = count >= contract
    said = f"the bidders' meld {meld[bidders]} + counters {points[bidders]} = {count}"
    if made:
        mine = count if state.rules.made_score == "taken" else contract
        reasons.append(
            f"{said} makes the bid {contract}: they score {mine} "
            f"(made_score = {state.rules.made_score})"
        )
    else:
        mine = -contract
        reasons.append(f"{said} falls short of the bid {contract}: set, they lose {contract}")
    theirs = _defenders(meld, points, defenders, reasons)
    outcome = Outcome.MADE if made else Outcome.SET
    return _Score(
        outcome, (meld[0], meld[1]), made, _by_team(bidders, mine, theirs), tuple(reasons)
    )


def _defenders(
    meld: list[int | None], points: tuple[int, int], defenders: int, reasons: list[str]
) -> int | None:
    """The defenders' score: their meld and counters; unknown where their meld is (worked out
    from a hand not known, in one seat's view)."""
    kept = meld[defenders]
    if kept is None:
        reasons.append("the defenders' meld is unknown: their score is unknown")
        return None
    theirs = kept + points[defenders]
    reasons.append(f"the defenders score meld {kept} + counters {points[defenders]} = {theirs}")
    return theirs


def _unknown_meld(
    state: State,
    bidders: int,
    contract: int,
    meld: list[int | None],
    points: tuple[int, int],
    reasons: list[str],
) -> _Score:
    """A hand played out whose bidders' meld is unknown (melds worked out from hands that a
    pass not logged hid): their counters alone may make the bid (a meld is never negative),
    and then under ``made_score = bid`` their score is the bid; anything else is unknown."""
    mine: int | None = None
    made: bool | None = None
    outcome = Outcome.UNKNOWN
    if points[bidders] >= contract:
        made, outcome = True, Outcome.MADE
        rule = state.rules.made_score
        mine = contract if rule == "bid" else None
        scored = f"they score {contract}" if mine is not None else "their score is unknown"
        reasons.append(
            f"the bidders' counters {points[bidders]} alone make the bid {contract}: "
            f"{scored} (made_score = {rule}); their meld is unknown"
        )
    else:
        reasons.append(
            f"the bidders' meld is unknown, so whether their counters {points[bidders]} and "
            f"meld make the bid {contract} is unknown"
        )
    theirs = _defenders(meld, points, 1 - bidders, reasons)
    return _Score(
        outcome, (meld[0], meld[1]), made, _by_team(bidders, mine, theirs), tuple(reasons)
    )


def _game(
    state: State, carried: Carried | None, scores: tuple[int | None, int | None]
) -> tuple[tuple[int, int] | None, int | None]:
    """The teams' totals after the hand and the team that won the game in it, if it did; not
    worked out (None) where a score is unknown."""
    if carried is None or scores[0] is None or scores[1] is None:
        return None, None
    totals = (carried.totals[0] + scores[0], carried.totals[1] + scores[1])
    if carried.over:
        return totals, None
    target = state.rules.target
    reached = [side for side in (0, 1) if totals[side] >= target]
    if not reached:
        return totals, None
    if len(reached) == 1:
        return totals, reached[0]
    assert state.declarer is not None  # a void hand scores nothing, so reaches nothing
    bidders = team(state.declarer)
    if state.rules.both_reach == "higher" and totals[0] != totals[1]:
        return totals, 0 if totals[0] > totals[1] else 1
    return totals, bidders
