"""A game is two halves, one value each (``records.games``): the registered games are exactly
those with both, and every table keyed by game id is a view of the registries."""

from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path

import pytest

import records.codes
from records.codes import CODES
from records.games import GAME_IDS, GameFormat, format_of
from records.record import GAMES as MODELS
from replay.export.tables import SHEETS
from replay.registry import GAMES, REGISTERED, Game
from replay.summarize.reducer import GAME_STATS

ROOT = Path(__file__).resolve().parent.parent


def _exporting(folder: str, name: str) -> set[str]:
    """The modules (or packages) under ``folder`` that assign ``name`` at module level."""
    found = set()
    for path in sorted((ROOT / folder).glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else []
            if isinstance(node, ast.AnnAssign):
                targets = [node.target]
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                found.add(path.stem)
    return found


def test_the_registered_games_are_those_with_both_halves() -> None:
    formats = _exporting("records/rules", "FORMAT")
    rules = _exporting("replay/referees", "GAME")
    assert set(GAME_IDS) == formats == rules
    assert tuple(REGISTERED) == GAME_IDS


@pytest.mark.parametrize("game", GAME_IDS)
def test_each_half_names_the_game(game: str) -> None:
    half = format_of(game)
    assert isinstance(half, GameFormat)
    assert half.id == game
    assert half.record.model_fields["game"].annotation.__args__ == (game,)
    assert "default" in half.presets
    assert set(half.preset_notes) == set(half.presets)
    assert half.seats_parameter in {f for f in half.rules.__dataclass_fields__}
    assert half.notation.rules is half.rules
    assert all(game in code.games for code in half.codes)
    rules = GAMES[game]
    assert isinstance(rules, Game)
    assert rules.format is half
    assert rules.engine.game == game
    assert rules.engine.deck == half.deck
    assert rules.engine.seats_parameter == half.seats_parameter
    assert rules.sheet.denominator == half.fractions  # money as fractions: sheet and report agree
    record = rules.generate(random.Random(1), game_id="g", hands=1)
    assert isinstance(record, half.record)


def test_every_table_by_game_is_a_view_of_the_registries() -> None:
    assert list(MODELS) == list(GAME_IDS)
    assert list(SHEETS) == list(GAME_STATS) == list(GAMES) == list(GAME_IDS)
    assert all(SHEETS[g] is GAMES[g].sheet and GAME_STATS[g] is GAMES[g].stats for g in GAME_IDS)
    own = {code for game in GAME_IDS for code in (c.code for c in format_of(game).codes)}
    assert own <= set(CODES)


def test_an_unknown_game_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        format_of("skat")
    with pytest.raises(KeyError):
        GAMES["skat"]
    assert "skat" not in GAMES


def test_a_game_joins_a_shared_code_through_its_format(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game added later names the shared codes it raises in its own ``FORMAT.raises``."""
    assert "oh_hell" not in CODES["play.must-head"].games
    joining = dataclasses.replace(format_of("oh_hell"), raises=("play.must-head",))
    others = [format_of(g) for g in GAME_IDS if g != "oh_hell"]
    monkeypatch.setattr(records.codes, "formats", lambda: [joining, *others])
    joined = records.codes._catalogue()["play.must-head"].games
    assert joined == ("oh_hell", "pinochle", "bestia", "partnership_pinochle")
    wrong = dataclasses.replace(joining, raises=("play.no-such-code",))
    monkeypatch.setattr(records.codes, "formats", lambda: [wrong, *others])
    with pytest.raises(ValueError, match=r"play\.no-such-code"):
        records.codes._catalogue()
