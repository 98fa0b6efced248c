"""HoDoKu's unique and avoidable rectangles, in its search order.

HoDoKu (``UniquenessSolver``; hodoku-py ``solver/uniqueness.py``) finds every uniqueness
test on one rectangle scan and takes the first rectangle giving the type it is asked for:

- *Rectangles*: a start cell with exactly two candidates (cells in order; its two digits),
  a second cell in the start's box and row or column (the box's cells in order), then the
  far pair along the other two lines (index 0-8 of the column or row), outside the start's
  box. The three other cells may have lost a digit of the pair by a deletion: they count
  while no placed digit in their units rules the digit out (HoDoKu's default
  ``allowUniquenessMissingCandidates``). A rectangle is met once.
- Cells holding nothing beyond the pair are *bivalue*; the others are *extra* cells.
- *Uniqueness Test 1*: three bivalue cells; the pair leaves the fourth.
- *Uniqueness Test 2 / 5*: one or two bivalue cells, the extra cells share one extra digit:
  it leaves every other cell that sees all extra cells. Type 2 when the extra cells are
  two in one row or column, type 5 otherwise (two diagonal or three).
- *Uniqueness Test 3*: two extra cells; in each unit they share (row, column, box), depth
  first over the unit's other open cells holding neither pair digit (cell order), a set
  whose digits with the extra cells' extra digits number one less than its cells with the
  two extra cells (a naked subset; in a box, not all in one row or column): its digits
  leave the unit's other cells, then the box's when a line's set lies in one box.
- *Uniqueness Test 4*: two extra cells in one row or column; when one pair digit has no
  candidate in the cells both see, the other digit leaves both extra cells.
- *Uniqueness Test 6*: two diagonal extra cells; when one pair digit has no candidate in
  the rectangle's two rows and two columns outside the rectangle, it leaves both.
- *Hidden Rectangle*: one bivalue corner (or two diagonal ones, each tried); the row and
  column of the first two extra cells away from the corner. When one pair digit has no
  candidate outside the rectangle in that row and column, the other leaves their crossing.
- *Avoidable Rectangles*: the start and second cells are placed digits (not clues), the far
  pair either a placed digit (not a clue) and a bivalue cell or two bivalue cells, with the
  start's digit across from the second's. Type 1: one far cell is placed; the other loses
  the digit that would close the rectangle. Type 2: both far cells share their other digit;
  it leaves every cell that sees both.

Written from HoDoKu's rules; none of its code is
used.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from grille.logic import Step
from grille.sudoku.logic.board import Board, bits
from grille.sudoku.logic.hodoku.state import BLOCKS, COLS, PEERS, ROWS

__all__ = ["avoidable_rectangle", "hodoku_rectangle"]

_PEER_MASK = tuple(sum(1 << p for p in PEERS[cell]) for cell in range(81))
_ROW_MASK = tuple(sum(1 << c for c in ROWS[r]) for r in range(9))
_COL_MASK = tuple(sum(1 << c for c in COLS[c]) for c in range(9))


def _box(cell: int) -> int:
    return cell // 27 * 3 + cell % 9 // 3


def _name(cell: int) -> str:
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def _planes(board: Board) -> list[int]:
    """Per digit (index 1-9), the cells holding it as a candidate."""
    planes = [0] * 10
    for cell, mask in enumerate(board.marks):
        for digit in bits(mask):
            planes[digit] |= 1 << cell
    return planes


def _allowed(board: Board) -> list[int]:
    """Per digit, the open cells no placed digit in their units rules it out of."""
    open_cells = sum(1 << cell for cell in range(81) if not board.cells[cell])
    allowed = [open_cells] * 10
    for cell, digit in enumerate(board.cells):
        if digit:
            allowed[digit] &= ~_PEER_MASK[cell]
    return allowed


_Rect = tuple[int, int, int, int]


def _far_pairs(start: int, second: int) -> Iterator[tuple[int, int]]:
    """The far cells opposite ``start`` and ``second`` (same box, one line), in HoDoKu's
    order, outside their box."""
    along_row = start // 9 == second // 9
    line1 = COLS[start % 9] if along_row else ROWS[start // 9]
    line2 = COLS[second % 9] if along_row else ROWS[second // 9]
    for far1, far2 in zip(line1, line2, strict=True):
        if _box(far1) != _box(start):
            yield far1, far2


def _seconds(start: int) -> Iterator[int]:
    for second in BLOCKS[_box(start)]:
        if second != start and (second // 9 == start // 9 or second % 9 == start % 9):
            yield second


def _rectangles(board: Board) -> Iterator[tuple[_Rect, int, int]]:
    """HoDoKu's unique rectangles with their pair, in its order, each once."""
    allowed = _allowed(board)
    seen: set[frozenset[int]] = set()
    for start in range(81):
        mask = board.marks[start]
        if board.cells[start] or mask.bit_count() != 2:
            continue
        a, b = bits(mask)
        both = allowed[a] & allowed[b]
        for second in _seconds(start):
            if not both >> second & 1:
                continue
            for far1, far2 in _far_pairs(start, second):
                if not (both >> far1 & 1 and both >> far2 & 1):
                    continue
                key = frozenset((start, second, far1, far2))
                if key in seen:
                    continue
                seen.add(key)
                yield (start, second, far1, far2), a, b


def _diagonal(one: int, two: int) -> bool:
    return one // 9 != two // 9 and one % 9 != two % 9


_Check = Callable[[Board, list[int], _Rect, int, int, list[int], list[int]], list[tuple[int, int]]]


def _type_1(board: Board, planes: list[int], rect: _Rect, a: int, b: int,
            pure: list[int], extra: list[int]) -> list[tuple[int, int]]:
    if len(pure) != 3:
        return []
    return [(extra[0], d) for d in (a, b) if board.marks[extra[0]] >> (d - 1) & 1]


def _shared_extra(board: Board, planes: list[int], rect: _Rect, a: int, b: int,
                  pure: list[int], extra: list[int]) -> tuple[int, list[tuple[int, int]]]:
    """Uniqueness Test 2 or 5's digit and deletions (0 and none when there are none)."""
    if len(pure) not in (1, 2):
        return 0, []
    pair = 1 << (a - 1) | 1 << (b - 1)
    held = 0
    seen = (1 << 81) - 1
    for cell in extra:
        held |= board.marks[cell] & ~pair
        seen &= _PEER_MASK[cell]
    if held.bit_count() != 1:
        return 0, []
    digit = held.bit_length()
    out = planes[digit] & seen
    for cell in rect:
        out &= ~(1 << cell)
    return digit, [(cell, digit) for cell in range(81) if out >> cell & 1]


def _type_2_or_5(five: bool) -> _Check:
    def check(board: Board, planes: list[int], rect: _Rect, a: int, b: int,
              pure: list[int], extra: list[int]) -> list[tuple[int, int]]:
        _, out = _shared_extra(board, planes, rect, a, b, pure, extra)
        if not out:
            return []
        is_two = len(extra) == 2 and not _diagonal(extra[0], extra[1])
        return out if is_two != five else []

    return check


def _type_3(board: Board, planes: list[int], rect: _Rect, a: int, b: int,
            pure: list[int], extra: list[int]) -> list[tuple[int, int]]:
    if len(pure) != 2:
        return []
    pair = 1 << (a - 1) | 1 << (b - 1)
    held = (board.marks[extra[0]] | board.marks[extra[1]]) & ~pair
    one, two = extra
    units = (
        ROWS[one // 9] if one // 9 == two // 9 else None,
        COLS[one % 9] if one % 9 == two % 9 else None,
        BLOCKS[_box(one)] if _box(one) == _box(two) else None,
    )
    for kind, unit in enumerate(units):
        if unit is None:
            continue
        pool = [cell for cell in unit if cell not in rect and not board.cells[cell]
                and board.marks[cell] and not board.marks[cell] & pair]
        out = _subset(board, kind == 2, unit, pool, 0, held, list(extra))
        if out:
            return out
    return []


def _subset(board: Board, in_box: bool, unit: tuple[int, ...], pool: list[int], start: int,
            held: int, cells: list[int]) -> list[tuple[int, int]]:
    """Uniqueness Test 3's naked subset: the pool's cells added depth first, in order."""
    for i in range(start, len(pool)):
        now_held = held | board.marks[pool[i]]
        now = [*cells, pool[i]]
        one_line = len({c // 9 for c in now}) == 1 or len({c % 9 for c in now}) == 1
        if not (in_box and one_line) and now_held.bit_count() == len(now) - 1:
            out: list[tuple[int, int]] = []
            around = list(unit)
            boxes = {_box(c) for c in now}
            if not in_box and len(boxes) == 1:
                around += BLOCKS[boxes.pop()]
            for cell in around:
                if board.cells[cell] or cell in now:
                    continue
                for digit in bits(board.marks[cell] & now_held):
                    if (cell, digit) not in out:
                        out.append((cell, digit))
            if out:
                return out
        out = _subset(board, in_box, unit, pool, i + 1, now_held, now)
        if out:
            return out
    return []


def _type_4(board: Board, planes: list[int], rect: _Rect, a: int, b: int,
            pure: list[int], extra: list[int]) -> list[tuple[int, int]]:
    if len(pure) != 2 or _diagonal(extra[0], extra[1]):
        return []
    seen = _PEER_MASK[extra[0]] & _PEER_MASK[extra[1]]
    if not planes[a] & seen:
        gone = b
    elif not planes[b] & seen:
        gone = a
    else:
        return []
    return [(cell, gone) for cell in extra if board.marks[cell] >> (gone - 1) & 1]


def _type_6(board: Board, planes: list[int], rect: _Rect, a: int, b: int,
            pure: list[int], extra: list[int]) -> list[tuple[int, int]]:
    if len(pure) != 2 or not _diagonal(extra[0], extra[1]):
        return []
    lines = 0
    for cell in extra:
        lines |= _ROW_MASK[cell // 9] | _COL_MASK[cell % 9]
    for cell in rect:
        lines &= ~(1 << cell)
    if not planes[a] & lines:
        gone = a
    elif not planes[b] & lines:
        gone = b
    else:
        return []
    return [(cell, gone) for cell in sorted(extra) if board.marks[cell] >> (gone - 1) & 1]


def _hidden(board: Board, planes: list[int], rect: _Rect, a: int, b: int,
            pure: list[int], extra: list[int]) -> list[tuple[int, int]]:
    if len(pure) == 2 and not _diagonal(pure[0], pure[1]):
        return []
    if len(pure) not in (1, 2):
        return []
    inside = sum(1 << cell for cell in rect)
    for corner in pure:
        row = extra[0] // 9 if extra[0] // 9 != corner // 9 else extra[1] // 9
        col = extra[0] % 9 if extra[0] % 9 != corner % 9 else extra[1] % 9
        for kept, gone in ((a, b), (b, a)):
            if planes[kept] & (_ROW_MASK[row] | _COL_MASK[col]) & ~inside:
                continue
            cell = row * 9 + col
            if planes[gone] >> cell & 1:
                return [(cell, gone)]
    return []


_CHECKS: dict[str, tuple[str, _Check]] = {
    "Uniqueness Test 1": ("Unique Rectangle Type 1", _type_1),
    "Uniqueness Test 2": ("Unique Rectangle Type 2", _type_2_or_5(False)),
    "Uniqueness Test 3": ("Unique Rectangle Type 3", _type_3),
    "Uniqueness Test 4": ("Unique Rectangle Type 4", _type_4),
    "Uniqueness Test 5": ("Unique Rectangle Type 5", _type_2_or_5(True)),
    "Uniqueness Test 6": ("Unique Rectangle Type 6", _type_6),
    "Hidden Rectangle": ("Hidden Unique Rectangle", _hidden),
}


def _make(board: Board, name: str, rect: _Rect, a: int, b: int,
          out: list[tuple[int, int]], why: str) -> Step:
    cells = ", ".join(_name(c) for c in sorted(rect))
    removed = ", ".join(f"{_name(c)}<>{d}" for c, d in out)
    return Step(
        name,
        eliminations=tuple(board.candidate(cell, digit) for cell, digit in out),
        cells=tuple(board.rc(cell) for cell in rect),
        explanation=f"{a}/{b} in {cells}: {why} => {removed}",
        difficulty=100.0,
        area=f"rows {min(rect) // 9 + 1} and {max(rect) // 9 + 1}",
    )


_Listed = tuple[_Rect, int, int, tuple[int, ...], tuple[int, ...]]
_KEPT: dict[int, tuple[Board, list[int], list[_Listed]]] = {}


def _rectangle_list(board: Board) -> tuple[list[int], list[_Listed]]:
    """The board's planes and its rectangles in HoDoKu's order, each with its pair and its
    cells holding only the pair (pure) or more (extra); kept for the board last asked (the
    seven tests look at one board in turn)."""
    kept = _KEPT.get(0)
    if kept is not None and kept[0] is board:
        return kept[1], kept[2]
    listed: list[_Listed] = []
    for rect, a, b in _rectangles(board):
        pair = 1 << (a - 1) | 1 << (b - 1)
        pure = tuple(cell for cell in rect if not board.marks[cell] & ~pair)
        extra = tuple(cell for cell in rect if board.marks[cell] & ~pair)
        listed.append((rect, a, b, pure, extra))
    planes = _planes(board)
    _KEPT[0] = (board, planes, listed)
    return planes, listed


def hodoku_rectangle(name: str) -> Callable[[Board], Step | None]:
    """The finder of HoDoKu's uniqueness test ``name`` ("Uniqueness Test 1" .. 6 or
    "Hidden Rectangle"): its first instance on a 9x9 board, or None."""
    if name not in _CHECKS:
        raise ValueError(f"no HoDoKu rectangle finder for {name!r}")
    grille_name, check = _CHECKS[name]

    def find(board: Board) -> Step | None:
        if board.n != 9:
            return None
        planes, rectangles = _rectangle_list(board)
        for rect, a, b, pure, extra in rectangles:
            out = check(board, planes, rect, a, b, list(pure), list(extra))
            if out:
                return _make(board, grille_name, rect, a, b, out,
                             "the deadly pattern must not form")
        return None

    find.__name__ = find.__qualname__ = "hodoku_" + name.lower().replace(" ", "_")
    return find


def avoidable_rectangle(board: Board, givens: int, kind: int) -> Step | None:
    """HoDoKu's first Avoidable Rectangle of type ``kind`` (1 or 2) on a 9x9 board whose
    clue cells are the bits of ``givens``, or None."""
    if board.n != 9:
        return None
    values, marks = board.cells, board.marks
    planes = _planes(board)
    seen: set[frozenset[int]] = set()

    def placed(cell: int) -> int:
        return 0 if givens >> cell & 1 else values[cell]

    def bivalue_with(cell: int, digit: int) -> bool:
        return not values[cell] and marks[cell].bit_count() == 2 and bool(
            marks[cell] >> (digit - 1) & 1)

    for start in range(81):
        d1 = placed(start)
        if not d1:
            continue
        for second in _seconds(start):
            d2 = placed(second)
            if not d2:
                continue
            for far1, far2 in _far_pairs(start, second):
                ok = ((placed(far1) == d2 and bivalue_with(far2, d1))
                      or (placed(far2) == d1 and bivalue_with(far1, d2))
                      or (bivalue_with(far1, d2) and bivalue_with(far2, d1)))
                if not ok:
                    continue
                key = frozenset((start, second, far1, far2))
                if key in seen:
                    continue
                seen.add(key)
                rect = (start, second, far1, far2)
                if values[far1] or values[far2]:
                    if kind != 1:
                        continue
                    cell, digit = (far2, d1) if values[far1] else (far1, d2)
                    if marks[cell] >> (digit - 1) & 1:
                        return _make(board, "Avoidable Rectangle Type 1", rect, d1, d2,
                                     [(cell, digit)], "placed digits must not close a "
                                     "swappable rectangle")
                    continue
                if kind != 2:
                    continue
                other = next(d for d in bits(marks[far1]) if d != d2)
                if not marks[far2] >> (other - 1) & 1:
                    continue
                out = planes[other] & _PEER_MASK[far1] & _PEER_MASK[far2]
                if out:
                    return _make(board, "Avoidable Rectangle Type 2", rect, d1, d2,
                                 [(c, other) for c in range(81) if out >> c & 1],
                                 f"one of {_name(far1)}, {_name(far2)} is {other}")
    return None
