"""The command run again and again in one process (this test suite does; so may a service or a
notebook) keeps nothing of its earlier runs."""

from __future__ import annotations

import gc
import weakref

from tests.conftest import FIXTURES

GAME = FIXTURES / "oh_hell" / "valid" / "default-4p-complete-game.json"


class _Node:
    """An object that refers to itself: garbage only the cycle collector frees."""

    def __init__(self) -> None:
        self.me = self


def test_garbage_made_between_two_runs_of_the_command_is_still_collected(tricklog) -> None:  # type: ignore[no-untyped-def]
    """The command moves the process's objects out of the cycle collector's sight
    (``gc.freeze``) so that its collections do not walk them: once a process. Done at every run,
    it froze the garbage of everything run before, which was then never freed."""
    assert tricklog("audit", str(GAME)).code == 0
    was_enabled = gc.isenabled()
    gc.disable()  # so that the cycle is surely still there when the command runs again
    try:
        node = _Node()
        alive = weakref.ref(node)
        del node
        assert alive() is not None
        assert tricklog("audit", str(GAME)).code == 0
    finally:
        if was_enabled:
            gc.enable()
    gc.collect()
    assert alive() is None, "the second run froze the garbage of the first"
