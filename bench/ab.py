"""Is a change faster or slower? The audit of the same records by two checkouts, in CPU time.

    git worktree add /tmp/before REV
    python bench/ab.py /tmp/before . ARCHIVE.jsonl [--records 500] [--rounds 5]

Each round runs each checkout once, alternately, in a fresh process that imports that checkout
first on ``sys.path``: it checks the first ``--records`` lines of the archive
(``replay.check.check_bytes(line, detail=False)``, what ``tricklog audit -q`` does), best of
three passes after a warm-up. The least per-record time over the rounds is reported for each, with
every round's figure: a shared machine's slow spells fall on both, and the least is the figure
least disturbed by them.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

_ONE_RUN = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
from replay.check import check_bytes
lines = open(sys.argv[2], "rb").read().splitlines()[: int(sys.argv[3])]
for line in lines[:50]:
    check_bytes(line, detail=False)
best = float("inf")
for _ in range(3):
    start = time.process_time()
    for line in lines:
        check_bytes(line, detail=False)
    best = min(best, time.process_time() - start)
print(best / len(lines) * 1e6)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path, help="one checkout (a git worktree)")
    parser.add_argument("after", type=Path, help="the other checkout")
    parser.add_argument("archive", type=Path, help="a JSON Lines archive of records")
    parser.add_argument("--records", type=int, default=500, help="lines checked (default 500)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    args = parser.parse_args()
    checkouts = [args.before.resolve(), args.after.resolve()]
    found: dict[Path, list[float]] = {checkout: [] for checkout in checkouts}
    for _ in range(args.rounds):
        for checkout in checkouts:
            run = subprocess.run(
                [
                    sys.executable,
                    "-c",
                    _ONE_RUN,
                    str(checkout),
                    str(args.archive.resolve()),
                    str(args.records),
                ],
                capture_output=True,
                text=True,
                cwd=checkout,
                check=False,
            )
            if run.returncode:
                sys.exit(f"{checkout}: {run.stderr.strip().splitlines()[-1]}")
            found[checkout].append(float(run.stdout))
    for checkout, samples in found.items():
        rounds = ", ".join(f"{s:.1f}" for s in samples)
        print(f"{checkout}: least {min(samples):.1f} µs/record (rounds: {rounds})")


if __name__ == "__main__":
    main()
