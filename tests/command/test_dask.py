"""``tricklog audit --dask``: the same verdicts, summary and exit code as a local run.

The cluster is a ``LocalCluster`` started in this process with two workers as threads
(``processes=False``, for speed): the command connects to its scheduler by address as it would to
a real one, submits every shard as a task and gathers the results through the scheduler; only
the pickling of the tasks for another process is not exercised (``-j`` does that, in
test_jobs.py).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import replay.distributed
from tests.command.test_jobs import mixed_archive
from tests.conftest import FIXTURES

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def address() -> Iterator[str]:
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        yield cluster.scheduler_address


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return mixed_archive(tmp_path_factory.mktemp("dask") / "mixed.jsonl")


def _lines(out: str) -> tuple[list[dict[str, object]], dict[str, object]]:
    """The record lines of a jsonl report, and its summary without the timing."""
    *records, last = [json.loads(line) for line in out.splitlines()]
    summary = dict(last["summary"])  # type: ignore[call-overload]
    for key in ("elapsed_seconds", "records_per_second", "hands_per_second"):
        summary.pop(key)
    return records, summary


def test_files_on_the_cluster_give_the_local_verdicts(
    address: str, archive: Path, tricklog
) -> None:  # type: ignore[no-untyped-def]
    inputs = [str(archive), str(FIXTURES / "bestia" / "valid")]
    local = tricklog("audit", "-j", "1", "--format", "jsonl", *inputs)
    remote = tricklog("audit", "--dask", address, "--format", "jsonl", *inputs)
    assert remote.code == local.code == 1, remote.err
    assert _lines(remote.out) == _lines(local.out)
    text = tricklog("audit", "--dask", address, *inputs)
    assert text.out.splitlines()[:-1] == tricklog("audit", "-j1", *inputs).out.splitlines()[:-1]


def test_a_large_file_is_cut_at_line_starts_and_keeps_its_line_numbers(
    address: str, archive: Path, tricklog, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(replay.distributed, "SHARD_BYTES", 50_000)
    shards = list(replay.distributed.plan([str(archive)], 50_000))
    assert len(shards) > 5
    local = tricklog("audit", "-j", "1", "--format", "jsonl", str(archive))
    remote = tricklog("audit", "--dask", address, "--format", "jsonl", str(archive))
    assert remote.code == local.code == 1
    records, summary = _lines(remote.out)
    assert (records, summary) == _lines(local.out)
    assert records[-1]["source"] == f"{archive}:{len(archive.read_bytes().splitlines())}"


def test_output_dir_gets_one_jsonl_shard_per_input_shard(
    address: str, archive: Path, tricklog, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    valid = FIXTURES / "oh_hell" / "valid"
    out = tmp_path / "reports"
    run = tricklog("audit", "--dask", address, "-o", str(out), str(archive), str(valid))
    assert run.code == 1
    names = sorted(p.name for p in out.iterdir())
    assert names[0] == "00001-mixed.jsonl" and len(names) == 1 + len(list(valid.glob("*.json")))
    written = [line for name in names for line in (out / name).read_text().splitlines()]
    local = tricklog("audit", "-j", "1", "--format", "jsonl", str(archive), str(valid))
    assert [json.loads(line) for line in written] == _lines(local.out)[0]
    summary = tricklog("audit", "-j", "1", str(archive), str(valid)).out.splitlines()
    assert run.out.splitlines()[:-1] == summary[-(len(run.out.splitlines())) : -1]  # no FAIL


def test_an_unreachable_scheduler_is_an_unreadable_input(
    tricklog, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(replay.distributed, "CONNECT_TIMEOUT", "1s")
    run = tricklog("audit", "--dask", "tcp://127.0.0.1:9", str(FIXTURES / "oh_hell" / "valid"))
    assert run.code == 3
    assert "error: tcp://127.0.0.1:9: cannot reach the Dask scheduler there" in run.err


def test_without_dask_the_option_says_how_to_install_it(
    tricklog, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    run = tricklog("audit", "--dask", "local", str(FIXTURES / "oh_hell" / "valid"))
    assert run.code == 2
    assert "pip install 'dask[distributed]'" in run.err


def test_standard_input_and_output_without_dask_are_usage_errors(tricklog) -> None:  # type: ignore[no-untyped-def]
    assert tricklog("audit", "--dask", "local", "-").code == 2
    assert tricklog("audit", "-o", "out", str(FIXTURES / "oh_hell" / "valid")).code == 2


def test_pages_of_a_run_on_the_cluster_are_those_of_a_local_run(
    address: str, archive: Path, tricklog, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    pages = {}
    for where in (("-j", "1"), ("--dask", address)):
        folder = tmp_path / where[0].strip("-")
        assert tricklog("audit", "-q", *where, "--html", str(folder), str(archive)).code == 1
        pages[where[0]] = {page.name: page.read_bytes() for page in folder.iterdir()}
    assert pages["-j"] == pages["--dask"] and "index.html" in pages["-j"]
