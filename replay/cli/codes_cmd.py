"""``tricklog codes``: every problem code, with its kind, games, meaning and an example."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from replay.cli.exit_codes import Exit
from replay.cli.options import GAME_NAMES, FormatOption, OutputFormat, check_game, complete_game


def codes(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            help=f"The game: {GAME_NAMES}; omit it for every code.",
            callback=check_game,
            autocompletion=complete_game,
            show_default=False,
        ),
    ] = None,
    output: FormatOption = OutputFormat.TEXT,
) -> Exit:
    """Print the problem codes tricklog reports: kind, games, meaning and an example message.

    With a game, only the codes its records can raise. docs/problems.md holds the same list.

    Examples:

    \b
        tricklog codes
        tricklog codes pinochle
        tricklog codes --format json
    """
    from records.codes import codes_of

    entries = [
        {
            "code": c.code,
            "kind": c.kind.value,
            "games": list(c.games),
            "meaning": _plain(c.meaning),
            "example": c.example,
            **({"note": _plain(c.note)} if c.note else {}),
        }
        for c in codes_of(game)
    ]
    if output is OutputFormat.JSON:
        report = {"game": game, "codes": entries}
        sys.stdout.write(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(_text(entries, game))
    return Exit.OK


def _text(entries: list[dict[str, Any]], game: str | None) -> str:
    lines = []
    for entry in entries:
        games = ", ".join(entry["games"]) or "no record (see the note)"
        lines.append(f"{entry['code']} [{entry['kind']}] ({games})")
        lines.append(f"    {entry['meaning']}")
        lines.append(f"    e.g. {entry['example']}")
        if "note" in entry:
            lines.append(f"    note: {entry['note']}")
    whose = f"{game} records can raise" if game else "tricklog can report"
    lines.append(f"\n{len(entries)} codes {whose}; every one in words: docs/problems.md")
    return "\n".join(lines) + "\n"


def _plain(text: str) -> str:
    """Catalogue text for a terminal: no Markdown backticks."""
    return text.replace("`", "")
