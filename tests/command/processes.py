"""Running ``tricklog`` as a separate process, for what only a real process shows: pipes that
close, signals, the encoding of a real stdout, the terminal width."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.conftest import ROOT

COMMAND = [sys.executable, "-m", "tricklog"]
AS_FROM_A_TERMINAL = [
    sys.executable,
    "-c",
    "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "signal.signal(signal.SIGHUP, signal.SIG_DFL); signal.signal(signal.SIGTERM, signal.SIG_DFL); "
    "from replay.cli.app import main; sys.exit(main())",
]
"""``tricklog`` with Ctrl-C, SIGTERM and SIGHUP handled as a terminal's job has them. tricklog
rightly keeps a signal ignored that was ignored when it started, and a test may itself run in a
background job (where a shell ignores SIGINT) or under nohup (SIGHUP)."""


def environment(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TRICKLOG_", "PYTHONIO"))}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.update(extra)
    return env


def run(
    *args: str | Path,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    timeout: float = 120,
    **kw: Any,
) -> subprocess.CompletedProcess[bytes]:
    """``tricklog *args`` to completion, with its output as bytes."""
    return subprocess.run(
        [*COMMAND, *map(str, args)],
        capture_output=True,
        cwd=cwd,
        env=env or environment(),
        timeout=timeout,
        check=False,
        **kw,
    )


def start(*args: str | Path, cwd: Path | None = None, **kw: Any) -> subprocess.Popen[bytes]:
    return subprocess.Popen([*COMMAND, *map(str, args)], cwd=cwd, env=environment(), **kw)


def python(code: str, timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    """``python -c code`` in the repository, with the library of this checkout: what a fresh
    process imports and does."""
    return subprocess.run(
        [sys.executable, "-c", code],
        env=environment(),
        cwd=ROOT,
        capture_output=True,
        timeout=timeout,
        check=False,
    )
