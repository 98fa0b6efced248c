"""Tests for Knuth's DLX text format and the ``grille xc`` runner."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from grille.engine._jit import jit_enabled
from grille.engine.dlxformat import BUDGET_STATUS, format_dlx, parse_dlx, run_xc
from grille.engine.xcc import XCCProblem, count, solutions
from grille.errors import GrilleError, ParseError

FIXTURES = Path(__file__).parent / "fixtures"

KNUTH = """\
| TAOCP 7.2.2.1 (49): exact cover with colours
p q r | x y
p q x y:A
p r x:A y
p x:B
  q   x:A
r y:B
"""


def xc(text: str, **options: object) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run_xc(text, out=out, err=err, **options)  # type: ignore[arg-type]
    return status, out.getvalue(), err.getvalue()


def test_parse() -> None:
    problem = parse_dlx(KNUTH)
    assert problem.primary == ("p", "q", "r")
    assert problem.secondary == ("x", "y")
    assert problem.n_options == 5
    assert problem.option(0) == (("p", None), ("q", None), ("x", None), ("y", "A"))
    assert problem.option_text(3) == "q   x:A"
    assert list(solutions(problem)) == [[1, 3]]


def test_parse_without_secondary_items_comments_and_blank_lines() -> None:
    problem = parse_dlx("|c\n\n a b c \n|c\n a\n\n b c\n   | not an option\nb\n")
    assert problem.primary == ("a", "b", "c")
    assert problem.secondary == ()
    assert list(solutions(problem)) == [[0, 1]]
    problem = parse_dlx("a b c |\na\nb c\n")
    assert problem.secondary == ()
    assert list(solutions(problem)) == [[0, 1]]


def test_format_round_trip() -> None:
    problem = parse_dlx(KNUTH)
    text = format_dlx(problem)
    assert text.splitlines()[:2] == ["p q r | x y", "p q x y:A"]
    again = parse_dlx(text)
    assert [again.option(k) for k in range(5)] == [problem.option(k) for k in range(5)]
    assert format_dlx(parse_dlx("a b\na b\n")) == "a b\na b\n"


def test_format_refuses_unwritable_names() -> None:
    with pytest.raises(GrilleError, match="cannot be written"):
        format_dlx(XCCProblem(["a b"]))
    with pytest.raises(GrilleError, match="cannot be written"):
        format_dlx(XCCProblem(["a"], ["x"], [["a", ("x", "c:d")]]))


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("", 1, 1, "no item line"),
        ("| only\n| comments\n\n", 3, 1, "no item line"),
        ("a b\nc\n", 2, 1, "unknown item 'c'"),
        ("a b\n\na  c\n", 3, 4, "unknown item 'c'"),
        ("a a\n", 1, 3, "item 'a' is listed twice"),
        ("a | a\n", 1, 5, "item 'a' is listed twice"),
        ("a | x | y\n", 1, 7, "second '|'"),
        ("a b: c\n", 1, 3, "bad item name 'b:'"),
        ("a b|c\n", 1, 3, "bad item name"),
        ("a b | x\na x:red b:blue\n", 2, 9, "primary item 'b' cannot have a colour"),
        ("a b\na b a\n", 2, 5, "item 'a' appears twice"),
        ("a | x\na x x:1\n", 2, 5, "item 'x' appears twice"),
        ("a | x\n  x\n", 2, 3, "at least one primary item"),
        ("a | x\na  x:\n", 2, 6, "bad colour ''"),
        ("a | x\na x:c:d\n", 2, 5, "bad colour 'c:d'"),
        ("a | x\na :c\n", 2, 3, "unknown item ''"),
    ],
)
def test_parse_errors(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(ParseError, match=message) as caught:
        parse_dlx(text, source="bad.dlx")
    assert (caught.value.line, caught.value.column) == (line, column)
    assert str(caught.value).startswith(f"bad.dlx:{line}:{column}: ")


@pytest.mark.parametrize(("name", "total"), [("queens8.dlx", 92), ("queens10.dlx", 724)])
def test_queens_files(name: str, total: int) -> None:
    text = (FIXTURES / name).read_text()
    assert xc(text, count_only=True) == (0, f"{total}\n", "")
    backends = ["python", "jit"] if jit_enabled() else ["python"]
    for backend in backends:
        assert count(parse_dlx(text), backend=backend).count == total


def test_run_prints_solutions_in_input_order() -> None:
    text = "a b c\n| options\nc\nb\na b\na\n"
    status, out, err = xc(text)
    assert status == 0
    assert err == ""
    assert out.endswith("\n")
    assert sorted(out[:-1].split("\n\n")) == ["c\na b", "c\nb\na"]


def test_run_limit() -> None:
    text = (FIXTURES / "queens8.dlx").read_text()
    status, out, _ = xc(text, limit=2)
    assert status == 0
    blocks = out.split("\n\n")
    assert len(blocks) == 2
    assert all(len(block.splitlines()) == 8 for block in blocks)
    first = blocks[0].splitlines()
    assert first == sorted(first, key=lambda line: int(line.split()[0][1:]))
    assert xc(text, count_only=True, limit=5) == (0, "5\n", "")


def test_run_without_solutions() -> None:
    assert xc("a b\na\n") == (0, "", "")
    assert xc("a b\na\n", count_only=True) == (0, "0\n", "")


def test_run_budget() -> None:
    text = (FIXTURES / "queens8.dlx").read_text()
    status, out, err = xc(text, count_only=True, budget=300)
    assert status == BUDGET_STATUS
    found = int(out)
    assert 0 < found < 92
    assert err == f"budget of 300 nodes reached after {found} solutions\n"
    status, out, err = xc(text, budget=5)
    assert (status, out) == (BUDGET_STATUS, "")
    assert err == "budget of 5 nodes reached after 0 solutions\n"


def test_run_reports_parse_errors_with_source() -> None:
    with pytest.raises(ParseError, match=r"^queens\.dlx:2:1: "):
        xc("a\nb\n", source="queens.dlx")
