"""Kakuro as JSON: one object per puzzle, a list of them, or ``{"puzzles": [...]}``; or JSON
lines, one object a line, each maybe followed on its line by a rating (a TAB, ``;`` or spaces
between, as ``grille rate`` and rated lists write it; see :mod:`grille.rated`)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from grille.errors import ParseError
from grille.jsonitems import json_items
from grille.kakuro.formats._tokens import cell_token
from grille.kakuro.formats.text import Row, build_grid
from grille.kakuro.grid import KakuroGrid
from grille.rated import RATING

__all__ = ["document", "dump_json", "read_json", "to_object"]


def to_object(grid: KakuroGrid) -> dict[str, Any]:
    """The JSON-ready object of one grid."""
    cells = range(grid.rows * grid.cols)
    tokens = [cell_token(grid, cell) for cell in cells]
    data: dict[str, Any] = {
        "kind": "kakuro",
        "rows": grid.rows,
        "cols": grid.cols,
        "grid": [tokens[r * grid.cols:(r + 1) * grid.cols] for r in range(grid.rows)],
    }
    if grid.distinct_combinations:
        data["distinct_combinations"] = True
    if grid.marks is not None:
        marks = [cell_token(grid.with_values(None), cell, marks=True) for cell in cells]
        data["marks"] = [marks[r * grid.cols:(r + 1) * grid.cols] for r in range(grid.rows)]
    if grid.metadata:
        data["metadata"] = dict(grid.metadata)
    return data


def dump_json(grid: KakuroGrid) -> str:
    """One grid as a JSON object on one line."""
    return json.dumps(to_object(grid))


def document(grids: Sequence[KakuroGrid]) -> str:
    """One grid as an object, several as a list."""
    if len(grids) == 1:
        return dump_json(grids[0])
    return "[\n" + ",\n".join(dump_json(grid) for grid in grids) + "\n]"


def read_json(text: str, source: str) -> list[tuple[KakuroGrid, int]]:
    """Every puzzle of a JSON document, or of JSON lines (one object a line, each maybe
    followed by a rating), each with the line its object starts on."""
    items = json_items(text, source)
    found = []
    for index, (line, item, rating) in enumerate(items):
        grid = _grid(item, index, line, source)
        if rating:
            metadata = tuple((k, v) for k, v in grid.metadata if k != RATING)
            grid = replace(grid, metadata=((RATING, rating), *metadata))
        found.append((grid, line))
    return found


_METADATA_KEY = re.compile(r"[A-Za-z][\w-]*")
"""A metadata key the text and block formats can carry."""


def _fail(reason: str, index: int, line: int, source: str) -> ParseError:
    return ParseError(f"puzzle {index + 1}: {reason}", line=line, source=source)


def _grid(item: Any, index: int, line: int, source: str) -> KakuroGrid:
    if not isinstance(item, dict):
        raise _fail(f"expected an object, got {_shown(item)}", index, line, source)
    if item.get("kind", "kakuro") != "kakuro":
        raise _fail(f"not a Kakuro puzzle: kind {_shown(item['kind'])}", index, line, source)
    rows = item.get("grid")
    if not isinstance(rows, list) or not rows:
        raise _fail("'grid' must be a non-empty list of rows", index, line, source)
    parsed = []
    for r, row in enumerate(rows):
        if isinstance(row, str):
            tokens = row.split()
        elif isinstance(row, list):
            tokens = ["." if token in (None, 0) else str(token) for token in row]
        else:
            raise _fail(f"row {r + 1} must be a list of cells or a string", index, line, source)
        if not tokens:
            raise _fail(f"row {r + 1} has no cells", index, line, source)
        parsed.append(Row(r + 1, tuple((c + 1, t) for c, t in enumerate(tokens))))
    metadata = item.get("metadata", {})
    if not isinstance(metadata, dict):
        raise _fail("'metadata' must be an object", index, line, source)
    for key, value in metadata.items():
        if not _METADATA_KEY.fullmatch(key) or "".join(str(value).splitlines()) != str(value):
            raise _fail(f"metadata {_shown(key)}: keys are a letter then letters, digits, '_' or "
                        "'-', values one line (as the text formats write them)", index, line,
                        source)
    try:
        grid = build_grid(
            parsed, source,
            metadata=[(str(k), str(v)) for k, v in metadata.items()],
            distinct=bool(item.get("distinct_combinations", False)),
        )
    except ParseError as error:
        raise _fail(f"grid row {error.line}, cell {error.column}: {error.reason}",
                    index, line, source) from None
    for key, size in (("rows", grid.rows), ("cols", grid.cols)):
        if key in item and item[key] != size:
            raise _fail(f"'{key}' is {item[key]} but the grid has {size}", index, line, source)
    marks = item.get("marks")
    if marks is not None:
        mark_rows = [
            Row(r + 1, tuple((c + 1, str(t)) for c, t in enumerate(row)))
            for r, row in enumerate(marks)
        ]
        marked = build_grid(mark_rows, source)
        if (marked.rows, marked.cols) != (grid.rows, grid.cols):
            raise _fail("'marks' must have the grid's shape", index, line, source)
        grid = grid.with_marks(marked.marks or (0,) * (grid.rows * grid.cols))
    return grid


def _shown(value: object) -> str:
    """A JSON value as the file spells it (``"x"``, ``true``, ``null``), cut when long."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:40] + "…"
