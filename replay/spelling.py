"""Actions as a person types them at a table: the notation's words, the seat left out.

A table (``replay.table``) takes an action as the text notation writes it (docs/notation.md),
with one difference: the seat whose turn it is need not be said. A bid, an auction call or a
card is the notation's item without its ``SEAT:`` (``bid 3``, ``play QS``, ``pass``, ``bid
310``); with it (``play 2:QS``) it is any seat's. An action written on a line of its own keeps
its words, its seat left out when it is the seat to move (``trump H``, ``bury 9C 9D TD``,
``concede``), or said (``concede 3``, ``claim 0 5 0 0``). The words are read by the notation's
own readers (``records.formats.text.grammar``) and the values checked by the record format's
model of the game's actions, so nothing here knows a game.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from pydantic import TypeAdapter, ValidationError

from records.formats.text.grammar import Cursor, GameNotation, Item, NotationError, read_item
from records.formats.text.lexer import Token, lex_line

__all__ = ["SpellingError", "read", "spell"]

_ITEM = re.compile(r"-?[0-9]+:.+")
_INTEGER = re.compile(r"-?[0-9]+")


class SpellingError(ValueError):
    """Words that do not spell an action of the game (``code``: ``record.text``), or spell one
    with values the format does not allow (``record.schema``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


def spell(notation: GameNotation, action: dict[str, Any], to_move: int | None) -> str:
    """``action`` (its JSON, as a record writes it) as a person types it: the seat left out
    where it is ``to_move``'s."""
    form = notation.by_type[action["type"]]
    seat = action.get("seat")
    if isinstance(form, Item):
        action = dict(action)  # the writers take the keys they write out of it
        written = form.write(action)
        if written is None:  # a value the notation has no word for
            raise ValueError(f"the notation cannot write {action!r}")
        if seat != to_move:
            return f"{form.keyword} {written}"
        return form.literal if form.literal is not None else f"{form.type} {_value(written)}"
    words = form.write(copy.deepcopy(action)) or []
    mine = words and seat is not None and seat == to_move and words[0] == str(seat)
    if mine and (len(words) == 1 or not _INTEGER.fullmatch(words[1])):  # else read as a seat
        words = words[1:]
    return " ".join([form.keyword, *words])


def _value(item: str) -> str:
    return item.partition(":")[2]


def read(notation: GameNotation, adapter: TypeAdapter[Any], text: str, to_move: int | None) -> Any:
    """The action (the record's event) that ``text`` spells; ``SpellingError`` if none."""
    line, _ = lex_line(text, 1, None)
    if line.errors:
        error = line.errors[0]
        raise SpellingError("record.text", f"{error.message} (column {error.column})")
    tokens = line.tokens
    if not tokens or tokens[0].kind != "word":
        raise SpellingError("record.text", f"an action expected: {_words(notation)}")
    word = tokens[0].text
    form = notation.by_type.get(word)
    if word in notation.item_keywords or isinstance(form, Item):
        keyword = word if word in notation.item_keywords else form.keyword  # type: ignore[union-attr]
        found = _item(notation.item_keywords[keyword], form, tokens, to_move)
        return _checked(adapter, found)
    line_form = notation.line_keywords.get(word) or form
    if line_form is None or isinstance(line_form, Item):
        raise SpellingError("record.text", f"unknown word {word!r}; {_words(notation)}")
    try:
        return _checked(adapter, {"type": line_form.type, **line_form.read(Cursor(tokens))})
    except (NotationError, SpellingError) as exc:
        said = len(tokens) > 1 and _INTEGER.fullmatch(tokens[1].text) is not None
        if to_move is None or said:
            raise _spelling(exc) from None
    seated = [tokens[0], Token("word", str(to_move), 1, tokens[0].column), *tokens[1:]]
    try:
        return _checked(adapter, {"type": line_form.type, **line_form.read(Cursor(seated))})
    except NotationError as exc:
        raise _spelling(exc) from None


def _item(items: list[Item], form: Any, tokens: list[Token], to_move: int | None) -> dict[str, Any]:
    """A bid, a call or a card: ``WORD VALUE``, ``WORD SEAT:VALUE`` or a literal (``pass``)."""
    rest = tokens[1:]
    if len(rest) > 1:
        raise SpellingError("record.text", "one action at a time: a single value after the word")
    if rest:
        value, column = rest[0].text, rest[0].column
    elif isinstance(form, Item) and form.literal is not None:
        value, column = form.literal, tokens[0].column
    else:
        raise SpellingError("record.text", f"a value expected after {tokens[0].text!r}")
    if not _ITEM.fullmatch(value):
        if to_move is None:
            raise SpellingError("record.text", f"no seat is to move: say whose, SEAT:{value}")
        value = f"{to_move}:{value}"
    try:
        return read_item(items, Token("word", value, 1, column))
    except NotationError as exc:
        raise _spelling(exc) from None


def _checked(adapter: TypeAdapter[Any], action: dict[str, Any]) -> Any:
    try:
        return adapter.validate_python(action)
    except ValidationError as exc:
        error = exc.errors(include_url=False)[0]
        where = "/".join(str(part) for part in error["loc"][1:])
        raise SpellingError(
            "record.schema", f"{error['msg']}" + (f" (at {where})" if where else "")
        ) from None


def _spelling(exc: NotationError | SpellingError) -> SpellingError:
    if isinstance(exc, SpellingError):
        return exc
    return SpellingError("record.text", f"{exc.message} (column {exc.column})")


def _words(notation: GameNotation) -> str:
    words = dict.fromkeys([*notation.by_type, *notation.item_keywords, *notation.line_keywords])
    return "an action starts with one of: " + ", ".join(words)
