"""Streaming reading for batches: the same puzzles and lines as the kinds' own readers."""

from __future__ import annotations

import io
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import FIXTURES, shared_file
from grille.batch import reader
from grille.batch.reader import (
    Layout,
    Reading,
    Record,
    count_records,
    layout_of,
    output_formats,
    start_reading,
)
from grille.errors import ParseError
from grille.info import FormatInfo, KindInfo, Preset
from grille.kind import Kind
from grille.kinds import get_kind, kind_info, kind_infos, kind_names

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def read(data: str | bytes, *, kind: str | None = None,
         fmt: str | None = None) -> tuple[Kind[Any], Reading]:
    binary = data.encode() if isinstance(data, str) else data
    return start_reading(io.BytesIO(binary), get_kind(kind) if kind else None, fmt,
                         source="in.txt")


def resolved(kind: Kind[Any], reading: Reading) -> list[tuple[int, Any]]:
    """Each record as (line, puzzle), parsed as a job parses it, or (line, error)."""
    found: list[tuple[int, Any]] = []
    for record in reading.records:
        if record.error:
            found.append((record.line, record.error))
        elif record.puzzle is not None:
            found.append((record.line, record.puzzle))
        else:
            try:
                entries = kind.read(record.text, fmt=reading.fmt, source="in.txt")
            except ParseError as error:
                moved = error.located(line_offset=record.line - 1 - record.lead)
                found.append((record.line, str(moved)))
                continue
            assert len(entries) == 1
            found.append((record.line, entries[0].puzzle))
    return found


def assert_same_as_kind(text: str, **options: str) -> Reading:
    """Streamed records hold exactly the puzzles and lines of ``Kind.read`` on the whole."""
    kind, reading = read(text, **options)
    entries = kind.read(text, fmt=options.get("fmt"), source="in.txt")
    assert reading.fmt == entries[0].fmt
    assert resolved(kind, reading) == [(entry.line, entry.puzzle) for entry in entries]
    return reading


FIXTURE_FILES = sorted(
    path for path in FIXTURES.glob("*/*") if path.suffix not in (".py", ".dlx") and path.is_file()
)


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_every_fixture_streams_as_the_kind_reads_it(path: Path) -> None:
    assert_same_as_kind(path.read_text(encoding="utf-8-sig"))


@pytest.mark.shared_data
@pytest.mark.parametrize("parts", [
    ("sudoku", "magictour_top1465.txt"),
    ("takuzu", "janko_binairo.txt"),
    ("takuzu", "variant_no_unique_rule", "janko_binairo_nounique.txt"),
    ("kakuro", "janko_kakuro.txt"),
    ("kakuro", "nikoli_gecode_and_wikipedia.txt"),
])
def test_shared_files_stream_as_the_kind_reads_them(parts: tuple[str, ...]) -> None:
    reading = assert_same_as_kind(shared_file(*parts).read_text())
    expected = Layout.PARAGRAPHS if parts[0] == "kakuro" else Layout.LINES
    assert reading.layout is expected


def test_layouts() -> None:
    assert layout_of("sudoku", "line") is Layout.LINES
    assert layout_of("takuzu", "tab") is Layout.LINES
    assert layout_of("sudoku", "grid") is Layout.PARAGRAPHS
    assert layout_of("kakuro", "block") is Layout.PARAGRAPHS
    assert layout_of("sudoku", "json") is Layout.DOCUMENT
    assert layout_of("sudoku", "ss") is Layout.DOCUMENT
    assert layout_of("chess", "pgn") is Layout.DOCUMENT


def test_the_reader_keeps_no_table_of_kinds() -> None:
    """Layouts, batch output formats and carried rules come from each kind's KindInfo: the
    reader names no kind, and answers for a kind it has never heard of."""
    source = Path(reader.__file__).read_text().lower()
    assert not [name for name in kind_names() if name in source]
    for info in kind_infos():
        for fmt in info.formats:
            assert layout_of(info.name, fmt.name) is fmt.layout
        assert output_formats(info.name) == tuple(
            fmt.name for fmt in info.formats if fmt.batch_output)
    assert output_formats("chess") == ()


def test_the_kind_infos_keep_the_old_tables() -> None:
    """What batch/reader.py kept by hand before KindInfo (layouts, output formats, the kinds
    whose ``# rules:`` lines carry over), read back from the registry unchanged."""
    lines = {"sudoku": ("line", "solo", "fpuzzles-link", "sudokupad"), "takuzu": ("tab", "unruly")}
    paragraphs = {"sudoku": ("grid", "sdk", "marks"), "takuzu": ("rows",),
                  "kakuro": ("text", "marks", "csv", "block", "solution")}
    outputs = {"sudoku": ("line", "solo"), "takuzu": ("tab", "unruly", "json"),
               "kakuro": ("json",)}
    for name in ("sudoku", "takuzu", "kakuro"):
        info = kind_info(name)
        assert info.formats_laid_out(Layout.LINES) == lines.get(name, ())
        assert info.formats_laid_out(Layout.PARAGRAPHS) == paragraphs[name]
        assert output_formats(name) == outputs[name]
        assert info.carried_rules == (name == "takuzu")


def test_a_registered_kind_reads_in_its_own_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    from grille import kinds

    info = KindInfo("toy", "Toy", "grille.toy", (FormatInfo("cells", Layout.PARAGRAPHS),
                    FormatInfo("code", Layout.LINES, batch_output=True)), "cells", ("easy",),
                    (Preset("3x3"),), "3x3")
    monkeypatch.setitem(kinds._INFOS, "toy", info)
    assert layout_of("toy", "cells") is Layout.PARAGRAPHS
    assert layout_of("toy", "code") is Layout.LINES
    assert output_formats("toy") == ("code",)


@pytest.mark.parametrize("kind_name", ["kakuro", "sudoku", "takuzu"])
def test_output_formats_hold_a_puzzle_on_one_line(kind_name: str) -> None:
    kind = get_kind(kind_name)
    sample = {
        "sudoku": FIXTURES / "sudoku" / "line.txt",
        "kakuro": FIXTURES / "kakuro" / "small.txt",
    }
    if kind_name in sample:
        puzzles = [entry.puzzle for entry in kind.read(sample[kind_name].read_text())]
    else:
        puzzles = [kind.read("0.1.\n..0.\n.0..\n1...")[0].puzzle]
        puzzles.append(kind.with_rules(puzzles[0], frozenset({"no-unique-lines"})))
    for fmt in output_formats(kind_name):
        assert fmt in kind.formats
        for puzzle in puzzles:
            lines = kind.write([puzzle], fmt).splitlines()
            assert len([line for line in lines if not line.startswith("#")]) == 1, (fmt, lines)
            assert not lines[-1].startswith("#")


def test_line_records_keep_their_text_and_line() -> None:
    kind, reading = read(f"# header\n\n{PUZZLE}\n  \n{PUZZLE} # note\r\n")
    assert kind.name == "sudoku" and reading.fmt == "line" and reading.layout is Layout.LINES
    assert list(reading.records) == [Record(3, PUZZLE), Record(5, f"{PUZZLE} # note")]


def test_bad_lines_are_records_at_their_place_and_do_not_stop_the_rest() -> None:
    bad = PUZZLE[:40] + "Z" + PUZZLE[41:]
    data = f"{PUZZLE}\n{bad}\n".encode() + b"\xff\xfe\n" + b"12\x00\n" + f"{PUZZLE}\n".encode()
    kind, reading = read(data)
    found = resolved(kind, reading)
    assert [line for line, _ in found] == [1, 2, 3, 4, 5]
    assert found[1][1] == "in.txt:2:41: 'Z' is not a digit of a 9x9 grid"
    assert found[2][1] == "in.txt:3:1: not UTF-8 text"
    assert found[3][1] == "in.txt:4:3: binary data, not a puzzle text"
    assert found[0][1] == found[4][1]


def test_kind_and_format_are_found_past_bad_first_lines() -> None:
    kind, reading = read(f"garbage\nmore garbage\n{PUZZLE}\n")
    assert (kind.name, reading.fmt) == ("sudoku", "line")
    records = list(reading.records)
    assert [record.line for record in records] == [1, 2, 3]
    with pytest.raises(ParseError, match="not a puzzle grille can read"):
        read("garbage\n" * 40)


def test_binary_input_is_refused() -> None:
    with pytest.raises(ParseError, match="binary data"):
        read(b"\x00\x01\x02" * 100)


def test_takuzu_rules_lines_hold_for_the_puzzles_after_them() -> None:
    takuzu = get_kind("takuzu")
    text = "0.1.\n..0.\n.0..\n1...\n\n1..0\n....\n0..1\n.1.."
    grids = [entry.puzzle for entry in takuzu.read(text)]
    relaxed = takuzu.with_rules(grids[0], frozenset({"no-unique-lines"}))
    sequence = [grids[0], relaxed, relaxed, grids[1], relaxed]
    for fmt in ("tab", "rows"):
        text = takuzu.write(sequence, fmt)
        assert "# rules: no-unique-lines" in text
        reading = assert_same_as_kind(text, fmt=fmt)
        assert reading.layout is (Layout.LINES if fmt == "tab" else Layout.PARAGRAPHS)


def test_paragraphs_stream_block_by_block_with_a_bad_block_in_place() -> None:
    sudoku = get_kind("sudoku")
    grids = [entry.puzzle for entry in sudoku.read(f"{PUZZLE}\n" * 3)]
    text = "# a comment block\n\n" + sudoku.write(grids, "grid")
    reading = assert_same_as_kind(text)
    assert reading.layout is Layout.PARAGRAPHS
    lines = text.splitlines()
    lines[13] = lines[13][:4] + "?" + lines[13][5:]
    kind, reading = read("\n".join(lines) + "\n# trailing comment\n")
    found = resolved(kind, reading)
    assert [line for line, _ in found] == [3, 14, 23]
    assert found[1][1] == "in.txt:14:5: '?' is not a digit of a 9x9 grid"
    assert found[0][1] == found[2][1] == grids[0]


def test_documents_are_read_whole() -> None:
    reading = assert_same_as_kind((FIXTURES / "sudoku" / "puzzles.json").read_text())
    assert reading.layout is Layout.DOCUMENT
    with pytest.raises(ParseError):
        read('{"kind": "sudoku", "cells": "12"')


def test_a_format_the_kind_lacks_is_refused() -> None:
    with pytest.raises(ValueError, match="sudoku has no format 'rows'"):
        read(PUZZLE, kind="sudoku", fmt="rows")


def test_record_counts_for_progress(tmp_path: Path) -> None:
    lines = tmp_path / "lines.txt"
    lines.write_text(f"# c\n{PUZZLE}\n\n{PUZZLE}\n")
    assert count_records(str(lines), Layout.LINES) == 2
    grids = tmp_path / "grids.txt"
    grids.write_text("# c\n\n" + get_kind("sudoku").write(
        [entry.puzzle for entry in get_kind("sudoku").read(f"{PUZZLE}\n" * 3)], "grid"))
    assert count_records(str(grids), Layout.PARAGRAPHS) == 3
    assert count_records(str(grids), Layout.DOCUMENT) is None


def generated(count: int) -> Iterator[bytes]:
    """``count`` lines of a puzzle, made on the fly (no file, no list)."""
    line = f"{PUZZLE}\n".encode()
    for _ in range(count):
        yield line


def peak_while_reading(count: int) -> int:
    """Peak traced memory while streaming ``count`` generated lines to their records."""
    tracemalloc.start()
    try:
        _, reading = start_reading(generated(count), None, None, source="<generated>")
        seen = sum(1 for _ in reading.records)
        assert seen == count
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_reading_memory_does_not_grow_with_the_input() -> None:
    peak_while_reading(1_000)  # imports and caches first
    small, large = peak_while_reading(20_000), peak_while_reading(200_000)
    assert large < 2_000_000  # the 200,000 lines themselves are 16.4 MB
    assert large < small + 100_000
