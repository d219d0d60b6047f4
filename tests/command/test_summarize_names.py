"""``summarize`` and the names people write: look-alike names kept apart but named, one name at
two seats counted once and said so, columns aligned by terminal cells, and one record that
fails inside tricklog never stopping the run (issue 19, items 14 and 8)."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path
from typing import Any

import orjson
import pytest
from rich.cells import cell_len

from records.io import Entry
from replay.summarize.reducer import Summary
from tests.consumers.test_summarize import generated

NFC, NFD = "Zo\u00eb", "Zoe\u0308"
LATIN, CYRILLIC = "Anna", "\u0410nna"


def _named(names: list[list[str]], game: str = "oh_hell") -> list[bytes]:
    """Generated records of ``game``, their players renamed, record by record."""
    out = []
    for line, seats in zip(generated(game, "default", len(names)), names, strict=True):
        record = orjson.loads(line)
        for player, name in zip(record["players"], seats, strict=True):
            player["name"] = name
        out.append(orjson.dumps(record))
    return out


def _archive(path: Path, lines: list[bytes]) -> str:
    path.write_bytes(b"\n".join(lines) + b"\n")
    return str(path)


def test_names_that_look_alike_are_kept_apart_and_named(tricklog: Any, tmp_path: Path) -> None:
    path = _archive(
        tmp_path / "a.jsonl",
        _named([[NFC, LATIN, "Boris", "Clara"], [NFD, CYRILLIC, "Boris", "Clara"]]),
    )
    summary = json.loads(tricklog("summarize", "--format", "json", path).out)
    keys = [g["key"] for g in summary["groups"]]
    assert {NFC, NFD, LATIN, CYRILLIC} <= set(keys) and len(keys) == 6  # still apart
    assert summary["lookalikes"] == {
        "groups": [
            {"names": sorted([LATIN, CYRILLIC]), "why": "confusable"},
            {"names": sorted([NFC, NFD]), "why": "nfc"},
        ],
        "complete": True,
    }
    text = tricklog("summarize", path).out
    assert "Names that look alike (counted apart: they are different text)" in text
    lines = text.splitlines()
    [cyrillic] = [line for line in lines if line.startswith("Anna, \u0410nna (\\u0410nna)  ")]
    assert cyrillic.endswith("characters of like shape (Unicode TR39 confusables)")
    [composed] = [line for line in lines if line.startswith("Zo") and "(NFC)" in line]
    assert "(Zoe\\u0308)" in composed and composed.endswith("composed otherwise (NFC)")


def test_no_note_when_no_names_look_alike(tricklog: Any, tmp_path: Path) -> None:
    path = _archive(tmp_path / "a.jsonl", _named([["Anna", "Anne", "Boris", "Doris"]]))
    summary = json.loads(tricklog("summarize", "--format", "json", path).out)
    assert summary["lookalikes"]["groups"] == []
    assert "look alike" not in tricklog("summarize", path).out
    by_seat = json.loads(tricklog("summarize", "-f", "json", "--by", "seat", path).out)
    assert by_seat["lookalikes"]["groups"] == []


def test_one_name_at_two_seats_counts_once_and_is_reported(tricklog: Any, tmp_path: Path) -> None:
    lines = _named([["Anna", "Boris", "Anna", "Clara"], ["Anna", "Boris", "Dmitri", "Clara"]])
    path = _archive(tmp_path / "a.jsonl", lines)
    summary = json.loads(tricklog("summarize", "--format", "json", path).out)
    anna = next(g for g in summary["groups"] if g["key"] == "Anna")
    boris = next(g for g in summary["groups"] if g["key"] == "Boris")
    assert anna["records"] == 2 and anna["hands"] == boris["hands"]  # once per record
    assert anna["oh_hell"]["seat_hands"] == 3 * boris["oh_hell"]["finished"] // 2
    assert anna["wins"] + anna["shared_wins"] <= 2
    assert summary["repeated_names"] == {
        "records": 1,
        "first": [{"place": f"{path}:1", "name": "Anna", "seats": [0, 2]}],
    }
    text = tricklog("summarize", path).out
    assert "One name at several seats: 1 record, each counted once for that name" in text
    assert f"{path}:1  Anna  0, 2" in text
    by_game = json.loads(tricklog("summarize", "-f", "json", "--by", "game", path).out)
    assert by_game["repeated_names"]["records"] == 0  # a game's seats share its group by design


def test_columns_line_up_in_terminal_cells(tricklog: Any, tmp_path: Path) -> None:
    wide = "\u674e\u5c0f\u9f99"  # three wide characters, six cells
    path = _archive(tmp_path / "a.jsonl", _named([[NFD, "Zoe", wide, "Boris"]]))
    lines = tricklog("summarize", path).out.splitlines()
    at = lines.index("By player")
    table = lines[at + 1 : at + 6]
    ends = {cell_len(line[: line.index(" 1 ") + 2]) for line in table[1:]}  # the records column
    assert len(ends) == 1, table
    assert cell_len(table[0][: table[0].index("records") + len("records")]) == ends.pop()


def test_a_record_that_fails_inside_tricklog_is_named_and_the_rest_summarized(
    tricklog: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _archive(tmp_path / "a.jsonl", generated("oh_hell", "default", 3))
    real = Summary.reduce

    def failing(self: Summary, record: Any, where: str, steps: Any) -> None:
        if where.endswith(":2"):
            raise ValueError("Exceeds the limit (4300 digits) for integer string conversion")
        real(self, record, where, steps)

    monkeypatch.setattr(Summary, "reduce", failing)
    run = tricklog("summarize", "--format", "json", path)
    assert run.code == 3
    summary = json.loads(run.out)
    assert summary["records"] == 3 and summary["valid"] == 2
    assert summary["errors"] == [
        {
            "record": f"{path}:2",
            "message": "internal error: ValueError: Exceeds the limit (4300 digits) for "
            "integer string conversion",
        }
    ]
    text = tricklog("summarize", path)
    assert text.code == 3 and f"error: {path}:2: internal error: ValueError" in text.err


def _held(lines: list[bytes]) -> int:
    """Bytes a summary of ``lines`` holds once every record is added."""
    tracemalloc.start()
    try:
        summary = Summary()
        for number, line in enumerate(lines, start=1):
            summary.add(Entry("a.jsonl", number, line))
        summary.seen.clear()  # the duplicates' digests: per record, not per player
        return tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()


def test_memory_per_distinct_player_is_small() -> None:
    """Issue 19: about 2.3 KB per distinct player; the target is under 500 bytes (the whole
    process is measured by bench/summarize_players.py)."""
    games = generated("oh_hell", "default", 1)
    record = orjson.loads(games[0])
    record["hands"] = record["hands"][:1]
    record["claims"] = None
    many, few = [], []
    for index in range(500):
        for names, out in ((4 * index, many), (0, few)):
            for seat, player in enumerate(record["players"]):
                player["name"] = f"p{names + seat:06d}"
            out.append(orjson.dumps(record))
    per_player = (_held(many) - _held(few)) / (4 * 500 - 4)
    assert per_player < 500, per_player


def test_csv_says_on_standard_error_what_its_table_cannot(tricklog: Any, tmp_path: Path) -> None:
    lines = _named([[LATIN, "Boris", LATIN, "Clara"], [CYRILLIC, "Boris", "Dmitri", "Clara"]])
    path = _archive(tmp_path / "a.jsonl", lines)
    run = tricklog("summarize", "--format", "csv", path)
    assert run.code == 0
    assert "note: names that look alike, counted apart: Anna, \u0410nna (\\u0410nna)" in run.err
    assert (
        "note: 1 record seat one name at several seats, each counted once for that name "
        f"(first: {path}:1: Anna at seats 0, 2)"
    ) in run.err
