"""Property tests of Bestia records from one seat's view (docs/partial.md, "Bestia: a seat's
view"): every other hand ``null``, the stock ``null`` (or kept), and the cards of every other
seat's exchange and blind draw ``null``, over random legal sittings of every preset (and of the rules that change how a play is
judged):

* such a view of a valid sitting is valid: trick winners and every claim are checked as in the
  full record, and the text notation writes and reads it unchanged;
* in a mutated sitting (two cards of one seat swapped between tricks, or a card it played
  replaced by one it discarded), every problem the view finds is found in the full record too,
  or the full record stopped that hand earlier, at an illegal action at or before it.
"""

from __future__ import annotations

import random
from typing import Any

import orjson
from hypothesis import given
from hypothesis import strategies as st

from fixtures.bestia.seat_view import seat_view
from tests.engines.partial import (
    assert_all_explained,
    assert_checked_as_full,
    assert_read_back,
    audit,
)
from tests.engines.test_bestia_unlogged_properties import SETTINGS, SITTING, _game, mutate


def _seen(data: dict[str, Any], seat: int, stock: bool) -> dict[str, Any]:
    """A copy of ``data`` as ``seat`` saw it (``seat_view``), the stock kept if ``stock``."""
    return seat_view(orjson.loads(orjson.dumps(data)), seat, stock)


@SETTINGS
@given(**SITTING, seat=st.integers(0, 9), stock=st.booleans())
def test_a_seat_s_view_of_a_valid_sitting_is_valid_and_checks_every_claim(
    seed: int, preset: str, players: int, variant: dict[str, Any], seat: int, stock: bool
) -> None:
    data = _game(seed, preset, players, variant)
    full = audit(data)
    assert full.problems == []
    seen = _seen(data, seat % players, stock)
    assert_checked_as_full(audit(seen), full)
    assert_read_back(seen)


@SETTINGS
@given(
    **SITTING, seat=st.integers(0, 9), stock=st.booleans(), pick=st.randoms(use_true_random=False)
)
def test_every_problem_of_a_seat_s_view_is_a_problem_of_the_full_record(
    seed: int,
    preset: str,
    players: int,
    variant: dict[str, Any],
    seat: int,
    stock: bool,
    pick: random.Random,
) -> None:
    data = _game(seed, preset, players, variant)
    if not mutate(data, pick):
        return
    full = audit(data).problems
    assert_all_explained(audit(_seen(data, seat % players, stock)).problems, full)
