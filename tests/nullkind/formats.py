"""The null kind's formats: ``line`` (one puzzle a line, ``line:3.<.2``, a rating after a
TAB) and ``marks`` (the same with pencil marks, ``line:3[14]<[14]5.``).

Lines starting with ``#`` before a puzzle are its metadata (``# level: easy``; a line
without a colon is a ``comment``). Only texts whose puzzle lines all start with ``line:``
are claimed by :func:`sniff`, so no other kind's text is.

>>> entries = read("# level: medium\\nline:3.<.2\\tmedium\\t1.5")
>>> entries[0].puzzle.metadata, entries[0].fmt
((('rating', 'medium\\t1.5'), ('level', 'medium')), 'line')
>>> write([entries[0].puzzle], "line")
'# level: medium\\nline:3.<.2\\tmedium\\t1.5\\n'
>>> read("line:3[14]<[14]2")[0].puzzle.marks
(0, 9, 9, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from grille.errors import GrilleError, ParseError, quoted
from grille.kind import Entry
from grille.rated import RATING, join_rating, split_rating, with_rating
from nullkind.line import Line

__all__ = ["FORMATS", "PREFIX", "read", "sniff", "write"]

FORMATS = ("line", "marks")
PREFIX = "line:"


def _content(text: str) -> list[tuple[int, str]]:
    """The numbered lines that are neither blank nor comments."""
    return [(number, line) for number, line in enumerate(text.splitlines(), 1)
            if line.strip() and not line.lstrip().startswith("#")]


def sniff(text: str) -> str | None:
    """The format of ``text`` when every puzzle line of it starts with ``line:``."""
    lines = _content(text)
    if not lines or not all(line.lstrip().startswith(PREFIX) for _, line in lines):
        return None
    return "marks" if any("[" in line for _, line in lines) else "line"


def read(text: str, *, fmt: str | None = None, source: str = "<input>") -> list[Entry[Line]]:
    """Every line puzzle of ``text``; ``ParseError`` at the first line that is not one."""
    if fmt is not None and fmt not in FORMATS:
        raise GrilleError(f"nullkind has no format {fmt!r}; formats: {', '.join(FORMATS)}")
    fmt = fmt or sniff(text) or "line"
    entries: list[Entry[Line]] = []
    metadata: list[tuple[str, str]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            key, colon, value = line[1:].partition(":")
            metadata.append((key.strip(), value.strip()) if colon
                            else ("comment", line[1:].strip()))
            continue
        column = len(raw) - len(raw.lstrip()) + 1
        if not line.startswith(PREFIX):
            raise ParseError(f"not a line puzzle (it starts with {PREFIX!r}): "
                             f"{quoted(line[:40])}", line=number, column=column, source=source)
        body, rating = split_rating(line[len(PREFIX):])
        try:
            puzzle = _marked(body) if fmt == "marks" else Line.from_text(body)
        except GrilleError as error:
            raise ParseError(str(error), line=number, column=column + len(PREFIX),
                             source=source) from None
        puzzle = Line(puzzle.cells, puzzle.relations, marks=puzzle.marks,
                      metadata=tuple(metadata))
        entries.append(Entry(with_rating(puzzle, rating) if rating else puzzle, number, fmt))
        metadata = []
    if not entries:
        raise ParseError("no puzzle found", source=source)
    return entries


def _marked(body: str) -> Line:
    """``3[14]<[14]5.``: a line whose empty cells may hold pencil marks in brackets."""
    plain = []
    marks: list[int] = []
    inside: str | None = None
    for char in body:
        if inside is not None:
            if char == "]":
                plain.append(".")
                marks.append(sum(1 << (int(d) - 1) for d in set(inside)))
                inside = None
            elif char.isdigit() and char != "0":
                inside += char
            else:
                raise GrilleError(f"{char!r} in pencil marks: {body!r}")
        elif char == "[":
            inside = ""
        else:
            plain.append(char)
            if char not in "<>":
                marks.append(0)
    if inside is not None:
        raise GrilleError(f"unclosed '[': {body!r}")
    line = Line.from_text("".join(plain))
    if any(mark >> line.size for mark in marks):
        raise GrilleError(f"a pencil mark above {line.size}: {body!r}")
    return Line(line.cells, line.relations, marks=tuple(marks) if any(marks) else None)


def write(puzzles: Sequence[Line], fmt: str) -> str:
    """``puzzles`` in ``fmt``, one a line after their metadata lines."""
    if fmt not in FORMATS:
        raise GrilleError(f"nullkind has no format {fmt!r}; formats: {', '.join(FORMATS)}")
    out = []
    for puzzle in puzzles:
        rating = ""
        for key, value in puzzle.metadata:
            if key == RATING:
                rating = value
            else:
                out.append(f"# {value}" if key == "comment" else f"# {key}: {value}")
        body = _with_marks(puzzle) if fmt == "marks" else puzzle.text()
        out.append(join_rating(PREFIX + body, rating if fmt == "line" else ""))
    return "\n".join(out) + "\n"


def _with_marks(puzzle: Line) -> str:
    marks = puzzle.marks or (0,) * puzzle.size
    parts = [
        str(value) if value else
        "[" + "".join(str(v) for v in range(1, puzzle.size + 1) if mark >> (v - 1) & 1) + "]"
        if mark else "."
        for value, mark in zip(puzzle.cells, marks, strict=True)
    ]
    return parts[0] + "".join(r + p for r, p in zip(puzzle.relations, parts[1:], strict=True))
