"""The registry of puzzle kinds, and guessing the kind of a text."""

from __future__ import annotations

import importlib
from typing import Any

from grille.errors import GrilleError, ParseError
from grille.kind import Kind

__all__ = ["KIND_NAMES", "RULES", "claiming_kinds", "get_kind", "sniff_kind"]

_MODULES = {
    "takuzu": "grille.takuzu",
    "sudoku": "grille.sudoku",
    "kakuro": "grille.kakuro",
}
"""Each kind's module; it exposes the kind object as ``KIND``."""

KIND_NAMES = tuple(_MODULES)
"""Kinds in the order their sniffers are tried."""

_QUOTED = 40
"""How much of a line an error message quotes."""

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


def claiming_kinds(text: str) -> list[Kind[Any]]:
    """The kinds whose sniffers claim ``text``, in sniffing order."""
    return [kind for kind in map(get_kind, KIND_NAMES) if kind.sniff(text)]


def sniff_kind(text: str, *, source: str = "<input>") -> Kind[Any]:
    """The kind of the puzzles in ``text``; raises ``ParseError`` saying why when none fits.

    A kind's sniffer judges whether a text is of its kind; its reader tells how far into the
    text it got (the line and column of its ``ParseError``). When one kind's sniffer claims
    the text, that kind is the answer; when several do, the first whose reader takes the
    text. Otherwise the error is that of the reader that got furthest (latest line, then
    column; sniffing order breaks ties) among the claiming kinds, or among all kinds when
    none claims the text (a reader that takes a text its sniffer refused does not count):
    a Takuzu grid with one stray ``2`` is reported as a Takuzu with a bad cell, not read as
    a Sudoku. When no reader gets past the text's first character, it says so; an empty
    text is reported as empty.
    """
    if not text.strip():
        raise ParseError("empty input: there is no puzzle to read", source=source)
    claiming = claiming_kinds(text)
    if len(claiming) == 1:
        return claiming[0]
    furthest: tuple[ParseError, Kind[Any]] | None = None
    for kind in claiming or map(get_kind, KIND_NAMES):
        try:
            kind.read(text, source=source)
        except ParseError as error:
            if furthest is None or (error.line, error.column) > (
                furthest[0].line, furthest[0].column
            ):
                furthest = (error, kind)
            continue
        except GrilleError:
            continue
        if claiming:
            return kind
    if furthest is None:
        tried = ", ".join(kind.name for kind in claiming) or ", ".join(KIND_NAMES)
        raise ParseError(f"not a puzzle grille can read (kinds tried: {tried})", source=source)
    closest, kind = furthest
    if claiming:
        raise closest
    line, first = _first_content(text)
    if (closest.line, closest.column) <= (line, len(first) - len(first.lstrip()) + 1):
        quoted = repr(first.strip()[:_QUOTED]) + ("…" if len(first.strip()) > _QUOTED else "")
        raise ParseError(
            f"not a puzzle grille can read: no kind ({', '.join(KIND_NAMES)}) reads past the "
            f"start of {quoted}", line=line, column=len(first) - len(first.lstrip()) + 1,
            source=source,
        )
    raise ParseError(
        f"{closest.reason} (not a puzzle grille can read; closest: {kind.name})",
        line=closest.line, column=closest.column, source=source,
    )


def _first_content(text: str) -> tuple[int, str]:
    """The number and text of the first line that is not blank."""
    return next((i, line) for i, line in enumerate(text.splitlines(), 1) if line.strip())
