"""``tricklog rules``: a game's rules parameters, their values and meanings, and its presets;
``tricklog rules infer`` (``replay.cli.rules_infer``): the rules a record's play fits."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from records.games import format_of
from records.words import number_of
from replay.cli.exit_codes import Exit
from replay.cli.help import App, HelpGroup
from replay.cli.options import FormatOption, GameArgument, OutputFormat, complete_preset
from replay.cli.rules_infer import infer
from replay.text import printable


def rules(
    game: GameArgument,
    preset: Annotated[
        str | None,
        typer.Argument(
            metavar="PRESET",
            help="A preset of the game: show its values and how they differ from the default "
            "(tricklog rules GAME lists the presets).",
            autocompletion=complete_preset,
            show_default=False,
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            metavar="SEATS",
            help="Seats at the table (num_players; table_size for pinochle), if not the "
            "preset's own number.",
            show_default=False,
        ),
    ] = None,
    output: FormatOption = OutputFormat.TEXT,
) -> Exit:
    """Print every rules parameter of a game: its values, its default and what it means.

    With a preset, each parameter shows the preset's value, and the values that differ from
    the default are marked. docs/<game>.md holds the same tables and the rules in words.

    --format json prints the rules block itself, every parameter stated, as a record holds it
    under "rules": paste it into a record written by hand.

    Examples:

    \b
        tricklog rules oh_hell
        tricklog rules pinochle brooklyn
        tricklog rules bestia perugia --players 5 --format json
    """
    from records.rulebook import parameters, preset_notes, preset_values, rules_block

    names = tuple(format_of(game).presets)
    if preset is not None and preset not in names:
        typer.echo(
            f"error: unknown preset {printable(preset)} for {game}; expected one of "
            f"{', '.join(names)}",
            err=True,
        )
        return Exit.USAGE
    chosen = preset or "default"
    try:
        values = rules_block(game, chosen, players)
    except (TypeError, ValueError) as exc:
        typer.echo(f"error: --players {players}: {printable(str(exc))}", err=True)
        return Exit.USAGE
    if output is OutputFormat.JSON:
        sys.stdout.write(json.dumps(values, indent=2, ensure_ascii=False) + "\n")
        return Exit.OK
    default = preset_values(game, "default")
    report: dict[str, Any] = {
        "game": game,
        "title": format_of(game).title,
        "preset": chosen,
        "differs": [n for n in values if n != "preset" and values[n] != default[n]],
        "parameters": [
            {
                "name": p.name,
                "value": values[p.name],
                "default": p.default,
                "values": p.values,
                "meaning": _plain(p.meaning),
            }
            for p in parameters(game)
        ],
        "presets": {name: preset_notes(game)[name] for name in names},
    }
    sys.stdout.write(_text(report))
    return Exit.OK


def _text(report: dict[str, Any]) -> str:
    game, preset, changed = report["game"], report["preset"], report["differs"]
    lines = [f"{report['title']}, game {game}: rules parameters, preset {preset}"]
    lines.append(f"  {report['presets'][preset]}")
    if changed or preset != "default":
        shown = ", ".join(changed) if changed else "none"
        lines.append(f"  {number_of(len(changed), 'value')} differ from the default: {shown}")
    for p in report["parameters"]:
        value = _json(p["value"])
        mark = f"   (default {_json(p['default'])})" if p["name"] in changed else ""
        lines += ["", f"{p['name']} = {value}{mark}", f"    values: {p['values']}"]
        lines.append(f"    {p['meaning']}")
    lines += ["", "Presets:"]
    lines += [f"  {name}: {note}" for name, note in report["presets"].items()]
    lines.append(f"Every parameter in words: docs/{game}.md")
    lines.append(f"As a record's rules block: tricklog rules {game} {preset} --format json")
    return "\n".join(lines) + "\n"


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _plain(text: str) -> str:
    """A field docstring for a terminal: no reST markup."""
    return text.replace("``", "").replace("`", "")


class RulesGroup(HelpGroup):
    """``rules GAME [PRESET]`` and ``rules infer RECORD...`` under one name: arguments that do
    not start with a subcommand's name (or ask for help) go to ``show``, so that the command
    reads as it did before it had subcommands."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not args or (args[0] not in self.commands and args[0] not in ("--help", "-h")):
            args = ["show", *args]
        result: list[str] = super().parse_args(ctx, args)
        return result


rules_app = App(
    name="rules",
    cls=RulesGroup,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="A game's rules parameters and presets (tricklog rules GAME [PRESET], the same as "
    "tricklog rules show), or the rules records are consistent with (tricklog rules infer)."
    "\n\nExamples:\n\n\b\n"
    "    tricklog rules oh_hell\n"
    "    tricklog rules pinochle brooklyn\n"
    "    tricklog rules infer games.jsonl",
)

rules_app.command("show")(rules)
rules_app.command("infer")(infer)
