"""URL inputs and outputs without a store to reach: what a missing extra says, ``file://``,
``--storage-option``, read-only ``http(s)://``, retried reads, and a local path that never loads
fsspec. (Reading and writing a real bucket: test_s3.py.)"""

from __future__ import annotations

import io
import subprocess
import sys
from typing import Any

import pytest

import records.remote
from records.remote import RETRIES, parse_option, shown
from tests.command.processes import environment
from tests.conftest import FIXTURES, ROOT

GAME = FIXTURES / "oh_hell" / "valid" / "default-4p-complete-game.json"


@pytest.mark.parametrize(("url", "extra"), [("s3://b/a.jsonl", "s3"), ("gs://b/a.json", "gcs"),
                                            ("az://c/a.json", "azure"), ("https://h/a.json", "http")])  # fmt: skip
def test_a_url_without_its_extra_names_the_extra_and_the_other_inputs_are_checked(  # type: ignore[no-untyped-def]
    url: str, extra: str, tricklog, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "fsspec", None)  # as if not installed
    monkeypatch.setitem(sys.modules, "fsspec.core", None)
    run = tricklog("validate", url, str(GAME))
    assert run.code == 3
    assert (
        f"error: {url}: reading {url.split(':', maxsplit=1)[0]}:// URLs needs tricklog's [{extra}] extra: "
        in run.err
    )
    assert f"pip install -e '.[{extra}]'" in run.err
    assert "1 record" in run.out and "Traceback" not in run.err


def test_an_output_url_without_its_extra_is_unwritable(tricklog, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(sys.modules, "fsspec", None)
    monkeypatch.setitem(sys.modules, "fsspec.core", None)
    run = tricklog("convert", str(GAME), "-o", "s3://bucket/out.jsonl")
    assert run.code == 3
    assert "s3://bucket/out.jsonl: reading s3:// URLs needs tricklog's [s3] extra" in run.err


def test_file_urls_are_the_local_paths_they_name(tricklog, tmp_path) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("validate", f"file://{GAME}")
    assert run.code == 0 and "1 record" in run.out
    out = tmp_path / "copy.jsonl"
    assert tricklog("convert", f"file://{GAME}", "-o", f"file://{out}").code == 0
    assert out.exists()


def test_http_urls_are_read_only(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("generate", "oh_hell", "-o", "https://example.invalid/x.jsonl")
    assert run.code == 3
    assert "error: https://example.invalid/x.jsonl: https:// URLs are read-only" in run.err


def test_a_storage_option_is_key_equals_value(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("validate", "--storage-option", "anon", str(GAME))
    assert run.code == 2
    assert "expected key=value" in run.err
    assert parse_option("anon=true") == ("anon", True)
    assert parse_option("max_concurrency=4") == ("max_concurrency", 4)
    assert parse_option("endpoint_url=http://h:9000") == ("endpoint_url", "http://h:9000")


def test_a_url_is_shown_without_its_password() -> None:
    assert shown("https://ann:pw@host/a.json") == "https://host/a.json"
    assert shown("s3://bucket/a.json") == "s3://bucket/a.json"


class _Flaky:
    """A store's file whose first ``failures`` reads fail as a dropped connection does."""

    def __init__(self, data: bytes, failures: int) -> None:
        self.stream, self.failures = io.BytesIO(data), failures

    def read(self, size: int) -> bytes:
        if self.failures:
            self.failures -= 1
            raise ConnectionResetError("connection reset by peer")
        return self.stream.read(size)

    def tell(self) -> int:
        return self.stream.tell()

    def seek(self, offset: int, whence: int = 0) -> int:
        return self.stream.seek(offset, whence)

    def close(self) -> None:
        pass


@pytest.mark.parametrize("failures", [RETRIES, RETRIES + 1])
def test_a_transient_error_is_retried_a_bounded_number_of_times(
    failures: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(records.remote.time, "sleep", lambda seconds: None)
    flaky = _Flaky(b"0123456789", failures)

    class Store:
        def open(self, path: str, mode: str, **kw: Any) -> _Flaky:
            return flaky

    reading = records.remote._Retrying(flaky, Store(), "b/k", {})
    if failures <= RETRIES:
        assert reading.read(4) == b"0123" and reading.read() == b"456789"
    else:
        with pytest.raises(OSError, match="cannot read: connection reset by peer"):
            reading.read(4)


def test_local_paths_never_load_the_store_libraries() -> None:
    code = (
        "import sys; from replay.cli.app import main; "
        "main(['validate', '-q', 'fixtures/oh_hell/valid']); "
        "print(sorted(m for m in ('fsspec', 's3fs', 'botocore', 'aiohttp') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, env=environment(), check=False,
        cwd=ROOT, timeout=120,
    )  # fmt: skip
    assert done.stdout.decode().strip().endswith("[]"), done.stderr
