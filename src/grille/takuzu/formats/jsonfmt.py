"""Takuzu as JSON: one object per puzzle; a document is an object, a list, or ``{"puzzles": []}``;
or JSON lines (what ``grille batch`` writes): one object a line, each maybe followed on its
line by a rating (a TAB, ``;`` or spaces between, see :mod:`grille.rated`).

Keys::

    kind          "takuzu" (required when sniffing; another kind is refused)
    rows, cols    the grid's height and width (optional: "cells" tells them)
    cells         the rows as a list of strings ("01.."), one string with rows separated by
                  "/" or newlines, or a list of rows of integers (0, 1, -1 or null empty)
    givens        optional: the clues alone, in the form of "cells"
    unique_lines  optional, default true: false for the no-unique-lines variant
    metadata      optional: {"id": "...", ...}
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from grille.errors import ParseError
from grille.jsonitems import json_items
from grille.kind import Entry
from grille.rated import with_rating
from grille.takuzu.formats._text import decode_row
from grille.takuzu.grid import EMPTY, TakuzuGrid

__all__ = ["document", "dump", "looks_like_json", "read"]

_KIND_RE = re.compile(r'"kind"\s*:\s*"takuzu"')


def read(text: str, source: str) -> list[Entry[TakuzuGrid]]:
    """Every puzzle of a JSON document or of JSON lines."""
    entries = []
    for line, item, rating in json_items(text, source):
        grid = _grid(item, line, source)
        if rating:
            grid = with_rating(grid, rating)
        entries.append(Entry(grid, line, "json"))
    return entries


def _grid(item: Any, line: int, source: str) -> TakuzuGrid:
    def fail(reason: str) -> ParseError:
        return ParseError(reason, line=line, source=source)

    if not isinstance(item, dict):
        raise fail(f"a puzzle is a JSON object, got {_shown(item)}")
    kind = item.get("kind", "takuzu")
    if kind != "takuzu":
        raise fail(f"not a Takuzu puzzle: kind {_shown(kind)}")
    if "cells" not in item:
        raise fail('a Takuzu puzzle needs "cells"')
    rows = _rows(item["cells"], fail, line, source)
    height, width = len(rows), len(rows[0]) if rows else 0
    for key, value in (("rows", height), ("cols", width)):
        if key in item and item[key] != value:
            raise fail(f'"{key}" is {_shown(item[key])} but "cells" has {value}')
    if any(len(row) != width for row in rows):
        raise fail('the rows of "cells" differ in length')
    if height % 2 or width % 2 or height < 2:
        raise fail(f"a Takuzu grid has an even number of rows and columns, got {height}x{width}")
    cells = tuple(v for row in rows for v in row)
    givens = None
    if "givens" in item:
        clues = [v for row in _rows(item["givens"], fail, line, source) for v in row]
        if len(clues) != len(cells) or any(
            c != EMPTY and c != v for c, v in zip(clues, cells, strict=True)
        ):
            raise fail('"givens" must be the clues of "cells"')
        givens = tuple(c != EMPTY for c in clues)
    unique = item.get("unique_lines", True)
    if not isinstance(unique, bool):
        raise fail(f'"unique_lines" is true or false, got {_shown(unique)}')
    metadata = item.get("metadata", {})
    if isinstance(metadata, dict):
        pairs = tuple((str(k), str(v)) for k, v in metadata.items())
    elif isinstance(metadata, list) and all(isinstance(p, list) and len(p) == 2 for p in metadata):
        pairs = tuple((str(k), str(v)) for k, v in metadata)
    else:
        raise fail('"metadata" is an object of strings')
    return TakuzuGrid(height, width, cells, givens, None, unique, pairs)


def _rows(value: Any, fail: Any, line: int, source: str) -> list[list[int]]:
    if isinstance(value, str):
        value = value.replace("/", "\n").split()
    if not isinstance(value, list) or not value:
        raise fail('"cells" is a list of rows or a string of rows')
    rows = []
    for row in value:
        if isinstance(row, str):
            rows.append(decode_row(row, line=line, source=source))
        elif isinstance(row, list) and all(v in (0, 1, -1, None) for v in row):
            rows.append([EMPTY if v is None else int(v) for v in row])
        else:
            raise fail(f"a row is a string of 0, 1 and '.' or a list of 0, 1, null: {_shown(row)}")
    return rows


def _object(grid: TakuzuGrid) -> dict[str, Any]:
    rows = grid.rows_text().split("\n")
    data: dict[str, Any] = {"kind": "takuzu", "rows": grid.height, "cols": grid.width,
                            "cells": rows}
    if grid.givens is not None and any(
        g != (v != EMPTY) for g, v in zip(grid.givens, grid.cells, strict=True)
    ):
        data["givens"] = grid.clues_only().rows_text().split("\n")
    data["unique_lines"] = grid.unique_lines
    if grid.metadata:
        data["metadata"] = dict(grid.metadata)
    return data


def dump(grid: TakuzuGrid) -> str:
    """One puzzle as a JSON object on one line."""
    return json.dumps(_object(grid))


def document(grids: Sequence[TakuzuGrid]) -> str:
    """One object for one puzzle, else a list with one object per line."""
    if len(grids) == 1:
        return dump(grids[0])
    return "[\n" + ",\n".join(dump(g) for g in grids) + "\n]"


def looks_like_json(text: str) -> bool:
    """Whether ``text`` is JSON naming the kind ``takuzu``."""
    head = text.lstrip()
    return head[:1] in ("{", "[") and _KIND_RE.search(text[:4096]) is not None


def _shown(value: object) -> str:
    """A JSON value as the file spells it (``"x"``, ``true``, ``null``), cut when long."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:40] + "…"
