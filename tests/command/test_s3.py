"""URL inputs and outputs against a real S3-compatible server (``tests.s3server``: moto's
standalone server on 127.0.0.1, reached over HTTP through s3fs, the client a real bucket is read
with): reading, globs and prefixes, writing whole or not at all, a missing key, a denied
request, a dropped connection, an interrupted multipart upload."""

from __future__ import annotations

import gzip
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import zstandard

import records.remote
import replay.distributed
import replay.parallel
from records import remote
from records.limits import ReadLimits
from records.output import open_output
from replay.members import cuts, members
from tests.command.processes import COMMAND, environment
from tests.command.test_jobs import mixed_archive
from tests.conftest import FIXTURES, ROOT

pytest.importorskip("s3fs", reason="the [s3] extra is not installed")
pytest.importorskip("moto.server", reason="the [test-s3] extra (moto[server]) is not installed")

from tests.s3server import BUCKET, Server, free_port, s3_server

_TIMING = re.compile(r"checked in .*")


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with s3_server() as running:
        yield running


@pytest.fixture
def s3(server: Server, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The server's S3 client, with its credentials and endpoint in the environment as a user
    sets them (the way s3fs finds them by itself)."""
    for name, value in server.environment.items():
        monkeypatch.setenv(name, value)
    return server.client()


def _put(s3: Any, key: str, data: bytes) -> str:
    s3.put_object(Bucket=BUCKET, Key=key, Body=data)
    return f"s3://{BUCKET}/{key}"


def _keys(s3: Any, prefix: str) -> list[str]:
    found = s3.list_objects_v2(Bucket=BUCKET, Prefix=prefix)
    return [item["Key"] for item in found.get("Contents", [])]


def _same(local: str, remote: str, path: Path, url: str) -> None:
    """Two reports alike but for the inputs' names and the timing."""
    assert _TIMING.sub("", remote).replace(url, "X") == _TIMING.sub("", local).replace(
        str(path), "X"
    )


def test_an_archive_in_a_bucket_audits_as_the_same_bytes_do_on_disk(s3, tricklog, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = mixed_archive(tmp_path / "mixed.jsonl")
    packed = tmp_path / "mixed.jsonl.gz"
    packed.write_bytes(gzip.compress(path.read_bytes()))
    for local in (path, packed):
        url = _put(s3, f"read/{local.name}", local.read_bytes())
        here, there = tricklog("audit", str(local)), tricklog("audit", url)
        assert (there.code, here.code) == (1, 1)
        _same(here.out, there.out, local, url)
        assert f"{url}:3" in there.out or f"{url}:" in there.out


def test_every_reading_command_reads_a_url(s3, tricklog) -> None:  # type: ignore[no-untyped-def]
    game = FIXTURES / "oh_hell" / "valid" / "default-4p-complete-game.json"
    url = _put(s3, "commands/game.json", game.read_bytes())
    for args in (
        ["validate", url],
        ["audit", url],
        ["show", url],
        ["summarize", url],
        ["dedupe", url],
        ["filter", "--game", "oh_hell", url],
        ["rules", "infer", url],
        ["convert", url, "--to", "jsonl", "-o", "-"],
        ["view", url, "-o", "-"],
    ):
        run = tricklog(*args)
        assert run.code == 0, (args, run.err)
        assert "error" not in run.err, args


def test_a_glob_and_a_prefix_read_every_object_in_name_order(s3, tricklog) -> None:  # type: ignore[no-untyped-def]
    games = sorted((FIXTURES / "oh_hell" / "valid").glob("*.json"))[:3]
    for number, game in enumerate(games):
        _put(s3, f"glob/2026/{number}.json", game.read_bytes())
    _put(s3, "glob/2026/notes.txt", b"not a record")
    run = tricklog("show", f"s3://{BUCKET}/glob/2026/*.json")
    assert run.code == 0, run.err
    listed = re.findall(r"s3://archive/glob/2026/(\d)\.json", run.out)
    assert listed == ["0", "1", "2"]
    prefix = tricklog("validate", f"s3://{BUCKET}/glob/2026")
    assert prefix.code == 0 and "3 records" in prefix.out, prefix.err
    none = tricklog("validate", f"s3://{BUCKET}/glob/2027/*.jsonl.zst")
    assert none.code == 3
    assert "s3://archive/glob/2027/*.jsonl.zst: no objects match this pattern" in none.err


def test_a_missing_key_is_unreadable_and_the_other_inputs_are_still_checked(s3, tricklog) -> None:  # type: ignore[no-untyped-def]
    game = FIXTURES / "oh_hell" / "valid" / "default-4p-complete-game.json"
    url = _put(s3, "missing/there.json", game.read_bytes())
    run = tricklog("validate", f"s3://{BUCKET}/missing/gone.jsonl", url, str(game))
    assert run.code == 3
    assert "error: s3://archive/missing/gone.jsonl: no such object" in run.err
    assert "2 records" in run.out and "2 valid" in run.out
    assert "Traceback" not in run.err


def test_a_denied_request_is_unreadable_and_the_secret_is_never_shown(s3, server, tricklog) -> None:  # type: ignore[no-untyped-def]
    game = FIXTURES / "oh_hell" / "valid" / "default-4p-complete-game.json"
    url = _put(s3, "denied/game.json", game.read_bytes())
    wrong = "wrong-secret-value-1234"
    given = ["--storage-option", f"key={server.key}", "--storage-option", f"secret={wrong}"]
    run = tricklog("--debug", "validate", *given, url, str(game))
    assert run.code == 3
    assert f"error: {url}: access denied" in run.err
    assert "1 record" in run.out
    assert wrong not in run.out + run.err and server.secret not in run.out + run.err
    written = tricklog("convert", *given, str(game), "-o", f"s3://{BUCKET}/denied/out.jsonl")
    assert written.code == 3 and "access denied" in written.err
    assert _keys(s3, "denied/out") == []


def test_a_dropped_connection_is_unreadable_within_a_bounded_time(tricklog) -> None:  # type: ignore[no-untyped-def]
    game = FIXTURES / "oh_hell" / "valid" / "default-4p-complete-game.json"
    nobody = f"endpoint_url=http://127.0.0.1:{free_port()}"
    began = time.monotonic()
    run = tricklog(
        "validate", "--storage-option", nobody, "--storage-option", "key=k",
        "--storage-option", "secret=s3cr3t-value", f"s3://{BUCKET}/a.json", str(game),
    )  # fmt: skip
    assert run.code == 3
    assert f"error: s3://{BUCKET}/a.json: cannot read:" in run.err
    assert "s3cr3t-value" not in run.err
    assert "1 record" in run.out
    assert time.monotonic() - began < 90


def test_outputs_are_written_to_the_bucket_and_read_back(s3, tricklog, tmp_path) -> None:  # type: ignore[no-untyped-def]
    made = tricklog(
        "generate", "oh_hell", "-n", "5", "--seed", "2", "-o", f"s3://{BUCKET}/out/five.jsonl.gz"
    )
    assert made.code == 0, made.err
    local = tmp_path / "five.jsonl"
    assert tricklog("generate", "oh_hell", "-n", "5", "--seed", "2", "-o", str(local)).code == 0
    body = s3.get_object(Bucket=BUCKET, Key="out/five.jsonl.gz")["Body"].read()
    assert gzip.decompress(body) == local.read_bytes()
    converted = tricklog(
        "convert", f"s3://{BUCKET}/out/five.jsonl.gz", "-o", f"s3://{BUCKET}/out/five.tln"
    )
    assert converted.code == 0, converted.err
    assert tricklog("validate", f"s3://{BUCKET}/out/five.tln").code == 0
    broken = tmp_path / "broken.jsonl"
    broken.write_bytes(local.read_bytes().replace(b'"bid"', b'"bod"', 1))
    report = tricklog("audit", "--html", f"s3://{BUCKET}/out/report", str(broken))
    assert report.code == 1, report.err
    keys = _keys(s3, "out/report/")
    assert "out/report/index.html" in keys and len(keys) == 3
    refused = tricklog("audit", "--html", f"s3://{BUCKET}/out", str(broken))
    assert refused.code == 3 and "not a tricklog report" in refused.err


def test_an_exception_mid_upload_aborts_it_and_leaves_no_object(s3, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(records.remote, "BLOCK", 5 * 1024 * 1024)  # S3's smallest part
    url = f"s3://{BUCKET}/partial/big.jsonl"
    with pytest.raises(RuntimeError, match="stopped"), open_output(url) as stream:
        for _ in range(12):
            stream.write(b"x" * (1024 * 1024))
        assert s3.list_multipart_uploads(Bucket=BUCKET).get("Uploads")  # parts were sent
        raise RuntimeError("stopped")
    assert _keys(s3, "partial/") == []
    assert not s3.list_multipart_uploads(Bucket=BUCKET).get("Uploads")  # aborted


def test_a_killed_multipart_write_leaves_no_object(s3, server) -> None:  # type: ignore[no-untyped-def]
    url = f"s3://{BUCKET}/killed/big.jsonl"
    process = subprocess.Popen(
        [*COMMAND, "generate", "oh_hell", "-n", "1000000", "-o", url],
        env=environment(**server.environment),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        while not s3.list_multipart_uploads(Bucket=BUCKET, Prefix="killed/").get("Uploads"):
            assert process.poll() is None and time.monotonic() < deadline
            time.sleep(0.2)
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 128 + signal.SIGTERM
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert _keys(s3, "killed/") == []


def test_a_dask_audit_of_an_archive_only_in_the_bucket_is_a_local_run_s(  # type: ignore[no-untyped-def]
    server, tricklog, tmp_path, monkeypatch
) -> None:
    """The workers read their own byte ranges of the object, with the credentials and endpoint
    given on the command line only (none in the environment): the shards carry them."""
    pytest.importorskip("distributed", reason="the [dask] extra is not installed")
    for name in ("AWS_ENDPOINT_URL", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    monkeypatch.setattr(replay.distributed, "SHARD_BYTES", 64 * 1024)  # a few ranges
    folder = tmp_path / "archive"
    folder.mkdir()
    path = mixed_archive(folder / "a.jsonl", copies=2)
    lines = path.read_bytes().splitlines(keepends=True)
    pieces = [b"".join(lines[at : at + 40]) for at in range(0, len(lines), 40)]
    (folder / "b.jsonl.gz").write_bytes(b"".join(gzip.compress(p) for p in pieces))  # members
    zstd = zstandard.ZstdCompressor()
    (folder / "c.jsonl.zst").write_bytes(b"".join(zstd.compress(p) for p in pieces))  # frames
    for file in sorted(folder.iterdir()):
        server.client().put_object(Bucket=BUCKET, Key=f"dask/{file.name}", Body=file.read_bytes())
    url = f"s3://{BUCKET}/dask"
    given = [f"--storage-option={k}" for k in (f"endpoint_url={server.endpoint}",
             f"key={server.key}", f"secret={server.secret}")]  # fmt: skip
    here = tricklog("audit", "--format", "jsonl", str(folder))
    there = tricklog("audit", "--format", "jsonl", "--dask", "local", "-j", "2", *given, url)
    assert (there.code, here.code) == (1, 1), there.err
    assert there.err == ""
    strip = re.compile(r'"(\w*seconds|\w+_per_second)": ?[0-9.e+-]+')
    assert strip.sub("", there.out).replace(url, "X") == strip.sub("", here.out).replace(
        str(folder), "X"
    )
    assert f'"{url}/c.jsonl.zst:{len(lines) - 1}"' in there.out  # the last record's place
    written = tricklog("audit", "--dask", "local", "-j", "2", *given, "-o", f"{url}-out", url)
    assert written.code == 1, written.err
    shards = [key.rsplit("-", 1)[-1] for key in _keys(server.client(), "dask-out/")]
    for name in ("a.jsonl", "b.jsonl", "c.jsonl"):  # each input cut into several shards
        assert shards.count(name) >= 3, shards
    remote.configure([(k, v) for k, v in [("endpoint_url", server.endpoint), ("key", server.key),
                      ("secret", server.secret)]])  # fmt: skip
    assert len(list(replay.distributed.plan([f"{url}/a.jsonl"], 64 * 1024))) > 3
    with remote.open_input(f"{url}/b.jsonl.gz") as stream:
        found = members(stream, ReadLimits())  # type: ignore[arg-type]
    assert len(cuts(found, 64 * 1024)) >= 3
    remote.configure([])


@pytest.fixture
def requests(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any]]]:
    """Every request s3fs sends from now on: its operation and arguments."""
    import s3fs  # noqa: PLC0415

    sent: list[tuple[str, dict[str, Any]]] = []
    call = s3fs.S3FileSystem._call_s3

    async def counted(self: Any, method: str, *args: Any, **kwargs: Any) -> Any:
        sent.append((method, kwargs))
        return await call(self, method, *args, **kwargs)

    monkeypatch.setattr(s3fs.S3FileSystem, "_call_s3", counted)
    return sent


def test_an_object_is_read_by_one_get_streamed(s3, requests) -> None:  # type: ignore[no-untyped-def]
    """No HEAD, no request per block: a store that serves each request from the whole object
    (moto's) or charges each one pays once."""
    data = bytes(range(256)) * (3 * 1024 * 1024 // 256 + 7)  # more than a buffer or two
    url = _put(s3, "stream/whole.bin", data)
    requests.clear()
    with remote.open_input(url) as stream:
        assert stream.read(10) == data[:10]
        assert stream.read() == data[10:]
        assert stream.read() == b""
    assert [(method, "Range" in kw) for method, kw in requests] == [("get_object", False)]


def test_a_range_is_one_get_of_itself_and_reading_past_it_reads_on(s3, requests) -> None:  # type: ignore[no-untyped-def]
    data = b"".join(b"%07d\n" % n for n in range(200_000))  # 1.6 MB of lines
    url = _put(s3, "stream/range.jsonl", data)
    start, length = 800_000, 100_000
    requests.clear()
    with remote.open_input(url, {}, start, length) as stream:
        assert stream.read(length) == data[start : start + length]
        assert [kw.get("Range") for _, kw in requests] == [
            f"bytes={start}-{start + length + remote.LOOK - 1}"
        ]
        assert stream.read() == data[start + length :]  # past what was asked: another GET
        assert stream.tell() == len(data)
        stream.seek(5)
        assert stream.read(8) == data[5:13]
    assert [method for method, _ in requests] == ["get_object"] * 3
    assert all(kw.get("IfMatch") for _, kw in requests[1:])  # the same object, or none


@pytest.mark.parametrize("failures", [remote.RETRIES, remote.RETRIES + 1])
def test_a_stream_that_drops_is_read_on_from_where_it_was_a_bounded_number_of_times(  # type: ignore[no-untyped-def]
    s3, requests, monkeypatch, failures
) -> None:
    data = b"".join(b"%07d\n" % n for n in range(100_000))
    url = _put(s3, "stream/drops.jsonl", data)
    monkeypatch.setattr(records.remote.time, "sleep", lambda seconds: None)
    fill, left = records.remote._fill, [failures]

    async def dropping(body: Any, size: int) -> bytes:
        if left[0]:
            left[0] -= 1
            raise ConnectionResetError("connection reset by peer")
        return await fill(body, size)

    with remote.open_input(url) as stream:
        head = stream.read(1000)
        monkeypatch.setattr(records.remote, "_fill", dropping)
        if failures > remote.RETRIES:
            with pytest.raises(OSError, match="cannot read: connection reset by peer"):
                stream.read()
            return
        assert head + stream.read() == data
    assert [kw.get("Range") for _, kw in requests] == [None] + ["bytes=1000-"] * failures


def test_an_object_replaced_while_it_is_read_is_unreadable_not_spliced(s3, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    url = _put(s3, "stream/replaced.jsonl", b"a" * 1_000_000)
    monkeypatch.setattr(records.remote.time, "sleep", lambda seconds: None)
    with remote.open_input(url) as stream:
        assert stream.read(1000) == b"a" * 1000
        _put(s3, "stream/replaced.jsonl", b"b" * 1_000_000)
        stream.seek(2000)  # a new GET, which must be of the object being read
        with pytest.raises(OSError, match="replaced while it was read"):
            stream.read(10)


def test_a_run_makes_one_client_of_the_store(s3, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Listing, sizing and reading an object share one client: botocore rewrites the retries
    it is given in place, and options that changed so would make (and load) a second one."""
    import s3fs  # noqa: PLC0415

    url = _put(s3, "clients/one.jsonl", b"{}\n")
    s3fs.S3FileSystem.clear_instance_cache()
    made: list[dict[str, Any]] = []
    init = s3fs.S3FileSystem.__init__

    def counted(self: Any, *args: Any, **kwargs: Any) -> None:
        made.append(kwargs)
        init(self, *args, **kwargs)

    monkeypatch.setattr(s3fs.S3FileSystem, "__init__", counted)
    assert list(remote.expand(url, lambda name: True)) == [(url, None)]
    with remote.open_input(url) as stream:
        assert stream.read() == b"{}\n"
    assert remote.size_of(url) == 3
    assert len(made) == 1
    assert remote._S3_CONFIG["retries"] == {"max_attempts": 3}


def test_a_storage_option_of_botocore_keeps_the_other_defaults() -> None:
    """``--storage-option config_kwargs.read_timeout=5`` changes that timeout and keeps the
    connect timeout and the retries: a store that does not answer is never a hang."""
    given = {"config_kwargs": {"read_timeout": 5, "retries": {"mode": "standard"}}, "anon": True}
    store, _ = remote.filesystem(f"s3://{BUCKET}/options.jsonl", given)
    assert store.config_kwargs == {
        "connect_timeout": 10,
        "read_timeout": 5,
        "retries": {"max_attempts": 3, "mode": "standard"},
    }
    assert given["config_kwargs"] == {"read_timeout": 5, "retries": {"mode": "standard"}}
    assert remote._S3_CONFIG["read_timeout"] == 60


def test_the_size_and_the_head_of_an_object_take_one_request(s3, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Planning the byte ranges of an object (``-j``, Dask) asks for its size and its first
    bytes with one ranged GET, which says both; an object smaller than the head, and an empty
    one (which has no range), are told all the same; a missing one is a ``StoreError``."""
    data = b"".join(b'{"n": %d}\n' % n for n in range(500))
    url = _put(s3, "head/a.jsonl", data)
    small, empty = _put(s3, "head/b.jsonl", b"{}\n"), _put(s3, "head/c.jsonl", b"")
    store, _ = remote.filesystem(url)
    asked: list[str] = []
    call = store._call_s3

    async def counted(method: str, *args: Any, **kwargs: Any) -> Any:
        asked.append(method)
        return await call(method, *args, **kwargs)

    monkeypatch.setattr(store, "_call_s3", counted)
    assert remote.size_and_head(url, 1024) == (len(data), data[:1024])
    assert asked == ["get_object"]
    assert remote.size_and_head(small, 1024) == (3, b"{}\n")
    assert remote.size_and_head(empty, 1024) == (0, b"")
    with pytest.raises(remote.StoreError, match="no such object"):
        remote.size_and_head(f"s3://{BUCKET}/head/gone.jsonl", 1024)


def test_a_missing_or_denied_object_fails_as_it_is_opened(s3, server) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(remote.StoreError, match="no such object"):
        remote.open_input(f"s3://{BUCKET}/stream/gone.jsonl")
    url = _put(s3, "stream/there.jsonl", b"{}\n")
    wrong = {"key": server.key, "secret": "wrong-secret-value-1234"}
    with pytest.raises(remote.StoreError, match="access denied") as denied:
        remote.open_input(url, wrong)
    assert "wrong-secret-value-1234" not in str(denied.value)


def test_a_program_that_stops_reading_a_bucket_early_still_exits(s3, server) -> None:  # type: ignore[no-untyped-def]
    """A library user who takes the first record of an object and ends leaves the stream open:
    it is closed as the interpreter exits, when fsspec's I/O thread no longer runs, and that
    must not wait on it (it waited for ever)."""
    lines = (FIXTURES / "oh_hell" / "valid" / "default-4p-complete-game.json").read_bytes()
    record = b" ".join(lines.split()) + b"\n"
    url = _put(s3, "early/archive.jsonl", record * 2000)  # more than one read's worth
    program = (
        "import tricklog\n"
        f"records = tricklog.iter_records([{url!r}])\n"
        "print(next(records).record.id)\n"
        f"reports = iter(tricklog.check_paths([{url!r}]))\n"
        "print(next(reports).valid)\n"
    )
    try:
        done = subprocess.run(
            [sys.executable, "-c", program],
            env=environment(**server.environment),
            capture_output=True,
            timeout=60,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("the program did not exit within 60 s of its last line")
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.decode().split()[-1] == "True"


def test_j_reads_an_object_once_and_sends_its_records_to_the_workers(
    s3, tricklog, tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(replay.parallel, "RANGE_BYTES", 64 * 1024)
    path = mixed_archive(tmp_path / "mixed.jsonl", copies=2)
    url = _put(s3, "jobs/mixed.jsonl", path.read_bytes())
    here, there = tricklog("audit", "-j", "2", str(path)), tricklog("audit", "-j", "2", url)
    assert (there.code, here.code) == (1, 1)
    _same(here.out, there.out, path, url)
    shards = list(replay.parallel.plan([url], 64 * 1024))  # as a Dask run cuts it
    assert len(shards) > 3 and all(shard.options == {} for shard in shards)
    units = list(replay.parallel.local_units([url], ReadLimits(), size=64 * 1024))
    assert units and all(isinstance(unit, list) for unit in units)  # chunks of records


def test_the_readme_s3_example_works_as_written(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The README's block, run by bash as it stands, with its server on a free port."""
    pytest.importorskip("distributed", reason="the [dask] extra is not installed")
    readme = (ROOT / "README.md").read_text()
    block = next(b for b in re.findall(r"```sh\n(.*?)```", readme, re.S) if "moto_server" in b)
    script = "trap 'kill $(jobs -p) 2>/dev/null || true' EXIT\n" + block.replace(
        "9000", str(free_port())
    )
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=tmp_path,
        env=environment(PATH=path),
        capture_output=True,
        timeout=600,
        check=False,
    )
    out = done.stdout.decode() + done.stderr.decode()
    assert done.returncode == 0, out
    assert out.count("2,000 records, ") == 3, out
    assert "wrote the report: s3://archive/report/index.html" in out


def test_http_urls_are_read_with_ranges_and_a_missing_one_is_unreadable(tricklog) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("aiohttp", reason="the [http] extra is not installed")
    game = FIXTURES / "oh_hell" / "valid" / "default-4p-complete-game.json"
    with s3_server(auth=False) as open_server:
        open_server.client().put_object(
            Bucket=BUCKET, Key="web/game.json", Body=game.read_bytes(), ACL="public-read"
        )  # type: ignore[attr-defined]
        url = f"{open_server.endpoint}/{BUCKET}/web/game.json"
        run = tricklog("audit", url, f"{open_server.endpoint}/{BUCKET}/web/gone.json")
    assert run.code == 3
    assert "1 record" in run.out and "1 valid" in run.out
    assert f"error: {open_server.endpoint}/{BUCKET}/web/gone.json: no such object" in run.err
