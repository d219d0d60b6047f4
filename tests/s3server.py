"""A local S3-compatible server for the tests of URL inputs and outputs: moto's standalone server
(``moto[server]``, the ``[test-s3]`` extra) in its own process on 127.0.0.1, reached over HTTP
through s3fs, the client code a real bucket is read with.

Authentication is on: the server lets its first three requests through unsigned (they make a
user with a policy that allows everything, and that user's key), then checks the signature of
every request, so a wrong secret is denied as a real bucket denies it.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

BUCKET = "archive"
_START_TIMEOUT = 30.0


@dataclass(frozen=True)
class Server:
    """A running server: where it answers and the key that it takes."""

    endpoint: str
    key: str
    secret: str
    pid: int = 0
    """The server's process (``bench/scale.py`` reads its CPU time)."""

    @property
    def environment(self) -> dict[str, str]:
        """What a client is given the usual way, as environment variables."""
        return {
            "AWS_ENDPOINT_URL": self.endpoint,
            "AWS_ACCESS_KEY_ID": self.key,
            "AWS_SECRET_ACCESS_KEY": self.secret,
            "AWS_DEFAULT_REGION": "us-east-1",
        }

    def client(self, service: str = "s3") -> object:
        import boto3  # noqa: PLC0415 (installed with moto)

        return boto3.client(
            service,
            endpoint_url=self.endpoint,
            region_name="us-east-1",
            aws_access_key_id=self.key,
            aws_secret_access_key=self.secret,
        )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def s3_server(*, auth: bool = True) -> Iterator[Server]:
    """A moto server with authentication on (off: any key, and objects read by plain HTTP
    too), and a bucket ``BUCKET``; stopped on exit."""
    import boto3  # noqa: PLC0415

    port = free_port()
    endpoint = f"http://127.0.0.1:{port}"
    env = {k: v for k, v in os.environ.items() if k != "INITIAL_NO_AUTH_ACTION_COUNT"}
    if auth:
        env["INITIAL_NO_AUTH_ACTION_COUNT"] = "3"
    process = subprocess.Popen(
        [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait(endpoint, process)
        if not auth:
            server = Server(endpoint, "test", "test", process.pid)
            server.client().create_bucket(Bucket=BUCKET)  # type: ignore[attr-defined]
            yield server
            return
        iam = boto3.client(
            "iam",
            endpoint_url=endpoint,
            region_name="us-east-1",
            aws_access_key_id="setup",
            aws_secret_access_key="setup",
        )
        iam.create_user(UserName="tricklog")
        allow = {
            "Version": "2012-10-17",
            "Statement": [{"Effect": "Allow", "Action": "*", "Resource": "*"}],
        }
        iam.put_user_policy(UserName="tricklog", PolicyName="all", PolicyDocument=json.dumps(allow))
        made = iam.create_access_key(UserName="tricklog")["AccessKey"]
        server = Server(endpoint, made["AccessKeyId"], made["SecretAccessKey"], process.pid)
        server.client().create_bucket(Bucket=BUCKET)  # type: ignore[attr-defined]
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait(endpoint: str, process: subprocess.Popen[bytes]) -> None:
    """Until the server answers (any HTTP answer), or fail saying why."""
    deadline = time.monotonic() + _START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"moto's server ended at once (exit {process.returncode})")
        try:
            urllib.request.urlopen(f"{endpoint}/moto-api/", timeout=1).close()
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"moto's server did not answer at {endpoint} within {_START_TIMEOUT} s")
