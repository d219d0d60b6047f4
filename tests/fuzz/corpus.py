"""The fuzzer's inputs: every shipped fixture, mutated in its structure and its bytes.

``Input`` is what one run reads: its bytes, the suffix of its file name (which says how it is
compressed and whether it is an archive) and a file name stem that may hold hostile text. All
mutators take a ``random.Random``, so that a failing input can be made again from its seed.
"""

from __future__ import annotations

import bz2
import copy
import gzip
import json
import lzma
import math
import os
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"
MAX_BYTES = 1 << 20
"""Inputs stay small (a hang is judged on a small input); a bigger one is cut down."""

HOSTILE_TEXT = [
    "[/]",
    "[bold red]x[/]",
    ":100:",
    "\x1b[31mred\x1b[0m",
    "\x1b]0;title\x07",
    "\x9b2J",
    "\r\n\t\x00",
    "\u202etxet",
    "\ud800",
    "🂡" * 3,
    "a" * 5000,
    "10S",
    "",
    " ",
    "x:y",
    '"',
    "\\",
    "%s%n",
    "{0}",
]
"""Text that looks like rich markup, an emoji code, a terminal escape, or is simply odd."""

HOSTILE_NUMBERS: list[Any] = [
    0,
    -1,
    1,
    9,
    10,
    11,
    255,
    2**31,
    2**53,
    2**63,
    2**64,
    -(2**64),
    10**30,
    10**5000,
    1.5,
    -0.0,
    1e308,
    math.inf,
    math.nan,
    True,
    False,
    None,
]
"""Numbers at the edges: of seats, of 64 bits, of JSON (infinity and NaN are not JSON)."""

HOSTILE_VALUES: list[Any] = [*HOSTILE_NUMBERS, *HOSTILE_TEXT, [], {}, [[]], {"": None}]

HOSTILE_BYTES = [
    b"\x00",
    b"\xff\xfe",
    b"\xef\xbb\xbf",
    b"\xc3\x28",
    b"\xed\xa0\x80",
    b"NaN",
    b"Infinity",
    b"-0",
    b"1e999",
    b"18446744073709551616",
    b"9" * 5000,
    b'"\\ud800"',
    b"[" * 3000,
    b"]" * 10,
    b"{",
    b"}",
    b",",
    b":",
    b'"',
    b"\\",
    b"\n",
    b"\r\n",
    b'"type":"abandon"',
    b'"seat":',
    b"\x1f\x8b\x08",
    b"BZh91AY&SY",
    b"\xfd7zXZ\x00",
    b"\x89PNG\r\n\x1a\n",
]

SUFFIXES = [
    ".json",
    ".json",
    ".jsonl",
    ".ndjson",
    ".json.gz",
    ".jsonl.gz",
    ".json.bz2",
    ".xz",
    "",
    ".tln",
    ".tln.gz",
    ".openspiel",
    ".ohw",
]
STEMS = ["input", "in put", "[bold]x[", "x:100:", "a\x1b[31m", "\udcff", "weird[bold]"]
"""File name stems (``\\udcff`` is the undecodable byte 0xff, as Python spells file names)."""


@dataclass(frozen=True)
class Input:
    data: bytes
    suffix: str
    stem: str = "input"

    def describe(self) -> str:
        return f"{len(self.data)} bytes as {self.stem!r}{self.suffix}"


@cache
def seeds() -> tuple[tuple[str, bytes], ...]:
    """Every shipped fixture, valid and invalid, of every game, and the same records in the
    notation; OpenSpiel's playthroughs and a history file; OhHellWeb's games: (name, bytes).
    Every command reads every one of these formats."""
    from records.formats.text import dumps  # noqa: PLC0415 (the models: only when fuzzing)
    from records.parse import parse  # noqa: PLC0415

    paths = sorted(FIXTURES.glob("*/*/*.json"))
    found = [(f"{p.parts[-3]}/{p.parts[-2]}/{p.name}", p.read_bytes()) for p in paths]
    for name, data in list(found):
        record = parse(data)
        if not isinstance(record, list):
            found.append((name.removesuffix(".json") + ".tln", dumps(record).encode()))
    others = sorted((FIXTURES / "openspiel").glob("*.txt")) + sorted(
        (FIXTURES / "ohhellweb").glob("*.ohw")
    )
    found += [(f"{p.parts[-2]}/{p.name}", p.read_bytes()) for p in others]
    found.append(("openspiel/history.openspiel", HISTORY))
    return tuple(found)


HISTORY = (
    b"# two deals of pyspiel's oh_hell\n"
    b"oh_hell()\t2 2 19 12 31 20 26 28 3 53 54 53 19 12 31 28 20 26\treturns=0,0,2\n"
    b"zerosum(game=oh_hell(players=3))\t1 0 5 9 13 40 54 52 53 13 9 5\n"
)


def make(rng: random.Random) -> Input:
    """One input: a fixture (or two), mutated in structure and bytes, written out somehow."""
    _, seed = rng.choice(seeds())
    try:
        value: Any = json.loads(seed)
    except ValueError:
        value = None
    if value is not None and rng.random() < 0.8:
        for _ in range(rng.randint(1, 4)):
            try:
                value = mutate_value(rng, value)
            except (RecursionError, ValueError):  # too deep to copy, too long to print
                break
        data = serialise(rng, value)
    else:
        data = seed
    if rng.random() < 0.5:
        for _ in range(rng.randint(1, 3)):
            data = mutate_bytes(rng, data)
    suffix = rng.choice(SUFFIXES)
    data = package(rng, data[:MAX_BYTES], suffix)
    stem = rng.choice(STEMS) if rng.random() < 0.2 else "input"
    return Input(data[:MAX_BYTES], suffix, stem)


# --- structure ---------------------------------------------------------------------------------


def mutate_value(rng: random.Random, value: Any) -> Any:
    """``value`` (a decoded record) with one node changed."""
    value = copy.deepcopy(value)
    places = list(_places(value, ()))
    if not places:
        return rng.choice(HOSTILE_VALUES)
    path, node = rng.choice(places)
    operation = rng.choice(_OPERATIONS)
    replaced = operation(rng, node)
    return _replace(value, path, replaced)


def _places(value: Any, path: tuple[Any, ...]) -> Any:
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _places(item, (*path, index))


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    parent = value
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = new
    return value


def _hostile(rng: random.Random, node: Any) -> Any:
    return copy.deepcopy(rng.choice(HOSTILE_VALUES))


def _number_near(rng: random.Random, node: Any) -> Any:
    if isinstance(node, int) and not isinstance(node, bool):
        return node + rng.choice([-1, 1, -2, 2, 10, -10, 100, 2**64])
    return rng.choice(HOSTILE_NUMBERS)


def _drop(rng: random.Random, node: Any) -> Any:
    if isinstance(node, dict) and node:
        node.pop(rng.choice(list(node)))
    elif isinstance(node, list) and node:
        node.pop(rng.randrange(len(node)))
    return node


def _repeat(rng: random.Random, node: Any) -> Any:
    if isinstance(node, list) and node:
        i = rng.randrange(len(node))
        node.insert(rng.randrange(len(node) + 1), copy.deepcopy(node[i]))
    elif isinstance(node, dict):
        node[rng.choice(["x", "extensions", "claims", "type", "seat", "game", "delaer"])] = (
            rng.choice(HOSTILE_VALUES)
        )
    return node


def _shuffle(rng: random.Random, node: Any) -> Any:
    if isinstance(node, list):
        rng.shuffle(node)
    return node


def _retype(rng: random.Random, node: Any) -> Any:
    if isinstance(node, dict):
        return list(node.values())
    if isinstance(node, list):
        return {str(i): v for i, v in enumerate(node)}
    if isinstance(node, str):
        return rng.choice([node.upper(), node.lower(), node[::-1], node * 2, node[:1]])
    if isinstance(node, int) and not isinstance(node, bool):
        return str(node)
    return node


def _deep(rng: random.Random, node: Any) -> Any:
    deep: Any = node
    for _ in range(rng.choice([5, 40, 200])):  # deeper: the bytes mutations make it
        deep = [deep] if rng.random() < 0.5 else {"a": deep}
    return deep


def _grow(rng: random.Random, node: Any) -> Any:
    if isinstance(node, list) and 0 < len(node) <= 100:
        return node * rng.choice([2, 3, 10])
    return node


def _action(rng: random.Random, node: Any) -> Any:
    """An action (an abandonment, a claim, a pass) slipped into a list, anywhere."""
    if isinstance(node, list):
        extra = rng.choice(
            [
                {"type": "abandon"},
                {"type": "abandon", "reason": rng.choice(HOSTILE_TEXT)},
                {"type": "claim", "seat": rng.randrange(4), "remaining": [1, 0, 0, 0]},
                {"type": "pass", "seat": rng.randrange(12)},
                {"type": "concede", "seat": 1},
            ]
        )
        node.insert(rng.randrange(len(node) + 1), extra)
    return node


def _tag(rng: random.Random, node: Any) -> Any:
    tags = ["oh_hell", "pinochle", "bestia", "whist", "play", "bid", "pass", "abandon", "claim"]
    tags += ["join", "blind_draw", "meld", "bury", "widow", "trump", "concede"]
    return rng.choice(tags)


_OPERATIONS = [_hostile, _hostile, _number_near, _drop, _repeat, _shuffle, _retype, _deep]
_OPERATIONS += [_grow, _tag, _number_near, _action, _action]


def serialise(rng: random.Random, value: Any) -> bytes:
    """JSON text of ``value``: compact or indented, ASCII or not, once or as an archive; infinity
    and NaN as Python writes them (not JSON), unencodable text replaced."""
    indent = rng.choice([None, None, 2, 0, "\t"])
    text = _dumps(value, indent, rng.random() < 0.5)
    shape = rng.random()
    if shape < 0.1:  # a JSON array of records
        text = "[" + ", ".join([text] * rng.randint(0, 3)) + "]"
    elif shape < 0.25:  # several lines of JSON Lines
        text = "\n".join(_dumps(value, None, False) for _ in range(rng.randint(2, 4)))
    if rng.random() < 0.1:  # a key stated twice, somewhere
        colons = [i for i in range(len(text) - 1) if text[i] == '"' and text[i + 1] == ":"]
        at = rng.choice(colons) if colons else -1
        if at > 0:
            start = text.rfind('"', 0, at) + 1
            key = text[start:at]
            text = text[: start - 1] + f'"{key}": 1, ' + text[start - 1 :]
    return text.encode("utf-8", "surrogatepass")


def _dumps(value: Any, indent: Any, ascii_only: bool) -> str:
    try:
        return json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    except (ValueError, RecursionError):  # beyond the digit limit or too deep for json
        return "[" * 5000 + "]" * 5000


# --- bytes -------------------------------------------------------------------------------------


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    """``data`` with one byte-level change."""
    if not data:
        return rng.choice(HOSTILE_BYTES)
    at = rng.randrange(len(data) + 1)
    choice = rng.randrange(8)
    if choice == 0:  # flip bits
        buffer = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            i = rng.randrange(len(buffer))
            buffer[i] ^= 1 << rng.randrange(8)
        return bytes(buffer)
    if choice == 1:  # cut a slice out
        return data[:at] + data[at + rng.randint(1, 64) :]
    if choice == 2:  # insert something hostile
        return data[:at] + rng.choice(HOSTILE_BYTES) + data[at:]
    if choice == 3:  # repeat a slice
        end = min(len(data), at + rng.randint(1, 256))
        return data[:end] + data[at:end] * rng.randint(1, 4) + data[end:]
    if choice == 4:  # truncate
        return data[:at]
    if choice == 5:  # splice in part of another fixture
        _, other = rng.choice(seeds())
        start = rng.randrange(len(other) + 1)
        return data[:at] + other[start : start + rng.randint(1, 512)] + data[at:]
    if choice == 6:  # a number made hostile
        digits = [i for i in range(len(data)) if 48 <= data[i] <= 57][:4096]
        if digits:
            i = rng.choice(digits)
            return data[:i] + rng.choice([b"1e400", b"18446744073709551616", b"-0"]) + data[i + 1 :]
        return data
    return data.replace(b"\n", rng.choice([b"\r\n", b"\n\n", b" ", b"\x00", b"\n \n"]))


def package(rng: random.Random, data: bytes, suffix: str) -> bytes:
    """``data`` compressed as ``suffix`` says (or not at all, or corrupt), sometimes."""
    kind = os.path.splitext(suffix)[1]
    compress = {".gz": gzip.compress, ".bz2": bz2.compress, ".xz": lzma.compress}.get(kind)
    roll = rng.random()
    if roll < 0.1:  # compressed although the name does not say so
        compress = rng.choice([gzip.compress, bz2.compress, lzma.compress])
    elif roll < 0.2:
        compress = None  # the name says compressed, the bytes are not
    if compress is None:
        return data
    packed = compress(data)
    if rng.random() < 0.3:  # a corrupt block or a cut-off stream
        packed = mutate_bytes(rng, packed) if rng.random() < 0.5 else packed[: len(packed) // 2]
    return packed
