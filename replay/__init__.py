"""tricklog referee: rules engines, replay, audit, and the tricklog command."""

from replay import export as _export  # noqa: F401 (adds the score-sheet formats to the registry)
