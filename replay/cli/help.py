"""The help of every command, in the words of a man page: ``tricklog validate [OPTIONS]
PATH...``, ``-n, --count N``, ``-f, --format text|json``.

Typer's plain help writes a parameter's Python type (``<list[str]>``, ``<int range>``) and braces
around required arguments (``{paths}...``); these classes write each parameter's metavar
instead. ``App.command`` gives every command this help and turns a closed standard output (the
reader of a pipe went away) into ``OutputClosedError``, which ``main`` ends quietly.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

from replay.cli.options import expand


class OutputClosedError(Exception):
    """Standard output (or an output FIFO) was closed by its reader: stop quietly."""


def _name(param: Any) -> str:
    name = param.metavar or (param.name or "").upper()
    return f"{name}..." if param.nargs == -1 and not name.endswith("...") else name


def _usage(param: Any) -> list[str]:
    if param.param_type_name != "argument":
        return []
    return [_name(param) if param.required else f"[{_name(param)}]"]


def _record(param: Any) -> tuple[str, str] | None:
    if param.hidden:
        return None
    help_text = expand(param.help or "")
    if param.param_type_name == "argument":
        return _name(param), help_text
    opts = sorted(param.opts, key=lambda o: o.startswith("--"))  # -n, --count
    names = ", ".join([*opts, *param.secondary_opts])
    if not (param.is_flag or param.count):
        names += f" {_name(param)}"
    default = getattr(param.default, "value", param.default)  # an enum's value
    shown = not param.is_flag and param.show_default is not False
    if shown and default is not None and not callable(default):
        help_text += f"  [default: {default}]"
    return names, help_text


def _format(command: Any, ctx: Any, formatter: Any) -> None:
    records = [(p.param_type_name, _record(p)) for p in command.get_params(ctx)]
    for kind, title in (("argument", "Arguments"), ("option", "Options")):
        rows = [record for k, record in records if k == kind and record is not None]
        if rows:
            with formatter.section(title):
                formatter.write_dl(rows)


def _help_text(command: Any, ctx: Any, formatter: Any, base: Any) -> None:
    """The command's own text with the games' placeholders filled in (``options.expand``)."""
    original = command.help
    command.help = expand(original) if original else original
    try:
        base.format_help_text(command, ctx, formatter)
    finally:
        command.help = original


class HelpCommand(TyperCommand):
    def format_help_text(self, ctx: Any, formatter: Any) -> None:
        _help_text(self, ctx, formatter, TyperCommand)

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        return pieces + [piece for p in self.get_params(ctx) for piece in _usage(p)]

    def format_options(self, ctx: Any, formatter: Any) -> None:
        _format(self, ctx, formatter)


class HelpGroup(TyperGroup):
    def format_help_text(self, ctx: Any, formatter: Any) -> None:
        _help_text(self, ctx, formatter, TyperGroup)

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return [self.options_metavar or "[OPTIONS]", self.subcommand_metavar]

    def format_options(self, ctx: Any, formatter: Any) -> None:
        _format(self, ctx, formatter)
        self.format_commands(ctx, formatter)


class App(typer.Typer):
    """``typer.Typer`` whose commands have this module's help and end quietly on a closed
    pipe."""

    def command(  # type: ignore[override]
        self, name: str | None = None, *, cls: type[TyperCommand] | None = None, **kwargs: Any
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        register = super().command(name, cls=cls or HelpCommand, **kwargs)

        def decorator(function: Callable[..., Any]) -> Callable[..., Any]:
            register(_closing_quietly(function))
            return function

        return decorator


def _closing_quietly(function: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(function)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except BrokenPipeError as exc:
            raise OutputClosedError from exc

    return run
