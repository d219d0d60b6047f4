"""Reading an OpenSpiel playthrough of ``oh_hell``: the file OpenSpiel's integration tests print
(``open_spiel/integration_tests/playthroughs/oh_hell.txt``), one deal played by a random policy.

Its first line names the game (``game: oh_hell()``, or ``game: zerosum(game=oh_hell())``); each
state follows as ``# State k``, the game's own rendering of it in comment lines, then
``History() = [...]``, ``Returns() = [...]`` and more. A record needs the game and the LAST
``History()``; the final state's rendering gives the claims:

* ``# Tricks Won:`` -- the tricks each seat took, claimed as the hand's ``tricks``;
* ``# Score:`` -- the scores of ``oh_hell`` (tricks, plus 10 for a bid made: tricklog's
  ``openspiel`` preset), claimed as the hand's ``scores``. ``Returns()`` of ``oh_hell`` are the
  same numbers; the ``zerosum`` wrapper returns the scores minus their mean, which is not
  tricklog's scoring. Either way the returns are checked against the printed scores (to the
  six digits pyspiel prints) and reported as a loss if they differ.

Only a final state prints its scores: a playthrough cut before the end claims nothing.
"""

from __future__ import annotations

import re
from fractions import Fraction

from records.filenames import unicode_safe
from records.formats.base import Loss
from records.formats.drafts import Draft
from records.formats.openspiel.history import (
    HistoryError,
    built,
    most_actions,
    parse_actions,
    problem,
    record_of,
)
from records.formats.openspiel.mapping import parse_game

__all__ = ["is_playthrough", "read_playthrough"]

_RELATIVE = Fraction(1, 10**5)
"""pyspiel prints returns to six significant digits (``-0.666667``)."""


def is_playthrough(text: str) -> bool:
    return text.lstrip().startswith("game:")


def read_playthrough(text: str, name: str) -> Draft:
    """The one record of a playthrough, or why it cannot be one."""
    lines = text.splitlines()
    try:
        params = parse_game(lines[0].strip().removeprefix("game:"))
        at = _last(lines, "History() = ")
        if at is None:
            return problem(name, None, 1, "the playthrough has no History() line")
        actions = parse_actions(lines[at].split("=", 1)[1], most_actions(params))
        final = _final_state(lines, at)
        printed = _numbers(final, "# Score:")
        tricks = _numbers(final, "# Tricks Won:") if printed is not None else None
        returns = _returns(lines, at)
    except (ValueError, IndexError) as exc:
        return problem(name, None, 1, str(exc))
    scores, loss = _scores(params.zerosum, returns, printed)
    record_id = unicode_safe(name.rsplit("/", 1)[-1])
    try:
        data = record_of(params, actions, record_id, scores, tricks)
    except HistoryError as exc:
        return problem(name, at + 1, at + 1, str(exc))
    losses = (Loss(record_id, *loss),) if loss is not None else ()
    return built(name, at + 1, data, losses)


def _last(lines: list[str], prefix: str, end: int | None = None) -> int | None:
    stop = len(lines) if end is None else end
    return next((i for i in range(stop - 1, -1, -1) if lines[i].startswith(prefix)), None)


def _final_state(lines: list[str], history_at: int) -> list[str]:
    """The rendering (comment lines) of the state the last ``History()`` belongs to."""
    start = _last(lines, "# State ", history_at)
    return lines[start + 1 if start is not None else 0 : history_at]


def _numbers(block: list[str], label: str) -> list[int] | None:
    line = next((x for x in block if x.startswith(label)), None)
    if line is None:
        return None
    words = line.removeprefix(label).split()
    if not all(re.fullmatch(r"-?[0-9]{1,15}", w) for w in words):
        raise ValueError(f"{label.strip('# ')} holds whole numbers, not {line!r}")
    return [int(w) for w in words]


def _returns(lines: list[str], history_at: int) -> list[Fraction] | None:
    """``Returns()`` of the state of the last ``History()`` (before the next action)."""
    stop = next((i for i in range(history_at, len(lines)) if lines[i].startswith("action:")), None)
    at = _last(lines, "Returns() = ", stop)
    if at is None or at < history_at:
        return None
    words = lines[at].split("=", 1)[1].strip().strip("[]").replace(",", " ").split()
    if not all(_DECIMAL.fullmatch(w) for w in words):
        raise ValueError(f"Returns() holds numbers as pyspiel prints them, not {lines[at][:80]!r}")
    return [Fraction(w) for w in words]


_DECIMAL = re.compile(r"-?[0-9]{1,20}(?:\.[0-9]{1,20})?(?:[eE][-+]?[0-9]{1,2})?")
"""A number as pyspiel prints a return (``-0.666667``, ``11``, ``1e+01``): a few digits and a
small exponent. ``Fraction`` takes ``1e300000000`` (hours of CPU for 20 bytes) and ``1/0``
(ZeroDivisionError), which no return is."""


def _scores(
    zerosum: bool, returns: list[Fraction] | None, printed: list[int] | None
) -> tuple[list[int] | None, tuple[str, str, str] | None]:
    """The scores to claim, and the loss (pointer, what, why) of returns that are not them.
    Only a final state prints ``# Score:``; before it the returns are not a result."""
    if printed is None or returns is None:
        return printed, None
    if zerosum:
        if not _is_centred(returns, printed):
            return printed, ("", "Returns()", "they are not the printed scores minus their mean")
        return printed, None
    if returns != [Fraction(s) for s in printed]:
        return printed, ("", "Returns()", "they are not the scores the final state prints")
    return printed, None


def _is_centred(returns: list[Fraction], scores: list[int]) -> bool:
    if len(returns) != len(scores):
        return False
    mean = Fraction(sum(scores), len(scores))
    for value, score in zip(returns, scores, strict=True):
        expected = score - mean
        if abs(value - expected) > _RELATIVE * max(Fraction(1), abs(expected)):
            return False
    return True
