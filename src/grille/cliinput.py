"""Reading the puzzles a command is given, and writing what it makes of them.

A command's ``FILE`` argument is a file, ``-`` for standard input, or the puzzle itself
(:func:`read_puzzle_argument`); its text is UTF-8, and anything else is a
:class:`~grille.errors.ParseError` that says where (:func:`decode_text`).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Any

from grille.cliargs import chosen_rules
from grille.errors import GrilleError, ParseError
from grille.kind import Entry, Kind
from grille.kinds import claiming_kinds, get_kind, sniff_kind

__all__ = [
    "Input",
    "decode_text",
    "emit",
    "kind_and_entries",
    "open_puzzle_argument",
    "rating_line",
    "read_input",
    "read_puzzle_argument",
]

PATH_SUFFIX = re.compile(r"\.[a-z]{2,}[a-z0-9]*$")
"""A file name's ending (``.txt``, ``.sdk`` ...), which a typed puzzle does not have."""
URL_RE = re.compile(r"\s*[a-z][a-z0-9+.-]*://", re.I)
"""A link's start (``https://``): a puzzle given as a link, never a file name."""


@dataclass(frozen=True, slots=True)
class Input:
    """A text read from a file or standard input, and the name to quote it by."""

    text: str
    source: str


def read_input(path: str | None) -> Input:
    """The text of ``path`` (``-`` or ``None``: standard input), decoded as UTF-8."""
    if path in (None, "-"):
        data = sys.stdin.buffer.read()
        source = "<stdin>"
    else:
        with open(path, "rb") as handle:
            data = handle.read()
        source = path
    return Input(decode_text(data, source), source)


def decode_text(data: bytes, source: str) -> str:
    """``data`` as UTF-8 text (a byte order mark dropped); ``ParseError`` at the first NUL
    byte or invalid sequence, its column counted in characters."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    if b"\0" in data:
        line, column = _byte_position(data, data.index(b"\0"))
        raise ParseError("binary data, not a puzzle text", line=line, column=column,
                         source=source)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line, column = _byte_position(data, error.start)
        raise ParseError("not UTF-8 text", line=line, column=column, source=source) from None


def _byte_position(data: bytes, index: int) -> tuple[int, int]:
    """The 1-based line and character column of byte ``index`` of ``data``."""
    before = data[:index]
    line_start = before.rfind(b"\n") + 1
    return before.count(b"\n") + 1, len(before[line_start:].decode("utf-8", "replace")) + 1


def read_puzzle_argument(argument: str) -> Input:
    """A file's text, standard input for ``-``, or else the argument itself as a puzzle.

    An argument that names no file is a puzzle when some kind's sniffer claims it (a short
    game ID like ``6x6u:BhgCAbCef`` too, or a random-seed ID, which its reader refuses
    with the reason) or when it does not look like a path; only a path-like argument
    gets "No such file or directory" (a link never: it is read as a puzzle).
    """
    if argument == "-" or os.path.exists(argument) or _looks_like_path(argument):
        return read_input(argument)
    return Input(argument, "<argument>")


def _looks_like_path(argument: str) -> bool:
    """Whether a command-line argument that names no existing file was meant as a file name
    rather than a puzzle: it is no link, no kind claims it, and it has a directory separator, a file
    name's ending, or is too short to spell a grid (the smallest, 4x4, has 16 cells)."""
    if "\n" in argument or argument.lstrip().startswith(("{", "<")) or URL_RE.match(argument):
        return False
    if claiming_kinds(argument):
        return False
    return os.sep in argument or len(argument) < 16 or PATH_SUFFIX.search(argument) is not None


def kind_and_entries(args: argparse.Namespace) -> tuple[Kind[Any], list[Entry[Any]], Input]:
    """The kind (``--kind`` or guessed), the puzzles and the input of a command that reads
    its ``FILE`` whole, in ``--from``'s format (or guessed), under the rule flags given."""
    given = read_puzzle_argument(args.file)
    kind = get_kind(args.kind) if args.kind else sniff_kind(given.text, source=given.source)
    fmt = getattr(args, "from_format", None)
    if fmt is not None and fmt not in kind.formats:
        raise GrilleError(f"{kind.name} has no format {fmt!r}; formats: {', '.join(kind.formats)}")
    entries = kind.read(given.text, fmt=fmt, source=given.source)
    rules = chosen_rules(args)
    if rules:
        entries = [
            Entry(kind.with_rules(e.puzzle, rules), e.line, e.fmt) for e in entries
        ]
    return kind, entries, given


@contextlib.contextmanager
def open_puzzle_argument(argument: str) -> Iterator[tuple[str, IO[bytes], str | None]]:
    """The input's name, its bytes as a stream, and its path when it is a regular file: a
    file's bytes are read as they are needed, never all at once."""
    if argument == "-":
        yield "<stdin>", sys.stdin.buffer, None
    elif os.path.exists(argument):
        with open(argument, "rb") as binary:
            yield argument, binary, argument if os.path.isfile(argument) else None
    else:
        given = read_puzzle_argument(argument)
        yield given.source, io.BytesIO(given.text.encode()), None


def emit(text: str, args: argparse.Namespace) -> None:
    """Write ``text`` to ``-o OUT``, else to standard output."""
    output = getattr(args, "output", None)
    if output in (None, "-"):
        sys.stdout.write(text)
        return
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(text)


def rating_line(kind: Kind[Any], puzzle: Any, fields: Sequence[str], fmt: str | None = None) -> str:
    """One line of ``grille rate``: the puzzle alone on one line (a rating, comment or
    other metadata it was read with left out), then its rating fields, TAB between them."""
    from grille.rated import bare

    text = kind.write([bare(puzzle)], fmt or kind.one_line_format).strip()
    return "\t".join((text, *fields)) + "\n"
