"""Partnership Pinochle's own codes. Illegal: the trump, the passing of cards between partners,
the meld events, the throw-in and the first lead. Inconsistent: the claims only a partnership
record makes (each player's meld, each team's meld, counters, score and total, the winner).

The codes it shares with the other games (the auction's, the meld table's, the play's, the
declarer, contract, made and tricks claims) are joined in its ``FORMAT.raises``."""

from __future__ import annotations

from records.codes.entry import ILLEGAL, INCONSISTENT, Code

GAME = ("partnership_pinochle",)

CODES = (
    Code(
        "trump.out-of-order",
        ILLEGAL,
        GAME,
        "Trump named other than once, right after the auction: during the auction, or again.",
        "trump is named once, as the auction ends; this is the pass phase",
    ),
    Code(
        "pass_cards.out-of-order",
        ILLEGAL,
        GAME,
        "Cards passed at the wrong time: before trump is named, after both passes, or under "
        "`pass_cards` = 0.",
        "cards are passed after trump is named, the bidder's partner first (pass_cards = 4); this "
        "is the meld phase",
    ),
    Code(
        "pass_cards.wrong-seat",
        ILLEGAL,
        GAME,
        "Cards passed by the wrong seat: the bidder's partner passes first, then the bidder.",
        "seat 1 passed cards; seat 2 (the bidder's partner) passes now",
    ),
    Code(
        "pass_cards.wrong-count",
        ILLEGAL,
        GAME,
        "A pass of other than `pass_cards` cards.",
        "3 cards passed; the rules pass 4",
    ),
    Code(
        "pass_cards.cards-not-held",
        ILLEGAL,
        GAME,
        "Cards passed that the passer does not hold (after any cards passed to him).",
        "seat 2 does not hold all of KC 9S 9S AD",
    ),
    Code(
        "meld.out-of-order",
        ILLEGAL,
        GAME,
        "A meld event at the wrong time (before the passing is over, after the first lead), or a "
        "second one for a seat.",
        "seat 0 declared melds already; each player melds once",
    ),
    Code(
        "meld.automatic",
        ILLEGAL,
        GAME,
        "A meld event under `meld_declared` = `automatic`, where the engine works out each "
        "hand's meld and the record states none.",
        "melds are worked out from the hands (meld_declared = automatic); the record states none",
    ),
    Code(
        "throw_in.not-allowed",
        ILLEGAL,
        GAME,
        "A throw-in under `throw_in` = `not_allowed`.",
        "the hand must be played (throw_in = not_allowed)",
    ),
    Code(
        "throw_in.out-of-order",
        ILLEGAL,
        GAME,
        "A throw-in other than after the melds and before the first lead.",
        "the bidding team throws in after the melds and before the first lead; this is the "
        "play phase",
    ),
    Code(
        "throw_in.not-bidding-team",
        ILLEGAL,
        GAME,
        "A throw-in by a defender: only the bidder or his partner may concede the hand.",
        "seat 1 is a defender; only seats 0 and 2 may throw the hand in",
    ),
    Code(
        "hand.after-game-end",
        ILLEGAL,
        GAME,
        "A hand played after a team won the game (it reached the target in an earlier hand).",
        "team 0 reached the target and won the game before this hand; no hand follows the game's "
        "end",
    ),
    Code(
        "play.before-meld",
        ILLEGAL,
        GAME,
        "The first lead before the passing is over or before every player's melds are stated "
        "(`meld_declared` = `stated`).",
        "the first lead comes before seat 3 declared melds",
    ),
    Code(
        "player_meld.mismatch",
        INCONSISTENT,
        GAME,
        "The claimed meld points of a player differ from the recomputed ones (his stated melds, "
        "or under `automatic` the best meld of his hand after the passing).",
        "recorded player_meld 40 for seat 2, recomputed 20",
    ),
    Code(
        "team_meld.mismatch",
        INCONSISTENT,
        GAME,
        "The claimed meld a team scores differs from the recomputed one (its players' meld, or 0 "
        "when `save_meld` takes it).",
        "recorded team_meld 350 for team 1, recomputed 340",
    ),
    Code(
        "team_counters.mismatch",
        INCONSISTENT,
        GAME,
        "The claimed card points of a team (counters in its tricks and the last-trick points) "
        "differ from the recomputed ones.",
        "recorded team_counters 190 for team 0, recomputed 180",
    ),
    Code(
        "team_score.mismatch",
        INCONSISTENT,
        GAME,
        "The claimed score of a team in a hand differs from the recomputed one.",
        "recorded team_score 420 for team 1, recomputed 410",
    ),
    Code(
        "team_total.mismatch",
        INCONSISTENT,
        GAME,
        "The claimed running total of a team (after a hand, or at the end of the game) differs "
        "from the recomputed one. Reported only where it does not follow from the previous "
        "total and the hand's team score, each as the record claims it or as recomputed.",
        "recorded team_total -240 for team 0 does not follow from the previous total 0 "
        "(recomputed; the record does not state it) and this hand's team score -250; recomputed "
        "-250",
    ),
    Code(
        "winner.mismatch",
        INCONSISTENT,
        GAME,
        "The claimed winning team differs from the recomputed one (the first team to reach the "
        "target; `both_reach` decides a hand in which both do).",
        "recorded winner 1, recomputed 0",
    ),
)
