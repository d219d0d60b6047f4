"""The benchmark's Markdown tables, its verdicts against the targets, and its raw JSON."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bench.archives import Archive
from bench.timing import Stats, number

PIECES = {
    "orjson": "orjson µs/hand",
    "pydantic": "pydantic parse µs/hand",
    "msgspec": "msgspec decode µs/hand",
    "validate": "validate µs/hand",
    "audit": "audit -q µs/hand",
    "audit_detail": "audit, detail µs/hand",
}
"""Columns of the throughput table; ``audit`` (verdict only, as ``tricklog audit -q``) is the
target's measure, ``audit_detail`` (every claim check listed) is shown beside it."""
RATE_TARGET = 1 / 3
"""Oh Hell's audit at least a third of the rate of orjson.loads on the same lines."""
PER_KIB_TARGET = 2.0
"""Every other game at most twice Oh Hell's audit time per KiB."""
STARTUP_TARGET = 0.3
"""Seconds, for ``tricklog --help`` and a one-record audit."""
OPENSPIEL_TARGET = 1.0
"""tricklog's audit (``audit -q``) at least OpenSpiel's checked replay's rate on the same hands."""
TARGET_HANDS = 100_000


@dataclass
class GameResult:
    archive: Archive
    pieces: dict[str, Stats]
    skipped: dict[str, str] = field(default_factory=dict)
    """Pieces not timed, and why."""
    process: dict[str, Stats] | None = None
    """CPU of whole processes: ``orjson`` (the bare loop) and ``audit`` (``tricklog audit -q -j 1``)."""

    def per_kib(self) -> float:
        return self.pieces["audit"].median * 1e6 / self.archive.kib

    def rate_ratio(self) -> float:
        return self.pieces["orjson"].median / self.pieces["audit"].median

    def process_ratio(self) -> float | None:
        if self.process is None:
            return None
        return self.process["orjson"].median / self.process["audit"].median


def ratio(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value:.3f} (1/{1 / value:.1f})" if value < 1 else f"{value:.2f}"


def verdict(ok: bool) -> str:
    return "MET" if ok else "NOT MET"


def table(header: list[str], rows: Iterable[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def throughput_table(results: list[GameResult]) -> str:
    base = next((r for r in results if r.archive.game == "oh_hell"), None)
    rows = []
    for result in results:
        archive, hands = result.archive, result.archive.hands
        cells = [result.pieces[p].per(hands) if p in result.pieces else "—" for p in PIECES]
        rows.append(
            [
                f"{archive.game} ({archive.players}p)",
                f"{archive.kib / hands:.2f}",
                f"{hands:,}",
                *cells,
                ratio(result.rate_ratio()),
                result.pieces["audit"].per(archive.kib),
                f"{result.per_kib() / base.per_kib():.2f}x" if base else "—",
                ratio(result.process_ratio()),
            ]
        )
    header = ["game", "KiB/hand", "hands", *PIECES.values()]
    header += ["audit/orjson rate", "audit µs/KiB", "µs/KiB ÷ Oh Hell", "whole-process ratio"]
    return table(header, rows)


def process_table(results: list[GameResult]) -> str:
    rows = [
        [
            r.archive.path.name,
            f"{r.archive.size / 2**20:.1f}",
            r.process["orjson"].per(1, 1),
            r.process["audit"].per(1, 1),
            ratio(r.process_ratio()),
        ]
        for r in results
        if r.process is not None
    ]
    header = ["archive", "MiB", "orjson loop, CPU s", "`tricklog audit -q -j 1`, CPU s", "ratio"]
    return table(header, rows)


def startup_table(startup: dict[str, tuple[Stats, Stats]]) -> str:
    rows = [
        [
            f"`{name}`",
            cpu.per(1, 1),
            wall.per(1, 1),
            f"< {STARTUP_TARGET} s",
            verdict(cpu.median < STARTUP_TARGET),
            verdict(wall.median < STARTUP_TARGET),
        ]
        for name, (cpu, wall) in startup.items()
    ]
    header = ["command", "CPU s", "wall s", "target", "CPU", "wall"]
    return table(header, rows)


def openspiel_table(result: dict[str, Any]) -> str:
    stats, hands = result["stats"], result["hands"]
    base = stats["openspiel"].median
    names = {
        "openspiel": "OpenSpiel checked replay (`legal_actions`, `apply_action`)",
        "tricklog_q": "tricklog `audit -q` of the same hands (bytes in, verdict out)",
        "tricklog": "tricklog audit, detail (every claim check listed)",
    }
    rows = [
        [
            names[key],
            s.per(hands),
            f"{hands / s.median:,.0f}",
            "1 (baseline)" if key == "openspiel" else ratio(base / s.median),
        ]
        for key, s in stats.items()
    ]
    header = [f"oh_hell, 4 players, 12 tricks, {hands:,} hands", "µs/hand", "hands/s"]
    return table([*header, "rate ÷ OpenSpiel"], rows)


STARTUP_COMMANDS = ("tricklog --help", "tricklog audit (one record)")


def _check(target: str, goal: str, value: float | None, measured: str, met: bool | None) -> Any:
    return {"target": target, "goal": goal, "value": value, "measured": measured, "met": met}


def targets(
    results: list[GameResult],
    startup: dict[str, tuple[Stats, Stats]] | None,
    openspiel: dict[str, Any] | None = None,
    openspiel_skipped: str = "not measured",
) -> list[dict[str, Any]]:
    """Every target with its measured value and verdict (``met`` None: not measured)."""
    out: list[dict[str, Any]] = []
    base = next((r for r in results if r.archive.game == "oh_hell"), None)
    goal = f"≥ {RATE_TARGET:.3f} (1/3)"
    for where in ("in-process", "whole processes"):
        target = f"Oh Hell `audit -q` rate ÷ orjson.loads rate, {where}"
        if base is None:
            out.append(_check(target, goal, None, "not measured: oh_hell not in --games", None))
            continue
        hands = base.archive.hands
        target += f" ({hands:,} hands" + (
            f"; the target is for ~{TARGET_HANDS:,}: --full)" if hands < TARGET_HANDS * 0.9 else ")"
        )
        value = base.rate_ratio() if where == "in-process" else base.process_ratio()
        measured = "not measured: --no-process" if value is None else ratio(value)
        met = None if value is None else value >= RATE_TARGET
        out.append(_check(target, goal, value, measured, met))
    for result in results:
        if result is base:
            continue
        target, goal = (
            f"{result.archive.game} `audit -q` µs/KiB ÷ Oh Hell's",
            f"≤ {PER_KIB_TARGET:g}x",
        )
        if base is None:
            out.append(_check(target, goal, None, "not measured: oh_hell not in --games", None))
            continue
        value = result.per_kib() / base.per_kib()
        measured = f"{value:.2f}x ({number(result.per_kib())} vs {number(base.per_kib())})"
        out.append(_check(target, goal, value, measured, value <= PER_KIB_TARGET))
    goal = f"< {STARTUP_TARGET} s CPU"
    if startup is None:
        for name in STARTUP_COMMANDS:
            out.append(
                _check(f"start-up of {name}", goal, None, "not measured: --no-process", None)
            )
    for name, (cpu, wall) in (startup or {}).items():
        measured = f"{cpu.median:.3f} s CPU ({wall.median:.3f} s wall)"
        met = cpu.median < STARTUP_TARGET
        out.append(_check(f"start-up of `{name}`", goal, cpu.median, measured, met))
    target = (
        "tricklog `audit -q` rate ÷ OpenSpiel's checked replay rate (oh_hell, 4 players, 12 tricks"
    )
    goal = f"≥ {OPENSPIEL_TARGET:g}"
    if openspiel is None:
        out.append(_check(target + ")", goal, None, openspiel_skipped, None))
    else:
        stats = openspiel["stats"]
        value = stats["openspiel"].median / stats["tricklog_q"].median
        target += f", {openspiel['hands']:,} hands)"
        out.append(_check(target, goal, value, ratio(value), value >= OPENSPIEL_TARGET))
    return out


def targets_table(checks: list[dict[str, Any]]) -> str:
    rows = [
        [c["target"], c["measured"], c["goal"], "—" if c["met"] is None else verdict(c["met"])]
        for c in checks
    ]
    return table(["target", "measured (medians)", "goal", "verdict"], rows)


def raw(results: list[GameResult]) -> dict[str, Any]:
    return {
        r.archive.game: {
            "archive": str(r.archive.path),
            "records": len(r.archive.lines),
            "hands": r.archive.hands,
            "bytes": r.archive.size,
            "players": r.archive.players,
            "in_process": {name: s.raw() for name, s in r.pieces.items()},
            "skipped": r.skipped,
            "process_cpu": None
            if r.process is None
            else {k: s.raw() for k, s in r.process.items()},
            "audit_us_per_kib": r.per_kib(),
            "audit_rate_ratio": r.rate_ratio(),
            "process_rate_ratio": r.process_ratio(),
        }
        for r in results
    }
