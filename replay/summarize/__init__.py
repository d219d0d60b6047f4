"""Answers from whole archives: summaries (``reducer``) and each game's own figures (``games``).

Everything here is a reducer over the replay steps (``replay.steps``): one pass over the input,
nothing of a record kept once it has been added. ``numbers`` keeps every sum exact and rounds a
figure once; ``names`` finds the names that look alike. ``games`` holds only the shape of a
game's counters; each game states its own in its rules half (``replay.registry``).
"""
