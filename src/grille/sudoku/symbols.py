"""How digits are written: 1-9, then letters A.. for 10 and up (A=10, G=16, P=25).

That canonical alphabet is the only one grille writes. On input it also reads lowercase
letters, the 0-F alphabet of 16x16 grids (``0`` stands for 16) and the A-Y alphabet of 25x25
grids (A=1 .. Y=25); :func:`alphabet_for` tells which one a grid uses.

:func:`cell_codes` turns a string of cell characters into one byte per cell in a single
``bytes.translate`` call: the digit, 0 for an empty cell, or :data:`INVALID`.
"""

from __future__ import annotations

import functools

__all__ = [
    "CANONICAL",
    "EMPTY_CHARS",
    "HEX",
    "HEX_SYMBOLS",
    "INVALID",
    "LETTERS",
    "LETTER_SYMBOLS",
    "SYMBOLS",
    "alphabet_for",
    "cell_codes",
    "digit_char",
    "digit_of",
    "symbols_of",
]

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
"""Digit d (1-based) is written ``SYMBOLS[d - 1]``."""

HEX_SYMBOLS = "123456789ABCDEF0"
"""The 0-F alphabet of 16x16 grids: the same as :data:`SYMBOLS` but ``0`` for 16."""

LETTER_SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXY"
"""The A-Y alphabet of 25x25 grids: A=1 .. Y=25."""

EMPTY_CHARS = ".0*_-xX "
"""Characters that stand for an empty cell in one-line and grid formats (``0`` only up to 9x9)."""

CANONICAL = "1-9A-P"
HEX = "0-F"
LETTERS = "A-Y"
"""Names of the three alphabets, as :func:`alphabet_for` returns them."""

INVALID = 255
"""The code :func:`cell_codes` gives a character that is neither a digit nor an empty cell."""

_BEYOND_P = frozenset("QRSTUVWXYqrstuvwxy")
_DECIMALS = frozenset("123456789")
_ASCII_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def digit_char(digit: int) -> str:
    """The character for ``digit`` (``.`` for 0, the empty cell)."""
    return "." if digit == 0 else SYMBOLS[digit - 1]


def digit_of(char: str, size: int) -> int | None:
    """The digit ``char`` stands for in a grid of ``size``, 0 if empty, ``None`` if invalid."""
    if char in ".*_" or (char == "0" and size <= 9):
        return 0
    index = SYMBOLS.find(char.upper())
    if 0 <= index < size:
        return index + 1
    return None


def alphabet_for(chars: str, size: int) -> str:
    """The alphabet the cell characters ``chars`` of a ``size`` grid are written in.

    A 16x16 grid that holds ``0`` and no ``G`` is in the 0-F alphabet; a 25x25 grid with a
    letter beyond P, or with letters but no digit 1-9, is in the A-Y alphabet.
    """
    if size == 16 and "0" in chars and "G" not in chars and "g" not in chars:
        return HEX
    if size == 25:
        present = set(chars)
        if not present.isdisjoint(_BEYOND_P):
            return LETTERS
        if present.isdisjoint(_DECIMALS) and not present.isdisjoint(_ASCII_LETTERS):
            return LETTERS
    return CANONICAL


def symbols_of(alphabet: str, size: int) -> str:
    """The ``size`` symbols of ``alphabet``, digit 1 first."""
    if alphabet == HEX:
        return HEX_SYMBOLS
    if alphabet == LETTERS:
        return LETTER_SYMBOLS[:size]
    return SYMBOLS[:size]


@functools.cache
def _table(size: int, alphabet: str, space: bool) -> bytes:
    """A ``bytes.translate`` table from Latin-1 characters to cell codes."""
    table = bytearray([INVALID]) * 256
    empties = ".*_-" + ("" if alphabet == LETTERS else "xX") + (" " if space else "")
    if size <= 9 and alphabet == CANONICAL:
        empties += "0"
    for char in empties:
        table[ord(char)] = 0
    for digit, char in enumerate(symbols_of(alphabet, size), start=1):
        table[ord(char)] = digit
        table[ord(char.lower())] = digit
    return bytes(table)


def cell_codes(
    chars: str, size: int, *, space: bool = False, alphabet: str | None = None
) -> bytes:
    """One code per character of ``chars``: its digit, 0 if empty, :data:`INVALID` otherwise.

    ``space`` makes a space an empty cell; ``alphabet`` defaults to :func:`alphabet_for`.
    """
    if alphabet is None:
        alphabet = alphabet_for(chars, size) if size in (16, 25) else CANONICAL
    return chars.encode("latin-1", "replace").translate(_table(size, alphabet, space))
