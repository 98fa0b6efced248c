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

from grille.errors import ParseError
from grille.formats import Format, FormatRegistry
from grille.kakuro.formats import block as _block
from grille.kakuro.formats import jsonfmt as _json
from grille.kakuro.formats import text as _text
from grille.kakuro.grid import KakuroGrid
from grille.kakuro.info import INFO
from grille.kind import Entry

__all__ = ["FORMATS", "REGISTRY", "format_grid", "parse_text", "read", "sniff", "write"]

Reader = Callable[[str, str], list[tuple[KakuroGrid, int]]]

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


def _entries(fmt: str, reader: Reader) -> Callable[[str, str], list[Entry[KakuroGrid]]]:
    """A Kakuro reader (grids with their lines) as the format ``fmt``'s."""
    return lambda text, source: [Entry(grid, line, fmt) for grid, line in reader(text, source)]


def _blocks(grids: Sequence[KakuroGrid]) -> str:
    """Blocks numbered from 1 (their ``id:``), a blank line apart."""
    return "\n\n".join(_block.dump_block(grid, i) for i, grid in enumerate(grids, 1))


REGISTRY: FormatRegistry[KakuroGrid] = FormatRegistry(
    INFO,
    (
        Format("text", _entries("text", _text.read_text), _text.dump_text),
        Format("marks", _entries("marks", _text.read_text),
               lambda grid: _text.dump_text(grid, marks=True)),
        Format("csv", _entries("csv", _text.read_csv), _text.dump_csv),
        Format("block", _entries("block", _block.read_block),
               lambda grid: _block.dump_block(grid, 1), _blocks),
        Format("json", _entries("json", _json.read_json), _json.dump_json,
               lambda grids: _json.document(grids) if grids else ""),
        Format("solution", _entries("solution", _text.read_solution), _text.dump_solution),
    ),
    sniff=sniff,
    fallback=lambda text, source: "csv" if "," in text else "text",
)
"""Every Kakuro format (see :mod:`grille.formats`)."""

FORMATS = REGISTRY.names
"""Every format name :func:`read` and :func:`write` take."""

read = REGISTRY.read
write = REGISTRY.write


def parse_text(text: str) -> KakuroGrid:
    """The one grid of a text in the ``text`` format."""
    entries = read(text, fmt="text")
    if len(entries) != 1:
        raise ParseError(f"expected one puzzle, found {len(entries)}", line=entries[1].line)
    return entries[0].puzzle


def format_grid(grid: KakuroGrid, fmt: str, *, header: bool = True, number: int = 1) -> str:
    """``grid`` written in ``fmt``, without a trailing newline; ``header=False`` leaves out
    the ``text`` and ``marks`` formats' metadata lines, ``number`` is a block's ``id``."""
    if fmt in ("text", "marks") and not header:
        REGISTRY.format(fmt)
        return _text.dump_text(grid, marks=fmt == "marks", header=False)
    if fmt == "block":
        return _block.dump_block(grid, number)
    return REGISTRY.dump(grid, fmt)
