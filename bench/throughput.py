"""Throughput of validate and audit against the bare JSON parse, on one core.

    python bench/throughput.py                    # 4-player Oh Hell, 200 complete games
    python bench/throughput.py --game pinochle --records 2000

Generates an archive with ``tricklog generate`` into a temporary folder, then times, in the
same run and over the same bytes: orjson.loads per line (the floor), the pydantic model parse,
``validate`` and ``audit`` as the library runs them (``replay.check.check_entry``), each the best
of ``--repeat`` passes. Prints hands per second and microseconds per hand.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import orjson

from records.io import Entry, dumps, iter_entries, parse
from replay.check import check_entry
from replay.registry import GAMES


def best_of(repeat: int, work: Callable[[], None]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="oh_hell", choices=sorted(GAMES))
    parser.add_argument("--records", type=int, default=200)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    options = {} if args.players is None else {"players": args.players}
    if args.game == "oh_hell" and args.players is None:
        options["players"] = 4
    with tempfile.TemporaryDirectory() as folder:
        archive = Path(folder) / "archive.jsonl"
        with archive.open("wb") as stream:
            for index in range(args.records):
                rng = random.Random(f"bench:{index}")
                record = GAMES[args.game].generate(rng, game_id=f"b{index}", **options)
                stream.write(dumps(record) + b"\n")
        entries = [e for e in iter_entries([str(archive)]) if isinstance(e, Entry)]
        size = archive.stat().st_size
    hands = sum(len(orjson.loads(e.data)["hands"]) for e in entries)
    assert all(check_entry(e, audit=True).valid for e in entries), "generated games must be valid"

    def each(work: Callable[[Entry], object]) -> Callable[[], None]:
        def run() -> None:
            for entry in entries:  # results are dropped, as in a streamed run
                work(entry)

        return run

    rows = [
        ("orjson.loads", each(lambda e: orjson.loads(e.data))),
        ("pydantic parse", each(lambda e: parse(e.data))),
        ("validate", each(check_entry)),
        ("audit", each(lambda e: check_entry(e, audit=True))),
    ]
    print(
        f"{args.game}: {len(entries)} records, {hands} hands, {size / hands / 1024:.2f} KiB per "
        f"hand ({size / 1e6:.1f} MB), best of {args.repeat}"
    )
    floor = None
    for name, work in rows:
        seconds = best_of(args.repeat, work)
        rate = hands / seconds
        floor = floor or rate
        print(
            f"  {name:<15} {rate:>10,.0f} hands/s  {1e6 / rate:>8.1f} us/hand  "
            f"{rate / floor:>6.2f} x orjson"
        )


if __name__ == "__main__":
    main()
