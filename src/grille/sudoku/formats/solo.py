"""The ``solo`` format: Simon Tatham's Solo game IDs, like ``3x3:a1b2_3…``, and its X, killer
and jigsaw variants (:mod:`grille.sudoku.variants.solo`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from grille.errors import GrilleError, ParseError
from grille.kind import Entry
from grille.rated import RATING, join_rating, split_rating
from grille.sudoku.formats._text import (
    SIZE_LIST,
    SIZES,
    Text,
    metadata_value,
    read_lines,
    shape_of,
    size_error,
)
from grille.sudoku.geometry import default_shape
from grille.sudoku.grid import Grid
from grille.sudoku.variants.solo import solo_layout, solo_params, variant_part

_ID_RE = re.compile(r"(\d+)(?:x(\d+))?((?:[a-z][a-z0-9]*)?)([:#])(\S*)")
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
        given = stripped[: match.start(4)]
        reason = (
            f"random-seed IDs are not supported: {stripped!r} asks Solo to make a puzzle from "
            f"the seed after '#'; give its game ID ({given}:…, Game > Specific in Solo) instead"
        )
        raise t.error(reason, 0, offset + match.start(4) + 1)
    params = solo_params(int(match[1]), int(match[2]) if match[2] else None, match[3])
    rows, cols, jigsaw, _, killer = params

    def fail_here(reason: str) -> ParseError:
        return t.error(reason, 0, offset + 1)

    if jigsaw:
        try:
            shape = default_shape(rows)
        except ValueError:
            raise size_error(fail_here(f"{rows}x{rows} jigsaw grids are not supported "
                                       f"(sizes {SIZE_LIST})")) from None
    else:
        shape = shape_of(rows, cols, fail_here)
    size = shape.size
    parts = match[5].split(",")
    expected = 1 + jigsaw + 2 * killer
    starts = [offset + match.start(5)]
    for part in parts[:-1]:
        starts.append(starts[-1] + len(part) + 1)
    if len(parts) != expected:
        what = "a grid" + (", its jigsaw blocks" if jigsaw else "") + (
            ", its killer cages and sums" if killer else "")
        raise t.error(f"Solo's {match[1]}{'x' + match[2] if match[2] else ''}{match[3]} "
                      f"description holds {what}, separated by ','; found {len(parts)} part(s)",
                      0, starts[-1] + len(parts[-1]) + 1)
    cells = _cells(t, parts[0], size, starts[0])
    metadata = ((RATING, rating),) if rating else ()
    if expected == 1 and not params[3]:
        return Grid(shape, cells, metadata=metadata)
    sums = _cells(t, parts[-1], size, starts[-1], limit=size * size * size) if killer else ()
    blocks = parts[1:1 + jigsaw + killer]

    def fail(reason: str, part: int, at: int) -> Exception:
        return t.error(reason, 0, starts[1 + part] + at + 1)

    try:
        variant = variant_part(params, size, blocks, sums, fail)
        return Grid(shape, cells, metadata=metadata, variant=variant)
    except ParseError:
        raise
    except GrilleError as error:
        raise t.error(str(error), 0, offset + 1) from None


def _cells(t: Text, desc: str, size: int, start: int, limit: int = 0) -> tuple[int, ...]:
    """The cells of a Solo description; ``start`` is its offset in the line; numbers up to
    ``limit`` (default: the digits)."""
    cells: list[int] = []
    for match in re.finditer(r"[a-z]|_|[1-9][0-9]*|.", desc):
        token, column = match.group(), start + match.start() + 1
        if "a" <= token <= "z":
            cells.extend([0] * (ord(token) - ord("a") + 1))
        elif token.isdigit():
            if int(token) > (limit or size):
                if limit:
                    raise t.error(f"{token} is too large a killer sum", 0, column)
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
    """Solo's game ID, encoded as Solo does: ``_`` only between adjacent clues; a variant
    Solo cannot hold (thermometers ...) is an error naming it."""
    try:
        params, parts, sums = solo_layout(grid.variant, grid.shape)
    except ValueError as error:
        raise GrilleError(str(error)) from None
    text = f"{params}:" + _numbers(grid.cells) + "".join("," + part for part in parts)
    if "k" in params:
        text += "," + _numbers(sums)
    return join_rating(text, metadata_value(grid, RATING) or "")


def _numbers(cells: Sequence[int]) -> str:
    """A Solo grid part: empty runs as letters, ``_`` only between adjacent numbers."""
    out = [""]
    run = 0
    for digit in cells:
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
    return "".join(out)


def _empty_run(run: int) -> str:
    """``run`` empty cells: ``a`` for one to ``z`` for 26, repeated as needed."""
    return "z" * (run // 26) + (chr(ord("a") + run % 26 - 1) if run % 26 else "")
