"""``records.seen.FirstSeen`` answers as a dict from key to first place does (``dedupe``)."""

from __future__ import annotations

import hashlib

from hypothesis import given, settings
from hypothesis import strategies as st

from records.seen import FirstSeen

_ITEMS = st.lists(
    st.tuples(
        st.integers(0, 300),  # which key: few, so that many repeat
        st.sampled_from(["a.jsonl", "b.json", "dir/c.tln", "-"]),
        st.one_of(st.none(), st.integers(1, 2**39)),
    ),
    max_size=3000,
)


@settings(max_examples=60, deadline=None)
@given(_ITEMS)
def test_it_answers_as_a_dict_would(items: list[tuple[int, str, int | None]]) -> None:
    seen, expected = FirstSeen(), {}
    for number, file, line in items:
        key = hashlib.sha256(str(number).encode()).digest()
        place = file if line is None else f"{file}:{line}"
        assert seen.first(key, file, line) == expected.get(key)
        expected.setdefault(key, place)
    assert len(seen) == len(expected)


def test_it_grows_past_its_first_table_and_keeps_every_place() -> None:
    seen = FirstSeen()
    keys = [hashlib.sha256(n.to_bytes(4, "big")).digest() for n in range(5000)]
    for line, key in enumerate(keys, 1):
        assert seen.first(key, "big.jsonl", line) is None
    assert len(seen) == 5000
    assert [seen.first(key, "other", 1) for key in keys[::1000]] == [
        f"big.jsonl:{line}" for line in range(1, 5001, 1000)
    ]


def test_keys_that_share_their_low_word_are_told_apart() -> None:
    seen = FirstSeen()
    low = bytes(8)
    first, second = b"\x01" * 8 + low, b"\x02" * 8 + low
    assert seen.first(first, "x", 1) is None and seen.first(second, "x", 2) is None
    assert seen.first(first, "y", 3) == "x:1" and seen.first(second, "y", 4) == "x:2"
