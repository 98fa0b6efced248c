"""Simon Tatham's Unruly game IDs: ``WxH[u]:description``.

Over the cells in row-major order, a lowercase ``a``..``y`` skips 0..24 empty cells then
places a 0, an uppercase ``A``..``Y`` skips then places a 1, ``z``/``Z`` skips 25 cells. The
encoder ends with one lowercase letter for a virtual cell after the last, so the description
covers ``W*H + 1`` positions. ``u`` in the parameters is the unique rows and columns rule
(without it, the grid follows the no-unique-lines variant); a difficulty ``d<letter>`` is
read and ignored.
"""

from __future__ import annotations

import re

from grille.errors import ParseError
from grille.kind import Entry
from grille.takuzu.grid import EMPTY, TakuzuGrid

__all__ = ["dump", "looks_like_unruly", "parse_unruly", "read"]

_ID_RE = re.compile(r"([0-9]{1,9})x([0-9]{1,9})((?:u|d[a-z])*):([A-Za-z]*)")


def _positions(description: str) -> int:
    """How many positions a description covers."""
    total = 0
    for char in description:
        total += 25 if char in "zZ" else ord(char.lower()) - ord("a") + 1
    return total


def parse_unruly(text: str, *, line: int = 1, source: str = "<input>") -> TakuzuGrid:
    """A grid from an Unruly game ID like ``6x6u:aBd...``."""
    stripped = text.strip()
    match = _ID_RE.fullmatch(stripped)
    start = text.index(stripped[:1]) + 1 if stripped else 1
    if match is None:
        raise ParseError(f"not an Unruly game ID (WxH[u]:letters): {stripped!r}", line=line,
                         column=start, source=source)
    width, height = int(match[1]), int(match[2])
    if width < 2 or height < 2 or width % 2 or height % 2:
        raise ParseError(f"an Unruly grid has even sides, got {width}x{height}: {stripped!r}",
                         line=line, column=start, source=source)
    count = width * height
    if _positions(match[4]) < count:  # before making the cells: the sides may be huge
        raise ParseError(
            f"description covers {_positions(match[4])} of the {count + 1} positions of a "
            f"{width}x{height} grid: {stripped!r}",
            line=line, column=start + match.end(4), source=source,
        )
    cells = [EMPTY] * count
    position = 0
    column = start + match.start(4)
    for offset, char in enumerate(match[4]):
        if char in "zZ":
            position += 25
            continue
        position += ord(char.lower()) - ord("a")
        if position < count:
            cells[position] = 0 if char.islower() else 1
        elif position > count:
            raise ParseError(f"description runs past the {count} cells at {char!r}: {stripped!r}",
                             line=line, column=column + offset, source=source)
        position += 1
    if position not in (count, count + 1):
        raise ParseError(
            f"description covers {position} of the {count + 1} positions of a {width}x{height} "
            f"grid: {stripped!r}", line=line, column=column + len(match[4]), source=source,
        )
    return TakuzuGrid(height, width, tuple(cells), unique_lines="u" in match[3])


def read(text: str, source: str) -> list[Entry[TakuzuGrid]]:
    """One puzzle per non-blank line (``#`` lines are comments)."""
    return [
        Entry(parse_unruly(line, line=number, source=source), number, "unruly")
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]


def dump(grid: TakuzuGrid) -> str:
    """The grid's Unruly game ID, encoded as Unruly does."""
    out = [f"{grid.width}x{grid.height}{'u' if grid.unique_lines else ''}:"]
    run = 0
    for value in (*grid.cells, 0):
        if value == EMPTY:
            run += 1
            continue
        while run > 24:
            out.append("z" if value == 0 else "Z")
            run -= 25
        out.append(chr((ord("a") if value == 0 else ord("A")) + run))
        run = 0
    return "".join(out)


def looks_like_unruly(line: str) -> bool:
    """Whether ``line`` is an Unruly game ID whose description fits its size."""
    match = _ID_RE.fullmatch(line.strip())
    if match is None:
        return False
    count = int(match[1]) * int(match[2])
    return _positions(match[4]) in (count, count + 1)
