"""Illegal, in every game: the deal, the order of the hands, and the play of the cards."""

from __future__ import annotations

from records.codes.entry import ALL, ILLEGAL, OH_HELL, Code

_NOT_A_RECORD = (
    "No record can raise it: the format's card notation admits only cards of the game's deck, so "
    "such a card is reported as record.schema first. Only a record built in Python without "
    "validation (model_construct) reaches replay with one."
)

CODES = (
    Code(
        "deal.dealer-rotation",
        ILLEGAL,
        ALL,
        "A hand's dealer is not the one the rules' `dealer_order` names: under `rotation`, the "
        "deal does not pass one seat on in the direction of play from the hand before "
        "(clockwise in Oh Hell and pinochle, anticlockwise in Bestia); under a list of dealers, "
        "the hand's dealer is not the list's. Under `rotation` only the first dealer out of turn "
        "is reported, and the dealers after it are not judged against the rotation (a program "
        "that picks its dealers its own way is one problem; `rules infer` proposes the list). "
        "The hand is not replayed (its number or its dealer may be the fault), and its claims "
        "are listed as unchecked.",
        "seat 1 deals hand 2, but the deal passes one seat on in the direction of play and seat "
        "0 should; the dealers after it are not judged against the rotation",
    ),
    Code(
        "deal.seat-count",
        ILLEGAL,
        ALL,
        "The deal has a number of hands other than the number of seats.",
        "the deal has 2 hands for 3 players",
    ),
    Code(
        "deal.hand-size",
        ILLEGAL,
        ALL,
        "A seat was dealt more or fewer cards than the rules give it in this hand.",
        "seat 0 was dealt 3 cards; deal 2 gives 2",
    ),
    Code(
        "deal.duplicate-card",
        ILLEGAL,
        ALL,
        "A card is dealt more often than the deck holds it (once; twice in the pinochle deck), "
        "counting hands, widow, turned-up card and stock together.",
        "AC is dealt more often than the deck holds it (once)",
    ),
    Code(
        "deal.missing-cards",
        ILLEGAL,
        OH_HELL,
        "A deal whose stock is recorded does not account for every card of the deck.",
        "the deal does not account for 1 card of the deck: 2H",
        "Pinochle and Bestia records cannot raise it: once their hands, widow and stock have "
        "the right sizes (deal.hand-size, deal.widow-size, deal.stock-size) and no card is "
        "repeated (deal.duplicate-card), every card is accounted for; a Bestia stock recorded "
        "only as far as it was used is not a fault.",
    ),
    Code(
        "deal.unknown-card",
        ILLEGAL,
        (),
        "A card that is not in the game's deck.",
        "ZC is not a card of the french-52 deck",
        _NOT_A_RECORD,
    ),
    Code(
        "deal.trump-card",
        ILLEGAL,
        OH_HELL,
        "The turned-up card does not fit the rules: one is recorded for a deal played without "
        "trumps, none for a deal with trumps, or (under `dealer_last_card`) it is not one of "
        "the dealer's own cards.",
        "deal 1 must have a turned-up trump card (no_trump_rule = stock_empty)",
    ),
    Code(
        "hand.number",
        ILLEGAL,
        ALL,
        "A hand's number is out of sequence: numbers must rise (Oh Hell: within the schedule of "
        "deals), and a Bestia sitting's hands must be consecutive.",
        "hand number 1 is out of sequence: hand 1 came before it",
    ),
    Code(
        "hand.incomplete",
        ILLEGAL,
        ALL,
        "The actions stop before the hand is over, and no claim, concession or abandonment "
        "ends it. The last hand of a record marked in_progress (a game still being played) may "
        "stop where play stands: it is reported as in progress, not as this problem.",
        "the actions stop before the hand ends: trick 2 of 2 is unfinished; seat 0 to play",
    ),
    Code(
        "action.unknown",
        ILLEGAL,
        (),
        "An action of a kind the game's engine does not know.",
        "'discard' is not an action of oh_hell",
        "No record can raise it: an action type the game does not have is reported as "
        "record.unknown-tag first. Only actions given to an engine directly (the library's "
        "plain action values) reach it.",
    ),
    Code(
        "bid.out-of-turn",
        ILLEGAL,
        ("oh_hell", "pinochle"),
        "A bid or pass by a seat whose turn it is not.",
        "seat 0 bid out of turn",
    ),
    Code(
        "play.out-of-turn",
        ILLEGAL,
        ALL,
        "A card played by a seat whose turn it is not (the leader leads, then each in the "
        "direction of play).",
        "seat 2 played out of turn",
    ),
    Code(
        "play.card-not-held",
        ILLEGAL,
        ALL,
        "A card the player does not hold at that moment (never dealt to him, already played, "
        "discarded or buried). In a seat's view (docs/partial.md), a card a hidden seat cannot "
        "hold: a known seat's, the card turned up (Oh Hell), in the widow, melded or buried by "
        "another seat (pinochle), or one played as often as the decks hold it; for a Bestia "
        "seat whose exchange was not logged, also one more of its dealt cards than it kept.",
        "6C is not in the player's hand",
    ),
    Code(
        "play.revoke",
        ILLEGAL,
        ALL,
        "A card of another suit although the hand holds the suit led: every game requires "
        "following suit. In a seat's view (docs/partial.md), a hidden seat that showed out of a "
        "suit and plays it later: reported at the later card, naming both tricks; a Bestia seat "
        "whose exchange was not logged, also where the cards it surely holds include the suit "
        "led (a card it drew, or more of its dealt cards of that suit than it can have changed).",
        "3D does not follow the led suit H although the hand holds H",
    ),
    Code(
        "play.must-trump",
        ILLEGAL,
        ALL,
        "A player void in the suit led discards although he holds a trump and the rules make "
        "him trump (pinochle and Bestia always; Oh Hell with `must_trump_when_void`). In an "
        "Auction Pinochle seat's view and where a Bestia exchange was not logged "
        "(docs/partial.md), a hidden seat that discarded when a trump was due and plays a trump "
        "later: reported at the trump, naming both tricks; a Bestia seat known in part, also "
        "where it is surely void in the suit led and surely holds a trump.",
        "QS discards although the hand, void in H, holds trump D",
    ),
    Code(
        "play.must-overtrump",
        ILLEGAL,
        ("pinochle", "bestia"),
        "A trump that does not beat a trump already in the trick although the hand holds one "
        "that does, under rules that require it (`must_overtrump`; pinochle's `head_rule` = "
        "`always`).",
        "9S does not beat the trump in the trick although the hand can",
    ),
    Code(
        "play.must-head",
        ILLEGAL,
        ("pinochle", "bestia"),
        "A card of the suit led that does not beat the card winning the trick although the hand "
        "holds one that does, under rules that require it (pinochle's `head_rule`, Bestia's "
        "`must_beat_in_suit`); under rules that head a trumped trick too, one that does not beat "
        "the highest card of the suit led in a trick a trump is winning.",
        "9H follows suit but does not beat the trick although the hand can",
    ),
    Code(
        "play.after-hand-end",
        ILLEGAL,
        ("oh_hell", "bestia"),
        "A card played after the last trick of the hand (pinochle reports it as "
        "play.out-of-phase).",
        "seat 0 played 2C after the hand ended",
    ),
)
