"""The ``tricklog`` command. Each command lives in its own module; this one wires them up and
turns every failure into a documented exit code (tracebacks only with ``--debug``)."""

from __future__ import annotations

import io
import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Annotated, Any

import typer

from records.output import OutputError, remove_pending
from replay.cli import environment
from replay.cli.audit import audit
from replay.cli.codes_cmd import codes
from replay.cli.convert import convert
from replay.cli.dedupe import dedupe
from replay.cli.exit_codes import Exit
from replay.cli.filter_cmd import filter_records
from replay.cli.generate import generate
from replay.cli.help import App, HelpGroup, OutputClosedError
from replay.cli.options import GAME_TITLES
from replay.cli.record_cmd import record
from replay.cli.rules_cmd import rules_app
from replay.cli.schema_cmd import schema
from replay.cli.show import show
from replay.cli.summarize import summarize
from replay.cli.validate import validate
from replay.cli.view import view
from replay.export import arrow
from replay.text import printable

app = App(
    name="tricklog",
    help=(
        f"Record and referee trick-taking card games: {GAME_TITLES}.\n\n"
        "Exit codes: 0 all valid, 1 problems found, 2 usage error, 3 unreadable input, "
        "unwritable output or internal error.\n\n"
        "Examples:\n\n"
        "\b\n"
        "    tricklog audit games/\n"
        "    tricklog show game.json --hand 3\n"
        "    tricklog generate oh_hell -n 100 -o games.jsonl\n"
        "    tricklog validate --help"
    ),
    cls=HelpGroup,
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            installed = version("tricklog")  # the package's metadata: replay never imports tricklog
        except PackageNotFoundError:
            installed = "0+unknown"
        typer.echo(f"tricklog {installed}")
        raise typer.Exit(Exit.OK)


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
    debug: Annotated[
        bool,
        typer.Option(
            "--debug",
            help="Show the traceback of an internal error (also TRICKLOG_DEBUG=1); "
            "may be given after the command too.",
        ),
    ] = False,
) -> None:
    """The options every command shares (``main`` takes --debug from anywhere)."""


for _function in (validate, audit, show, view, generate, convert):
    app.command()(_function)
app.command("schema")(schema)
app.add_typer(rules_app, name="rules")
app.command("codes")(codes)
app.command("summarize")(summarize)
app.command("filter")(filter_records)
app.command("dedupe")(dedupe)
app.command("record")(record)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script and of ``python -m tricklog``."""
    args = list(sys.argv[1:] if argv is None else argv)
    end = args.index("--") if "--" in args else len(args)
    _tolerant(sys.stdout)
    _tolerant(sys.stderr)
    # pyarrow (Parquet) with the system allocator unless the user chose one: its default,
    # mimalloc, keeps what it freed, about 10 MB that would count against the 100 MB a command
    # may take (bench/memory.py). Read when pyarrow is first imported, which the command does late.
    os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "system")
    arrow.WITHOUT_NUMPY = True  # and without numpy, which its writers here never use
    try:
        environment.check()  # once, the same way for every command, before anything is read
    except ValueError as exc:  # records.limits.SettingError: the message names the variable
        print(f"tricklog: {printable(str(exc))}", file=sys.stderr)
        return Exit.USAGE
    debug = "--debug" in args[:end] or environment.debug()
    args = [a for a in args[:end] if a != "--debug"] + args[end:]
    with _debugging(debug):
        return _run(args, debug)


@contextmanager
def _debugging(debug: bool) -> Iterator[None]:
    """``TRICKLOG_DEBUG`` set for as long as the command runs with ``--debug``: a record that
    tricklog fails on then raises (``replay.check.failed``), in worker processes too."""
    before = os.environ.get("TRICKLOG_DEBUG")
    if not debug or before == "1":
        yield
        return
    os.environ["TRICKLOG_DEBUG"] = "1"
    try:
        yield
    finally:
        if before is None:
            del os.environ["TRICKLOG_DEBUG"]
        else:
            os.environ["TRICKLOG_DEBUG"] = before


def _run(args: list[str], debug: bool) -> int:
    try:
        with _signals_exit():
            result: Any = app(args=args, prog_name="tricklog", standalone_mode=False)
    except typer.Exit as exc:
        return int(exc.exit_code)
    except OutputClosedError:
        _silence_stdout()
        return Exit.OK
    except OutputError as exc:
        print(f"error: {printable(str(exc))}", file=sys.stderr)
        return Exit.UNREADABLE
    except typer.Abort:
        return Exit.UNREADABLE
    except typer.TyperException as exc:  # usage errors: Typer's ClickException family
        _usage_error(exc)
        return Exit.USAGE
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        if debug:
            raise
        print(
            f"tricklog: internal error: {exc.__class__.__name__}: {printable(str(exc))} "
            "(run with --debug for the traceback)",
            file=sys.stderr,
        )
        return Exit.UNREADABLE
    return int(result) if isinstance(result, int) else Exit.OK


def _usage_error(exc: typer.TyperException) -> None:
    """Typer's message and usage line, with what the user typed escaped."""
    show = getattr(exc, "show", None)
    if not callable(show):
        print(f"tricklog: {printable(str(exc))}", file=sys.stderr)
        return
    text = io.StringIO()
    show(file=text)
    for line in text.getvalue().splitlines():
        print(printable(line), file=sys.stderr)


def _tolerant(stream: Any) -> None:
    """Never fail on a character the stream's encoding lacks (an ASCII terminal, a strict
    PYTHONIOENCODING): write it as an escape instead."""
    reconfigure = getattr(stream, "reconfigure", None)
    if callable(reconfigure):
        with suppress(ValueError, OSError):
            reconfigure(errors="backslashreplace")


def _silence_stdout() -> None:
    """The reader of stdout has gone: send what is still buffered nowhere, so that the exit
    does not complain (see the note on SIGPIPE in the ``signal`` module's documentation)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass  # not a file descriptor (a test's stream): nothing buffered will be flushed there


@contextmanager
def _signals_exit() -> Iterator[None]:
    """Ctrl-C (SIGINT), SIGTERM and SIGHUP remove the temporary file being written and end the
    run at once, with exit code 128 + the signal's number (130 for Ctrl-C). A signal that was
    ignored when tricklog started (a background job's SIGINT) stays ignored."""

    def stop(number: int, _frame: Any) -> None:
        remove_pending()
        os._exit(128 + number)

    names = ("SIGINT", "SIGTERM", "SIGHUP")
    numbers = [getattr(signal, name) for name in names]
    try:
        previous = {
            n: signal.signal(n, stop) for n in numbers if signal.getsignal(n) != signal.SIG_IGN
        }
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
