"""The registry of puzzle kinds, and guessing the kind of a text."""

from __future__ import annotations

import importlib
from typing import Any

from grille.errors import ParseError
from grille.kind import Kind

__all__ = ["KIND_NAMES", "RULES", "get_kind", "sniff_kind"]

_MODULES = {
    "takuzu": "grille.takuzu",
    "sudoku": "grille.sudoku",
    "kakuro": "grille.kakuro",
}
"""Each kind's module; it exposes the kind object as ``KIND``."""

KIND_NAMES = tuple(_MODULES)
"""Kinds in the order their sniffers are tried."""

RULES: dict[str, tuple[str, ...]] = {
    "takuzu": ("no-unique-lines",),
    "kakuro": ("distinct-combinations",),
}
"""Optional rule variants each kind accepts by name (the command line offers them as flags
without importing the kinds)."""


def get_kind(name: str) -> Kind[Any]:
    """The kind called ``name``; raises ``ValueError`` for an unknown name."""
    if name not in _MODULES:
        raise ValueError(f"unknown puzzle kind {name!r}; known kinds: {', '.join(KIND_NAMES)}")
    kind: Kind[Any] = importlib.import_module(_MODULES[name]).KIND
    return kind


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
