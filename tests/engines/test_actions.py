"""Each action is defined once: the record's pydantic event, and the msgspec struct generated
from it (``records.structs``). The engines name those structs (``engine.Bid`` ...) and offer
them (``legal_actions``), and take the events and the structs alike."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any, get_args

import msgspec
import pytest

from records import structs
from records.io import dumps
from replay.engines import bestia, oh_hell, partnership_pinochle, pinochle
from replay.generators import bestia as bestia_generator
from replay.generators import oh_hell as oh_hell_generator
from replay.generators import partnership_pinochle as partnership_generator
from replay.generators import pinochle as pinochle_generator

GAMES: dict[str, tuple[ModuleType, str, Any]] = {
    "oh_hell": (oh_hell, "OhHell", oh_hell_generator.generate),
    "pinochle": (pinochle, "Pinochle", pinochle_generator.generate),
    "bestia": (bestia, "Bestia", bestia_generator.generate),
    "partnership_pinochle": (
        partnership_pinochle,
        "PartnershipPinochle",
        partnership_generator.generate,
    ),
}
"""Each game's engine module, the prefix of its structs, its generator."""

NAMES = {
    "oh_hell": ["Bid", "Play", "Claim", "Abandon"],
    "pinochle": [
        "Bid",
        "Pass",
        "TakeWidow",
        "NameTrump",
        "Meld",
        "MeldDeclaration",
        "Bury",
        "Play",
        "Concede",
    ],
    "bestia": ["Pass", "Join", "BlindDraw", "DeclineBlind", "Play", "Claim", "Abandon"],
    "partnership_pinochle": [
        "Bid",
        "Pass",
        "NameTrump",
        "PassCards",
        "Meld",
        "MeldDeclaration",
        "ThrowIn",
        "Play",
    ],
}
"""The action names each engine module offers, after the record events."""


@pytest.mark.parametrize("game", GAMES)
def test_the_engines_action_names_are_the_generated_structs(game: str) -> None:
    module, prefix, _ = GAMES[game]
    for name in NAMES[game]:
        assert getattr(module, name) is getattr(structs, prefix + name), name
    union = getattr(structs, prefix + "HandActions")
    assert {member.type for member in get_args(union)} == set(module.ENGINE.kinds)


@pytest.mark.parametrize("game", GAMES)
def test_legal_actions_are_record_events_that_read_back_the_same(game: str) -> None:
    """Random play-outs of generated deals through ``legal_actions``: every action offered is a
    struct of the record's action union, passes ``check``, and reads back through the format
    (JSON out, ``records.structs`` in) as an equal value. Plays are chosen nine times in ten
    when there are any, so that a declarer among hundreds of burials gets to lead."""
    module, prefix, generate = GAMES[game]
    union = getattr(structs, prefix + "HandActions")
    decoder = msgspec.json.Decoder(union)
    engine = module.ENGINE
    rng = random.Random(5)
    for number in range(4):
        record = structs.ANY_RECORD.decode(dumps(generate(random.Random(number), hands=2)))
        table = engine.table(record.rules.to_dataclass())
        for hand in record.hands:
            state = engine.start(table, hand.number, hand.dealer, hand.deal)
            while options := engine.legal_actions(state):
                for action in options:
                    assert isinstance(action, get_args(union)), action
                    assert decoder.decode(msgspec.json.encode(action)) == action
                    assert engine.check(state, action) is None, action
                plays = [a for a in options if a.type == "play"]
                engine.apply(state, rng.choice(plays if plays and rng.random() < 0.9 else options))
            assert engine.finish(state)
