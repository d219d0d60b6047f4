"""``tricklog view`` and ``tricklog audit --html`` as a user runs them: the page is written whole,
exit codes follow the README's table, and a wrong choice of record or hand says what there is."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

from tests.command import processes
from tests.conftest import FIXTURES

SITTING = FIXTURES / "pinochle" / "valid" / "generated-default-sitting.json"
REVOKE = FIXTURES / "oh_hell" / "invalid" / "play.revoke--discard-while-holding-hearts.json"


def test_view_writes_a_page(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    page = tmp_path / "p.html"
    run = tricklog("view", str(SITTING), "-o", str(page))
    assert (run.code, run.out, run.err) == (0, "", "")
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
    assert "generated-default-sitting" in html and 'id="hand-4"' in html


def test_view_of_a_broken_record_exits_1_with_the_page(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("view", str(REVOKE))
    assert run.code == 1
    assert run.out.startswith("<!DOCTYPE html>") and 'id="problem-1"' in run.out


def test_view_one_hand(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("view", str(REVOKE), "--hand", "3")
    assert run.code == 1
    assert 'id="hand-3"' in run.out and 'id="hand-2"' not in run.out
    assert 'id="problem-1"' in run.out  # hand 2's revoke stays in view, at the top


def test_view_choices_the_input_lacks_are_usage_errors(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    archive = tmp_path / "games.jsonl"
    archive.write_text(
        "\n".join(json.dumps(json.loads(p.read_text())) for p in (SITTING, REVOKE)) + "\n"
    )
    several = tricklog("view", str(archive))
    assert several.code == 2 and "choose one with --record N" in several.err
    beyond = tricklog("view", str(archive), "--record", "3")
    assert beyond.code == 2 and "holds 2 record(s), not 3; choose --record 1 to 2" in beyond.err
    no_hand = tricklog("view", str(archive), "-r", "1", "--hand", "9")
    assert no_hand.code == 2 and "has no hand 9; its hands: 1-4" in no_hand.err
    second = tricklog("view", str(archive), "-r", "2", "-o", str(tmp_path / "two.html"))
    assert second.code == 1 and "play.revoke" in (tmp_path / "two.html").read_text()


def test_view_unreadable_input_or_output_exits_3(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    missing = tricklog("view", str(tmp_path / "nope.json"))
    assert missing.code == 3 and "nope.json" in missing.err
    nowhere = tricklog("view", str(SITTING), "-o", str(tmp_path / "no" / "p.html"))
    assert nowhere.code == 3 and "no such directory" in nowhere.err
    kept = tmp_path / "kept.html"
    kept.write_text("old")
    assert tricklog("view", str(tmp_path / "nope.json"), "-o", str(kept)).code == 3
    assert kept.read_text() == "old"


def test_audit_html_writes_the_index_and_a_page_per_broken_record(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "report"
    run = tricklog("audit", "--html", str(out), "-q", str(SITTING), str(REVOKE))
    assert run.code == 1
    assert sorted(p.name for p in out.iterdir()) == [
        "0002-play-revoke--discard-while-holding-hearts.html",
        "index.html",
        "tricklog-manifest.json",
    ]
    assert (
        'href="0002-play-revoke--discard-while-holding-hearts.html#problem-1"'
        in (out / "index.html").read_text()
    )


def test_audit_html_refuses_a_folder_of_other_files(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "notes.txt").write_text("mine")
    run = tricklog("audit", "--html", str(tmp_path), str(REVOKE))
    assert run.code == 3 and "not a tricklog report" in run.err
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_audit_html_reads_standard_input_once(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    lines = b"".join(
        json.dumps(json.loads(p.read_bytes())).encode() + b"\n" for p in (SITTING, REVOKE)
    )
    run = tricklog("audit", "--html", str(tmp_path / "r"), "-", stdin=gzip.compress(lines))
    assert run.code == 1 and "FAIL <stdin>:2" in run.out
    names = sorted(p.name for p in (tmp_path / "r").iterdir())
    assert names == [
        "0002-play-revoke--discard-while-holding-hearts.html",
        "index.html",
        "tricklog-manifest.json",
    ]
    index = (tmp_path / "r" / "index.html").read_text()
    assert "&lt;stdin&gt;:2" in index and "play.revoke" in index


def test_the_command_loads_no_template_engine_until_it_draws() -> None:
    code = "import sys, replay.cli.app; print('jinja2' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=processes.environment(),
        check=False,
    )
    assert result.stdout.strip() == "False", result.stderr
