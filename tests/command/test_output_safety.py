"""What a record or a file name holds never crashes a report and never acts on the terminal:
integers of any size, rich markup and emoji codes, control characters and escape sequences,
file names that are not UTF-8, and a reader that closes the pipe early."""

from __future__ import annotations

import io
import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from records.io import ReadFailure
from records.problems import Kind, Problem
from replay.cli.reporters import JsonReporter, TextReporter
from replay.encode import json_bytes
from replay.report import RecordReport
from replay.summary import Summary
from replay.text import printable
from tests.command import processes
from tests.conftest import FIXTURES

VALID = FIXTURES / "oh_hell" / "valid" / "slam-small-nil-5-3p.json"
HUGE = 2**70
ESCAPES = ("\x1b[31mRED\x1b[0m\x07", "\x1b]0;title\x07", "\x9b2J", "bell\x07\r", "\u202eevil")


def _record(**changes: Any) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(VALID.read_text())
    for key, value in changes.items():
        if key == "name":
            record["players"][0]["name"] = value
        else:
            record[key] = value
    return record


def _write(path: Path, record: dict[str, Any]) -> Path:
    path.write_text(json.dumps(record))
    return path


# --- integers beyond 64 bits -----------------------------------------------------------------


def test_json_of_integers_beyond_64_bits_is_exact() -> None:
    value = {"a": HUGE, "b": -HUGE, "c": [1, 2**64], "e": "text"}
    assert json.loads(json_bytes(value)) == value
    assert json_bytes([-(10**5000)]) == b"[-1" + b"0" * 5000 + b"]"  # past str()'s digit limit


@pytest.mark.parametrize("command", ["validate", "audit"])
def test_json_report_of_a_huge_number_in_a_record(command: str, tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    record = _record(extensions={"big": HUGE})
    record["hands"][0]["actions"][0]["tricks"] = HUGE
    path = _write(tmp_path / "big.json", record)
    run = tricklog(command, "--format", "json", str(path), str(VALID))
    assert run.code == 1, run.err
    report = json.loads(run.out)  # one whole document, every record in it
    assert [r["valid"] for r in report["records"]] == [False, True]
    assert "internal error" not in run.err


def test_json_reporter_writes_a_huge_value_exactly() -> None:
    out = io.BytesIO()
    reporter = JsonReporter(out, "validate", detail=False)
    problem = Problem("bid.out-of-range", Kind.ILLEGAL, "too many", "/hands/0", actual=HUGE)
    report = RecordReport(source="x.json", record_id="x", game="oh_hell", problems=[problem])
    summary = Summary()
    summary.add(report)
    reporter.add(report)
    reporter.close(summary)
    assert json.loads(out.getvalue())["records"][0]["problems"][0]["actual"] == HUGE


# --- markup and emoji codes ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["[/]", "[bold red]Anna[/]", ":100: Anna", "[link=x]y"])
def test_markup_in_a_player_name_is_printed_as_written(name: str, tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = _write(tmp_path / "game.json", _record(name=name, id=f"id {name}"))
    run = tricklog("show", str(path))
    assert run.code == 0, run.err
    assert f"{name} (0)" in run.out
    assert f"id {name}" in run.out
    assert tricklog("validate", "-v", str(path)).out.startswith(f"ok   {path}  oh_hell id {name} ")


def test_markup_and_emoji_codes_in_a_file_name_are_printed_as_written(
    tricklog, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "file:100::[" / "]x.json"  # shows as file:100::[/]x.json
    path.parent.mkdir()
    path.write_bytes(VALID.read_bytes())
    for command in ("validate", "audit", "show"):
        run = tricklog(command, *(["-v"] if command != "show" else []), str(path))
        assert run.code == 0, run.err
        assert str(path) in run.out
        assert "💯" not in run.out
    broken = tmp_path / ":100:[bold]broken.json"
    broken.write_text("{not json")
    assert f"{broken}::/ record.json" in tricklog("validate", str(broken)).out
    missing = tricklog("validate", str(tmp_path / "[red]:100:.json"))
    assert f"error: {tmp_path / '[red]:100:.json'}: no such file" in missing.err


# --- control characters and escape sequences -------------------------------------------------


@pytest.mark.parametrize("text", ESCAPES)
def test_control_characters_in_a_record_never_reach_the_terminal(
    text: str, tricklog, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    record = _record(name=text, id=text)
    record["hands"][0]["actions"][0]["tricks"] = 99  # a problem line, with the names around it
    record["extensions"] = {text: text}
    path = _write(tmp_path / "game.json", record)
    escaped = printable(text)
    assert escaped != text
    for args in (("show",), ("validate",), ("audit", "--explain")):
        run = tricklog(*args, str(path))
        assert run.code == 1
        shown = run.out + run.err
        assert not any(c in shown for c in "\x1b\x07\r\x9b\u202e"), args
        assert escaped in shown, args
    unknown = _write(tmp_path / "unknown.json", {**_record(), text: 1})
    run = tricklog("validate", str(unknown))
    assert run.code == 1 and escaped in run.out and "\x1b" not in run.out


def test_control_characters_in_a_file_name_are_escaped(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "a\x1b[2Jb\nc.json"
    path.write_bytes(VALID.read_bytes())
    for command in ("validate", "audit", "show"):
        run = tricklog(command, *(["-v"] if command != "show" else []), str(path))
        assert run.code == 0
        assert "a\\x1b[2Jb\\nc.json" in run.out
        assert "\x1b" not in run.out
    assert tricklog("validate", str(path), "--format", "json").code == 0  # JSON escapes its own
    missing = tricklog("show", str(tmp_path / "\x1b[2J.json"))
    assert missing.code == 3 and "\\x1b[2J.json" in missing.err and "\x1b" not in missing.err


def test_control_characters_on_the_command_line_are_escaped(tricklog) -> None:  # type: ignore[no-untyped-def]
    for args in (
        ("\x1b[2J",),
        ("generate", "\x1b[2J"),
        ("generate", "oh_hell", "--preset", "\x1b[2J"),
        ("validate", "--format", "\x1b[2J", str(VALID)),
        ("show", str(VALID), "--hand", "\x1b[2J"),
    ):
        run = tricklog(*args)
        assert run.code == 2, args
        assert "\x1b" not in run.err + run.out, args


def test_text_reporter_escapes_an_unreadable_file_s_name() -> None:
    out, err = io.StringIO(), io.StringIO()
    reporter = TextReporter(out, err, quiet=False, explain=False, audit=False)
    reporter.add(ReadFailure("x\x1b[2J.json", "cannot read: \x07"))
    assert err.getvalue() == "error: x\\x1b[2J.json: cannot read: \\x07\n"


# --- file names that are not UTF-8 ------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["utf-8:strict", "ascii:strict"])
def test_a_file_name_that_is_not_utf8(encoding: str, tmp_path: Path) -> None:
    name = os.fsdecode(b"caf\xe9-\xff.json")
    (tmp_path / name).write_bytes(VALID.read_bytes())
    env = processes.environment(PYTHONIOENCODING=encoding)
    for args in (("validate", "-v"), ("audit", "--format", "json"), ("show",), ("validate", "-q")):
        run = processes.run(*args, name, cwd=tmp_path, env=env)
        assert run.returncode == 0, (args, run.stderr)
        assert b"Traceback" not in run.stderr and b"internal error" not in run.stderr
        if "json" in args:
            assert json.loads(run.stdout)["records"][0]["source"] == "caf\\xe9-\\xff.json"
        elif "-q" not in args:
            assert b"caf\\xe9-\\xff.json" in run.stdout
    listing = processes.run("validate", ".", "--format", "json", cwd=tmp_path, env=env)
    assert listing.returncode == 0
    assert json.loads(listing.stdout)["records"][0]["source"].endswith("caf\\xe9-\\xff.json")


def test_a_strict_ascii_stdout_still_gets_the_cards(tmp_path: Path) -> None:
    # show writes cards as the record does (docs/notation.md): nothing to escape for ASCII
    run = processes.run("show", VALID, env=processes.environment(PYTHONIOENCODING="ascii"))
    assert run.returncode == 0, run.stderr
    assert b"turned up 3H \\xb7 trump H \\xb7 complete\n" in run.stdout  # the dot escaped
    assert b"  Anna (0)   8D 7D 6D 5D 4D 3D 2D\n" in run.stdout


# --- a reader that goes away -------------------------------------------------------------------


@pytest.fixture(scope="module")
def many(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An archive whose report is far bigger than a pipe's buffer."""
    line = json.dumps(json.loads(VALID.read_text())) + "\n"
    path = tmp_path_factory.mktemp("pipe") / "many.jsonl"
    path.write_text(line * 4000)
    return path


@pytest.mark.parametrize(
    "args",
    [
        ("validate", "-v"),
        ("audit", "--explain"),
        ("validate", "--format", "json"),
        ("show",),
        ("generate", "oh_hell", "-n", "1000000"),
    ],
)
def test_a_closed_pipe_ends_the_run_quietly(args: tuple[str, ...], many: Path) -> None:
    """``tricklog validate ... | head -1``: exit 0, nothing on stderr."""
    paths = [] if args[0] == "generate" else [many]
    process = processes.start(*args, *paths, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    try:
        assert process.stdout.readline()
        process.stdout.close()
        code = process.wait(timeout=120)
    finally:
        if process.poll() is None:  # a tricklog that ignored the closed pipe must not run on
            process.kill()
            process.wait()
    assert process.stderr.read() == b""
    assert code == 0
