"""What the property tests of partial records share (docs/partial.md): whether a problem found
in a record with values hidden is one the full record finds too."""

from __future__ import annotations

import re

from records.problems import Problem

_ACTION = re.compile(r"^/hands/(\d+)/actions/(\d+)")
_HAND = re.compile(r"^/hands/(\d+)/")


def explained_by(problem: Problem, full: list[Problem]) -> bool:
    """Whether the full record finds ``problem`` too (the same code at the same place), or
    stopped that hand earlier: at an illegal action at or before it (for a claim of a hand,
    anywhere in that hand; for a claim of the record, in any hand)."""
    if any((p.code, p.pointer) == (problem.code, problem.pointer) for p in full):
        return True
    illegal = [p for p in full if p.kind.value == "illegal" and _ACTION.match(p.pointer)]
    at = _ACTION.match(problem.pointer)
    if at is not None:  # an action: the full hand stopped at or before it
        hand, position = int(at[1]), int(at[2])
        return any(
            (m := _ACTION.match(p.pointer)) is not None
            and int(m[1]) == hand
            and int(m[2]) <= position
            for p in illegal
        )
    of_hand = _HAND.match(problem.pointer)
    if of_hand is not None:  # a claim of a hand: the full hand stopped
        return any(p.pointer.startswith(f"/hands/{of_hand[1]}/") for p in illegal)
    return bool(illegal)  # a claim of the game: some hand stopped
