"""How much memory does each command take on a 1 GB archive? Peak RSS of every command that reads.

Run from the repository root, in the project's virtualenv::

    python bench/memory.py                  # the 1 GB archive (an hour or more of CPU on one core)
    python bench/memory.py --mb 100         # a quick look at 100 MB
    python bench/memory.py --only audit,dedupe

The archive is ``bench/scale.py``'s (JSON Lines of Oh Hell records, the base's records repeated
to the size, cached in ``bench/out/``). Each command line below runs once in its own process
under GNU time, which reports the largest resident set of the process (``%M``); the output goes
to a file in a temporary folder, removed after. The target (issue 19): every command at most
``TARGET_MB`` (100 MB) of peak RSS, printed MET or NOT MET for each line, as a Markdown table for
a closing note. A command that exits with a code other than 0 or 1 fails the run.

The archive is valid and within the record limits; the commands are the ones a user runs on an
archive: each reader (``validate``, ``audit``, with ``-j 2`` too), ``show``, ``summarize`` in
each form, ``filter``, ``dedupe``, ``rules infer``, ``view`` of the last record, and ``convert``
to every format it writes.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.library import tricklog_argv
from bench.scale import MB, TIME, archive

TARGET_MB = 100

COMMANDS: dict[str, list[str]] = {
    "validate": ["validate", "-q", "{in}"],
    "audit": ["audit", "-q", "-j", "1", "{in}"],
    "audit -j 2": ["audit", "-q", "-j", "2", "{in}"],
    "audit --format jsonl": ["audit", "--format", "jsonl", "-j", "1", "{in}"],
    "show": ["show", "{in}"],
    "show -r": ["show", "{in}", "-r", "{last}"],
    "summarize": ["summarize", "{in}", "--by", "player"],
    "summarize --format csv": ["summarize", "{in}", "--format", "csv", "-o", "{out}.csv"],
    "summarize --format parquet": ["summarize", "{in}", "--format", "parquet", "-o", "{out}.pq"],
    "filter": ["filter", "{in}", "--player", "Anna", "-o", "{out}.jsonl"],
    "filter --valid": ["filter", "{in}", "--valid", "--count"],
    "dedupe": ["dedupe", "{in}", "-o", "{out}.jsonl"],
    "rules infer": ["rules", "infer", "{in}"],
    "view": ["view", "{in}", "-r", "{last}", "-o", "{out}.html"],
    "convert jsonl": ["convert", "{in}", "-o", "{out}.jsonl", "--form", "canonical"],
    "convert tln": ["convert", "{in}", "-o", "{out}.tln"],
    "convert openspiel": ["convert", "{in}", "-o", "{out}.openspiel", "--allow-loss"],
    "convert csv": ["convert", "{in}", "-o", "{out}.csv", "--allow-loss"],
    "convert csv actions": [
        "convert",
        "{in}",
        "-o",
        "{out}.csv",
        "--form",
        "actions",
        "--allow-loss",
    ],
    "convert parquet": ["convert", "{in}", "-o", "{out}.parquet", "--allow-loss"],
}
"""The command lines: ``{in}`` is the archive, ``{out}`` a file in a temporary folder, ``{last}``
the number of the archive's last record."""


def measure(
    name: str, command: list[str], path: Path, last: int, folder: Path
) -> dict[str, object]:
    args = [
        a.replace("{in}", str(path))
        .replace("{out}", str(folder / "out"))
        .replace("{last}", str(last))
        for a in command
    ]
    argv = [*tricklog_argv(), *args]
    with tempfile.NamedTemporaryFile("r", suffix=".time") as measured:
        start = time.perf_counter()
        done = subprocess.run(
            [TIME, "-f", "%U %S %M", "-o", measured.name, *argv],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            check=False,
        )
        wall = time.perf_counter() - start
        user, system, rss_kib = measured.read().split()[-3:]
    for written in folder.iterdir():
        written.unlink()
    if done.returncode not in (0, 1):
        error = done.stderr.decode(errors="replace").strip()[-1000:]
        raise SystemExit(
            f"bench: tricklog {' '.join(args)} exited with {done.returncode}:\n{error}"
        )
    return {
        "command": name,
        "rss_mb": int(rss_kib) * 1024 / MB,
        "cpu": float(user) + float(system),
        "wall": wall,
        "code": done.returncode,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mb", type=int, default=1000, help="archive size in MB (1000)")
    parser.add_argument("--only", default="", help="comma-separated command names (all)")
    args = parser.parse_args()
    only = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = [name for name in only if name not in COMMANDS]
    if unknown:
        parser.error(f"unknown commands: {', '.join(unknown)}; known: {', '.join(COMMANDS)}")
    path = archive(f"{args.mb}mb", size=args.mb * MB)
    with path.open("rb") as f:
        last = sum(1 for _ in f)
    size = path.stat().st_size
    print(f"archive: {path.name}, {size / MB:,.0f} MB, {last:,} records", flush=True)
    print(f"\n| command | peak RSS (MB) | CPU (s) | wall (s) | exit | ≤ {TARGET_MB} MB |")
    print("|---|---:|---:|---:|---:|---|")
    failed = 0
    with tempfile.TemporaryDirectory(prefix="tricklog-memory-") as folder:
        for name, command in COMMANDS.items():
            if only and name not in only:
                continue
            row = measure(name, command, path, last, Path(folder))
            met = float(str(row["rss_mb"])) <= TARGET_MB
            failed += not met
            print(
                f"| `{name}` | {row['rss_mb']:.1f} | {row['cpu']:.1f} | {row['wall']:.1f} | "
                f"{row['code']} | {'MET' if met else 'NOT MET'} |",
                flush=True,
            )
    print(
        f"\n{os.path.basename(sys.argv[0])}: {'every command MET' if not failed else f'{failed} NOT MET'}"
    )
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
