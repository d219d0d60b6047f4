"""Does ``tricklog summarize`` keep up with ``audit``? Its rate against audit's, and its peak
memory, on a 100,000-hand Oh Hell archive (the targets: at least 80% of audit's rate, peak RSS
under 200 MB).

Run from the repository root, in the project's virtualenv::

    python bench/summarize.py                     # 100k hands (generated once into bench/out/)
    python bench/summarize.py --hands 20000 --repeat 1    # quicker, for a look

Two measures, each the median of ``--repeat`` rounds (default 3), in CPU time:

* in-process: every record's bytes already in memory; ``audit`` is the library's check with
  every claim compared and results dropped (``replay.check.check_bytes``, as ``audit -q``), and
  ``summarize`` is ``Summary.add`` of each record (decode, hash, replay with claims compared,
  reduce). The ratio isolates what the summary's reducer and hash cost;
* whole process: ``tricklog audit -q -j 1 ARCHIVE`` against ``tricklog summarize ARCHIVE -f json
  -o /dev/null`` (one process each: audit on one core, like summarize), CPU of the process
  (user + sys) and its peak RSS (``ru_maxrss`` of a wrapper's only child), reading and
  interpreter start-up included.

A rate is hands per CPU second; the ratio is summarize's rate / audit's. The machine may be
shared: CPU time is less disturbed than wall time, but a loaded machine slows both contenders.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.append(str(Path(__file__).resolve().parent.parent))  # for python bench/summarize.py

from bench import archives
from bench.library import tricklog_argv
from records.io import Entry  # the summary has no way in through bench/library.py yet
from replay.check import check_bytes
from replay.summarize.reducer import Summary

RATE_TARGET = 0.8
RSS_TARGET_MB = 200
_MEASURE = """
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(done.returncode, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)
sys.stderr.write(done.stderr.decode(errors="replace")[-2000:])
"""
"""A wrapper whose only child is the command: its CPU and peak RSS (KiB, on Linux) alone."""


def in_process(lines: list[bytes], repeat: int) -> dict[str, list[float]]:
    """CPU seconds of audit and of summarize over ``lines``, ``repeat`` rounds."""

    def audit() -> None:
        for line in lines:
            check_bytes(line, audit=True, detail=False)

    def summarize() -> None:
        summary = Summary()
        for number, line in enumerate(lines, start=1):
            summary.add(Entry("<bench>", number, line))

    samples: dict[str, list[float]] = {"audit": [], "summarize": []}
    for _ in range(repeat):
        for name, work in (("audit", audit), ("summarize", summarize)):
            gc.collect()
            start = time.process_time()
            work()
            samples[name].append(time.process_time() - start)
    return samples


def process(argv: list[str]) -> tuple[float, float]:
    """(CPU seconds, peak RSS in MB) of one run of ``argv``; it must exit 0 (audit: 0 or 1)."""
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, *argv], capture_output=True, check=True, text=True
    )
    code, cpu, rss = done.stdout.split()
    if int(code) not in (0, 1):
        raise SystemExit(f"bench: {' '.join(argv)} exited with {code}:\n{done.stderr}")
    return float(cpu), int(rss) / 1024


def whole_process(path: Path, repeat: int) -> dict[str, list[tuple[float, float]]]:
    jobs = ["-j", "1"] if "--jobs" in _help("audit") else []
    commands = {
        "audit": [*tricklog_argv(), "audit", "-q", *jobs, str(path)],
        "summarize": [*tricklog_argv(), "summarize", str(path), "-f", "json", "-o", "/dev/null"],
    }
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(repeat):
        for name, argv in commands.items():
            runs[name].append(process(argv))
    return runs


def _help(command: str) -> str:
    done = subprocess.run(
        [*tricklog_argv(), command, "--help"], capture_output=True, text=True, check=False
    )
    return done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="Oh Hell hands (about)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", type=Path, help="also write every sample here")
    options = parser.parse_args()
    archive = archives.load("oh_hell", options.hands)
    hands = archive.hands
    print(
        f"archive {archive.path.name}: {len(archive.lines)} records, {hands} hands, "
        f"{archive.size / 2**20:.1f} MiB"
    )
    inside = in_process(archive.lines, options.repeat)
    outside = whole_process(archive.path, options.repeat)
    result: dict[str, Any] = {"archive": str(archive.path), "hands": hands, "in_process": inside}
    result["whole_process"] = {k: [list(v) for v in runs] for k, runs in outside.items()}
    print("\n| measure | audit hands/CPU s | summarize hands/CPU s | ratio (target >= 0.8) |")
    print("|---|---|---|---|")
    for label, audit_s, summarize_s in (
        ("in-process", statistics.median(inside["audit"]), statistics.median(inside["summarize"])),
        (
            "whole process",
            statistics.median(cpu for cpu, _ in outside["audit"]),
            statistics.median(cpu for cpu, _ in outside["summarize"]),
        ),
    ):
        ratio = audit_s / summarize_s
        verdict = "MET" if ratio >= RATE_TARGET else "NOT MET"
        print(
            f"| {label} | {hands / audit_s:,.0f} | {hands / summarize_s:,.0f} | "
            f"{ratio:.2f} {verdict} |"
        )
        result[f"{label}_ratio"] = ratio
    peak = max(rss for _, rss in outside["summarize"])
    audit_peak = max(rss for _, rss in outside["audit"])
    verdict = "MET" if peak < RSS_TARGET_MB else "NOT MET"
    print(
        f"\npeak RSS: summarize {peak:.0f} MB ({verdict}, target < {RSS_TARGET_MB} MB); "
        f"audit -q {audit_peak:.0f} MB"
    )
    result["peak_rss_mb"] = {"summarize": peak, "audit": audit_peak}
    if options.json:
        options.json.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
