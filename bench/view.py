"""What a page of a long record costs: ``tricklog view`` of a valid 3,000-hand Oh Hell game.

Run from the repository root, in the project's virtualenv::

    python bench/view.py                  # the record is generated once into bench/out/
    python bench/view.py --hands 1-100 --hands 2901-3000

The record (``bench/out/view-3000.json``, about 7.6 MB) is one game of 3,000 deals of 13 cards
to 4 players (``hand_sizes`` given as a list), seed 1: a marathon longer than a page lays out
(``replay.html.page.PAGE_HANDS``). For each ``--hands`` range, ``tricklog view RECORD --hand
RANGE -o PAGE`` runs under ``/usr/bin/time`` in a child process; then, once, ``view`` without
``--hand``, which refuses the record (exit 2) after reading it. Printed per run: wall and CPU
time (user + system), peak resident memory, exit code and the page's size.

Before pages were bounded (issue 19.7), ``view`` of this record took 28 s of CPU and 720 MB and
wrote a 109 MB page; ``--hand 1-100`` now takes 3 s of CPU and 89 MB and writes 5 MB.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.library import tricklog_argv

OUT = Path(__file__).resolve().parent / "out"
RECORD = OUT / "view-3000.json"
HANDS = 3000
TIME = "/usr/bin/time"


def record() -> Path:
    """The 3,000-hand game, generated on first use."""
    if not RECORD.exists():
        from replay.generators.oh_hell import generate  # noqa: PLC0415 - only when missing
        from tricklog import dumps  # noqa: PLC0415

        print(f"generating {RECORD.name} ...", file=sys.stderr, flush=True)
        OUT.mkdir(exist_ok=True)
        game = generate(random.Random(1), players=4, hand_sizes=(13,) * HANDS)
        RECORD.write_bytes(dumps(game))
    return RECORD


def run(hands: str | None) -> str:
    """One ``view``, measured: a line of the table."""
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "page.html"
        argv = [*tricklog_argv(), "view", str(record()), "-o", str(page)]
        if hands is not None:
            argv += ["--hand", hands]
        done = subprocess.run(
            [TIME, "-f", "%e %U %S %M", *argv], capture_output=True, text=True, check=False
        )
        wall, user, system, peak = done.stderr.strip().splitlines()[-1].split()
        size = f"{page.stat().st_size / 1e6:.1f} MB" if page.exists() else "none"
        cpu = float(user) + float(system)
        return (
            f"| {hands or '(none)'} | {float(wall):.1f} s | {cpu:.1f} s | {int(peak) / 1024:.0f} MB "
            f"| {done.returncode} | {size} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", action="append", help="a --hand range (repeatable)")
    options = parser.parse_args()
    print(f"{RECORD.name}: {record().stat().st_size / 1e6:.1f} MB, {HANDS:,} hands\n")
    print("| --hand | wall | CPU | peak RSS | exit | page |")
    print("|---|---|---|---|---|---|")
    for hands in options.hands or ["1-100"]:
        print(run(hands), flush=True)
    print(run(None))


if __name__ == "__main__":
    main()
