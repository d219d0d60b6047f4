"""The checked-in JSON Schema is current, valid Draft 2020-12, and agrees with the fixtures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from records.schema import schema_files
from tests.conftest import FIXTURES, ROOT

SCHEMA_DIR = ROOT / "schema"
MALFORMED_BY_SCHEMA = (
    "record.json",
    "record.unknown-field",
    "record.missing-field",
    "record.unknown-tag",
    "record.missing-tag",
    "record.format-version",
    "record.schema",
)


def test_checked_in_schema_is_current() -> None:
    expected = schema_files()
    on_disk = {p.name: p.read_bytes() for p in SCHEMA_DIR.glob("*.schema.json")}
    assert sorted(on_disk) == sorted(expected), "run: tricklog schema --output-dir schema"
    for name, data in expected.items():
        assert on_disk[name] == data, f"{name} is stale; run: tricklog schema --output-dir schema"


@pytest.mark.parametrize("name", sorted(schema_files()))
def test_schema_is_valid_draft_2020_12(name: str) -> None:
    schema = json.loads(schema_files()[name])
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


def test_fields_are_documented() -> None:
    """Field docstrings become descriptions: every rules parameter has one."""
    schema = json.loads(schema_files()["record.v1.schema.json"])
    for name, definition in schema["$defs"].items():
        if name.endswith("Rules"):
            for field, spec in definition["properties"].items():
                assert spec.get("description"), f"{name}.{field} has no description"


def _validator() -> Draft202012Validator:
    return Draft202012Validator(json.loads(schema_files()["record.v1.schema.json"]))


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*/valid/*.json")), ids=lambda p: p.name)
def test_valid_fixtures_fit_the_schema(path: Path) -> None:
    errors = list(_validator().iter_errors(json.loads(path.read_text())))
    assert errors == []


@pytest.mark.parametrize(
    "path",
    [
        p
        for p in sorted(FIXTURES.glob("*/invalid/*.json"))
        if p.name.startswith(MALFORMED_BY_SCHEMA)
    ],
    ids=lambda p: p.name,
)
def test_malformed_fixtures_fail_the_schema(path: Path) -> None:
    try:
        document = json.loads(path.read_text())
    except json.JSONDecodeError:
        return  # not JSON at all: no schema can accept it
    assert list(_validator().iter_errors(document)), "the schema accepts a malformed record"
