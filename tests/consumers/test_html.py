"""The HTML pages without a browser: what a record holds reaches the page as text, never as
markup; every dealt card is on the page; the page names no address; ``audit --html`` lists
exactly the records with problems, each problem linked to an anchor that exists."""

from __future__ import annotations

import json
import re
from collections import Counter
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from records.output import OutputError
from records.tricks import Duty
from records.words import number_of
from replay.check import decode
from replay.html.manifest import MANIFEST
from replay.html.page import _FOLLOWING, build_page
from replay.html.render import render_page
from replay.html.report import write_report
from replay.registry import GAMES
from tests.conftest import FIXTURES

PAGES = {
    "oh_hell": FIXTURES / "oh_hell" / "valid" / "default-4p-complete-game.json",
    "pinochle": FIXTURES / "pinochle" / "valid" / "generated-default-sitting.json",
    "bestia": FIXTURES
    / "bestia"
    / "valid"
    / "sitting-bestia-carried-blind-draw-ace-lead-all-pass-lone-player.json",
}
MISMATCH = FIXTURES / "oh_hell" / "invalid" / "score.mismatch--nil-scored-as-five.json"
REVOKE = FIXTURES / "oh_hell" / "invalid" / "play.revoke--discard-while-holding-hearts.json"
HOSTILE = '<script>alert("x")</script>"\'><img src=x onerror=alert(1)>&amp;\x1b[31m\u202e\x07'


class Tags(HTMLParser):
    """Every start tag of a page with its attributes, and its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def having(self, name: str) -> list[dict[str, str | None]]:
        return [attrs for _, attrs in self.tags if name in attrs]


def page_of(path: Path) -> str:
    return render_from(path.read_bytes(), str(path))


def render_from(data: bytes, source: str) -> str:
    decoded = decode(data)
    if isinstance(decoded, list):
        return render_page(build_page(source, None, decoded))
    return render_page(build_page(source, decoded))


def parsed(html: str) -> Tags:
    tags = Tags()
    tags.feed(html)
    tags.close()
    return tags


def dealt(record: dict[str, Any]) -> Counter[str]:
    """Every card of every hand's deal: the hands, the widow, the turned-up card."""
    cards: Counter[str] = Counter()
    for hand in record["hands"]:
        deal = hand["deal"]
        for held in deal["hands"]:
            cards.update(held)
        cards.update(deal.get("widow") or [])
        if deal.get("turned_up"):
            cards[deal["turned_up"]] += 1
    return cards


@pytest.mark.parametrize("game", list(PAGES))
def test_every_dealt_card_is_on_the_page_once_with_a_name(game: str) -> None:
    path = PAGES[game]
    tags = parsed(page_of(path))
    shown = tags.having("data-dealt")
    assert Counter(str(a["data-card"]) for a in shown) == dealt(json.loads(path.read_text()))
    for attrs in tags.having("data-card"):
        assert attrs["role"] == "img" and attrs["aria-label"], attrs
        assert not str(attrs["aria-label"]).startswith("not a card"), attrs


@pytest.mark.parametrize("game", list(PAGES))
def test_a_page_names_no_address_and_loads_nothing(game: str) -> None:
    html = page_of(PAGES[game])
    assert "http://" not in html and "https://" not in html and "url(" not in html
    tags = parsed(html)
    for tag, attrs in tags.tags:
        assert "src" not in attrs, (tag, attrs)
        if tag == "a":
            assert str(attrs["href"]).startswith("#"), attrs
    assert [t for t, _ in tags.tags].count("script") == 1
    assert [t for t, _ in tags.tags].count("link") == 0


def test_the_pinochle_page_shows_deal_melds_burial_tricks_and_settlement() -> None:
    html = page_of(PAGES["pinochle"])
    text = " ".join(parsed(html).text)
    for words in ("widow:", "took the widow", "meld queens", "buried", "Tricks", "Score sheet"):
        assert words in text, words
    assert "preset default" in text
    assert "outcome: double_bete" in text  # the derivation of the settlement
    assert len(parsed(html).having("data-nav")) >= 4 * 1 + 15  # hands and tricks to move through


def test_hostile_text_in_names_and_ids_is_text(tmp_path: Path) -> None:
    record = json.loads(PAGES["oh_hell"].read_text())
    record["id"] = HOSTILE
    record["players"][0]["name"] = HOSTILE
    record["meta"] = {"event": HOSTILE, "date": "2026-11-30"}
    html = render_from(json.dumps(record).encode(), f"{tmp_path}/{HOSTILE}.json")
    assert "<img" not in html and "onerror=alert(1)>" not in html
    assert html.count("<script>") == 1  # the page's own
    assert "&lt;script&gt;" in html and "&amp;amp;" in html
    assert "\x1b" not in html and "\x07" not in html and "\u202e" not in html
    assert "\\x1b[31m" in html and "\\u202e" in html
    tags = parsed(html)
    assert HOSTILE.replace("\x1b", "\\x1b").replace("\u202e", "\\u202e").replace(
        "\x07", "\\x07"
    ) in "".join(tags.text)


def test_a_hostile_card_in_a_broken_record_is_shown_as_text() -> None:
    record = json.loads(PAGES["oh_hell"].read_text())
    record["hands"][0]["deal"]["hands"][0][0] = "<b>X"
    html = render_from(json.dumps(record).encode(), "broken.json")
    assert "<b>" not in html and "&lt;b&gt;X" in html
    assert 'id="problem-1"' in html


def test_a_mismatch_is_highlighted_where_it_occurs() -> None:
    html = page_of(MISMATCH)
    assert 'data-status="mismatch"><a href="#problem-1">recorded 5 ≠ recomputed 10</a>' in html
    tags = parsed(html)
    cells = [a for t, a in tags.tags if t == "td" and "mismatch" in str(a.get("class"))]
    assert len(cells) == 1
    assert len(tags.having("id")) and any(a.get("id") == "problem-1" for a in tags.having("id"))


def test_an_illegal_card_is_shown_in_its_hand() -> None:
    html = page_of(REVOKE)
    assert html.count('class="problem"') == 1
    assert "play.revoke" in html
    hand = html.index('id="hand-2"')
    assert hand < html.index('id="problem-1"') < html.index('id="hand-3"')


def test_a_page_of_what_is_not_a_record_shows_why() -> None:
    html = render_from(b'{"game": "oh_hell"', "cut.json")
    assert 'id="problem-1"' in html and "not a record" in html


def _report(tmp_path: Path) -> tuple[Path, set[str]]:
    """A folder of records: three valid, the rest broken; the broken ones' sources."""
    inputs = tmp_path / "in"
    inputs.mkdir()
    broken = set()
    for path in PAGES.values():
        (inputs / path.name).write_bytes(path.read_bytes())
    for path in [*sorted((FIXTURES / "pinochle" / "invalid").glob("*.json"))[:6], MISMATCH]:
        (inputs / path.name).write_bytes(path.read_bytes())
        broken.add(str(inputs / path.name))
    (inputs / "cut.json").write_text('{"game": ')
    broken.add(str(inputs / "cut.json"))
    hostile = json.loads(MISMATCH.read_text())
    hostile["id"] = "../../" + HOSTILE
    (inputs / "hostile.json").write_text(json.dumps(hostile))
    broken.add(str(inputs / "hostile.json"))
    return inputs, broken


def test_audit_html_lists_exactly_the_records_with_problems(tmp_path: Path) -> None:
    inputs, broken = _report(tmp_path)
    out = tmp_path / "report"
    assert write_report([str(inputs)], str(out)) == len(broken)
    pages = {p.name for p in out.iterdir()} - {"index.html", MANIFEST}
    index = parsed((out / "index.html").read_text())
    rows = [a for t, a in index.tags if t == "tr" and "data-page" in a]
    assert {a["data-page"] for a in rows} == pages and len(pages) == len(broken)
    sources = {line.strip() for line in index.text if line.strip().startswith(str(inputs))}
    assert sources == broken
    links = [str(a["href"]) for t, a in index.tags if t == "a" and "#" in str(a.get("href"))]
    assert len(links) >= len(broken)
    for link in links:
        name, anchor = link.split("#")
        assert f'id="{anchor}"' in (out / name).read_text(), link
    for name in pages:
        assert "http://" not in (out / name).read_text()
        assert re.fullmatch(r"\d{4}-[A-Za-z0-9_-]+\.html", name), name  # an id names no path
    assert "<script>alert" not in (out / "index.html").read_text()


def test_audit_html_replaces_only_its_own_report(tmp_path: Path) -> None:
    inputs, _ = _report(tmp_path)
    out = tmp_path / "report"
    write_report([str(inputs)], str(out))
    (inputs / "cut.json").unlink()
    write_report([str(inputs)], str(out))  # an earlier report is replaced whole
    assert "not-a-record" not in " ".join(p.name for p in out.iterdir())
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep")
    with pytest.raises(OutputError, match="not a tricklog report"):
        write_report([str(inputs)], str(mine))
    assert [p.name for p in mine.iterdir()] == ["notes.txt"]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no staging left


PLAY_CELL = re.compile(
    r'<td class="play[^"]*" id="hand-(\d+)-trick-(\d+)-seat-(\d+)" tabindex="-1"'
    r' title="([^"]*)"[^>]*><span [^>]*data-card="([^"]*)"'
)


def _plays(html: str) -> dict[tuple[int, int], dict[int, tuple[str, str]]]:
    """(hand, trick) -> seat -> (the card played there, its duty as the tooltip says it)."""
    plays: dict[tuple[int, int], dict[int, tuple[str, str]]] = {}
    for hand, trick, seat, duty, card in PLAY_CELL.findall(html):
        plays.setdefault((int(hand), int(trick)), {})[int(seat)] = (card, unescape(duty))
    return plays


@pytest.mark.parametrize("game", list(PAGES))
def test_a_cards_duty_is_what_bound_that_seat_there(game: str) -> None:
    """Issue 18.8: every card's tooltip gives the duty that applied to that seat at that card,
    and the card kept it: a card that "must follow suit" is of the suit led, one "free to play
    any card" is not (the seat was void), one that "must trump" is a trump, and every card is
    among those it "could play"."""
    record = json.loads(PAGES[game].read_text())
    deck = GAMES[game].deck
    plays = _plays(page_of(PAGES[game]))
    assert plays
    for (hand, _), cells in plays.items():
        deal = record["hands"][hand - 1]["deal"]
        leads = [(card, duty) for card, duty in cells.values() if " leads trick " in duty]
        assert len(leads) == 1, cells
        led = leads[0][0][-1]
        for card, duty in cells.values():
            assert "could play " in duty and deck.pretty(card) in duty.split("could play ")[1]
            assert "trump when void" not in duty  # the whole rule, stated where it did not apply
            if "must follow suit" in duty:
                assert card[-1] == led, (card, duty)
            if "free to play any card" in duty:
                assert card[-1] != led and "is void in" in duty, (card, duty)
            if "must trump in" in duty:
                trump = deal.get("turned_up") or ""
                assert game != "bestia" or card[-1] == trump[-1], (card, duty)


def test_bestia_tooltips_say_void_and_free_where_the_seat_had_no_trump() -> None:
    """The page a tournament director read as a revoke: Anna, void in cups and holding no
    trump, was free; Carla, void in cups, had to trump and did."""
    plays = _plays(page_of(PAGES["bestia"]))
    assert plays[1, 1][1][1].startswith("Bruno (1) leads trick 1: any card; could play ")
    assert plays[1, 1][0][1] == (
        "Anna (0) holds coppe (cups), the suit led: must follow suit; could play Kc"
    )
    assert plays[1, 2][0][1] == (
        "Anna (0) is void in coppe (cups), the suit led, and holds no trump: free to play any "
        "card; could play 2s 4b"
    )
    assert plays[1, 2][2][1] == (
        "Carla (2) is void in coppe (cups), the suit led, and holds a trump: must trump in "
        "denari (coins); could play 2d"
    )


def test_the_stock_is_counted_as_the_rules_deal_it_not_as_far_as_the_record_lists_it() -> None:
    """Issue 18.8: a Bestia deal leaves 27 cards of 40 in the stock (4 hands of 3 and the card
    turned up), whatever part of it the record lists; an Oh Hell record lists its whole stock."""
    html = page_of(PAGES["bestia"])
    record = json.loads(PAGES["bestia"].read_text())
    shown = re.findall(r'<span class="muted stock">stock: ([^<]*)</span>', html)
    assert len(shown) == len(record["hands"])
    for hand, said in zip(record["hands"], shown, strict=True):
        deal = hand["deal"]
        left = 40 - sum(len(cards) for cards in deal["hands"]) - 1
        listed = len(deal["stock"])
        tail = (
            f"; the record lists the top {listed}" if listed else "; the record lists none of them"
        )
        assert said == f"{number_of(left, 'card')} undealt{tail}", said
    html = page_of(PAGES["oh_hell"])
    shown = re.findall(r'<span class="muted stock">stock: ([^<]*)</span>', html)
    record = json.loads(PAGES["oh_hell"].read_text())
    assert shown == [
        f"{number_of(len(h['deal']['stock']), 'card')} undealt" for h in record["hands"]
    ]


@pytest.mark.parametrize(
    ("game", "title"),
    [("oh_hell", "Bids"), ("pinochle", "Auction and calls"), ("bestia", "Declarations")],
)
def test_each_game_heads_its_calls_in_its_own_words(game: str, title: str) -> None:
    """Issue 18.11: an Oh Hell page labelled its bids "Auction and calls"."""
    headings = re.findall(r"<h3>([^<]*)</h3>", page_of(PAGES[game]))
    assert title in headings
    assert not {"Bids", "Auction and calls", "Declarations"} - {title} & set(headings)


def test_a_problem_names_the_player_with_the_seat() -> None:
    """Issue 18.8: problems named seats where the record names the players."""
    html = page_of(
        FIXTURES / "oh_hell" / "invalid" / "play.out-of-turn--seat-2-leads-instead-of-seat-0.json"
    )
    problem = " ".join(html[html.index('id="problem-1"') :].split("</div>")[0].split())
    assert "(hand 1, trick 1, seat 2 (Clara)):" in problem
    assert "seat 2 (Clara) played out of turn" in problem
    html = page_of(REVOKE)
    assert "(hand 2, trick 1, seat 0 (Anna)):" in html


def _links_resolve(html: str) -> None:
    ids = set(re.findall(r'\sid="([^"]+)"', html))
    links = set(re.findall(r'href="#([^"]+)"', html))
    assert links and links <= ids, sorted(links - ids)


@pytest.mark.parametrize("path", [*PAGES.values(), MISMATCH, REVOKE])
def test_every_link_of_a_page_of_some_hands_leads_somewhere_on_it(path: Path) -> None:
    """Issue 18.8: ``view --hand 5`` linked the score sheet to ``#hand-1`` ... ``#hand-13``,
    which were not on the page."""
    decoded = decode(path.read_bytes())
    _links_resolve(render_page(build_page(str(path), decoded)))
    for index in range(len(decoded.hands)):
        page = build_page(str(path), decoded, hands={index})
        assert [hand.index for hand in page.hands] == [index]
        html = render_page(page)
        _links_resolve(html)
        assert len(re.findall(r'<a href="#hand-\d+">', html)) == 1  # its own line of the sheet
        lines = re.findall(r'<tr><th scope="row">(?:<a href="#hand-\d+">)?\d+', html)
        assert len(lines) == len(decoded.hands)  # every hand keeps its line of the score sheet


def test_a_hand_left_out_lends_its_problem_to_no_claim_of_the_record() -> None:
    """A running total wrong in a hand left out of the page is listed at the head; the
    record's own total, off because of it, is not marked as that problem."""
    path = FIXTURES / "oh_hell" / "invalid" / "total.mismatch--running-total-off-by-one.json"
    record = json.loads(path.read_text())
    wrong = record["hands"][2]["claims"]["totals"]
    record["claims"]["totals"] = [wrong[0], *record["claims"]["totals"][1:]]
    decoded = decode(json.dumps(record).encode())
    whole = render_page(build_page("r.json", decoded))
    assert 'href="#problem-1"' in whole  # the hand's own claim is marked, on its page
    html = render_page(build_page("r.json", decoded, hands={0}))
    assert 'id="problem-1"' in html and 'href="#problem-1"' not in html
    html = render_page(build_page("r.json", decoded, hands=set()))
    assert "This page lays out none of the record's 3 hands (1-3)" in html
    assert '<section class="hand"' not in html and 'id="problem-1"' in html


def test_every_duty_of_a_follower_has_its_words() -> None:
    """A duty the trick core can decide (issue 20: heading a trumped trick, before any game sets
    it) has its words on the page, so that a game that sets it needs no edit of the page."""
    assert set(_FOLLOWING) == set(Duty) - {Duty.LEAD, Duty.LEAD_OWED}
