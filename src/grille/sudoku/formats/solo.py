"""The ``solo`` format: Simon Tatham's Solo game IDs, like ``3x3:a1b2_3…``."""

from __future__ import annotations

import re

from grille.kind import Entry
from grille.rated import RATING, join_rating, split_rating
from grille.sudoku.formats._text import SIZES, Text, metadata_value, read_lines, shape_of
from grille.sudoku.grid import Grid

_ID_RE = re.compile(r"(\d+)(?:x(\d+))?((?:[a-z][a-z0-9]*)?)([:#])(\S*)")
_VARIANTS = (("j", "jigsaw"), ("x", "X (diagonal)"), ("k", "killer"))
_SNIFF_RE = re.compile(r"(\d{1,3})(?:x(\d{1,3}))?((?:[jxka]|md?\d|r\d|d[tbiaeu])*)[:#][a-z0-9_,]*")


def parse_solo(text: str, *, line: int = 1, source: str = "<input>") -> Grid:
    """A grid from a Solo game ID like ``3x3:a1b2_3…``, with an optional rating after it (a
    TAB, ``;`` or spaces between, see :mod:`grille.rated`)."""
    t = Text([text], source, line)
    text, rating = split_rating(text.rstrip("\r\n"))
    stripped = text.strip()
    offset = len(text) - len(text.lstrip())
    match = _ID_RE.fullmatch(stripped)
    if match is None:
        raise t.error("a Solo game ID reads <rows>x<columns>:<description>", 0, offset + 1)
    if match[4] == "#":
        params = stripped[: match.start(4)]
        reason = (
            f"random-seed IDs are not supported: {stripped!r} asks Solo to make a puzzle from "
            f"the seed after '#'; give its game ID ({params}:…, Game > Specific in Solo) instead"
        )
        raise t.error(reason, 0, offset + match.start(4) + 1)
    variant = next((name for flag, name in _VARIANTS if flag in match[3]), None)
    if variant or "," in match[5]:
        reason = f"this is not a plain Sudoku: Solo's {variant or 'jigsaw or killer'} variant"
        raise t.error(reason, 0, offset + 1)
    rows = int(match[1])
    shape = shape_of(rows, int(match[2] or rows), lambda reason: t.error(reason, 0, offset + 1))
    cells = _cells(t, match[5], shape.size, offset + match.start(5))
    return Grid(shape, cells, metadata=((RATING, rating),) if rating else ())


def _cells(t: Text, desc: str, size: int, start: int) -> tuple[int, ...]:
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


def looks_like_solo(line: str) -> bool:
    """Whether ``line`` is a Solo game ID (Solo's parameters, a supported size), a rating
    after it or not."""
    match = _SNIFF_RE.fullmatch(split_rating(line)[0].strip())
    if match is None:
        return False
    rows = int(match[1])
    cols = int(match[2]) if match[2] else 1 if "j" in match[3] else rows
    return rows * cols in SIZES


def read(t: Text, text: str) -> list[Entry[Grid]]:
    return read_lines(t, "solo", parse_solo)


def dump(grid: Grid) -> str:
    """Solo's game ID, encoded as Solo does: ``_`` only between adjacent clues."""
    out = [f"{grid.shape.box_rows}x{grid.shape.box_cols}:"]
    run = 0
    for digit in grid.cells:
        if digit == 0:
            run += 1
            continue
        if run:
            out.append(_empty_run(run))
        elif len(out) > 1:
            out.append("_")
        out.append(str(digit))
        run = 0
    out.append(_empty_run(run))
    return join_rating("".join(out), metadata_value(grid, RATING) or "")


def _empty_run(run: int) -> str:
    """``run`` empty cells: ``a`` for one to ``z`` for 26, repeated as needed."""
    return "z" * (run // 26) + (chr(ord("a") + run % 26 - 1) if run % 26 else "")
