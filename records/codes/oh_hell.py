"""Illegal in Oh Hell only: bidding and claims."""

from __future__ import annotations

from records.codes.entry import ILLEGAL, OH_HELL, Code

CODES = (
    Code(
        "bid.out-of-range",
        ILLEGAL,
        OH_HELL,
        "A bid of more tricks than the cards dealt in this deal (or fewer than none).",
        "bid of 2 with 1 card(s) dealt",
    ),
    Code(
        "bid.hook",
        ILLEGAL,
        OH_HELL,
        "With `hook` on, the last bidder bids the number that makes the bids add up to the "
        "tricks of the deal.",
        "the last bidder may not bid 1: the bids would add up to the 1 trick(s) of the deal "
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
        OH_HELL,
        "An `abandon` after the hand had ended: after its last trick, after an agreed claim, or "
        "after an earlier `abandon`. A hand may be abandoned from its deal until it ends (during "
        "the bidding or the play); one that has ended counts as played.",
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
        OH_HELL,
        "A claim outside the play of the cards (during the bidding, or after the hand ended).",
        "a claim outside the play of the cards",
    ),
    Code(
        "claim.mid-trick",
        ILLEGAL,
        OH_HELL,
        "A claim while a trick is being played; a claim is made between tricks.",
        "a claim in the middle of a trick",
    ),
    Code(
        "claim.tricks-sum",
        ILLEGAL,
        OH_HELL,
        "A claim whose shares of the remaining tricks do not add up to the tricks left to play.",
        "the claim shares out 2 trick(s) but 1 remain",
    ),
)
