"""Documented exit codes of every ``tricklog`` command."""

from enum import IntEnum


class Exit(IntEnum):
    OK = 0
    """Every record is valid (and, for ``audit``, every claim matches)."""
    PROBLEMS = 1
    """At least one record has a problem."""
    USAGE = 2
    """The command line is wrong (unknown option, missing argument, bad value)."""
    UNREADABLE = 3
    """An input could not be read (missing file, no permission, corrupt compression),
    an output could not be written, or tricklog failed internally."""
