"""Reading and writing records: ``load`` then ``dumps`` gives back the same bytes for a record
already in canonical form (the layout ``dumps(pretty=True)`` writes), and never changes what a
record says."""

from __future__ import annotations

import random
from pathlib import Path

import orjson
import pytest

import tricklog
from records.parse import parse
from replay.registry import GAMES
from tests.conftest import FIXTURES

PARSEABLE = [
    path
    for path in sorted(FIXTURES.glob("*/*/*.json"))
    if not isinstance(parse(path.read_bytes()), list)
]


def _same_layout(a: object, b: object) -> bool:
    """Equal values with the keys of every object in the same order."""
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(_same_layout(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same_layout(x, y) for x, y in zip(a, b, strict=True))
    return a == b and type(a) is type(b)


def _is_canonical(data: bytes) -> bool:
    """Laid out as ``dumps(pretty=True)`` lays a document out, judged without it: two-space
    indents, every object's keys in the models' order, defaults left out."""
    value = orjson.loads(data)
    laid_out = orjson.dumps(value, option=orjson.OPT_INDENT_2) + b"\n" == data
    return laid_out and _same_layout(value, orjson.loads(tricklog.dumps(tricklog.loads(data))))


@pytest.mark.parametrize("path", PARSEABLE, ids=lambda p: f"{p.parts[-3]}/{p.parts[-2]}/{p.name}")
def test_every_record_round_trips(path: Path) -> None:
    data = path.read_bytes()
    record = tricklog.loads(data)
    once = tricklog.dumps(record, pretty=True)
    assert tricklog.loads(once) == record  # nothing the record says is lost or changed
    assert tricklog.dumps(tricklog.loads(once), pretty=True) == once  # and it is a fixed point
    if _is_canonical(data):
        assert once == data


def test_the_canonical_fixtures_are_most_of_them() -> None:
    """The byte-exact branch above is not vacuous: every generated or rebuilt fixture is in
    canonical form (hand-written ones may order keys as their author did)."""
    canonical = [p for p in PARSEABLE if _is_canonical(p.read_bytes())]
    assert len(canonical) >= 100
    assert all(_is_canonical(p.read_bytes()) for p in FIXTURES.glob("*/valid/generated-*.json"))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_generated_records_round_trip_byte_exact(game: str) -> None:
    for preset in GAMES[game].presets:
        record = GAMES[game].generate(random.Random(preset), preset=preset, game_id=preset)
        data = tricklog.dumps(record)
        assert tricklog.dumps(tricklog.loads(data)) == data
        pretty = tricklog.dumps(record, pretty=True)
        assert tricklog.dumps(tricklog.loads(pretty), pretty=True) == pretty
