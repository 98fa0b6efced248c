"""The one-line TAB form of grille's shared Takuzu data (format v1).

Fields: ``id``, ``rows``, ``cols``, ``puzzle`` (row-major ``0``/``1``/``.``), then optionally
``solution``, ``source_difficulty``, ``unruly_level``, ``source_ref``; ``-`` is an absent
field. Lines starting with ``#`` are comments, except ``# rules: no-unique-lines``, which
sets the third rule for the lines after it (the data itself follows the full rules).
Every field but the cells is kept as metadata; fields after those (a rating, as ``grille
rate`` prints it) as the ``rating`` metadata, written back after them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from grille.errors import ParseError
from grille.kind import Entry
from grille.rated import RATING
from grille.takuzu.formats._text import decode_row, rules_comment, write_with_rules
from grille.takuzu.grid import TakuzuGrid

__all__ = ["FIELDS", "dump", "looks_like_tab", "read", "write"]

FIELDS = ("id", "rows", "cols", "puzzle", "solution", "source_difficulty", "unruly_level",
          "source_ref")
_META_FIELDS = ("id", *FIELDS[4:])
_NUMBER = re.compile(r" *[0-9]{1,9} *")
"""A rows or cols field: 1 to 9 ASCII digits (``str.isdigit`` takes more than ``int`` does)."""
_CELLS_RE = re.compile(r"[01.]+")


def read(text: str, source: str) -> list[Entry[TakuzuGrid]]:
    """Every puzzle of ``text`` in the TAB form."""
    entries: list[Entry[TakuzuGrid]] = []
    unique = True
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            rule = rules_comment(stripped)
            unique = unique if rule is None else rule
            continue
        entries.append(Entry(parse_tab(line, line=number, source=source, unique_lines=unique),
                             number, "tab"))
    return entries


def parse_tab(
    text: str, *, line: int = 1, source: str = "<input>", unique_lines: bool = True
) -> TakuzuGrid:
    """One puzzle from one TAB-separated line."""
    fields = text.rstrip("\r\n").split("\t")

    def fail(index: int, reason: str) -> ParseError:
        column = sum(len(f) + 1 for f in fields[:index]) + 1
        return ParseError(reason, line=line, column=column, source=source)

    if len(fields) < 4:
        raise fail(0, f"expected at least 4 TAB-separated fields (id, rows, cols, puzzle): "
                      f"{text.strip()!r}")
    for index in (1, 2):
        if not _NUMBER.fullmatch(fields[index]):
            raise fail(index, f"{FIELDS[index]} must be a number, got {fields[index]!r}")
    height, width = int(fields[1]), int(fields[2])
    if height < 2 or width < 2 or height % 2 or width % 2:
        raise fail(1, f"a Takuzu grid has an even number of rows and columns, got "
                      f"{height}x{width}")
    offset = sum(len(f) + 1 for f in fields[:3])
    cells = decode_row(fields[3], line=line, source=source, offset=offset, spaces=False)
    if len(cells) != height * width:
        raise fail(3, f"a {height}x{width} puzzle has {height * width} cells, got {len(cells)}")
    metadata = tuple(
        (name, fields[FIELDS.index(name)].strip())
        for name in _META_FIELDS
        if FIELDS.index(name) < len(fields) and fields[FIELDS.index(name)].strip() not in ("", "-")
    )
    rating = "\t".join(fields[len(FIELDS):]).strip()
    if rating:
        metadata += ((RATING, rating),)
    return TakuzuGrid(height, width, tuple(cells), unique_lines=unique_lines, metadata=metadata)


def dump(grid: TakuzuGrid) -> str:
    """The grid as one TAB-separated line (``-`` for absent fields)."""
    fields = dict.fromkeys(FIELDS, "-")
    fields |= {k: v for k, v in grid.metadata if k in _META_FIELDS and v and "\t" not in v}
    fields |= {"rows": str(grid.height), "cols": str(grid.width), "puzzle": grid.line()}
    rating = " ".join((grid.meta(RATING) or "").splitlines())
    return "\t".join([*(fields[name] for name in FIELDS), *([rating] if rating else [])])


def write(grids: Sequence[TakuzuGrid]) -> str:
    """One line per puzzle, with a rules comment where the rule changes."""
    return write_with_rules([(g.unique_lines, dump(g)) for g in grids], "\n")


def looks_like_tab(line: str) -> bool:
    """Whether ``line`` reads as one puzzle of the TAB form."""
    fields = line.rstrip("\r\n").split("\t")
    if len(fields) < 4 or not (_NUMBER.fullmatch(fields[1]) and _NUMBER.fullmatch(fields[2])):
        return False
    return _CELLS_RE.fullmatch(fields[3]) is not None and len(fields[3]) == int(fields[1]) * int(
        fields[2]
    )
