"""The variant solver's model built per layout (:func:`grille.sudoku.variants.solve.layout_of`)
and per puzzle (:func:`~grille.sudoku.variants.solve.model_of`): the same model as a plain
build from scratch on every family's fixture, the layout's tables shared between puzzles,
and derived grids that do not re-check their variant."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from conftest import FIXTURES
from grille.sudoku.grid import Grid
from grille.sudoku.variants import _kernel
from grille.sudoku.variants import solve as solve_module
from grille.sudoku.variants.families import BY_NAME
from grille.sudoku.variants.fpuzzles import from_fpuzzles
from grille.sudoku.variants.model import Variant
from grille.sudoku.variants.solve import Model, layout_of, model_of

HERE = FIXTURES / "variants"
FAMILY_FILES = sorted(p for p in HERE.glob("*.json") if p.stem in BY_NAME)

Locked = tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]


def grid_of(path: Path) -> Grid:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return from_fpuzzles(data["fpuzzles"])


def model(grid: Grid) -> Model:
    n = grid.size
    return model_of(grid.variant or Variant(), n, tuple(grid.shape.units[2 * n:]))


def reference(grid: Grid) -> tuple[Any, ...]:
    """Peers, full units, locked pairs and watchers built the plain way, from scratch."""
    n = grid.size
    variant = grid.variant or Variant()
    parts = [c.solver_parts(n, variant) for c in variant.constraints]
    units = [tuple(r * n + c for c in range(n)) for r in range(n)]
    units += [tuple(r * n + c for r in range(n)) for c in range(n)]
    if not any(p.regions for p in parts):
        units += grid.shape.units[2 * n:]
    units += [unit for p in parts for unit in p.units]
    peers = [{c for u in units if cell in u for c in u} - {cell} for cell in range(n * n)]
    full: list[tuple[int, ...]] = []
    for unit in units:
        if len(set(unit)) == n and tuple(sorted(unit)) not in full:
            full.append(tuple(sorted(unit)))
    locked = []
    for u, v in itertools.permutations(full, 2):
        shared = [c for c in u if c in v]
        if len(shared) >= 2:
            locked.append((tuple(shared), tuple(c for c in u if c not in v),
                           tuple(c for c in v if c not in u)))
    locked.sort(key=lambda item: (full.index(_owner(full, item, 0)),
                                  full.index(_owner(full, item, 1))))
    filters = [f for p in parts for f in p.filters]
    watchers = tuple(tuple(i for i, f in enumerate(filters) if cell in f.cells)
                     for cell in range(n * n))
    return tuple(tuple(sorted(p)) for p in peers), tuple(full), tuple(locked), watchers


def _owner(full: list[tuple[int, ...]], item: tuple[tuple[int, ...], ...], side: int
           ) -> tuple[int, ...]:
    """The full unit a locked pair's first (``side`` 0) or second unit is."""
    cells = set(item[0]) | set(item[1 + side])
    return next(u for u in full if set(u) == cells)


@pytest.mark.parametrize("path", FAMILY_FILES, ids=lambda p: p.stem)
def test_the_model_is_the_one_built_from_scratch(path: Path) -> None:
    grid = grid_of(path)
    built = model(grid)
    peers, full, locked, watchers = reference(grid)
    assert built.peers == peers
    assert built.full_units == full
    assert built.locked == locked
    assert built.watchers == watchers


def test_puzzles_on_one_layout_share_its_tables() -> None:
    thermo = grid_of(HERE / "odd_even.json")  # no units of its own
    plain = Grid(thermo.shape, thermo.cells)
    n = thermo.size
    layout = layout_of(n, tuple(thermo.shape.units[2 * n:]))
    first, second = model(thermo), model(plain)
    assert first.peers is layout.peer_lists and second.peers is layout.peer_lists
    assert first.full_units is layout.full and first.locked is layout.locked
    flat_a, flat_b = _kernel.flatten(first), _kernel.flatten(second)
    assert flat_a is not None and flat_b is not None
    for index in (1, 2, 3, 9):  # peer offsets and list, full units, locked pairs
        assert flat_a.tables[index] is flat_b.tables[index]


@pytest.mark.parametrize("name", ["jigsaw", "x", "extra_region", "disjoint", "odd_even"])
def test_the_kernel_gets_the_same_locked_pairs_without_tuples(name: str) -> None:
    """The model leaves its locked pairs unbuilt (a layout's too: odd_even has no units of
    its own); the kernel's NumPy encoding of them is the encoding of the tuples."""
    grid = grid_of(HERE / f"{name}.json")
    n = grid.size
    model_of.cache_clear()
    built = model(grid)
    assert built.locked_pairs is None
    flat = _kernel.flatten(built)
    assert flat is not None and built._built is None  # the kernel did not build them
    assert list(flat.tables[9]) == _kernel._flat_locked(built.locked)
    assert built._built is built.locked  # built once, on first read
    assert built.locked == reference(grid)[2]
    assert list(_kernel._flat_locked_of(built.full_units, n * n)) == _kernel._flat_locked(
        built.locked)


@pytest.mark.parametrize("name", ["jigsaw", "killer", "thermo", "anti_knight", "renban"])
def test_the_compiled_peers_are_numpys(name: str) -> None:
    """The puzzle's units grow the layout's peers the same way compiled (or interpreted,
    under ``GRILLE_JIT=0``) as with NumPy: arrays, grown cells, and the peer sets that
    ``with_peers`` reads; and they are the peers built from scratch."""
    grid = grid_of(HERE / f"{name}.json")
    n = grid.size
    assert grid.variant is not None
    parts = [c.solver_parts(n, grid.variant) for c in grid.variant.constraints]
    units = [unit for p in parts for unit in p.units]
    assert units
    layout = layout_of(n, () if any(p.regions for p in parts)
                       else tuple(grid.shape.units[2 * n:]))
    (start, peers), grown, sees = solve_module._grown_compiled(layout, units)
    (start_np, peers_np), grown_np, sees_np = solve_module._grown_numpy(layout, units)
    assert start.tolist() == start_np.tolist() and peers.tolist() == peers_np.tolist()
    assert grown == grown_np and grown
    assert [sees[cell] for cell in range(n * n)] == [sees_np[cell] for cell in range(n * n)]
    scratch = reference(grid)[0]
    assert [tuple(peers[start[c]:start[c + 1]].tolist()) for c in range(n * n)] == list(scratch)
    assert all(set(sees[c]) == {c, *scratch[c]} for c in range(n * n))


def test_a_cage_across_boxes_grows_only_its_cells_peers() -> None:
    killer = grid_of(HERE / "killer.json")
    n = killer.size
    layout = layout_of(n, tuple(killer.shape.units[2 * n:]))
    built = model(killer)
    assert killer.variant is not None
    units = [u for c in killer.variant.constraints
             for u in c.solver_parts(n, killer.variant).units]
    crossing = {cell for u in units for cell in u if not layout.peers[cell].issuperset(u)}
    assert crossing  # the fixture has a cage across boxes
    for cell in range(n * n):
        assert (built.peers[cell] is layout.peer_lists[cell]) == (cell not in crossing)


def test_derived_grids_check_their_entries_but_not_the_variant_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    grid = grid_of(HERE / "jigsaw.json")
    cells = grid.size * grid.size
    calls = []
    monkeypatch.setattr(Variant, "fits", lambda self, size: calls.append(size))
    solved = grid.with_cells([1] * cells)
    marked = solved.with_marks([3] * cells)
    assert calls == []
    assert solved.variant is grid.variant and solved.cells == (1,) * cells
    assert solved.givens == tuple(d != 0 for d in grid.cells)
    assert marked.marks == (3,) * cells and marked.cells == solved.cells
    with pytest.raises(ValueError, match=re.escape(f"digits of a {grid.size}x{grid.size}")):
        grid.with_cells([grid.size + 1] * cells)
    with pytest.raises(ValueError, match=f"marks must have {cells} entries, got 3"):
        grid.with_marks([1, 2, 3])
    Grid(grid.shape, grid.cells, variant=grid.variant)  # a new grid is checked
    assert calls == [grid.size]
