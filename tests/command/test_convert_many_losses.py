"""A conversion report holds the first ``DETAIL`` losses and counts the rest (issue 19: memory of
every command within 100 MB on a 1 GB archive). Before, converting a 1 GB archive of Oh Hell
games to OpenSpiel, each game losing its players' names, held every loss: 1,005 MB."""

from __future__ import annotations

import random
from pathlib import Path

import orjson
import pytest

import tricklog
from records.formats import convert as convert_module
from records.parse import dumps
from replay.generators.oh_hell import generate


def _archive(path: Path, count: int) -> Path:
    lines = [dumps(generate(random.Random(seed), hands=1)) for seed in range(count)]
    path.write_bytes(b"\n".join(lines) + b"\nnot a record\n{}\n")
    return path


def test_the_report_keeps_the_first_losses_and_counts_them_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(convert_module, "DETAIL", 5)
    archive = _archive(tmp_path / "games.jsonl", 6)
    report = tricklog.convert(archive, tmp_path / "games.openspiel", allow_loss=True)
    assert report.written and report.records == 6
    assert len(report.losses) == 5 and report.loss_count > 6 * 3  # names of three seats at least
    assert len(report.rejected) == report.rejected_count == 2
    assert not report.lossless
    data = report.to_dict()
    assert data["loss_count"] == report.loss_count and len(data["losses"]) == 5


def test_the_command_counts_every_loss_and_says_what_it_lists(
    tricklog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(convert_module, "DETAIL", 5)
    archive = _archive(tmp_path / "games.jsonl", 6)
    text = tricklog("convert", str(archive), "-o", str(tmp_path / "a.openspiel"), "--allow-loss")
    assert text.code == 1  # two inputs are not records
    assert "(only the first 5 losses and inputs not a record are listed)" in text.out
    assert text.out.count("\nloss ") + text.out.startswith("loss ") <= 5
    last = text.out.strip().splitlines()[-1]
    assert last.startswith("6 records to openspiel, ") and "2 inputs not a record" in last
    as_json = tricklog(
        "convert", str(archive), "-o", str(tmp_path / "b.openspiel"), "--allow-loss", "-f", "json"
    )
    document = orjson.loads(as_json.out)
    assert document["summary"]["losses"] == document["loss_count"] > 5
    assert len(document["losses"]) == 5 and document["summary"]["rejected"] == 2
