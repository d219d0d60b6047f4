"""Answers from whole archives: summaries (``reducer``) and each game's own figures (``games``).

Everything here is a reducer over the replay steps (``replay.steps``): one pass over the input,
nothing of a record kept once it has been added.
"""

from replay.summarize.reducer import GROUPINGS, Group, Summary

__all__ = ["GROUPINGS", "Group", "Summary"]
