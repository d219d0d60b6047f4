"""``tricklog rules infer``: which presets and parameter values a record's play is consistent
with, and the first contradiction of each of the others.

A thin layer over ``replay.infer`` (the library does the work, one record at a time); the inputs
are read as ``convert`` reads them (any readable format, archives, directories, ``-``).
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from replay.cli.exit_codes import Exit
from replay.cli.options import FormatOption, OutputFormat, StorageOption
from replay.text import printable

if TYPE_CHECKING:
    from records.problems import Problem
    from replay.infer import Candidate, Inference


def infer(
    inputs: Annotated[
        list[str],
        typer.Argument(
            metavar="RECORD...",
            help="Record files in any format convert reads (.json, .jsonl, .tln; optionally "
            "compressed), directories (searched recursively) or - for standard input.",
            show_default=False,
        ),
    ],
    output: FormatOption = OutputFormat.TEXT,
    storage: StorageOption = None,
) -> Exit:
    """Say which presets and rules values each record's play is consistent with.

    Each record is replayed under every preset of its game (with its own number of players)
    and under its stated rules with one parameter changed to each other value, and checked as
    audit checks it: a candidate is consistent when every action is legal and every claim
    matches, and contradicted at its first problem (hand and problem shown). A value is
    "decided by the record" only where every other value tried contradicts it; a rule nothing
    in the record exercises stays open, and a parameter no other value was tried for (its
    presets all share it) is listed as stated, not decided. The record's own dealers are tried
    as a dealer_order list. Where no preset and no single change gets past the hand the stated
    rules fail at, no rules tricklog knows fit: the record breaks a rule or follows one tricklog
    cannot express, and the nearest preset's first contradiction is shown.

    Exit 0 when every record replays clean under the rules it states, whether or not a preset
    fits it (no preset fitting is an answer, not a failure); 1 when a record has a problem under
    its own rules (audit would report it) or an input is not a record; 2 for a usage error; 3
    when an input cannot be read.

    Examples:

    \b
        tricklog rules infer game.json
        tricklog rules infer games.jsonl --format json
        tricklog generate oh_hell --preset hoyle | tricklog rules infer -
    """
    from records.formats.convert import reads
    from records.io import ReadFailure
    from replay.infer import infer as run

    code = Exit.OK
    records = fitted = 0
    unreadable: list[dict[str, str]] = []
    as_json = output is OutputFormat.JSON
    if as_json:  # streamed, a record at a time: memory holds one record, whatever the archive
        sys.stdout.write('{"command": "rules infer", "records": [')
    for item in reads(inputs):
        if isinstance(item, ReadFailure):
            typer.echo(f"error: {printable(item.file)}: {printable(item.message)}", err=True)
            unreadable.append({"file": item.file, "message": item.message})
            code = Exit.UNREADABLE
            continue
        if item.record is None:
            first = item.problems[0].message if item.problems else "unreadable"
            found: dict[str, Any] = {"source": item.source, "error": f"not a record: {first}"}
            _say(output, printable(f"FAIL {item.source}  not a record: {first}") + "\n")
            code = max(code, Exit.PROBLEMS)
        else:
            inference = run(item.record)
            found = {"source": item.source, **inference.to_dict()}
            _say(output, _text(item.source, inference))
            if not inference.stated.consistent:  # a problem under its own rules, as audit says
                code = max(code, Exit.PROBLEMS)
        fitted += bool(found.get("fitting_presets"))
        if as_json:
            sys.stdout.write(", " * bool(records) + json.dumps(found, ensure_ascii=False))
        records += 1
    if as_json:
        summary = {"records": records, "fitted": fitted, "unfitted": records - fitted}
        rest = json.dumps({"unreadable": unreadable, "summary": summary}, ensure_ascii=False)
        sys.stdout.write("], " + rest[1:] + "\n")
    return code


def _say(output: OutputFormat, text: str) -> None:
    if output is OutputFormat.TEXT:
        sys.stdout.write(text)


def _text(source: str, found: Inference) -> str:
    stated = f"preset {found.stated_preset}" if found.stated_preset else "no preset"
    verdict = "fit" if found.stated.consistent else "do not fit"
    lines = [f"{found.record} ({source}): {found.game}, states {stated}; its rules {verdict}"]
    if found.stated.problem is not None:
        lines.append(f"  stated rules: {_where(found.stated.problem)}")
    fits = found.fitting
    lines.append(f"  presets that fit: {', '.join(fits)}" if fits else "  no preset fits")
    if found.no_known_rules_fit:
        lines.append(
            "  no rules that tricklog knows fit: no preset and no single change of the stated "
            "rules gets past the hand where they fail (the record breaks a rule, or follows one "
            "tricklog cannot express; tricklog audit shows the first problem)"
        )
    nearest = found.nearest
    if nearest is not None and nearest.problem is not None:
        lines.append(f"  nearest preset: {nearest.preset}, {_where(nearest.problem)}")
    lines += [f"  {c.preset}: {_where(c.problem)}" for c in found.presets if c.problem]
    decided, open_, untried = [], [], set(found.untried())
    for name, values in found.decided().items():
        if name in untried:
            continue
        if len(values) == 1:
            decided.append(f"{name} = {_json(values[0])}")
        elif values:
            open_.append(f"{name}: {' or '.join(_json(v) for v in values)}")
    if decided:
        lines.append(
            f"  decided by the record (every other value tried contradicts it): {'; '.join(decided)}"
        )
    if open_:
        lines.append(f"  left open: {'; '.join(open_)}")
    if untried:
        given = found.stated_values()
        kept = [f"{name} = {_json(given[name])}" for name in found.untried()]
        lines.append(f"  stated, no other value tried: {'; '.join(kept)}")
    against = [c for c in found.changes if c.problem is not None]
    if against:
        lines.append("  contradicted changes of the stated rules:")
        lines += [f"    {_change(c)}: {_where(c.problem)}" for c in against]
    return "\n".join(printable(line) for line in lines) + "\n"


def _change(candidate: Candidate) -> str:
    return f"{candidate.parameter} = {_json(candidate.value)}"


def _where(problem: Problem | None) -> str:
    if problem is None:
        return "consistent"
    place = f"hand {problem.hand}" if problem.hand is not None else "the record"
    return f"contradicted at {place}: {problem.code}: {problem.message}"


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
