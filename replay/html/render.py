"""Pages from views, with Jinja2 templates shipped in ``replay/html/templates``.

Autoescape is on for every template: what a record holds (names, ids, cards, messages quoting
them) is data, and reaches the page as text, never as markup. A page is whole in itself: its
style sheet and its one small script (keyboard navigation) are written into it, and it names
no other file or address, so that it opens the same from a mail attachment, a USB stick or a
printer's queue, and asks the network for nothing.

The command imports this module only when it draws a page: no other command waits for Jinja2.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import jinja2

from records.words import number_of
from replay.html.chart import chart
from replay.html.views import PageView
from replay.text import plain, printable

__all__ = ["IndexEntry", "render_index", "render_page"]

GENERATOR = "tricklog"
"""The ``generator`` meta tag of every page; ``audit --html`` replaces only a folder it wrote."""

IndexEntry = tuple[str, PageView]
"""(the page's file name, its view) as ``index.html`` lists it."""


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("replay.html", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["num"] = plain  # any integer in full (``str`` refuses the longest)
    env.filters["signed"] = signed
    env.filters["counted"] = number_of  # ``3 cards``, ``1 card``: a word that agrees
    return env


def signed(value: Any) -> str:
    """A hand's score with its sign: ``+20``, ``-60``, ``+0``."""
    text = plain(value)
    return text if text.startswith("-") else f"+{text}"


def render_page(page: PageView, *, index: str | None = None) -> str:
    """The HTML of one record's page; ``index`` names the index page to link back to."""
    return _render("page.html.j2", page=page, index=index)


def render_index(
    entries: list[IndexEntry], *, inputs: list[str], records: int, unreadable: list[str]
) -> str:
    """The HTML of ``audit --html``'s index: every record with a problem, with its problems
    linked to where they occur, and the inputs that could not be read."""
    return _render(
        "index.html.j2",
        entries=entries,
        inputs=[printable(i) for i in inputs],
        records=records,
        unreadable=unreadable,
    )


def _render(name: str, **values: Any) -> str:
    return environment().get_template(name).render(generator=GENERATOR, chart=chart, **values)
