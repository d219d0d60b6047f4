"""The command's output writer is the library's: ``records.output`` (whole or not at all,
compressed as the name says, links, modes and devices left as they are). This module only
keeps the old import path working."""

from __future__ import annotations

from records.output import (
    COMPRESSIONS,
    RECORD_SUFFIXES,
    OutputError,
    is_stream,
    open_output,
    remove_pending,
    suffixes,
    write_whole,
)

__all__ = [
    "COMPRESSIONS",
    "RECORD_SUFFIXES",
    "OutputError",
    "is_stream",
    "open_output",
    "remove_pending",
    "suffixes",
    "write_whole",
]
