"""``tricklog view`` and ``tricklog audit --html`` as a user runs them: the page is written whole,
exit codes follow the README's table, and a wrong choice of record or hand says what there is."""

from __future__ import annotations

import gzip
import json
import os
import pty
import random
import re
import select
import subprocess
import sys
from pathlib import Path

from replay.check import decode, steps
from replay.generators.oh_hell import generate
from replay.html.page import PAGE_HANDS
from replay.steps import ActionApplied
from tests.command import processes
from tests.conftest import FIXTURES
from tricklog import dumps

SITTING = FIXTURES / "pinochle" / "valid" / "generated-default-sitting.json"
REVOKE = FIXTURES / "oh_hell" / "invalid" / "play.revoke--discard-while-holding-hearts.json"
SHEET_LINE = r'<tr><th scope="row">(?:<a href="#hand-\d+">)?(\d+)'
"""A hand's line of the score sheet, linked to the hand where the page lays it out."""


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
    assert beyond.code == 2 and "holds 2 records, not 3; choose --record 1 to 2" in beyond.err
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


def test_view_of_one_hand_links_only_to_what_is_on_the_page(tricklog) -> None:  # type: ignore[no-untyped-def]
    """Issue 18.8: ``view --hand 5`` linked the score sheet to every hand, most not on the page."""
    run = tricklog("view", str(SITTING), "--hand", "2")
    ids = set(re.findall(r'\sid="([^"]+)"', run.out))
    links = set(re.findall(r'href="#([^"]+)"', run.out))
    assert links == {"hand-2"} and links <= ids
    assert re.findall(SHEET_LINE, run.out) == ["1", "2", "3", "4"]


def _on_a_terminal(*args: str) -> tuple[int, bytes, bytes]:
    """``tricklog *args`` with a terminal for its standard output: (exit code, what reached
    the terminal, standard error)."""
    controller, terminal = pty.openpty()
    shown = b""
    try:
        with subprocess.Popen(
            [*processes.COMMAND, *args],
            stdout=terminal,
            stderr=subprocess.PIPE,
            env=processes.environment(),
        ) as process:
            os.close(terminal)
            while True:  # read as it writes: a terminal holds only a few KB unread
                if select.select([controller], [], [], 0.2)[0]:
                    try:
                        chunk = os.read(controller, 65536)
                    except OSError:  # closed by the process's end, and read to the end
                        chunk = b""
                    shown += chunk
                    if chunk:
                        continue
                if process.poll() is not None:
                    break
            err = process.stderr.read() if process.stderr else b""
    finally:
        os.close(controller)
    return process.returncode, shown.replace(b"\r\n", b"\n"), err


def test_view_will_not_pour_html_onto_a_terminal(tmp_path: Path) -> None:
    """Issue 18.8: ``view`` without ``-o`` wrote 28 KB of HTML onto the terminal. It says what
    to do instead and exits 2; ``-o -`` and a pipe still get the page."""
    code, shown, err = _on_a_terminal("view", str(SITTING))
    assert code == 2 and shown == b""
    assert b"give -o FILE.html, or pipe it" in err
    code, shown, _ = _on_a_terminal("view", str(SITTING), "-o", "-")
    assert code == 0 and shown.startswith(b"<!DOCTYPE html>")
    piped = processes.run("view", str(SITTING))
    assert piped.returncode == 0 and piped.stdout.startswith(b"<!DOCTYPE html>")


def test_audit_html_says_where_it_wrote_the_report(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Issue 18.8: ``audit --html DIR`` never said where the report went."""
    out = tmp_path / "report"
    run = tricklog("audit", "--html", str(out), str(SITTING), str(REVOKE))
    assert run.code == 1
    assert f"wrote the report: {out / 'index.html'} (1 record page)\n" in run.err
    assert (out / "index.html").exists()
    quiet = tricklog("audit", "--html", str(out), "-q", str(REVOKE))
    assert quiet.code == 1 and "wrote the report" not in quiet.err


def _long_record(tmp_path: Path, hands: int, *, wrong_score_in: int | None = None) -> Path:
    """An Oh Hell game of ``hands`` one-card deals (the record longer than a page lays out);
    with ``wrong_score_in`` the score claimed in that hand (an index) is off by one."""
    record = generate(random.Random(7), players=3, hand_sizes=(1,) * hands)
    data = json.loads(dumps(record))
    if wrong_score_in is not None:
        data["hands"][wrong_score_in]["claims"]["scores"][0] += 1
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data))
    return path


def test_a_record_longer_than_a_page_is_laid_out_a_range_of_hands_at_a_time(
    tricklog, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """Issue 19.7: ``view`` of a valid 8 MB record took 13 s and 750 MB and wrote a 111 MB
    page. A page lays out at most ``PAGE_HANDS`` hands: without ``--hand`` such a record is
    refused with a range to ask for; a range lays out those hands alone (every hand keeps its
    line of the score sheet), and more than a page holds is refused too."""
    path = _long_record(tmp_path, PAGE_HANDS + 20)
    page = tmp_path / "page.html"
    refused = tricklog("view", str(path), "-o", str(page))
    assert refused.code == 2 and not page.exists()
    assert (
        f"has {PAGE_HANDS + 20} hands, more than a page lays out ({PAGE_HANDS}): choose some "
        f"with --hand, e.g. --hand 1-{PAGE_HANDS} (its hands: 1-{PAGE_HANDS + 20})"
    ) in refused.err
    too_many = tricklog("view", str(path), "--hand", f"1-{PAGE_HANDS + 1}", "-o", str(page))
    assert too_many.code == 2 and "more than a page lays out" in too_many.err
    assert not page.exists()
    run = tricklog("view", str(path), "--hand", f"11-{PAGE_HANDS + 10}", "-o", str(page))
    assert (run.code, run.err) == (0, "")
    html = page.read_text()
    assert len(re.findall(r'<section class="hand" id="hand-(\d+)"', html)) == PAGE_HANDS
    assert 'id="hand-10"' not in html and f'id="hand-{PAGE_HANDS + 11}"' not in html
    assert len(re.findall(SHEET_LINE, html)) == PAGE_HANDS + 20
    assert f"lays out {PAGE_HANDS} of the record's {PAGE_HANDS + 20} hands" in html
    assert set(re.findall(r'href="#([^"]+)"', html)) <= set(re.findall(r'\sid="([^"]+)"', html))
    none = tricklog("view", str(path), "--hand", "500-600")
    assert none.code == 2 and f"has no hand in 500-600; its hands: 1-{PAGE_HANDS + 20}" in none.err
    for wrong in ("x", "9-3", "1-2-3"):
        bad = tricklog("view", str(path), "--hand", wrong)
        assert bad.code == 2 and "Invalid value for '--hand'" in bad.err, wrong
    told = " ".join(tricklog("view", "--help").out.split())
    assert f"A page lays out at most {PAGE_HANDS} hands" in told  # the help keeps true


def test_only_the_hands_laid_out_are_replayed_card_by_card(tmp_path: Path) -> None:
    """What bounds a long record's page: the hands not laid out come whole from the replay, so
    neither their plays nor their views are kept."""
    record = decode(_long_record(tmp_path, PAGE_HANDS + 20).read_bytes())
    applied = {s.hand for s in steps(record, actions={3, 50}) if isinstance(s, ActionApplied)}
    assert applied == {3, 50}


def test_the_audit_page_of_a_long_record_lays_out_the_hands_with_problems(
    tricklog, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """Issue 19.7, in ``audit --html``: a long record's page holds the hands its problems lie
    in, not every hand."""
    path = _long_record(tmp_path, PAGE_HANDS + 20, wrong_score_in=PAGE_HANDS + 5)
    out = tmp_path / "report"
    run = tricklog("audit", "--html", str(out), "-q", str(path))
    assert run.code == 1
    (page,) = [p for p in out.iterdir() if p.name not in ("index.html", "tricklog-manifest.json")]
    html = page.read_text()
    assert re.findall(r'<section class="hand" id="(hand-\d+)"', html) == [f"hand-{PAGE_HANDS + 6}"]
    assert f"lays out 1 of the record's {PAGE_HANDS + 20} hands: {PAGE_HANDS + 6} (of" in html
    for link in re.findall(r'href="[^"#]*#([^"]+)"', (out / "index.html").read_text()):
        assert f'id="{link}"' in html
