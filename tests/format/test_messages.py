"""Schema errors in tricklog's words: a suggestion where one is likely, and no pydantic text.

The codes stay what they were (``record.unknown-field``, ``record.schema``...); what changes is
the message, which names the key it is about, says what was expected in plain words and, for a
likely slip, what was meant.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tricklog
from records import bestia, oh_hell, pinochle
from records.cards import FRENCH_52, ITALIAN_40, PINOCHLE_48
from records.model_path import declared_at, keys, literal_of, required_keys, union_members
from records.parse import parse
from records.problems import Problem
from records.record import GAMES
from records.suggest import closest, suggest_card
from tests.conftest import FIXTURES

PYDANTIC_WORDS = (
    "Input should",
    "Field required",
    "Extra inputs",
    "Unable to extract tag",
    "does not match any of the expected tags",
    "Input tag",
    "validation error",
    "pydantic",
    "Value error,",
    "[type=",
    "Unexpected keyword argument",
    "Missing required",
    "String should",
    "List should",
    "For further information",
    "Invalid JSON",
)
SCHEMA_CODES = {
    "record.json",
    "record.unknown-field",
    "record.missing-field",
    "record.unknown-tag",
    "record.missing-tag",
    "record.format-version",
    "record.schema",
}


def valid(game: str) -> dict[str, Any]:
    path = sorted((FIXTURES / game / "valid").glob("*.json"))[0]
    found: dict[str, Any] = json.loads(path.read_text())
    return found


def problems(document: Any) -> list[Problem]:
    result = parse(json.dumps(document).encode())
    assert isinstance(result, list), "the mutated document still parses"
    return result


def first(document: Any) -> Problem:
    return problems(document)[0]


def assert_tricklog_words(message: str) -> None:
    for words in PYDANTIC_WORDS:
        assert words not in message, f"pydantic's words reach the user: {message!r}"


# --- cards: each deck has its notation -------------------------------------------------------


@pytest.mark.parametrize(
    ("deck", "written", "meant"),
    [
        (FRENCH_52, "10S", "TS"),
        (FRENCH_52, "as", "AS"),
        (FRENCH_52, "A♠", "AS"),
        (FRENCH_52, "S10", "TS"),
        (FRENCH_52, "Kh", "KH"),
        (PINOCHLE_48, "10H", "TH"),
        (PINOCHLE_48, "q♠", "QS"),
        (ITALIAN_40, "AD", "Ad"),
        (ITALIAN_40, "10d", "Kd"),  # Italian packs number the Re 10, the Cavallo 9, the Fante 8
        (ITALIAN_40, "9c", "Nc"),
        (ITALIAN_40, "8s", "Js"),
        (ITALIAN_40, "Fb", "Jb"),  # the Italian initials: Fante, Cavallo, Re
        (ITALIAN_40, "Cd", "Nd"),
        (ITALIAN_40, "Rs", "Ks"),
        (ITALIAN_40, "1c", "Ac"),
    ],
)
def test_a_card_written_another_way_gets_the_card_meant(
    deck: Any, written: str, meant: str
) -> None:
    assert suggest_card(written, deck) == meant


@pytest.mark.parametrize(
    ("deck", "written"),
    [
        (FRENCH_52, "1S"),
        (FRENCH_52, "XX"),
        (PINOCHLE_48, "2S"),
        (ITALIAN_40, "TS"),
        (ITALIAN_40, "8"),
    ],
)
def test_no_suggestion_for_a_card_the_deck_lacks(deck: Any, written: str) -> None:
    assert suggest_card(written, deck) is None


def test_ten_written_10_says_did_you_mean_t() -> None:
    record = valid("oh_hell")
    record["hands"][0]["deal"]["hands"][0][0] = "10S"
    problem = first(record)
    assert (problem.code, problem.pointer) == ("record.schema", "/hands/0/deal/hands/0/0")
    assert problem.message.startswith('"10S" is not a card of the 52-card deck; did you mean TS?')
    assert "T for the ten" in problem.message


def test_pinochle_card_message_names_its_own_deck() -> None:
    record = valid("pinochle")
    record["hands"][0]["deal"]["widow"][0] = "10H"
    message = first(record).message
    assert message.startswith('"10H" is not a card of the 48-card pinochle deck; did you mean TH?')
    assert "(9, J, Q, K, T for the ten, A)" in message


def test_bestia_card_message_explains_the_italian_notation() -> None:
    record = valid("bestia")
    record["hands"][0]["deal"]["hands"][0][0] = "10d"
    message = first(record).message
    assert message.startswith('"10d" is not a card of the 40-card Italian deck; did you mean Kd?')
    assert "N Cavallo" in message and "lower case" in message


# --- keys ------------------------------------------------------------------------------------


def test_a_misspelt_key_gets_the_nearest_known_key() -> None:
    record = valid("oh_hell")
    record["hands"][0]["delaer"] = record["hands"][0].pop("dealer")
    found = problems(record)
    assert [p.code for p in found] == ["record.unknown-field", "record.missing-field"]
    assert found[0].pointer == "/hands/0/delaer"
    assert found[0].message == 'unknown key "delaer" in a hand; did you mean "dealer"?'
    assert found[1].pointer == "/hands/0/dealer"
    assert found[1].message.startswith('a hand needs the key "dealer"')


def test_an_unknown_key_without_a_near_one_lists_the_keys_and_extensions() -> None:
    record = valid("oh_hell")
    record["hands"][0]["source_row"] = 7
    problem = first(record)
    assert problem.pointer == "/hands/0/source_row"
    assert "(its keys: number, dealer, deal, actions, claims, extensions)" in problem.message
    assert 'goes under "extensions"' in problem.message


def test_a_misspelt_key_in_an_action_is_named_with_its_action() -> None:
    record = valid("pinochle")
    record["hands"][0]["actions"][0]["sit"] = record["hands"][0]["actions"][0].pop("seat")
    assert first(record).message.startswith('unknown key "sit" in a "')
    assert first(record).message.endswith('did you mean "seat"?')


def _action_samples() -> dict[tuple[str, str], dict[str, Any]]:
    """An action of each type of each game, as the fixtures write it (valid fixtures first)."""
    samples: dict[tuple[str, str], dict[str, Any]] = {}
    for path in sorted(FIXTURES.glob("*/valid/*.json")) + sorted(FIXTURES.glob("*/invalid/*.json")):
        try:
            document = json.loads(path.read_text())
        except ValueError:
            continue  # the record.json fixtures
        game = document.get("game") if isinstance(document, dict) else None
        if game not in ACTIONS:
            continue
        for hand in document.get("hands") or []:
            for action in hand.get("actions") or [] if isinstance(hand, dict) else []:
                model = ACTIONS[game].get(action.get("type")) if isinstance(action, dict) else None
                fits = model is not None and set(required_keys(model)) <= set(action)
                if fits and set(action) <= set(keys(model)):
                    samples.setdefault((game, action["type"]), action)
    return samples


def _actions_of(game: str) -> dict[str, Any]:
    union = declared_at(GAMES[game], ["hands", 0, "actions", 0], None)
    return {literal_of(member, "type"): member for member in union_members(union)}


ACTIONS = {game: _actions_of(game) for game in GAMES}
KEY_NAMED_AS_ITS_ACTION = [
    (game, kind, key)
    for game, kinds in ACTIONS.items()
    for kind, model in kinds.items()
    for key in required_keys(model)
    if key != "type" and kind not in keys(model)
]


def test_every_action_of_every_game_has_a_sample() -> None:
    assert set(_action_samples()) == {(g, k) for g, kinds in ACTIONS.items() for k in kinds}


@pytest.mark.parametrize(("game", "kind", "key"), KEY_NAMED_AS_ITS_ACTION)
def test_a_key_named_as_its_action_points_at_the_key_it_lacks(
    game: str, kind: str, key: str
) -> None:
    # {"type": "bid", "seat": 0, "bid": 1}: pydantic names the union member "bid" in its error
    # locations, and the missing-key message once took that for the document's key "bid"
    action = copy.deepcopy(_action_samples()[(game, kind)])
    action[kind] = action.pop(key)
    record = valid(game)
    record["hands"][0]["actions"][0] = action
    found = [(p.code, p.pointer, p.message) for p in problems(record)]
    assert found == [
        (
            "record.unknown-field",
            f"/hands/0/actions/0/{kind}",
            f'unknown key "{kind}" in a "{kind}" action; did you mean "{key}"'
            + ("?" if closest(kind, [key]) else ", the key it lacks?"),
        ),
        (
            "record.missing-field",
            f"/hands/0/actions/0/{key}",
            f'a "{kind}" action needs the key "{key}"',
        ),
    ]


def test_the_examples_of_the_issue_name_the_key_they_lack() -> None:
    record = valid("oh_hell")
    seat = record["hands"][0]["actions"][0]["seat"]
    record["hands"][0]["actions"][0] = {"type": "bid", "seat": seat, "bid": 1}
    messages = [p.message for p in problems(record)]
    assert messages[1] == 'a "bid" action needs the key "tricks"'
    assert 'a "bid" action needs the key "bid"' not in messages
    record = valid("oh_hell")
    record["hands"][0]["actions"][0] = {"type": "play", "seat": 1, "play": "TH"}
    messages = [p.message for p in problems(record)]
    assert messages == [
        'unknown key "play" in a "play" action; did you mean "card", the key it lacks?',
        'a "play" action needs the key "card"',
    ]


def test_a_key_named_as_the_game_is_no_tag_either() -> None:
    record = valid("oh_hell")
    record["oh_hell"] = 1
    del record["id"]
    found = [(p.code, p.pointer) for p in problems(record)]
    assert found == [("record.unknown-field", "/oh_hell"), ("record.missing-field", "/id")]


@pytest.mark.parametrize(
    ("game", "typo", "meant", "some"),
    [
        ("oh_hell", "hookk", "hook", "nil_score"),
        ("pinochle", "min_bidd", "min_bid", "kitty_threshold"),
        ("bestia", "invitos", "invito", "pot_rounding"),
        ("bestia", "trumps", None, "bestia_cap"),
    ],
)
def test_an_unknown_rules_parameter_lists_the_game_s_parameters(
    game: str, typo: str, meant: str | None, some: str
) -> None:
    record = valid(game)
    record["rules"][typo] = True
    problem = first(record)
    assert (problem.code, problem.pointer) == ("record.unknown-field", f"/rules/{typo}")
    assert problem.message.startswith(f'"{typo}" is not a rules parameter of {game}')
    if meant is not None:
        assert f'did you mean "{meant}"?' in problem.message
    assert "Its parameters: preset, " in problem.message and some in problem.message
    assert f"tricklog rules {game}" in problem.message


def test_a_missing_rules_parameter_says_every_parameter_is_stated() -> None:
    record = valid("oh_hell")
    del record["rules"]["hook"]
    problem = first(record)
    assert (problem.code, problem.pointer) == ("record.missing-field", "/rules/hook")
    assert problem.message == (
        'the rules do not state "hook"; a record states every rules parameter of oh_hell, '
        "because a preset's values may change between versions. The whole block of the preset "
        '"default" for 4 seats, to paste in: tricklog rules oh_hell default --players 4 '
        "--format json"
    )


def test_a_rules_block_of_a_preset_and_a_table_is_one_problem_that_lists_what_it_lacks() -> None:
    record = valid("oh_hell")
    record["rules"] = {"preset": "hoyle", "num_players": 5, "hook": True, "nil_score": 7}
    found = problems(record)
    assert [(p.code, p.pointer) for p in found] == [
        ("record.missing-field", "/rules"),
        ("record.schema", "/rules/nil_score"),
    ]
    message = found[0].message
    assert message.startswith(
        "the rules do not state 14 parameters of oh_hell: hand_sizes, single_hand_size, "
        "no_trump_rule, first_bidder, first_leader, must_trump_when_void, miss_score, "
    )
    assert message.endswith(
        'The whole block of the preset "hoyle" for 5 seats, to paste in: '
        "tricklog rules oh_hell hoyle --players 5 --format json"
    )


@pytest.mark.parametrize(
    ("rules", "ending"),
    [
        ({"preset": "sevens", "num_players": 4}, "oh_hell PRESET --format json (tricklog rules "),
        ({"num_players": 4}, "oh_hell PRESET --format json (tricklog rules oh_hell lists "),
        ({"preset": "hoyle", "num_players": 2}, 'the preset "hoyle", to paste in: tricklog rules '),
        ({"preset": "hoyle", "num_players": "4"}, "tricklog rules oh_hell hoyle --format json"),
    ],
)
def test_a_short_rules_block_names_the_command_it_can(rules: dict[str, Any], ending: str) -> None:
    record = valid("oh_hell")
    record["rules"] = rules
    [lacking] = [p for p in problems(record) if p.code == "record.missing-field"]
    assert lacking.pointer == "/rules" and ending in lacking.message


def test_a_record_without_rules_says_how_to_get_them() -> None:
    record = valid("bestia")
    del record["rules"]
    problem = first(record)
    assert (problem.code, problem.pointer) == ("record.missing-field", "/rules")
    assert problem.message == (
        'the record needs the key "rules". The whole block of a preset, to paste in: tricklog '
        "rules bestia PRESET --format json (tricklog rules bestia lists the presets)"
    )


# --- the tags: game and action type ----------------------------------------------------------


def test_a_record_without_game_lists_the_known_games() -> None:
    record = valid("bestia")
    del record["game"]
    problem = first(record)
    assert (problem.code, problem.pointer) == ("record.missing-tag", "")
    assert problem.message == (
        'the record does not say its "game"; tricklog knows the games oh_hell, pinochle, bestia, '
        "partnership_pinochle"
    )


def test_a_misspelt_game_is_suggested() -> None:
    record = valid("oh_hell")
    record["game"] = "ohhell"
    problem = first(record)
    assert problem.code == "record.unknown-tag"
    assert problem.message.startswith('unknown game "ohhell"; did you mean "oh_hell"?')


def test_an_action_without_type_lists_the_game_s_actions() -> None:
    record = valid("pinochle")
    del record["hands"][0]["actions"][0]["type"]
    problem = first(record)
    assert (problem.code, problem.pointer) == ("record.missing-tag", "/hands/0/actions/0")
    assert "bid, pass, auction_won, widow, trump, meld, bury, play, concede" in problem.message


def test_a_misspelt_action_type_is_suggested() -> None:
    record = valid("oh_hell")
    record["hands"][0]["actions"][0]["type"] = "bdi"
    problem = first(record)
    assert problem.code == "record.unknown-tag"
    assert problem.message == (
        '"bdi" is not an action of oh_hell; did you mean "bid"? The actions are bid, play, '
        "claim, abandon."
    )


# --- values ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("where", "value", "message"),
    [
        (("players", 0, "seat"), "0", '"seat" must be an integer, not the string "0"'),
        (("players", 0, "seat"), True, '"seat" must be an integer, not the boolean true'),
        (("players", 0, "seat"), 12, '"seat" must be at most 9, not 12'),
        (("rules", "hook"), "yes", '"hook" must be true or false, not the string "yes"'),
        (("rules", "num_players"), 2, '"num_players" must be at least 3, not 2'),
        (("rules", "single_hand_size"), "x", '"single_hand_size" must be an integer or null,'),
        (("rules", "nil_score"), 7, '"nil_score" must be one of 10, 5, "5_plus_h", not 7'),
        (("rules", "hand_sizes"), "ascending", 'did you mean "ascending_to_max"?'),
        (("hands", 0, "number"), 0, '"number" must be at least 1, not 0'),
        (("hands", 0, "deal", "stock"), "x", '"stock" must be an array or null, not the string'),
        (("hands",), [], '"hands" must hold at least 1 entry, not 0'),
        (("meta",), [1], '"meta" must be an object or null, not an array'),
        (("format_version",), 2, "format_version 2 is not a version this tricklog reads"),
        (("format_version",), "1", 'format_version "1" is not a version this tricklog reads'),
    ],
)
def test_a_wrong_value_says_what_was_expected(
    where: tuple[str | int, ...], value: Any, message: str
) -> None:
    record = valid("oh_hell")
    node = record
    for part in where[:-1]:
        node = node[part]
    node[where[-1]] = value  # type: ignore[index]
    problem = first(record)
    assert problem.pointer == "/" + "/".join(map(str, where))
    assert message in problem.message
    assert problem.code in SCHEMA_CODES


def test_not_json_and_not_an_object() -> None:
    broken = parse(b'{"format_version": 1, "game": ')
    assert isinstance(broken, list)
    assert broken[0].code == "record.json"
    assert broken[0].message.startswith("not valid JSON: the text ends inside a value")
    array = parse(b"[1, 2]")
    assert isinstance(array, list)
    assert (array[0].code, array[0].message) == (
        "record.schema",
        "a record is a JSON object, not an array",
    )


def test_nan_in_extensions_keeps_the_pointers_of_the_document() -> None:
    text = json.dumps(valid("oh_hell")).replace('"hook": false', '"hook": NaN', 1)
    found = parse(text.encode())
    assert isinstance(found, list)
    assert found[0].pointer == "/rules/hook"
    assert found[0].message == '"hook" must be true or false, not the number NaN'


# --- no pydantic text, whatever is broken ----------------------------------------------------

_BAD_VALUES: tuple[Any, ...] = (None, True, "x", 1.5, -1, 10**30, [], {"z": 1})


def _places(node: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """Every key of the document, descending into the first entry of each list only."""
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _places(value, (*path, key))
    elif isinstance(node, list) and node:
        yield from _places(node[0], (*path, 0))


def _mutants(document: Any) -> Iterator[Any]:
    for path in _places(document):
        if not path:
            continue
        for value in (*_BAD_VALUES, "<delete>"):
            mutant = copy.deepcopy(document)
            parent = mutant
            for part in path[:-1]:
                parent = parent[part]
            if value == "<delete>":
                del parent[path[-1]]
            else:
                parent[path[-1]] = value
            yield mutant
        if isinstance(_at(document, path), dict):
            mutant = copy.deepcopy(document)
            _at(mutant, path)["zz_unknown"] = 1
            yield mutant


def _at(node: Any, path: tuple[str | int, ...]) -> Any:
    for part in path:
        node = node[part]
    return node


@pytest.mark.parametrize("game", ["oh_hell", "pinochle", "bestia"])
def test_no_pydantic_words_reach_the_user_from_any_broken_key(game: str) -> None:
    document = valid(game)
    document["hands"] = document["hands"][:1]
    seen = 0
    for mutant in _mutants(document):
        result = parse(json.dumps(mutant).encode())
        if isinstance(result, list):
            for problem in result:
                seen += 1
                assert problem.code in SCHEMA_CODES
                assert problem.message, problem
                assert_tricklog_words(problem.message)
    assert seen > 300


@pytest.mark.parametrize(
    "path", sorted(FIXTURES.glob("*/invalid/record.*.json")), ids=lambda p: p.name
)
def test_malformed_fixtures_speak_tricklog(path: Path) -> None:
    result = parse(path.read_bytes())
    if isinstance(result, list):
        for problem in result:
            assert_tricklog_words(problem.message)


# --- rules built in Python: presets and the generator ----------------------------------------


def test_presets_explain_a_bad_value_in_words() -> None:
    with pytest.raises(ValueError, match=r'^"num_players" must be at least 3, not 2$'):
        oh_hell.preset("default", 2)
    with pytest.raises(ValueError, match='"table_size" must be one of 3, 4, 5, not 2'):
        pinochle.preset("default", table_size=2)
    with pytest.raises(ValueError, match='"forbidden_bid_endings" must be a tuple, not a list'):
        pinochle.preset("brooklyn", forbidden_bid_endings=[40, 90])
    with pytest.raises(TypeError, match='"hookk" is not a rules parameter of oh_hell; did you'):
        oh_hell.preset("default", 4, hookk=True)
    with pytest.raises(ValueError) as caught:
        bestia.preset("default", 11)
    assert_tricklog_words(str(caught.value))


@pytest.mark.parametrize("game", ["oh_hell", "pinochle", "bestia"])
def test_generate_with_two_players_says_why_in_words(game: str, tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("generate", game, "--players", "2")
    assert run.code == 2
    assert_tricklog_words(run.err)
    assert "http" not in run.err
    parameter = "table_size" if game == "pinochle" else "num_players"
    assert f'"{parameter}" must be' in run.err


def test_the_library_raises_in_tricklog_words() -> None:
    with pytest.raises(tricklog.MalformedRecordError) as caught:
        tricklog.loads(b'{"format_version": 1, "game": "oh_hell"}')
    text = str(caught.value)
    assert "/id: oh_hell" not in text and '/id: the record needs the key "id"' in text
    assert_tricklog_words(text)
