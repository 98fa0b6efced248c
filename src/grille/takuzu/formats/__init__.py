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

from grille.formats import Format, FormatRegistry
from grille.takuzu.formats import jsonfmt, rows, tab, unruly
from grille.takuzu.formats.tab import parse_tab
from grille.takuzu.formats.unruly import parse_unruly
from grille.takuzu.grid import TakuzuGrid
from grille.takuzu.info import INFO

__all__ = [
    "FORMATS", "REGISTRY", "format_grid", "parse_tab", "parse_unruly", "read", "sniff", "write",
]


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


def _fallback(text: str, source: str) -> str:
    """The format whose parser gives the most useful error for an unrecognised text."""
    first = next((line for line in text.splitlines() if line.strip()[:1] not in ("", "#")), "")
    if first.lstrip()[:1] in ("{", "["):
        return "json"
    if "\t" in first:
        return "tab"
    if ":" in first:
        return "unruly"
    return "rows"


REGISTRY: FormatRegistry[TakuzuGrid] = FormatRegistry(
    INFO,
    (
        Format("rows", rows.read, rows.dump, rows.write),
        Format("marks", rows.read, rows.dump_marks, rows.write_marks),
        Format("tab", tab.read, tab.dump, tab.write),
        Format("unruly", unruly.read, unruly.dump),
        Format("json", jsonfmt.read, jsonfmt.dump, jsonfmt.document),
    ),
    sniff=sniff,
    fallback=_fallback,
)
"""Every Takuzu format (see :mod:`grille.formats`)."""

FORMATS = REGISTRY.names
"""Every format name :func:`read` and :func:`write` take."""

read = REGISTRY.read
write = REGISTRY.write
format_grid = REGISTRY.dump
