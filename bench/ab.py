"""Is a change faster or slower? The audit of the same records by two checkouts, in CPU time.

    git worktree add /tmp/before REV
    python bench/ab.py /tmp/before . ARCHIVE.jsonl [--records 500] [--rounds 5]

Each round runs each checkout once, alternately, in a fresh process that imports that checkout
first on ``sys.path``: it checks the first ``--records`` lines of the archive
(``replay.check.check_bytes(line, detail=False)``, what ``tricklog audit -q`` does), best of
three passes after a warm-up. The least per-record time over the rounds is reported for each, with
every round's figure: a shared machine's slow spells fall on both, and the least is the figure
least disturbed by them.

    python bench/ab.py /tmp/before . ARCHIVE.jsonl --instructions [--records 100]

counts instructions instead (valgrind's callgrind; Debian's ``valgrind`` package): each checkout
checks 20 records, then ``--records`` more, under callgrind, and once more without those (after
a run outside it that byte-compiles what the check imports); the difference divided by
``--records`` is its instructions per record. The count does not move with the machine's load,
so a change of 1% shows; it is not time (a cache miss counts as one instruction), so a change
worth having shows in CPU time too.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for python bench/ab.py

from bench.timing import instructions

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


_COUNTED_RUN = r"""
import sys
sys.path.insert(0, sys.argv[1])
from replay.check import check_bytes
lines = open(sys.argv[2], "rb").read().splitlines()
for line in lines[: 20 + int(sys.argv[3])]:
    check_bytes(line, detail=False)
"""


def per_record(checkout: Path, archive: Path, records: int) -> float:
    """Instructions per record of ``checkout``'s audit of ``archive``, under callgrind: the
    run of 20 + ``records`` records less the run of 20 (start-up, imports and warm-up)."""
    script = [sys.executable, "-c", _COUNTED_RUN, str(checkout), str(archive)]
    counts = [
        instructions([*script, str(count)], str(checkout), checkout) for count in (0, records)
    ]
    return (counts[1] - counts[0]) / records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path, help="one checkout (a git worktree)")
    parser.add_argument("after", type=Path, help="the other checkout")
    parser.add_argument("archive", type=Path, help="a JSON Lines archive of records")
    parser.add_argument("--records", type=int, default=500, help="lines checked (default 500)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions (valgrind) instead"
    )
    args = parser.parse_args()
    checkouts = [args.before.resolve(), args.after.resolve()]
    if args.instructions:
        if shutil.which("valgrind") is None:
            sys.exit("--instructions needs valgrind (Debian: apt install valgrind)")
        counted = [per_record(c, args.archive.resolve(), args.records) for c in checkouts]
        for checkout, count in zip(checkouts, counted, strict=True):
            print(f"{checkout}: {count / 1e6:.3f} M instructions/record")
        print(f"after/before: {counted[1] / counted[0]:.3f}")
        return
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
