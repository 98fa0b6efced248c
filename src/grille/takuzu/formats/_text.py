"""What the readers share: decoding rows of cells, errors at a place, rules comments."""

from __future__ import annotations

import re
from collections.abc import Sequence

from grille.errors import ParseError, quoted
from grille.takuzu.grid import EMPTY

__all__ = ["RULES_RE", "VALUES", "decode_marks_row", "decode_row", "rules_comment", "rules_line"]

VALUES = {"0": 0, "1": 1, ".": EMPTY}
"""Each cell character and its value."""

_MARKS_TOKEN_RE = re.compile(r"\[[^\]\s]*\]?|\S")
"""A cell of a row with pencil marks: ``[01]``-style marks, or one character."""

RULES_RE = re.compile(r"#\s*rules\s*:\s*(no-unique-lines|unique-lines)\s*", re.IGNORECASE)
"""The comment line that switches the unique-lines rule for the puzzles after it."""


def rules_comment(line: str) -> bool | None:
    """``False`` for ``# rules: no-unique-lines``, ``True`` for ``unique-lines``, else ``None``."""
    match = RULES_RE.fullmatch(line.strip())
    if match is None:
        return None
    return match[1].lower() == "unique-lines"


def rules_line(unique_lines: bool) -> str:
    """The comment line that sets the rule."""
    return "# rules: unique-lines" if unique_lines else "# rules: no-unique-lines"


def decode_row(
    text: str, *, line: int, source: str, offset: int = 0, spaces: bool = True
) -> list[int]:
    """The values of a row of ``0``, ``1`` and ``.`` (spaces skipped if ``spaces``)."""
    values: list[int] = []
    for column, char in enumerate(text, offset + 1):
        if spaces and char in " \t":
            continue
        value = VALUES.get(char)
        if value is None:
            raise ParseError(
                f"{quoted(char)} is not a Takuzu cell (0, 1 or '.') in {quoted(text.strip())}",
                line=line, column=column, source=source,
            )
        values.append(value)
    return values


def decode_marks_row(
    text: str, *, line: int, source: str
) -> tuple[list[int], list[int], list[int]]:
    """The values, pencil marks (bit 0 for a 0, bit 1 for a 1) and 1-based columns of the
    cells of a row of ``0``, ``1``, ``.`` and marks like ``[01]``, ``[1]`` or ``[]`` (an empty
    cell with those marks), spaces between them optional."""
    values: list[int] = []
    marks: list[int] = []
    columns: list[int] = []
    for match in _MARKS_TOKEN_RE.finditer(text):
        token, column = match[0], match.start() + 1
        if token.startswith("["):
            digits = token[1:-1] if token.endswith("]") else None
            if digits is None or not set(digits) <= {"0", "1"} or len(set(digits)) < len(digits):
                raise ParseError(
                    f"{quoted(token)} is not a Takuzu cell's pencil marks ([01], [0], [1] or [])",
                    line=line, column=column, source=source,
                )
            values.append(EMPTY)
            marks.append(sum(1 << int(digit) for digit in digits))
        elif token in VALUES:
            values.append(VALUES[token])
            marks.append(0)
        else:
            raise ParseError(
                f"{quoted(token)} is not a Takuzu cell (0, 1, '.' or marks like [01]) in "
                f"{quoted(text.strip())}", line=line, column=column, source=source,
            )
        columns.append(column)
    return values, marks, columns


def write_with_rules(blocks: Sequence[tuple[bool, str]], separator: str) -> str:
    """Blocks of text, each preceded by a rules comment where the rule changes."""
    out: list[str] = []
    current = True
    for unique, block in blocks:
        if unique != current:
            block = rules_line(unique) + "\n" + block
            current = unique
        out.append(block)
    return separator.join(out)
