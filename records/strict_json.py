"""``StrictJson``: the three places where pydantic's strict mode reads JSON more loosely than msgspec.

The record models are strict (``records.base.Strict``) so that pydantic and the msgspec decoder
generated from them (``records/structs.py``) accept exactly the same documents. Strict mode still
leaves three doors open, and msgspec closes all three by itself:

* a ``Literal`` of integers compares by ``==``, so ``Literal[1]`` takes ``true`` and
  ``Literal[3, 4, 5]`` takes ``3.0``;
* an integer object key (``dict[int, ...]``) may be spelt ``"0300"``, ``" 300"``, ``"+300"``,
  ``"3_00"`` or ``"300.0"``; msgspec takes only ``-?(0|[1-9][0-9]*)``, as JSON writes a number;
* a ``float`` or an arbitrary value (``Any``) may be ``NaN``, ``Infinity`` or ``1e400`` (read
  as infinity), none of which is a JSON number.

``Annotated[T, StrictJson()]`` makes pydantic reject those too. ``records.codegen`` insists on the
marker wherever ``T`` has one of these gaps and leaves it out of the generated structs.

One difference remains that no annotation can close: of two equal keys in one object, pydantic
reads the last and never looks at the first, msgspec checks both. Neither reading stands: both
readers, as tricklog uses them, refuse a key stated twice (``records.duplicates``;
``tests/format/test_structs.py`` pins it).

This module imports nothing outside the standard library when it is loaded: the rules dataclasses
use the marker, and the engines that take them must load without pydantic.
"""

from __future__ import annotations

import math
import re
import types
import typing
from collections.abc import Callable
from typing import Any, Literal, Union, get_args, get_origin

from records.limits import MAX_DEPTH

__all__ = ["StrictJson", "gaps"]

_INT_KEY = re.compile(r"-?(?:0|[1-9][0-9]*)")
"""An integer object key as msgspec reads one (and as JSON writes an integer)."""

Check = Callable[[Any, bool], Any]
"""``check(value, from_json)``: the value to validate further, or ``ValueError``."""

_PLAIN = (int, str, bool, type(None))


class StrictJson:
    """``Annotated`` marker: read this value from JSON exactly as msgspec does (see the module).

    pydantic validates what the check returns in Python mode, so the marked type may hold only
    literals, scalars, ``Any``, lists, dicts and optionals (no tuple, model or dataclass, which
    strict Python mode would not build from JSON arrays and objects).
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return "StrictJson()"

    def __get_pydantic_core_schema__(self, source: Any, handler: Callable[[Any], Any]) -> Any:
        from pydantic_core import core_schema  # noqa: PLC0415 (only pydantic calls this)

        check = _checker(source)
        if check is None:
            raise TypeError(f"StrictJson() has nothing to check on {source!r}")

        def validate(value: Any, info: Any) -> Any:
            return check(value, info.mode == "json")

        return core_schema.with_info_before_validator_function(validate, handler(source))


def gaps(annotation: Any) -> list[str]:
    """What pydantic's strict mode reads more loosely than msgspec in this type (empty: nothing).

    Does not look inside models and dataclasses: each of their fields is a type of its own.
    """
    found: list[str] = []
    _walk(annotation, found)
    return found


def _walk(tp: Any, found: list[str]) -> None:
    origin, args = get_origin(tp), get_args(tp)
    if origin is typing.Annotated:
        _walk(args[0], found)
    elif origin is Literal:
        if any(type(v) is int for v in args):
            found.append(f"integer literal {tp!r}")
    elif tp is Any or tp is float:
        found.append(f"{getattr(tp, '__name__', tp)} (NaN, Infinity)")
    elif origin is dict:
        if args and args[0] is int:
            found.append("integer object keys")
        for arg in args:
            _walk(arg, found)
    elif origin in (list, tuple, Union, types.UnionType):
        for arg in args:
            if arg is not Ellipsis:
                _walk(arg, found)


def _checker(tp: Any) -> Check | None:
    """The check of a type, or None where pydantic reads it exactly as msgspec does."""
    origin, args = get_origin(tp), get_args(tp)
    if origin is typing.Annotated:
        return _checker(args[0])
    if origin is Literal:
        return _literal_checker(args)
    if tp is Any or tp is float:
        return _finite
    if origin in (Union, types.UnionType):
        return _union_checker(args)
    if origin is dict:
        return _dict_checker(*args)
    if origin is list:
        return _list_checker(args[0])
    if tp in _PLAIN:
        return None
    raise TypeError(f"StrictJson() cannot hold {tp!r}: pydantic would read it in Python mode")


def _literal_checker(values: tuple[Any, ...]) -> Check | None:
    kinds = {type(v) for v in values}
    if int not in kinds:
        return None
    expected = ", ".join(_json(v) for v in values)

    def check(value: Any, from_json: bool) -> Any:
        if type(value) not in kinds:
            raise ValueError(f"expected one of {expected}, got {_json(value)}")
        return value

    return check


def _union_checker(members: tuple[Any, ...]) -> Check | None:
    checks = [c for c in map(_checker, members) if c is not None]
    if not checks:
        return None
    if len(checks) > 1:
        raise TypeError(f"StrictJson() cannot tell which member of {members!r} to check")
    return checks[0]


def _list_checker(item: Any) -> Check | None:
    each = _checker(item)
    if each is None:
        return None

    def check(value: Any, from_json: bool) -> Any:
        if not isinstance(value, list):
            return value
        return [each(element, from_json) for element in value]

    return check


def _dict_checker(key: Any, item: Any) -> Check | None:
    int_keys = key is int
    each = _checker(item)
    if not int_keys and each is None:
        return None

    def check(value: Any, from_json: bool) -> Any:
        if not isinstance(value, dict):
            return value
        if int_keys and from_json:
            value = {_int_key(k): v for k, v in value.items()}
        if each is not None:
            value = {k: each(v, from_json) for k, v in value.items()}
        return value

    return check


def _int_key(key: str) -> int:
    """A JSON object key as msgspec reads an integer key; pydantic would also take ``"0300"``."""
    if not _INT_KEY.fullmatch(key):
        raise ValueError(f"object key {key!r} is not an integer as JSON writes one")
    return int(key)


def _finite(value: Any, from_json: bool = True, depth: int = 0) -> Any:
    """No float infinity or NaN anywhere in an arbitrary JSON value, and no nesting deeper than
    ``records.limits.MAX_DEPTH`` (which the msgspec path checks too: ``too_deep``)."""
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{value} is not a JSON number")
    elif isinstance(value, (dict, list)):
        if depth >= MAX_DEPTH:
            raise ValueError(f"arrays and objects nested more than {MAX_DEPTH} levels deep")
        for item in value.values() if isinstance(value, dict) else value:
            _finite(item, from_json, depth + 1)
    return value


def _json(value: Any) -> str:
    """A value as JSON writes it (``true``, ``3.0``, ``"x"``), for messages."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return repr(value)
