"""What a person most likely meant: the card of a deck written another way (``10S`` -> ``TS``,
``10d`` -> ``Kd`` in the Italian deck), the key or value nearest to a misspelt one.

Used by ``records.messages`` for the "did you mean ...?" of a schema error. Standard library only.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from records.cards import FRENCH_52, ITALIAN_40, PINOCHLE_48, Deck

__all__ = ["DECK_WORDS", "closest", "deck_of_pattern", "guess", "suggest_card"]


def suggest_card(text: str, deck: Deck) -> str | None:
    """The card of ``deck`` that ``text`` most likely means (``10S`` -> ``TS``), or None."""
    if not isinstance(text, str):
        return None
    cleaned = text.strip()
    for symbol, letter in _SUIT_SYMBOLS.items():
        cleaned = cleaned.replace(symbol, letter)
    if deck is ITALIAN_40:
        candidates = _italian_readings(cleaned)
    else:
        candidates = _french_readings(cleaned.upper())
    for candidate in candidates:
        if candidate in deck.card_set and candidate != text:
            return candidate
    return None


def deck_of_pattern(pattern: str) -> Deck | None:
    """The deck whose card pattern (``Deck.pattern``) a schema error names, if any."""
    return _DECK_BY_PATTERN.get(pattern)


def guess(word: str, options: Sequence[str]) -> str:
    """``; did you mean "x"?`` when one option is close to ``word``, else a full stop."""
    close = closest(word, options)
    return f'; did you mean "{close}"?' if close is not None else "."


def closest(word: str, options: Sequence[str]) -> str | None:
    """The option ``word`` most likely means: the same but for case, the only option it begins
    (``ascending`` -> ``ascending_to_max``), else the nearest by spelling."""
    lowered = {o.lower(): o for o in options}
    if word.lower() in lowered:
        return lowered[word.lower()]
    starts = [o for o in lowered if len(word) >= 3 and o.startswith(word.lower())]
    if len(starts) == 1:
        return lowered[starts[0]]
    found = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.55)
    return lowered[found[0]] if found else None


# --- cards -------------------------------------------------------------------------------------

_DECK_BY_PATTERN = {deck.pattern: deck for deck in (FRENCH_52, PINOCHLE_48, ITALIAN_40)}
DECK_WORDS = {
    FRENCH_52.name: (
        "52-card deck",
        "its rank (2-9, T for the ten, J, Q, K, A) then its suit (C, D, H, S), e.g. AS, TD, 9H.",
    ),
    PINOCHLE_48.name: (
        "48-card pinochle deck",
        "its rank (9, J, Q, K, T for the ten, A) then its suit (C, D, H, S), e.g. AS, TD, 9H.",
    ),
    ITALIAN_40.name: (
        "40-card Italian deck",
        "its rank in upper case (2 4 5 6 7, J Fante, N Cavallo, K Re, 3, A) then its suit in "
        "lower case (b bastoni, c coppe, d denari, s spade), e.g. Ad, 3c, Ns.",
    ),
}
_SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}
_ITALIAN_RANKS = {
    "1": "A",  # Italian packs number the ace 1 ...
    "8": "J",  # ... and the court cards 8, 9, 10
    "9": "N",
    "10": "K",
    "F": "J",  # Fante
    "C": "N",  # Cavallo
    "Q": "N",  # the Donna of French-suited Italian packs stands for the Cavallo
    "D": "N",
    "R": "K",  # Re
}


def _french_readings(text: str) -> list[str]:
    """Readings of an upper-cased French card: ``10S`` -> ``TS``, ``SA`` -> ``AS``."""
    text = text.replace("10", "T").replace(" ", "")
    return [text, text[::-1]] if len(text) == 2 else []


def _italian_readings(text: str) -> list[str]:
    """Readings of an Italian card: ``AD`` -> ``Ad``, ``10d`` -> ``Kd``, ``Fs`` -> ``Js``."""
    text = text.replace(" ", "")
    if len(text) < 2:
        return []
    rank, suit = text[:-1].upper(), text[-1].lower()
    readings = [_ITALIAN_RANKS.get(rank, rank) + suit, rank + suit]
    if len(text) == 2:  # suit written first: "dA"
        readings.append(text[1].upper() + text[0].lower())
    return readings
