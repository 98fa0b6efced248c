"""What the null kind says about itself (:class:`~grille.info.KindInfo`), importable without
loading the kind."""

from __future__ import annotations

from grille.info import FormatInfo, KindInfo, KindOption, Layout, Preset

__all__ = ["INFO"]

INFO = KindInfo(
    name="nullkind",
    title="Line",
    module="nullkind",
    description="one row of N cells holding 1 to N once each, with < and > between "
    "neighbours (the test suite's null kind)",
    formats=(
        FormatInfo("line", Layout.LINES, "line: then the cells (1-9, . empty), < or > "
                   "between neighbours", one_line=True, rated=True, batch_output=True),
        FormatInfo("marks", Layout.LINES, "the line format with pencil marks as [12]",
                   marks=True),
    ),
    default_format="line",
    levels=("easy", "medium", "hard"),
    presets=tuple(Preset(f"1x{n}", f"{n} cells") for n in (3, 5, 7, 9)),
    default_size="1x5",
    max_side=9,
    max_generated_side=9,
    options=(
        KindOption(
            "ladder", default="all", choices=("all", "short"), commands=("rate", "explain"),
            help="null kind: the techniques a logical solve may use (all, or short: without "
            "Only place)",
        ),
    ),
    entry_help="line: then digits, . for an empty cell, < or > between two cells",
)
