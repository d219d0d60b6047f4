"""The generated msgspec structs (records/structs.py) are current and read what the models read.

For every document tried here (the fixtures, generated records of every game and preset, and
mutations of them), msgspec accepts it exactly when pydantic does, and then both read the same
values: ``msgspec.to_builtins(struct)`` equals ``model.model_dump()``, tags and defaults included,
and ``struct.rules.to_dataclass()`` equals the model's rules dataclass.
"""

from __future__ import annotations

import ast
import copy
import json
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ConfigDict, Field

from records import codegen, structs
from records.base import Strict
from records.bestia import preset as bestia_preset
from records.cards import FRENCH_52, ITALIAN_40, PINOCHLE_48
from records.duplicates import find_duplicates
from records.io import dumps, parse
from records.limits import MAX_INT
from records.oh_hell import preset as oh_hell_preset
from records.pinochle import preset as pinochle_preset
from records.record import Record
from replay.registry import GAMES
from tests.conftest import FIXTURES, ROOT
from tests.format.test_schema import MALFORMED_BY_SCHEMA

FIXTURE_FILES = sorted(FIXTURES.glob("*/*/*.json"))
PLAYERS = {
    "oh_hell": (3, 4, 7),
    "pinochle": (3, 4, 5),
    "bestia": (3, 4, 7),
    "partnership_pinochle": (4,),
}


def decode_both(data: bytes) -> tuple[Record | None, structs.Record | None]:
    """(the pydantic model or None, the msgspec struct or None) of one document; both refuse
    a key stated twice (``records.duplicates``, which ``parse`` and the checker's decoder ask)."""
    model = parse(data)
    try:
        struct: structs.Record | None = structs.ANY_RECORD.decode(data)
    except (msgspec.ValidationError, msgspec.DecodeError):
        struct = None
    if struct is not None and find_duplicates(data, struct):
        struct = None
    return (None if isinstance(model, list) else model), struct


def assert_same(data: bytes) -> bool:
    """Both accept or both reject ``data``, and read the same record; True if they accept."""
    model, struct = decode_both(data)
    assert (model is None) == (struct is None), (
        f"pydantic {'accepts' if model else 'rejects'}, msgspec {'accepts' if struct else 'rejects'}"
    )
    if model is None or struct is None:
        return False
    assert type(struct) is structs.RECORDS[model.game]
    assert msgspec.to_builtins(struct) == model.model_dump()
    assert struct.rules.to_dataclass() == model.rules
    return True


def test_checked_in_structs_are_current() -> None:
    on_disk = (ROOT / "records" / "structs.py").read_text()
    assert on_disk == codegen.generate(), (
        "records/structs.py is stale; run: python -m records.codegen"
    )


def test_checked_in_counters_are_current() -> None:
    """The key and colon counters of the duplicate-key check (records/keycounts.py) are what
    the generator writes now from the checked-in structs."""
    on_disk = (ROOT / "records" / "keycounts.py").read_text()
    assert on_disk == codegen.generate_counters(), (
        "records/keycounts.py is stale; run: python -m records.codegen"
    )


def test_checked_in_presence_decoder_is_current() -> None:
    """The presence decoder of the duplicate-key check (records/presence.py) is what the
    generator writes now from the checked-in structs."""
    on_disk = (ROOT / "records" / "presence.py").read_text()
    assert on_disk == codegen.generate_presence(), (
        "records/presence.py is stale; run: python -m records.codegen"
    )


def test_the_presence_decoder_loads_only_for_records_that_need_it() -> None:
    """Start-up and records without defaults written out do not load records/presence.py;
    a record with a full rules block does (and pydantic still does not load)."""
    code = (
        "import sys, orjson; from records.duplicates import duplicates_in; "
        "data = orjson.loads(open(sys.argv[1], 'rb').read()); "
        "assert duplicates_in(orjson.dumps(data)) == []; "
        "print('records.presence' in sys.modules); "
        "data['rules']['dealer_order'] = 'rotation'; "
        "assert duplicates_in(orjson.dumps(data)) == []; "
        "print('records.presence' in sys.modules, any('pydantic' in m for m in sys.modules))"
    )
    game = FIXTURES / "oh_hell" / "valid" / "default-4p-complete-game.json"
    out = subprocess.run(
        [sys.executable, "-c", code, str(game)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert out.stdout.split() == ["False", "True", "False"]


def test_nothing_is_compiled_at_run_time() -> None:
    """The generated code is checked in: no module of the package calls exec, eval or compile."""
    for path in sorted((ROOT / "records").rglob("*.py")) + sorted((ROOT / "replay").rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        calls = [
            node.func.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in {"exec", "eval", "compile"}
        ]
        assert not calls, f"{path.relative_to(ROOT)} calls {calls}"


def test_structs_load_without_pydantic_or_the_models() -> None:
    code = "import sys, records.structs, records.keycounts, records.presence; print(sorted(m for m in sys.modules if 'pydantic' in m or m in ('records.oh_hell', 'records.base')))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(
    "path", FIXTURE_FILES, ids=lambda p: f"{p.parts[-3]}/{p.parts[-2]}/{p.name}"
)
def test_fixture_reads_the_same(path: Path) -> None:
    accepted = assert_same(path.read_bytes())
    # A key stated twice passes a JSON Schema (its validators read the last), not the readers.
    assert accepted == (not path.name.startswith((*MALFORMED_BY_SCHEMA, "record.duplicate-key")))


@pytest.mark.parametrize(
    ("game", "preset", "players"),
    [(g, p, n) for g in GAMES for p in GAMES[g].presets for n in PLAYERS[g]],
)
def test_generated_records_read_the_same(game: str, preset: str, players: int) -> None:
    for seed in range(2):
        rng = random.Random(seed)
        try:
            record = GAMES[game].generate(rng, game_id=f"g{seed}", preset=preset, players=players)
        except ValueError:
            assert (game, preset, players) == ("pinochle", "brooklyn", 5)  # dealer_right needs 4
            return
        assert assert_same(dumps(record))


def test_tags_read_as_on_the_models() -> None:
    record = GAMES["pinochle"].generate(random.Random(3), game_id="p", hands=1)
    struct = structs.ANY_RECORD.decode(dumps(record))
    assert isinstance(struct, structs.PinochleRecord)
    assert struct.game == record.game == "pinochle"
    assert [a.type for a in struct.hands[0].actions] == [a.type for a in record.hands[0].actions]


def test_a_record_without_its_game_is_refused() -> None:
    """Why there is no decoder per game: msgspec reads a tagged struct decoded on its own even
    without its tag, the model does not; through the union, both refuse it."""
    doc = _base("oh_hell")
    del doc["game"]
    data = json.dumps(doc).encode()
    assert decode_both(data) == (None, None)
    assert isinstance(msgspec.json.decode(data, type=structs.OhHellRecord), structs.OhHellRecord)


# -- strictness: what each side would have coerced, and where pydantic needs StrictJson -------


def _base(game: str) -> dict[str, Any]:
    record = GAMES[game].generate(random.Random(11), game_id="s", hands=1)
    loaded: dict[str, Any] = json.loads(dumps(record))
    return loaded


def _with(game: str, path: str, value: Any, *, add: bool = False) -> bytes:
    """The base record of ``game`` with the value at ``path`` (``a/0/b``) replaced (or added)."""
    doc = _base(game)
    *parents, last = path.split("/")
    node: Any = doc
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    if isinstance(node, list):
        node[int(last)] = value
    elif add:
        node[last] = value
    else:
        assert last in node, path
        node[last] = value
    return json.dumps(doc).encode()


@pytest.mark.parametrize(
    ("game", "path", "value"),
    [
        ("oh_hell", "hands/0/dealer", "1"),
        ("oh_hell", "hands/0/dealer", True),
        ("oh_hell", "hands/0/dealer", 1.0),
        ("oh_hell", "rules/num_players", "4"),
        ("oh_hell", "rules/hook", 0),
        ("oh_hell", "rules/hook", "false"),
        ("oh_hell", "rules/made_bonus", 10.0),
        ("oh_hell", "format_version", True),
        ("oh_hell", "format_version", 1.0),
        ("oh_hell", "rules/nil_score", 10.0),
        ("oh_hell", "rules/nil_score", "10"),
        ("bestia", "rules/hand_size", 3.0),
        ("bestia", "rules/invito", "10"),
        ("pinochle", "rules/table_size", 4.0),
        ("pinochle", "rules/forbidden_bid_endings", [40.0]),
        ("pinochle", "rules/trump_multiplier", {"S": 2.0}),
        ("pinochle", "rules/payment_table", {"300": "3"}),
        ("oh_hell", "id", 7),
        ("oh_hell", "players/0/name", None),
        ("oh_hell", "hands/0/deal/turned_up", "AS\n"),
        ("oh_hell", "hands/0/deal/turned_up", "as"),
        ("bestia", "hands/0/deal/turned_up", "AD"),
    ],
)
def test_no_coercion_on_either_side(game: str, path: str, value: Any) -> None:
    assert decode_both(_with(game, path, value)) == (None, None)


@pytest.mark.parametrize("key", ["0300", " 300", "+300", "3_00", "300.0", "3e2", "", "٣٠٠"])
def test_integer_keys_as_json_writes_them_only(key: str) -> None:
    """pydantic's strict mode alone reads all of these as 300; StrictJson() makes it agree."""
    data = _with("pinochle", "rules/payment_table", {key: 3, "350": 5})
    assert decode_both(data) == (None, None)


@pytest.mark.parametrize(
    ("key", "number"), [("300", 300), ("-0", 0), ("-5", -5), ("2" * 30, int("2" * 30))]
)
def test_integer_keys_read_the_same(key: str, number: int) -> None:
    data = _with("pinochle", "rules/payment_table", {key: 3})
    assert assert_same(data)
    _, struct = decode_both(data)
    assert struct is not None and struct.rules.to_dataclass().payment_table == {number: 3}


@pytest.mark.parametrize("text", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_numbers_json_does_not_have(text: str) -> None:
    data = _with("bestia", "extensions", {"x": [1, "NUMBER"]}, add=True)
    assert decode_both(data.replace(b'"NUMBER"', text.encode())) == (None, None)


@pytest.mark.parametrize(
    "value", [2**70, -(2**70), 1e-400, 1.5, -0.0, {"a": [None, True, "\u0000"]}]
)
def test_extensions_read_the_same(value: Any) -> None:
    assert assert_same(_with("oh_hell", "extensions", {"x": value}, add=True))


def test_duplicate_keys_are_refused_by_both() -> None:
    """On their own, pydantic keeps the last of two equal keys and never looks at the first,
    msgspec checks both and keeps the last; both readers as tricklog uses them refuse a key
    stated twice, whatever its values (``records.duplicates``)."""
    good = _with("oh_hell", "hands/0/dealer", 1)
    for twice in (
        b'"dealer": "x", "dealer": 1',
        b'"dealer": 0, "dealer": 1',
        b'"dealer": 1, "dealer": "x"',
    ):
        assert decode_both(good.replace(b'"dealer": 1', twice)) == (None, None)


def test_presets_are_strict_too() -> None:
    with pytest.raises(ValueError):
        oh_hell_preset("default", "4")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        bestia_preset("default", 4, hand_size=3.0)
    with pytest.raises(ValueError):
        pinochle_preset("brooklyn", forbidden_bid_endings=[40, 90])  # a tuple, not a list
    with pytest.raises(TypeError):
        oh_hell_preset("default", 4, no_such_rule=True)
    assert pinochle_preset("brooklyn", forbidden_bid_endings=(40,)).forbidden_bid_endings == (40,)


def test_cards_are_the_decks() -> None:
    for name, deck in [
        ("French52Card", FRENCH_52),
        ("Pinochle48Card", PINOCHLE_48),
        ("Italian40Card", ITALIAN_40),
    ]:
        assert set(getattr(structs, name).__args__) == set(deck.cards)


# -- mutations --------------------------------------------------------------------------------


def _replacements(value: Any) -> list[Any]:
    """Values to put where ``value`` is: near misses of its type, and other types."""
    common: list[Any] = [None, [], {}, float("nan")]
    if isinstance(value, bool):
        return [*common, not value, 0, 1, "true"]
    if isinstance(value, int):
        near = [value - 1, value + 1, -1, 0, 1, 3, 5, 9, 10, 11, 17, 18, 90, 91, 2**64, 2**70]
        return [*common, *near, -(2**70), float(value), str(value), True, float("inf")]
    if isinstance(value, str):
        cards = ["AS", "TS", "10S", "KC", "Kc", "Ad", "as", "AS\n", " AS", "ZZ"]
        tags = ["bid", "play", "pass", "join", "meld", "oh_hell", "bestia", "pinochle", "whist"]
        return [*common, "", "x", value + " ", value.upper(), *cards, *tags, 1]
    return [*common, "x", 0, False]


def _places(node: Any, keys: tuple[Any, ...] = ()) -> list[tuple[str, tuple[Any, ...]]]:
    """Every place in a JSON document: (its shape, like ``hands/*/dealer``, and its keys)."""
    if isinstance(node, dict):
        children: Any = node.items()
    elif isinstance(node, list):
        children = enumerate(node)
    else:
        return []
    out: list[tuple[str, tuple[Any, ...]]] = []
    for key, child in children:
        path = (*keys, key)
        out.append(("/".join("*" if isinstance(k, int) else k for k in path), path))
        out.extend(_places(child, path))
    return out


def _at(doc: Any, keys: tuple[Any, ...]) -> tuple[Any, Any]:
    """(container, key) of a place."""
    for key in keys[:-1]:
        doc = doc[key]
    return doc, keys[-1]


_DROP, _ADD = object(), object()


def _single_mutations(doc: dict[str, Any]) -> Iterator[bytes]:
    """Each place of each shape (the first two) replaced by each of its replacements, dropped,
    and given an unknown key if it is an object."""
    seen: Counter[str] = Counter()
    for shape, keys in _places(doc):
        seen[shape] += 1
        if seen[shape] > 2:
            continue
        container, key = _at(doc, keys)
        for value in [*_replacements(container[key]), _DROP, _ADD]:
            copied = copy.deepcopy(doc)
            container, key = _at(copied, keys)
            if value is _DROP:
                del container[key]
            elif value is _ADD:
                if not isinstance(container[key], dict):
                    continue
                container[key]["x"] = 1
            else:
                container[key] = value
            yield json.dumps(copied).encode()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_single_mutation_reads_the_same(game: str) -> None:
    record = GAMES[game].generate(random.Random(2), game_id="m", hands=1, players=PLAYERS[game][0])
    documents = list(_single_mutations(record.model_dump(mode="json")))  # defaults written too
    accepted = sum(assert_same(data) for data in documents)
    assert 0 < accepted < len(documents)


NEW_KEYS = [
    "x",
    "type",
    "game",
    "extensions",
    "claims",
    "seat",
    "300",
    "0300",
    " 300",
    "+300",
    "-0",
]
BASES = [
    json.loads(dumps(entry.generate(random.Random(5), game_id="m", preset=preset, hands=2)))
    for _, entry in sorted(GAMES.items())
    for preset in entry.presets[:2]
]
values = st.one_of(
    st.integers(),
    st.text(alphabet="0123456789TJQKANCDHSbcds -+.\n", max_size=4),
    st.sampled_from([None, True, False, 1.0, 0.5, float("nan"), 2**70, [], {}, {"x": [1]}]),
)


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    """One of the base records with one to three places replaced, dropped or added to."""
    doc = copy.deepcopy(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(1, 3))):
        _, keys = draw(st.sampled_from(_places(doc)))
        container, key = _at(doc, keys)
        how = draw(st.sampled_from(["replace", "near", "drop", "add"]))
        if how == "replace":
            container[key] = copy.deepcopy(draw(values))
        elif how == "near":
            container[key] = draw(st.sampled_from(_replacements(container[key])))
        elif how == "drop":
            del container[key]
        elif isinstance(container, dict):
            container[draw(st.sampled_from(NEW_KEYS))] = copy.deepcopy(draw(values))
        else:
            container.insert(key, copy.deepcopy(draw(values)))
    return json.dumps(doc).encode()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=mutated())
def test_mutations_read_the_same(data: bytes) -> None:
    assert_same(data)


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(st.characters(exclude_categories=["Cs"]), max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=50, deadline=None)
@given(
    base=st.sampled_from(BASES),
    extensions=st.dictionaries(st.text(max_size=4), json_values, max_size=3),
    name=st.text(st.characters(exclude_categories=["Cs"]), max_size=8),
    total=st.integers(-MAX_INT, MAX_INT),
)
def test_free_values_read_the_same(
    base: dict[str, Any], extensions: dict[str, Any], name: str, total: int
) -> None:
    """Where the format takes any value (extensions, names, claimed totals), both read it alike."""
    doc = copy.deepcopy(base)
    doc["extensions"] = extensions
    doc["players"][0]["name"] = name
    claims = doc["hands"][0]["claims"]
    for key in claims.keys() & {"scores", "totals", "chips", "balances"}:
        claims[key] = [total] * len(claims[key])
    assert assert_same(json.dumps(doc).encode())


# -- the generator refuses what it cannot translate faithfully ---------------------------------


class _Loose(Strict):
    model_config = ConfigDict(strict=False)
    game: Literal["loose"]


class _Pattern(Strict):
    game: Literal["pattern"]
    card: Annotated[str, Field(pattern="^[AK][SH]$")]


class _Literal(Strict):
    game: Literal["literal"]
    size: Literal[3, 4]


class _Fine(Strict):
    game: Literal["fine"]


@pytest.mark.parametrize(
    ("model", "message"),
    [
        (_Loose, "strict=True"),
        (_Pattern, "not the pattern of one deck"),
        (_Literal, "annotate it with records.strict_json.StrictJson()"),
    ],
)
def test_generation_fails_loudly(model: type[Strict], message: str) -> None:
    root = Annotated[model | _Fine, Field(discriminator="game")]
    with pytest.raises(codegen.CodegenError, match=message):
        codegen.generate(root)
