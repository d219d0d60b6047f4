"""One card notation per output (docs/notation.md, "Cards and money in tricklog's outputs").

``show`` printed ``3♦ 3♥`` above a problem that says ``3D``, and the CSV ``calls`` column wrote
``10♣`` where records write ``TC``. Text outputs, JSON and tables now write cards as the record
does; a page shows suit symbols, and then every card it quotes does too.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

import tricklog
from replay.check import decode
from replay.html.page import build_page
from replay.html.render import render_page
from tests.conftest import FIXTURES
from tests.consumers.test_html import Tags

SYMBOLS = re.compile("[♣♦♥♠]")
RECORD_CARD = re.compile(r"(?<![\w/])[2-9TJQKA][CDHS](?![\w/])")
REVOKE = FIXTURES / "oh_hell" / "invalid" / "play.revoke--discard-while-holding-hearts.json"
PINOCHLE = FIXTURES / "pinochle" / "valid" / "double-pinochle-spades-made.json"
JSON_FIXTURES = [
    p for p in sorted(FIXTURES.glob("*/*valid/*.json")) if p.parent.parent.name != "openspiel"
]


@pytest.mark.parametrize("path", JSON_FIXTURES, ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_reports_write_cards_as_records_do(path: Path) -> None:
    report = tricklog.check_bytes(path.read_bytes())
    text = json.dumps(report.to_dict(), ensure_ascii=False)
    derivations = [line for hand in report.hands for line in hand.derivation]
    calls = [said for hand in report.hands for _, said in hand.calls]
    assert not SYMBOLS.search(text + "".join(derivations + calls))


def test_show_writes_the_cards_its_problem_quotes(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("show", str(REVOKE), "--hand", "2")
    assert "  Anna (0)   3D 3H\n" in run.out
    assert "(hand 2, trick 1, seat 0): 3D does not follow the led suit H" in run.out
    assert not SYMBOLS.search(run.out)


@pytest.mark.parametrize("game", ["oh_hell", "pinochle", "bestia"])
def test_show_and_explain_of_every_valid_record(game: str, tricklog) -> None:  # type: ignore[no-untyped-def]
    for path in sorted((FIXTURES / game / "valid").glob("*.json")):
        for args in (("show", "--record", "1"), ("audit", "--explain")):
            run = tricklog(*args, str(path))
            assert run.code == 0, (path.name, run.err)
            assert not SYMBOLS.search(run.out), (path.name, args)


def test_pinochle_calls_and_derivations_in_the_record_s_notation(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("audit", "--explain", str(PINOCHLE))
    assert "    meld flush: AS TS KS QS JS = 150\n" in run.out
    assert "    counters buried TC AH TH: 31\n" in run.out
    run = tricklog("show", str(PINOCHLE), "--record", "1")
    assert "Bruno (1) takes the widow AC JD TH; " in run.out
    assert "Bruno (1) buries TC AH TH" in run.out


def test_the_csv_calls_column_writes_cards_as_records_do(tmp_path: Path, tricklog) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "sheet.csv"
    run = tricklog("convert", str(PINOCHLE), "-o", str(out), "--allow-loss")
    assert run.code == 0, run.err
    with out.open(newline="", encoding="utf-8") as stream:
        calls = {row["seat"]: row["calls"] for row in csv.DictReader(stream)}
    assert (
        "takes the widow AC JD TH" in calls["1"]
        and "melds flush AS TS KS QS JS = 150" in calls["1"]
    )
    assert not SYMBOLS.search(out.read_text(encoding="utf-8"))


def _visible(path: Path) -> str:
    decoded = decode(path.read_bytes())
    problems = decoded if isinstance(decoded, list) else []
    record = None if isinstance(decoded, list) else decoded
    tags = Tags()
    tags.feed(render_page(build_page(str(path), record, problems)))
    return " ".join(tags.text)


@pytest.mark.parametrize(
    "path",
    [REVOKE, PINOCHLE, *sorted((FIXTURES / "pinochle" / "invalid").glob("meld.*.json"))],
    ids=lambda p: p.name,
)
def test_a_page_writes_every_card_with_its_symbol(path: Path) -> None:
    text = _visible(path)
    meta = json.loads(path.read_text()).get("meta") or {}
    for value in meta.values():  # the record's own words are shown as they are
        text = text.replace(str(value), "")
    assert RECORD_CARD.findall(text) == []
    assert SYMBOLS.search(text)


def test_a_page_quotes_a_problem_s_cards_with_symbols() -> None:
    text = _visible(REVOKE)
    assert "3♦ does not follow the led suit ♥ although the hand holds ♥" in text
    assert "got 3♦" in text


def test_a_malformed_record_s_page_keeps_the_notation_its_message_is_about() -> None:
    text = _visible(FIXTURES / "oh_hell" / "invalid" / "record.schema--ten-written-as-10.json")
    assert '"10C" is not a card of the 52-card deck; did you mean TC?' in text
