"""The run summary merges what chunks and workers counted, every count of it."""

from __future__ import annotations

from collections import Counter

import msgspec.structs

from records.io import ReadFailure
from replay.summary import Summary


def _filled(seed: int) -> Summary:
    return Summary(
        records=3 + seed,
        valid=1 + seed,
        in_progress=seed,
        hands=40 + seed,
        problems=Counter({"play.revoke": 1 + seed, f"code.{seed}": 2}),
        kinds=Counter({"illegal": 2 + seed}),
        unreadable=[ReadFailure(f"file{seed}", "unreadable")],
    )


def test_merge_adds_every_count() -> None:
    into, part = _filled(0), _filled(1)
    into.merge(part)
    assert into.records == 7 and into.valid == 3 and into.hands == 81
    assert into.in_progress == 1
    assert into.problems == Counter({"play.revoke": 3, "code.0": 2, "code.1": 2})
    assert into.kinds == Counter({"illegal": 5})
    assert [f.file for f in into.unreadable] == ["file0", "file1"]


def test_merge_knows_every_field() -> None:
    """A field added to the summary must be merged too: this lists the ones merge adds."""
    assert [f.name for f in msgspec.structs.fields(Summary)] == [
        "records",
        "valid",
        "in_progress",
        "hands",
        "problems",
        "kinds",
        "unreadable",
    ]
