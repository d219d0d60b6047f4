"""Reading the notation: lines into records, or into problems with their line and column.

The lines of a stream are split into records as PGN splits games: a tag line after the body of a
record starts the next one. Each record's lines are read into the record's JSON as they come (a
record is never held as lines or tokens), which the format then checks (the notation has no
rules of its own about what a record may hold). A line the notation cannot read is a problem at
its place, the rest of the record is still read for more, and the record is not built; the next
record goes on.

Memory holds one record, within the read limits (``records.limits.ReadLimits``): its text, at
most ``record_bytes`` from its first line to the next record's, and its JSON, at most as much
again (each hand is written as JSON as soon as it ends; the hand being read is counted as it
grows). Beyond either the input is unreadable from there, as a JSON record over the limit is. A
hand of more than ``MAX_ACTIONS`` actions keeps no more of them; it is the problem the format
would report, at the hand's line.

Where each part of the record came from is not kept as it is read: a record the format refuses
(a card ``10S``, a misspelt tag) is read once more from its text, keeping only the places of
the parts the problems point at, and each problem is placed at the line and column that wrote
its part (``SourceProblem``).
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
from collections.abc import Iterator
from typing import IO, Any

import orjson

from records.formats.base import SourceProblem
from records.formats.drafts import Draft
from records.formats.text.grammar import (
    Cursor,
    GameNotation,
    NotationError,
    claim_value,
    claim_word,
    integer_of,
    item_of,
    list_fields,
    preset_values,
    read_item,
)
from records.formats.text.lexer import (
    MAX_WORDS,
    SPECIAL,
    Comment,
    Error,
    Line,
    Token,
    is_plain,
    lex_line,
)
from records.formats.text.values import field_name, same
from records.games import GAME_IDS, format_of
from records.io import ReadFailure
from records.limits import MAX_ACTIONS, ReadLimits, size_text
from records.problems import Kind, Problem, pointer

__all__ = ["CODE", "META", "TooLargeError", "drafts", "dumps_json", "read_text"]

CODE = "record.text"
"""The problem code of text the notation cannot read (as ``record.json`` is for JSON)."""

META = ("Event", "Site", "Date", "Table", "Source")
"""The tags of the record's ``meta`` fields, in the order they are written."""

_DEAL_WORDS: dict[str, bool | None] = {"none": None, "true": True, "false": False}
"""The words of a deal line that are not cards: no card, and the values of a flag
(Oh Hell's ``deal rebuilt true``)."""

_BODY_FIELDS = {
    "hands": "hands are written as 'hand NUMBER dealer SEAT' and the lines after it, not as a tag",
    "players": "players are written one to a tag: [Player SEAT NAME]",
    "claims": "the record's claims are written as 'claims NAME VALUE...' lines before the first "
    "hand, not as a tag",
}
"""Fields that the body or their own tags write: a tag of the field's name cannot say them."""

_BOM = b"\xef\xbb\xbf"
_LIMIT = "(the limit of one record, TRICKLOG_MAX_RECORD_BYTES); stopped reading"

Path = tuple[str | int, ...]


def drafts(stream: IO[bytes], name: str, limits: ReadLimits) -> Iterator[Draft | ReadFailure]:
    """The records of a binary stream of the notation, one at a time, as ``Draft`` values; a
    ``ReadFailure`` where a limit is reached (and reading stops)."""
    try:
        yield from _drafts(stream, name, limits)
    except TooLargeError as exc:
        yield ReadFailure(name, str(exc))


def _drafts(stream: IO[bytes], name: str, limits: ReadLimits) -> Iterator[Draft]:
    """``drafts``, raising ``TooLargeError`` where a limit is reached."""
    return _Splitter(name, limits.record_bytes).drafts(stream)


class _Splitter:
    """The lines of one stream, split into records as they are read.

    A line of nothing but words (most lines: plays, bids, deals) is taken as its words, with
    no tokens made (``_Record.plain``); any other line as its tokens (``lex_line``)."""

    def __init__(self, name: str, limit: int) -> None:
        self.name, self.limit = name, limit
        self.comment: Comment | None = None
        self.record: _Record | None = None
        self.has_body = False

    def drafts(self, stream: IO[bytes]) -> Iterator[Draft]:
        limit = self.limit
        cap = limit + 1 if limit else -1
        readline, words_of, special = stream.readline, _WORDS.findall, SPECIAL.search
        number = 0
        while raw := readline(cap):
            number += 1
            if len(raw) == cap and raw[-1:] != b"\n":
                message = f"line {number} is longer than {size_text(limit)} {_LIMIT}"
                raise TooLargeError(message, number)
            try:  # the common case, inline: _decoded
                text: str | Error = raw.removesuffix(b"\n").removesuffix(b"\r").decode()
                if number == 1:
                    text = _decoded(raw, number)
            except UnicodeDecodeError:
                text = _decoded(raw, number)
            if (
                self.comment is None
                and type(text) is str
                and not special(text)
                and "extensions" not in text
                and (len(text) < _SHORT or is_plain(text))
            ):
                self._plain(raw, number, text, words_of(text))
            else:
                done = self._tokens(raw, number, text)
                if done is not None:
                    yield done
        if self.comment is not None:
            line, column = self.comment.line, self.comment.column
            unclosed = Error("comment not closed: '}' expected", line, column)
            if self.record is None:
                self.record = _Record(self.name, line, None, limit)
            self.record.add(Line(line, [], [unclosed]))
        if self.record is not None:
            draft, self.record = self.record.finish(), None  # nothing of it held past here
            yield draft

    def _plain(self, raw: bytes, number: int, text: str, words: list[str]) -> None:
        """A line of words (never a tag), or of none."""
        record = self.record
        if not words:
            if record is not None:
                record.keep(raw)
            return
        if record is None:
            record = self.record = _Record(self.name, number, None, self.limit)
        record.keep(raw)
        record.plain(number, text, words)
        self.has_body = True

    def _tokens(self, raw: bytes, number: int, text: str | Error) -> Draft | None:
        """Any other line; the record it ends, if it starts the next one."""
        before = self.comment
        if isinstance(text, Error):
            line = Line(number, [], [text])
        else:
            line, self.comment = lex_line(text, number, before)
        done = None
        if line.is_empty:
            if self.record is not None:
                self.record.keep(raw)
            return None
        if line.tag_start and self.has_body and self.record is not None:
            done, self.record = self.record.finish(), None
        if self.record is None:
            self.record, self.has_body = _Record(self.name, number, before, self.limit), False
        self.record.keep(raw)
        self.record.add(line)
        self.has_body = self.has_body or not line.tag_start
        return done


def read_text(stream: IO[bytes], name: str, limits: ReadLimits) -> Iterator[Draft]:
    """``drafts`` for text the library was given: a limit reached is a problem of the record it
    stops, at that record's first line (or at the line too long), and reading stops there."""
    try:
        yield from _drafts(stream, name, limits)
    except TooLargeError as exc:
        yield Draft(name, exc.line, problems=(_problem(str(exc), exc.line, 1),))


def _decoded(raw: bytes, number: int) -> str | Error:
    """One line of the input (with its ``\\n``) as text; a line that is not UTF-8 is an error
    where the first bad byte is."""
    data = raw.removeprefix(_BOM) if number == 1 else raw
    data = data.removesuffix(b"\n").removesuffix(b"\r")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return Error(f"not UTF-8 text: {exc.reason}", number, exc.start + 1)


_WORDS = re.compile(r"[^ \t]+")
_SHORT = 2 * MAX_WORDS
"""A line shorter than this has fewer than ``MAX_WORDS`` words."""


class TooLargeError(Exception):
    """A record beyond the read limits: the message says which and where; ``line`` is the
    record's first line (or the line that is too long)."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


class _Record:
    """One record's lines, read into its JSON as they come.

    ``wanted`` is None on the first reading, which keeps no places; reading again to place
    problems, it is the set of the paths (and their prefixes) that the problems point at, and
    ``places`` keeps where each of those was written."""

    def __init__(
        self,
        name: str,
        first: int,
        comment: Comment | None,
        limit: int,
        wanted: set[Path] | None = None,
    ) -> None:
        self.name, self.first, self.comment, self.limit = name, first, comment, limit
        self.wanted = wanted
        self.text = bytearray()
        self.size = 0
        """The bytes of JSON the record holds so far: exact for the hands read, estimated for
        the rest (``_Body.pending`` for the hand being read)."""
        self.problems: list[Problem] = []
        self.doc: dict[str, Any] = {"format_version": 1}
        self.places: dict[Path, tuple[int, int]] = {(): (first, 1)}
        self.rules: dict[str, Any] = {}
        self.preset: str | None = None
        self.game_at = (first, 1)
        self.has_tags = False
        self.started = False
        self.body: _Body | None = None

    # reading

    def keep(self, raw: bytes) -> None:
        """The next line's bytes, kept to place problems (``_Placer``)."""
        self.text += raw
        if self.limit and len(self.text) > self.limit:
            raise TooLargeError(
                f"the record that starts at line {self.first} is longer than "
                f"{size_text(self.limit)} {_LIMIT}",
                self.first,
            )

    def plain(self, number: int, text: str, words: list[str]) -> None:
        """The next line, one of nothing but words (never a tag): read from its words where
        they say all there is (``_Body.take``), from its tokens otherwise."""
        if not self.started:
            self._start()
        body = self.body
        if body is not None:
            if not body.take(number, text, words):
                body.read(lex_line(text, number, None)[0])
            if self.limit and self.size + body.pending > self.limit:
                raise self.too_large()

    def add(self, line: Line) -> None:
        """The next line, as its tokens."""
        self._add(line)
        pending = self.body.pending if self.body is not None else 0
        if self.limit and self.size + pending > self.limit:
            raise self.too_large()

    def _add(self, line: Line) -> None:
        self.problems += [_problem(e.message, e.line, e.column) for e in line.errors]
        if line.tag_start:
            self.has_tags = True
            if not line.errors:  # the lexer said what is wrong with it
                self._tag_line(line)
                self.size += _estimate(line.tokens)
        else:
            if not self.started:
                self._start()
            if self.body is not None and not line.errors:
                self.body.read(line)

    def too_large(self) -> TooLargeError:
        return TooLargeError(
            f"the record that starts at line {self.first} reads as more than "
            f"{size_text(self.limit)} of JSON {_LIMIT}",
            self.first,
        )

    def finish(self) -> Draft:
        """The record read: its JSON, or the problems that stop it from being one."""
        if not self.started:
            self._start()
        if self.body is not None:
            self.body.close()
        if "game" not in self.doc and not self.problems:
            what = "its tags" if self.has_tags else "[Game ...] and its other tags"
            message = f"a record starts with {what}; [Game ...] is missing"
            self.problems.append(_problem(message, self.first, 1))
        if self.problems:
            self.problems.sort(key=lambda p: (getattr(p, "line", 0), getattr(p, "column", 0)))
            return Draft(self.name, self.first, problems=tuple(self.problems))
        data = self._json()
        if self.limit and len(data) > self.limit:
            raise self.too_large()
        return Draft(self.name, self.first, data, place=_Placer(self).place)

    def _json(self) -> bytes:
        head = dumps_json({k: v for k, v in self.doc.items() if k != "hands"})
        if self.body is None:
            return head
        done, self.body.done = self.body.done, []
        parts = [head[:-1] + (b"," if head != b"{}" else b"") + b'"hands":[']
        for index, hand in enumerate(done):
            parts += (b",", hand) if index else (hand,)
        parts.append(b"]}")
        return b"".join(parts)  # one copy of the hands, and theirs let go

    def place(self, path: Path, token: Token) -> None:
        if self.wanted is not None and path in self.wanted:
            self.places[path] = (token.line, token.column)

    def error(self, message: str, line: int, column: int) -> None:
        self.problems.append(_problem(message, line, column))

    # the tags

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
            key = field_name(name)
            if key in _BODY_FIELDS:
                raise NotationError(f"[{name}] is not a tag: {_BODY_FIELDS[key]}", *_at(tag))
            _arity(tag, 1, 1, f"[{name} VALUE]")
            self._once((key,), tag, key in self.doc)
            if key == "game":
                self.game_at = _at(tag)
            self.doc[key] = values[0]

    def _once(self, path: Path, tag: Token, seen: bool) -> None:
        if seen:
            raise NotationError(f"[{tag.text}] is given twice", tag.line, tag.column)
        self.place(path, tag)

    def _start(self) -> None:
        """The tags are read: the game's notation, and the rules, for the body."""
        self.started = True
        game = self.doc.get("game")
        if isinstance(game, str) and game in GAME_IDS:
            notation = format_of(game).notation
            self._rules(notation)
            self.body = _Body(self, notation)
        elif "game" in self.doc:
            known = ", ".join(GAME_IDS)
            self.error(f"unknown game {game!r}; expected one of {known}", *self.game_at)

    def _rules(self, notation: GameNotation) -> None:
        rules: dict[str, Any] = {}
        if self.preset is not None:
            rules["preset"] = self.preset
            rules.update(_preset_rules(notation, self.preset))
        rules.update(self.rules)
        self.doc["rules"] = rules
        if ("rules", "preset") in self.places:
            self.places[("rules",)] = self.places[("rules", "preset")]


class _Body:
    """The lines after the tags: the record's claims, then its hands, each written as JSON
    when it ends."""

    def __init__(self, record: _Record, notation: GameNotation) -> None:
        self.record, self.notation = record, notation
        self.doc = record.doc
        self.doc.setdefault("players", [])
        self.done: list[bytes] = []
        """The JSON of each hand read."""
        self.hand: dict[str, Any] | None = None
        self.count = 0
        """Hands begun."""
        self.hand_at = (0, 0)
        self.beyond = 0
        """Actions of the hand being read that were not kept (beyond ``MAX_ACTIONS``)."""
        self.pending = 0
        """The bytes of JSON the hand being read will take, estimated from its words."""
        self.deal_fields = list_fields(notation.deal)

    def read(self, line: Line) -> None:
        try:
            self._line(line)
        except NotationError as exc:
            self.record.error(exc.message, exc.line, exc.column)
        if self.count:
            self.pending += _estimate(line.tokens)
        else:
            self.record.size += _estimate(line.tokens)

    def take(self, number: int, text: str, words: list[str]) -> bool:
        """Whether a line of words was read as ``read`` reads its tokens: a hand's first line,
        bids, calls and plays, a deal line. False, having changed nothing, for any other line
        and for one of these that is not as it should be (``read`` says what is wrong)."""
        word, hand = words[0], self.hand
        if word == "hand":
            if len(words) != 4 or words[2] != "dealer":
                return False
            hand_number, dealer = integer_of(words[1]), integer_of(words[3])
            if hand_number is None or dealer is None:
                return False
            self.close()
            self.hand = {"number": hand_number, "dealer": dealer, "deal": {"hands": []}}
            self.hand["actions"] = []
            self.count += 1
            self.hand_at = (number, text.index("hand") + 1)
            return True
        if hand is None:
            return False
        if word in self.notation.item_keywords:
            items = self.notation.item_keywords[word]
            actions = [item_of(items, w) for w in words[1:]]
            if None in actions:
                return False
            kept = hand["actions"]
            room = MAX_ACTIONS - len(kept)
            if room >= len(actions):
                kept += actions
                self.pending += len(text) + 22 * len(actions)
            else:  # as _action counts them
                kept += actions[:room]
                self.beyond += len(actions) - room
                self.pending += 25 * room
            return True
        if word == "claims":
            return self._take_claims(words)
        if word != "deal" or len(words) < 2:
            return False
        what, deal = words[1], hand["deal"]
        if what == str(len(deal["hands"])):
            unknown = words[2:] == ["?"]  # a seat's cards not known (one seat's view)
            deal["hands"].append(None if unknown else list(map(sys.intern, words[2:])))
        else:
            name = "turned_up" if what == "turned" else what
            if name == "hands" or name not in self.deal_fields or name in deal:
                return False
            if self.deal_fields[name]:  # ``?`` alone: not known (null)
                unknown = words[2:] == ["?"]
                deal[name] = None if unknown else list(map(sys.intern, words[2:]))
            elif len(words) == 3:
                deal[name] = _DEAL_WORDS.get(words[2], words[2])
            else:
                return False
        self.pending += len(text) + 3 * len(words)
        return True

    def _take_claims(self, words: list[str]) -> bool:
        """A claims line of words: ``_claims`` from the words alone, or False."""
        if len(words) < 3:
            return False
        owner = self.hand if self.hand is not None else self.doc
        notation = self.notation
        model = notation.hand_claims if self.hand is not None else notation.record_claims
        shapes, claims = list_fields(model), owner.get("claims")
        name = words[1]
        if name not in shapes or (claims is not None and name in claims):
            return False
        if not shapes[name] and len(words) != 3:
            return False
        values = [claim_word(word) for word in words[2:]]
        if not all(ok for ok, _ in values):
            return False
        owner.setdefault("claims", {})[name] = (
            [value for _, value in values] if shapes[name] else values[0][1]
        )
        return True

    def close(self) -> None:
        """The hand being read is over: its JSON, or the problem of too many actions."""
        hand = self.hand
        if hand is None:
            return
        if self.beyond:
            count = len(hand["actions"]) + self.beyond
            number = hand["number"]
            self.record.problems.append(
                SourceProblem(
                    "record.schema",
                    Kind.MALFORMED,
                    f'"actions" may hold at most {MAX_ACTIONS} entries, not {count}',
                    pointer("hands", self.count - 1, "actions"),
                    hand=number if type(number) is int else None,
                    line=self.hand_at[0],
                    column=self.hand_at[1],
                )
            )
        if self.record.wanted is None and not self.record.problems:
            data = dumps_json(hand)
            self.done.append(data)
            self.record.size += len(data)
        self.hand, self.beyond, self.pending = None, 0, 0

    def _line(self, line: Line) -> None:
        first = line.tokens[0]
        if first.kind != "word":
            raise NotationError("a line starts with a word (hand, deal, play ...)", *_at(first))
        word, notation = first.text, self.notation
        if word == "hand":
            return self._hand(line)
        if word == "claims":
            return self._claims(line)
        if self.hand is None:
            raise NotationError(
                f"'hand NUMBER dealer SEAT' expected before {word!r}", first.line, first.column
            )
        index = self.count - 1
        if word == "deal":
            return self._deal(line, self.hand, index)
        if word == "extensions":
            return self._extensions(line, self.hand, index)
        if word in notation.item_keywords:
            items = notation.item_keywords[word]
            for token in line.tokens[1:]:
                self._action(index, read_item(items, token), token, {})
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
        self.close()
        self.hand = {"number": number, "dealer": dealer, "deal": {"hands": []}, "actions": []}
        self.count += 1
        self.hand_at = _at(line.tokens[0])
        self._places(("hands", self.count - 1), line.tokens[0], cursor.places)

    def _deal(self, line: Line, hand: dict[str, Any], index: int) -> None:
        cursor = Cursor(line.tokens)
        what = cursor.word("a seat number, or one of: " + ", ".join(self._deal_words()))
        deal = hand["deal"]
        base: Path = ("hands", index, "deal")
        if what.text.isascii() and what.text.isdigit():
            seat = len(deal["hands"])
            if what.text != str(seat):
                raise NotationError(f"'deal {seat}' expected: seats in order from 0", *_at(what))
            token = cursor.peek()
            if token is not None and token.text == "?":  # cards not known (one seat's view)
                cursor.word("?")
                cursor.end()
                deal["hands"].append(None)
                self._places((*base, "hands", seat), what, cursor.places)
                return
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
            token = cursor.peek()
            if token is not None and token.text == "?":  # not known (a Bestia seat's view)
                cursor.word("?")
                cursor.end()
                deal[name] = None
            else:
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
        if self.hand is not None:
            owner, base = self.hand, ("hands", self.count - 1)
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

    def _extensions(self, line: Line, hand: dict[str, Any], index: int) -> None:
        if len(line.tokens) != 2 or line.tokens[1].kind != "json":
            raise NotationError("'extensions' takes one JSON value", *_at(line.tokens[0]))
        if "extensions" in hand:
            raise NotationError("'extensions' is given twice in a hand", *_at(line.tokens[0]))
        hand["extensions"] = line.tokens[1].value
        self.record.place(("hands", index, "extensions"), line.tokens[1])

    def _action(
        self, index: int, action: dict[str, Any], token: Token, places: dict[Path, Token]
    ) -> None:
        actions = self.hand["actions"]  # type: ignore[index]
        if len(actions) >= MAX_ACTIONS:
            self.beyond += 1  # the format refuses the hand: its actions are counted, not kept
            return
        self._places(("hands", index, "actions", len(actions)), token, places)
        actions.append(action)

    def _places(self, base: Path, token: Token, places: dict[Path, Token]) -> None:
        if self.record.wanted is None:
            return
        self.record.place(base, token)
        for path, part in places.items():
            self.record.place((*base, *path), part)


class _Placer:
    """Places the problems the format finds in a record's JSON: the record's text is read
    again, keeping where each part they point at was written."""

    def __init__(self, record: _Record) -> None:
        self.name, self.first, self.comment = record.name, record.first, record.comment
        self.text = record.text  # not copied: the record is let go as it is finished

    def place(self, problems: list[Problem]) -> list[Problem]:
        wanted = {
            path[:end]
            for p in problems
            for path in [_path(p.pointer)]
            for end in range(len(path) + 1)
        }
        again = _Record(self.name, self.first, self.comment, 0, wanted)
        comment = self.comment
        for number, raw in enumerate(bytes(self.text).split(b"\n"), start=self.first):
            text = _decoded(raw, number)
            if isinstance(text, Error):
                line = Line(number, [], [text])
            else:
                line, comment = lex_line(text, number, comment)
            if not line.is_empty:
                again.add(line)
        if not again.started:
            again._start()
        return [_placed(p, again.places) for p in problems]


_PRESET_RULES: dict[tuple[type, str], dict[str, Any]] = {}


def _preset_rules(notation: GameNotation, preset: str) -> dict[str, Any]:
    """The parameters of a named preset (none for a name that is not a preset), less those it
    leaves at their defaults: left out, as the JSON formats write a record, so that the JSON
    of a record states no default (which ``records.duplicates`` counts on to prove at no cost
    that it has no key twice). Worked out once per preset (do not change what it gives)."""
    if preset not in notation.presets:  # a name of the record's own: nothing to fill in
        return {}
    key = (notation.rules, preset)
    if key not in _PRESET_RULES:
        values = preset_values(notation, preset) or {}
        defaults = {
            f.name: f.default
            for f in dataclasses.fields(notation.rules)
            if f.default is not dataclasses.MISSING
        }
        _PRESET_RULES[key] = {
            k: v for k, v in values.items() if k not in defaults or not same(v, defaults[k])
        }
    return _PRESET_RULES[key]


def dumps_json(value: Any) -> bytes:
    """Compact JSON of a value read from the notation: orjson, or the standard library for
    what orjson refuses (an integer beyond 64 bits; a lone surrogate, kept as its escape)."""
    try:
        return orjson.dumps(value)
    except TypeError:  # orjson.JSONEncodeError is one
        return json.dumps(value, separators=(",", ":")).encode()


def _estimate(tokens: list[Token]) -> int:
    """About the bytes of JSON the words of a line make: a card ``"AS",`` takes three more than
    its word; an action item ``0:AS`` takes more, estimated low."""
    if not tokens:
        return 0
    size = sum(len(token.text) for token in tokens) + 3 * len(tokens)
    if tokens[0].text in ("play", "bid", "auction"):
        size += 20 * (len(tokens) - 1)
    return size


def _placed(problem: Problem, places: dict[Path, tuple[int, int]]) -> SourceProblem:
    path = _path(problem.pointer)
    while path not in places:
        path = path[:-1]
    line, column = places[path]
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


def _arity(tag: Token, low: int, high: int, form: str) -> None:
    if not low <= len(tag.value) <= high:
        raise NotationError(f"{form} expected", tag.line, tag.column)


def _at(token: Token) -> tuple[int, int]:
    return token.line, token.column


def _problem(message: str, line: int, column: int) -> SourceProblem:
    return SourceProblem(CODE, Kind.MALFORMED, message, line=line, column=column)


_INDEX = re.compile(r"0|[1-9][0-9]*")


def _path(pointer_text: str) -> Path:
    """A JSON Pointer as a path: an index of an array as an integer (ASCII digits only: a key
    such as ``²`` stays a key)."""
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer_text.split("/")[1:]]
    return tuple(int(p) if _INDEX.fullmatch(p) else p for p in parts)
