"""The pages in a real browser: every dealt card is on the page once, a mismatch is
highlighted, the keys move between tricks and hands, a card's duty shows on focus, and the page
asks the network for nothing. One screenshot per game is kept (``bench/out/screenshots``)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import keep_screenshot
from tests.consumers.test_html import MISMATCH, PAGES, dealt, page_of


def _open(page: Any, html: str, tmp_path: Path, name: str) -> list[str]:
    """Load ``html`` from a file; the addresses the page asked for besides itself (every
    such request is refused)."""
    path = tmp_path / name
    path.write_text(html, encoding="utf-8")
    url = path.as_uri()
    asked: list[str] = []

    def route(request: Any) -> None:
        if request.request.url == url:
            request.continue_()
        else:
            asked.append(request.request.url)
            request.abort()

    page.route("**/*", route)
    page.on("request", lambda r: r.url != url and asked.append(r.url))
    page.goto(url)
    return asked


SHOWN_HAND = {"oh_hell": "hand-5", "pinochle": "hand-1", "bestia": "hand-2"}
"""The hand of each game kept as a picture: five tricks of Oh Hell; pinochle's widow, melds and
burial; Bestia's exchange and blind draw."""


@pytest.mark.parametrize("game", list(PAGES))
def test_a_page_of_each_game(page: Any, tmp_path: Path, game: str) -> None:
    path = PAGES[game]
    asked = _open(page, page_of(path), tmp_path, f"{game}.html")
    shown = page.eval_on_selector_all(
        "[data-dealt]", "els => els.map(e => e.dataset.card + '|' + e.getAttribute('aria-label'))"
    )
    assert Counter(s.split("|")[0] for s in shown) == dealt(json.loads(path.read_text()))
    assert all(not s.endswith("|") for s in shown)  # each card has a spoken name
    keep_screenshot(page, tmp_path, f"{game}-top.png")
    keep_screenshot(page.locator(f"#{SHOWN_HAND[game]}"), tmp_path, f"{game}-hand.png")
    keep_screenshot(page.locator("#score-sheet"), tmp_path, f"{game}-score-sheet.png")
    assert asked == []


def _active(page: Any) -> str:
    return str(page.evaluate("document.activeElement && document.activeElement.id"))


def test_keys_move_between_tricks_and_hands(page: Any, tmp_path: Path) -> None:
    _open(page, page_of(PAGES["pinochle"]), tmp_path, "keys.html")
    page.keyboard.press("j")
    assert _active(page) == "hand-1-trick-1"
    page.keyboard.press("j")
    page.keyboard.press("ArrowDown")
    assert _active(page) == "hand-1-trick-3"
    page.keyboard.press("k")
    assert _active(page) == "hand-1-trick-2"
    page.keyboard.press("ArrowRight")
    cell = _active(page)
    assert cell.startswith("hand-1-trick-2-seat-")
    duty = page.locator(f"#{cell}-duty")
    assert duty.is_visible() and "could play" in duty.inner_text()
    described = page.get_attribute(f"#{cell}", "aria-describedby")
    assert described == f"{cell}-duty"
    page.keyboard.press("n")
    assert _active(page) == "hand-2"
    page.keyboard.press("j")
    assert _active(page).startswith("hand-3-trick-")  # hand 2 was passed out: no tricks
    page.keyboard.press("p")
    assert _active(page) == "hand-2"


def test_a_mismatch_is_highlighted(page: Any, tmp_path: Path) -> None:
    asked = _open(page, page_of(MISMATCH), tmp_path, "mismatch.html")
    cells = page.locator("td.mismatch")
    assert cells.count() == 1 and cells.first.is_visible()
    assert "recorded 5" in cells.first.inner_text()
    colour = cells.first.evaluate("e => getComputedStyle(e).backgroundColor")
    assert colour not in ("rgba(0, 0, 0, 0)", "transparent", "rgb(255, 255, 255)")
    problem = page.locator("#problem-1")
    assert problem.is_visible() and "score.mismatch" in problem.inner_text()
    cells.first.scroll_into_view_if_needed()
    keep_screenshot(page, tmp_path, "oh_hell-mismatch.png")
    assert asked == []


def test_a_phone_reads_the_page_without_sideways_scrolling(browser: Any, tmp_path: Path) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    try:
        phone = context.new_page()
        _open(phone, page_of(PAGES["bestia"]), tmp_path, "phone.html")
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390
        keep_screenshot(phone, tmp_path, "bestia-phone.png")
    finally:
        context.close()


def test_printing_leaves_out_what_paper_cannot_use(page: Any, tmp_path: Path) -> None:
    _open(page, page_of(PAGES["oh_hell"]), tmp_path, "print.html")
    page.emulate_media(media="print")
    assert not page.locator(".help").is_visible()
    assert not page.locator("nav.hands").is_visible()
    assert page.locator("#hand-1 table.tricks").is_visible()
    assert page.locator("#score-sheet svg.chart").is_visible()
    pdf = tmp_path / "print.pdf"
    page.pdf(path=str(pdf))
    assert pdf.read_bytes().startswith(b"%PDF")
