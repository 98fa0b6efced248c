"""What the terminal game offers to choose from: the kinds, their sizes and levels.

Everything comes from each kind's :class:`~grille.info.KindInfo`, looked up when asked (a
kind registered after import is offered too): its title, every size of its
:attr:`~grille.info.KindInfo.presets` (a grid larger than the terminal scrolls), and its
default size. The levels are the ones the kind's generator reaches at a size
(``Kind.levels_for``), so a form never offers a puzzle that cannot be made (the smallest
sizes reach only the easiest levels).

>>> name, title = kinds()[0]
>>> title == kind_title(name) and default_size(name) in sizes_of(name)
True
>>> kind_title("not-a-kind")
'not-a-kind'
"""

from __future__ import annotations

from collections.abc import Iterable

from grille.kinds import get_kind, kind_info, kind_infos, kind_names

__all__ = [
    "default_kind",
    "default_size",
    "default_sizes",
    "kind_title",
    "kinds",
    "levels_of",
    "sizes_of",
]


def kinds() -> tuple[tuple[str, str], ...]:
    """Every registered kind as (name, title), in the registry's order."""
    return tuple((info.name, info.title) for info in kind_infos())


def kind_title(kind: str) -> str:
    """How ``kind`` is named on screen (its name, for a kind no longer registered)."""
    return kind_info(kind).title if kind in kind_names() else kind


def sizes_of(kind: str) -> tuple[str, ...]:
    """The sizes a new ``kind`` game offers: every preset of the kind, smallest first (its
    default size when it has none)."""
    info = kind_info(kind)
    return info.preset_sizes() or (info.default_size,)


def default_size(kind: str) -> str:
    """The size a new ``kind`` game starts with."""
    return kind_info(kind).default_size


def default_sizes() -> tuple[tuple[str, str], ...]:
    """(kind, default size) of every registered kind: what a pool keeps ready."""
    return tuple((info.name, info.default_size) for info in kind_infos())


def default_kind(played: Iterable[str] = ()) -> str:
    """The kind a new-game form starts on: the first of ``played`` (the kinds of the games
    played, most recent first) that is registered, else the first registered kind."""
    names = kind_names()
    return next((kind for kind in played if kind in names), names[0])


def levels_of(kind: str, size: str) -> tuple[str, ...]:
    """The levels a ``kind`` puzzle of ``size`` can be generated at, easiest first."""
    return get_kind(kind).levels_for(size)
