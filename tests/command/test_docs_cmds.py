"""``tricklog rules GAME [PRESET]`` and ``tricklog codes [GAME]``: the documentation at hand."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from records.codes import CODES, codes_of
from records.model_path import required_keys
from records.rulebook import parameters, preset_values, presets, seats_parameter
from replay.registry import GAMES
from tests.conftest import ROOT


@pytest.mark.parametrize("game", list(GAMES))
def test_rules_lists_every_parameter_with_its_default(game: str, tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("rules", game)
    assert run.code == 0, run.err
    for parameter in parameters(game):
        assert f"\n{parameter.name} = {json.dumps(parameter.default)}\n" in run.out
    for name in presets(game):
        assert f"\n  {name}: " in run.out
    assert f"docs/{game}.md" in run.out
    assert "``" not in run.out


def test_rules_of_a_preset_marks_what_differs_from_the_default(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("rules", "oh_hell", "openspiel")
    assert run.code == 0
    assert "preset openspiel" in run.out.splitlines()[0]
    assert "5 values differ from the default: hand_sizes, no_trump_rule, first_bidder, " in run.out
    assert "\nhook = true   (default false)\n" in run.out
    assert '\nhand_sizes = "single"   (default "ascending_to_max")\n' in run.out
    assert "\nnil_score = 10\n" in run.out  # the same as the default: not marked


@pytest.mark.parametrize("game", list(GAMES))
def test_rules_json_is_every_preset_s_rules_block(game: str, tricklog) -> None:  # type: ignore[no-untyped-def]
    for name in presets(game):
        run = tricklog("rules", game, name, "--format", "json")
        assert run.code == 0
        block = json.loads(run.out)
        assert block == preset_values(game, name)
        assert list(block) == [p.name for p in parameters(game)]  # the record's order
        assert block["preset"] == name


@pytest.mark.parametrize("game", list(GAMES))
def test_a_rules_block_written_from_a_preset_and_a_table_validates(
    game: str, tricklog, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    # A record written by hand states only its preset and its table: one problem says how to
    # get the whole block, and the block that command prints makes the record valid.
    name = list(presets(game))[-1] if game != "pinochle" else "three"
    seats = seats_parameter(game)
    generated = tricklog("generate", game, "--preset", name, "--hands", "2", "--seed", "3")
    record = json.loads(generated.out)
    full = record["rules"]
    record["rules"] = {"preset": name, seats: full[seats]}
    path = tmp_path / "by-hand.json"
    path.write_text(json.dumps(record))
    run = tricklog("validate", "--format", "json", str(path))
    assert run.code == 1
    [problem] = json.loads(run.out)["records"][0]["problems"]
    assert (problem["code"], problem["pointer"]) == ("record.missing-field", "/rules")
    lacking = [n for n in required_keys(type(presets(game)[name])) if n not in ("preset", seats)]
    assert f"the rules do not state {len(lacking)} parameters of {game}: " in problem["message"]
    assert f": {', '.join(lacking)}; a record states every" in problem["message"]
    command = problem["message"].rsplit("to paste in: ", 1)[1]
    assert command == f"tricklog rules {game} {name} --players {full[seats]} --format json"
    block = tricklog(*command.split()[1:])
    assert block.code == 0, block.err
    record["rules"] = json.loads(block.out)
    path.write_text(json.dumps(record))
    assert tricklog("validate", str(path)).code == 0


def test_rules_for_another_table(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("rules", "bestia", "perugia", "--players", "6", "--format", "json")
    assert run.code == 0
    assert json.loads(run.out) == {**preset_values("bestia", "perugia"), "num_players": 6}
    run = tricklog("rules", "pinochle", "--players", "3", "--format", "json")
    assert json.loads(run.out)["table_size"] == 3
    run = tricklog("rules", "oh_hell", "hoyle", "--players", "5")
    assert run.code == 0
    assert "\nnum_players = 5   (default 4)\n" in run.out
    assert run.out.rstrip().endswith("tricklog rules oh_hell hoyle --format json")
    run = tricklog("rules", "oh_hell", "--players", "2", "--format", "json")
    assert (run.code, run.out) == (2, "")
    assert run.err.strip() == 'error: --players 2: "num_players" must be at least 3, not 2'


def test_rules_of_an_unknown_game_or_preset_is_a_usage_error(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("rules", "whist")
    assert run.code == 2
    assert "oh_hell, pinochle, bestia" in run.err
    run = tricklog("rules", "pinochle", "openspiel")
    assert run.code == 2
    assert run.err.strip() == (
        "error: unknown preset openspiel for pinochle; expected one of default, three, hoyle, "
        "brooklyn, pre1945, bonus"
    )
    assert run.out == ""


def test_codes_lists_every_code(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("codes")
    assert run.code == 0
    listed = re.findall(r"^(\S+) \[(malformed|illegal|inconsistent)\]", run.out, re.MULTILINE)
    assert [code for code, _ in listed] == list(CODES)
    assert all(CODES[code].kind.value == kind for code, kind in listed)
    assert f"{len(CODES)} codes tricklog can report" in run.out
    assert "deal.unknown-card [illegal] (no record (see the note))" in run.out


@pytest.mark.parametrize("game", list(GAMES))
def test_codes_of_a_game_are_the_codes_its_records_can_raise(game: str, tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("codes", game, "--format", "json")
    assert run.code == 0
    report = json.loads(run.out)
    assert report["game"] == game
    assert [e["code"] for e in report["codes"]] == [c.code for c in codes_of(game)]
    assert all(game in e["games"] for e in report["codes"])
    revoke = next(e for e in report["codes"] if e["code"] == "play.revoke")
    assert revoke["kind"] == "illegal" and revoke["example"] and revoke["meaning"]


def test_codes_of_an_unknown_game_is_a_usage_error(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("codes", "whist")
    assert run.code == 2
    assert run.out == ""


@pytest.mark.parametrize("command", ["rules", "codes"])
def test_help_has_an_example_and_points_inside_the_repository(command: str, tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog(command, "--help")
    assert run.code == 0
    assert f"tricklog {command} " in run.out.split("Examples:")[1]
    assert "RULES.md" not in run.out and "../" not in run.out


def test_readme_and_help_refer_only_to_documents_in_the_repository(tricklog) -> None:  # type: ignore[no-untyped-def]
    readme = (ROOT / "README.md").read_text()
    assert "../shared" not in readme and "RULES.md" not in readme
    for link in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", readme):
        if not link.startswith(("http://", "https://")):
            assert (ROOT / link).exists(), f"README links to {link}, which the repository lacks"
    for target in re.findall(r"\b(docs/[a-z_]+\.md)\b", readme):
        assert (ROOT / target).exists(), target
    run = tricklog("--help")
    assert "RULES.md" not in run.out and "shared/" not in run.out
    for command in ("validate", "audit", "show", "generate", "schema", "rules", "codes"):
        text = tricklog(command, "--help").out
        assert "RULES.md" not in text and "shared/" not in text, command


def test_schema_descriptions_say_it_in_words() -> None:
    for path in sorted((ROOT / "schema").glob("*.json")):
        text = path.read_text()
        assert "RULES.md" not in text, path.name
        assert not re.search(r"\b(?:Q-(?:OH|PIN|BES)-\d|R-[A-Z]{3,})", text), path.name


def test_docs_link_only_to_pages_that_exist() -> None:
    for page in sorted((ROOT / "docs").glob("*.md")):
        for link in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", page.read_text()):
            if not link.startswith(("http://", "https://")):
                assert (page.parent / link).exists(), f"{page.name} links to missing {link}"


def test_source_that_cites_the_rules_specification_names_the_docs_page_too() -> None:
    """RULES.md is not in the repository: a module citing it (or its Q-/R- labels) also names
    the page of docs/ that says the same."""
    cites = re.compile(r"RULES\.md|\bQ-(?:OH|PIN|BES)-\d|\bR-[A-Z]{3,}")
    for top in ("records", "replay", "tricklog"):
        for path in sorted((ROOT / top).rglob("*.py")):
            text = path.read_text()
            if cites.search(text):
                assert "docs/" in text, f"{path.relative_to(ROOT)} cites RULES.md but no docs/ page"


def test_no_file_of_the_repository_points_outside_it() -> None:
    """The specification and the style guide the project was written from are not in a clone:
    no tracked file (this test aside) cites them or the folder they live in."""
    outside = re.compile(r"RULES\.md|STYLE\.md|\.\./shared|/work/shared|shared/(?:rules|realdata)")
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    me = Path(__file__).resolve()
    for name in listed.stdout.splitlines():
        path = ROOT / name
        if path.resolve() == me or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # a picture
        assert not outside.search(text), f"{name} points outside the repository"
