"""The console the command prints text on: markup, emoji codes, highlighting and wrapping off.

What may reach it from a record or a file name is escaped by ``replay.text`` first.
"""

from __future__ import annotations

from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console


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
