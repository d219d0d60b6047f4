"""The generated parts of ``docs/``: parameter, preset and problem-code tables made from the code.

The prose of ``docs/*.md`` is written by hand; the tables between ``<!-- generated: NAME -->``
and ``<!-- end generated -->`` are made here from the rules modules (``records.rulebook``) and
the catalogue of problem codes (``records.codes``), so that they cannot drift from the code.
Blocks: ``parameters``, ``presets`` and ``codes`` in ``docs/<game>.md`` (the game is the file's
name), ``catalogue`` in ``docs/problems.md``.

Regenerate after changing a rules field, a preset or a code::

    python -m records.docs            # rewrite the blocks in place
    python -m records.docs --check    # exit 1 if a block is stale (what the tests check)
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from records.codes import CODES, Code, codes_of
from records.problems import Kind
from records.rulebook import PRESET_NOTES, differences, parameters, preset_values, presets

__all__ = ["DOCS", "anchor", "main", "refreshed", "stale"]

DOCS = Path(__file__).resolve().parent.parent / "docs"
"""The ``docs/`` folder of the repository this module belongs to."""

_BLOCK = re.compile(
    r"(<!-- generated: (?P<name>[a-z]+) -->\n)(?P<body>.*?)(<!-- end generated -->)", re.DOTALL
)
_KIND_TITLES = {
    Kind.MALFORMED: "Malformed: the record does not fit the format",
    Kind.ILLEGAL: "Illegal: a deal or an action the rules forbid",
    Kind.INCONSISTENT: "Inconsistent: a claim that differs from the recomputation",
}


def refreshed(text: str, game: str | None) -> str:
    """``text`` with every generated block made anew (``game``: the game of a game's page)."""

    def block(match: re.Match[str]) -> str:
        make = _MAKERS.get(match["name"])
        if make is None:
            raise ValueError(f"unknown generated block {match['name']!r}")
        return f"{match.group(1)}{make(game)}{match.group(4)}"

    return _BLOCK.sub(block, text)


def stale(folder: Path = DOCS) -> list[Path]:
    """The documents whose generated blocks are not what the code says now."""
    return [path for path, text in _pages(folder) if refreshed(text, _game_of(path)) != text]


def anchor(code: str) -> str:
    """The anchor of a code's heading in ``problems.md`` (``play.revoke`` -> ``playrevoke``)."""
    return re.sub(r"[^a-z0-9_-]", "", code.lower())


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--check"]:
        old = stale()
        for path in old:
            print(f"{path} is stale; run: python -m records.docs", file=sys.stderr)
        return 1 if old else 0
    if args:
        print("usage: python -m records.docs [--check]", file=sys.stderr)
        return 2
    for path, text in _pages(DOCS):
        new = refreshed(text, _game_of(path))
        if new != text:
            path.write_text(new, encoding="utf-8")
            print(f"wrote {path}")
    return 0


# --- the blocks --------------------------------------------------------------------------------


def _parameters(game: str | None) -> str:
    rows = [
        f"| `{p.name}` | {_cell(p.values)} | {_value(p.default)} | {_cell(_md(p.meaning))} |"
        for p in parameters(_need(game))
    ]
    head = "| parameter | values | default | meaning |\n|---|---|---|---|\n"
    return head + "\n".join(rows) + "\n"


def _presets(game: str | None) -> str:
    game = _need(game)
    names = list(presets(game))
    lines = [f"* `{name}`: {PRESET_NOTES[game][name]}." for name in names]
    changed = [
        p.name for p in parameters(game) if any(p.name in differences(game, n) for n in names)
    ]
    values = {name: preset_values(game, name) for name in names}
    head = "| parameter | " + " | ".join(f"`{n}`" for n in names) + " |"
    rule = "|---|" + "---|" * len(names)
    rows = []
    for parameter in changed:
        cells = []
        for name in names:
            shown = _value(values[name][parameter])
            differs = parameter in differences(game, name)
            cells.append(f"**{shown}**" if differs else shown)
        rows.append(f"| `{parameter}` | " + " | ".join(cells) + " |")
    same = [p.name for p in parameters(game) if p.name not in changed and p.name != "preset"]
    tail = (
        f"\nEvery other parameter has its default value in every preset: "
        f"{', '.join(f'`{n}`' for n in same)}. A record names its preset in `preset` only for "
        "information: it states every value, and the values are what tricklog applies.\n"
    )
    return "\n".join(lines) + "\n\n" + "\n".join([head, rule, *rows]) + "\n" + tail


def _codes(game: str | None) -> str:
    lines = []
    for kind in Kind:
        found = [c for c in codes_of(_need(game)) if c.kind is kind]
        links = ", ".join(f"[`{c.code}`](problems.md#{anchor(c.code)})" for c in found)
        lines.append(f"* {kind.value}: {links}")
    return "\n".join(lines) + "\n"


def _catalogue(game: str | None) -> str:
    parts = []
    for kind in Kind:
        parts.append(f"## {_KIND_TITLES[kind]}\n")
        parts.extend(_entry(c) for c in CODES.values() if c.kind is kind)
    return "\n".join(parts)


def _entry(code: Code) -> str:
    games = ", ".join(code.games) if code.games else "none (see the note)"
    text = [
        f"### `{code.code}`\n",
        f"*{code.kind.value}* · games: {games}\n",
        _md(code.meaning) + "\n",
        f"Example: {_example(code.example)}\n",
    ]
    if code.note:
        text.append(f"Note: {_md(code.note)}\n")
    return "\n".join(text)


_MAKERS: dict[str, Callable[[str | None], str]] = {
    "parameters": _parameters,
    "presets": _presets,
    "codes": _codes,
    "catalogue": _catalogue,
}


# --- helpers -----------------------------------------------------------------------------------


def _pages(folder: Path) -> list[tuple[Path, str]]:
    return [(path, path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.md"))]


def _game_of(path: Path) -> str | None:
    return path.stem if path.stem in PRESET_NOTES else None


def _need(game: str | None) -> str:
    if game is None:
        raise ValueError("a game's block (parameters, presets, codes) outside docs/<game>.md")
    return game


def _value(value: Any) -> str:
    return f"`{json.dumps(value, separators=(', ', ': '))}`"


def _md(text: str) -> str:
    """Docstring markup to Markdown: ````x```` -> ```x```."""
    return text.replace("``", "`")


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _example(message: str) -> str:
    return "`" + message.replace("`", "'") + "`"


if __name__ == "__main__":
    sys.exit(main())
