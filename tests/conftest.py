"""Shared test helpers: run the ``tricklog`` command in-process and capture its output."""

from __future__ import annotations

import io
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from replay.cli.app import main

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


@dataclass
class Run:
    code: int
    out: str
    err: str


def _stream(data: bytes = b"") -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", write_through=True)


@pytest.fixture
def tricklog(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """``tricklog(*args, stdin=b"")`` runs the command as a user would and returns a ``Run``."""

    def run(*args: str, stdin: bytes = b"") -> Run:
        out, err = _stream(), _stream()
        monkeypatch.setattr(sys, "stdin", _stream(stdin))
        monkeypatch.setattr(sys, "stdout", out)
        monkeypatch.setattr(sys, "stderr", err)
        code = main(list(args))
        return Run(code, out.buffer.getvalue().decode(), err.buffer.getvalue().decode())  # type: ignore[attr-defined]

    return run


_SKIPPED: list[str] = []
"""The node ids of the tests (and modules) that skipped, for ``TRICKLOG_SKIPPED_FILE``."""


def pytest_collectreport(report: pytest.CollectReport) -> None:
    if report.skipped and report.nodeid:
        _SKIPPED.append(report.nodeid)  # a module whose extra is missing (importorskip)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and report.nodeid not in _SKIPPED:
        _SKIPPED.append(report.nodeid)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """With ``TRICKLOG_SKIPPED_FILE`` set, write there the node ids of what skipped, one a line,
    so that CI can run exactly those again once every extra is installed (``pytest @FILE``)."""
    where = os.environ.get("TRICKLOG_SKIPPED_FILE")
    if where:
        Path(where).write_text("".join(f"{node}\n" for node in _SKIPPED), encoding="utf-8")
