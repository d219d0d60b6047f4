"""``tricklog rules infer RECORD...``: text and JSON reports, exit codes; ``tricklog rules GAME``
still reads as before."""

from __future__ import annotations

import json
import random
from pathlib import Path

from records.oh_hell import preset
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


def test_no_preset_fitting_a_valid_record_is_an_answer_exit_0(tmp_path: Path, tricklog) -> None:  # type: ignore[no-untyped-def]
    changed = GAMES["oh_hell"].generate(
        random.Random(0), hand_sizes="descending", first_bidder="dealer_left", game_id="c"
    )
    assert tricklog("audit", _archive(tmp_path, changed)).code == 0  # a valid record
    run = tricklog("rules", "infer", _archive(tmp_path, changed))
    assert run.code == 0  # it was 1, as if the record had failed
    assert "its rules fit\n" in run.out and "no preset fits" in run.out
    assert "  default: contradicted at hand 1: deal.hand-size:" in run.out
    run = tricklog("rules", "infer", _archive(tmp_path, changed), "--format", "json")
    assert run.code == 0
    document = json.loads(run.out)
    assert document["summary"] == {"records": 1, "fitted": 0, "unfitted": 1}
    found = document["records"][0]
    assert found["fitting_presets"] == [] and found["stated"]["consistent"]
    first = {c["preset"]: c["first_problem"] for c in found["presets"]}
    assert first["default"]["code"] == "deal.hand-size" and first["default"]["hand"] == 1
    assert found["parameters"]["hand_sizes"][0] == "descending"
    assert found["parameters"]["first_bidder"] == ["dealer_left"]


def test_a_record_its_own_rules_do_not_fit_is_exit_1(tmp_path: Path, tricklog) -> None:  # type: ignore[no-untyped-def]
    fitting = GAMES["oh_hell"].generate(random.Random(1), preset="hoyle", game_id="f")
    played = GAMES["oh_hell"].generate(random.Random(0), preset="hoyle", game_id="h")
    stated = preset("default", played.rules.num_players)  # not the rules it was played by
    path = _archive(tmp_path, fitting, played.model_copy(update={"rules": stated}))
    assert tricklog("audit", "-q", path).code == 1
    run = tricklog("rules", "infer", path)
    assert run.code == 1
    assert "its rules do not fit" in run.out and "presets that fit: hoyle" in run.out


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
