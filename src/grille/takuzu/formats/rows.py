"""The rows format: rows of ``0``, ``1`` and ``.`` (spaces optional), one puzzle per block.

Blocks are separated by blank lines. A comment ``# rules: no-unique-lines`` (or
``unique-lines``) sets the third rule for the puzzles after it; ``# key: value`` comments
before a block become its metadata; other ``#`` lines are ignored.
"""

from __future__ import annotations

import re

from grille.errors import ParseError
from grille.kind import Entry
from grille.takuzu.formats._text import VALUES, decode_row, rules_comment, write_with_rules
from grille.takuzu.grid import TakuzuGrid

__all__ = ["dump", "looks_like_rows", "read", "write"]

_META_RE = re.compile(r"#\s*([A-Za-z_][\w-]*)\s*:\s*(.*?)\s*")
_ROW_CHARS = frozenset("01. \t")


def read(text: str, source: str) -> list[Entry[TakuzuGrid]]:
    """Every puzzle of ``text`` in the rows format."""
    lines = text.splitlines()
    entries: list[Entry[TakuzuGrid]] = []
    unique = True
    metadata: list[tuple[str, str]] = []
    index = 0
    while index < len(lines):
        stripped = lines[index].strip()
        if not stripped:
            index += 1
            continue
        if stripped.startswith("#"):
            rule = rules_comment(stripped)
            if rule is not None:
                unique = rule
            elif (match := _META_RE.fullmatch(stripped)) is not None:
                metadata.append((match[1], match[2]))
            index += 1
            continue
        start = index
        rows: list[list[int]] = []
        while index < len(lines) and lines[index].strip() and not _comment(lines[index]):
            row = decode_row(lines[index], line=index + 1, source=source)
            if rows and len(row) != len(rows[0]):
                raise ParseError(
                    f"row of {len(row)} cells, the rows above have {len(rows[0])}: "
                    f"{lines[index].strip()!r}", line=index + 1, source=source,
                )
            rows.append(row)
            index += 1
        grid = _grid(rows, unique, tuple(metadata), start, source)
        entries.append(Entry(grid, start + 1, "rows"))
        metadata = []
    return entries


def _comment(line: str) -> bool:
    return line.lstrip().startswith("#")


def _grid(
    rows: list[list[int]], unique: bool, metadata: tuple[tuple[str, str], ...], start: int,
    source: str,
) -> TakuzuGrid:
    height, width = len(rows), len(rows[0])
    if height % 2 or width % 2 or height < 2:
        raise ParseError(
            f"a Takuzu grid has an even number of rows and columns, this one is {height}x{width}",
            line=start + 1, source=source,
        )
    cells = tuple(v for row in rows for v in row)
    return TakuzuGrid(height, width, cells, unique_lines=unique, metadata=metadata)


def dump(grid: TakuzuGrid) -> str:
    """The grid as rows, after its metadata as ``# key: value`` lines."""
    meta = "".join(f"# {key}: {value}\n" for key, value in grid.metadata if _safe(key, value))
    return meta + grid.rows_text()


def _safe(key: str, value: str) -> bool:
    return _META_RE.fullmatch(f"# {key}: {value}") is not None and "\n" not in value and (
        key.lower() != "rules"
    )


def write(grids: list[TakuzuGrid]) -> str:
    """Blocks separated by blank lines, rules comments where the rule changes."""
    return write_with_rules([(g.unique_lines, dump(g)) for g in grids], "\n\n")


def looks_like_rows(lines: list[str], index: int) -> bool:
    """Whether the block at line ``index`` is an even grid of 0/1/. rows holding a 0 and a 1."""
    rows = []
    for line in lines[index:]:
        if not line.strip() or line.lstrip().startswith("#"):
            break
        if not _ROW_CHARS.issuperset(line.strip()):
            return False
        rows.append(line.replace(" ", "").replace("\t", ""))
    if len(rows) < 2 or len(rows) % 2 or len(rows[0]) % 2:
        return False
    chars = "".join(rows)
    return all(len(row) == len(rows[0]) for row in rows) and "0" in chars and "1" in chars and (
        set(chars) <= set(VALUES)
    )
