"""The ``json`` format: one object per puzzle, in the schema the package describes."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from grille.errors import GrilleError, ParseError
from grille.jsonitems import raw_decode
from grille.kind import Entry
from grille.sudoku.formats._cells import mask_text, normal_givens
from grille.sudoku.formats._text import (
    DIGITS,
    SIZE_LIST,
    SIZE_OF_CELLS,
    Fail,
    Text,
    decode,
    parse_one,
    position,
    shape_of,
    size_error,
)
from grille.sudoku.geometry import Shape, cell_name, default_shape
from grille.sudoku.grid import Grid, mask_of_digits
from grille.sudoku.variants.fpuzzles import jigsaw_layout, variant_keys, variant_of_keys


def parse_json(text: str, *, line: int = 1, source: str = "<input>") -> Grid:
    """A grid from a JSON document holding one puzzle (see the package's schema)."""
    return parse_one(read, text, line, source)


def read(t: Text, text: str) -> list[Entry[Grid]]:
    try:
        items = split_items(text)
    except json.JSONDecodeError as error:
        raise t.error(f"invalid JSON: {error.msg}", error.lineno - 1, error.colno) from None
    entries: list[Entry[Grid]] = []
    for offset, value in items:
        line, column = position(text, offset)

        def fail(reason: str, line: int = line, column: int = column) -> ParseError:
            return t.error(reason, line - 1, column)

        entries.append(Entry(_grid(value, fail), t.base + line - 1, "json"))
    return entries


def split_items(text: str) -> list[tuple[int, object]]:
    """Each puzzle object of a JSON document with its offset: one, a list, or ``puzzles``."""
    start = _space(text, 0)
    if text.startswith("[", start):
        items, end = _array(text, start)
    else:
        value, end = raw_decode(text, start)
        items = [(start, value)]
        if isinstance(value, dict) and "puzzles" in value and "cells" not in value:
            items = _puzzles(text, start)
    end = _space(text, end)
    if end < len(text):
        raise json.JSONDecodeError("Extra data", text, end)
    return items


def _array(text: str, start: int) -> tuple[list[tuple[int, object]], int]:
    """The items of the JSON array at ``start`` with their offsets, and the offset after it."""
    items: list[tuple[int, object]] = []
    index = _space(text, start + 1)
    if text.startswith("]", index):
        return items, index + 1
    while True:
        value, end = raw_decode(text, index)
        items.append((index, value))
        index = _space(text, end)
        if text.startswith("]", index):
            return items, index + 1
        if not text.startswith(",", index):
            raise json.JSONDecodeError("Expecting ',' delimiter", text, index)
        index = _space(text, index + 1)


def _puzzles(text: str, start: int) -> list[tuple[int, object]]:
    """The items of the ``puzzles`` array of the (well-formed) JSON object at ``start``."""
    index = _space(text, start + 1)
    while True:
        key, index = raw_decode(text, index)
        index = _space(text, _space(text, index) + 1)  # past the colon
        if key == "puzzles":
            if not text.startswith("[", index):
                raise json.JSONDecodeError('"puzzles" must be a list', text, index)
            return _array(text, index)[0]
        _, index = raw_decode(text, index)
        index = _space(text, _space(text, index) + 1)  # past the comma


def _space(text: str, index: int) -> int:
    """The offset of the first non-whitespace character from ``index`` on."""
    while index < len(text) and text[index] in " \t\n\r":
        index += 1
    return index


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _grid(value: object, fail: Fail) -> Grid:
    """The grid a JSON puzzle object describes."""
    if not isinstance(value, dict):
        raise fail(f"a puzzle is a JSON object, got {_shown(value)}")
    kind = value.get("kind", "sudoku")
    if kind != "sudoku":
        raise fail(f"this is not a Sudoku: its kind is {_shown(kind)}")
    if "cells" not in value and "grid" in value:
        raise fail(f'f-puzzles "grid" must be a list of rows of cell objects, got '
                   f'{_shown(value["grid"])} (grille\'s own JSON has "cells" instead)')
    if "cells" not in value:
        raise fail('a puzzle needs "cells" (grille\'s JSON) or "grid" (f-puzzles JSON)')
    shape = _shape(value, fail)
    cells = _digits(value["cells"], shape, "cells", fail)
    givens = None
    if value.get("givens") is not None:
        clues = _digits(value["givens"], shape, "givens", fail)
        for cell, (digit, clue) in enumerate(zip(cells, clues, strict=True)):
            if clue and clue != digit:
                raise fail(f'"givens" and "cells" differ at {cell_name(cell, shape.size)}')
        givens = normal_givens(cells, [bool(clue) for clue in clues])
    marks = None
    if value.get("marks") is not None:
        marks = _marks(value["marks"], shape, fail)
    metadata = _metadata(value.get("metadata"), fail)
    variant = None
    if value.get("variant") is not None:
        try:
            shape, variant = jigsaw_layout(shape, variant_of_keys(value["variant"], shape.size))
        except GrilleError as error:
            raise fail(f'"variant": {error}') from None
    try:
        return Grid(shape, cells, givens, marks, metadata, variant)
    except GrilleError as error:
        raise fail(f'"variant": {error}') from None


def _shape(value: dict[str, Any], fail: Fail) -> Shape:
    """The shape from ``box``, else ``size``, else the number of cells."""
    box, size = value.get("box"), value.get("size")
    if box is not None:
        if not (isinstance(box, list) and len(box) == 2 and all(map(_is_int, box))):
            raise fail('"box" must be [rows, columns]')
        shape = shape_of(box[0], box[1], fail)
        if size is not None and size != shape.size:
            raise fail(f'"size" {_shown(size)} does not match "box" {box}')
        return shape
    if size is None:
        size = _size(value["cells"], fail)
    if not _is_int(size):
        raise fail(f'"size" must be an integer, not {_shown(size)}')
    try:
        return default_shape(size)
    except ValueError:
        reason = f"{size}x{size} grids are not supported (sizes {SIZE_LIST})"
        raise size_error(fail(reason)) from None


def _size(cells: object, fail: Fail) -> int:
    """The grid size the ``cells`` value implies."""
    if isinstance(cells, list) and cells and all(isinstance(row, list) for row in cells):
        return len(cells)
    if not isinstance(cells, str | list):
        raise fail('"cells" must be a string or a list')
    size = SIZE_OF_CELLS.get(len(cells))
    if size is None:
        reason = f'"cells" holds {len(cells)} cells, not n*n for n one of {SIZE_LIST}'
        raise size_error(fail(reason))
    return size


def _digits(raw: object, shape: Shape, name: str, fail: Fail) -> tuple[int, ...]:
    """Cells from a line-format string, or from n*n integers (flat or as rows)."""
    n = shape.size
    if isinstance(raw, str):
        if len(raw) != n * n:
            raise fail(f'"{name}" has {len(raw)} characters, expected {n * n}')
        return tuple(decode(raw, n, lambda _, reason: fail(f'"{name}": {reason}')))
    if isinstance(raw, list):
        flat = [d for row in raw for d in row] if all(isinstance(r, list) for r in raw) else raw
        if len(flat) == n * n and all(_is_int(d) and 0 <= d <= n for d in flat):
            return tuple(flat)
    raise fail(f'"{name}" must be a string of {n * n} cells or {n * n} integers 0..{n}')


def _marks(raw: object, shape: Shape, fail: Fail) -> tuple[int, ...]:
    """Candidate masks from n*n strings of digits or lists of integers."""
    n = shape.size
    if not isinstance(raw, list) or len(raw) != n * n:
        raise fail(f'"marks" must be a list of {n * n} candidate sets')
    masks = []
    for cell, item in enumerate(raw):
        if isinstance(item, str):
            digits = [DIGITS.get(char, 0) for char in item]
        elif isinstance(item, list) and all(map(_is_int, item)):
            digits = item
        else:
            digits = [0]
        if not all(0 < digit <= n for digit in digits):
            raise fail(
                f'"marks" of {cell_name(cell, n)}: {_shown(item)} is not a set of digits 1..{n}'
            )
        masks.append(mask_of_digits(digits))
    return tuple(masks)


def _metadata(raw: object, fail: Fail) -> tuple[tuple[str, str], ...]:
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


def dump(grid: Grid) -> str:
    """The JSON object of ``grid``, on one line."""
    shape = grid.shape
    value: dict[str, object] = {
        "kind": "sudoku",
        "size": grid.size,
        "box": [shape.box_rows, shape.box_cols],
        "cells": grid.line(),
    }
    if grid.givens is not None:
        value["givens"] = grid.clues_only().line()
    if grid.marks is not None:
        value["marks"] = [mask_text(mask) for mask in grid.marks]
    if grid.variant is not None:
        value["variant"] = variant_keys(grid.variant)
    if grid.metadata:
        keys = [key for key, _ in grid.metadata]
        unique = len(set(keys)) == len(keys)
        value["metadata"] = dict(grid.metadata) if unique else [list(p) for p in grid.metadata]
    return json.dumps(value, ensure_ascii=False)


def document(grids: Sequence[Grid]) -> str:
    """A JSON list of the objects of ``grids``, one a line."""
    return "[\n" + ",\n".join(map(dump, grids)) + "\n]" if grids else "[]"


def _shown(value: object) -> str:
    """A JSON value as the file spells it (``"x"``, ``true``, ``null``), cut when long."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:40] + "…"
