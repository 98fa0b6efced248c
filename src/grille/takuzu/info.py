"""What Takuzu says about itself (:class:`~grille.info.KindInfo`), importable without
loading the solver."""

from __future__ import annotations

from grille.info import FormatInfo, KindInfo, Layout, Preset

__all__ = ["INFO"]

INFO = KindInfo(
    name="takuzu",
    title="Takuzu",
    module="grille.takuzu",
    description="0s and 1s: no three alike in a line, as many of each in every row and "
    "column, no two lines alike",
    formats=(
        FormatInfo("rows", Layout.PARAGRAPHS, "rows of 0, 1 and ."),
        FormatInfo("marks", Layout.DOCUMENT, "rows with pencil marks", marks=True),
        FormatInfo("tab", Layout.LINES, "the shared data's TAB-separated fields", rated=True,
                   batch_output=True),
        FormatInfo("unruly", Layout.LINES, "Simon Tatham's Unruly game ID", one_line=True,
                   rated=True, batch_output=True),
        FormatInfo("json", Layout.DOCUMENT, "grille's JSON (JSON lines in a batch)",
                   batch_output=True),
    ),
    default_format="rows",
    levels=("easy", "medium", "hard", "very hard"),
    presets=tuple(Preset(f"{n}x{n}") for n in (6, 8, 10, 12, 14, 16, 20)),
    default_size="8x8",
    max_side=30,
    max_generated_side=30,
    rules=("no-unique-lines",),
    carried_rules=True,
    sniff_order=-1,
    entry_help="rows of 0 1 .",
)
