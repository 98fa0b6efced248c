"""lz-string's ``compressToBase64`` and ``decompressFromBase64`` as JavaScript computes them.

f-puzzles and SudokuPad put a puzzle's JSON in their links with JavaScript's lz-string
(``LZString.compressToBase64``). This is grille's own codec of that format, written from its
rules (``docs/variants.md``, "lz-string"):

- The text is a sequence of UTF-16 code units (a character above U+FFFF is two), read
  left to right into a dictionary of phrases that starts with the codes 0 (an 8-bit code
  unit follows), 1 (a 16-bit one follows) and 2 (the end).
- Each code is written in as many bits as the dictionary needs at that point. The width
  starts at 2 bits when compressing and 3 when decompressing (the first new phrase is
  counted early).
- Every value is written least significant bit first into a bit stream. That stream is cut
  into 6-bit base 64 characters, most significant bit first, with one partial or extra
  character of zero bits at the end and ``=`` padding to a multiple of 4.

Where JavaScript's decompressor returns ``""``, ``null`` or garbage, this one raises
:class:`LinkError`:

- a payload that is not base 64 with at most three ``=`` at its end (JavaScript reads
  other characters as zero bits);
- a truncated stream (the bits run out before the end code);
- a code the dictionary does not have yet;
- a first code of 3;
- a broken surrogate pair.

Decoding stops with a :class:`LinkError` beyond :data:`MAX_DECODED` code units. lz-string
can expand a short crafted payload quadratically; the largest f-puzzles object in the shared
data is under 2,000.
"""

from __future__ import annotations

import functools
import re

from grille.errors import GrilleError

__all__ = ["MAX_DECODED", "LinkError", "compress", "decompress"]

MAX_DECODED = 1_000_000
"""The most UTF-16 code units a link's payload may decompress to (a puzzle needs a few
thousand; a 16x16 grid with a value, ``given`` and ``region`` on every cell about 10,000)."""

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_BASE64_RE = re.compile(r"[A-Za-z0-9+/]*={0,3}")
_SIX_BITS = {char: format(value, "06b") for value, char in enumerate(_ALPHABET)} | {"=": "000000"}
"""Each base 64 character's six bits, most significant first (``=`` is zero bits, as in
JavaScript, where it is value 64 and only its seventh bit is set)."""
_CHAR_OF = {bits: char for char, bits in _SIX_BITS.items() if char != "="}
_END, _CHAR8, _CHAR16 = 2, 0, 1


class LinkError(GrilleError):
    """A puzzle link whose payload cannot be read (the message says why)."""


def _units(text: str) -> str:
    """``text`` with each character above U+FFFF as its two UTF-16 surrogates."""
    if text.isascii() or all(ord(char) <= 0xFFFF for char in text):
        return text
    data = text.encode("utf-16-le", "surrogatepass")
    return "".join(chr(int.from_bytes(data[i:i + 2], "little")) for i in range(0, len(data), 2))


def _text(units: str) -> str:
    """Code units back to text: surrogate pairs joined (a lone surrogate is refused)."""
    if units.isascii() or not any(0xD800 <= ord(char) <= 0xDFFF for char in units):
        return units
    data = b"".join(ord(char).to_bytes(2, "little") for char in units)
    try:
        return data.decode("utf-16-le")
    except UnicodeDecodeError:
        raise LinkError("the link's text holds a broken UTF-16 surrogate pair") from None


@functools.lru_cache(maxsize=8)  # a grid is often written as both links, one after the other
def compress(text: str) -> str:
    """``LZString.compressToBase64(text)`` as JavaScript returns it."""
    bits = _compress_bits(_units(text))
    bits += "0" * (6 - len(bits) % 6)  # JavaScript's flush: a whole character of zeros if even
    out = "".join([_CHAR_OF[bits[i:i + 6]] for i in range(0, len(bits), 6)])
    return out + "=" * (-len(out) % 4)


def _compress_bits(units: str) -> str:
    """The bit stream of ``units``: each value as a string of its bits, least significant
    first, joined. A phrase is its code; a longer one is found by (code, next unit)."""
    singles: dict[int, int] = {}  # unit -> code
    longer: dict[int, int] = {}  # code << 16 | next unit -> code of the phrase and that unit
    out: list[str] = []
    width, enlarge, size = 2, 2, 3
    phrase, fresh = -1, -1  # the phrase's code (-1: none yet); its unit if new, single
    for unit in _code_units(units):
        new = unit not in singles
        if new:
            singles[unit] = size
            size += 1
        if phrase >= 0:
            key = phrase << 16 | unit
            code = longer.get(key)
            if code is not None:
                phrase, fresh = code, -1
                continue
            width, enlarge = _phrase(out, phrase, fresh, width, enlarge)
            longer[key] = size
            size += 1
        # A unit seen for the first time cannot start a longer phrase yet, so it is the next
        # phrase written: as its literal.
        phrase, fresh = singles[unit], unit if new else -1
    if phrase >= 0:
        width, enlarge = _phrase(out, phrase, fresh, width, enlarge)
    out.append(format(_END, f"0{width}b")[::-1])
    return "".join(out)


def _code_units(units: str) -> list[int]:
    """The code units of ``units`` (each character one, below U+10000) as numbers."""
    if units.isascii():
        return list(units.encode("ascii"))
    # "utf-16" writes the machine's byte order after a 2-byte BOM, as ``cast`` reads it
    return list(memoryview(units.encode("utf-16", "surrogatepass")[2:]).cast("H"))


def _literal(out: list[str], unit: int, width: int, enlarge: int) -> tuple[int, int]:
    """Write the literal ``unit`` (its first use) and count its new dictionary entry: the new
    width and countdown to the next widening."""
    if unit < 256:
        out.append(format(_CHAR8, f"0{width}b")[::-1] + format(unit, "08b")[::-1])
    else:
        out.append(format(_CHAR16, f"0{width}b")[::-1] + format(unit, "016b")[::-1])
    return _count_down(width, enlarge)


def _phrase(out: list[str], phrase: int, fresh: int, width: int,
            enlarge: int) -> tuple[int, int]:  # fmt: skip
    """Write the current phrase: the literal ``fresh`` on its first use (``fresh`` >= 0),
    else its code ``phrase``; then count the entry the compressor adds (a literal counts
    twice). The new width and countdown."""
    if fresh >= 0:
        width, enlarge = _literal(out, fresh, width, enlarge)
    else:
        out.append(format(phrase, f"0{width}b")[::-1])
    return _count_down(width, enlarge)


def _count_down(width: int, enlarge: int) -> tuple[int, int]:
    """One more dictionary entry: the code width grows by a bit when the countdown runs out
    (and the countdown starts again at 2^width)."""
    enlarge -= 1
    if enlarge == 0:
        return width + 1, 1 << width
    return width, enlarge


@functools.lru_cache(maxsize=8)  # a link is often sniffed, then read
def decompress(payload: str, limit: int = MAX_DECODED) -> str:
    """The text ``payload`` (lz-string base 64) holds; :class:`LinkError` when none, or
    when it would be over ``limit`` UTF-16 code units long."""
    if not payload or _BASE64_RE.fullmatch(payload) is None:
        shown = payload if len(payload) <= 20 else payload[:20] + "…"
        raise LinkError(f"the link's payload {shown!r} is not lz-string base 64")
    return _text(_decompress_units(payload, limit))


_TRUNCATED = "the link's payload does not decompress (truncated or not lz-string)"


def _decompress_units(payload: str, limit: int) -> str:
    """The code units of ``payload`` (checked to be base 64)."""
    stream = "".join([_SIX_BITS[char] for char in payload])
    end = len(stream)  # no code may start at or after it: JavaScript returns "" there
    # Reversed, with zeros past the end (JavaScript reads them), so that the value of the
    # ``n`` bits at ``pos`` (least significant first) is ``int(rev[top - pos - n:top - pos], 2)``.
    rev = ("0" * 48 + stream[::-1])
    top = len(rev)
    first = int(rev[top - 2:top], 2)
    if first == _END or first == 3:  # JavaScript: "" for 2; for 3 text holding "undefined"
        raise LinkError(_TRUNCATED)
    pos = 2 + (8 if first == _CHAR8 else 16)
    unit = chr(int(rev[top - pos:top - 2], 2))
    phrases = ["", "", "", unit]
    out = [unit]
    total = 1
    previous = unit
    width, enlarge = 3, 4
    while True:
        if pos >= end:
            raise LinkError(_TRUNCATED)
        code = int(rev[top - pos - width:top - pos], 2)
        pos += width
        if code <= _CHAR16:
            size = 8 if code == _CHAR8 else 16
            phrases.append(chr(int(rev[top - pos - size:top - pos], 2)))
            pos += size
            code = len(phrases) - 1
            enlarge -= 1
        elif code == _END:
            return "".join(out)
        if enlarge == 0:
            enlarge = 1 << width
            width += 1
        if code < len(phrases):
            entry = phrases[code]
        elif code == len(phrases):
            entry = previous + previous[0]
        else:
            raise LinkError(_TRUNCATED)
        total += len(entry)
        if total > limit:
            raise LinkError(f"the link's payload decompresses to over {limit:,} characters, "
                            "more than any puzzle holds")
        out.append(entry)
        phrases.append(previous + entry[0])
        enlarge -= 1
        previous = entry
        if enlarge == 0:
            enlarge = 1 << width
            width += 1
