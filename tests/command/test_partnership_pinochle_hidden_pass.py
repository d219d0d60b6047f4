"""What the commands show of Partnership Pinochle passes not logged (``"cards": null``,
docs/partial.md): the fixtures audit clean (under stated melds every claim checked, under
``online`` the claims the hidden melds decide unchecked with a reason); ``show`` and the score
sheet write the call; the docs' example is what ``audit`` prints."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from tests.command.partial import run_docs_example
from tests.conftest import FIXTURES

VALID = FIXTURES / "partnership_pinochle/valid"
STATED = VALID / "passes-not-logged-default-sitting.json"
AUTOMATIC = VALID / "passes-not-logged-online-two-hands.json"


def _record(tricklog, path: Path) -> dict:  # type: ignore[no-untyped-def,type-arg]
    run = tricklog("audit", "--format", "json", str(path))
    assert run.code == 0
    found: dict = json.loads(run.out)["records"][0]  # type: ignore[type-arg]
    assert found["problems"] == []
    return found


def test_under_stated_melds_every_claim_is_checked(tricklog) -> None:  # type: ignore[no-untyped-def]
    for hand in _record(tricklog, STATED)["hands"]:
        assert hand["notes"][0].startswith("a pass was not logged: the cards of seats")
        assert all(c["status"] == "match" for c in hand["claims"])


def test_under_automatic_melds_what_they_decide_is_unchecked_with_a_reason(tricklog) -> None:  # type: ignore[no-untyped-def]
    record = _record(tricklog, AUTOMATIC)
    unchecked = [c for h in record["hands"] for c in h["claims"] if c["status"] == "unchecked"]
    assert {c["name"] for c in unchecked} == {
        "made",
        "player_meld",
        "team_meld",
        "team_score",
        "team_total",
    }
    assert all("a pass was not logged" in c["reason"] for c in unchecked)
    assert any(
        c["status"] == "match" and c["name"] == "team_score" for c in record["hands"][0]["claims"]
    )


def test_show_and_the_score_sheet_write_the_call(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("show", str(STATED), "--hand", "1")
    assert run.code == 0
    assert "Anna (0) passes cards to seat 2 (not logged);" in run.out
    out = tmp_path / "sheet.csv"
    assert tricklog("convert", str(STATED), "-o", str(out), "--allow-loss").code == 0
    rows = [r for r in csv.DictReader(io.StringIO(out.read_text())) if r["hand"] == "1"]
    assert "passes cards to seat 2 (not logged)" in rows[0]["calls"]


def test_the_docs_example_is_what_the_command_prints(tricklog, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """docs/partial.md shows ``audit`` of the invalid fixture in its section on passes not
    logged, run from the repository's root."""
    run, shown = run_docs_example(tricklog, monkeypatch, "Partnership Pinochle: a pass not logged")
    assert run.code == 1
    printed = run.out.splitlines()
    assert printed[: len(shown)] == shown
    assert printed[len(shown) :][0].startswith("checked in ")  # the time taken varies
