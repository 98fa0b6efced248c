"""Tests for the exact cover engine with colours (Algorithm C on dancing links)."""

from __future__ import annotations

import doctest
import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grille.engine import xcc
from grille.engine._jit import jit_enabled
from grille.engine.xcc import XCCProblem, count, solutions
from grille.errors import GrilleError
from grille.kind import Verdict

needs_jit = pytest.mark.skipif(not jit_enabled(), reason="numba is disabled")
BACKENDS = ["python", pytest.param("jit", marks=needs_jit)]


def queens(n: int) -> XCCProblem:
    """n queens: rows and columns primary, diagonals secondary."""
    diagonals = range(2 * n - 1)
    return XCCProblem(
        [*(f"r{i}" for i in range(n)), *(f"c{j}" for j in range(n))],
        [*(f"a{d}" for d in diagonals), *(f"b{d}" for d in diagonals)],
        [[f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"] for i in range(n) for j in range(n)],
    )


def knuth_colours() -> XCCProblem:
    """The example of TAOCP 7.2.2.1 (49): its only solution is options 1 and 3."""
    return XCCProblem(
        ["p", "q", "r"],
        ["x", "y"],
        [
            ["p", "q", "x", ("y", "A")],
            ["p", "r", ("x", "A"), "y"],
            ["p", ("x", "B")],
            ["q", ("x", "A")],
            ["r", ("y", "B")],
        ],
    )


# -- problems ----------------------------------------------------------------------------


def test_problem_views() -> None:
    problem = knuth_colours()
    assert problem.primary == ("p", "q", "r")
    assert problem.secondary == ("x", "y")
    assert (problem.n_primary, problem.n_secondary, problem.n_items) == (3, 2, 5)
    assert len(problem) == problem.n_options == 5
    assert problem.items(1) == (0, 2, 3, 4)
    assert problem.colours(1) == (0, 0, 1, 0)
    assert problem.option(1) == (("p", None), ("r", None), ("x", "A"), ("y", None))
    assert problem.option_text(2) == "p x:B"
    assert problem.coloured
    assert repr(problem) == "<XCCProblem: 3 primary and 2 secondary items, 5 options>"


def test_from_indices_matches_names() -> None:
    by_names = XCCProblem(["a", "b"], ["s"], [["a", ("s", "1")], ["b", ("s", "1")], ["a", "b"]])
    by_numbers = XCCProblem.from_indices(
        2,
        1,
        [[0, 2], [1, 2], [0, 1]],
        [[0, 1], [0, 1], [0, 0]],
        names=["a", "b", "s"],
        colour_names=["1"],
    )
    assert by_names == by_numbers
    assert hash(by_names) == hash(by_numbers)
    assert by_names != queens(4)


def test_from_indices_without_names() -> None:
    problem = XCCProblem.from_indices(2, 1, [[0, 2], [1]], [[0, 3], [0]])
    assert problem.primary == ("0", "1")
    assert problem.option_text(0) == "0 2:3"
    assert not XCCProblem.from_indices(1, 0, [[0]], [[0]]).coloured


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: XCCProblem(["a", "a"]), "listed twice"),
        (lambda: XCCProblem(["a"], ["a"]), "listed twice"),
        (lambda: XCCProblem(["a"], [], [["b"]]), "unknown item 'b'"),
        (lambda: XCCProblem(["a"], [], [[("a", "red")]]), "colours primary item 'a'"),
        (lambda: XCCProblem(["a"], ["x"], [["x"]]), "no primary item"),
        (lambda: XCCProblem(["a"], [], [["a", "a"]]), "lists an item twice"),
        (lambda: XCCProblem(["a"], [], [[]]), "is empty"),
        (lambda: XCCProblem(["a"], [], [["a"]], labels=[]), "labels"),
        (lambda: XCCProblem.from_indices(1, 0, [[1]]), "outside"),
        (lambda: XCCProblem.from_indices(1, 1, [[0, 1]], [[0, -1]]), "negative"),
        (lambda: XCCProblem.from_indices(1, 1, [[0, 1]], [[0, 1, 1]]), "one colour per item"),
        (lambda: XCCProblem.from_indices(1, 0, [[0]], names=[]), "item names"),
        (lambda: XCCProblem.from_indices(-1, 0, []), "negative"),
    ],
)
def test_bad_problems(build: object, message: str) -> None:
    with pytest.raises(GrilleError, match=message):
        build()  # type: ignore[operator]


# -- counting ---------------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("n", "total"), [(1, 1), (2, 0), (3, 0), (4, 2), (6, 4), (8, 92)])
def test_queens(n: int, total: int, backend: str) -> None:
    result = count(queens(n), backend=backend)
    assert result.count == total
    assert result.exhausted
    assert not result.budget_reached
    assert len(result.found) == min(total, xcc.DEFAULT_KEEP)
    for solution in result.found:
        assert is_cover(queens(n), solution)


@pytest.mark.parametrize("backend", BACKENDS)
def test_ten_queens(backend: str) -> None:
    assert count(queens(10), backend=backend).count == 724


@pytest.mark.parametrize("backend", BACKENDS)
def test_colours_matter(backend: str) -> None:
    assert list(solutions(knuth_colours(), backend=backend)) == [[1, 3]]


@pytest.mark.parametrize("backend", BACKENDS)
def test_agreeing_colours_share_an_item(backend: str) -> None:
    # a and b both need s, in the same colour (2 ways); c takes that colour or leaves s.
    problem = XCCProblem(
        ["a", "b", "c"],
        ["s"],
        [[item, ("s", colour)] for colour in "12" for item in "abc"] + [["c"]],
    )
    found = sorted(solutions(problem, backend=backend))
    assert found == [[0, 1, 2], [0, 1, 6], [3, 4, 5], [3, 4, 6]]


@pytest.mark.parametrize("backend", BACKENDS)
def test_uncoloured_secondary_item_is_used_once(backend: str) -> None:
    problem = XCCProblem(["a", "b"], ["s"], [["a", "s"], ["b", "s"], ["a"], ["b"]])
    assert sorted(solutions(problem, backend=backend)) == [[0, 3], [1, 2], [2, 3]]


def test_trivial_problems() -> None:
    assert list(solutions(XCCProblem([]))) == [[]]
    assert list(solutions(XCCProblem([], ["x"]))) == [[]]
    assert count(XCCProblem(["a"])).count == 0
    assert count(XCCProblem(["a", "b"], [], [["a"]])).verdict is Verdict.NONE


def test_limit_and_keep() -> None:
    result = count(queens(8), limit=5)
    assert (result.count, len(result.found)) == (5, 5)
    assert not result.exhausted
    assert not result.budget_reached
    assert result.verdict is Verdict.SEVERAL
    assert len(count(queens(8), limit=5, keep=2).found) == 2
    assert len(count(queens(8), keep=0).found) == 0
    assert count(queens(8), limit=92).count == 92


def test_unique() -> None:
    result = count(knuth_colours(), limit=2)
    assert result.unique
    assert result.solution == (1, 3)
    assert result.nodes > 0


# -- budget, laziness, resumption ------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_budget_stops_the_search(backend: str) -> None:
    result = count(queens(8), budget=10, backend=backend)
    assert result.budget_reached
    assert not result.exhausted
    assert result.nodes == 10
    assert result.verdict is Verdict.UNKNOWN


@pytest.mark.parametrize("backend", BACKENDS)
def test_budget_is_exact(backend: str) -> None:
    total = count(queens(6), backend=backend).nodes
    assert count(queens(6), budget=total, backend=backend).exhausted
    assert count(queens(6), budget=total - 1, backend=backend).budget_reached
    assert count(queens(6), budget=0, backend=backend).nodes == 0


def test_budget_ends_iteration() -> None:
    search = solutions(queens(8), budget=200)
    found = list(search)
    assert 0 < len(found) < 92
    assert search.budget_reached
    assert search.finished
    assert search.nodes == 200
    assert next(search, None) is None
    assert "out of budget" in repr(search)


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="backend"):
        solutions(queens(4), backend="gpu")
    with pytest.raises(ValueError, match="budget"):
        solutions(queens(4), budget=-1)


@pytest.mark.parametrize("backend", BACKENDS)
def test_iteration_is_lazy(backend: str) -> None:
    search = solutions(queens(10), backend=backend)
    first = next(search)
    assert is_cover(queens(10), first)
    assert search.count == 1
    assert not search.finished
    assert search.nodes < 100  # the whole search tries 16447 options
    assert "running" in repr(search)


@pytest.mark.parametrize("backend", BACKENDS)
def test_resuming_gives_every_solution_once(backend: str) -> None:
    search = solutions(queens(8), backend=backend)
    first = list(itertools.islice(search, 10))
    assert search.run(50) == 50
    rest = list(search)
    assert search.exhausted
    assert search.count == 92
    assert len(first) + len(rest) == 52
    everything = list(solutions(queens(8), backend="python"))
    assert first == everything[:10]
    assert rest == everything[50:]
    assert search.run() == 92


@needs_jit
def test_auto_moves_a_long_search_to_compiled_code(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(xcc, "CHUNK", 7)
    monkeypatch.setattr(xcc, "SWITCH_COLD", 0.0)
    monkeypatch.setattr(xcc, "SWITCH_WARM", 0.0)
    search = solutions(queens(8), backend="auto")
    assert search.backend == "python"
    found = list(search)
    assert search.backend == "jit"
    assert found == list(solutions(queens(8), backend="python"))
    assert search.nodes == count(queens(8), backend="python").nodes


@needs_jit
def test_auto_compiles_big_problems(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(xcc, "JIT_MIN_NODES", 10)
    monkeypatch.setattr(xcc, "JIT_MIN_NODES_WARM", 10)
    assert solutions(queens(4)).backend == "jit"
    assert solutions(queens(4), backend="python").backend == "python"


def test_counters_agree_across_backends() -> None:
    python = solutions(queens(7), backend="python")
    python.run()
    assert python.count == 40
    assert python.updates > python.nodes > 0
    if jit_enabled():
        compiled = solutions(queens(7), backend="jit")
        compiled.run()
        assert (compiled.count, compiled.nodes, compiled.updates) == (
            40,
            python.nodes,
            python.updates,
        )


def test_queens_helpers() -> None:
    assert xcc.queens(5) == queens(5)
    assert xcc.count_queens(6) == 4


def test_docstring_example() -> None:
    assert doctest.testmod(xcc).failed == 0


# -- against brute force ---------------------------------------------------------------------


def is_cover(problem: XCCProblem, chosen: tuple[int, ...] | list[int]) -> bool:
    """Whether the ``chosen`` options solve ``problem``, checked from the definition."""
    uses: dict[int, list[int]] = {}
    for option in chosen:
        for item, colour in zip(problem.items(option), problem.colours(option), strict=True):
            uses.setdefault(item, []).append(colour)
    if any(len(uses.get(item, ())) != 1 for item in range(problem.n_primary)):
        return False
    for item in range(problem.n_primary, problem.n_items):
        colours = uses.get(item, [])
        if len(colours) > 1 and (0 in colours or len(set(colours)) > 1):
            return False
    return True


def brute_force(problem: XCCProblem) -> list[list[int]]:
    """Every solution, by trying every set of options."""
    return [
        list(chosen)
        for size in range(problem.n_options + 1)
        for chosen in itertools.combinations(range(problem.n_options), size)
        if is_cover(problem, chosen)
    ]


@st.composite
def small_problems(draw: st.DrawFn) -> XCCProblem:
    n_primary = draw(st.integers(1, 4))
    n_secondary = draw(st.integers(0, 3))
    options: list[list[int]] = []
    colours: list[list[int]] = []
    for _ in range(draw(st.integers(0, 8))):
        primary = draw(st.sets(st.integers(0, n_primary - 1), min_size=1))
        secondary: set[int] = set()
        if n_secondary:
            secondary = draw(st.sets(st.integers(n_primary, n_primary + n_secondary - 1)))
        items = draw(st.permutations(sorted(primary | secondary)))
        options.append(list(items))
        colours.append([draw(st.integers(0, 2)) if item >= n_primary else 0 for item in items])
    return XCCProblem.from_indices(n_primary, n_secondary, options, colours)


@settings(max_examples=300, deadline=None)
@given(small_problems())
def test_python_backend_matches_brute_force(problem: XCCProblem) -> None:
    found = list(solutions(problem, backend="python"))
    assert sorted(found) == sorted(brute_force(problem))
    assert max(Counter(map(tuple, found)).values(), default=1) == 1


@settings(max_examples=100, deadline=None)
@given(small_problems(), st.sampled_from(["python", "jit"] if jit_enabled() else ["python"]))
def test_links_are_restored_after_the_search(problem: XCCProblem, backend: str) -> None:
    search = solutions(problem, backend=backend)
    search.run()
    fresh = xcc._Links(problem).buffers
    after = [list(map(int, buffer)) for buffer in search._buffers]
    assert after[:6] == fresh[:6]  # llink, rlink, top, ulink, dlink, color


@needs_jit
@settings(max_examples=150, deadline=None)
@given(small_problems())
def test_backends_agree(problem: XCCProblem) -> None:
    python = solutions(problem, backend="python")
    compiled = solutions(problem, backend="jit")
    assert list(compiled) == list(python)
    assert (compiled.nodes, compiled.updates) == (python.nodes, python.updates)
