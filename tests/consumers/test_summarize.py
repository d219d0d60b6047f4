"""``summarize`` against ``audit``: the numbers a summary gives are the numbers anyone can work
out from the audit report of the same archive (wins per player, hands, bids made, contracts
made, money), computed here independently, from ``audit --format json``."""

from __future__ import annotations

import json
import random
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import orjson
import pytest

from records.parse import dumps
from replay.registry import GAMES
from tests.command.processes import run
from tests.conftest import FIXTURES

REVOKE = FIXTURES / "oh_hell/invalid/play.revoke--discard-while-holding-hearts.json"
MIX = (
    ("oh_hell", "default", 5),
    ("oh_hell", "openspiel", 2),
    ("pinochle", "default", 4),
    ("bestia", "default", 4),
)


def generated(game: str, preset: str, count: int, seed: int = 7) -> list[bytes]:
    """``count`` random legal records of ``game`` as JSON lines (no newline)."""
    entry = GAMES[game]
    return [
        dumps(
            entry.generate(
                random.Random(f"{seed}:{game}:{preset}:{i}"),
                game_id=f"{game}-{preset}-{i}",
                preset=preset,
            )
        ).strip()
        for i in range(count)
    ]


def archive(path: Path) -> Path:
    """A mixed archive: generated games of all three games, an invalid record, a duplicate."""
    lines = [line for spec in MIX for line in generated(*spec)]
    lines.append(orjson.dumps(orjson.loads(REVOKE.read_bytes())))
    lines.append(lines[0])  # a game uploaded twice
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


def _top(totals: list[int]) -> list[int]:
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


def _bid(call: str) -> int:
    return 0 if call == "nil" else int(call.removeprefix("bid "))


SCORE = {"oh_hell": "oh_hell_points", "pinochle": "pinochle_chips", "bestia": "bestia_net_money"}
"""Each game's score, in its own unit."""


def from_audit(report: dict[str, Any]) -> dict[str, Counter[str]]:
    """Per player, the counters a summary should give, read off the audit report."""
    players: dict[str, Counter[str]] = defaultdict(Counter)
    for record in report["records"]:
        if not record["valid"]:
            continue
        names = record["players"]
        winners = record["winners"]
        assert winners == _top(record["totals"]), record["source"]  # every game names them
        for seat, name in enumerate(names):
            players[name]["records"] += 1
            players[name]["hands"] += len(record["hands"])  # every hand, as audit counts them
            if seat in winners:
                players[name]["wins" if len(winners) == 1 else "shared_wins"] += 1
        for hand in record["hands"]:
            if hand["status"] == "complete" and hand["scores"] is not None:
                _hand(record["game"], hand, names, players)
    return players


def _hand(game: str, hand: dict[str, Any], names: list[str], out: Any) -> None:
    computed: dict[tuple[str, int | None], Any] = {
        (c["name"], c["seat"]): c["computed"] for c in hand["claims"]
    }
    for seat, name in enumerate(names):
        mine = out[name]
        mine["finished"] += 1
        mine[SCORE[game]] += hand["scores"][seat]  # each game's unit apart
    if game == "oh_hell":
        for call in hand["calls"]:
            seat, bid = call["seat"], _bid(call["call"])
            made = bid == hand["taken"][seat]
            mine = out[names[seat]]
            mine["oh_hell_bids"] += 1
            mine["oh_hell_bids_made"] += made
            mine["oh_hell_nil_bids"] += bid == 0
            mine["oh_hell_nil_made"] += bid == 0 and made
    elif game == "pinochle":
        declarer = computed.get(("declarer", None))
        if declarer is not None:
            mine = out[names[declarer]]
            mine["pinochle_auctions_won"] += 1
            made = computed[("made", None)]
            mine["pinochle_contracts"] += made is not None
            mine["pinochle_contracts_made"] += made is True
    else:
        for seat, name in enumerate(names):
            out[name]["bestia_pot_won"] += computed[("share", seat)]
            out[name]["bestia_bestia_money"] += computed[("bestia", seat)]


def from_summary(summary: dict[str, Any]) -> dict[str, Counter[str]]:
    """The same counters, as the summary gives them."""
    out: dict[str, Counter[str]] = {}
    for group in summary["groups"]:
        row: Counter[str] = Counter()
        for key in ("records", "hands", "finished", "wins", "shared_wins"):
            row[key] = group[key]
        for game, names in (
            ("oh_hell", ("points", "bids", "bids_made", "nil_bids", "nil_made")),
            ("pinochle", ("chips", "auctions_won", "contracts", "contracts_made")),
            ("bestia", ("pot_won", "bestia_money", "net_money")),
        ):
            for name in names:
                row[f"{game}_{name}"] = group.get(game, {}).get(name, 0)
        out[group["key"]] = +row
    return out


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], dict[str, Any]]:
    """(summarize --format json, audit --format json) of one mixed archive."""
    path = archive(tmp_path_factory.mktemp("mix") / "mix.jsonl")
    summary = run("summarize", "--format", "json", path)
    audit = run("audit", "--format", "json", path)
    assert summary.returncode == 0, summary.stderr
    assert audit.returncode == 1, audit.stderr  # the revoke
    return json.loads(summary.stdout), json.loads(audit.stdout)


def test_per_player_numbers_equal_the_audit_reports(reports: Any) -> None:
    summary, audit = reports
    expected = {name: +counters for name, counters in from_audit(audit).items()}
    got = from_summary(summary)
    assert got == expected
    # the archive really exercises every game's numbers
    everyone = sum(got.values(), Counter())
    for key in (
        "wins",
        "oh_hell_points",
        "pinochle_chips",
        "oh_hell_bids_made",
        "oh_hell_nil_made",
        "pinochle_contracts",
        "bestia_pot_won",
        "bestia_net_money",
    ):
        assert everyone[key], key


def test_the_figures_follow_from_the_counters(reports: Any) -> None:
    summary, _ = reports
    for group in summary["groups"]:
        oh_hell = group.get("oh_hell")
        if oh_hell and oh_hell["bids"]:
            assert oh_hell["bids_made_pct"] == round(
                100 * oh_hell["bids_made"] / oh_hell["bids"], 3
            )
        for game, mean, score in (
            ("oh_hell", "mean_points", "points"),
            ("pinochle", "mean_chips", "chips"),
            ("bestia", "mean_net_money", "net_money"),
        ):
            if group.get(game, {}).get("seat_hands"):
                section = group[game]
                assert section[mean] == round(section[score] / section["seat_hands"], 3)


def test_invalid_records_count_only_in_the_problems(reports: Any) -> None:
    summary, audit = reports
    totals = audit["summary"]
    assert summary["records"] == totals["records"]
    assert summary["left_out"] == totals["invalid"] == 1
    assert summary["valid"] == totals["valid"]
    assert {p["code"]: p["count"] for p in summary["problems"]} == totals["problems"]
    revoke = next(p for p in summary["problems"] if p["code"] == "play.revoke")
    assert revoke["first"] == [f"{audit['records'][-2]['source']}::/hands/1/actions/5"]
    assert summary["duplicates"] == 1


def test_games_and_presets_count_every_record(reports: Any) -> None:
    summary, audit = reports
    rows = {(g["game"], g["preset"]): g for g in summary["games"]}
    assert rows[("oh_hell", "openspiel")]["records"] == 2
    assert rows[("oh_hell", "default")]["records"] == 5 + 1 + 1  # the revoke, the duplicate
    assert rows[("oh_hell", "default")]["invalid"] == 1
    assert rows[("oh_hell", "default")]["hands_with_problems"] == 1
    valid_hands = sum(len(r["hands"]) for r in audit["records"] if r["valid"])
    assert summary["hands"] == valid_hands
