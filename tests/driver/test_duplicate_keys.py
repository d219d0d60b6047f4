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

import msgspec
import msgspec.inspect as mi
import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from records.duplicates import duplicate_keys, find_duplicates, is_free_of_duplicates
from records.keycounts import record_colons, record_keys
from records.structs import ANY_RECORD, Record
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


def test_a_document_with_nulls_and_colons_in_its_text_is_judged_right_either_way() -> None:
    # A null sends the count to the presence decoder before the free text's colons are
    # counted: the answer is the same as in the other order, free, or a duplicate found.
    data = orjson.loads(GAME.read_bytes())
    data["meta"] = {"source": "https://example.org/a:b", "date": "2024-05-01T19:30"}
    data["hands"][0]["deal"]["stock"] = None  # a default written out
    text = orjson.dumps(data)
    assert b"null" in text and text.count(b'":') < text.count(b":")
    assert is_free_of_duplicates(text, ANY_RECORD.decode(text))
    doubled = text.replace(b'"meta":{', b'"meta":{"date":"x:y",', 1)
    assert not is_free_of_duplicates(doubled, ANY_RECORD.decode(doubled))
    assert _codes(doubled) == [("record.duplicate-key", "/meta", "date")]


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


# -- records that write optional fields out at their defaults: the presence decoder ------------

RECORD_TYPE = mi.type_info(Record)


def _with_defaults(
    value: Any, t: Any, path: tuple[Any, ...], added: list[tuple[Any, ...]], actions: bool
) -> Any:
    """``value`` (a decoded record, or part of one, of type ``t``) with every optional field of
    every object that leaves it out written out at its default value, after the others (and,
    with ``actions``, those of every action, such as a reason, first left out); the place of
    each key written so is appended to ``added``."""
    t = t.type if isinstance(t, mi.Metadata) else t
    if isinstance(t, mi.StructType) and isinstance(value, dict):
        fields = {f.name: f for f in t.fields}
        if actions and t.tag_field == "type":
            value = {k: v for k, v in value.items() if k not in fields or fields[k].required}
        out = {
            k: _with_defaults(v, fields[k].type, (*path, k), added, actions) if k in fields else v
            for k, v in value.items()
        }
        for f in t.fields:
            if not f.required and f.name not in out:
                out[f.name] = msgspec.to_builtins(f.default)
                added.append((*path, f.name))
        return out
    if isinstance(t, mi.UnionType):
        members = [m.type if isinstance(m, mi.Metadata) else m for m in t.types]
        structs = [m for m in members if isinstance(m, mi.StructType)]
        if isinstance(value, dict) and structs:
            chosen = [m for m in structs if not m.tag_field or value.get(m.tag_field) == m.tag]
            return _with_defaults(value, chosen[0], path, added, actions)
        lists = [m for m in members if isinstance(m, mi.ListType | mi.VarTupleType)]
        if isinstance(value, list) and lists:
            return _with_defaults(value, lists[0], path, added, actions)
        return value
    if isinstance(t, mi.ListType | mi.VarTupleType) and isinstance(value, list):
        return [
            _with_defaults(v, t.item_type, (*path, i), added, actions) for i, v in enumerate(value)
        ]
    return value


def _defaults_written(
    path: Path, *, actions: bool = False
) -> tuple[dict[str, Any], list[tuple[Any, ...]]]:
    """A valid fixture with every optional field written out at its default (with ``actions``,
    every optional field of an action at its default), and the places of the keys written so."""
    added: list[tuple[Any, ...]] = []
    document = _with_defaults(orjson.loads(path.read_bytes()), RECORD_TYPE, (), added, actions)
    return document, added


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        document = document[step]
    return document


def _no_round_trip(data: bytes, colons: int) -> bool:
    raise AssertionError("orjson's round trip ran where the presence decoder could tell")


@pytest.mark.parametrize("actions", [False, True], ids=["as-is", "actions-at-defaults"])
@pytest.mark.parametrize("path", VALID, ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_every_default_written_out_is_proved_free_by_the_presence_decoder(
    path: Path, actions: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every optional field of every object written out at its default (a full rules block,
    # "stock": null, "reason": null, "announced": false ...): the counters cannot vouch for
    # those keys, the presence decoder counts them, without orjson's round trip or the exact
    # reader; compact, indented, and with colons in the free text.
    document, added = _defaults_written(path, actions=actions)
    assert added  # every fixture leaves some out (a full rules block is rare)
    with_text = {**document, "meta": {"source": "https://example.org/a:b", "site": None}}
    monkeypatch.setattr("records.duplicates._same_colons_once_read", _no_round_trip)
    monkeypatch.setattr("records.duplicates.duplicate_keys", _never)
    for value in (document, with_text):
        for data in (orjson.dumps(value), json.dumps(value, indent=1).encode()):
            record = ANY_RECORD.decode(data)
            assert data.count(b":") > record_keys(record) + record_colons(record)
            assert is_free_of_duplicates(data, record)
            assert find_duplicates(data, record) == []


def test_the_presence_decoder_sees_defaults_in_every_kind_of_object() -> None:
    # The defaults written out include those of actions (Oh Hell's and Bestia's abandonment,
    # Pinochle's burial), found by their types among the actions of a hand.
    kinds = set()
    for path in VALID:
        document, added = _defaults_written(path, actions=True)
        kinds |= {
            (document["game"], _at(document, place[:-1]).get("type"), place[-1])
            for place in added
            if "actions" in place
        }
    assert {
        ("oh_hell", "abandon", "reason"),
        ("bestia", "abandon", "reason"),
        ("pinochle", "bury", "announced"),
    } <= kinds


def _doubled(data: bytes, before: bytes, key: bytes, start: int = 0) -> bytes:
    """``data`` with ``key`` (``b'"decks":1'``) stated once more before ``before``."""
    at = data.index(before, start)
    return data[:at] + key + b"," + data[at:]


def test_a_duplicate_beside_defaults_written_out_is_found() -> None:
    document, _ = _defaults_written(GAME)
    text = orjson.dumps(document)
    record = ANY_RECORD.decode(text)
    assert find_duplicates(text, record) == []
    # an optional key stated twice at its default
    doubled = _doubled(text, b'"decks":1', b'"decks":1')
    assert not is_free_of_duplicates(doubled, ANY_RECORD.decode(doubled))
    assert _codes(doubled) == [("record.duplicate-key", "/rules", "decks")]
    doubled = _doubled(text, b'"rebuilt":false', b'"rebuilt":false')
    assert _codes(doubled) == [("record.duplicate-key", "/hands/0/deal", "rebuilt")]
    # a required key stated twice where an optional one at its default is left out: as many
    # colons as the record has with every default written out
    full = text.count(b":")
    del document["hands"][0]["deal"]["rebuilt"]
    text = orjson.dumps(document)
    play = text.index(b'"type":"play"')
    doubled = _doubled(text, b'"seat":', b'"seat":3', play)
    assert doubled.count(b":") == full
    record = ANY_RECORD.decode(doubled)
    assert not is_free_of_duplicates(doubled, record)
    assert [(p.code, p.pointer, p.actual) for p in find_duplicates(doubled, record)] == [
        ("record.duplicate-key", "/hands/0/actions/4", "seat")
    ]


@SETTINGS
@given(data=st.data(), which=st.sampled_from(VALID), indent=st.booleans())
def test_a_key_stated_twice_beside_defaults_written_out_is_always_found(
    data: st.DataObject, which: Path, indent: bool
) -> None:
    # As the property above, on documents with every default written out, one of them perhaps
    # left out again elsewhere (so that the colons match a count that assumed them all), and
    # the key's first value its own or its default, so that the structs still read the record
    # and the counting is what must find the duplicate.
    document, added = _defaults_written(which)
    objects = [(path, obj) for path, obj in _objects(document) if obj]
    path, obj = data.draw(st.sampled_from(objects), label="object")
    key = data.draw(st.sampled_from(sorted(obj)), label="key")
    others = [place for place in added if place != (*path, key)]
    if others and data.draw(st.booleans(), label="leave a default out"):
        place = data.draw(st.sampled_from(others), label="left out")
        del _at(document, place[:-1])[place[-1]]
    text = _dumps_twice(document, path, key, obj[key], indent).encode()
    expected = "".join("/" + re.sub("~", "~0", str(p)).replace("/", "~1") for p in path)
    record = ANY_RECORD.decode(text)
    assert not is_free_of_duplicates(text, record)
    problems = find_duplicates(text, record)
    assert [(p.code, p.pointer, p.actual) for p in problems] == [
        ("record.duplicate-key", expected, key)
    ]


@pytest.mark.parametrize("path", VALID, ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_a_key_stated_twice_in_any_kind_of_object_beside_defaults_is_found(path: Path) -> None:
    # Deterministic beside the property above: in every fixture with every default written
    # out, each kind of object (every object but the actions, and the first action of each
    # type) with its first key stated twice, at its own value.
    document, _ = _defaults_written(path, actions=True)
    seen: set[Any] = set()
    for place, obj in _objects(document):
        if not obj:
            continue
        if "actions" in place:
            kind = (place[-2], obj.get("type"))
            if kind in seen:
                continue
            seen.add(kind)
        key = next(iter(obj))
        text = _dumps_twice(document, place, key, obj[key], False).encode()
        record = ANY_RECORD.decode(text)
        assert not is_free_of_duplicates(text, record), (place, key)
        expected = "".join("/" + str(p) for p in place)
        assert [(p.pointer, p.actual) for p in find_duplicates(text, record)] == [(expected, key)]


def test_where_the_presence_decoder_cannot_read_orjson_tells(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The fallback of the fallback: a presence decoder that fails leaves orjson's round trip,
    # exact as before, and the exact reader for a duplicate.
    class Failing:
        def decode(self, data: bytes) -> Any:
            raise msgspec.DecodeError("cannot")

    monkeypatch.setattr("records.duplicates._presence", lambda: (Failing(), None))
    document, _ = _defaults_written(GAME)
    text = orjson.dumps(document)
    with monkeypatch.context() as patched:
        patched.setattr("records.duplicates.duplicate_keys", _never)
        assert find_duplicates(text, ANY_RECORD.decode(text)) == []
    doubled = _doubled(text, b'"decks":1', b'"decks":1')
    assert _codes(doubled) == [("record.duplicate-key", "/rules", "decks")]
