"""HoDoKu's choice among chains and nice loops: the one deleting the most candidates.

HoDoKu collects every X-chain, XY-chain or nice loop (``ChainSolver._find_xy_type``,
``TablingSolver._get_nice_loops``) and sorts them (``SolutionStep.compareTo``): most
deletions first, then the lowest weighted sum of the deletions (``getIndexSumme``), then the
shortest chain. grille's chain search (:mod:`grille.sudoku.logic.chains.named`) ranks by SE's
difficulty instead; this walks the same breadth-first searches to the end and ranks their
conclusions HoDoKu's way. A conclusion that places a digit counts as deleting the cell's
other candidates, as HoDoKu's discontinuous nice loop does.
"""

from __future__ import annotations

from collections.abc import Callable

from grille.logic import Step
from grille.sudoku.logic.board import Board, bits
from grille.sudoku.logic.chains import named

__all__ = ["hodoku_chain", "weight"]


def weight(out: list[tuple[int, int]]) -> int:
    """HoDoKu's ``getIndexSumme``: deletions by digit then cell, cell k weighted 1 + 80 k."""
    total, offset = 0, 1
    for cell, digit in sorted(out, key=lambda item: (item[1], item[0])):
        total += cell * offset + digit
        offset += 80
    return total


def _effects(board: Board, graph: named._Graph, hit: named._Hit) -> list[tuple[int, int]]:
    if hit.kind == "place":
        node = graph.nodes[hit.path[0]]
        cell = node.cells[0]
        return [(cell, d) for d in bits(board.marks[cell]) if d != node.digit]
    return [(graph.nodes[i].cells[0], graph.nodes[i].digit) for i in hit.eliminations]


def hodoku_chain(kind: str, *, chains_only: bool = False) -> Callable[[Board], Step | None]:
    """A finder for grille's chain search ``kind`` (``x``, ``xy``, ``aic``, ``grouped``)
    that returns HoDoKu's pick; ``chains_only`` keeps open chains (HoDoKu's X- and XY-chains
    are not loops)."""

    def find(board: Board) -> Step | None:
        graph = named._graph(board, kind)
        states = [named._Bfs(s, 0, 1 << s, [1 << s]) for s in graph.starts]
        best: tuple[tuple[int, int, int], named._Hit] | None = None
        for level in range(1, named.MAX_NODES):
            on_level = level % 2 == 1
            states = [state for state in states if state.advance(graph, on_level)]
            if not states:
                break
            if not on_level or level < graph.min_level:
                continue
            for state in states:
                for hit in named._hits(graph, state.start, state.frontiers):
                    if chains_only and hit.kind != "chain":
                        continue
                    out = _effects(board, graph, hit)
                    if not out:
                        continue
                    key = (-len(out), weight(out), hit.rank[1])
                    if best is None or key < best[0]:
                        best = (key, hit)
        return None if best is None else named._step(board, graph, best[1])

    find.__name__ = f"hodoku_{kind}"
    find.__doc__ = f"HoDoKu's pick among grille's {kind} chains (most deletions first)."
    return find
