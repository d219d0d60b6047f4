"""``tricklog show``: a broken record shows its problems, an archive lists its records, exit
codes follow the README's table, pipes get whole lines, and values read as a person writes them."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from tests.command import processes
from tests.conftest import FIXTURES

VALID = FIXTURES / "oh_hell" / "valid" / "slam-small-nil-5-3p.json"
REVOKE = FIXTURES / "oh_hell" / "invalid" / "play.revoke--discard-while-holding-hearts.json"
PYTHON_REPR = re.compile(r"\['|'\]|\[-?\d+, -?\d+|\[\]|\bNone\b|\bTrue\b|\bFalse\b|\{'|'[^' ]+'")


def _line(path: Path) -> str:
    return json.dumps(json.loads(path.read_text()))


def _archive(tmp_path: Path) -> Path:
    archive = tmp_path / "games.jsonl"
    archive.write_text("\n".join([_line(VALID), _line(REVOKE), "{not json"]) + "\n")
    return archive


def test_a_broken_record_shows_its_problems(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    record = json.loads(VALID.read_text())
    record["hands"][0]["deal"]["hands"][0][0] = "2X"
    path = tmp_path / "card_typo.json"
    path.write_text(json.dumps(record))
    run = tricklog("show", str(path))
    assert run.code == 1
    assert run.out.startswith(f"{path}  not a record\n")
    assert f"{path}::/hands/0/deal/hands/0/0 " in run.out
    assert "2X" in run.out and "None" not in run.out
    assert run.out.endswith("1 problem in all\n")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    run = tricklog("show", str(broken))
    assert run.code == 1 and f"{broken}::/ record.json [malformed]" in run.out


def test_a_stopped_hand_shows_the_trick_in_progress_and_its_problem(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("show", str(REVOKE), "--hand", "2")
    assert run.code == 1
    assert "Hand 2 · dealer Anna (0) · turned up KD · trump D · stopped" in run.out
    assert "  trick 1 in progress: >8H (Boris (1)), QS (Clara (2))\n" in run.out
    assert "play.revoke [illegal] (hand 2, trick 1, seat 0): 3D does not follow" in run.out
    assert "Hand 1 " not in run.out


def test_the_turned_up_card_and_the_widow(tricklog) -> None:  # type: ignore[no-untyped-def]
    bestia = next((FIXTURES / "bestia" / "valid").glob("*.json"))
    turned = json.loads(bestia.read_text())["hands"][0]["deal"]["turned_up"]
    run = tricklog("show", str(bestia), "--hand", "1")
    assert f"turned up {turned}" in run.out.splitlines()[3]
    pinochle = next((FIXTURES / "pinochle" / "valid").glob("*.json"))
    widow = json.loads(pinochle.read_text())["hands"][0]["deal"]["widow"]
    run = tricklog("show", str(pinochle), "--hand", "1")
    assert run.code == 0
    assert re.search(r"\n  widow: (\S+ ){2}\S+\n", run.out)
    assert len(widow) == 3


def test_an_archive_lists_its_records(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    archive = _archive(tmp_path)
    run = tricklog("show", str(archive))
    assert run.code == 1
    assert run.out.splitlines() == [
        f"   1  {archive}:1  hand-worked-small-slam  oh_hell  1 hand  valid",
        f"   2  {archive}:2  play.revoke--discard-while-holding-hearts  oh_hell  3 hands  "
        "1 problem",
        f"   3  {archive}:3  not a record  0 hands  1 problem",
        "3 records: 1 valid, 2 with problems; show one with --record N",
    ]


def test_a_directory_lists_its_records(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "a.json").write_bytes(VALID.read_bytes())
    with gzip.open(tmp_path / "b.jsonl.gz", "wt") as stream:
        stream.write(_line(VALID) + "\n" + _line(VALID) + "\n")
    run = tricklog("show", str(tmp_path))
    assert run.code == 0
    sources = [line.split()[1] for line in run.out.splitlines()[:-1]]
    assert sources == [
        f"{tmp_path / 'a.json'}",
        *(f"{tmp_path / 'b.jsonl.gz'}:{n}" for n in (1, 2)),
    ]


def test_record_n_shows_that_record(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    archive = _archive(tmp_path)
    run = tricklog("show", str(archive), "--record", "2")
    assert run.code == 1
    assert run.out.startswith(f"{archive}:2  oh_hell play.revoke--discard-while-holding-hearts\n")
    assert tricklog("show", str(archive), "-r", "1").code == 0
    assert tricklog("show", str(archive), "-r", "3").code == 1


def test_what_the_input_does_not_have_is_a_usage_error(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    archive = _archive(tmp_path)
    past = tricklog("show", str(archive), "--record", "9")
    assert (past.code, past.out) == (2, "")
    assert past.err == f"error: {archive} holds 3 records, not 9; choose --record 1 to 3\n"
    hand = tricklog("show", str(archive), "--record", "2", "--hand", "99")
    assert (hand.code, hand.out) == (2, "")
    assert hand.err == f"error: {archive}:2 has no hand 99; its hands: 1-3\n"
    single = tricklog("show", str(VALID), "--record", "2")
    assert single.code == 2 and "--record 1 is the only one" in single.err
    several = tricklog("show", str(archive), "--hand", "1")
    assert several.code == 2 and "choose one with --record N" in several.err
    assert tricklog("show", str(archive), "--record", "0").code == 2


def test_an_unreadable_input_exits_3(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    missing = tricklog("show", str(tmp_path / "nope.json"))
    assert missing.code == 3 and "no such file or directory" in missing.err
    corrupt = tmp_path / "bad.jsonl.gz"
    corrupt.write_bytes(gzip.compress((_line(VALID) + "\n").encode())[:-30] + b"garbage" * 9)
    run = tricklog("show", str(corrupt), "--record", "5")
    assert run.code == 3


def test_a_pipe_gets_whole_lines(tmp_path: Path) -> None:
    record = json.loads(VALID.read_text())
    long_name = "Anna " + "van der " * 20 + "Berg"
    record["players"][0]["name"] = long_name
    path = tmp_path / "long.json"
    path.write_text(json.dumps(record))
    run = processes.run("show", path, env=processes.environment(COLUMNS="40"))
    assert run.returncode == 0, run.stderr
    lines = run.stdout.decode().splitlines()
    deal = next(line for line in lines if line.startswith(f"  {long_name} (0) "))
    assert deal.endswith("8D 7D 6D 5D 4D 3D 2D")
    header = next(line for line in lines if line.startswith("  trick "))
    assert header.split() == ["trick", *long_name.split(), "(0)", "Boris", "(1)", "Clara", "(2)",
                              "winner"]  # fmt: skip


def _fixtures() -> list[Path]:
    return sorted(FIXTURES.rglob("*.json"))


@pytest.mark.parametrize("path", _fixtures(), ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_no_python_reprs_in_text_output(path: Path, tricklog) -> None:  # type: ignore[no-untyped-def]
    for args in (("show",), ("audit", "--explain")):
        run = tricklog(*args, str(path))
        assert run.code in (0, 1), run.err
        for line in run.out.splitlines():
            body = line.replace(str(path), "FILE").split("::", 1)[-1]
            assert not PYTHON_REPR.search(body), (args, line)
