"""Kakuro techniques, easiest first: each is a function ``Board -> Iterator[Step]`` yielding
every instance it finds (the walk takes the first, or all of them in a sweep).

=====================  ==========  ===========================================================
technique              difficulty  idea
=====================  ==========  ===========================================================
last cell              1.0         a run's one empty cell takes what its sum still needs
single                 1.1         a cell with one candidate left
unique combination     1.2         the run's sum in its empty cells has one digit set
intersection           1.5         a cell keeps the digits both its runs' sums allow
combination            2.0         digits in no combination that fits the cells are excluded
required digit         2.2         a digit every combination needs fits one cell only
bounds                 3.1         the other cells' smallest and largest sums bound a cell
naked subset           3.2         k cells of a run hold k digits: other cells lose them
hidden subset          3.3         k required digits fit only k cells: those cells keep them
run consistency        3.5         a digit in no complete filling of the run is excluded
area sum               3.8         whole runs over one area: the few cells in or out sum up
lookahead              6.0         assuming a digit breaks a run (full consistency): excluded
=====================  ==========  ===========================================================
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

from grille.kakuro.grid import Run, digits_of_mask
from grille.kakuro.logic.board import Board, bit_count, run_support
from grille.logic import Candidate, Step, Technique

__all__ = [
    "AREA_CELLS",
    "LADDER",
    "TECHNIQUES",
    "KakuroTechnique",
    "StepFinder",
    "area_sum",
    "bounds",
    "combination",
    "hidden_subset",
    "intersection",
    "ladder_up_to",
    "last_cell",
    "lookahead",
    "naked_subset",
    "required_digit",
    "run_consistency",
    "single",
    "unique_combination",
]

StepFinder = Callable[[Board], Iterator[Step]]
"""What finds a technique's steps: every one it sees on a board, as a generator."""

KakuroTechnique = Technique[Board]


def _set(mask: int) -> str:
    return "{" + ",".join(map(str, digits_of_mask(mask))) + "}"


def _digits(mask: int) -> str:
    return "".join(map(str, digits_of_mask(mask)))


def _rc(board: Board, cell: int) -> tuple[int, int]:
    return divmod(cell, board.grid.cols)


def _name(board: Board, cell: int) -> str:
    return board.grid.cell_name(cell)


def _eliminations(board: Board, cells: list[int], keep: dict[int, int]) -> tuple[Candidate, ...]:
    """The candidates of ``cells`` outside ``keep[cell]``."""
    out: list[Candidate] = []
    for cell in cells:
        gone = board.masks[cell] & ~keep[cell]
        row, col = _rc(board, cell)
        out.extend((row, col, d) for d in digits_of_mask(gone))
    return tuple(out)


def _step(
    board: Board, technique: str, run: Run | None, explanation: str, difficulty: float, *,
    placements: tuple[Candidate, ...] = (), eliminations: tuple[Candidate, ...] = (),
    cells: tuple[int, ...] = (), area: str = "",
) -> Step:
    shown = cells or (run.cells if run is not None else ())
    return Step(
        technique,
        placements=placements,
        eliminations=eliminations,
        cells=tuple(_rc(board, cell) for cell in shown),
        units=(run.name,) if run is not None else (),
        explanation=explanation,
        difficulty=difficulty,
        area=area or (f"the {run.name} run" if run is not None else "the whole grid"),
    )


_QUIET: set[tuple[str, int, int]] = set()
"""(technique, run key, other run key) where a technique found nothing: runs whose cells
have not changed since are not looked at again (see :meth:`Board.run_key`)."""

_QUIET_MAX = 1 << 20


def _remember(name: str, key: int, other: int = 0) -> None:
    if len(_QUIET) >= _QUIET_MAX:
        _QUIET.clear()
    _QUIET.add((name, key, other))


def _fresh_runs(board: Board, name: str) -> Iterator[tuple[Run, int]]:
    """Each run (with its key) where ``name`` has not already found nothing."""
    if board.grid.distinct_combinations:
        for index, run in enumerate(board.grid.runs):
            yield run, board.run_key(index)
        return
    quiet = _QUIET
    for run, key in zip(board.grid.runs, board.stamps, strict=True):
        if (name, key, 0) not in quiet:
            yield run, key


def _clued(board: Board, name: str) -> Iterator[tuple[Run, list[int]]]:
    """Each clued run with empty cells, with those cells, that ``name`` has not already
    found nothing in; a run the caller takes and yields nothing for is remembered so."""
    for run, key in _fresh_runs(board, name):
        if run.total:
            empty = board.empty(run)
            if empty:
                yield run, empty
        _remember(name, key)


def _in_words(board: Board, run: Run, empty: list[int]) -> str:
    """``23 in 3`` or, with digits placed, ``17 left in 2 (6 placed)``."""
    placed = board.placed(run)
    if not placed:
        return f"{run.total} in {run.length}"
    return f"{board.remaining(run)} left in {len(empty)} (placed {''.join(map(str, placed))})"


# -- placements ------------------------------------------------------------------------------


def last_cell(board: Board) -> Iterator[Step]:
    """A clued run with one empty cell: it takes the rest of the sum."""
    for run, empty in _clued(board, "last_cell"):
        if len(empty) != 1:
            continue
        cell = empty[0]
        digit = board.remaining(run)
        if 1 <= digit <= 9 and board.masks[cell] >> (digit - 1) & 1:
            yield _step(
                board, "Last cell", run,
                f"{_name(board, cell)} is the last empty cell of the {run.name} run: "
                f"{run.total} - {sum(board.placed(run))} = {digit}.",
                1.0, placements=((*_rc(board, cell), digit),), cells=(cell,),
            )


def single(board: Board) -> Iterator[Step]:
    """An empty cell with one candidate left."""
    for cell in board.grid.whites:
        mask = board.masks[cell]
        if not board.values[cell] and mask and not mask & (mask - 1):
            digit = digits_of_mask(mask)[0]
            yield _step(
                board, "Single", None, f"{_name(board, cell)} can only be {digit}.", 1.1,
                placements=((*_rc(board, cell), digit),), cells=(cell,),
                area=_name(board, cell),
            )


# -- arithmetic on one run, then two ---------------------------------------------------------


def unique_combination(board: Board) -> Iterator[Step]:
    """The run's remaining sum in its empty cells has exactly one digit set."""
    for run, empty in _clued(board, "unique_combination"):
        combos = board.combos(run)
        if len(combos) != 1:
            continue
        combo = combos[0]
        removed = _eliminations(board, empty, dict.fromkeys(empty, combo))
        if removed:
            yield _step(
                board, "Unique combination", run,
                f"{_in_words(board, run, empty)} = {_set(combo)}, its only combination: "
                f"the {run.name} run's empty cells take only these digits.",
                1.2, eliminations=removed,
            )


def _allowed(board: Board, run: Run) -> int:
    mask = 0
    for combo in board.combos(run):
        mask |= combo
    return mask


def intersection(board: Board) -> Iterator[Step]:
    """A cell keeps only digits allowed by both its runs' sums."""
    topo = board.grid.topology
    allowed: dict[int, int] = {}
    for cell in board.grid.whites:
        if board.values[cell] or topo.across[cell] < 0 or topo.down[cell] < 0:
            continue
        keys = board.run_key(topo.across[cell]), board.run_key(topo.down[cell])
        if ("intersection", *keys) in _QUIET:
            continue
        runs = [topo.runs[topo.across[cell]], topo.runs[topo.down[cell]]]
        if not all(run.total for run in runs):
            continue
        masks = []
        for run in runs:
            key = id(run)
            if key not in allowed:
                allowed[key] = _allowed(board, run)
            masks.append(allowed[key])
        keep = masks[0] & masks[1]
        removed = _eliminations(board, [cell], {cell: keep})
        if not removed:
            _remember("intersection", *keys)
        else:
            a, d = runs
            a_words = _in_words(board, a, board.empty(a))
            d_words = _in_words(board, d, board.empty(d))
            yield _step(
                board, "Intersection", None,
                f"{_name(board, cell)} is in the {a.name} run ({a_words}: digits "
                f"{_digits(masks[0])}) and the {d.name} run ({d_words}: digits "
                f"{_digits(masks[1])}); "
                f"it keeps {_set(keep)}.",
                1.5, eliminations=removed, cells=(cell, *a.cells, *d.cells),
                area=_name(board, cell),
            )


def bounds(board: Board) -> Iterator[Step]:
    """The other empty cells' smallest and largest possible sums bound each cell."""
    for run, empty in _clued(board, "bounds"):
        if len(empty) < 2:
            continue
        need = board.remaining(run)
        keep: dict[int, int] = {}
        notes = []
        for cell in empty:
            others = [board.masks[o] for o in empty if o != cell]
            union = 0
            for mask in others:
                union |= mask
            digits = digits_of_mask(union)
            lows = sum(digits_of_mask(mask)[0] if mask else 0 for mask in others)
            highs = sum(digits_of_mask(mask)[-1] if mask else 0 for mask in others)
            low = max(lows, sum(digits[: len(others)]))
            high = min(highs, sum(digits[-len(others):]) if digits else 0)
            window = 0
            for digit in range(max(1, need - high), min(9, need - low) + 1):
                window |= 1 << (digit - 1)
            keep[cell] = window
            if board.masks[cell] & ~window:
                notes.append(f"{_name(board, cell)} is {need - high} to {need - low}")
        removed = _eliminations(board, empty, keep)
        if removed:
            yield _step(
                board, "Bounds", run,
                f"In the {run.name} run the empty cells add up to {need}; the others' smallest "
                f"and largest sums bound each cell: {', '.join(notes)}.",
                3.1, eliminations=removed,
            )


# -- combinations that fit the candidates ----------------------------------------------------


def _fits(board: Board, cells: list[int], combo: int) -> bool:
    """Whether the cells can take the digits of ``combo`` one each (a perfect matching)."""
    masks = [board.masks[cell] & combo for cell in cells]
    if any(mask == 0 for mask in masks):
        return False
    match: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        for digit in digits_of_mask(masks[i]):
            if digit in seen:
                continue
            seen.add(digit)
            if digit not in match or augment(match[digit], seen):
                match[digit] = i
                return True
        return False

    return all(augment(i, set()) for i in range(len(cells)))


def fitting_combos(board: Board, run: Run) -> list[int]:
    """The run's combinations its empty cells can take with their candidates."""
    empty = board.empty(run)
    return [combo for combo in board.combos(run) if _fits(board, empty, combo)]


def _combo_list(combos: list[int]) -> str:
    return " ".join(_digits(combo) for combo in combos) or "none"


def combination(board: Board) -> Iterator[Step]:
    """Digits in no combination that fits the empty cells' candidates are excluded."""
    for run, empty in _clued(board, "combination"):
        all_combos = board.combos(run)
        combos = [combo for combo in all_combos if _fits(board, empty, combo)]
        union = 0
        for combo in combos:
            union |= combo
        removed = _eliminations(board, empty, dict.fromkeys(empty, union))
        if removed:
            dropped = [combo for combo in all_combos if combo not in combos]
            why = f" ({_combo_list(dropped)} do not fit the cells)" if dropped else ""
            yield _step(
                board, "Combination", run,
                f"{_in_words(board, run, empty)}: {_combo_list(combos)}{why}; the {run.name} "
                f"run's empty cells take only {_set(union)}.",
                2.0, eliminations=removed,
            )


def required_digit(board: Board) -> Iterator[Step]:
    """A digit every fitting combination of a run needs, which only one cell can take."""
    for run, empty in _clued(board, "required_digit"):
        combos = fitting_combos(board, run)
        if not combos:
            continue
        required = combos[0]
        for combo in combos[1:]:
            required &= combo
        for digit in digits_of_mask(required):
            holders = [cell for cell in empty if board.masks[cell] >> (digit - 1) & 1]
            if len(holders) == 1 and len(empty) > 1:
                cell = holders[0]
                yield _step(
                    board, "Required digit", run,
                    f"{_in_words(board, run, empty)}: {_combo_list(combos)} all need {digit}, "
                    f"and only {_name(board, cell)} can hold it in the {run.name} run.",
                    2.2, placements=((*_rc(board, cell), digit),),
                )


def naked_subset(board: Board) -> Iterator[Step]:
    """k empty cells of a run holding k digits between them: the run's other cells lose them."""
    for run, key in _fresh_runs(board, "naked_subset"):
        empty = board.empty(run)
        for size in range(2, len(empty)):
            for group in itertools.combinations(empty, size):
                union = 0
                for cell in group:
                    union |= board.masks[cell]
                if bit_count(union) != size:
                    continue
                others = [cell for cell in empty if cell not in group]
                removed = _eliminations(board, others, dict.fromkeys(others, ~union & 0x1FF))
                if removed:
                    names = ", ".join(_name(board, cell) for cell in group)
                    yield _step(
                        board, f"Naked {('pair', 'triple', 'quad')[min(size, 4) - 2]}", run,
                        f"{names} hold only {_set(union)} between them, so no other cell of "
                        f"the {run.name} run can.", 3.2, eliminations=removed, cells=group,
                    )
        _remember("naked_subset", key)


def hidden_subset(board: Board) -> Iterator[Step]:
    """k digits every fitting combination needs, which only k cells can take: those cells
    hold nothing else."""
    for run, empty in _clued(board, "hidden_subset"):
        combos = fitting_combos(board, run)
        if not combos:
            continue
        required = combos[0]
        for combo in combos[1:]:
            required &= combo
        digits = digits_of_mask(required)
        for size in range(2, min(len(digits), len(empty) - 1) + 1):
            for chosen in itertools.combinations(digits, size):
                mask = sum(1 << (d - 1) for d in chosen)
                holders = [cell for cell in empty if board.masks[cell] & mask]
                if len(holders) != size:
                    continue
                removed = _eliminations(board, holders, dict.fromkeys(holders, mask))
                if removed:
                    names = ", ".join(_name(board, cell) for cell in holders)
                    yield _step(
                        board, f"Hidden {('pair', 'triple', 'quad')[min(size, 4) - 2]}", run,
                        f"{_in_words(board, run, empty)} needs {_set(mask)} "
                        f"({_combo_list(combos)}), and only {names} can hold them: those cells "
                        f"keep only {_set(mask)}.",
                        3.3, eliminations=removed, cells=tuple(holders),
                    )


def run_consistency(board: Board) -> Iterator[Step]:
    """A digit that appears in no complete filling of the run (distinct digits, the sum,
    the cells' candidates) is excluded."""
    for run, key in _fresh_runs(board, "run_consistency"):
        empty = board.empty(run)
        if not empty:
            _remember("run_consistency", key)
            continue
        forbidden = frozenset(t & ~board.placed_mask(run) for t in board.taken_sets(run))
        support = run_support(
            [board.masks[cell] for cell in empty],
            board.remaining(run) if run.total else 0,
            forbidden,
        )
        removed = () if support is None else _eliminations(
            board, empty, dict(zip(empty, support, strict=True))
        )
        if not removed:
            _remember("run_consistency", key)
        else:
            listed = ", ".join(f"{d} from r{r + 1}c{c + 1}" for r, c, d in removed)
            yield _step(
                board, "Run consistency", run,
                f"Trying every way to fill the {run.name} run ({_in_words(board, run, empty)}) "
                f"with distinct digits from the candidates, none uses {listed}.",
                3.5, eliminations=removed,
            )


# -- areas and lookahead ---------------------------------------------------------------------


AREA_CELLS = 6
"""The most cells an area sum constrains (the innies or outies of the area)."""


def area_sum(board: Board) -> Iterator[Step]:
    """Some whole runs in one direction make an area; the runs of the other direction
    through it cover the area and a few cells outside (outies), while those lying wholly
    inside cover all but a few inner cells (innies). Either way those few cells add up to
    a difference of clue totals: each keeps the digits some filling of them allows (cells
    sharing a run distinct), and a lone cell is placed."""
    grid = board.grid
    topo = grid.topology
    for first, second in (("across", topo.down), ("down", topo.across)):
        own = topo.across if first == "across" else topo.down
        seeds = [run for run in grid.runs if run.direction == first and run.total]
        for seed in seeds:
            area = set(seed.cells)
            inside = [seed]
            for _ in range(4):
                crossing = {second[cell] for cell in area}
                if -1 in crossing or any(not grid.runs[i].total for i in crossing):
                    break
                runs = [grid.runs[i] for i in sorted(crossing)]
                outside = {c for run in runs for c in run.cells} - area
                step = _area_step(board, inside, runs, sorted(outside), outies=True)
                if step is None:
                    within = [run for run in runs if set(run.cells) <= area]
                    innies = area - {c for run in within for c in run.cells}
                    if within:
                        step = _area_step(board, inside, within, sorted(innies), outies=False)
                if step is not None:
                    yield step
                    break
                grow = {own[c] for c in outside}
                if -1 in grow or not 1 <= len(grow) <= 2:
                    break
                extra = [grid.runs[i] for i in sorted(grow)]
                if not all(run.total for run in extra):
                    break
                inside += extra
                for run in extra:
                    area |= set(run.cells)


def _area_support(board: Board, cells: list[int], need: int) -> list[int] | None:
    """Each cell's digits in some filling of ``cells`` from their candidates that adds up
    to ``need``, cells of one run distinct; ``None`` if there is none."""
    topo = board.grid.topology
    runs = [{topo.across[c], topo.down[c]} - {-1} for c in cells]
    if set.intersection(*runs):
        return run_support([board.masks[c] for c in cells], need)
    clash = [[j for j in range(i) if runs[i] & runs[j]] for i in range(len(cells))]
    masks = [board.masks[c] for c in cells]
    lows = [digits_of_mask(m)[0] if m else 10 for m in masks]
    highs = [digits_of_mask(m)[-1] if m else 0 for m in masks]
    support = [0] * len(cells)
    chosen = [0] * len(cells)

    def place(i: int, left: int) -> bool:
        if i == len(cells):
            if left:
                return False
            for j, digit in enumerate(chosen):
                support[j] |= 1 << (digit - 1)
            return True
        if not sum(lows[i:]) <= left <= sum(highs[i:]):
            return False
        found = False
        for digit in digits_of_mask(masks[i]):
            if any(chosen[j] == digit for j in clash[i]):
                continue
            chosen[i] = digit
            found = place(i + 1, left - digit) or found
        return found

    return support if place(0, need) else None


def _area_step(
    board: Board, inside: list[Run], crossing: list[Run], cells: list[int], *, outies: bool
) -> Step | None:
    """The step the area of ``inside`` gives on ``cells``: with ``outies`` the ``crossing``
    runs cover the area and ``cells``; else they cover the area but ``cells``."""
    if not cells or len(cells) > AREA_CELLS:
        return None
    covered = [c for run in crossing for c in run.cells]
    if len(covered) != len(set(covered)):
        return None
    inner_total = sum(run.total for run in inside)
    cross_total = sum(run.total for run in crossing)
    difference = cross_total - inner_total if outies else inner_total - cross_total
    empty = [cell for cell in cells if not board.values[cell]]
    need = difference - sum(board.values[cell] for cell in cells if board.values[cell])
    if not empty:
        return None
    listed = ", ".join(_name(board, c) for c in cells)
    crossing_words = f"{len(crossing)} {crossing[0].direction} run(s) " + (
        f"({' + '.join(str(run.total) for run in crossing)})"
    )
    inside_words = f"{len(inside)} {inside[0].direction} run(s) " + (
        f"({' + '.join(str(run.total) for run in inside)})"
    )
    if outies:
        what = f"The {crossing_words} cover the {inside_words} and {listed}"
    else:
        what = f"The {inside_words} are covered by the {crossing_words} and {listed}"
    shown = tuple(c for run in inside for c in run.cells) + tuple(
        c for c in cells if c not in {x for run in inside for x in run.cells}
    )
    if len(empty) == 1:
        cell = empty[0]
        if not (1 <= need <= 9 and board.masks[cell] >> (need - 1) & 1):
            return None
        return _step(
            board, "Area sum", None,
            f"{what}, so {_name(board, cell)} = {need}.",
            3.8, placements=((*_rc(board, cell), need),), cells=shown,
            area=f"the area around {_name(board, cell)}",
        )
    support = _area_support(board, empty, need)
    if support is None:
        return None
    keep = dict(zip(empty, support, strict=True))
    removed = _eliminations(board, empty, keep)
    if not removed:
        return None
    total = " + ".join(_name(board, c) for c in empty)
    kept = ", ".join(f"{_name(board, c)} {_set(keep[c])}" for c in empty)
    placed = "" if len(empty) == len(cells) else " (with the digits placed there)"
    return _step(
        board, "Area sum", None,
        f"{what}, so {total} = {need}{placed}; the fillings of those cells "
        f"leave {kept}.",
        3.8, eliminations=removed, cells=shown, area=f"the area around {_name(board, empty[0])}",
    )


def _contradiction(board: Board, cell: int, digit: int) -> bool:
    """Whether placing ``digit`` in ``cell`` leaves some run with no complete filling."""
    from grille.kakuro.solver import consistent_masks

    grid = board.grid
    masks = []
    for white in grid.whites:
        value = board.values[white]
        masks.append(1 << (value - 1) if value else board.masks[white])
    masks[grid.whites.index(cell)] = 1 << (digit - 1)
    return consistent_masks(grid, masks) is None


def lookahead(board: Board) -> Iterator[Step]:
    """Assume a candidate, make every run fully consistent: a contradiction excludes it."""
    empty = [cell for cell in board.grid.whites if not board.values[cell]]
    empty.sort(key=lambda cell: (bit_count(board.masks[cell]), cell))
    for cell in empty:
        for digit in digits_of_mask(board.masks[cell]):
            if _contradiction(board, cell, digit):
                yield _step(
                    board, "Lookahead", None,
                    f"If {_name(board, cell)} were {digit}, making every run consistent would "
                    f"leave some cell with no digit, so {_name(board, cell)} is not {digit}.",
                    6.0, eliminations=((*_rc(board, cell), digit),), cells=(cell,),
                    area=_name(board, cell),
                )


_SCALE = frozenset({"grille"})

LADDER: tuple[KakuroTechnique, ...] = (
    Technique.sweeping("Last cell", last_cell, (1.0,), _SCALE),
    Technique.sweeping("Single", single, (1.1,), _SCALE),
    Technique.sweeping("Unique combination", unique_combination, (1.2,), _SCALE),
    Technique.sweeping("Intersection", intersection, (1.5,), _SCALE),
    Technique.sweeping("Combination", combination, (2.0,), _SCALE),
    Technique.sweeping("Required digit", required_digit, (2.2,), _SCALE),
    Technique.sweeping("Bounds", bounds, (3.1,), _SCALE),
    Technique.sweeping("Naked subset", naked_subset, (3.2,), _SCALE),
    Technique.sweeping("Hidden subset", hidden_subset, (3.3,), _SCALE),
    Technique.sweeping("Run consistency", run_consistency, (3.5,), _SCALE),
    Technique.sweeping("Area sum", area_sum, (3.8,), _SCALE),
    Technique.sweeping("Lookahead", lookahead, (6.0,), _SCALE),
)
"""Every technique, declared once with its difficulty (the steps it yields carry the same),
easiest first."""

TECHNIQUES: tuple[StepFinder, ...] = tuple(t.every for t in LADDER if t.every is not None)
"""Every technique's step generator, easiest first (for callers that take one step)."""


def ladder_up_to(limit: float) -> tuple[KakuroTechnique, ...]:
    """The techniques of difficulty at most ``limit``, easiest first."""
    return tuple(technique for technique in LADDER if technique.value <= limit)
