"""Coloring: one digit's conjugate pairs, two-coloured (HoDoKu's Simple and Multi Colors).

Take a digit's *conjugate pairs* (units where it has exactly two places). Joined through
shared cells they form clusters; colour each cluster's cells alternately: in each cluster
exactly one colour holds the digit (every place of that colour) and the other holds none.

- *Simple Colors, wrap*: two cells of one colour see each other, so that colour is false:
  the digit leaves every cell of it.
- *Simple Colors, trap*: a cell outside the cluster that sees both colours loses the digit.
- *Multi Colors*: two clusters. If a colour of the first sees both colours of the second, it
  is false (type 2). If a colour A of the first sees a colour B of the second, one of A's and
  B's partners is true, so cells seeing both partners lose the digit (type 1).

HoDoKu (``ColoringSolver``) scores Simple Colors 150 and Multi Colors 200, both "hard";
grille rates them like the X-chains they are (6.6 on its own ladder). Digits in order,
clusters by their lowest cell.
"""

from __future__ import annotations

from grille.logic import Step
from grille.sudoku.logic.board import Board, cells_of

__all__ = ["COLORS", "clusters", "multi_colors", "simple_colors"]

COLORS = 6.6

Cluster = tuple[int, int]
"""The two colours of one cluster, as cell bitmasks."""


def clusters(board: Board, digit: int) -> list[Cluster]:
    """The colourings of ``digit``'s conjugate-pair clusters, by lowest cell."""
    plane = board.planes[digit - 1]
    partner: dict[int, list[int]] = {}
    for unit_mask in board.tables.unit_masks:
        places = plane & unit_mask
        if places and (places & (places - 1)) and places.bit_count() == 2:
            a, b = cells_of(places)
            partner.setdefault(a, []).append(b)
            partner.setdefault(b, []).append(a)
    found: list[Cluster] = []
    todo = set(partner)
    while todo:
        seed = min(todo)
        colour = {seed: 0}
        stack = [seed]
        while stack:
            cell = stack.pop()
            for other in partner[cell]:
                if other not in colour:
                    colour[other] = 1 - colour[cell]
                    stack.append(other)
        todo -= set(colour)
        one = sum(1 << c for c, k in colour.items() if k == 0)
        two = sum(1 << c for c, k in colour.items() if k == 1)
        if one and two:
            found.append((one, two))
    return found


def _seen_by(board: Board, cells: int) -> int:
    seen = 0
    for cell in cells_of(cells):
        seen |= board.tables.peer_masks[cell]
    return seen


def _sees(board: Board, a: int, b: int) -> bool:
    return bool(_seen_by(board, a) & b)


def _step(board: Board, name: str, digit: int, colours: list[int], out: int, why: str) -> Step:
    eliminations = tuple(board.candidate(cell, digit) for cell in cells_of(out))
    shown = tuple(board.rc(cell) for colour in colours for cell in cells_of(colour))
    groups = "; ".join(f"{'ab'[i % 2]}{i // 2 + 1}: {board.names(cells_of(c))}"
                       for i, c in enumerate(colours))
    removed = ", ".join(f"{board.name(c)}<>{board.digit(digit)}" for c in cells_of(out))
    return Step(
        name,
        eliminations=eliminations,
        cells=shown,
        explanation=f"digit {board.digit(digit)} coloured ({groups}): {why} => {removed}",
        difficulty=COLORS,
        area="the whole grid",
    )


def simple_colors(board: Board) -> Step | None:
    """Simple Colors: a colour seeing itself is false (wrap); a cell seeing both colours
    loses the digit (trap)."""
    for digit in range(1, board.n + 1):
        plane = board.planes[digit - 1]
        for one, two in clusters(board, digit):
            for colour in (one, two):
                cells = cells_of(colour)
                if any(board.tables.peer_masks[c] & colour for c in cells):
                    return _step(board, "Simple Colors Wrap", digit, [one, two], colour & plane,
                                 "two cells of one colour see each other")
            out = _seen_by(board, one) & _seen_by(board, two) & plane & ~(one | two)
            if out:
                return _step(board, "Simple Colors Trap", digit, [one, two], out,
                             "these cells see both colours")
    return None


def multi_colors(board: Board) -> Step | None:
    """Multi Colors: two clusters of one digit linked by a cell of each that see each other."""
    for digit in range(1, board.n + 1):
        plane = board.planes[digit - 1]
        found = clusters(board, digit)
        for i, (a1, a2) in enumerate(found):
            for j, (b1, b2) in enumerate(found):
                if i == j:
                    continue
                out = 0
                for colour in (a1, a2):
                    if _sees(board, colour, b1) and _sees(board, colour, b2):
                        out |= colour & plane
                if out:
                    return _step(board, "Multi Colors 2", digit, [a1, a2, b1, b2], out,
                                 "a colour sees both colours of the other cluster")
                for x, y, px, py in ((a1, b1, a2, b2), (a1, b2, a2, b1),
                                     (a2, b1, a1, b2), (a2, b2, a1, b1)):
                    if _sees(board, x, y):
                        out |= _seen_by(board, px) & _seen_by(board, py) & plane & ~(px | py)
                out &= ~(a1 | a2 | b1 | b2)
                if out:
                    return _step(board, "Multi Colors 1", digit, [a1, a2, b1, b2], out,
                                 "linked colours: one of their partners holds the digit")
    return None
