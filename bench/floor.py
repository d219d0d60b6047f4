"""Where the time of an Oh Hell ``audit -q`` goes, layer by layer, against orjson's parse.

Run from the repository root, in the project's virtualenv::

    python bench/floor.py                   # 300 records (about 3,900 hands) of the 20k archive
    python bench/floor.py --records 1000 --repeat 7
    python bench/floor.py --instructions --records 40   # counted, not timed (valgrind)

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

With ``--instructions`` each layer is counted instead of timed: the instructions a hand under
valgrind's callgrind (``apt install valgrind``), each layer run in a process of its own, which
reads and decodes the same ``--records`` (plus 20 to warm up) in every run and does the layer's
work on the first 20, then on all of them; the difference is the layer's. Counts do not move
with the machine's load, so a layer's share can be told apart from noise; they are not time
(orjson's and msgspec's C code does more of them a microsecond than Python does), so no rate is
worked out from them. A run of ``python bench/floor.py --instructions --records 40`` takes
about three minutes.

The last column is the ratio of orjson's time to decode plus each layer: the best rate (as a
fraction of orjson's) that a design could reach which decodes as today and does no more than
that layer. Its ``engine: whole hand`` row bounds what any reshaping of the driver, the claims
and the report can give while the engine and the decoder stay as they are.
"""

from __future__ import annotations

import argparse
import gc
import shutil
import sys
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for python bench/floor.py

import orjson

from bench.timing import instructions
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


def layers_of(lines: list[bytes], records: list[Any]) -> dict[str, Callable[[], object]]:
    """Each layer's work over ``lines`` (their ``records``, decoded), by name, in order."""
    return {
        "orjson": lambda: deque(map(orjson.loads, lines), 0),
        "decode": lambda: deque(map(decode, lines), 0),
        "engine: deal check": engine_hands(records, "deal"),
        "engine: deal and start": engine_hands(records, "start"),
        "engine: deal and bids": engine_hands(records, "bids"),
        "engine: whole hand": engine_hands(records, "whole"),
        "replay": lambda: deque((s for r in records for s in replay(r, REFEREE)), 0),
        "check -q": lambda: deque((check(r, audit=True, detail=False) for r in records), 0),
    }


_WARM = 20
"""Records every counted run does the layer's work on first (``--instructions``): the run that
does only these is subtracted from the run that does them and ``--records`` more, so that
start-up, imports and first calls cancel out."""


def counted(archive: Path, layer: str, records: int) -> int:
    """Instructions of a run (valgrind's callgrind) that reads and decodes ``_WARM + records``
    lines of ``archive`` and then does ``layer``'s work on the first ``_WARM + count`` of them
    (``--count``, here both 0 and ``records``): the same reading and decoding in both runs."""
    here = Path(__file__).resolve()
    runs = []
    for count in (0, records):
        argv = [sys.executable, str(here), "--archive", str(archive), "--records", str(records)]
        runs.append(instructions([*argv, "--layer", layer, "--count", str(count)], layer))
    return runs[1] - runs[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--archive", type=Path, default=ARCHIVE)
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions per hand under valgrind's callgrind instead of timing",
    )
    parser.add_argument("--layer", help=argparse.SUPPRESS)  # one counted run (--instructions)
    parser.add_argument("--count", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if not args.archive.exists():
        raise SystemExit(f"bench: {args.archive} is missing: python bench/throughput.py makes it")
    total = args.records + (_WARM if args.layer or args.instructions else 0)
    with args.archive.open("rb") as stream:
        lines = [line for _, line in zip(range(total), stream, strict=False)]
    records = [decode(line) for line in lines]
    if any(isinstance(record, list) or record.game != "oh_hell" for record in records):
        raise SystemExit("bench: the archive must hold Oh Hell records only, all well formed")
    if args.layer is not None:  # one run of one layer, for callgrind to count
        upto = _WARM + args.count
        layers_of(lines[:upto], records[:upto])[args.layer]()
        return
    if args.instructions:
        if shutil.which("valgrind") is None:
            raise SystemExit("bench: --instructions needs valgrind (Debian: apt install valgrind)")
        hands = sum(len(record.hands) for record in records[_WARM:])
        per_hand = {
            name: counted(args.archive, name, len(records) - _WARM) / hands
            for name in layers_of([], [])
        }
        heading = f"{len(records) - _WARM} records, {hands:,} hands; instructions (callgrind)"
        print(f"{args.archive.name}: {heading}\n")
        print("| layer | k instructions/hand |")  # counts, not time: no rate is worked out
        print("|---|---:|")
        for name, value in per_hand.items():
            print(f"| {name} | {value / 1000:.1f} |")
        return
    hands = sum(len(record.hands) for record in records)
    times = best(layers_of(lines, records), args.repeat)
    per_hand = {name: value * 1e6 / hands for name, value in times.items()}
    print(
        f"{args.archive.name}: {len(records)} records, {hands:,} hands; CPU µs per hand, "
        f"best of {args.repeat}\n"
    )
    base, decoded = per_hand["orjson"], per_hand["decode"]
    print("| layer | µs/hand | orjson ÷ (decode + layer) |")
    print("|---|---:|---:|")
    for name, value in per_hand.items():
        bound = "" if name in ("orjson", "decode") else f"{base / (decoded + value):.3f}"
        if name == "decode":
            bound = f"{base / decoded:.3f}"
        print(f"| {name} | {value:.1f} | {bound} |")


if __name__ == "__main__":
    main()
