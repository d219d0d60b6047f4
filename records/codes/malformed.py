"""Malformed: the text is not JSON, does not fit the record format, states rules, seats or
claim lists that no hand can be checked against, or makes money no record could state."""

from __future__ import annotations

from records.codes.entry import ALL, BESTIA, MALFORMED, OH_HELL, PINOCHLE, Code

CODES = (
    Code(
        "record.json",
        MALFORMED,
        ALL,
        "The text is not JSON at all: cut off, a stray character, a missing comma. Nothing else "
        "of the record can be checked.",
        "not valid JSON: the text ends inside a string at line 17 column 6",
    ),
    Code(
        "record.format-version",
        MALFORMED,
        ALL,
        "`format_version` is missing or is not a version this tricklog reads (1).",
        "format_version 2 is not a version this tricklog reads (it reads 1)",
    ),
    Code(
        "record.missing-tag",
        MALFORMED,
        ALL,
        "An object lacks the key that says what it is: the record its `game`, an action its "
        "`type`. The message lists the values allowed there.",
        'an action needs a "type": one of pass, join, blind_draw, decline_blind, play, claim, '
        "abandon (the actions of bestia)",
    ),
    Code(
        "record.unknown-tag",
        MALFORMED,
        ALL,
        "A `game` tricklog does not know, or an action `type` the game does not have; the "
        "message suggests the nearest one and lists the others.",
        '"pass" is not an action of oh_hell. The actions are bid, play, claim, abandon.',
    ),
    Code(
        "record.duplicate-key",
        MALFORMED,
        ALL,
        "An object states the same key more than once. JSON readers keep only the last value "
        "without a word, so tricklog refuses to pick one; the pointer is the object, the key is "
        "named.",
        'the key "seat" is stated twice in this object; a record states each key once (a '
        "reader would silently keep only the last value)",
    ),
    Code(
        "record.text",
        MALFORMED,
        (),
        "The text notation (docs/notation.md) cannot read a line: an unknown word, a value where "
        "another is needed, a tag or { comment not closed, text that is not UTF-8. Reported at "
        "its line and column.",
        "SEAT:NUMBER expected, not '1:x'",
        note="raised only when reading the text notation (.tln); no JSON record can raise it",
    ),
    Code(
        "record.openspiel",
        MALFORMED,
        (),
        "An OpenSpiel history or playthrough (docs/openspiel.md) cannot be a deal of Oh Hell: "
        "a game other than oh_hell or a parameter tricklog cannot play, an action id that is "
        "not a number, a history that stops before the deal is complete, a card where a bid is "
        "due. Reported at its line.",
        "action 9: 3 is a card where a bid (52 + tricks) is due",
        note="raised only when importing OpenSpiel histories (convert --from openspiel); no "
        "JSON record can raise it",
    ),
    Code(
        "record.unknown-field",
        MALFORMED,
        ALL,
        "A key the format does not define, usually a misspelling; the message names the nearest "
        "known key (for the rules block, every parameter of the game). A source system's own "
        "data belongs under `extensions`.",
        'unknown key "delaer" in a hand; did you mean "dealer"?',
    ),
    Code(
        "record.missing-field",
        MALFORMED,
        ALL,
        "A required key is absent. The rules block must state every parameter of its game, "
        "even those equal to the default, because a preset's values may change between "
        "versions: the parameters it leaves out are one problem, which lists them and names "
        "the command that prints the whole block of its preset (`tricklog rules GAME PRESET "
        "--players N --format json`).",
        'the rules do not state "hook"; a record states every rules parameter of oh_hell, '
        "because a preset's values may change between versions. The whole block of the preset "
        '"default" for 3 seats, to paste in: tricklog rules oh_hell default --players 3 '
        "--format json",
    ),
    Code(
        "record.schema",
        MALFORMED,
        ALL,
        "A value of the wrong type, out of its range, not one of the allowed values, or a card "
        "not written in the game's notation; the message says what was expected and suggests "
        "the card meant (`10S` -> `TS`).",
        '"10C" is not a card of the 52-card deck; did you mean TC? A card is its rank (2-9, T '
        "for the ten, J, Q, K, A) then its suit (C, D, H, S), e.g. AS, TD, 9H.",
    ),
    Code(
        "record.players",
        MALFORMED,
        ALL,
        "The players do not fill the seats of the table once each (as many seats as the rules "
        "say: `num_players`, or `table_size` for pinochle).",
        "players must sit in seats 0..2 once each (num_players = 3)",
    ),
    Code(
        "deal.dealer-seat",
        MALFORMED,
        ALL,
        "A hand's dealer is a seat the table does not have.",
        "dealer seat 5 does not exist at a table of 3",
    ),
    Code(
        "claim.seat-count",
        MALFORMED,
        ALL,
        "A claimed per-seat list (tricks, scores, chips, balances...) has more or fewer entries "
        "than the table has seats; write `null` for a seat whose value is not known.",
        "the claimed score list has 2 entries for 3 seats",
    ),
    Code(
        "rules.sitout-rule",
        MALFORMED,
        PINOCHLE,
        "`sitout_rule` names who sits out at a table size it does not fit (`dealer_right` at "
        "five, `dealer_and_second_left` at four).",
        "sitout_rule dealer_right does not fit a table of 5",
    ),
    Code(
        "rules.payment-table",
        MALFORMED,
        PINOCHLE,
        "The payment table has no bracket for the lowest bid the rules allow, so a contract "
        "could not be paid.",
        "the payment table has no bracket for the minimum bid 250",
    ),
    Code(
        "rules.deck-too-small",
        MALFORMED,
        OH_HELL + BESTIA,
        "The table deals more cards (players x hand size, plus the turned-up card) than the "
        "deck holds: Bestia's 40 cards, or the 52 x `decks` cards of Oh Hell for the largest "
        "size of a list of hand sizes.",
        "10 hands of 4 and a turned-up card need more than 40 cards",
    ),
    Code(
        "rules.unsupported",
        MALFORMED,
        BESTIA,
        "A rules block tricklog cannot apply rather than guess at: `bestia_amount` = `fixed` "
        "without `bestia_fixed`. Every value of every parameter is otherwise applied.",
        "bestia_amount = fixed needs bestia_fixed",
    ),
    Code(
        "limit.computed-value",
        MALFORMED,
        ALL,
        "An amount a hand's replay computes (a score, a running total, Bestia's pot, a share, a "
        "bestia or the pot carried, pinochle's kitty) is beyond the integers a record can "
        "state, ±9,007,199,254,740,991 (2^53 - 1), so no claim could agree with it. The "
        "record is checked no further than that hand, and its own claims are left unchecked. "
        "A Bestia sitting whose pot is paid as a bestia hand after hand gets there: at ten "
        "seats that all play, in sixteen hands.",
        "in hand 2, seat 1's score for the hand comes to 9,007,199,254,740,993, beyond the "
        "integers a record can state (±9,007,199,254,740,991, 2^53 - 1): no claim could agree "
        "with it, and the record is checked no further",
    ),
    Code(
        "record.internal-error",
        MALFORMED,
        (),
        "tricklog failed on the record: a fault of tricklog's, whatever the record holds. The "
        "message names the error and where in tricklog it happened; the run checks the other "
        "records all the same and ends with exit code 3. Please report it with the record.",
        "tricklog failed on this record (ValueError at engines/bestia/pot.py:153: ...); the "
        "fault is tricklog's, whatever the record holds: please report it with the record",
        note="raised by no record tricklog knows of: it stands for a fault of tricklog's own, "
        "so that one record never ends a run (`TRICKLOG_DEBUG=1` or `--debug` raises it with "
        "its traceback instead)",
    ),
)
