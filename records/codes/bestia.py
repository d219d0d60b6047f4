"""Bestia only: the deal's stock, the declarations with their exchanges, the blind draws and
declines, the first lead, claims, and the money claims (fractions, nets, who played)."""

from __future__ import annotations

from records.codes.entry import BESTIA, ILLEGAL, INCONSISTENT, Code

CODES = (
    Code(
        "deal.stock-size",
        ILLEGAL,
        BESTIA,
        "The recorded stock holds more cards than are left after the deal and the turned-up card.",
        "the stock holds 27 cards after the deal; the record lists more",
    ),
    Code(
        "declare.out-of-turn",
        ILLEGAL,
        BESTIA,
        "A declaration (pass or join) by a seat whose turn it is not, in the order "
        "`declaration_start` sets, or by a seat the table does not have. The audit notes which "
        "declaration order the record fits.",
        "seat 1 declares out of turn (right_of_eldest)",
    ),
    Code(
        "declare.after-round",
        ILLEGAL,
        BESTIA,
        "A declaration after the first round is over (every seat has spoken).",
        "seat 3 declares after the first round",
    ),
    Code(
        "exchange.too-many",
        ILLEGAL,
        BESTIA,
        "A seat asks to change more cards than `max_exchange` (and the hand size) allow.",
        "seat 2 asks to change 4 cards; at most 3 (max_exchange)",
    ),
    Code(
        "exchange.stock-short",
        ILLEGAL,
        BESTIA,
        "A seat asks to change more cards than the stock still holds.",
        "seat 5 asks to change 1 card but the stock holds 0",
    ),
    Code(
        "exchange.count-mismatch",
        ILLEGAL,
        BESTIA,
        "A join whose discards or drawn cards are not as many as the cards it asked to change.",
        "seat 1 changes 2 cards but discards 2 and draws 1",
    ),
    Code(
        "exchange.discard-not-held",
        ILLEGAL,
        BESTIA,
        "A join discards a card the seat does not hold. In a seat's view (docs/partial.md), a "
        "hidden seat's discards that the record gives must be cards it shows nowhere else.",
        "seat 2 discards Ac, which it does not hold",
    ),
    Code(
        "draw.not-top-of-stock",
        ILLEGAL,
        BESTIA,
        "An exchange or blind draw takes cards other than the next ones on top of the stock, "
        "in order. Where the record does not know the stock (a seat's view, docs/partial.md), "
        "cards drawn that it shows elsewhere: a seat's, the card turned up, drawn or discarded "
        "before.",
        "the exchange draws 3s Ab, but the top of the stock is Ab 3s",
    ),
    Code(
        "draw.stock-unrecorded",
        ILLEGAL,
        BESTIA,
        "An exchange or blind draw reaches past the part of the stock the record lists, so the "
        "cards drawn cannot be checked.",
        "the blind draw draws past the part of the stock the record shows",
    ),
    Code(
        "blind.too-early",
        ILLEGAL,
        BESTIA,
        "A blind draw, or a decline of one, before the first round of declarations is over.",
        "seat 0 draws blind before the first round ends",
    ),
    Code(
        "blind.after-round",
        ILLEGAL,
        BESTIA,
        "A blind draw, or a decline of one, after the blind round closed (at the first card "
        "led or a claim) or after the hand was abandoned.",
        "seat 0 draws blind after the play began",
    ),
    Code(
        "blind.not-allowed",
        ILLEGAL,
        BESTIA,
        "A blind draw, or a decline of one, under rules without blind draws (`blind_allowed` "
        "false).",
        "blind draws are not allowed (blind_allowed)",
    ),
    Code(
        "blind.not-eligible",
        ILLEGAL,
        BESTIA,
        "A blind draw (or a decline of one) by a seat that may not draw blind: one that joined "
        "(under `passed_only`), one that already drew blind, or a seat the table does not have.",
        "seat 1 may not draw blind (join; blind_eligibility = passed_only)",
    ),
    Code(
        "blind.out-of-turn",
        ILLEGAL,
        BESTIA,
        "A blind draw (or a decline of one) by a seat that comes before one already asked in "
        "the declaration order: one that drew blind or declined (a record may leave declines "
        "out, but the draws and declines it shows follow that order).",
        "seat 3 draws blind after a later seat was asked",
    ),
    Code(
        "blind.stock-short",
        ILLEGAL,
        BESTIA,
        "A blind draw (or a decline of one) when the stock holds fewer cards than a blind draw "
        "needs (`blind_min_stock`, and never fewer than the hand size): the round is over and "
        "nobody more is asked.",
        "seat 5 draws blind with 2 cards left; a blind draw needs 3",
    ),
    Code(
        "blind.count-mismatch",
        ILLEGAL,
        BESTIA,
        "A blind draw of other than `hand_size` cards.",
        "a blind draw takes 3 cards, not 2",
    ),
    Code(
        "play.before-declarations-end",
        ILLEGAL,
        BESTIA,
        "A card played before every seat has declared.",
        "seat 1 plays before every seat declared",
    ),
    Code(
        "play.must-lead-top-trump",
        ILLEGAL,
        BESTIA,
        "The leader holds the dominant trump (the ace of trumps, or the 3 when the ace is the "
        "turned-up card) and leads another card, where `top_trump_lead` requires it.",
        "seat 2 leads 4d but holds the dominant trump As and must lead it",
    ),
    Code(
        "claim.not-playing",
        ILLEGAL,
        BESTIA,
        "A claim of the remaining tricks that gives tricks to a seat that does not play (it "
        "passed and did not draw blind).",
        "the claim gives 1 trick to seat 3, which does not play",
    ),
    Code(
        "money.fraction",
        INCONSISTENT,
        BESTIA,
        "An amount written as a fraction `[numerator, denominator]` in a record whose "
        "`pot_rounding` is not `exact`: there every amount is a whole number of units. The "
        "claim is not compared further.",
        "recorded share 78/3 for seat 1 is a fraction, but pot_rounding = floor_carry pays whole "
        "units; recomputed 26",
    ),
    Code(
        "net.mismatch",
        INCONSISTENT,
        BESTIA,
        "A seat's claimed net money for the hand (share and refund less invito and bestia) "
        "differs from the recomputation.",
        "recorded net -10 for seat 0, recomputed -50",
    ),
    Code(
        "played.mismatch",
        INCONSISTENT,
        BESTIA,
        "The record says a seat played (declared play or drew blind) where it passed, or the "
        "other way round.",
        "recorded played true for seat 3, recomputed false",
    ),
)
