"""The ``tricklog`` command. Each command lives in its own module; this one wires them up and
turns every failure into a documented exit code (tracebacks only with ``--debug``)."""

from __future__ import annotations

import importlib
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
from replay.cli.exit_codes import Exit
from replay.cli.help import App, HelpGroup, OutputClosedError
from replay.cli.options import GAME_TITLES
from replay.export import arrow
from replay.text import printable

COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("replay.cli.validate", "validate"),
    "audit": ("replay.cli.audit", "audit"),
    "show": ("replay.cli.show", "show"),
    "view": ("replay.cli.view", "view"),
    "generate": ("replay.cli.generate", "generate"),
    "convert": ("replay.cli.convert", "convert"),
    "schema": ("replay.cli.schema_cmd", "schema"),
    "rules": ("replay.cli.rules_cmd", "rules_app"),
    "codes": ("replay.cli.codes_cmd", "codes"),
    "summarize": ("replay.cli.summarize", "summarize"),
    "filter": ("replay.cli.filter_cmd", "filter_records"),
    "dedupe": ("replay.cli.dedupe", "dedupe"),
    "record": ("replay.cli.record_cmd", "record"),
}
"""Every command, in the order of the help, and where its function (or group) lives. A run
imports and wires up only the command it names (``build``): the start-up of a one-file audit is
then not spent on the other twelve."""


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            installed = version("tricklog")  # the package's metadata: replay never imports tricklog
        except PackageNotFoundError:
            installed = "0+unknown"
        typer.echo(f"tricklog {installed}")
        raise typer.Exit(Exit.OK)


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


def build(only: str | None = None, *, listing: bool = False) -> App:
    """The command: every command in it, or only the one named ``only`` (a run that names it
    parses and behaves exactly the same, without importing and wiring up the others). With
    ``listing``, for the command's own help, each command is only its help text: the list of
    commands reads nothing else, and their options are not wired up."""
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
    app.callback()(_options)
    for name, (module, attribute) in COMMANDS.items():
        if only is None or name == only:
            command = getattr(importlib.import_module(module), attribute)
            if isinstance(command, typer.Typer):
                app.add_typer(command, name=name)
            else:
                app.command(name)(_listed(command) if listing else command)
    return app


def _listed(command: Any) -> Any:
    """A command as the list of commands shows it: its help, and no options."""

    def listed() -> None:
        raise AssertionError("listed only")  # pragma: no cover (only --help is given)

    listed.__doc__ = command.__doc__
    return listed


def __getattr__(name: str) -> Any:
    """``app``: the whole command, built when first asked for (tests and tools list it)."""
    if name == "app":
        globals()["app"] = whole = build()
        return whole
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _listing(args: list[str]) -> bool:
    """Whether the run asks for the command's own help and nothing else (no arguments at all is
    the same)."""
    return args in ([], ["--help"]) and "_TRICKLOG_COMPLETE" not in os.environ


def _only(args: list[str]) -> str | None:
    """The command a run names, if it names one first and asks for no shell completion (which
    needs every command): the only one to build."""
    if args and args[0] in COMMANDS and "_TRICKLOG_COMPLETE" not in os.environ:
        return args[0]
    return None


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
            command = build(_only(args), listing=_listing(args))
            result: Any = command(args=args, prog_name="tricklog", standalone_mode=False)
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
