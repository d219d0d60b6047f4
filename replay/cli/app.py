"""The ``tricklog`` command. Each command lives in its own module; this one wires them up and
turns every failure into a documented exit code (tracebacks only with ``--debug``)."""

from __future__ import annotations

import os
import sys
from typing import Any

import typer

from replay.cli.audit import audit
from replay.cli.exit_codes import Exit
from replay.cli.generate import generate
from replay.cli.schema_cmd import schema
from replay.cli.show import show
from replay.cli.validate import validate

app = typer.Typer(
    name="tricklog",
    help=(
        "Record and referee trick-taking card games (Oh Hell, Auction Pinochle, Bestia).\n\n"
        "Exit codes: 0 all valid, 1 problems found, 2 usage error, 3 unreadable input, "
        "unwritable output or internal error."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


for _function in (validate, audit, show, generate):
    app.command()(_function)
app.command("schema")(schema)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script and of ``python -m replay``."""
    args = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in args or bool(os.environ.get("TRICKLOG_DEBUG"))
    args = [a for a in args if a != "--debug"]
    try:
        result: Any = app(args=args, prog_name="tricklog", standalone_mode=False)
    except typer.Exit as exc:
        return int(exc.exit_code)
    except typer.Abort:
        return Exit.UNREADABLE
    except typer.TyperException as exc:  # usage errors: Typer's ClickException family
        show = getattr(exc, "show", None)
        if callable(show):
            show()
        else:
            print(f"tricklog: {exc}", file=sys.stderr)
        return Exit.USAGE
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly.
        sys.stderr.close()
        return Exit.OK
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        if debug:
            raise
        print(
            f"tricklog: internal error: {exc.__class__.__name__}: {exc} "
            "(run with --debug for the traceback)",
            file=sys.stderr,
        )
        return Exit.UNREADABLE
    return int(result) if isinstance(result, int) else Exit.OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
