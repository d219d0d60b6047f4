"""Property tests of Oh Hell bids not logged (``"tricks": null``, docs/partial.md), over random
legal games of every preset, some with teams:

* hiding any set of bids never turns a valid record invalid: no problem appears, whether the
  record is read by the models or by the structs of an audit;
* what does not depend on a hidden bid is checked as before: every tricks claim matches, the
  trick winners are the same, and every score of a seat whose bid (its team's under ``teams``)
  is known matches;
* what does depend on one is ``unchecked`` with a reason, never a mismatch;
* the text notation writes such a record and reads it back unchanged.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from records.rules.oh_hell import PRESETS
from replay.report import ClaimStatus
from tests.engines.partial import assert_read_back, audit, winners
from tests.engines.test_oh_hell_seat_view_properties import SETTINGS, TEAMS, _game


def _hidden(data: dict[str, Any], rng: random.Random, share: float) -> set[tuple[int, int]]:
    """Null some bids of ``data`` in place: (hand index, seat) of each one hidden."""
    hidden = set()
    for index, hand in enumerate(data["hands"]):
        for action in hand["actions"]:
            if action["type"] == "bid" and rng.random() < share:
                action["tricks"] = None
                hidden.add((index, action["seat"]))
    return hidden


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    preset=st.sampled_from(sorted(PRESETS)),
    players=st.integers(3, 7),
    teams=st.booleans(),
    share=st.sampled_from([0.1, 0.3, 1.0]),
    hands=st.sampled_from([None, 4]),
)
def test_hiding_bids_never_makes_a_problem(
    seed: int, preset: str, players: int, teams: bool, share: float, hands: int | None
) -> None:
    data = _game(seed, preset, players, teams, hands)
    full = audit(data)
    assert full.problems == []
    hidden = _hidden(data, random.Random(seed), share)
    partial = audit(data)
    assert_read_back(data)

    assert partial.problems == []
    assert winners(partial) == winners(full)
    groups = TEAMS[players] if teams and players in TEAMS else tuple((s,) for s in range(players))
    for index, hand in enumerate(partial.hands):
        unknown = {
            seat for team in groups if any((index, s) in hidden for s in team) for seat in team
        }
        for check in hand.claims:
            assert check.status is not ClaimStatus.MISMATCH, check
            if check.name == "tricks":
                assert check.status is ClaimStatus.MATCH, check
            if check.name == "score":
                if check.seat in unknown:
                    assert check.status is ClaimStatus.UNCHECKED and check.reason, check
                else:
                    assert check.status is ClaimStatus.MATCH, check
    for check, before in zip(partial.claims, full.claims, strict=True):
        assert check.status is not ClaimStatus.MISMATCH, check
        if check.status is not before.status:  # unchecked only for a bid not logged: it says so
            assert check.status is ClaimStatus.UNCHECKED and check.reason, check
