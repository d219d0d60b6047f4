"""The CSV and Parquet tables of ``convert``: read back with the csv module and pyarrow, every
value as the record states it or as replay recomputes it, and everything else in the loss
report (for every fixture and for small archives of every preset of every game)."""

from __future__ import annotations

import csv
import io
import json
import random
import re
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import orjson
import pytest

from records.formats.convert import ConversionError, convert
from records.identity import record_hash
from records.parse import dumps, parse
from replay.registry import GAMES
from tests.conftest import FIXTURES

VALID = sorted(FIXTURES.glob("*/valid/*.json"))

CLAIMED = {
    "oh_hell": {
        **{k: k for k in ("hand_size", "trump", "tricks")},
        "score": "scores",
        "total": "totals",
    },
    "pinochle": {
        **{k: k for k in ("declarer", "contract", "meld", "counters", "made", "kitty")},
        "score": "chips",
        "total": "totals",
    },
    "bestia": {
        **{k: k for k in ("tricks", "starting_pot", "pot", "carried")},
        **{k: f"{k}s" for k in ("invito", "share", "refund", "bestia")},
        "total": "balances",
    },
    "partnership_pinochle": {
        **{k: k for k in ("declarer", "contract", "made")},
        "meld": "player_meld",
    },
}
"""Column -> the key of the hand's claims it shows, by game (docs/csv.md)."""
MONEY = {
    "bestia": {"starting_pot", "invito", "pot", "share", "refund", "bestia", "carried", "total"}
}
"""The columns of money written over the hand's ``denominator`` (docs/csv.md)."""


def _over(value: Any, denominator: int) -> Any:
    """An amount as the sheet writes it: an integer over the hand's denominator."""
    if value is None:
        return None
    if isinstance(value, dict):
        value = Fraction(value["numerator"], value["denominator"])
    scaled = Fraction(value) * denominator
    assert scaled.denominator == 1, (value, denominator)
    return scaled.numerator


def _generated() -> list[Any]:
    return [
        GAMES[game].generate(
            random.Random(f"{preset}:{n}"), preset=preset, hands=2, game_id=f"{preset}-{n}"
        )
        for game in GAMES
        for preset in GAMES[game].presets
        for n in range(2)
    ]


def _archive(tmp_path: Path, records: list[Any]) -> Path:
    path = tmp_path / "in.jsonl"
    path.write_bytes(b"".join(dumps(r) + b"\n" for r in records))
    return path


def _table(source: Path, tmp_path: Path, form: str, suffix: str = ".csv") -> tuple[Any, Path]:
    out = tmp_path / f"{form}{suffix}"
    report = convert([str(source)], out, form=form, allow_loss=True)
    assert report.written and not report.rejected and not report.unreadable
    return report, out


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as stream:
        return list(csv.DictReader(stream))


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _has_unlogged_bids(data: dict[str, Any]) -> bool:
    """Whether a record leaves out a value its claims depend on (docs/partial.md): an Oh Hell
    bid's, or the cards of a Partnership Pinochle pass (melds worked out from hands it hid)."""
    return any(
        (a.get("type") == "bid" and "tricks" in a and a["tricks"] is None)
        or (a.get("type") == "pass_cards" and a.get("cards", ()) is None)
        for hand in data["hands"]
        for a in hand["actions"]
    )


def _check_hands(record: Any, rows: list[dict[str, str]], losses: list[Any]) -> None:
    data = orjson.loads(dumps(record))
    names = {p["seat"]: p["name"] for p in data["players"]}
    assert len(rows) == len(data["hands"]) * len(names)
    claimed = CLAIMED[record.game]
    for k, row in enumerate(rows):
        hand = data["hands"][k // len(names)]
        seat = int(row["seat"])
        assert row["hash"] == record_hash(record)
        assert (row["record"], row["game"]) == (record.id, record.game)
        assert (int(row["hand"]), int(row["dealer"])) == (hand["number"], hand["dealer"])
        assert row["player"] == names[seat]
        claims = hand.get("claims") or {}
        over = int(row.get("denominator") or 1)  # Bestia's money, over the hand's denominator
        for column, key in claimed.items():
            value = claims.get(key)
            value = value[seat] if isinstance(value, list) else value
            if column in MONEY.get(record.game, ()):
                value = _over(value, over)
            assert row[f"{column}_claimed"] == _cell(value), (column, row)
            # a clean hand recomputes the claim, but for what a bid not logged leaves unknown
            unknown = row[column] == "" and _has_unlogged_bids(data)
            if row["problems"] == "" and value is not None and not unknown:
                assert row[column] == _cell(value), (column, row)
    # Everything the sheet does not carry is in the loss report, once per field.
    expected = {
        f"/{k}" for k in data if k not in ("format_version", "game", "id", "players", "hands")
    }
    for hand in data["hands"]:
        for key in hand.keys() - {"number", "dealer", "claims"}:
            expected.add(key)
        for key in (hand.get("claims") or {}).keys() - set(claimed.values()):
            expected.add(f"claims/{key}")
    for seat, player in enumerate(data["players"]):
        expected |= {f"/players/{seat}/{k}" for k in player.keys() - {"seat", "name"}}
    found = {_field(loss.pointer) for loss in losses if loss.record == record.id}
    assert found == expected


def _field(pointer: str) -> str:
    """``/hands/3/deal`` -> ``deal`` (a hand's field), anything else as it is."""
    parts = pointer.split("/")
    return "/".join(parts[3:]) if parts[1] == "hands" and len(parts) > 3 else pointer


def _check_actions(record: Any, rows: list[dict[str, str]], losses: list[Any]) -> None:
    data = orjson.loads(dumps(record))
    actions = [(h["number"], a) for h in data["hands"] for a in h["actions"]]
    assert len(rows) == len(actions)
    for row, (number, action) in zip(rows, actions, strict=True):
        assert (row["record"], int(row["hand"])) == (record.id, number)
        rebuilt = {"type": row["type"], **json.loads(row["detail"] or "{}")}
        if row["seat"]:
            rebuilt["seat"] = int(row["seat"])
        if row["card"]:
            rebuilt["card"] = row["card"]
        assert rebuilt == action
    found = {_field(loss.pointer) for loss in losses if loss.record == record.id}
    expected = {
        f"/{k}" for k in data if k not in ("format_version", "game", "id", "players", "hands")
    }
    expected |= {k for h in data["hands"] for k in h.keys() - {"number", "actions"}}
    expected |= {
        f"/players/{s}/{k}"
        for s, p in enumerate(data["players"])
        for k in p.keys() - {"seat", "name"}
    }
    assert found == expected


def _by_record(rows: list[dict[str, str]]) -> dict[str, list[dict[str, str]]]:
    out: dict[str, list[dict[str, str]]] = {}
    for row in rows:
        out.setdefault(row["record"], []).append(row)
    return out


@pytest.mark.parametrize("path", VALID, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_every_fixture_converts_as_the_loss_report_says(path: Path, tmp_path: Path) -> None:
    record = parse(path.read_bytes())
    assert not isinstance(record, list)
    report, out = _table(path, tmp_path, "hands")
    _check_hands(record, _rows(out), report.losses)
    report, out = _table(path, tmp_path, "actions")
    _check_actions(record, _rows(out), report.losses)


def test_archives_of_every_preset_convert_as_the_loss_report_says(tmp_path: Path) -> None:
    for game in GAMES:
        records = [r for r in _generated() if r.game == game]
        source = _archive(tmp_path, records)
        report, out = _table(source, tmp_path, "hands")
        rows = _by_record(_rows(out))
        assert list(rows) == [r.id for r in records]
        for record in records:
            _check_hands(record, rows[record.id], report.losses)
            assert all(row["problems"] == "" for row in rows[record.id])
        report, out = _table(source, tmp_path, "actions")
        rows = _by_record(_rows(out))
        for record in records:
            _check_actions(record, rows[record.id], report.losses)


def test_recomputed_and_claimed_values_stay_apart(tmp_path: Path) -> None:
    """A wrong claimed score shows as claimed, beside the recomputed one and the problem."""
    record = GAMES["oh_hell"].generate(random.Random(1), hands=2, game_id="g")
    data = orjson.loads(dumps(record))
    data["hands"][0]["claims"]["scores"][0] += 7
    del data["hands"][1]["claims"]
    source = tmp_path / "g.json"
    source.write_bytes(orjson.dumps(data))
    _, out = _table(source, tmp_path, "hands")
    rows = _rows(out)
    first, second = rows[0], rows[len(data["players"])]
    assert int(first["score_claimed"]) == int(first["score"]) + 7
    assert "score.mismatch" in first["problems"]
    assert second["score_claimed"] == second["total_claimed"] == second["tricks_claimed"] == ""
    assert second["score"] != "" and second["total"] != ""


def test_a_lossy_sheet_needs_allow_loss(tmp_path: Path) -> None:
    source = _archive(tmp_path, _generated()[:1])
    out = tmp_path / "sheet.csv"
    report = convert([str(source)], out)
    assert report.losses and not report.written and not out.exists()


def test_one_table_holds_one_game(tmp_path: Path) -> None:
    records = _generated()
    games = [records[0], next(r for r in records if r.game != records[0].game)]
    report, out = _table(_archive(tmp_path, games), tmp_path, "hands")
    assert {row["game"] for row in _rows(out)} == {games[0].game}
    assert any(loss.record == games[1].id and loss.pointer == "" for loss in report.losses)


def test_parquet_holds_the_same_tables_typed(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    source = _archive(tmp_path, [r for r in _generated() if r.game == "pinochle"][:3])
    for form in ("hands", "actions"):
        _, sheet = _table(source, tmp_path, form)
        _, table = _table(source, tmp_path, form, ".parquet")
        read = pq.read_table(table)
        rows = _rows(sheet)
        assert read.column_names == list(rows[0])
        assert [{k: _cell(v) for k, v in r.items()} for r in read.to_pylist()] == rows
        assert str(read.schema.field("hand").type) == "int64"
        if form == "hands":
            assert str(read.schema.field("made").type) == "bool"


def test_without_pyarrow_parquet_says_how_to_get_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tricklog
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    source = _archive(tmp_path, _generated()[:1])
    # tricklog is not on PyPI: the hint names pyarrow itself and the extra of the clone
    hint = "pip install pyarrow, or pip install -e '.[parquet]' in tricklog's clone"
    with pytest.raises(ConversionError, match=re.escape(hint)):
        convert([str(source)], tmp_path / "t.parquet", allow_loss=True)
    run = tricklog("convert", str(source), "-o", str(tmp_path / "t.parquet"), "--allow-loss")
    assert run.code == 2 and hint in run.err
    assert not (tmp_path / "t.parquet").exists()


def test_the_command_writes_either_table(tmp_path: Path, tricklog) -> None:  # type: ignore[no-untyped-def]
    source = _archive(tmp_path, _generated()[:1])
    run = tricklog(
        "convert", str(source), "-o", "-", "--to", "csv", "--form", "actions", "--allow-loss"
    )
    assert run.code == 0
    head = next(csv.reader(io.StringIO(run.out)))
    assert head[:4] == ["record", "hash", "game", "hand"] and "detail" in head
    run = tricklog("convert", str(source), "-o", str(tmp_path / "s.csv"), "--form", "deals")
    assert run.code == 2 and "hands, actions" in run.err


def test_exact_money_is_integers_over_the_hand_s_denominator(tmp_path: Path) -> None:
    # Bestia's exact shares were written 80/3: text in a table, in Parquet a column of text
    # where every other table has integers, and 10/3 a date to a spreadsheet
    pq = pytest.importorskip("pyarrow.parquet")
    source = FIXTURES / "bestia/valid/exact-shares-carried-as-fractions.json"
    _, sheet = _table(source, tmp_path, "hands")
    rows = _rows(sheet)
    assert all("/" not in value for row in rows for value in row.values())
    first = rows[:4]  # hand 1: shares 0, 80/3, 40/3, 0 of a pot of 40
    assert [r["denominator"] for r in first] == ["3"] * 4
    assert (
        [r["share"] for r in first] == [r["share_claimed"] for r in first] == ["0", "80", "40", "0"]
    )
    assert [r["pot"] for r in first] == ["120"] * 4  # 40, over 3
    assert [Fraction(int(r["total"]), int(r["denominator"])) for r in rows[4:]] == [
        -140,
        60,
        20,
        -20,
    ]
    _, table = _table(source, tmp_path, "hands", ".parquet")
    read = pq.read_table(table)
    for column in ("share", "share_claimed", "pot", "total", "denominator"):
        assert str(read.schema.field(column).type) == "int64", column
    assert [_cell(v) for v in read.column("share").to_pylist()] == [r["share"] for r in rows]


def test_whole_money_has_the_denominator_1(tmp_path: Path) -> None:
    source = FIXTURES / "bestia/valid/lone-player-plays-out-and-leads-the-ace.json"
    _, sheet = _table(source, tmp_path, "hands")
    assert {row["denominator"] for row in _rows(sheet)} == {"1"}
    assert [row["share"] for row in _rows(sheet)] == ["37", "0", "0"]
