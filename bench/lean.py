"""A probe for issue 20's speed target: what one function a hand costs, on the same records.

Run from the repository root, in the project's virtualenv::

    python bench/lean.py                                   # 300 records of the 20k archive
    python bench/lean.py --openspiel --records 1000  # OpenSpiel's games (needs pyspiel)

Issue 20 asks ``tricklog audit -q`` of Oh Hell for a third of orjson's rate, in pure Python.
``bench/floor.py`` shows where today's time goes. This asks the other question: how fast could
any pure-Python referee of these records be? ``verdict`` below is the shape the issue describes,
at its leanest: one function a hand, cards as integers, hands as bit sets, claims compared as
plain values, nothing built per action or per trick, no step, no report. It proves a record
clean or declines (False); it never says what is wrong. It is a measuring stick, not a second
referee: tricklog never calls it.

It covers what the benchmark archives use: the presets with one deck, no teams, a dealer
rotation, every seat's cards and every bid logged, bids and plays only. Anything else is
declined. It takes from the engine what is fixed per record (the table of the rules: schedule,
card codes, the score memo, where the trump comes from) and the test that a deal's cards are
distinct, so that only the walk of a hand differs.

A second row plays the same hands' cards through the trick core every engine shares
(``records.tricks.play_cards`` on a ``CardPlay`` built as the engine builds it), the rest of the
function unchanged. The issue asks for one trick core (and issue 21 builds on it), and the core
keeps what every view of a hand needs (each card played, each trick's leader and winner), which
the first row's loop throws away. The gap between the two rows is what that costs.

It prints the CPU time a hand, the median of ``--repeat`` rounds, of orjson's parse, the decode,
this probe and ``check -q``, each with the ratio orjson / (decode + it). Every layer does a chunk
of about 256 hands in turn, so that a ratio is of the same moments
(``bench.timing.cpu_interleaved``); the referee's layers run with the cycle collector paused, as
``check`` pauses it, orjson and OpenSpiel as they run for anyone. The probe's ratio is about the
best any pure-Python design that decodes as tricklog does could reach. Then agreement, so that the figure is of a verdict that checks
what the referee checks: every record, and ``--mutants`` single faults made in each (a claim, a
bid, a card swapped between two seats in a trick, a hand's number, a turned-up card), must be
clean to the probe exactly when ``check -q`` finds it clean.
"""

from __future__ import annotations

import argparse
import copy
import sys
from collections import deque
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for python bench/lean.py

import orjson

from bench.floor import ARCHIVE
from bench.timing import CHUNK_HANDS, Part, cpu_interleaved
from records.decode import decode
from records.limits import MAX_INT
from records.tricks import CardPlay, play_cards
from replay.check import check, paused
from replay.engines import oh_hell
from replay.engines.oh_hell import STRENGTH
from replay.referees.oh_hell import REFEREE

_PLANS: dict[int, tuple[Any, ...]] = {}


def _plan(table: oh_hell.Table) -> tuple[Any, ...]:
    """What the probe needs of a table, worked out once per table (tables are shared by rules)."""
    found = _PLANS.get(id(table))
    if found is None:
        rules, plan = table.rules, table.plan or ()
        sources = tuple(oh_hell.trump_source(rules, k + 1, size) for k, size in enumerate(plan))
        n = rules.num_players
        bidders = tuple(oh_hell.first_bidder(rules, d) for d in range(n))
        leaders = tuple(oh_hell.first_leader(rules, d) for d in range(n))
        covered = (
            rules.decks == 1
            and rules.teams is None
            and rules.dealer_order == "rotation"
            and table.plan is not None
            and oh_hell.rules_fault(rules) is None
        )
        found = _PLANS[id(table)] = (covered, plan, sources, bidders, leaders, table)
    return found


def verdict(record: Any, core: bool = False) -> bool:  # noqa: PLR0915 - one function a hand
    """True when ``record`` (a decoded Oh Hell record) is proven clean: every hand in order,
    a real deal, every action legal, every claim equal to its recomputation. False otherwise,
    or where it is not covered. With ``core``, the cards are played by the shared trick core
    instead of the loop below."""
    table = oh_hell.table(REFEREE.rules(record))
    covered, plan, sources, bidders, leaders, table = _plan(table)
    rules = table.rules
    n = rules.num_players
    if not covered or record.in_progress or len(record.players) != n:
        return False
    if sorted(p.seat for p in record.players) != list(range(n)):
        return False
    codes = table.codes
    code_of, ones, masks, suit_of = codes.code, codes.one, codes.suit_mask, codes.suit
    after, hook = table.after, rules.hook
    void_trumps = table.follow.must_trump_when_void
    score = table.score
    totals = [0] * n
    previous = None
    for index, hand in enumerate(record.hands):
        number, dealer, deal = hand.number, hand.dealer, hand.deal
        if number != index + 1 or number > len(plan) or deal.rebuilt:
            return False
        if previous is not None and dealer != after[previous]:
            return False
        previous = dealer
        size, source = plan[number - 1], sources[number - 1]
        hands, turned = deal.hands, deal.turned_up
        if len(hands) != n:
            return False
        if any(cards is None or len(cards) != size for cards in hands):
            return False
        # the engine's own test of the cards: a bit a card, as many bits as cards in all
        if not oh_hell._distinct(table, hands, deal, source, n * size):
            return False
        held = table.dealt[1][:]
        if deal.trump is not None:
            return False  # a recorded trump suit: the referee's to judge
        if source == "none":
            if turned is not None:
                return False
            trump, letter = -1, "none"
        elif turned is None or (source == "dealer" and turned not in hands[dealer]):
            return False
        else:
            letter = turned[-1]
            trump = suit_of[letter]
        actions = hand.actions
        if len(actions) != n + n * size:
            return False
        bids, turn, bid_total = [0] * n, bidders[dealer], 0
        for position in range(n):
            action = actions[position]
            if action.type != "bid" or action.seat != turn:
                return False
            tricks = action.tricks
            if tricks is None or tricks > size:
                return False
            bid_total += tricks
            if hook and position == n - 1 and bid_total == size:
                return False
            bids[turn] = tricks
            turn = after[turn]
        if core:  # the play through the trick core every engine shares, as the engine holds it
            play = CardPlay(
                hands,
                leaders[dealer],
                after,
                size,
                None if trump < 0 else letter,
                STRENGTH,
                table.follow,
                None,
                None,
                None,
                codes,
                table.cancels,
                held,
            )
            reached, fault = play_cards(play, actions, n)
            if fault is not None or reached != len(actions) or len(play.tricks.bests) != size:
                return False
            won = play.won
            actions = ()  # played
        else:
            won = [0] * n
        turn, placed, led, high, top, winner = leaders[dealer], 0, -1, -1, -1, -1
        for position in range(n, len(actions)):
            action = actions[position]
            if action.type != "play":
                return False
            seat = action.seat
            if seat != turn:
                return False
            code = code_of.get(action.card)
            if code is None:
                return False
            one = ones[code]
            held_now = held[seat]
            if not held_now & one:
                return False
            suit = code >> 4
            if placed:
                if suit != led:
                    if held_now & masks[led]:
                        return False  # a revoke
                    if void_trumps and trump >= 0 and suit != trump and held_now & masks[trump]:
                        return False  # void, and a trump was due
                if suit == high:
                    if code > top:
                        top, winner = code, seat
                elif suit == trump:
                    high, top, winner = suit, code, seat
            else:
                led = high = suit
                top, winner = code, seat
            held[seat] = held_now - one
            placed += 1
            if placed < n:
                turn = after[seat]
            else:
                won[winner] += 1
                turn, placed = winner, 0
        scores = [score(size, bids[seat], won[seat]) for seat in range(n)]
        totals = [totals[seat] + scores[seat] for seat in range(n)]
        claims = hand.claims
        if claims is not None and (
            (claims.tricks is not None and claims.tricks != won)
            or (claims.scores is not None and claims.scores != scores)
            or (claims.totals is not None and claims.totals != totals)
            or (claims.hand_size is not None and claims.hand_size != size)
            or (claims.trump is not None and claims.trump != letter)
        ):
            return False
    if max(totals) > MAX_INT or min(totals) < -MAX_INT:
        return False
    claims = record.claims
    return claims is None or (
        (claims.totals is None or claims.totals == totals)
        and (claims.winners is None or claims.winners == oh_hell.winners(totals))
    )


def mutants(line: bytes) -> list[bytes]:
    """Single faults made in one record: a claimed trick count, a bid, the cards of two seats
    swapped in the first trick of the last hand, a hand's number, the turned-up card."""
    record = orjson.loads(line)
    made = []

    def changed(edit: Any) -> None:
        other = copy.deepcopy(record)
        if edit(other) is not False:
            made.append(orjson.dumps(other))

    def claim(r: dict[str, Any]) -> bool:
        claims = r["hands"][-1].get("claims") or {}
        if not claims.get("tricks"):
            return False
        claims["tricks"][0] += 1
        return True

    def bid(r: dict[str, Any]) -> None:
        action = r["hands"][-1]["actions"][0]
        action["tricks"] = (action["tricks"] or 0) + 1

    def swap(r: dict[str, Any]) -> bool:
        actions = r["hands"][-1]["actions"]
        plays = [a for a in actions if a["type"] == "play"]
        if len(plays) < 2:
            return False
        plays[0]["card"], plays[1]["card"] = plays[1]["card"], plays[0]["card"]
        return True

    def number(r: dict[str, Any]) -> None:
        r["hands"][-1]["number"] += 1

    def turned(r: dict[str, Any]) -> bool:
        deal = r["hands"][0]["deal"]
        if deal.get("turned_up") is None:
            return False
        deal["turned_up"] = deal["hands"][0][0]  # a card dealt twice
        return True

    for edit in (claim, bid, swap, number, turned):
        changed(edit)
    return made


def clean(line: bytes) -> bool:
    decoded = decode(line)
    if isinstance(decoded, list):
        return False
    return not check(decoded, audit=True, detail=False).problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--mutants", type=int, default=100, help="records to mutate")
    parser.add_argument("--archive", type=Path, default=ARCHIVE)
    parser.add_argument("--openspiel", action="store_true", help="OpenSpiel's games instead")
    args = parser.parse_args()
    layers: dict[str, Part] = {}
    if args.openspiel:
        lines, layers["OpenSpiel's checked replay"] = _openspiel(args.records)
        name = f"OpenSpiel's oh_hell ({vs_openspiel_params()})"
    else:
        if not args.archive.exists():
            raise SystemExit(
                f"bench: {args.archive} is missing: python bench/throughput.py makes it"
            )
        with args.archive.open("rb") as stream:
            lines = [line for _, line in zip(range(args.records), stream, strict=False)]
        name = args.archive.name
    records = [decode(line) for line in lines]
    if any(isinstance(record, list) or record.game != "oh_hell" for record in records):
        raise SystemExit("bench: the archive must hold Oh Hell records only, all well formed")
    # agreement first: a fast figure of a verdict that checks less would be no figure
    disagree = [
        r.id
        for r, line in zip(records, lines, strict=True)
        if not verdict(r) == verdict(r, True) == clean(line)
    ]
    tried = found = 0
    for line in lines[: args.mutants]:
        for mutant in mutants(line):
            decoded = decode(mutant)
            probe = not isinstance(decoded, list) and verdict(decoded)
            cored = not isinstance(decoded, list) and verdict(decoded, True)
            tried += 1
            found += not clean(mutant)
            if not probe == cored == clean(mutant):
                disagree.append(f"a mutant of {orjson.loads(line)['id']}")
    if disagree:
        raise SystemExit(f"bench: the probe and check -q disagree on {disagree[:5]}")
    covered = sum(map(verdict, records))
    hands = sum(len(record.hands) for record in records)
    layers |= {
        "orjson": lambda a, b: deque(map(orjson.loads, lines[a:b]), 0),
        "decode": _paused(lambda a, b: deque(map(decode, lines[a:b]), 0)),
        "one function a hand (probe)": _paused(lambda a, b: deque(map(verdict, records[a:b]), 0)),
        "the same, its play by the shared trick core": _paused(
            lambda a, b: deque((verdict(r, True) for r in records[a:b]), 0)
        ),
        "check -q": lambda a, b: deque(
            (check(r, audit=True, detail=False) for r in records[a:b]), 0
        ),
    }
    chunk = max(1, round(CHUNK_HANDS * len(records) / hands))
    timed = cpu_interleaved(layers, len(records), chunk, args.repeat)
    per_hand = {layer: stats.median * 1e6 / hands for layer, stats in timed.items()}
    print(
        f"{name}: {len(records)} records, {hands:,} hands, {covered} proven clean by the probe; "
        f"agreement with check -q on them and on {tried} mutants ({found} faulty): all\n"
        f"CPU µs per hand, median of {args.repeat} rounds, {chunk} records at a time interleaved\n"
    )
    _table(per_hand)


def _paused(part: Part) -> Part:
    """``part`` with the cycle collector paused, as ``check`` pauses it for itself (a
    referee's layers run so; orjson's parse and OpenSpiel's replay run as they do for anyone)."""

    def work(start: int, stop: int) -> None:
        with paused():
            part(start, stop)

    return work


def _table(per_hand: dict[str, float]) -> None:
    """The layers' µs a hand, and the ratios of orjson's (and OpenSpiel's) to decode plus each."""
    base, decoded_time = per_hand["orjson"], per_hand["decode"]
    openspiel = per_hand.get("OpenSpiel's checked replay")
    heads = ["layer", "µs/hand", "orjson ÷ (decode + layer)"]
    heads += ["OpenSpiel ÷ (decode + layer)"] if openspiel is not None else []
    print("| " + " | ".join(heads) + " |")
    print("|---" + "|---:" * (len(heads) - 1) + "|")
    for layer, value in per_hand.items():
        cells = [layer, f"{value:.1f}"]
        ours = layer not in ("orjson", "decode", "OpenSpiel's checked replay")
        cells.append(f"{base / (decoded_time + value):.3f}" if ours else "")
        if openspiel is not None:
            cells.append(f"{openspiel / (decoded_time + value):.3f}" if ours else "")
        print("| " + " | ".join(cells) + " |")


def vs_openspiel_params() -> str:
    from bench.vs_openspiel import PARAMS  # noqa: PLC0415 (pyspiel loads with it)

    return ", ".join(f"{key}={value}" for key, value in PARAMS.items())


def _openspiel(count: int) -> tuple[list[bytes], Part]:
    """``count`` OpenSpiel games as records (``bench/vs_openspiel.py``), and OpenSpiel's checked
    replay of them."""
    import random  # noqa: PLC0415

    try:
        import pyspiel  # noqa: PLC0415
    except ImportError:
        raise SystemExit("bench: --openspiel needs OpenSpiel (pip install open_spiel)") from None
    from bench import vs_openspiel as os_  # noqa: PLC0415
    from bench.library import openspiel_rules  # noqa: PLC0415

    game = pyspiel.load_game("oh_hell", os_.PARAMS)
    rng = random.Random(1)
    games = [os_.play(game, rng) for _ in range(count)]
    rules = openspiel_rules(os_.PLAYERS, os_.TRICKS)
    lines = [os_.to_record(played, rules, i) for i, played in enumerate(games)]
    return lines, os_.checked_replay(game, [p.history for p in games])


if __name__ == "__main__":
    main()
