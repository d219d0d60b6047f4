"""``tricklog convert`` of a file whose name does not say its format (an OpenSpiel playthrough
``oh_hell.txt``, a notation file without ``.tln``): its format is told by the content, and every
record still carries the file's name, never ``<stdin>``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from tests.conftest import FIXTURES


def test_a_playthrough_record_is_named_after_its_file(tricklog: Any, tmp_path: Path) -> None:
    out = tmp_path / "openspiel.jsonl"
    run = tricklog("convert", str(FIXTURES / "openspiel" / "oh_hell.txt"), "-o", str(out))
    assert run.code == 0, run.out + run.err
    record = json.loads(out.read_text())
    assert record["id"] == "oh_hell.txt"  # as docs/openspiel.md shows it: id="oh_hell.txt"
    run = tricklog("convert", str(out), "-o", str(tmp_path / "back.openspiel"), "--allow-loss")
    assert run.code == 0, run.out + run.err
    assert '\tid="oh_hell.txt"\t' in (tmp_path / "back.openspiel").read_text()


def test_a_notation_file_without_its_suffix_gives_its_own_places(
    tricklog: Any, tmp_path: Path
) -> None:
    source = FIXTURES / "oh_hell" / "valid" / "rebuilt-deals-3p.json"
    tln = tmp_path / "game.tln"
    assert tricklog("convert", str(source), "-o", str(tln)).code == 0
    unnamed = tmp_path / "game.notes"  # a suffix that says nothing: read by its content
    shutil.copy(tln, unnamed)
    text = unnamed.read_text().replace("hand 1 dealer", "hand 1 dealer x", 1)
    unnamed.write_text(text)
    run = tricklog("convert", str(unnamed), "-o", str(tmp_path / "out.jsonl"))
    assert run.code != 0
    assert f"{unnamed}:" in run.out + run.err and "<stdin>" not in run.out + run.err
