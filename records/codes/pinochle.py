"""Auction Pinochle's own codes. Illegal: the deal's widow, the auction, the declarer's steps
between the auction and the first lead, the first lead, and concessions. Inconsistent: the claims
only a pinochle record makes beyond those listed in ``inconsistent`` (each seat's melds, the
opponents' counters, the declarer's points, the outcome)."""

from __future__ import annotations

from records.codes.entry import ILLEGAL, INCONSISTENT, PINOCHLE, Code


def _steps(what: str, who: str, when: str, phase: str, not_declarer: str) -> tuple[Code, Code]:
    """The two faults every declarer's step shares: done at the wrong time, or by another seat."""
    return (
        Code(
            f"{what}.out-of-phase",
            ILLEGAL,
            PINOCHLE,
            f"{who} at the wrong time: {when}.",
            phase,
        ),
        Code(
            f"{what}.not-declarer",
            ILLEGAL,
            PINOCHLE,
            f"{who} by a seat other than the declarer.",
            not_declarer,
        ),
    )


_AFTER_WIDOW = "after the widow is taken and before the first lead"

CODES = (
    Code(
        "deal.widow-size",
        ILLEGAL,
        PINOCHLE,
        "The widow does not hold exactly three cards.",
        "the widow holds 4 cards",
    ),
    Code(
        "deal.sitout-cards",
        ILLEGAL,
        PINOCHLE,
        "A seat that sits out this hand (at a table of four or five) was dealt cards.",
        "seat 0 was dealt 1 card; the seat sits out this hand",
    ),
    Code(
        "bid.sitting-out",
        ILLEGAL,
        PINOCHLE,
        "A call by a seat that sits out this hand, or an auction's result (`auction_won`) won by one.",
        "seat 0 sits out this hand and cannot bid",
    ),
    Code(
        "bid.after-pass",
        ILLEGAL,
        PINOCHLE,
        "A call by a seat that has passed: a pass is final.",
        "seat 3 passed earlier; a pass is final",
    ),
    Code(
        "bid.after-auction",
        ILLEGAL,
        PINOCHLE,
        "A call after the auction ended (all but one player passed), or an auction's result "
        "(`auction_won`) after it.",
        "seat 2 called after the auction ended",
    ),
    Code(
        "bid.below-minimum",
        ILLEGAL,
        PINOCHLE,
        "A bid below `min_bid`, or an auction's result (`auction_won`) whose contract is.",
        "bid 290 is below the minimum 300",
    ),
    Code(
        "bid.not-higher",
        ILLEGAL,
        PINOCHLE,
        "A bid that does not exceed the highest bid so far.",
        "bid 300 does not beat 300",
    ),
    Code(
        "bid.step",
        ILLEGAL,
        PINOCHLE,
        "A bid that is not a multiple of 10, or (under `exactly_plus_10`) not the minimum or the "
        "previous bid plus 10; the contract of an auction's result (`auction_won`) that no "
        "auction by those steps reaches.",
        "bid 315 breaks the step rule (multiple_of_10)",
    ),
    Code(
        "bid.forbidden-ending",
        ILLEGAL,
        PINOCHLE,
        "A bid whose last two digits the rules forbid (`forbidden_bid_endings`, e.g. 40 and 90 "
        "in Brooklyn), the contract of an auction's result (`auction_won`) too.",
        "bids ending in 40 are not allowed",
    ),
    Code(
        "bid.eldest-must-open",
        ILLEGAL,
        PINOCHLE,
        "Under `no_bid_rule` = `eldest_forced` the eldest hand passes instead of opening.",
        "the eldest hand must open at 300 or more (eldest_forced)",
    ),
    Code(
        "auction.after-calls",
        ILLEGAL,
        PINOCHLE,
        "The auction's result (`auction_won`, docs/partial.md) after some of the same auction's "
        "bids or passes: it stands in place of every call, so a hand has the one or the others.",
        "the auction's result after 2 of its calls: it stands in place of every bid and pass",
    ),
    *_steps(
        "widow",
        "Taking the widow",
        "the declarer takes it once, as soon as the auction ends",
        "the declarer takes the widow once, as soon as the auction ends; this is the declare phase",
        "seat 2 is not the declarer; only seat 1 may do this (widow)",
    ),
    Code(
        "widow.cards",
        ILLEGAL,
        PINOCHLE,
        "The cards shown when taking the widow are not the widow as dealt.",
        "the cards shown are not the widow as dealt",
    ),
    *_steps(
        "trump",
        "Naming trump",
        _AFTER_WIDOW,
        "the trump comes after the widow is taken and before the first lead; this is the widow "
        "phase",
        "seat 3 is not the declarer; only seat 1 may do this (trump)",
    ),
    *_steps(
        "meld",
        "Declaring melds",
        _AFTER_WIDOW,
        "the meld comes after the widow is taken and before the first lead; this is the auction "
        "phase",
        "seat 2 is not the declarer; only seat 1 may do this (meld)",
    ),
    Code(
        "meld.before-trump",
        ILLEGAL,
        PINOCHLE,
        "Melds declared before trump is named (flush, royal marriage and dix depend on it).",
        "melds are declared after trump is named",
    ),
    Code(
        "meld.not-allowed",
        ILLEGAL,
        PINOCHLE,
        "A meld the rules do not score (a double meld under `additive`, a flush with an extra "
        "marriage, grand pinochle or round house without their rule).",
        "double_pinochle is not a meld under these rules",
    ),
    Code(
        "meld.wrong-cards",
        ILLEGAL,
        PINOCHLE,
        "The cards listed do not make the meld named (a marriage in trumps is a `royal_marriage`).",
        "AS TS KS QS 9S is not a flush with S trump; it needs AS TS KS QS JS",
    ),
    Code(
        "meld.cards-not-held",
        ILLEGAL,
        PINOCHLE,
        "A meld uses cards the melding seat does not hold: its hand as the game has it at the "
        "meld (the declarer's 18 cards with the widow, or a hand after a pass).",
        "the declarer's 18 cards do not hold KC KD KH for the kings",
    ),
    Code(
        "meld.reused-card",
        ILLEGAL,
        PINOCHLE,
        "A card serves in two melds of the same class (sequences, arounds, pinochles) and the "
        "hand does not hold a second copy of it.",
        "the royal_marriage uses KS again in class A; a card serves only once per class (the "
        "hand holds too few copies)",
    ),
    *_steps(
        "bury",
        "Burying",
        _AFTER_WIDOW,
        "the bury comes after the widow is taken and before the first lead; this is the play phase",
        "seat 3 is not the declarer; only seat 1 may do this (bury)",
    ),
    Code(
        "bury.wrong-count",
        ILLEGAL,
        PINOCHLE,
        "A burial of other than three cards.",
        "2 cards buried; the declarer buries exactly 3",
    ),
    Code(
        "bury.cards-not-held",
        ILLEGAL,
        PINOCHLE,
        "A burial of cards the declarer's 18 cards do not hold.",
        "the declarer's 18 cards do not hold all of TH TC KH",
    ),
    Code(
        "bury.trump",
        ILLEGAL,
        PINOCHLE,
        "Under `no_trump` or `no_trump_no_aces`, trumps buried although the hand held enough "
        "other cards (reported at the first lead, when the burial is final).",
        "TS TC AH buries 1 card barred by no_trump although the hand had other cards",
    ),
    Code(
        "bury.ace",
        ILLEGAL,
        PINOCHLE,
        "Under `no_trump_no_aces`, an ace buried although the hand held enough other cards.",
        "TH TC AH buries 1 card barred by no_trump_no_aces although the hand had other cards",
    ),
    Code(
        "bury.unannounced-trump",
        ILLEGAL,
        PINOCHLE,
        "Under `announce_trump`, trumps buried without announcing it.",
        "trump TS buried unannounced",
    ),
    Code(
        "play.before-trump",
        ILLEGAL,
        PINOCHLE,
        "The first lead before trump is named.",
        "the first lead comes before trump is named",
    ),
    Code(
        "play.before-bury",
        ILLEGAL,
        PINOCHLE,
        "The first lead before the declarer buried his three cards.",
        "the first lead comes before the burial",
    ),
    Code(
        "play.first-lead-trump",
        ILLEGAL,
        PINOCHLE,
        "Under `first_lead` = `trump`, the declarer leads another suit while holding a trump.",
        "AC led; the first lead must be a trump",
    ),
    Code(
        "play.out-of-phase",
        ILLEGAL,
        PINOCHLE,
        "A card played before the play began (during the auction, the declaring or the pass) or "
        "after the hand ended.",
        "seat 2 played 9C during the auction",
    ),
    Code(
        "concede.out-of-phase",
        ILLEGAL,
        PINOCHLE,
        "A concession during the auction, or after the hand ended.",
        "a concession during the auction",
    ),
    Code(
        "concede.sitting-out",
        ILLEGAL,
        PINOCHLE,
        "A concession by a seat that sits out this hand.",
        "seat 0 sits out and cannot concede",
    ),
    Code(
        "concede.not-allowed",
        ILLEGAL,
        PINOCHLE,
        "A concession the rules do not allow: by the declarer before the first lead without "
        "`allow_declarer_concede`, or by an opponent without `allow_opponent_concede`.",
        "declarer concessions are not allowed (allow_declarer_concede = false)",
    ),
    Code(
        "concede.too-early",
        ILLEGAL,
        PINOCHLE,
        "An opponent concedes before trump is named and the cards are buried.",
        "an opponent may concede only once trump is named and the cards are buried",
    ),
    Code(
        "melds.mismatch",
        INCONSISTENT,
        PINOCHLE,
        "The melds claimed for a seat (each with its points) differ from the melds that stand "
        "(the declarer's last `meld` event, each at its table value; none for the other seats). "
        "Their order does not matter.",
        "recorded melds flush 150, dix 10, aces 100, pinochle 40; recomputed flush 150, dix 10, "
        "aces 100, pinochle 40, pinochle 40: pinochle 40 left out",
    ),
    Code(
        "opponents_counters.mismatch",
        INCONSISTENT,
        PINOCHLE,
        "The claimed card points of the two opponents together (counters in their tricks and "
        "the last-trick bonus if they won the last trick) differ from the recomputed ones.",
        "recorded opponents_counters 35, recomputed 25",
    ),
    Code(
        "declarer_points.mismatch",
        INCONSISTENT,
        PINOCHLE,
        "The claimed count of the declarer (scored meld plus counters) differs from the "
        "recomputed one.",
        "recorded declarer_points 225, recomputed 565",
    ),
    Code(
        "outcome.mismatch",
        INCONSISTENT,
        PINOCHLE,
        "The claimed outcome (made, opponent_conceded, single_bete, double_bete, thrown_in, "
        "void) differs from the recomputed one.",
        "recorded outcome double_bete, recomputed made",
    ),
)
