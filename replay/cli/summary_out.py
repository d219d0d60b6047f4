"""The outputs of ``tricklog summarize``: tables for people, JSON, CSV and Parquet for programs.

A terminal gets rich tables; a pipe or a file gets the same tables as plain text, columns
aligned with spaces (by terminal cells) and never wrapped (so does a terminal, for a table of
more than ``DRAWN_ROWS`` rows). JSON is ``Summary.to_dict()``: everything. CSV and Parquet hold
the groups' table only, one row per group, each game's counters and figures in columns named
``<game>_<name>`` (empty where a group did not play that game).

Every output carries every value exactly: a sum of any size, a fraction of money as ``n/d`` (in
JSON as ``{"numerator", "denominator"}``), a figure rounded once from its exact value to three
decimals. A Parquet column of sums is int64 where every value fits, else text of the exact
value; a column of figures is decimal128(38, 3) where every value fits, else text. The groups
are written one at a time (Parquet in row groups of ``BATCH``): an output never holds them all.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterable, Iterator
from contextlib import nullcontext
from decimal import Decimal
from fractions import Fraction
from typing import IO, TYPE_CHECKING, Any

from records.words import number_of
from replay.cli.exit_codes import Exit

if TYPE_CHECKING:
    from replay.summarize.reducer import Summary

DRAWN_ROWS = 1_000
"""The most rows a table drawn on a terminal has; a larger one is printed as plain text, which
is written row by row."""
BATCH = 2_000
"""Rows of one Parquet row group."""
INT64 = 1 << 63


def columns() -> list[str]:
    """Every column of the groups' table (csv, parquet, ``--sort``)."""
    from replay.summarize.reducer import columns as every

    return every()


def check_sort(sort: str | None) -> str | None:
    """Why ``--sort`` cannot be used, None when it can."""
    if sort is None or sort in columns():
        return None
    from replay.text import printable

    hint = ""
    if sort in ("score", "mean_score"):
        hint = (
            " (scores are kept apart by game, in their own units: oh_hell_points, "
            "pinochle_chips, bestia_net_money, and their means)"
        )
    return f"unknown --sort key {printable(sort)}{hint}; expected one of {', '.join(columns())}"


def run_summary(
    paths: list[str],
    *,
    by: str,
    top: int | None,
    sort: str | None,
    output_format: str,
    output: str,
    quiet: bool,
    raw_csv: bool = False,
) -> Exit:
    """Summarize every record under ``paths`` and write the summary; return the exit code.
    ``raw_csv``: CSV text cells as they are, even those a spreadsheet would run as a formula."""
    from records.io import iter_entries
    from replay.summarize.reducer import Summary

    if output_format == "parquet":  # say so before the long read
        from records.formats.registry import by_name

        missing = by_name("parquet").missing()
        if missing is not None:
            print(f"error: --format {missing}", file=sys.stderr)
            return Exit.USAGE
    summary = Summary(by=by)
    bar_context = _progress() if not quiet and sys.stderr.isatty() else nullcontext()
    with bar_context as bar:
        task = bar.add_task("summarize", total=None) if bar is not None else None
        for item in iter_entries(paths):
            summary.add(item)
            if bar is not None:
                bar.advance(task)
    keys = summary.keys(sort, top)
    if output_format != "json":
        _failures(summary)
    if output_format in ("csv", "parquet"):
        _notes(summary)  # the table has no room for them; text and json carry them
    if output_format == "parquet":
        _parquet(summary, keys, output)
    else:
        _write(summary, keys, output_format, output, raw_csv=raw_csv)
    return _exit(summary)


def _progress() -> Any:
    """A spinner with the count of records summarized, on stderr, gone when done."""
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from replay.cli.terminal import console

    return Progress(
        SpinnerColumn(),
        TextColumn("{number_of(task.completed, 'record')} summarized", markup=False),
        TimeElapsedColumn(),
        console=console(sys.stderr),
        transient=True,
    )


def _exit(summary: Summary) -> Exit:
    return Exit.UNREADABLE if summary.unreadable or summary.errors else Exit.OK


def _failures(summary: Summary) -> None:
    from replay.text import printable

    for failure in summary.unreadable:
        print(f"error: {printable(failure.file)}: {printable(failure.message)}", file=sys.stderr)
    for error in summary.errors:
        print(f"error: {printable(error.file)}: {printable(error.message)}", file=sys.stderr)


def _notes(summary: Summary) -> None:
    """The notes on names, on standard error: look-alikes, one name at several seats."""
    from replay.cli.summary_tables import shown_name
    from replay.summarize.names import WHY
    from replay.text import printable

    alike, complete = summary.lookalikes()
    for group in alike:
        names = ", ".join(shown_name(name) for name in group.names)
        note = f"note: names that look alike, counted apart: {names}: {WHY[group.why]}"
        print(note, file=sys.stderr)
    if not complete:
        print("note: not every name was checked for look-alikes", file=sys.stderr)
    if summary.repeated:
        first = "; ".join(
            f"{printable(r['place'])}: {printable(r['name'])} at seats "
            + ", ".join(map(str, r["seats"]))
            for r in summary.repeated_first
        )
        print(
            f"note: {number_of(summary.repeated, 'record')} seat one name at several seats, each counted "
            f"once for that name (first: {first})",
            file=sys.stderr,
        )


def _write(
    summary: Summary, keys: list[str], output_format: str, output: str, *, raw_csv: bool = False
) -> None:
    from records.output import open_output

    drawn = output_format == "text" and output == "-" and sys.stdout.isatty()
    if drawn and len(keys) <= DRAWN_ROWS:
        from replay.cli.terminal import console

        _rich(console(sys.stdout), summary, keys)
        return
    with open_output(output) as stream:
        if output_format == "json":
            _json(stream, summary, keys)
            return
        text = io.TextIOWrapper(stream, encoding="utf-8", newline="", write_through=True)
        try:
            if output_format == "csv":
                _csv(text, summary, keys, raw=raw_csv)
            else:
                for line in _plain(summary, keys):
                    text.write(line + "\n")
        finally:
            text.detach()


def _json(stream: IO[bytes], summary: Summary, keys: list[str]) -> None:
    """``summary.to_dict()`` as JSON, its groups written one at a time."""
    from replay.encode import json_bytes

    whole = summary.to_dict(keys=())
    names = list(whole)
    at = names.index("groups")
    before = json_bytes({name: whole[name] for name in names[:at]})
    after = json_bytes({name: whole[name] for name in names[at + 1 :]})
    stream.write(before[:-1] + b',"groups":[')
    for position, row in enumerate(summary.rows(keys)):
        stream.write((b"," if position else b"") + json_bytes(row))
    stream.write(b"]," + after[1:] + b"\n")


def present(summary: Summary, keys: Iterable[str]) -> list[str]:
    """The columns of the games some group played (every column of the others is empty)."""
    from replay.summarize.reducer import GAME_STATS, GENERAL

    keys = list(keys)
    played = [
        game
        for game in GAME_STATS
        if any(summary.value(key, f"{game}_hands") is not None for key in keys)
    ]
    return ["key", *GENERAL, *(f"{g}_{n}" for g in played for n in GAME_STATS[g].columns)]


def _text(value: Any) -> str:
    """A value as one exact cell of text: digits, ``n/d``, a figure's digits, or empty."""
    from replay.text import int_text

    if value is None:
        return ""
    if isinstance(value, int) and not isinstance(value, bool):
        return int_text(value)
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return int_text(value.numerator)
        return f"{int_text(value.numerator)}/{int_text(value.denominator)}"
    if isinstance(value, Decimal):
        return format(value, "f")
    return str(value)


def _values(summary: Summary, key: str, names: list[str]) -> Iterator[Any]:
    """A group's row: its key, then each column's exact value, a figure rounded to three
    decimals."""
    from replay.summarize.numbers import trimmed
    from replay.summarize.reducer import COLUMNS, PLACES

    yield key
    for name in names[1:]:
        value = summary.value(key, name)
        if COLUMNS[name][2] is not None and value is not None:
            yield trimmed(value, PLACES)
        else:
            yield value


class _Figure:
    """A number's exact text, which the CSV writer leaves as it is (only text cells are
    neutralised: a score of ``-20`` stays a number)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text


def _csv(out: IO[str], summary: Summary, keys: list[str], *, raw: bool = False) -> None:
    """The groups' table; a text cell (a group's key: a player's name, an event) that a
    spreadsheet would run as a formula gets a ``'`` before it, unless ``raw``."""
    from replay.export.cells import row_writer

    names = present(summary, keys)
    writer = row_writer(out, raw=raw, lineterminator="\n")
    writer.writerow(names)
    for key in keys:
        writer.writerow(
            [
                v if v is None or isinstance(v, str) else _Figure(_text(v))
                for v in _values(summary, key, names)
            ]
        )


def _parquet(summary: Summary, keys: list[str], output: str) -> None:
    """Write the groups as Parquet, in row groups of ``BATCH`` (the format registry said
    pyarrow is there)."""
    from records.output import open_output
    from replay.export.arrow import pyarrow

    pa, pq = pyarrow()

    names = present(summary, keys)
    schema = pa.schema([(name, _arrow_type(summary, keys, name)) for name in names])
    texts = {name for name in names if pa.types.is_string(schema.field(name).type)}
    with open_output(output) as stream, pq.ParquetWriter(stream, schema) as writer:
        for start in range(0, max(len(keys), 1), BATCH):
            batch: dict[str, list[Any]] = {name: [] for name in names}
            for key in keys[start : start + BATCH]:
                for name, value in zip(names, _values(summary, key, names), strict=True):
                    batch[name].append(
                        _text(value) if name in texts and value is not None else value
                    )
            writer.write_batch(pa.RecordBatch.from_pydict(batch, schema=schema))


def _arrow_type(summary: Summary, keys: list[str], name: str) -> Any:
    """int64 for sums that all fit, decimal128(38, 3) for figures that all fit, else text."""
    from replay.export.arrow import pyarrow
    from replay.summarize.reducer import COLUMNS, PLACES

    pa, _ = pyarrow()

    if name == "key":
        return pa.string()
    figure = COLUMNS[name][2] is not None
    fits = _fits_decimal if figure else _fits_int64
    for key in keys:
        value = summary.value(key, name)
        if value is not None and not fits(value):
            return pa.string()
    return pa.decimal128(38, PLACES) if figure else pa.int64()


def _fits_decimal(value: Any) -> bool:
    """Whether a figure, rounded to three decimals, fits decimal128(38, 3)."""
    return bool(abs(value) * 1000 < 10**38 - 1)


def _fits_int64(value: Any) -> bool:
    """Whether a sum is a whole number that int64 holds."""
    if isinstance(value, Fraction):
        if value.denominator != 1:
            return False
        value = value.numerator
    return isinstance(value, int) and -INT64 <= value < INT64


def _plain(summary: Summary, keys: list[str]) -> Iterator[str]:
    from rich.cells import cell_len

    from replay.cli.summary_tables import headline, tables

    yield headline(summary)
    for table in tables(summary, keys):
        yield ""
        yield table.title
        widths = [cell_len(h) for h in table.headers]
        for row in table.rows():
            widths = [max(w, cell_len(c)) for w, c in zip(widths, row, strict=True)]
        yield _line(table.headers, widths)
        for row in table.rows():
            yield _line(row, widths)


def _line(cells: list[str], widths: list[int]) -> str:
    from rich.cells import cell_len

    out = []
    for i, (text, width) in enumerate(zip(cells, widths, strict=True)):
        pad = " " * (width - cell_len(text))
        out.append(text + pad if i == 0 or not _numeric(text) else pad + text)
    return "  ".join(out).rstrip()


def _numeric(cell: str) -> bool:
    return cell == "-" or cell.replace(",", "").replace(".", "").lstrip("-").isdigit()


def _rich(console: Any, summary: Summary, keys: list[str]) -> None:
    from rich.table import Table

    from replay.cli.summary_tables import headline, tables

    console.print(headline(summary))
    for found in tables(summary, keys):
        table = Table(title=found.title, title_justify="left")
        for i, header in enumerate(found.headers):
            table.add_column(header, justify="left" if i == 0 else "right", no_wrap=True)
        for line in found.rows():
            table.add_row(*line)
        console.print(table)
