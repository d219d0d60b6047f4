"""tricklog referee: rules engines, replay, audit, and the tricklog command."""
