"""The forcing tiers search in Sudoku Explainer's order, which decides node counts.

SE's dynamic chaining (Chaining.java: getOnToOff, getOffToOn, addHiddenParentsOfRegion,
doRegionChainings) walks a cell's box, then its row, then its column. The first
contradiction a net meets, and so the chain SE reports and its length, follow that order.
"""

from __future__ import annotations

from grille.sudoku.geometry import Shape
from grille.sudoku.grid import Grid
from grille.sudoku.logic.explain import rate
from grille.sudoku.logic.forcing.net import Topology

NISHIO_77 = "9.....57....56.....4...9..2..51.6.4.18.....53.9.3.57..4..7...3.....51....21.....5"
"""A public-domain Sudoku Exchange bank puzzle (grantm/sudoku-exchange-puzzle-bank) that
Sukaku Explainer rates 7.7: its Nishio chain from r7c3=6 meets a contradiction with
6 + 4 nodes in SE's order; searching rows first finds an 11-node chain (7.8) instead."""


def test_topology_lists_box_row_column() -> None:
    shape = Shape(3, 3)
    topo = Topology(shape)
    n = shape.size
    for cell in range(n * n):
        units = [int(u) for u in topo.cell_units[3 * cell : 3 * cell + 3]]
        assert units == [2 * n + shape.box_of(cell), cell // n, n + cell % n]
        peers = [int(p) for p in topo.peers[topo.npeers * cell : topo.npeers * (cell + 1)]]
        box = [c for c in shape.units[units[0]] if c != cell]
        assert peers[: len(box)] == box
        assert sorted(peers) == sorted(shape.peers[cell])


def test_nishio_chain_length_follows_se_order() -> None:
    rating = rate(Grid.from_string(NISHIO_77), scale="sukaku")
    assert rating.er == 7.7
