"""``tricklog convert`` as a user meets it: exit codes, the report, --list, --allow-loss.

The command is not wired into ``replay.cli.app`` yet, so these tests call its function, and
parse its options through an app of their own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import typer

import records.formats.text as notation
from records.formats.registry import FORMATS
from records.parse import dumps, parse
from records.words import number_of
from replay.cli.convert import convert
from replay.cli.exit_codes import Exit
from replay.cli.options import OutputFormat
from tests.conftest import FIXTURES

VALID = sorted(FIXTURES.glob("oh_hell/valid/*.json"))
TRUNCATED = next(FIXTURES.glob("oh_hell/invalid/record.json--*.json"))


def _run(capsys: pytest.CaptureFixture[str], **options: Any) -> tuple[int, str, str]:
    options.setdefault("report_format", OutputFormat.TEXT)
    code = convert(**options)
    captured = capsys.readouterr()
    return int(code), captured.out, captured.err


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command("convert")(convert)

    @app.callback()
    def _group() -> None:
        """A group, so that the command is called by its name as under tricklog."""

    return app


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        result = _app()(args=["convert", *args], standalone_mode=False)
    except typer.Exit as exc:
        result = exc.exit_code
    except Exception as exc:  # a usage error: Click's exception, as tricklog's main sees it
        result = Exit.USAGE if hasattr(exc, "show") else exc
    captured = capsys.readouterr()
    assert isinstance(result, int), result
    return int(result), captured.out, captured.err


def test_a_lossless_conversion_exits_0(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "games.tln"
    code, stdout, _ = _run(capsys, inputs=[str(p) for p in VALID], output=str(out))
    assert code == Exit.OK
    assert stdout == f"{number_of(len(VALID), 'record')} to text: wrote {out}\n"
    assert [r.record for r in notation.loads(out.read_text())] == [
        parse(p.read_bytes()) for p in VALID
    ]


def test_the_notation_converts_back_byte_for_byte(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text, back = tmp_path / "games.tln", tmp_path / "games.jsonl"
    _run(capsys, inputs=[str(p) for p in VALID], output=str(text))
    code, _, _ = _run(capsys, inputs=[str(text)], output=str(back))
    assert code == Exit.OK
    assert back.read_bytes() == b"".join(dumps(parse(p.read_bytes())) + b"\n" for p in VALID)  # type: ignore[arg-type]


def test_an_input_that_is_not_a_record_exits_1_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "out.tln"
    code, stdout, _ = _run(capsys, inputs=[str(VALID[0]), str(TRUNCATED)], output=str(out))
    assert code == Exit.PROBLEMS and not out.exists()
    assert f"FAIL {TRUNCATED}  not a record\n  {TRUNCATED}::/ record.json [malformed]: " in stdout
    assert stdout.endswith(
        "1 record to text, 1 input not a record: nothing written "
        "(--allow-loss writes what can be written)\n"
    )
    code, stdout, _ = _run(
        capsys, inputs=[str(VALID[0]), str(TRUNCATED)], output=str(out), allow_loss=True
    )
    assert code == Exit.PROBLEMS and out.exists()  # written, but a record had a problem
    assert stdout.endswith(f"1 record to text, 1 input not a record: wrote {out}\n")


def test_the_json_report(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    code, stdout, _ = _run(
        capsys,
        inputs=[str(VALID[0]), str(TRUNCATED)],
        output=str(out),
        report_format=OutputFormat.JSON,
    )
    report = json.loads(stdout)
    assert code == Exit.PROBLEMS
    assert report["command"] == "convert" and report["written"] is False
    assert report["summary"] == {
        "records": 1,
        "losses": 1,
        "rejected": 1,
        "unreadable": 0,
        "written": False,
    }
    assert report["losses"][0]["source"] == str(TRUNCATED)


def test_unreadable_input_and_unwritable_output_exit_3(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "missing.json"
    code, _, stderr = _run(capsys, inputs=[str(missing)], output=str(tmp_path / "o.tln"))
    assert code == Exit.UNREADABLE
    assert stderr == f"error: {missing}: no such file or directory\n"
    code, _, stderr = _run(capsys, inputs=[str(VALID[0])], output=str(tmp_path / "no/o.tln"))
    assert code == Exit.UNREADABLE
    assert stderr.startswith(f"error: {tmp_path / 'no/o.tln'}: cannot write")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-o", "x.xyz"], "error: cannot tell the output format from 'x.xyz'; say --to "),
        (["-o", "x.json", "--to", "xml"], "error: unknown format 'xml'; expected one of "),
        (["-o", "x.json", "--from", "xml"], "error: unknown format 'xml'; expected one of "),
        (["-o", "x.json", "--form", "tiny"], "error: json: unknown form 'tiny'"),
        ([], "error: give -o OUTPUT (or --list to see the formats)"),
    ],
)
def test_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str
) -> None:
    code, _, stderr = _cli(capsys, str(VALID[0]), *args)
    assert code == Exit.USAGE
    assert stderr.startswith(message)
    assert not list(tmp_path.iterdir())


def test_options_and_standard_streams(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = tmp_path / "game.txt"  # a name that does not say the format: --from does
    text.write_text(notation.dumps(parse(VALID[0].read_bytes())))  # type: ignore[arg-type]
    out = tmp_path / "game.json"
    code, stdout, _ = _cli(capsys, str(text), "--from", "text", "-o", str(out), "--form", "compact")
    assert code == Exit.OK, stdout
    assert out.read_bytes() == dumps(parse(VALID[0].read_bytes())) + b"\n"  # type: ignore[arg-type]
    code, stdout, stderr = _cli(capsys, str(text), "-o", "-", "--to", "jsonl")
    assert code == Exit.OK
    assert stdout == out.read_text()  # the records on stdout, the report on stderr
    assert stderr == "1 record to jsonl: wrote -\n"


def test_list_says_what_each_format_holds_and_loses(capsys: pytest.CaptureFixture[str]) -> None:
    code, stdout, _ = _cli(capsys, "--list")
    assert code == Exit.OK
    assert stdout.startswith("json  .json  (read and write; forms pretty, compact, canonical")
    assert "text  .tln  (read and write)\n" in stdout
    assert "    loses: nothing" in stdout
    code, stdout, _ = _cli(capsys, "--list", "--format", "json")
    formats = json.loads(stdout)["formats"]
    assert [f["name"] for f in formats] == list(FORMATS)
    assert all(
        {"holds", "loses", "suffixes", "forms", "reads", "writes"} <= set(f) for f in formats
    )


def test_the_command_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, stdout, _ = _cli(capsys, "--help")
    assert code == Exit.OK
    assert "--allow-loss" in stdout and "--from" in stdout and "--list" in stdout
