"""Every library function that reads inputs takes one path as one path, many as an iterable, and
refuses bytes or anything else with a ``TypeError`` at the call (issue 18.4, 19.13).

The failures reported: ``check_paths("ohw.jsonl")`` read the characters of the string as paths
(``o``, ``h``, ``w``, ``.``: the current folder searched) and returned thousands of
``ReadFailure``s; ``iter_records("ohw.jsonl")`` raised ``no such file or directory: o``;
``convert`` given a string did the same, and a ``/`` in it searched the whole file system."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

import records.formats.convert as convert_module
import records.io
import replay.check
import tricklog
from records.io import ReadFailure
from tests.conftest import FIXTURES

GAME = FIXTURES / "oh_hell" / "valid" / "default-4p-complete-game.json"
REVOKE = next((FIXTURES / "oh_hell" / "invalid").glob("play.revoke--*.json"))


@pytest.fixture
def archive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """``ohw.jsonl`` (two records) in an otherwise empty current folder, next to other files
    that a character read as a path (``.``, a folder searched) would find."""
    lines = [orjson.dumps(orjson.loads(path.read_bytes())) for path in (GAME, REVOKE)]
    (tmp_path / "ohw.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    (tmp_path / "other.json").write_bytes(GAME.read_bytes())
    monkeypatch.chdir(tmp_path)
    return "ohw.jsonl"


def _sources(items: Iterator[Any]) -> list[tuple[str, bool]]:
    out = []
    for item in items:
        assert not isinstance(item, ReadFailure), item
        out.append((item.source, item.valid))
    return out


@pytest.mark.parametrize("as_given", [str, Path, lambda name: [name], lambda name: (name,)])
def test_check_paths_reads_one_path_as_one_path(
    archive: str, as_given: Callable[[str], Any]
) -> None:
    found = _sources(tricklog.check_paths(as_given(archive)))
    assert found == [("ohw.jsonl:1", True), ("ohw.jsonl:2", False)]


@pytest.mark.parametrize("as_given", [str, Path, lambda name: [Path(name)]])
def test_iter_records_reads_one_path_as_one_path(
    archive: str, as_given: Callable[[str], Any]
) -> None:
    loaded = list(tricklog.iter_records(as_given(archive)))
    assert [item.source for item in loaded] == ["ohw.jsonl:1", "ohw.jsonl:2"]
    assert all(item.record is not None for item in loaded)


def test_a_directory_given_as_a_string_is_one_directory(archive: str) -> None:
    assert len(list(tricklog.iter_records("."))) == 3  # ohw.jsonl's two, other.json's one


def test_load_takes_a_path_object_and_refuses_a_list(archive: str) -> None:
    assert tricklog.load(Path("other.json")).id == "oh_hell-4-0"
    with pytest.raises(TypeError, match=r"path: a path is a str or an os.PathLike, not list"):
        tricklog.load(["other.json"])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("given", "shown"),
    [
        (b"ohw.jsonl", "bytes (b'ohw.jsonl')"),
        (bytearray(b"ohw.jsonl"), "bytearray (bytearray(b'ohw.jsonl'))"),
        (3, "int (3)"),
        (None, "NoneType (None)"),
    ],
)
def test_bytes_or_a_non_path_is_refused_at_the_call(archive: str, given: Any, shown: str) -> None:
    said = "a path (a str or an os.PathLike) or an iterable of paths, not " + shown
    for function in (tricklog.check_paths, tricklog.iter_records):
        with pytest.raises(TypeError) as refused:
            function(given)  # refused at the call: nothing iterated
        assert str(refused.value) == "paths: expected " + said
    with pytest.raises(TypeError) as refused:
        tricklog.convert(given, "out.jsonl")
    assert str(refused.value) == "inputs: expected " + said


class _BytesPath:
    """A path object whose path is bytes (``os.PathLike[bytes]``)."""

    def __fspath__(self) -> bytes:
        return b"ohw.jsonl"


@pytest.mark.parametrize("element", [b"ohw.jsonl", 3, _BytesPath()], ids=["bytes", "int", "fspath"])
def test_a_bytes_element_is_refused(archive: str, element: Any) -> None:
    with pytest.raises(TypeError, match=r"^paths: a path is a str or an os.PathLike, not "):
        tricklog.check_paths(["ohw.jsonl", element])
    with pytest.raises(TypeError, match=r"^paths: a path is a str or an os.PathLike, not "):
        list(records.io.iter_entries(["ohw.jsonl", element]))
    with pytest.raises(TypeError, match=r"^paths: a path is a str or an os.PathLike, not "):
        list(replay.check.check_paths(["ohw.jsonl", element]))


def test_a_path_object_named_dash_is_a_file_not_standard_input(archive: str) -> None:
    Path("-").write_bytes(GAME.read_bytes())
    assert [r.source for r in tricklog.check_paths(Path("-"))] == ["./-"]  # type: ignore[union-attr]


def test_convert_reads_one_string_as_one_input(
    archive: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    searched: list[str] = []

    def directory(name: str, *args: Any) -> Iterator[Any]:  # a folder searched: never, here
        searched.append(name)
        return iter(())

    monkeypatch.setattr(convert_module, "_directory", directory)
    nested = Path("sub") / "ohw.jsonl"  # a "/" in the name: read by characters, "/" is the root
    nested.parent.mkdir()
    Path(archive).rename(nested)
    done = tricklog.convert(str(nested), "out.jsonl")
    assert searched == [] and done.unreadable == []
    assert (done.records, done.written) == (2, True)
    assert len(Path("out.jsonl").read_bytes().splitlines()) == 2
    again = tricklog.convert(nested, Path("again.jsonl"))  # path objects, in and out
    assert (again.records, again.written, again.output) == (2, True, "again.jsonl")


def test_convert_refuses_an_output_that_is_not_one_path(archive: str) -> None:
    with pytest.raises(TypeError, match=r"^output: a path is a str or an os.PathLike, not bytes"):
        tricklog.convert(archive, b"out.jsonl")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^output: a path is a str or an os.PathLike, not list"):
        tricklog.convert(archive, ["out.jsonl"])  # type: ignore[arg-type]
    assert not Path("out.jsonl").exists()


def test_convert_reads_takes_one_path_too(archive: str) -> None:
    found = list(convert_module.reads(archive))
    assert [item.source for item in found] == ["ohw.jsonl:1", "ohw.jsonl:2"]  # type: ignore[union-attr]
    with pytest.raises(TypeError):
        convert_module.reads(b"ohw.jsonl")
