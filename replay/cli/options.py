"""Options and arguments shared by several commands, declared once."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

import typer

from records.games import GAME_IDS, TITLES, format_of, formats

if TYPE_CHECKING:
    from replay.rendering import Rendering


class OutputFormat(StrEnum):
    TEXT = "text"
    JSON = "json"


class ReportFormat(StrEnum):
    """The formats of validate's and audit's report: JSON Lines streams one line per record."""

    TEXT = "text"
    JSON = "json"
    JSONL = "jsonl"


GAME_NAMES = ", ".join(GAME_IDS)
PRESETS = "{presets}"
"""Stands in a help text for every game's presets (``oh_hell default, openspiel, hoyle;
pinochle ...``), filled in only when the help is shown: listing them loads the rules modules,
which ``tricklog --help`` and a run need not wait for."""


GAME_TITLES = "{games}"
"""Stands in a help text for the games' titles (``Oh Hell (Blackout), ...``), filled in when the
help is shown."""
FIGURES = "{figures}"
"""Stands in a help text for what each game adds to a summary, in its unit (``Oh Hell (Blackout):
points; bids made %, ...``), filled in when the help is shown: it loads every game's rules half."""


def expand(help_text: str) -> str:
    """``help_text`` with ``PRESETS``, ``GAME_TITLES`` and ``FIGURES`` filled in."""
    if PRESETS in help_text:
        listed = "; ".join(f"{game.id} {', '.join(game.presets)}" for game in formats())
        help_text = help_text.replace(PRESETS, listed)
    if GAME_TITLES in help_text:
        help_text = help_text.replace(GAME_TITLES, ", ".join(TITLES.values()))
    if FIGURES in help_text:
        from replay.registry import GAMES

        figures = (f"{g.title}: {g.stats.unit}; {g.stats.words}" for g in GAMES.values())
        help_text = help_text.replace(FIGURES, "; ".join(figures))
    return help_text


def check_game(value: str | None) -> str | None:
    """The callback of a game argument: a usage error that lists the games."""
    from replay.text import printable

    if value is not None and value not in GAME_IDS:
        raise typer.BadParameter(f"unknown game {printable(value)}; expected one of {GAME_NAMES}")
    return value


def in_range(low: int, high: int | None = None) -> Callable[[int | None], int | None]:
    """The callback of a number option: a usage error that names the range."""

    def check(value: int | None) -> int | None:
        if value is not None and (value < low or (high is not None and value > high)):
            bound = f"{low:,} to {high:,}" if high is not None else f"at least {low:,}"
            shown = str(value) if len(str(abs(value))) <= 30 else "a number of that size"
            raise typer.BadParameter(f"{shown} is out of range; give {bound}")
        return value

    return check


def complete_game(incomplete: str) -> list[str]:
    return [game for game in GAME_IDS if game.startswith(incomplete)]


def complete_preset(ctx: typer.Context, incomplete: str) -> list[str]:
    """The presets of the game already on the command line (of every game before that)."""
    # an option still waiting for its value leaves the arguments unparsed, in ctx.args
    game = ctx.params.get("game") or next((a for a in ctx.args if a in GAME_IDS), None)
    games = [format_of(game)] if game in GAME_IDS else formats()
    names = dict.fromkeys(preset for entry in games for preset in entry.presets)
    return [name for name in names if name.startswith(incomplete)]


GameArgument = Annotated[
    str,
    typer.Argument(
        metavar="GAME",
        help=f"The game: {GAME_NAMES}.",
        callback=check_game,
        autocompletion=complete_game,
        show_default=False,
    ),
]
PresetOption = Annotated[
    str,
    typer.Option(
        metavar="PRESET", help=f"Named rules preset: {PRESETS}.", autocompletion=complete_preset
    ),
]
"""The named rules preset a command makes its records under (each gives ``"default"``)."""
Paths = Annotated[
    list[str],
    typer.Argument(
        metavar="PATH...",
        help="Record files in any format tricklog reads (.json, .jsonl, .ndjson; the notation "
        ".tln; OpenSpiel .openspiel and playthroughs; OhHellWeb .ohw), told by their content, "
        "optionally compressed as .gz, .bz2, .xz or .zst; directories (searched recursively); "
        "URLs (s3://, gs://, az://, http(s)://, file://; globs and prefixes, with the store's "
        "extra installed); or - for standard input.",
        show_default=False,
    ),
]
FormatOption = Annotated[
    OutputFormat,
    typer.Option(
        "--format",
        "-f",
        metavar="text|json",
        help="text for people, json for programs (the library's report).",
    ),
]
QuietOption = Annotated[
    bool, typer.Option("--quiet", "-q", help="Print only records with problems, and no progress.")
]
RawCsvOption = Annotated[
    bool,
    typer.Option(
        "--raw-csv",
        help="Write CSV text cells exactly as they are, for programs. Without it a text cell "
        "starting with = + - @, a tab or a carriage return, which a spreadsheet would run as "
        "a formula, is written with a ' before it (docs/csv.md).",
    ),
]
CheckQuietOption = Annotated[
    bool,
    typer.Option(
        "--quiet", "-q", help="No progress bar, and no summary when every record is valid."
    ),
]
ReportFormatOption = Annotated[
    ReportFormat,
    typer.Option(
        "--format",
        "-f",
        metavar="text|json|jsonl",
        help="text for people; json, one document for programs (the library's report); jsonl, "
        "one line per record as it is checked, then a summary line.",
    ),
]
VerboseOption = Annotated[
    bool, typer.Option("--verbose", "-v", help="Text: a line for every valid record too.")
]
ProblemsOnlyOption = Annotated[
    bool,
    typer.Option(
        "--problems-only",
        help="json and jsonl: leave valid records out (the summary still counts them); "
        "text does so unless -v.",
    ),
]
JOBS_DEFAULT = 0
JobsOption = Annotated[
    int,
    typer.Option(
        "--jobs",
        "-j",
        metavar="N",
        help="Worker processes, at most one per core (more is said and capped); 1 to check in "
        "this process only; 0 (the default) picks from the input's size: one worker per 32 MiB "
        "of records (a compressed byte counted as 8), none below 64 MiB, so that a worker's "
        "start-up is repaid; a stream is checked here until 64 MiB have come. Small inputs are "
        "checked in this process whatever N is. The output is the same for every N.",
        callback=in_range(0, 1024),
    ),
]


def _storage(values: list[str] | None) -> list[str] | None:
    """The callback of ``--storage-option``: every store is opened with them from now on."""
    from records.remote import configure, parse_option

    try:
        configure([parse_option(value) for value in values or ()])
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    return values


StorageOption = Annotated[
    list[str] | None,
    typer.Option(
        "--storage-option",
        metavar="KEY=VALUE",
        help="An option of the object store that a URL input or output (s3://, gs://, az://, "
        "http(s)://) is read or written through, given to it as it is "
        "(endpoint_url=http://127.0.0.1:9000, anon=true, profile=NAME); repeat it for more. "
        "Credentials come the store's usual way (its environment variables, profiles) and "
        "are never printed.",
        callback=_storage,
        show_default=False,
    ),
]


def rendering(
    output: ReportFormat,
    *,
    audit: bool,
    verbose: bool,
    problems_only: bool,
    explain: bool = False,
) -> Rendering:
    """How validate and audit render each record; a usage error for options that contradict."""
    from replay.rendering import Rendering

    if verbose and problems_only:
        raise typer.BadParameter("give -v or --problems-only, not both", param_hint="'-v'")
    return Rendering(
        str(output.value),
        audit=audit,
        verbose=verbose,
        explain=explain,
        problems_only=problems_only,
    )
