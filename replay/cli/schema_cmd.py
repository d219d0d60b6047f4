"""``tricklog schema``: print or write the JSON Schema of the record format."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from replay.cli.exit_codes import Exit
from replay.cli.output import write_atomic
from replay.registry import GAMES


def schema(
    game: Annotated[
        str | None,
        typer.Argument(help=f"One of {', '.join(GAMES)}; omit for the schema of any record."),
    ] = None,
    output_dir: Annotated[
        Path | None,
        typer.Option("--output-dir", help="Write every schema file into this folder instead."),
    ] = None,
) -> Exit:
    """Print the JSON Schema (Draft 2020-12) of record format version 1."""
    from records.schema import schema_bytes, schema_files

    if output_dir is not None:
        for name, data in schema_files().items():
            write_atomic(output_dir / name, [data])
        return Exit.OK
    if game is not None and game not in GAMES:
        typer.echo(f"error: unknown game {game!r}; expected one of {', '.join(GAMES)}", err=True)
        return Exit.USAGE
    sys.stdout.buffer.write(schema_bytes(game))
    return Exit.OK
