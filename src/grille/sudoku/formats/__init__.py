"""Sudoku text formats: every format grille reads and writes, and a sniffer that tells them apart.

Digits are written 1-9 then A, B .. (A=10, G=16, P=25); on input lowercase letters, the 0-F
alphabet of 16x16 grids and the A-Y alphabet of 25x25 grids are read too (see
:mod:`grille.sudoku.symbols`). Empty cells are ``.``, ``0`` (up to 9x9), ``*``, ``_``, ``-`` or
``x``. The formats, by their name in :data:`FORMATS`:

``line``
    One puzzle per line: n*n characters in row-major order, optionally followed by a rating
    (``P ED=11.9/11.9/11.3``, ``P;11.9;11.9;11.3``, ``P<TAB>hard<TAB>3.4 …`` as rated lists and
    ``grille rate`` write it: kept as the ``rating`` metadata, see :mod:`grille.rated`) and by
    ``# comment`` (kept as the ``comment`` metadata); a space is an empty cell only in a line of
    exactly n*n characters without a TAB or ``;``. Blank lines and lines starting with ``#``
    are skipped. HoDoKu library lines (``:0000:x:<grid>:<deleted candidates>::``, ``+d`` a
    placed digit) are read too.
``grid``
    n rows of n characters; on input optionally spaced, with ``|`` between boxes and lines of
    ``-`` and ``+`` between box rows. Grids are separated by blank lines.
``sdk``
    SadMan / SudoCue: optional metadata lines ``#A`` author, ``#D`` description, ``#C``
    comment, ``#B`` date, ``#S`` source, ``#L`` level, ``#U`` URL, then the rows.
``ss``
    Simple Sudoku, also HoDoKu's formatted givens: the boxed ``*-----------*`` layout, followed
    for a 9x9 grid, after a blank line, by HoDoKu's optional appendix: ``I<row><column><digit>``
    for each placed (non-given) digit and ``E<row><column><digits>`` for the candidates removed
    from a cell (rows and columns 1-based). A full grid (a solution) is written with all its
    digits and no appendix, so which of them were clues is not kept.
``marks``
    A pencil-mark grid as HoDoKu and Simple Sudoku print it: n groups of candidates per row,
    ``.`` a cell without candidates; ``*``, ``#``, ``@`` and ``-`` annotations are ignored. As
    in HoDoKu, a lone digit is a solved cell unless a peer still has that digit as a candidate
    (then it is a cell with one candidate left). Solved cells have no marks (0). A grid without
    marks is written with the candidates its digits leave.
``opensudoku``
    OpenSudoku XML, version 1 (``<opensudoku><game data="…"/></opensudoku>``) and version 2
    (``<folder>`` of ``<game created state time last_played data note/>``); ``data`` is 81
    digits, or OpenSudoku's ``version: 1`` cell list with notes. 9x9 only.
``json``
    The schema below.
``solo``
    Simon Tatham's Solo game ID ``<r>x<c>:<description>``, boxes of r rows and c columns: runs
    of 1 to 26 empty cells as ``a`` to ``z``, clues as decimal numbers, ``_`` between two clues;
    a rating may follow, as in ``line``. A random-seed ID ``3x3#seed`` is refused. Solo's
    variants: ``x`` (both diagonals), ``k`` (killer: ``,<cages>,<sums>``), jigsaw ``9j:…,<regions>``
    and their combinations (see :mod:`grille.sudoku.formats.solo`).
``fpuzzles``
    f-puzzles' JSON object (``size``, ``grid``, the constraints' keys: see
    :mod:`grille.sudoku.variants.fpuzzles`); one object, a list, or one a line.
``fpuzzles-link``, ``sudokupad``
    ``https://f-puzzles.com/?load=…`` and ``https://sudokupad.app/fpuzzles…`` links, one a line.

Only ``json``, ``solo`` (its variants) and the f-puzzles formats hold a variant's constraints;
writing a variant in another format is an error naming what it would lose.

The JSON form is one object per puzzle; a document is one object, a list of them, or
``{"puzzles": [...]}``. Keys::

    kind      "sudoku" (optional; another kind is refused)
    size      n (optional when "box" or "cells" tell it)
    box       [rows, columns] of a box (optional; default: the usual shape for n)
    cells     the n*n cells as a line-format string ("53..7...."), or n*n integers 0..n, flat
              or as n rows (0 is empty)
    givens    optional: the clues alone, in the form of "cells"; filled cells of "cells" that
              are empty here were placed by the player
    marks     optional: n*n candidate sets, each a string of digits ("129") or a list of
              integers ([1, 2, 9])
    metadata  optional: {"author": "…", …}, or a list of [key, value] pairs
    variant   optional: the constraints of a variant Sudoku as f-puzzles keys
              ({"killercage": [{"cells": ["R1C1", "R1C2"], "value": "5"}], "diagonal+":
              true, …}; jigsaw regions as "regions": n*n region indices, row-major)

e.g. ``{"kind": "sudoku", "size": 9, "box": [3, 3], "cells": "53..7....6..195…"}``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from grille.errors import GrilleError, ParseError
from grille.formats import Format, FormatRegistry
from grille.info import Layout
from grille.kind import Entry
from grille.sudoku.formats import fpuzzles as _fpuzzles
from grille.sudoku.formats import grid as _grid
from grille.sudoku.formats import jsonfmt as _jsonfmt
from grille.sudoku.formats import line as _line
from grille.sudoku.formats import marks as _marks
from grille.sudoku.formats import opensudoku as _opensudoku
from grille.sudoku.formats import sdk as _sdk
from grille.sudoku.formats import solo as _solo
from grille.sudoku.formats import ss as _ss
from grille.sudoku.formats._text import Reader, Text
from grille.sudoku.formats.grid import parse_grid
from grille.sudoku.formats.jsonfmt import parse_json
from grille.sudoku.formats.line import parse_line
from grille.sudoku.formats.marks import parse_marks
from grille.sudoku.formats.opensudoku import parse_opensudoku
from grille.sudoku.formats.sdk import parse_sdk
from grille.sudoku.formats.sniffing import sniff
from grille.sudoku.formats.solo import parse_solo
from grille.sudoku.formats.ss import parse_ss
from grille.sudoku.grid import Grid
from grille.sudoku.info import INFO

__all__ = [
    "FORMATS",
    "LINE_FORMATS",
    "REGISTRY",
    "format_grid",
    "parse_grid",
    "parse_json",
    "parse_line",
    "parse_marks",
    "parse_opensudoku",
    "parse_sdk",
    "parse_solo",
    "parse_ss",
    "read",
    "sniff",
    "write",
]


def _lines(reader: Reader) -> Callable[[str, str], list[Entry[Grid]]]:
    """A Sudoku reader (which takes the text's lines with its source) as a format's."""
    return lambda text, source: reader(Text(text.splitlines(), source), text)


def _refuse_variants(name: str, grids: Sequence[Grid]) -> None:
    """The error of a format that holds no variant constraints, for the first variant grid."""
    for grid in grids:
        if grid.variant is not None:
            families = ", ".join(grid.variant.families())
            raise GrilleError(f"the {name} format cannot hold the variant's constraints "
                              f"({families}); write json, fpuzzles, fpuzzles-link or sudokupad")


def _plain(name: str, dump: Callable[[Grid], str]) -> Callable[[Grid], str]:
    """``dump`` for a format that holds no variant constraints: refuses a variant grid."""

    def plain(grid: Grid) -> str:
        _refuse_variants(name, [grid])
        return dump(grid)

    return plain


def _plain_document(
    name: str, document: Callable[[Sequence[Grid]], str]
) -> Callable[[Sequence[Grid]], str]:
    """``document`` (a collection in one document) for a format that holds no variant
    constraints: refuses a variant grid among them."""

    def plain(grids: Sequence[Grid]) -> str:
        _refuse_variants(name, grids)
        return document(grids)

    return plain


def _fallback_format(text: str, source: str) -> str:
    """The format whose parser gives the most useful error for an unrecognised ``text``."""
    first = next((line.strip() for line in text.splitlines() if line.strip()), None)
    if first is None:
        raise ParseError("no puzzle found", source=source)
    return "grid" if any(char.isspace() for char in first) else "line"


REGISTRY: FormatRegistry[Grid] = FormatRegistry(
    INFO,
    (
        Format("line", _lines(_line.read), _plain("line", _line.dump)),
        Format("grid", _lines(_grid.read), _plain("grid", _grid.dump)),
        Format("sdk", _lines(_sdk.read), _plain("sdk", _sdk.dump)),
        Format("ss", _lines(_ss.read), _plain("ss", _ss.dump)),
        Format("marks", _lines(_marks.read), _plain("marks", _marks.dump)),
        Format("opensudoku", _lines(_opensudoku.read), _plain("opensudoku", _opensudoku.dump),
               _plain_document("opensudoku", _opensudoku.document)),
        Format("json", _lines(_jsonfmt.read), _jsonfmt.dump, _jsonfmt.document),
        Format("solo", _lines(_solo.read), _solo.dump),
        Format("fpuzzles", _lines(_fpuzzles.read), _fpuzzles.dump, _fpuzzles.document),
        Format("fpuzzles-link", _lines(_fpuzzles.read_fpuzzles_link), _fpuzzles.dump_fpuzzles_link),
        Format("sudokupad", _lines(_fpuzzles.read_sudokupad), _fpuzzles.dump_sudokupad),
    ),
    sniff=sniff,
    fallback=_fallback_format,
)
"""Every Sudoku format (see :mod:`grille.formats`)."""

FORMATS = REGISTRY.names
"""Every format name :func:`read` and :func:`write` take."""

LINE_FORMATS = INFO.formats_laid_out(Layout.LINES)
"""The formats that hold one puzzle per line."""

read = REGISTRY.read
write = REGISTRY.write
format_grid = REGISTRY.dump
