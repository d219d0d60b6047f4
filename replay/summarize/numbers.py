"""Exact numbers for summaries: sums of any size, figures worked out as fractions and rounded
once, correctly, to the places an output shows.

A summary adds integers (points, chips, money) that have no bound: a Bestia pot that grows each
hand passes 64 bits within twenty hands and a float's range within a few hundred. So nothing
here goes through a float. A sum is an ``int``, or under exact pot rounding a ``Fraction`` of
the unit; a figure (a mean, a percentage) is the exact ``Fraction`` of two sums, rounded half
to even only when it is shown, so every digit printed is a true digit of the figure.

>>> rounded(Fraction(1, 3), 3)
Decimal('0.333')
>>> rounded(Fraction(5, 2), 0), rounded(Fraction(7, 2), 0)
(Decimal('2'), Decimal('4'))
>>> rounded(Fraction(10**40 + 1, 8), 2)
Decimal('1250000000000000000000000000000000000000.12')
>>> fixed(Fraction(-1, 3), 2), fixed(Fraction(3, 2), 3)
('-0.33', '1.500')
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

__all__ = ["Money", "exact", "fixed", "ratio", "rounded", "trimmed"]

Money = int | Fraction
"""A sum: an integer, or (Bestia under exact pot rounding) a fraction of the unit."""


def ratio(top: Money, bottom: Money, scale: int = 1) -> Fraction | None:
    """``scale * top / bottom`` exactly; None when ``bottom`` is 0 (nothing to divide by)."""
    if not bottom:
        return None
    return Fraction(scale * top) / bottom


def rounded(value: Money, places: int) -> Decimal:
    """``value`` rounded half to even to ``places`` decimals, exactly (any size)."""
    scaled = round(Fraction(value) * 10**places)  # a Fraction rounds exactly, half to even
    return Decimal((0 if scaled >= 0 else 1, _digits(abs(scaled)), -places))


def _digits(number: int) -> tuple[int, ...]:
    """The decimal digits of a natural number (a Decimal takes them without ``str``'s limit on
    long integers)."""
    return Decimal(number).as_tuple().digits


def fixed(value: Money, places: int) -> str:
    """``value`` as text, rounded to exactly ``places`` decimals (trailing zeros kept)."""
    return format(rounded(value, places), "f")


def trimmed(value: Money, places: int) -> Decimal:
    """``value`` rounded to ``places`` decimals, without trailing zeros: ``1.96``, ``42.5``,
    ``100`` (the figures of a summary for programs)."""
    text = fixed(value, places)
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return Decimal(text)


def exact(value: Any) -> Any:
    """A sum as data: an integer, or a fraction that is not whole as ``{"numerator": n,
    "denominator": d}``, as the record format writes money (and ``RecordReport.to_dict``)."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return value.numerator
        return {"numerator": value.numerator, "denominator": value.denominator}
    return value
