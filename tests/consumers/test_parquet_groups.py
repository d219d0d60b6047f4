"""The Parquet writer holds a row group, not the input: its rows are written a group at a time,
each group's bytes given out as they are made, with one type per column over every group, and
what it keeps in memory does not grow with the number of records."""

from __future__ import annotations

import io
import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from records.formats.base import Loss
from replay.export import parquet as parquet_format
from replay.registry import GAMES
from tests.conftest import ROOT

pq = pytest.importorskip("pyarrow.parquet", reason="Parquet needs the [parquet] extra (pyarrow)")


def _records(game: str, count: int) -> Iterator[Any]:
    """``count`` generated records of two hands, made one at a time as they are read."""
    for n in range(count):
        yield GAMES[game].generate(random.Random(n), preset="default", hands=2, game_id=f"{n}")


def _chunks(records: Any, form: str) -> list[bytes]:
    return [c for c in parquet_format.write(records, form) if not isinstance(c, Loss)]


def test_rows_are_written_a_group_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parquet_format, "ROW_GROUP", 10**9)
    whole = pq.read_table(io.BytesIO(b"".join(_chunks(_records("oh_hell", 30), "actions"))))
    monkeypatch.setattr(parquet_format, "ROW_GROUP", 50)
    chunks = _chunks(_records("oh_hell", 30), "actions")
    data = b"".join(chunks)
    groups = -(-whole.num_rows // 50)
    assert pq.ParquetFile(io.BytesIO(data)).metadata.num_row_groups == groups > 3
    assert len([c for c in chunks if c]) >= groups  # each group given out as it is made
    assert max(len(c) for c in chunks) < len(data) / 2
    assert pq.read_table(io.BytesIO(data)).equals(whole)


def test_a_column_has_one_type_over_every_group(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole numbers in the first groups, one beyond 64 bits in the last (an amount over a
    large denominator): the column is text in every group, as when the rows were written at
    once (a value is never cut to fit)."""
    real = parquet_format.table_stream
    huge = 2**70

    def stream(records: Any, table: str) -> Iterator[Any]:
        items = list(real(records, table))
        rows = [item for item in items if isinstance(item, list) and item]
        column = next(i for i, c in enumerate(items[0].columns) if c.name == "score")
        last = list(rows[-1][-1])
        last[column] = huge
        rows[-1][-1] = tuple(last)
        return iter(items)

    monkeypatch.setattr(parquet_format, "table_stream", stream)
    monkeypatch.setattr(parquet_format, "ROW_GROUP", 8)
    records = list(_records("bestia", 4))
    table = pq.read_table(io.BytesIO(b"".join(_chunks(records, "hands"))))
    scores = table.column("score")
    assert str(scores.type) == "string"
    assert str(huge) in scores.to_pylist() and "-10" in scores.to_pylist()
    assert table.column("seat").type == "int64"
    monkeypatch.setattr(parquet_format, "ROW_GROUP", 10**9)
    assert table.equals(pq.read_table(io.BytesIO(b"".join(_chunks(records, "hands")))))


_PEAKS = """
import gc, random, sys, tracemalloc
from replay.export import parquet
from replay.registry import GAMES

parquet.ROW_GROUP = 256
parquet._SPOOL = 1  # the rows set aside go to disk at once

MADE = [
    GAMES["oh_hell"].generate(random.Random(n), preset="default", hands=2, game_id=str(n))
    for n in range(8)
]

def records(count):  # made once: the generator keeps some of what it makes
    for n in range(count):
        yield MADE[n % len(MADE)]

def peak(count):
    gc.collect()
    tracemalloc.start()
    for _ in parquet.write(records(count), "actions"):
        gc.collect()  # tracemalloc counts what CPython keeps on its free lists (up to 2,000
        # tuples of each size, emptied by a full collection) as allocated: without this, the
        # measure grows with the free lists until they are full, whatever the writer holds
    top = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return top

peak(4)  # what is loaded once
print(peak(80), peak(320))
"""


def test_memory_does_not_grow_with_the_input() -> None:
    """Python memory at its peak while writing 80 and 320 records (1,600 and 6,400 rows, in
    groups of 256), in a process of its own (what other tests loaded and left would blur it):
    the rows of every record were held until the end, four times as many for four times the
    records; now a group, the same for both. (What grows is the file's footer, which lists
    every group; a group is 16,384 rows in use.)"""
    run = subprocess.run(
        [sys.executable, "-c", _PEAKS], capture_output=True, text=True, check=False, cwd=ROOT
    )
    assert run.returncode == 0, run.stderr
    small, large = map(int, run.stdout.split())
    assert large < small * 1.5, (small, large)  # before: 3.8 times


_WITHOUT = """
import sys
from replay.export import arrow
arrow.WITHOUT_NUMPY = {without}
pa, pq = arrow.pyarrow()
table = pa.table({{"n": pa.array([1, 2], type=pa.int64())}})
print("numpy" in sys.modules, table.num_rows, "numpy" not in sys.modules or bool(sys.modules["numpy"]))
import importlib.util
print(importlib.util.find_spec("numpy") is not None)
"""


@pytest.mark.parametrize("without", [True, False])
def test_the_command_imports_pyarrow_without_numpy_a_library_caller_with_it(without: bool) -> None:
    """The command sets ``WITHOUT_NUMPY`` (15 MB it never uses); pyarrow then works all the same,
    and numpy can still be imported after. A library caller's pyarrow is as pyarrow makes it."""
    code = _WITHOUT.format(without=without)
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
    loaded, rows, usable = result.stdout.split("\n")[0].split()
    numpy_installed = result.stdout.split("\n")[1] == "True"
    assert rows == "2" and usable == "True"
    assert loaded == str(numpy_installed and not without)


def test_the_command_writes_parquet_without_numpy(tmp_path: Any) -> None:
    """``replay.cli.app.main`` sets the flag: after a conversion to Parquet, numpy is not loaded
    (where it is installed at all), and the file holds the rows."""
    out = tmp_path / "hands.parquet"
    fixture = ROOT / "fixtures" / "oh_hell" / "valid" / "default-3p-complete-game.json"
    code = (
        "import sys\n"
        "from replay.cli.app import main\n"
        f"code = main(['convert', {str(fixture)!r}, '-o', {str(out)!r}, '--allow-loss'])\n"
        "print(code, 'numpy' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[-2] == "0 False"
    assert pq.read_table(out).num_rows > 0
