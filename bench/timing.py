"""CPU time, repeated: in-process passes and whole subprocesses (project rule: CPU, not wall).

In-process works are timed interleaved (``cpu_interleaved``: a chunk of the items by every work
in turn), so that a shared machine's slow spell falls on the baseline and the contender alike;
subprocesses in rounds (each contender once per round). Every figure is the median of the
rounds with its min and max.
"""

from __future__ import annotations

import gc
import os
import re
import resource
import statistics
import subprocess
import time
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar


@dataclass
class Stats:
    """Seconds per repetition."""

    samples: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    def per(self, unit: float, scale: float = 1e6) -> str:
        """``median (min-max)`` of the samples divided by ``unit``, times ``scale``."""
        low, mid, high = (
            value * scale / unit for value in (min(self.samples), self.median, max(self.samples))
        )
        return f"{number(mid)} ({number(low)}-{number(high)})"

    def raw(self) -> dict[str, Any]:
        return {"samples_s": self.samples, "median_s": self.median}


def number(value: float) -> str:
    """Three significant figures, thousands separated."""
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.3g}" if value >= 1 else f"{value:.3f}"


CHUNK_HANDS = 256
"""Hands in each chunk of an interleaved timing, about: small enough that the machine's speed
barely changes within one, large enough that reading the clock costs nothing."""

Part = Callable[[int, int], object]
"""A work over the items ``[start, stop)`` of a list all the works share (an archive's lines)."""


Key = TypeVar("Key", bound=Hashable)


def cpu_interleaved(
    works: Mapping[Key, Part], count: int, chunk: int, repeat: int
) -> dict[Key, Stats]:
    """``time.process_time()`` of each work over ``count`` items, ``repeat`` rounds; each
    round takes the items ``chunk`` at a time, and every work does each chunk in turn before
    the next chunk, so that the works' times of a round are summed over the same moments.

    A shared machine's speed changes from second to second, and not alike for every kind of
    code, and a work timed later in a process can run slower than one timed first: timed one
    whole pass after the other, Bestia's cost per KiB came to 1.91 and 2.12 times Oh Hell's with
    Oh Hell's works first, 1.79 both times with Bestia's first (the README's Benchmark section).
    A ratio of two works, the figure every target is, is worth reading only so."""
    stats = {name: Stats() for name in works}
    for _ in range(repeat):
        gc.collect()  # leave no garbage of the round before for this one to collect
        spent = dict.fromkeys(works, 0.0)
        for start in range(0, count, chunk):
            stop = min(start + chunk, count)
            for name, work in works.items():
                began = time.process_time()
                work(start, stop)
                spent[name] += time.process_time() - began
        for name, seconds in spent.items():
            stats[name].samples.append(seconds)
    return stats


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(argv: list[str], cwd: Path | None = None) -> tuple[float, float]:
    """(CPU, wall) seconds of one subprocess (and any it waited for); it must exit 0."""
    cpu, wall = children_cpu(), time.perf_counter()
    done = subprocess.run(
        argv,
        check=False,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    wall, cpu = time.perf_counter() - wall, children_cpu() - cpu
    if done.returncode != 0:
        tail = done.stderr.decode(errors="replace").strip()[-2000:]
        raise SystemExit(f"bench: {' '.join(argv)} exited with {done.returncode}:\n{tail}")
    return cpu, wall


def process_rounds(
    commands: dict[str, list[str]], repeat: int, cwd: Path | None = None, warm_up: bool = False
) -> dict[str, tuple[Stats, Stats]]:
    """(CPU, wall) of each command, ``repeat`` rounds; ``warm_up`` runs each once untimed
    first (byte-compiles, fills the page cache)."""
    if warm_up:
        for argv in commands.values():
            run(argv, cwd)
    stats = {name: (Stats(), Stats()) for name in commands}
    for _ in range(repeat):
        for name, argv in commands.items():
            cpu, wall = run(argv, cwd)
            stats[name][0].samples.append(cpu)
            stats[name][1].samples.append(wall)
    return stats


def instructions(argv: list[str], what: str, cwd: Path | None = None) -> int:
    """The instructions one run of ``argv`` executes, counted by valgrind's callgrind (Debian's
    ``valgrind`` package), after one run outside it, so that every counted run loads modules
    byte-compiled alike (``PYTHONDONTWRITEBYTECODE`` is left out of both), with one hash seed
    for every run. ``SystemExit`` naming ``what`` and the run's last error line where it fails."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONHASHSEED"] = "0"  # a random one moves the count by a percent or two, run to run
    subprocess.run(argv, capture_output=True, cwd=cwd, env=env, check=False)
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        check=False,
    )
    found = re.search(r"refs:\s+([\d,]+)", run.stderr)
    if run.returncode or found is None:
        # the run's own last line, not valgrind's summary after it
        said = [line for line in run.stderr.splitlines() if line and not line.startswith("==")]
        raise SystemExit(f"bench: {what}: {said[-1] if said else 'valgrind failed'}")
    return int(found[1].replace(",", ""))
