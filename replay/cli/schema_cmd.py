"""``tricklog schema``: print or write the JSON Schema of the record format."""

from __future__ import annotations

import os
import sys
from typing import Annotated

import typer

from records.output import OutputError, open_output
from replay.cli.exit_codes import Exit
from replay.cli.options import GAME_NAMES, check_game, complete_game


def schema(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            help=f"The game: {GAME_NAMES}; omit it for the schema of any record.",
            callback=check_game,
            autocompletion=complete_game,
            show_default=False,
        ),
    ] = None,
    output_dir: Annotated[
        str | None,
        typer.Option(
            "--output-dir",
            metavar="DIR",
            help="Write every schema file into DIR instead (DIR is made if its parent exists).",
        ),
    ] = None,
) -> Exit:
    """Print the JSON Schema (Draft 2020-12) of record format version 1.

    Examples:

    \b
        tricklog schema > record.v1.schema.json
        tricklog schema oh_hell
        tricklog schema --output-dir schema
    """
    from records.schema import schema_bytes, schema_files

    if output_dir is not None:
        _make_directory(output_dir)
        for name, data in schema_files().items():
            with open_output(os.path.join(output_dir, name)) as stream:
                stream.write(data)
        return Exit.OK
    sys.stdout.buffer.write(schema_bytes(game))
    sys.stdout.buffer.flush()
    return Exit.OK


def _make_directory(name: str) -> None:
    """``name`` as a directory: made if missing (its parent must exist), refused if a file."""
    if os.path.isdir(name):
        return
    try:
        os.mkdir(name)
    except FileExistsError as exc:
        raise OutputError(f"{name}: not a directory") from exc
    except OSError as exc:
        raise OutputError(f"{name}: cannot make this directory: {exc.strerror}") from exc
