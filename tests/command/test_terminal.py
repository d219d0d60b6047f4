"""Plain text without rich: where stdout is no terminal, the text reporter writes lines straight
out and does not load rich (``replay.cli.terminal.plain``), deciding exactly as rich would."""

from __future__ import annotations

import io

import pytest

from replay.cli.terminal import console, plain
from tests.command import processes


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


class _Closed(io.StringIO):
    def isatty(self) -> bool:
        raise ValueError("I/O operation on closed file")


@pytest.mark.parametrize(
    "environment",
    [
        {},
        {"FORCE_COLOR": "1"},
        {"FORCE_COLOR": ""},
        {"TTY_COMPATIBLE": "1"},
        {"TTY_COMPATIBLE": "0"},
    ],
)
@pytest.mark.parametrize("stream", [io.StringIO, _Tty, _Closed])
def test_plain_is_what_rich_decides(
    environment: dict[str, str], stream: type[io.StringIO], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TERM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert plain(stream()) == (console(stream()).color_system is None)


def test_an_audit_into_a_pipe_loads_no_rich() -> None:
    """Neither a valid record nor a broken one nor an unreadable input needs rich on a pipe."""
    code = (
        "import sys; from replay.cli.app import main; "
        "code = main(['audit', 'fixtures/oh_hell/valid/slam-small-nil-5-3p.json', "
        "'fixtures/oh_hell/invalid/hand.incomplete--in-progress-mark-covers-only-the-last-hand.json', "
        "'no-such-file.json']); "
        "rich = [m for m in sys.modules if m.split('.')[0] == 'rich']; "
        "print(rich, file=sys.stderr); sys.exit(0 if code == 3 and not rich else 1)"
    )
    run = processes.python(code)
    assert run.returncode == 0, run.stderr
    assert b"2 records, " in run.stdout and b"error: no-such-file.json: " in run.stderr
