"""The rounded outline of a group of cells: an arrow's circle of several cells that are not
in one row or column (an L), drawn as f-puzzles draws such a circle, one rounded line round
them all. The page draws the same outline (``board.js`` ``roundedOutline``)."""

from __future__ import annotations

import math
from collections.abc import Iterable

__all__ = ["rounded_outline"]

Point = tuple[float, float]


def rounded_outline(
    cells: Iterable[tuple[int, int]], inset: float, radius: float, steps: int = 6
) -> list[list[Point]]:
    """Each boundary loop of the union of ``cells`` ((row, col)), in cell units (x = column,
    y = row, the grid's top-left corner at 0, 0), moved ``inset`` into the cells, its outer
    corners rounded with ``radius`` and its inner ones with ``inset``; each arc is ``steps``
    segments. The loops run clockwise on screen (y down); a point is not repeated at the end.

    >>> [[(round(x, 2), round(y, 2)) for x, y in loop]
    ...  for loop in rounded_outline([(0, 0)], 0.1, 0.4, steps=1)]
    [[(0.5, 0.1), (0.9, 0.5), (0.5, 0.9), (0.1, 0.5)]]
    """
    inside = set(cells)
    edges: dict[tuple[int, int], tuple[int, int]] = {}  # start corner (x, y) -> direction
    for row, col in inside:
        for (dx, dy), (x, y), neighbour in (
            ((1, 0), (col, row), (row - 1, col)),
            ((0, 1), (col + 1, row), (row, col + 1)),
            ((-1, 0), (col + 1, row + 1), (row + 1, col)),
            ((0, -1), (col, row + 1), (row, col - 1)),
        ):
            if neighbour not in inside:
                edges[(x, y)] = (dx, dy)
    loops: list[list[Point]] = []
    while edges:
        start = min(edges)
        first = edges[start]
        corners: list[tuple[tuple[int, int], tuple[int, int], tuple[int, int]]] = []
        at = start
        while True:
            direction = edges.pop(at)
            after = (at[0] + direction[0], at[1] + direction[1])
            following = first if after == start else edges.get(after)
            if following is None:  # two loops touch at a corner: stop this one there
                break
            if following != direction:
                corners.append((after, direction, following))
            at = after
            if at == start:
                break
        loops.append(_rounded(corners, inset, radius, steps))
    return loops


def _rounded(
    corners: list[tuple[tuple[int, int], tuple[int, int], tuple[int, int]]],
    inset: float, radius: float, steps: int,
) -> list[Point]:
    """The loop through ``corners`` ((x, y), incoming and outgoing direction), moved in and
    rounded as :func:`rounded_outline` says."""
    points: list[Point] = []
    for (x, y), (ix, iy), (ox, oy) in corners:
        # the inward normal of a clockwise edge (dx, dy) is (-dy, dx): move both edges in
        px, py = x + inset * (-iy - oy), y + inset * (ix + ox)
        r = radius if ix * oy - iy * ox > 0 else inset  # a right turn is an outer corner
        cx, cy = px - r * ix + r * ox, py - r * iy + r * oy
        for step in range(steps + 1):
            angle = step / steps * math.pi / 2
            point = (cx + r * (-ox * math.cos(angle) + ix * math.sin(angle)),
                     cy + r * (-oy * math.cos(angle) + iy * math.sin(angle)))
            if not points or math.dist(point, points[-1]) > 1e-9:
                points.append(point)
    if len(points) > 1 and math.dist(points[0], points[-1]) <= 1e-9:
        points.pop()
    return points
