"""docs/records.md: its example of each game is a complete record, valid as written.

The examples are read from the page itself, so the page cannot show a record that tricklog
refuses; each states its rules as ``tricklog rules GAME PRESET --players N --format json``
prints them, as the page tells a reader to do.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import tricklog
from records.record import GAMES
from records.rulebook import rules_block, seats_parameter
from tests.conftest import ROOT

PAGE = ROOT / "docs" / "records.md"


def examples() -> list[dict[str, Any]]:
    text = PAGE.read_text(encoding="utf-8")
    section = text.split("\n## Examples\n", 1)[1].split("\n## ", 1)[0]
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)\n```", section, re.DOTALL)]


def test_the_page_has_one_example_of_each_game() -> None:
    assert sorted(e["game"] for e in examples()) == sorted(GAMES)


@pytest.mark.parametrize("example", examples(), ids=lambda e: e["game"])
def test_each_example_is_valid_and_every_claim_it_makes_matches(example: dict[str, Any]) -> None:
    record = tricklog.loads(json.dumps(example))
    report = tricklog.check(record)
    assert report.valid, [p.message for p in report.problems]
    statuses = {c.status.value for hand in report.hands for c in hand.claims}
    assert statuses <= {"match", "missing"} and "match" in statuses


@pytest.mark.parametrize("example", examples(), ids=lambda e: e["game"])
def test_each_example_states_the_rules_block_its_preset_prints(example: dict[str, Any]) -> None:
    game, rules = example["game"], example["rules"]
    assert rules == rules_block(game, rules["preset"], rules[seats_parameter(game)])
