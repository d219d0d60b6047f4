"""The command line as a person meets it: help with an example for every command, in plain
words, with the choices listed; ``--version``; shell completion; a quick start."""

from __future__ import annotations

import ast
import re
import subprocess

import pytest
import typer.main

import tricklog as library
from replay.cli.app import app, build, main
from replay.registry import GAMES
from tests.command import processes

COMMANDS = list(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
ARTEFACTS = re.compile(
    r"``|\{[\w.]+\}|<(?:list|int|str|path|bool|float)\b|\[[a-z_]+\]\.\.\.|\.\. \w+::"
)
"""What leaks from Python into a help text: reST backticks, ``{paths}``, ``<list[str]>``."""


def test_every_command_is_listed_with_help() -> None:
    assert {"validate", "audit", "show", "generate", "schema"} <= set(COMMANDS)


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_every_command_has_help_with_an_example(command: str, tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog(*filter(None, [command]), "--help")
    assert run.code == 0
    usage, _, rest = run.out.partition("\n")
    assert usage.startswith(f"Usage: tricklog {command}".rstrip())
    examples = rest.split("Examples:", 1)[1]
    assert re.search(rf"^ +tricklog {command}".rstrip() + r"\b", examples, re.MULTILINE), examples
    assert not ARTEFACTS.search(run.out), ARTEFACTS.search(run.out)


def test_usage_lines_name_their_arguments_plainly(tricklog) -> None:  # type: ignore[no-untyped-def]
    lines = {c: tricklog(c, "--help").out.splitlines()[0] for c in COMMANDS}
    assert lines["validate"] == "Usage: tricklog validate [OPTIONS] PATH..."
    assert lines["audit"] == "Usage: tricklog audit [OPTIONS] PATH..."
    assert lines["show"] == "Usage: tricklog show [OPTIONS] PATH"
    assert lines["generate"] == "Usage: tricklog generate [OPTIONS] GAME"
    assert lines["schema"] == "Usage: tricklog schema [OPTIONS] [GAME]"
    missing = tricklog("validate")
    assert missing.code == 2 and "Missing argument 'PATH...'" in missing.err


def test_choices_are_listed(tricklog) -> None:  # type: ignore[no-untyped-def]
    text = " ".join(tricklog("generate", "--help").out.split())
    assert f"GAME The game: {', '.join(GAMES)}." in text
    for game, entry in GAMES.items():
        assert f"{game} {', '.join(entry.presets)}" in text
    assert "-f, --format text|json" in tricklog("validate", "--help").out
    assert "-n, --count N" in text and "-o, --output FILE" in text


def test_debug_and_version_are_in_the_help(tricklog) -> None:  # type: ignore[no-untyped-def]
    text = tricklog("--help").out
    assert "--debug " in text and "--version " in text
    assert "--install-completion" in text and "--show-completion" in text


def test_version(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("--version")
    assert (run.code, run.out, run.err) == (0, f"tricklog {library.__version__}\n", "")


def test_an_unknown_game_is_a_usage_error_that_lists_the_games(tricklog) -> None:  # type: ignore[no-untyped-def]
    for args in (("generate", "chess"), ("schema", "chess")):
        run = tricklog(*args)
        assert run.code == 2
        assert "unknown game chess; expected one of oh_hell, pinochle, bestia" in run.err


def _complete(*words: str) -> list[str]:
    env = processes.environment(
        _TRICKLOG_COMPLETE="complete_bash",
        COMP_WORDS=" ".join(["tricklog", *words]),
        COMP_CWORD=str(len(words)),
    )
    run = subprocess.run(
        [*processes.COMMAND], env=env, capture_output=True, timeout=60, check=False
    )
    assert run.returncode == 0, run.stderr
    return run.stdout.decode().split()


def test_shell_completion() -> None:
    assert "validate" in _complete("va")
    assert _complete("generate", "") == list(GAMES)
    assert _complete("generate", "pinochle", "--preset", "") == list(GAMES["pinochle"].presets)
    assert _complete("show", "x.json", "--rec") == ["--record"]
    # as typed in a bash: typer finds the shell among the command's parents
    script = subprocess.run(
        ["bash", "-c", '"$@"; exit $?', "bash", *processes.COMMAND, "--show-completion"],
        env=processes.environment(),
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert script.returncode == 0 and b"_TRICKLOG_COMPLETE=complete_bash" in script.stdout


def test_help_starts_without_the_engines_pydantic_or_rich() -> None:
    """What keeps ``tricklog --help`` quick (about 0.1 s; the README's target is 0.3 s)."""
    code = (
        "import sys; from replay.cli.app import main; code = main(['--help']); "
        "heavy = [m for m in sys.modules if m.split('.')[0] in ('pydantic', 'rich', 'msgspec') "
        "or m.startswith(('replay.engines', 'replay.driver', 'records.structs'))]; "
        "print(heavy, file=sys.stderr); sys.exit(code or len(heavy))"
    )
    run = processes.python(code)
    assert run.returncode == 0, run.stderr


DATACLASSES_OF_AN_AUDIT = {
    # pydantic validates the rules blocks inside a record
    "records.rules.bestia.BestiaRules",
    "records.rules.oh_hell.OhHellRules",
    "records.rules.partnership_pinochle.PartnershipPinochleRules",
    "records.rules.pinochle.PinochleRules",
    # computed fields set in __post_init__, or cached_property
    "records.cards.Deck",
    "records.formats.registry.Format",
    "records.games.GameFormat",
    "replay.cli.reporters.Timing",
    "replay.registry.Game",
    # made once a run, changed with dataclasses.replace, or loaded by --help (no msgspec there)
    "records.limits.ReadLimits",
    "replay.batches.Batch",
    "replay.batches.Part",
    "replay.cli.checking.Plan",
    "replay.parallel.Shard",
    "replay.rendering.Rendering",
}
"""The dataclasses of tricklog's own that a one-record audit defines, each for its reason. Every
other value on an audit's path is a msgspec Struct (``replay.steps``): a dataclass costs about
twenty times as much to define, and a one-record audit's start-up target is 0.3 s of CPU."""


def test_an_audit_defines_no_dataclass_beyond_those_it_needs() -> None:
    code = (
        "import dataclasses, sys; made = []; define = dataclasses._process_class\n"
        "def counted(cls, *args, **options):\n"
        "    made.append(f'{cls.__module__}.{cls.__qualname__}')\n"
        "    return define(cls, *args, **options)\n"
        "dataclasses._process_class = counted\n"
        "from replay.cli.app import main\n"
        "code = main(['audit', '-q', 'fixtures/oh_hell/valid/slam-small-nil-5-3p.json'])\n"
        "ours = sorted(m for m in made if m.split('.')[0] in ('records', 'replay', 'tricklog'))\n"
        "print(ours, file=sys.stderr); sys.exit(code)"
    )
    run = processes.python(code)
    assert run.returncode == 0, run.stderr
    made = set(ast.literal_eval(run.stderr.decode().strip().splitlines()[-1]))
    assert made <= DATACLASSES_OF_AN_AUDIT, made - DATACLASSES_OF_AN_AUDIT


def test_the_list_of_commands_is_the_help_of_the_whole_command(capsys) -> None:  # type: ignore[no-untyped-def]
    """``tricklog --help`` lists each command from its help alone (``build(listing=True)``):
    the page is exactly the one the whole command, every option wired up, prints."""
    assert main(["--help"]) == 0
    listed = capsys.readouterr().out
    whole = typer.main.get_command(build())
    with pytest.raises(SystemExit) as end:
        whole.main(["--help"], prog_name="tricklog")
    assert end.value.code == 0
    assert capsys.readouterr().out == listed
    assert "  audit " in listed and "  rules " in listed


def test_a_command_that_is_named_loads_no_other_command() -> None:
    """A run builds only the command it names: ``tricklog codes`` imports no other command's
    module (what keeps the start-up of a one-file audit under 0.3 s of CPU)."""
    code = (
        "import sys; from replay.cli.app import COMMANDS, main; code = main(['codes']); "
        "others = [m for n, (m, _) in COMMANDS.items() if n != 'codes' and m in sys.modules]; "
        "print(others, file=sys.stderr); sys.exit(code or len(others))"
    )
    run = processes.python(code)
    assert run.returncode == 0, run.stderr
