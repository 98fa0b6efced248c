"""Print and export of a game through :mod:`grille.render`: the player's grid, the puzzle
or its solution as SVG, PNG or PDF.

>>> from grille.kinds import sniff_kind
>>> text = "..4..2....3..3.."
>>> grid = sniff_kind(text).read(text)[0].puzzle
>>> picture = export_picture(grid, "svg")
>>> picture.media_type, picture.data.startswith(b"<svg")
('image/svg+xml', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from grille.errors import GrilleError

__all__ = ["FORMATS", "Picture", "export_picture"]

ExportFormat = Literal["svg", "png", "pdf"]

FORMATS: dict[str, str] = {
    "svg": "image/svg+xml",
    "png": "image/png",
    "pdf": "application/pdf",
}
"""Each export format's media type."""


@dataclass(frozen=True, slots=True)
class Picture:
    """An exported picture: its bytes and media type."""

    data: bytes
    media_type: str

    def __repr__(self) -> str:
        return f"<Picture {self.media_type}, {len(self.data):,} bytes>"


def export_picture(
    grid: Any, fmt: str, *, marks: bool = False, solution: bool = False,
    level: str | None = None,
) -> Picture:
    """``grid`` (a puzzle, a player's state or a solution of any kind) drawn as ``fmt``;
    ``marks`` draws its pencil marks, ``solution`` greys the digits that are not clues."""
    from grille.render import draw, to_pdf, to_png, to_svg

    if fmt not in FORMATS:
        raise GrilleError(f"cannot export to {fmt!r}; formats: {', '.join(FORMATS)}")
    drawing = draw(grid, marks=marks, solution=solution, level=level)
    if fmt == "svg":
        data = to_svg(drawing).encode("utf-8")
    elif fmt == "png":
        data = to_png(drawing)
    else:
        data = to_pdf(drawing)
    return Picture(data, FORMATS[fmt])
