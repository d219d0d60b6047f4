"""Oh Hell ("Blackout") rules engine, after RULES.md §2 and the Russian original text (S-OH).

Implemented readings (RULES.md §2.8), each selectable by a rule parameter of the record:

* the schedule grows from one card to floor(52 / players) (Q-OH-4: 17 deals for 3 players);
* a deal has no trump only when no card is left to turn (Q-OH-3, ``stock_empty``);
* the dealer bids first (Q-OH-1), without the hook (Q-OH-2);
* the player on the dealer's left leads; follow suit, else any card;
* exact bid scores 10 + bid, nil 10 (Q-OH-5), a miss 0; slam bonuses only on deals of more than
  five cards and only when bid (Q-OH-6); equal highest totals share the win (Q-OH-7).

The engine is a small state machine (bid -> play -> over) over plain values: cards are the
strings of ``records.cards``, the rules are the ``OhHellRules`` dataclass. ``check_*`` functions
say whether an action is legal without changing anything; ``apply_*`` functions change the state
and assume the action was checked. No pydantic, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from records.cards import FRENCH_52
from records.problems import Violation
from records.rules.oh_hell import OhHellRules
from replay.tricks import FollowRules, Trick, beats, explain_illegal, is_legal, legal_cards

DECK = FRENCH_52
HOYLE_MAX = {3: 15, 4: 13, 5: 10, 6: 8, 7: 7}  # R-DBARKER, R-SPRUCE: deals per player count


class Phase(Enum):
    BID = "bid"
    PLAY = "play"
    OVER = "over"
    ABANDONED = "abandoned"


# --- the game's shape ------------------------------------------------------------------------


def max_hand_size(rules: OhHellRules) -> int:
    """The largest deal: every card dealt, or one kept back for trump under ``cap_hand_size``."""
    usable = len(DECK.cards) - (1 if rules.no_trump_rule == "cap_hand_size" else 0)
    largest = usable // rules.num_players
    if rules.hand_sizes == "hoyle_table":
        return min(largest, HOYLE_MAX.get(rules.num_players, largest))
    return largest


def schedule(rules: OhHellRules) -> tuple[int, ...] | None:
    """Cards dealt in each deal of a game, in order; None for a single deal of any size."""
    top = max_hand_size(rules)
    up = tuple(range(1, top + 1))
    match rules.hand_sizes:
        case "ascending_to_max" | "hoyle_table":
            return up
        case "descending":
            return up[::-1]
        case "up_and_down":
            return up + up[-2::-1]
        case "down_and_up":
            return up[::-1] + up[1:]
        case "single":
            return None if rules.single_hand_size is None else (rules.single_hand_size,)
    raise AssertionError(rules.hand_sizes)  # pragma: no cover - Literal is exhaustive


def trump_source(rules: OhHellRules, number: int, size: int) -> str:
    """Where the trump comes from in deal ``number``: ``stock``, ``dealer`` or ``none``."""
    stock_left = len(DECK.cards) - size * rules.num_players
    match rules.no_trump_rule:
        case "last_deal_always":
            plan = schedule(rules)
            if plan is None or number == len(plan):
                return "none"
        case "largest_deals":
            if size == max_hand_size(rules):
                return "none"
        case "dealer_last_card":
            if stock_left == 0:
                return "dealer"
    return "stock" if stock_left > 0 else "none"


def first_bidder(rules: OhHellRules, dealer: int) -> int:
    return dealer if rules.first_bidder == "dealer" else (dealer + 1) % rules.num_players


def first_leader(rules: OhHellRules, dealer: int) -> int:
    if rules.first_leader == "first_bidder":
        return first_bidder(rules, dealer)
    return (dealer + 1) % rules.num_players


# --- state -----------------------------------------------------------------------------------


@dataclass(slots=True)
class State:
    """A hand in progress. Build it with ``new_hand``."""

    rules: OhHellRules
    dealer: int
    size: int
    trump: str | None
    """Trump suit letter, or None."""
    hands: list[list[str]]
    """Cards each seat still holds."""
    phase: Phase
    turn: int
    bids: list[int | None]
    leader: int
    follow: FollowRules
    trick: list[str] = field(default_factory=list)
    winning: int = 0
    """Index in ``trick`` of the card winning it so far."""
    tricks_won: list[int] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)

    @property
    def trick_number(self) -> int:
        """The trick being played (or about to be), from 1."""
        return len(self.tricks) + 1

    @property
    def bid_total(self) -> int:
        return sum(b for b in self.bids if b is not None)


def new_hand(
    rules: OhHellRules, dealer: int, size: int, hands: list[list[str]], trump: str | None
) -> State:
    n = rules.num_players
    return State(
        rules=rules,
        dealer=dealer,
        size=size,
        trump=trump,
        hands=[list(h) for h in hands],
        phase=Phase.BID,
        turn=first_bidder(rules, dealer),
        bids=[None] * n,
        leader=first_leader(rules, dealer),
        follow=FollowRules(must_trump_when_void=rules.must_trump_when_void),
        tricks_won=[0] * n,
    )


def current_player(state: State) -> int | None:
    """Whose turn it is, or None when the hand is over."""
    return state.turn if state.phase in (Phase.BID, Phase.PLAY) else None


def is_over(state: State) -> bool:
    return state.phase in (Phase.OVER, Phase.ABANDONED)


# --- bidding ---------------------------------------------------------------------------------


def _is_last_bidder(state: State) -> bool:
    return sum(b is None for b in state.bids) == 1


def legal_bids(state: State) -> list[int]:
    if state.phase is not Phase.BID:
        return []
    bids = list(range(state.size + 1))
    forbidden = state.size - state.bid_total
    if state.rules.hook and _is_last_bidder(state) and forbidden >= 0:
        bids.remove(forbidden)
    return bids


def check_bid(state: State, seat: int, bid: int) -> Violation | None:
    if state.phase is not Phase.BID:
        return Violation("bid.after-bidding", "a bid after every seat has bid")
    if seat != state.turn:
        return Violation(
            "bid.out-of-turn", f"seat {seat} bid out of turn", expected=state.turn, actual=seat
        )
    if bid > state.size:
        return Violation(
            "bid.out-of-range",
            f"bid of {bid} with {state.size} card(s) dealt",
            expected=f"0..{state.size}",
            actual=bid,
        )
    if state.rules.hook and _is_last_bidder(state) and state.bid_total + bid == state.size:
        return Violation(
            "bid.hook",
            f"the last bidder may not bid {bid}: the bids would add up to the {state.size} "
            "trick(s) of the deal (hook rule)",
            actual=bid,
        )
    return None


def apply_bid(state: State, bid: int) -> None:
    state.bids[state.turn] = bid
    if all(b is not None for b in state.bids):
        state.phase = Phase.PLAY
        state.turn = state.leader
    else:
        state.turn = (state.turn + 1) % state.rules.num_players


# --- play ------------------------------------------------------------------------------------


def legal_plays(state: State) -> list[str]:
    if state.phase is not Phase.PLAY:
        return []
    return legal_cards(
        state.hands[state.turn], state.trick, state.trump, DECK.strength, state.follow
    )


def check_play(state: State, seat: int, card: str) -> Violation | None:
    if state.phase is Phase.BID:
        return Violation(
            "play.before-bidding-ends", f"seat {seat} played {card} before every seat had bid"
        )
    if state.phase is not Phase.PLAY:
        return Violation("play.after-hand-end", f"seat {seat} played {card} after the hand ended")
    if seat != state.turn:
        return Violation(
            "play.out-of-turn", f"seat {seat} played out of turn", expected=state.turn, actual=seat
        )
    hand = state.hands[seat]
    if is_legal(card, hand, state.trick, state.trump, DECK.strength, state.follow):
        return None
    code, reason = explain_illegal(card, hand, state.trick, state.trump)
    return Violation(code, reason, actual=card)


def apply_play(state: State, card: str) -> Trick | None:
    """Play ``card`` for the seat to move; return the trick if this card completed it."""
    state.hands[state.turn].remove(card)
    trick = state.trick
    if trick and beats(card, trick[state.winning], state.trump, DECK.strength):
        state.winning = len(trick)
    trick.append(card)
    n = state.rules.num_players
    if len(trick) < n:
        state.turn = (state.turn + 1) % n
        return None
    leader = state.leader
    winner = (leader + state.winning) % n
    done = Trick(
        number=len(state.tricks) + 1,
        leader=leader,
        plays=tuple(((leader + i) % n, c) for i, c in enumerate(trick)),
        winner=winner,
    )
    state.tricks.append(done)
    state.tricks_won[winner] += 1
    state.trick = []
    state.winning = 0
    state.leader = state.turn = winner
    if len(state.tricks) == state.size:
        state.phase = Phase.OVER
    return done


# --- claims and abandonment ------------------------------------------------------------------


def check_claim(state: State, remaining: list[int]) -> Violation | None:
    if state.phase is not Phase.PLAY:
        return Violation("claim.out-of-phase", "a claim outside the play of the cards")
    if state.trick:
        return Violation("claim.mid-trick", "a claim in the middle of a trick")
    left = state.size - len(state.tricks)
    if len(remaining) != state.rules.num_players or sum(remaining) != left:
        return Violation(
            "claim.tricks-sum",
            f"the claim shares out {sum(remaining)} trick(s) but {left} remain",
            expected=left,
            actual=sum(remaining),
        )
    return None


def apply_claim(state: State, remaining: list[int]) -> None:
    for seat, count in enumerate(remaining):
        state.tricks_won[seat] += count
    state.phase = Phase.OVER


def abandon(state: State) -> None:
    state.phase = Phase.ABANDONED


# --- scoring ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's score for a deal, with the rule behind every point."""

    seat: int
    bid: int
    tricks: int
    points: int
    parts: tuple[tuple[str, int], ...]
    """(rule, points) in the order a scorer adds them up."""


def score_seat(rules: OhHellRules, size: int, seat: int, bid: int, tricks: int) -> SeatScore:
    parts: list[tuple[str, int]] = []
    if bid == tricks == 0:
        nil = 5 + size if rules.nil_score == "5_plus_h" else rules.nil_score
        parts.append((f"nil made (nil_score = {rules.nil_score})", int(nil)))
    elif bid == tricks:
        parts.append(
            (f"bid made: {rules.points_per_trick} x {bid} trick(s)", rules.points_per_trick * bid)
        )
        parts.append(("bonus for the exact bid (made_bonus)", rules.made_bonus))
        if rules.slam_bonuses and size >= rules.slam_min_hand:
            if bid == size:
                parts.append(("grand slam bid and made", rules.grand_slam))
            elif bid == size - 1:
                parts.append(("small slam bid and made", rules.small_slam))
    elif rules.miss_score == "tricks":
        parts.append(
            (
                f"bid missed, {rules.points_per_trick} per trick taken (miss_score = tricks)",
                rules.points_per_trick * tricks,
            )
        )
    elif rules.miss_score == "minus_diff":
        off = abs(tricks - bid)
        parts.append(
            (f"bid missed by {off} (miss_score = minus_diff)", -rules.points_per_trick * off)
        )
    else:
        parts.append(("bid missed (miss_score = zero)", 0))
    return SeatScore(seat, bid, tricks, sum(p for _, p in parts), tuple(parts))


def score_hand(
    rules: OhHellRules, size: int, bids: list[int], tricks: list[int]
) -> list[SeatScore]:
    return [score_seat(rules, size, s, bids[s], tricks[s]) for s in range(rules.num_players)]


def winners(totals: list[int]) -> list[int]:
    """Every seat with the highest total (RULES.md Q-OH-7: ties share the win)."""
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]
