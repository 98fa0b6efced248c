"""Simon Tatham's Solo variant game IDs: X (``3x3x:``), killer (``3x3k:``), jigsaw (``9j:``)
and their combinations (``3x3xk:``, ``9jk:``), read and written as Solo's ``solo.c`` does
(``decode_params``, ``spec_to_grid``, ``spec_to_dsf``; grille's own code).

An ID is ``<params>:<grid>[,<jigsaw blocks>][,<killer cages>,<killer sums>]``:

- params ``<c>x<r>`` (boxes of c rows and r columns) or ``<n>j`` (jigsaw), then ``x``
  (both main diagonals hold no repeat) and ``k`` (killer);
- a grid part is runs of 1-26 empty cells as ``a``-``z`` and numbers, ``_`` between two
  adjacent numbers (the digits; the killer sums, each in one cell of its cage);
- a block structure walks the walls between neighbours: first the n(n-1) walls between
  horizontal neighbours row by row, then the n(n-1) between vertical neighbours column by
  column, then one closing wall; ``a``-``y`` are 1-25 open walls (same block on both sides)
  followed by a closed one, ``_`` a closed wall, ``z`` 26 open walls with none after.

Killer cages are read with their cells in row-major order; Solo writes each sum in its cage's
first cell, and so does grille.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from grille.sudoku.geometry import Shape
from grille.sudoku.variants.families.diagonal import Diagonal
from grille.sudoku.variants.families.jigsaw import Regions
from grille.sudoku.variants.families.killer import KillerCage
from grille.sudoku.variants.model import Cell, Constraint, Variant

__all__ = ["block_spec", "blocks_of_spec", "solo_layout", "solo_params", "variant_part"]

Fail = Callable[[str, int], Exception]
"""Makes the error for a reason at an offset of the part being read."""
PartFail = Callable[[str, int, int], Exception]
"""Makes the error for a reason at an offset of part ``i`` (0 the first block structure;
the killer sums are the part after the last block structure)."""


def solo_params(first: int, second: int | None, flags: str) -> tuple[int, int, bool, bool, bool]:
    """Box rows, box columns (1 for jigsaw: then the first is the side), jigsaw, X, killer,
    from ``<first>[x<second>]<flags>`` as Solo's ``decode_params`` reads them."""
    rows, cols = first, first if second is None else second
    jigsaw = "j" in flags
    if jigsaw:
        rows, cols = (rows * cols if second is not None else rows), 1
    return rows, cols, jigsaw, "x" in flags, "k" in flags


def blocks_of_spec(spec: str, size: int, fail: Fail) -> list[int]:
    """The block index of every cell (numbered by first cell, row-major) from a block
    structure ``spec``."""
    parent = list(range(size * size))

    def find(cell: int) -> int:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    walls = 2 * size * (size - 1)
    pos = 0
    for offset, char in enumerate(spec):
        if char == "_":
            run = 0
        elif "a" <= char <= "z":
            run = ord(char) - ord("a") + 1
        else:
            raise fail(f"{char!r} has no meaning in a Solo block structure", offset)
        for _ in range(run):
            if pos >= walls:
                raise fail("too many walls in the Solo block structure", offset)
            a, b = _wall(pos, size)
            parent[find(a)] = find(b)
            pos += 1
        if run != 26:
            pos += 1
    if pos != walls + 1:
        raise fail(f"the Solo block structure covers {pos} of {walls + 1} walls", len(spec))
    numbers: dict[int, int] = {}
    return [numbers.setdefault(find(cell), len(numbers)) for cell in range(size * size)]


def _wall(pos: int, size: int) -> tuple[int, int]:
    """The two cells on either side of wall ``pos``."""
    if pos < size * (size - 1):
        row, col = divmod(pos, size - 1)
        return row * size + col, row * size + col + 1
    col, row = divmod(pos - size * (size - 1), size - 1)
    return row * size + col, (row + 1) * size + col


def block_spec(blocks: Sequence[int], size: int, what: str = "block") -> str:
    """The block structure of ``blocks`` (a block index per cell) as Solo writes it; a
    ``ValueError`` when a block is not connected (walls cannot say it)."""
    out: list[str] = []
    run = 0
    walls = 2 * size * (size - 1)
    for pos in range(walls + 1):
        if pos < walls:
            a, b = _wall(pos, size)
            if blocks[a] == blocks[b]:
                run += 1
                continue
        out.append("z" * (run // 26) + (chr(ord("a") + run % 26 - 1) if run % 26 else "_"))
        run = 0
    spec = "".join(out)
    back = blocks_of_spec(spec, size, lambda why, at: ValueError(why))
    first: dict[int, int] = {}
    for cell, (block, read) in enumerate(zip(blocks, back, strict=True)):
        if first.setdefault(read, block) != block or back[
                next(i for i, b in enumerate(blocks) if b == block)] != read:
            raise ValueError(f"Solo's {what}s are connected; the one holding "
                             f"r{cell // size + 1}c{cell % size + 1} is not")
    return spec


def variant_part(params: tuple[int, int, bool, bool, bool], size: int, parts: Sequence[str],
                 sums: Sequence[int], fail: PartFail) -> Variant | None:
    """The variant of a Solo ID: ``parts`` are its block structures (jigsaw, then killer),
    ``sums`` the killer sum grid's numbers per cell (0 empty)."""
    _, _, jigsaw, xtype, killer = params
    constraints: list[Constraint] = []
    if jigsaw:
        regions = blocks_of_spec(parts[0], size, lambda why, at: fail(why, 0, at))
        constraints.append(Regions(tuple(regions)))
    if xtype:
        constraints += [Diagonal(True), Diagonal(False)]
    if killer:
        cages: dict[int, list[Cell]] = {}
        last = len(parts) - 1
        for cell, block in enumerate(blocks_of_spec(parts[-1], size,
                                                    lambda why, at: fail(why, last, at))):
            cages.setdefault(block, []).append(divmod(cell, size))
        for cells in cages.values():
            totals = [sums[r * size + c] for r, c in cells if sums[r * size + c]]
            if len(totals) != 1:
                where = f"r{cells[0][0] + 1}c{cells[0][1] + 1}"
                raise fail(f"the killer cage at {where} has {len(totals)} sums", len(parts), 0)
            constraints.append(KillerCage(tuple(cells), totals[0]))
    return Variant(tuple(constraints)) if constraints else None


def solo_layout(variant: Variant | None, shape: Shape) -> tuple[str, list[str], list[int]]:
    """The parameters, block structures and killer sum grid that write ``variant`` (a
    ``ValueError`` naming what Solo cannot hold)."""
    size = shape.size
    constraints = variant.constraints if variant is not None else ()
    regions = [c for c in constraints if isinstance(c, Regions)]
    diagonals = {c.anti for c in constraints if isinstance(c, Diagonal)}
    cages = [c for c in constraints if isinstance(c, KillerCage)]
    other = sorted({c.family for c in constraints} - {"jigsaw", "x", "killer"})
    if other:
        raise ValueError(f"Solo IDs cannot hold {', '.join(other)}")
    if diagonals and diagonals != {True, False}:
        raise ValueError("Solo's X variant has both diagonals, this puzzle one")
    parts: list[str] = []
    if regions:
        parts.append(block_spec(regions[0].regions, size, "jigsaw region"))
        params = f"{size}j"
    else:
        params = f"{shape.box_rows}x{shape.box_cols}"
    params += "x" if diagonals else ""
    sums = [0] * (size * size)
    if cages:
        params += "k"
        block = [-1] * (size * size)
        for index, cage in enumerate(cages):
            if cage.total is None:
                raise ValueError(f"Solo's killer cages all have sums; {cage.name()} has none")
            if not 1 <= cage.total <= size ** 3:  # what Solo's IDs, and grille's reader, take
                raise ValueError(f"Solo's killer sums are 1 to {size ** 3}; "
                                 f"{cage.name()} has {cage.total}")
            ordered = sorted(cage.cells)
            for r, c in cage.cells:
                if block[r * size + c] >= 0:
                    raise ValueError(f"{cage.name()} overlaps another cage")
                block[r * size + c] = index
            sums[ordered[0][0] * size + ordered[0][1]] = cage.total
        if -1 in block:
            empty = block.index(-1)
            raise ValueError(f"Solo's killer cages cover the grid; r{empty // size + 1}"
                             f"c{empty % size + 1} is in none")
        parts.append(block_spec(block, size, "killer cage"))
    return params, parts, sums

