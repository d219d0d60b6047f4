"""Parsing and writing records with the pydantic models, the format's one definition.

``parse`` turns JSON into a record model, or into the malformed problems that stop it from being
one, in the format's words (the pointer into the document, the code, a message that
``records.messages`` writes). The hot path of a check decodes with the generated
``records.structs`` instead and comes here only to explain a record those refuse.
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from pydantic import TypeAdapter, ValidationError

from records.bom import MIDDLE_BOM, starts_with_bom
from records.duplicates import duplicate_keys, duplicates_in
from records.messages import describe, missing_rules
from records.model_path import declared_at, is_model, is_rules, literal_of, type_at, union_members
from records.problems import Kind, Problem, pointer
from records.record import GAMES, AnyRecord, Record

_ADAPTER: TypeAdapter[Record] = TypeAdapter(AnyRecord)


def parse(data: bytes) -> Record | list[Problem]:
    """The record in ``data``, or the malformed problems that stop it from being one (a key
    stated twice in an object among them: ``records.duplicates``)."""
    try:
        record = _ADAPTER.validate_json(data)
    except ValidationError as exc:
        problems = _schema_problems(exc, data)
        if problems and problems[0].code == "record.json":
            return problems  # not JSON: no keys to find twice (a line of an indented file)
        return duplicate_keys(data) + problems
    return duplicates_in(data) or record


def loads(data: bytes | bytearray | memoryview | str) -> Record:
    """Parse one record; raises ``ValueError`` with every problem if it is malformed (a ``str``
    holding a lone surrogate among them), ``TypeError`` for what is not text or bytes."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")  # not UTF-8: the parser says where
    elif not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"loads() takes str or bytes, not {type(data).__name__}")
    result = parse(bytes(data))
    if isinstance(result, list):
        raise ValueError("; ".join(f"{p.pointer or '/'}: {p.message}" for p in result))
    return result


def dumps(record: Record) -> bytes:
    """A record as compact JSON (one line, fit for a JSON Lines archive)."""
    return _ADAPTER.dump_json(record, exclude_defaults=True)


def dumps_pretty(record: Record) -> bytes:
    return orjson.dumps(orjson.loads(dumps(record)), option=orjson.OPT_INDENT_2) + b"\n"


def _schema_problems(exc: ValidationError, data: bytes) -> list[Problem]:
    errors = exc.errors(include_url=False)
    if errors and errors[0]["type"] == "json_invalid":
        message = describe(errors[0], [], None, None, None)
        if starts_with_bom(data):
            message = MIDDLE_BOM
        return [Problem("record.json", Kind.MALFORMED, message)]
    raw = _document(data)
    game = raw.get("game") if isinstance(raw, dict) else None
    root = GAMES.get(game) if isinstance(game, str) else None
    problems: list[Problem] = []
    paths = [_real_path(raw, error["loc"]) for error in errors]
    lacking = _missing_rules(errors, paths, raw, root)
    for error, path in zip(errors, paths, strict=True):
        if lacking and _is_missing_rule(error, path):
            if path[1] == lacking[0]:  # one problem for them all, where the first was
                problems.append(_rules_problem(lacking, raw, str(game)))
            continue
        code = _CODES.get(error["type"], "record.schema")
        if path == ["format_version"]:
            code = "record.format-version"
        hand = path[1] if len(path) > 1 and path[0] == "hands" else None
        problems.append(
            Problem(
                code,
                Kind.MALFORMED,
                describe(error, path, raw, root, game if root is not None else None),
                pointer(*path),
                hand=_hand_number(raw, hand),
                # the value under an unknown key is not what is wrong with it: the key is
                actual=None if code == "record.unknown-field" else _short(error.get("input")),
            )
        )
    # pydantic's order of errors within one object differs between versions; a misspelt key
    # is both unknown and missing, and the unknown key is the one a person should see first.
    problems.sort(key=lambda p: p.code != "record.unknown-field")
    return problems


def _missing_rules(errors: Any, paths: list[list[str | int]], raw: Any, root: Any) -> list[str]:
    """The rules parameters the document's rules block leaves out, in the block's order."""
    if root is None or not is_rules(type_at(root, ["rules"], raw)):
        return []
    return [
        str(path[1])
        for error, path in zip(errors, paths, strict=True)
        if _is_missing_rule(error, path)
    ]


def _is_missing_rule(error: Any, path: list[str | int]) -> bool:
    return (
        _CODES.get(error["type"]) == "record.missing-field"
        and len(path) == 2
        and path[0] == "rules"
    )


def _rules_problem(lacking: list[str], raw: Any, game: str) -> Problem:
    """One problem for every parameter a rules block leaves out (a block written by hand often
    states only a preset and a table), rather than one per parameter."""
    return Problem(
        "record.missing-field",
        Kind.MALFORMED,
        missing_rules(game, lacking, raw.get("rules")),
        pointer("rules", lacking[0]) if len(lacking) == 1 else pointer("rules"),
    )


def _document(data: bytes) -> Any:
    """The document as plain values, to find the places pydantic's errors point at. The standard
    library reads what orjson refuses but pydantic accepted (NaN, integers beyond 64 bits)."""
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError:
        pass
    try:
        return json.loads(data)
    except (ValueError, RecursionError):
        return None


_CODES = {
    "union_tag_invalid": "record.unknown-tag",
    "union_tag_not_found": "record.missing-tag",
    "extra_forbidden": "record.unknown-field",
    "unexpected_keyword_argument": "record.unknown-field",
    "missing": "record.missing-field",
    "missing_keyword_only_argument": "record.missing-field",
    "missing_argument": "record.missing-field",
}


def _real_path(raw: Any, loc: tuple[Any, ...]) -> list[str | int]:
    """The pydantic error location without union tags, i.e. the path in the JSON document.

    pydantic names the member of a tagged union by its tag's value (``"oh_hell"``, ``"bid"``),
    which may also be a key of the very object it tags (``{"type": "bid", "bid": 1}``, the most
    natural slip in a record written by hand): whether a part is a tag is read from the models,
    not guessed from the document, so that a missing ``tricks`` is reported as ``tricks``.
    """
    path: list[str | int] = []
    node = raw
    for position, part in enumerate(loc):
        if isinstance(node, dict) and position < len(loc) - 1 and _is_tag(raw, path, part):
            continue
        if (isinstance(node, dict) and part in node) or (
            isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        ):
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str) and position < len(loc) - 1:
            continue  # a union tag (the value of "game" or "type"), not a key of the document
        elif node is not _GONE and not isinstance(node, dict) and isinstance(part, str):
            continue  # a union member's label after a value (``literal['a','b']``, ``list[int]``)
        else:
            node = _GONE  # a missing key (pydantic names it last) or a place inside a scalar
        path.append(part)
    return path


_GONE = object()
"""A place the document does not have (a missing key), unlike a value that is null."""


_TAG_KEYS = ("game", "type")


def _is_tag(raw: Any, path: list[str | int], part: Any) -> bool:
    """Whether ``part``, met at ``path``, is the tag of the tagged union the models declare
    there (a member's ``game`` or ``type`` value) rather than a key of the document."""
    if not isinstance(part, str):
        return False
    members = [m for m in union_members(declared_at(AnyRecord, path, raw)) if is_model(m)]
    return len(members) > 1 and any(
        literal_of(member, key) == part for member in members for key in _TAG_KEYS
    )


def _hand_number(raw: Any, index: Any) -> int | None:
    if not isinstance(index, int):
        return None
    try:
        number = raw["hands"][index]["number"]
    except (KeyError, IndexError, TypeError):
        return None
    return number if isinstance(number, int) else None


def _short(value: Any) -> Any:
    if isinstance(value, (dict, list)):
        return None
    if isinstance(value, str) and len(value) > 80:
        return value[:77] + "..."
    return value
