"""``tricklog summarize`` as a user meets it: tables, --by, --sort, --top, csv, parquet, exit
codes and messages."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest

from tests.command.processes import environment
from tests.conftest import ROOT, Run
from tests.consumers.test_summarize import archive, generated


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return archive(tmp_path_factory.mktemp("summarize") / "mix.jsonl")


def _json(run: Run) -> dict[str, Any]:
    assert run.code == 0, run.err
    summary: dict[str, Any] = json.loads(run.out)
    return summary


def test_text_is_plain_tables_when_piped(tricklog: Any, mixed: Path) -> None:
    run = tricklog("summarize", str(mixed))
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert lines[0].startswith("17 records: 16 valid, 1 with problems left out of the play")
    assert "1 duplicate" in lines[0]
    for title in (
        "By player",
        "Oh Hell (Blackout) by player",
        "Auction Pinochle (three-handed) by player",
        "Bestia by player",
        "Games and presets",
        "Pots and kitties (seats' net + left at the end - at the start = balance)",
        "Problems",
    ):
        assert title in lines
    assert "\x1b" not in run.out  # no colour in a pipe
    header = lines[lines.index("Oh Hell (Blackout) by player") + 1].split()
    assert header[:4] == ["player", "hands", "finished", "points"] and "%" in header


def test_sort_and_top(tricklog: Any, mixed: Path) -> None:
    everyone = _json(tricklog("summarize", str(mixed), "--format", "json"))["groups"]
    assert [g["key"] for g in everyone] == sorted(g["key"] for g in everyone)
    top = _json(tricklog("summarize", str(mixed), "-f", "json", "--sort", "wins", "--top", "2"))
    wins = sorted((g["wins"] for g in everyone), reverse=True)
    assert [g["wins"] for g in top["groups"]] == wins[:2]
    money = _json(tricklog("summarize", str(mixed), "-f", "json", "--sort", "bestia_net_money"))
    nets = [g["bestia"]["net_money"] for g in money["groups"] if "bestia" in g]
    assert nets == sorted(nets, reverse=True)
    assert "bestia" not in money["groups"][-1]  # groups without a value come last


def test_unknown_sort_key_is_a_usage_error(tricklog: Any, mixed: Path) -> None:
    run = tricklog("summarize", str(mixed), "--sort", "luck")
    assert run.code == 2
    assert "unknown --sort key luck; expected one of key, records" in run.err


@pytest.mark.parametrize(
    ("by", "keys"),
    [
        ("game", ["bestia", "oh_hell", "pinochle"]),
        ("preset", ["bestia/default", "oh_hell/default", "oh_hell/openspiel", "pinochle/default"]),
        ("seat", ["0", "1", "2", "3"]),
    ],
)
def test_by(tricklog: Any, mixed: Path, by: str, keys: list[str]) -> None:
    summary = _json(tricklog("summarize", str(mixed), "-f", "json", "--by", by))
    assert [g["key"] for g in summary["groups"]] == keys
    assert summary["by"] == by
    records = sum(g["records"] for g in summary["groups"])
    assert records == summary["valid"] * (4 if by == "seat" else 1)


def test_by_month_and_event(tricklog: Any, tmp_path: Path) -> None:
    lines = []
    for i, line in enumerate(generated("oh_hell", "default", 3)):
        record = orjson.loads(line)
        record["meta"] = {"event": "Spring", "date": f"2026-0{i + 1}-15"} if i else None
        lines.append(orjson.dumps(record))
    path = tmp_path / "dated.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    months = _json(tricklog("summarize", str(path), "-f", "json", "--by", "month"))
    assert [g["key"] for g in months["groups"]] == ["(none)", "2026-02", "2026-03"]
    events = _json(tricklog("summarize", str(path), "-f", "json", "--by", "event"))
    assert {g["key"]: g["records"] for g in events["groups"]} == {"(none)": 1, "Spring": 2}


def test_csv_has_a_row_per_group(tricklog: Any, mixed: Path, tmp_path: Path) -> None:
    out = tmp_path / "players.csv"
    run = tricklog("summarize", str(mixed), "--format", "csv", "-o", str(out))
    assert run.code == 0 and run.out == ""
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    summary = _json(tricklog("summarize", str(mixed), "-f", "json"))
    assert [r["key"] for r in rows] == [g["key"] for g in summary["groups"]]
    first = summary["groups"][0]
    assert int(rows[0]["wins"]) == first["wins"]
    assert int(rows[0]["oh_hell_bids_made"]) == first["oh_hell"]["bids_made"]


def test_parquet(tricklog: Any, mixed: Path, tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "players.parquet"
    run = tricklog("summarize", str(mixed), "--format", "parquet", "-o", str(out))
    assert run.code == 0, run.err
    table = pq.read_table(out).to_pylist()
    summary = _json(tricklog("summarize", str(mixed), "-f", "json"))
    assert [(r["key"], r["wins"], r["oh_hell_points"]) for r in table] == [
        (g["key"], g["wins"], g.get("oh_hell", {}).get("points")) for g in summary["groups"]
    ]


def test_parquet_needs_a_file_and_pyarrow(
    tricklog: Any, mixed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = tricklog("summarize", str(mixed), "--format", "parquet")
    assert run.code == 2 and "give it with -o FILE" in run.err
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # as if not installed
    out = tmp_path / "players.parquet"
    run = tricklog("summarize", str(mixed), "--format", "parquet", "-o", str(out))
    assert run.code == 2
    assert (
        "--format parquet needs pyarrow: pip install pyarrow, "
        "or pip install -e '.[parquet]' in tricklog's clone"
    ) in run.err
    assert not out.exists()


def test_unreadable_input_is_exit_3_and_the_rest_is_summarized(
    tricklog: Any, mixed: Path, tmp_path: Path
) -> None:
    run = tricklog("summarize", str(mixed), str(tmp_path / "missing.jsonl"), "-f", "json")
    assert run.code == 3
    summary = json.loads(run.out)
    assert summary["records"] == 17
    assert summary["unreadable"][0]["file"].endswith("missing.jsonl")
    text = tricklog("summarize", str(mixed), str(tmp_path / "missing.jsonl"))
    assert text.code == 3 and "missing.jsonl" in text.err


def test_help_has_examples(tricklog: Any) -> None:
    for command in ("summarize", "filter", "dedupe"):
        run = tricklog(command, "--help")
        assert run.code == 0
        assert "Examples:" in run.out and f"tricklog {command} " in run.out


def _readme_session() -> list[tuple[str, str]]:
    """(command, output) of every ``$ tricklog ...`` line of the README's worked example."""
    text = (ROOT / "README.md").read_text()
    section = text[text.index("\n## Summaries\n") :]
    section = section[: section.index("\n## ", 1)]
    pairs: list[tuple[str, str]] = []
    for block in section.split("```sh\n")[1:]:
        body = block[: block.index("```")]
        for chunk in ("\n" + body).split("\n$ ")[1:]:
            command, _, output = chunk.partition("\n")
            pairs.append((command, output))
    return pairs


def test_the_readme_worked_example_shows_real_output(tmp_path: Path) -> None:
    session = _readme_session()
    assert len(session) >= 8
    env = environment(PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    for command, shown in session:
        if "jq " in command and shutil.which("jq") is None:
            continue
        done = subprocess.run(
            ["bash", "-c", f"set -o pipefail; {command}"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
        )
        assert done.returncode == 0, (command, done.stderr)
        assert (done.stdout + done.stderr).rstrip("\n") == shown.rstrip("\n"), command
