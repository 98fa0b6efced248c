"""HoDoKu's Sue de Coq (5300): its first instance, in its search order.

HoDoKu (``MiscellaneousSolver.getSueDeCoq``; hodoku-py ``solver/misc.py``) takes the first
Sue de Coq it meets:

- rows then columns, each line with each box, where they share two or more open cells;
- in that intersection, cell pairs and triples in cell order (a pair before the triples
  extending it) whose digits number at least two more than the cells (``n_plus`` = digits -
  cells);
- then, depth first over the line's other open cells in cell order, a set holding at least
  one of the intersection's digits with more cells than digits from outside the
  intersection, covering fewer than ``n_plus`` of them (cells - outside digits);
- then, depth first over the box's other open cells (not in that set), cells holding none of
  the intersection digits the line set used, a set covering exactly the rest
  (cells - outside digits = the remaining ``n_plus``); deeper sets are tried while the cover
  does not pass it;
- deletions: in the box's other open cells outside the box set, the intersection and box set
  digits not in the line set, and the outside digits both sets hold; then in the line's
  other open cells outside the line set, the intersection and line set digits not in the box
  set, and the shared outside digits; the first combination with a deletion is the step.

Written from HoDoKu's rules; none of its code is used.
"""

from __future__ import annotations

from grille.logic import Step
from grille.sudoku.logic.board import Board, bits, cells_of

__all__ = ["sue_de_coq"]

_ROWS = tuple(sum(1 << (r * 9 + c) for c in range(9)) for r in range(9))
_COLS = tuple(sum(1 << (r * 9 + c) for r in range(9)) for c in range(9))
_BOXES = tuple(
    sum(1 << ((b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3) for i in range(9)) for b in range(9)
)


def _union(board: Board, cells: int) -> int:
    held = 0
    for cell in cells_of(cells):
        held |= board.marks[cell]
    return held


def sue_de_coq(board: Board) -> Step | None:
    """HoDoKu's first Sue de Coq on ``board`` (9x9), or None."""
    if board.n != 9:
        return None
    empty = board.empty_mask
    for lines in (_ROWS, _COLS):
        for line_mask in lines:
            line = line_mask & empty
            for box_mask in _BOXES:
                box = box_mask & empty
                shared = cells_of(line & box)
                if len(shared) < 2:
                    continue
                for i in range(len(shared) - 1):
                    for j in range(i + 1, len(shared)):
                        pair = 1 << shared[i] | 1 << shared[j]
                        for inter in (pair, *(pair | 1 << shared[k]
                                               for k in range(j + 1, len(shared)))):
                            held = _union(board, inter)
                            n_plus = held.bit_count() - inter.bit_count()
                            if n_plus < 2:
                                continue
                            step = _lines(board, inter, held, n_plus, line, box)
                            if step is not None:
                                return step
    return None


def _lines(board: Board, inter: int, held: int, n_plus: int, line: int, box: int) -> Step | None:
    source = cells_of(line & ~inter)

    def extend(start: int, count: int, cells: int, digits: int) -> Step | None:
        for i in range(start, len(source)):
            now = cells | 1 << source[i]
            has = digits | board.marks[source[i]]
            inside = (has & held).bit_count()
            extra = (has & ~held).bit_count()
            size = count + 1
            if inside and size > extra and size - extra < n_plus:
                used = has & held
                step = _boxes(board, inter, held, n_plus - (size - extra), now, has,
                              box & ~inter & ~now, 0x1FF & ~used, line)
                if step is not None:
                    return step
            step = extend(i + 1, size, now, has)
            if step is not None:
                return step
        return None

    return extend(0, 0, 0, 0)


def _boxes(board: Board, inter: int, held: int, n_plus: int, line_set: int, line_digits: int,
           source_mask: int, allowed: int, line: int) -> Step | None:
    source = cells_of(source_mask)
    region = source_mask  # the box's open cells outside the intersection and the line set

    def extend(start: int, count: int, cells: int, digits: int) -> Step | None:
        for i in range(start, len(source)):
            mark = board.marks[source[i]]
            if mark & ~allowed:
                continue
            now = cells | 1 << source[i]
            has = digits | mark
            inside = (has & held).bit_count()
            extra = (has & ~held).bit_count()
            size = count + 1
            if inside and size - extra == n_plus:
                step = _deletions(board, inter, held, line_set, line_digits, now, has,
                                  region, line)
                if step is not None:
                    return step
            if size - extra <= n_plus:
                step = extend(i + 1, size, now, has)
                if step is not None:
                    return step
        return None

    return extend(0, 0, 0, 0)


def _deletions(board: Board, inter: int, held: int, line_set: int, line_digits: int,
               box_set: int, box_digits: int, region: int, line: int) -> Step | None:
    both = line_digits & box_digits & ~held
    out: list[tuple[int, int]] = []
    from_box = ((held | box_digits) & ~line_digits) | both
    for cell in cells_of(region & ~box_set):
        out += [(cell, d) for d in bits(board.marks[cell] & from_box)]
    from_line = ((held | line_digits) & ~box_digits) | both
    for cell in cells_of(line & ~inter & ~line_set):
        out += [(cell, d) for d in bits(board.marks[cell] & from_line)]
    if not out:
        return None
    removed = ", ".join(f"{board.name(c)}<>{d}" for c, d in out)
    names = ", ".join(board.name(c) for c in cells_of(inter))
    return Step(
        "Sue de Coq",
        eliminations=tuple(board.candidate(c, d) for c, d in out),
        cells=tuple(board.rc(c) for c in cells_of(inter | line_set | box_set)),
        explanation=(f"{names} hold {', '.join(str(d) for d in bits(held))}; with "
                     f"{', '.join(board.name(c) for c in cells_of(line_set))} in the line and "
                     f"{', '.join(board.name(c) for c in cells_of(box_set))} in the box "
                     f"=> {removed}"),
        area="the whole grid",
    )
