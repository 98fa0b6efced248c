"""Takuzu text formats: every format grille reads and writes, and the sniffer.

``rows``
    Rows of ``0``, ``1`` and ``.`` (spaces optional), one puzzle per block, blocks separated
    by blank lines; ``# rules: no-unique-lines`` drops the third rule for the puzzles after
    it (see :mod:`grille.takuzu.formats.rows`).
``marks``
    ``rows`` with each empty cell's pencil marks as ``[01]``, ``[0]``, ``[1]`` or ``[]``, in
    aligned columns (what ``grille candidates`` prints).
``tab``
    One puzzle per line, TAB-separated: ``id rows cols puzzle solution ...``, the form of
    grille's shared data (see :mod:`grille.takuzu.formats.tab`).
``unruly``
    Simon Tatham's Unruly game ID ``WxH[u]:description`` (see
    :mod:`grille.takuzu.formats.unruly`). ``tab`` and ``unruly`` lines may end with a rating
    (``grille rate``'s fields; see :mod:`grille.rated`), kept as the ``rating`` metadata.
``json``
    One object per puzzle (see :mod:`grille.takuzu.formats.jsonfmt`).

The sniffer claims only texts no Sudoku reader takes: rows must hold both a 0 and a 1 and
nothing but ``0``, ``1``, ``.`` and spaces; JSON must say ``"kind": "takuzu"``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from grille.errors import GrilleError, ParseError, long_number_error
from grille.kind import Entry
from grille.takuzu.formats import jsonfmt, rows, tab, unruly
from grille.takuzu.formats.tab import parse_tab
from grille.takuzu.formats.unruly import parse_unruly
from grille.takuzu.grid import TakuzuGrid

__all__ = ["FORMATS", "format_grid", "parse_tab", "parse_unruly", "read", "sniff", "write"]

FORMATS = ("rows", "marks", "tab", "unruly", "json")
"""Every format name :func:`read` and :func:`write` take."""

_READERS: dict[str, Callable[[str, str], list[Entry[TakuzuGrid]]]] = {
    "rows": rows.read,
    "marks": rows.read,
    "tab": tab.read,
    "unruly": unruly.read,
    "json": jsonfmt.read,
}

_FORMATTERS: dict[str, Callable[[TakuzuGrid], str]] = {
    "rows": rows.dump,
    "marks": rows.dump_marks,
    "tab": tab.dump,
    "unruly": unruly.dump,
    "json": jsonfmt.dump,
}

_WRITERS: dict[str, Callable[[list[TakuzuGrid]], str]] = {
    "rows": rows.write,
    "marks": rows.write_marks,
    "tab": tab.write,
    "unruly": lambda grids: "\n".join(map(unruly.dump, grids)),
    "json": jsonfmt.document,
}


def _check_format(fmt: str) -> None:
    if fmt not in FORMATS:
        raise GrilleError(f"unknown Takuzu format {fmt!r}; known: {', '.join(FORMATS)}")


def sniff(text: str) -> str | None:
    """The name of the format ``text`` looks like, or ``None``."""
    text = text.removeprefix("\ufeff")
    if jsonfmt.looks_like_json(text):
        return "json"
    lines = text[:65536].splitlines()
    index = next(
        (i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")),
        None,
    )
    if index is None:
        return None
    first = lines[index]
    if tab.looks_like_tab(first):
        return "tab"
    if unruly.looks_like_unruly(first):
        return "unruly"
    if rows.looks_like_rows(lines, index):
        return "rows"
    if rows.looks_like_marks(lines, index):
        return "marks"
    return None


def read(
    text: str, *, fmt: str | None = None, source: str = "<input>"
) -> list[Entry[TakuzuGrid]]:
    """Every puzzle in ``text`` (format sniffed unless ``fmt``); raises ``ParseError``."""
    text = text.removeprefix("\ufeff")
    try:  # a number too long for int (from a sniffer, a reader or json) is a parse error
        if fmt is None:
            fmt = sniff(text) or _fallback(text)
        _check_format(fmt)
        entries = _READERS[fmt](text, source)
    except ValueError as error:
        raise long_number_error(error, text, source) or error from None
    if not entries:
        raise ParseError("no puzzle found", source=source)
    return entries


def _fallback(text: str) -> str:
    """The format whose parser gives the most useful error for an unrecognised text."""
    first = next((line for line in text.splitlines() if line.strip()[:1] not in ("", "#")), "")
    if first.lstrip()[:1] in ("{", "["):
        return "json"
    if "\t" in first:
        return "tab"
    if ":" in first:
        return "unruly"
    return "rows"


def format_grid(grid: TakuzuGrid, fmt: str) -> str:
    """``grid`` written in ``fmt``, without a trailing newline."""
    _check_format(fmt)
    return _FORMATTERS[fmt](grid)


def write(grids: Sequence[TakuzuGrid], fmt: str) -> str:
    """A collection of grids in ``fmt``, ending with a newline."""
    _check_format(fmt)
    body = _WRITERS[fmt](list(grids))
    return body + "\n" if body else ""
