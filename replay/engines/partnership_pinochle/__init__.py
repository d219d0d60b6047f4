"""Partnership Pinochle rules engine, after pagat.com's partnership auction pinochle (the rules
module ``records.rules.partnership_pinochle`` names each default and variant;
docs/partnership_pinochle.md says the same for users).

Four players, partners opposite (seats 0 and 2 against 1 and 3), twelve cards each from the
48-card double deck, no widow. The engine is a state machine (auction -> trump -> pass -> meld ->
play -> over, or void) over plain values: ``check_*`` functions say whether an action is legal
without changing anything, ``apply_*`` functions change the state and assume the action was
checked. The seats, the deal and the state live in ``state``, the calls in ``auction``, the
trump, the passing, the melds and the throw-in in ``declare`` (the meld table is Auction
Pinochle's, imported), the first lead and the tricks (the shared loop of ``records.tricks``) in
``play``, the scores and the game's end in ``scoring``. ``ENGINE`` gathers them behind the
interface of ``replay.engine``. No pydantic, no I/O.

The auction may be recorded as its result only (``auction_won``, docs/partial.md): the contract
must be a bid of the grid; the calls it stands for are not judged.
"""

from __future__ import annotations

from records.rules.partnership_pinochle import PartnershipPinochleRules
from records.structs import (
    AuctionWon,
    PartnershipPinochleBid,
    PartnershipPinochleMeld,
    PartnershipPinochleMeldDeclaration,
    PartnershipPinochleNameTrump,
    PartnershipPinochlePass,
    PartnershipPinochlePassCards,
    PartnershipPinochlePlay,
    PartnershipPinochleThrowIn,
)
from replay.engine import Engine, kind, no_rules_fault
from replay.engines.partnership_pinochle import auction, declare, play, scoring
from replay.engines.partnership_pinochle.play import legal_actions, legal_plays
from replay.engines.partnership_pinochle.scoring import Carried, Outcome, Settlement, settle
from replay.engines.partnership_pinochle.state import (
    DECK,
    HAND_SIZE,
    Phase,
    State,
    Table,
    deal_faults,
    is_over,
    new_hand,
    partner,
    start,
    table,
    team,
    to_move,
    trick_number,
    unfinished,
)

__all__ = [
    "DECK",
    "ENGINE",
    "HAND_SIZE",
    "AuctionWon",
    "Bid",
    "Carried",
    "Meld",
    "MeldDeclaration",
    "NameTrump",
    "Outcome",
    "Pass",
    "PassCards",
    "Phase",
    "Play",
    "Settlement",
    "State",
    "Table",
    "ThrowIn",
    "auction",
    "deal_faults",
    "declare",
    "is_over",
    "legal_actions",
    "legal_plays",
    "new_hand",
    "partner",
    "play",
    "scoring",
    "settle",
    "start",
    "table",
    "team",
    "to_move",
]

# The actions: any value with a ``type`` and the fields of the record event of that kind; these
# are the structs generated from those events (``records.structs``), under the events' names.
Bid = PartnershipPinochleBid
Pass = PartnershipPinochlePass
NameTrump = PartnershipPinochleNameTrump
PassCards = PartnershipPinochlePassCards
Meld = PartnershipPinochleMeld
MeldDeclaration = PartnershipPinochleMeldDeclaration
ThrowIn = PartnershipPinochleThrowIn
Play = PartnershipPinochlePlay

ENGINE: Engine[PartnershipPinochleRules, Table, State] = Engine(
    game="partnership_pinochle",
    deck=DECK,
    seats_parameter="players",
    rules_fault=no_rules_fault,
    table=table,
    deal_faults=deal_faults,
    start=start,
    kinds={
        "bid": kind(auction.check_bid, auction.apply_bid, auction.describe_bid),
        "pass": kind(auction.check_pass, auction.apply_pass, auction.describe_pass),
        "auction_won": kind(
            auction.check_auction_won, auction.apply_auction_won, auction.describe_auction_won
        ),
        "trump": kind(declare.check_trump, declare.apply_trump, declare.describe_trump),
        "pass_cards": kind(
            declare.check_pass_cards, declare.apply_pass_cards, declare.describe_pass_cards
        ),
        "meld": kind(
            declare.check_meld, declare.apply_meld, declare.describe_meld, step=declare.step_meld
        ),
        "throw_in": kind(declare.check_throw_in, declare.apply_throw_in, declare.describe_throw_in),
        "play": kind(play.check_play, play.apply_play, run=play.play_run, duty=play.play_duty),
    },
    to_move=to_move,
    is_over=is_over,
    trick_number=trick_number,
    finish=is_over,
    unfinished=unfinished,
    legal_actions=legal_actions,
    settle=settle,
)
"""The Partnership Pinochle engine behind the interface every game shares."""
