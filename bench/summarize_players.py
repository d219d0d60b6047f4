"""How much memory does ``tricklog summarize`` hold per distinct player? (target: under 500
bytes, measured at 100,000 players; issue 19).

Run from the repository root, in the project's virtualenv::

    python bench/summarize_players.py                    # 100,000 players (about 2 minutes)
    python bench/summarize_players.py --players 20000    # quicker, for a look
    python bench/summarize_players.py --format parquet   # one output only

Two archives of the same records (distinct one-hand Oh Hell games of four seats, generated once
into ``bench/out/``, each tiled ``--players / 4 / GAMES`` times): in one every seat of every
record has a name of its own, ``--players`` distinct players in all; in the other the names
come from a pool of ``4 * tiles``, so every record is still distinct (the same duplicates
tallies, the same replay work) but the groups are few. The peak RSS of ``tricklog summarize``
over each (``ru_maxrss`` of a wrapper's only child), in every output format, less the baseline
archive's, divided by the difference in players, is the memory per distinct player: the
group's counters, its name, its place in the table of groups, the order of the groups and the
look-alike check of the names, whatever the output holds while it writes.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # for python bench/...

from bench.library import tricklog_argv

OUT = Path(__file__).resolve().parent / "out"
GAMES = 2_500
"""Distinct games generated; an archive tiles them."""
SEATS = 4
TARGET = 500
"""Bytes per distinct player."""
FORMATS = (("text", []), ("json", []), ("csv", []), ("parquet", []), ("json --sort", ["--sort"]))
_MEASURE = """
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(done.returncode, usage.ru_maxrss)
sys.stderr.write(done.stderr.decode(errors="replace")[-2000:])
"""


def games() -> list[dict[str, object]]:
    """``GAMES`` distinct one-hand games, generated once."""
    path = OUT / f"oh_hell-1hand-{GAMES}-seed1.jsonl"
    if not path.exists():
        OUT.mkdir(exist_ok=True)
        argv = [*tricklog_argv(), "generate", "oh_hell", "-n", str(GAMES), "--hands", "1"]
        subprocess.run([*argv, "--seed", "1", "-o", str(path)], check=True)
    return [json.loads(line) for line in path.read_bytes().splitlines()]


def archive(path: Path, records: list[dict[str, object]], tiles: int, distinct: bool) -> None:
    """The records tiled ``tiles`` times, every name distinct or drawn from a small pool."""
    with path.open("w", encoding="utf-8") as out:
        for tile in range(tiles):
            for index, record in enumerate(records):
                number = tile * len(records) + index
                names = [
                    f"p{number * SEATS + seat:07d}" if distinct else f"t{tile}s{seat}"
                    for seat in range(SEATS)
                ]
                players = [{"seat": seat, "name": name} for seat, name in enumerate(names)]
                out.write(json.dumps({**record, "id": f"r{number}", "players": players}) + "\n")


def peak(argv: list[str]) -> int:
    """Peak RSS in bytes of one run of ``argv``, which must exit 0."""
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, *argv], capture_output=True, check=True, text=True
    )
    code, rss = done.stdout.split()
    if int(code) != 0:
        raise SystemExit(f"bench: {' '.join(argv)} exited with {code}:\n{done.stderr}")
    return int(rss) * 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument(
        "--format",
        action="append",
        choices=[label for label, _ in FORMATS],
        help="measure only this output (again for more); default: every one",
    )
    parser.add_argument("--json", type=Path, help="also write the figures here")
    options = parser.parse_args()
    tiles = max(1, options.players // SEATS // GAMES)
    records = games()
    players = tiles * len(records) * SEATS
    result: dict[str, object] = {"players": players, "records": tiles * len(records)}
    with tempfile.TemporaryDirectory() as folder:
        many, few = Path(folder) / "distinct.jsonl", Path(folder) / "pool.jsonl"
        archive(many, records, tiles, distinct=True)
        archive(few, records, tiles, distinct=False)
        print(f"{tiles * len(records):,} records; {players:,} players against {SEATS * tiles}")
        print("\n| format | peak RSS, players | peak RSS, pool | bytes per player | target |")
        print("|---|---|---|---|---|")
        for label, extra in FORMATS:
            if options.format and label not in options.format:
                continue
            form = label.split()[0]
            target = ["-o", str(Path(folder) / f"out.{form}")] if form == "parquet" else []
            sort = ["--sort", "oh_hell_points"] if extra else []
            argv = [*tricklog_argv(), "summarize", "-f", form, *target, *sort]
            if not target:
                argv += ["-o", "/dev/null"]
            big, small = peak([*argv, str(many)]), peak([*argv, str(few)])
            per = (big - small) / (players - SEATS * tiles)
            verdict = "MET" if per < TARGET else "NOT MET"
            sizes = f"{big / 2**20:.0f} MB | {small / 2**20:.0f} MB"
            print(f"| {label} | {sizes} | {per:.0f} | {verdict} |")
            result[label] = {"peak": big, "baseline": small, "per_player": per}
    if options.json:
        options.json.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
