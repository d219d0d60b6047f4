"""The limits (``records.limits``): each one stops what exceeds it with a clear message, memory
stays bounded whatever the input, and the structural limits are the same in the models, the
generated msgspec structs and the published schema.

The read limits are small here (a parameter of ``iter_entries``) so that endless inputs end at
once; the defaults are measured with ``/usr/bin/time -v`` outside the tests.
"""

from __future__ import annotations

import gzip
import io
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from records.io import Entry, ReadFailure, iter_entries
from records.limits import (
    MAX_ACTIONS,
    MAX_DEPTH,
    MAX_HANDS,
    MAX_INT,
    MAX_TEXT,
    ReadLimits,
    depth_exceeds,
)
from records.parse import parse
from replay.check import check_bytes, decode
from tests.conftest import FIXTURES, ROOT

VALID = FIXTURES / "oh_hell" / "valid" / "slam-small-nil-5-3p.json"
RECORD = json.loads(VALID.read_text())
LINE = json.dumps(RECORD, separators=(",", ":")).encode()
SMALL = ReadLimits(record_bytes=64 * 1024, ratio=100, ratio_after=256 * 1024)


def read(data: bytes | io.RawIOBase, limits: ReadLimits = SMALL) -> list[str]:
    """``<stdin>:line`` of each entry, ``! message`` of each failure."""
    source = io.BytesIO(data) if isinstance(data, bytes) else io.BufferedReader(data)
    return [
        i.where if isinstance(i, Entry) else f"! {i.message}"
        for i in iter_entries(["-"], source, limits)
    ]


class Endless(io.RawIOBase):
    """A stream that never ends: ``head`` once, then ``body`` again and again."""

    def __init__(self, head: bytes, body: bytes) -> None:
        self._pending = head
        self._body = body
        self.served = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        while len(self._pending) < len(buffer):
            self._pending += self._body
        size = len(buffer)
        buffer[:size], self._pending = self._pending[:size], self._pending[size:]
        self.served += size
        if self.served > 1 << 30:  # the reader should have stopped long before
            raise AssertionError("read a GiB of an endless input")
        return size


# -- bytes of one record ----------------------------------------------------------------------

TOO_LONG = "is longer than 64 KiB (the limit of one record, TRICKLOG_MAX_RECORD_BYTES)"


def test_a_line_over_the_limit_stops_the_input_where_it_is() -> None:
    long = b'{"id": "' + b"x" * 70_000 + b'"}\n'
    assert read(LINE + b"\n\n" + long + LINE) == [
        "<stdin>:1",
        f"! line 3 {TOO_LONG}; stopped reading",
    ]


@pytest.mark.parametrize(
    ("head", "body"),
    [
        (b"", b" "),  # a line of spaces that never ends
        (b"", b"\x00"),  # /dev/zero
        (LINE + b"\n" + b'{"id": "', b"x"),  # a record that never ends
        (b'[{"id": "', b"x"),  # an array element that never ends
        (b'{\n  "id": "', b"x\n"),  # a pretty document that never ends
    ],
)
def test_an_endless_input_stops_with_a_clear_message(head: bytes, body: bytes) -> None:
    stream = Endless(head, body)
    items = read(stream)  # type: ignore[arg-type]
    assert items[-1].startswith("! ")
    assert re.search(r"longer than 64 KiB|larger than 64 KiB|more than 64 KiB|NUL byte", items[-1])
    assert stream.served < 4 * 1024 * 1024


def test_an_array_element_or_a_document_over_the_limit_is_unreadable() -> None:
    big = b'{"id": "' + b"x" * 70_000 + b'"}'
    assert read(b"[" + LINE + b"," + big + b"]") == [
        "<stdin>:1",
        "! element 2 is larger than 64 KiB (the limit of one record, TRICKLOG_MAX_RECORD_BYTES)",
    ]
    pretty = json.dumps({"ids": ["x" * 100] * 1000}, indent=2).encode()
    assert read(pretty) == [
        "! one JSON document of more than 64 KiB (the limit of one record, "
        "TRICKLOG_MAX_RECORD_BYTES)"
    ]


def test_a_record_under_the_limit_reads_whatever_its_shape() -> None:
    pretty = json.dumps(RECORD, indent=2).encode()
    limits = ReadLimits(record_bytes=len(pretty) + 1)
    assert read(pretty, limits) == ["<stdin>"]
    assert read(b"[" + LINE + b"]", limits) == ["<stdin>:1"]


# -- decompression ----------------------------------------------------------------------------


def test_a_decompression_bomb_stops_early() -> None:
    bomb = gzip.compress(b"\n" * (8 * 1024 * 1024), compresslevel=9)  # 8 MiB from 8 KiB
    [failure] = read(bomb)
    assert failure.startswith("! decompresses to more than 100 times its size (")
    assert failure.endswith("a decompression bomb? (limit: TRICKLOG_MAX_RATIO)")


def test_an_endless_bomb_stops_and_a_real_archive_passes() -> None:
    member = gzip.compress(b"\n" * (1024 * 1024), compresslevel=9)
    stream = Endless(b"", member)  # concatenated gzip members, for ever
    assert read(stream)[0].startswith("! decompresses to more than 100 times")  # type: ignore[arg-type]
    archive = gzip.compress(b"".join(LINE + b"\n" for _ in range(400)))
    assert len(read(archive, ReadLimits(ratio_after=0))) == 400  # 400 equal records: 1:150


def test_the_limits_come_from_the_environment() -> None:
    limits = ReadLimits.from_environment(
        {"TRICKLOG_MAX_RECORD_BYTES": "2M", "TRICKLOG_MAX_RATIO": "50"}
    )
    assert (limits.record_bytes, limits.ratio) == (2 * 1024 * 1024, 50)
    assert ReadLimits.from_environment({}) == ReadLimits()
    with pytest.raises(ValueError, match="TRICKLOG_MAX_RATIO='lots' is not a number"):
        ReadLimits.from_environment({"TRICKLOG_MAX_RATIO": "lots"})


def test_a_limit_set_in_the_environment_applies_to_the_command(
    tricklog,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TRICKLOG_MAX_RECORD_BYTES", "1K")
    run = tricklog("validate", str(VALID))
    assert run.code == 3 and "more than 1 KiB" in run.err
    monkeypatch.setenv("TRICKLOG_MAX_RECORD_BYTES", "a lot")  # a usage error, as it starts
    run = tricklog("validate", str(VALID))
    assert run.code == 2 and "TRICKLOG_MAX_RECORD_BYTES='a lot' is not a number" in run.err


def test_a_device_path_is_refused_before_it_is_read() -> None:
    [failure] = iter_entries(["/dev/zero"], None, SMALL)
    assert isinstance(failure, ReadFailure)
    assert failure.message.startswith("a character device, not a regular file")


# -- structural limits: in the models, the structs and the schema alike ----------------------


def _with(change: Any) -> bytes:
    record = json.loads(LINE)
    change(record)
    return json.dumps(record).encode()


def _many_hands(record: dict[str, Any]) -> None:
    record["hands"] = record["hands"] * (MAX_HANDS + 1)


def _many_actions(record: dict[str, Any]) -> None:
    hand = record["hands"][0]
    hand["actions"] = (hand["actions"] * (MAX_ACTIONS // len(hand["actions"]) + 1))[
        : MAX_ACTIONS + 1
    ]


OVER = {
    "hands": (_many_hands, "/hands"),
    "actions": (_many_actions, "/hands/0/actions"),
    "text": (lambda r: r["players"][0].update(name="n" * (MAX_TEXT + 1)), "/players/0/name"),
    "claim": (lambda r: r["hands"][0]["claims"]["scores"].__setitem__(0, MAX_INT + 1), "/hands/0/claims/scores/0"),
    "negative": (lambda r: r["claims"].update(totals=[-MAX_INT - 1, 0, 0]), "/claims/totals/0"),
    "rule": (lambda r: r["rules"].update(made_bonus=MAX_INT + 1), "/rules/made_bonus"),
    "digits": (lambda r: r["rules"].update(made_bonus=int("9" * 4000)), "/rules/made_bonus"),
    "nested": (lambda r: r.update(extensions={"x": _nest(MAX_DEPTH + 1)}), "/extensions"),
}  # fmt: skip


def _nest(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("name", sorted(OVER))
def test_over_a_structural_limit_is_a_malformed_record_at_its_place(name: str) -> None:
    change, pointer = OVER[name]
    data = _with(change)
    report = check_bytes(data)
    assert [(p.code, p.pointer) for p in report.problems] == [("record.schema", pointer)]
    assert isinstance(parse(data), list)  # the models refuse it too


def test_at_a_structural_limit_the_record_reads() -> None:
    def at_limits(record: dict[str, Any]) -> None:
        record["players"][0]["name"] = "n" * MAX_TEXT
        record["hands"][0]["claims"]["scores"][0] = MAX_INT
        record["extensions"] = {"x": _nest(MAX_DEPTH - 1), "y": {"z": _nest(MAX_DEPTH - 2)}}

    data = _with(at_limits)
    assert not isinstance(decode(data), list)
    assert not isinstance(parse(data), list)


def test_deep_nesting_and_huge_integers_are_problems_never_exceptions() -> None:
    for inside in (b"[" * 100_000 + b"]" * 100_000, b"9" * 5000, b"-" + b"1" * 4301):
        data = LINE[:-1] + b',"extensions":{"x":' + inside + b"}}"
        [problem] = check_bytes(data).problems
        assert problem.kind == "malformed"


def test_depth_is_counted_without_recursion() -> None:
    assert not depth_exceeds(_nest(MAX_DEPTH))
    assert depth_exceeds(_nest(MAX_DEPTH + 1))
    assert depth_exceeds(_nest(100_000), 10)


def _schema_paths(node: Any, path: str = "") -> Iterator[tuple[str, str, Any]]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("maxItems", "maxLength", "maximum", "minimum"):
                yield path, key, value
            yield from _schema_paths(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _schema_paths(value, f"{path}/{index}")


@pytest.mark.parametrize("game", ["oh_hell", "pinochle", "bestia"])
def test_the_schema_states_the_structural_limits(game: str) -> None:
    schema = json.loads((ROOT / "schema" / f"{game}.v1.schema.json").read_text())
    found = {(key, value) for _, key, value in _schema_paths(schema)}
    for limit in [
        ("maxItems", MAX_HANDS),
        ("maxItems", MAX_ACTIONS),
        ("maxLength", MAX_TEXT),
        ("maximum", MAX_INT),
        ("minimum", -MAX_INT),
    ]:
        assert limit in found, limit


def test_the_readme_documents_every_limit() -> None:
    readme = (ROOT / "README.md").read_text()
    table = readme[readme.index("| limit |") :]
    defaults = ReadLimits()
    for value in [
        f"{MAX_HANDS:,}",
        f"{MAX_ACTIONS:,}",
        f"{MAX_TEXT:,}",
        f"{MAX_INT:,}",
        f"{MAX_DEPTH}",
        f"{defaults.record_bytes // 1024 // 1024} MiB",
        f"{defaults.ratio:,}",
        "TRICKLOG_MAX_RECORD_BYTES",
        "TRICKLOG_MAX_RATIO",
    ]:
        assert value in table, value
