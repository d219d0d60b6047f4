"""Every shipped fixture through the command, as a user would run it.

``fixtures/<game>/valid/*.json`` must audit clean (exit 0). ``fixtures/<game>/invalid/`` files
are named ``<problem-code>--<what>.json`` and must exit 1 with that code as the first problem.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from replay.registry import GAMES
from tests.conftest import FIXTURES

VALID = sorted(FIXTURES.glob("*/valid/*.json"))
INVALID = sorted(FIXTURES.glob("*/invalid/*.json"))


def test_every_game_has_fixtures() -> None:
    for game in GAMES:
        assert any(p.parts[-3] == game for p in VALID), f"no valid fixture for {game}"
        assert any(p.parts[-3] == game for p in INVALID), f"no invalid fixture for {game}"


@pytest.mark.parametrize("path", VALID, ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_valid_fixture_audits_clean(path: Path, tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("audit", str(path), "--format", "json")
    report = json.loads(run.out)
    assert report["records"][0]["problems"] == []
    assert run.code == 0
    assert report["records"][0]["hands"], "a valid fixture has hands"


@pytest.mark.parametrize("path", INVALID, ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_invalid_fixture_fails_with_its_code(path: Path, tricklog) -> None:  # type: ignore[no-untyped-def]
    code = path.name.split("--")[0]
    run = tricklog("audit", str(path), "--format", "json")
    assert run.code == 1
    problems = json.loads(run.out)["records"][0]["problems"]
    assert problems[0]["code"] == code
    # The text report names the file, the pointer and the code too.
    text = tricklog("audit", str(path))
    assert f"{path}::{problems[0]['pointer'] or '/'} {code}" in text.out


def test_fixture_directories_audit_as_a_whole(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("audit", *(str(p) for p in sorted(FIXTURES.glob("*/valid"))), "-q")
    assert run.code == 0, run.out
