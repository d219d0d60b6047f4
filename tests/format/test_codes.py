"""The catalogue of problem codes, the code base, the fixtures and the docs agree.

* every code the source can emit is catalogued (``records/codes/``): the string literals that
  look like codes in ``records/``, ``replay/`` and ``tricklog/``, the codes built from a
  template (``f"{what}.out-of-phase"``), and the ``<claim>.mismatch`` codes of every claim the
  referees compare;
* every catalogued code has an ``invalid/`` fixture in each of its games, and one that no record
  can raise says why (its ``note``), and is still emitted somewhere in the source;
* every fixture's code is catalogued for its game, with the kind its first problem has;
* ``docs/problems.md`` and each game's page list every code, parameter and preset (the
  generated blocks are current: ``python -m records.docs --check``).

A failure says what to add where.
"""

from __future__ import annotations

import ast
import json
import re
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest

import tricklog
from records.codes import CODES, Code
from records.docs import anchor, stale
from records.rulebook import parameters, presets
from replay.check import check_bytes
from replay.registry import GAMES
from replay.steps import HandSettled, RecordSettled
from tests.conftest import FIXTURES, ROOT

SOURCES = ("records", "replay", "tricklog")
CATALOGUE = ROOT / "records" / "codes"
CODE = re.compile(r"^[a-z][a-z_]*\.[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
NOT_CODES = re.compile(
    r"^(?:records|replay|tricklog|bench|tests|state)\."
    r"|\.(?:json|jsonl|ndjson|gz|bz2|xz|zst|py|md|txt|tmp|html|csv|parquet|tln)$"
    r"|^cpu\.max$"
    r"|^table\."  # a Table's refusal of a way of using it (a deal stated late), not a record's
)
"""Strings shaped like codes that are not: module paths, attribute paths (``state.size``) and
file names (``cpu.max``: a control group's CPU quota, ``replay.workers``)."""
TEMPLATE = re.compile(r"^\.[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
INVALID = sorted(FIXTURES.glob("*/invalid/*.json"))
BROKEN = sorted(p for p in FIXTURES.glob("*/invalid/*--*") if p.suffix in (".json", ".tln"))
"""Every broken example, in either record format (JSON, or the text notation for its codes)."""


@cache
def source_codes() -> dict[str, list[str]]:
    """Code-shaped string literals of the source (the catalogue aside): code -> places."""
    found: dict[str, list[str]] = defaultdict(list)
    for path, tree in _trees():
        for node in ast.walk(tree):
            value = getattr(node, "value", None)
            is_text = isinstance(node, ast.Constant) and isinstance(value, str)
            if is_text and CODE.match(value) and not NOT_CODES.search(value):
                found[value].append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return dict(found)


@cache
def source_templates() -> dict[str, list[str]]:
    """Codes built by an f-string ``f"{x}.suffix"``: ``.suffix`` -> places."""
    found: dict[str, list[str]] = defaultdict(list)
    for path, tree in _trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr) and len(node.values) == 2:
                head, tail = node.values
                suffix = getattr(tail, "value", None)
                built = isinstance(head, ast.FormattedValue) and isinstance(suffix, str)
                if built and TEMPLATE.match(suffix):
                    found[suffix].append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return dict(found)


def _trees() -> list[tuple[Path, ast.Module]]:
    paths = [p for top in SOURCES for p in sorted((ROOT / top).rglob("*.py"))]
    return [(p, ast.parse(p.read_text())) for p in paths if CATALOGUE not in p.parents]


@cache
def claim_codes() -> dict[str, set[str]]:
    """The code of a mismatch of every claim the referees compare, over the valid fixtures:
    code -> games. (A claim's code is its own, or ``<name>.mismatch``.)"""
    found: dict[str, set[str]] = defaultdict(set)
    for path in sorted(FIXTURES.glob("*/valid/*.json")):
        record = tricklog.load(path)
        for step in tricklog.steps(record):
            if isinstance(step, HandSettled | RecordSettled):
                for claim in step.claims or ():
                    found[claim.code or f"{claim.name}.mismatch"].add(record.game)
    return dict(found)


@cache
def first_problems() -> dict[Path, tuple[str, str, str, list[str]]]:
    """Every invalid fixture's first problem (code, kind, message) and all its problems' codes."""
    found = {}
    for path in INVALID:
        report = check_bytes(path.read_bytes(), audit=True)
        first = report.problems[0] if report.problems else None
        codes = [p.code for p in report.problems]
        if first is None:
            found[path] = ("", "", "", codes)
        else:
            found[path] = (first.code, first.kind.value, first.message, codes)
    return found


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


def fixtures_of(code: str) -> set[str]:
    return {p.parts[-3] for p in BROKEN if p.name.split("--")[0] == code}


def _game_of(places: list[str]) -> str:
    for game in GAMES:
        if any(f"/{game}" in place for place in places):
            return f'("{game}",)'
    return "ALL"


def _how_to_add(code: str, places: list[str], seen: str = "emitted at") -> str:
    where = ", ".join(places[:3])
    games = _game_of(places)
    return (
        f"{code} ({seen} {where}) is not in the catalogue of problem codes. Add to "
        "records/codes/ (malformed.py, illegal.py, inconsistent.py, or the game's module):\n\n"
        "    Code(\n"
        f'        "{code}",\n'
        "        ILLEGAL,  # or MALFORMED, INCONSISTENT: the kind of the Problem it makes\n"
        f"        {games},  # the games whose records can raise it\n"
        '        "What is wrong, in a sentence or two.",\n'
        '        "a message of this code as tricklog prints it",\n'
        "    ),\n\n"
        f"then add a fixture fixtures/<game>/invalid/{code}--<what>.json for each of those games "
        "(one broken record whose first problem is this code; fixtures/<game>/make_invalid.py "
        "makes them), and regenerate the docs: python -m records.docs"
    )


# --- the source -> the catalogue ---------------------------------------------------------------


def test_every_code_in_the_source_is_catalogued() -> None:
    missing = [_how_to_add(c, p) for c, p in sorted(source_codes().items()) if c not in CODES]
    assert not missing, "\n\n".join(missing)


def test_every_code_template_builds_catalogued_codes() -> None:
    for suffix, places in sorted(source_templates().items()):
        assert any(c.endswith(suffix) for c in CODES), (
            f"codes ending in {suffix} are built at {', '.join(places)}, but the catalogue "
            f"(records/codes/) has none: add each code that template can make"
        )


def test_every_claim_the_referees_compare_has_its_mismatch_code_catalogued() -> None:
    for code, games in sorted(claim_codes().items()):
        places = [f"replay/referees/{g}.py" for g in sorted(games)]
        assert code in CODES, _how_to_add(code, places, "the mismatch of a claim in")
        missing = games - set(CODES[code].games)
        assert not missing, f"{code}: add {sorted(missing)} to its games in records/codes/"


def test_every_code_a_fixture_raises_is_catalogued() -> None:
    for path, (_, _, _, codes) in first_problems().items():
        for code in codes:
            assert code in CODES, _how_to_add(code, [_name(path)], "raised by")


# --- the catalogue -> the fixtures -------------------------------------------------------------


@pytest.mark.parametrize("entry", list(CODES.values()), ids=lambda c: c.code)
def test_every_catalogued_code_has_a_fixture_in_each_of_its_games(entry: Code) -> None:
    missing = [g for g in entry.games if g not in fixtures_of(entry.code)]
    assert not missing, (
        f"{entry.code} has no fixture in {', '.join(missing)}: add "
        f"fixtures/<game>/invalid/{entry.code}--<what>.json (.tln for a code of the text "
        "notation; a record whose first problem is "
        f"{entry.code}; fixtures/<game>/make_invalid.py makes them), or, if no {missing[0]} "
        "record can raise it, drop the game from its games in records/codes/ and say why in "
        "its note"
    )


@pytest.mark.parametrize("entry", list(CODES.values()), ids=lambda c: c.code)
def test_no_catalogue_entry_is_dead(entry: Code) -> None:
    if entry.games:
        return  # its fixtures raise it (tests/driver/test_fixtures.py checks each one)
    assert entry.note, f"{entry.code}: no game raises it; its note must say why"
    assert entry.code in source_codes(), (
        f"{entry.code} is catalogued, but nothing in {', '.join(SOURCES)} emits it any more: "
        "remove it from records/codes/ and regenerate the docs (python -m records.docs)"
    )


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_every_fixture_is_a_catalogued_code_of_its_game(path: Path) -> None:
    code, game = path.name.split("--")[0], path.parts[-3]
    assert code in CODES, _how_to_add(code, [_name(path)], "the code of")
    entry = CODES[code]
    assert game in entry.games, (
        f"{path.relative_to(ROOT)}: add {game!r} to the games of {code} in records/codes/"
    )
    if path.suffix != ".json":
        return  # the text notation's tests read it
    first_code, kind, _, _ = first_problems()[path]
    assert first_code == code
    assert kind == entry.kind.value, (
        f"{code} is catalogued as {entry.kind.value} but the fixture's problem is {kind}"
    )


def test_every_example_is_a_message_of_one_of_its_fixtures() -> None:
    said: dict[str, set[str]] = defaultdict(set)
    for code, _, message, _ in first_problems().values():
        said[code].add(message)
    for code, entry in CODES.items():
        if code in said:
            assert entry.example in said[code], (
                f"the example of {code} in records/codes/ is not what tricklog says any more; "
                f"make it one of: {sorted(said[code])}, then run python -m records.docs"
            )


def test_examples_and_meanings_are_written() -> None:
    for entry in CODES.values():
        assert entry.meaning.endswith(".") and entry.example, entry.code
        assert entry.code == entry.code.strip() and CODE.match(entry.code), entry.code


# --- the docs ----------------------------------------------------------------------------------


def test_generated_docs_are_current() -> None:
    old = [str(p.relative_to(ROOT)) for p in stale()]
    assert not old, f"{', '.join(old)}: stale; run: python -m records.docs"


def test_every_code_is_documented() -> None:
    text = (ROOT / "docs" / "problems.md").read_text()
    for code in CODES:
        assert f"### `{code}`" in text, f"{code} is not in docs/problems.md"
    for game in GAMES:
        page = (ROOT / "docs" / f"{game}.md").read_text()
        for entry in CODES.values():
            linked = f"(problems.md#{anchor(entry.code)})" in page
            assert linked == (game in entry.games), f"docs/{game}.md and {entry.code}"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_parameter_and_preset_is_documented(game: str) -> None:
    page = (ROOT / "docs" / f"{game}.md").read_text()
    for parameter in parameters(game):
        assert f"| `{parameter.name}` |" in page, f"{parameter.name} is not in docs/{game}.md"
    for name in presets(game):
        assert f"* `{name}`: " in page, f"preset {name} is not in docs/{game}.md"


def test_the_catalogue_is_the_json_of_tricklog_codes(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("codes", "--format", "json")
    assert run.code == 0
    listed = [entry["code"] for entry in json.loads(run.out)["codes"]]
    assert listed == list(CODES)
