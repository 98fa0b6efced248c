"""What the page offers for each kind (sizes, levels, symmetries), and the size caps.

Puzzles larger than :data:`MAX_SIDE` are refused wherever they come from (typed, imported,
generated); generation is offered up to :data:`MAX_GENERATED_SIDE`, beyond which it takes
minutes (a 25x25 Sudoku) and a server thread cannot be interrupted.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from typing import Any

from grille.errors import GrilleError
from grille.kind import Kind
from grille.kinds import KIND_NAMES

__all__ = [
    "KINDS",
    "MAX_GENERATED_SIDE",
    "MAX_SIDE",
    "KindOffer",
    "PuzzleTooLargeError",
    "check_generation",
    "check_size",
    "common_sizes",
    "sides_of",
    "size_name",
]

MAX_SIDE = {"sudoku": 25, "takuzu": 30, "kakuro": 40}
"""The largest number of rows or columns a puzzle of each kind may have."""

MAX_GENERATED_SIDE = {"sudoku": 16, "takuzu": 30, "kakuro": 16}
"""The largest side the server generates puzzles of."""

_SIDES = re.compile(r"^\s*(\d{1,4})\s*(?:[x×]\s*(\d{1,4}))?\s*$")


class PuzzleTooLargeError(GrilleError):
    """A puzzle (or a generation request) beyond the server's size cap."""


@dataclass(frozen=True, slots=True)
class KindOffer:
    """One kind as the new-game form offers it: sizes, levels, symmetries, the default."""

    name: str
    title: str
    sizes: tuple[str, ...]
    default_size: str
    levels: tuple[str, ...]
    symmetries: tuple[str, ...]
    formats: tuple[str, ...] = ()

    def levels_for(self, size: str) -> tuple[str, ...]:
        """The levels offered at ``size``: ``any`` and those generation reaches there."""
        from grille.kinds import get_kind

        return ("any", *get_kind(self.name).levels_for(size))

    def to_json(self) -> dict[str, Any]:
        """The offer as JSON-ready data."""
        return {
            "name": self.name,
            "title": self.title,
            "sizes": list(self.sizes),
            "default_size": self.default_size,
            "levels": list(self.levels),
            "symmetries": list(self.symmetries),
            "formats": list(self.formats),
            "max_side": MAX_SIDE[self.name],
            "max_generated_side": MAX_GENERATED_SIDE[self.name],
            "levels_by_size": {size: list(self.levels_for(size)) for size in self.sizes},
        }


def _levels(kind: str) -> tuple[str, ...]:
    """The kind's level names, easiest first (from its rating table)."""
    module = importlib.import_module(f"grille.{kind}.logic.rating")
    return tuple(name for name, _ in module.LEVELS)


_PAGE_ORDER = ("sudoku", "takuzu", "kakuro")
_TITLES = {"sudoku": "Sudoku", "takuzu": "Takuzu", "kakuro": "Kakuro"}
_SIZES = {
    "sudoku": ("4x4", "6x6", "8x8", "9x9", "12x12", "16x16"),
    "takuzu": ("6x6", "8x8", "10x10", "12x12", "14x14", "16x16", "20x20"),
    "kakuro": ("6x6", "8x8", "10x10", "12x12", "14x14", "16x16"),
}
_DEFAULT_SIZE = {"sudoku": "9x9", "takuzu": "8x8", "kakuro": "8x8"}
_SYMMETRIES = {
    "sudoku": ("rot180", "none", "rot90", "mirror", "diagonal", "full"),
    "takuzu": (),
    "kakuro": (),
}


def _offers() -> dict[str, KindOffer]:
    from grille.kinds import get_kind

    offers = {}
    for name in sorted(KIND_NAMES, key=_PAGE_ORDER.index):
        kind: Kind[Any] = get_kind(name)
        offers[name] = KindOffer(
            name, _TITLES.get(name, name.title()), _SIZES[name], _DEFAULT_SIZE[name],
            ("any", *_levels(name)), _SYMMETRIES[name], tuple(kind.formats),
        )
    return offers


KINDS: dict[str, KindOffer] = _offers()
"""Every kind's offer, Sudoku first."""


def sides_of(size: str) -> tuple[int, int]:
    """The two numbers of a size such as ``"9x9"``, ``"12x10"`` or ``"9"`` (square)."""
    match = _SIDES.match(size)
    if match is None:
        raise GrilleError(f"a size is a number or NxM, like 9 or 8x10: {size!r}")
    first = int(match[1])
    return first, int(match[2]) if match[2] else first


def size_name(kind: str, size: str | None) -> str:
    """``size`` as the pool and the library spell it: ``9x9`` for ``9``, the kind's default
    size for ``None``."""
    if size is None:
        return KINDS[kind].default_size
    first, second = sides_of(size)
    return f"{first}x{second}"


def common_sizes() -> tuple[tuple[str, str], ...]:
    """Each kind with its default size: what the pool keeps ready at every level."""
    return tuple((offer.name, offer.default_size) for offer in KINDS.values())


def check_size(kind: Kind[Any], puzzle: Any) -> None:
    """Refuse ``puzzle`` when it is larger than :data:`MAX_SIDE` allows for its kind."""
    size = kind.size_of(puzzle)
    cap = MAX_SIDE.get(kind.name, 40)
    if max(sides_of(size)) > cap:
        raise PuzzleTooLargeError(
            f"a {size} {kind.name} is larger than this server plays ({cap}x{cap} at most)"
        )


def check_generation(kind: str, size: str | None) -> None:
    """Refuse (``GrilleError``) to generate puzzles larger than :data:`MAX_GENERATED_SIDE`."""
    if size is None:
        return
    cap = MAX_GENERATED_SIDE[kind]
    if max(sides_of(size)) > cap:
        raise GrilleError(
            f"generating a {size} {kind} takes too long; this server generates up to "
            f"{cap}x{cap} (enter or import a larger puzzle instead)"
        )
