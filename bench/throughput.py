"""Does tricklog meet its speed targets? CPU time of audit against a bare JSON parse, in one run.

Run from the repository root, in the project's virtualenv::

    python bench/throughput.py                      # quick: ~20k Oh Hell hands, a few minutes
    python bench/throughput.py --full --json bench/out/full.json    # ~100k hands, the target's size
    python bench/throughput.py --games oh_hell --repeat 3 --no-openspiel

Archives are made by ``tricklog generate`` into ``bench/out/`` (git-ignored) and reused: 4-player
Oh Hell of about 20,000 hands (``--full``: 100,000; a record is a 13-deal game), and an archive
of about the same byte size of every other registered game. Delete them after a format change.

Every figure is CPU time (``time.process_time()`` in-process; ``getrusage(RUSAGE_CHILDREN)``
user+sys for subprocesses), repeated ``--repeat`` times (default 5) in rounds, and reported as the
median with its spread (min-max). Ratios are of medians, against a baseline timed in the same run.

In-process, the works are interleaved (``bench.timing.cpu_interleaved``): every archive is cut
into the same number of steps (about 256 Oh Hell hands each, as many bytes of the others), and
every work of every game does its step in turn before the next step begins. A shared machine's
speed changes from second to second, and not alike for C code (orjson) and Python: timed one
whole pass after another, the same ratio moved by a fifth from round to round and a cost per KiB
between games as much, so that a target was MET or NOT MET by the minute. Interleaved, every
ratio is of the same moments. ``--chunks 1`` times whole passes, one work after another, as
earlier releases of this benchmark did.

Throughput table, per game (per hand: a hand is one element of a record's ``hands``):

* ``orjson µs/hand``: ``orjson.loads`` of each line, the floor and the baseline;
* ``pydantic parse``: the pydantic model of each line (``records.io.parse``), no replay;
* ``msgspec decode``: the msgspec structs of ``records.structs``, once that module exists;
* ``validate`` / ``audit -q``: the library's check of each line (``bench/library.py:
  check_line``), results dropped as a streamed run drops them; ``audit -q`` is the audit as
  ``tricklog audit -q`` (and any run that prints only verdicts and a summary) makes it: every
  claim compared, but a claim that agrees is not listed seat by seat (``detail=False``), so the
  verdict and every problem are those of the full report;
* ``audit, detail``: the audit with every claim check listed (``detail=True``: what
  ``--format json`` and the HTML report print), shown beside it, not the target's measure;
* ``audit/orjson rate``: orjson's time ÷ ``audit -q``'s time, i.e. the audit's rate as a
  fraction of orjson's (target for Oh Hell: at least 1/3);
* ``audit µs/KiB`` (of ``audit -q``) and ``µs/KiB ÷ Oh Hell`` (target for every other game:
  at most 2x);
* ``whole-process ratio``: the same rate ratio for whole processes, ``tricklog audit -q ARCHIVE``
  against a Python process that only runs ``orjson.loads`` over the file's lines (target for Oh
  Hell: at least 1/3). Both include interpreter start-up; CPU of a process counts every core.

Start-up table: CPU and wall seconds of ``tricklog --help`` and of a one-record audit (after one
untimed run of each, which byte-compiles); the target, under 0.3 s, is judged on CPU.

OpenSpiel table (if ``pyspiel`` imports): OpenSpiel's checked replay of 4-player, 12-trick
``oh_hell`` hands beside tricklog's audit of the same hands as records; see
``bench/vs_openspiel.py``. The ratio is tricklog's rate ÷ OpenSpiel's, for ``audit -q`` (the
target's measure, at least 1) and for the audit with every claim check listed.

The tables are Markdown, for a closing note; ``--json FILE`` keeps every sample. Every target is
printed with MET or NOT MET. ``--no-process`` skips everything that times a subprocess.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import platform
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.append(str(Path(__file__).resolve().parent.parent))  # for python bench/throughput.py

import orjson

from bench import archives, library, report, vs_openspiel
from bench.timing import CHUNK_HANDS, Part, Stats, children_cpu, cpu_interleaved, process_rounds

ROOT = Path(__file__).resolve().parent.parent
GAMES = library.GAME_IDS
HANDS = {"quick": 20_000, "full": 100_000}
OPENSPIEL_HANDS = {"quick": 2_000, "full": 10_000}
ONE_RECORD = "fixtures/oh_hell/valid/slam-small-nil-5-3p.json"
ORJSON_LOOP = "import orjson, sys\nfor line in open(sys.argv[1], 'rb'):\n    orjson.loads(line)"


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def each(function: Callable[[bytes], object], lines: list[bytes], bounds: list[int]) -> Part:
    """``function`` over the lines of steps ``[start, stop)`` (``bounds[k]``: the first line of
    step k), each result dropped at once, as a streamed run drops it."""

    def work(start: int, stop: int) -> None:
        for line in lines[bounds[start] : bounds[stop]]:
            function(line)

    return work


def steps_of(archive: archives.Archive, chunks: int | None) -> int:
    """The steps every archive is cut into: ``chunks`` as given (1: each work over the whole
    archive, one after the other), else about ``CHUNK_HANDS`` of ``archive``'s hands a step (the
    first archive's, Oh Hell's by default; the others are of about its size in bytes)."""
    if chunks is not None:
        return chunks
    return max(1, round(archive.hands / CHUNK_HANDS))


def bounds_of(records: int, steps: int) -> list[int]:
    """The first record of each of ``steps`` equal steps, and the end."""
    return [round(k * records / steps) for k in range(steps + 1)]


def verify(archive: archives.Archive) -> None:
    """Audit every line once, untimed (and warm): a benchmark of broken records means nothing."""
    bad = unknown = 0
    first: str | None = None
    for number, line in enumerate(archive.lines, start=1):
        found = library.problems_of(library.check_line(line, True))
        if found is None:
            unknown += 1
        elif found:
            bad += 1
            first = first or f"line {number}: {found[0]}"
    if unknown:
        log(f"  warning: cannot tell whether {unknown} reports are valid (unknown report shape)")
    if bad:
        raise SystemExit(
            f"bench: {bad} of {len(archive.lines)} records of {archive.path} do not audit clean "
            f"({first}); after a format change delete the archive to generate it again"
        )


def pieces(archive: archives.Archive, steps: int) -> tuple[dict[str, Part], dict[str, str]]:
    """The in-process works over the archive's lines cut into ``steps``, and the pieces skipped
    with the reason."""
    lines = archive.lines
    bounds = bounds_of(len(lines), steps)
    works = {"orjson": each(orjson.loads, lines, bounds)}
    skipped: dict[str, str] = {}
    for name, found in (("pydantic", library.PYDANTIC_PARSE), ("msgspec", library.MSGSPEC_DECODE)):
        if found is None:
            skipped[name] = "not found"
            continue
        try:
            for line in lines:
                found[1](line)
        except Exception as exc:  # a module under construction may not decode our records yet
            skipped[name] = f"{found[0]} fails: {exc.__class__.__name__}: {exc}"[:200]
            continue
        works[name] = each(found[1], lines, bounds)
    check = library.check_line
    works["validate"] = each(functools.partial(check, audit=False), lines, bounds)
    works["audit"] = each(functools.partial(check, audit=True, detail=False), lines, bounds)
    works["audit_detail"] = each(functools.partial(check, audit=True), lines, bounds)
    return works, skipped


def measure_games(
    loaded: list[archives.Archive], repeat: int, process: bool, chunks: int | None = None
) -> list[report.GameResult]:
    """Every game's in-process works, interleaved: each archive is cut into the same number of
    steps, and every work of every game does its step in turn before the next step, so that
    the ratios within a game and between games (cost per KiB) are of the same moments."""
    steps = steps_of(loaded[0], chunks)
    works: dict[tuple[str, str], Part] = {}
    skips: dict[str, dict[str, str]] = {}
    for archive in loaded:
        log(
            f"{archive.game}: {archive.path.name}, {len(archive.lines):,} records, "
            f"{archive.hands:,} hands, {archive.kib / 1024:.1f} MiB; checking every record ..."
        )
        verify(archive)
        found, skips[archive.game] = pieces(archive, steps)
        works |= {(archive.game, name): work for name, work in found.items()}
    log(f"in-process: {len(works)} works x {repeat}, interleaved in {steps} steps ...")
    timed = cpu_interleaved(works, steps, 1, repeat)
    results = []
    for archive in loaded:
        mine = {name: stats for (game, name), stats in timed.items() if game == archive.game}
        result = report.GameResult(archive, mine, skips[archive.game])
        if process:
            log(f"{archive.game}: whole processes: orjson loop, tricklog audit -q x {repeat} ...")
            path = str(archive.path)
            commands = {
                "orjson": [sys.executable, "-c", ORJSON_LOOP, path],
                # one core's work, as the target counts it: -j 1 (the default may start workers
                # for a large archive, adding their own start-up to the CPU time)
                "audit": [*library.tricklog_argv(), "audit", "-q", "-j", "1", path],
            }
            stats = process_rounds(commands, repeat)
            result.process = {name: cpu for name, (cpu, _) in stats.items()}
        results.append(result)
    return results


def measure_startup(repeat: int) -> dict[str, tuple[Stats, Stats]]:
    log(f"start-up x {repeat} ...")
    # A user's tricklog runs from bytecode (written by pip, or at the first run); where
    # PYTHONDONTWRITEBYTECODE is set (as on some CI machines) every run would compile the
    # project's sources again, about 0.1 s that no user pays: write the bytecode once.
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", "records", "replay", "tricklog"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    argv = library.tricklog_argv()
    commands = {
        "tricklog --help": [*argv, "--help"],
        f"tricklog audit {ONE_RECORD}": [*argv, "audit", ONE_RECORD],
    }
    return process_rounds(commands, repeat, cwd=ROOT, warm_up=True)


def _git(*args: str) -> str:
    try:
        return subprocess.run(
            ["git", *args], cwd=library.LIBRARY_ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def meta(args: argparse.Namespace) -> dict[str, Any]:
    commit = "not a git checkout"
    if _git("rev-parse", "--show-toplevel") == str(library.LIBRARY_ROOT):
        dirty = _git("status", "--porcelain", "--", "records", "replay", "tricklog")
        commit = _git("rev-parse", "--short", "HEAD") + (" + uncommitted changes" if dirty else "")
    return {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "library": str(library.LIBRARY_ROOT),
        "commit": commit,
        "python": platform.python_version(),
        "machine": platform.platform(),
        "check": library.CHECK_API,
        "build": library.BUILD,
        "pydantic_parse": library.PYDANTIC_PARSE and library.PYDANTIC_PARSE[0],
        "msgspec_decode": library.MSGSPEC_DECODE and library.MSGSPEC_DECODE[0],
        "tricklog": " ".join(library.tricklog_argv()),
        "repeat": args.repeat,
        "mode": "full" if args.full else "quick",
    }


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0] if __doc__ else None,
        epilog="See the module docstring (bench/throughput.py) for what each number means.",
    )
    parser.add_argument(
        "--games", "--game", default=",".join(GAMES), help="comma-separated, of %(default)s"
    )
    parser.add_argument("--repeat", type=int, default=5, help="repetitions of each timing (5)")
    parser.add_argument("--full", action="store_true", help="100k Oh Hell hands (default 20k)")
    parser.add_argument("--hands", type=int, help="Oh Hell hands, overriding quick and full")
    parser.add_argument("--no-process", action="store_true", help="no subprocess timings")
    parser.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel table")
    parser.add_argument(
        "--chunks",
        type=int,
        metavar="K",
        help="steps each archive is cut into for the interleaved in-process timing (default: "
        f"about {CHUNK_HANDS} hands of the first game a step); 1: each work over a whole "
        "archive, one after the other",
    )
    parser.add_argument("--json", type=Path, metavar="FILE", help="also save the raw numbers")
    args = parser.parse_args(argv)
    args.games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = sorted(set(args.games) - set(GAMES))
    if unknown or not args.games:
        parser.error(
            f"--games: unknown {', '.join(unknown) or '(none given)'}; expected {', '.join(GAMES)}"
        )
    if args.hands is not None and args.hands < 1:
        parser.error("--hands must be at least 1")
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    if args.chunks is not None and args.chunks < 1:
        parser.error("--chunks must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    wall, cpu = time.perf_counter(), time.process_time() + children_cpu()
    mode = "full" if args.full else "quick"
    info = meta(args)
    hands = args.hands or HANDS[mode]
    loaded = [archives.load(game, hands) for game in args.games]
    results = measure_games(loaded, args.repeat, not args.no_process, args.chunks)
    startup = None if args.no_process else measure_startup(args.repeat)
    openspiel = None
    if not args.no_openspiel and vs_openspiel.pyspiel is not None:
        log(f"OpenSpiel: {OPENSPIEL_HANDS[mode]:,} hands x {args.repeat} ...")
        whole = args.chunks == 1
        openspiel = vs_openspiel.measure(OPENSPIEL_HANDS[mode], args.repeat, whole=whole)
    skipped = "not measured: " + (
        "--no-openspiel" if args.no_openspiel else "pyspiel is not importable"
    )
    checks = report.targets(results, startup, openspiel, skipped)
    elapsed = {
        "wall_s": time.perf_counter() - wall,
        "cpu_s": time.process_time() + children_cpu() - cpu,
    }

    print(
        f"tricklog throughput, {info['date']}, library {info['library']} (commit "
        f"{info['commit']}, {info['build']} build), Python {info['python']}; "
        f"library call {info['check']}; CPU time, median (min-max) of {args.repeat}\n"
    )
    print("### Targets\n\n" + report.targets_table(checks) + "\n")
    print("### Throughput, in-process\n\n" + report.throughput_table(results) + "\n")
    for result in results:
        for piece, why in result.skipped.items():
            print(f"* {result.archive.game}: {piece} not timed: {why}")
    if any(r.process for r in results):
        print("\n### Whole processes\n\n" + report.process_table(results) + "\n")
    if startup:
        print("### Start-up\n\n" + report.startup_table(startup) + "\n")
    if openspiel:
        print("### OpenSpiel\n\n" + report.openspiel_table(openspiel) + "\n")
    elif not args.no_openspiel:
        print("OpenSpiel: pyspiel is not importable; no OpenSpiel table.\n")
    print(f"Benchmark took {elapsed['wall_s']:.0f} s wall, {elapsed['cpu_s']:.0f} s CPU.")

    if args.json:
        data = {
            "meta": info,
            "throughput": report.raw(results),
            "startup": startup
            and {k: {"cpu": c.raw(), "wall": w.raw()} for k, (c, w) in startup.items()},
            "openspiel": openspiel
            and {**openspiel, "stats": {k: s.raw() for k, s in openspiel["stats"].items()}},
            "targets": checks,
            "elapsed": elapsed,
        }
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_bytes(orjson.dumps(data, option=orjson.OPT_INDENT_2) + b"\n")
        log(f"raw numbers in {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
