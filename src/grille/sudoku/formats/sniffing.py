"""Telling the formats apart: which one a text looks like."""

from __future__ import annotations

import re

from grille.sudoku.formats._rows import GROUP_RE, is_separator
from grille.sudoku.formats._text import DIGITS, SIZE_OF_CELLS, SIZES
from grille.sudoku.formats.line import split_line
from grille.sudoku.formats.marks import ANNOTATIONS
from grille.sudoku.formats.sdk import sdk_item
from grille.sudoku.formats.solo import looks_like_solo
from grille.sudoku.symbols import INVALID, cell_codes

_JSON_LIST_RE = re.compile(r"\[\s*(?:[{\]]|$)")
_JSON_KIND_RE = re.compile(r'"kind"\s*:\s*"([^"]*)"')
_FPUZZLES_RE = re.compile(r'"grid"\s*:\s*\[')
_SNIFF_CHARS = 65536
_SNIFF_ROWS = 27
_BINARY = frozenset("01. ")


def sniff(text: str) -> str | None:
    """The name of the format ``text`` looks like, or ``None`` if none fits."""
    head = text.removeprefix("\ufeff")[:_SNIFF_CHARS]
    lines = head.splitlines()
    index = _content_line(lines, 0)
    if index is None:
        return None
    first = lines[index].strip()
    if first.startswith("<"):
        return "opensudoku" if "<opensudoku" in head else None
    link = link_kind(first)
    if link is not None:
        return link
    rest = head.lstrip()
    if rest.startswith("{") or _JSON_LIST_RE.match(rest):
        return "fpuzzles" if _FPUZZLES_RE.search(head) and not _JSON_KIND_RE.search(head) else (
            "json")
    if looks_like_solo(first):
        return "solo"
    if first.startswith(":") and first.count(":") >= 5:
        return "line"
    metadata = False
    while first.startswith("#"):
        metadata = metadata or sdk_item(first) is not None
        index = _content_line(lines, index + 1)
        if index is None:
            return None
        first = lines[index].strip()
    return _sniff_block(lines, index, metadata)


def link_kind(line: str) -> str | None:
    """``fpuzzles-link`` or ``sudokupad`` for a line that starts as such a link."""
    from grille.sudoku.variants.fpuzzles import link_site

    return link_site(line)


def declared_kind(text: str) -> str | None:
    """The ``"kind"`` a JSON text declares, if any (so other kinds' JSON is not Sudoku)."""
    found = _JSON_KIND_RE.search(text[:_SNIFF_CHARS])
    return None if found is None else found[1]


def _content_line(lines: list[str], index: int) -> int | None:
    """The index of the first non-blank line from ``index`` on."""
    return next((i for i in range(index, len(lines)) if lines[i].strip()), None)


def _sniff_block(lines: list[str], index: int, metadata: bool) -> str | None:
    """The format of the block of rows starting at line ``index``."""
    boxed = is_separator(lines[index])
    rows: list[list[str]] = []
    for line in lines[index:]:
        if not line.strip() or len(rows) >= _SNIFF_ROWS:
            break
        if not is_separator(line):
            rows.append(GROUP_RE.findall(line))
    if not rows:
        return None
    groups, cells = rows[0], sum(map(len, rows[0]))
    if not boxed and len(rows) != cells and _looks_like_line(lines[index]):
        return "line"
    multi = any(len(group) > 1 for row in rows for group in row)
    if len(groups) in SIZES and len(rows) == len(groups) and multi and all(
        len(row) == len(groups) for row in rows
    ):
        return "marks" if _plausible_marks(rows, len(groups)) else None
    if cells in SIZES and _plausible("".join("".join(row) for row in rows), cells):
        return "ss" if boxed else "sdk" if metadata else "grid"
    return None


def _looks_like_line(line: str) -> bool:
    """Whether ``line`` reads as one puzzle of the line format (a rating after it or not)."""
    code = line.partition("#")[0].rstrip("\r\n")
    _, cells, _, spaced = split_line(code)
    cells = cells.strip() if spaced else cells
    if len(cells) in SIZE_OF_CELLS and not any(char.isspace() for char in cells):
        return _plausible(cells, SIZE_OF_CELLS[len(cells)])
    exact = spaced and len(code) >= 36
    return exact and _plausible(code, SIZE_OF_CELLS[len(code)], space=True)


def _plausible(chars: str, size: int, *, space: bool = False) -> bool:
    """Whether ``chars`` look like the cells of a ``size`` Sudoku, typos aside: not a Takuzu's
    0s and 1s, even with a stray character or two (Takuzu's reader then names them)."""
    if 10 * cell_codes(chars, size, space=space).count(INVALID) > len(chars):
        return False
    if "0" not in chars or "1" not in chars:
        return True
    return 10 * sum(char not in _BINARY for char in chars) > len(chars)


def _plausible_marks(rows: list[list[str]], size: int) -> bool:
    """Whether the groups of ``rows`` look like candidates of a ``size`` Sudoku, typos aside."""
    chars = "".join("".join(row) for row in rows)
    valid = sum(
        char in ANNOTATIONS or char == "." or 0 < DIGITS.get(char, 0) <= size for char in chars
    )
    return 10 * (len(chars) - valid) <= len(chars)
