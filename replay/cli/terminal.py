"""The console the command prints text on: markup, emoji codes, highlighting and wrapping off.

What may reach it from a record or a file name is escaped by ``replay.text`` first.
"""

from __future__ import annotations

import os
import sys
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

_RICH_ASKS = ("TTY_COMPATIBLE", "FORCE_COLOR")
"""Variables by which rich may take a stream that is no terminal for one (``Console.is_terminal``)."""


def console(stream: IO[str]) -> Console:
    """A console that prints text as written: no markup, emoji codes, highlighting or wrap."""
    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            # rich would exit 1 on its own; a closed pipe is the reader's choice (`| head`)
            self.quiet = True
            raise BrokenPipeError

    return _Console(
        file=stream, markup=False, emoji=False, highlight=False, soft_wrap=True, tab_size=1
    )


def plain(stream: IO[str]) -> bool:
    """Whether a console on ``stream`` prints without colour or width, as on a file or a pipe:
    then text is written straight out, without loading rich. Decided as rich decides it
    (``Console.is_terminal``); where that needs rich (a variable it reads is set, a notebook),
    rich is asked."""
    if any(name in os.environ for name in _RICH_ASKS) or "IPython" in sys.modules:
        return console(stream).color_system is None
    isatty = getattr(stream, "isatty", None)
    try:
        return isatty is None or not isatty()
    except ValueError:  # a closed stream: rich takes it for no terminal too
        return True
