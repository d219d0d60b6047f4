"""A refused record over ``EXPLAIN_BYTES`` is reported with the fast decoder's first error, never
through the models, whose explanation would hold many times the record in memory."""

from __future__ import annotations

import json
from typing import Any

import pytest

from replay.check import EXPLAIN_BYTES, check_bytes
from tests.conftest import FIXTURES

RECORD = FIXTURES / "oh_hell" / "valid" / "slam-small-nil-5-3p.json"


def _large(fault: str) -> bytes:
    """A valid record padded past the limit with a long meta string, then broken."""
    data: dict[str, Any] = json.loads(RECORD.read_bytes())
    data.setdefault("meta", {})["event"] = "x" * 4000
    data["extensions"] = {"pad": ["y" * 4000] * (EXPLAIN_BYTES // 4000 + 10)}
    if fault == "schema":
        data["hands"][0]["dealer"] = "north"
    text = json.dumps(data).encode()
    assert len(text) > EXPLAIN_BYTES
    return text[: len(text) - 10] if fault == "json" else text


@pytest.fixture
def no_models(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(data: bytes) -> Any:
        raise AssertionError("a large record was explained through the models")

    monkeypatch.setattr("records.parse.parse", refuse)


@pytest.mark.usefixtures("no_models")
def test_a_wrong_type_is_one_schema_problem_at_its_place() -> None:
    [problem] = check_bytes(_large("schema")).problems
    assert problem.code == "record.schema"
    assert problem.pointer == "/hands/0/dealer"
    assert "only the first fault is reported" in problem.message


@pytest.mark.usefixtures("no_models")
def test_a_cut_off_document_is_one_json_problem() -> None:
    [problem] = check_bytes(_large("json")).problems
    assert problem.code == "record.json"


def test_a_small_refused_record_is_still_explained_by_the_models() -> None:
    data: dict[str, Any] = json.loads(RECORD.read_bytes())
    data["hands"][0]["dealer"] = "north"
    [problem] = check_bytes(json.dumps(data).encode()).problems
    assert problem.pointer == "/hands/0/dealer"
    assert "only the first fault" not in problem.message
