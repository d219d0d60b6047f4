"""The notation's reader keeps the promises of every reader: streamed record by record within the
read limits (the bytes of a record's text, and of the JSON it reads as), no exception on any
text (huge integers, odd digits, tags that name what the body writes), spaces that are only
spaces, and the same records whichever way a line is read (words alone, or tokens)."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest

import records.formats.text as notation
import records.formats.text.reader as reader_module
from records.formats.base import SourceProblem
from records.formats.drafts import Draft, entry_of
from records.formats.text.reader import drafts
from records.io import ReadFailure
from records.limits import MAX_ACTIONS, ReadLimits
from records.parse import dumps, parse
from replay.registry import GAMES
from tests.conftest import FIXTURES
from tests.format.test_limits import Endless
from tests.format.test_notation import _problems

HEAD = '[Game "oh_hell"]\n[Id "x"]\n[Rules "openspiel"]\n[Player 0 "A"]\n'
SMALL = ReadLimits(record_bytes=64 * 1024)
LIMIT = "(the limit of one record, TRICKLOG_MAX_RECORD_BYTES); stopped reading"


def _read(data: bytes | io.RawIOBase, limits: ReadLimits = SMALL) -> list[Draft | ReadFailure]:
    stream = io.BytesIO(data) if isinstance(data, bytes) else io.BufferedReader(data)
    return list(drafts(stream, "t.tln", limits))


def _text(seed: int = 1, game: str = "oh_hell", hands: int | None = None) -> str:
    record = GAMES[game].generate(random.Random(seed), game_id=f"g{seed}", hands=hands)
    return notation.dumps(record)


# -- the read limits --------------------------------------------------------------------------


def test_an_endless_hand_stops_at_the_limit_of_one_record() -> None:
    """``yes "play 1:QC" | tricklog convert - --from text`` grew until it was killed."""
    stream = Endless((HEAD + "hand 1 dealer 0\n").encode(), b"play 1:QC\n")
    items = _read(stream)  # type: ignore[arg-type]
    assert items == [
        ReadFailure("t.tln", f"the record that starts at line 1 is longer than 64 KiB {LIMIT}")
    ]
    assert stream.served < 1024 * 1024  # read a buffer past the limit, no more


def test_a_line_over_the_limit_stops_the_input_where_it_is() -> None:
    good = _text()
    long = HEAD + "hand 1 dealer 0\ndeal stock " + "AS " * 30_000 + "\n" + "play 0:AS\n"
    items = _read((good + "\n" + long + good).encode())
    assert isinstance(items[0], Draft) and items[0].data
    line = good.count("\n") + 1 + 6
    assert items[1:] == [ReadFailure("t.tln", f"line {line} is longer than 64 KiB {LIMIT}")]


def test_a_record_whose_json_is_over_the_limit_is_unreadable_though_its_text_is_not() -> None:
    """A play ``0:AS`` is five bytes of text and some forty of JSON: the limit of one record
    holds for the record, whatever notation it is written in."""
    hands = "".join(
        f"hand {n} dealer 0\n" + "play 0:AS 0:AS 0:AS 0:AS 0:AS 0:AS\n" * 50 for n in range(1, 30)
    )
    text = (HEAD + hands).encode()
    assert len(text) < SMALL.record_bytes
    [failure] = _read(text)
    assert failure == ReadFailure(
        "t.tln", f"the record that starts at line 1 reads as more than 64 KiB of JSON {LIMIT}"
    )


def test_the_limit_is_that_of_each_record_not_of_the_input() -> None:
    texts = [_text(seed) for seed in range(3)]
    sizes = [len(d.data) for d in _read("\n".join(texts).encode(), ReadLimits())]  # type: ignore[union-attr]
    limits = ReadLimits(record_bytes=max(sizes) + 64)
    assert sum(sizes) > limits.record_bytes
    items = _read("\n".join(texts).encode(), limits)
    assert [type(item) for item in items] == [Draft, Draft, Draft]


def test_the_limit_comes_from_the_environment(
    tricklog: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``TRICKLOG_MAX_RECORD_BYTES`` was ignored by the notation's reader."""
    text = _text(hands=3).encode()
    monkeypatch.setenv("TRICKLOG_MAX_RECORD_BYTES", "1K")
    run = tricklog("convert", "-", "--from", "text", "--to", "jsonl", "-o", "-", stdin=text)
    assert run.code == 3
    assert "error: <stdin>: the record that starts at line 1 " in run.err
    assert "1 KiB" in run.err and "TRICKLOG_MAX_RECORD_BYTES" in run.err
    monkeypatch.setenv("TRICKLOG_MAX_RECORD_BYTES", "16M")
    run = tricklog("convert", "-", "--from", "text", "--to", "jsonl", "-o", "-", stdin=text)
    assert run.code == 0, run.err


def test_a_hand_of_too_many_actions_is_the_formats_problem_at_the_hand() -> None:
    plays = "play 0:AS\n" * (MAX_ACTIONS + 5)
    [read] = notation.loads(HEAD + "\n\nhand 7 dealer 0\n" + plays)
    assert read.record is None
    [problem] = read.problems
    assert isinstance(problem, SourceProblem)
    assert (problem.code, problem.pointer, problem.hand) == ("record.schema", "/hands/0/actions", 7)
    assert problem.message == f'"actions" may hold at most {MAX_ACTIONS} entries, not 1005'
    assert (problem.line, problem.column) == (7, 1)
    # the same problem, word for word, as the JSON of that record gets
    doc = {"hands": [{"actions": [{}] * 1005}]}
    assert problem.message in {p.message for p in parse(_json(doc))}  # type: ignore[union-attr]


def _json(doc: dict[str, Any]) -> bytes:
    return json.dumps({"format_version": 1, "game": "oh_hell", **doc}).encode()


def test_the_library_reports_a_limit_as_a_problem_of_the_record_it_stops(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TRICKLOG_MAX_RECORD_BYTES", "1K")
    reads = notation.loads(_text(hands=1) + "\n" + _text(2, hands=4))
    assert reads[-1].record is None
    assert reads[-1].problems[0].message.startswith("the record that starts at line")


# -- never an exception -----------------------------------------------------------------------

BIG = "9" * 5000


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        (HEAD + f"hand {BIG} dealer 0\n", 5, 6),
        (HEAD + f"hand 1 dealer {BIG}\n", 5, 15),
        (HEAD + f"hand 1 dealer 0\nclaims tricks {BIG}\n", 6, 15),
        (HEAD + f"hand 1 dealer 0\nbid 0:{BIG}\n", 6, 5),
        (HEAD + f"hand 1 dealer 0\nplay {BIG}:AS\n", 6, 6),
        (HEAD + f"hand 1 dealer 0\nclaim 0 {BIG}\n", 6, 9),
        ('[Game "bestia"]\nhand 1 dealer 0\n' + f"claims shares 1/{BIG}\n", 3, 15),
    ],
)
def test_an_integer_of_thousands_of_digits_is_a_problem_at_its_place(
    text: str, line: int, column: int
) -> None:
    """More than 4,300 digits raised ValueError from int()."""
    message = "an integer of 5,000 digits; the record format's integers have at most 16"
    assert (line, column, "record.text", message) in _problems(text)


def test_an_integer_of_twenty_digits_is_the_formats_problem() -> None:
    [read] = notation.loads(HEAD + "hand 1 dealer 0\nclaims tricks 99999999999999999999\n")
    placed = {p.pointer: (p.code, p.line, p.column) for p in read.problems}  # type: ignore[attr-defined]
    assert placed["/hands/0/claims/tricks/0"] == ("record.schema", 6, 15)


def test_a_pointer_through_a_key_of_odd_digits_is_placed() -> None:
    """``²`` passes ``str.isdigit`` and fails ``int``: reader.py raised placing a problem at a
    key of a claimed meld."""
    text = (
        '[Game "pinochle"]\n[Id "x"]\n[Rules "default"]\n'
        + "".join(f'[Player {s} "{n}"]\n' for s, n in enumerate("ABCD"))
        + 'hand 1 dealer 0\nclaims melds [] [{"²": 1}] [] []\n'
    )
    [read] = notation.loads(text)
    placed = {p.pointer: (p.line, p.column) for p in read.problems}  # type: ignore[attr-defined]
    assert placed["/hands/0/claims/melds/1/0/²"] == (9, 17)


@pytest.mark.parametrize(
    ("tag", "message"),
    [
        ('[Hands "x"]', "[Hands] is not a tag: hands are written as 'hand NUMBER dealer SEAT'"),
        ("[Players 5]", "[Players] is not a tag: players are written one to a tag"),
        ('[Claims "x"]', "[Claims] is not a tag: the record's claims are written as 'claims"),
    ],
)
def test_a_tag_for_what_the_body_writes_is_a_problem(tag: str, message: str) -> None:
    """``[Hands "x"]``, ``[Players 5]`` and ``[Claims "x"]`` raised on the body's first line."""
    text = HEAD + tag + "\nclaims totals 1\nhand 1 dealer 0\ndeal 0 AS\nplay 0:AS\n"
    found = [p for p in _problems(text) if p[0] == 5]
    assert len(found) == 1 and found[0][:3] == (5, 1, "record.text")
    assert found[0][3].startswith(message)


# -- spaces are spaces ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("char", "name"),
    [
        ("\u2028", "U+2028 (LINE SEPARATOR)"),
        ("\x85", "U+0085 (a control character)"),
        ("\xa0", "U+00A0 (NO-BREAK SPACE)"),
        ("\x0c", "U+000C (a control character)"),
        ("\u3000", "U+3000 (IDEOGRAPHIC SPACE)"),
    ],
)
def test_a_character_other_text_calls_a_space_is_named_not_read_as_one(
    char: str, name: str
) -> None:
    """U+2028 and U+0085 separated words as spaces do; the notation's spaces are spaces and
    tabs (docs/notation.md)."""
    for line in (f"play 0:AS{char}1:KS", f"deal{char}0 AS", f"{char}hand 2 dealer 0"):
        text = HEAD + "hand 1 dealer 0\n" + line + "\n"
        column = line.index(char) + 1
        message = (
            f"{name} is not a space in the notation: words are separated by spaces and tabs only"
        )
        assert (6, column, "record.text", message) in _problems(text), line


def test_odd_spaces_inside_a_json_string_are_text() -> None:
    [read] = notation.loads(HEAD.replace('"A"', '"A\u2028B\x85C"') + "hand 1 dealer 0\n")
    assert not [p for p in read.problems if p.code == "record.text"]


def test_tabs_and_spaces_still_separate() -> None:
    text = _text()
    spaced = "\n".join(
        line if line.startswith("[") else "\t" + line.replace(" ", " \t ")
        for line in text.split("\n")
    )
    assert [dumps(r.record) for r in notation.loads(spaced) if r.record] == [  # type: ignore[arg-type]
        dumps(r.record)
        for r in notation.loads(text)
        if r.record  # type: ignore[arg-type]
    ]


def test_a_byte_order_mark_in_the_middle_is_named() -> None:
    """Two files joined: the second one's byte-order mark was a word ``\\ufeff[Game``."""
    text = _text(1) + "\ufeff" + _text(2)
    first, second = notation.loads(text)
    assert first.record is not None
    assert second.record is None
    [problem] = second.problems
    assert problem.message.startswith("a byte-order mark (U+FEFF) in the middle of the text")
    assert (problem.line, problem.column) == (text[: text.index("\ufeff")].count("\n") + 1, 1)  # type: ignore[attr-defined]


def test_a_byte_order_mark_at_the_start_is_ignored() -> None:
    [read] = notation.loads(b"\xef\xbb\xbf" + _text().encode())
    assert read.record is not None


# -- two ways of reading a line, one result ---------------------------------------------------

PARSEABLE = [
    path
    for path in sorted(FIXTURES.glob("*/*/*.json"))
    if not isinstance(parse(path.read_bytes()), list)
]


def _by_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read every line as its tokens, none as its words alone."""
    monkeypatch.setattr(reader_module, "is_plain", lambda text: False)
    monkeypatch.setattr(reader_module, "_SHORT", 0)


def test_words_and_tokens_read_every_fixture_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "\n".join(notation.dumps(parse(p.read_bytes())) for p in PARSEABLE)  # type: ignore[arg-type]
    fast = _read(text.encode(), ReadLimits())
    _by_tokens(monkeypatch)
    slow = _read(text.encode(), ReadLimits())
    assert len(fast) == len(PARSEABLE)
    assert [(d.line, d.data) for d in fast] == [(d.line, d.data) for d in slow]  # type: ignore[union-attr]


MISTAKES = [
    "play 0:AS 1:x",
    "play 0:AS 9999999999999999999999:AS",
    "bid 0:1 1:one",
    "deal 3 AS KS",
    "deal turned AS KS",
    "deal stock AS\ndeal stock KS",
    "deal widow AS",
    "deal hands AS",
    "hand 2 dealer",
    "hand 2 dealer 0 0",
    "hand 2 dealre 0",
    "hand x dealer 0",
    "frobnicate 1 2",
    "claims tricks 1 x",
    "claims totals 1\nclaims totals 2",
    "claims tricks 1 ? 0 true",
    "claims scores 1 -2 " + "9" * 200,
    "claims frobs 1 2",
    "claims hand 1",
    "claims winners 1 2",
    "claims totals 1 2 3 4 5",
]


@pytest.mark.parametrize("mistake", MISTAKES)
def test_words_and_tokens_find_the_same_mistakes(
    mistake: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (HEAD + "hand 1 dealer 0\ndeal 0 AS\ndeal turned KS\n" + mistake + "\n").encode()
    if mistake.startswith("claims"):  # a claim of the record, before the first hand, too
        text += ("\n" + HEAD + mistake + "\nhand 1 dealer 0\ndeal 0 AS\n").encode()
    fast = _read(text, ReadLimits())
    _by_tokens(monkeypatch)
    assert [_key(d) for d in fast] == [_key(d) for d in _read(text, ReadLimits())]
    assert _key(fast[0])[2] or fast[0].place is not None  # type: ignore[union-attr]


def _key(item: Draft | ReadFailure) -> Any:
    if isinstance(item, ReadFailure):
        return item
    entry = entry_of(item)
    return (item.line, item.data, entry.problems)


def test_a_json_value_that_states_a_key_twice_is_a_problem() -> None:
    """The standard library lets the last value win; a record states each key once."""
    text = (
        HEAD
        + '[Extensions {"a": 1, "a": 2}]\nhand 1 dealer 0\nextensions {"b": {"c": 1, "c": 1}}\n'
    )
    assert [(line, message) for line, _, _, message in _problems(text)] == [
        (5, 'not a JSON value: the key "a" is stated twice in an object'),
        (7, 'not a JSON value: the key "c" is stated twice in an object'),
    ]
