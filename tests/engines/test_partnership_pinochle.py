"""Partnership Pinochle's engine: the auction's grid and its end, the duties of play as the rules
name them, the passing, the counters (every counting method makes its whole total), the scores
worked from the rule book's examples, the game's end, and random games of every preset that
replay clean."""

from __future__ import annotations

import dataclasses
import random

import pytest

from records.rules.partnership_pinochle import DEFAULT_RULES, PRESETS
from records.tricks import FollowRules
from replay.check import check
from replay.engines import partnership_pinochle as engine
from replay.engines.partnership_pinochle import auction, scoring
from replay.engines.partnership_pinochle.state import follow_rules
from replay.generators.partnership_pinochle import deal, generate


def _hand(rules=DEFAULT_RULES, seed: int = 0, dealer: int = 0) -> engine.State:  # type: ignore[no-untyped-def]
    return engine.new_hand(rules, dealer, deal(random.Random(seed), rules, dealer))


def test_bids_stand_on_the_grid_of_the_steps() -> None:
    big = dataclasses.replace(DEFAULT_RULES, big_step_from=500)
    assert auction.next_bids(DEFAULT_RULES, None, 3) == [250, 260, 270]
    assert auction.next_bids(big, 480, 4) == [490, 500, 550, 600]
    assert auction.check_amount(big, None, 520) is not None
    assert auction.check_amount(big, 450, 550) is None
    assert auction.check_amount(DEFAULT_RULES, 300, 300).code == "bid.not-higher"  # type: ignore[union-attr]


@pytest.mark.parametrize(("rule", "stuck"), [("dealer_stuck", True), ("redeal", False)])
def test_all_four_pass(rule: str, stuck: bool) -> None:
    state = _hand(dataclasses.replace(DEFAULT_RULES, all_pass=rule), dealer=2)
    for seat in (3, 0, 1, 2):
        assert engine.ENGINE.check(state, engine.Pass(seat=seat)) is None
        engine.ENGINE.apply(state, engine.Pass(seat=seat))
    if stuck:
        assert (state.declarer, state.contract, state.phase) == (2, 250, engine.Phase.TRUMP)
    else:
        assert state.phase is engine.Phase.VOID
        assert engine.settle(state).team_scores == (0, 0)


def test_the_auction_ends_when_three_have_passed_after_a_bid() -> None:
    state = _hand(dealer=0)
    for action in (engine.Bid(seat=1, points=250), engine.Pass(seat=2), engine.Pass(seat=3)):
        engine.ENGINE.apply(state, action)
    assert state.phase is engine.Phase.AUCTION
    engine.ENGINE.apply(state, engine.Pass(seat=0))
    assert (state.declarer, state.contract, state.turn) == (1, 250, 1)


@pytest.mark.parametrize(
    ("head_rule", "overtrump", "expected"),
    [
        ("head", False, FollowRules(True, False, True, False)),
        ("head_when_trumped", True, FollowRules(True, True, True, True)),
        ("always", False, FollowRules(True, True, True, False)),
        ("never", False, FollowRules(True, False, False, False)),
    ],
)
def test_the_head_rule_is_the_trick_cores_duties(
    head_rule: str, overtrump: bool, expected: FollowRules
) -> None:
    rules = dataclasses.replace(DEFAULT_RULES, head_rule=head_rule, must_overtrump=overtrump)
    assert follow_rules(rules) == expected


def _to_meld(state: engine.State) -> None:
    """Bid by seat 1, trump spades, the passing: the partner's first cards, the bidder's last."""
    for action in (
        engine.Bid(seat=1, points=250),
        engine.Pass(seat=2),
        engine.Pass(seat=3),
        engine.Pass(seat=0),
        engine.NameTrump(seat=1, suit="S"),
    ):
        engine.ENGINE.apply(state, action)


def test_the_passing_moves_the_cards_between_partners() -> None:
    state = _hand(dealer=0)
    _to_meld(state)
    given = list(state.hands[3][:4])
    wrong = engine.PassCards(seat=1, cards=list(state.hands[1][:4]))
    assert engine.ENGINE.check(state, wrong).code == "pass_cards.wrong-seat"  # type: ignore[union-attr]
    engine.ENGINE.apply(state, engine.PassCards(seat=3, cards=given))
    back = list(state.hands[1][-4:])
    engine.ENGINE.apply(state, engine.PassCards(seat=1, cards=back))
    assert all(card in state.hands[3] for card in back)
    assert len(state.hands[1]) == len(state.hands[3]) == 12
    assert state.phase is engine.Phase.MELD


@pytest.mark.parametrize("counters", ["aces_tens_kings", "classic", "one_point"])
def test_every_counting_method_makes_its_whole_total(counters: str) -> None:
    record = generate(
        random.Random(counters), hands=3, game_id="t", counters=counters, throw_in="not_allowed"
    )
    total = 25 if counters == "one_point" else 250
    for hand in record.hands:
        assert hand.claims is not None and hand.claims.team_counters is not None
        assert sum(hand.claims.team_counters) == total


def _played(monkeypatch: pytest.MonkeyPatch, made: bool, **values: object) -> scoring.Settlement:
    """A hand of the default rules played out by seat 1 (team 1) at 300, worked with the meld and
    counters given: team 1's meld 120 and counters 180 (made) or 100 (set)."""
    rules = dataclasses.replace(DEFAULT_RULES, **values)
    state = _hand(rules)
    state.declarer, state.contract, state.trump = 1, 300, "S"
    state.melded = {
        0: (engine.declare.melds.ScoredMeld("pinochle", ("QS", "JD"), 40),),
        1: (engine.declare.melds.ScoredMeld("kings", ("KC", "KD", "KH", "KS"), 80),),
        2: (),
        3: (engine.declare.melds.ScoredMeld("pinochle", ("QS", "JD"), 40),),
    }
    state.after_pass = tuple(tuple(h) for h in state.hands)
    points = (70, 180) if made else (150, 100)
    monkeypatch.setattr(scoring, "taken_and_points", lambda state: ((3, 3, 3, 3), points))
    return scoring.settle(state, scoring.Carried((0, 0), False))


def test_a_bid_made_scores_what_the_team_took_and_a_set_loses_the_bid(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = _played(monkeypatch, True)
    assert made.made and made.team_meld == (40, 120)
    assert made.team_scores == (40 + 70, 120 + 180)
    assert _played(monkeypatch, True, made_score="bid").team_scores == (110, 300)
    lost = _played(monkeypatch, False)
    assert lost.made is False and lost.team_scores == (40 + 150, -300)


def test_the_bidders_win_when_both_teams_reach_the_target_in_one_hand() -> None:
    state = _hand()
    state.declarer = 1
    assert scoring._game(state, scoring.Carried((1480, 1400), False), (30, 100)) == (
        (1510, 1500),
        1,
    )
    higher = dataclasses.replace(DEFAULT_RULES, both_reach="higher")
    state = _hand(higher)
    state.declarer = 1
    assert scoring._game(state, scoring.Carried((1480, 1400), False), (30, 100))[1] == 0
    assert scoring._game(state, scoring.Carried((1480, 1400), True), (30, 100))[1] is None


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_random_games_of_every_preset_replay_clean(preset: str) -> None:
    for seed in range(3):
        record = generate(random.Random(f"{preset}:{seed}"), preset=preset, game_id="t")
        report = check(record, audit=True)
        assert report.valid, [p.message for p in report.problems][:3]


def test_one_wrong_card_is_one_problem_at_its_place() -> None:
    record = generate(random.Random(5), hands=1, game_id="t")
    hand = record.hands[0]
    index = next(i for i, a in enumerate(hand.actions) if a.type == "play")
    lead = hand.actions[index]
    passed = {c for a in hand.actions if a.type == "pass_cards" for c in a.cards}
    held = set(hand.deal.hands[lead.seat]) | passed
    other = next(c for c in engine.DECK.cards if c not in held)
    hand.actions[index] = lead.model_copy(update={"card": other})
    report = check(record, audit=True)
    assert [p.code for p in report.problems] == ["play.card-not-held"]
    assert report.problems[0].pointer == f"/hands/0/actions/{index}"
