"""The environment variables tricklog reads: each checked once, the same way for every command
(a usage error naming the variable), and all of them documented in one table of the README."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from records.io import ReadFailure, iter_entries
from records.limits import MAX_SETTING, ReadLimits, SettingError
from replay.cli import environment
from tests.command import processes
from tests.conftest import FIXTURES, ROOT

RECORD = FIXTURES / "oh_hell" / "valid" / "default-3p-complete-game.json"

BAD = [
    ("TRICKLOG_MAX_RECORD_BYTES", "99999999999999999999999999999G", "is more than 1024G"),
    ("TRICKLOG_MAX_RECORD_BYTES", "1025G", "is more than 1024G"),
    ("TRICKLOG_MAX_RECORD_BYTES", "lots", "is not a number (a number of bytes"),
    ("TRICKLOG_MAX_RECORD_BYTES", "²", "is not a number"),  # a digit to isdigit(), not to int()
    ("TRICKLOG_MAX_RECORD_BYTES", "-1", "is not a number"),
    ("TRICKLOG_MAX_RATIO", "1" * 5000, "is more than"),  # beyond int()'s 4,300 digits
    ("TRICKLOG_MAX_RATIO", "16M", "is not a number (a number of times"),
    ("TRICKLOG_DEBUG", "maybe", "is not 1 or 0"),
]


def _commands(tmp_path: Path) -> list[list[str]]:
    """A run of every command that reads the limits (each input format of convert among them),
    and of some that read none."""
    text = tmp_path / "game.tln"
    text.write_text("not read\n")
    ohw = sorted((FIXTURES / "ohhellweb").glob("*.ohw"))[0]
    out = str(tmp_path / "out.jsonl")
    return [
        ["validate", str(RECORD)],
        ["audit", "-j", "2", str(RECORD)],
        ["show", str(RECORD)],
        ["view", str(RECORD), "-o", str(tmp_path / "page.html")],
        ["summarize", str(RECORD)],
        ["filter", str(RECORD), "--count"],
        ["dedupe", str(RECORD), "-o", out],
        ["convert", str(RECORD), "-o", str(tmp_path / "out.tln")],
        ["convert", str(text), "-o", out],
        ["convert", str(FIXTURES / "openspiel" / "oh_hell.txt"), "-o", out],
        ["convert", str(ohw), "-o", out],
        ["rules", "infer", str(RECORD)],
        ["generate", "oh_hell", "-o", out],
        ["codes"],
        ["--version"],
    ]


@pytest.mark.parametrize(("name", "value", "says"), BAD)
def test_a_value_tricklog_cannot_use_is_a_usage_error_in_every_command(
    name: str, value: str, says: str, tricklog: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(name, value)
    for args in _commands(tmp_path):
        run = tricklog(*args)
        assert run.code == 2, (args, run.err)
        assert run.err.startswith(f"tricklog: {name}=") and says in run.err, (args, run.err)
        assert run.err.count("\n") == 1 and "internal error" not in run.err
        assert run.out == ""
    assert not (tmp_path / "out.jsonl").exists()  # checked before anything is read or written


def test_the_message_escapes_what_the_variable_holds(
    tricklog: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TRICKLOG_MAX_RATIO", "\x1b[2J")
    run = tricklog("validate", str(RECORD))
    assert run.code == 2 and "\x1b" not in run.err and "\\x1b[2J" in run.err


def test_a_huge_limit_was_an_internal_error_in_a_real_process() -> None:
    env = processes.environment(TRICKLOG_MAX_RECORD_BYTES="99999999999999999999999999999G")
    run = processes.run("validate", RECORD, env=env)
    assert run.returncode == 2
    assert run.stderr == (
        b"tricklog: TRICKLOG_MAX_RECORD_BYTES='99999999999999999999999999999G' is more than "
        b"1024G, the most it takes (0: no limit)\n"
    )


@pytest.mark.parametrize(
    ("value", "size"),
    [("64M", 64 << 20), ("64MiB", 64 << 20), (" 64 mb ", 64 << 20), ("0", 0), ("1024G", 1 << 40)],
)
def test_the_sizes_a_limit_takes(value: str, size: int) -> None:
    found = ReadLimits.from_environment({"TRICKLOG_MAX_RECORD_BYTES": value})
    assert found.record_bytes == size
    assert MAX_SETTING == 1 << 40


def test_the_library_raises_a_value_error_that_names_the_variable() -> None:
    with pytest.raises(SettingError, match=r"TRICKLOG_MAX_RECORD_BYTES='9{29}G' is more than"):
        ReadLimits.from_environment({"TRICKLOG_MAX_RECORD_BYTES": "9" * 29 + "G"})
    assert issubclass(SettingError, ValueError)


def test_the_reader_reports_a_bad_limit_as_an_unreadable_input(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TRICKLOG_MAX_RECORD_BYTES", "²")
    [failure] = iter_entries([str(RECORD)])
    assert isinstance(failure, ReadFailure) and failure.file == "<environment>"
    assert failure.message.startswith("TRICKLOG_MAX_RECORD_BYTES='²' is not a number")


@pytest.mark.parametrize(
    ("value", "wanted"), [("1", True), ("yes", True), ("0", False), ("", False)]
)
def test_debug_is_a_yes_or_a_no(value: str, wanted: bool) -> None:
    assert environment.debug({"TRICKLOG_DEBUG": value}) is wanted  # "0" used to mean yes


def test_debug_zero_shows_no_traceback(tricklog: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("replay.cli.checking.run_check", broken)
    monkeypatch.setattr("replay.cli.validate.run_check", broken)
    monkeypatch.setenv("TRICKLOG_DEBUG", "0")
    run = tricklog("validate", str(RECORD))
    assert run.code == 3 and "internal error: RuntimeError: boom" in run.err
    monkeypatch.setenv("TRICKLOG_DEBUG", "1")
    with pytest.raises(RuntimeError, match="boom"):
        tricklog("validate", str(RECORD))


def test_the_readme_documents_every_variable_in_one_table() -> None:
    readme = (ROOT / "README.md").read_text()
    start = readme.index("| variable | read by |")
    table = readme[start : readme.index("\n\n", start)]
    documented = set(re.findall(r"^\| `(TRICKLOG_[A-Z_]+)`", table, re.MULTILINE))
    read = set()
    for folder in ("records", "replay", "tricklog", "tests", "bench"):
        for path in (ROOT / folder).rglob("*.py"):
            read |= set(re.findall(r"\b(TRICKLOG_[A-Z_]+)\b", path.read_text()))
    assert documented == read
    assert set(environment.VARIABLES) <= documented
