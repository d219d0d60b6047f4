"""The text notation: JSON -> text -> JSON gives the same record, byte for byte in compact JSON,
for every record (fixtures, generated archives of every preset, and records perturbed where a
notation could slip: quotes, brackets, semicolons, line breaks, extensions); bad text gives
problems at their line and column, never a traceback, and the next record still reads."""

from __future__ import annotations

import importlib
import json
import random
import re
import typing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import records.formats.text as notation
from records.formats.base import Read, SourceProblem
from records.formats.text.writer import _Writer
from records.games import format_of
from records.parse import dumps, parse
from replay.registry import GAMES
from tests.conftest import FIXTURES, ROOT

PARSEABLE = [
    path
    for path in sorted(FIXTURES.glob("*/*/*.json"))
    if not isinstance(parse(path.read_bytes()), list)
]
PRESETS = [(game, preset) for game in GAMES for preset in GAMES[game].presets]


def _round_trip(record: Any) -> Any:
    text = notation.dumps(record)
    [read] = notation.loads(text)
    assert read.problems == (), [p.to_dict() for p in read.problems]
    assert read.record == record
    assert dumps(read.record) == dumps(record)
    assert notation.dumps(read.record) == text  # and the text is a fixed point
    return text


@pytest.mark.parametrize("path", PARSEABLE, ids=lambda p: f"{p.parts[-3]}/{p.parts[-2]}/{p.name}")
def test_every_parseable_fixture_round_trips(path: Path) -> None:
    _round_trip(parse(path.read_bytes()))


def test_the_invalid_fixtures_are_among_them() -> None:
    """Illegal and inconsistent records are records too: most invalid fixtures parse."""
    assert sum("invalid" in p.parts for p in PARSEABLE) >= 100


@pytest.mark.parametrize(("game", "preset"), PRESETS)
def test_generated_archives_of_every_preset_round_trip(game: str, preset: str) -> None:
    records = [
        GAMES[game].generate(random.Random(seed), preset=preset, game_id=f"{preset}-{seed}")
        for seed in range(3)
    ]
    text = b"".join(c for c in notation.write(records) if isinstance(c, bytes)).decode()
    reads = notation.loads(text)
    assert [r.record for r in reads] == records
    assert [dumps(r.record) for r in reads if r.record] == [dumps(r) for r in records]
    assert [r.source for r in reads] == [
        f"<string>:{n}" for n in _record_lines(text)
    ]  # each record's place is its first tag


def _record_lines(text: str) -> list[int]:
    return [n for n, line in enumerate(text.split("\n"), 1) if line.startswith("[Game ")]


# Text where a notation could slip: its own punctuation, JSON escapes, line breaks of every
# kind, letters beyond ASCII.
_TRICKY = st.sampled_from(
    [
        '"',
        "\\",
        "[",
        "]",
        ";",
        "{",
        "}",
        ":",
        "?",
        "\n",
        "\r",
        "\t",
        "\u2028",
        "\x85",
        "é",
        "日",
        " ",
    ]
)
TEXT = st.lists(_TRICKY | st.characters(codec="utf-8"), max_size=12).map("".join)
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=8,
)
EXTENSIONS = st.none() | st.dictionaries(TEXT, JSON, max_size=3)


@st.composite
def perturbed(draw: st.DrawFn) -> Any:
    """A generated record (a few hands of any preset), then changed where the notation has to
    work hardest; as a record's JSON, parsed back into a record."""
    game, preset = draw(st.sampled_from(PRESETS))
    seed = draw(st.integers(0, 10_000))
    record = GAMES[game].generate(random.Random(seed), preset=preset, game_id="x", hands=2)
    doc = json.loads(dumps(record))
    doc["id"] = draw(TEXT)
    for player in doc["players"]:
        player["name"] = draw(TEXT)
        if draw(st.booleans()):
            player["id"] = draw(TEXT)
    meta = draw(
        st.dictionaries(st.sampled_from(["event", "site", "date", "table", "source"]), TEXT)
    )
    doc["meta"] = meta if meta or draw(st.booleans()) else None
    doc["extensions"] = draw(EXTENSIONS)
    rules = doc["rules"]
    rules["preset"] = draw(st.sampled_from([preset, None, "house rules", "default"]))
    if game == "bestia":
        doc["opening_pot"] = draw(st.integers(0, 500))
    for hand in doc["hands"]:
        _perturb_hand(draw, game, hand)
    if draw(st.booleans()):
        doc["claims"] = {}
    result = parse(json.dumps(doc).encode())
    assume(not isinstance(result, list))
    return result


def _perturb_hand(draw: st.DrawFn, game: str, hand: dict[str, Any]) -> None:
    hand["extensions"] = draw(EXTENSIONS)
    claims = hand.get("claims") or {}
    for value in claims.values():
        if isinstance(value, list) and value and draw(st.booleans()):
            value[draw(st.integers(0, len(value) - 1))] = None
    if draw(st.integers(0, 4)) == 0:
        hand["claims"] = {}
    if game == "oh_hell":
        if draw(st.booleans()):
            hand["deal"].pop("stock", None)
        if draw(st.booleans()):
            hand["actions"].append({"type": "abandon", "reason": draw(TEXT)})
    for action in hand["actions"]:
        if action["type"] == "bury":
            action["announced"] = draw(st.booleans())
        if action["type"] == "join" and draw(st.booleans()):
            action["exchange"] = draw(st.integers(0, 5))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(perturbed())
def test_perturbed_records_round_trip(record: Any) -> None:
    _round_trip(record)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(perturbed(), min_size=2, max_size=3))
def test_many_records_in_one_text_round_trip(records: list[Any]) -> None:
    text = "".join(("\n" if i else "") + notation.dumps(r) for i, r in enumerate(records))
    assert [r.record for r in notation.loads(text)] == records


def test_a_record_without_a_known_preset_states_every_parameter() -> None:
    record = parse(next(FIXTURES.glob("oh_hell/valid/default-3p*.json")).read_bytes())
    assert not isinstance(record, list)
    doc = json.loads(dumps(record))
    written = notation.dumps(record)
    assert len(re.findall(r"^\[[a-z]", written, re.M)) == 1  # only num_players differs
    for preset in (None, "house rules"):
        doc["rules"]["preset"] = preset
        changed = parse(json.dumps(doc).encode())
        text = _round_trip(changed)
        stated = re.findall(r"^\[([a-z]\w*) ", text, re.M)
        assert stated == [k for k in doc["rules"] if k != "preset"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_action_of_every_game_has_a_notation(game: str) -> None:
    union = typing.get_args(importlib.import_module(f"records.{game}").Action)[0]
    kinds = {typing.get_args(m.model_fields["type"].annotation)[0] for m in typing.get_args(union)}
    assert kinds == set(format_of(game).notation.by_type)


# Reading what people write.


def _problems(text: str) -> list[tuple[int | None, int | None, str, str]]:
    return [
        (p.line, p.column, p.code, p.message)
        for read in notation.loads(text)
        for p in read.problems
        if isinstance(p, SourceProblem)
    ]


HEAD = '[Game "oh_hell"]\n[Id "x"]\n[Rules "openspiel"]\n[Player 0 "A"]\n'


def test_bad_lines_are_problems_at_their_line_and_column_and_the_next_record_reads() -> None:
    good = notation.dumps(parse(PARSEABLE[0].read_bytes()))  # type: ignore[arg-type]
    text = HEAD + "hand 1 dealer 0\ndeal 0 AS\nbid 1:x\nfrobnicate 3\n\n" + good
    first, second = notation.loads(text, "t.tln")
    assert first.record is None and first.source == "t.tln:1"
    assert _problems(text) == [
        (7, 5, "record.text", "SEAT:NUMBER expected, not '1:x'"),
        (8, 1, "record.text", _unknown_word("frobnicate")),
    ]
    assert second.record is not None and second.source == "t.tln:10"


def _unknown_word(word: str) -> str:
    return (
        f"unknown word {word!r}; a line of a hand starts with one of: hand, deal, claims, "
        "extensions, bid, play, claim, abandon"
    )


def test_what_the_format_refuses_is_placed_at_the_text_that_wrote_it() -> None:
    text = HEAD + '[hook "yes"]\nhand 1 dealer 0\ndeal 0 AS 10S\ndeal turned none\nplay 0:ZZ\n'
    [read] = notation.loads(text)
    places = {p.pointer: (p.line, p.column, p.code) for p in read.problems}  # type: ignore[attr-defined]
    assert places["/rules/hook"] == (5, 1, "record.schema")
    assert places["/hands/0/deal/hands/0/1"] == (7, 11, "record.schema")
    assert places["/hands/0/actions/0/card"] == (9, 6, "record.schema")


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ('[Game "oh_hell"\n', 1, 16, "tag not closed: ']' expected"),
        ("[Game oh_hell]\n", 1, 7, "not a JSON value: Expecting value"),
        ('[Game "oh_hell"] x\n', 1, 18, "a tag stands on a line of its own"),
        (HEAD + "hand 1 dealer 0 {never closed\n", 5, 17, "comment not closed: '}' expected"),
        (HEAD + "play 0:AS\n", 5, 1, "'hand NUMBER dealer SEAT' expected before 'play'"),
        (HEAD + "hand one dealer 0\n", 5, 6, "the hand's number expected, not 'one'"),
        (HEAD + "hand 1 dealer 0\ndeal 1 AS\n", 6, 6, "'deal 0' expected: seats in order from 0"),
        (
            HEAD + "hand 1 dealer 0\nclaims tricks 1 x\n",
            6,
            17,
            "a number, true, false or ? expected, not 'x'",
        ),
        (
            HEAD + "hand 1 dealer 0\nabandon why\n",
            6,
            9,
            "a reason in quotes (\"...\") expected, not 'why'",
        ),
        (
            '[Id "x"]\nhand 1 dealer 0\n',
            1,
            1,
            "a record starts with its tags; [Game ...] is missing",
        ),
        (
            '[Game "whist"]\n',
            1,
            1,
            "unknown game 'whist'; expected one of oh_hell, pinochle, bestia, partnership_pinochle",
        ),
        ("[Player 0]\n", 1, 1, "[Player SEAT NAME] or [Player SEAT NAME ID] expected"),
        ('[Id "a"]\n[Id "b"]\n', 2, 1, "[Id] is given twice"),
        (
            "play \xff\n".encode("latin-1").decode("latin-1"),
            1,
            1,
            "a record starts with [Game ...] and its other tags; [Game ...] is missing",
        ),
    ],
)
def test_malformed_text(text: str, line: int, column: int, message: str) -> None:
    assert (line, column, "record.text", message) in _problems(text)


def test_text_that_is_not_utf8_is_a_problem_not_a_traceback() -> None:
    [read] = notation.loads(HEAD.encode() + b"hand 1 dealer 0\ndeal 0 A\xffS\n")
    assert read.record is None
    assert [(p.line, p.column) for p in read.problems] == [(6, 9)]  # type: ignore[attr-defined]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from([*'[]{};:"?\\ \n\tx0123ASHhandelrpy', "hand ", "[Game ", "deal "])
    ).map("".join)
)
def test_any_text_reads_without_a_traceback(text: str) -> None:
    for read in notation.loads(text):
        assert isinstance(read, Read)
        assert (read.record is None) == bool(read.problems)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(perturbed(), st.data())
def test_a_damaged_notation_reads_without_a_traceback(record: Any, data: st.DataObject) -> None:
    text = notation.dumps(record)
    at = data.draw(st.integers(0, len(text)))
    cut = data.draw(st.integers(0, 8))
    junk = data.draw(st.sampled_from(["", "[", "]", "{", '"', ";", ":", "x", "\n", "?"]))
    for read in notation.loads(text[:at] + junk + text[at + cut :]):
        assert (read.record is None) == bool(read.problems)


def test_comments_are_ignored_but_not_inside_json() -> None:
    record = parse(PARSEABLE[0].read_bytes())
    text = notation.dumps(record)  # type: ignore[arg-type]
    commented = "; a comment\n{ a comment\nover lines }\n" + text.replace("\n\n", "\n{x} ; y\n")
    assert [r.record for r in notation.loads(commented)] == [record]
    tricky = (
        HEAD + '[Event "a ; b {c}"]\nhand 1 dealer 0\ndeal turned none\nextensions {"k": "; {"}\n'
    )
    [read] = notation.loads(tricky)
    assert read.problems == ()
    assert read.record is not None and read.record.meta is not None
    assert read.record.meta.event == "a ; b {c}"
    assert read.record.hands[0].extensions == {"k": "; {"}


def test_what_the_writer_cannot_place_is_a_loss_not_dropped() -> None:
    """A field the notation does not know (a later format version) is reported, with its
    pointer, rather than silently left out."""
    record = parse(PARSEABLE[0].read_bytes())
    doc = json.loads(dumps(record))  # type: ignore[arg-type]
    doc["hands"][0]["deal"]["hands"][0] = [{"card": "AS"}]
    doc["hands"][0]["clock"] = 31
    doc["players"][0]["rating"] = 1500
    doc["hands"][0]["extensions"] = {"deep": json.loads("[" * 200 + "]" * 200)}
    writer = _Writer(doc)
    writer.text()
    assert [(loss.pointer, loss.what) for loss in writer.losses] == [
        ("/players/0/rating", "player rating"),
        ("/hands/0/deal/hands/0", "deal 0"),
        ("/hands/0/extensions", "extensions"),
        ("/hands/0/clock", "clock"),
    ]


@pytest.mark.parametrize("depth", [500, 100_000])
def test_json_nested_past_what_a_parser_takes_is_a_problem(depth: int) -> None:
    text = HEAD + "[Extensions " + "[" * depth + "]" * depth + "]\n"
    assert (5, 13, "record.text", "a JSON value nested more than 128 levels deep") in _problems(
        text
    )


# The documentation's examples are real.

DOC = (ROOT / "docs" / "notation.md").read_text()
EXAMPLES = re.findall(r"<!-- (written from|reads as): (\S+) -->\n```text\n(.*?)```", DOC, re.S)


def test_the_documentation_has_an_example_per_game() -> None:
    games = {path.split("/")[1] for kind, path, _ in EXAMPLES if kind == "written from"}
    assert games == set(GAMES)


@pytest.mark.parametrize(("kind", "path", "text"), EXAMPLES, ids=lambda v: str(v)[:40])
def test_documented_examples_read_as_their_fixtures(kind: str, path: str, text: str) -> None:
    fixture = parse((ROOT / path).read_bytes())
    [read] = notation.loads(text)
    assert read.record == fixture
    if kind == "written from":
        assert notation.dumps(fixture) == text  # type: ignore[arg-type]
