"""The tables come out the same whether their records are models or decoded records.

``convert`` hands the table writers records as audit decodes them (``records.structs``), the
library may hand them pydantic models: the bytes and the losses must not depend on which.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from records.formats.base import Loss
from records.formats.convert import convert
from records.parse import dumps, parse
from records.structs import ANY_RECORD
from replay.export import csv as csv_format
from replay.export import parquet as parquet_format
from replay.registry import GAMES
from tests.conftest import FIXTURES

FIXTURE_RECORDS = sorted(FIXTURES.glob("*/*/*.json"))


def _written(items: Any) -> tuple[bytes, list[Loss]]:
    chunks, losses = [], []
    for item in items:
        (losses if isinstance(item, Loss) else chunks).append(item)
    return b"".join(chunks), losses


def _generated(game: str) -> list[Any]:
    """Two records of two hands of every preset of ``game``."""
    return [
        GAMES[game].generate(random.Random(f"{preset}:{n}"), preset=preset, hands=2, game_id=f"{n}")
        for preset in GAMES[game].presets
        for n in range(2)
    ]


def _fixtures(game: str) -> list[Any]:
    """The fixtures of ``game`` that are records, broken ones included."""
    found = [parse(p.read_bytes()) for p in FIXTURE_RECORDS if p.parent.parent.name == game]
    return [r for r in found if not isinstance(r, list)]


def _same(writer: Any, models: list[Any], form: str) -> None:
    decoded = [ANY_RECORD.decode(dumps(m)) for m in models]
    from_models = _written(writer.write(models, form))
    from_decoded = _written(writer.write(decoded, form))
    assert from_models[0] == from_decoded[0]
    assert from_models[1] == from_decoded[1]
    assert from_models[1]  # the deal at least is lost: the comparison compared something


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("form", ["hands", "actions"])
def test_models_and_decoded_records_give_the_same_csv(game: str, form: str) -> None:
    _same(csv_format, _fixtures(game) + _generated(game), form)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_models_and_decoded_records_give_the_same_parquet(game: str) -> None:
    pytest.importorskip("pyarrow", reason="Parquet needs the [parquet] extra (pyarrow)")
    for form in ("hands", "actions"):
        _same(parquet_format, _generated(game), form)


def test_convert_reads_json_for_a_table_without_the_models(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The models only explain a record the decoder refuses: a valid archive never meets them,
    and a broken record still gets its problems."""
    models = _generated("oh_hell")[:2]
    archive = tmp_path / "in.jsonl"
    archive.write_bytes(b"".join(dumps(m) + b"\n" for m in models) + b'{"game": "oh_hell"}\n')

    def refuse(data: bytes) -> Any:
        raise AssertionError("read through the models")

    monkeypatch.setattr("records.formats.json.parse", refuse)
    report = convert([str(archive)], tmp_path / "out.csv", allow_loss=True)
    assert report.written and report.records == 2
    [rejected] = report.rejected
    assert rejected.source == f"{archive}:3"
    assert "record.missing-field" in [p.code for p in rejected.problems]
    expected, _ = _written(csv_format.write(models))
    assert (tmp_path / "out.csv").read_bytes() == expected
