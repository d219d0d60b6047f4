"""The benchmark's interleaved timing: every work does every step, in turn, each once a round,
and the steps cover every record exactly once (``bench.timing.cpu_interleaved``,
``bench.throughput``)."""

from __future__ import annotations

import itertools

from bench import throughput
from bench.timing import cpu_interleaved


def test_every_work_does_each_step_in_turn_once_a_round() -> None:
    calls: list[tuple[str, int, int]] = []
    works = {
        name: (lambda start, stop, name=name: calls.append((name, start, stop)))
        for name in ("baseline", "contender")
    }
    stats = cpu_interleaved(works, count=7, chunk=3, repeat=2)
    one_round = [
        ("baseline", 0, 3),
        ("contender", 0, 3),
        ("baseline", 3, 6),
        ("contender", 3, 6),
        ("baseline", 6, 7),
        ("contender", 6, 7),
    ]
    assert calls == one_round * 2
    assert [len(s.samples) for s in stats.values()] == [2, 2]


def test_the_steps_cover_every_record_once() -> None:
    for records, steps in ((1539, 78), (10, 3), (5, 5), (3, 1)):
        bounds = throughput.bounds_of(records, steps)
        assert bounds[0] == 0 and bounds[-1] == records and len(bounds) == steps + 1
        assert all(a <= b for a, b in itertools.pairwise(bounds))
    seen: list[bytes] = []
    lines = [str(n).encode() for n in range(10)]
    work = throughput.each(seen.append, lines, throughput.bounds_of(10, 3))
    for step in range(3):
        work(step, step + 1)
    assert seen == lines
