"""Known-value tests of the Oh Hell rules that real logs need: a list of hand sizes and the
``down_ones_up`` schedule, several decks with identical cards cancelling, teams, the
``bid_squared`` and ``minus_triangular`` scores, a deal that records only its trump suit, a deal
rebuilt from the plays, and the hand-size and trump claims.

Every expected value is worked by hand (from FORMAT.md of the OhHellWeb logs: "bid==taken -> 10 +
bid^2; else -5*d*(d+1)/2", "two identical cards cancel each other; if everything is cancelled
the trick goes to the leader") and written out literally.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from records.io import loads
from records.oh_hell import preset
from records.tricks import trick_winner
from replay.check import check_record
from replay.engines import oh_hell as engine
from replay.engines.oh_hell import Bid, Play

# --- scoring ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "tricks", "expected"),
    [
        (0, 0, 10),  # nil made: 10 + 0²
        (1, 1, 11),  # 10 + 1
        (3, 3, 19),  # 10 + 9
        (5, 5, 35),  # 10 + 25
        (2, 3, -5),  # missed by 1: -5 x 1 x 2 / 2
        (0, 2, -15),  # missed by 2: -5 x 2 x 3 / 2
        (4, 1, -30),  # missed by 3: -5 x 3 x 4 / 2
        (0, 4, -50),  # missed by 4: -5 x 4 x 5 / 2
    ],
)
def test_ohhellweb_scores(bid: int, tricks: int, expected: int) -> None:
    rules = preset("ohhellweb", 4)
    assert engine.score_seat(rules, 5, 0, bid, tricks).points == expected


def test_team_scores_sum_bids_and_tricks() -> None:
    # Seats 0+2 bid 1+1 = 2 and take 0+2 = 2: made, 10 + 2² = 14 each.
    # Seats 1+3 bid 1+0 = 1 and take 2+0 = 2: missed by 1, -5 each.
    rules = preset("ohhellweb", 4, teams=((0, 2), (1, 3)))
    scores = engine.score_hand(rules, 4, [1, 1, 1, 0], [0, 2, 2, 0])
    assert [s.points for s in scores] == [14, -5, 14, -5]
    alone = engine.score_hand(preset("ohhellweb", 4), 4, [1, 1, 1, 0], [0, 2, 2, 0])
    assert [s.points for s in alone] == [-5, -5, -5, 10]


# --- schedules -------------------------------------------------------------------------------


def test_down_ones_up_as_the_server_builds_it() -> None:
    # 9 players, 1 deck: maxH = min(10, 51 // 9 = 5) -> 5 4 3 2, nine 1s, 2 3 4 5 (17 rounds).
    nine = engine.schedule(preset("ohhellweb", 9))
    assert nine == (5, 4, 3, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 4, 5)
    # 6 players, 2 decks: maxH = min(10, 102 // 6 = 17) = 10 -> 24 rounds.
    six = engine.schedule(preset("ohhellweb", 6, decks=2))
    assert six == (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)


def test_a_list_of_sizes_is_the_schedule() -> None:
    rules = preset("default", 4, hand_sizes=(3, 1, 2))
    assert engine.schedule(rules) == (3, 1, 2)
    assert engine.max_hand_size(rules) == 3
    # Every deal of the largest size (3) without trumps.
    largest = preset("default", 4, hand_sizes=(3, 1, 3), no_trump_rule="largest_deals")
    sources = [engine.trump_source(largest, n, size) for n, size in enumerate((3, 1, 3), 1)]
    assert sources == ["none", "stock", "none"]


def test_rules_that_no_game_can_be_played_under() -> None:
    fault = engine.rules_fault(preset("default", 4, teams=((0, 1), (1, 2))))
    assert fault is not None and fault.violation.code == "rules.teams"
    assert fault.parameter == "teams"
    # 4 x 14 = 56 cards of a 52-card deck; two decks hold them.
    fault = engine.rules_fault(preset("default", 4, hand_sizes=(1, 14)))
    assert fault is not None and fault.violation.code == "rules.deck-too-small"
    assert engine.rules_fault(preset("default", 4, hand_sizes=(1, 14), decks=2)) is None


# --- identical cards -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        (["AH", "AH", "KH"], "S", 2),  # the aces cancel; the king is the best left
        (["AH", "AH", "2C"], "S", 0),  # nothing of hearts or spades left: the leader wins
        (["AH", "AH", "AH"], None, 2),  # the first two cancel; the third counts again
        (["5H", "2S", "2S", "3S"], "S", 3),  # the trumps 2S cancel; 3S wins
        (["5H", "2S", "2S", "3H"], "S", 0),  # the trumps cancel; 5H beats 3H
    ],
)
def test_cancel_winner(cards: list[str], trump: str | None, winner: int) -> None:
    assert trick_winner(cards, trump, engine.STRENGTH, cancels=True) == winner


def _trick(rules: Any, hands: list[list[str]], trump: str | None, plays: list[str]) -> Any:
    """Bid nil all round from the dealer's left, then play one trick from the leader."""
    state = engine.new_hand(rules, 3, len(hands[0]), hands, trump)
    for seat in (0, 1, 2, 3):
        assert engine.ENGINE.check(state, Bid(seat=seat, tricks=0)) is None
        engine.ENGINE.apply(state, Bid(seat=seat, tricks=0))
    for seat, card in enumerate(plays):
        assert engine.check_play(state, Play(seat=seat, card=card)) is None
        engine.apply_play(state, Play(seat=seat, card=card))
    return state


def test_identical_cards_cancel_in_play() -> None:
    # Two decks: seats 0 and 1 play the ace of hearts, seat 2 the queen, seat 3 the king. The aces
    # cancel; the king wins and leads the next trick.
    rules = preset("ohhellweb", 4, decks=2)
    hands = [["AH", "2C"], ["AH", "3C"], ["QH", "4C"], ["KH", "5C"]]
    state = _trick(rules, hands, "S", ["AH", "AH", "QH", "KH"])
    assert state.tricks[0].winner == 3
    assert state.tricks_won == [0, 0, 0, 1]
    assert state.turn == 3 and state.trick.leader == 3
    # Under first_wins the first ace wins, as with one deck.
    first = preset("ohhellweb", 4, decks=2, identical_cards="first_wins")
    assert _trick(first, hands, "S", ["AH", "AH", "QH", "KH"]).tricks[0].winner == 0


def test_everything_cancelled_goes_to_the_leader() -> None:
    # Seat 0 leads 9D, seat 1 plays 9D, seats 2 and 3 discard clubs (no trump): all cancelled.
    rules = preset("ohhellweb", 4, decks=2)
    hands = [["9D", "2H"], ["9D", "3H"], ["2C", "4H"], ["3C", "5H"]]
    state = _trick(rules, hands, "S", ["9D", "9D", "2C", "3C"])
    assert state.tricks[0].winner == 0
    assert state.tricks_won == [1, 0, 0, 0]


# --- deals -----------------------------------------------------------------------------------


class _Deal:
    def __init__(self, hands: list[list[str]], turned: str | None, **kw: Any) -> None:
        self.hands, self.turned_up = hands, turned
        self.stock: list[str] | None = kw.get("stock")
        self.trump: str | None = kw.get("trump")
        self.rebuilt: bool = kw.get("rebuilt", False)


_HANDS = [["AS", "2C"], ["KS", "3C"], ["QS", "4C"]]


def _faults(deal: _Deal, **rules: Any) -> list[str]:
    table = engine.table(preset("default", 3, hand_sizes=(2,), **rules))
    return [f.code for f in engine.deal_faults(table, 1, 0, deal)]


def test_a_deal_with_only_its_trump_suit() -> None:
    assert _faults(_Deal(_HANDS, None, trump="H")) == []
    table = engine.table(preset("default", 3, hand_sizes=(2,)))
    assert engine.start(table, 1, 0, _Deal(_HANDS, None, trump="H")).trump == "H"
    assert _faults(_Deal(_HANDS, "5H", trump="D")) == ["deal.trump-suit"]
    assert _faults(_Deal(_HANDS, None)) == ["deal.trump-card"]


def test_a_trump_suit_the_dealer_turns_from_his_own_hand() -> None:
    # Four hands of 13 leave no stock: under dealer_last_card the dealer (seat 0, all the clubs)
    # turns one of his own cards, so the trump can only be clubs.
    by_suit = [[rank + suit for rank in "23456789TJQKA"] for suit in "CDHS"]
    rules = preset("default", 4, hand_sizes=(13,), no_trump_rule="dealer_last_card")
    table = engine.table(rules)
    assert engine.deal_faults(table, 1, 0, _Deal(by_suit, None, trump="C")) == []
    [fault] = engine.deal_faults(table, 1, 0, _Deal(by_suit, None, trump="D"))
    assert (fault.code, fault.seat) == ("deal.trump-suit", 0)


def test_a_rebuilt_deal_may_hold_fewer_cards() -> None:
    short = [["AS"], ["KS"], ["QS"]]
    assert _faults(_Deal(short, None, trump="H", rebuilt=True)) == []
    assert _faults(_Deal(short, None, trump="H")) == ["deal.hand-size"]


# --- claims ----------------------------------------------------------------------------------

_RECORD = {
    "format_version": 1,
    "game": "oh_hell",
    "id": "claims",
    "rules": {
        "preset": "default",
        "num_players": 3,
        "hand_sizes": [1],
        "single_hand_size": None,
        "no_trump_rule": "stock_empty",
        "first_bidder": "dealer",
        "hook": False,
        "first_leader": "dealer_left",
        "must_trump_when_void": False,
        "nil_score": 10,
        "miss_score": "zero",
        "made_bonus": 10,
        "points_per_trick": 1,
        "slam_bonuses": False,
        "slam_min_hand": 6,
        "small_slam": 25,
        "grand_slam": 50,
        "cut_tiebreak_suits": "none",
    },
    "players": [{"seat": s, "name": n} for s, n in enumerate(("A", "B", "C"))],
    "hands": [
        {
            "number": 1,
            "dealer": 0,
            "deal": {"hands": [["AS"], ["KS"], ["QS"]], "turned_up": "2H"},
            "actions": [
                {"type": "bid", "seat": 0, "tricks": 0},
                {"type": "bid", "seat": 1, "tricks": 0},
                {"type": "bid", "seat": 2, "tricks": 0},
                {"type": "play", "seat": 1, "card": "KS"},
                {"type": "play", "seat": 2, "card": "QS"},
                {"type": "play", "seat": 0, "card": "AS"},
            ],
        }
    ],
}


def _claims(**claims: Any) -> tuple[list[tuple[str, str]], list[str]]:
    data = json.loads(json.dumps(_RECORD))
    data["hands"][0]["claims"] = claims
    report = check_record(loads(json.dumps(data)), "claims", audit=True)
    rows = [(c.name, c.status.value) for h in report.hands for c in h.claims]
    return rows, [p.code for p in report.problems]


def test_hand_size_and_trump_claims() -> None:
    assert _claims(hand_size=1, trump="H") == ([("hand_size", "match"), ("trump", "match")], [])
    assert _claims(hand_size=2) == ([("hand_size", "mismatch")], ["hand_size.mismatch"])
    assert _claims(trump="none") == ([("trump", "mismatch")], ["trump.mismatch"])
    assert _claims(tricks=[1, 0, 0]) == ([("tricks", "match")] * 3, [])


def test_a_rebuilt_deal_cut_short_leaves_the_size_unchecked() -> None:
    # One deal of any size (openspiel): the hand was abandoned after seat 1 led to trick 2, so
    # the deal rebuilt from the plays holds 2, 1 and 1 cards and its size cannot be known.
    data = json.loads(json.dumps(_RECORD))
    data["rules"].update(
        preset="openspiel",
        hand_sizes="single",
        no_trump_rule="cap_hand_size",
        first_bidder="dealer_left",
        hook=True,
        miss_score="tricks",
    )
    data["hands"][0] = {
        "number": 1,
        "dealer": 0,
        "deal": {
            "hands": [["QS"], ["AS", "2C"], ["KS"]],
            "turned_up": None,
            "trump": "H",
            "rebuilt": True,
        },
        "actions": [
            {"type": "bid", "seat": 1, "tricks": 0},
            {"type": "bid", "seat": 2, "tricks": 0},
            {"type": "bid", "seat": 0, "tricks": 0},
            {"type": "play", "seat": 1, "card": "AS"},
            {"type": "play", "seat": 2, "card": "KS"},
            {"type": "play", "seat": 0, "card": "QS"},
            {"type": "play", "seat": 1, "card": "2C"},
            {"type": "abandon"},
        ],
        "claims": {"hand_size": 3, "trump": "H"},
    }
    report = check_record(loads(json.dumps(data)), "rebuilt", audit=True)
    assert report.problems == []
    [hand] = report.hands
    assert [(c.name, c.status.value) for c in hand.claims] == [
        ("hand_size", "unchecked"),
        ("trump", "match"),
    ]
    assert hand.notes == [
        "the deal was rebuilt from the plays: 2 cards were never played and are unknown, so the "
        "deal's size (the schedule does not fix it), a revoke with one of them and the stock are "
        "not checked"
    ]
