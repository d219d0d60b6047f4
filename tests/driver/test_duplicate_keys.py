"""Duplicate keys are a malformed record (``record.duplicate-key``), never "the last one wins".

``records.duplicates`` proves a record free of them by counting (the hot path) and reads the
document once more, exactly, only when the count leaves room for one. These tests pin both: no
duplicate goes unseen wherever it is (a property over every valid fixture, compact and
indented), and the shipped records and generated archives take the fast path.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from records.duplicates import duplicate_keys, find_duplicates, is_free_of_duplicates
from records.structs import ANY_RECORD
from replay.check import check_bytes, decode
from replay.generators import bestia, oh_hell, pinochle
from tests.conftest import FIXTURES

VALID = sorted(FIXTURES.glob("*/valid/*.json"))
GAME = FIXTURES / "oh_hell" / "valid" / "default-4p-complete-game.json"
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _codes(data: bytes) -> list[tuple[str, str, Any]]:
    report = check_bytes(data)
    return [(p.code, p.pointer, p.actual) for p in report.problems]


def _objects(
    value: Any, path: tuple[Any, ...] = ()
) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    """Every object of a decoded document with its path, in document order."""
    found: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    if isinstance(value, dict):
        found.append((path, value))
        for key, item in value.items():
            found += _objects(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _objects(item, (*path, index))
    return found


def _dumps_twice(value: Any, target: tuple[Any, ...], key: str, extra: Any, indent: bool) -> str:
    """``value`` as JSON text with ``key`` stated a second time (value ``extra``, before the
    real one) in the object at ``target``."""
    if isinstance(value, dict):
        items = []
        for k, v in value.items():
            if target == () and k == key:
                items.append(f"{json.dumps(k)}: {json.dumps(extra)}")
            items.append(
                f"{json.dumps(k)}: {_dumps_twice(v, _inner(target, k), key, extra, indent)}"
            )
        return "{" + (",\n " if indent else ",").join(items) + "}"
    if isinstance(value, list):
        parts = [
            _dumps_twice(v, _inner(target, i), key, extra, indent) for i, v in enumerate(value)
        ]
        return "[" + ", ".join(parts) + "]"
    return json.dumps(value)


def _inner(target: tuple[Any, ...], step: Any) -> tuple[Any, ...]:
    return target[1:] if target and target[0] == step else (None,)


def test_a_key_stated_twice_is_a_malformed_record_at_the_object() -> None:
    text = GAME.read_text()
    first = text.index('"type": "play"')
    seat = text.index('"seat": ', first)
    doubled = text[:seat] + '"seat": 3, ' + text[seat:]
    [problem] = check_bytes(doubled.encode()).problems
    assert (problem.code, problem.kind.value, problem.pointer, problem.hand, problem.actual) == (
        "record.duplicate-key",
        "malformed",
        "/hands/0/actions/4",
        1,
        "seat",
    )
    assert problem.message == (
        'the key "seat" is stated twice in this object; a record states each key once (a reader '
        "would silently keep only the last value)"
    )


def test_duplicates_anywhere_in_document_order_with_their_count() -> None:
    data = b'{"format_version": 1, "id": "x", "id": "y", "id": "z", "game": "oh_hell", "a": 1}'
    problems = duplicate_keys(data)
    assert [(p.pointer, p.actual, p.message.split(";")[0]) for p in problems] == [
        ("", "id", 'the key "id" is stated 3 times in this object')
    ]
    nested = b'[{"k": [{"a": 1, "b": {"c": 1, "c": 2}, "a": 2}]}, {"x~/y": 1, "x~/y": 2}]'
    assert [(p.pointer, p.actual) for p in duplicate_keys(nested)] == [
        ("/0/k/0", "a"),
        ("/0/k/0/b", "c"),
        ("/1", "x~/y"),
    ]
    assert duplicate_keys(b'{"a": 1, "a": 2') == []  # not JSON: record.json says so
    assert duplicate_keys(b"[" * 100_000 + b"]" * 100_000) == []  # too deep to read: no crash
    assert duplicate_keys(b'{"n": 1' + b"0" * 10_000 + b', "n": 2}')[0].actual == "n"


def test_a_duplicate_in_a_record_the_structs_refuse_is_reported_with_the_other_problems() -> None:
    text = GAME.read_text().replace('"id": "', '"id": 7, "id": "', 1)
    codes = [code for code, _, _ in _codes(text.encode())]
    assert codes[0] == "record.duplicate-key" and "record.schema" not in codes  # pydantic: last
    refused = GAME.read_text().replace('"seat": 0', '"seat": 0, "seat": 11', 1)
    codes = [code for code, _, _ in _codes(refused.encode())]
    assert codes[0] == "record.duplicate-key" and len(codes) > 1


def test_a_null_stated_before_a_value_and_a_key_left_out_elsewhere_is_still_found() -> None:
    # Counting alone cannot tell these two apart: the exact reading must be made.
    data = orjson.loads(GAME.read_bytes())
    del data["hands"][5]["claims"]
    text = orjson.dumps(data).decode()
    at = text.index('"claims":{')
    doubled = (text[:at] + '"claims":null,' + text[at:]).encode()
    assert _codes(doubled) == [("record.duplicate-key", "/hands/0", "claims")]


def test_keys_with_spaces_before_the_colon_and_colons_in_text_are_counted_right() -> None:
    data = orjson.loads(GAME.read_bytes())
    data["meta"] = {"source": "https://example.org/a:b", "date": "2024-05-01T19:30"}
    data["players"][0]["name"] = 'An "na": x'
    text = orjson.dumps(data)
    record = ANY_RECORD.decode(text)
    assert is_free_of_duplicates(text, record)  # colons in its text, counted from the record
    assert decode(text) == record
    spaced = text.replace(b'"seat":', b'"seat" :')
    assert is_free_of_duplicates(spaced, ANY_RECORD.decode(spaced))
    escaped = text.replace(b"a:b", b"a\\u003ab")
    assert not is_free_of_duplicates(escaped, ANY_RECORD.decode(escaped))
    assert find_duplicates(escaped, ANY_RECORD.decode(escaped)) == []


@pytest.mark.parametrize("path", VALID, ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_every_valid_fixture_is_proved_free_of_duplicates_by_counting(path: Path) -> None:
    text = path.read_bytes()
    compact = orjson.dumps(orjson.loads(text))
    for data in (text, compact):
        record = ANY_RECORD.decode(data)
        if b"null" in data:  # a null may be a default written out: counting cannot vouch for it
            assert find_duplicates(data, record) == []
        else:
            assert is_free_of_duplicates(data, record)


@pytest.mark.parametrize("module", [oh_hell, pinochle, bestia], ids=lambda m: m.__name__)
def test_generated_records_are_proved_free_of_duplicates_by_counting(module: Any) -> None:
    for seed in range(5):
        record = module.generate(random.Random(seed))
        data = orjson.dumps(record.model_dump(mode="json", exclude_defaults=True))
        assert is_free_of_duplicates(data, ANY_RECORD.decode(data))


@SETTINGS
@given(data=st.data(), which=st.sampled_from(VALID), indent=st.booleans())
def test_a_key_stated_twice_anywhere_is_always_found(
    data: st.DataObject, which: Path, indent: bool
) -> None:
    document = orjson.loads(which.read_bytes())
    objects = [(path, obj) for path, obj in _objects(document) if obj]
    path, obj = data.draw(st.sampled_from(objects), label="object")
    key = data.draw(st.sampled_from(sorted(obj)), label="key")
    extra = data.draw(st.sampled_from([None, obj[key], 0, "x", [], {}]), label="first value")
    text = _dumps_twice(document, path, key, extra, indent).encode()
    expected = "".join("/" + re.sub("~", "~0", str(p)).replace("/", "~1") for p in path)
    problems = check_bytes(text).problems
    assert problems[0].code == "record.duplicate-key", problems[:3]
    assert (problems[0].pointer, problems[0].actual) == (expected, key)


def test_defaults_written_out_are_proved_free_without_the_exact_reader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A converter that writes the whole rules block (every default stated) leaves keys the
    # counters cannot vouch for; orjson's round trip proves such a record free of duplicates,
    # so the slow exact reader is not run, and a duplicate in it is still found.
    data = orjson.loads(GAME.read_bytes())
    data["rules"] = {
        "decks": 1,
        "identical_cards": "first_wins",
        "dealer_order": "rotation",
        **data["rules"],
    }
    text = orjson.dumps(data)
    record = ANY_RECORD.decode(text)
    assert b"\\u" not in text
    with monkeypatch.context() as patched:
        patched.setattr("records.duplicates.duplicate_keys", _never)
        assert find_duplicates(text, record) == []
    at = text.index(b'"decks":')
    doubled = text[:at] + b'"decks":2,' + text[at:]
    assert _codes(doubled) == [("record.duplicate-key", "/rules", "decks")]


def _never(data: bytes) -> list[Any]:
    raise AssertionError("the exact reader ran where orjson's round trip could tell")
