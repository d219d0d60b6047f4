"""Known-value tests of the Bestia engine, worked from docs/bestia.md, driven through
the engine's interface (``ENGINE.check`` / ``apply`` / ``legal_actions`` / ``finish``)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from records.bestia import PRESETS, BestiaRules
from replay.engines import bestia as engine
from replay.engines.bestia import ENGINE, BlindDraw, Join, Pass, Play

HANDS = [["Kc", "2s", "4b"], ["Ac", "3c", "5d"], ["Nc", "Jb", "6s"], ["2b", "4s", "6c"]]
STOCK = ["2d", "As", "Kb", "Ks", "3s", "7s", "Nb", "2c", "4c"]


def _rules(n: int = 4, **overrides: object) -> BestiaRules:
    return dataclasses.replace(PRESETS["default"], num_players=n, **overrides)  # type: ignore[arg-type]


def _hand(rules: BestiaRules, hands: list[list[str]] = HANDS, turned: str = "7d") -> engine.State:
    return engine.new_hand(rules, 0, hands, turned, STOCK)


def _act(state: engine.State, action: Any) -> None:
    assert ENGINE.check(state, action) is None
    ENGINE.apply(state, action)


def _declare(state: engine.State, *plan: int | None) -> None:
    """Each seat in turn: None passes, k plays changing its last k cards."""
    for k in plan:
        seat = ENGINE.to_move(state)
        assert seat is not None
        if k is None:
            _act(state, Pass(seat=seat))
            continue
        discards = state.hands[seat][-k:] if k else []
        drawn = [c for c in state.pile[state.drawn : state.drawn + k] if c is not None]
        _act(state, Join(seat=seat, exchange=k, discards=discards, drawn=drawn))


def _plays(state: engine.State) -> list[Play]:
    return [a for a in ENGINE.legal_actions(state) if a.type == "play"]


def _legal(state: engine.State) -> list[str]:
    return [a.card for a in _plays(state)]


def _turn(state: engine.State) -> int:
    """The seat to play; in the blind round, the seat whose lead would close it."""
    seat = ENGINE.to_move(state)
    if seat is None:
        (seat,) = {a.seat for a in _plays(state)}
    return seat


def _play(state: engine.State, *cards: str) -> None:
    for card in cards:
        _act(state, Play(seat=_turn(state), card=card))


def _blind_seats(state: engine.State) -> list[int]:
    return [a.seat for a in ENGINE.legal_actions(state) if a.type == "blind_draw"]


def test_seats_run_anticlockwise_from_the_dealer() -> None:
    ring = engine.Ring(4)
    assert ring.after(3) == 0  # the seat at the right of seat 3
    assert engine.eldest(_rules(), 3) == 0
    assert ring.order_from(2) == (2, 3, 0, 1)


def test_declaration_order_both_readings() -> None:
    # Dealer 0, eldest 1. Literal text: from the right of the eldest, the eldest last.
    assert engine.declaration_order(_rules(), 0) == (2, 3, 0, 1)
    assert engine.declaration_order(_rules(declaration_start="right_of_dealer"), 0) == (1, 2, 3, 0)
    state = _hand(_rules())
    assert ENGINE.to_move(state) == 2
    wrong = ENGINE.check(state, Pass(seat=1))
    assert wrong is not None
    assert wrong.code == "declare.out-of-turn"
    assert wrong.expected == 2


def test_dominant_trump_is_the_three_when_the_ace_is_turned_up() -> None:
    assert engine.dominant_trump("7d") == "Ad"
    assert engine.dominant_trump("Ad") == "3d"
    assert engine.dominant_trump("3d") == "Ad"


def test_exchange_limits() -> None:
    state = _hand(_rules(max_exchange=2))
    too_many = ENGINE.check(
        state, Join(seat=2, exchange=3, discards=["Nc", "Jb", "6s"], drawn=STOCK[:3])
    )
    assert too_many is not None
    assert too_many.code == "exchange.too-many"
    assert max(a.exchange for a in ENGINE.legal_actions(state) if a.type == "join") == 2
    # Ten players leave a stock of 40 - 30 - 1 = 9 cards.
    assert engine.stock_size(_rules(10)) == 9


def test_draws_come_from_the_top_of_the_stock_in_order() -> None:
    state = _hand(_rules())
    wrong = ENGINE.check(state, Join(seat=2, exchange=2, discards=["Nc", "Jb"], drawn=["As", "2d"]))
    assert wrong is not None
    assert wrong.code == "draw.not-top-of-stock"
    assert (
        ENGINE.check(state, Join(seat=2, exchange=2, discards=["Nc", "Jb"], drawn=["2d", "As"]))
        is None
    )


def test_a_join_is_checked_whole_without_changing_anything() -> None:
    state = _hand(_rules())
    for bad, code in (
        (Join(seat=2, exchange=1, discards=["Ac"], drawn=["2d"]), "exchange.discard-not-held"),
        (Join(seat=2, exchange=2, discards=["Nc"], drawn=["2d", "As"]), "exchange.count-mismatch"),
        (Join(seat=2, exchange=1, discards=["Nc"], drawn=["As"]), "draw.not-top-of-stock"),
    ):
        violation = ENGINE.check(state, bad)
        assert violation is not None
        assert violation.code == code
    assert state.decisions == [None] * 4
    assert state.hands == HANDS
    assert (state.phase, ENGINE.to_move(state), state.drawn) == (engine.Phase.DECLARE, 2, 0)
    _act(state, Join(seat=2, exchange=1, discards=["Nc"], drawn=["2d"]))
    assert state.hands[2] == ["Jb", "6s", "2d"]
    assert (state.decisions[2], ENGINE.to_move(state), state.drawn) == ("join", 3, 1)
    assert (
        ENGINE.describe(state.table, Join(seat=2, exchange=1, discards=["Nc"], drawn=["2d"]))
        == "play, changes 1: Nc for 2d"
    )


def test_playing_set_and_first_leader() -> None:
    state = _hand(_rules())
    _declare(state, 0, None, 0, None)  # seats 2 and 0 play; 3 and 1 pass
    assert state.phase is engine.Phase.BLIND
    assert ENGINE.to_move(state) is None
    assert engine.playing_seats(state) == (2, 0)  # from the eldest (seat 1) anticlockwise
    assert {a.seat for a in _plays(state)} == {2}
    _play(state, "Nc")  # the lead closes the blind round
    assert (state.phase, state.playing, state.leader) == (engine.Phase.PLAY, (2, 0), 2)
    assert ENGINE.to_move(state) == 0
    other = _hand(_rules(first_leader="first_to_declare_play", declaration_start="right_of_dealer"))
    _declare(other, None, None, 0, 0)  # order 1 2 3 0: seat 3 declares play first
    assert _turn(other) == 3
    _play(other, "2b")
    assert other.leader == 3


def test_blind_draws_passed_only_in_order_and_while_three_cards_remain() -> None:
    # Ten players leave 9 cards; seats 2, 3 and 4 change two each, 3 cards left: the first
    # seat that passed may draw blind, after it nobody.
    state = engine.new_hand(_rules(10), 0, [["2b", "4b", "5b"]] * 10, "7d", STOCK)
    _declare(state, 2, 2, 2, *([None] * 7))
    assert _blind_seats(state) == [5, 6, 7, 8, 9, 0, 1]
    _act(state, BlindDraw(seat=7, drawn=STOCK[6:9]))
    assert _blind_seats(state) == []
    short = ENGINE.check(state, BlindDraw(seat=8, drawn=["Kc", "2s", "4b"]))
    assert short is not None
    assert short.code == "blind.stock-short"
    fresh = _hand(_rules())
    _declare(fresh, 0, None, 0, None)
    assert _blind_seats(fresh) == [3, 1]
    player = ENGINE.check(fresh, BlindDraw(seat=2, drawn=STOCK[:3]))
    assert player is not None
    assert player.code == "blind.not-eligible"
    _act(fresh, BlindDraw(seat=1, drawn=STOCK[:3]))
    assert fresh.hands[1] == STOCK[:3]
    assert engine.playing_seats(fresh) == (1, 2, 0)
    late = ENGINE.check(fresh, BlindDraw(seat=3, drawn=STOCK[3:6]))
    assert late is not None
    assert late.code == "blind.out-of-turn"


def test_a_seat_beyond_the_table_is_refused_not_a_crash() -> None:
    state = _hand(_rules())
    for action, code in (
        (Pass(seat=7), "declare.out-of-turn"),
        (Join(seat=9, exchange=0, discards=[], drawn=[]), "declare.out-of-turn"),
    ):
        refused = ENGINE.check(state, action)
        assert refused is not None
        assert (refused.code, refused.expected, refused.actual) == (code, "0..3", action.seat)
    _declare(state, None, None, None, None)
    assert _blind_seats(state) == [2, 3, 0, 1]
    blind = ENGINE.check(state, BlindDraw(seat=7, drawn=STOCK[:3]))
    assert blind is not None
    assert blind.code == "blind.not-eligible"
    assert blind.message == "seat 7 draws blind, but the table has seats 0..3"
    assert (blind.expected, blind.actual) == ("0..3", 7)
    _act(state, BlindDraw(seat=3, drawn=STOCK[:3]))
    play = ENGINE.check(state, Play(seat=7, card="Kb"))
    assert play is not None
    assert play.code == "play.out-of-turn"


def test_the_turned_up_card_is_drawn_only_when_drawable() -> None:
    assert len(_hand(_rules(10)).pile) == 9
    drawable = engine.new_hand(_rules(10, trump_card_drawable=True), 0, [[]] * 10, "7d", [])
    assert drawable.pile[-1] == "7d"
    assert len(drawable.pile) == 10


def _to_play(rules: BestiaRules, hands: list[list[str]], turned: str) -> engine.State:
    """Everyone plays keeping the hand; the blind round is open, the first lead closes it."""
    state = _hand(rules, hands, turned)
    _declare(state, 0, 0, 0, 0)
    return state


def test_first_leader_must_lead_the_top_trump_on_the_first_trick_only() -> None:
    hands = [["Kc", "2s", "4b"], ["Ad", "3c", "5d"], ["Nc", "Jb", "6s"], ["2b", "4s", "6c"]]
    state = _to_play(_rules(), hands, "7d")
    assert _turn(state) == 1
    assert _legal(state) == ["Ad"]
    refused = ENGINE.check(state, Play(seat=1, card="3c"))
    assert refused is not None
    assert refused.code == "play.must-lead-top-trump"
    assert refused.expected == "Ad"
    assert refused.message == "seat 1 leads 3c but holds the dominant trump Ad and must lead it"
    assert ENGINE.trick_number(state, Play(seat=1, card="3c")) == 1
    assert state.phase is engine.Phase.BLIND  # checking the lead closed nothing
    off = _to_play(_rules(top_trump_lead="off"), hands, "7d")
    assert sorted(_legal(off)) == ["3c", "5d", "Ad"]
    # With the Ace turned up the 3 is dominant.
    three = [["Kc", "2s", "4b"], ["3d", "3c", "5d"], ["Nc", "Jb", "6s"], ["2b", "4s", "6c"]]
    assert _legal(_to_play(_rules(), three, "Ad")) == ["3d"]


def test_every_lead_duty() -> None:
    # Seat 1 leads Ac and wins; at the second lead it holds Ad and must lead it again.
    hands = [["Kc", "2s", "4b"], ["Ac", "Ad", "5d"], ["Nc", "Jb", "6s"], ["2c", "4s", "6c"]]
    state = _to_play(_rules(top_trump_lead="every_lead"), hands, "7d")
    assert _legal(state) == ["Ad"]
    first = _to_play(_rules(), hands, "7d")
    assert _legal(first) == ["Ad"]
    _play(first, "Ad", "Nc", "2c", "Kc")
    assert ENGINE.to_move(first) == 1
    assert sorted(_legal(first)) == ["5d", "Ac"]
    every = _to_play(_rules(top_trump_lead="every_lead"), hands, "7d")
    _play(every, "Ad", "Nc", "2c", "Kc")
    assert sorted(_legal(every)) == ["5d", "Ac"]  # the duty binds only while the trump is held


def test_a_void_player_must_trump_even_below_a_trump_already_played() -> None:
    hands = [["Kc", "2s", "4b"], ["Ac", "3c", "5d"], ["Jb", "Ad", "2d"], ["2b", "4s", "6c"]]
    state = _to_play(_rules(top_trump_lead="off"), hands, "7d")
    _play(state, "Ac")  # seat 1 leads clubs
    assert sorted(_legal(state)) == ["2d", "Ad"]  # seat 2: void, two trumps
    _play(state, "Ad")
    discard = ENGINE.check(state, Play(seat=3, card="2b"))
    assert discard is not None
    assert discard.code == "play.revoke"  # seat 3 holds 6c
    _play(state, "6c", "Kc")
    assert state.tricks[0].winner == 2
    assert state.tricks[0].plays == ((1, "Ac"), (2, "Ad"), (3, "6c"), (0, "Kc"))
    # A trump below the Ad is still the duty of a void player holding one (no overtrumping).
    hands2 = [["Kb", "2s", "4b"], ["Ac", "3c", "5d"], ["Jb", "Ad", "2d"], ["2b", "4d", "6s"]]
    again = _to_play(_rules(top_trump_lead="off"), hands2, "7d")
    _play(again, "Ac", "Ad")
    assert _legal(again) == ["4d"]
    must = ENGINE.check(again, Play(seat=3, card="6s"))
    assert must is not None
    assert must.code == "play.must-trump"


def test_lone_player_takes_every_trick_unplayed() -> None:
    state = _hand(_rules())
    _declare(state, None, None, 0, None)
    assert ENGINE.finish(state)  # closes the blind round; the lone player takes every trick
    assert state.playing == (0,)
    assert state.tricks_won == [3, 0, 0, 0]
    assert ENGINE.is_over(state)
    nobody = _hand(_rules())
    _declare(nobody, None, None, None, None)
    assert ENGINE.finish(nobody)
    assert ENGINE.is_over(nobody)
    assert nobody.playing == ()
    refused = ENGINE.check(nobody, Play(seat=1, card="Ac"))
    assert refused is not None
    assert refused.code == "play.after-hand-end"


def test_a_hand_begun_and_left_unfinished_is_not_over() -> None:
    state = _hand(_rules())
    _declare(state, None, None, 0, 0)  # seats 0 and 1 play; seat 1, the eldest, leads
    _play(state, "Ac")
    assert not ENGINE.finish(state)
    assert ENGINE.unfinished(state) == (
        "the actions stop before the hand ends: trick 1 of 3 is unfinished; seat 0 to play"
    )
    declaring = _hand(_rules())
    assert not ENGINE.finish(declaring)
    assert ENGINE.unfinished(declaring).endswith("seat 2 has not declared")


def test_random_play_outs_through_legal_actions_are_legal_and_finish() -> None:
    rng = random.Random(11)
    for _ in range(300):
        n = rng.randint(3, 10)
        rules = _rules(n, hand_size=rng.choice([3, 4]) if n <= 9 else 3)
        deck = list(engine.DECK.cards)
        rng.shuffle(deck)
        h = rules.hand_size
        hands = [deck[i * h : (i + 1) * h] for i in range(n)]
        state = engine.new_hand(rules, rng.randrange(n), hands, deck[n * h], deck[n * h + 1 :])
        while options := ENGINE.legal_actions(state):
            _act(state, rng.choice(options))
        assert ENGINE.finish(state)
        assert sum(state.tricks_won) == (h if state.playing else 0)
        assert isinstance(ENGINE.settle(state, 0), engine.Settlement)
