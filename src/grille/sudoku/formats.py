"""Sudoku text formats: every format grille reads and writes, and a sniffer that tells them apart.

Digits are written 1-9 then A, B .. (A=10, G=16, P=25); on input lowercase letters, the 0-F
alphabet of 16x16 grids and the A-Y alphabet of 25x25 grids are read too (see
:mod:`grille.sudoku.symbols`). Empty cells are ``.``, ``0`` (up to 9x9), ``*``, ``_``, ``-`` or
``x``. The formats, by their name in :data:`FORMATS`:

``line``
    One puzzle per line: n*n characters in row-major order, optionally followed by
    ``# comment`` (kept as the ``comment`` metadata); a space is an empty cell only in a line of
    exactly n*n characters. Blank lines and lines starting with ``#`` are skipped. HoDoKu
    library lines (``:0000:x:<grid>:<deleted candidates>::``, ``+d`` a placed digit) are read
    too.
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
    from a cell (rows and columns 1-based).
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
    of 1 to 26 empty cells as ``a`` to ``z``, clues as decimal numbers, ``_`` between two clues.

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

e.g. ``{"kind": "sudoku", "size": 9, "box": [3, 3], "cells": "53..7....6..195…"}``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any
from xml.parsers import expat
from xml.sax.saxutils import quoteattr

from grille.errors import ParseError, SizeError
from grille.kind import Entry
from grille.sudoku.geometry import Shape, cell_name, default_shape, supported_sizes
from grille.sudoku.grid import Grid, digits_of_mask, mask_of_digits
from grille.sudoku.symbols import INVALID, SYMBOLS, cell_codes, digit_char

__all__ = [
    "FORMATS",
    "LINE_FORMATS",
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

FORMATS = ("line", "grid", "sdk", "ss", "marks", "opensudoku", "json", "solo")
"""Every format name :func:`read` and :func:`write` take."""

LINE_FORMATS = ("line", "solo")
"""The formats that hold one puzzle per line."""

_SIZES = supported_sizes()
_SIZE_OF_CELLS = {n * n: n for n in _SIZES}
_SIZE_LIST = ", ".join(map(str, _SIZES))

_CELL_RE = re.compile(r"[^\s|]")
_GROUP_RE = re.compile(r"[^\s|]+")
_SEPARATOR_CHARS = frozenset("-=+|*.:'` \t\r")
_ANNOTATIONS = "*#@-"
_DIGITS = {char: d for d, char in enumerate(SYMBOLS, 1)} | {
    char.lower(): d for d, char in enumerate(SYMBOLS, 1)
}

_SDK_KEYS = {
    "A": "author",
    "B": "date",
    "C": "comment",
    "D": "description",
    "L": "level",
    "S": "source",
    "U": "url",
}
_SDK_CODES = {key: code for code, key in _SDK_KEYS.items()}
_APPENDIX_RE = re.compile(r"[IE]\d+(?:\s+[IE]\d+)*")
_APPENDIX_ENTRY_RE = re.compile(r"[IE]\d+")
_SOLO_RE = re.compile(r"(\d+)(?:x(\d+))?((?:[a-z][a-z0-9]*)?)([:#])(\S*)")
_SOLO_VARIANTS = (("j", "jigsaw"), ("x", "X (diagonal)"), ("k", "killer"))
_SOLO_SNIFF_RE = re.compile(
    r"(\d+)(?:x(\d+))?((?:[jxka]|md?\d|r\d|d[tbiaeu])*)[:#][a-z0-9_,]*"
)
_OPENSUDOKU_HEADER = {
    "name": "title",
    "author": "author",
    "description": "description",
    "comment": "comment",
    "created": "date",
    "source": "source",
    "level": "level",
    "sourceURL": "url",
}
_JSON_LIST_RE = re.compile(r"\[\s*(?:[{\]]|$)")
_DECODER = json.JSONDecoder()
_SNIFF_CHARS = 65536
_SNIFF_ROWS = 27
_BINARY = frozenset("01. ")


@dataclass(frozen=True, slots=True)
class _Text:
    """The lines of a text being read, where it comes from, and the number of its first line."""

    lines: list[str]
    source: str
    base: int = 1

    def error(self, reason: str, index: int, column: int = 1, *, size: bool = False) -> ParseError:
        """A ``ParseError`` (``SizeError`` if ``size``) at line ``index`` (0-based)."""
        cls = SizeError if size else ParseError
        return cls(reason, line=self.base + index, column=column, source=self.source)

    def skip(self, index: int, *, comments: bool = False) -> int:
        """The index of the first line from ``index`` on that is not blank (nor a comment)."""
        while index < len(self.lines):
            stripped = self.lines[index].strip()
            if stripped and not (comments and stripped.startswith("#")):
                break
            index += 1
        return index


def _not_a_digit(char: str, size: int) -> str:
    return f"{char!r} is not a digit of a {size}x{size} grid"


def _normal_givens(cells: Sequence[int], flags: Sequence[bool]) -> tuple[bool, ...] | None:
    """Given flags for filled cells only, or ``None`` when every filled cell is a clue."""
    givens = tuple(bool(flag) and digit != 0 for digit, flag in zip(cells, flags, strict=True))
    return None if all(g or not d for d, g in zip(cells, givens, strict=True)) else givens


def _basic_candidates(shape: Shape, cells: Sequence[int]) -> tuple[int, ...]:
    """Candidate masks by row, column and box elimination (0 for filled cells)."""
    n = shape.size
    used = [0] * (3 * n)
    for cell, digit in enumerate(cells):
        if digit:
            bit = 1 << (digit - 1)
            used[cell // n] |= bit
            used[n + cell % n] |= bit
            used[2 * n + shape.box_of(cell)] |= bit
    full = (1 << n) - 1
    return tuple(
        0
        if digit
        else full & ~(used[cell // n] | used[n + cell % n] | used[2 * n + shape.box_of(cell)])
        for cell, digit in enumerate(cells)
    )


def _mask_text(mask: int) -> str:
    return "".join(SYMBOLS[d - 1] for d in digits_of_mask(mask))


def _metadata_value(grid: Grid, key: str) -> str | None:
    return next((value for k, value in grid.metadata if k == key), None)


def _one_line(value: str) -> str:
    return " ".join(value.split())


# -- line ---------------------------------------------------------------------------------


def parse_line(
    text: str, shape: Shape | None = None, *, line: int = 1, source: str = "<input>"
) -> Grid:
    """A grid from one line of n*n characters, with an optional trailing ``# comment``."""
    code, _, comment = text.rstrip("\r\n").partition("#")
    if code.lstrip().startswith(":"):
        return _parse_library(code, shape, line, source)
    offset, space = 0, _line_size(len(code), shape) is not None
    if not space:
        offset = len(code) - len(code.lstrip())
        code = code.strip()
    size = _line_size(len(code), shape)
    if size is None:
        raise _length_error(len(code), shape, line, offset, source)
    codes = cell_codes(code, size, space=space)
    bad = codes.find(INVALID)
    if bad >= 0:
        raise ParseError(
            _not_a_digit(code[bad], size), line=line, column=offset + bad + 1, source=source
        )
    comment = comment.strip()
    metadata = (("comment", comment),) if comment else ()
    return Grid(shape or default_shape(size), tuple(codes), metadata=metadata)


def _line_size(length: int, shape: Shape | None) -> int | None:
    if shape is not None:
        return shape.size if length == shape.cell_count else None
    return _SIZE_OF_CELLS.get(length)


def _length_error(
    length: int, shape: Shape | None, line: int, offset: int, source: str
) -> ParseError:
    if shape is not None:
        expected = shape.cell_count
        column = offset + min(length, expected) + 1
        reason = f"expected {expected} cells for a {shape.size}x{shape.size} grid, found {length}"
        return ParseError(reason, line=line, column=column, source=source)
    expected = min(_SIZE_OF_CELLS, key=lambda cells: (abs(cells - length), cells))
    reason = (
        f"expected {expected} cells, found {length}: a one-line puzzle has n*n cells, "
        f"n one of {_SIZE_LIST}"
    )
    return SizeError(reason, line=line, column=offset + min(length, expected) + 1, source=source)


def _parse_library(code: str, shape: Shape | None, line: int, source: str) -> Grid:
    """A grid from a HoDoKu library line ``:type:candidates:grid:deleted candidates:…``."""
    t = _Text([code], source, line)
    fields = code.split(":")
    if len(fields) < 6:
        raise t.error("a HoDoKu library line reads :type:candidates:grid:deleted:…", 0)
    start = len(":".join(fields[:3])) + 2
    cells: list[tuple[int, int, str]] = []
    placed: set[int] = set()
    for offset, char in enumerate(fields[3]):
        if char == "+":
            placed.add(len(cells))
        elif not char.isspace():
            cells.append((0, start + offset, char))
    size = _line_size(len(cells), shape)
    if size is None:
        raise _length_error(len(cells), shape, line, start - 1, source)
    digits = tuple(_decode(t, cells, size))
    grid_shape = shape or default_shape(size)
    flags = [cell not in placed for cell in range(len(digits))]
    removed = _library_removed(t, fields[4], start + len(fields[3]), size)
    marks = None
    if any(removed):
        basic = _basic_candidates(grid_shape, digits)
        marks = tuple(basic[c] & ~removed[c] for c in range(len(digits)))
    return Grid(grid_shape, digits, _normal_givens(digits, flags), marks)


def _library_removed(t: _Text, text: str, start: int, size: int) -> list[int]:
    """Removed candidate masks from HoDoKu's ``<digit><row><column>`` list at offset ``start``."""
    removed = [0] * (size * size)
    for match in re.finditer(r"\S+", text):
        token = match.group()
        if size != 9 or len(token) != 3 or not token.isdigit() or "0" in token:
            reason = f"{token!r} is not a deleted candidate <digit><row><column>"
            raise t.error(reason, 0, start + match.start() + 1)
        digit, row, col = (int(char) for char in token)
        removed[(row - 1) * 9 + col - 1] |= 1 << (digit - 1)
    return removed


def _read_lines(t: _Text, text: str) -> list[Entry[Grid]]:
    entries: list[Entry[Grid]] = []
    for index, raw in enumerate(t.lines):
        stripped = raw.strip()
        if not stripped or stripped[0] == "#":
            continue
        line = t.base + index
        entries.append(Entry(parse_line(raw, line=line, source=t.source), line, "line"))
    return entries


def _format_line(grid: Grid) -> str:
    comment = _metadata_value(grid, "comment")
    return grid.line() + (f" # {_one_line(comment)}" if comment else "")


# -- rows of cells: grid, sdk, ss, marks ------------------------------------------------------

_Row = tuple[int, list[tuple[int, str]]]
"""A row as read: its line index, and the column and text of each of its cells."""


def _is_separator(line: str) -> bool:
    """Whether ``line`` is a border or a line between box rows, like ``------+------``."""
    return ("--" in line or "==" in line) and _SEPARATOR_CHARS.issuperset(line)


def _read_rows(t: _Text, index: int, pattern: re.Pattern[str]) -> tuple[list[_Row], int]:
    """The n rows of one grid from line ``index`` on, and the index of the line after them."""
    rows: list[_Row] = []
    size = 0
    while not rows or len(rows) < size:
        if index >= len(t.lines) or not t.lines[index].strip():
            if rows:
                raise t.error(f"expected {size} rows, found {len(rows)}", index)
            raise t.error("expected a row of cells", index)
        line = t.lines[index]
        if not _is_separator(line):
            cells = [(match.start() + 1, match.group()) for match in pattern.finditer(line)]
            if not size:
                size = len(cells)
                if size not in _SIZES:
                    reason = f"a row of {size} cells: a grid row has n cells, n one of {_SIZE_LIST}"
                    raise t.error(reason, index, cells[-1][0] if cells else 1, size=True)
            elif len(cells) != size:
                column = cells[size][0] if len(cells) > size else len(line.rstrip()) + 1
                reason = f"row {len(rows) + 1} has {len(cells)} cells, expected {size}"
                raise t.error(reason, index, column)
            if pattern is _CELL_RE and size not in (16, 25):  # those two may use other alphabets
                _decode(t, [(index, column, char) for column, char in cells], size)
            rows.append((index, cells))
        index += 1
    while index < len(t.lines) and _is_separator(t.lines[index]):
        index += 1
    return rows, index


def _decode(t: _Text, cells: list[tuple[int, int, str]], size: int) -> bytes:
    """The codes of ``cells`` (line index, column, character); raises at the first bad one."""
    codes = cell_codes("".join(char for _, _, char in cells), size)
    bad = codes.find(INVALID)
    if bad >= 0:
        index, column, char = cells[bad]
        raise t.error(_not_a_digit(char, size), index, column)
    return codes


def _char_grid(t: _Text, rows: list[_Row]) -> Grid:
    """The grid of single-character ``rows``."""
    cells = [(index, column, char) for index, row in rows for column, char in row]
    return Grid(default_shape(len(rows)), tuple(_decode(t, cells, len(rows))))


def _box_rows(grid: Grid, cell_text: Callable[[int], str], sep: str, join: str) -> list[str]:
    """Each row of ``grid``: cell texts joined by ``join``, boxes by ``sep``."""
    n, width = grid.size, grid.shape.box_cols
    return [
        sep.join(
            join.join(cell_text(row * n + col) for col in range(box, box + width))
            for box in range(0, n, width)
        )
        for row in range(n)
    ]


def _with_separators(grid: Grid, rows: list[str], separator: str) -> list[str]:
    """``rows`` with ``separator`` between box rows."""
    out: list[str] = []
    for row, text in enumerate(rows):
        if row and row % grid.shape.box_rows == 0:
            out.append(separator)
        out.append(text)
    return out


def parse_grid(text: str, *, line: int = 1, source: str = "<input>") -> Grid:
    """A grid from n rows of n characters (spaces, ``|`` and separator lines allowed)."""
    return _one(_read_grid(_Text(text.splitlines(), source, line), text), source)


def _read_grid(t: _Text, text: str) -> list[Entry[Grid]]:
    entries: list[Entry[Grid]] = []
    index = t.skip(0, comments=True)
    while index < len(t.lines):
        rows, end = _read_rows(t, index, _CELL_RE)
        entries.append(Entry(_char_grid(t, rows), t.base + index, "grid"))
        index = t.skip(end, comments=True)
    return entries


def _format_grid(grid: Grid) -> str:
    """n rows of n characters, as most programs write and read them."""
    n = grid.size
    return "\n".join(
        "".join(digit_char(d) for d in grid.cells[r * n : (r + 1) * n]) for r in range(n)
    )


# -- sdk ----------------------------------------------------------------------------------


def parse_sdk(text: str, *, line: int = 1, source: str = "<input>") -> Grid:
    """A grid from SadMan's ``.sdk`` format: ``#A author``-style lines, then the rows."""
    return _one(_read_sdk(_Text(text.splitlines(), source, line), text), source)


def _sdk_item(line: str) -> tuple[str, str] | None:
    """The metadata ``(key, value)`` of an ``#A author``-style line, if it is one."""
    stripped = line.strip()
    if len(stripped) < 2 or stripped[0] != "#" or not "A" <= stripped[1] <= "Z":
        return None
    return _SDK_KEYS.get(stripped[1], stripped[1]), stripped[2:].strip()


def _read_sdk(t: _Text, text: str) -> list[Entry[Grid]]:
    entries: list[Entry[Grid]] = []
    index = t.skip(0)
    while index < len(t.lines):
        start, metadata = index, []
        while index < len(t.lines) and t.lines[index].lstrip().startswith("#"):
            item = _sdk_item(t.lines[index])
            if item is not None:
                metadata.append(item)
            index = t.skip(index + 1)
        rows, index = _read_rows(t, index, _CELL_RE)
        grid = replace(_char_grid(t, rows), metadata=tuple(metadata))
        entries.append(Entry(grid, t.base + start, "sdk"))
        index = t.skip(index)
    return entries


def _format_sdk(grid: Grid) -> str:
    lines = []
    for key, value in grid.metadata:
        code = _SDK_CODES.get(key) or (key if len(key) == 1 and "A" <= key <= "Z" else None)
        lines.append(f"#{code}{_one_line(value)}" if code else f"#C{key}: {_one_line(value)}")
    return "\n".join([*lines, _format_grid(grid)])


# -- ss -----------------------------------------------------------------------------------


def parse_ss(text: str, *, line: int = 1, source: str = "<input>") -> Grid:
    """A grid from Simple Sudoku's boxed ``.ss`` layout, with HoDoKu's I/E appendix."""
    return _one(_read_ss(_Text(text.splitlines(), source, line), text), source)


def _read_ss(t: _Text, text: str) -> list[Entry[Grid]]:
    entries: list[Entry[Grid]] = []
    index = t.skip(0)
    while index < len(t.lines):
        start = index
        rows, index = _read_rows(t, index, _CELL_RE)
        grid = _char_grid(t, rows)
        following = t.skip(index)
        if following < len(t.lines) and _APPENDIX_RE.fullmatch(t.lines[following].strip()):
            grid, index = _read_appendix(t, following, grid)
        entries.append(Entry(grid, t.base + start, "ss"))
        index = t.skip(index)
    return entries


def _read_appendix(t: _Text, index: int, grid: Grid) -> tuple[Grid, int]:
    """``grid`` with HoDoKu's ``I``/``E`` lines from ``index`` on applied, and the next index."""
    cells = list(grid.cells)
    placed: set[int] = set()
    removed = [0] * len(cells)
    while index < len(t.lines) and _APPENDIX_RE.fullmatch(t.lines[index].strip()):
        for match in _APPENDIX_ENTRY_RE.finditer(t.lines[index]):
            cell, digits = _appendix_entry(t, index, match, grid)
            if match.group()[0] == "I":
                cells[cell] = digits[0]
                placed.add(cell)
            else:
                removed[cell] |= mask_of_digits(digits)
        index += 1
    flags = [cell not in placed for cell in range(len(cells))]
    marks = None
    if any(removed):
        basic = _basic_candidates(grid.shape, cells)
        marks = tuple(basic[cell] & ~removed[cell] for cell in range(len(cells)))
    return Grid(grid.shape, tuple(cells), _normal_givens(cells, flags), marks), index


def _appendix_entry(
    t: _Text, index: int, match: re.Match[str], grid: Grid
) -> tuple[int, tuple[int, ...]]:
    """The cell and digits of one ``I<row><column><digit>`` or ``E<row><column><digits>``."""
    token, column = match.group(), match.start() + 1
    if grid.size != 9:
        raise t.error("HoDoKu's I/E lines only address 9x9 grids", index, column)
    numbers = tuple(int(char) for char in token[1:])
    if len(numbers) < 3 or 0 in numbers or (token[0] == "I" and len(numbers) != 3):
        reason = f"{token!r} is not I<row><column><digit> or E<row><column><digits>"
        raise t.error(reason, index, column)
    cell = (numbers[0] - 1) * 9 + numbers[1] - 1
    if token[0] == "I" and grid.cells[cell]:
        raise t.error(f"{grid.cell_name(cell)} already holds a clue", index, column)
    return cell, numbers[2:]


def _format_ss(grid: Grid) -> str:
    """The boxed layout; for 9x9 the clues and an I/E appendix, else every digit."""
    appendix = _ss_appendix(grid) if grid.size == 9 else []
    shown = grid.clues_only() if appendix else grid
    rows = [f"|{row}|" for row in _box_rows(grid, lambda c: digit_char(shown.cells[c]), "|", "")]
    separator = "".join(char if char == "|" else "-" for char in rows[0])
    separator = separator[0] + separator[1:-1].replace("|", "+") + separator[-1]
    border = "*" + "-" * (len(rows[0]) - 2) + "*"
    lines = [border, *_with_separators(grid, rows, separator), border]
    if appendix:
        lines += ["", *appendix]
    return "\n".join(lines)


def _ss_appendix(grid: Grid) -> list[str]:
    """HoDoKu's ``I`` line (placed digits) and ``E`` line (removed candidates) for ``grid``."""
    placed = [
        f"I{cell // 9 + 1}{cell % 9 + 1}{digit}"
        for cell, digit in enumerate(grid.cells)
        if digit and not grid.is_given(cell)
    ]
    removed = []
    if grid.marks is not None:
        basic = _basic_candidates(grid.shape, grid.cells)
        for cell, mask in enumerate(grid.marks):
            gone = basic[cell] & ~mask
            if gone:
                removed.append(f"E{cell // 9 + 1}{cell % 9 + 1}{_mask_text(gone)}")
    return [" ".join(entries) for entries in (placed, removed) if entries]


# -- marks --------------------------------------------------------------------------------


def parse_marks(text: str, *, line: int = 1, source: str = "<input>") -> Grid:
    """A grid from a pencil-mark grid: n groups of candidates a row, a lone digit solved."""
    return _one(_read_marks(_Text(text.splitlines(), source, line), text), source)


def _read_marks(t: _Text, text: str) -> list[Entry[Grid]]:
    entries: list[Entry[Grid]] = []
    index = t.skip(0)
    while index < len(t.lines):
        rows, end = _read_rows(t, index, _GROUP_RE)
        entries.append(Entry(_marks_grid(t, rows), t.base + index, "marks"))
        index = t.skip(end)
    return entries


def _marks_grid(t: _Text, rows: list[_Row]) -> Grid:
    """The grid of a pencil-mark grid's ``rows``.

    As in HoDoKu, a lone digit is a solved cell (a clue) unless a peer still has it as a
    candidate: then it is an unsolved cell with one candidate left.
    """
    shape = default_shape(len(rows))
    masks = [
        _group_mask(t, index, column, group, shape.size)
        for index, groups in rows
        for column, group in groups
    ]
    peers = shape.peers
    cells = [
        mask.bit_length()
        if mask and not mask & (mask - 1) and not any(masks[p] & mask for p in peers[cell])
        else 0
        for cell, mask in enumerate(masks)
    ]
    marks = tuple(0 if digit else mask for digit, mask in zip(cells, masks, strict=True))
    return Grid(shape, tuple(cells), marks=marks)


def _group_mask(t: _Text, index: int, column: int, group: str, size: int) -> int:
    """The candidate mask of one group of a pencil-mark grid."""
    mask = 0
    for offset, char in enumerate(group):
        if char in _ANNOTATIONS or char == "." or (char == "0" and size <= 9):
            continue
        digit = _DIGITS.get(char, 0)
        if not 0 < digit <= size:
            raise t.error(_not_a_digit(char, size), index, column + offset)
        mask |= 1 << (digit - 1)
    return mask


def _format_marks(grid: Grid) -> str:
    """HoDoKu's layout, each column block as wide as its widest group plus two."""
    marks = grid.marks if grid.marks is not None else _basic_candidates(grid.shape, grid.cells)
    texts = [
        digit_char(digit) if digit else (_mask_text(mask) or ".")
        for digit, mask in zip(grid.cells, marks, strict=True)
    ]
    n, cols = grid.size, grid.shape.box_cols
    widths = [
        max(len(texts[cell]) for cell in range(n * n) if cell % n // cols == block) + 2
        for block in range(n // cols)
    ]

    def row_text(row: int) -> str:
        blocks = (
            "| " + "".join(texts[row * n + c].ljust(widths[c // cols]) for c in range(b, b + cols))
            for b in range(0, n, cols)
        )
        return "".join(blocks) + "|"

    rows = [row_text(row) for row in range(n)]
    separator = "|" + "+".join("-" * (1 + cols * width) for width in widths) + "|"
    border = "*" + "-" * (len(separator) - 2) + "*"
    return "\n".join([border, *_with_separators(grid, rows, separator), border])


# -- opensudoku ---------------------------------------------------------------------------


@dataclass(slots=True)
class _Element:
    """An XML element as read: name, attributes, 1-based position and text."""

    name: str
    attributes: dict[str, str]
    line: int
    column: int
    text: list[str] = field(default_factory=list)


def parse_opensudoku(text: str, *, line: int = 1, source: str = "<input>") -> Grid:
    """A grid from an OpenSudoku XML document holding one game."""
    return _one(_read_opensudoku(_Text(text.splitlines(), source, line), text), source)


def _read_opensudoku(t: _Text, text: str) -> list[Entry[Grid]]:
    declaration = re.search(r"<!(?:DOCTYPE|ENTITY)", text)
    if declaration:
        line, column = _position(text, declaration.start())
        reason = "DOCTYPE and ENTITY declarations are not allowed in OpenSudoku files"
        raise t.error(reason, line - 1, column)
    elements = _xml_elements(t, text)
    if elements[0].name != "opensudoku":
        reason = f"this is not an OpenSudoku file: its root element is <{elements[0].name}>"
        raise ParseError(reason, line=elements[0].line, column=elements[0].column, source=t.source)
    header = tuple(
        (_OPENSUDOKU_HEADER[element.name], "".join(element.text).strip())
        for element in elements
        if element.name in _OPENSUDOKU_HEADER and "".join(element.text).strip()
    )
    entries: list[Entry[Grid]] = []
    for element in elements:
        if element.name == "game":
            note = element.attributes.get("note", "").strip()
            metadata = header + ((("comment", note),) if note else ())
            grid = replace(_opensudoku_grid(t, element), metadata=metadata)
            entries.append(Entry(grid, element.line, "opensudoku"))
    return entries


def _position(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of ``offset`` in ``text``."""
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


def _xml_elements(t: _Text, text: str) -> list[_Element]:
    """Every element of the XML document ``text``, in document order."""
    parser = expat.ParserCreate()
    elements: list[_Element] = []
    open_elements: list[_Element] = []

    def start(name: str, attributes: dict[str, str]) -> None:
        line = t.base + parser.CurrentLineNumber - 1
        element = _Element(name, attributes, line, parser.CurrentColumnNumber + 1)
        elements.append(element)
        open_elements.append(element)

    def end(name: str) -> None:
        open_elements.pop()

    def data(chunk: str) -> None:
        if open_elements:
            open_elements[-1].text.append(chunk)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    try:
        parser.Parse(text, True)
    except expat.ExpatError as error:
        reason = f"malformed XML: {expat.ErrorString(error.code)}"
        raise t.error(reason, error.lineno - 1, error.offset + 1) from None
    return elements


def _opensudoku_grid(t: _Text, element: _Element) -> Grid:
    """The grid in the ``data`` attribute of a ``<game>``."""

    def fail(reason: str) -> ParseError:
        return ParseError(reason, line=element.line, column=element.column, source=t.source)

    data = element.attributes.get("data")
    if data is None:
        raise fail("a <game> without a data attribute")
    data = data.strip()
    if data.startswith("version:"):
        return _opensudoku_cells(data, fail)
    if len(data) != 81:
        raise fail(f"expected 81 digits in data, found {len(data)}")
    codes = cell_codes(data, 9)
    bad = codes.find(INVALID)
    if bad >= 0:
        raise fail(f"data: {_not_a_digit(data[bad], 9)}")
    return Grid(default_shape(9), tuple(codes))


def _opensudoku_cells(data: str, fail: Callable[[str], ParseError]) -> Grid:
    """A grid from OpenSudoku's ``version: N`` data, ``value|notes|editable|`` per cell."""
    header, _, body = data.partition("\n")
    version = header.partition(":")[2].strip()
    if version not in ("1", "2", "3"):
        raise fail(f"unsupported OpenSudoku data version {version!r}")
    fields = [item for item in body.strip().split("|") if item]
    if len(fields) != 3 * 81:
        raise fail(f"expected 81 cells of value|notes|editable in data, found {len(fields) / 3:g}")
    cells, flags, marks = [], [], []
    for cell in range(81):
        value, notes, editable = fields[3 * cell : 3 * cell + 3]
        if value not in "0123456789" or len(value) != 1 or editable not in ("0", "1"):
            raise fail(f"data: cell {cell + 1} reads {value}|{notes}|{editable}|")
        cells.append(int(value))
        flags.append(editable == "0")
        marks.append(_opensudoku_notes(notes, version, fail))
    return Grid(
        default_shape(9), tuple(cells), _normal_givens(cells, flags),
        tuple(marks) if any(marks) else None,
    )


def _opensudoku_notes(notes: str, version: str, fail: Callable[[str], ParseError]) -> int:
    """The candidate mask of OpenSudoku notes: ``1,5,`` (version 1) or a bitmask."""
    if notes == "-":
        return 0
    if version == "1":
        digits = [item for item in notes.split(",") if item]
        if not all(item in "123456789" and len(item) == 1 for item in digits):
            raise fail(f"data: bad notes {notes!r}")
        return mask_of_digits([int(item) for item in digits])
    if not notes.isdigit() or int(notes) > 0x1FF:
        raise fail(f"data: bad notes {notes!r}")
    return int(notes)


def _format_opensudoku(grids: Sequence[Grid]) -> str:
    """An OpenSudoku version 2 document with one folder holding ``grids``."""
    return "\n".join(
        [
            '<?xml version="1.0" encoding="UTF-8"?>',
            '<opensudoku version="2">',
            '  <folder name="grille" created="0">',
            *(_opensudoku_game(grid) for grid in grids),
            "  </folder>",
            "</opensudoku>",
        ]
    )


def _opensudoku_game(grid: Grid) -> str:
    """A ``<game>`` element: plain digits for a fresh puzzle, else version 1 cell data."""
    if grid.size != 9:
        raise ValueError(f"OpenSudoku holds 9x9 grids only, not {grid.size}x{grid.size}")
    state = "1"  # OpenSudoku: 0 playing, 1 not started, 2 completed
    data = "".join(str(digit) for digit in grid.cells)
    if grid.givens is not None or grid.marks is not None:
        state = "0"
        marks = grid.marks or (0,) * 81
        data = "version: 1\n" + "".join(
            f"{digit}|{''.join(f'{d},' for d in digits_of_mask(mask)) or '-'}|"
            f"{0 if grid.is_given(cell) else 1}|"
            for cell, (digit, mask) in enumerate(zip(grid.cells, marks, strict=True))
        )
    note = _metadata_value(grid, "comment") or ""
    return (
        f'    <game created="0" state="{state}" time="0" last_played="0" '
        f"data={quoteattr(data)} note={quoteattr(note)} />"
    )


# -- json ---------------------------------------------------------------------------------


def parse_json(text: str, *, line: int = 1, source: str = "<input>") -> Grid:
    """A grid from a JSON document holding one puzzle (see the module's schema)."""
    return _one(_read_json(_Text(text.splitlines(), source, line), text), source)


def _read_json(t: _Text, text: str) -> list[Entry[Grid]]:
    try:
        items = _json_items(text)
    except json.JSONDecodeError as error:
        raise t.error(f"invalid JSON: {error.msg}", error.lineno - 1, error.colno) from None
    entries: list[Entry[Grid]] = []
    for offset, value in items:
        line, column = _position(text, offset)

        def fail(reason: str, line: int = line, column: int = column) -> ParseError:
            return t.error(reason, line - 1, column)

        entries.append(Entry(_json_grid(value, fail), t.base + line - 1, "json"))
    return entries


def _json_items(text: str) -> list[tuple[int, object]]:
    """Each puzzle object of a JSON document with its offset: one, a list, or ``puzzles``."""
    start = _json_space(text, 0)
    if text.startswith("[", start):
        items, end = _json_array(text, start)
    else:
        value, end = _DECODER.raw_decode(text, start)
        items = [(start, value)]
        if isinstance(value, dict) and "puzzles" in value and "cells" not in value:
            items = _json_puzzles(text, start)
    end = _json_space(text, end)
    if end < len(text):
        raise json.JSONDecodeError("Extra data", text, end)
    return items


def _json_array(text: str, start: int) -> tuple[list[tuple[int, object]], int]:
    """The items of the JSON array at ``start`` with their offsets, and the offset after it."""
    items: list[tuple[int, object]] = []
    index = _json_space(text, start + 1)
    if text.startswith("]", index):
        return items, index + 1
    while True:
        value, end = _DECODER.raw_decode(text, index)
        items.append((index, value))
        index = _json_space(text, end)
        if text.startswith("]", index):
            return items, index + 1
        if not text.startswith(",", index):
            raise json.JSONDecodeError("Expecting ',' delimiter", text, index)
        index = _json_space(text, index + 1)


def _json_puzzles(text: str, start: int) -> list[tuple[int, object]]:
    """The items of the ``puzzles`` array of the (well-formed) JSON object at ``start``."""
    index = _json_space(text, start + 1)
    while True:
        key, index = _DECODER.raw_decode(text, index)
        index = _json_space(text, _json_space(text, index) + 1)  # past the colon
        if key == "puzzles":
            if not text.startswith("[", index):
                raise json.JSONDecodeError('"puzzles" must be a list', text, index)
            return _json_array(text, index)[0]
        _, index = _DECODER.raw_decode(text, index)
        index = _json_space(text, _json_space(text, index) + 1)  # past the comma


def _json_space(text: str, index: int) -> int:
    """The offset of the first non-whitespace character from ``index`` on."""
    while index < len(text) and text[index] in " \t\n\r":
        index += 1
    return index


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _json_grid(value: object, fail: Callable[[str], ParseError]) -> Grid:
    """The grid a JSON puzzle object describes."""
    if not isinstance(value, dict):
        raise fail(f"a puzzle is a JSON object, not {type(value).__name__}")
    kind = value.get("kind", "sudoku")
    if kind != "sudoku":
        raise fail(f"this is not a Sudoku: its kind is {kind!r}")
    if "cells" not in value:
        raise fail('a puzzle needs "cells"')
    shape = _json_shape(value, fail)
    cells = _json_digits(value["cells"], shape, "cells", fail)
    givens = None
    if value.get("givens") is not None:
        clues = _json_digits(value["givens"], shape, "givens", fail)
        for cell, (digit, clue) in enumerate(zip(cells, clues, strict=True)):
            if clue and clue != digit:
                raise fail(f'"givens" and "cells" differ at {cell_name(cell, shape.size)}')
        givens = _normal_givens(cells, [bool(clue) for clue in clues])
    marks = None
    if value.get("marks") is not None:
        marks = _json_marks(value["marks"], shape, fail)
    metadata = _json_metadata(value.get("metadata"), fail)
    return Grid(shape, cells, givens, marks, metadata)


def _json_shape(value: dict[str, Any], fail: Callable[[str], ParseError]) -> Shape:
    """The shape from ``box``, else ``size``, else the number of cells."""
    box, size = value.get("box"), value.get("size")
    if box is not None:
        if not (isinstance(box, list) and len(box) == 2 and all(map(_is_int, box))):
            raise fail('"box" must be [rows, columns]')
        shape = _shape(box[0], box[1], fail)
        if size is not None and size != shape.size:
            raise fail(f'"size" {size!r} does not match "box" {box}')
        return shape
    if size is None:
        size = _json_size(value["cells"], fail)
    if not _is_int(size):
        raise fail(f'"size" must be an integer, not {size!r}')
    try:
        return default_shape(size)
    except ValueError:
        reason = f"{size}x{size} grids are not supported (sizes {_SIZE_LIST})"
        raise _size_error(fail(reason)) from None


def _json_size(cells: object, fail: Callable[[str], ParseError]) -> int:
    """The grid size the ``cells`` value implies."""
    if isinstance(cells, list) and cells and all(isinstance(row, list) for row in cells):
        return len(cells)
    if not isinstance(cells, str | list):
        raise fail('"cells" must be a string or a list')
    size = _SIZE_OF_CELLS.get(len(cells))
    if size is None:
        reason = f'"cells" holds {len(cells)} cells, not n*n for n one of {_SIZE_LIST}'
        raise _size_error(fail(reason))
    return size


def _shape(rows: int, cols: int, fail: Callable[[str], ParseError]) -> Shape:
    """``Shape(rows, cols)``, or a ``SizeError`` where ``fail`` would report."""
    try:
        return Shape(rows, cols)
    except ValueError:
        raise _size_error(fail(f"boxes of {rows}x{cols} make no supported grid")) from None


def _size_error(error: ParseError) -> SizeError:
    return SizeError(error.reason, line=error.line, column=error.column, source=error.source)


def _json_digits(
    raw: object, shape: Shape, name: str, fail: Callable[[str], ParseError]
) -> tuple[int, ...]:
    """Cells from a line-format string, or from n*n integers (flat or as rows)."""
    n = shape.size
    if isinstance(raw, str):
        if len(raw) != n * n:
            raise fail(f'"{name}" has {len(raw)} characters, expected {n * n}')
        codes = cell_codes(raw, n)
        bad = codes.find(INVALID)
        if bad >= 0:
            raise fail(f'"{name}": {_not_a_digit(raw[bad], n)}')
        return tuple(codes)
    if isinstance(raw, list):
        flat = [d for row in raw for d in row] if all(isinstance(r, list) for r in raw) else raw
        if len(flat) == n * n and all(_is_int(d) and 0 <= d <= n for d in flat):
            return tuple(flat)
    raise fail(f'"{name}" must be a string of {n * n} cells or {n * n} integers 0..{n}')


def _json_marks(raw: object, shape: Shape, fail: Callable[[str], ParseError]) -> tuple[int, ...]:
    """Candidate masks from n*n strings of digits or lists of integers."""
    n = shape.size
    if not isinstance(raw, list) or len(raw) != n * n:
        raise fail(f'"marks" must be a list of {n * n} candidate sets')
    masks = []
    for cell, item in enumerate(raw):
        if isinstance(item, str):
            digits = [_DIGITS.get(char, 0) for char in item]
        elif isinstance(item, list) and all(map(_is_int, item)):
            digits = item
        else:
            digits = [0]
        if not all(0 < digit <= n for digit in digits):
            raise fail(f'"marks" of {cell_name(cell, n)}: {item!r} is not a set of digits 1..{n}')
        masks.append(mask_of_digits(digits))
    return tuple(masks)


def _json_metadata(
    raw: object, fail: Callable[[str], ParseError]
) -> tuple[tuple[str, str], ...]:
    """Metadata pairs from an object or a list of ``[key, value]`` pairs."""
    if raw is None:
        return ()
    pairs: list[Any] = list(raw.items()) if isinstance(raw, dict) else []
    if isinstance(raw, list) and all(isinstance(p, list) and len(p) == 2 for p in raw):
        pairs = raw
    elif not isinstance(raw, dict):
        raise fail('"metadata" must be an object or a list of [key, value] pairs')
    if not all(isinstance(k, str) and isinstance(v, str | int | float) for k, v in pairs):
        raise fail('"metadata" keys must be strings, and values strings or numbers')
    return tuple((k, v if isinstance(v, str) else json.dumps(v)) for k, v in pairs)


def _format_json(grid: Grid) -> str:
    shape = grid.shape
    document: dict[str, object] = {
        "kind": "sudoku",
        "size": grid.size,
        "box": [shape.box_rows, shape.box_cols],
        "cells": grid.line(),
    }
    if grid.givens is not None:
        document["givens"] = grid.clues_only().line()
    if grid.marks is not None:
        document["marks"] = [_mask_text(mask) for mask in grid.marks]
    if grid.metadata:
        keys = [key for key, _ in grid.metadata]
        unique = len(set(keys)) == len(keys)
        document["metadata"] = dict(grid.metadata) if unique else [list(p) for p in grid.metadata]
    return json.dumps(document, ensure_ascii=False)


# -- solo ---------------------------------------------------------------------------------


def parse_solo(text: str, *, line: int = 1, source: str = "<input>") -> Grid:
    """A grid from a Solo game ID like ``3x3:a1b2_3…``."""
    t = _Text([text], source, line)
    stripped = text.strip()
    offset = len(text) - len(text.lstrip())
    match = _SOLO_RE.fullmatch(stripped)
    if match is None:
        raise t.error("a Solo game ID reads <rows>x<columns>:<description>", 0, offset + 1)
    if match[4] == "#":
        raise t.error("this is a Solo random seed, not a puzzle", 0, offset + match.start(4) + 1)
    variant = next((name for flag, name in _SOLO_VARIANTS if flag in match[3]), None)
    if variant or "," in match[5]:
        reason = f"this is not a plain Sudoku: Solo's {variant or 'jigsaw or killer'} variant"
        raise t.error(reason, 0, offset + 1)
    rows = int(match[1])
    shape = _shape(rows, int(match[2] or rows), lambda reason: t.error(reason, 0, offset + 1))
    cells = _solo_cells(t, match[5], shape.size, offset + match.start(5))
    return Grid(shape, cells)


def _solo_cells(t: _Text, desc: str, size: int, start: int) -> tuple[int, ...]:
    """The cells of a Solo description; ``start`` is its offset in the line."""
    cells: list[int] = []
    for match in re.finditer(r"[a-z]|_|[1-9][0-9]*|.", desc):
        token, column = match.group(), start + match.start() + 1
        if "a" <= token <= "z":
            cells.extend([0] * (ord(token) - ord("a") + 1))
        elif token.isdigit():
            if int(token) > size:
                raise t.error(f"{token} is not a digit of a {size}x{size} grid", 0, column)
            cells.append(int(token))
        elif token != "_":
            raise t.error(f"{token!r} has no meaning in a Solo description", 0, column)
        if len(cells) > size * size:
            raise t.error(f"too many cells for a {size}x{size} grid", 0, column)
    if len(cells) < size * size:
        reason = f"expected {size * size} cells, found {len(cells)}"
        raise t.error(reason, 0, start + len(desc) + 1)
    return tuple(cells)


def _read_solo(t: _Text, text: str) -> list[Entry[Grid]]:
    entries: list[Entry[Grid]] = []
    for index, raw in enumerate(t.lines):
        stripped = raw.strip()
        if stripped and not stripped.startswith("#"):
            line = t.base + index
            entries.append(Entry(parse_solo(raw, line=line, source=t.source), line, "solo"))
    return entries


def _format_solo(grid: Grid) -> str:
    """Solo's game ID, encoded as Solo does: ``_`` only between adjacent clues."""
    out = [f"{grid.shape.box_rows}x{grid.shape.box_cols}:"]
    run = 0
    for digit in grid.cells:
        if digit == 0:
            run += 1
            continue
        if run:
            out.append("z" * (run // 26) + (chr(ord("a") + run % 26 - 1) if run % 26 else ""))
        elif len(out) > 1:
            out.append("_")
        out.append(str(digit))
        run = 0
    if run:
        out.append("z" * (run // 26) + (chr(ord("a") + run % 26 - 1) if run % 26 else ""))
    return "".join(out)


# -- sniffing, reading and writing ------------------------------------------------------------


def sniff(text: str) -> str | None:
    """The name of the format ``text`` looks like, or ``None`` if none fits."""
    head = text.removeprefix("\ufeff")[:_SNIFF_CHARS]
    lines = head.splitlines()
    index = _content_line(lines, 0)
    if index is None:
        return None
    first = lines[index].strip()
    if first.startswith("<"):
        return "opensudoku" if "<opensudoku" in head else None
    rest = head.lstrip()
    if rest.startswith("{") or _JSON_LIST_RE.match(rest):
        return "json"
    if _looks_like_solo(first):
        return "solo"
    if first.startswith(":") and first.count(":") >= 5:
        return "line"
    metadata = False
    while first.startswith("#"):
        metadata = metadata or _sdk_item(first) is not None
        index = _content_line(lines, index + 1)
        if index is None:
            return None
        first = lines[index].strip()
    return _sniff_block(lines, index, metadata)


def _looks_like_solo(line: str) -> bool:
    """Whether ``line`` is a Solo game ID (Solo's parameters, a supported size)."""
    match = _SOLO_SNIFF_RE.fullmatch(line)
    if match is None:
        return False
    rows = int(match[1])
    cols = int(match[2]) if match[2] else 1 if "j" in match[3] else rows
    return rows * cols in _SIZES


def _content_line(lines: list[str], index: int) -> int | None:
    """The index of the first non-blank line from ``index`` on."""
    return next((i for i in range(index, len(lines)) if lines[i].strip()), None)


def _sniff_block(lines: list[str], index: int, metadata: bool) -> str | None:
    """The format of the block of rows starting at line ``index``."""
    boxed = _is_separator(lines[index])
    rows: list[list[str]] = []
    for line in lines[index:]:
        if not line.strip() or len(rows) >= _SNIFF_ROWS:
            break
        if not _is_separator(line):
            rows.append(_GROUP_RE.findall(line))
    if not rows:
        return None
    groups, cells = rows[0], sum(map(len, rows[0]))
    if not boxed and len(rows) != cells and _looks_like_line(lines[index]):
        return "line"
    multi = any(len(group) > 1 for row in rows for group in row)
    if len(groups) in _SIZES and len(rows) == len(groups) and multi and all(
        len(row) == len(groups) for row in rows
    ):
        return "marks" if _plausible_marks(rows, len(groups)) else None
    if cells in _SIZES and _plausible("".join("".join(row) for row in rows), cells):
        return "ss" if boxed else "sdk" if metadata else "grid"
    return None


def _looks_like_line(line: str) -> bool:
    """Whether ``line`` reads as one puzzle of the line format."""
    code = line.partition("#")[0].rstrip("\r\n")
    stripped = code.strip()
    if len(stripped) in _SIZE_OF_CELLS and not any(char.isspace() for char in stripped):
        return _plausible(stripped, _SIZE_OF_CELLS[len(stripped)])
    exact = len(code) in _SIZE_OF_CELLS and len(code) >= 36
    return exact and _plausible(code, _SIZE_OF_CELLS[len(code)], space=True)


def _plausible(chars: str, size: int, *, space: bool = False) -> bool:
    """Whether ``chars`` look like the cells of a ``size`` Sudoku, typos aside (not a Takuzu)."""
    if 10 * cell_codes(chars, size, space=space).count(INVALID) > len(chars):
        return False
    return not ("0" in chars and "1" in chars and _BINARY.issuperset(chars))


def _plausible_marks(rows: list[list[str]], size: int) -> bool:
    """Whether the groups of ``rows`` look like candidates of a ``size`` Sudoku, typos aside."""
    chars = "".join("".join(row) for row in rows)
    valid = sum(
        char in _ANNOTATIONS or char == "." or 0 < _DIGITS.get(char, 0) <= size for char in chars
    )
    return 10 * (len(chars) - valid) <= len(chars)


_Reader = Callable[[_Text, str], list[Entry[Grid]]]

_READERS: dict[str, _Reader] = {
    "line": _read_lines,
    "grid": _read_grid,
    "sdk": _read_sdk,
    "ss": _read_ss,
    "marks": _read_marks,
    "opensudoku": _read_opensudoku,
    "json": _read_json,
    "solo": _read_solo,
}

_FORMATTERS: dict[str, Callable[[Grid], str]] = {
    "line": _format_line,
    "grid": _format_grid,
    "sdk": _format_sdk,
    "ss": _format_ss,
    "marks": _format_marks,
    "opensudoku": lambda grid: _format_opensudoku([grid]),
    "json": _format_json,
    "solo": _format_solo,
}


def _check_format(fmt: str) -> None:
    if fmt not in FORMATS:
        raise ValueError(f"unknown Sudoku format {fmt!r}; known: {', '.join(FORMATS)}")


def read(text: str, *, fmt: str | None = None, source: str = "<input>") -> list[Entry[Grid]]:
    """Every puzzle in ``text``, each with the line it starts on; the format is sniffed if
    ``fmt`` is ``None``. Raises ``ParseError`` at the first bad character."""
    text = text.removeprefix("\ufeff")
    if fmt is None:
        fmt = sniff(text) or _fallback_format(text, source)
    _check_format(fmt)
    entries = _READERS[fmt](_Text(text.splitlines(), source), text)
    if not entries:
        raise ParseError("no puzzle found", source=source)
    return entries


def _fallback_format(text: str, source: str) -> str:
    """The format whose parser gives the most useful error for an unrecognised ``text``."""
    first = next((line.strip() for line in text.splitlines() if line.strip()), None)
    if first is None:
        raise ParseError("no puzzle found", source=source)
    return "grid" if any(char.isspace() for char in first) else "line"


def _one(entries: list[Entry[Grid]], source: str) -> Grid:
    if not entries:
        raise ParseError("no puzzle found", source=source)
    if len(entries) > 1:
        reason = f"expected one puzzle, found {len(entries)}"
        raise ParseError(reason, line=entries[1].line, source=source)
    return entries[0].puzzle


def format_grid(grid: Grid, fmt: str) -> str:
    """``grid`` written in ``fmt``, without a trailing newline."""
    _check_format(fmt)
    return _FORMATTERS[fmt](grid)


def write(grids: Sequence[Grid], fmt: str) -> str:
    """A collection of grids in ``fmt``, ending with a newline (one document for XML/JSON)."""
    _check_format(fmt)
    if fmt == "opensudoku":
        return _format_opensudoku(grids) + "\n"
    if fmt == "json":
        return "[\n" + ",\n".join(map(_format_json, grids)) + "\n]\n" if grids else "[]\n"
    separator = "\n" if fmt in LINE_FORMATS else "\n\n"
    body = separator.join(_FORMATTERS[fmt](grid) for grid in grids)
    return body + "\n" if body else ""
