"""Known-value tests of the Oh Hell rules, every number worked by hand from docs/oh_hell.md and the
Russian original text (seed 001): scoring, the deal schedule and trump source, the bidding
order, the hook, the first leader and the "Basas" must-trump variant.

The expected values are written out literally; none is computed by the code under test.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from records.io import loads
from records.oh_hell import preset
from replay.check import check_record
from replay.engines import oh_hell as engine


def _score(rules_name: str = "default", *, size: int, bid: int, tricks: int, **kw: object) -> int:
    rules = preset(rules_name, 4, **kw)
    return engine.score_seat(rules, size, 0, bid, tricks).points


# --- scoring (docs/oh_hell.md) -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "bid", "tricks", "expected"),
    [
        (1, 1, 1, 11),  # 10 + 1
        (7, 3, 3, 13),  # "one point per trick of the contract plus ten bonus points"
        (13, 13, 13, 23),  # no slam bonus unless slam_bonuses is on
    ],
)
def test_exact_bid_scores_ten_plus_bid(size: int, bid: int, tricks: int, expected: int) -> None:
    assert _score(size=size, bid=bid, tricks=tricks) == expected


@pytest.mark.parametrize(
    ("nil_score", "size", "expected"),
    [(10, 7, 10), (5, 7, 5), ("5_plus_h", 7, 12), ("5_plus_h", 1, 6), ("5_plus_h", 13, 18)],
)
def test_nil_made(nil_score: object, size: int, expected: int) -> None:
    assert _score(size=size, bid=0, tricks=0, nil_score=nil_score) == expected


def test_nil_missed_scores_as_a_miss() -> None:
    assert _score(size=7, bid=0, tricks=2, nil_score=5) == 0
    assert _score(size=7, bid=0, tricks=2, miss_score="tricks") == 2
    assert _score(size=7, bid=0, tricks=2, miss_score="minus_diff") == -2


@pytest.mark.parametrize(
    ("miss_score", "ppt", "bid", "tricks", "expected"),
    [
        ("zero", 1, 2, 4, 0),  # "gets no points and pays no penalty"
        ("zero", 1, 4, 1, 0),
        ("tricks", 1, 2, 4, 4),  # OpenSpiel: points_per_trick x tricks taken
        ("tricks", 2, 2, 4, 8),
        ("tricks", 1, 4, 0, 0),
        ("minus_diff", 1, 2, 4, -2),  # OpenSpiel off_bid_penalty: -ppt x |tricks - bid|
        ("minus_diff", 1, 4, 1, -3),
        ("minus_diff", 3, 5, 3, -6),
    ],
)
def test_missed_bid(miss_score: str, ppt: int, bid: int, tricks: int, expected: int) -> None:
    points = _score(size=7, bid=bid, tricks=tricks, miss_score=miss_score, points_per_trick=ppt)
    assert points == expected


def test_points_per_trick_applies_to_an_exact_bid() -> None:
    assert _score(size=7, bid=3, tricks=3, points_per_trick=2) == 16  # 2 x 3 + 10
    assert _score(size=7, bid=3, tricks=3, made_bonus=20) == 23


@pytest.mark.parametrize(
    ("size", "bid", "tricks", "expected"),
    [
        (6, 6, 6, 66),  # grand slam on the smallest eligible deal: 10 + 6 + 50
        (6, 5, 5, 40),  # small slam: 10 + 5 + 25
        (7, 6, 6, 41),
        (13, 13, 13, 73),
        (13, 12, 12, 47),
        (5, 5, 5, 15),  # "more than five cards": no bonus on a five-card deal
        (5, 4, 4, 14),
        (2, 2, 2, 12),
        (7, 5, 7, 0),  # all tricks taken without having bid them: a miss
        (7, 7, 6, 0),  # grand slam bid, one trick short: a miss, no small slam either
        (7, 5, 5, 15),  # made, but two short of all: no bonus
    ],
)
def test_slam_bonuses(size: int, bid: int, tricks: int, expected: int) -> None:
    assert _score(size=size, bid=bid, tricks=tricks, slam_bonuses=True) == expected


def test_slam_bonuses_off_by_default() -> None:
    assert _score(size=7, bid=7, tricks=7) == 17
    assert _score(size=7, bid=6, tricks=6) == 16


def test_slam_min_hand_is_configurable() -> None:
    assert _score(size=5, bid=5, tricks=5, slam_bonuses=True, slam_min_hand=5) == 65
    assert _score(size=6, bid=6, tricks=6, slam_bonuses=True, slam_min_hand=7) == 16


def test_score_hand_is_per_seat() -> None:
    rules = preset("default", 4)
    scored = engine.score_hand(rules, 5, [2, 0, 1, 3], [2, 0, 3, 0])
    assert [s.points for s in scored] == [12, 10, 0, 0]
    assert [s.seat for s in scored] == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("totals", "expected"),
    [([30, 41, 12, 41], [1, 3]), ([5, 5, 5], [0, 1, 2]), ([-3, -1, -2], [1]), ([0, 9, 8], [1])],
)
def test_winners_share_ties(totals: list[int], expected: list[int]) -> None:
    assert engine.winners(totals) == expected


# A one-card OpenSpiel-style deal worked by hand: seat 0 deals, seat 1 (dealer's left) bids
# first and leads. Diamonds are trump. Clubs are led; seat 0, void in clubs and holding no
# diamond, discards the ace of spades; the three of clubs wins. Seats 0 and 1 make their nil
# (10 each), seat 2 misses its nil and scores its one trick (miss_score = tricks).
TIED_GAME = """{
  "format_version": 1, "game": "oh_hell", "id": "tie",
  "rules": %s,
  "players": [{"seat": 0, "name": "A"}, {"seat": 1, "name": "B"}, {"seat": 2, "name": "C"}],
  "hands": [{
    "number": 1, "dealer": 0,
    "deal": {"hands": [["AS"], ["2C"], ["3C"]], "turned_up": "5D"},
    "actions": [
      {"type": "bid", "seat": 1, "tricks": 0},
      {"type": "bid", "seat": 2, "tricks": 0},
      {"type": "bid", "seat": 0, "tricks": 0},
      {"type": "play", "seat": 1, "card": "2C"},
      {"type": "play", "seat": 2, "card": "3C"},
      {"type": "play", "seat": 0, "card": "AS"}
    ],
    "claims": {"tricks": [0, 0, 1], "scores": [10, 10, 1], "totals": [10, 10, 1]}
  }],
  "claims": {"totals": [10, 10, 1], "winners": [0, 1]}
}"""


def _rules_json(name: str, n: int, **kw: object) -> str:
    return json.dumps(dataclasses.asdict(preset(name, n, **kw)))


def test_co_winners_through_the_referee() -> None:
    record = loads(TIED_GAME % _rules_json("openspiel", 3))
    report = check_record(record, audit=True)
    assert report.problems == []
    assert report.hands[0].scores == [10, 10, 1]
    assert report.totals == [10, 10, 1]
    assert report.winners == [0, 1]
    assert [t.winner for t in report.hands[0].tricks] == [2]


def test_wrong_winner_claim_is_reported() -> None:
    text = TIED_GAME % _rules_json("openspiel", 3)
    record = loads(text.replace('"winners": [0, 1]', '"winners": [0]'))
    report = check_record(record, audit=True)
    assert [(p.code, p.pointer) for p in report.problems] == [
        ("result.mismatch", "/claims/winners")
    ]


# --- schedule and trump (docs/oh_hell.md) ------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "name", "deals"),
    [
        (3, "default", 17),  # floor(52 / 3): Q-OH-4
        (4, "default", 13),  # the original text: four players, 13 deals
        (5, "default", 10),  # ... five players, 10
        (6, "default", 8),
        (7, "default", 7),
        (3, "hoyle", 15),
        (4, "hoyle", 13),
        (5, "hoyle", 10),
        (6, "hoyle", 8),
        (7, "hoyle", 7),
    ],
)
def test_ascending_schedule(players: int, name: str, deals: int) -> None:
    assert engine.schedule(preset(name, players)) == tuple(range(1, deals + 1))


def test_single_schedule() -> None:
    assert engine.schedule(preset("openspiel", 4)) is None
    assert engine.schedule(preset("openspiel", 4, single_hand_size=5)) == (5,)


@pytest.mark.parametrize(("players", "largest"), [(3, 17), (4, 12), (5, 10), (6, 8), (7, 7)])
def test_cap_hand_size_keeps_a_card_for_trump(players: int, largest: int) -> None:
    """floor(51 / n): OpenSpiel's MaxNumTricks = (52 - 1) / players."""
    rules = preset("default", players, no_trump_rule="cap_hand_size")
    assert engine.max_hand_size(rules) == largest
    assert engine.schedule(rules) == tuple(range(1, largest + 1))
    assert engine.max_hand_size(preset("openspiel", players)) == largest
    assert engine.trump_source(rules, largest, largest) == "stock"


def test_other_schedules_for_four_players() -> None:
    up = list(range(1, 14))
    assert engine.schedule(preset("default", 4, hand_sizes="descending")) == tuple(up[::-1])
    up_down = engine.schedule(preset("default", 4, hand_sizes="up_and_down"))
    assert up_down == (*up, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
    assert len(up_down) == 25
    down_up = engine.schedule(preset("default", 4, hand_sizes="down_and_up"))
    assert down_up == (13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, *up)
    assert len(down_up) == 25


def test_up_and_down_for_five_players() -> None:
    plan = engine.schedule(preset("default", 5, hand_sizes="up_and_down"))
    assert plan == (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)


@pytest.mark.parametrize(
    ("players", "number", "size", "source"),
    [
        (4, 13, 13, "none"),  # 52 cards dealt, nothing to turn
        (4, 12, 12, "stock"),
        (4, 1, 1, "stock"),
        (3, 17, 17, "stock"),  # one card left: it is turned
        (5, 10, 10, "stock"),  # two left
        (6, 8, 8, "stock"),
        (7, 7, 7, "stock"),
    ],
)
def test_trump_under_stock_empty(players: int, number: int, size: int, source: str) -> None:
    assert engine.trump_source(preset("default", players), number, size) == source


@pytest.mark.parametrize(("players", "last"), [(3, 15), (4, 13), (5, 10), (6, 8), (7, 7)])
def test_hoyle_last_deal_is_always_no_trump(players: int, last: int) -> None:
    rules = preset("hoyle", players)
    assert engine.trump_source(rules, last, last) == "none"
    assert engine.trump_source(rules, last - 1, last - 1) == "stock"


def test_largest_deals_and_dealer_last_card() -> None:
    largest = preset("default", 5, no_trump_rule="largest_deals")
    assert engine.trump_source(largest, 10, 10) == "none"  # two cards remain, still no trump
    assert engine.trump_source(largest, 9, 9) == "stock"
    dealer = preset("default", 4, no_trump_rule="dealer_last_card")
    assert engine.trump_source(dealer, 13, 13) == "dealer"
    assert engine.trump_source(dealer, 12, 12) == "stock"


def test_last_deal_always_follows_the_schedule_not_the_size() -> None:
    rules = preset("hoyle", 5, hand_sizes="up_and_down")  # 1..10..1, 19 deals
    assert engine.trump_source(rules, 19, 1) == "none"
    assert engine.trump_source(rules, 10, 10) == "stock"
    assert engine.trump_source(rules, 1, 1) == "stock"


# --- bidding order, hook, leader (docs/oh_hell.md) ----------------------------------------

FOUR_HANDS = [["2C", "3C", "4C"], ["5C", "6C", "7C"], ["8C", "9C", "TC"], ["JC", "QC", "KC"]]


def _bid_turns(rules_name: str, dealer: int, **kw: object) -> tuple[list[int], int]:
    state = engine.new_hand(preset(rules_name, 4, **kw), dealer, 3, FOUR_HANDS, "H")
    turns = []
    while state.phase is engine.Phase.BID:
        turns.append(state.turn)
        engine.ENGINE.apply(state, engine.Bid(seat=state.turn, tricks=0))
    return turns, state.turn


@pytest.mark.parametrize(
    ("kw", "dealer", "order", "leader"),
    [
        ({}, 2, [2, 3, 0, 1], 3),  # the original text: "starting with the dealer"
        ({}, 0, [0, 1, 2, 3], 1),
        ({"first_bidder": "dealer_left"}, 2, [3, 0, 1, 2], 3),
        ({"first_bidder": "dealer_left"}, 3, [0, 1, 2, 3], 0),
        ({"first_leader": "first_bidder"}, 2, [2, 3, 0, 1], 2),
        ({"first_bidder": "dealer_left", "first_leader": "first_bidder"}, 2, [3, 0, 1, 2], 3),
    ],
)
def test_bidding_order_and_first_leader(
    kw: dict[str, object], dealer: int, order: list[int], leader: int
) -> None:
    assert _bid_turns("default", dealer, **kw) == (order, leader)


def test_openspiel_and_hoyle_bid_from_the_dealers_left() -> None:
    assert _bid_turns("openspiel", 1) == ([2, 3, 0, 1], 2)
    assert _bid_turns("hoyle", 1) == ([2, 3, 0, 1], 2)


def _after_bids(bids: list[int], dealer: int, **kw: object) -> engine.State:
    state = engine.new_hand(preset("default", 4, **kw), dealer, 3, FOUR_HANDS, "H")
    for bid in bids:
        engine.ENGINE.apply(state, engine.Bid(seat=state.turn, tricks=bid))
    return state


def test_hook_binds_the_last_bidder_of_the_seed_order() -> None:
    """Dealer bids first, so the hook falls on the dealer's right (seat 1 when seat 2 deals)."""
    state = _after_bids([1, 1, 0], dealer=2, hook=True)
    assert state.turn == 1
    assert engine.legal_bids(state) == [0, 2, 3]
    violation = engine.ENGINE.check(state, engine.Bid(seat=1, tricks=1))
    assert violation is not None and violation.code == "bid.hook"
    assert engine.ENGINE.check(state, engine.Bid(seat=1, tricks=2)) is None


def test_hook_binds_the_dealer_when_the_dealer_bids_last() -> None:
    state = _after_bids([2, 0, 0], dealer=2, hook=True, first_bidder="dealer_left")
    assert state.turn == 2
    assert engine.legal_bids(state) == [0, 2, 3]
    violation = engine.ENGINE.check(state, engine.Bid(seat=2, tricks=1))
    assert violation is not None and violation.code == "bid.hook"


def test_hook_does_not_bind_earlier_bidders() -> None:
    # The dealer bids first under the seed order and may bid the whole deal.
    state = _after_bids([], dealer=2, hook=True)
    assert engine.legal_bids(state) == [0, 1, 2, 3]
    # The third bidder may bring the total to the deal size; only the fourth may not.
    state = _after_bids([1, 1], dealer=2, hook=True)
    assert engine.legal_bids(state) == [0, 1, 2, 3]
    assert engine.ENGINE.check(state, engine.Bid(seat=0, tricks=1)) is None


def test_hook_with_an_overbid_table_allows_every_bid() -> None:
    state = _after_bids([3, 3, 3], dealer=0, hook=True)
    assert engine.legal_bids(state) == [0, 1, 2, 3]


def test_without_hook_the_last_bidder_may_make_the_total() -> None:
    state = _after_bids([1, 1, 0], dealer=2)
    assert engine.legal_bids(state) == [0, 1, 2, 3]
    assert engine.ENGINE.check(state, engine.Bid(seat=1, tricks=1)) is None


def test_bid_out_of_range_and_out_of_turn() -> None:
    state = _after_bids([], dealer=0)
    out_of_range = engine.ENGINE.check(state, engine.Bid(seat=0, tricks=4))
    assert out_of_range is not None and out_of_range.code == "bid.out-of-range"
    assert engine.ENGINE.check(state, engine.Bid(seat=0, tricks=3)) is None
    out_of_turn = engine.ENGINE.check(state, engine.Bid(seat=1, tricks=0))
    assert out_of_turn is not None and out_of_turn.code == "bid.out-of-turn"


# --- play obligations (docs/oh_hell.md) --------------------------------------------------------

# Seat 1 leads the king of clubs; seat 2 is void in clubs and holds a heart (trump) and spades.
VOID_HANDS = [["2D", "3D"], ["KC", "4D"], ["7H", "9S"], ["QC", "5D"]]


def _void_state(**kw: object) -> engine.State:
    state = engine.new_hand(preset("default", 4, **kw), 0, 2, VOID_HANDS, "H")
    for _ in range(4):
        engine.ENGINE.apply(state, engine.Bid(seat=state.turn, tricks=0))
    assert state.turn == 1
    engine.ENGINE.apply(state, engine.Play(seat=state.turn, card="KC"))
    return state


def test_void_player_may_discard_by_default() -> None:
    state = _void_state()
    assert sorted(engine.legal_plays(state)) == ["7H", "9S"]
    assert engine.ENGINE.check(state, engine.Play(seat=2, card="9S")) is None


def test_must_trump_when_void() -> None:
    state = _void_state(must_trump_when_void=True)
    assert engine.legal_plays(state) == ["7H"]
    violation = engine.ENGINE.check(state, engine.Play(seat=2, card="9S"))
    assert violation is not None and violation.code == "play.must-trump"
    assert engine.ENGINE.check(state, engine.Play(seat=2, card="7H")) is None


def test_follow_suit_and_trump_wins() -> None:
    state = _void_state()
    engine.ENGINE.apply(state, engine.Play(seat=state.turn, card="7H"))
    revoke = engine.ENGINE.check(state, engine.Play(seat=3, card="5D"))
    assert revoke is not None and revoke.code == "play.revoke"
    not_held = engine.ENGINE.check(state, engine.Play(seat=3, card="2D"))
    assert not_held is not None and not_held.code == "play.card-not-held"
    engine.ENGINE.apply(state, engine.Play(seat=state.turn, card="QC"))
    engine.ENGINE.apply(state, engine.Play(seat=state.turn, card="2D"))
    assert state.tricks[0].winner == 2  # the seven of trumps beats the king of the led suit
    assert state.tricks_won == [0, 0, 1, 0]
    assert state.turn == 2


def test_highest_of_the_led_suit_wins_without_trump() -> None:
    state = engine.new_hand(preset("default", 4), 0, 2, VOID_HANDS, None)
    for _ in range(4):
        engine.ENGINE.apply(state, engine.Bid(seat=state.turn, tricks=0))
    for card in ("4D", "9S", "5D", "3D"):  # seat 1 leads; a spade discard cannot win
        engine.ENGINE.apply(state, engine.Play(seat=state.turn, card=card))
    assert state.tricks[0].winner == 3
