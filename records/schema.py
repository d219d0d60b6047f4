"""JSON Schema (Draft 2020-12) of the record format, generated from the models.

The generated files are checked in under ``schema/`` (one per game and one for any record); a
test fails when they are stale. Regenerate with ``tricklog schema --output-dir schema``.
"""

from __future__ import annotations

from typing import Any

import orjson
from pydantic import TypeAdapter

from records.base import FORMAT_VERSION
from records.record import GAMES, AnyRecord

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def build(game: str | None = None) -> dict[str, Any]:
    """The schema of one game's records, or of any record when ``game`` is None."""
    if game is None:
        body = TypeAdapter(AnyRecord).json_schema(mode="validation")
        title = "tricklog record"
        description = "Any tricklog record, told apart by its `game` field."
    else:
        body = GAMES[game].model_json_schema(mode="validation")
        title = f"tricklog {game} record"
        description = str(body.pop("description", ""))
    name = game or "record"
    head = {
        "$schema": DIALECT,
        "$id": f"urn:tricklog:schema:v{FORMAT_VERSION}:{name}",
        "title": title,
        "description": description,
    }
    body.pop("title", None)
    return head | body


def file_name(game: str | None) -> str:
    return f"{game or 'record'}.v{FORMAT_VERSION}.schema.json"


def schema_bytes(game: str | None = None) -> bytes:
    return orjson.dumps(build(game), option=orjson.OPT_INDENT_2) + b"\n"


def schema_files() -> dict[str, bytes]:
    """Every schema file, by file name, as it is checked in under ``schema/``."""
    return {file_name(g): schema_bytes(g) for g in (None, *GAMES)}
