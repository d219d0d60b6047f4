"""The summary of a run over many records: counts by verdict, by problem code and kind.

A reducer over reports, like every consumer: ``Summary.add`` takes each record's report as it
streams by; the command prints ``to_dict()`` (or its text form) at the end.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from msgspec import Struct, field

from records.io import ReadFailure
from replay.report import RecordReport
from replay.steps import HandStatus

__all__ = ["Summary"]


class Summary(Struct):
    """Counts over a whole run."""

    records: int = 0
    valid: int = 0
    in_progress: int = 0
    """Records marked ``in_progress`` whose last hand stops where play stands."""
    hands: int = 0
    problems: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    unreadable: list[ReadFailure] = field(default_factory=list)

    def add(self, item: RecordReport | ReadFailure) -> None:
        if isinstance(item, ReadFailure):
            self.unreadable.append(item)
            return
        self.records += 1
        self.valid += item.valid
        hands = item.hands
        self.hands += len(hands)
        if hands and hands[-1].status is HandStatus.IN_PROGRESS:
            self.in_progress += 1
        for problem in item.problems:
            self.problems[problem.code] += 1
            self.kinds[problem.kind.value] += 1

    def merge(self, other: Summary) -> None:
        """Add the counts of ``other`` (a chunk's, a worker's) to these."""
        self.records += other.records
        self.valid += other.valid
        self.in_progress += other.in_progress
        self.hands += other.hands
        if other.problems:
            self.problems.update(other.problems)
        if other.kinds:
            self.kinds.update(other.kinds)
        self.unreadable.extend(other.unreadable)

    @property
    def all_valid(self) -> bool:
        """Every record valid and every input read."""
        return self.valid == self.records and not self.unreadable

    def to_dict(self) -> dict[str, Any]:
        return {
            "records": self.records,
            "valid": self.valid,
            "invalid": self.records - self.valid,
            "in_progress": self.in_progress,
            "hands": self.hands,
            "unreadable": len(self.unreadable),
            "problems": dict(sorted(self.problems.items())),
            "kinds": dict(sorted(self.kinds.items())),
        }
