"""OpenSpiel's checked replay of ``oh_hell`` beside tricklog's audit of the same hands.

Random 4-player, 12-trick games are played in pyspiel from a seeded RNG; each finished history
is then (a) replayed by pyspiel, checking every action, chance ones included, against
``state.legal_actions()`` before ``state.apply_action``, and (b) converted to a tricklog record
(``openspiel`` preset, one deal of 12, claims of tricks, scores, totals and winners as pyspiel
computed them) whose bytes tricklog audits. Both start from data in memory: pyspiel from a list
of action ids, tricklog from JSON bytes (so its figure includes parsing them).

The mapping is copied from ``tests/test_oh_hell_openspiel.py`` (which explains it): card id =
rank * 4 + suit with suits C, D, S, H; a bid is 52 + tricks; chance actions are the number of
tricks, the dealer, the cards dealt round the table from seat 0, and the trump card.
"""

from __future__ import annotations

import importlib
import random
import re
from dataclasses import dataclass
from typing import Any

import orjson

from bench.library import check_line, openspiel_rules, problems_of
from bench.timing import Part, Stats, cpu_interleaved

try:
    pyspiel: Any = importlib.import_module("pyspiel")
except ImportError:
    pyspiel = None

PLAYERS = 4
TRICKS = 12
PARAMS = {"players": PLAYERS, "num_tricks_fixed": TRICKS}
"""pyspiel's ``oh_hell`` parameters (see ``load_game("oh_hell").get_parameters()``)."""
CHUNK = 100
"""Games a chunk of the interleaved timing holds (``bench.timing.cpu_interleaved``)."""
SUITS = "CDSH"  # OpenSpiel's suit order
RANKS = "23456789TJQKA"
NUM_CARDS = 52


def card_of(action: int) -> str:
    return RANKS[action // len(SUITS)] + SUITS[action % len(SUITS)]


@dataclass(frozen=True)
class Played:
    history: list[int]
    seats: list[int]
    """pyspiel's current player before each action of ``history`` (-1 for chance)."""
    returns: list[int]
    tricks_won: list[int]


def play(game: Any, rng: random.Random) -> Played:
    state = game.new_initial_state()
    seats: list[int] = []
    while not state.is_terminal():
        seats.append(state.current_player())
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    won = re.search(r"Tricks Won:\s*([-\d ]+)", str(state))
    if won is None:
        raise SystemExit("bench: pyspiel's oh_hell no longer prints 'Tricks Won'")
    returns = [int(r) for r in state.returns()]
    return Played(list(state.history()), seats, returns, [int(t) for t in won[1].split()])


def to_record(played: Played, rules: dict[str, Any], number: int) -> bytes:
    """The tricklog record of a finished pyspiel game, as JSON bytes."""
    n, history = PLAYERS, played.history
    tricks, dealer = history[0], history[1]
    dealt = history[2 : 2 + n * tricks]
    hands: list[list[str]] = [[] for _ in range(n)]
    for i, action in enumerate(dealt):
        hands[i % n].append(card_of(action))
    start = 3 + n * tricks
    actions = [
        {"type": "bid", "seat": seat, "tricks": action - NUM_CARDS}
        if action >= NUM_CARDS
        else {"type": "play", "seat": seat, "card": card_of(action)}
        for seat, action in zip(played.seats[start:], history[start:], strict=True)
    ]
    scores, best = played.returns, max(played.returns)
    hand = {
        "number": 1,
        "dealer": dealer,
        "deal": {"hands": hands, "turned_up": card_of(history[start - 1]), "stock": None},
        "actions": actions,
        "claims": {"tricks": played.tricks_won, "scores": scores, "totals": scores},
    }
    return orjson.dumps(
        {
            "format_version": 1,
            "game": "oh_hell",
            "id": f"openspiel-{number}",
            "rules": rules,
            "players": [{"seat": s, "name": f"player {s}"} for s in range(n)],
            "hands": [hand],
            "claims": {"totals": scores, "winners": [s for s in range(n) if scores[s] == best]},
        }
    )


def checked_replay(game: Any, histories: list[list[int]]) -> Part:
    """OpenSpiel's replay of the games ``[start, stop)``, every action checked legal first."""

    def work(start: int, stop: int) -> None:
        for history in histories[start:stop]:
            state = game.new_initial_state()
            for action in history:
                if action not in state.legal_actions():
                    raise SystemExit(f"bench: pyspiel refuses its own action {action}")
                state.apply_action(action)

    return work


def audit_all(lines: list[bytes], detail: bool = True) -> Part:
    """tricklog's audit of the records ``[start, stop)``."""

    def work(start: int, stop: int) -> None:
        for line in lines[start:stop]:
            check_line(line, True, detail)

    return work


def measure(hands: int, repeat: int, seed: int = 1, *, whole: bool = False) -> dict[str, Any]:
    """CPU seconds per pass over ``hands`` hands: OpenSpiel's checked replay, tricklog's audit
    as ``tricklog audit -q`` makes it (``tricklog_q``: the verdict, every claim compared, the
    target's measure, as for the throughput target) and with every claim check listed
    (``tricklog``: what ``--format json`` prints)."""
    game = pyspiel.load_game("oh_hell", PARAMS)
    rng = random.Random(seed)
    games = [play(game, rng) for _ in range(hands)]
    rules = openspiel_rules(PLAYERS, TRICKS)
    lines = [to_record(played, rules, i) for i, played in enumerate(games)]
    for line in lines:
        problems = problems_of(check_line(line, True))
        if problems:
            raise SystemExit(f"bench: an OpenSpiel game does not audit clean: {problems[0]}")
    works = {
        "openspiel": checked_replay(game, [p.history for p in games]),
        "tricklog_q": audit_all(lines, detail=False),
        "tricklog": audit_all(lines),
    }
    # interleaved, a hand a record: CHUNK hands at a time (``whole``: each work over them all)
    size = len(lines) if whole else CHUNK
    stats: dict[str, Stats] = cpu_interleaved(works, len(lines), size, repeat)
    return {
        "hands": hands,
        "kib": sum(len(line) for line in lines) / 1024,
        "params": PARAMS,
        "stats": stats,
    }
