"""The outputs of ``tricklog summarize``: tables for people, JSON, CSV and Parquet for programs.

A terminal gets rich tables; a pipe or a file gets the same tables as plain text, columns
aligned with spaces and never wrapped. JSON is ``Summary.to_dict()``: everything. CSV and
Parquet hold the groups' table only, one row per group, each game's figures in columns named
``<game>_<figure>`` (empty where a group did not play that game).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from contextlib import nullcontext
from typing import IO, TYPE_CHECKING, Any

from replay.cli.exit_codes import Exit

if TYPE_CHECKING:
    from replay.summarize import Summary

GENERAL = ("key", "records", "hands", "wins", "shared_wins", "score", "mean_score")
"""The groups' columns every game has."""
TITLES = {"oh_hell": "Oh Hell", "pinochle": "Pinochle", "bestia": "Bestia"}


def columns() -> list[str]:
    """Every column of the groups' table (csv, parquet, ``--sort``)."""
    from replay.summarize.games import GAME_STATS

    out = list(GENERAL)
    for game, stats in GAME_STATS.items():
        out += [f"{game}_{name}" for name in ("hands", *stats.counters)]
        out += [f"{game}_{ratio.name}" for ratio in stats.ratios]
    return out


def check_sort(sort: str | None) -> str | None:
    """Why ``--sort`` cannot be used, None when it can."""
    if sort is None or sort in columns():
        return None
    from replay.cli.terminal import printable

    return f"unknown --sort key {printable(sort)}; expected one of {', '.join(columns())}"


def flat(row: dict[str, Any]) -> dict[str, Any]:
    """A group as one row of columns: ``{"oh_hell": {"bids": 3}}`` as ``oh_hell_bids``."""
    out: dict[str, Any] = {}
    for name, value in row.items():
        if isinstance(value, dict):
            out.update({f"{name}_{k}": v for k, v in value.items()})
        else:
            out[name] = value
    return out


def ordered(rows: list[dict[str, Any]], sort: str | None, top: int | None) -> list[dict[str, Any]]:
    """The groups by ``sort`` (largest first; groups without a value last), cut to ``top``."""
    if sort is not None and sort != "key":

        def rank(row: dict[str, Any]) -> tuple[bool, float]:
            value = flat(row).get(sort)
            return (value is None, -value if isinstance(value, (int, float)) else 0.0)

        rows = sorted(rows, key=rank)  # stable: ties keep the order by key
    return rows if top is None else rows[:top]


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
    from replay.summarize import Summary

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
    rows = ordered(summary.rows(), sort, top)
    if output_format != "json":
        _failures(summary)
    if output_format == "parquet":
        _parquet(rows, output)
    else:
        _write(summary, rows, output_format, output, raw_csv=raw_csv)
    return _exit(summary)


def _progress() -> Any:
    """A spinner with the count of records summarized, on stderr, gone when done."""
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from replay.cli.terminal import console

    return Progress(
        SpinnerColumn(),
        TextColumn("{task.completed} record(s) summarized", markup=False),
        TimeElapsedColumn(),
        console=console(sys.stderr),
        transient=True,
    )


def _exit(summary: Summary) -> Exit:
    return Exit.UNREADABLE if summary.unreadable else Exit.OK


def _failures(summary: Summary) -> None:
    from replay.cli.terminal import printable

    for failure in summary.unreadable:
        print(f"error: {printable(failure.file)}: {printable(failure.message)}", file=sys.stderr)


def _write(
    summary: Summary,
    rows: list[dict[str, Any]],
    output_format: str,
    output: str,
    *,
    raw_csv: bool = False,
) -> None:
    from records.output import open_output

    if output_format == "text" and output == "-" and sys.stdout.isatty():
        from replay.cli.terminal import console

        _rich(console(sys.stdout), summary, rows)
        return
    with open_output(output) as stream:
        if output_format == "json":
            from replay.cli.encode import json_bytes

            stream.write(json_bytes(summary.to_dict(rows)) + b"\n")
            return
        text = io.TextIOWrapper(stream, encoding="utf-8", newline="", write_through=True)
        try:
            if output_format == "csv":
                _csv(text, rows, raw=raw_csv)
            else:
                for line in _plain(summary, rows):
                    text.write(line + "\n")
        finally:
            text.detach()


def _csv(out: IO[str], rows: list[dict[str, Any]], *, raw: bool = False) -> None:
    """The groups' table; a text cell (a group's key: a player's name, an event) that a
    spreadsheet would run as a formula gets a ``'`` before it, unless ``raw``."""
    from replay.export.cells import row_writer

    names = _present(rows)
    writer = row_writer(out, raw=raw, lineterminator="\n")
    writer.writerow(names)
    for row in rows:
        values = flat(row)
        writer.writerow(["" if values.get(n) is None else values.get(n) for n in names])


def _present(rows: list[dict[str, Any]]) -> list[str]:
    """The columns of the games some group played (every column of the others is empty)."""
    games = {f"{name}_" for row in rows for name, value in row.items() if isinstance(value, dict)}
    return [c for c in columns() if c in GENERAL or any(c.startswith(g) for g in games)]


def _parquet(rows: list[dict[str, Any]], output: str) -> None:
    """Write the groups as Parquet (the format registry said pyarrow is there)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from records.output import open_output

    names = _present(rows)
    table = pa.Table.from_pylist([{n: flat(r).get(n) for n in names} for r in rows])
    with open_output(output) as stream:
        pq.write_table(table, stream)


def _cell(value: Any, pct: bool = False) -> str:
    """A value as a table shows it: ``1,234``, ``42.5`` (a percentage), ``1.96``, ``-``."""
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.1f}" if pct else f"{value:.2f}"
    if isinstance(value, int):
        return f"{value:,}"
    from replay.cli.terminal import printable

    return printable(str(value))


Table = tuple[str, list[str], list[list[str]]]
"""(title, headers, cells) of a table a person reads."""


def tables(summary: Summary, rows: list[dict[str, Any]]) -> Iterator[Table]:
    """Every table a person reads, in order: the groups, each game's figures of the groups
    that played it, the games and presets, the problems."""
    from replay.summarize.games import GAME_STATS

    by = summary.by
    yield (
        f"By {by}",
        [by, "records", "hands", "wins", "shared", "score", "mean score"],
        [[_cell(row[n]) for n in GENERAL] for row in rows],
    )
    for game, stats in GAME_STATS.items():
        played = [row for row in rows if game in row]
        if played:
            yield (
                f"{TITLES.get(game, game)} by {by}",
                [by, "hands", *(_header(name) for name in stats.shown)],
                [
                    [_cell(row["key"]), _cell(row[game]["hands"])]
                    + [_cell(row[game][n], n.endswith("_pct")) for n in stats.shown]
                    for row in played
                ],
            )
    yield _games_table(summary)
    if summary.problems:
        yield (
            "Problems",
            ["code", "kind", "count", "first places"],
            [
                [_cell(p["code"]), p["kind"], _cell(p["count"]), _cell(", ".join(p["first"]))]
                for p in summary.problem_rows()
            ],
        )


def _games_table(summary: Summary) -> Table:
    names = ("game", "preset", "records", "invalid", "hands", "hands_with_problems")
    cells = []
    for row in summary.game_rows():
        share = row["problem_share"]
        cells.append(
            [_cell(row[n]) for n in names]
            + [_cell(None if share is None else 100 * share, pct=True), _cell(row["mean_score"])]
        )
    headers = [*(n.replace("_", " ") for n in names), "share %", "mean score"]
    return ("Games and presets", headers, cells)


def headline(summary: Summary) -> str:
    """One line of counts: records, those left out and why, hands, duplicates."""
    line = f"{summary.records:,} record(s): {summary.valid:,} valid"
    if summary.left_out:
        line += f", {summary.left_out:,} with problems left out of the play statistics"
        if summary.malformed:
            line += f" ({summary.malformed:,} not parsed)"
    line += f"; {summary.hands:,} hand(s) in the valid records; {summary.duplicates:,} duplicate(s)"
    if summary.unreadable:
        line += f"; {len(summary.unreadable):,} input(s) unreadable"
    return line


def _plain(summary: Summary, rows: list[dict[str, Any]]) -> Iterator[str]:
    yield headline(summary)
    for title, headers, cells in tables(summary, rows):
        yield ""
        yield title
        widths = [
            max(len(h), *(len(r[i]) for r in cells)) if cells else len(h)
            for i, h in enumerate(headers)
        ]
        for line in (headers, *cells):
            yield "  ".join(
                c.ljust(w) if i == 0 or not _numeric(c) else c.rjust(w)
                for i, (c, w) in enumerate(zip(line, widths, strict=True))
            ).rstrip()


def _numeric(cell: str) -> bool:
    return cell == "-" or cell.replace(",", "").replace(".", "").lstrip("-").isdigit()


def _rich(console: Any, summary: Summary, rows: list[dict[str, Any]]) -> None:
    from rich.table import Table

    console.print(headline(summary))
    for title, headers, cells in tables(summary, rows):
        table = Table(title=title, title_justify="left")
        for i, header in enumerate(headers):
            table.add_column(header, justify="left" if i == 0 else "right", no_wrap=True)
        for line in cells:
            table.add_row(*line)
        console.print(table)


def _header(name: str) -> str:
    """``bids_made_pct`` as ``bids made %``."""
    return name.removesuffix("_pct").replace("_", " ") + (" %" if name.endswith("_pct") else "")
