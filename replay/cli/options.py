"""Options shared by several commands, declared once."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer


class OutputFormat(StrEnum):
    TEXT = "text"
    JSON = "json"


Paths = Annotated[
    list[str],
    typer.Argument(
        help="Record files (.json, .jsonl, .ndjson, optionally .gz/.bz2/.xz), directories "
        "(searched recursively) or - for standard input.",
        show_default=False,
    ),
]
FormatOption = Annotated[
    OutputFormat,
    typer.Option(
        "--format", "-f", help="text for people, json for programs (the library's report)."
    ),
]
QuietOption = Annotated[
    bool, typer.Option("--quiet", "-q", help="Print only records with problems, and no progress.")
]
