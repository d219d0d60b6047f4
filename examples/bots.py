"""Bots through the table: a small tournament of each game, written as an archive that audits
clean (issue 23).

A bot is a plain function of the table: it is given the ``tricklog.Table`` and returns one of
``table.legal()``. Three are here: Randy plays at random; Prima and Ultima pass whenever they
may (an auction, a Bestia declaration) and otherwise play the first legal action, or the last
(the lowest bid or the highest offered, the first card in the engine's order or the last). Each game of each kind seats them in turn, the table
refuses nothing they choose, and every record is written as the table writes it, its claims
filled in by the engine.

    python examples/bots.py -o tournament.jsonl      # then:
    tricklog audit tournament.jsonl
    tricklog summarize tournament.jsonl --by player
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable

import tricklog

Bot = Callable[[tricklog.Table], tricklog.Move]

GAMES = {"oh_hell": 3, "pinochle": 4, "bestia": 4, "partnership_pinochle": 4}
"""Each game, with its seats."""
HANDS = {"partnership_pinochle": 3}
"""Hands a game is cut to where playing it to its end would take long."""


def random_bot(rng: random.Random) -> Bot:
    def play(table: tricklog.Table) -> tricklog.Move:
        return rng.choice(table.legal())

    return play


def first_bot(table: tricklog.Table) -> tricklog.Move:
    legal = table.legal()
    return next((m for m in legal if m.action.type == "pass"), legal[0])


def last_bot(table: tricklog.Table) -> tricklog.Move:
    legal = table.legal()
    return next((m for m in legal if m.action.type == "pass"), legal[-1])


def play(game: str, seats: int, seed: int) -> object:
    """One game of ``game``: the bots seated in turn from ``seed``, played to its end."""
    rng = random.Random(seed)
    bots: dict[str, Bot] = {"Randy": random_bot(rng), "Prima": first_bot, "Ultima": last_bot}
    names = [list(bots)[(seed + seat) % len(bots)] for seat in range(seats)]
    table = tricklog.Table(
        game, players=names, seed=seed, hands=HANDS.get(game), record_id=f"{game}-{seed}"
    )
    while not table.is_over:
        seat = table.to_move
        if seat is None:  # anyone may act (Bestia's blind round): the first legal action's seat
            seat = table.legal()[0].action.seat
        table.apply(bots[names[seat]](table))
    return table.record()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", default="tournament.jsonl", help="the archive")
    parser.add_argument("-n", "--games", type=int, default=2, help="games of each kind")
    args = parser.parse_args(argv)
    with open(args.output, "wb") as out:
        for game, seats in GAMES.items():
            for seed in range(args.games):
                out.write(tricklog.dumps(play(game, seats, seed)) + b"\n")
    reports = list(tricklog.check_paths(args.output))
    clean = all(
        isinstance(r, tricklog.RecordReport)
        and r.valid
        and all(c.status.value == "match" for h in r.hands for c in h.claims)
        for r in reports
    )
    print(f"{len(reports)} games written to {args.output}; all audit clean: {clean}")
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
