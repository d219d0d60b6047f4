"""The command as a user meets it: exit codes, messages, inputs of every kind, outputs."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
import typer.main

from replay.cli.app import app
from tests.conftest import FIXTURES

VALID = FIXTURES / "oh_hell" / "valid" / "slam-small-nil-5-3p.json"
REVOKE = next((FIXTURES / "oh_hell" / "invalid").glob("play.revoke--*.json"))


def test_every_command_has_help(tricklog) -> None:  # type: ignore[no-untyped-def]
    group = typer.main.get_command(app)
    for name in group.commands:  # type: ignore[attr-defined]
        run = tricklog(name, "--help")
        assert run.code == 0
        assert "Usage: tricklog " + name in run.out


def test_valid_file_exits_0(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("validate", str(VALID))
    assert run.code == 0
    assert run.out.startswith("1 record, 1 hand: 1 valid, 0 with problems")  # no ok line
    assert tricklog("validate", "-v", str(VALID)).out.startswith(f"ok   {VALID}")


def test_problem_names_file_pointer_hand_trick_and_seat(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("validate", str(REVOKE))
    assert run.code == 1
    assert (
        f"{REVOKE}::/hands/1/actions/5 play.revoke [illegal] (hand 2, trick 1, seat 0): "
        "3D does not follow the led suit H although the hand holds H (got 3D)"
    ) in run.out


def test_missing_file_exits_3_without_traceback(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("audit", str(tmp_path / "nope.json"))
    assert run.code == 3
    assert f"error: {tmp_path / 'nope.json'}: no such file or directory" in run.err
    assert "Traceback" not in run.err + run.out


def test_corrupt_compressed_file_exits_3(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.jsonl.gz"
    bad.write_bytes(b"\x1f\x8b this is not gzip")  # gzip by its first bytes, then not
    run = tricklog("validate", str(bad))
    assert run.code == 3
    assert "corrupt gzip data" in run.err


def test_usage_errors_exit_2(tricklog) -> None:  # type: ignore[no-untyped-def]
    assert tricklog("validate", "--format", "xml", str(VALID)).code == 2
    assert tricklog("frobnicate").code == 2
    assert tricklog("generate", "chess").code == 2
    assert tricklog("generate", "oh_hell", "--preset", "nope").code == 2
    assert tricklog("generate", "oh_hell", "--players", "2").code == 2


def test_archive_directory_and_stdin(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    lines = [json.dumps(json.loads(p.read_text())) for p in (VALID, REVOKE)]
    archive = tmp_path / "games.jsonl.gz"
    with gzip.open(archive, "wt") as stream:
        stream.write("\n".join(lines) + "\n")
    run = tricklog("validate", str(archive), "--format", "json")
    report = json.loads(run.out)
    assert run.code == 1
    assert [r["source"] for r in report["records"]] == [f"{archive}:1", f"{archive}:2"]
    assert report["summary"]["invalid"] == 1
    piped = tricklog("validate", "-", "--format", "json", stdin=("\n".join(lines) + "\n").encode())
    assert [r["valid"] for r in json.loads(piped.out)["records"]] == [True, False]
    whole = tricklog("validate", "-", stdin=VALID.read_bytes())
    assert whole.code == 0


def test_broken_line_does_not_stop_the_archive(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    archive = tmp_path / "games.jsonl"
    good = json.dumps(json.loads(VALID.read_text()))
    archive.write_text(good + "\n{not json\n" + good + "\n")
    report = json.loads(tricklog("validate", str(archive), "--format", "json").out)
    assert [r["valid"] for r in report["records"]] == [True, False, True]
    assert report["records"][1]["problems"][0]["code"] == "record.json"


def test_audit_shows_the_derivation_of_a_disputed_hand(tricklog) -> None:  # type: ignore[no-untyped-def]
    disputed = next((FIXTURES / "oh_hell" / "invalid").glob("score.mismatch--*.json"))
    run = tricklog("audit", str(disputed))
    assert run.code == 1
    assert "hand 1 (complete):" in run.out
    assert "nil made (nil_score = 10) +10 = 10" in run.out
    assert "claim score seat 1: recorded 5, recomputed 10" in run.out


def test_validate_ignores_claims_but_audit_checks_them(tricklog) -> None:  # type: ignore[no-untyped-def]
    disputed = next((FIXTURES / "oh_hell" / "invalid").glob("score.mismatch--*.json"))
    assert tricklog("validate", str(disputed)).code == 0
    assert tricklog("audit", str(disputed)).code == 1


def test_generate_is_reproducible_and_replays_clean(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    first = tricklog("generate", "oh_hell", "--count", "3", "--seed", "7", "--players", "5")
    again = tricklog("generate", "oh_hell", "--count", "1", "--seed", "7", "--players", "5")
    assert first.out.splitlines()[0] == again.out.splitlines()[0]
    out = tmp_path / "g.jsonl"
    assert (
        tricklog(
            "generate", "oh_hell", "-n", "3", "--seed", "7", "--players", "5", "-o", str(out)
        ).code
        == 0
    )
    assert out.read_text() == first.out
    assert tricklog("audit", str(out), "-q").code == 0


def test_generate_failure_leaves_no_output(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "g.jsonl"
    out.write_text("keep me\n")
    assert tricklog("generate", "oh_hell", "--players", "11", "-o", str(out)).code == 2
    assert out.read_text() == "keep me\n"
    assert list(tmp_path.iterdir()) == [out]


def test_show_renders_tricks_and_scores(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("show", str(VALID))
    assert run.code == 0
    assert "Hand 1 · dealer Anna (0) · turned up 3H · trump H · complete" in run.out
    assert "scores: Anna (0) 5, Boris (1) 41, Clara (2) 11" in run.out
    assert "winner: Boris (1)" in run.out


def test_schema_command_prints_each_game(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("schema", "oh_hell")
    assert json.loads(run.out)["$id"] == "urn:tricklog:schema:v1:oh_hell"
    assert tricklog("schema", "chess").code == 2


@pytest.mark.parametrize("command", ["validate", "audit"])
def test_inputs_are_never_modified(tricklog, command: str) -> None:  # type: ignore[no-untyped-def]
    before = REVOKE.read_bytes()
    tricklog(command, str(REVOKE))
    assert REVOKE.read_bytes() == before


def test_directory_without_records_is_reported(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "notes.txt").write_text("not a record")
    run = tricklog("validate", str(tmp_path))
    assert run.code == 3
    assert f"error: {tmp_path}: no record files" in run.err


def test_json_array_of_records(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    both = tmp_path / "both.json"
    both.write_text(json.dumps([json.loads(VALID.read_text()), json.loads(REVOKE.read_text())]))
    report = json.loads(tricklog("validate", str(both), "--format", "json").out)
    assert [r["source"] for r in report["records"]] == [f"{both}:1", f"{both}:2"]
    assert [r["valid"] for r in report["records"]] == [True, False]


def test_show_names_the_hands_a_record_has(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("show", str(VALID), "--hand", "4")
    assert run.code == 2
    assert run.err == f"error: {VALID} has no hand 4; its hands: 1\n"
