"""``tricklog rules infer RECORD...``: text and JSON reports, exit codes; ``tricklog rules GAME``
still reads as before."""

from __future__ import annotations

import json
import random
from pathlib import Path

from records.parse import dumps
from replay.registry import GAMES


def _archive(tmp_path: Path, *records: object) -> str:
    path = tmp_path / "games.jsonl"
    path.write_bytes(b"".join(dumps(r) + b"\n" for r in records))  # type: ignore[arg-type]
    return str(path)


def test_infer_names_the_preset(tmp_path: Path, tricklog) -> None:  # type: ignore[no-untyped-def]
    record = GAMES["oh_hell"].generate(random.Random(0), preset="hoyle", game_id="h")
    run = tricklog("rules", "infer", _archive(tmp_path, record))
    assert run.code == 0, run.err
    assert "presets that fit: hoyle\n" in run.out
    assert "  default: contradicted at hand 1: bid.out-of-turn:" in run.out


def test_no_preset_fits_is_exit_1_with_the_first_contradictions(tmp_path: Path, tricklog) -> None:  # type: ignore[no-untyped-def]
    changed = GAMES["oh_hell"].generate(
        random.Random(0), hand_sizes="descending", first_bidder="dealer_left", game_id="c"
    )
    run = tricklog("rules", "infer", _archive(tmp_path, changed))
    assert run.code == 1
    assert "no preset fits" in run.out
    assert "  default: contradicted at hand 1: deal.hand-size:" in run.out
    run = tricklog("rules", "infer", _archive(tmp_path, changed), "--format", "json")
    assert run.code == 1
    document = json.loads(run.out)
    assert document["summary"] == {"records": 1, "fitted": 0, "unfitted": 1}
    found = document["records"][0]
    assert found["fitting_presets"] == [] and found["stated"]["consistent"]
    first = {c["preset"]: c["first_problem"] for c in found["presets"]}
    assert first["default"]["code"] == "deal.hand-size" and first["default"]["hand"] == 1
    assert found["parameters"]["hand_sizes"][0] == "descending"
    assert found["parameters"]["first_bidder"] == ["dealer_left"]


def test_infer_reads_standard_input_and_reports_bad_inputs(tmp_path: Path, tricklog) -> None:  # type: ignore[no-untyped-def]
    record = GAMES["bestia"].generate(random.Random(0), preset="perugia", game_id="b")
    run = tricklog("rules", "infer", "-", "--format", "json", stdin=dumps(record))
    assert run.code == 0 and "perugia" in json.loads(run.out)["records"][0]["fitting_presets"]
    run = tricklog("rules", "infer", str(tmp_path / "missing.json"))
    assert run.code == 3 and "missing.json" in run.err
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "oh_hell"}')
    run = tricklog("rules", "infer", str(bad))
    assert run.code == 1 and "not a record" in run.out


def test_rules_of_a_game_reads_as_before(tricklog) -> None:  # type: ignore[no-untyped-def]
    assert "rules parameters, preset hoyle" in tricklog("rules", "pinochle", "hoyle").out
    assert tricklog("rules", "show", "bestia").code == 0
    assert tricklog("rules", "whist").code == 2
    assert "tricklog rules infer" in tricklog("rules", "infer", "--help").out
