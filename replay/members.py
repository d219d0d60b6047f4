"""Where a compressed JSON Lines file or object can be cut: between its gzip members or zstd frames.

A compressed stream cannot be entered in the middle, but a gzip file may hold several members
and a zstd file several frames, one after the other, each of which decompresses on its own. A
Dask run (``replay.distributed``) cuts such an input between them: a first task reads it through
once (``members``), noting where each member starts and ends in the compressed bytes, how many
lines it holds and whether it ends at the end of a line; the input is then cut into ranges of
whole members of about ``size`` compressed bytes (``cuts``), only where a member ends a line,
so every record lies in one range and keeps its ``file:line``. An input of one member (what
``gzip`` and ``zstd`` write by default) stays one shard.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO

from records.limits import ReadLimits
from records.sniff import compression

__all__ = ["Member", "cuts", "members"]

_READ = 1 << 20
_OUT = 1 << 20
"""Decompressed bytes made at once: a member that expands a thousandfold is counted a MiB at a
time."""


@dataclass(frozen=True, slots=True)
class Member:
    """One gzip member or zstd frame: its compressed bytes ``[start, end)``, its newlines, and
    whether its last byte is one."""

    start: int
    end: int
    lines: int
    ends_line: bool


def members(stream: IO[bytes], limits: ReadLimits) -> list[Member]:
    """The members of a gzip or zstd stream, in order; empty for any other (or a damaged) one,
    which is read whole as before."""
    head = stream.read(8)
    kind = compression(head)
    try:
        if kind == "gzip":
            return list(_gzip(head, stream, limits))
        if kind == "zstd":
            return list(_zstd(head, stream, limits))
    except (zlib.error, ValueError, EOFError, OSError):
        return []
    return []


def _gzip(head: bytes, stream: IO[bytes], limits: ReadLimits) -> Iterator[Member]:
    def member(pending: bytes, consumed: int) -> tuple[int, bytes, int, bytes]:
        inflate = zlib.decompressobj(wbits=31)
        lines, last, made = 0, b"", 0
        while not inflate.eof:
            pending = pending or _more(stream)
            consumed += len(pending)
            out = inflate.decompress(pending, _OUT)
            while inflate.unconsumed_tail and not inflate.eof:
                lines, last, made = _count(out, lines, last, made, limits, consumed)
                out = inflate.decompress(inflate.unconsumed_tail, _OUT)
            lines, last, made = _count(out, lines, last, made, limits, consumed)
            pending = b""
        return lines, last, consumed, inflate.unused_data

    return _split(head, stream, member, "gzip", "member")


def _zstd(head: bytes, stream: IO[bytes], limits: ReadLimits) -> Iterator[Member]:
    import zstandard  # noqa: PLC0415 (only for zstd input)

    def frame(pending: bytes, consumed: int) -> tuple[int, bytes, int, bytes]:
        inflate = zstandard.ZstdDecompressor().decompressobj()
        lines, last, made = 0, b"", 0
        while not inflate.eof:
            pending = pending or _more(stream)
            consumed += len(pending)
            fed = 0
            while fed < len(pending) and not inflate.eof:  # a bounded output per call
                out = inflate.decompress(pending[fed : fed + 4096])
                fed += 4096
                lines, last, made = _count(out, lines, last, made, limits, consumed)
            pending = pending[fed:] if inflate.eof else b""
        return lines, last, consumed, bytes(inflate.unused_data) + pending

    return _split(head, stream, frame, "zstd", "frame")


def _split(
    head: bytes,
    stream: IO[bytes],
    inflate: Callable[[bytes, int], tuple[int, bytes, int, bytes]],
    kind: str,
    unit: str,
) -> Iterator[Member]:
    """The members of a stream of ``kind`` (``head`` its first bytes), one after the other:
    ``inflate(pending, consumed)`` reads one through from the bytes ``pending`` on, the stream's
    first ``consumed`` bytes read before them, and gives its newlines, its last byte, the bytes
    then read in all, and those of them past its end."""
    pending, consumed, start = head, 0, 0
    while True:
        lines, last, consumed, rest = inflate(pending, consumed)
        end = consumed - len(rest)
        yield Member(start, end, lines, last == b"\n")
        start, consumed, pending = end, end, rest
        if not pending:
            pending = stream.read(_READ)
            if not pending:
                return
        if compression(pending[:8]) != kind:
            raise ValueError(f"not a {kind} {unit}")


def _more(stream: IO[bytes]) -> bytes:
    """The next bytes of a stream that must go on: a member cut short is an error."""
    more = stream.read(_READ)
    if not more:
        raise EOFError("truncated")
    return more


def _count(
    out: bytes, lines: int, last: bytes, made: int, limits: ReadLimits, consumed: int
) -> tuple[int, bytes, int]:
    """The running count of a member's newlines, its last byte and its decompressed size; a
    ratio beyond the limit ends the search (the reader then says why, reading it whole)."""
    if not out:
        return lines, last, made
    made += len(out)
    if limits.ratio and made > limits.ratio_after and made > limits.ratio * max(consumed, 1):
        raise ValueError("a decompression bomb?")
    return lines + out.count(b"\n"), out[-1:], made


def cuts(found: list[Member], size: int) -> list[tuple[int, int, int]]:
    """Ranges ``(start, end, first_line)`` of whole members of about ``size`` compressed bytes,
    each ending where a member ends a line; one range when the stream cannot be cut."""
    ranges: list[tuple[int, int, int]] = []
    start, line = 0, 1
    lines_in = 0
    for number, member in enumerate(found):
        lines_in += member.lines
        last = number == len(found) - 1
        if last or (member.ends_line and member.end - start >= size):
            ranges.append((start, member.end, line))
            start, line, lines_in = member.end, line + lines_in, 0
    return ranges
