"""Every crash the fuzzing campaign found, replayed through the target that found it.

Each file of ``tests/fixtures/crashers/<target>/`` is one input that once broke the contract
of ``fuzz/targets.py`` (an exception other than the documented parse error, a location
outside the text, a written puzzle that did not read back); ``fuzz/README.md`` lists them
with their fixes. The replay runs the same checks as the harnesses.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from grille.errors import ParseError

FUZZ = Path(__file__).resolve().parent.parent / "fuzz"
CRASHERS = Path(__file__).resolve().parent / "fixtures" / "crashers"
sys.path.insert(0, str(FUZZ))

import crasher  # noqa: E402
import targets  # noqa: E402

CASES = sorted(CRASHERS.glob("*/*.txt"))


def test_every_crasher_folder_is_a_target() -> None:
    assert CASES, "no crashers kept"
    assert {path.parent.name for path in CASES} <= set(targets.TARGETS)


@pytest.mark.parametrize("path", CASES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_crasher_replays_cleanly(path: Path) -> None:
    target, data = crasher.load(path)
    targets.TARGETS[target](data)


def test_crasher_round_trip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(crasher, "CRASHERS", tmp_path)
    kind = targets.get_kind("takuzu")
    data = targets.format_byte(kind, "unruly") + b"4x4:AbMa"
    path = crasher.keep("takuzu_formats", data, "example")
    assert path.name == "unruly--example.txt" and path.read_bytes() == b"4x4:AbMa"
    assert crasher.load(path) == ("takuzu_formats", data)
    assert crasher.load(crasher.keep("moves", b"r1c1=1", "move")) == ("moves", b"r1c1=1")


def test_a_metadata_key_with_a_unicode_line_break_reads_back() -> None:
    # found by test_mutated_puzzles[takuzu]: U+2028 in a key split the "# key: value" line
    kind = targets.get_kind("takuzu")
    text = ('{"kind": "takuzu", "rows": 4, "cols": 4, "cells": ["1.0.", "....", "....", "0..1"],'
            ' "unique_lines": true, "metadata": {"id": "t1", "unruly_leve\u2028": "easy"}}\n')
    targets.check_read(kind, text, "json")


def test_a_variant_read_from_a_record_writes_back_in_every_format_it_allows() -> None:
    # found by test_decoding_sniffing_and_reading: the marks format wrote a variant as JSON
    # (a write override for `grille candidates`), which the marks reader could not read back
    fixture = Path(__file__).resolve().parent / "fixtures" / "variants" / "anti_king.json"
    targets.check_cli_bytes(fixture.read_bytes())


@pytest.mark.parametrize(("kind_name", "fmt"), [("sudoku", "json"), ("sudoku", "fpuzzles"),
                                                ("takuzu", "json"), ("kakuro", "json")])
def test_json_nested_too_deeply_is_an_error_at_its_deepest_bracket(kind_name: str,
                                                                   fmt: str) -> None:
    # found while adding the variant readers: Python's JSON parser raises RecursionError
    # some hundreds of levels down, in every kind's JSON reader and behind a link
    text = '\n[{"a": "[[[["},\n [' + "[" * 2000 + "]" * 2000 + "], " + "{" * 5 + "["
    with pytest.raises(ParseError, match=r"nested 200[12] levels deep") as caught:
        targets.get_kind(kind_name).read(text, fmt=fmt, source="<fuzz>")
    assert (caught.value.line, caught.value.column) == (3, 2002)  # its deepest bracket


def test_a_link_to_json_nested_too_deeply_is_an_error_on_its_line() -> None:
    link = targets.link_text("fpuzzles-link", "[" * 3000)
    with pytest.raises(ParseError, match="nested 3000 levels deep") as caught:
        targets.get_kind("sudoku").read("\n" + link, fmt="fpuzzles-link", source="<fuzz>")
    assert (caught.value.line, caught.value.column) == (2, 1)


@pytest.mark.parametrize(("text", "column"), [
    ('{"a": "\\ud800"}', 8), ('{"a": "x\\udc00"}', 9), ('{"\\ud83d\\ude00": "\\ud83dx"}', 19),
    ('["\\ud83d\\ud83d\\ude00"]', 3),
])
def test_a_lone_surrogate_in_json_is_an_error_at_its_escape(text: str, column: int) -> None:
    # found while adding the variant readers: accepted, then written as text UTF-8 cannot
    # hold (grille convert ended in a UnicodeEncodeError) and as a link that did not read back
    from grille.jsonitems import loads

    with pytest.raises(json.JSONDecodeError, match="lone UTF-16 surrogate") as caught:
        loads(text)
    assert caught.value.colno == column
    assert loads('{"\\ud83d\\ude00": "\\\\ud800"}') == {"\U0001f600": "\\ud800"}
