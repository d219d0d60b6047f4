"""tricklog record format: models, card notation, readers and writers."""
