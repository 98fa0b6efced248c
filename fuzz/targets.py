"""The fuzz targets: grille's parsers fed any input, checked against their contract.

The contract of every reader: it returns puzzles or raises :class:`grille.errors.ParseError`
(or a documented subclass, :class:`~grille.errors.SizeError`) whose line and column point
into the text and whose message reads ``source:line:column: reason``. Whatever it returns
must write back in every format without any exception but a :class:`GrilleError`, as text
UTF-8 can hold, and read again in its own format. A move is parsed and applied, or refused with a
:class:`~grille.errors.MoveError`. Anything else is a crash.

The same checks serve three callers: the atheris harnesses (``fuzz_*.py``, coverage guided,
bytes in), the hypothesis tests (``tests/test_fuzz_*.py``, structured text in) and the replay
of the crashers found (``tests/fixtures/crashers/``). A harness input is bytes; for the format
targets its first byte picks the format (see :func:`split_input`), the rest is the text.

``sudoku_variants`` fuzzes the readers of variant Sudoku (f-puzzles JSON, f-puzzles and
SudokuPad links, Solo IDs, grille's JSON with a ``variant``) and holds their round trips to be
exact: a format that holds variants writes the puzzle so that it reads back with the same
digits, clues, constraints and f-puzzles metadata. Two of its choices take the rest of the
input as the JSON behind a link (``json-in-fpuzzles-link``, ``json-in-sudokupad``): the text
is lz-string compressed into a link, which is then read, so a byte mutation reaches the
f-puzzles reader behind the link instead of breaking the base 64.
"""

from __future__ import annotations

import functools
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO / "src") not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(REPO / "src"))

from grille.errors import GrilleError, MoveError, ParseError  # noqa: E402
from grille.kind import Kind  # noqa: E402
from grille.kinds import get_kind, sniff_kind  # noqa: E402

__all__ = [
    "AUTO",
    "FORMAT_TARGETS",
    "TARGETS",
    "check_cli_bytes",
    "check_dlx",
    "check_move",
    "check_parse_error",
    "check_read",
    "check_variant_read",
    "choices",
    "input_byte",
    "split_format",
    "split_input",
]

AUTO = "auto"
"""The format name that stands for 'sniff the format' (``fmt=None``)."""

SOURCE = "<fuzz>"
"""The source name the targets give the readers, checked in every error message."""

FORMAT_TARGETS = {
    "sudoku_formats": "sudoku",
    "sudoku_variants": "sudoku",
    "takuzu_formats": "takuzu",
    "kakuro_formats": "kakuro",
}
"""The format targets and the kind each reads."""

VARIANT_FORMATS = ("fpuzzles", "fpuzzles-link", "sudokupad", "solo", "json")
"""The Sudoku formats that hold a variant's constraints: ``sudoku_variants`` reads these and
holds their round trips to be exact."""

LINKED = {"json-in-fpuzzles-link": "fpuzzles-link", "json-in-sudokupad": "sudokupad"}
"""``sudoku_variants`` choices whose text is the JSON a link carries, and the link's format."""

MOVE_STATES = {
    "sudoku": "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "takuzu": "1..0\n..0.\n....\n0..1\n",
    "kakuro": "#    4\\  3\\\n\\3  .    .\n\\4  .    .\n",
}
"""One small state per kind that the moves target applies its moves to."""


def decode(data: bytes) -> str:
    """The text a harness input stands for (undecodable bytes become U+FFFD)."""
    return data.decode("utf-8", "replace")


def split_format(kind: Kind[Any], data: bytes) -> tuple[str, str]:
    """The format (or :data:`AUTO`) the first byte of ``data`` picks, and the text after it."""
    choices = (AUTO, *kind.formats)
    if not data:
        return AUTO, ""
    return choices[data[0] % len(choices)], decode(data[1:])


def format_byte(kind: Kind[Any], fmt: str) -> bytes:
    """The first byte of a harness input that picks ``fmt``: :func:`split_format` reversed."""
    return bytes([(AUTO, *kind.formats).index(fmt)])


def choices(target: str) -> tuple[str, ...]:
    """What the first byte of an input of the format target ``target`` picks from."""
    if target == "sudoku_variants":
        return (AUTO, *VARIANT_FORMATS, *LINKED)
    return (AUTO, *get_kind(FORMAT_TARGETS[target]).formats)


def split_input(target: str, data: bytes) -> tuple[str, str]:
    """The choice (a format, :data:`AUTO` or a :data:`LINKED` one) the first byte of an input
    of ``target`` picks, and the text after it."""
    options = choices(target)
    if not data:
        return AUTO, ""
    return options[data[0] % len(options)], decode(data[1:])


def input_byte(target: str, choice: str) -> bytes:
    """The first byte of an input of ``target`` that picks ``choice``."""
    return bytes([choices(target).index(choice)])


def check_parse_error(error: ParseError, text: str, source: str = SOURCE) -> None:
    """Fail unless ``error`` names a line and column inside ``text`` in its message.

    Lines are counted as :meth:`str.splitlines` counts them (what the line readers do) or at
    ``\\n`` alone (what JSON and XML parsers do); the line after the last one is the end of
    the text, where only column 1 is.
    """
    prefix = f"{source}:{error.line}:{error.column}: "
    assert str(error).startswith(prefix), f"{str(error)!r} does not start with {prefix!r}"
    assert error.reason, f"an error without a reason: {error!r}"
    spans = [_spans(text.splitlines()), _spans(text.split("\n"))]
    assert any(_inside(error.line, error.column, widths) for widths in spans), (
        f"line {error.line}, column {error.column} is not in the text "
        f"({len(spans[0])} lines): {error!r}"
    )


def _spans(lines: list[str]) -> list[int]:
    """The last column of each line (one past its last character), and of the end."""
    return [len(line) + 1 for line in lines] + [1]


def _inside(line: int, column: int, widths: list[int]) -> bool:
    return 1 <= line <= len(widths) and 1 <= column <= widths[line - 1]


def check_read(kind: Kind[Any], text: str, fmt: str = AUTO,
               same: Callable[[Any, Any, str], None] | None = None) -> None:
    """Read ``text``; check the error, or write what was read in every format and re-read it
    (and, with ``same``, check each puzzle against the one read back: ``same(before, after,
    format)``)."""
    try:
        entries = kind.read(text, fmt=None if fmt == AUTO else fmt, source=SOURCE)
    except ParseError as error:
        check_parse_error(error, text)
        return
    assert entries, "read returned no puzzle without an error"
    puzzles = [entry.puzzle for entry in entries]
    for out_fmt in kind.formats:
        try:
            written = kind.write(puzzles, out_fmt)
        except GrilleError:
            continue  # a puzzle this format cannot hold (a size, marks ...): refused cleanly
        written.encode("utf-8")  # what grille writes to a file or a terminal
        again = kind.read(written, fmt=out_fmt, source=SOURCE)
        assert len(again) == len(puzzles), (
            f"{len(puzzles)} puzzles written in {out_fmt}, {len(again)} read back: {written!r}"
        )
        if same is not None:
            for before, after in zip(puzzles, again, strict=True):
                same(before, after.puzzle, out_fmt)


_FPUZZLES_METADATA = ("title", "author", "rules")
"""The metadata the f-puzzles object holds (``title``, ``author``, ``ruleset``)."""


def same_variant(before: Any, after: Any, fmt: str) -> None:
    """Fail unless a grid written in a variant format (:data:`VARIANT_FORMATS`) read back the
    same: digits, shape, constraints (in any order; Solo's as it tells them, see
    :func:`_as_written`), clues (all but Solo, which has only clues), the metadata (JSON) or
    the f-puzzles metadata (the f-puzzles formats; Solo has none)."""
    if fmt not in VARIANT_FORMATS:
        return
    assert after.shape == before.shape, f"{fmt}: {before.shape} read back as {after.shape}"
    assert after.cells == before.cells, f"{fmt}: the digits changed in the round trip"
    constraints = Counter(_as_written(c, fmt) for c in _constraints(before))
    again = Counter(_as_written(c, fmt) for c in _constraints(after))
    assert again == constraints, (
        f"{fmt}: constraints changed in the round trip: lost {list(constraints - again)}, "
        f"gained {list(again - constraints)}"
    )
    if fmt == "solo":
        return
    clues = [before.is_given(i) for i in range(len(before.cells))]
    assert clues == [after.is_given(i) for i in range(len(after.cells))], (
        f"{fmt}: which digits are clues changed in the round trip")
    if fmt == "json":
        assert after.metadata == before.metadata, f"{fmt}: the metadata changed in the round trip"
    kept, had = dict(after.metadata), dict(before.metadata)  # f-puzzles: one of each, the last
    for key in _FPUZZLES_METADATA:
        assert kept.get(key) == had.get(key), f"{fmt}: metadata {key!r} changed in the round trip"


def _constraints(grid: Any) -> tuple[Any, ...]:
    return grid.variant.constraints if grid.variant is not None else ()


def _as_written(constraint: Any, fmt: str) -> Any:
    """``constraint`` as ``fmt`` keeps it: Solo numbers jigsaw regions by their first cell and
    lists a cage's cells in row-major order (the same puzzle, told another way)."""
    from grille.sudoku.variants.families.jigsaw import Regions
    from grille.sudoku.variants.families.killer import KillerCage

    if fmt != "solo":
        return constraint
    if isinstance(constraint, Regions):
        numbers: dict[int, int] = {}
        return Regions(tuple(numbers.setdefault(r, len(numbers)) for r in constraint.regions))
    if isinstance(constraint, KillerCage):
        return KillerCage(tuple(sorted(constraint.cells)), constraint.total)
    return constraint


def link_text(fmt: str, payload_text: str) -> str:
    """A link of ``fmt`` (``fpuzzles-link``, ``sudokupad``) carrying ``payload_text``."""
    from grille.sudoku.variants.fpuzzles import FPUZZLES_PREFIX, SUDOKUPAD_PREFIX
    from grille.sudoku.variants.lz import compress

    prefix = FPUZZLES_PREFIX if fmt == "fpuzzles-link" else SUDOKUPAD_PREFIX
    return prefix + compress(payload_text)


def check_variant_read(text: str, choice: str = AUTO) -> None:
    """Read ``text`` as variant Sudoku in ``choice`` (for a :data:`LINKED` choice, the link
    carrying ``text``) with :func:`check_read`, round trips held to :func:`same_variant`."""
    fmt = choice
    if choice in LINKED:
        fmt = LINKED[choice]
        text = link_text(fmt, text)
    check_read(get_kind("sudoku"), text, fmt, same_variant)


def check_move(text: str) -> None:
    """Parse ``text`` as a move and apply it to a small state of every kind."""
    from grille.moves import parse_move

    try:
        move = parse_move(text)
    except MoveError:
        parsed = False
    else:
        parsed = True
        assert parse_move(str(move)) == move, f"{move!r} does not read back"
    for name, (kind, state) in _move_states().items():
        try:
            kind.apply(state, text)
        except MoveError:
            continue
        assert parsed, f"{name} applied {text!r}, which parse_move refuses"


@functools.cache
def _move_states() -> dict[str, tuple[Kind[Any], Any]]:
    """Each kind and its state of :data:`MOVE_STATES`, read once."""
    return {name: (get_kind(name), get_kind(name).read(text)[0].puzzle)
            for name, text in MOVE_STATES.items()}


def check_dlx(text: str) -> None:
    """Parse ``text`` as a DLX problem and search it briefly when it parses."""
    from grille.engine.dlxformat import format_dlx, parse_dlx
    from grille.engine.xcc import XCCSearch

    try:
        problem = parse_dlx(text, source=SOURCE)
    except ParseError as error:
        check_parse_error(error, text)
        return
    XCCSearch(problem, budget=200, backend="python").run(0)
    try:
        written = format_dlx(problem)
    except GrilleError:
        return
    parse_dlx(written)


def check_cli_bytes(data: bytes) -> None:
    """Decode ``data`` as the command line does, then sniff its kind and read it."""
    from grille.cliinput import decode_text

    try:
        text = decode_text(data, SOURCE)
        kind = sniff_kind(text, source=SOURCE)
    except ParseError as error:
        check_parse_error(error, decode(data))
        return
    check_read(kind, text)


def _format_target(kind_name: str) -> Callable[[bytes], None]:
    def target(data: bytes) -> None:
        kind = get_kind(kind_name)
        fmt, text = split_format(kind, data)
        check_read(kind, text, fmt)

    return target


def _variant_target(data: bytes) -> None:
    choice, text = split_input("sudoku_variants", data)
    check_variant_read(text, choice)


TARGETS: dict[str, Callable[[bytes], None]] = {
    **{name: _format_target(kind) for name, kind in FORMAT_TARGETS.items()
       if name != "sudoku_variants"},
    "sudoku_variants": _variant_target,
    "moves": lambda data: check_move(decode(data)),
    "dlx": lambda data: check_dlx(decode(data)),
    "cli": check_cli_bytes,
}
"""Every target by name; each takes a harness input and raises on a contract breach."""
