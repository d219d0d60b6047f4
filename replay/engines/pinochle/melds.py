"""Pinochle melds and card points: what each meld is made of, what it is worth, and the
card-reuse rule, all on multisets because the double deck holds two of every card.

docs/pinochle.md: a physical card may serve in at most one meld of each class but in
melds of different classes. With duplicate cards that is checked per class as a multiset inclusion:
the cards of all melds declared in one class must be held, counted with multiplicity. So two
pinochles need both Q♠ and both J♦, and a royal marriage next to a flush needs the second K and Q of
trumps.

Replay checks every meld event, so the multisets are plain ``dict`` counts and each meld's
cards are looked up once per (kind, trump, suit) (``_need``); ``Counter`` arithmetic is left to
the messages of melds that fail. Pure functions of plain values; no pydantic, no I/O.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from msgspec import Struct

from records.cards import PINOCHLE_48
from records.problems import Violation
from records.rules.pinochle import PinochleRules

DECK = PINOCHLE_48
SUITS = "CDHS"

MELD_VALUES: dict[str, int] = {  # docs/pinochle.md meld table (R-PENGUIN, R-WIKI-PIN, R-888)
    "flush": 150,
    "royal_marriage": 40,
    "marriage": 20,
    "dix": 10,
    "aces": 100,
    "kings": 80,
    "queens": 60,
    "jacks": 40,
    "pinochle": 40,
}
BONUS_VALUES: dict[str, int] = {  # double_meld_values = "bonus" (R-WIKI-PIN, R-PENGUIN)
    "double_flush": 1500,
    "double_aces": 1000,
    "double_kings": 800,
    "double_queens": 600,
    "double_jacks": 400,
    "double_pinochle": 300,
}
EXTRA_VALUES: dict[str, int] = {  # R-PENGUIN "by agreement", R-WIKI-PIN two-hand text
    "flush_extra_king": 190,
    "flush_extra_queen": 190,
    "flush_extra_marriage": 230,
    "grand_pinochle": 60,
    "round_house": 250,
}

CARD_POINTS: dict[str, dict[str, int]] = {  # docs/pinochle.md table; each totals 240 in cards
    "classic": {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0},  # "basic Pinochle"
    "alt_a": {"A": 10, "T": 10, "K": 5, "Q": 5, "J": 0, "9": 0},  # seed alternative (a)
    "alt_b": {"A": 10, "T": 10, "K": 10, "Q": 0, "J": 0, "9": 0},  # seed alternative (b)
    "simplified": {"A": 1, "T": 1, "K": 1, "Q": 0, "J": 0, "9": 0},  # R-WIKI-PIN method 4
}

_AROUND = {"aces": "A", "kings": "K", "queens": "Q", "jacks": "J"}
_SEQUENCE = "ATKQJ"

Counts = Mapping[str, int]
"""A multiset of cards: how many copies of each."""


class ScoredMeld(NamedTuple):
    """A declared meld that was checked: its kind, its cards and what it is worth."""

    kind: str
    cards: tuple[str, ...]
    value: int


class MeldRules(Struct, frozen=True):
    """What a rules block says about melds, looked up once per rules (``meld_rules``)."""

    allowed: frozenset[str]
    """The melds the rules know (``is_meld_allowed``)."""
    values: dict[str, int]
    """``meld_value`` of each allowed meld."""
    classes: dict[str, tuple[str, ...]]
    """``meld_classes`` of each allowed meld."""


def meld_rules(rules: PinochleRules) -> MeldRules:
    """The melds of ``rules`` (the engine works them out once per rules block)."""
    kinds = [k for k in (*MELD_VALUES, *BONUS_VALUES, *EXTRA_VALUES) if is_meld_allowed(rules, k)]
    return MeldRules(
        frozenset(kinds),
        {k: meld_value(rules, k) for k in kinds},
        {k: _classes(rules.dix_class, k) for k in kinds},
    )


def counts(cards: Iterable[str]) -> dict[str, int]:
    """``cards`` as a multiset."""
    found: dict[str, int] = {}
    for card in cards:
        found[card] = found.get(card, 0) + 1
    return found


def card_points(rules: PinochleRules, cards: Iterable[str]) -> int:
    table = CARD_POINTS[rules.card_points]
    return sum(table[c[0]] for c in cards)


def meld_value(rules: PinochleRules, kind: str) -> int:
    value = MELD_VALUES.get(kind) or BONUS_VALUES.get(kind) or EXTRA_VALUES[kind]
    return value // 10 if rules.card_points == "simplified" else value


def meld_classes(rules: PinochleRules, kind: str) -> tuple[str, ...]:
    """The reuse classes a meld belongs to: A sequences, B arounds, C pinochles (D: the dix
    under ``dix_class = special``). The round house is marriages and arounds at once."""
    return _classes(rules.dix_class, kind)


@functools.lru_cache(maxsize=64)
def _classes(dix_class: str, kind: str) -> tuple[str, ...]:
    if kind == "dix":
        return ("A",) if dix_class == "A" else ("D",)
    if kind == "round_house":
        return ("A", "B")
    if kind in ("flush", "royal_marriage", "marriage", "double_flush") or kind.startswith(
        "flush_extra"
    ):
        return ("A",)
    if kind.endswith("pinochle"):
        return ("C",)
    return ("B",)


def is_meld_allowed(rules: PinochleRules, kind: str) -> bool:
    """Whether the rules in force know this meld at all."""
    if kind in BONUS_VALUES:
        return rules.double_meld_values == "bonus"
    if kind.startswith("flush_extra"):
        return rules.flush_extra_marriage
    if kind == "grand_pinochle":
        return rules.grand_pinochle_60
    if kind == "round_house":
        return rules.round_house_bonus
    return kind in MELD_VALUES


def required_cards(kind: str, trump: str, cards: Sequence[str]) -> list[str] | None:
    """The exact cards meld ``kind`` needs with ``trump``; None for a marriage outside a
    plain suit. The declared ``cards`` only say which suit a plain marriage is in."""
    single = kind.removeprefix("double_")
    times = 2 if kind.startswith("double_") else 1
    if single == "flush" or kind.startswith("flush_extra"):
        extra = {"flush_extra_king": "K", "flush_extra_queen": "Q", "flush_extra_marriage": "KQ"}
        return [r + trump for r in _SEQUENCE + extra.get(kind, "")] * times
    if single == "royal_marriage":
        return ["K" + trump, "Q" + trump]
    if single == "marriage":
        suit = cards[0][-1] if cards else trump
        return None if suit == trump else ["K" + suit, "Q" + suit]
    if single == "dix":
        return ["9" + trump]
    if single in _AROUND:
        return [_AROUND[single] + s for s in SUITS] * times
    if single == "pinochle":
        return ["QS", "JD"] * times
    if kind == "grand_pinochle":
        return ["KS", "QS", "JD"]
    return [r + s for s in SUITS for r in "KQ"]  # round_house


@functools.lru_cache(maxsize=1024)
def _need(kind: str, trump: str, suit: str) -> tuple[list[str], list[str], dict[str, int]] | None:
    """``required_cards`` with the declared suit ``suit`` (a marriage's; "" for the others):
    (cards, cards in ``sorted`` order, as a multiset), or None."""
    need = required_cards(kind, trump, [suit] if suit else [])
    if need is None:
        return None
    return need, sorted(need), counts(need)


def check_meld(
    rules: PinochleRules, trump: str, held: Counts, kind: str, cards: Sequence[str]
) -> Violation | None:
    """Whether one declared meld is a real meld of its kind, made of cards the hand holds."""
    return _check_meld(meld_rules(rules), trump, held, kind, cards)


def _check_meld(
    known: MeldRules, trump: str, held: Counts, kind: str, cards: Sequence[str]
) -> Violation | None:
    if kind not in known.allowed:
        return Violation("meld.not-allowed", f"{kind} is not a meld under these rules", None, kind)
    found = _need(kind, trump, cards[0][-1] if cards and kind == "marriage" else "")
    if found is None:
        message = f"a marriage in trumps ({trump}) is a royal_marriage, not a marriage"
        return Violation("meld.wrong-cards", message, actual=cards)
    need, in_order, multiset = found
    if sorted(cards) != in_order:
        message = f"{' '.join(cards)} is not a {kind} with {trump} trump; it needs {' '.join(need)}"
        return Violation("meld.wrong-cards", message, DECK.sorted(need), cards)
    for card, times in multiset.items():
        if held.get(card, 0) < times:
            missing = Counter(cards) - Counter(held)
            message = f"the declarer's 18 cards do not hold {' '.join(sorted(missing.elements()))}"
            return Violation("meld.cards-not-held", f"{message} for the {kind}", actual=cards)
    return None


def check_melds(
    rules: PinochleRules | MeldRules,
    trump: str,
    hand: Sequence[str] | Counts,
    melds: Sequence[tuple[str, Sequence[str]]],
) -> tuple[int, Violation] | None:
    """The first declared meld that is not a real meld of the 18-card ``hand`` (its cards, or
    their multiset) with its index, or None. Checks each meld, then the reuse rule per class on
    multisets: the melds of one class together must be held, counting copies."""
    known = rules if isinstance(rules, MeldRules) else meld_rules(rules)
    held = hand if isinstance(hand, Mapping) else counts(hand)
    used: dict[str, dict[str, int]] = {}
    for index, (kind, cards) in enumerate(melds):
        violation = _check_meld(known, trump, held, kind, cards)
        if violation is not None:
            return index, violation
        for cls in known.classes[kind]:
            seen = used.setdefault(cls, {})
            over = False
            for card in cards:
                seen[card] = times = seen.get(card, 0) + 1
                over = over or times > held.get(card, 0)
            if over:
                extra = Counter(seen) - Counter(held)
                return index, Violation(
                    "meld.reused-card",
                    f"the {kind} uses {' '.join(sorted(extra.elements()))} again in class {cls}; "
                    "a card serves only once per class (the hand holds too few copies)",
                    actual=cards,
                )
    return None


def score_melds(
    rules: PinochleRules | MeldRules, melds: Sequence[tuple[str, Sequence[str]]]
) -> tuple[ScoredMeld, ...]:
    """The declared melds (checked) with their values."""
    values = (rules if isinstance(rules, MeldRules) else meld_rules(rules)).values
    return tuple(ScoredMeld(k, tuple(c), values[k]) for k, c in melds)


def bonus_reading(rules: PinochleRules, melds: Sequence[ScoredMeld]) -> int:
    """The meld total if each pair of identical declared melds were scored as its bonus double
    (docs/pinochle.md, Q-PIN-4: a record whose claimed meld matches only this was kept under ``bonus``)."""
    found = Counter(m.kind for m in melds)
    total = sum(m.value for m in melds)
    for kind, times in found.items():
        double = "double_" + kind
        if double in BONUS_VALUES:
            pairs = times // 2
            total += pairs * (meld_value(rules, double) - 2 * meld_value(rules, kind))
    return total


def lost_meld_card(
    rules: PinochleRules,
    hand18: Sequence[str] | Counts,
    buried: Sequence[str],
    melds: Sequence[ScoredMeld],
) -> str | None:
    """A card of a scored meld that the burial took away (docs/pinochle.md), or None. Checked per
    class on multisets: each class's meld cards must still be in the 15 cards kept."""
    if not melds:
        return None
    kept = dict(hand18) if isinstance(hand18, Mapping) else counts(hand18)
    for card in buried:
        kept[card] = kept.get(card, 0) - 1
    by_class: dict[str, dict[str, int]] = {}
    for meld in melds:
        if meld.value <= 0:
            continue
        for cls in _classes(rules.dix_class, meld.kind):
            need = by_class.setdefault(cls, {})
            for card in meld.cards:
                need[card] = need.get(card, 0) + 1
    for need in by_class.values():
        short = [card for card, times in need.items() if times > kept.get(card, 0)]
        if short:
            return min(short)
    return None


def available_melds(
    rules: PinochleRules, hand: Sequence[str], trump: str
) -> list[tuple[str, list[str]]]:
    """A set of melds the hand can declare together under the reuse rule, as large as the
    classes allow (per class, greedy). Round house and flush-plus-extra melds are left out."""
    held = Counter(hand)
    bonus = rules.double_meld_values == "bonus"
    out: list[tuple[str, list[str]]] = []

    def add(kind: str, times: int, suit: str = trump) -> None:
        need = required_cards(kind, trump, ["K" + suit])
        out.extend((kind, list(need or [])) for _ in range(times))

    flushes = min(held[r + trump] for r in _SEQUENCE)
    if bonus and flushes == 2:
        add("double_flush", 1)
    else:
        add("flush", flushes)
    add("royal_marriage", min(held["K" + trump], held["Q" + trump]) - flushes)
    add("dix", held["9" + trump])
    for suit in SUITS.replace(trump, ""):
        add("marriage", min(held["K" + suit], held["Q" + suit]), suit)
    for kind, rank in _AROUND.items():
        times = min(held[rank + s] for s in SUITS)
        if bonus and times == 2:
            add("double_" + kind, 1)
        else:
            add(kind, times)
    pinochles = min(held["QS"], held["JD"])
    if bonus and pinochles == 2:
        add("double_pinochle", 1)
        return out
    grand = min(pinochles, held["KS"]) if rules.grand_pinochle_60 else 0
    add("grand_pinochle", grand)
    add("pinochle", pinochles - grand)
    return out


def largest_meld(rules: PinochleRules, hand: Sequence[str], trump: str) -> tuple[int, list[str]]:
    """The most meld the hand could have declared with this trump, and its parts. Information
    for the audit only, never a score."""
    found = Counter(kind for kind, _ in available_melds(rules, hand, trump))
    parts = [
        f"{kind}{' x' + str(times) if times > 1 else ''} {meld_value(rules, kind) * times}"
        for kind, times in found.items()
    ]
    return sum(meld_value(rules, k) * t for k, t in found.items()), parts
