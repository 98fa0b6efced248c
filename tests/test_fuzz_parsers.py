"""Structured fuzzing of every parser with hypothesis: random text and mutated valid puzzles.

Every reader of every kind (each format, and the sniffer), the variant Sudoku readers (also
the JSON behind a link, compressed into the link after the mutation), the move parser and the
DLX reader get texts that look almost right; the checks are those of the atheris harnesses
(``fuzz/targets.py``): a reader returns puzzles that write back in every format and read
again, or raises a ``ParseError`` whose message names a line and column inside the text;
a move is applied or refused with a ``MoveError``; nothing else may be raised.
"""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import FIXTURES
from grille.errors import ParseError
from grille.kind import Kind
from grille.kinds import get_kind, kind_names
from grille.sudoku.geometry import default_shape
from grille.sudoku.variants.fpuzzles import KEPT_KEYS

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "fuzz"))

import targets

FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

NOISE = st.sampled_from(
    [*"0123456789.#\\,:;|-_*x ^=\t\n\r{}[]\"'<>/AaGgPpZz",
     "\u00e9", "\u2028", "\x85", "\x0b", "\ufeff", "\x00", "\ud7ff", "99999", "-1", "r1c1"]
)
"""What mutations insert: the characters the formats give meaning to, and some trouble."""

VARIANT_NOISE = st.one_of(NOISE, st.sampled_from(
    ["R1C1", "R9C9", "R0C1", '"value"', '"cells"', '"given"', '"region"', "true", "null", "{}",
     "[]", '""', "1.5", "1e9", '"killercage"', '"negative"', '"size"', "x", "k", "j", ",", "_"]
))
"""What mutations insert into variant puzzles: JSON and f-puzzles tokens, Solo's letters."""

TAKUZU_EXAMPLES = [
    "1..0\n..0.\n....\n0..1\n",
    "# rules: no-unique-lines\n10..\n....\n",
    "4x4:AbMa",
    "8x8u:BAjCcbahadGfdAaBadac",
    "t1\t4\t4\t1.0.........0..1\t1001011010100101\t-\teasy\tsrc\n",
    '{"kind": "takuzu", "cells": ["10..", "...."], "unique_lines": false}',
]


@functools.cache
def seeds(kind_name: str) -> tuple[tuple[str, str], ...]:
    """(format, text) pairs: the kind's fixtures, and their puzzles in every format."""
    kind = get_kind(kind_name)
    folder = FIXTURES / kind_name
    texts = [path.read_text(encoding="utf-8") for path in sorted(folder.glob("*"))
             if path.is_file()] if folder.is_dir() else []
    if kind_name == "takuzu":
        texts += TAKUZU_EXAMPLES
    found: list[tuple[str, str]] = [(targets.AUTO, text) for text in texts]
    for text in texts:
        for entry in kind.read(text)[:2]:
            for fmt in kind.formats:
                try:
                    found.append((fmt, kind.write([entry.puzzle], fmt)))
                except ValueError:
                    continue
    return tuple(found)


@functools.cache
def variant_seeds() -> tuple[tuple[str, str], ...]:
    """(choice, text) pairs of ``sudoku_variants``: the variant fixtures, their puzzles in
    every variant format, and their f-puzzles JSON as the text behind each kind of link."""
    from grille.sudoku.formats.fpuzzles import dump as fpuzzles_json

    kind = get_kind("sudoku")
    texts = [path.read_text(encoding="utf-8")
             for path in sorted((FIXTURES / "variants").rglob("*"))
             if path.is_file() and path.suffix != ".md"]  # wild/: the keys that state no rule
    found: list[tuple[str, str]] = [(targets.AUTO, text) for text in texts]
    for text in texts:
        for entry in kind.read(text)[:2]:
            for fmt in targets.VARIANT_FORMATS:
                try:
                    found.append((fmt, kind.write([entry.puzzle], fmt)))
                except ValueError:
                    continue
            found += [(choice, fpuzzles_json(entry.puzzle)) for choice in targets.LINKED]
    return tuple(found)


@st.composite
def mutated(draw: st.DrawFn, text: str,
            noise: st.SearchStrategy[str] = NOISE) -> str:
    """``text`` with a few characters inserted, deleted, replaced, or lines swapped."""
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["insert", "delete", "replace", "cut", "lines"]))
        if action == "insert":
            text = text[:where] + draw(noise) + text[where:]
        elif action == "delete":
            text = text[:where] + text[where + 1:]
        elif action == "replace":
            text = text[:where] + draw(noise) + text[where + 1:]
        elif action == "cut":
            text = text[:where]
        else:
            lines = text.split("\n")
            first = draw(st.integers(0, len(lines) - 1))
            second = draw(st.integers(0, len(lines) - 1))
            lines[first], lines[second] = lines[second], lines[first]
            text = "\n".join(lines)
    return text


def formats_of(kind: Kind[Any]) -> st.SearchStrategy[str]:
    return st.sampled_from([targets.AUTO, *kind.formats])


@pytest.mark.parametrize("kind_name", kind_names())
@FUZZ
@given(data=st.data())
def test_mutated_puzzles(kind_name: str, data: st.DataObject) -> None:
    kind = get_kind(kind_name)
    fmt, text = data.draw(st.sampled_from(seeds(kind_name)), label="seed")
    fmt = data.draw(st.one_of(st.just(fmt), formats_of(kind)), label="format")
    targets.check_read(kind, data.draw(mutated(text), label="text"), fmt)


@pytest.mark.parametrize("kind_name", kind_names())
@FUZZ
@given(data=st.data())
def test_random_text(kind_name: str, data: st.DataObject) -> None:
    kind = get_kind(kind_name)
    text = data.draw(st.one_of(st.text(max_size=300), st.lists(NOISE, max_size=200).map("".join)))
    targets.check_read(kind, text, data.draw(formats_of(kind)))


@FUZZ
@given(data=st.data())
def test_mutated_variants(data: st.DataObject) -> None:
    choice, text = data.draw(st.sampled_from(variant_seeds()), label="seed")
    choice = data.draw(st.one_of(st.just(choice),
                                 st.sampled_from(targets.choices("sudoku_variants"))),
                       label="choice")
    targets.check_variant_read(data.draw(mutated(text, VARIANT_NOISE), label="text"), choice)


@st.composite
def fpuzzles_objects(draw: st.DrawFn) -> dict[str, Any]:
    """An f-puzzles object built key by key: every family's key with items that are mostly
    well formed (cells near or outside the grid, repeated, far apart; sums, letters and
    directions right or wrong), so the readers' checks are reached past the JSON."""
    size = draw(st.sampled_from([4, 6, 9]))
    near = st.integers(-1, size + 1)
    cell = st.one_of(st.tuples(near, near).map(lambda rc: f"R{rc[0]}C{rc[1]}"),
                     st.sampled_from(["R1C1", "r1c1", "R1C", "", "R01C1"]), st.integers(1, 9))
    walk = st.lists(st.sampled_from([(0, 1), (1, 0), (1, 1), (0, -1), (-1, 0), (0, 0), (2, 0)]),
                    min_size=1, max_size=5)

    @st.composite
    def line(draw: st.DrawFn) -> list[Any]:
        row, col = draw(st.integers(1, size)), draw(st.integers(1, size))
        cells: list[Any] = [f"R{row}C{col}"]
        for dr, dc in draw(walk):
            row, col = row + dr, col + dc
            cells.append(f"R{row}C{col}")
        return draw(st.one_of(st.just(cells), st.lists(cell, max_size=4)))

    number = st.one_of(st.integers(0, 45).map(str), st.integers(-2, 50), st.none(),
                       st.sampled_from(["", "x", "1.5", "٣", True, [], {}]))
    lines = st.lists(line(), min_size=1, max_size=2)
    items = {
        "killercage": st.fixed_dictionaries({"cells": line()}, optional={"value": number}),
        "littlekillersum": st.fixed_dictionaries(
            {"cell": cell, "direction": st.sampled_from(["UR", "UL", "DR", "DL", "U", 1, []]),
             "value": number}, optional={"cells": line()}),
        "sandwichsum": st.fixed_dictionaries({"cell": cell, "value": number}),
        "thermometer": st.fixed_dictionaries({"lines": lines}),
        "arrow": st.fixed_dictionaries({"lines": lines, "cells": line()}),
        "difference": st.fixed_dictionaries({"cells": line()}, optional={"value": number}),
        "ratio": st.fixed_dictionaries({"cells": line()}, optional={"value": number}),
        "xv": st.fixed_dictionaries({"cells": line(),
                                     "value": st.sampled_from(["X", "V", "x", None, []])}),
        "odd": st.fixed_dictionaries({"cell": cell}),
        "even": st.fixed_dictionaries({"cell": cell}),
        "extraregion": st.fixed_dictionaries({"cells": line()}),
        "renban": st.fixed_dictionaries({"lines": lines}),
        "whispers": st.fixed_dictionaries({"lines": lines}, optional={"value": number}),
        "palindrome": st.fixed_dictionaries({"lines": lines}),
    }
    flags = ["diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups",
             "nonconsecutive"]
    value = st.integers(0, size)
    grid_cell = st.tuples(value, st.booleans()).map(
        lambda vg: {} if not vg[0] else {"value": vg[0], "given": True} if vg[1] else {
            "value": vg[0]})
    grid = draw(st.one_of(
        st.just([[{} for _ in range(size)] for _ in range(size)]),
        st.lists(st.lists(grid_cell, min_size=size, max_size=size), min_size=size,
                 max_size=size),
    ))
    if draw(st.integers(0, 7)) == 0:  # one cell of the wrong shape
        grid[draw(st.integers(0, size - 1))][draw(st.integers(0, size - 1))] = draw(
            st.sampled_from([{"value": size + 1}, {"value": -1}, {"value": "1"},
                             {"given": True}, {"given": 1, "value": 1}, {"c": 1},
                             {"colour": 1}, {"givenPencilMarks": [1]},
                             {"givenPencilMarks": None, "centerPencilMarks": [1, 2]}]))
    if draw(st.integers(0, 3)) == 0:  # regions: the boxes with cells swapped, or any numbers
        shape = default_shape(size)
        regions = [shape.box_of(index) for index in range(size * size)]
        for _ in range(draw(st.integers(0, 3))):
            a, b = draw(st.integers(0, size * size - 1)), draw(st.integers(0, size * size - 1))
            regions[a], regions[b] = regions[b], regions[a]
        if draw(st.booleans()):
            regions[draw(st.integers(0, size * size - 1))] = draw(st.integers(-1, size))
        sparse = draw(st.booleans())
        for index, region in enumerate(regions):
            if not (sparse and region == shape.box_of(index)):
                grid[index // size][index % size] = {**grid[index // size][index % size],
                                                     "region": region}
    out: dict[str, Any] = {"size": size, "grid": grid}
    for key in draw(st.lists(st.sampled_from(sorted(items)), max_size=3, unique=True)):
        out[key] = draw(st.lists(items[key], min_size=1, max_size=3))
    for key in draw(st.lists(st.sampled_from(flags), max_size=2, unique=True)):
        out[key] = draw(st.sampled_from([True, True, False, 1]))
    if draw(st.booleans()):
        out["negative"] = draw(st.lists(st.sampled_from(["ratio", "xv", "ratio", "x"]),
                                        max_size=2, unique=True))
    for key in draw(st.lists(st.sampled_from(["title", "author", "ruleset"]), unique=True)):
        out[key] = draw(st.one_of(*[st.text(max_size=20)] * 5,
                                  st.sampled_from([7, "\u2028", "a\nb", "\ud83d\ude00"])))
    for key in draw(st.lists(st.sampled_from(KEPT_KEYS), max_size=2, unique=True)):
        out[key] = draw(st.sampled_from([  # keys that state no rule: kept, or too deep
            True, [], [{"cells": ["R0C1"], "value": "\ud83d\ude00", "size": 0.5}],
            [1, 2], [{"lines": [["R1C1", "R1C2"]], "width": 0.4}], [[[[[1]]]]]]))
    return out


@FUZZ
@given(data=st.data())
def test_generated_fpuzzles_objects(data: st.DataObject) -> None:
    """f-puzzles objects made key by key, read as f-puzzles JSON, behind each kind of link and
    as grille JSON's ``variant``; round trips held exact."""
    puzzle = data.draw(fpuzzles_objects(), label="puzzle")
    choice = data.draw(st.sampled_from(["fpuzzles", "auto", *targets.LINKED, "json"]),
                       label="choice")
    if choice == "json":
        keys = {key: value for key, value in puzzle.items() if key not in ("size", "grid")}
        text = json.dumps({"size": puzzle["size"], "variant": keys,
                           "cells": "." * puzzle["size"] ** 2})
    else:
        text = json.dumps(puzzle, ensure_ascii=data.draw(st.booleans()))
    targets.check_variant_read(text, choice)


def test_the_json_behind_a_link_reaches_the_fpuzzles_reader() -> None:
    """A ``json-in-…`` choice reads the link that carries the text: its errors are the
    f-puzzles reader's, reported on the link's line."""
    kind = get_kind("sudoku")
    for choice, fmt in targets.LINKED.items():
        link = targets.link_text(fmt, '{"size": 6, "grid": 5}')
        assert targets.sniff_kind(link).name == "sudoku"
        with pytest.raises(ParseError, match="'grid' must be 6 rows") as caught:
            kind.read(link, fmt=fmt, source="<fuzz>")
        assert (caught.value.line, caught.value.column) == (1, 1)
        targets.check_variant_read('{"size": 6, "grid": 5}', choice)
        fixture = (FIXTURES / "variants" / "killer.json").read_text()
        record = fixture[fixture.index('{"size"'):fixture.index(', "solution"')]
        assert kind.read(targets.link_text(fmt, record), fmt=fmt)[0].puzzle.variant is not None


def test_a_lossy_round_trip_of_a_variant_is_caught() -> None:
    """The exact round trip check fails when a variant format loses a constraint or a clue."""
    kind = get_kind("sudoku")
    grid = kind.read((FIXTURES / "variants" / "killer.json").read_text())[0].puzzle
    targets.same_variant(grid, grid, "json")
    plain = type(grid)(grid.shape, grid.cells, grid.givens, None, grid.metadata, None)
    with pytest.raises(AssertionError, match="constraints changed"):
        targets.same_variant(grid, plain, "fpuzzles")
    targets.same_variant(grid, plain, "line")  # a plain format: not held to it
    untitled = type(grid)(grid.shape, grid.cells, grid.givens, None, (), grid.variant)
    with pytest.raises(AssertionError, match="metadata 'title'"):
        targets.same_variant(grid, untitled, "sudokupad")
    targets.same_variant(grid, untitled, "solo")  # Solo IDs hold no metadata


def test_solo_tells_regions_and_cages_its_own_way() -> None:
    """Solo numbers jigsaw regions by their first cell and lists cage cells row by row: the
    exact round trip allows that, and only that."""
    kind = get_kind("sudoku")
    grid = kind.read((FIXTURES / "variants" / "jigsaw.json").read_text())[0].puzzle
    puzzle = json.loads(kind.write([grid], "fpuzzles"))
    for row in puzzle["grid"]:
        for cell in row:
            cell["region"] = 5 - cell.get("region", 0)
    targets.check_variant_read(json.dumps(puzzle), "fpuzzles")
    cages = [["R1C2", "R1C1"], ["R1C3", "R1C4"], ["R2C1", "R2C2"], ["R2C4", "R2C3"],
             ["R3C1", "R3C2", "R4C1", "R4C2"], ["R4C4", "R3C3", "R3C4", "R4C3"]]
    killer = {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)],
              "killercage": [{"cells": cells, "value": "10"} for cells in cages]}
    assert kind.write([e.puzzle for e in kind.read(json.dumps(killer))], "solo").startswith(
        "2x2k:")
    targets.check_variant_read(json.dumps(killer), "fpuzzles")
    read = kind.read(json.dumps(killer))[0].puzzle
    assert read.variant is not None
    moved = type(read.variant)(read.variant.constraints[1:])
    with pytest.raises(AssertionError, match="constraints changed"):
        targets.same_variant(read, type(read)(read.shape, read.cells, variant=moved), "solo")


@FUZZ
@given(st.one_of(
    st.text(max_size=30),
    st.tuples(st.sampled_from(["r", "R", ""]), st.text("0123456789", max_size=6),
              st.sampled_from(["c", "C", "x"]), st.text("0123456789", max_size=6),
              st.sampled_from(["=", "-", "^", "", "=="]), st.text("0123456789-+ ", max_size=6))
    .map("".join),
    st.sampled_from(["fill", " fill ", "FILL", "r1c1=٣", "r1c1=" + "9" * 5000]),
))
def test_moves(text: str) -> None:
    targets.check_move(text)


@FUZZ
@given(data=st.data())
def test_dlx(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from([
        (FIXTURES / "queens8.dlx").read_text(), "p q r | x y\np q x y:A\np r x:A y\np x:B\n",
    ]))
    targets.check_dlx(data.draw(mutated(text)))


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [("a\u2028b\n{", 1, 1), ("x", 1, 1), ("a\nbc\n", 3, 1)],
)
def test_locations_outside_the_text_are_caught(text: str, line: int, column: int) -> None:
    """The check itself: an error at the end of the text passes, one past it fails."""
    targets.check_parse_error(ParseError("bad", line=line, column=column, source="<fuzz>"),
                              text)
    with pytest.raises(AssertionError):
        targets.check_parse_error(ParseError("bad", line=line + 5, column=1, source="<fuzz>"),
                                  text)
    with pytest.raises(AssertionError):
        targets.check_parse_error(ParseError("bad", line=1, column=99, source="<fuzz>"), text)
