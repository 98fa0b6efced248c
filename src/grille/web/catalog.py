"""What the page offers for each kind (sizes, levels, symmetries), and the size caps, all
read from each kind's :class:`~grille.info.KindInfo` when asked (a kind registered after
this module is imported is offered too).

Puzzles larger than a kind's ``max_side`` are refused wherever they come from (typed,
imported, generated); generation is offered up to its ``max_generated_side``, beyond which
it takes minutes (a 25x25 grid) and a server thread cannot be interrupted.

>>> from grille.kinds import kind_names
>>> offer = kind_offer(kind_names()[0])
>>> offer.title, offer.sizes[-1], offer.levels[:2], offer.max_side
('Sudoku', '16x16', ('any', 'easy'), 25)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from grille.errors import GrilleError
from grille.info import KindInfo
from grille.kind import Kind
from grille.kinds import get_kind, kind_info, kind_infos, kind_names

__all__ = [
    "KindOffer",
    "PuzzleTooLargeError",
    "UnknownKindError",
    "check_generation",
    "check_kind",
    "check_size",
    "common_sizes",
    "kind_offer",
    "kind_offers",
    "kind_titles",
    "sides_of",
    "size_name",
]

_SIDES = re.compile(r"^\s*(\d{1,4})\s*(?:[x×]\s*(\d{1,4}))?\s*$")


class PuzzleTooLargeError(GrilleError):
    """A puzzle (or a generation request) beyond the server's size cap."""


class UnknownKindError(GrilleError):
    """A kind name no registered kind has."""


@dataclass(frozen=True, slots=True)
class KindOffer:
    """One kind as the new-game form offers it: sizes, levels, symmetries, the default,
    and its size caps."""

    name: str
    title: str
    sizes: tuple[str, ...]
    default_size: str
    levels: tuple[str, ...]
    symmetries: tuple[str, ...]
    formats: tuple[str, ...] = ()
    max_side: int = 40
    max_generated_side: int = 16
    description: str = ""
    entry_help: str = ""

    @classmethod
    def of(cls, info: KindInfo) -> KindOffer:
        """The offer of the kind ``info`` describes: its presets that the server generates,
        and ``any`` before its levels."""
        sizes = tuple(preset.size for preset in info.presets
                      if max(preset.sides) <= info.max_generated_side)
        return cls(
            info.name, info.title, sizes, info.default_size, ("any", *info.levels),
            info.symmetries, info.format_names, info.max_side, info.max_generated_side,
            info.description, info.entry_help,
        )

    def levels_for(self, size: str) -> tuple[str, ...]:
        """The levels offered at ``size``: ``any`` and those generation reaches there."""
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
            "max_side": self.max_side,
            "max_generated_side": self.max_generated_side,
            "description": self.description,
            "entry_help": self.entry_help,
            "levels_by_size": {size: list(self.levels_for(size)) for size in self.sizes},
        }


def check_kind(name: str) -> str:
    """``name`` when a kind is registered under it; else :class:`UnknownKindError` naming
    the known kinds."""
    if name not in kind_names():
        raise UnknownKindError(
            f"unknown puzzle kind {name!r}; known kinds: {', '.join(kind_names())}"
        )
    return name


def kind_offer(name: str) -> KindOffer:
    """The offer of the kind called ``name`` (:class:`UnknownKindError` for none)."""
    return KindOffer.of(kind_info(check_kind(name)))


def kind_offers() -> tuple[KindOffer, ...]:
    """Every registered kind's offer, in menu order (the registry's)."""
    return tuple(KindOffer.of(info) for info in kind_infos())


def kind_titles() -> str:
    """The kinds' titles in menu order, in words (``"A, B and C"``)."""
    titles = [offer.title for offer in kind_offers()]
    return " and ".join(filter(None, (", ".join(titles[:-1]), titles[-1] if titles else "")))


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
        return kind_info(check_kind(kind)).default_size
    first, second = sides_of(size)
    return f"{first}x{second}"


def common_sizes() -> tuple[tuple[str, str], ...]:
    """Each kind with its default size: what the pool keeps ready at every level."""
    return tuple((offer.name, offer.default_size) for offer in kind_offers())


def check_size(kind: Kind[Any], puzzle: Any) -> None:
    """Refuse ``puzzle`` when it is larger than its kind's ``max_side`` allows."""
    size = kind.size_of(puzzle)
    cap = kind_info(kind.name).max_side
    if max(sides_of(size)) > cap:
        raise PuzzleTooLargeError(
            f"a {size} {kind.name} is larger than this server plays ({cap}x{cap} at most)"
        )


def check_generation(kind: str, size: str | None) -> None:
    """Refuse (``GrilleError``) to generate puzzles larger than the kind's
    ``max_generated_side``."""
    if size is None:
        return
    cap = kind_info(check_kind(kind)).max_generated_side
    if max(sides_of(size)) > cap:
        raise GrilleError(
            f"generating a {size} {kind} takes too long; this server generates up to "
            f"{cap}x{cap} (enter or import a larger puzzle instead)"
        )
