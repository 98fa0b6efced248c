"""What every reader shares: the text being read, its errors, and the decoding of digits."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from grille.errors import ParseError, SizeError, quoted
from grille.kind import Entry
from grille.sudoku.geometry import Shape, supported_sizes
from grille.sudoku.grid import Grid
from grille.sudoku.symbols import INVALID, SYMBOLS, cell_codes

SIZES = supported_sizes()
SIZE_OF_CELLS = {n * n: n for n in SIZES}
SIZE_LIST = ", ".join(map(str, SIZES))

DIGITS = {char: d for d, char in enumerate(SYMBOLS, 1)} | {
    char.lower(): d for d, char in enumerate(SYMBOLS, 1)
}
"""Each digit character (either case) and its digit, for formats that list candidates."""

Fail = Callable[[str], ParseError]
"""Makes the error, at a place it knows, for a reason."""


@dataclass(frozen=True, slots=True)
class Text:
    """The lines of a text being read, where it comes from, and the number of its first line."""

    lines: list[str]
    source: str
    base: int = 1

    def error(self, reason: str, index: int, column: int = 1, *, size: bool = False) -> ParseError:
        """A ``ParseError`` (``SizeError`` if ``size``) at line ``index`` (0-based)."""
        cls = SizeError if size else ParseError
        return cls(reason, line=self.base + index, column=column, source=self.source)

    def skip(self, index: int, *, comments: bool = False) -> int:
        """The index of the first line from ``index`` on that is not blank (nor a comment)."""
        while index < len(self.lines):
            stripped = self.lines[index].strip()
            if stripped and not (comments and stripped.startswith("#")):
                break
            index += 1
        return index


Reader = Callable[[Text, str], list[Entry[Grid]]]
"""Every puzzle of a text in one format."""


class LineParser(Protocol):
    """A parser of one puzzle written on one line."""

    def __call__(self, text: str, *, line: int, source: str) -> Grid: ...


def not_a_digit(char: str, size: int) -> str:
    return f"{quoted(char)} is not a digit of a {size}x{size} grid"


def decode(
    chars: str, size: int, fail: Callable[[int, str], ParseError], *, space: bool = False
) -> bytes:
    """The cell codes of ``chars``; ``fail(offset, reason)`` makes the error for a bad one."""
    codes = cell_codes(chars, size, space=space)
    bad = codes.find(INVALID)
    if bad >= 0:
        raise fail(bad, not_a_digit(chars[bad], size))
    return codes


def decode_cells(t: Text, cells: Sequence[tuple[int, int, str]], size: int) -> bytes:
    """The codes of ``cells`` (line index, column, character); raises at the first bad one."""

    def fail(bad: int, reason: str) -> ParseError:
        index, column, _ = cells[bad]
        return t.error(reason, index, column)

    return decode("".join(char for _, _, char in cells), size, fail)


def size_error(error: ParseError) -> SizeError:
    return SizeError(error.reason, line=error.line, column=error.column, source=error.source)


def shape_of(rows: int, cols: int, fail: Fail) -> Shape:
    """``Shape(rows, cols)``, or a ``SizeError`` where ``fail`` would report."""
    try:
        return Shape(rows, cols)
    except ValueError:
        raise size_error(fail(f"boxes of {rows}x{cols} make no supported grid")) from None


def position(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of ``offset`` in ``text``."""
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


def metadata_value(grid: Grid, key: str) -> str | None:
    return next((value for k, value in grid.metadata if k == key), None)


def one_line(value: str) -> str:
    return " ".join(value.split())


def read_lines(t: Text, fmt: str, parse: LineParser) -> list[Entry[Grid]]:
    """One puzzle per line by ``parse``, blank lines and ``#`` lines skipped."""
    entries: list[Entry[Grid]] = []
    for index, raw in enumerate(t.lines):
        stripped = raw.strip()
        if stripped and not stripped.startswith("#"):
            line = t.base + index
            entries.append(Entry(parse(raw, line=line, source=t.source), line, fmt))
    return entries


def parse_one(reader: Reader, text: str, line: int, source: str) -> Grid:
    """The one puzzle ``reader`` finds in ``text``, whose first line is number ``line``."""
    return only(reader(Text(text.splitlines(), source, line), text), source)


def only(entries: list[Entry[Grid]], source: str) -> Grid:
    """The puzzle of ``entries``, which must hold exactly one."""
    if not entries:
        raise ParseError("no puzzle found", source=source)
    if len(entries) > 1:
        reason = f"expected one puzzle, found {len(entries)}"
        raise ParseError(reason, line=entries[1].line, source=source)
    return entries[0].puzzle
