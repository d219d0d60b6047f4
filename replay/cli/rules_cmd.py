"""``tricklog rules``: a game's rules parameters, their values and meanings, and its presets."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from replay.cli.exit_codes import Exit
from replay.cli.options import FormatOption, GameArgument, OutputFormat, complete_preset
from replay.cli.terminal import printable
from replay.registry import GAMES


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
    output: FormatOption = OutputFormat.TEXT,
) -> Exit:
    """Print every rules parameter of a game: its values, its default and what it means.

    With a preset, each parameter shows the preset's value, and the values that differ from
    the default are marked. docs/<game>.md holds the same tables and the rules in words.

    Examples:

    \b
        tricklog rules oh_hell
        tricklog rules pinochle brooklyn
        tricklog rules bestia perugia --format json
    """
    from records.rulebook import PRESET_NOTES, differences, parameters, preset_values

    names = GAMES[game].presets
    if preset is not None and preset not in names:
        typer.echo(
            f"error: unknown preset {printable(preset)} for {game}; expected one of "
            f"{', '.join(names)}",
            err=True,
        )
        return Exit.USAGE
    chosen = preset or "default"
    values = preset_values(game, chosen)
    changed = differences(game, chosen)
    report: dict[str, Any] = {
        "game": game,
        "title": GAMES[game].title,
        "preset": chosen,
        "differs": changed,
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
        "presets": {name: PRESET_NOTES[game][name] for name in names},
    }
    if output is OutputFormat.JSON:
        sys.stdout.write(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(_text(report))
    return Exit.OK


def _text(report: dict[str, Any]) -> str:
    game, preset, changed = report["game"], report["preset"], report["differs"]
    lines = [f"{report['title']}, game {game}: rules parameters, preset {preset}"]
    lines.append(f"  {report['presets'][preset]}")
    if preset != "default":
        shown = ", ".join(changed) if changed else "none"
        lines.append(f"  {len(changed)} value(s) differ from the default: {shown}")
    for p in report["parameters"]:
        value = _json(p["value"])
        mark = f"   (default {_json(p['default'])})" if p["name"] in changed else ""
        lines += ["", f"{p['name']} = {value}{mark}", f"    values: {p['values']}"]
        lines.append(f"    {p['meaning']}")
    lines += ["", "Presets:"]
    lines += [f"  {name}: {note}" for name, note in report["presets"].items()]
    lines.append(f"Every parameter in words: docs/{game}.md")
    return "\n".join(lines) + "\n"


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _plain(text: str) -> str:
    """A field docstring for a terminal: no reST markup."""
    return text.replace("``", "").replace("`", "")
