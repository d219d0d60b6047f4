"""Cross-check of the Oh Hell referee against the real OpenSpiel engine (``pyspiel``).

Random ``oh_hell`` games are played in pyspiel (chance nodes and player actions drawn from a
seeded RNG), each finished history is mapped to a tricklog record under the ``openspiel`` preset,
and tricklog must replay it clean and compute exactly pyspiel's ``returns()``. At every decision
point tricklog's legal bids and plays must equal pyspiel's ``legal_actions()``. Then one action
of such a record is replaced by one pyspiel would refuse (a revoke, a bid out of range, the hook
broken by the last bidder), and tricklog must report that code at that action's pointer.

Mapping decisions (OpenSpiel ``games/oh_hell``, docs/oh_hell.md):

* card id = rank * num_suits + suit, suits in the order C, D, S, H and ranks 2..A; pyspiel
  prints id 0 as ``C2`` and id 32 as ``CT``. tricklog writes rank then suit (``2C``, ``TC``).
  The module checks the mapping against ``action_to_string`` of every id.
* bid actions are ``num_cards + bid`` (52 + bid).
* chance nodes, in order: number of tricks, dealer, the ``players * tricks`` cards of the hands
  (the i-th card dealt goes to seat ``i % players``: OpenSpiel ignores the dealer when dealing),
  then one more card whose suit is trump: the record's ``turned_up``.
* seats are pyspiel's player numbers; the record has one hand, number 1, dealt by pyspiel's
  dealer. tricklog's ``openspiel`` preset has the dealer's left bid and lead first.
* OpenSpiel never draws the rest of the deck, so the order of the stock is unknown: the record
  says ``stock = null``, except in the ``with_stock`` games, which list the undealt cards in
  card-id order to have tricklog check that the deal partitions the deck exactly.
* ``off_bid_penalty`` False -> ``miss_score = "tricks"``, True -> ``"minus_diff"``;
  ``points_per_trick`` carries over; ``num_tricks_fixed`` k -> ``single_hand_size`` k, and -1
  (random) -> null.

pyspiel's own ``apply_action`` accepts some illegal moves silently, so its ``legal_actions()`` is
the oracle, never a call that did not fail.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

import orjson
import pytest

from records.io import parse
from records.oh_hell import OhHellRecord, preset
from replay.check import check_record
from replay.engines import oh_hell as engine

pyspiel = pytest.importorskip("pyspiel")

pytestmark = pytest.mark.openspiel

SUITS = "CDSH"  # OpenSpiel's suit order
RANKS = "23456789TJQKA"
NUM_CARDS = 52


def card_of(action: int) -> str:
    """tricklog's name of an OpenSpiel card id."""
    return RANKS[action // len(SUITS)] + SUITS[action % len(SUITS)]


def action_of(card: str) -> int:
    return RANKS.index(card[0]) * len(SUITS) + SUITS.index(card[1])


# --- playing and mapping ---------------------------------------------------------------------


@dataclass(frozen=True)
class Played:
    """A finished pyspiel game: its parameters, history, seats of the player actions, result."""

    params: dict[str, Any]
    history: list[int]
    seats: list[int]
    """pyspiel's current player before each action of ``history`` (-1 for chance)."""
    returns: list[float]
    tricks_won: list[int]
    """"Tricks Won" as pyspiel prints it."""


def play(params: dict[str, Any], rng: random.Random) -> Played:
    game = pyspiel.load_game("oh_hell", params)
    state = game.new_initial_state()
    seats: list[int] = []
    while not state.is_terminal():
        seats.append(state.current_player())
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    won = re.search(r"Tricks Won:\s*([-\d ]+)", str(state))
    assert won is not None
    return Played(
        params, list(state.history()), seats, state.returns(), [int(t) for t in won[1].split()]
    )


def to_record(played: Played, *, with_stock: bool = False) -> dict[str, Any]:
    """The tricklog record (as JSON data) of a finished pyspiel game."""
    n = played.params["players"]
    history = played.history
    tricks, dealer = history[0], history[1]
    dealt = history[2 : 2 + n * tricks]
    trump = history[2 + n * tricks]
    hands: list[list[str]] = [[] for _ in range(n)]
    for i, action in enumerate(dealt):
        hands[i % n].append(card_of(action))
    actions: list[dict[str, Any]] = []
    for seat, action in zip(played.seats[3 + n * tricks :], history[3 + n * tricks :], strict=True):
        if action >= NUM_CARDS:
            actions.append({"type": "bid", "seat": seat, "tricks": action - NUM_CARDS})
        else:
            actions.append({"type": "play", "seat": seat, "card": card_of(action)})
    fixed = played.params.get("num_tricks_fixed", -1)
    rules = preset(
        "openspiel",
        n,
        miss_score="minus_diff" if played.params.get("off_bid_penalty") else "tricks",
        points_per_trick=played.params.get("points_per_trick", 1),
        single_hand_size=None if fixed == -1 else fixed,
    )
    undealt = sorted(set(range(NUM_CARDS)) - set(dealt) - {trump})
    scores = [int(r) for r in played.returns]
    best = max(scores)
    return {
        "format_version": 1,
        "game": "oh_hell",
        "id": "openspiel",
        "rules": {f: getattr(rules, f) for f in rules.__dataclass_fields__},
        "players": [{"seat": s, "name": f"player {s}"} for s in range(n)],
        "hands": [
            {
                "number": 1,
                "dealer": dealer,
                "deal": {
                    "hands": hands,
                    "turned_up": card_of(trump),
                    "stock": [card_of(c) for c in undealt] if with_stock else None,
                },
                "actions": actions,
                "claims": {"tricks": played.tricks_won, "scores": scores, "totals": scores},
            }
        ],
        "claims": {"totals": scores, "winners": [s for s in range(n) if scores[s] == best]},
    }


def load(data: dict[str, Any]) -> OhHellRecord:
    parsed = parse(orjson.dumps(data))
    assert not isinstance(parsed, list), parsed
    return parsed


def legal_after(played: Played, upto: int) -> list[int]:
    """pyspiel's legal actions after the first ``upto`` actions of the history."""
    state = pyspiel.load_game("oh_hell", played.params).new_initial_state()
    for action in played.history[:upto]:
        state.apply_action(action)
    return sorted(state.legal_actions())


def first_action(played: Played) -> int:
    """Index in the history of the first bid (records start their actions there)."""
    n, tricks = played.params["players"], played.history[0]
    return 3 + n * tricks


# --- the games -------------------------------------------------------------------------------

MAX_TRICKS = {3: 17, 4: 12, 5: 10, 7: 7}  # (52 - 1) // players
GAMES_PER_SETTING = 12


def _settings() -> list[dict[str, Any]]:
    out = []
    for n in (3, 4, 5, 7):
        for penalty in (False, True):
            fixed = [-1, 1, 2, MAX_TRICKS[n], -1, MAX_TRICKS[n] // 2]
            for g in range(GAMES_PER_SETTING):
                out.append(
                    {
                        "players": n,
                        "num_tricks_fixed": fixed[g % len(fixed)],
                        "off_bid_penalty": penalty,
                        "points_per_trick": 1 + g % 3 if g % 4 == 3 else 1,
                    }
                )
    return out


SETTINGS = _settings()


@pytest.fixture(scope="module")
def games() -> list[Played]:
    rng = random.Random(20261130)
    return [play(params, rng) for params in SETTINGS]


def test_card_ids_match_pyspiel_names() -> None:
    state = pyspiel.load_game("oh_hell", {"players": 3}).new_initial_state()
    state.apply_action(1)  # one trick
    state.apply_action(0)  # dealer 0; the deal's action names are card names now
    names = {a: state.action_to_string(a) for a in range(NUM_CARDS)}
    assert all(names[a] == card_of(a)[1] + card_of(a)[0] for a in range(NUM_CARDS))
    assert [card_of(a) for a in (0, 1, 2, 3, 4, 51)] == ["2C", "2D", "2S", "2H", "3C", "AH"]
    assert all(action_of(card_of(a)) == a for a in range(NUM_CARDS))


def test_games_cover_the_settings(games: list[Played]) -> None:
    assert len(games) == 96
    sizes = {(g.params["players"], g.history[0]) for g in games}
    assert {(n, 1) for n in MAX_TRICKS} <= sizes
    assert {(n, m) for n, m in MAX_TRICKS.items()} <= sizes
    assert any(r < 0 for g in games for r in g.returns)  # off_bid_penalty bites somewhere
    assert any(g.params["points_per_trick"] > 1 for g in games)


@pytest.mark.parametrize("index", range(len(SETTINGS)))
def test_pyspiel_game_replays_clean_with_its_returns(games: list[Played], index: int) -> None:
    played = games[index]
    record = load(to_record(played, with_stock=index % 2 == 1))
    report = check_record(record, audit=True)
    assert report.problems == []
    returns = [int(r) for r in played.returns]
    assert returns == played.returns  # pyspiel's returns are whole numbers
    assert report.hands[0].scores == returns
    assert report.totals == returns
    won = [0] * played.params["players"]
    for trick in report.hands[0].tricks:
        won[trick.winner] += 1
    assert won == played.tricks_won
    assert report.hands[0].trump == card_of(played.history[2 + len(won) * played.history[0]])[1]


def _engine_legal(state: engine.State) -> list[int]:
    if state.phase is engine.Phase.BID:
        return sorted(NUM_CARDS + b for b in engine.legal_bids(state))
    return sorted(action_of(c) for c in engine.legal_plays(state))


@pytest.mark.parametrize("index", range(len(SETTINGS)))
def test_legal_actions_agree_at_every_decision(games: list[Played], index: int) -> None:
    played = games[index]
    record = load(to_record(played))
    hand = record.hands[0]
    trump = hand.deal.turned_up[-1] if hand.deal.turned_up else None
    mine = engine.new_hand(
        record.rules, hand.dealer, played.history[0], [list(h) for h in hand.deal.hands], trump
    )
    theirs = pyspiel.load_game("oh_hell", played.params).new_initial_state()
    start = first_action(played)
    for action in played.history[:start]:
        theirs.apply_action(action)
    for action in played.history[start:]:
        assert engine.current_player(mine) == theirs.current_player()
        assert _engine_legal(mine) == sorted(theirs.legal_actions())
        if action >= NUM_CARDS:
            engine.ENGINE.apply(mine, engine.Bid(seat=mine.turn, tricks=action - NUM_CARDS))
        else:
            engine.ENGINE.apply(mine, engine.Play(seat=mine.turn, card=card_of(action)))
        theirs.apply_action(action)
    assert engine.is_over(mine) and theirs.is_terminal()


# --- one action pyspiel would refuse ---------------------------------------------------------


def _held(record: dict[str, Any], j: int) -> list[str]:
    """The cards the seat of action ``j`` holds just before it."""
    hand = record["hands"][0]
    seat = hand["actions"][j]["seat"]
    played = {a["card"] for a in hand["actions"][:j] if a["type"] == "play"}
    return [c for c in hand["deal"]["hands"][seat] if c not in played]


def _only_problem(data: dict[str, Any]) -> tuple[str, str]:
    problems = check_record(load(data), audit=True).problems
    assert len(problems) == 1, problems
    return problems[0].code, problems[0].pointer


def test_revoke(games: list[Played]) -> None:
    rng = random.Random(1)
    tried = 0
    for played in games:
        record = to_record(played)
        start = first_action(played)
        spots = []
        for j, action in enumerate(record["hands"][0]["actions"]):
            if action["type"] != "play":
                continue
            legal = legal_after(played, start + j)
            refused = [c for c in _held(record, j) if action_of(c) not in legal]
            if refused:
                spots.append((j, refused))
        if not spots:
            continue
        j, refused = rng.choice(spots)
        record["hands"][0]["actions"][j]["card"] = rng.choice(refused)
        assert _only_problem(record) == ("play.revoke", f"/hands/0/actions/{j}")
        tried += 1
    assert tried >= 40


def test_bid_out_of_range(games: list[Played]) -> None:
    rng = random.Random(2)
    for played in games:
        record = to_record(played)
        n, tricks = played.params["players"], played.history[0]
        j = rng.randrange(n)
        bid = tricks + rng.randint(1, 5)
        assert NUM_CARDS + bid not in legal_after(played, first_action(played) + j)
        record["hands"][0]["actions"][j]["tricks"] = bid
        assert _only_problem(record) == ("bid.out-of-range", f"/hands/0/actions/{j}")


def test_hook_broken_by_the_last_bidder(games: list[Played]) -> None:
    tried = 0
    for played in games:
        record = to_record(played)
        n, tricks = played.params["players"], played.history[0]
        actions = record["hands"][0]["actions"]
        last = n - 1
        assert actions[last]["seat"] == record["hands"][0]["dealer"]  # the dealer bids last
        forbidden = tricks - sum(a["tricks"] for a in actions[:last])
        if not 0 <= forbidden <= tricks:
            continue
        assert NUM_CARDS + forbidden not in legal_after(played, first_action(played) + last)
        actions[last]["tricks"] = forbidden
        assert _only_problem(record) == ("bid.hook", f"/hands/0/actions/{last}")
        tried += 1
    assert tried >= 25  # the other games' first bids already exceed the deal
