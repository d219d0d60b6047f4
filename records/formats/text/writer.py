"""Writing the notation from a record's JSON (``records.parse.dumps``), the same bytes the JSON
formats write, so that what the text says is exactly what that JSON says.

Each part of the document is taken out of it as it is written; whatever is left at the end (a
field a later version of the format adds, say) is reported as a loss, never dropped unseen.
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import TYPE_CHECKING, Any

from records.formats.base import Loss
from records.formats.text.grammar import (
    GameNotation,
    Item,
    list_fields,
    preset_values,
    value_word,
)
from records.formats.text.lexer import MAX_NESTING, deeper_than
from records.formats.text.reader import META
from records.formats.text.values import field_name, json_text, same, tag_name
from records.games import format_of
from records.problems import pointer

if TYPE_CHECKING:
    from records.record import Record

__all__ = ["record_text"]

_SPECIAL_TAGS = {"Player", "Meta", "Rules", *META}
_CARD = re.compile(r"[^\s;{}\[\]\":]+")
_NO_PLACE = "the text notation has no place for it"
_TOO_DEEP = f"the notation reads JSON nested at most {MAX_NESTING} levels deep"


def record_text(record: Record) -> tuple[str, list[Loss]]:
    """The notation of one record (ending with a newline), and what it could not write."""
    from records.parse import dumps  # noqa: PLC0415 (the models load to write, not to read)

    doc = json.loads(dumps(record))  # the standard library keeps integers beyond 64 bits
    writer = _Writer(doc)
    return writer.text(), writer.losses


class _Writer:
    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc
        self.record_id = doc.get("id") if isinstance(doc.get("id"), str) else None
        self.notation: GameNotation = format_of(doc["game"]).notation
        self.losses: list[Loss] = []
        self.lines: list[str] = []

    def lost(self, path: tuple[str | int, ...], what: str, why: str = _NO_PLACE) -> None:
        self.losses.append(Loss(self.record_id, pointer(*path), what, why))

    def text(self) -> str:
        doc = self.doc
        doc.pop("format_version", None)  # always 1: the notation is that of format version 1
        self.tag("Game", doc.pop("game"))
        if "id" in doc:
            self.tag("Id", doc.pop("id"))
        self._meta(doc.pop("meta", None))
        self._rules(doc.pop("rules", {}))
        for index, player in enumerate(doc.pop("players", [])):
            self._player(index, player)
        hands, claims = doc.pop("hands", []), doc.pop("claims", None)
        for key in list(doc):
            name = tag_name(key)
            if name in _SPECIAL_TAGS or field_name(name) != key:
                self.lost((key,), key)
            elif deeper_than(doc[key], MAX_NESTING):
                self.lost((key,), key, _TOO_DEEP)
                doc.pop(key)
            else:
                self.tag(name, doc.pop(key))
        if claims is not None:
            self.lines.append("")
            self._claims(claims, list_fields(self.notation.record_claims), ())
        for index, hand in enumerate(hands):
            self.lines.append("")
            self._hand(index, hand)
        return "\n".join(self.lines) + "\n"

    def tag(self, name: str, *values: Any) -> None:
        self.lines.append("[" + " ".join([name, *(json_text(v) for v in values)]) + "]")

    def _meta(self, meta: dict[str, Any] | None) -> None:
        if meta is None:
            return
        written = False
        for name in META:
            if name.lower() in meta:
                self.tag(name, meta.pop(name.lower()))
                written = True
        for key in meta:
            self.lost(("meta", key), f"meta {key}")
        if not written:
            self.tag("Meta")

    def _rules(self, rules: dict[str, Any]) -> None:
        preset = rules.pop("preset", None)
        base = preset_values(self.notation, preset) if isinstance(preset, str) else None
        if preset is not None:
            self.tag("Rules", preset)
        if base is not None:
            defaults = {
                f.name: f.default
                for f in dataclasses.fields(self.notation.rules)
                if f.default is not dataclasses.MISSING
            }
            for key in [k for k in base if k not in rules and k in defaults]:
                # the record takes the parameter's default (left out of its JSON), not the preset's
                if not same(base[key], defaults[key]):
                    self.tag(key, defaults[key])
        for key, value in rules.items():
            if not re.fullmatch(r"[a-z][A-Za-z0-9_]*", key):
                self.lost(("rules", key), f"rule {key}")
            elif base is None or key not in base or not same(base[key], value):
                self.tag(key, value)

    def _player(self, index: int, player: dict[str, Any]) -> None:
        if "seat" not in player or "name" not in player:
            self.lost(("players", index), "player", "a player is written with a seat and a name")
            return
        self.tag("Player", *(player.pop(key) for key in ("seat", "name", "id") if key in player))
        for key in player:
            self.lost(("players", index, key), f"player {key}")

    def _claims(
        self, claims: dict[str, Any], shapes: dict[str, bool], base: tuple[str | int, ...]
    ) -> None:
        if not claims:
            self.lines.append("claims")
        for name, value in claims.items():
            words = _claim_words(value, shapes.get(name))
            if words is None:
                self.lost((*base, "claims", name), f"claim {name}")
            else:
                self.lines.append(" ".join(["claims", name, *words]))

    def _hand(self, index: int, hand: dict[str, Any]) -> None:
        base = ("hands", index)
        self.lines.append(f"hand {hand.pop('number')} dealer {hand.pop('dealer')}")
        self._deal(base, hand.pop("deal"))
        self._actions(base, hand.pop("actions"))
        if "claims" in hand:
            self._claims(hand.pop("claims"), list_fields(self.notation.hand_claims), base)
        if "extensions" in hand:
            extensions = hand.pop("extensions")
            if deeper_than(extensions, MAX_NESTING):
                self.lost((*base, "extensions"), "extensions", _TOO_DEEP)
            else:
                self.lines.append("extensions " + json_text(extensions))
        for key in hand:
            self.lost((*base, key), key)

    def _deal(self, base: tuple[str | int, ...], deal: dict[str, Any]) -> None:
        for seat, cards in enumerate(deal.pop("hands")):
            if cards is None:  # not known (one seat's view)
                self.lines.append(f"deal {seat} ?")
            else:
                self._words((*base, "deal", "hands", seat), f"deal {seat}", cards)
        lists = list_fields(self.notation.deal)
        for key, value in deal.items():
            word = "turned" if key == "turned_up" else key
            if value is None and lists.get(key):  # cards not known (a Bestia seat's view)
                self.lines.append(f"deal {word} ?")
            elif isinstance(value, list):
                self._words((*base, "deal", key), f"deal {word}", value)
            elif isinstance(value, bool):  # Oh Hell's ``rebuilt``
                self.lines.append(f"deal {word} {'true' if value else 'false'}")
            elif value is None or (isinstance(value, str) and _CARD.fullmatch(value)):
                self.lines.append(f"deal {word} {value or 'none'}")
            else:
                self.lost((*base, "deal", key), f"deal {key}")

    def _words(self, path: tuple[str | int, ...], head: str, cards: list[Any]) -> None:
        if all(isinstance(c, str) and _CARD.fullmatch(c) for c in cards):
            self.lines.append(" ".join([head, *cards]))
        else:
            self.lost(path, head)

    def _actions(self, base: tuple[str | int, ...], actions: list[dict[str, Any]]) -> None:
        line: list[str] = []
        seats: set[int] = set()
        for position, action in enumerate(actions):
            path = (*base, "actions", position)
            spec = self.notation.by_type.get(action.pop("type", None))
            seat = action.get("seat")
            words = None if spec is None else spec.write(action)
            if spec is None or words is None:
                self.lost(path, f"action {position + 1}", "the notation cannot write this action")
                continue
            for key in action:
                self.lost((*path, key), f"action {position + 1} {key}")
            if isinstance(words, str):
                assert isinstance(spec, Item)
                joins = line and line[0] == spec.keyword
                if not joins or (spec.keyword == "play" and seat in seats):
                    self._flush(line)
                    line, seats = [spec.keyword], set()
                line.append(words)
                seats.add(seat if isinstance(seat, int) else -1)
            else:
                self._flush(line)
                line = []
                self.lines.append(" ".join([spec.keyword, *words]))
        self._flush(line)

    def _flush(self, line: list[str]) -> None:
        if line:
            self.lines.append(" ".join(line))


def _claim_words(value: Any, is_list: bool | None) -> list[str] | None:
    if is_list is None:
        return None
    values = value if is_list and isinstance(value, list) else [value]
    if not is_list and isinstance(value, list):
        return None
    words = [_claim_word(v) for v in values]
    if any(w is None for w in words) or (not is_list and value is None):
        return None
    return [w for w in words if w is not None]


def _claim_word(value: Any) -> str | None:
    """A claimed value as a word, or as JSON where no word says it: a string in quotes, an
    array (a JSON object would open a comment, so it is written only inside an array)."""
    word = value_word(value)
    if word is None and (isinstance(value, str | list) and not deeper_than(value, MAX_NESTING)):
        return json_text(value)
    return word
