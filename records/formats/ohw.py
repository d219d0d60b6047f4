"""The ``ohw`` format: games cached by OhHellWeb, an open-source Oh Hell server
(github.com/campbellsoup37/OhHellWeb), read into tricklog records. Import only.

An ``.ohw`` file is one game as the server's ``JSON.stringify`` wrote it (docs/ohhellweb.md
lists its fields): the rounds (dealer, cards dealt, whether played out), the turned trump card
of each, every player's cards, bids, tricks taken, running score and plays by round and trick,
the leader and winner of each trick, any claim, the teams, and the robots' own analytics.

What the reader makes of it:

* the rules: the ``ohhellweb`` preset with the game's ``decks`` (``options.D``), its ``teams``
  (the non-empty teams, when ``options.teams``) and its hand sizes as a list (each round's
  ``handSize``), so the record states what the server dealt;
* a hand per round that was dealt: the deal (each player's ``hands[r]`` and the turned card;
  the stock is not logged), the bids from the dealer's left, the plays trick by trick from each
  trick's leader, a claim where ``claims[r]`` names a claimer (the rest of the tricks to them),
  and an ``abandon`` for a round the game stopped in (``isOver`` false): a deal dealt but not
  played out is not scored, and is no fault of the server;
* the server's numbers as claims, for replay to check: tricks taken per player, the running
  score after each round, the cards dealt and the trump suit of each round, and each player's
  final score;
* everything else, kept as it is under ``extensions.ohhellweb``: the options, the teams with
  their names, the rounds (those never dealt among them), the trick leaders and winners, the
  claims, and per player whatever the record has no field for (``human``, ``team``, the robots'
  analytics ``wbProbs``, ``bidQs``, ``makingProbs``, ``aiBids``, ``diffs``, ``lucks``,
  ``hypoPointsLost``, ``mistakes``). So the reader loses nothing, and reports no ``Loss``.

A file that is not the server's shape (a field missing or of the wrong type, a card that is not
a card) is a ``record.schema`` problem naming the field (a JSON Pointer into the ``.ohw`` file),
and one that states a key twice in an object is a ``record.duplicate-key`` problem naming the
object, as in a record; a file that is not JSON, or is larger than the limit of one record,
cannot be read at all.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Iterator
from typing import IO, Any

import msgspec
import orjson

from records.duplicates import duplicate_keys
from records.formats.base import Read
from records.formats.detect import ohw as sniff
from records.formats.drafts import Draft, read_input
from records.io import ReadFailure
from records.limits import ReadLimits, size_text
from records.oh_hell import preset
from records.problems import Kind, Problem

__all__ = ["drafts", "read", "sniff", "to_record"]

RANKS = "23456789TJQKA"
"""``num`` 2..14 of a card, in order."""
SUITS = "CDSH"
"""``suit`` 0..3 of a card: clubs, diamonds, spades, hearts (the server's order)."""
SOURCE = "OhHellWeb (github.com/campbellsoup37/OhHellWeb), a cached game record (.ohw)"
CARRIED = frozenset(("id", "name", "index", "hands", "bids", "takens", "scores", "score", "plays"))
"""Player fields the record's own fields carry; the rest go to the extensions."""


class MalformedError(Exception):
    """The file is not the server's shape: where (a JSON Pointer into it) and why."""

    def __init__(self, pointer: str, message: str) -> None:
        super().__init__(message)
        self.pointer = pointer
        self.message = message


def read(path: str, stdin: IO[bytes] | None = None) -> Iterator[Read | ReadFailure]:
    """The one game of an ``.ohw`` file (``-``: standard input) as a record."""
    return read_input(path, stdin, drafts)


def drafts(stream: IO[bytes], name: str, limits: ReadLimits) -> Iterator[Draft | ReadFailure]:
    """The one game of a stream, within the limit of one record, as a record's JSON; a game
    that states a key twice in an object, or is not the server's shape, as its problems."""
    limit = limits.record_bytes
    data = stream.read(limit + 1) if limit else stream.read()
    if limit and len(data) > limit:
        yield ReadFailure(
            name,
            f"a game of more than {size_text(limit)} (the limit of one record, "
            "TRICKLOG_MAX_RECORD_BYTES)",
        )
        return
    try:
        game = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        yield ReadFailure(name, f"not JSON: {exc}")
        return
    repeated = _duplicates(data, game)
    if repeated:
        yield Draft(name, None, problems=repeated)
        return
    try:
        record = to_record(game)
    except MalformedError as bad:
        where = bad.pointer or "/"
        problem = Problem(
            "record.schema", Kind.MALFORMED, f"not an OhHellWeb game: {where}: {bad.message}"
        )
        yield Draft(name, None, problems=(problem,))
        return
    yield Draft(name, None, orjson.dumps(record))


def _duplicates(data: bytes, game: Any) -> tuple[Problem, ...]:
    """A problem for each key the file states twice in one object (JSON leaves them to the
    reader, and orjson keeps the last value without a word), as the JSON reader reports them:
    ``record.duplicate-key``, the object's place in the ``.ohw`` file in the message (the record
    has no such place). Counted first, at no cost for a game without any: every colon outside
    a string follows a key."""
    if b"\\u" not in data and data.count(b":") == _keys_and_colons(game):
        return ()
    return tuple(
        msgspec.structs.replace(
            p,
            message=f"not an OhHellWeb game: {p.pointer or '/'}: {p.message}".replace(
                "a record states each key once", "a game states each key once"
            ),
            pointer="",
            hand=None,
        )
        for p in duplicate_keys(data)
    )


def _keys_and_colons(value: Any) -> int:
    """The keys of every object in a decoded value, plus the colons in its strings."""
    count, stack = 0, [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            count += len(node) + sum(key.count(":") for key in node)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, str):
            count += node.count(":")
    return count


# --- the game as a record ----------------------------------------------------------------------


def to_record(game: Any) -> dict[str, Any]:
    """The tricklog record (as JSON values) of a decoded ``.ohw`` game; ``MalformedError`` if the
    game is not the server's shape."""
    top = _object(game, "")
    if top.get("mode") != "Oh Hell":
        raise MalformedError("/mode", f'expected "Oh Hell", found {top.get("mode")!r}')
    players = _players(top)
    rounds = _list(top, "rounds", "")
    trumps = _list(top, "trumps", "")
    rules = _rules(top, players, rounds)
    hands = [_hand(top, players, r) for r in range(len(trumps))]
    if not hands:
        raise MalformedError("/trumps", "no round was dealt: the game has no hand to record")
    record: dict[str, Any] = {
        "format_version": 1,
        "game": "oh_hell",
        "id": f"ohhellweb-{top.get('id')}",
        "rules": rules,
        "players": [_player(seat, p) for seat, p in enumerate(players)],
        "meta": _meta(top),
        "hands": hands,
        "claims": {"totals": [_int(p, "score", f"/players/{s}") for s, p in enumerate(players)]},
        "extensions": {"ohhellweb": _rest(top, players)},
    }
    return record


def _players(top: dict[str, Any]) -> list[dict[str, Any]]:
    """The players in seat order (their ``index``), each seat once."""
    found = [_object(p, f"/players/{i}") for i, p in enumerate(_list(top, "players", ""))]
    seats = sorted(_int(p, "index", f"/players/{i}") for i, p in enumerate(found))
    if seats != list(range(len(found))):
        raise MalformedError("/players", f"player indices {seats} are not 0..{len(found) - 1}")
    return sorted(found, key=lambda p: int(p["index"]))


def _player(seat: int, player: dict[str, Any]) -> dict[str, Any]:
    """A player's seat, name and server id (a robot's is ``@robot1``...)."""
    found: dict[str, Any] = {"seat": seat, "name": _text(player, "name", f"/players/{seat}")}
    if isinstance(player.get("id"), str):
        found["id"] = player["id"]
    return found


def _rules(top: dict[str, Any], players: list[dict[str, Any]], rounds: list[Any]) -> Any:
    """The ``ohhellweb`` preset with the game's decks, teams and hand sizes."""
    options = _object(top.get("options"), "/options")
    decks = _int(options, "D", "/options")
    sizes = tuple(
        _int(_object(r, f"/rounds/{i}"), "handSize", f"/rounds/{i}") for i, r in enumerate(rounds)
    )
    teams = None
    if options.get("teams") is True:
        members = [
            tuple(_ints(_object(t, f"/teams/{k}"), "members", f"/teams/{k}"))
            for k, t in enumerate(_list(top, "teams", ""))
        ]
        teams = tuple(sorted(tuple(sorted(m)) for m in members if m))
    try:
        rules = preset(
            "ohhellweb",
            len(players),
            decks=decks,
            teams=teams,
            hand_sizes=sizes,
            max_hand_size=None,
        )
    except (TypeError, ValueError) as exc:
        raise MalformedError("/options", f"no tricklog rules fit this game: {exc}") from None
    return dataclasses.asdict(rules)


def _hand(top: dict[str, Any], players: list[dict[str, Any]], r: int) -> dict[str, Any]:
    """Round ``r`` (from 0) as a hand: deal, bids, plays, any claim or abandonment, claims."""
    at = f"/rounds/{r}"
    info = _object(_list(top, "rounds", "")[r], at)
    dealer, size = _int(info, "dealer", at), _int(info, "handSize", at)
    over = info.get("isOver") is True
    n = len(players)
    trump = _card(_list(top, "trumps", "")[r], f"/trumps/{r}")
    dealt = [
        [_card(c, f"/players/{s}/hands/{r}/{i}") for i, c in enumerate(_round(p, "hands", s, r))]
        for s, p in enumerate(players)
    ]
    actions = _bids(players, dealer, r) + _plays(top, players, dealer, r)
    claimer = _claimer(top, r, n)
    winners = _round_of(top, "winners", r)
    if claimer is not None:
        remaining = [0] * n
        remaining[claimer] = size - len(winners)
        actions.append({"type": "claim", "seat": claimer, "remaining": remaining})
    claims: dict[str, Any] = {"hand_size": size, "trump": trump[-1]}
    seats = list(enumerate(players))
    if over:
        claims["tricks"] = [_at(_list(p, "takens", f"/players/{s}"), r) for s, p in seats]
        claims["totals"] = [_at(_list(p, "scores", f"/players/{s}"), r) for s, p in seats]
    else:
        reason = "the game stopped before this round was played out (isOver false)"
        actions.append({"type": "abandon", "reason": reason})
    return {
        "number": r + 1,
        "dealer": dealer,
        "deal": {"hands": dealt, "turned_up": trump},
        "actions": actions,
        "claims": claims,
    }


def _bids(players: list[dict[str, Any]], dealer: int, r: int) -> list[dict[str, Any]]:
    """The bids of round ``r``, from the dealer's left, up to the first player who did not bid."""
    n = len(players)
    found: list[dict[str, Any]] = []
    for k in range(n):
        seat = (dealer + 1 + k) % n
        bids = _list(players[seat], "bids", f"/players/{seat}")
        if len(bids) <= r:
            break
        found.append({"type": "bid", "seat": seat, "tricks": _at(bids, r)})
    return found


def _plays(
    top: dict[str, Any], players: list[dict[str, Any]], dealer: int, r: int
) -> list[dict[str, Any]]:
    """The plays of round ``r``: each finished trick from its leader, then the cards of a trick
    left unfinished, from the last trick's winner (the dealer's left before the first)."""
    n = len(players)
    leaders = _round_of(top, "leaders", r)
    winners = _round_of(top, "winners", r)
    found: list[dict[str, Any]] = []
    for t in range(len(leaders) + 1):
        after = winners[-1] if winners else (dealer + 1) % n
        lead = leaders[t] if t < len(leaders) else after
        if not isinstance(lead, int) or not 0 <= lead < n:
            raise MalformedError(f"/leaders/{r}/{t}", f"{lead!r} is not a player index")
        for k in range(n):
            seat = (lead + k) % n
            cards = _round(players[seat], "plays", seat, r)
            if len(cards) <= t:
                if t < len(leaders):
                    raise MalformedError(f"/players/{seat}/plays/{r}", f"no card for trick {t + 1}")
                return found
            card = _card(cards[t], f"/players/{seat}/plays/{r}/{t}")
            found.append({"type": "play", "seat": seat, "card": card})
    return found


def _claimer(top: dict[str, Any], r: int, n: int) -> int | None:
    """Who claimed the rest of round ``r``'s tricks, or None (``-1``, or no entry yet)."""
    claims = _list(top, "claims", "")
    if len(claims) <= r or claims[r] == -1:
        return None
    claimer = claims[r]
    if not isinstance(claimer, int) or isinstance(claimer, bool) or not 0 <= claimer < n:
        raise MalformedError(f"/claims/{r}", f"{claimer!r} is neither -1 nor a player index")
    return claimer


def _meta(top: dict[str, Any]) -> dict[str, Any]:
    """Where the game comes from; its date from its id (milliseconds since 1970, UTC)."""
    meta: dict[str, Any] = {"site": "OhHellWeb", "source": SOURCE}
    stamp = top.get("id")
    if isinstance(stamp, int) and not isinstance(stamp, bool) and 0 < stamp < 2**42:
        when = datetime.datetime.fromtimestamp(stamp / 1000, tz=datetime.UTC)
        meta["date"] = when.date().isoformat()
    return meta


def _rest(top: dict[str, Any], players: list[dict[str, Any]]) -> dict[str, Any]:
    """What the record's own fields do not carry, as the file has it."""
    rest = {key: value for key, value in top.items() if key not in ("players", "trumps")}
    rest["trumps"] = top.get("trumps")
    rest["players"] = [{k: v for k, v in p.items() if k not in CARRIED} for p in players]
    return rest


# --- reading the file's values, each checked --------------------------------------------------


def _object(value: Any, at: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise MalformedError(at, f"expected an object, found {type(value).__name__}")
    return value


def _list(parent: dict[str, Any], key: str, at: str) -> list[Any]:
    value = parent.get(key)
    if not isinstance(value, list):
        raise MalformedError(f"{at}/{key}", f"expected a list, found {type(value).__name__}")
    return value


def _int(parent: dict[str, Any], key: str, at: str) -> int:
    value = parent.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise MalformedError(f"{at}/{key}", f"expected a whole number, found {value!r}")
    return value


def _ints(parent: dict[str, Any], key: str, at: str) -> list[int]:
    values = _list(parent, key, at)
    for i, value in enumerate(values):
        if not isinstance(value, int) or isinstance(value, bool):
            raise MalformedError(f"{at}/{key}/{i}", f"expected a whole number, found {value!r}")
    return values


def _text(parent: dict[str, Any], key: str, at: str) -> str:
    value = parent.get(key)
    if not isinstance(value, str):
        raise MalformedError(f"{at}/{key}", f"expected a string, found {value!r}")
    return value


def _at(values: list[Any], r: int) -> Any:
    """Entry ``r`` of a per-round list; None where the list stops short."""
    return values[r] if r < len(values) else None


def _round(player: dict[str, Any], key: str, seat: int, r: int) -> list[Any]:
    """A player's list for round ``r`` (``hands``, ``plays``)."""
    rounds = _list(player, key, f"/players/{seat}")
    if len(rounds) <= r or not isinstance(rounds[r], list):
        raise MalformedError(f"/players/{seat}/{key}/{r}", "expected a list of cards for the round")
    return rounds[r]  # type: ignore[no-any-return]


def _round_of(top: dict[str, Any], key: str, r: int) -> list[Any]:
    """``leaders[r]`` or ``winners[r]``: per trick, a player index."""
    rounds = _list(top, key, "")
    if len(rounds) <= r or not isinstance(rounds[r], list):
        raise MalformedError(f"/{key}/{r}", "expected a list of player indices for the round")
    return rounds[r]  # type: ignore[no-any-return]


def _card(value: Any, at: str) -> str:
    """``{"num": 14, "suit": 2}`` -> ``AS``."""
    card = _object(value, at)
    num, suit = card.get("num"), card.get("suit")
    valid = isinstance(num, int) and isinstance(suit, int) and not isinstance(num, bool)
    if not valid or not 2 <= num <= 14 or not 0 <= suit <= 3:  # type: ignore[operator]
        raise MalformedError(at, f"not a card: num {num!r}, suit {suit!r}")
    return RANKS[num - 2] + SUITS[suit]  # type: ignore[operator,index]
