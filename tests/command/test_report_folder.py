"""``audit --html DIR`` replaces only what an earlier report wrote, as it wrote it (its
``tricklog-manifest.json`` lists every file with its size and SHA-256), and follows a symlink
only to a directory. Whatever it refuses is left exactly as it was, and nothing is left beside."""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path

import pytest

from records.output import OutputError
from replay.html.manifest import MANIFEST
from replay.html.report import ReportFolder, write_report
from tests.conftest import FIXTURES

REVOKE = FIXTURES / "oh_hell" / "invalid" / "play.revoke--discard-while-holding-hearts.json"
MISMATCH = FIXTURES / "oh_hell" / "invalid" / "score.mismatch--nil-scored-as-five.json"
PAGE = "0001-play-revoke--discard-while-holding-hearts.html"


def _audit(tricklog, folder: Path, *inputs: Path):  # type: ignore[no-untyped-def]
    return tricklog("audit", "-q", "--html", str(folder), *map(str, inputs or (REVOKE,)))


def _snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry under ``folder``: a file's bytes, a link's target."""
    found: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        if path.is_symlink():
            found[name] = f"-> {os.readlink(path)}"
        elif path.is_file():
            found[name] = path.read_bytes()
        else:
            found[name] = "dir"
    return found


def _staging_left(parent: Path) -> list[str]:
    return [p.name for p in parent.iterdir() if p.name.startswith(".")]


@pytest.fixture
def report(tricklog, tmp_path: Path) -> Path:  # type: ignore[no-untyped-def]
    """A folder holding an earlier report."""
    folder = tmp_path / "report"
    assert _audit(tricklog, folder).code == 1
    return folder


# --- what a report keeps of what it wrote ------------------------------------------------------


def test_a_report_lists_every_file_it_wrote(report: Path) -> None:
    assert sorted(p.name for p in report.iterdir()) == [PAGE, "index.html", MANIFEST]
    listed = json.loads((report / MANIFEST).read_bytes())["files"]
    assert sorted(listed) == [PAGE, "index.html"]
    for name, facts in listed.items():
        data = (report / name).read_bytes()
        assert facts == {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def test_an_earlier_report_is_replaced_whole(tricklog, report: Path) -> None:  # type: ignore[no-untyped-def]
    (report / PAGE).unlink()  # a page removed since is no loss
    assert _audit(tricklog, report, MISMATCH).code == 1
    names = sorted(p.name for p in report.iterdir())
    assert names == ["0001-score-mismatch--nil-scored-as-five.html", "index.html", MANIFEST]
    assert not _staging_left(report.parent)


# --- what is never replaced --------------------------------------------------------------------


def test_files_beside_an_earlier_report_are_never_replaced(tricklog, report: Path) -> None:  # type: ignore[no-untyped-def]
    """The reported case: an earlier report, a user's notes.html and photos.html/wedding.jpg.
    Every name ended in .html and the index carried the marker, so the folder was replaced
    whole, with exit 0."""
    (report / "notes.html").write_text("my notes")
    (report / "photos.html").mkdir()
    (report / "photos.html" / "wedding.jpg").write_bytes(b"\xff\xd8 a photo")
    before = _snapshot(report)
    run = _audit(tricklog, report, MISMATCH)
    assert run.code == 3
    assert run.err == (
        f"error: {report}: holds files the earlier tricklog report did not write "
        "(notes.html, photos.html/); move them out, or give a new or empty directory\n"
    )
    assert _snapshot(report) == before
    assert not _staging_left(report.parent)


def test_a_page_changed_since_is_never_replaced(tricklog, report: Path) -> None:  # type: ignore[no-untyped-def]
    page = report / PAGE
    page.write_text(page.read_text().replace("</body>", "<p>the director's ruling</p></body>"))
    before = _snapshot(report)
    run = _audit(tricklog, report)
    assert (
        run.code == 3
        and f"changed since the earlier tricklog report wrote them ({PAGE})" in run.err
    )
    assert _snapshot(report) == before


def test_a_page_replaced_by_a_link_is_never_replaced(
    tricklog, report: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    mine = tmp_path / "mine.html"
    mine.write_bytes((report / PAGE).read_bytes())  # the same bytes, but the user's file
    (report / PAGE).unlink()
    (report / PAGE).symlink_to(mine)
    before = _snapshot(report)
    assert _audit(tricklog, report).code == 3
    assert _snapshot(report) == before and mine.exists()


@pytest.mark.parametrize(
    "manifest",
    [
        b"not json",
        b"[]",
        b'{"files": {"../outside.html": {"bytes": 1, "sha256": "' + b"0" * 64 + b'"}}}',
        b'{"files": {"index.html": {"bytes": "1", "sha256": "x"}}}',
    ],
)
def test_a_manifest_tricklog_did_not_write_is_refused(
    tricklog, report: Path, manifest: bytes
) -> None:  # type: ignore[no-untyped-def]
    (report / MANIFEST).write_bytes(manifest)
    before = _snapshot(report)
    run = _audit(tricklog, report)
    assert run.code == 3 and f"its {MANIFEST} is not one tricklog wrote" in run.err
    assert _snapshot(report) == before


def test_a_manifest_cannot_vouch_for_a_user_file(tricklog, report: Path) -> None:  # type: ignore[no-untyped-def]
    """A manifest that lists notes.html with another content does not make it replaceable."""
    (report / "notes.html").write_text("mine")
    listed = json.loads((report / MANIFEST).read_bytes())
    listed["files"]["notes.html"] = {"bytes": 4, "sha256": "0" * 64}
    (report / MANIFEST).write_text(json.dumps(listed))
    assert _audit(tricklog, report).code == 3
    assert (report / "notes.html").read_text() == "mine"


def test_a_report_from_before_manifests_is_refused_with_the_reason(tricklog, report: Path) -> None:  # type: ignore[no-untyped-def]
    (report / MANIFEST).unlink()
    run = _audit(tricklog, report)
    assert run.code == 3
    assert "holds a tricklog report written before reports kept a list of their files" in run.err
    assert sorted(p.name for p in report.iterdir()) == [PAGE, "index.html"]


def test_a_folder_of_other_files_is_refused(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "mine"
    folder.mkdir()
    for n in range(5):
        (folder / f"{n}.txt").write_text("mine")
    run = _audit(tricklog, folder)
    assert run.code == 3
    assert run.err == (
        f"error: {folder}: holds files that are not a tricklog report (0.txt, 1.txt, 2.txt "
        "and 2 more); give a new or empty directory\n"
    )


def test_a_folder_changed_during_the_run_is_left_alone(report: Path) -> None:
    """The folder is checked again before it is replaced: a file may come while a long audit
    runs."""
    with ReportFolder(str(report), [str(REVOKE)]) as folder:
        (report / "notes.html").write_text("written while the audit ran")
        before = _snapshot(report)
        with pytest.raises(OutputError, match="did not write"):
            folder.finish(1)
    assert _snapshot(report) == before
    assert not _staging_left(report.parent)


def test_an_empty_folder_keeps_its_permissions(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "private"
    folder.mkdir(mode=0o700)
    folder.chmod(0o700)
    assert _audit(tricklog, folder).code == 1
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert (folder / "index.html").exists()


# --- symlinks ----------------------------------------------------------------------------------


def test_a_symlink_to_a_directory_is_followed_and_stays(
    tricklog, report: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """Before, the link itself was replaced by a folder, and the folder it named was left as it
    was."""
    link = tmp_path / "latest"
    link.symlink_to(report)
    assert _audit(tricklog, link, MISMATCH).code == 1
    assert link.is_symlink() and link.resolve() == report
    assert "0001-score-mismatch--nil-scored-as-five.html" in os.listdir(report)
    assert not _staging_left(tmp_path)
    new = tmp_path / "new"
    new.mkdir()
    (tmp_path / "to-new").symlink_to(new)
    assert write_report([str(REVOKE)], str(tmp_path / "to-new")) == 1
    assert (tmp_path / "to-new").is_symlink() and (new / PAGE).exists()


@pytest.mark.parametrize("to", ["a file", "nothing"])
def test_a_symlink_to_anything_else_is_refused(tricklog, tmp_path: Path, to: str) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "target"
    if to == "a file":
        target.write_text("mine")
    link = tmp_path / "report"
    link.symlink_to(target)
    before = _snapshot(tmp_path)
    run = _audit(tricklog, link)
    assert run.code == 3
    assert run.err == (
        f"error: {link}: is a symlink to {to} ({target}); give a directory, or a symlink to one\n"
    )
    assert _snapshot(tmp_path) == before
