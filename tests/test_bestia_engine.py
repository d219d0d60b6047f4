"""Known-value tests of the Bestia engine, worked from RULES.md §3.2-3.5 and §5."""

from __future__ import annotations

import dataclasses

from records.bestia import PRESETS, BestiaRules
from replay.engines import bestia as engine

HANDS = [["Kc", "2s", "4b"], ["Ac", "3c", "5d"], ["Nc", "Jb", "6s"], ["2b", "4s", "6c"]]
STOCK = ["2d", "As", "Kb", "Ks", "3s", "7s", "Nb", "2c", "4c"]


def _rules(n: int = 4, **overrides: object) -> BestiaRules:
    return dataclasses.replace(PRESETS["default"], num_players=n, **overrides)  # type: ignore[arg-type]


def _hand(rules: BestiaRules, hands: list[list[str]] = HANDS, turned: str = "7d") -> engine.State:
    return engine.new_hand(rules, 0, hands, turned, STOCK)


def _declare(state: engine.State, *plan: int | None) -> None:
    """Each seat in turn: None passes, k plays changing its last k cards."""
    for k in plan:
        assert engine.check_declare(state, state.turn, k) is None
        engine.apply_declare(state, k)
        if k is not None:
            discards = state.hands[state.turn][-k:] if k else []
            drawn = [c for c in state.pile[state.drawn : state.drawn + k] if c is not None]
            assert engine.check_exchange(state, discards, drawn) is None
            engine.apply_exchange(state, discards, drawn)


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
    wrong = engine.check_declare(state, 1, None)
    assert wrong is not None
    assert wrong.code == "declare.out-of-turn"
    assert wrong.expected == 2


def test_dominant_trump_is_the_three_when_the_ace_is_turned_up() -> None:
    assert engine.dominant_trump("7d") == "Ad"
    assert engine.dominant_trump("Ad") == "3d"
    assert engine.dominant_trump("3d") == "Ad"


def test_exchange_limits() -> None:
    state = _hand(_rules(max_exchange=2))
    too_many = engine.check_declare(state, 2, 3)
    assert too_many is not None
    assert too_many.code == "exchange.too-many"
    # Ten players leave a stock of 40 - 30 - 1 = 9 cards.
    assert engine.stock_size(_rules(10)) == 9


def test_draws_come_from_the_top_of_the_stock_in_order() -> None:
    state = _hand(_rules())
    engine.apply_declare(state, 2)
    wrong = engine.check_exchange(state, ["Nc", "Jb"], ["As", "2d"])
    assert wrong is not None
    assert wrong.code == "draw.not-top-of-stock"
    assert engine.check_exchange(state, ["Nc", "Jb"], ["2d", "As"]) is None


def test_playing_set_and_first_leader() -> None:
    state = _hand(_rules())
    _declare(state, 0, None, 0, None)  # seats 2 and 0 play; 3 and 1 pass
    assert state.phase is engine.Phase.BLIND
    engine.start_play(state)
    assert state.playing == (2, 0)  # from the eldest (seat 1) anticlockwise
    assert state.leader == 2
    other = _hand(_rules(first_leader="first_to_declare_play", declaration_start="right_of_dealer"))
    _declare(other, None, None, 0, 0)  # order 1 2 3 0: seat 3 declares play first
    engine.start_play(other)
    assert other.leader == 3


def test_blind_draws_passed_only_in_order_and_while_three_cards_remain() -> None:
    # Ten players leave 9 cards; seats 2, 3 and 4 change two each, 3 cards left: the first
    # seat that passed may draw blind, after it nobody.
    state = engine.new_hand(_rules(10), 0, [["2b", "4b", "5b"]] * 10, "7d", STOCK)
    _declare(state, 2, 2, 2, *([None] * 7))
    assert engine.blind_candidates(state) == [5, 6, 7, 8, 9, 0, 1]
    engine.apply_blind(state, 7, STOCK[6:9])
    assert engine.blind_candidates(state) == []
    short = engine.check_blind(state, 8, ["Kc", "2s", "4b"])
    assert short is not None
    assert short.code == "blind.stock-short"
    fresh = _hand(_rules())
    _declare(fresh, 0, None, 0, None)
    assert engine.blind_candidates(fresh) == [3, 1]
    player = engine.check_blind(fresh, 2, STOCK[:3])
    assert player is not None
    assert player.code == "blind.not-eligible"
    engine.apply_blind(fresh, 1, STOCK[:3])
    late = engine.check_blind(fresh, 3, STOCK[3:6])
    assert late is not None
    assert late.code == "blind.out-of-turn"


def test_the_turned_up_card_is_drawn_only_when_drawable() -> None:
    assert len(_hand(_rules(10)).pile) == 9
    drawable = engine.new_hand(_rules(10, trump_card_drawable=True), 0, [[]] * 10, "7d", [])
    assert drawable.pile[-1] == "7d"
    assert len(drawable.pile) == 10


def _to_play(rules: BestiaRules, hands: list[list[str]], turned: str) -> engine.State:
    state = _hand(rules, hands, turned)
    _declare(state, 0, 0, 0, 0)
    engine.start_play(state)
    return state


def test_first_leader_must_lead_the_top_trump_on_the_first_trick_only() -> None:
    hands = [["Kc", "2s", "4b"], ["Ad", "3c", "5d"], ["Nc", "Jb", "6s"], ["2b", "4s", "6c"]]
    state = _to_play(_rules(), hands, "7d")
    assert state.turn == 1
    assert engine.legal_plays(state) == ["Ad"]
    refused = engine.check_play(state, 1, "3c")
    assert refused is not None
    assert refused.code == "play.must-lead-top-trump"
    assert refused.expected == "Ad"
    off = _to_play(_rules(top_trump_lead="off"), hands, "7d")
    assert sorted(engine.legal_plays(off)) == ["3c", "5d", "Ad"]
    # With the Ace turned up the 3 is dominant.
    three = [["Kc", "2s", "4b"], ["3d", "3c", "5d"], ["Nc", "Jb", "6s"], ["2b", "4s", "6c"]]
    assert engine.legal_plays(_to_play(_rules(), three, "Ad")) == ["3d"]


def test_every_lead_duty() -> None:
    # Seat 1 leads Ac and wins; at the second lead it holds Ad and must lead it again.
    hands = [["Kc", "2s", "4b"], ["Ac", "Ad", "5d"], ["Nc", "Jb", "6s"], ["2c", "4s", "6c"]]
    state = _to_play(_rules(top_trump_lead="every_lead"), hands, "7d")
    assert engine.legal_plays(state) == ["Ad"]
    first = _to_play(_rules(), hands, "7d")
    assert engine.legal_plays(first) == ["Ad"]
    for card in ("Ad", "Nc", "2c", "Kc"):
        engine.apply_play(first, card)
    assert first.turn == 1
    assert sorted(engine.legal_plays(first)) == ["5d", "Ac"]


def test_a_void_player_must_trump_even_below_a_trump_already_played() -> None:
    hands = [["Kc", "2s", "4b"], ["Ac", "3c", "5d"], ["Jb", "Ad", "2d"], ["2b", "4s", "6c"]]
    state = _to_play(_rules(top_trump_lead="off"), hands, "7d")
    engine.apply_play(state, "Ac")  # seat 1 leads clubs
    assert sorted(engine.legal_plays(state)) == ["2d", "Ad"]  # seat 2: void, two trumps
    engine.apply_play(state, "Ad")
    discard = engine.check_play(state, 3, "2b")
    assert discard is not None
    assert discard.code == "play.revoke"  # seat 3 holds 6c
    engine.apply_play(state, "6c")
    engine.apply_play(state, "Kc")
    assert state.tricks[0].winner == 2
    assert state.tricks[0].plays == ((1, "Ac"), (2, "Ad"), (3, "6c"), (0, "Kc"))
    under = _to_play(_rules(top_trump_lead="off"), hands, "7d")
    for card in ("Ac", "Ad"):
        engine.apply_play(under, card)
    # A trump below the Ad is still the duty of a void player holding one (no overtrumping).
    hands2 = [["Kb", "2s", "4b"], ["Ac", "3c", "5d"], ["Jb", "Ad", "2d"], ["2b", "4d", "6s"]]
    again = _to_play(_rules(top_trump_lead="off"), hands2, "7d")
    engine.apply_play(again, "Ac")
    engine.apply_play(again, "Ad")
    assert engine.legal_plays(again) == ["4d"]
    must = engine.check_play(again, 3, "6s")
    assert must is not None
    assert must.code == "play.must-trump"


def test_lone_player_takes_every_trick_unplayed() -> None:
    state = _hand(_rules())
    _declare(state, None, None, 0, None)
    engine.start_play(state)
    assert state.playing == (0,)
    assert engine.finish_unplayed(state)
    assert state.tricks_won == [3, 0, 0, 0]
    nobody = _hand(_rules())
    _declare(nobody, None, None, None, None)
    engine.start_play(nobody)
    assert engine.is_over(nobody)
