"""The numbers of a summary: units kept apart by game, hands counted as ``audit`` counts them,
a sitting's money balanced, and every value exact whatever its size (issues 18, 19 and 22)."""

from __future__ import annotations

import json
import random
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import tricklog as library
from records.io import Entry
from records.parse import dumps
from records.words import number_of
from replay.generators.bestia import growing_pot
from replay.registry import GAMES
from replay.summarize.numbers import fixed, rounded
from replay.summarize.reducer import Summary
from tests.conftest import FIXTURES, Run
from tests.consumers.test_summarize import generated

INT64 = 2**63


def _write(path: Path, records: list[Any]) -> Path:
    path.write_bytes(b"".join(dumps(r).strip() + b"\n" for r in records))
    return path


def _json(run: Run) -> dict[str, Any]:
    assert run.code == 0, run.err
    summary: dict[str, Any] = json.loads(run.out)
    return summary


def _summary(lines: list[bytes], by: str = "player") -> Summary:
    summary = Summary(by=by)
    for number, line in enumerate(lines, start=1):
        summary.add(Entry("a.jsonl", number, line))
    return summary


@pytest.fixture(scope="module")
def bestia(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Generated Bestia sittings, some of whose hands are abandoned (void)."""
    path = tmp_path_factory.mktemp("bestia") / "bestia.jsonl"
    path.write_bytes(b"\n".join(generated("bestia", "default", 20, seed=5)) + b"\n")
    return path


def test_hands_are_counted_as_audit_counts_them(tricklog: Any, bestia: Path) -> None:
    """Issue 22: summarize said 79 hands where audit counted 80 for the same sittings."""
    audit = json.loads(tricklog("audit", "--format", "json", str(bestia)).out)
    summary = _json(tricklog("summarize", "--format", "json", str(bestia)))
    every = sum(len(r["hands"]) for r in audit["records"])
    finished = sum(h["status"] == "complete" for r in audit["records"] for h in r["hands"])
    assert finished < every  # some hands were abandoned: the two counts differ
    assert summary["hands"] == every == audit["summary"]["hands"]
    assert summary["finished"] == finished
    for group in summary["groups"]:
        assert group["hands"] == group["bestia"]["hands"] == every
        assert group["finished"] == group["bestia"]["finished"] == finished
    [row] = summary["games"]
    assert (row["hands"], row["finished"]) == (every, finished)
    text = tricklog("summarize", str(bestia)).out
    assert f"{number_of(every, 'hand')} in the valid records, {finished} played to the end" in text


def test_scores_are_kept_apart_by_game(tricklog: Any, tmp_path: Path) -> None:
    """Issue 18: the "score" column added Oh Hell points, pinochle chips and Bestia money."""
    lines = [*generated("oh_hell", "default", 2), *generated("pinochle", "default", 2)]
    lines += generated("bestia", "default", 2)
    path = tmp_path / "mix.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    summary = _json(tricklog("summarize", "--format", "json", str(path)))
    anna = next(g for g in summary["groups"] if g["key"] == "Anna")  # plays all three
    assert "score" not in anna and "mean_score" not in anna
    assert {"points", "mean_points"} <= set(anna["oh_hell"])
    assert {"chips", "mean_chips"} <= set(anna["pinochle"])
    assert {"net_money", "mean_net_money"} <= set(anna["bestia"])
    assert {g["game"]: g["unit"] for g in summary["games"]} == {
        "oh_hell": "points",
        "pinochle": "chips",
        "bestia": "money",
    }
    header = tricklog("summarize", str(path)).out.splitlines()[3].split()
    assert header == ["player", "records", "hands", "finished", "wins", "shared"]
    run = tricklog("summarize", str(path), "--sort", "score")
    assert run.code == 2 and "oh_hell_points, pinochle_chips, bestia_net_money" in run.err


def test_a_sittings_money_balances_with_its_pot(tricklog: Any, bestia: Path) -> None:
    """Issue 18: every Bestia net was negative, and the pot left at the end was in no table."""
    summary = _json(tricklog("summarize", "--format", "json", str(bestia)))
    [row] = summary["games"]
    pool = row["pool"]
    nets = sum(g["bestia"]["net_money"] for g in summary["groups"])
    assert pool["name"] == "pot" and pool["sittings"] == 20
    assert pool["net"] == nets == row["score"] < 0
    assert pool["left"] > 0 and pool["net"] + pool["left"] - pool["start"] == 0
    assert pool["balance"] == 0
    lines = tricklog("summarize", str(bestia)).out.splitlines()
    at = lines.index("Pots and kitties (seats' net + left at the end - at the start = balance)")
    assert lines[at + 2].split() == [
        "bestia",
        "default",
        "pot",
        "20",
        "0",
        f"{nets:,}",
        f"{pool['left']:,}",
        "0",
    ]


@pytest.mark.parametrize(
    "fixture",
    [
        "lone-player-plays-out-and-leads-the-ace.json",  # opens with a pot of 7
        "previous-pot-bestia-decline-claim-abandon.json",  # 5, and an abandoned hand
        "exact-shares-carried-as-fractions.json",  # exact pot rounding
    ],
)
def test_a_pot_opened_before_the_sitting_balances_too(fixture: str) -> None:
    record = library.load(FIXTURES / "bestia/valid" / fixture)
    report = library.check(record)
    summary = _summary([(FIXTURES / "bestia/valid" / fixture).read_bytes()])
    [row] = summary.game_rows()
    pool = row["pool"]
    assert pool["start"] == record.opening_pot
    assert Fraction(
        pool["net"] if isinstance(pool["net"], int) else Fraction(**pool["net"])
    ) == sum(report.totals or [])
    assert pool["balance"] == 0


def test_a_pot_past_the_limit_is_one_problem_in_every_format(tricklog: Any, tmp_path: Path) -> None:
    """Issue 19: a pot that grows ninefold a hand gave OverflowError in Parquet after 20 hands
    and a float overflow in every format after 400. Its record now stops where an amount
    passes the format's integer limit, and every summary says so, whole."""
    record = growing_pot(random.Random(1), hands=400)
    path = _write(tmp_path / "grow.jsonl", [record])
    summary = _json(tricklog("summarize", "--format", "json", str(path)))
    assert [p["code"] for p in summary["problems"]] == ["limit.computed-value"]
    assert summary["valid"] == 0 and summary["errors"] == []
    for output in ("text", "csv"):
        run = tricklog("summarize", "--format", output, str(path))
        assert run.code == 0 and "Traceback" not in run.err, run.err


def test_sums_past_64_bits_are_exact_in_every_format(tricklog: Any, tmp_path: Path) -> None:
    """Issue 19: ``made_bonus`` near the format's limit overflowed int64 in ``--format
    parquet``, and a float mean printed false digits. Each record's scores are within the
    limit; their sum over the archive is past 64 bits, and every output carries it exactly."""
    records, points = [], 0
    for index in range(280):
        record, scored = _unclaimed_oh_hell(index)
        records.append(record)
        points += scored
    assert points >= INT64
    path = _write(tmp_path / "big.jsonl", records)
    summary = _json(tricklog("summarize", "--format", "json", "--by", "game", str(path)))
    [group] = summary["groups"]
    assert group["oh_hell"]["points"] == points
    raw = json.loads(
        tricklog("summarize", "-f", "json", "--by", "game", str(path)).out, parse_float=Decimal
    )
    hands = raw["groups"][0]["oh_hell"]["finished"] * 10  # a mean per seat and finished hand
    assert Decimal(raw["groups"][0]["oh_hell"]["mean_points"]) == rounded(
        Fraction(points, hands), 3
    )
    text = tricklog("summarize", "--by", "game", str(path))
    assert text.code == 0 and fixed(Fraction(points, hands), 2) in text.out.replace(",", "")
    csv = tricklog("summarize", "--format", "csv", "--by", "game", str(path))
    assert csv.code == 0 and str(points) in csv.out
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "games.parquet"
    run = tricklog("summarize", str(path), "-f", "parquet", "--by", "game", "-o", str(out))
    assert run.code == 0, run.err
    table = pq.read_table(out)
    assert str(table.schema.field("oh_hell_points").type) == "string"
    [row] = table.to_pylist()
    assert int(row["oh_hell_points"]) == points


def _unclaimed_oh_hell(index: int) -> tuple[Any, int]:
    """A generated Oh Hell game of one deal of five cards to ten seats under ``made_bonus`` =
    2**53 - 6 (a made bid of five then scores the format's largest integer), every
    bid rewritten to what its seat took (all ten made), claims left out (a claim is a JSON-safe
    integer, which such scores are not)."""
    rng = random.Random(index)
    record = GAMES["oh_hell"].generate(rng, game_id=f"g{index}", players=10, hand_sizes=(5,))
    taken = library.check(record).hands[0].taken
    assert taken is not None
    data = json.loads(dumps(record))
    data["rules"]["made_bonus"] = 2**53 - 6
    data["claims"] = None
    for hand in data["hands"]:
        hand["claims"] = None
        for action in hand["actions"]:
            if action["type"] == "bid":
                action["tricks"] = taken[action["seat"]]
    record = library.loads(json.dumps(data).encode())
    return record, sum(library.check(record).totals or [])
