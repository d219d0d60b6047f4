"""Rules blocks of every game, importable without pydantic (the engines use them)."""
