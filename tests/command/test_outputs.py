"""What ``generate -o`` and ``schema --output-dir`` write, and what they leave alone: symlinks,
FIFOs, devices, permissions, hard links, missing folders, interruptions; and every output every
command writes reads back with every command."""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import os
import signal
import stat
import subprocess
import threading
import time
from pathlib import Path

import pytest

from records.words import number_of
from replay.cli.generate import MAX_COUNT
from tests.command import processes

SMALL = ("oh_hell", "--hands", "1")
"""Records of one hand: quick to write and to read back."""


def _generate(tricklog, *args: str) -> int:  # type: ignore[no-untyped-def]
    run = tricklog("generate", *SMALL, *args)
    assert "Traceback" not in run.err
    return run.code  # type: ignore[no-any-return]


def _temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# --- where the output goes ---------------------------------------------------------------------


def test_a_symlink_is_followed_and_its_target_written(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "games.jsonl"
    target.write_text("old\n")
    link = tmp_path / "latest.jsonl"
    link.symlink_to(target)
    assert _generate(tricklog, "-n", "2", "-o", str(link)) == 0
    assert link.is_symlink() and link.resolve() == target
    assert len(target.read_text().splitlines()) == 2
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["games.jsonl"]
    dangling = tmp_path / "new.jsonl"
    dangling.symlink_to(tmp_path / "real" / "made.jsonl")
    assert _generate(tricklog, "-o", str(dangling)) == 0
    assert dangling.is_symlink() and (tmp_path / "real" / "made.jsonl").is_file()


def test_a_fifo_is_streamed_to(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    assert _generate(tricklog, "-n", "3", "-o", str(fifo)) == 0
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    reader.join(timeout=30)
    assert len(received[0].splitlines()) == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.jsonl"]


def test_a_device_is_streamed_to_with_nothing_beside_it(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """``-o /dev/null``, on a private copy of the device (an old tricklog replaced the device
    itself with a regular file)."""
    null = tmp_path / "null"
    try:
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device node needs root")
    assert _generate(tricklog, "-n", "3", "-o", str(null)) == 0
    assert _generate(tricklog, "-n", "3", "-o", str(null), "--pretty") == 0
    assert stat.S_ISCHR(null.lstat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null"]


def test_dash_is_standard_output(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("generate", *SMALL, "-n", "2", "-o", "-")
    assert run.code == 0 and len(run.out.splitlines()) == 2


def test_an_existing_file_keeps_its_permissions(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    for mode in (0o600, 0o640, 0o444 | 0o200):
        out = tmp_path / f"games-{mode:o}.jsonl"
        out.write_text("old\n")
        out.chmod(mode)
        assert _generate(tricklog, "-o", str(out)) == 0
        assert stat.S_IMODE(out.stat().st_mode) == mode
        assert out.read_text() != "old\n"
    fresh = tmp_path / "fresh.jsonl"
    assert _generate(tricklog, "-o", str(fresh)) == 0
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o666 & ~umask


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another owner needs root")
def test_an_existing_file_keeps_its_owner(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "games.jsonl"
    out.write_text("old\n")
    os.chown(out, 12345, 23456)
    assert _generate(tricklog, "-o", str(out)) == 0
    assert (out.stat().st_uid, out.stat().st_gid) == (12345, 23456)


def test_a_hard_linked_file_is_written_in_place(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "games.jsonl"
    out.write_text("old\n")
    other = tmp_path / "also.jsonl"
    os.link(out, other)
    assert _generate(tricklog, "-n", "2", "-o", str(out)) == 0
    assert out.stat().st_ino == other.stat().st_ino and out.stat().st_nlink == 2
    assert other.read_text() == out.read_text() and len(out.read_text().splitlines()) == 2
    assert _generate(tricklog, "-o", str(out), "--players", "11") == 2  # fails before writing
    assert len(other.read_text().splitlines()) == 2
    assert not _temporaries(tmp_path)


def test_a_missing_folder_is_an_error_not_made(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("generate", *SMALL, "-o", str(tmp_path / "no" / "such" / "games.jsonl"))
    assert run.code == 3
    assert run.err == (
        f"error: {tmp_path / 'no/such/games.jsonl'}: cannot write: no such directory: "
        f"{tmp_path / 'no/such'}\n"
    )
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "file").write_text("")
    assert tricklog("generate", *SMALL, "-o", str(tmp_path / "file" / "x.jsonl")).code == 3


def test_a_directory_is_a_clear_error(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("generate", *SMALL, "-o", str(tmp_path))
    assert run.code == 3
    assert run.err == f"error: {tmp_path}: is a directory; give a file name\n"
    assert "internal error" not in run.err


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_a_folder_without_write_permission_is_an_error(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    run = tricklog("generate", *SMALL, "-o", str(locked / "x.jsonl"))
    assert run.code == 3 and "cannot write: Permission denied" in run.err


def test_count_has_an_upper_bound(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "x.jsonl"
    for count in ("99999999999999999999", str(MAX_COUNT + 1), "0", "-1"):
        # a process of its own: a tricklog without the bound would write for ever
        run = processes.run("generate", "oh_hell", "-n", count, "-o", out, timeout=60)
        assert run.returncode == 2, count
        assert not out.exists()
    assert f"give 1 to {MAX_COUNT:,}" in tricklog("generate", "oh_hell", "-n", "0").err
    assert f"1 to {MAX_COUNT:,}" in tricklog("generate", "--help").out


@pytest.mark.parametrize("sent", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_an_interrupted_run_leaves_no_temporary_file(sent: signal.Signals, tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    out.write_text("keep me\n")
    process = subprocess.Popen(
        [*processes.AS_FROM_A_TERMINAL, "generate", "oh_hell", "-n", "1000000", "-o", str(out)],
        env=processes.environment(),
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while not _temporaries(tmp_path) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _temporaries(tmp_path), "generate never started writing"
        time.sleep(0.3)  # well inside the writing loop
        process.send_signal(sent)
        assert process.wait(timeout=30) == 128 + sent  # 130 for Ctrl-C, 143 for SIGTERM
    finally:
        if process.poll() is None:  # a tricklog that ignored the signal must not run on
            process.kill()
            process.wait()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]
    assert out.read_text() == "keep me\n"


# --- what is written ---------------------------------------------------------------------------


def test_pretty_json_is_one_array_of_indented_records(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "games.json"
    assert _generate(tricklog, "-n", "3", "--pretty", "-o", str(out)) == 0
    text = out.read_text()
    records = json.loads(text)
    assert [r["id"] for r in records] == ["oh_hell-0-0", "oh_hell-0-1", "oh_hell-0-2"]
    assert text.startswith('[\n  {\n    "format_version": 1,')
    assert tricklog("validate", str(out), "-q").code == 0
    lines = tmp_path / "games.jsonl"
    assert _generate(tricklog, "-n", "3", "--pretty", "-o", str(lines)) == 0
    assert [json.loads(line)["id"] for line in lines.read_text().splitlines()] == [
        r["id"] for r in records
    ]


@pytest.mark.parametrize("compression", ["gz", "bz2", "xz", "zst"])
def test_compressed_as_the_name_says(compression: str, tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / f"games.jsonl.{compression}"
    assert _generate(tricklog, "-n", "2", "-o", str(out)) == 0
    data = out.read_bytes()
    if compression == "zst":
        zstandard = pytest.importorskip("zstandard")
        plain = zstandard.ZstdDecompressor().stream_reader(data).read()
    else:
        plain = {"gz": gzip, "bz2": bz2, "xz": lzma}[compression].decompress(data)
    assert len(plain.splitlines()) == 2
    again = tmp_path / f"again.jsonl.{compression}"
    assert _generate(tricklog, "-n", "2", "-o", str(again)) == 0
    assert again.read_bytes() == data  # the same records give the same bytes


def _outputs() -> list[tuple[str, bool, int]]:
    names = [
        f"out.{kind}{zip_}"
        for kind in ("json", "jsonl", "ndjson")
        for zip_ in ("", ".gz", ".bz2", ".xz", ".zst")
    ]
    return [(name, pretty, count) for name in [*names, "-"] for pretty in (False, True)
            for count in (1, 3)]  # fmt: skip


@pytest.mark.parametrize(("name", "pretty", "count"), _outputs())
def test_every_output_reads_back_with_every_command(
    name: str, pretty: bool, count: int, tricklog, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    if name.endswith(".zst"):
        pytest.importorskip("zstandard")
    args = ["-n", str(count), *(["--pretty"] if pretty else [])]
    if name == "-":
        written = tricklog("generate", *SMALL, *args)
        assert written.code == 0
        stdin, path = written.out.encode(), "-"
    else:
        assert _generate(tricklog, *args, "-o", str(tmp_path / name)) == 0
        stdin, path = b"", str(tmp_path / name)
    for command in ("validate", "audit"):
        run = tricklog(command, path, "--format", "json", stdin=stdin)
        assert run.code == 0, (command, run.err)
        assert len(json.loads(run.out)["records"]) == count
    shown = tricklog("show", path, stdin=stdin)
    assert shown.code == 0, shown.err
    if count == 1:
        assert "Hand 1 · dealer" in shown.out
    else:
        assert f"{number_of(count, 'record')}: {count} valid" in shown.out
        assert tricklog("show", path, "--record", str(count), stdin=stdin).code == 0


# --- schema --output-dir -----------------------------------------------------------------------


def test_schema_output_dir(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "schema"
    assert tricklog("schema", "--output-dir", str(folder)).code == 0  # made: its parent exists
    names = sorted(p.name for p in folder.iterdir())
    assert "record.v1.schema.json" in names
    assert all(json.loads((folder / n).read_text()) for n in names)
    kept = folder / names[0]
    kept.chmod(0o600)
    assert tricklog("schema", "--output-dir", str(folder)).code == 0
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert not _temporaries(folder)
    missing = tricklog("schema", "--output-dir", str(tmp_path / "no" / "schema"))
    assert missing.code == 3 and "cannot make this directory" in missing.err
    assert not (tmp_path / "no").exists()
    (tmp_path / "file").write_text("")
    assert tricklog("schema", "--output-dir", str(tmp_path / "file")).code == 3
