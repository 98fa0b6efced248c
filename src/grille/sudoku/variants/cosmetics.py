"""The f-puzzles decorations a puzzle keeps (:data:`~grille.sudoku.variants.fpuzzles.EXTRAS`)
as BoardView :class:`~grille.view.Decoration` values, read as f-puzzles writes them:

- ``line``: ``lines``, a list of paths (each a list of cell names, drawn through the cells'
  centres), ``outlineC`` its colour, ``width`` its thickness in cells;
- ``rectangle``, ``circle``: ``cells`` (the shape is centred on the mean of their centres),
  ``width`` and ``height`` in cells, ``angle`` in degrees, ``baseC`` the fill, ``outlineC``
  the outline, ``value`` a text inside in ``fontC``;
- ``text``: ``value`` at the ``cells``' centre, ``size`` its height in cells, ``fontC``;
- ``cage``: ``cells`` outlined dashed, ``value`` at its top-left cell, ``outlineC``, ``fontC``.

Colours are ``#rrggbb`` or ``#rrggbbaa``; a translucent one is blended on white paper (the
back ends draw no transparency) and a fully transparent one is not drawn. An item a
constraint wrote (``fromConstraint``: dclamage's add-on draws a renban or whispers line
again as a cosmetic line) is drawn by that constraint. What cannot be drawn on the board
(a cell outside the grid, an item of the wrong shape) is counted for the board's note.
"""

from __future__ import annotations

import re
from typing import Any

from grille.sudoku.variants.family import Items
from grille.sudoku.variants.model import VariantError
from grille.view import Decoration

__all__ = ["colour", "cosmetic_decorations"]

_HEX = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")
_KEYS = ("line", "rectangle", "circle", "text", "cage")


def colour(value: object, default: str = "") -> str:
    """An f-puzzles colour as ``#rrggbb`` on white paper (``""`` when fully transparent,
    ``default`` when it is no hex colour).

    >>> colour("#C060C0"), colour("#FFFFFF00"), colour("#00000080"), colour("red", "#000000")
    ('#c060c0', '', '#7f7f7f', '#000000')
    """
    match = _HEX.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        return default
    digits = match[1]
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    red, green, blue = (int(digits[i:i + 2], 16) for i in (0, 2, 4))
    alpha = int(digits[6:8], 16) if len(digits) == 8 else 255
    if alpha == 0:
        return ""
    paper = 255 * (1 - alpha / 255)
    return "#" + "".join(f"{round(c * alpha / 255 + paper):02x}" for c in (red, green, blue))


def _number(value: object, default: float) -> float:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1000:
        return float(value)
    return default


def _text(value: object) -> str:
    if isinstance(value, bool) or value is None:
        return ""
    return str(value) if isinstance(value, (str, int, float)) else ""


def _decorations(key: str, item: dict[str, Any], items: Items) -> list[Decoration]:
    """The decorations one f-puzzles item draws (``VariantError`` when a cell is outside
    the grid or the item's cells are of the wrong shape)."""
    where = f"f-puzzles {key}"
    if key == "line":
        paths = item.get("lines")
        if not isinstance(paths, list) or not paths:
            raise VariantError(f"{where}: 'lines' must be a list of paths")
        return [Decoration("line", items.cells(path, where, least=1, distinct=False),
                           outline=colour(item.get("outlineC"), "#000000"),
                           width=_number(item.get("width"), 0.5))
                for path in paths]
    cells = items.cells(item.get("cells"), where, least=1)
    text = _text(item.get("value"))
    ink = colour(item.get("fontC"), "#000000")
    if key == "text":
        return [Decoration("text", cells, color=ink, text=text,
                           size=_number(item.get("size"), 1.0),
                           angle=_number(item.get("angle"), 0.0))] if text else []
    if key == "cage":
        return [Decoration("cage", cells, outline=colour(item.get("outlineC"), "#000000"),
                           color=ink, text=text)]
    return [Decoration(key, cells, outline=colour(item.get("outlineC")),
                       fill=colour(item.get("baseC")), color=ink, text=text,
                       width=_number(item.get("width"), 1.0),
                       height=_number(item.get("height"), 1.0),
                       angle=_number(item.get("angle"), 0.0))]


def cosmetic_decorations(extras: dict[str, Any], size: int) -> tuple[
        tuple[Decoration, ...], dict[str, int]]:
    """The decorations of ``extras`` (what :func:`~grille.sudoku.variants.fpuzzles.extras_of`
    returns) on a ``size`` grid, and how many items of each key could not be drawn."""
    items = Items(size)
    drawn: list[Decoration] = []
    undrawn: dict[str, int] = {}
    for key in _KEYS:
        value = extras.get(key)
        for item in value if isinstance(value, list) else ():
            if isinstance(item, dict) and item.get("fromConstraint"):
                continue
            try:
                if not isinstance(item, dict):
                    raise VariantError(f"f-puzzles {key}: an item must be an object")
                drawn.extend(_decorations(key, item, items))
            except VariantError:
                undrawn[key] = undrawn.get(key, 0) + 1
    return tuple(drawn), undrawn
