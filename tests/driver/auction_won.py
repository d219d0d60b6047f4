"""Auctions kept as their result only (``auction_won``, docs/partial.md) as both pinochle
games' tests build them: a valid fixture whose opening calls give way to the result they led to.
The checks the two games make alike are in test_auction_won.py, each game's own beside it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from records.parse import parse
from replay.check import check_bytes, steps
from replay.referees import partnership_pinochle, pinochle
from replay.registry import Game
from replay.report import RecordReport
from replay.steps import HandSettled
from tests.conftest import FIXTURES


@dataclass(frozen=True)
class AuctionWon:
    """A game's valid fixture whose hand 0 opens with ``calls`` calls that ``result`` stands
    for in the records ``data`` makes."""

    base: Path
    calls: int
    result: dict[str, Any]
    game: Game

    def data(self, **rules: Any) -> dict[str, Any]:
        """The fixture with the result in place of its calls, under its rules and ``rules``."""
        data: dict[str, Any] = json.loads(self.base.read_text())
        hand = data["hands"][0]
        hand["actions"] = [dict(self.result), *hand["actions"][self.calls :]]
        data["rules"].update(rules)
        return data

    @staticmethod
    def audit(data: dict[str, Any]) -> RecordReport:
        return check_bytes(json.dumps(data).encode(), audit=True)

    def problems(self, data: dict[str, Any]) -> list[tuple[str, str, str]]:
        return [(p.code, p.pointer, p.message) for p in self.audit(data).problems]

    def counters(self, data: dict[str, Any]) -> Any:
        """What the game's summary counts of each seat in the record's first hand."""
        record = parse(json.dumps(data).encode())
        settled = [s for s in steps(record, audit=True) if isinstance(s, HandSettled)]
        assert self.game.stats is not None
        return self.game.stats.read(settled[0])


PINOCHLE = AuctionWon(
    FIXTURES / "pinochle/valid/double-pinochle-spades-made.json",
    5,
    {"type": "auction_won", "seat": 1, "contract": 340},
    pinochle.GAME,
)
"""Seat 1 wins at 340 after five calls (actions 0-4); the widow is action 5."""

PARTNERSHIP_PINOCHLE = AuctionWon(
    FIXTURES / "partnership_pinochle/valid/pass3-bid-made.json",
    5,
    {"type": "auction_won", "seat": 3, "contract": 210},
    partnership_pinochle.GAME,
)
"""Seat 3 wins at 210 after five calls (actions 0-4); trump is action 5."""
