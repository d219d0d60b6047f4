"""Oh Hell's own codes: bidding, claims and a deal's recorded trump suit (illegal), its teams
(malformed), and the claims only its records make (the hand size and trump suit of a deal)."""

from __future__ import annotations

from records.codes.entry import BESTIA, ILLEGAL, INCONSISTENT, MALFORMED, OH_HELL, Code

CODES = (
    Code(
        "bid.out-of-range",
        ILLEGAL,
        OH_HELL,
        "A bid of more tricks than the cards dealt in this deal (or fewer than none).",
        "bid of 2 with 1 card dealt",
    ),
    Code(
        "bid.hook",
        ILLEGAL,
        OH_HELL,
        "With `hook` on, the last bidder bids the number that makes the bids add up to the "
        "tricks of the deal.",
        "the last bidder may not bid 1: the bids would add up to the 1 trick of the deal "
        "(hook rule)",
    ),
    Code(
        "bid.after-bidding",
        ILLEGAL,
        OH_HELL,
        "A bid after every seat has bid once (or after the hand was abandoned).",
        "a bid after every seat has bid",
    ),
    Code(
        "abandon.after-hand-end",
        ILLEGAL,
        OH_HELL + BESTIA,
        "An `abandon` after the hand had ended: after its last trick, after an agreed claim, or "
        "after an earlier `abandon`. A hand may be abandoned from its deal until it ends (during "
        "the bidding, Bestia's declarations, or the play); one that has ended counts as played.",
        "an abandonment after its last trick had been played: a hand that has ended cannot be "
        "abandoned",
    ),
    Code(
        "play.before-bidding-ends",
        ILLEGAL,
        OH_HELL,
        "A card played before every seat has bid.",
        "seat 0 played AC before every seat had bid",
    ),
    Code(
        "claim.out-of-phase",
        ILLEGAL,
        OH_HELL + BESTIA,
        "A claim outside the play of the cards (during the bidding or Bestia's declarations, "
        "when nobody plays, or after the hand ended).",
        "a claim outside the play of the cards",
    ),
    Code(
        "claim.mid-trick",
        ILLEGAL,
        OH_HELL + BESTIA,
        "A claim while a trick is being played; a claim is made between tricks.",
        "a claim in the middle of a trick",
    ),
    Code(
        "claim.tricks-sum",
        ILLEGAL,
        OH_HELL + BESTIA,
        "A claim whose shares of the remaining tricks do not add up to the tricks left to play.",
        "the claim shares out 2 tricks but 1 remain",
    ),
    Code(
        "deal.trump-suit",
        ILLEGAL,
        OH_HELL,
        "The deal's recorded trump suit (`deal.trump`, for a source that logs the suit but not "
        "the card turned) cannot be: the deal is played without trump, the suit is not the "
        "turned-up card's, or the dealer turns his own card and holds none of that suit.",
        "the recorded trump suit C is not the suit of the turned-up 6H",
    ),
    Code(
        "rules.teams",
        MALFORMED,
        OH_HELL,
        "The `teams` of the rules do not hold each seat of the table exactly once.",
        "the teams must hold each of the seats 0..2 once; they hold 0, 1, 1, 2",
    ),
    Code(
        "hand_size.mismatch",
        INCONSISTENT,
        OH_HELL,
        "The claimed number of cards dealt to each seat in a deal differs from the size the "
        "schedule (or the recorded deal) gives.",
        "recorded hand_size 2, recomputed 1",
    ),
    Code(
        "trump.mismatch",
        INCONSISTENT,
        OH_HELL,
        "The claimed trump suit of a deal (or `none`) differs from the trump replay found: the "
        "turned-up card's suit, or none for a deal without trump.",
        "recorded trump none, recomputed H",
    ),
)
