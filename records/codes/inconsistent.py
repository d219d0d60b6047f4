"""Inconsistent: a value the record claims that differs from what replay recomputed.

Most are ``<claim>.mismatch``, named after the claim (the referees of ``replay/referees`` list
each game's claims); a few checks of the claims against each other have codes of their own. A
running value (a total, a balance, a starting pot, the winners) is reported only where it does
not follow from the values it is made of, so one wrong score is one problem.
"""

from __future__ import annotations

from records.codes.entry import BESTIA, INCONSISTENT, OH_HELL, PINOCHLE, Code


def _mismatch(name: str, games: tuple[str, ...], what: str, example: str, more: str = "") -> Code:
    return Code(
        f"{name}.mismatch",
        INCONSISTENT,
        games,
        f"The claimed {what} differs from the recomputed one.{more}",
        example,
    )


_RUNNING = (
    " Reported only where it does not follow from the previous {0} and the hand's {1}, each as "
    "the record claims it or as recomputed: a wrong {2} carried on into later {0}s is one "
    "problem, not one per hand."
)

CODES = (
    _mismatch(
        "tricks",
        ("oh_hell", "pinochle", "bestia"),
        "number of tricks a seat took in a hand",
        "recorded tricks 0 for seat 0, recomputed 1",
    ),
    _mismatch(
        "score",
        OH_HELL,
        "score of a seat in a hand",
        "recorded score 5 for seat 1, recomputed 10",
    ),
    _mismatch(
        "total",
        ("oh_hell", "pinochle"),
        "running total of a seat (after a hand, or at the end of the record)",
        "recorded total 11 for seat 0 does not follow from the previous total 0 and this hand's "
        "score 10; recomputed 10",
        _RUNNING.format("total", "score (chips in pinochle)", "score"),
    ),
    _mismatch(
        "result",
        OH_HELL,
        "list of winning seats of the game",
        "recorded result [2] does not follow from the claimed final totals 5, 41, 11 (winners "
        "[1]); recomputed [1]",
        " Reported only where the claimed winners do not follow from the final totals, as "
        "claimed or as recomputed.",
    ),
    _mismatch(
        "declarer",
        PINOCHLE,
        "declarer (the seat that won the auction)",
        "recorded declarer 2, recomputed 1",
    ),
    _mismatch(
        "contract",
        PINOCHLE,
        "contract (the winning bid)",
        "recorded contract 350, recomputed 340",
    ),
    _mismatch(
        "meld",
        PINOCHLE,
        "value of the declarer's scored melds; the audit notes when the bonus meld table "
        "would explain the claim",
        "recorded meld 300, recomputed 340",
    ),
    _mismatch(
        "counters",
        PINOCHLE,
        "declarer's card points (counters won and buried, and the last-trick bonus)",
        "recorded counters 235, recomputed 225",
    ),
    _mismatch(
        "made",
        PINOCHLE,
        "verdict on whether the declarer made his contract",
        "recorded made false, recomputed true",
    ),
    _mismatch(
        "chips",
        PINOCHLE,
        "chips a seat won or paid in a hand",
        "recorded chips -3 for seat 0, recomputed -6",
    ),
    _mismatch(
        "kitty",
        PINOCHLE,
        "chips the kitty received or paid (in a hand, or its balance at the end)",
        "recorded kitty 3, recomputed 0",
    ),
    _mismatch(
        "invito",
        BESTIA,
        "invito a seat paid into the pot",
        "recorded invito 0 for seat 3, recomputed 10",
    ),
    _mismatch(
        "pot",
        BESTIA,
        "pot of the hand (starting pot plus invitos)",
        "recorded pot 41, recomputed 81",
    ),
    _mismatch(
        "share",
        BESTIA,
        "share of the pot a seat won for its tricks",
        "recorded share 27 for seat 1, recomputed 26",
    ),
    _mismatch(
        "refund",
        BESTIA,
        "invito refunded to a seat when nobody played",
        "recorded refund 0 for seat 0, recomputed 10",
    ),
    _mismatch(
        "bestia",
        BESTIA,
        "bestia a seat paid for taking no trick",
        "recorded bestia 41 for seat 0, recomputed 81",
    ),
    _mismatch(
        "carried",
        BESTIA,
        "amount carried into the next hand's pot (or left in the pot at the end)",
        "recorded carried 40, recomputed 41",
    ),
    _mismatch(
        "balance",
        BESTIA,
        "running balance of a seat (received minus paid)",
        "recorded balance 51 for seat 1 does not follow from the previous balance 60 and this "
        "hand's net -10; recomputed 50",
        _RUNNING.format("balance", "net (its claimed invito, share, refund and bestia)", "amount"),
    ),
    Code(
        "pot.carry-mismatch",
        INCONSISTENT,
        BESTIA,
        "A hand's claimed starting pot is not what the previous hand carried, as recomputed or "
        "as that hand claims (for the first hand: the record's `opening_pot`).",
        "hand 2 starts with a pot of 40, but the previous hand carried 41",
    ),
    Code(
        "ledger.not-conserved",
        INCONSISTENT,
        BESTIA,
        "The final claims do not balance: the claimed balances plus what is left in the pot do "
        "not equal the pot the sitting opened with.",
        "the claimed balances add up to +10 and 0 is left in the pot, but the sitting opened "
        "with 0: what the players paid does not equal what they received plus what is left in "
        "the pot",
    ),
)
