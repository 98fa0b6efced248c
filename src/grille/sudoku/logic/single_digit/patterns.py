"""Single-digit patterns: two strong links of a digit joined by a weak one; the empty rectangle.

A *strong link* is a unit where the digit has exactly two places: one of them holds it. Two
strong links a=b and c=e whose inner ends b and c see each other make the chain a=b-c=e: a or e
holds the digit, so every cell seeing both a and e loses it. Players name it by its links:

- *Skyscraper*: both links in rows (or both in columns), the inner ends in one column (row);
- *2-String Kite*: one link in a row, one in a column, the inner ends in one box;
- *Turbot Fish*: any other such chain (a link in a box, or ends joined otherwise).

*Empty Rectangle*: in a box, the digit's places lie on one row and one column of the box (but
not on just one of them). Take a strong link in a column, one end on that row outside the box:
if that end holds the digit, the box's digit is on the box's column; otherwise the far end holds
it. Either way the cell on the far end's row and the box's column loses it. Likewise with rows
and columns swapped.

Sudoku Explainer rates all of these as forcing X-chains: 6.6, plus its length increment, which
is 0 for these four-node chains. Grille gives each 6.6; the empty rectangle, a grouped chain of
the same length, also 6.6.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from grille.logic import Link, Step
from grille.sudoku.logic.basic.intersections import as_candidates, removals_by_digit
from grille.sudoku.logic.basic.wings import strong_links
from grille.sudoku.logic.board import Board, Memo

__all__ = ["empty_rectangle", "skyscraper", "turbot_fish", "two_string_kite"]

SKYSCRAPER = 6.6
TWO_STRING_KITE = 6.6
TURBOT_FISH = 6.6
EMPTY_RECTANGLE = 6.6

ROW, COLUMN, BOX = 0, 1, 2

Chain = tuple[int, int, int, int, int, int, int]
"""(digit, first link unit, a, b, second link unit, c, e): the chain a=b-c=e."""


def _kind(board: Board, unit: int) -> int:
    """0 for a row, 1 for a column, 2 for a box."""
    return unit // board.n


_BY_PLANE: Memo[Step | None] = Memo()
"""A digit's first chain of a kind (or empty rectangle), by the digit's plane."""


def _chains(board: Board, digit: int) -> Iterator[Chain]:
    """Every a=b-c=e chain of two strong links of ``digit``, each found once per orientation."""
    links = [link for link in strong_links(board) if link[0] == digit]
    for i, (_, unit1, p, q) in enumerate(links):
        for _, unit2, r, s in links[i + 1 :]:
            for a, b in ((p, q), (q, p)):
                for c, e in ((r, s), (s, r)):
                    if len({a, b, c, e}) == 4 and board.sees(b, c):
                        yield digit, unit1, a, b, unit2, c, e


def _classify(board: Board, chain: Chain) -> str:
    """The players' name of the chain: Skyscraper, 2-String Kite or Turbot Fish."""
    _, unit1, _, b, unit2, c, _ = chain
    kind1, kind2 = _kind(board, unit1), _kind(board, unit2)
    units_of = board.units_of
    if kind1 == kind2 and kind1 != BOX and units_of[b][1 - kind1] == units_of[c][1 - kind1]:
        return "Skyscraper"
    if {kind1, kind2} == {ROW, COLUMN} and units_of[b][BOX] == units_of[c][BOX]:
        return "2-String Kite"
    return "Turbot Fish"


def _removals(
    board: Board, digit: int, a: int, e: int, chain_cells: set[int]
) -> list[tuple[int, int]]:
    """(cell, digit) for the cells holding ``digit`` that see both ``a`` and ``e``."""
    common = board.peer_sets[a] & board.peer_sets[e]
    return [(c, digit) for c in sorted(common - chain_cells) if board.has(c, digit)]


def _chain_step(board: Board, chain: Chain, name: str, difficulty: float) -> Step | None:
    """The Step of a two-link chain, if it eliminates something."""
    digit, unit1, a, b, unit2, c, e = chain
    removed = _removals(board, digit, a, e, {a, b, c, e})
    if not removed:
        return None
    cand = board.candidate
    d = board.digit(digit)
    u1, u2 = board.unit_name(unit1), board.unit_name(unit2)
    return Step(
        name,
        eliminations=as_candidates(board, removed),
        cells=tuple(board.rc(cell) for cell in (a, b, c, e)),
        units=(u1, u2),
        links=(
            Link(cand(a, digit), cand(b, digit), strong=True),
            Link(cand(b, digit), cand(c, digit), strong=False),
            Link(cand(c, digit), cand(e, digit), strong=True),
        ),
        explanation=f"In {u1}, {d} is in {board.name(a)} or {board.name(b)}; in {u2}, in "
        f"{board.name(c)} or {board.name(e)}. {board.name(b)} and {board.name(c)} cannot both "
        f"hold it, so {board.name(a)} or {board.name(e)} does: "
        f"{removals_by_digit(board, removed)}.",
        difficulty=difficulty,
        area=f"the {d}s in {u1} and {u2}",
    )


def _named_chain(board: Board, name: str, difficulty: float) -> Step | None:
    """The first chain of kind ``name`` that eliminates something."""
    for digit, plane in enumerate(board.planes, start=1):
        step = _BY_PLANE.get(
            (board.shape, name, digit, plane),
            functools.partial(_named_chain_of, board, name, difficulty, digit),
        )
        if step is not None:
            return step
    return None


def _named_chain_of(board: Board, name: str, difficulty: float, digit: int) -> Step | None:
    """The first chain of kind ``name`` on ``digit`` that eliminates something."""
    for chain in _chains(board, digit):
        if _classify(board, chain) == name:
            step = _chain_step(board, chain, name, difficulty)
            if step is not None:
                return step
    return None


def skyscraper(board: Board) -> Step | None:
    """Two parallel strong links whose inner ends share a line (SE forcing X-chain, 6.6)."""
    return _named_chain(board, "Skyscraper", SKYSCRAPER)


def two_string_kite(board: Board) -> Step | None:
    """A row link and a column link whose inner ends share a box (SE forcing X-chain, 6.6)."""
    return _named_chain(board, "2-String Kite", TWO_STRING_KITE)


def turbot_fish(board: Board) -> Step | None:
    """Any other two strong links joined by a weak one (SE forcing X-chain, 6.6)."""
    return _named_chain(board, "Turbot Fish", TURBOT_FISH)


def empty_rectangle(board: Board) -> Step | None:
    """A box's digit on one row and column of it, with a strong link off that line (6.6)."""
    best: tuple[int, Step] | None = None
    for digit, plane in enumerate(board.planes, start=1):
        found = _RECTANGLE_BY_PLANE.get(
            (board.shape, digit, plane), functools.partial(_empty_rectangle_of, board, digit)
        )
        if found is not None and (best is None or found[0] < best[0]):
            best = found
    return None if best is None else best[1]


_RECTANGLE_BY_PLANE: Memo[tuple[int, Step] | None] = Memo()
"""A digit's first empty rectangle (boxes in order), with its box, by the digit's plane."""


def _empty_rectangle_of(board: Board, digit: int) -> tuple[int, Step] | None:
    """(box, step) of the first empty rectangle of ``digit``, boxes in order."""
    n = board.n
    for box in range(2 * n, 3 * n):
        places = board.places(box, digit)
        if len(places) < 2:
            continue
        for line_kind in (ROW, COLUMN):
            for hinge_line, hinge_cross in _crosses(board, places, line_kind):
                step = _empty_rectangle_at(board, box, digit, line_kind, hinge_line, hinge_cross)
                if step is not None:
                    return box, step
    return None


def _crosses(board: Board, places: tuple[int, ...], line_kind: int) -> Iterator[tuple[int, int]]:
    """(line of ``line_kind``, crossing line) pairs covering ``places`` but neither alone."""
    units_of = board.units_of
    cross_kind = 1 - line_kind
    lines = {units_of[c][line_kind] for c in places}
    crosses = {units_of[c][cross_kind] for c in places}
    for line in sorted(lines):
        for cross in sorted(crosses):
            covered = all(
                units_of[c][line_kind] == line or units_of[c][cross_kind] == cross for c in places
            )
            only_line = all(units_of[c][line_kind] == line for c in places)
            only_cross = all(units_of[c][cross_kind] == cross for c in places)
            if covered and not only_line and not only_cross:
                yield line, cross


def _empty_rectangle_at(
    board: Board, box: int, digit: int, line_kind: int, line: int, cross: int
) -> Step | None:
    """The elimination of the empty rectangle of ``box`` on ``line`` x ``cross``, if any."""
    units_of = board.units_of
    cross_kind = 1 - line_kind
    box_cells = set(board.units[box])
    for near in board.places(line, digit):
        if near in box_cells:
            continue
        partner_unit = units_of[near][cross_kind]
        ends = board.places(partner_unit, digit)
        if len(ends) != 2:
            continue
        far = ends[0] if ends[1] == near else ends[1]
        if units_of[far][BOX] == box:
            continue
        target = _meet(board, far, cross, line_kind)
        if target in box_cells or not board.has(target, digit) or target == far:
            continue
        return _empty_rectangle_step(
            board, box, digit, line, cross, partner_unit, near, far, target
        )
    return None


def _meet(board: Board, far: int, cross: int, line_kind: int) -> int:
    """The cell on ``far``'s line of ``line_kind`` and the crossing unit ``cross``."""
    n = board.n
    row_or_col = board.units_of[far][line_kind] - line_kind * n
    cross_index = cross - (1 - line_kind) * n
    return row_or_col * n + cross_index if line_kind == ROW else cross_index * n + row_or_col


def _empty_rectangle_step(
    board: Board,
    box: int,
    digit: int,
    line: int,
    cross: int,
    partner_unit: int,
    near: int,
    far: int,
    target: int,
) -> Step:
    """The Step of an empty rectangle."""
    d = board.digit(digit)
    names = [board.unit_name(u) for u in (box, line, cross, partner_unit)]
    removed = [(target, digit)]
    box_places = board.places(box, digit)
    return Step(
        "Empty Rectangle",
        eliminations=as_candidates(board, removed),
        cells=tuple(board.rc(c) for c in (*box_places, near, far)),
        units=tuple(names),
        links=(Link(board.candidate(near, digit), board.candidate(far, digit), strong=True),),
        explanation=f"In {names[0]}, {d} lies on {names[1]} or {names[2]}. In {names[3]}, {d} is "
        f"in {board.name(near)} or {board.name(far)}: if {board.name(near)}, {names[1]} has no "
        f"other {d}, so the box's {d} is on {names[2]}. Either way "
        f"{removals_by_digit(board, removed)}.",
        difficulty=EMPTY_RECTANGLE,
        area=names[0],
    )
