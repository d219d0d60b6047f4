"""One headless chromium for the whole session, started by the tests themselves: Debian's
``/usr/bin/chromium`` (or ``$TRICKLOG_CHROMIUM``) driven by Playwright's Python API, never a
browser download. Without either the tests skip and say which is missing (``.ci/run`` installs
chromium with apt; ``pip install -e '.[browser]'`` brings Playwright)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT

CHROMIUM = os.environ.get("TRICKLOG_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
SCREENSHOTS = ROOT / "bench" / "out" / "screenshots"
"""Where the screenshots are copied for a person to look at (``bench/out`` is not committed)."""


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright  # noqa: PLC0415 - optional: skip without
    except ImportError:
        pytest.skip("playwright is not installed: pip install -e '.[browser]'")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no chromium at {CHROMIUM}: apt-get install chromium (as .ci/run does)")
    with sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        except Exception as exc:  # a chromium that cannot start here: say why, do not fail
            pytest.skip(f"chromium at {CHROMIUM} does not start: {exc}")
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    opened = context.new_page()
    yield opened
    context.close()


def keep_screenshot(page: Any, tmp_path: Path, name: str, **options: Any) -> Path:
    """A screenshot of a page (or of an element, a locator) in the test's folder, copied to
    ``bench/out/screenshots`` for a person to look at."""
    shot = tmp_path / name
    page.screenshot(path=str(shot), **options)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(shot, SCREENSHOTS / name)
    return shot
