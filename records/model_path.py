"""The record models walked along a path in a document: the type declared at a JSON Pointer, the
keys an object has, the values a literal allows, a union's member picked by the document's tag.

``records.messages`` reads from here what was expected where a document went wrong, so that its
messages follow the models as they change.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Sequence
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel

__all__ = [
    "declared_at",
    "is_model",
    "is_nullable",
    "is_rules",
    "keys",
    "literal_of",
    "literal_values",
    "name_of",
    "node_at",
    "required_keys",
    "type_at",
    "union_members",
]

Path = Sequence[str | int]


def _strip(tp: Any) -> Any:
    """``Annotated[T, ...]`` -> ``T``."""
    while get_origin(tp) is typing.Annotated:
        tp = get_args(tp)[0]
    return tp


def union_members(tp: Any) -> list[Any]:
    """The members of a union but ``None`` (a type that is no union: itself)."""
    tp = _strip(tp)
    if get_origin(tp) in (typing.Union, _UnionType):
        return [_strip(m) for m in get_args(tp) if m is not type(None)]
    return [tp] if tp is not None else []


_UnionType = type(int | str)


def is_nullable(tp: Any) -> bool:
    tp = _strip(tp)
    return get_origin(tp) in (typing.Union, _UnionType) and type(None) in get_args(tp)


def is_model(tp: Any) -> bool:
    return isinstance(tp, type) and (issubclass(tp, BaseModel) or dataclasses.is_dataclass(tp))


def is_rules(tp: Any) -> bool:
    return isinstance(tp, type) and dataclasses.is_dataclass(tp) and tp.__name__.endswith("Rules")


def _fields(tp: Any) -> dict[str, Any]:
    """Field name -> declared type of a model or a dataclass."""
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return {name: info.annotation for name, info in tp.model_fields.items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp, include_extras=True)
        return {f.name: hints[f.name] for f in dataclasses.fields(tp)}
    return {}


def keys(tp: Any) -> list[str]:
    return list(_fields(tp))


def required_keys(tp: Any) -> list[str]:
    """The keys a model or a dataclass cannot do without (those with no default)."""
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return [name for name, info in tp.model_fields.items() if info.is_required()]
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return [
            f.name
            for f in dataclasses.fields(tp)
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        ]
    return []


def literal_of(model: Any, key: str) -> Any:
    values = literal_values(_fields(model).get(key))
    return values[0] if len(values) == 1 else None


def literal_values(tp: Any) -> list[Any]:
    found: list[Any] = []
    for member in union_members(tp):
        if get_origin(member) is Literal:
            found.extend(get_args(member))
    return found


def _pick(tp: Any, node: Any) -> Any:
    """The member of a union that ``node`` is: the only one, or the one its tag names."""
    members = union_members(tp)
    if len(members) == 1:
        return members[0]
    if isinstance(node, dict):
        for member in members:
            if is_model(member):
                for key in ("type", "game"):
                    if key in node and literal_of(member, key) == node[key]:
                        return member
    return None


def _child(tp: Any, part: str | int) -> Any:
    """The declared type one step down from ``tp`` (already a single member)."""
    origin = get_origin(tp)
    if isinstance(part, int):
        if origin in (list, tuple) or _is_sequence(origin):
            return get_args(tp)[0] if get_args(tp) else None
        return None
    if origin is dict:
        return get_args(tp)[1] if get_args(tp) else None
    return _fields(tp).get(part)


def _is_sequence(origin: Any) -> bool:
    return origin is Sequence


def declared_at(root: Any, path: Path, raw: Any) -> Any:
    """The declared type at ``path`` (unions kept, so that ``X | None`` shows)."""
    tp, node = root, raw
    for part in path:
        current = _pick(tp, node)
        if current is None:
            return None
        tp = _child(current, part)
        node = node_at(node, [part])
    return tp


def type_at(root: Any, path: Path, raw: Any) -> Any:
    """The model, dataclass or type at ``path``, unions resolved by the document's tags."""
    tp = declared_at(root, path, raw)
    literal = literal_values(tp)
    if literal:
        return tp
    return _pick(tp, node_at(raw, path))


def node_at(raw: Any, path: Path) -> Any:
    node = raw
    for part in path:
        inside = (isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)) or (
            isinstance(node, dict) and isinstance(part, str) and part in node
        )
        if not inside:
            return None
        node = node[part]
    return node


_NAMES = {
    "Player": "a player",
    "Metadata": '"meta"',
    "Hand": "a hand",
    "Deal": "the deal",
    "HandClaims": "the claims of a hand",
    "GameClaims": "the claims of the game",
    "SittingClaims": "the claims of the sitting",
    "MeldDeclaration": "a meld",
}


def name_of(tp: Any, node: Any) -> str:
    name = getattr(tp, "__name__", "")
    if name.endswith("Record"):
        return "the record"
    tag = literal_of(tp, "type")
    if isinstance(tag, str):
        return f'a "{tag}" action'
    return _NAMES.get(name, "this object")
