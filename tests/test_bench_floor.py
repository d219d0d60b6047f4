"""``bench/floor.py`` runs every layer it names, timed and as the one-layer runs that
``--instructions`` counts under callgrind (which needs valgrind; each run is checked here
without it)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bench import archives, floor


def _archive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(archives, "OUT", tmp_path)
    monkeypatch.setattr(archives, "_record_count", lambda game, hands: 24)
    return archives.load("oh_hell", 13).path


def test_every_layer_runs_alone_as_a_counted_run_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _archive(tmp_path, monkeypatch)
    ran = []
    layers = floor.layers_of
    monkeypatch.setattr(
        floor,
        "layers_of",
        lambda lines, records: {
            name: (lambda work=work, name=name: (ran.append((name, len(lines))), work())[1])
            for name, work in layers(lines, records).items()
        },
    )
    for name in layers([], []):
        argv = ["floor.py", "--archive", str(path), "--records", "4", "--layer", name]
        monkeypatch.setattr(sys, "argv", [*argv, "--count", "4"])
        floor.main()
    assert ran == [(name, 24) for name in layers([], [])]  # the 20 to warm up and the 4
    assert capsys.readouterr().out == ""


def test_the_timed_table_has_a_row_a_layer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _archive(tmp_path, monkeypatch)
    argv = ["floor.py", "--archive", str(path), "--records", "3", "--repeat", "1"]
    monkeypatch.setattr(sys, "argv", argv)
    floor.main()
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ")]
    assert [row.split(" | ")[0][2:] for row in rows[1:]] == list(floor.layers_of([], []))
