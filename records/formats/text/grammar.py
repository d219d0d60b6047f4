"""The pieces a game's notation is made of: reading a line's tokens, the two ways an action is
written, and what a game says beyond its actions (deal, claims, presets).

An action is written either as an **item** ``SEAT:VALUE`` on the line of its keyword, so that a
line holds the bids, the auction or one trick (``play 0:AS 1:2H 2:2D``), or as a **line** of its
own (``meld 1 flush AS TS KS QS JS dix 9S``). Lines are read into the record's JSON as it is, and
written from it; each function that writes takes the keys it writes out of the action, so that
anything left is a loss rather than silently dropped. Each game puts the pieces together
in its model module (``records.<game>.NOTATION``, reached through its ``FORMAT``).
"""

from __future__ import annotations

import functools
import json
import re
import sys
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, TypeAdapter

from records.formats.text.lexer import Token

__all__ = [
    "Cursor",
    "GameNotation",
    "Item",
    "LineAction",
    "NotationError",
    "claim_value",
    "claim_word",
    "integer_of",
    "item_of",
    "list_fields",
    "plain",
    "preset_values",
    "read_item",
    "value_word",
    "whole",
]

_INTEGER = re.compile(r"-?(?:0|[1-9][0-9]*)")
_FRACTION = re.compile(r"(-?(?:0|[1-9][0-9]*))/([1-9][0-9]*)")
"""An exact fraction of a claimed amount, ``80/3`` (Bestia under ``pot_rounding = exact``)."""
_ITEM = re.compile(r"(-?(?:0|[1-9][0-9]*)):(.+)")

MAX_DIGITS = 100
"""The most digits of an integer the notation reads: far more than the record format's largest
integer has (16, ``records.limits.MAX_INT``), so that the format's own limit is what a person
sees, and far fewer than would cost time to convert (CPython refuses more than 4,300)."""

Path = tuple[str | int, ...]


class NotationError(Exception):
    """A line that does not say what its keyword needs, and where."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.message, self.line, self.column = message, line, column


def whole(text: str, token: Token) -> int:
    """``text`` (digits, perhaps with a sign) as an integer; ``NotationError`` at the token for
    more than ``MAX_DIGITS`` digits."""
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise NotationError(
            f"an integer of {digits:,} digits; the record format's integers have at most 16",
            token.line,
            token.column,
        )
    return int(text)


class Cursor:
    """The tokens of one line after its keyword, read left to right; remembers which token gave
    which part of the action (``places``), so that a problem found later points at it."""

    def __init__(self, tokens: list[Token], start: int = 1) -> None:
        self.tokens, self.at = tokens, start
        self.places: dict[Path, Token] = {}

    def more(self) -> bool:
        return self.at < len(self.tokens)

    def peek(self) -> Token | None:
        return self.tokens[self.at] if self.more() else None

    def take(self, what: str) -> Token:
        token = self.peek()
        if token is None:
            last = self.tokens[-1]
            raise NotationError(f"{what} expected", last.line, last.column + len(last.text))
        self.at += 1
        return token

    def word(self, what: str) -> Token:
        token = self.take(what)
        if token.kind != "word":
            raise NotationError(f"{what} expected, not {token.text}", token.line, token.column)
        return token

    def integer(self, what: str, path: Path = ()) -> int:
        token = self.word(what)
        if not _INTEGER.fullmatch(token.text):
            raise NotationError(f"{what} expected, not {token.text!r}", token.line, token.column)
        self.places[path] = token
        return whole(token.text, token)

    def seat(self) -> int:
        return self.integer("a seat number", ("seat",))

    def cards(self, path: Path, stop: tuple[str, ...] = ()) -> list[str]:
        """Words up to the end of the line or a word of ``stop``; the schema checks each card."""
        cards: list[str] = []
        while (token := self.peek()) is not None and token.text not in stop:
            cards.append(sys.intern(self.word("a card").text))  # a deck's few words, shared
            self.places[(*path, len(cards) - 1)] = token
        return cards

    def end(self) -> None:
        token = self.peek()
        if token is not None:
            raise NotationError(f"unexpected {token.text!r}", token.line, token.column)


def integer_value(token: Token) -> int | bool | None:
    """A claimed value: an integer, ``true``, ``false``, or ``?`` for one the source left out."""
    if token.kind == "word":
        if _INTEGER.fullmatch(token.text):
            return whole(token.text, token)
        if token.text in _WORDS:
            return _WORDS[token.text]
    raise NotationError(
        f"a number, true, false or ? expected, not {token.text!r}", token.line, token.column
    )


_WORDS: dict[str, bool | None] = {"true": True, "false": False, "?": None}


def claim_word(word: str) -> tuple[bool, Any]:
    """``(True, value)`` for a claimed value written as a word, as ``claim_value`` reads it;
    ``(False, None)`` where ``claim_value`` would raise (or might)."""
    if word in _WORDS:
        return True, _WORDS[word]
    if len(word) <= MAX_DIGITS and _INTEGER.fullmatch(word):
        return True, int(word)
    fraction = _FRACTION.fullmatch(word) if len(word) <= MAX_DIGITS else None
    if fraction is not None:
        return True, {"numerator": int(fraction[1]), "denominator": int(fraction[2])}
    return False, None


def claim_value(token: Token) -> Any:
    """A claimed value: a word (``integer_value``, or a fraction ``80/3`` for the amount
    ``{"numerator": 80, "denominator": 3}``), or JSON (a string such as ``"made"``, an array such
    as a seat's melds) for a value no word says."""
    if token.kind == "json":
        return token.value
    fraction = _FRACTION.fullmatch(token.text)
    if fraction is not None:
        return {"numerator": whole(fraction[1], token), "denominator": whole(fraction[2], token)}
    return integer_value(token)


def value_word(value: Any) -> str | None:
    """How a claimed value is written, or None when it is not one the notation writes."""
    if value is None:
        return "?"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, dict) and list(value) == ["numerator", "denominator"]:
        word = "/".join(str(v) if type(v) is int else "" for v in value.values())
        return word if _FRACTION.fullmatch(word) else None
    return None


@dataclass(frozen=True)
class Item:
    """An action written ``SEAT:VALUE`` on the line of ``keyword``."""

    keyword: str
    type: str
    field: str | None
    """The field the value fills; None when the value is the word ``literal``."""
    number: bool = False
    literal: str | None = None
    unknown: bool = False
    """Whether the value may be null, not logged by the source (an Oh Hell bid), written ``?``
    as a claimed value left out is: ``1:?``."""

    def write(self, action: dict[str, Any]) -> str | None:
        seat = action.pop("seat", None)
        stated = self.field is not None and self.field in action
        value = action.pop(self.field, None) if self.field else None
        if not isinstance(seat, int) or isinstance(seat, bool):
            return None
        if self.field is None:
            return f"{seat}:{self.literal}"
        if value is None and stated and self.unknown:
            return f"{seat}:?"
        if self.number and isinstance(value, int) and not isinstance(value, bool):
            return f"{seat}:{value}"
        if not self.number and isinstance(value, str) and plain(value):
            return f"{seat}:{value}"
        return None


def integer_of(word: str) -> int | None:
    """The integer a word writes (as ``Cursor.integer`` reads it), or None when it writes none
    or one of too many digits."""
    if len(word) > MAX_DIGITS or not _INTEGER.fullmatch(word):
        return None
    return int(word)


def item_of(items: list[Item], word: str) -> dict[str, Any] | None:
    """The action a word ``SEAT:VALUE`` writes, or None when ``read_item`` would raise (or
    might): what the reader asks first, with no token to make."""
    match = _ITEM.fullmatch(word)
    if match is None or len(word) > MAX_DIGITS:
        return None
    seat, value = int(match.group(1)), match.group(2)
    for item in items:
        if item.literal is not None and value == item.literal:
            return {"type": item.type, "seat": seat}
    for item in items:
        if item.field is not None and item.unknown and value == "?":
            return {"type": item.type, "seat": seat, item.field: None}
        if item.field is not None and not item.number:
            return {"type": item.type, "seat": seat, item.field: sys.intern(value)}
        if item.field is not None and _INTEGER.fullmatch(value):
            return {"type": item.type, "seat": seat, item.field: int(value)}
    return None


def read_item(items: list[Item], token: Token) -> dict[str, Any]:
    match = _ITEM.fullmatch(token.text) if token.kind == "word" else None
    if match is None:
        raise NotationError(
            f"SEAT:{_value_name(items)} expected, not {token.text!r}", token.line, token.column
        )
    seat, value = whole(match.group(1), token), match.group(2)
    for item in items:
        if item.literal is not None and value == item.literal:
            return {"type": item.type, "seat": seat}
    for item in items:
        if item.field is not None and item.unknown and value == "?":
            return {"type": item.type, "seat": seat, item.field: None}
        if item.field is not None and (not item.number or _INTEGER.fullmatch(value)):
            return {
                "type": item.type,
                "seat": seat,
                item.field: whole(value, token) if item.number else sys.intern(value),
            }
    raise NotationError(
        f"SEAT:{_value_name(items)} expected, not {token.text!r}", token.line, token.column
    )


def _value_name(items: list[Item]) -> str:
    names = [i.literal or ("NUMBER" if i.number else "CARD") for i in items]
    return "|".join(dict.fromkeys(names))


def plain(word: str) -> bool:
    """A value the notation can write as a word, and read back as the same string."""
    return bool(word) and re.fullmatch(r"[^\s;{}\[\]\":]+", word) is not None


WriteAction = Callable[[dict[str, Any]], list[str] | None]
ReadAction = Callable[[Cursor], dict[str, Any]]


@dataclass(frozen=True)
class LineAction:
    """An action written on a line of its own: ``keyword SEAT ...``."""

    keyword: str
    type: str
    write: WriteAction
    """The words after the keyword (taking the keys written out of the action), or None."""
    read: ReadAction


@dataclass(frozen=True)
class GameNotation:
    """One game's words: its items and line actions, deal words, claims and presets."""

    items: tuple[Item, ...]
    lines: tuple[LineAction, ...]
    hand_claims: type[BaseModel]
    record_claims: type[BaseModel]
    deal: type[BaseModel]
    presets: dict[str, Any]
    rules: type
    item_keywords: dict[str, list[Item]] = field(init=False)
    by_type: dict[str, Item | LineAction] = field(init=False)
    line_keywords: dict[str, LineAction] = field(init=False)

    def __post_init__(self) -> None:
        keywords: dict[str, list[Item]] = {}
        for item in self.items:
            keywords.setdefault(item.keyword, []).append(item)
        object.__setattr__(self, "item_keywords", keywords)
        by_type: dict[str, Item | LineAction] = {i.type: i for i in self.items}
        by_type.update({a.type: a for a in self.lines})
        object.__setattr__(self, "by_type", by_type)
        object.__setattr__(self, "line_keywords", {a.keyword: a for a in self.lines})


_PRESETS: dict[tuple[str, str], bytes] = {}


def preset_values(notation: GameNotation, name: str) -> dict[str, Any] | None:
    """A named preset's parameters as a record's JSON states them (``preset`` left out), or
    None for a name that is not one of the game's presets."""
    if name not in notation.presets:
        return None
    key = (notation.rules.__name__, name)
    if key not in _PRESETS:
        _PRESETS[key] = TypeAdapter(notation.rules).dump_json(notation.presets[name])
    values: dict[str, Any] = json.loads(_PRESETS[key])
    values.pop("preset", None)
    return values


@functools.cache
def list_fields(model: type[BaseModel]) -> dict[str, bool]:
    """Each field of a model, and whether it holds a list (written as several values); worked
    out once per model (do not change what it gives)."""
    return {name: _is_list(info.annotation) for name, info in model.model_fields.items()}


def _is_list(annotation: Any) -> bool:
    origin = typing.get_origin(annotation)
    if origin is list:
        return True
    if origin is typing.Annotated:
        return _is_list(typing.get_args(annotation)[0])
    return origin is not None and any(_is_list(a) for a in typing.get_args(annotation))
