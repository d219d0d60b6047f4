"""Where the time of an Oh Hell ``audit -q`` goes, layer by layer, against orjson's parse.

Run from the repository root, in the project's virtualenv::

    python bench/floor.py                   # 300 records (about 3,900 hands) of the 20k archive
    python bench/floor.py --records 1000 --repeat 7

Each layer adds to the one before, on the same records of ``bench/out/oh_hell-4p-20k-seed1.jsonl``
(made by ``python bench/throughput.py``), CPU time per hand, the best of ``--repeat`` rounds,
each pass with the cycle collector off (as ``check`` runs a record):

* ``orjson``: ``orjson.loads`` of each line, the baseline of issue 20's target (1/3 of its rate);
* ``decode``: ``records.decode.decode``, the structs and the duplicate-key check;
* ``engine: deal check``: for each hand, the engine's check of the deal (``deal_faults``),
  called directly;
* ``engine: deal and start``: the same, then the hand's start (``start``: the play's state,
  its hands as bit sets);
* ``engine: deal and bids``: the same, then every action before the first card;
* ``engine: whole hand``: the same, then the play (``play_run``) and the settlement: all the
  rules' own work, nothing else;
* ``replay``: the driver's walk (``replay.driver.replay``, every step consumed): the hand's
  order, the claims beside their recomputation, the running totals;
* ``check -q``: ``replay.check.check(detail=False)``, the claims compared and the report made,
  what ``tricklog audit -q`` does to a decoded record.

The last column is the ratio of orjson's time to decode plus each layer: the best rate (as a
fraction of orjson's) that a design could reach which decodes as today and does no more than
that layer. Its ``engine: whole hand`` row bounds what any reshaping of the driver, the claims
and the report can give while the engine and the decoder stay as they are.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for python bench/floor.py

import orjson

from records.decode import decode
from replay.check import check
from replay.driver import replay
from replay.engines import oh_hell
from replay.referees.oh_hell import REFEREE

ARCHIVE = Path(__file__).resolve().parent / "out" / "oh_hell-4p-20k-seed1.jsonl"


def engine_hands(records: list[Any], stage: str) -> Callable[[], None]:
    """Every hand through the engine alone, as far as ``stage``: the deal's check (``deal``),
    then the hand's start (``start``), then every action before the first card (``bids``), or
    all of them and the settlement (``whole``)."""
    kinds = oh_hell.ENGINE.kinds
    started, whole = stage != "deal", stage == "whole"
    acting = stage in ("bids", "whole")

    def work() -> None:
        for record in records:
            table = oh_hell.table(REFEREE.rules(record))
            for hand in record.hands:
                number, dealer, deal = hand.number, hand.dealer, hand.deal
                if oh_hell.deal_faults(table, number, dealer, deal):
                    raise SystemExit(f"bench: {record.id} hand {number}: a deal at fault")
                if not started:
                    continue
                state = oh_hell.start(table, number, dealer, deal)
                actions, position = hand.actions, 0
                while acting and position < len(actions):
                    action = actions[position]
                    if action.type == "play" and not whole:
                        break
                    kind = kinds[action.type]
                    if kind.run is not None:
                        position, violation = kind.run(state, actions, position)
                    else:
                        violation = kind.step(state, action)
                        position += 1
                    if violation is not None:
                        raise SystemExit(f"bench: {record.id} hand {number}: {violation}")
                if whole:
                    oh_hell.settle(state)

    return work


def best(works: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """The least CPU time of ``repeat`` passes of each work, in rounds (each work once a round,
    so that a busy spell of a shared machine falls on all alike), each pass with the cycle
    collector off, as ``replay.check.check`` runs a record (so that no layer pays for
    collections another does not)."""
    times: dict[str, list[float]] = {name: [] for name in works}
    for _ in range(repeat):
        for name, work in works.items():
            gc.collect()
            gc.disable()
            try:
                start = time.process_time()
                work()
                times[name].append(time.process_time() - start)
            finally:
                gc.enable()
    return {name: min(each) for name, each in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--archive", type=Path, default=ARCHIVE)
    args = parser.parse_args()
    if not args.archive.exists():
        raise SystemExit(f"bench: {args.archive} is missing: python bench/throughput.py makes it")
    with args.archive.open("rb") as stream:
        lines = [line for _, line in zip(range(args.records), stream, strict=False)]
    records = [decode(line) for line in lines]
    if any(isinstance(record, list) or record.game != "oh_hell" for record in records):
        raise SystemExit("bench: the archive must hold Oh Hell records only, all well formed")
    hands = sum(len(record.hands) for record in records)
    layers: dict[str, Callable[[], object]] = {
        "orjson": lambda: deque(map(orjson.loads, lines), 0),
        "decode": lambda: deque(map(decode, lines), 0),
        "engine: deal check": engine_hands(records, "deal"),
        "engine: deal and start": engine_hands(records, "start"),
        "engine: deal and bids": engine_hands(records, "bids"),
        "engine: whole hand": engine_hands(records, "whole"),
        "replay": lambda: deque((s for r in records for s in replay(r, REFEREE)), 0),
        "check -q": lambda: deque((check(r, audit=True, detail=False) for r in records), 0),
    }
    per_hand = {name: value * 1e6 / hands for name, value in best(layers, args.repeat).items()}
    base, decoded = per_hand["orjson"], per_hand["decode"]
    print(
        f"{args.archive.name}: {len(records)} records, {hands:,} hands; CPU µs per hand, "
        f"best of {args.repeat}\n"
    )
    print("| layer | µs/hand | orjson ÷ (decode + layer) |")
    print("|---|---:|---:|")
    for name, value in per_hand.items():
        bound = "" if name in ("orjson", "decode") else f"{base / (decoded + value):.3f}"
        if name == "decode":
            bound = f"{base / decoded:.3f}"
        print(f"| {name} | {value:.1f} | {bound} |")


if __name__ == "__main__":
    main()
