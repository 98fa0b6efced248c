"""The ``opensudoku`` format: OpenSudoku's XML documents, versions 1 and 2 (9x9 only)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from xml.parsers import expat
from xml.sax.saxutils import quoteattr

from grille.errors import GrilleError, ParseError
from grille.kind import Entry
from grille.sudoku.formats._cells import normal_givens
from grille.sudoku.formats._text import Fail, Text, decode, metadata_value, parse_one, position
from grille.sudoku.geometry import default_shape
from grille.sudoku.grid import Grid, digits_of_mask, mask_of_digits

_HEADER = {
    "name": "title",
    "author": "author",
    "description": "description",
    "comment": "comment",
    "created": "date",
    "source": "source",
    "level": "level",
    "sourceURL": "url",
}


@dataclass(slots=True)
class _Element:
    """An XML element as read: name, attributes, 1-based position and text."""

    name: str
    attributes: dict[str, str]
    line: int
    column: int
    text: list[str] = field(default_factory=list)


def parse_opensudoku(text: str, *, line: int = 1, source: str = "<input>") -> Grid:
    """A grid from an OpenSudoku XML document holding one game."""
    return parse_one(read, text, line, source)


def read(t: Text, text: str) -> list[Entry[Grid]]:
    declaration = re.search(r"<!(?:DOCTYPE|ENTITY)", text)
    if declaration:
        line, column = position(text, declaration.start())
        reason = "DOCTYPE and ENTITY declarations are not allowed in OpenSudoku files"
        raise t.error(reason, line - 1, column)
    elements = _xml_elements(t, text)
    if elements[0].name != "opensudoku":
        reason = f"this is not an OpenSudoku file: its root element is <{elements[0].name}>"
        raise ParseError(reason, line=elements[0].line, column=elements[0].column, source=t.source)
    header = tuple(
        (_HEADER[element.name], "".join(element.text).strip())
        for element in elements
        if element.name in _HEADER and "".join(element.text).strip()
    )
    entries: list[Entry[Grid]] = []
    for element in elements:
        if element.name == "game":
            note = element.attributes.get("note", "").strip()
            metadata = header + ((("comment", note),) if note else ())
            grid = replace(_game_grid(t, element), metadata=metadata)
            entries.append(Entry(grid, element.line, "opensudoku"))
    return entries


def _xml_elements(t: Text, text: str) -> list[_Element]:
    """Every element of the XML document ``text``, in document order."""
    parser = expat.ParserCreate()
    elements: list[_Element] = []
    open_elements: list[_Element] = []

    def start(name: str, attributes: dict[str, str]) -> None:
        line = t.base + parser.CurrentLineNumber - 1
        element = _Element(name, attributes, line, parser.CurrentColumnNumber + 1)
        elements.append(element)
        open_elements.append(element)

    def end(name: str) -> None:
        open_elements.pop()

    def data(chunk: str) -> None:
        if open_elements:
            open_elements[-1].text.append(chunk)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    try:
        parser.Parse(text, True)
    except expat.ExpatError as error:
        reason = f"malformed XML: {expat.ErrorString(error.code)}"
        index = error.lineno - 1
        # expat counts columns in its own way for some bytes (a NUL): stay on the line
        width = len(t.lines[index]) + 1 if index < len(t.lines) else 1
        raise t.error(reason, index, min(error.offset + 1, width)) from None
    return elements


def _game_grid(t: Text, element: _Element) -> Grid:
    """The grid in the ``data`` attribute of a ``<game>``."""

    def fail(reason: str) -> ParseError:
        return ParseError(reason, line=element.line, column=element.column, source=t.source)

    data = element.attributes.get("data")
    if data is None:
        raise fail("a <game> without a data attribute")
    data = data.strip()
    if data.startswith("version:"):
        return _cell_list(data, fail)
    if len(data) != 81:
        raise fail(f"expected 81 digits in data, found {len(data)}")
    codes = decode(data, 9, lambda _, reason: fail(f"data: {reason}"))
    return Grid(default_shape(9), tuple(codes))


def _cell_list(data: str, fail: Fail) -> Grid:
    """A grid from OpenSudoku's ``version: N`` data, ``value|notes|editable|`` per cell."""
    header, _, body = data.partition("\n")
    version = header.partition(":")[2].strip()
    if version not in ("1", "2", "3"):
        raise fail(f"unsupported OpenSudoku data version {version!r}")
    fields = [item for item in body.strip().split("|") if item]
    if len(fields) != 3 * 81:
        raise fail(f"expected 81 cells of value|notes|editable in data, found {len(fields) / 3:g}")
    cells, flags, marks = [], [], []
    for cell in range(81):
        value, notes, editable = fields[3 * cell : 3 * cell + 3]
        if value not in "0123456789" or len(value) != 1 or editable not in ("0", "1"):
            raise fail(f"data: cell {cell + 1} reads {value}|{notes}|{editable}|")
        cells.append(int(value))
        flags.append(editable == "0")
        marks.append(_notes(notes, version, fail))
    return Grid(
        default_shape(9), tuple(cells), normal_givens(cells, flags),
        tuple(marks) if any(marks) else None,
    )


def _notes(notes: str, version: str, fail: Fail) -> int:
    """The candidate mask of OpenSudoku notes: ``1,5,`` (version 1) or a bitmask."""
    if notes == "-":
        return 0
    if version == "1":
        digits = [item for item in notes.split(",") if item]
        if not all(item in "123456789" and len(item) == 1 for item in digits):
            raise fail(f"data: bad notes {notes!r}")
        return mask_of_digits([int(item) for item in digits])
    if not notes.isdigit() or int(notes) > 0x1FF:
        raise fail(f"data: bad notes {notes!r}")
    return int(notes)


_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""Characters XML 1.0 cannot hold, even escaped (control characters, lone surrogates)."""


def dump(grid: Grid) -> str:
    """A document holding ``grid`` alone."""
    return document([grid])


def document(grids: Sequence[Grid]) -> str:
    """An OpenSudoku version 2 document with one folder holding ``grids``."""
    return "\n".join(
        [
            '<?xml version="1.0" encoding="UTF-8"?>',
            '<opensudoku version="2">',
            '  <folder name="grille" created="0">',
            *(_game(grid) for grid in grids),
            "  </folder>",
            "</opensudoku>",
        ]
    )


def _game(grid: Grid) -> str:
    """A ``<game>`` element: plain digits for a fresh puzzle, else version 1 cell data."""
    if grid.size != 9:
        raise GrilleError(f"OpenSudoku holds 9x9 grids only, not {grid.size}x{grid.size}")
    state = "1"  # OpenSudoku: 0 playing, 1 not started, 2 completed
    data = "".join(str(digit) for digit in grid.cells)
    if grid.givens is not None or grid.marks is not None:
        state = "0"
        marks = grid.marks or (0,) * 81
        data = "version: 1\n" + "".join(
            f"{digit}|{''.join(f'{d},' for d in digits_of_mask(mask)) or '-'}|"
            f"{0 if grid.is_given(cell) else 1}|"
            for cell, (digit, mask) in enumerate(zip(grid.cells, marks, strict=True))
        )
    note = _NOT_XML.sub("", metadata_value(grid, "comment") or "")
    return (
        f'    <game created="0" state="{state}" time="0" last_played="0" '
        f"data={quoteattr(data)} note={quoteattr(note)} />"
    )
