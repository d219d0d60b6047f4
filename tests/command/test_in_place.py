"""A file with more than one hard link is rewritten in place, and only once its new content is
known to fit: a full disk at any step before the copy leaves the old content whole, in every
link. The real cases run on a small tmpfs (mounting one needs root); the others make a step
fail with ENOSPC."""

from __future__ import annotations

import errno
import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from records import output
from records.output import OutputError, open_output
from tests.conftest import FIXTURES

GAME = FIXTURES / "oh_hell" / "valid" / "default-4p-complete-game.json"
OLD = b"old content\n" * 8_000  # 96,000 bytes
NEW = b"the new content, longer than the old\n" * 8_000  # 296,000 bytes


def _linked(folder: Path, content: bytes = OLD) -> tuple[Path, Path]:
    out, other = folder / "hl.jsonl", folder / "other.jsonl"
    out.write_bytes(content)
    os.link(out, other)
    return out, other


def _write(path: Path, content: bytes) -> None:
    with open_output(str(path)) as stream:
        stream.write(content)


def _left(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 1 MiB tmpfs, unmounted at the end."""
    folder = tmp_path / "disk"
    folder.mkdir()
    try:
        mounted = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)],
            capture_output=True,
            check=False,
        )
    except OSError as exc:
        pytest.skip(f"cannot run mount: {exc}")
    if mounted.returncode != 0:
        pytest.skip(f"mounting a tmpfs is not permitted here: {mounted.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)


# --- on a disk that is really full -------------------------------------------------------------


def _archive(path: Path, size: int) -> Path:
    """An archive of valid records, at least ``size`` bytes."""
    record = json.dumps(json.loads(GAME.read_text())).encode() + b"\n"
    path.write_bytes(record * (size // len(record) + 1))
    return path


def test_filter_onto_a_hard_link_of_a_full_disk_keeps_the_old_content(
    tricklog, small_disk: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """The reported case: a 600 KB file with a second link on a 1 MiB disk, and an output
    that does not fit. Before, both links held 1 MiB of the truncated new output."""
    old = (b"x" * 99 + b"\n") * 6_000
    out, other = _linked(small_disk, old)
    big = _archive(tmp_path / "big.jsonl", 2_000_000)
    run = tricklog("filter", str(big), "-o", str(out))
    assert run.code == 3
    assert run.err == f"error: {out}: cannot write: No space left on device\n"
    assert out.read_bytes() == other.read_bytes() == old
    assert out.stat().st_ino == other.stat().st_ino
    assert _left(small_disk) == ["hl.jsonl", "other.jsonl"]


def test_a_full_disk_is_a_clear_error_for_any_output(
    tricklog, small_disk: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """A file of one link (written beside and moved into place) and a new file: the write that
    fails is named, not an internal error, and nothing is left."""
    big = _archive(tmp_path / "big.jsonl", 2_000_000)
    kept = small_disk / "kept.jsonl"
    kept.write_bytes(OLD)
    for out in (kept, small_disk / "new.jsonl"):
        run = tricklog("filter", str(big), "-o", str(out))
        assert (run.code, run.err) == (3, f"error: {out}: cannot write: No space left on device\n")
    assert kept.read_bytes() == OLD
    assert _left(small_disk) == ["kept.jsonl"]


def test_growth_that_does_not_fit_in_place_keeps_the_old_content(small_disk: Path) -> None:
    """The new content fits beside the old one, but the file cannot grow to hold it: the
    space is reserved before a byte is overwritten, and the file is cut back to what it was."""
    out, other = _linked(small_disk, OLD)
    new = b"n" * 600_000  # 96 KB + 600 KB fit in 1 MiB; 600 KB twice do not
    with pytest.raises(OutputError, match=r"cannot write: No space left on device$"):
        _write(out, new)
    assert out.read_bytes() == other.read_bytes() == OLD
    assert _left(small_disk) == ["hl.jsonl", "other.jsonl"]


def test_growth_by_zeros_that_does_not_fit_keeps_the_old_content(
    small_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where there is no posix_fallocate, the file grows by zeros written past its end."""
    monkeypatch.delattr(os, "posix_fallocate")
    out, other = _linked(small_disk, OLD)
    with pytest.raises(OutputError, match="No space left on device"):
        _write(out, b"n" * 600_000)
    assert out.read_bytes() == other.read_bytes() == OLD
    assert _left(small_disk) == ["hl.jsonl", "other.jsonl"]


def test_what_fits_is_written_in_place(small_disk: Path) -> None:
    out, other = _linked(small_disk, OLD)
    _write(out, NEW)
    assert out.read_bytes() == other.read_bytes() == NEW
    _write(out, b"short\n")  # and cut to a shorter content
    assert other.read_bytes() == b"short\n"
    assert _left(small_disk) == ["hl.jsonl", "other.jsonl"]


# --- a step made to fail -----------------------------------------------------------------------


def _no_space(*_: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_failed_reservation_leaves_the_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out, other = _linked(tmp_path)

    def half_then_fail(handle: int, offset: int, size: int) -> None:
        os.ftruncate(handle, offset + size // 2)  # a file system that gave up half-way
        _no_space()

    monkeypatch.setattr(os, "posix_fallocate", half_then_fail)
    with pytest.raises(OutputError) as failed:
        _write(out, NEW)
    assert str(failed.value) == f"{out}: cannot write: No space left on device"
    assert out.read_bytes() == other.read_bytes() == OLD
    assert _left(tmp_path) == ["hl.jsonl", "other.jsonl"]


def test_without_posix_fallocate_the_file_grows_by_zeros(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(os, "posix_fallocate")
    out, other = _linked(tmp_path)
    _write(out, NEW)
    assert other.read_bytes() == NEW


def test_a_file_system_that_cannot_reserve_grows_by_zeros(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unsupported(*_: object) -> None:
        raise OSError(errno.EOPNOTSUPP, os.strerror(errno.EOPNOTSUPP))

    monkeypatch.setattr(os, "posix_fallocate", unsupported)
    out, other = _linked(tmp_path)
    _write(out, NEW)
    assert other.read_bytes() == NEW


def test_a_copy_stopped_half_way_says_so_and_keeps_the_new_content(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only an I/O error (or a copy-on-write file system out of space) can stop the copy once
    the space is reserved: the file is then partly rewritten, and the error says where the
    whole new content is."""
    out, other = _linked(tmp_path)
    monkeypatch.setattr(output, "_BLOCK", 4096)
    real = output._write_all
    calls = []

    def fail_on_the_third(handle: int, data: bytes) -> None:
        calls.append(len(data))
        if len(calls) == 3:
            _no_space()
        real(handle, data)

    monkeypatch.setattr(output, "_write_all", fail_on_the_third)
    with pytest.raises(OutputError) as failed:
        _write(out, NEW)
    kept = [p for p in tmp_path.iterdir() if p.name not in ("hl.jsonl", "other.jsonl")]
    assert len(kept) == 1 and kept[0].name.startswith(".hl.jsonl.")
    assert str(failed.value) == (
        f"{out}: cannot write: No space left on device: it is partly rewritten; "
        f"its new content is whole in {kept[0]}"
    )
    assert kept[0].read_bytes() == NEW
    assert out.read_bytes() == other.read_bytes() != OLD  # partly rewritten, as said
    assert str(kept[0]) not in output._pending  # a signal's clean-up would not remove it


def test_an_interrupted_write_leaves_the_linked_file_and_nothing_beside_it(
    tmp_path: Path,
) -> None:
    out, other = _linked(tmp_path)
    with pytest.raises(KeyboardInterrupt), open_output(str(out)) as stream:
        stream.write(NEW)
        raise KeyboardInterrupt
    assert out.read_bytes() == other.read_bytes() == OLD
    assert _left(tmp_path) == ["hl.jsonl", "other.jsonl"]
    assert not output._pending


def test_a_folder_that_takes_no_new_file_stages_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file in a folder that takes no new file (not writable: root is never refused, so the
    test says so) is staged in the system's temporary folder, and still written in place."""
    folder = tmp_path / "locked"
    folder.mkdir()
    out = folder / "games.jsonl"
    out.write_bytes(OLD)
    real = os.access

    def access(path: object, mode: int, **kw: object) -> bool:
        if Path(str(path)) == folder and mode & os.W_OK:
            return False
        return real(path, mode, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "access", access)
    inode = out.stat().st_ino
    _write(out, NEW)
    assert out.read_bytes() == NEW and out.stat().st_ino == inode
    assert _left(folder) == ["games.jsonl"]
