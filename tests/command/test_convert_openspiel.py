"""``tricklog convert`` with OpenSpiel histories, as a user runs it: OpenSpiel's playthroughs in,
audited clean; tricklog games out as histories pyspiel replays, with the loss report; --list.

The pyspiel replay of an exported file is marked ``openspiel`` and skipped without pyspiel."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import FIXTURES

PLAYTHROUGHS = sorted((FIXTURES / "openspiel").glob("*.txt"))

try:
    pyspiel: Any = importlib.import_module("pyspiel")
except ImportError:
    pyspiel = None


def test_the_playthroughs_convert_and_audit_clean(tricklog: Any, tmp_path: Path) -> None:
    out = tmp_path / "openspiel.jsonl"
    run = tricklog("convert", *map(str, PLAYTHROUGHS), "-o", str(out))  # found by content
    assert run.code == 0, run.out + run.err
    assert run.out == f"2 records to jsonl: wrote {out}\n"
    audit = tricklog("audit", str(out), "--format", "json")
    assert audit.code == 0, audit.out
    report = json.loads(audit.out)
    scores = [r["hands"][0]["scores"] for r in report["records"]]
    assert scores == [[0, 0, 2], [6, 2, 0]]
    assert all(not r["problems"] for r in report["records"])


def _generated(tricklog: Any, tmp_path: Path, *args: str) -> Path:
    games = tmp_path / "games.jsonl"
    run = tricklog("generate", "oh_hell", "-n", "3", "--seed", "7", *args, "-o", str(games))
    assert run.code == 0, run.err
    return games


def test_an_export_loses_what_a_history_cannot_hold(tricklog: Any, tmp_path: Path) -> None:
    games = _generated(tricklog, tmp_path, "--preset", "openspiel", "--players", "5")
    out = tmp_path / "games.openspiel"
    run = tricklog("convert", str(games), "-o", str(out), "--format", "json")
    assert run.code == 1 and not out.exists()
    report = json.loads(run.out)
    pointers = {(x["source"], x["pointer"]) for x in report["losses"]}
    assert (f"{games}:1", "/players/0/name") in pointers
    assert (f"{games}:3", "/hands/0/deal/stock") in pointers
    assert not any(p.startswith("/rules") for _, p in pointers)  # the preset is pyspiel's game
    run = tricklog("convert", str(games), "-o", str(out), "--allow-loss")
    assert run.code == 0 and out.exists()
    lines = [x for x in out.read_text().splitlines() if not x.startswith("#")]
    assert len(lines) == 3
    assert all(x.startswith("oh_hell(num_cards_per_suit=13,") for x in lines)
    assert "players=5," in lines[0]
    back = tmp_path / "back.jsonl"
    assert tricklog("convert", str(out), "-o", str(back)).code == 0
    audit = tricklog("audit", str(back))
    assert audit.code == 0, audit.out


@pytest.mark.openspiel
@pytest.mark.skipif(pyspiel is None, reason="pyspiel (open_spiel) is not installed")
def test_an_exported_file_replays_in_pyspiel(tricklog: Any, tmp_path: Path) -> None:
    games = _generated(tricklog, tmp_path, "--preset", "openspiel")
    out = tmp_path / "games.openspiel"
    assert tricklog("convert", str(games), "-o", str(out), "--allow-loss").code == 0
    claimed = [
        json.loads(x)["hands"][0]["claims"]["scores"] for x in games.read_text().split("\n") if x
    ]
    for line, scores in zip(
        [x for x in out.read_text().splitlines() if not x.startswith("#")], claimed, strict=True
    ):
        game, actions, *_ = line.split("\t")
        state = pyspiel.load_game(game).new_initial_state()
        for action in map(int, actions.split()):
            state.apply_action(action)
        assert state.is_terminal() and [int(r) for r in state.returns()] == scores


def test_a_game_of_many_deals_and_other_rules(tricklog: Any, tmp_path: Path) -> None:
    games = _generated(tricklog, tmp_path, "--players", "3", "--hands", "2")
    out = tmp_path / "games.openspiel"
    run = tricklog("convert", str(games), "-o", str(out), "--format", "json", "--allow-loss")
    report = json.loads(run.out)
    assert run.code == 0 and report["written"] is True
    pointers = [x["pointer"] for x in report["losses"] if x["source"] == f"{games}:1"]
    assert "/rules/hand_sizes" in pointers and "/rules/first_bidder" in pointers
    assert "/hands" in pointers
    ids = [x.split("\t")[2] for x in out.read_text().splitlines() if not x.startswith("#")]
    assert len(ids) == 6  # 3 records of 2 deals, one history each
    assert ids[:2] == ['id="oh_hell-7-0/1"', 'id="oh_hell-7-0/2"']


def test_a_bad_history_is_not_a_record(tricklog: Any, tmp_path: Path) -> None:
    bad = tmp_path / "bad.openspiel"
    bad.write_text("oh_hell(players=3)\t2 2 19 12\n")
    run = tricklog("convert", str(bad), "-o", str(tmp_path / "x.jsonl"))
    assert run.code == 1
    assert f"{bad}:1" in run.out and "record.openspiel" in run.out
    assert "the history stops during the deal" in run.out


def test_list_says_what_openspiel_holds_and_loses(tricklog: Any) -> None:
    run = tricklog("convert", "--list", "--format", "json")
    (found,) = [f for f in json.loads(run.out)["formats"] if f["name"] == "openspiel"]
    assert found["suffixes"] == [".openspiel"] and found["reads"] and found["writes"]
    assert "player names" in found["loses"] and "bids, plays" in found["holds"]
