"""Reading the notation: lines into records, or into problems with their line and column.

The lines of a file are split into records as PGN splits games: a tag line after the body of a
record starts the next one. Each record's lines are read into the record's JSON, which
``records.parse`` then checks (the notation has no rules of its own about what a record may
hold); the pointer of every problem it finds is traced back to the line and column that wrote
that part. A line the notation cannot read is a problem at its place, the rest of the record is
still read for more, and the record is not built; the next record goes on.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from records.formats.base import Read, SourceProblem
from records.formats.text.games import GAMES
from records.formats.text.grammar import (
    Cursor,
    GameNotation,
    NotationError,
    claim_value,
    list_fields,
    preset_values,
    read_item,
)
from records.formats.text.lexer import Comment, Error, Line, Token, lex_line
from records.formats.text.values import field_name
from records.parse import parse
from records.problems import Kind, Problem

__all__ = ["CODE", "META", "read_lines"]

CODE = "record.text"
"""The problem code of text the notation cannot read (as ``record.json`` is for JSON)."""

META = ("Event", "Site", "Date", "Table", "Source")
"""The tags of the record's ``meta`` fields, in the order they are written."""

_DEAL_WORDS: dict[str, bool | None] = {"none": None, "true": True, "false": False}
"""The words of a deal line that are not cards: no card, and the values of a flag
(Oh Hell's ``deal rebuilt true``)."""

Path = tuple[str | int, ...]


def read_lines(lines: Iterable[tuple[int, str | Error]], name: str) -> Iterator[Read]:
    """The records of a file given as numbered lines (an ``Error`` for a line that could not be
    decoded), in order; a broken record never stops the next."""
    comment: Comment | None = None
    chunk: list[Line] = []
    has_body = False
    for number, text in lines:
        if isinstance(text, Error):
            line = Line(number, [], [text])
        else:
            line, comment = lex_line(text, number, comment)
        if line.is_empty:
            continue
        if line.tag_start and has_body:
            yield _Record(chunk, name).read()
            chunk, has_body = [], False
        chunk.append(line)
        has_body = has_body or not line.tag_start
    if comment is not None:
        unclosed = Error("comment not closed: '}' expected", comment.line, comment.column)
        chunk.append(Line(comment.line, [], [unclosed]))
    if chunk:
        yield _Record(chunk, name).read()


class _Record:
    """One record's lines, read into its JSON document and the places that wrote each part."""

    def __init__(self, lines: list[Line], name: str) -> None:
        self.lines, self.name = lines, name
        self.problems: list[Problem] = []
        self.doc: dict[str, Any] = {"format_version": 1}
        self.places: dict[Path, tuple[int, int]] = {(): (lines[0].number, 1)}
        self.rules: dict[str, Any] = {}
        self.preset: str | None = None

    def read(self) -> Read:
        source = f"{self.name}:{self.lines[0].number}"
        for line in self.lines:
            self.problems += [_problem(e.message, e.line, e.column) for e in line.errors]
        tags = [line for line in self.lines if line.tag_start]
        for line in tags:
            if not line.errors:  # the lexer said what is wrong with it
                self._tag_line(line)
        notation = self._game(tags)
        if notation is not None:
            self._rules(notation)
            body = [line for line in self.lines if not line.tag_start and not line.errors]
            _Body(self, notation).read(body)
        if self.problems:
            self.problems.sort(key=lambda p: (getattr(p, "line", 0), getattr(p, "column", 0)))
            return Read(source, None, tuple(self.problems))
        result = parse(json.dumps(self.doc, ensure_ascii=False).encode())
        if isinstance(result, list):
            return Read(source, None, tuple(self._placed(p) for p in result))
        return Read(source, result)

    def place(self, path: Path, token: Token) -> None:
        self.places[path] = (token.line, token.column)

    def error(self, message: str, line: int, column: int) -> None:
        self.problems.append(_problem(message, line, column))

    def _tag_line(self, line: Line) -> None:
        tag = line.tokens[0]
        if len(line.tokens) > 1:
            extra = line.tokens[1]
            self.error("a tag stands on a line of its own", extra.line, extra.column)
        try:
            self._tag(tag)
        except NotationError as exc:
            self.error(exc.message, exc.line, exc.column)

    def _tag(self, tag: Token) -> None:
        name, values = tag.text, tag.value
        if name == "Player":
            _arity(tag, 2, 3, "[Player SEAT NAME] or [Player SEAT NAME ID]")
            player = dict(zip(("seat", "name", "id"), values, strict=False))
            players = self.doc.setdefault("players", [])
            self.place(("players", len(players)), tag)
            players.append(player)
        elif name == "Meta":
            _arity(tag, 0, 0, "[Meta] (an empty meta block) with no value")
            self._once(("meta",), tag, self.doc.get("meta") is not None)
            self.doc["meta"] = {}
        elif name in META:
            _arity(tag, 1, 1, f"[{name} VALUE]")
            meta = self.doc.setdefault("meta", {})
            self._once(("meta", name.lower()), tag, name.lower() in meta)
            meta[name.lower()] = values[0]
        elif name == "Rules":
            _arity(tag, 1, 1, '[Rules "PRESET"]')
            self._once(("rules", "preset"), tag, self.preset is not None)
            if not isinstance(values[0], str):
                raise NotationError("[Rules] names a preset, in quotes", tag.line, tag.column)
            self.preset = values[0]
        elif name[0].islower():
            _arity(tag, 1, 1, f"[{name} VALUE]")
            self._once(("rules", name), tag, name in self.rules)
            self.rules[name] = values[0]
        else:
            _arity(tag, 1, 1, f"[{name} VALUE]")
            key = field_name(name)
            self._once((key,), tag, key in self.doc)
            self.doc[key] = values[0]

    def _once(self, path: Path, tag: Token, seen: bool) -> None:
        if seen:
            raise NotationError(f"[{tag.text}] is given twice", tag.line, tag.column)
        self.place(path, tag)

    def _game(self, tags: list[Line]) -> GameNotation | None:
        game = self.doc.get("game")
        if isinstance(game, str) and game in GAMES:
            return GAMES[game]
        if "game" in self.doc:
            line, column = self.places[("game",)]
            known = ", ".join(GAMES)
            self.error(f"unknown game {game!r}; expected one of {known}", line, column)
        elif not self.problems:
            first = self.lines[0]
            what = "its tags" if tags else "[Game ...] and its other tags"
            self.error(f"a record starts with {what}; [Game ...] is missing", first.number, 1)
        return None

    def _rules(self, notation: GameNotation) -> None:
        rules: dict[str, Any] = {}
        if self.preset is not None:
            rules["preset"] = self.preset
            rules.update(preset_values(notation, self.preset) or {})
        rules.update(self.rules)
        self.doc["rules"] = rules
        if ("rules", "preset") in self.places:
            self.places[("rules",)] = self.places[("rules", "preset")]

    def _placed(self, problem: Problem) -> SourceProblem:
        path = _path(problem.pointer)
        while path not in self.places:
            path = path[:-1]
        line, column = self.places[path]
        return SourceProblem(
            problem.code,
            problem.kind,
            problem.message,
            problem.pointer,
            problem.hand,
            problem.trick,
            problem.seat,
            problem.expected,
            problem.actual,
            line=line,
            column=column,
        )


class _Body:
    """The lines after the tags: the record's claims, then its hands."""

    def __init__(self, record: _Record, notation: GameNotation) -> None:
        self.record, self.notation = record, notation
        self.doc = record.doc
        self.doc.setdefault("players", [])
        self.hands: list[dict[str, Any]] = self.doc.setdefault("hands", [])
        self.deal_fields = list_fields(notation.deal)

    def read(self, lines: list[Line]) -> None:
        for line in lines:
            try:
                self._line(line)
            except NotationError as exc:
                self.record.error(exc.message, exc.line, exc.column)

    def _line(self, line: Line) -> None:
        first = line.tokens[0]
        if first.kind != "word":
            raise NotationError("a line starts with a word (hand, deal, play ...)", *_at(first))
        word, notation = first.text, self.notation
        if word == "hand":
            return self._hand(line)
        if word == "claims":
            return self._claims(line)
        if not self.hands:
            raise NotationError(
                f"'hand NUMBER dealer SEAT' expected before {word!r}", first.line, first.column
            )
        index = len(self.hands) - 1
        if word == "deal":
            return self._deal(line, index)
        if word == "extensions":
            return self._extensions(line, index)
        if word in notation.item_keywords:
            for token in line.tokens[1:]:
                self._action(index, read_item(notation.item_keywords[word], token), token, {})
            return None
        if word in notation.line_keywords:
            action = notation.line_keywords[word]
            cursor = Cursor(line.tokens)
            body = action.read(cursor)
            return self._action(index, {"type": action.type, **body}, first, cursor.places)
        known = ["hand", "deal", "claims", "extensions", *notation.item_keywords]
        known += notation.line_keywords
        raise NotationError(
            f"unknown word {word!r}; a line of a hand starts with one of: {', '.join(known)}",
            first.line,
            first.column,
        )

    def _hand(self, line: Line) -> None:
        cursor = Cursor(line.tokens)
        number = cursor.integer("the hand's number", ("number",))
        dealer_word = cursor.word("'dealer'")
        if dealer_word.text != "dealer":
            raise NotationError(f"'dealer' expected, not {dealer_word.text!r}", *_at(dealer_word))
        dealer = cursor.integer("the dealer's seat", ("dealer",))
        cursor.end()
        index = len(self.hands)
        self.hands.append({"number": number, "dealer": dealer, "deal": {"hands": []}})
        self.hands[index]["actions"] = []
        self._places(("hands", index), line.tokens[0], cursor.places)

    def _deal(self, line: Line, index: int) -> None:
        cursor = Cursor(line.tokens)
        what = cursor.word("a seat number, or one of: " + ", ".join(self._deal_words()))
        deal = self.hands[index]["deal"]
        base: Path = ("hands", index, "deal")
        if what.text.isdigit():
            seat = len(deal["hands"])
            if what.text != str(seat):
                raise NotationError(f"'deal {seat}' expected: seats in order from 0", *_at(what))
            cards = cursor.cards(())
            deal["hands"].append(cards)
            self._places((*base, "hands", seat), what, cursor.places)
            return
        name = "turned_up" if what.text == "turned" else what.text
        if name == "hands" or name not in self.deal_fields:
            raise NotationError(
                f"unknown deal word {what.text!r}; expected a seat number or one of: "
                + ", ".join(self._deal_words()),
                *_at(what),
            )
        if name in deal:
            raise NotationError(f"'deal {what.text}' is given twice", *_at(what))
        if self.deal_fields[name]:
            deal[name] = cursor.cards(())
        else:
            card = cursor.word("a card, or none")
            cursor.end()
            deal[name] = _DEAL_WORDS.get(card.text, card.text)
        self._places((*base, name), what, cursor.places)

    def _deal_words(self) -> list[str]:
        return ["turned" if f == "turned_up" else f for f in self.deal_fields if f != "hands"]

    def _claims(self, line: Line) -> None:
        base: Path = ()
        owner, model = self.doc, self.notation.record_claims
        if self.hands:
            owner, base = self.hands[-1], ("hands", len(self.hands) - 1)
            model = self.notation.hand_claims
        claims = owner.setdefault("claims", {})
        self.record.place((*base, "claims"), line.tokens[0])
        if len(line.tokens) == 1:
            return
        shapes = list_fields(model)
        name = line.tokens[1]
        if name.kind != "word" or name.text not in shapes:
            raise NotationError(
                f"unknown claim {name.text!r}; expected one of: {', '.join(shapes)}", *_at(name)
            )
        if name.text in claims:
            raise NotationError(f"'claims {name.text}' is given twice", *_at(name))
        values = [claim_value(token) for token in line.tokens[2:]]
        path = (*base, "claims", name.text)
        self.record.place(path, name)
        if shapes[name.text]:
            claims[name.text] = values
            for position, token in enumerate(line.tokens[2:]):
                self.record.place((*path, position), token)
        elif len(values) != 1:
            raise NotationError(f"'claims {name.text}' takes one value", *_at(name))
        else:
            claims[name.text] = values[0]

    def _extensions(self, line: Line, index: int) -> None:
        hand = self.hands[index]
        if len(line.tokens) != 2 or line.tokens[1].kind != "json":
            raise NotationError("'extensions' takes one JSON value", *_at(line.tokens[0]))
        if "extensions" in hand:
            raise NotationError("'extensions' is given twice in a hand", *_at(line.tokens[0]))
        hand["extensions"] = line.tokens[1].value
        self.record.place(("hands", index, "extensions"), line.tokens[1])

    def _action(
        self, index: int, action: dict[str, Any], token: Token, places: dict[Path, Token]
    ) -> None:
        actions = self.hands[index]["actions"]
        self._places(("hands", index, "actions", len(actions)), token, places)
        actions.append(action)

    def _places(self, base: Path, token: Token, places: dict[Path, Token]) -> None:
        self.record.place(base, token)
        for path, part in places.items():
            self.record.place((*base, *path), part)


def _arity(tag: Token, low: int, high: int, form: str) -> None:
    if not low <= len(tag.value) <= high:
        raise NotationError(f"{form} expected", tag.line, tag.column)


def _at(token: Token) -> tuple[int, int]:
    return token.line, token.column


def _problem(message: str, line: int, column: int) -> SourceProblem:
    return SourceProblem(CODE, Kind.MALFORMED, message, line=line, column=column)


def _path(pointer: str) -> Path:
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]
    return tuple(int(p) if p.isdigit() else p for p in parts)
