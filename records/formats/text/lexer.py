"""The notation's tokens, one line at a time.

A line holds words (``hand``, ``0:AS``, ``?``), JSON strings (``"reason"``), a JSON value after
the word ``extensions``, JSON arrays among the values of a claim, or, first on its line, one tag:
``[Name value value ...]`` whose values are JSON. Comments run from ``;`` to the end of the
line, or from ``{`` to the next ``}``, across lines as in PGN; inside a JSON value neither
starts a comment. Lines end at ``\\n`` only, so a line separator inside a JSON string cannot
split a line (the writer escapes them anyway). Spaces and tabs separate words, and nothing else
does: another character that some text calls a space (U+2028, U+0085, a no-break space, a
form feed) or a byte-order mark outside a JSON string is an error naming it.

The lexer never raises: what it cannot read becomes an ``Error`` at its line and column, and the
rest of that line is skipped. A line holds at most ``MAX_WORDS`` words and values, so that one
line costs memory in proportion to what a line can mean.
"""

from __future__ import annotations

import itertools
import json
import math
import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Literal

__all__ = [
    "MAX_NESTING",
    "MAX_WORDS",
    "SPECIAL",
    "Comment",
    "Error",
    "Line",
    "Token",
    "deeper_than",
    "is_plain",
    "lex_line",
]

_WORD = re.compile(r"[^\s;{}\[\]\"\ufeff]+")
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_SPACE = re.compile(r"[ \t]*")
_PLAIN = re.compile(r"[^ \t]+")
"""A word of a line that has nothing but words (``SPECIAL`` finds none of the rest)."""
SPECIAL = re.compile(r"[;{}\[\]\"\ufeff]|[^\S \t]")
"""What makes a line more than words separated by spaces and tabs."""
_NOT_SPACE = re.compile(r"[^\S \t]|\ufeff")
"""A character that separates words in some text, but not in the notation."""

MAX_WORDS = 4096
"""The most words (and tag values) on one line: a line means at most a hand's actions (1,000),
a seat's cards or a stock, never more."""


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large for a JSON number")
    return value


def _constant(text: str) -> Any:
    raise ValueError(f"{text} is not a JSON value")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of a JSON value; ``ValueError`` for a key it states twice, which a record may
    not (``records.duplicates``) and the standard library would let the last value win."""
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {json.dumps(key)} is stated twice in an object")
            seen.add(key)
    return found


_DECODER = json.JSONDecoder(
    parse_float=_finite, parse_constant=_constant, object_pairs_hook=_object
)


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
    if comment is None and is_plain(text):
        return _plain(text, number), None
    if comment is None and text.startswith("\ufeff"):  # two files joined: read on, say so
        line, comment = lex_line(" " + text[1:], number, None)
        line.errors.insert(0, Error(not_a_space("\ufeff"), number, 1))
        return line, comment
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
        if len(line.tokens) >= MAX_WORDS:
            line.errors.append(_too_many(number, column))
            return line, None
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
        elif _NOT_SPACE.match(char):
            line.errors.append(Error(not_a_space(char), number, column))
            return line, None
        else:
            match = _WORD.match(text, at)
            assert match is not None  # every other character starts a word
            line.tokens.append(Token("word", match.group(), number, column))
            at = match.end()


def is_plain(text: str) -> bool:
    """Whether a line (outside a comment) is nothing but words separated by spaces and tabs,
    and few enough of them (``MAX_WORDS``)."""
    return (
        SPECIAL.search(text) is None
        and "extensions" not in text
        and (len(text) < 2 * MAX_WORDS or text.count(" ") + text.count("\t") < MAX_WORDS)
    )


def _plain(text: str, number: int) -> Line:
    """The words of a line that holds nothing else (no comment, tag, JSON or odd space): the
    same tokens as the general loop gives, found faster."""
    words = itertools.islice(_PLAIN.finditer(text), MAX_WORDS + 1)
    tokens = [Token("word", m.group(), number, m.start() + 1) for m in words]
    if len(tokens) > MAX_WORDS:
        return Line(number, tokens[:MAX_WORDS], [_too_many(number, tokens[MAX_WORDS].column)])
    return Line(number, tokens, [])


def _too_many(number: int, column: int) -> Error:
    return Error(f"a line holds at most {MAX_WORDS:,} words and values", number, column)


def not_a_space(char: str) -> str:
    """Why ``char`` (found where a word or a space may be) is refused, naming it."""
    if char == "\ufeff":
        return (
            "a byte-order mark (U+FEFF) in the middle of the text (a file joined onto "
            "another?); remove it"
        )
    name = unicodedata.name(char, "a control character")
    return (
        f"U+{ord(char):04X} ({name}) is not a space in the notation: words are separated "
        "by spaces and tabs only"
    )


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
        if len(values) >= MAX_WORDS:
            line.errors.append(_too_many(line.number, at + 1))
            return -1
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
    return char in " \t]"
