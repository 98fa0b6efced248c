"""lz-string's ``compressToBase64`` as JavaScript computes it, on top of the ``lzstring`` port.

JavaScript's lz-string works on UTF-16 code units; the Python port on code points, so a
character above U+FFFF (an emoji in a title) would come out differently. Strings go through
UTF-16 code units both ways here. Where JavaScript returns an empty string or ``null`` for a
payload that is not lz-string, the port raises or returns nonsense: :class:`LinkError` then.
"""

from __future__ import annotations

import re
from typing import Any

from grille.errors import GrilleError

__all__ = ["LinkError", "compress", "decompress"]

_BASE64_RE = re.compile(r"[A-Za-z0-9+/]*={0,3}")


class LinkError(GrilleError):
    """A puzzle link whose payload cannot be read (the message says why)."""


def _port() -> Any:
    """The ``lzstring`` port, imported on first use (only links need it)."""
    try:
        from lzstring import LZString  # type: ignore[import-untyped]
    except ImportError:
        raise LinkError("f-puzzles and SudokuPad links need the lzstring package "
                        "(pip install 'lzstring>=1.0.4')") from None
    return LZString()


def _units(text: str) -> str:
    """``text`` with each character above U+FFFF as its two UTF-16 surrogates."""
    if all(ord(char) <= 0xFFFF for char in text):
        return text
    data = text.encode("utf-16-le", "surrogatepass")
    return "".join(chr(int.from_bytes(data[i:i + 2], "little")) for i in range(0, len(data), 2))


def _text(units: str) -> str:
    """Code units back to text: surrogate pairs joined (a lone surrogate is refused)."""
    if not any(0xD800 <= ord(char) <= 0xDFFF for char in units):
        return units
    data = b"".join(ord(char).to_bytes(2, "little") for char in units)
    try:
        return data.decode("utf-16-le")
    except UnicodeDecodeError:
        raise LinkError("the link's text holds a broken UTF-16 surrogate pair") from None


def compress(text: str) -> str:
    """``LZString.compressToBase64(text)`` as JavaScript returns it."""
    return str(_port().compressToBase64(_units(text)))


def decompress(payload: str) -> str:
    """The text ``payload`` (lz-string base 64) holds; :class:`LinkError` when none."""
    if not payload or _BASE64_RE.fullmatch(payload) is None:
        shown = payload if len(payload) <= 20 else payload[:20] + "…"
        raise LinkError(f"the link's payload {shown!r} is not lz-string base 64")
    port = _port()
    try:
        units = port.decompressFromBase64(payload)
    except Exception:  # the port fails on garbage in many ways (even UnboundLocalError)
        units = None
    if not isinstance(units, str) or not units:
        raise LinkError("the link's payload does not decompress (truncated or not lz-string)")
    return _text(units)
