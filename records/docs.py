"""The generated parts of ``docs/``: parameter, preset and problem-code tables made from the code.

The prose of ``docs/*.md`` is written by hand; the tables between ``<!-- generated: NAME -->``
and ``<!-- end generated -->`` are made here from the rules modules (``records.rulebook``) and
the catalogue of problem codes (``records.codes``), so that they cannot drift from the code.
Blocks: ``parameters``, ``presets`` and ``codes`` in ``docs/<game>.md`` (the game is the file's
name), ``catalogue`` in ``docs/problems.md``, ``keys`` (every object of a record and its keys,
from the record models) in ``docs/records.md``.

Regenerate after changing a rules field, a preset or a code::

    python -m records.docs            # rewrite the blocks in place
    python -m records.docs --check    # exit 1 if a block is stale (what the tests check)
"""

from __future__ import annotations

import json
import re
import sys
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from records.codes import CODES, Code, codes_of
from records.games import GAME_IDS
from records.model_path import is_model, is_rules, literal_of, name_of, required_keys
from records.problems import Kind
from records.record import GAMES
from records.rulebook import (
    describe_type,
    differences,
    parameters,
    preset_notes,
    preset_values,
    presets,
)
from records.suggest import deck_of_pattern

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
    lines = [f"* `{name}`: {preset_notes(game)[name]}." for name in names]
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


def _keys(game: str | None) -> str:
    """Every object a record holds, with its keys: those every game shares, then each game's."""
    found = {name: _objects(model) for name, model in GAMES.items()}
    shared = [
        o for o in found[next(iter(found))] if all(o in objects for objects in found.values())
    ]
    parts = ["### Every game\n", *(_key_table(o, None) for o in shared)]
    for name, objects in found.items():
        parts.append(f"### {name}\n")
        parts.extend(_key_table(o, name) for o in objects if o not in shared)
    return "\n".join(parts)


def _objects(model: Any) -> list[Any]:
    """The models a record of ``model`` holds, itself first, in the order its keys meet them
    (the rules block aside: its game's page lists every parameter)."""
    found: list[Any] = []

    def visit(tp: Any) -> None:
        if is_model(tp) and not is_rules(tp):
            if tp in found:
                return
            found.append(tp)
            for info in tp.model_fields.values():
                visit(info.annotation)
            return
        for arg in get_args(tp):
            visit(arg)

    visit(model)
    return found


def _key_table(model: Any, game: str | None) -> str:
    rows = []
    required = required_keys(model)
    for key, info in model.model_fields.items():
        # pydantic keeps a field's constraints (bounds, a card's pattern) apart from its type
        tp = typing.Annotated[info.annotation, *info.metadata] if info.metadata else info.annotation
        target = _target(tp)
        meaning = (
            info.description
            or (_first_sentence(target.__doc__ or "") if is_model(target) else "")
            or _PLAIN.get(key, "")
        )
        value = _words(tp, game).replace("-9007199254740991", "-(2⁵³-1)")
        value = value.replace("9007199254740991", "2⁵³-1")
        rows.append(
            f"| `{key}` | {'yes' if key in required else 'no'} | {_cell(value)} | "
            f"{_cell(_md(_one_line(meaning)))} |"
        )
    title = _title(model)
    about = _md(_one_line(model.__doc__ or ""))
    head = f"**{title}**: {about}\n\n| key | required | value | meaning |\n|---|---|---|---|\n"
    return head + "\n".join(rows) + "\n"


_PLAIN = {
    "type": "Which action this is.",
    "game": "Which game the record holds; its other keys follow from it.",
    "seat": "The seat that acts.",
    "dealer": "The dealer's seat.",
    "reason": "Why, in the source's words, if it says.",
    "suit": "The suit named trump.",
    "tricks": "The tricks bid (0 is nil).",
}
"""The meaning of the keys whose field has no docstring: what their name says."""


def _title(model: Any) -> str:
    if model.__name__.endswith("Record"):
        return "The record"
    tag = literal_of(model, "type")
    if isinstance(tag, str):
        return f'The action "{tag}"'
    if model.__name__ == "Exact":
        return "An exact fraction"
    named = name_of(model, None)
    if named != "this object":
        return named[0].upper() + named[1:]
    words = re.sub(r"(?<!^)([A-Z])", r" \1", model.__name__).lower()
    return words[0].upper() + words[1:]


def _target(tp: Any) -> Any:
    """The object type a field holds, through lists and ``| None``, or the type itself."""
    while get_origin(tp) is typing.Annotated:
        tp = get_args(tp)[0]
    for arg in get_args(tp):
        if is_model(_target(arg)):
            return _target(arg)
    return tp


def _words(tp: Any, game: str | None) -> str:
    """A field's type in words, as a person writing a record reads it."""
    inner, meta = tp, []
    while get_origin(inner) is typing.Annotated:
        inner, *more = get_args(inner)
        meta.extend(more)
    patterns = [
        getattr(item, "pattern", None)
        for entry in meta
        for item in (entry, *getattr(entry, "metadata", ()))
    ]
    if any(p is not None and deck_of_pattern(p) is not None for p in patterns):
        return "a card"
    origin, args = get_origin(inner), get_args(inner)
    if is_rules(inner):
        return f"the rules block (`tricklog rules {game or 'GAME'} PRESET --format json`)"
    if is_model(inner):
        tag = literal_of(inner, "type")
        return f'"{tag}"' if isinstance(tag, str) else _title(inner).lower()
    if origin in (typing.Union, type(int | str)):
        members = [_words(a, game) for a in args if a is not type(None)]
        text = " or ".join(dict.fromkeys(members))
        return f"{text} or null" if type(None) in args else text
    if origin is Literal:
        return " or ".join(f"`{json.dumps(v)}`" for v in args)
    if origin in (list, tuple):
        each = _words(args[0], game)
        return f"a list, each ({each})" if " or " in each else f"a list, each {each}"
    if origin is dict and args and args[1] is Any:
        return "an object of any keys and values"
    return describe_type(tp)


def _first_sentence(text: str) -> str:
    one = _one_line(text)
    return one.split(". ")[0].rstrip(".") + "." if one else ""


def _one_line(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


_MAKERS: dict[str, Callable[[str | None], str]] = {
    "parameters": _parameters,
    "presets": _presets,
    "codes": _codes,
    "catalogue": _catalogue,
    "keys": _keys,
}


# --- helpers -----------------------------------------------------------------------------------


def _pages(folder: Path) -> list[tuple[Path, str]]:
    return [(path, path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.md"))]


def _game_of(path: Path) -> str | None:
    return path.stem if path.stem in GAME_IDS else None


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
