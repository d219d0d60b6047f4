"""The mapping between tricklog's Oh Hell and OpenSpiel's ``oh_hell``: card ids, the game
string and its parameters, and the rules they stand for (OpenSpiel ``games/oh_hell/oh_hell.h``).

A card id is rank * 4 + suit, suits in OpenSpiel's order C, D, S, H and ranks 2..A: id 0 is
``2C`` (pyspiel prints it ``C2``), 51 is ``AH``. A bid is ``52 + tricks``. pyspiel's parameters
``players``, ``num_tricks_fixed``, ``off_bid_penalty`` and ``points_per_trick`` are tricklog's
``openspiel`` preset with ``num_players``, ``single_hand_size`` (-1: null), ``miss_score``
(True: ``minus_diff``, False: ``tricks``) and ``points_per_trick``; the deck is always 4 suits
of 13 (tricklog's Oh Hell has no other).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass

from records.oh_hell import OhHellRules, preset

__all__ = [
    "MAX_PLAYERS",
    "NUM_CARDS",
    "SOURCE",
    "Params",
    "card_id",
    "card_of",
    "params_of",
    "parse_game",
    "rules_data",
]

SUITS = "CDSH"  # OpenSpiel's suit order (oh_hell.h kSuitChar)
RANKS = "23456789TJQKA"
NUM_CARDS = 52
MAX_PLAYERS = 7  # oh_hell.h kMaxNumPlayers
MIN_PLAYERS = 3  # oh_hell.h kMinNumPlayers
SOURCE = "OpenSpiel oh_hell"
"""``meta.source`` of an imported record; an export carries it back without a loss."""
_INT32 = 2**31


def card_id(card: str) -> int:
    """OpenSpiel's id of a tricklog card (``2C`` -> 0, ``AH`` -> 51)."""
    return RANKS.index(card[0]) * len(SUITS) + SUITS.index(card[1])


def card_of(action: int) -> str:
    """tricklog's name of an OpenSpiel card id."""
    return RANKS[action // len(SUITS)] + SUITS[action % len(SUITS)]


@dataclass(frozen=True, slots=True)
class Params:
    """The parameters of a pyspiel ``oh_hell`` game (the deck is always 4 suits of 13)."""

    players: int = MIN_PLAYERS
    num_tricks_fixed: int = -1
    off_bid_penalty: bool = False
    points_per_trick: int = 1
    zerosum: bool = False
    """Wrapped in ``zerosum(game=...)``: the returns are the scores minus their mean."""

    def game_string(self) -> str:
        """What ``pyspiel.load_game`` takes, every parameter stated."""
        return (
            f"oh_hell(num_cards_per_suit=13,num_suits=4,num_tricks_fixed={self.num_tricks_fixed},"
            f"off_bid_penalty={self.off_bid_penalty},players={self.players},"
            f"points_per_trick={self.points_per_trick})"
        )

    @property
    def max_tricks(self) -> int:
        """The largest deal (oh_hell.h MaxNumTricks): one card is always left to turn."""
        if self.num_tricks_fixed > 0:
            return self.num_tricks_fixed
        return (NUM_CARDS - 1) // self.players

    def rules(self) -> OhHellRules:
        """tricklog's rules for this game: the ``openspiel`` preset with its parameters."""
        return _rules(self.players, self.num_tricks_fixed, self.off_bid_penalty,
                      self.points_per_trick)  # fmt: skip


@functools.lru_cache(maxsize=64)
def _rules(players: int, fixed: int, off_bid_penalty: bool, points_per_trick: int) -> OhHellRules:
    """Worked out once per game: ``preset`` checks every value, which costs as much as reading
    a deal."""
    return preset(
        "openspiel",
        players,
        miss_score="minus_diff" if off_bid_penalty else "tricks",
        points_per_trick=points_per_trick,
        single_hand_size=None if fixed == -1 else fixed,
    )


def rules_data(rules: OhHellRules) -> dict[str, object]:
    """A rules block as the JSON data of a record."""
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}


def params_of(rules: OhHellRules) -> Params:
    """The pyspiel game closest to a record's rules (what they cannot say is a loss)."""
    fixed = rules.single_hand_size if rules.hand_sizes == "single" else None
    return Params(
        players=rules.num_players,
        num_tricks_fixed=-1 if fixed is None else fixed,
        off_bid_penalty=rules.miss_score == "minus_diff",
        points_per_trick=rules.points_per_trick,
    )


# --- the game string -----------------------------------------------------------------------

_NAME = re.compile(r"\s*([a-z_][a-z0-9_]*)\s*")


def parse_game(text: str) -> Params:
    """The parameters of ``oh_hell(...)`` or ``zerosum(game=oh_hell(...))``; ``ValueError`` in
    words for another game, an unknown parameter or a value pyspiel would refuse."""
    name, args, rest = _call(text.strip(), depth=0)
    if rest.strip():
        raise ValueError(f"unexpected {rest.strip()!r} after the game")
    if name == "zerosum":
        inner = args.pop("game", None)
        if args or not isinstance(inner, tuple):
            raise ValueError("zerosum(...) takes one parameter, game=oh_hell(...)")
        return dataclasses.replace(_oh_hell(*inner), zerosum=True)
    return _oh_hell(name, args)


_Args = dict[str, "str | tuple[str, _Args]"]


def _value(key: str, raw: str | tuple[str, _Args]) -> int | bool:
    """A parameter's value, of the type pyspiel gives it."""
    if key != "off_bid_penalty" and key not in _NUMBERS:
        raise ValueError(f"oh_hell has no parameter {key!r}")
    if not isinstance(raw, str):
        raise ValueError(f"{key} is a number or a truth value, not a game")
    if key == "off_bid_penalty":
        if raw not in ("True", "False", "true", "false"):
            raise ValueError(f"off_bid_penalty is True or False, not {raw!r}")
        return raw.lower() == "true"
    if not re.fullmatch(r"-?\d{1,10}", raw) or not -_INT32 <= int(raw) < _INT32:
        raise ValueError(f"{key} is a whole number, not {raw!r}")
    return int(raw)


def _call(text: str, depth: int) -> tuple[str, _Args, str]:
    """One ``name(key=value,...)`` at the start of ``text``: its name, arguments and the rest.
    A game holds at most one game (``zerosum(game=oh_hell())``)."""
    if depth > 1:
        raise ValueError("a game string holds oh_hell, or zerosum(game=oh_hell(...)), no deeper")
    match = _NAME.match(text)
    if match is None:
        raise ValueError(f"a game name expected, not {text[:20]!r}")
    name, text = match[1], text[match.end() :]
    args: _Args = {}
    if not text.startswith("("):
        return name, args, text
    text = text[1:].lstrip()
    while not text.startswith(")"):
        key = _NAME.match(text)
        if key is None or not text[key.end() :].startswith("="):
            raise ValueError(f"key=value expected in the game's parameters, not {text[:20]!r}")
        text = text[key.end() + 1 :].lstrip()
        if key[1] in args:
            raise ValueError(f"the game states {key[1]} twice")
        if key[1] == "game":
            inner, inner_args, text = _call(text, depth + 1)
            args["game"] = (inner, inner_args)
        else:
            value = re.match(r"[^,)]*", text)
            assert value is not None  # matches the empty string at worst
            args[key[1]], text = value[0].strip(), text[value.end() :]
        text = text.lstrip()
        if text.startswith(","):
            text = text[1:].lstrip()
        elif not text.startswith(")"):
            raise ValueError("the game's parameters do not end with ')'")
    return name, args, text[1:]


_NUMBERS = ("players", "num_tricks_fixed", "points_per_trick", "num_suits", "num_cards_per_suit")


def _oh_hell(name: str, args: _Args) -> Params:
    if name != "oh_hell":
        raise ValueError(f"the game is {name}, not oh_hell")
    values = {key: _value(key, raw) for key, raw in args.items()}
    if (values.pop("num_suits", 4), values.pop("num_cards_per_suit", 13)) != (4, 13):
        raise ValueError("tricklog's Oh Hell is played with the 52-card deck (4 suits of 13)")
    params = Params(**values)  # type: ignore[arg-type]  # _value gives each key its type
    if not MIN_PLAYERS <= params.players <= MAX_PLAYERS:
        raise ValueError(f"oh_hell seats 3 to 7 players, not {params.players}")
    if params.num_tricks_fixed != -1 and not 1 <= params.num_tricks_fixed <= (NUM_CARDS - 1) // (
        params.players
    ):
        raise ValueError(f"num_tricks_fixed {params.num_tricks_fixed} is out of range")
    return params
