"""``tricklog record`` driven through a pipe: a hand of each game, refusals, undo, a typed
deal, and an interrupted session resumed (issue 23)."""

from __future__ import annotations

import contextlib
import os
import pty
import select
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tricklog
from replay.registry import GAMES
from tests.conftest import ROOT

PLAYERS = {"oh_hell": "A,B,C", "pinochle": "A,B,C,D", "bestia": "A,B,C,D"}


def _environment() -> dict[str, str]:
    """A ``tricklog`` process's environment: this checkout's library, no bytecode written."""
    return {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}


def _command(*args: str, stdin: str = "", cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tricklog", "record", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        env=_environment(),
        check=False,
        timeout=120,
    )


def _entries(game: str, seed: int) -> tuple[list[str], tricklog.Table]:
    """A hand of ``game`` played at random by an in-process table: its entries, as typed."""
    names = PLAYERS.get(game, "A,B,C,D").split(",")
    table = tricklog.Table(game, players=names, seed=seed, hands=1)
    said = []
    moves = iter(range(10_000))
    while not table.is_over:
        legal = table.legal()
        said.append(str(legal[next(moves) * 7919 % len(legal)]))
        table.apply(said[-1])
    return said, table


@pytest.mark.parametrize("game", list(GAMES))
def test_a_hand_of_each_game_is_recorded_from_a_pipe(game: str, tmp_path: Path) -> None:
    said, table = _entries(game, 5)
    typed = ["?", *said[:2], "play 0:ZZ", "undo", said[1], "show", *said[2:]]
    names = PLAYERS.get(game, "A,B,C,D")
    run = _command(
        game,
        "--seed",
        "5",
        "--hands",
        "1",
        "--players",
        names,
        "-o",
        "out.json",
        stdin="\n".join(typed) + "\n",
        cwd=tmp_path,
    )
    assert run.returncode == 1, run.stderr  # one entry was refused, the rest went on
    refusal = run.stderr.splitlines()
    assert len(refusal) == 1 and refusal[0].startswith("refused: record.schema: ")
    assert refusal[0].endswith("(at card)")  # no card ZZ in any deck
    assert "legal: " in run.stdout and run.stdout.rstrip().endswith(
        "the game is over; totals " + " ".join(map(str, table.totals or []))
    )
    written = (tmp_path / "out.json").read_bytes()
    assert written == tricklog.dumps(table.record(), pretty=True)
    report = tricklog.check(tricklog.loads(written))
    assert report.valid, report.problems
    claims = [c for hand in report.hands for c in hand.claims]
    assert claims and {c.status.value for c in claims} == {"match"}


def test_a_refused_entry_says_the_audits_problem(tmp_path: Path) -> None:
    run = _command(
        "oh_hell",
        "--seed",
        "3",
        "--players",
        "A,B,C",
        "-o",
        "g.json",
        stdin="bid 9\nbod\n",
        cwd=tmp_path,
    )
    assert run.returncode == 1
    assert run.stderr.splitlines() == [
        "refused: bid.out-of-range: bid of 9 with 1 card dealt",
        "refused: record.text: unknown word 'bod'; an action starts with one of: bid, play, "
        "claim, abandon",
    ]
    record = tricklog.load(str(tmp_path / "g.json"))
    _validates_in_progress(record)


def test_a_typed_deal_is_checked_and_recorded(tmp_path: Path) -> None:
    entries = [
        "bid 0",  # before the deal: refused
        "deal 0 AS",
        "deal 1 KS",
        "deal 2 QS",
        "deal turned 9H",
        "?",
        "bid 0",
        "bid 0",
        "bid 0",
        "play KS",
        "play QS",
        "play AS",
        "deal 0 2C 3C",
        "deal 1 2C 4C",
        "deal 2 5C 6C",
        "deal turned 9H",
        "bid 1",  # the deal has a card twice: refused with the deal's problem
        "deal 1 7C 4C",
        "bid 1",
    ]
    run = _command(
        "oh_hell",
        "--players",
        "A,B,C",
        "--dealer",
        "0",
        "-o",
        "g.json",
        stdin="\n".join(entries) + "\n",
        cwd=tmp_path,
    )
    assert run.returncode == 1
    refusals = run.stderr.splitlines()
    assert refusals[0].startswith("refused: table.deal-not-typed")
    assert refusals[1].startswith("refused: deal.duplicate-card")
    record = tricklog.load(str(tmp_path / "g.json"))
    assert [h.deal.hands for h in record.hands] == [
        [["AS"], ["KS"], ["QS"]],
        [["2C", "3C"], ["7C", "4C"], ["5C", "6C"]],
    ]
    _validates_in_progress(record)


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_an_interrupted_session_leaves_a_valid_record_and_resume_finishes_it(
    stop: signal.Signals, tmp_path: Path
) -> None:
    said, table = _entries("oh_hell", 9)
    half = len(said) // 2
    with _signals_as_at_a_terminal():
        process = _recording(tmp_path)
    assert process.stdin is not None and process.stdout is not None
    process.stdout.readline()  # the first status line: the session is ready
    for entry in said[:half]:
        process.stdin.write(entry + "\n")
        process.stdin.flush()
        process.stdout.readline()  # its status line: the record is written
    process.send_signal(stop)
    assert process.wait(timeout=60) == 128 + stop
    record = tricklog.load(str(tmp_path / "g.json"))
    assert len(record.hands[0].actions) == half
    _validates_in_progress(record)
    run = _command(
        "--resume",
        "g.json",
        "--seed",
        "9",
        "--hands",
        "1",
        stdin="\n".join(said[half:]) + "\n",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "g.json").read_bytes() == tricklog.dumps(table.record(), pretty=True)


_TAKE_THE_TERMINAL = (  # the new session's controlling terminal is the one on its stdin
    "import os, sys; os.close(os.open(os.ttyname(0), os.O_RDWR)); "
    "os.execv(sys.executable, [sys.executable, '-m', 'tricklog', *sys.argv[1:]])"
)


def test_a_closed_terminal_leaves_a_valid_record_and_resume_finishes_it(tmp_path: Path) -> None:
    """A session in a terminal whose window is closed: the terminal hangs up, the kernel sends
    SIGHUP to the session, and the record holds every entry taken before."""
    said, table = _entries("oh_hell", 9)
    half = len(said) // 2
    main, terminal = pty.openpty()
    argv = [sys.executable, "-c", _TAKE_THE_TERMINAL, "record", "oh_hell", "--seed", "9"]
    argv += ["--hands", "1", "--players", "A,B,C", "-o", "g.json"]
    with _signals_as_at_a_terminal():
        process = subprocess.Popen(
            argv,
            stdin=terminal,
            stdout=terminal,
            stderr=terminal,
            cwd=tmp_path,
            env=_environment(),
            start_new_session=True,
        )
    os.close(terminal)
    shown = bytearray()

    def statuses(count: int) -> None:  # wait until the session has said where play stands
        while shown.count(b" to act") < count:
            ready, _, _ = select.select([main], [], [], 60)
            assert ready, bytes(shown)
            shown.extend(os.read(main, 4096))

    statuses(1)
    for taken, entry in enumerate(said[:half], start=2):
        os.write(main, entry.encode() + b"\n")
        statuses(taken)  # the entry is taken and the record written
    os.close(main)  # the window is closed
    # the hangup may first end the input (an end of file): the session then ends as at the end
    # of its input, restores the signals, and the SIGHUP arriving as it exits ends it by itself
    assert process.wait(timeout=60) in (128 + signal.SIGHUP, -signal.SIGHUP)
    record = tricklog.load(str(tmp_path / "g.json"))
    assert len(record.hands[0].actions) == half
    _validates_in_progress(record)
    rest = "\n".join(said[half:]) + "\n"
    run = _command("--resume", "g.json", "--seed", "9", "--hands", "1", stdin=rest, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "g.json").read_bytes() == tricklog.dumps(table.record(), pretty=True)


def test_a_terminal_gets_a_prompt_and_an_end_of_input_ends_the_session(tmp_path: Path) -> None:
    said, table = _entries("bestia", 2)
    main, terminal = pty.openpty()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tricklog",
            "record",
            "bestia",
            "--seed",
            "2",
            "--hands",
            "1",
            "--players",
            "A,B,C,D",
            "-o",
            "g.json",
        ],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        cwd=tmp_path,
        env=_environment(),
    )
    os.close(terminal)
    seen: list[bytes] = []

    def read() -> None:  # the terminal's output, read while the session runs
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the session's end of the terminal closed
                return
            if not chunk:
                return
            seen.append(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    os.write(main, ("\n".join([*said, "?"]) + "\n").encode() + b"\x04")
    assert process.wait(timeout=120) == 0
    reader.join(timeout=10)
    os.close(main)
    assert b"> " in b"".join(seen)  # a prompt for a terminal (what follows the end may be lost)
    assert (tmp_path / "g.json").read_bytes() == tricklog.dumps(table.record(), pretty=True)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("oh_hell",), "GAME and -o FILE are needed"),
        (("oh_hell", "-o", "-"), "the record is written to a file"),
        (("oh_hell", "--resume", "g.json"), "GAME or --resume, not both"),
        (("oh_hell", "--players", "A,B", "-o", "g.json"), "cannot seat this table"),
    ],
)
def test_a_session_that_cannot_start_is_a_usage_error(
    args: tuple[str, ...],
    message: str,
    tricklog,  # type: ignore[no-untyped-def]
) -> None:
    run = tricklog("record", *args)
    assert run.code == 2 and message in run.err


def test_a_record_that_cannot_be_resumed_says_why(tmp_path: Path, tricklog) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "bad.json").write_text("not json")
    run = tricklog("record", "--resume", str(tmp_path / "bad.json"))
    assert run.code == 3 and run.err.startswith("error: cannot resume ")


@contextlib.contextmanager
def _signals_as_at_a_terminal() -> Iterator[None]:
    """A command started here gets SIGINT, SIGTERM and SIGHUP as a terminal's shell gives them,
    whatever this test run inherits (under ``nohup`` SIGHUP is ignored, and a command rightly
    keeps it so): a Python handler becomes the default action in a process started after it."""
    stops = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    previous = {stop: signal.signal(stop, signal.default_int_handler) for stop in stops}
    try:
        yield
    finally:
        for stop, handler in previous.items():
            signal.signal(stop, handler)


def _recording(tmp_path: Path) -> subprocess.Popen[str]:
    """``tricklog record`` of a one-hand Oh Hell game, its entries to come on a pipe."""
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tricklog",
            "record",
            "oh_hell",
            "--seed",
            "9",
            "--hands",
            "1",
            "--players",
            "A,B,C",
            "-o",
            "g.json",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        env=_environment(),
    )


def _validates_in_progress(record: Any) -> None:
    """A record of a game still being played: marked so, valid, its last hand in progress;
    without the mark, that hand is ``hand.incomplete``."""
    report = tricklog.check(record)
    assert record.in_progress and report.valid, report.problems
    assert report.hands[-1].status.value == "in_progress"
    unmarked = tricklog.check(record.model_copy(update={"in_progress": False}))
    assert [p.code for p in unmarked.problems] == ["hand.incomplete"]
