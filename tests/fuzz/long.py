"""The long fuzzing run behind ``python -m tests.fuzz --minutes 10``.

Each input is a fixture mutated in structure and bytes (``tests.fuzz.corpus``), run through the
library and the command (``tests.fuzz.targets``). Every failing input is saved under ``--out``
with what failed and where (``<n>.input`` and ``<n>.txt``), and the run goes on; a time-out is
tried again alone, so that a machine busy with other work is not taken for a hang. At the end
the run prints how many inputs it tried and the failures by the place in the code they come
from, and exits 1 if there was any.

``--atheris`` fuzzes coverage-guided with atheris (``pip install atheris``, where it installs):
libFuzzer mutates the bytes, starting from every fixture, and each input is also read by a
mutation chosen from its first bytes.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import resource
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from tests.fuzz import corpus
from tests.fuzz.corpus import Input
from tests.fuzz.targets import FuzzError, all_commands, exercise


class Run:
    """The state of a fuzzing run: counts, failures, where they are saved."""

    def __init__(self, out: Path, workdir: Path, commands: int, prefix: str = "") -> None:
        self.out, self.workdir, self.commands, self.prefix = out, workdir, commands, prefix
        self.inputs = self.runs = self.slow = 0
        self.sites: Counter[str] = Counter()
        self.examples: dict[str, str] = {}
        self.started = time.monotonic()
        self.rng = random.Random(prefix)

    def one(self, item: Input, origin: str) -> None:
        self.inputs += 1
        every = all_commands()
        chosen = self.rng.sample(every, min(self.commands, len(every)))
        try:
            self.runs += exercise(item, self.workdir, chosen)
        except FuzzError as failure:
            if failure.what.startswith("no answer") and self._fast_alone(item):
                self.slow += 1
                return
            self._save(item, origin, failure)
        except MemoryError:
            self._save(item, origin, FuzzError("memory", "MemoryError outside tricklog"))

    def _fast_alone(self, item: Input) -> bool:
        try:
            exercise(item, self.workdir)
        except FuzzError:
            return False
        return True

    def _save(self, item: Input, origin: str, failure: FuzzError) -> None:
        site = failure.site
        self.sites[site] += 1
        number = f"{self.prefix}{sum(self.sites.values())}"
        self.out.mkdir(parents=True, exist_ok=True)
        (self.out / f"{number}.input").write_bytes(item.data)
        details = [
            f"origin: {origin}",
            f"file name: {item.stem!r}{item.suffix}",
            f"failed in: {failure.where}",
            f"what: {failure.what}",
            f"site: {site}",
            "",
            failure.trace,
        ]
        (self.out / f"{number}.txt").write_text("\n".join(details), errors="backslashreplace")
        if site not in self.examples:
            self.examples[site] = (
                f"{self.out / f'{number}.input'} ({failure.where}: {failure.what})"
            )
            print(f"new failure #{number} at {site}: {failure.what[:200]}", file=sys.stderr)

    def merge(self, other: Run) -> None:
        """Take in the counts and failures of another worker."""
        self.inputs += other.inputs
        self.runs += other.runs
        self.slow += other.slow
        self.sites.update(other.sites)
        for site, example in other.examples.items():
            self.examples.setdefault(site, example)

    def report(self) -> str:
        elapsed = time.monotonic() - self.started
        lines = [
            f"fuzzing: {self.inputs} inputs ({self.runs} runs of the library and the command) "
            f"in {elapsed / 60:.1f} min, {self.inputs / max(elapsed, 1e-9):.1f} inputs/s",
            f"failures: {sum(self.sites.values())} at {len(self.sites)} places in the code"
            + (f"; {self.slow} slow only under load (passed alone)" if self.slow else ""),
        ]
        for site, count in self.sites.most_common():
            lines.append(f"  {count} x {site}\n      e.g. {self.examples[site]}")
        return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.fuzz", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--minutes", type=float, default=10.0, help="how long to run (10)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the mutations (random)")
    parser.add_argument("--out", type=Path, default=Path("fuzz-failures"), help="failing inputs")
    parser.add_argument("--atheris", action="store_true", help="coverage-guided, with atheris")
    parser.add_argument("--memory-gib", type=float, default=6.0, help="address space cap (6)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (1)")
    parser.add_argument(
        "--commands",
        type=int,
        default=3,
        help=f"command lines per input, chosen at random of the {len(all_commands())} (3)",
    )
    args = parser.parse_args(argv)
    if args.atheris:
        try:
            import atheris  # noqa: F401, PLC0415 (optional: installed by hand where it builds)
        except ImportError:  # a usage error, exit 2, not a traceback
            parser.error("--atheris needs atheris: pip install atheris (where it builds)")
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    print(f"fuzzing for {args.minutes:g} min, seed {seed}; failures go to {args.out}/")
    if args.atheris:
        _cap_memory(args.memory_gib)
        with tempfile.TemporaryDirectory(prefix="tricklog-fuzz-") as workdir:
            run = Run(args.out, Path(workdir), args.commands)
            _atheris(run, args.minutes, seed)
    else:
        jobs = [(args, seed, job) for job in range(max(1, args.jobs))]
        if len(jobs) == 1:
            run = _worker(jobs[0])
        else:
            with multiprocessing.get_context("spawn").Pool(len(jobs)) as pool:
                runs = pool.map(_worker, jobs)
            run = runs[0]
            for other in runs[1:]:
                run.merge(other)
    print(run.report())
    return 1 if run.sites else 0


def _worker(job: tuple[argparse.Namespace, int, int]) -> Run:
    """One worker's share of a run: inputs ``job``, ``job + jobs``, ... of the seed."""
    args, seed, number = job
    _cap_memory(args.memory_gib)
    with tempfile.TemporaryDirectory(prefix="tricklog-fuzz-") as workdir:
        run = Run(args.out, Path(workdir), args.commands, prefix=f"{number}-")
        deadline = time.monotonic() + args.minutes * 60
        progress = time.monotonic() + 60
        step = max(1, args.jobs)
        while time.monotonic() < deadline:
            origin = f"--seed {seed}, input {number}"
            try:
                item = corpus.make(random.Random(f"{seed}:{number}"))
            except Exception as exc:  # the fuzzer's own mutation failed: say so, go on
                print(f"  (could not make input {number}: {exc!r:.200})", file=sys.stderr)
            else:
                run.one(item, origin)
            number += step
            if time.monotonic() > progress:
                progress += 60
                failures = sum(run.sites.values())
                print(f"  [{run.prefix}] {run.inputs} inputs, {failures} failures", file=sys.stderr)
    return run


def _atheris(run: Run, minutes: float, seed: int) -> None:
    """Coverage-guided: libFuzzer mutates the bytes of the fixtures. libFuzzer ends the process
    itself, so the run ends itself at its deadline, with its report."""
    import atheris  # noqa: PLC0415 (optional: installed by hand where it builds)

    atheris.instrument_all()  # tricklog is loaded already (tests.fuzz.targets imports it)
    seeds_dir = Path(tempfile.mkdtemp(prefix="tricklog-fuzz-seeds-"))
    for number, (_, data) in enumerate(corpus.seeds()):
        (seeds_dir / f"{number}.json").write_bytes(data)
    deadline = time.monotonic() + minutes * 60

    def one_input(data: bytes) -> None:
        suffix = corpus.SUFFIXES[data[0] % len(corpus.SUFFIXES)] if data else ".json"
        run.one(Input(data[: corpus.MAX_BYTES], suffix), "atheris")
        if len(data) > 1 and data[1] % 4 == 0:  # a structure mutation of a fixture as well
            run.one(corpus.make(random.Random(data[:8])), "atheris, then mutated")
        if time.monotonic() > deadline:
            print(run.report(), flush=True)
            os._exit(1 if run.sites else 0)

    atheris.Setup(
        [
            sys.argv[0],
            f"-seed={seed}",
            "-timeout=60",
            "-rss_limit_mb=6144",
            "-max_len=65536",
            str(seeds_dir),
        ],
        one_input,
    )
    atheris.Fuzz()


def _cap_memory(gib: float) -> None:
    """A blow-up becomes a MemoryError (a finding), not a machine out of memory."""
    limit = int(gib * 1024**3)
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    if hard == resource.RLIM_INFINITY or hard > limit:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
