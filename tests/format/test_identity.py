"""The hash of a record's facts (``records.identity``): the same game gives the same hash
whatever its layout, its id, meta, claims or extensions; any changed fact changes it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from records.identity import facts_json, record_hash
from records.parse import parse
from records.structs import ANY_RECORD
from tests.conftest import FIXTURES

VALID = sorted(FIXTURES.glob("*/valid/*.json"))


def _hash(document: Any) -> str:
    """The hash of a JSON document, read as the command reads it (the fast decoder)."""
    return record_hash(ANY_RECORD.decode(orjson.dumps(document)))


def _shuffled(value: Any, rng: random.Random) -> Any:
    """``value`` with the keys of every object in a random order."""
    if isinstance(value, dict):
        keys = list(value)
        rng.shuffle(keys)
        return {key: _shuffled(value[key], rng) for key in keys}
    if isinstance(value, list):
        return [_shuffled(item, rng) for item in value]
    return value


@pytest.mark.parametrize("path", VALID, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_every_reading_gives_the_same_hash(path: Path) -> None:
    data = path.read_bytes()
    expected = record_hash(ANY_RECORD.decode(data))
    assert len(expected) == 64 and int(expected, 16) >= 0
    assert record_hash(parse(data)) == expected  # the pydantic model
    assert record_hash(orjson.loads(data)) == expected  # the plain JSON object
    assert record_hash(ANY_RECORD.decode(orjson.dumps(orjson.loads(data)))) == expected  # compact


@settings(max_examples=15, deadline=None)
@given(index=st.integers(0, len(VALID) - 1), seed=st.integers(0, 2**32))
def test_key_order_and_layout_do_not_change_the_hash(index: int, seed: int) -> None:
    document = orjson.loads(VALID[index].read_bytes())
    shuffled = _shuffled(document, random.Random(seed))
    pretty = orjson.dumps(shuffled, option=orjson.OPT_INDENT_2)
    assert record_hash(ANY_RECORD.decode(pretty)) == _hash(document)


def _first(documents: list[Path], game: str) -> dict[str, Any]:
    path = next(p for p in documents if p.parent.parent.name == game)
    document: dict[str, Any] = orjson.loads(path.read_bytes())
    return document


@pytest.mark.parametrize("game", ["oh_hell", "pinochle", "bestia"])
def test_what_is_not_a_fact_does_not_change_the_hash(game: str) -> None:
    document = _first(VALID, game)
    before = _hash(document)
    document["id"] = "another-upload"
    document["meta"] = {"event": "Club night", "date": "2026-11-30", "site": "elsewhere"}
    document["extensions"] = {"uploaded_by": "someone"}
    document["claims"] = None
    for hand in document["hands"]:
        hand["claims"] = None
        hand["extensions"] = {"note": "x"}
    assert _hash(document) == before


@pytest.mark.parametrize("game", ["oh_hell", "pinochle", "bestia"])
def test_a_changed_card_changes_the_hash(game: str) -> None:
    document = _first(VALID, game)
    before = _hash(document)
    swapped = orjson.loads(orjson.dumps(document))
    seats = [cards for cards in swapped["hands"][0]["deal"]["hands"] if cards]
    j = next(j for j, card in enumerate(seats[1]) if card != seats[0][0])
    seats[0][0], seats[1][j] = seats[1][j], seats[0][0]  # two seats trade a card
    assert _hash(swapped) != before


@pytest.mark.parametrize("game", ["oh_hell", "pinochle", "bestia"])
def test_changed_rules_players_or_actions_change_the_hash(game: str) -> None:
    document = _first(VALID, game)
    before = _hash(document)
    renamed = orjson.loads(orjson.dumps(document))
    renamed["players"][0]["name"] += " Jr"
    cut = orjson.loads(orjson.dumps(document))
    cut["hands"][-1]["actions"].pop()
    other = orjson.loads(orjson.dumps(document))
    other["rules"]["preset"] = None
    assert len({before, _hash(renamed), _hash(cut), _hash(other)}) == 4


def test_the_canonical_text_is_sorted_compact_json() -> None:
    document = _first(VALID, "oh_hell")
    text = facts_json(ANY_RECORD.decode(orjson.dumps(document)))
    facts = orjson.loads(text)
    assert list(facts) == sorted(facts) == ["game", "hands", "players", "rules"]
    assert b"\n" not in text and b", " not in text
    assert "claims" not in facts["hands"][0] and "meta" not in facts


def test_not_a_record_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="not a record"):
        record_hash({"game": "whist"})
    with pytest.raises(ValueError, match="not a record"):
        record_hash(42)


@pytest.mark.parametrize(
    ("path", "published"),
    [
        (
            "oh_hell/valid/default-4p-complete-game.json",
            "b679c66e317350fcdee9daada167e814d4508868465a92ae91a2f7ad4779f959",
        ),
        (
            "pinochle/valid/double-pinochle-spades-made.json",
            "019d074a237912fc4474acd34073ddeb8c2c4e89ab66a64e9a35014d4f9df659",
        ),
        (
            "bestia/valid/exact-shares-carried-as-fractions.json",
            "d858f1c5df71ad6bb900beed1103ddfc298249a88172839d296226954c41be52",
        ),
    ],
)
def test_a_hash_stays_what_an_older_tricklog_published(path: str, published: str) -> None:
    """The hashes tricklog published before the rules gained ``dealer_order`` (4baf992): a
    rules value added later is hashed only where a record states other than its default."""
    assert record_hash(parse((FIXTURES / path).read_bytes())) == published


def test_a_later_rules_value_counts_where_it_is_not_its_default() -> None:
    document = orjson.loads((FIXTURES / "oh_hell/valid/default-4p-complete-game.json").read_bytes())
    before = _hash(document)
    assert _hash({**document, "rules": {**document["rules"], "dealer_order": "rotation"}}) == before
    stated = {**document["rules"], "dealer_order": "as_recorded"}
    assert _hash({**document, "rules": stated}) != before
