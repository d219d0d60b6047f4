"""The ``openspiel`` format: Oh Hell deals as the action histories pyspiel replays.

Against the real engine (``pyspiel``, marked ``openspiel`` and skipped where it is not
installed): exported hands of generated ``openspiel`` games replay in pyspiel, every action
legal, with the returns the records claim; random pyspiel games imported audit clean with the
scores pyspiel returned. Without it: OpenSpiel's two playthroughs (fixtures/openspiel) import and
audit clean with their printed scores; an import exported again is the same history; every
fact a history cannot hold is reported as a loss with its pointer; a bad history is a problem
at its line.
"""

from __future__ import annotations

import importlib
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from records.formats.base import Loss, Read
from records.formats.openspiel import CODE, read, sniff, write
from records.formats.openspiel.history import record_of
from records.formats.openspiel.mapping import Params, card_id, card_of, parse_game
from records.oh_hell import Claim, OhHellRecord
from replay.check import check_record
from replay.generators.oh_hell import generate
from tests.conftest import FIXTURES

PLAYTHROUGHS = FIXTURES / "openspiel"

try:
    pyspiel: Any = importlib.import_module("pyspiel")
except ImportError:
    pyspiel = None


def against_pyspiel(test: Any) -> Any:
    """Mark a test that runs the real engine, and skip it where pyspiel is not installed."""
    skip = pytest.mark.skipif(pyspiel is None, reason="pyspiel (open_spiel) is not installed")
    return pytest.mark.openspiel(skip(test))


VARIANTS: list[dict[str, Any]] = [
    {"players": 3},
    {"players": 4, "points_per_trick": 2},
    {"players": 5, "off_bid_penalty": True},
    {"players": 7, "num_tricks_fixed": 3},
    {"players": 6, "off_bid_penalty": True, "points_per_trick": 3, "num_tricks_fixed": 8},
]
"""pyspiel parameters the tests play; every parameter at a value other than its default."""


def _rules_overrides(params: dict[str, Any]) -> dict[str, Any]:
    fixed = params.get("num_tricks_fixed", -1)
    return {
        "miss_score": "minus_diff" if params.get("off_bid_penalty") else "tricks",
        "points_per_trick": params.get("points_per_trick", 1),
        "single_hand_size": None if fixed == -1 else fixed,
    }


def _export(records: list[Any]) -> tuple[list[str], list[Loss]]:
    pieces = list(write(records))
    text = b"".join(p for p in pieces if isinstance(p, bytes)).decode()
    lines = [x for x in text.splitlines() if not x.startswith("#")]
    return lines, [p for p in pieces if isinstance(p, Loss)]


def _import(text: str, tmp_path: Path, name: str = "h.openspiel") -> list[Read]:
    path = tmp_path / name
    path.write_text(text)
    found = list(read(str(path)))
    assert all(isinstance(r, Read) for r in found)
    return found  # type: ignore[return-value]


def _audited(read_: Read) -> Any:
    """The audit report of an imported record, which must be clean."""
    assert read_.record is not None, read_.problems
    report = check_record(read_.record, read_.source, audit=True)
    assert not report.problems, [p.message for p in report.problems]
    return report


def _scores(report: Any) -> list[int]:
    """The scores the audit computed for the one hand (its claims all match)."""
    data = report.to_dict()
    (hand,) = data["hands"]
    assert all(c["status"] == "match" for c in hand["claims"]), hand["claims"]
    return list(hand["scores"])


# --- the mapping -----------------------------------------------------------------------------


def test_card_ids_are_openspiels() -> None:
    assert [card_of(i) for i in (0, 3, 19, 32, 51)] == ["2C", "2H", "6H", "TC", "AH"]
    assert all(card_id(card_of(i)) == i for i in range(52))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("oh_hell()", Params()),
        ("oh_hell", Params()),
        (
            "oh_hell(num_cards_per_suit=13,num_suits=4,num_tricks_fixed=5,off_bid_penalty=True,"
            "players=4,points_per_trick=2)",
            Params(4, 5, True, 2),
        ),
        ("zerosum(game=oh_hell(players=5))", Params(players=5, zerosum=True)),
    ],
)
def test_game_strings(text: str, expected: Params) -> None:
    assert parse_game(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("bridge()", "the game is bridge, not oh_hell"),
        ("oh_hell(players=8)", "oh_hell seats 3 to 7 players, not 8"),
        ("oh_hell(num_suits=3)", "52-card deck"),
        ("oh_hell(players=4,num_tricks_fixed=13)", "num_tricks_fixed 13 is out of range"),
        ("oh_hell(colour=red)", "oh_hell has no parameter 'colour'"),
        ("oh_hell(off_bid_penalty=maybe)", "off_bid_penalty is True or False"),
        ("oh_hell(players=4", "do not end with ')'"),
    ],
)
def test_game_strings_tricklog_cannot_play(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_game(text)


def test_sniff() -> None:
    assert sniff(b"game: oh_hell()\n\nGameType.chance_mode")
    assert sniff(b"# comment\noh_hell(players=3)\t2 0 1")
    assert not sniff(b"game: bridge()\n")
    assert not sniff(b'{"format_version": 1}')


# --- OpenSpiel's playthroughs ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "scores", "tricks"),
    [("oh_hell.txt", [0, 0, 2], [0, 0, 2]), ("zerosum_oh_hell.txt", [6, 2, 0], [6, 2, 0])],
)
def test_the_playthroughs_import_and_audit_clean(
    name: str, scores: list[int], tricks: list[int]
) -> None:
    (found,) = read(str(PLAYTHROUGHS / name))
    assert isinstance(found, Read) and not found.losses and not found.problems
    record = found.record
    assert isinstance(record, OhHellRecord)
    hand = record.hands[0]
    assert hand.claims is not None
    assert (hand.claims.scores, hand.claims.tricks) == (scores, tricks)
    assert record.rules.preset == "openspiel" and record.rules.num_players == 3
    assert _scores(_audited(found)) == scores


def test_the_playthroughs_deal_and_order_are_openspiels() -> None:
    (found,) = read(str(PLAYTHROUGHS / "oh_hell.txt"))
    assert isinstance(found, Read) and isinstance(found.record, OhHellRecord)
    hand = found.record.hands[0]
    # History() = [2, 2, 19, 12, 31, 20, 26, 28, 3, 53, 54, 53, 19, 12, 31, 28, 20, 26]
    assert hand.dealer == 2 and hand.deal.turned_up == "2H"
    assert hand.deal.hands == [["6H", "7C"], ["5C", "8S"], ["9H", "9C"]]
    seats = [(a.type, a.seat) for a in hand.actions]
    assert seats[:3] == [("bid", 0), ("bid", 1), ("bid", 2)]
    assert [a.seat for a in hand.actions[3:]] == [0, 1, 2, 2, 0, 1]  # seat 2 wins trick 1


def test_a_zerosum_playthrough_whose_returns_are_not_its_scores_is_a_loss(
    tmp_path: Path,
) -> None:
    text = (PLAYTHROUGHS / "zerosum_oh_hell.txt").read_text()
    changed = text.replace("Returns() = [3.33333, -0.666667, -2.66667]", "Returns() = [1, 0, -1]")
    (found,) = _import(changed, tmp_path, "z.txt")
    assert found.record is not None
    assert [(x.what, x.why) for x in found.losses] == [
        ("Returns()", "they are not the printed scores minus their mean")
    ]


def test_an_import_exported_again_is_the_same_history(tmp_path: Path) -> None:
    records = [r.record for p in sorted(PLAYTHROUGHS.glob("*.txt")) for r in read(str(p))]  # type: ignore[union-attr]
    lines, losses = _export(records)
    assert not losses
    back = _import("\n".join(lines) + "\n", tmp_path)
    assert [r.record for r in back] == records
    assert lines[0].split("\t")[1] == "2 2 19 12 31 20 26 28 3 53 54 53 19 12 31 28 20 26"
    assert lines[0].split("\t")[2:] == ['id="oh_hell.txt"', "returns=0,0,2", "tricks=0,0,2"]


# --- losses ----------------------------------------------------------------------------------


def _pointers(losses: list[Loss]) -> list[str]:
    return [x.pointer for x in losses]


def test_a_generated_openspiel_game_loses_only_what_a_history_cannot_hold() -> None:
    record = generate(random.Random(3), players=4, preset="openspiel")
    lines, losses = _export([record])
    assert len(lines) == 1
    pointers = _pointers(losses)
    assert not [p for p in pointers if p.startswith(("/rules", "/hands/0/actions"))]
    assert not {"/hands/0/claims/scores", "/hands/0/claims/tricks", "/hands/0"} & set(pointers)
    assert {"/players/0/name", "/meta/source", "/claims/totals", "/claims/winners"} <= set(
        _pointers(losses)
    )
    assert "/hands/0/deal/stock" in _pointers(losses)
    assert "/hands/0/claims/totals" in _pointers(losses)


def test_rules_and_deals_pyspiel_cannot_hold_are_losses() -> None:
    record = generate(random.Random(1), players=4, preset="default")  # 13 deals, 1..13 cards
    lines, losses = _export([record])
    pointers = _pointers(losses)
    for param in ("preset", "hand_sizes", "no_trump_rule", "first_bidder", "hook", "miss_score"):
        assert f"/rules/{param}" in pointers
    assert "/rules/num_players" not in pointers and "/rules/made_bonus" not in pointers
    assert "/hands" in pointers  # 13 deals become 13 histories
    # deal 13 deals every card: no trump card for OpenSpiel, and 13 > 51 // 4 anyway
    (last,) = [x for x in losses if x.pointer == "/hands/12"]
    assert last.what == "hand 13" and "OpenSpiel deals 1 to 12" in last.why
    assert len(lines) == 12
    assert [line.split("\t")[2] for line in lines[:2]] == [
        f'id="{record.id}/1"',
        f'id="{record.id}/2"',
    ]


def test_a_table_of_eight_is_not_written() -> None:
    record = generate(random.Random(1), players=8, preset="openspiel")
    lines, losses = _export([record])
    assert lines == []
    assert [(x.pointer, x.what) for x in losses] == [("/rules/num_players", "record")]


def test_a_claim_stops_the_history_and_is_a_loss() -> None:
    record = generate(random.Random(5), players=3, preset="openspiel")
    hand = record.hands[0]
    cut = 3 + 3  # the bids and the first trick
    claim = Claim(type="claim", seat=0, remaining=[len(hand.deal.hands[0]) - 1, 0, 0])
    changed = record.model_copy(
        update={"hands": [hand.model_copy(update={"actions": [*hand.actions[:cut], claim]})]}
    )
    lines, losses = _export([changed])
    (stop,) = [x for x in losses if x.pointer == f"/hands/0/actions/{cut}"]
    assert stop.what == "claim"
    size = len(hand.deal.hands[0])
    assert len(lines[0].split("\t")[1].split()) == 2 + 3 * size + 1 + cut


def test_an_action_off_openspiels_turn_order_is_a_loss() -> None:
    record = generate(random.Random(5), players=3, preset="openspiel")
    hand = record.hands[0]
    first = hand.actions[0]
    wrong = first.model_copy(update={"seat": (first.seat + 1) % 3})
    changed = record.model_copy(
        update={"hands": [hand.model_copy(update={"actions": [wrong, *hand.actions[1:]]})]}
    )
    _, losses = _export([changed])
    assert "/hands/0/actions/0/seat" in _pointers(losses)


# --- bad histories -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("oh_hell()\t2 2 19", "the history stops during the deal"),
        ("oh_hell()\t2 2 19 12 31 20 26 28 3 3", "action 9: 3 is a card where a bid"),
        ("oh_hell()\t2 x", "an action id is a whole number from 0, not 'x'"),
        ("oh_hell()\t18 0", "action 0: 18 tricks; this game deals 1 to 17"),
        ("oh_hell()\t2 2 19 12 31 20 26 28 3\tscore=1", "expected id=, returns= or tricks="),
        ("whist()\t1 2", "the game is whist, not oh_hell"),
        (
            "zerosum(game=oh_hell())\t2 2 19 12 31 20 26 28 3\treturns=1,0,-1",
            "the returns of a zerosum game are not its scores",
        ),
    ],
)
def test_a_bad_history_is_a_problem_at_its_line(line: str, message: str, tmp_path: Path) -> None:
    good = "oh_hell()\t2 2 19 12 31 20 26 28 3 53 54 53 19 12 31 28 20 26"
    found = _import(f"# two deals\n{good}\n{line}\n", tmp_path)
    assert found[0].record is not None
    assert found[1].record is None and found[1].source.endswith(":3")
    (problem,) = found[1].problems
    assert problem.code == CODE and message in problem.message
    assert problem.to_dict()["line"] == 3


def test_a_history_written_by_hand_reads_with_spaces_and_brackets(tmp_path: Path) -> None:
    (found,) = _import("oh_hell() [2, 2, 19, 12, 31, 20, 26, 28, 3, 53, 54, 53]\n", tmp_path)
    assert found.record is not None and found.record.id == "h.openspiel:1"
    assert found.record.hands[0].claims is None  # nothing claimed: nothing made up


# --- against pyspiel ---------------------------------------------------------------------------


def _replay(game_string: str, actions: list[int]) -> Any:
    """pyspiel's terminal state of a history, every action checked legal before it is applied
    (pyspiel's ``apply_action`` accepts some illegal moves silently)."""
    state = pyspiel.load_game(game_string).new_initial_state()
    for action in actions:
        legal = (
            [a for a, _ in state.chance_outcomes()]
            if state.is_chance_node()
            else state.legal_actions()
        )
        assert action in legal, (action, legal)
        state.apply_action(action)
    assert state.is_terminal()
    return state


@pytest.mark.parametrize(
    "params", VARIANTS, ids=lambda p: ",".join(f"{k}={v}" for k, v in p.items())
)
@against_pyspiel
def test_exported_hands_replay_in_pyspiel_with_the_same_returns(params: dict[str, Any]) -> None:
    rng = random.Random(VARIANTS.index(params))
    records = [
        generate(rng, players=params["players"], preset="openspiel", **_rules_overrides(params))
        for _ in range(4)
    ]
    lines, _ = _export(records)
    assert len(lines) == len(records)
    for record, line in zip(records, lines, strict=True):
        game, actions, *fields = line.split("\t")
        assert parse_game(game) == Params(**params)
        state = _replay(game, [int(a) for a in actions.split()])
        claimed = record.hands[0].claims.scores
        assert [int(r) for r in state.returns()] == claimed
        assert f"returns={','.join(map(str, claimed))}" in fields


def _random_history(params: dict[str, Any], rng: random.Random) -> tuple[list[int], list[int]]:
    state = pyspiel.load_game("oh_hell", params).new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    returns = [int(r) for r in state.returns()]
    assert returns == state.returns()
    return list(state.history()), returns


@pytest.mark.parametrize(
    "params", VARIANTS, ids=lambda p: ",".join(f"{k}={v}" for k, v in p.items())
)
@against_pyspiel
def test_pyspiel_games_import_and_audit_clean_with_the_same_scores(
    params: dict[str, Any], tmp_path: Path
) -> None:
    rng = random.Random(len(params) * 31 + params["players"])
    played = [_random_history(params, rng) for _ in range(6)]
    game = str(pyspiel.load_game("oh_hell", params))
    text = "".join(
        f"{game}\t{' '.join(map(str, h))}\treturns={','.join(map(str, r))}\n" for h, r in played
    )
    found = _import(text, tmp_path)
    for read_, (_, returns) in zip(found, played, strict=True):
        assert _scores(_audited(read_)) == returns
    # and without the claims, the audit computes the same scores by itself
    bare = "".join(f"{game}\t{' '.join(map(str, h))}\n" for h, _ in played)
    for read_, (_, returns) in zip(_import(bare, tmp_path), played, strict=True):
        report = _audited(read_)
        assert report.to_dict()["hands"][0]["scores"] == returns


@against_pyspiel
def test_record_of_names_the_seats_pyspiel_names() -> None:
    rng = random.Random(11)
    for params in VARIANTS:
        state = pyspiel.load_game("oh_hell", params).new_initial_state()
        seats: list[int] = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                seats.append(state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
        data = record_of(parse_game(str(state.get_game())), list(state.history()), "x")
        assert [e["seat"] for e in data["hands"][0]["actions"]] == seats


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    actions=st.lists(st.integers(0, 70), max_size=60),
    game=st.text(alphabet="oh_el()=,ayrsp0123456789 \t-zu", max_size=40),
    deck=st.permutations(range(52)),
)
def test_any_history_is_a_record_or_a_problem_never_an_error(
    actions: list[int], game: str, deck: list[int], tmp_path: Path
) -> None:
    dealt = [2, actions[0] % 3 if actions else 0, *deck[:7]]  # a deal of 2, then anything
    good = "oh_hell(players=3)\t" + " ".join(map(str, dealt + actions))
    for line in (
        good,
        f"{game}\t{' '.join(map(str, actions))}",
        f"game: {game}\nHistory() = {actions}",
    ):
        for found in _import(line + "\n", tmp_path):
            assert (found.record is None) == bool(found.problems)
            if found.record is not None:
                check_record(found.record, found.source, audit=True)  # replays without error


@pytest.mark.parametrize("fixture", ["oh_hell.txt", "zerosum_oh_hell.txt"])
def test_a_file_name_that_is_not_utf8_makes_ids_with_its_bytes_escaped(
    fixture: str, tmp_path: Path
) -> None:
    """A record's id made from its file's name (a history line without ``id=``, a playthrough)
    holds each byte that was not UTF-8 as ``\\xNN``; it was a TypeError from orjson (found by
    ``python -m tests.fuzz --minutes 10 --seed 20261202``, input 8911)."""
    import os  # noqa: PLC0415

    import tricklog  # noqa: PLC0415

    name = os.fsdecode(b"g\xff.openspiel")  # the byte 0xff as a lone surrogate
    path = tmp_path / name
    try:
        path.write_bytes((FIXTURES / "openspiel" / fixture).read_bytes())
    except (OSError, UnicodeEncodeError):
        pytest.skip("this file system takes no such name")
    reports = list(tricklog.check_paths(path))
    assert reports
    for report in reports:
        assert not isinstance(report, tricklog.ReadFailure), report
        assert report.record_id is not None and report.record_id.startswith("g\\xff.openspiel")
