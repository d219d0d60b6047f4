"""``bench/lean.py``'s probe is a figure of a verdict only while it checks what the referee
checks: on generated games and single faults made in them, it finds a record clean exactly when
``check -q`` does."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import archives, lean
from records.decode import decode


def test_the_probe_agrees_with_the_referee(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(archives, "OUT", tmp_path)
    monkeypatch.setattr(archives, "_record_count", lambda game, hands: 4)
    lines = archives.load("oh_hell", 13).lines
    assert all(lean.verdict(decode(line)) and lean.clean(line) for line in lines)
    assert all(lean.verdict(decode(line), core=True) for line in lines)
    faulty = 0
    for line in lines:
        for mutant in lean.mutants(line):
            decoded = decode(mutant)
            probe = not isinstance(decoded, list) and lean.verdict(decoded)
            cored = not isinstance(decoded, list) and lean.verdict(decoded, core=True)
            assert probe == cored == lean.clean(mutant)
            faulty += not probe
    assert faulty >= 3 * len(lines)  # most single faults are faults: the mutants are not idle
