"""What a stream of bytes is, from its first bytes: a compression, JSON text, or something else.

The reader decides by content, never by the file's name: ``compression(head)`` names the
compression a stream starts with (``gzip``, ``bzip2``, ``xz``, ``zstd``), and ``not_json(head)``
says what the (decompressed) start of an input looks like when it cannot be JSON text: a PNG
image, a PDF, a ZIP archive, a program, or binary data (a NUL byte or invalid UTF-8 in the first
KiB). Such an input is one unreadable input, not a stream of malformed records.
"""

from __future__ import annotations

import codecs

__all__ = ["HEAD", "compression", "not_json"]

HEAD = 1024
"""How many bytes of an input are looked at."""

_COMPRESSIONS: tuple[tuple[bytes, str], ...] = (
    (b"\x1f\x8b", "gzip"),
    (b"\xfd7zXZ\x00", "xz"),
    (b"\x28\xb5\x2f\xfd", "zstd"),
)

_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"%PDF-", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive (or an office document)"),
    (b"PK\x05\x06", "an empty ZIP archive"),
    (b"\x7fELF", "an ELF executable"),
    (b"MZ", "a Windows executable"),
    (b"\xcf\xfa\xed\xfe", "a Mach-O executable"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"Rar!\x1a\x07", "a RAR archive"),
    (b"SQLite format 3\x00", "an SQLite database"),
    (b"\x04\x22\x4d\x18", "LZ4-compressed data (not supported: decompress it first)"),
    (b"\x5d\x00\x00", "LZMA-compressed data (not supported: use xz)"),
    (b"\xff\xfe", "UTF-16 text (tricklog reads UTF-8)"),
    (b"\xfe\xff", "UTF-16 text (tricklog reads UTF-8)"),
)

_MARKUP: tuple[tuple[bytes, str], ...] = (
    (b"<!doctype html", "an HTML page"),
    (b"<html", "an HTML page"),
    (b"<?xml", "an XML document"),
)


def compression(head: bytes) -> str | None:
    """The compression ``head`` starts with, or None."""
    for magic, name in _COMPRESSIONS:
        if head.startswith(magic):
            return name
    if head[:3] == b"BZh" and head[3:4].isdigit() and head[3:4] != b"0":
        return "bzip2"
    if head[:4] in _ZSTD_SKIPPABLE:
        return "zstd"
    return None


_ZSTD_SKIPPABLE = frozenset(bytes((0x50 + i, 0x2A, 0x4D, 0x18)) for i in range(16))


def not_json(head: bytes, *, text: bool = True) -> str | None:
    """What ``head`` (the first bytes of an input, decompressed) looks like when it cannot be the
    start of JSON text; None when it may be. Without ``text`` only what it is when it is a
    known kind of file (an image, an archive, a program, a page): a format with lines says
    itself where a line is not text (the notation, OpenSpiel)."""
    for magic, what in _SIGNATURES:
        if head.startswith(magic):
            return what
    if head.startswith(b"\x00\x00\xfe\xff") or head.startswith(b"\xff\xfe\x00\x00"):
        return "UTF-32 text (tricklog reads UTF-8)"
    if len(head) > 262 and head[257:262] == b"ustar":
        return "a tar archive"
    found = compression(head)
    if found is not None:
        return f"{found}-compressed data inside compressed data (decompress it first)"
    start = head.lstrip().lower()
    for magic, what in _MARKUP:
        if start.startswith(magic):
            return what
    if not text:
        return None
    if b"\x00" in head:
        return "binary data (a NUL byte)"
    try:
        codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
    except UnicodeDecodeError as exc:
        return f"binary data (not UTF-8 at byte {exc.start})"
    return None
