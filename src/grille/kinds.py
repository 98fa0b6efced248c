"""The registry of puzzle kinds, and guessing the kind of a text."""

from __future__ import annotations

from typing import Any

from grille.errors import ParseError
from grille.kind import Kind

__all__ = ["KIND_NAMES", "get_kind", "sniff_kind"]

KIND_NAMES = ("sudoku",)
"""Kinds in the order their sniffers are tried."""


def get_kind(name: str) -> Kind[Any]:
    """The kind called ``name``; raises ``ValueError`` for an unknown name."""
    if name == "sudoku":
        from grille.sudoku import KIND

        return KIND
    raise ValueError(f"unknown puzzle kind {name!r}; known kinds: {', '.join(KIND_NAMES)}")


def sniff_kind(text: str, *, source: str = "<input>") -> Kind[Any]:
    """The first kind whose sniffer accepts ``text``; raises ``ParseError`` when none does."""
    for name in KIND_NAMES:
        kind = get_kind(name)
        if kind.sniff(text):
            return kind
    first = next((i for i, line in enumerate(text.splitlines(), 1) if line.strip()), 1)
    raise ParseError(
        f"not a puzzle grille can read (kinds tried: {', '.join(KIND_NAMES)})",
        line=first,
        source=source,
    )
