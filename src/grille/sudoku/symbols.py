"""How digits are written: 1-9, then letters A.. for 10 and up (A=10, G=16, P=25)."""

from __future__ import annotations

__all__ = ["EMPTY_CHARS", "SYMBOLS", "digit_char", "digit_of"]

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
"""Digit d (1-based) is written ``SYMBOLS[d - 1]``."""

EMPTY_CHARS = ".0*_-xX "
"""Characters that stand for an empty cell in one-line and grid formats (``0`` only up to 9x9)."""


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
