"""The long run's command line (``python -m tests.fuzz``), as the README tells a person to use it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.fuzz.long import main


def test_atheris_missing_is_a_usage_error_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "atheris", None)  # as if not installed
    with pytest.raises(SystemExit) as stop:
        main(["--atheris", "--minutes", "0", "--out", str(tmp_path / "failures")])
    assert stop.value.code == 2
    assert "--atheris needs atheris: pip install atheris" in capsys.readouterr().err
