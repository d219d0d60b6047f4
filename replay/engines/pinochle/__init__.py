"""Three-handed Auction Pinochle rules engine, after docs/pinochle.md and the Italian original text
(seed 000, cut off in the settlement table); docs/pinochle.md says the same for users, with the
readings below under the same Q-PIN labels.

Where the original speaks its rule is the default; every alternative of docs/pinochle.md is a
parameter of the record's rules block. Readings implemented (docs/pinochle.md):

* Q-PIN-1: if all three pass the hand is void and no chips move (``redeal``); ``eldest_forced``
  and ``last_forced`` (the literal text: after two passes the third is declarer at the minimum)
  are selectable.
* Q-PIN-2: any higher multiple of 10 may be bid; ``exactly_plus_10`` means the opening bid is the
  minimum and each later bid adds exactly 10.
* Q-PIN-3: the garbled over-trump sentence is read "need not play a higher trump": follow suit,
  else trump (even when the trick is already trumped), no duty to head or overtrump.
* Q-PIN-4: identical melds add up (``additive``); ``bonus`` doubles are separate meld kinds.
* Q-PIN-5: burying a card of a scored meld is checked at the first lead only (earlier burials
  may still be corrected) and is settled as a contract played and lost; play may stop there.
* Q-PIN-7: the trump multiplier applies to losses too; ``scarne_spades`` drops it on
  concessions.
* The ``bury_restrictions`` hold for the burial that stands when the declaring ends: at the
  first lead, or at a concession before it (a reading of our own: a burial the hand ends on is
  as final as one led after). Before trump is named there is no trump to restrict.
* trump, melds and burial may be declared again until the first lead and the last one
  stands; naming another trump suit voids the melds declared so far. A declarer who concedes
  after the first lead has played and lost; an opponent may concede only once trump is named
  and the cards are buried.
* Q-PIN-9: records carry no copy indices; of two identical cards the first played wins.
* Readings of our own where the texts are silent (each named again where it applies):
  ``allow_declarer_concede`` governs the single-bete concession before the first lead; after
  the lead a declarer may always concede, as a hand played and lost. The "unless forced" of the
  ``no_trump`` burial rules means: barred cards may be buried only as far as the 18 cards hold
  fewer than three others. The kitty pays and is paid like one more player from
  ``kitty_threshold`` up, and takes the table amount on every single bete (docs/pinochle.md).

The auction may be recorded as its result only (``auction_won``, docs/partial.md): the
declarer must play the hand and the contract be a bid the rules allow; the calls it stands for
are not judged.

The engine is a state machine (auction -> widow -> declare -> play -> over, or void) over plain
values: ``check_*`` functions say whether an action is legal without changing anything,
``apply_*`` functions change the state and assume the action was checked. The seats, the deal
and the state live in ``state``, the calls in ``auction``, the widow, trump, meld and burial
steps in ``declare``, the meld table in ``melds``, the first lead, the tricks (the shared loop
of ``records.tricks``) and concessions in ``play``, the settlement in ``scoring``. Actions are
any values with the fields of the record's events; ``Bid``, ``Play`` ... below name the structs
generated from them (``records.structs``). ``ENGINE`` gathers them behind the interface of
``replay.engine``. No pydantic, no I/O.
"""

from __future__ import annotations

from records.rules.pinochle import PinochleRules
from records.structs import (
    AuctionWon,
    PinochleBid,
    PinochleBury,
    PinochleConcede,
    PinochleMeld,
    PinochleMeldDeclaration,
    PinochleNameTrump,
    PinochlePass,
    PinochlePlay,
    PinochleTakeWidow,
)
from replay.engine import Engine, kind
from replay.engines.pinochle import auction, declare, melds, play, scoring
from replay.engines.pinochle.auction import legal_calls
from replay.engines.pinochle.play import legal_actions, legal_plays
from replay.engines.pinochle.scoring import Outcome, Settlement, settle
from replay.engines.pinochle.state import (
    BURY_SIZE,
    DECK,
    HAND_SIZE,
    SUIT_NAMES,
    WIDOW_SIZE,
    Phase,
    State,
    Table,
    active_seats,
    current_player,
    deal_faults,
    is_over,
    is_settled,
    new_hand,
    rules_fault,
    rules_problem,
    start,
    table,
    to_move,
    trick_number,
    unfinished,
)

__all__ = [
    "BURY_SIZE",
    "DECK",
    "ENGINE",
    "HAND_SIZE",
    "SUIT_NAMES",
    "WIDOW_SIZE",
    "AuctionWon",
    "Bid",
    "Bury",
    "Concede",
    "Meld",
    "MeldDeclaration",
    "NameTrump",
    "Outcome",
    "Pass",
    "Phase",
    "Play",
    "Settlement",
    "State",
    "Table",
    "TakeWidow",
    "active_seats",
    "auction",
    "current_player",
    "deal_faults",
    "declare",
    "is_over",
    "is_settled",
    "legal_actions",
    "legal_calls",
    "legal_plays",
    "melds",
    "new_hand",
    "play",
    "rules_fault",
    "rules_problem",
    "scoring",
    "settle",
    "start",
    "table",
    "to_move",
    "trick_number",
    "unfinished",
]

# The actions: any value with a ``type`` and the fields of the record event of that kind (the
# events of ``records.pinochle`` do); these are the structs generated from those events
# (``records.structs``), under the events' own names, for generators and tests.
Bid = PinochleBid
Pass = PinochlePass
TakeWidow = PinochleTakeWidow
NameTrump = PinochleNameTrump
Meld = PinochleMeld
MeldDeclaration = PinochleMeldDeclaration
Bury = PinochleBury
Play = PinochlePlay
Concede = PinochleConcede

ENGINE: Engine[PinochleRules, Table, State] = Engine(
    game="pinochle",
    deck=DECK,
    seats_parameter="table_size",
    rules_fault=rules_fault,
    table=table,
    deal_faults=deal_faults,
    start=start,
    kinds={
        "bid": kind(auction.check_bid, auction.apply_bid, auction.describe_bid),
        "pass": kind(auction.check_pass, auction.apply_pass, auction.describe_pass),
        "auction_won": kind(
            auction.check_auction_won, auction.apply_auction_won, auction.describe_auction_won
        ),
        "widow": kind(declare.check_take_widow, declare.apply_take_widow, declare.describe_widow),
        "trump": kind(declare.check_trump, declare.apply_trump, declare.describe_trump),
        "meld": kind(declare.check_melds, declare.apply_melds, declare.describe_melds),
        "bury": kind(declare.check_bury, declare.apply_bury, declare.describe_bury),
        "play": kind(play.check_play, play.apply_play, run=play.play_run, duty=play.play_duty),
        "concede": kind(play.check_concede, play.apply_concede, play.describe_concede),
    },
    to_move=to_move,
    is_over=is_over,
    trick_number=trick_number,
    finish=is_settled,
    unfinished=unfinished,
    legal_actions=legal_actions,
    settle=settle,
)
"""The Auction Pinochle engine behind the interface every game shares."""
