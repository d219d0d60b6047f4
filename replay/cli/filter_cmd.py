"""``tricklog filter``: keep the records that match, as they were read.

A record is written as the bytes it was read from, never re-serialised (``record_line``): a line
of a JSON Lines archive exactly as it was, its line ending (``\\n`` or ``\\r\\n``) and the spaces
or tabs around the record included (a file's last line, which may have no line ending, gets
``\\n``); a record that spans lines (an indented file, an element of an indented array) has each
line break and the indentation around it replaced by one space, which changes nothing in JSON (a
line break cannot occur inside a JSON string). Blank lines hold no record and are not written
(nor are the spaces that begin the line after one, which ``records.io`` skips with them).
A record read from another format (the notation, OpenSpiel, OhHellWeb) is written as the JSON it
reads as; one that does not read as a record has no JSON to write (``unwritable``). The output is
JSON Lines, compressed as its name says (``records.output``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

import typer

from records.words import number_of
from replay.cli.exit_codes import Exit
from replay.cli.options import (
    PRESETS,
    Paths,
    StorageOption,
    check_game,
    complete_game,
    complete_preset,
    expand,
    in_range,
)

if TYPE_CHECKING:
    from records.io import Entry

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}$")
_BREAK = re.compile(rb"[ \t]*\r?\n[ \t\r\n]*")


def record_line(data: bytes) -> bytes:
    """A record's bytes as one line of JSON Lines (see the module): a line as it was, with
    ``\\n`` after it if it had no line ending; a record over several lines joined into one."""
    if b"\n" not in data[:-1]:  # one line: kept byte for byte
        return data if data.endswith(b"\n") else data + b"\n"
    return _BREAK.sub(b" ", data.strip(b" \t\r\n")) + b"\n"


def unwritable(entry: Entry) -> str | None:
    """Why a record cannot be written as JSON Lines, or None: one read from another format (the
    notation, OpenSpiel, OhHellWeb) that does not read as a record has no JSON of its own."""
    if not entry.problems:
        return None
    count, first = len(entry.problems), entry.problems[0].message
    return (
        f"{entry.where}: not a record ({number_of(count, 'problem')}; the first: {first}); "
        "it has no JSON to write, so it is left out"
    )


def _date(value: str | None) -> str | None:
    if value is not None and not _DATE.match(value):
        raise typer.BadParameter(f"{value!r} is not a date; give YYYY-MM-DD")
    return value


@dataclass(frozen=True, slots=True)
class Criteria:
    """What a kept record matches (None: anything)."""

    game: str | None = None
    preset: str | None = None
    player: str | None = None
    event: str | None = None
    date_from: str | None = None
    date_to: str | None = None
    valid: bool | None = None
    problem: str | None = None
    hands_min: int | None = None
    hands_max: int | None = None

    @property
    def replays(self) -> bool:
        """Whether matching needs the record replayed (its problems)."""
        return self.valid is not None or self.problem is not None

    @property
    def reads(self) -> bool:
        """Whether matching needs the record's fields."""
        return any(
            value is not None
            for value in (
                self.game,
                self.preset,
                self.player,
                self.event,
                self.date_from,
                self.date_to,
                self.hands_min,
                self.hands_max,
            )
        )

    def fields(self, record: Any) -> bool:
        """Whether a decoded record's own fields match."""
        meta = record.meta
        date = ((meta.date if meta is not None else None) or "")[:10]
        dated = _DATE.match(date) is not None
        checks: list[tuple[Any, Callable[[], bool]]] = [
            (self.game, lambda: record.game == self.game),
            (self.preset, lambda: record.rules.preset == self.preset),
            (self.player, lambda: any(p.name == self.player for p in record.players)),
            (self.event, lambda: meta is not None and meta.event == self.event),
            (self.date_from, lambda: dated and date >= str(self.date_from)),
            (self.date_to, lambda: dated and date <= str(self.date_to)),
            (self.hands_min, lambda: len(record.hands) >= int(self.hands_min or 0)),
            (self.hands_max, lambda: len(record.hands) <= int(self.hands_max or 0)),
        ]
        return all(test() for wanted, test in checks if wanted is not None)

    def problems(self, codes: set[str]) -> bool:
        """Whether a record with these problem codes matches."""
        if self.valid is not None and self.valid == bool(codes):
            return False
        return self.problem is None or self.problem in codes

    def matches(self, entry: Entry) -> bool:
        """Whether a record matches: decoded only if a field is asked for, replayed (every
        claim compared, as ``audit`` does) only if its problems are."""
        if not (self.reads or self.replays):
            return True
        from replay.check import check, decode_entry

        decoded = decode_entry(entry)
        if isinstance(decoded, list):  # does not parse: no fields, only problems
            return not self.reads and self.problems({p.code for p in decoded})
        if self.reads and not self.fields(decoded):
            return False
        if not self.replays:
            return True
        report = check(decoded, audit=True, detail=False)
        return self.problems({p.code for p in report.problems})


Output = Annotated[
    str,
    typer.Option(
        "--output",
        "-o",
        metavar="FILE",
        help="Write the records here as JSON Lines (whole or not at all; .gz, .bz2, .xz or "
        ".zst compresses; - for standard output).",
    ),
]


def filter_records(
    paths: Paths,
    output: Output = "-",
    game: Annotated[
        str | None,
        typer.Option(
            metavar="GAME", callback=check_game, autocompletion=complete_game, help="The game."
        ),
    ] = None,
    preset: Annotated[
        str | None,
        typer.Option(
            metavar="PRESET",
            help=f"The rules preset the record names: one of {PRESETS}.",
            autocompletion=complete_preset,
        ),
    ] = None,
    player: Annotated[
        str | None, typer.Option(metavar="NAME", help="A player of that exact name sits in.")
    ] = None,
    event: Annotated[str | None, typer.Option(metavar="EVENT", help="meta.event is EVENT.")] = None,
    date_from: Annotated[
        str | None,
        typer.Option(metavar="YYYY-MM-DD", callback=_date, help="Played on or after (meta.date)."),
    ] = None,
    date_to: Annotated[
        str | None,
        typer.Option(metavar="YYYY-MM-DD", callback=_date, help="Played on or before."),
    ] = None,
    valid: Annotated[
        bool | None,
        typer.Option(
            "--valid/--invalid",
            help="Only records audit finds no problem in (every claim compared), or only those "
            "with a problem.",
            show_default=False,
        ),
    ] = None,
    problem: Annotated[
        str | None,
        typer.Option(
            metavar="CODE", help="Only records with this problem code (tricklog codes lists them)."
        ),
    ] = None,
    hands_min: Annotated[
        int | None,
        typer.Option(metavar="N", callback=in_range(0), help="At least N recorded hands."),
    ] = None,
    hands_max: Annotated[
        int | None,
        typer.Option(metavar="N", callback=in_range(0), help="At most N recorded hands."),
    ] = None,
    count: Annotated[
        bool, typer.Option("--count", help="Print only how many records match; write nothing.")
    ] = False,
    storage: StorageOption = None,
) -> Exit:
    """Keep the records that match every criterion given, in input order, as they were read
    (the bytes of each record, not re-serialised), as JSON Lines.

    A record that does not parse matches only criteria on problems (--invalid, --problem).
    The criteria on fields read the record only; --valid, --invalid and --problem replay it
    with every claim compared, as audit does. A record of the notation, OpenSpiel or OhHellWeb
    is written as the JSON it reads as; one that does not read as a record has no JSON to
    write, and is left out with an error. Exit 0 when a record matched, 1 when none did (as
    grep; the output, or the count 0, is written all the same), 2 for a usage error (an
    unknown game, preset or problem code among them), 3 if an input is unreadable or a
    matching record has no JSON to write (the rest is still filtered), or the output cannot be
    written.

    Examples:

    \b
        tricklog filter games.jsonl --player Anna -o anna.jsonl
        tricklog filter archive/ --game pinochle --preset hoyle -o hoyle.jsonl.gz
        tricklog filter games.jsonl --invalid -o broken.jsonl
        tricklog filter games.jsonl --problem play.revoke --count
        tricklog filter club/ --date-from 2026-01-01 --date-to 2026-03-31 --hands-min 10 -o q1.jsonl
    """
    _check_names(game, preset, problem)
    criteria = Criteria(
        game,
        preset,
        player,
        event,
        date_from,
        date_to,
        valid,
        problem,
        hands_min,
        hands_max,
    )
    from records.io import Entry, iter_entries
    from records.output import open_output
    from replay.text import printable

    matched, failed = 0, False
    with nullcontext(None) if count else open_output(output) as stream:
        for item in iter_entries(paths):
            if not isinstance(item, Entry):
                failed |= _report_failure(item)
            elif criteria.matches(item):
                matched += 1
                why = unwritable(item) if stream is not None else None
                if why is not None:
                    typer.echo(f"error: {printable(why)}", err=True)
                    failed = True
                elif stream is not None:
                    stream.write(record_line(item.data))
    if count:
        typer.echo(str(matched))
    if failed:
        return Exit.UNREADABLE
    return Exit.OK if matched else Exit.PROBLEMS  # as grep: 1 when nothing matched


def _check_names(game: str | None, preset: str | None, problem: str | None) -> None:
    """A usage error for a preset or a problem code no record can name (no record could match),
    with the nearest name tricklog knows."""
    from records.games import GAME_IDS, format_of
    from records.suggest import closest
    from replay.text import printable

    def unknown(what: str, name: str, names: list[str], listed: str) -> typer.BadParameter:
        meant = closest(name, names)
        hint = f" (did you mean {meant}?)" if meant is not None else ""
        option = "'--preset'" if what == "preset" else "'--problem'"
        return typer.BadParameter(
            f"unknown {what} {printable(name)}{hint}; {listed}", param_hint=option
        )

    if preset is not None:
        games = [game] if game is not None else list(GAME_IDS)
        names = list(dict.fromkeys(name for g in games for name in format_of(g).presets))
        if preset not in names:
            listed = f"{game}'s are {', '.join(names)}" if game else f"they are {expand(PRESETS)}"
            raise unknown("preset", preset, names, listed)
    if problem is not None:
        from records.codes import CODES

        if problem not in CODES:
            raise unknown("problem code", problem, list(CODES), "tricklog codes lists them")


def _report_failure(item: Any) -> bool:
    """Say on stderr that an input is unreadable; whether ``item`` was such a failure."""
    from records.io import ReadFailure
    from replay.text import printable

    if not isinstance(item, ReadFailure):
        return False
    typer.echo(f"error: {printable(item.file)}: {printable(item.message)}", err=True)
    return True
