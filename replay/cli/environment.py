"""The environment variables the ``tricklog`` command reads, checked once as it starts.

Every command checks them the same way, before it reads anything: a value it cannot use is a
usage error (exit 2) whose message names the variable, shows the value and says what it takes.
An empty variable is one that is not set. The README's "Environment variables" table lists
these, and the variables of the build and of the tests.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

__all__ = ["LIMITS", "VARIABLES", "check", "debug"]

LIMITS = ("TRICKLOG_MAX_RECORD_BYTES", "TRICKLOG_MAX_RATIO")
"""The variables of ``records.limits.ReadLimits.from_environment``, which reads them for the
library too."""

VARIABLES = {
    "TRICKLOG_MAX_RECORD_BYTES": "the most bytes of one record (records.limits.ReadLimits)",
    "TRICKLOG_MAX_RATIO": "the most bytes decompressed per compressed byte",
    "TRICKLOG_DEBUG": "1 to show the traceback of an internal error, as --debug does",
}
"""What the command reads, and what for."""


def debug(environ: Mapping[str, str] | None = None) -> bool:
    """Whether ``TRICKLOG_DEBUG`` asks for tracebacks; ``records.limits.SettingError`` (a
    ``ValueError``) for a value that is not a yes or a no. Unset or empty, it is no, and
    ``records.limits`` is not loaded for it."""
    if not (os.environ if environ is None else environ).get("TRICKLOG_DEBUG"):
        return False
    from records.limits import debug_requested

    return debug_requested(environ)


def check(environ: Mapping[str, str] | None = None) -> None:
    """Check every variable of ``VARIABLES``; ``records.limits.SettingError`` (a
    ``ValueError``) for the first it cannot use. The limits are read as the library reads
    them, and only when one is set: ``tricklog --help`` need not load ``records.limits``."""
    env = os.environ if environ is None else environ
    debug(env)
    if any(env.get(name) for name in LIMITS):
        from records.limits import ReadLimits

        ReadLimits.from_environment(env)
