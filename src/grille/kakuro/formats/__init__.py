"""Kakuro formats: every format grille reads and writes, and the sniffer that tells them apart.

``text``
    The down\\right grid: one token per cell separated by spaces, ``#`` (also ``x``, ``-``) a
    block, ``.`` (also ``_``, ``0``) an empty white cell, a digit a filled white cell, ``D\\R``
    a clue block (``16\\``, ``\\23``: either part may be empty). Puzzles are separated by blank
    lines; leading ``# key: value`` lines are metadata, and ``# rules: distinct-combinations``
    switches on that rule. A solved grid is written with its digits: the solution file.
``marks``
    ``text`` with the pencil marks of empty white cells as ``[129]`` (read as ``text``).
``csv``
    The same tokens separated by commas; an empty field is an empty white cell.
``block``
    Block format v1 of the shared data: ``id:``, ``size: rows cols``, ``source:``, ``label:``,
    ``stats:``, optional ``rules:``, then ``puzzle:`` and ``solution:`` grids. The listed
    solution is kept (``KakuroGrid.listed_solution()``); a solved grid is written with its
    ``solution:``.
``json``
    ``{"kind": "kakuro", "rows": r, "cols": c, "grid": [["#", "16\\\\", ...], ...],
    "distinct_combinations": false, "marks": [[...]], "metadata": {...}}``; cells are text
    tokens (a row may be one space-separated string). A document is one object, a list, or
    ``{"puzzles": [...]}``.
``solution``
    ``#`` for every non-white cell and the digits of the white ones, as in the block format's
    ``solution:``; read back, every run of two or more cells gets its sum as its clue.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from grille.errors import GrilleError, ParseError, long_number_error
from grille.kakuro.formats import block as _block
from grille.kakuro.formats import jsonfmt as _json
from grille.kakuro.formats import text as _text
from grille.kakuro.grid import KakuroGrid
from grille.kind import Entry

__all__ = ["FORMATS", "format_grid", "parse_text", "read", "sniff", "write"]

FORMATS = ("text", "marks", "csv", "block", "json", "solution")
"""Every format name :func:`read` and :func:`write` take."""

Reader = Callable[[str, str], list[tuple[KakuroGrid, int]]]

_READERS: dict[str, Reader] = {
    "text": _text.read_text,
    "marks": _text.read_text,
    "csv": _text.read_csv,
    "block": _block.read_block,
    "json": _json.read_json,
    "solution": _text.read_solution,
}

_TOKEN = r"(?:[#xX._0-9-]|\[[1-9]*\]|\d*\\\d*)"
_TEXT_LINE = re.compile(rf"\s*{_TOKEN}(?:\s+{_TOKEN})*\s*")
_CSV_LINE = re.compile(rf"\s*{_TOKEN}?\s*(?:,\s*{_TOKEN}?\s*)+")
_SOLUTION_LINE = re.compile(r"\s*[#.1-9](?:\s+[#.1-9])+\s*")
_SNIFF_LINES = 60


def sniff(text: str) -> str | None:
    """The name of the format ``text`` looks like, or ``None`` if it is not Kakuro."""
    head = text.removeprefix("\ufeff")[:65536]
    stripped = head.lstrip()
    if stripped.startswith("{") or re.match(r"\[\s*\{", stripped):
        kakuro = '"kakuro"' in head or ('"grid"' in head and '"sudoku"' not in head)
        return "json" if kakuro else None
    lines = [line for line in head.splitlines() if line.strip()][:_SNIFF_LINES]
    if _block.looks_like_block(lines):
        return "block"
    body = [line for line in lines if _text.header_item(line) is None]
    if not body:
        return None
    if all(_TEXT_LINE.fullmatch(line) for line in body) and any("\\" in line for line in body):
        return "text"
    if all(_CSV_LINE.fullmatch(line) for line in body) and any("\\" in line for line in body):
        return "csv"
    if len(body) >= 2 and all(_SOLUTION_LINE.fullmatch(line) for line in body):
        joined = "".join(body)
        if "#" in joined and any(ch.isdigit() for ch in joined):
            return "solution"
    return None


def read(text: str, *, fmt: str | None = None, source: str = "<input>") -> list[Entry[KakuroGrid]]:
    """Every puzzle in ``text`` with the line it starts on (format sniffed unless ``fmt``)."""
    text = text.removeprefix("\ufeff")
    try:  # a number too long for int (from a sniffer, a reader or json) is a parse error
        if fmt is None:
            fmt = sniff(text) or ("csv" if "," in text else "text")
        _check(fmt)
        found = _READERS[fmt](text, source)
    except ValueError as error:
        raise long_number_error(error, text, source) or error from None
    if not found:
        raise ParseError("no puzzle found", source=source)
    return [Entry(grid, line, fmt) for grid, line in found]


def parse_text(text: str) -> KakuroGrid:
    """The one grid of a text in the ``text`` format."""
    entries = read(text, fmt="text")
    if len(entries) != 1:
        raise ParseError(f"expected one puzzle, found {len(entries)}", line=entries[1].line)
    return entries[0].puzzle


def _check(fmt: str) -> None:
    if fmt not in FORMATS:
        raise GrilleError(f"unknown Kakuro format {fmt!r}; known: {', '.join(FORMATS)}")


def format_grid(grid: KakuroGrid, fmt: str, *, header: bool = True, number: int = 1) -> str:
    """``grid`` written in ``fmt``, without a trailing newline."""
    _check(fmt)
    if fmt == "text":
        return _text.dump_text(grid, header=header)
    if fmt == "marks":
        return _text.dump_text(grid, marks=True, header=header)
    if fmt == "csv":
        return _text.dump_csv(grid)
    if fmt == "block":
        return _block.dump_block(grid, number)
    if fmt == "json":
        return _json.dump_json(grid)
    return _text.dump_solution(grid)


def write(grids: Sequence[KakuroGrid], fmt: str) -> str:
    """A collection in ``fmt``, ending with a newline (one document for JSON)."""
    _check(fmt)
    if fmt == "json":
        return _json.document(grids) + "\n" if grids else ""
    body = "\n\n".join(format_grid(grid, fmt, number=i) for i, grid in enumerate(grids, 1))
    return body + "\n" if body else ""
