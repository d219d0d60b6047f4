"""examples/bots.py: bots through the table write an archive that audits clean and summarizes
as a small tournament (issue 23)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT


def test_the_bots_tournament_audits_clean_and_summarizes(tmp_path: Path, tricklog) -> None:  # type: ignore[no-untyped-def]
    run = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "bots.py"), "-n", "1", "-o", "t.jsonl"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == "4 games written to t.jsonl; all audit clean: True\n"
    archive = str(tmp_path / "t.jsonl")
    audit = tricklog("audit", archive)
    assert audit.code == 0, audit.out
    summary = tricklog("summarize", archive, "--by", "player")
    assert summary.code == 0
    lines = summary.out.splitlines()
    assert "By player" in lines
    for game in ("Oh Hell (Blackout)", "Auction Pinochle", "Bestia", "Partnership Pinochle"):
        assert any(line.startswith(game) for line in lines), game
    for bot in ("Randy", "Prima", "Ultima"):
        assert any(line.startswith(bot) for line in lines), bot
