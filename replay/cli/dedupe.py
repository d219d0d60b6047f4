"""``tricklog dedupe``: keep the first record of each game, report the others and where they are.

Two records are the same game when the hashes of their facts are equal (``records.identity``:
rules, players, every hand's deal and actions; not the id, meta, claims or extensions). A record
that does not parse has no facts: it is the same as another only if its text is the same (its
bytes, without the whitespace around them). Records are written as they were read
(``replay.cli.filter_cmd.record_line``): a line of JSON Lines byte for byte, its line ending and
the spaces around it included, so that an archive concatenated with itself dedupes back to
itself whatever its line endings; a record of another format as the JSON it reads as (one that
does not read as a record has none, and is left out: ``filter_cmd.unwritable``); memory holds
one hash per distinct record.
"""

from __future__ import annotations

import hashlib
import sys
from typing import Annotated

import typer

from records.words import number_of
from replay.cli.exit_codes import Exit
from replay.cli.filter_cmd import Output, record_line, unwritable
from replay.cli.options import Paths, StorageOption


def identity(data: bytes) -> tuple[bytes, str | None]:
    """(what two copies of a record share, the hash of its facts or None if it does not
    parse)."""
    from records.identity import record_hash
    from replay.check import decode

    decoded = decode(data)
    if isinstance(decoded, list):
        return hashlib.sha256(b"text:" + data.strip()).digest(), None  # apart from any record's
    digest = record_hash(decoded)
    return bytes.fromhex(digest), digest


def dedupe(
    paths: Paths,
    output: Output = "-",
    quiet: Annotated[
        bool,
        typer.Option("--quiet", "-q", help="Do not list the duplicates, only count them."),
    ] = False,
    storage: StorageOption = None,
) -> Exit:
    """Keep the first record of each set of identical games, in input order, as it was read,
    as JSON Lines; list every other one with its place (file:line) and the place of the
    record it repeats.

    A line of JSON Lines is written byte for byte, its line ending (LF or CRLF) and the spaces
    around the record included; a file's last line gets a line break if it had none, a record
    over several lines (an indented .json) is joined into one line, and blank lines, which
    hold no record, are left out (and the spaces that begin the line after one).

    Identical means the same facts: rules, players and every hand's deal and actions (the
    hash that reports show); a different id, meta, claims or layout does not make another
    game. The list goes to standard output, or to standard error when the records do (-o -).
    A record of the notation, OpenSpiel or OhHellWeb is kept as the JSON it reads as; one that
    does not read as a record has no JSON to keep, and is left out with an error. Exit 0 when
    done (duplicates or not), 3 if an input is unreadable or holds such a record (the rest is
    still read) or the output cannot be written.

    Examples:

    \b
        tricklog dedupe uploads/ -o games.jsonl
        tricklog dedupe old.jsonl.gz new.jsonl -o merged.jsonl.gz --quiet
        cat a.jsonl b.jsonl | tricklog dedupe - > unique.jsonl
    """
    from records.io import ReadFailure, iter_entries
    from records.output import open_output
    from records.seen import FirstSeen
    from replay.text import printable

    report = sys.stderr if output == "-" else sys.stdout
    first = FirstSeen()  # about 36 bytes a distinct record
    read = repeated = 0
    failed = False
    with open_output(output) as stream:
        for item in iter_entries(paths):
            if isinstance(item, ReadFailure):
                typer.echo(f"error: {printable(item.file)}: {printable(item.message)}", err=True)
                failed = True
                continue
            why = unwritable(item)
            if why is not None:
                typer.echo(f"error: {printable(why)}", err=True)
                failed = True
                continue
            read += 1
            key, digest = identity(item.data)
            seen = first.first(key, item.file, item.line)
            if seen is None:
                stream.write(record_line(item.data))
                continue
            repeated += 1
            if not quiet:
                same = f"the same game ({digest[:16]})" if digest else "the same text"
                print(
                    printable(f"{item.where}: duplicate of {seen}: {same}"),
                    file=report,
                )
    print(
        f"{number_of(read, 'record')} read, {read - repeated:,} kept, {number_of(repeated, 'duplicate')} left out",
        file=report,
    )
    return Exit.UNREADABLE if failed else Exit.OK
