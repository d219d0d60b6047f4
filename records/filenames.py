"""File names as text: a name that was not UTF-8 (Python keeps each such byte as a lone
surrogate) written with each such byte as ``\\xNN``, so that it can be part of a record (an id
made from a file name) or of any output, which is UTF-8.
"""

from __future__ import annotations

__all__ = ["unicode_safe", "unsurrogate"]


def unicode_safe(text: str) -> str:
    """``text`` fit for UTF-8: each byte of a file name that was not UTF-8 as ``\\xNN``.

    >>> unicode_safe("games.tln"), unicode_safe("g\\udcff.tln")
    ('games.tln', 'g\\\\xff.tln')
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "".join(unsurrogate(char) for char in text)
    return text


def unsurrogate(char: str) -> str:
    """A lone surrogate as the byte it stands for (``\\xNN``) or as its code (``\\uDXXX``);
    any other character as itself."""
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\u{code:04x}" if 0xD800 <= code <= 0xDFFF else char
