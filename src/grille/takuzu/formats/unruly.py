"""Simon Tatham's Unruly game IDs: ``WxH[u]:description``.

Over the cells in row-major order, a lowercase ``a``..``y`` skips 0..24 empty cells then
places a 0, an uppercase ``A``..``Y`` skips then places a 1, ``z``/``Z`` skips 25 cells. The
encoder ends with one lowercase letter for a virtual cell after the last, so the description
covers ``W*H + 1`` positions. ``u`` in the parameters is the unique rows and columns rule
(without it, the grid follows the no-unique-lines variant); a difficulty ``d<letter>`` is
read and ignored. A rating may follow the ID on its line (see :mod:`grille.rated`); it is kept
as the ``rating`` metadata and written back. A random-seed ID ``WxH[u]#seed`` names no puzzle
until Unruly generates it, so it is refused with that reason.
"""

from __future__ import annotations

import re

from grille.errors import ParseError
from grille.kind import Entry
from grille.rated import RATING, join_rating, split_rating
from grille.takuzu.grid import EMPTY, TakuzuGrid

__all__ = ["dump", "looks_like_unruly", "parse_unruly", "read"]

_ID_RE = re.compile(r"([0-9]{1,9})x([0-9]{1,9})((?:u|d[a-z])*):([A-Za-z]*)")
_SEED_RE = re.compile(r"([0-9]{1,9})x([0-9]{1,9})((?:u|d[a-z])*)#\S*")
"""A random-seed ID: the parameters, ``#``, and a seed for Unruly's generator."""
_QUOTED = 40
"""How much of a long ID an error message quotes."""


def _positions(description: str) -> int:
    """How many positions a description covers."""
    total = 0
    for char in description:
        total += 25 if char in "zZ" else ord(char.lower()) - ord("a") + 1
    return total


def parse_unruly(text: str, *, line: int = 1, source: str = "<input>") -> TakuzuGrid:
    """A grid from an Unruly game ID like ``6x6u:aBd...``, with an optional rating after it
    (a TAB, ``;`` or spaces between, see :mod:`grille.rated`)."""
    text, rating = split_rating(text.rstrip("\r\n"))
    stripped = text.strip()
    match = _ID_RE.fullmatch(stripped)
    start = text.index(stripped[:1]) + 1 if stripped else 1
    quoted = _quote(stripped)
    if match is None:
        seed = _SEED_RE.fullmatch(stripped)
        if seed is not None:
            raise ParseError(
                f"random-seed IDs are not supported: {quoted} asks Unruly to make a puzzle "
                f"from the seed after '#'; give its game ID ({seed[1]}x{seed[2]}{seed[3]}:…, "
                "Game > Specific in Unruly) instead",
                line=line, column=start + seed.end(3), source=source,
            )
        raise ParseError(f"not an Unruly game ID (WxH[u]:letters): {quoted}", line=line,
                         column=start, source=source)
    width, height = int(match[1]), int(match[2])
    if width < 2 or height < 2 or width % 2 or height % 2:
        raise ParseError(f"an Unruly grid has even sides, got {width}x{height}: {quoted}",
                         line=line, column=start, source=source)
    count = width * height
    if _positions(match[4]) < count:  # before making the cells: the sides may be huge
        raise ParseError(
            f"the ID is cut short: its description covers {_positions(match[4])} of the "
            f"{count + 1} positions of a {width}x{height} grid: {quoted}",
            line=line, column=start + match.end(4), source=source,
        )
    cells = [EMPTY] * count
    position = 0
    column = start + match.start(4)
    for offset, char in enumerate(match[4]):
        if char in "zZ":
            position += 25
            continue
        position += ord(char.lower()) - ord("a")
        if position < count:
            cells[position] = 0 if char.islower() else 1
        elif position > count:
            raise ParseError(f"description runs past the {count} cells at {char!r}: {quoted}",
                             line=line, column=column + offset, source=source)
        position += 1
    if position not in (count, count + 1):
        raise ParseError(
            f"description covers {position} of the {count + 1} positions of a {width}x{height} "
            f"grid: {quoted}", line=line, column=column + len(match[4]), source=source,
        )
    metadata = ((RATING, rating),) if rating else ()
    return TakuzuGrid(height, width, tuple(cells), unique_lines="u" in match[3],
                      metadata=metadata)


def read(text: str, source: str) -> list[Entry[TakuzuGrid]]:
    """One puzzle per non-blank line (``#`` lines are comments)."""
    return [
        Entry(parse_unruly(line, line=number, source=source), number, "unruly")
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]


def dump(grid: TakuzuGrid) -> str:
    """The grid's Unruly game ID, encoded as Unruly does."""
    out = [f"{grid.width}x{grid.height}{'u' if grid.unique_lines else ''}:"]
    run = 0
    for value in (*grid.cells, 0):
        if value == EMPTY:
            run += 1
            continue
        while run > 24:
            out.append("z" if value == 0 else "Z")
            run -= 25
        out.append(chr((ord("a") if value == 0 else ord("A")) + run))
        run = 0
    return join_rating("".join(out), grid.meta(RATING) or "")


def _quote(text: str) -> str:
    """``text`` quoted for an error message, cut after its first characters when long."""
    return repr(text) if len(text) <= _QUOTED else repr(text[:_QUOTED]) + "…"


def looks_like_unruly(line: str) -> bool:
    """Whether ``line`` is written as an Unruly game ID (``WxH[u]:letters``, its description
    fitting or not, so that a cut-short ID is reported as one), or as a random-seed ID of
    even sides."""
    stripped = split_rating(line)[0].strip()
    if _ID_RE.fullmatch(stripped):
        return True
    seed = _SEED_RE.fullmatch(stripped)
    return seed is not None and not (int(seed[1]) % 2 or int(seed[2]) % 2)
