"""The notation's tokens, one line at a time.

A line holds words (``hand``, ``0:AS``, ``?``), JSON strings (``"reason"``), a JSON value after
the word ``extensions``, JSON arrays among the values of a claim, or, first on its line, one tag:
``[Name value value ...]`` whose values are JSON. Comments run from ``;`` to the end of the
line, or from ``{`` to the next ``}``, across lines as in PGN; inside a JSON value neither
starts a comment. Lines end at ``\\n`` only, so a line separator inside a JSON string cannot
split a line (the writer escapes them anyway).

The lexer never raises: what it cannot read becomes an ``Error`` at its line and column, and the
rest of that line is skipped.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any, Literal

__all__ = ["MAX_NESTING", "Comment", "Error", "Line", "Token", "deeper_than", "lex_line"]

_WORD = re.compile(r"[^\s;{}\[\]\"]+")
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_SPACE = re.compile(r"\s*")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large for a JSON number")
    return value


def _constant(text: str) -> Any:
    raise ValueError(f"{text} is not a JSON value")


_DECODER = json.JSONDecoder(parse_float=_finite, parse_constant=_constant)


@dataclass(frozen=True, slots=True)
class Token:
    kind: Literal["word", "json", "tag"]
    text: str
    """The word, the tag's name, or the JSON text as written."""
    line: int
    column: int
    """From 1, in characters."""
    value: Any = None
    """The JSON value; for a tag, the list of its values."""


@dataclass(frozen=True, slots=True)
class Error:
    message: str
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Comment:
    """A ``{`` comment still open at the end of a line, and where it started."""

    line: int
    column: int


@dataclass(slots=True)
class Line:
    number: int
    tokens: list[Token]
    errors: list[Error]
    tag_start: bool = False
    """The line opens with ``[``: a tag, even one the lexer could not read."""

    @property
    def is_empty(self) -> bool:
        return not self.tokens and not self.errors


def lex_line(text: str, number: int, comment: Comment | None) -> tuple[Line, Comment | None]:
    """The tokens of one line, given the ``{`` comment open before it; and the one open after."""
    line = Line(number, [], [])
    at = 0
    if comment is not None:
        end = text.find("}")
        if end < 0:
            return line, comment
        at, comment = end + 1, None
    while True:
        at = _SPACE.match(text, at).end()  # type: ignore[union-attr]
        if at >= len(text) or text[at] == ";":
            return line, None
        char, column = text[at], at + 1
        if _json_expected(line):
            value, end, error = _json(text, at)
            if error is not None:
                line.errors.append(Error(error, number, column))
                return line, None
            line.tokens.append(Token("json", text[at:end], number, column, value))
            at = end
        elif char == "{":
            end = text.find("}", at + 1)
            if end < 0:
                return line, Comment(number, column)
            at = end + 1
        elif char == '"' or (char == "[" and _claim_value_expected(line)):
            value, end, error = _json(text, at)
            if error is not None:
                line.errors.append(Error(error, number, column))
                return line, None
            line.tokens.append(Token("json", text[at:end], number, column, value))
            at = end
        elif char == "[" and not line.tokens:
            line.tag_start = True
            at = _tag(text, at, line)
            if at < 0:
                return line, None
        elif char in "[]}":
            line.errors.append(Error(f"unexpected {char!r}", number, column))
            return line, None
        else:
            match = _WORD.match(text, at)
            assert match is not None  # every other character starts a word
            line.tokens.append(Token("word", match.group(), number, column))
            at = match.end()


def _json_expected(line: Line) -> bool:
    """A JSON value follows the word ``extensions`` (an object there is not a comment)."""
    return (
        bool(line.tokens)
        and line.tokens[-1].kind == "word"
        and line.tokens[-1].text == ("extensions")
    )


def _claim_value_expected(line: Line) -> bool:
    """A JSON array may be a value of a claim (``claims melds [] [{"meld": "dix", ...}]``), after
    the word ``claims`` and the claim's name."""
    tokens = line.tokens
    return len(tokens) >= 2 and tokens[0].kind == "word" and tokens[0].text == "claims"


MAX_NESTING = 128
"""The deepest nesting of arrays and objects a JSON value of the notation may have (far more than
the record format allows in ``extensions``, far less than would exhaust a parser's stack)."""


def _json(text: str, at: int) -> tuple[Any, int, str | None]:
    try:
        value, end = _DECODER.raw_decode(text, at)
    except ValueError as exc:
        message = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
        return None, at, f"not a JSON value: {message}"
    except RecursionError:
        value, end = None, -1
    if end < 0 or deeper_than(value, MAX_NESTING):
        return None, at, f"a JSON value nested more than {MAX_NESTING} levels deep"
    return value, end, None


def deeper_than(value: Any, limit: int) -> bool:
    """Whether arrays and objects nest more than ``limit`` levels in ``value``; no recursion."""
    stack = [(value, 0)]
    while stack:
        node, depth = stack.pop()
        children = node.values() if isinstance(node, dict) else node
        if isinstance(node, (dict, list)):
            if depth + 1 > limit:
                return True
            stack.extend((child, depth + 1) for child in children)
    return False


def _tag(text: str, at: int, line: Line) -> int:
    """Read ``[Name value ...]`` from ``text[at]``; the position after it, or -1 on an error."""
    start = at
    at = _SPACE.match(text, at + 1).end()  # type: ignore[union-attr]
    name = _NAME.match(text, at)
    if name is None:
        line.errors.append(Error("a tag starts with its name: [Name value]", line.number, at + 1))
        return -1
    values: list[Any] = []
    at = name.end()
    while True:
        at = _SPACE.match(text, at).end()  # type: ignore[union-attr]
        if at >= len(text):
            line.errors.append(Error("tag not closed: ']' expected", line.number, at + 1))
            return -1
        if text[at] == "]":
            break
        value, end, error = _json(text, at)
        if error is not None or (end < len(text) and not _ends_value(text[end])):
            message = error or "a space, ']' or another value expected after a tag value"
            line.errors.append(Error(message, line.number, (at if error else end) + 1))
            return -1
        values.append(value)
        at = end
    line.tokens.append(Token("tag", name.group(), line.number, start + 1, values))
    return at + 1


def _ends_value(char: str) -> bool:
    return char.isspace() or char == "]"
