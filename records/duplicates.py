"""Duplicate keys: an object that states the same key twice is a malformed record.

JSON leaves duplicate keys to the reader, and every fast reader (msgspec, orjson, pydantic)
silently keeps the last value: ``{"seat": 1, "seat": 2}`` would be checked as seat 2. A record
that says two things about one field is reported (``record.duplicate-key``, pointing at the
object and naming the key), never read one way.

The check must cost next to nothing on the hot path, where records have no duplicates. It
proves their absence by counting (``is_free_of_duplicates``):

* every key of a JSON document is followed by a colon outside any string, and a colon outside a
  string follows a key, so ``data.count(b":")`` counts the keys, duplicates included, plus the
  colons inside strings;
* the record decoded by the structs of ``records.structs`` says how many keys it certainly had:
  every required field, every optional field whose value is not its default, every key of an
  ``extensions`` object (its dict keeps one of two equal keys), and the tag of each tagged
  object; a key it cannot vouch for (an optional field written out with its default) only
  makes the count smaller.

When the colons equal the keys the record vouches for, there is no room for a duplicate. When
they do not, the colons inside the record's free text are counted too (only when the text has no
``\\u`` escape, which could hide a colon); failing that, the document is read once more, slowly
and exactly (``duplicate_keys``). So a record with duplicate keys is always found, and a record
without them costs two counts and a walk over its hands.

The counting code is generated from the structs once (``_Counters``), so that it follows the
format wherever the structs do.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import msgspec
import msgspec.inspect as mi

from records.problems import Kind, Problem, pointer

__all__ = ["duplicate_keys", "duplicates_in", "find_duplicates", "is_free_of_duplicates"]


def duplicates_in(data: bytes) -> list[Problem]:
    """The duplicate-key problems of ``data``, a record some other reader (the models) has
    read: decoded again by the structs to count (cheap), read exactly where that cannot tell."""
    from records.structs import ANY_RECORD  # noqa: PLC0415 (the structs load with the checker)

    try:
        record = ANY_RECORD.decode(data)
    except (ValueError, RecursionError):  # msgspec's errors are ValueErrors
        return duplicate_keys(data)
    return find_duplicates(data, record)


def find_duplicates(data: bytes, record: Any) -> list[Problem]:
    """The duplicate-key problems of ``data``, whose record the structs decoded as ``record``;
    empty, at the cost of two counts, for a record that has none."""
    if is_free_of_duplicates(data, record):
        return []
    return duplicate_keys(data)


def is_free_of_duplicates(data: bytes, record: Any) -> bool:
    """True when counting proves that ``data`` (decoded by the structs as ``record``) has no
    duplicate key; False when it cannot (then ``duplicate_keys`` tells)."""
    counters = _counters()
    colons = data.count(b":")
    keys: int = counters.keys(record)
    if colons == keys:
        return True
    if colons < keys or b"\\u" in data:  # fewer colons than keys: not a document of this record
        return False
    text: int = counters.colons(record)
    return colons - text == keys


def duplicate_keys(data: bytes) -> list[Problem]:
    """Every object of the JSON document ``data`` that states a key more than once, in
    document order: one problem per key, at the object's pointer. Empty when there is none, and
    when ``data`` is not JSON at all (another problem says so)."""
    repeated: list[Any] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        found = _Object(items)
        if len(found) != len(items):
            counts = Counter(key for key, _ in items)
            found.repeated = [(key, n) for key, n in counts.items() if n > 1]
            repeated.append(found)
        return found

    decoder = json.JSONDecoder(
        object_pairs_hook=pairs,
        parse_int=_small_int,  # only hand numbers are read, and big integers cost time
        parse_float=_ignore,
        parse_constant=_ignore,
    )
    try:
        tree = decoder.decode(data.decode("utf-8"))
    except (ValueError, RecursionError):
        return []
    if not repeated:
        return []
    return _problems(tree)


class _Object(dict[str, Any]):
    """A decoded object, with the keys it stated more than once."""

    repeated: list[tuple[str, int]] = []  # noqa: RUF012 (set per instance, read-only default)


def _ignore(text: str) -> None:
    return None


def _small_int(text: str) -> int | None:
    return int(text) if len(text) < 20 else None


def _problems(tree: Any) -> list[Problem]:
    """Walk the decoded document (without recursion: it may be deep) for repeated keys."""
    found: list[Problem] = []
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(tree, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, dict):
            if isinstance(node, _Object) and node.repeated:
                found.extend(_problem(tree, path, key, n) for key, n in node.repeated)
            children = list(node.items())
        elif isinstance(node, list):
            children = list(enumerate(node))
        else:
            continue
        stack.extend((value, (*path, key)) for key, value in reversed(children))
    return found


def _problem(tree: Any, path: tuple[str | int, ...], key: str, times: int) -> Problem:
    shown = json.dumps(key)
    often = "twice" if times == 2 else f"{times} times"
    return Problem(
        "record.duplicate-key",
        Kind.MALFORMED,
        f"the key {shown} is stated {often} in this object; a record states each key once "
        "(a reader would silently keep only the last value)",
        pointer(*path),
        hand=_hand(tree, path),
        actual=key,
    )


def _hand(tree: Any, path: tuple[str | int, ...]) -> int | None:
    """The recorded number of the hand ``path`` lies in, where it has one."""
    if len(path) < 2 or path[0] != "hands" or not isinstance(tree, dict):
        return None
    hands = tree.get("hands")
    index = path[1]
    if not isinstance(hands, list) or not isinstance(index, int) or index >= len(hands):
        return None
    hand = hands[index]
    number = hand.get("number") if isinstance(hand, dict) else None
    return number if isinstance(number, int) and not isinstance(number, bool) else None


# --- the counters, generated from the structs -------------------------------------------------


class _Counters:
    """``keys(record)``: the keys a decoded record certainly had; ``colons(record)``: the colons
    in its free text. Python source generated from the structs' type information and compiled
    once: one function per game's record, with every object inlined down to the actions of a
    hand, which are counted by their types (``_tagged``), so that a hand costs a few attribute
    reads and two passes over its actions in C."""

    def __init__(self, root: Any) -> None:
        self.lines: list[str] = []
        self.names: dict[Any, str] = {}
        self.env: dict[str, Any] = {"_any_keys": _any_keys, "_any_colons": _any_colons}
        self.fresh = 0
        keys = self._dispatch(root, "keys", tagged=True)
        colons = self._dispatch(root, "colons", tagged=True)
        self.source = "\n".join(self.lines)
        exec(compile(self.source, "<records.duplicates>", "exec"), self.env)
        self.keys = self.env[keys]
        self.colons = self.env[colons]

    def _name(self, stem: str) -> str:
        self.fresh += 1
        return f"{stem}{self.fresh}"

    def _count(self, t: Any, var: str, kind: str, depth: int = 0) -> list[str]:
        """Statements adding to ``n`` what a value ``var`` of type ``t`` holds (keys inside it,
        or colons in its text); empty when it holds nothing to count."""
        if isinstance(t, mi.Metadata):
            return self._count(t.type, var, kind, depth)
        if isinstance(t, mi.StructType):
            if depth > 6:  # deep enough: a function of its own
                return [f"n += {self._struct(t, kind)}({var})"]
            return self._fields(t, var, kind, depth)
        if isinstance(t, mi.UnionType):
            members = [m for m in t.types if not isinstance(m, mi.NoneType)]
            if len(members) == 1:
                inner = self._count(members[0], var, kind, depth)
                if not inner or len(members) == len(t.types):
                    return inner
                return [f"if {var} is not None:", *_indent(inner)]
            if all(not self._count(m, "_", kind, 99) for m in members):
                return []
            fixed = self._constant_members(members, kind)
            if fixed is not None:  # a number or an exact fraction: no call per value
                lines: list[str] = []
                for cls, count in fixed:
                    name = self._name("_cls")
                    self.env[name] = cls
                    lines += [f"if type({var}) is {name}:", f"    n += {count}"]
                return lines
            return [f"n += {self._dispatch(t, kind, tagged=False)}({var})"]
        if isinstance(t, mi.ListType | mi.VarTupleType | mi.SetType | mi.FrozenSetType):
            return self._sequence(t.item_type, var, kind, depth)
        if isinstance(t, mi.DictType):
            return self._dict(t, var, kind)
        if isinstance(t, mi.AnyType):
            return [f"n += _any_{kind}({var})"]
        if kind == "colons" and isinstance(t, mi.StrType):
            return [f"n += {var}.count(':')"]
        if kind == "colons" and isinstance(t, mi.LiteralType) and _has_colon(t.values):
            return [f"if isinstance({var}, str):", f"    n += {var}.count(':')"]
        return []

    def _constant_members(self, members: list[Any], kind: str) -> list[tuple[type, int]] | None:
        """(class, count) of each struct member of a union when every struct member counts
        the same for every value and every other member counts nothing (an amount of money:
        a whole number or an exact fraction); None otherwise."""
        found = []
        for member in members:
            inner = member.type if isinstance(member, mi.Metadata) else member
            if isinstance(inner, mi.StructType):
                if inner.tag_field is not None:
                    return None
                body = self._fields(inner, "_", kind, 99)
                if body and not (len(body) == 1 and _CONSTANT.fullmatch(body[0])):
                    return None
                if body:
                    found.append((inner.cls, int(body[0][5:])))
            elif self._count(member, "_", kind, 99):
                return None
        return found

    def _fields(self, t: Any, var: str, kind: str, depth: int) -> list[str]:
        """A struct's own keys (not its tag) and what its fields hold, inline."""
        return _fold(self._unfolded(t, var, kind, depth))

    def _unfolded(self, t: Any, var: str, kind: str, depth: int) -> list[str]:
        lines = [f"n += {_required(t)}"] if kind == "keys" and _required(t) else []
        for f in t.fields:
            value = self._name("v")
            if f.required:
                inner = self._count(f.type, value, kind, depth + 1)
                if inner:
                    lines += [f"{value} = {var}.{f.name}", *inner]
                continue
            known = f.type if f.default is not None else _without_none(f.type)
            inner = self._count(known, value, kind, depth + 1)
            if kind == "colons" and not inner:
                continue
            default = self._default(f)
            present = f"{value} is not None" if default == "None" else f"{value} != {default}"
            adds = ["n += 1"] if kind == "keys" else []
            lines += [f"{value} = {var}.{f.name}", f"if {present}:", *_indent(adds + inner)]
        return lines

    def _sequence(self, item: Any, var: str, kind: str, depth: int) -> list[str]:
        members = item.types if isinstance(item, mi.UnionType) else ()
        if kind == "keys" and members and all(isinstance(m, mi.StructType) for m in members):
            return self._tagged(item, var)
        each = self._name("i")
        inner = _fold(self._count(item, each, kind, depth + 1))
        if not inner:
            return []
        if len(inner) == 1 and _CONSTANT.fullmatch(inner[0]):  # objects of required keys only
            return [f"n += {inner[0][5:]} * len({var})"]
        return [f"for {each} in {var}:", *_indent(inner)]

    def _dict(self, t: Any, var: str, kind: str) -> list[str]:
        lines = [f"n += len({var})"] if kind == "keys" else []
        if kind == "colons" and isinstance(t.key_type, mi.StrType | mi.AnyType):
            lines.append(f"n += sum([_k.count(':') for _k in {var}])")
        each = self._name("w")
        inner = self._count(t.value_type, each, kind, 99)
        if inner:
            lines += [f"for {each} in {var}.values():", *_indent(inner)]
        return lines

    def _tagged(self, t: Any, var: str) -> list[str]:
        """The keys of a list of tagged objects (a hand's actions), by their types: each type's
        tag and required keys (the most common count for all, corrected by counting the objects
        of the other types, or summed from a table where there are many other types), plus
        what the objects with optional or nested fields hold, found by their type (they are
        few: an abandonment, a burial, a meld). All of it in C but for those few objects."""
        fixed = {m.cls: (1 if m.tag_field else 0) + _required(m) for m in t.types}
        common = Counter(fixed.values()).most_common(1)[0][0]
        types = self._name("types")
        lines = [f"{types} = list(map(type, {var}))"]
        odd = [m for m in t.types if fixed[m.cls] != common]
        if len(odd) > 2:  # one pass over a table beats a pass per type
            table = self._name("_fixed")
            self.env[table] = fixed
            lines.append(f"n += sum(map({table}.__getitem__, {types}))")
            odd = []
        else:
            lines.append(f"n += {common} * len({types})")
        for member in t.types:
            variable = any(not f.required for f in member.fields) or any(
                self._count(f.type, "_", "keys", 99) for f in member.fields
            )
            if member not in odd and not variable:
                continue
            cls, found, at = self._name("_cls"), self._name("k"), self._name("j")
            self.env[cls] = member.cls
            lines.append(f"{found} = {types}.count({cls})")
            if member in odd:  # its count corrects the common count
                lines.append(f"n += {fixed[member.cls] - common} * {found}")
            if variable:  # each object of the type, found by index (no exception at the end)
                count = self._struct(member, "keys")
                lines += [
                    f"if {found}:",
                    f"    {at} = -1",
                    f"    for _ in range({found}):",
                    f"        {at} = {types}.index({cls}, {at} + 1)",
                    f"        n += {count}({var}[{at}]) - {_required(member)}",
                ]
        return lines

    def _struct(self, t: Any, kind: str) -> str:
        """A function counting what one struct adds (its own keys, not its tag)."""
        key = (t.cls, kind)
        if key not in self.names:
            name = self.names[key] = f"_{kind}_{t.cls.__name__}"
            body = self._fields(t, "x", kind, 0)
            self.lines += [f"def {name}(x):", "    n = 0", *_indent(body), "    return n", ""]
        return self.names[key]

    def _default(self, f: Any) -> str:
        """The source of a field's default, kept in the environment of the generated code."""
        if f.default is None:
            return "None"
        value = f.default if f.default_factory is msgspec.NODEFAULT else f.default_factory()
        name = self._name("_default")
        self.env[name] = value
        return name

    def _dispatch(self, t: Any, kind: str, *, tagged: bool) -> str:
        """A function counting a value of a union by its type (a tagged member adds its tag)."""
        name = self._name(f"_{kind}_union")
        table: dict[Any, Any] = {}
        self.env[name + "_table"] = table
        members = t.types if isinstance(t, mi.UnionType) else (t,)
        for member in members:
            if isinstance(member, mi.StructType):
                tag = 1 if tagged and member.tag_field is not None and kind == "keys" else 0
                table[member.cls] = (tag, self._struct(member, kind))
        self.lines += [
            f"def {name}(x):",
            f"    found = {name}_table.get(type(x))",
            "    if found is None:",
            f"        return _any_{kind}(x)",
            "    return found[0] + _ENV[found[1]](x)",
            "",
        ]
        self.env["_ENV"] = self.env
        return name


def _indent(lines: list[str]) -> list[str]:
    return ["    " + line for line in lines]


_CONSTANT = re.compile(r"n \+= \d+")


def _fold(lines: list[str]) -> list[str]:
    """The constant additions of a block (``n += 2``) made one, first."""
    constant = sum(int(line[5:]) for line in lines if _CONSTANT.fullmatch(line))
    rest = [line for line in lines if not _CONSTANT.fullmatch(line)]
    return ([f"n += {constant}"] if constant else []) + rest


def _required(t: Any) -> int:
    return sum(1 for f in t.fields if f.required)


def _has_colon(values: Any) -> bool:
    return any(isinstance(v, str) and ":" in v for v in values)


def _without_none(t: Any) -> Any:
    """A union type without ``None`` (for a field already known not to be None)."""
    if not isinstance(t, mi.UnionType):
        return t
    members = tuple(m for m in t.types if not isinstance(m, mi.NoneType))
    return members[0] if len(members) == 1 else mi.UnionType(members)


def _any_keys(value: Any) -> int:
    """Keys in an arbitrary decoded JSON value (without recursion: it may be deep)."""
    if not isinstance(value, (dict, list)):
        return 0  # most values it is asked about (Bestia's money claims) are plain numbers
    count, stack = 0, [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            count += len(node)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return count


def _any_colons(value: Any) -> int:
    """Colons in the keys and strings of an arbitrary decoded JSON value."""
    count, stack = 0, [value]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            count += node.count(":")
        elif isinstance(node, dict):
            count += sum(key.count(":") for key in node if isinstance(key, str))
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return count


_COUNTERS: list[_Counters] = []


def _counters() -> _Counters:
    if not _COUNTERS:
        from records.structs import Record  # noqa: PLC0415 (the structs load with the checker)

        _COUNTERS.append(_Counters(mi.type_info(Record)))
    return _COUNTERS[0]
