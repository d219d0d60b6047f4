"""``tricklog convert``: records from one format into another, with every loss reported.

A thin layer over ``records.formats.convert``: the library reads, writes (with the one output
writer, ``records.output``) and reports; this module prints the report and turns it into an
exit code.
"""

from __future__ import annotations

import sys
from typing import IO, TYPE_CHECKING, Annotated, Any

import orjson
import typer

from records.formats.registry import FORMATS
from records.words import number_of
from replay.cli.exit_codes import Exit
from replay.cli.options import FormatOption, OutputFormat, RawCsvOption, StorageOption
from replay.text import printable

if TYPE_CHECKING:
    from records.formats.convert import Conversion

_READABLE = ", ".join(f.name for f in FORMATS.values() if f.reads)
_WRITABLE = ", ".join(f.name for f in FORMATS.values() if f.writes)


def convert(
    inputs: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="INPUT...",
            help="Record files in any readable format (.json, .jsonl, .ndjson, .tln, .openspiel, "
            ".ohw; optionally compressed with gzip, bzip2, xz or zstd, told by the content), "
            "directories (searched recursively) or - for standard input.",
            show_default=False,
        ),
    ] = None,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="OUTPUT",
            help="The file to write (whole or not at all), or - for standard output.",
            show_default=False,
        ),
    ] = None,
    source_format: Annotated[
        str | None,
        typer.Option(
            "--from",
            metavar="FMT",
            help=f"Read every input as this format ({_READABLE}); by default each input's "
            "name or content says.",
            show_default=False,
        ),
    ] = None,
    target_format: Annotated[
        str | None,
        typer.Option(
            "--to",
            metavar="FMT",
            help=f"Write this format ({_WRITABLE}); by default the output's name says.",
            show_default=False,
        ),
    ] = None,
    form: Annotated[
        str | None,
        typer.Option(
            "--form",
            metavar="FORM",
            help="The layout: json pretty (default), compact or canonical; jsonl compact "
            "(default) or canonical (sorted keys, for diffs and hashing); csv and parquet "
            "the table: hands (default, a score sheet) or actions (docs/csv.md).",
            show_default=False,
        ),
    ] = None,
    allow_loss: Annotated[
        bool,
        typer.Option(
            "--allow-loss", help="Write the output even if it cannot carry everything read."
        ),
    ] = False,
    raw_csv: RawCsvOption = False,
    report_format: FormatOption = OutputFormat.TEXT,
    list_formats: Annotated[
        bool, typer.Option("--list", help="List the formats and what each can and cannot hold.")
    ] = False,
    storage: StorageOption = None,
) -> Exit:
    """Convert records between formats, and report every fact the output cannot carry.

    Each loss is named with its record and JSON pointer. A conversion that would lose anything
    (or an input that is not a record) writes nothing and exits 1, unless --allow-loss is given.
    Exit 0 when everything was written, 1 for a loss or a malformed input record, 2 for a usage
    error, 3 when an input cannot be read or the output cannot be written.

    Examples:

    \b
        tricklog convert games.jsonl -o games.tln
        tricklog convert sitting.tln -o sitting.json --form canonical
        tricklog convert games.jsonl -o sheet.csv --allow-loss
        tricklog convert games.jsonl -o actions.parquet --form actions --allow-loss
        tricklog convert --list
    """
    from records.formats.convert import ConversionError, output_format
    from records.formats.convert import convert as run

    if list_formats:
        _list(report_format)
        return Exit.OK
    if not inputs or output is None:
        missing = "INPUT" if not inputs else "-o OUTPUT"
        typer.echo(f"error: give {missing} (or --list to see the formats)", err=True)
        return Exit.USAGE
    try:
        if raw_csv and output_format(output, target_format).name != "csv":
            typer.echo("error: --raw-csv applies to csv output only", err=True)
            return Exit.USAGE
        report = run(
            inputs,
            output,
            to=target_format,
            frm=source_format,
            form=form,
            allow_loss=allow_loss,
            raw_csv=raw_csv,
        )
    except ConversionError as exc:
        typer.echo(f"error: {printable(str(exc))}", err=True)
        return Exit.USAGE
    stream = sys.stderr if output == "-" else sys.stdout
    if report_format is OutputFormat.JSON:
        document = {"command": "convert", **report.to_dict(), "summary": _summary(report)}
        stream.write(orjson.dumps(document).decode() + "\n")
    else:
        _print(report, allow_loss, stream)
    return exit_code(report)


def exit_code(report: Conversion) -> Exit:
    if report.unreadable or report.unwritable:
        return Exit.UNREADABLE
    if report.rejected_count or not report.written:
        return Exit.PROBLEMS
    return Exit.OK


def _summary(report: Conversion) -> dict[str, Any]:
    return {
        "records": report.records,
        "losses": report.loss_count,
        "rejected": report.rejected_count,
        "unreadable": len(report.unreadable),
        "written": report.written,
    }


def _print(report: Conversion, allow_loss: bool, out: IO[str]) -> None:
    err = sys.stderr
    for failure in report.unreadable:
        err.write(f"error: {printable(failure.file)}: {printable(failure.message)}\n")
    if report.unwritable:
        err.write(f"error: {printable(report.unwritable)}\n")
    for rejected in report.rejected:
        out.write(f"FAIL {printable(rejected.source)}  not a record\n")
        for problem in rejected.problems:
            where = problem.where()
            text = f"{rejected.source}::{problem.pointer or '/'} {problem.code} [{problem.kind}]"
            text += f" ({where})" if where else ""
            out.write("  " + printable(f"{text}: {problem.message}") + "\n")
    for loss in report.losses:
        if loss.record is not None:
            out.write("loss " + printable(str(loss)) + "\n")
    if report.loss_count > len(report.losses) or report.rejected_count > len(report.rejected):
        from records.formats.convert import DETAIL

        out.write(f"(only the first {DETAIL:,} losses and inputs not a record are listed)\n")
    out.write(printable(_closing(report, allow_loss)) + "\n")


def _closing(report: Conversion, allow_loss: bool) -> str:
    line = f"{number_of(report.records, 'record')} to {report.to}"
    facts = report.loss_count - report.rejected_count  # each input not a record is a loss too
    if facts:
        line += f", {number_of(facts, 'loss', 'losses')}"
    if report.rejected_count:
        line += f", {number_of(report.rejected_count, 'input')} not a record"
    if report.written:
        return f"{line}: wrote {report.output}"
    if report.unreadable or report.unwritable:
        return f"{line}: nothing written"
    hint = "" if allow_loss else " (--allow-loss writes what can be written)"
    return f"{line}: nothing written{hint}"


def _list(report_format: OutputFormat) -> None:
    if report_format is OutputFormat.JSON:
        formats = [
            {
                "name": f.name,
                "suffixes": list(f.suffixes),
                "reads": f.reads,
                "writes": f.writes,
                "forms": list(f.forms),
                "description": f.description,
                "holds": f.holds,
                "loses": f.loses,
            }
            for f in FORMATS.values()
        ]
        sys.stdout.write(orjson.dumps({"formats": formats}).decode() + "\n")
        return
    for f in FORMATS.values():
        can = " and ".join(w for w, ok in (("read", f.reads), ("write", f.writes)) if ok)
        forms = f"; forms {', '.join(f.forms)} (default {f.forms[0]})" if f.forms else ""
        sys.stdout.write(f"{f.name}  {' '.join(f.suffixes)}  ({can}{forms})\n")
        sys.stdout.write(f"    {f.description}\n    holds: {f.holds}\n    loses: {f.loses}\n")
