"""Streaming the puzzles of an input of any kind and format, each with the line it starts on.

An input is read as a stream of byte lines, never whole, in one of three layouts:

``LINES``
    one puzzle per line: each line becomes a :class:`Record` holding its text, which the
    job parses where it runs, so a cluster's workers share the parsing too;
``PARAGRAPHS``
    puzzles in blocks separated by blank lines: each block, with the comment lines before
    it, is read here by the kind and becomes one record per puzzle;
``DOCUMENT``
    one document (JSON, XML, a grid with an appendix): read whole, as ``grille solve``
    reads it.

Each format's layout is its :attr:`FormatInfo.layout <grille.info.FormatInfo.layout>`, as
its kind's :class:`~grille.info.KindInfo` says. A puzzle that does not read becomes a
record with the error, at its place, so the batch goes on. In a kind whose ``# rules: ...``
lines hold for every puzzle after them (:attr:`KindInfo.carried_rules
<grille.info.KindInfo.carried_rules>`), each record carries the last one. The format is the
kind's guess (``Kind.read``) from the first 64 KiB of the input, found past unreadable lines
when there are some.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import chain
from typing import Any

from grille.errors import GrilleError, ParseError
from grille.info import Layout
from grille.kind import Entry, Kind
from grille.kinds import kind_info, kind_names

__all__ = [
    "Layout",
    "Reading",
    "Record",
    "count_records",
    "layout_of",
    "output_formats",
    "read_puzzle",
    "start_reading",
]

HEAD_BYTES = 65536
"""How much of the input the kind and the format are guessed from."""

SNIFF_TRIES = 16
"""How many unreadable places the format guess steps over before giving up."""

NO_PUZZLE = "no puzzle found"
"""The reason every kind's reader gives for a text without a puzzle."""

_RULES_LINE = re.compile(r"\s*#\s*rules\s*:", re.IGNORECASE)


def layout_of(kind_name: str, fmt: str) -> Layout:
    """The layout of ``fmt`` in kind ``kind_name``, as its :class:`~grille.info.KindInfo`
    says (``DOCUMENT`` for a format or a kind it does not know).

    >>> from grille.kinds import kind_infos
    >>> info = kind_infos()[0]
    >>> all(layout_of(info.name, fmt.name) is fmt.layout for fmt in info.formats)
    True
    >>> layout_of(info.name, "no such format")
    <Layout.DOCUMENT: 'document'>
    """
    try:
        return kind_info(kind_name).format(fmt).layout
    except (KeyError, ValueError):  # no such format, no such kind
        return Layout.DOCUMENT


def output_formats(kind_name: str) -> tuple[str, ...]:
    """The formats a batch may write puzzles of ``kind_name`` in (one puzzle a line, after
    comment lines if any): those its :class:`~grille.info.KindInfo` marks ``batch_output``
    (none for a kind not registered)."""
    if kind_name not in kind_names():
        return ()
    return tuple(fmt.name for fmt in kind_info(kind_name).formats if fmt.batch_output)


@dataclass(frozen=True, slots=True)
class Record:
    """One input puzzle as read: the line it starts on, and its text, the puzzle or an error.

    ``text`` is for the job to parse (its first ``lead`` lines are carried ``# rules:``
    lines, not the input's own); ``puzzle`` was parsed already; ``error`` says why the
    puzzle could not be read.
    """

    line: int
    text: str = ""
    lead: int = 0
    puzzle: Any = None
    error: str = ""


@dataclass(frozen=True, slots=True)
class Reading:
    """An input being read: its format and layout, and its records, lazily."""

    fmt: str
    layout: Layout
    records: Iterator[Record]


class _Lines:
    """The numbered byte lines of a binary stream; the first ``HEAD_BYTES`` are kept as the head."""

    def __init__(self, binary: Iterable[bytes]) -> None:
        self._binary = binary
        self.head: list[bytes] = []
        size = 0
        for raw in binary:
            self.head.append(raw)
            size += len(raw)
            if size >= HEAD_BYTES:
                break

    def numbered(self) -> Iterator[tuple[int, bytes]]:
        """Every line, the head first, numbered from 1 (each once: this is a stream)."""
        return enumerate(chain(self.head, self._binary), 1)


def start_reading(
    binary: Iterable[bytes], kind: Kind[Any] | None, fmt: str | None, *, source: str
) -> tuple[Kind[Any], Reading]:
    """The kind (guessed unless given) and the reading of ``binary``, a stream of puzzles."""
    lines = _Lines(binary)
    data = b"".join(lines.head)
    head = _decode_head(data, source)
    if kind is None:
        try:
            kind = _sniff_kind(head, source)
        except ParseError:
            _refuse_undecodable(data, source)  # the reason no kind reads it, if it is one
            raise
    if fmt is not None and fmt not in kind.formats:
        raise GrilleError(f"{kind.name} has no format {fmt!r}; formats: {', '.join(kind.formats)}")
    if fmt is None and not _looks_like_document(head):
        fmt = sniff_format(kind, head, source=source)
    layout = Layout.DOCUMENT if fmt is None else layout_of(kind.name, fmt)
    carries = kind.info.carried_rules
    if fmt is not None and layout is Layout.LINES:
        found = _line_records(lines.numbered(), source, carries=carries)
    elif fmt is not None and layout is Layout.PARAGRAPHS:
        found = _paragraph_records(lines.numbered(), kind, fmt, source, carries=carries)
    else:
        entries = _read_document(kind, fmt, (raw for _, raw in lines.numbered()), source)
        fmt = fmt or entries[0].fmt
        found = (Record(entry.line, puzzle=entry.puzzle) for entry in entries)
    return kind, Reading(fmt, layout, found)


def _sniff_kind(head: str, source: str) -> Kind[Any]:
    """The kind of the head's puzzles, guessed past unreadable lines at its start."""
    from grille.kinds import sniff_kind

    lines = head.splitlines()
    try:
        return sniff_kind(head, source=source)
    except ParseError as error:
        first_error = error
    start = 0
    for _ in range(SNIFF_TRIES):
        start = next((i + 1 for i in range(start, len(lines)) if _is_body(lines[i])), len(lines))
        if not any(_is_body(line) for line in lines[start:]):
            break
        try:
            return sniff_kind("\n".join(lines[start:]), source=source)
        except ParseError:
            continue
    raise first_error


def _is_body(line: str) -> bool:
    """Whether a line is neither blank nor a ``#`` comment."""
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def _looks_like_document(head: str) -> bool:
    return head.lstrip()[:1] in ("{", "[", "<")


def _decode_head(data: bytes, source: str) -> str:
    """The head as text for guessing; an input starting with binary data is refused."""
    first = next((line for line in data.split(b"\n") if line.strip()), b"")
    if b"\0" in first:
        _refuse_binary(data, source)
    return data.decode("utf-8-sig", errors="replace")


def _refuse_undecodable(data: bytes, source: str) -> None:
    """Raise ``ParseError`` at the first NUL byte of ``data``, else at its first invalid
    UTF-8 sequence."""
    _refuse_binary(data, source)
    for number, raw in enumerate(data.splitlines(keepends=True), 1):
        _decode(raw, number, source)


def _refuse_binary(data: bytes, source: str) -> None:
    if b"\0" in data:
        line = data[: data.index(b"\0")].count(b"\n") + 1
        raise ParseError("binary data, not a puzzle text", line=line, source=source)


def _decode(raw: bytes, number: int, source: str) -> str:
    """One line as text, without its line break; raises ``ParseError`` for binary or bad UTF-8."""
    if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    if b"\0" in raw:
        raise ParseError("binary data, not a puzzle text", line=number,
                         column=raw.index(b"\0") + 1, source=source)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        column = len(raw[: error.start].decode("utf-8", errors="replace")) + 1
        raise ParseError("not UTF-8 text", line=number, column=column, source=source) from None
    return text.rstrip("\r\n")


def sniff_format(kind: Kind[Any], head: str, *, source: str) -> str | None:
    """The format ``kind`` reads ``head`` in, found past unreadable places; ``None`` if none.

    The kind reads the head; when a puzzle in it does not read, the text before it, or else
    after it, is tried instead.
    """
    lines = head.splitlines()
    start = 0
    for _ in range(SNIFF_TRIES):
        if not any(line.strip() for line in lines[start:]):
            return None
        try:
            entries = kind.read("\n".join(lines[start:]), source=source)
        except ParseError as error:
            bad = min(max(start + error.line - 1, start), len(lines) - 1)
            for cut in (_last_blank(lines, start, bad), bad):
                fmt = _format_of(kind, lines[start:cut], source) if cut > start else None
                if fmt is not None:
                    return fmt
            start = bad + 1
            continue
        except ValueError:
            return None
        return entries[0].fmt if entries else None
    return None


def _last_blank(lines: list[str], start: int, end: int) -> int:
    """The index of the last blank line in ``lines[start:end]``, else ``start``."""
    return next((i for i in range(end - 1, start - 1, -1) if not lines[i].strip()), start)


def _format_of(kind: Kind[Any], lines: list[str], source: str) -> str | None:
    try:
        entries = kind.read("\n".join(lines), source=source)
    except ValueError:
        return None
    return entries[0].fmt if entries else None


def _line_records(
    numbered: Iterable[tuple[int, bytes]], source: str, *, carries: bool
) -> Iterator[Record]:
    """A record per line that is neither blank nor a ``#`` comment."""
    rules = ""
    for number, raw in numbered:
        try:
            text = _decode(raw, number, source)
        except ParseError as error:
            yield Record(number, error=str(error))
            continue
        stripped = text.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            if carries and _RULES_LINE.match(stripped):
                rules = stripped
            continue
        yield Record(number, text=f"{rules}\n{text}", lead=1) if rules else Record(number, text)


def _paragraph_records(
    numbered: Iterable[tuple[int, bytes]], kind: Kind[Any], fmt: str, source: str, *,
    carries: bool,
) -> Iterator[Record]:
    """The records of each block, read with the comment-only blocks just before it."""
    group: list[str] = []
    start = 0
    body = False
    error = ""
    rules = ""
    for number, raw in numbered:
        try:
            text = _decode(raw, number, source)
        except ParseError as bad:
            text, error = "", error or str(bad)
            unreadable = True
        else:
            unreadable = False
        if not text.strip() and not unreadable:
            if body:
                yield from _read_group(kind, fmt, source, group, start, rules, error)
                rules = _last_rules(group, rules) if carries else rules
                group, body, error = [], False, ""
            elif group:
                group.append(text)
            continue
        if not group:
            start = number
        group.append(text)
        body = body or unreadable or not text.lstrip().startswith("#")
    if group:
        yield from _read_group(kind, fmt, source, group, start, rules, error, trailing=not body)


def _last_rules(lines: list[str], rules: str) -> str:
    """The last ``# rules:`` line among ``lines``, else ``rules``."""
    return next((line.strip() for line in reversed(lines) if _RULES_LINE.match(line)), rules)


def _read_group(
    kind: Kind[Any], fmt: str, source: str, lines: list[str], start: int, rules: str,
    error: str, *, trailing: bool = False,
) -> list[Record]:
    """The records of one group of lines starting at line ``start``."""
    if error:
        return [Record(start, error=error)]
    lead = 1 if rules else 0
    text = "\n".join([rules, *lines] if rules else lines)
    try:
        entries: list[Entry[Any]] = kind.read(text, fmt=fmt, source=source)
    except ParseError as bad:
        if trailing and bad.reason == NO_PUZZLE:
            return []
        located = bad.located(line_offset=start - 1 - lead)
        return [Record(located.line, error=str(located))]
    except ValueError as bad:
        return [Record(start, error=f"{source}:{start}: {bad}")]
    return [Record(start + entry.line - 1 - lead, puzzle=entry.puzzle) for entry in entries]


def read_puzzle(
    kind: Kind[Any], record: Record, fmt: str, *, source: str,
    rules: frozenset[str] = frozenset(),
) -> Any:
    """The puzzle of ``record`` (its text read in ``fmt``) under the rule variants ``rules``.

    Raises ``ValueError`` when it does not read: a ``ParseError`` placed in the whole input,
    or a ``GrilleError`` for a record of its own error (its message says where) or for a
    text that holds more than one puzzle.
    """
    if record.error:
        raise GrilleError(record.error)
    puzzle = record.puzzle
    if puzzle is None:
        try:
            entries = kind.read(record.text, fmt=fmt, source=source)
        except ParseError as error:
            raise error.located(line_offset=record.line - 1 - record.lead) from None
        if len(entries) != 1:
            raise GrilleError(f"expected one puzzle on the line, found {len(entries)}")
        puzzle = entries[0].puzzle
    return kind.with_rules(puzzle, rules) if rules else puzzle


def _read_document(
    kind: Kind[Any], fmt: str | None, raw_lines: Iterable[bytes], source: str
) -> list[Entry[Any]]:
    """Every puzzle of the whole input, read at once; raises ``ParseError``."""
    data = b"".join(raw_lines)
    _refuse_binary(data, source)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        column = error.start - (before.rfind(b"\n") + 1) + 1
        raise ParseError("not UTF-8 text", line=before.count(b"\n") + 1, column=column,
                         source=source) from None
    return kind.read(text, fmt=fmt, source=source)


def count_records(path: str, layout: Layout) -> int | None:
    """About how many puzzles the file at ``path`` holds (for progress), or ``None``.

    Exact for one puzzle per line; the number of blocks for blocks.
    """
    if layout is Layout.DOCUMENT:
        return None
    count = 0
    with open(path, "rb") as handle:
        if layout is Layout.LINES:
            for raw in handle:
                stripped = raw.strip()
                if stripped and not stripped.startswith(b"#"):
                    count += 1
            return count
        body = False
        for raw in handle:
            stripped = raw.strip()
            if not stripped:
                count += body
                body = False
            elif not stripped.startswith(b"#"):
                body = True
        return count + body
