"""The registry of puzzle kinds, and guessing the kind of a text."""

from __future__ import annotations

import importlib
import os
import re
import sys
from importlib.metadata import entry_points
from typing import Any

from grille.errors import GrilleError, ParseError
from grille.info import KindInfo
from grille.kind import Kind

__all__ = [
    "added_kinds",
    "adopt_kinds",
    "claiming_kinds",
    "get_kind",
    "kind_info",
    "kind_infos",
    "kind_names",
    "register",
    "sniff_kind",
    "sniffing_order",
]

_BUILT_IN = (
    "grille.sudoku.info",
    "grille.takuzu.info",
    "grille.kakuro.info",
)
"""Each built-in kind's info module (its ``INFO`` is a :class:`~grille.info.KindInfo`), in
the order menus list them. Adding a kind is one line here."""

ENVIRONMENT = "GRILLE_KINDS"
"""An environment variable naming more info modules, comma-separated (a kind under
development, the test suite's null kind); packages can also declare them as entry points
of the group ``grille.kinds``."""

_INFOS: dict[str, KindInfo] = {}
_MODULES: dict[str, str] = {}
"""Each registered kind's info module."""


def _load(module: str) -> KindInfo:
    info = importlib.import_module(module).INFO
    if not isinstance(info, KindInfo):
        raise GrilleError(f"{module}.INFO is not a KindInfo")
    return info


def register(module: str) -> KindInfo:
    """Add the kind described by the info module ``module`` (tried after the others)."""
    info = _load(module)
    if info.name not in _INFOS:
        _INFOS[info.name] = info
        _MODULES[info.name] = module
    return info


def added_kinds() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The info modules registered beyond the built-in kinds, and this process's
    ``sys.path``: what a worker process started earlier (a fork server) needs to see the
    same kinds (:func:`adopt_kinds`)."""
    built_in = set(_BUILT_IN)
    added = tuple(module for name, module in _MODULES.items()
                  if name in _INFOS and module not in built_in)
    return added, tuple(sys.path)


def adopt_kinds(added: tuple[tuple[str, ...], tuple[str, ...]]) -> None:
    """Register the kinds :func:`added_kinds` gave in another process (a worker's first act)."""
    modules, path = added
    sys.path.extend(entry for entry in path if entry not in sys.path)
    for module in modules:
        if module not in _MODULES.values():
            register(module)


def _register_all() -> None:
    for module in _BUILT_IN:
        register(module)
    for point in entry_points(group="grille.kinds"):
        register(point.value)
    for module in filter(None, os.environ.get(ENVIRONMENT, "").split(",")):
        register(module.strip())


_register_all()


def kind_names() -> tuple[str, ...]:
    """Every registered kind's name, in the order menus list them."""
    return tuple(_INFOS)


def sniffing_order() -> tuple[str, ...]:
    """Every registered kind's name, in the order their sniffers are tried
    (:attr:`KindInfo.sniff_order <grille.info.KindInfo.sniff_order>`, then registration)."""
    return tuple(sorted(_INFOS, key=lambda name: _INFOS[name].sniff_order))


def kind_info(name: str) -> KindInfo:
    """What the kind called ``name`` says about itself; ``ValueError`` for an unknown name."""
    if name not in _INFOS:
        raise ValueError(f"unknown puzzle kind {name!r}; known kinds: {', '.join(_INFOS)}")
    return _INFOS[name]


def kind_infos() -> tuple[KindInfo, ...]:
    """Every registered kind's :class:`~grille.info.KindInfo`, in menu order."""
    return tuple(_INFOS.values())


_QUOTED = 40
"""How much of a line an error message quotes."""
_LINK_RE = re.compile(r"\s*[a-z][a-z0-9+.-]*://", re.IGNORECASE)
"""A link's start (``https://``)."""


def get_kind(name: str) -> Kind[Any]:
    """The kind called ``name``; raises ``ValueError`` for an unknown name."""
    kind: Kind[Any] = importlib.import_module(kind_info(name).module).KIND
    return kind


def claiming_kinds(text: str) -> list[Kind[Any]]:
    """The kinds whose sniffers claim ``text``, in sniffing order."""
    return [kind for kind in map(get_kind, sniffing_order()) if kind.sniff(text)]


def sniff_kind(text: str, *, source: str = "<input>") -> Kind[Any]:
    """The kind of the puzzles in ``text``; raises ``ParseError`` saying why when none fits.

    A kind's sniffer judges whether a text is of its kind; its reader tells how far into the
    text it got (the line and column of its ``ParseError``). When one kind's sniffer claims
    the text, that kind is the answer; when several do, the first whose reader takes the
    text. Otherwise the error is that of the reader that got furthest (latest line, then
    column; sniffing order breaks ties) among the claiming kinds, or among all kinds when
    none claims the text (a reader that takes a text its sniffer refused does not count):
    a Takuzu grid with one stray ``2`` is reported as a Takuzu with a bad cell, not read as
    a Sudoku. When no reader gets past the text's first character, it says so; an empty
    text is reported as empty, and a link no kind claims as a link.
    """
    if not text.strip():
        raise ParseError("empty input: there is no puzzle to read", source=source)
    claiming = claiming_kinds(text)
    if len(claiming) == 1:
        return claiming[0]
    line, first = _first_content(text)
    if not claiming and _LINK_RE.match(first):
        shown = first.strip()[:_QUOTED] + ("…" if len(first.strip()) > _QUOTED else "")
        raise ParseError(f"the link {shown!r} carries no puzzle grille reads ('grille formats' "
                         "lists the formats, links among them)", line=line, column=1,
                         source=source)
    furthest: tuple[ParseError, Kind[Any]] | None = None
    for kind in claiming or map(get_kind, sniffing_order()):
        try:
            kind.read(text, source=source)
        except ParseError as error:
            if furthest is None or (error.line, error.column) > (
                furthest[0].line, furthest[0].column
            ):
                furthest = (error, kind)
            continue
        except GrilleError:
            continue
        if claiming:
            return kind
    if furthest is None:
        tried = ", ".join(kind.name for kind in claiming) or ", ".join(sniffing_order())
        raise ParseError(f"not a puzzle grille can read (kinds tried: {tried})", source=source)
    closest, kind = furthest
    if claiming:
        raise closest
    if (closest.line, closest.column) <= (line, len(first) - len(first.lstrip()) + 1):
        quoted = repr(first.strip()[:_QUOTED]) + ("…" if len(first.strip()) > _QUOTED else "")
        raise ParseError(
            f"not a puzzle grille can read: no kind ({', '.join(sniffing_order())}) reads past the "
            f"start of {quoted}", line=line, column=len(first) - len(first.lstrip()) + 1,
            source=source,
        )
    raise ParseError(
        f"{closest.reason} (not a puzzle grille can read; closest: {kind.name})",
        line=closest.line, column=closest.column, source=source,
    )


def _first_content(text: str) -> tuple[int, str]:
    """The number and text of the first line that is not blank."""
    return next((i, line) for i, line in enumerate(text.splitlines(), 1) if line.strip())
