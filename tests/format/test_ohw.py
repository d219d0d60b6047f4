"""The OhHellWeb importer (``records/formats/ohw.py``) on the four real games of
``fixtures/ohhellweb/`` and on broken copies of them.

The counts below were read off the files (FORMAT.md of the source: 61 complete rounds; the
abandoned game dealt one round): every complete round replays clean with every recorded trick
count and running score matching, and the one deal of the abandoned game is reported as
abandoned, not as a problem.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from records.formats.ohw import read, sniff
from records.io import ReadFailure
from replay.check import check_record
from tests.conftest import FIXTURES

GAMES = sorted((FIXTURES / "ohhellweb").glob("*.ohw"))
ABANDONED = FIXTURES / "ohhellweb" / "1640389090955.ohw"
TWO_DECKS = FIXTURES / "ohhellweb" / "1628130798099.ohw"


def _record(path: Path | str) -> Any:
    [item] = list(read(str(path)))
    assert not isinstance(item, ReadFailure)
    assert item.losses == ()
    return item


def _claims(path: Path) -> Counter[tuple[str, str]]:
    report = check_record(_record(path).record, str(path), audit=True)
    assert report.problems == []
    found = Counter((c.name, c.status.value) for h in report.hands for c in h.claims)
    found.update(("game " + c.name, c.status.value) for c in report.claims)
    return found


def test_four_games_are_the_fixtures() -> None:
    assert [p.name for p in GAMES] == [
        "1627607707142.ohw",
        "1628130798099.ohw",
        "1640389090955.ohw",
        "1640400752863.ohw",
    ]


def test_every_number_of_the_server_matches() -> None:
    total: Counter[tuple[str, str]] = Counter()
    for path in GAMES:
        total += _claims(path)
    # 61 complete rounds: 17 x 9 + 24 x 6 + 20 x 6 = 417 seats' tricks and running scores;
    # 62 deals (the abandoned game's one among them) with their size and trump suit; the final
    # scores of 9 + 6 + 5 + 6 = 26 players.
    assert total == {
        ("tricks", "match"): 417,
        ("total", "match"): 417,
        ("hand_size", "match"): 62,
        ("trump", "match"): 62,
        ("game total", "match"): 26,
    }


def test_the_abandoned_game_keeps_its_deal() -> None:
    record = _record(ABANDONED).record
    [hand] = record.hands
    assert [a.type for a in hand.actions] == ["bid", "bid", "bid", "abandon"]
    report = check_record(record, "abandoned", audit=True)
    assert report.problems == []
    assert [h.status.value for h in report.hands] == ["abandoned"]


def test_the_rules_come_from_the_game() -> None:
    teams = _record(FIXTURES / "ohhellweb" / "1627607707142.ohw").record.rules
    assert (teams.preset, teams.num_players, teams.decks) == ("ohhellweb", 9, 1)
    assert teams.teams == ((0, 2, 6), (1, 4, 5), (3, 7, 8))
    assert teams.hand_sizes == (5, 4, 3, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 4, 5)
    two = _record(TWO_DECKS).record.rules
    assert (two.decks, two.teams, two.identical_cards) == (2, None, "cancel")


def test_what_the_record_has_no_field_for_is_kept() -> None:
    record = _record(FIXTURES / "ohhellweb" / "1640400752863.ohw").record
    kept = record.extensions["ohhellweb"]
    assert kept["options"] == {"robots": 1, "D": 1, "teams": True}
    assert [p["human"] for p in kept["players"]] == [True, True, True, True, True, False]
    assert {"wbProbs", "aiBids", "mistakes", "team"} <= set(kept["players"][0])
    assert [t["name"] for t in kept["teams"][:3]] == ["Team 1", "Team 2", "Team 3"]
    assert [p.id for p in record.players] == ["soup", "Terry", "Andre", "Amos", "Steve", "@robot1"]


def test_convert_then_audit(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "ohw.jsonl"
    run = tricklog("convert", *map(str, GAMES), "-o", str(out))
    assert run.code == 0, run.out + run.err
    audit = tricklog("audit", str(out), "--format", "json")
    assert audit.code == 0, audit.out
    report = json.loads(audit.out)
    assert [r["problems"] for r in report["records"]] == [[], [], [], []]
    assert report["summary"]["hands"] == 62


def _broken(tmp_path: Path, change: Any) -> list[str]:
    game = json.loads(TWO_DECKS.read_text())
    change(game)
    path = tmp_path / "broken.ohw"
    path.write_text(json.dumps(game))
    [item] = list(read(str(path)))
    assert not isinstance(item, ReadFailure) and item.record is None
    return [f"{p.code}: {p.message}" for p in item.problems]


def test_a_broken_game_names_the_field(tmp_path: Path) -> None:
    def no_card(game: dict[str, Any]) -> None:
        game["players"][2]["plays"][3][1] = {"num": 15, "suit": 0}

    assert _broken(tmp_path, no_card) == [
        "record.schema: not an OhHellWeb game: /players/2/plays/3/1: not a card: num 15, suit 0"
    ]
    assert _broken(tmp_path, lambda g: g["rounds"][0].pop("dealer")) == [
        "record.schema: not an OhHellWeb game: /rounds/0/dealer: expected a whole number, "
        "found None"
    ]


def test_a_claim_gives_the_rest_to_the_claimer(tmp_path: Path) -> None:
    # Round 24 (10 cards) stopped after 6 tricks with a claim by the winner of trick 6.
    game = json.loads(TWO_DECKS.read_text())
    r, kept = 23, 6
    claimer = game["winners"][r][kept - 1]
    game["leaders"][r], game["winners"][r] = game["leaders"][r][:kept], game["winners"][r][:kept]
    for player in game["players"]:
        player["plays"][r] = player["plays"][r][:kept]
    game["claims"][r] = claimer
    path = tmp_path / "claimed.ohw"
    path.write_text(json.dumps(game))
    record = _record(path).record
    last = record.hands[r].actions[-1]
    assert (last.type, last.seat, sum(last.remaining), last.remaining[claimer]) == (
        "claim",
        claimer,
        4,
        4,
    )
    report = check_record(record, "claimed", audit=True)
    assert {p.kind.value for p in report.problems} <= {"inconsistent"}


@pytest.mark.parametrize(
    ("before", "after", "where", "key"),
    [
        ('"dealer":0,', '"dealer":3,"dealer":0,', "/rounds/0", "dealer"),
        ('"mode":"Oh Hell",', '"mode":"Oh Hell","mode":"Oh Hell",', "/", "mode"),
        ('"D":1', '"D":2,"D":1', "/options", "D"),
    ],
)
def test_a_key_stated_twice_is_a_problem_not_the_last_value(
    tmp_path: Path, before: str, after: str, where: str, key: str
) -> None:
    """orjson kept the last of two values without a word, as a record's readers would: a record
    with a key stated twice is record.duplicate-key, and so is a game."""
    text = GAMES[0].read_text()
    assert before in text
    path = tmp_path / "twice.ohw"
    path.write_text(text.replace(before, after, 1))
    [item] = list(read(str(path)))
    assert not isinstance(item, ReadFailure) and item.record is None
    assert [(p.code, p.message) for p in item.problems] == [
        (
            "record.duplicate-key",
            f'not an OhHellWeb game: {where}: the key "{key}" is stated twice in this object; '
            "a game states each key once (a reader would silently keep only the last value)",
        )
    ]


def test_a_colon_in_a_value_is_not_taken_for_a_duplicate(tmp_path: Path) -> None:
    game = json.loads(GAMES[0].read_text())
    game["players"][0]["name"] = "a: b: c"
    path = tmp_path / "colons.ohw"
    path.write_text(json.dumps(game))
    assert _record(path).record.players[0].name == "a: b: c"


def test_not_json_is_unreadable(tmp_path: Path, tricklog) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "broken.ohw"
    path.write_text('{"mode":"Oh Hell",')
    [item] = list(read(str(path)))
    assert isinstance(item, ReadFailure)
    run = tricklog("convert", str(path), "-o", str(tmp_path / "out.jsonl"))
    assert run.code == 3


@pytest.mark.parametrize(
    ("head", "expected"),
    [(b'{"mode":"Oh Hell","id":1}', True), (b'{"format_version":1}', False), (b"[", False)],
)
def test_sniff(head: bytes, expected: bool) -> None:
    assert sniff(head) is expected
