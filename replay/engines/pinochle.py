"""Three-handed Auction Pinochle rules engine, after RULES.md §1 and the Italian original text
(seed 000, cut off in the settlement table).

Where the original speaks its rule is the default; every alternative of RULES.md §1.10 is a
parameter of the record's rules block. Readings implemented (RULES.md §1.11 and §5):

* Q-PIN-1: if all three pass the hand is void and no chips move (``redeal``); ``eldest_forced``
  and ``last_forced`` (the literal text: after two passes the third is declarer at the minimum)
  are selectable.
* Q-PIN-2: any higher multiple of 10 may be bid; ``exactly_plus_10`` means the opening bid is the
  minimum and each later bid adds exactly 10 (§5).
* Q-PIN-3: the garbled over-trump sentence is read "need not play a higher trump": follow suit,
  else trump (even when the trick is already trumped), no duty to head or overtrump.
* Q-PIN-4: identical melds add up (``additive``); ``bonus`` doubles are separate meld kinds.
* Q-PIN-5: burying a card of a scored meld is checked at the first lead only (earlier burials
  may still be corrected) and is settled as a contract played and lost; play may stop there.
* Q-PIN-7: the trump multiplier applies to losses too; ``scarne_spades`` drops it on
  concessions.
* §5: trump, melds and burial may be declared again until the first lead and the last one
  stands; naming another trump suit voids the melds declared so far. A declarer who concedes
  after the first lead has played and lost; an opponent may concede only once trump is named
  and the cards are buried.
* Q-PIN-9: records carry no copy indices; of two identical cards the first played wins.
* Readings of our own where the texts are silent (each named again where it applies):
  ``allow_declarer_concede`` governs the single-bete concession before the first lead; after
  the lead a declarer may always concede, as a hand played and lost. The "unless forced" of the
  ``no_trump`` burial rules means: barred cards may be buried only as far as the 18 cards hold
  fewer than three others. The kitty pays and is paid like one more player from
  ``kitty_threshold`` up, and takes the table amount on every single bete (RULES.md §1.9).

The engine is a state machine (auction -> widow -> declare -> play -> over, or void) over plain
values. ``check_*`` say whether an action is legal without changing anything; ``apply_*``
change the state and assume the action was checked. The widow, trump, meld and burial steps
live in ``pinochle_declare``, the meld table in ``pinochle_melds``, the settlement in
``pinochle_scoring``. No pydantic, no I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from records.problems import Violation
from records.rules.pinochle import PinochleRules
from replay.engines import pinochle_melds as melds
from replay.tricks import (
    FollowRules,
    Trick,
    explain_illegal,
    is_legal,
    legal_cards,
    winning_index,
)

DECK = melds.DECK
HAND_SIZE = 15  # original text: "15 carte, tre per volta"
WIDOW_SIZE = 3  # original text: "una mano coperta ... di tre carte"
BURY_SIZE = 3  # RULES.md §1.5


class Phase(Enum):
    AUCTION = "auction"
    WIDOW = "widow"
    DECLARE = "declare"
    """Trump, melds and burial, until the first lead."""
    PLAY = "play"
    OVER = "over"
    VOID = "void"
    """Everybody passed: no declarer, no chips (``no_bid_rule = redeal``)."""


# --- the table -------------------------------------------------------------------------------


def rules_problem(rules: PinochleRules) -> Violation | None:
    """Why a rules block cannot be played, or None."""
    pair = (rules.table_size, rules.sitout_rule)
    if pair in ((4, "dealer_and_second_left"), (5, "dealer_right")):
        return Violation(
            "rules.sitout-rule",
            f"sitout_rule {rules.sitout_rule} does not fit a table of {rules.table_size}",
            actual=rules.sitout_rule,
        )
    if not rules.payment_table or rules.min_bid < min(rules.payment_table):
        return Violation(
            "rules.payment-table",
            f"the payment table has no bracket for the minimum bid {rules.min_bid}",
            actual=sorted(rules.payment_table),
        )
    return None


def active_seats(rules: PinochleRules, dealer: int) -> tuple[int, ...]:
    """The three players, clockwise from the first one after the dealer ("eldest")."""
    n = rules.table_size
    out: set[int] = set()
    if n == 4:
        out = {dealer} if rules.sitout_rule == "dealer" else {(dealer - 1) % n}
    elif n == 5:
        out = {dealer, (dealer + 2) % n}
    clockwise = ((dealer + i) % n for i in range(1, n + 1))
    return tuple(s for s in clockwise if s not in out)


# --- state -----------------------------------------------------------------------------------


@dataclass(slots=True)
class State:
    """A hand in progress. Build it with ``new_hand``."""

    rules: PinochleRules
    dealer: int
    active: tuple[int, ...]
    hands: list[list[str]]
    """Cards each seat holds now (the declarer's 18 until the first lead)."""
    widow: list[str]
    phase: Phase = Phase.AUCTION
    turn: int = 0
    calls: list[tuple[int, int | None]] = field(default_factory=list)
    """(seat, bid or None for a pass) in order."""
    passed: list[int] = field(default_factory=list)
    high: int | None = None
    declarer: int | None = None
    contract: int | None = None
    trump: str | None = None
    hand18: list[str] = field(default_factory=list)
    melds: tuple[melds.ScoredMeld, ...] = ()
    buried: list[str] | None = None
    announced: bool = False
    lost_card: str | None = None
    """A card of a scored meld that was buried, found at the first lead (RULES.md §1.5)."""
    conceded_by: int | None = None
    conceded_in: Phase | None = None
    leader: int = 0
    trick: list[str] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)

    @property
    def trick_number(self) -> int:
        return len(self.tricks) + 1


def new_hand(
    rules: PinochleRules, dealer: int, hands: Sequence[Sequence[str]], widow: Sequence[str]
) -> State:
    active = active_seats(rules, dealer)
    return State(
        rules=rules,
        dealer=dealer,
        active=active,
        hands=[list(h) for h in hands],
        widow=list(widow),
        turn=active[0],
    )


def current_player(state: State) -> int | None:
    """Whose turn it is, or None when the hand is over."""
    return None if is_over(state) else state.turn


def is_over(state: State) -> bool:
    return state.phase in (Phase.OVER, Phase.VOID)


def is_settled(state: State) -> bool:
    """Over, or decided: after burying a meld card the record may stop at the first lead."""
    return is_over(state) or (state.phase is Phase.PLAY and state.lost_card is not None)


# --- auction ---------------------------------------------------------------------------------


def check_call(state: State, seat: int, bid: int | None) -> Violation | None:
    """Whether ``seat`` may bid ``bid`` (None: pass) now."""
    if state.phase is not Phase.AUCTION:
        return Violation("bid.after-auction", f"seat {seat} called after the auction ended")
    if seat not in state.active:
        return Violation("bid.sitting-out", f"seat {seat} sits out this hand and cannot bid")
    if seat in state.passed:
        return Violation("bid.after-pass", f"seat {seat} passed earlier; a pass is final")
    if seat != state.turn:
        return Violation(
            "bid.out-of-turn", f"seat {seat} called out of turn", expected=state.turn, actual=seat
        )
    if bid is None:
        if state.rules.no_bid_rule == "eldest_forced" and not state.calls:
            return Violation(
                "bid.eldest-must-open",
                f"the eldest hand must open at {state.rules.min_bid} or more (eldest_forced)",
            )
        return None
    return _check_amount(state.rules, state.high, bid)


def _check_amount(rules: PinochleRules, high: int | None, bid: int) -> Violation | None:
    if bid < rules.min_bid:
        return Violation(
            "bid.below-minimum",
            f"bid {bid} is below the minimum {rules.min_bid}",
            expected=rules.min_bid,
            actual=bid,
        )
    if high is not None and bid <= high:
        return Violation(
            "bid.not-higher", f"bid {bid} does not beat {high}", expected=high + 10, actual=bid
        )
    step = rules.min_bid if high is None else high + 10
    if bid % 10 or (rules.bid_step_rule == "exactly_plus_10" and bid != step):
        expect = step if rules.bid_step_rule == "exactly_plus_10" else "a multiple of 10"
        return Violation(
            "bid.step", f"bid {bid} breaks the step rule ({rules.bid_step_rule})", expect, bid
        )
    if bid % 100 in rules.forbidden_bid_endings:
        return Violation(
            "bid.forbidden-ending",
            f"bids ending in {bid % 100} are not allowed",
            actual=bid,
        )
    return None


def legal_calls(state: State) -> list[int | None]:
    """Every legal call up to 200 points over the minimum (None is a pass)."""
    if state.phase is not Phase.AUCTION:
        return []
    top = max(state.high or 0, state.rules.min_bid) + 200
    bids = range(state.rules.min_bid, top + 1, 10)
    calls: list[int | None] = [b for b in bids if _check_amount(state.rules, state.high, b) is None]
    if check_call(state, state.turn, None) is None:
        calls.append(None)
    return calls


def apply_call(state: State, bid: int | None) -> None:
    seat = state.turn
    state.calls.append((seat, bid))
    if bid is None:
        state.passed.append(seat)
    else:
        state.high = bid
    left = [s for s in state.active if s not in state.passed]
    if len(state.passed) == 2 and (
        state.high is not None or state.rules.no_bid_rule == "last_forced"
    ):
        _end_auction(state, left[0], state.high or state.rules.min_bid)
    elif not left:
        state.phase = Phase.VOID
    else:
        order = state.active
        after = order.index(seat)
        state.turn = next(
            order[(after + i) % 3] for i in range(1, 4) if order[(after + i) % 3] in left
        )


def _end_auction(state: State, declarer: int, contract: int) -> None:
    state.declarer = state.turn = declarer
    state.contract = contract
    state.phase = Phase.WIDOW


# --- play ------------------------------------------------------------------------------------


def _follow(state: State) -> FollowRules:
    head = state.rules.head_rule
    led_trump = bool(state.trick) and state.trick[0][-1] == state.trump
    return FollowRules(
        must_trump_when_void=True,  # original text: "o se no tagliare di briscola"
        must_overtrump=state.rules.must_overtrump or head == "always",
        must_head=head == "always" or (head == "trump_led" and led_trump),
    )


def playing_hand(state: State, seat: int) -> list[str]:
    """The cards ``seat`` may play from: before the first lead, the declarer's 18 minus burial."""
    hand = state.hands[seat]
    if state.phase is Phase.DECLARE and seat == state.declarer:
        return list((Counter(hand) - Counter(state.buried or [])).elements())
    return hand


def legal_plays(state: State) -> list[str]:
    if state.phase not in (Phase.DECLARE, Phase.PLAY):
        return []
    hand = playing_hand(state, state.turn)
    cards = legal_cards(hand, state.trick, state.trump, DECK.strength, _follow(state))
    if state.phase is Phase.DECLARE and state.rules.first_lead == "trump":
        return [c for c in cards if c[-1] == state.trump] or cards
    return cards


def check_ready(state: State, seat: int) -> Violation | None:
    """Before the first lead: trump named, cards buried, the declarer to lead."""
    if seat != state.declarer:
        return Violation(
            "play.out-of-turn",
            f"seat {seat} played; the declarer leads first",
            expected=state.declarer,
            actual=seat,
        )
    if state.trump is None:
        return Violation("play.before-trump", "the first lead comes before trump is named")
    if state.buried is None:
        return Violation("play.before-bury", "the first lead comes before the burial")
    return None


def check_play(state: State, seat: int, card: str) -> Violation | None:
    if state.phase is Phase.DECLARE:
        violation = check_ready(state, seat)
        if violation is not None:
            return violation
    elif state.phase is not Phase.PLAY:
        return Violation(
            "play.out-of-phase", f"seat {seat} played {card} during the {state.phase.value}"
        )
    elif seat != state.turn:
        return Violation(
            "play.out-of-turn", f"seat {seat} played out of turn", expected=state.turn, actual=seat
        )
    hand = playing_hand(state, seat)
    if state.phase is Phase.PLAY:
        if is_legal(card, hand, state.trick, state.trump, DECK.strength, _follow(state)):
            return None
    elif card in legal_plays(state):
        return None
    if state.phase is Phase.DECLARE and card in hand:
        return Violation(
            "play.first-lead-trump", f"{card} led; the first lead must be a trump", actual=card
        )
    code, reason = explain_illegal(card, hand, state.trick, state.trump)
    return Violation(code, reason, actual=card)


def _start_play(state: State) -> None:
    assert state.declarer is not None and state.buried is not None
    state.hands[state.declarer] = playing_hand(state, state.declarer)
    state.lost_card = melds.lost_meld_card(state.rules, state.hand18, state.buried, state.melds)
    state.leader = state.declarer
    state.phase = Phase.PLAY


def apply_play(state: State, card: str) -> Trick | None:
    """Play ``card`` for the seat to move; return the trick if this card completed it."""
    if state.phase is Phase.DECLARE:
        _start_play(state)
    state.hands[state.turn].remove(card)
    state.trick.append(card)
    order = state.active
    if len(state.trick) < len(order):
        state.turn = order[(order.index(state.turn) + 1) % len(order)]
        return None
    start = order.index(state.leader)
    seats = [order[(start + i) % len(order)] for i in range(len(order))]
    winner = seats[winning_index(state.trick, state.trump, DECK.strength)]
    done = Trick(
        len(state.tricks) + 1, state.leader, tuple(zip(seats, state.trick, strict=True)), winner
    )
    state.tricks.append(done)
    state.trick = []
    state.leader = state.turn = winner
    if len(state.tricks) == HAND_SIZE:
        state.phase = Phase.OVER
    return done


# --- concessions -----------------------------------------------------------------------------


def check_concede(state: State, seat: int) -> Violation | None:
    rules = state.rules
    if state.phase not in (Phase.WIDOW, Phase.DECLARE, Phase.PLAY):
        return Violation("concede.out-of-phase", f"a concession during the {state.phase.value}")
    if seat not in state.active:
        return Violation("concede.sitting-out", f"seat {seat} sits out and cannot concede")
    if seat == state.declarer:
        throw_in = state.phase is Phase.WIDOW and is_throw_in_allowed(state)
        if state.phase is not Phase.PLAY and not rules.allow_declarer_concede and not throw_in:
            return Violation(
                "concede.not-allowed",
                "declarer concessions are not allowed (allow_declarer_concede = false)",
            )
        return None
    if not rules.allow_opponent_concede:
        return Violation(
            "concede.not-allowed", "opponents may not concede (allow_opponent_concede = false)"
        )
    if state.phase is not Phase.PLAY and (state.trump is None or state.buried is None):
        return Violation(
            "concede.too-early",
            "an opponent may concede only once trump is named and the cards are buried",
        )
    return None


def is_throw_in_allowed(state: State) -> bool:
    return state.rules.throw_in_at_min_without_widow and state.contract == state.rules.min_bid


def apply_concede(state: State, seat: int) -> None:
    state.conceded_by = seat
    state.conceded_in = state.phase
    state.phase = Phase.OVER
