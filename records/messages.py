"""Schema errors in tricklog's words: what is wrong, where, and what was likely meant.

pydantic says *that* a document does not fit the models; this module says it the way a person
fixing a record needs to hear it. Each error becomes one sentence that names the key it is
about, says what was expected in plain words and, where a slip is likely, suggests the fix: a
card ``10S`` -> ``TS`` (each deck has its own notation), a misspelt key -> the nearest known key,
an unknown rules parameter -> the game's parameters, a missing or unknown ``game`` -> the games
tricklog knows. No pydantic text reaches the user: a kind of error this module does not know
gets a sentence of its own, never pydantic's.

What is expected at a place is read from the models themselves (``records.model_path`` walks
the record model along the document's path), so the messages follow the format as it changes;
the likely meaning of a slip comes from ``records.suggest``.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import TypeAdapter, ValidationError

from records.games import GAME_IDS, format_of
from records.model_path import (
    declared_at,
    is_model,
    is_nullable,
    is_rules,
    keys,
    literal_of,
    literal_values,
    name_of,
    node_at,
    required_keys,
    type_at,
    union_members,
)
from records.suggest import DECK_WORDS, closest, deck_of_pattern, guess, suggest_card

__all__ = ["describe", "missing_rules", "rules_error", "rules_with", "unknown_parameter"]

Path = Sequence[str | int]


# --- the public face ---------------------------------------------------------------------------


def describe(error: Any, path: Path, raw: Any, root: Any, game: str | None) -> str:
    """The message of one pydantic error (``error``, a dict of ``ValidationError.errors()``) at
    ``path`` in the document ``raw``, whose model is ``root`` (None when the game is unknown)."""
    kind = error["type"]
    handler = _HANDLERS.get(kind)
    if handler is not None:
        return handler(_Error(error, list(path), raw, root, game))
    return _wrong_value(_Error(error, list(path), raw, root, game))


def rules_with(base: Any, adapter: TypeAdapter[Any], game: str, **values: object) -> Any:
    """The rules ``base`` (a preset) with ``values`` changed, checked as strictly as in a record.

    Raises ``TypeError`` for a parameter the rules do not have and ``ValueError`` for a value the
    format does not allow, each with a message in tricklog's words (``tricklog generate
    --players 2`` prints it as it is).
    """
    known = keys(type(base))
    for name in values:
        if name not in known:
            raise TypeError(unknown_parameter(game, type(base), name))
    rules = dataclasses.replace(base, **values)
    try:
        return adapter.validate_python(rules)  # the dataclass revalidates its instances
    except ValidationError as exc:
        raise ValueError(rules_error(exc, type(base), game)) from None


def rules_error(exc: ValidationError, rules_type: Any, game: str) -> str:
    """A rules block that does not validate (``preset(..., num_players=2)``), in words."""
    return "; ".join(
        describe(e, list(e["loc"]), None, rules_type, game) for e in exc.errors(include_url=False)
    )


def missing_rules(game: str, names: Sequence[str], stated: Any) -> str:
    """One message for every parameter a rules block leaves out (``names``, in the block's
    order), saying how to get the whole block of the preset it names (``stated`` is the block
    as the document has it)."""
    listed = ", ".join(names)
    what = f'"{listed}"' if len(names) == 1 else f"{len(names)} parameters of {game}: {listed}"
    return (
        f"the rules do not state {what}; a record states every rules parameter of {game}, "
        f"because a preset's values may change between versions. {full_block(game, stated)}"
    )


def full_block(game: str, stated: Any) -> str:
    """How to print the rules block a record meant, to paste in: the preset ``stated`` names,
    at the table it states (``stated``: the rules as the document has them, if at all)."""
    found = format_of(game)
    named = stated.get("preset") if isinstance(stated, dict) else None
    if not isinstance(named, str) or named not in found.presets:
        return (
            f"The whole block of a preset, to paste in: tricklog rules {game} PRESET --format "
            f"json (tricklog rules {game} lists the presets)"
        )
    seats = stated.get(found.seats_parameter) if isinstance(stated, dict) else None
    players = ""
    if isinstance(seats, int) and not isinstance(seats, bool):
        base = found.presets[named]
        try:
            rules_with(base, TypeAdapter(type(base)), game, **{found.seats_parameter: seats})
            players = f" --players {seats}"
        except (TypeError, ValueError):
            pass  # a number of seats the format refuses is a problem of its own
    table = f" for {seats} seats" if players else ""
    return (
        f'The whole block of the preset "{named}"{table}, to paste in: '
        f"tricklog rules {game} {named}{players} --format json"
    )


def unknown_parameter(game: str, rules_type: Any, name: str) -> str:
    """The message for a rules parameter ``name`` that ``rules_type`` does not have."""
    return _unknown_parameter(game, name, keys(rules_type))


# --- one error ---------------------------------------------------------------------------------


@dataclasses.dataclass
class _Error:
    error: Any
    path: list[str | int]
    raw: Any
    root: Any
    game: str | None

    @property
    def ctx(self) -> dict[str, Any]:
        found: dict[str, Any] = self.error.get("ctx") or {}
        return found

    @property
    def value(self) -> Any:
        return self.error.get("input")

    def parent(self) -> Any:
        """The model or dataclass holding the last key of the path (None if not known)."""
        return type_at(self.root, self.path[:-1], self.raw)


def _subject(path: Path) -> str:
    """How a message names the place: the key, an entry of a list, or the record."""
    if not path:
        return "the record"
    last = path[-1]
    if isinstance(last, int):
        above = next((p for p in reversed(path[:-1]) if isinstance(p, str)), None)
        return f'entry {last} of "{above}"' if above else f"entry {last}"
    return f'"{last}"'


def _unknown_key(e: _Error) -> str:
    key = str(e.path[-1]) if e.path else "?"
    parent = e.parent()
    if is_rules(parent):
        return _unknown_parameter(e.game or "this game", key, keys(parent))
    if parent is None:
        return f'unknown key "{key}"'
    known = keys(parent)
    node = node_at(e.raw, e.path[:-1])
    where = name_of(parent, node)
    # a key the object lacks is the likeliest meaning; {"type": "bid", "bid": 1}: the value is
    # there under its action's name, and "tricks", the one key it lacks, is what was meant
    lacking = [k for k in required_keys(parent) if not isinstance(node, dict) or k not in node]
    close = closest(key, lacking)
    if close is None and len(lacking) == 1:
        return f'unknown key "{key}" in {where}; did you mean "{lacking[0]}", the key it lacks?'
    close = close or closest(key, known)
    if close is not None:
        return f'unknown key "{key}" in {where}; did you mean "{close}"?'
    extra = '; a source system\'s own data goes under "extensions"' if "extensions" in known else ""
    return f'unknown key "{key}" in {where} (its keys: {", ".join(known)}){extra}'


def _unknown_parameter(game: str, key: str, known: list[str]) -> str:
    return (
        f'"{key}" is not a rules parameter of {game}{guess(key, known)} Its parameters: '
        f"{', '.join(known)} (tricklog rules {game} describes each)."
    )


def _missing_key(e: _Error) -> str:
    key = str(e.path[-1]) if e.path else "?"
    if e.path == ["format_version"]:
        return "the record does not state its format_version; this tricklog reads version 1"
    parent = e.parent()
    if is_rules(parent) and e.game is not None:
        return missing_rules(e.game, [key], node_at(e.raw, e.path[:-1]))
    if parent is None:
        return f'the key "{key}" is missing'
    if e.path == ["rules"] and e.game is not None:
        return f'the record needs the key "rules". {full_block(e.game, None)}'
    where = name_of(parent, node_at(e.raw, e.path[:-1]))
    return f'{where} needs the key "{key}"'


def _missing_tag(e: _Error) -> str:
    tag, tags = _tags(e)
    if not e.path:
        return f'the record does not say its "game"; tricklog knows the games {", ".join(tags)}'
    of = f" of {e.game}" if e.game else ""
    return f'an action needs a "{tag}": one of {", ".join(tags)} (the actions{of})'


def _unknown_tag(e: _Error) -> str:
    tag, tags = _tags(e)
    node = node_at(e.raw, e.path)
    value = node.get(tag) if isinstance(node, dict) else e.ctx.get("tag")
    if not isinstance(value, str):
        return f'"{tag}" must be a string, one of {", ".join(tags)}; not {_kind_of(value)}'
    hint = guess(value, tags)
    if not e.path:
        return f'unknown game "{value}"{hint} tricklog knows the games {", ".join(tags)}.'
    of = f" of {e.game}" if e.game else ""
    return f'"{value}" is not an action{of}{hint} The actions are {", ".join(tags)}.'


def _tags(e: _Error) -> tuple[str, list[str]]:
    """The discriminator's key and its values at the error's place."""
    tag = str(e.ctx.get("discriminator", "'type'")).strip("'\"")
    if not e.path:
        return tag, list(GAME_IDS)
    here = declared_at(e.root, e.path, e.raw)
    members = [m for m in union_members(here) if is_model(m)]
    values = [literal_of(m, tag) for m in members]
    found = [v for v in values if isinstance(v, str)]
    if found:
        return tag, found
    expected = str(e.ctx.get("expected_tags", ""))
    return tag, re.findall(r"'([^']*)'", expected)


_TYPE_WORDS = {
    "int_type": "an integer",
    "string_type": "a string",
    "bool_type": "true or false",
    "list_type": "an array",
    "tuple_type": "an array",
    "set_type": "an array",
    "dict_type": "an object",
    "model_type": "an object",
    "model_attributes_type": "an object",
    "dataclass_type": "an object",
    "dataclass_exact_type": "an object",
    "float_type": "a number",
    "none_required": "null",
}


def _wrong_type(e: _Error) -> str:
    expected = _TYPE_WORDS[e.error["type"]]
    if not e.path:
        return f"a record is a JSON object, not {_kind_of(e.value)}"
    if e.path == ["format_version"]:
        return _format_version(e)
    if e.error["type"] == "tuple_type" and isinstance(e.value, list):
        return f"{_subject(e.path)} must be a tuple, not a list"  # Python callers only
    nullable = " or null" if is_nullable(declared_at(e.root, e.path, e.raw)) else ""
    return f"{_subject(e.path)} must be {expected}{nullable}, not {_kind_of(e.value)}"


def _bound(e: _Error) -> str:
    if e.path == ["format_version"]:
        return _format_version(e)
    words = {
        "greater_than_equal": ("at least", "ge"),
        "less_than_equal": ("at most", "le"),
        "greater_than": ("more than", "gt"),
        "less_than": ("less than", "lt"),
    }
    phrase, key = words[e.error["type"]]
    return f"{_subject(e.path)} must be {phrase} {e.ctx.get(key)}, not {_show(e.value)}"


def _length(e: _Error) -> str:
    actual = e.ctx.get("actual_length")
    if e.error["type"] == "too_short":
        least = e.ctx.get("min_length")
        return f"{_subject(e.path)} must hold at least {_entries(least)}, not {actual}"
    most = e.ctx.get("max_length")
    return f"{_subject(e.path)} may hold at most {_entries(most)}, not {actual}"


def _literal(e: _Error) -> str:
    if e.path == ["format_version"]:
        return _format_version(e)
    values = literal_values(type_at(e.root, e.path, e.raw))
    if not values:
        values = [v.strip() for v in re.split(r",| or ", str(e.ctx.get("expected", "")))]
        shown = [v for v in values if v]
    else:
        shown = [json.dumps(v) for v in values]
    hint = ""
    if isinstance(e.value, str):
        options = [v for v in values if isinstance(v, str)]
        close = closest(e.value, options)
        if close is not None:
            hint = f'; did you mean "{close}"?'
    return f"{_subject(e.path)} must be one of {', '.join(shown)}, not {_show(e.value)}{hint}"


def _pattern(e: _Error) -> str:
    deck = deck_of_pattern(str(e.ctx.get("pattern")))
    value = e.value
    if deck is None:
        return f"{_subject(e.path)} is not written as the format expects: {_show(value)}"
    meant = suggest_card(value, deck)
    lead = f"{_show(value)} is not a card of the {DECK_WORDS[deck.name][0]}"
    hint = f"; did you mean {meant}?" if meant is not None else "."
    return f"{lead}{hint} A card is {DECK_WORDS[deck.name][1]}"


def _format_version(e: _Error) -> str:
    return f"format_version {_show(e.value)} is not a version this tricklog reads (it reads 1)"


def _strict_json(e: _Error) -> str:
    if e.path == ["format_version"]:
        return _format_version(e)
    reason = e.ctx.get("error")
    text = str(reason) if reason is not None else "the value is not allowed here"
    return f"{_subject(e.path)}: {text}"


def _json_invalid(e: _Error) -> str:
    reason = str(e.ctx.get("error") or "")
    reason = re.sub(r"^EOF while parsing (an?) ", r"the text ends inside \1 ", reason)
    reason = reason.replace("EOF while parsing", "the text ends while reading")
    return f"not valid JSON: {reason}" if reason else "not valid JSON"


def _too_large(e: _Error) -> str:
    """An integer beyond what the place can hold (pydantic reads those only up to 64 bits)."""
    if e.path == ["format_version"]:
        return _format_version(e)
    if literal_values(type_at(e.root, e.path, e.raw)):
        return _literal(e)
    return f"{_subject(e.path)} is an integer too large for the record format: {_show(e.value)}"


def _wrong_value(e: _Error) -> str:
    """Any error this module has no words of its own for: still none of pydantic's."""
    return f"{_subject(e.path)} has a value the record format does not allow here: {_show(e.value)}"


_HANDLERS: dict[str, Callable[[_Error], str]] = {
    "extra_forbidden": _unknown_key,
    "unexpected_keyword_argument": _unknown_key,
    "missing": _missing_key,
    "missing_keyword_only_argument": _missing_key,
    "missing_argument": _missing_key,
    "union_tag_not_found": _missing_tag,
    "union_tag_invalid": _unknown_tag,
    "greater_than_equal": _bound,
    "less_than_equal": _bound,
    "greater_than": _bound,
    "less_than": _bound,
    "too_short": _length,
    "too_long": _length,
    "literal_error": _literal,
    "string_pattern_mismatch": _pattern,
    "value_error": _strict_json,
    "json_invalid": _json_invalid,
    "int_parsing_size": _too_large,
    **{kind: _wrong_type for kind in _TYPE_WORDS},
}


# --- words -------------------------------------------------------------------------------------


def _kind_of(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {json.dumps(value)}"
    if isinstance(value, int):
        if value.bit_length() > 100:
            return _show(value)  # "an integer of about N digits"
        return f"the integer {_show(value)}"
    if isinstance(value, float):
        return f"the number {_show(value)}"
    if isinstance(value, str):
        return f"the string {_show(value)}"
    if isinstance(value, (list, tuple)):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return "a value of another kind"


def _show(value: Any) -> str:
    """A value as JSON writes it, cut short."""
    if isinstance(value, (dict, list, tuple)):
        return "an object" if isinstance(value, dict) else "an array"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 100:
        return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _entries(count: Any) -> str:
    return f"{count} entry" if count == 1 else f"{count} entries"
