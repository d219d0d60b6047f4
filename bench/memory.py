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
archive: each reader (``validate``, ``audit``, with ``-j 2``, as JSON Lines and ``--html``),
``show``, ``summarize`` in each form, ``filter``, ``dedupe`` (of this archive, and of as many
bytes of distinct one-hand records: it remembers each distinct record), ``rules infer``,
``view`` of the last record, and ``convert`` to every format it writes. (``summarize`` grows
with the distinct players instead: ``bench/summarize_players.py``.)
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.library import tricklog_argv
from bench.scale import MB, OUT, TIME, archive

TARGET_MB = 100

COMMANDS: dict[str, list[str]] = {
    "validate": ["validate", "-q", "{in}"],
    "audit": ["audit", "-q", "-j", "1", "{in}"],
    "audit -j 2": ["audit", "-q", "-j", "2", "{in}"],
    "audit --format jsonl": ["audit", "--format", "jsonl", "-j", "1", "{in}"],
    "audit --format json": ["audit", "--format", "json", "-j", "1", "{in}"],
    "show": ["show", "{in}"],
    "show -r": ["show", "{in}", "-r", "{last}"],
    "summarize": ["summarize", "{in}", "--by", "player"],
    "summarize --format csv": ["summarize", "{in}", "--format", "csv", "-o", "{out}.csv"],
    "summarize --format parquet": ["summarize", "{in}", "--format", "parquet", "-o", "{out}.pq"],
    "filter": ["filter", "{in}", "--player", "Anna", "-o", "{out}.jsonl"],
    "filter --valid": ["filter", "{in}", "--valid", "--count"],
    "dedupe": ["dedupe", "{in}", "-o", "{out}.jsonl"],
    "dedupe (distinct)": ["dedupe", "{distinct}", "-o", "{out}.jsonl"],
    "rules infer": ["rules", "infer", "{in}"],
    "view": ["view", "{in}", "-r", "{last}", "-o", "{out}.html"],
    "audit --html": ["audit", "-q", "-j", "1", "{in}", "--html", "{out}-report"],
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
    "convert parquet actions": [
        "convert",
        "{in}",
        "-o",
        "{out}.parquet",
        "--form",
        "actions",
        "--allow-loss",
    ],
}
"""The command lines: ``{in}`` is the archive, ``{out}`` a file in a temporary folder, ``{last}``
the number of the archive's last record, ``{distinct}`` an archive of as many bytes of distinct
one-hand records (``distinct_archive``), for what remembers every record."""


def distinct_archive(size: int) -> Path:
    """One-hand Oh Hell records, about 1.4 KB each, every one a game of its own: the 2,000 records
    of ``tricklog generate oh_hell --hands 1 --seed 3``, repeated to ``size`` bytes with the first
    player's name numbered in each copy (``Anna 1``, ``Anna 2``, ...), cached in bench/out/. The
    archive ``archive`` builds repeats 500 records, so ``dedupe`` would remember only 500."""
    path = OUT / f"distinct-{size // MB}mb.jsonl"
    if path.exists():
        return path
    base = OUT / "distinct-base.jsonl"
    if not base.exists():
        argv = [*tricklog_argv(), "generate", "oh_hell", "-n", "2000", "--hands", "1"]
        subprocess.run([*argv, "--seed", "3", "-o", str(base)], check=True)
    lines = [line for line in base.read_bytes().splitlines() if line.strip()]
    print(f"building {path.name} ...", file=sys.stderr, flush=True)
    temporary = path.with_suffix(".tmp")
    written = count = 0
    with temporary.open("wb") as out:
        while written < size:
            line = lines[count % len(lines)]
            line = line.replace(b'"name":"Anna"', b'"name":"Anna %d"' % count, 1) + b"\n"
            out.write(line)
            written += len(line)
            count += 1
    temporary.rename(path)
    return path


def measure(
    name: str, command: list[str], path: Path, last: int, folder: Path
) -> dict[str, object]:
    if "{distinct}" in command:
        distinct = distinct_archive(path.stat().st_size)
        command = [str(distinct) if a == "{distinct}" else a for a in command]
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
        if written.is_dir():
            shutil.rmtree(written)  # audit --html's report folder
        else:
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
