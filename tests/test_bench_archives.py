"""The benchmark's archives in a fresh clone, where the git-ignored ``bench/out/`` is absent."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import archives


def test_load_makes_the_missing_output_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"  # as in a clone: bench/out/ is not committed
    monkeypatch.setattr(archives, "OUT", out)
    monkeypatch.setattr(archives, "_record_count", lambda game, hands: 1)  # one record is enough
    archive = archives.load("oh_hell", 13)
    assert archive.path.parent == out
    assert len(archive.lines) == 1 and archive.players == 4
