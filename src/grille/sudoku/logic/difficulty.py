"""Sudoku Explainer's difficulty scale: the length increment every chain technique adds.

SE rates a chain technique at a base value plus an increment for its length: with
``n = nodes - 2`` (the chain's candidates, nested chains included, minus two), it adds 0.1
for every threshold ``n`` exceeds among 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, ... (each
threshold is the previous one times 3/2 and 4/3 alternately).
"""

from __future__ import annotations

__all__ = ["chain_difficulty", "length_increment"]


def length_increment(nodes: int) -> float:
    """SE's increment for a chain of ``nodes`` candidates: 0.1 per threshold exceeded."""
    length = nodes - 2
    ceiling = 4
    steps = 0
    grow_by_half = True
    while length > ceiling:
        steps += 1
        ceiling = ceiling * 3 // 2 if grow_by_half else ceiling * 4 // 3
        grow_by_half = not grow_by_half
    return steps / 10


def chain_difficulty(base: float, nodes: int) -> float:
    """``base`` plus the length increment, rounded to SE's one decimal."""
    return round(base + length_increment(nodes), 1)
