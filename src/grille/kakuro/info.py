"""What Kakuro says about itself (:class:`~grille.info.KindInfo`), importable without
loading the solver."""

from __future__ import annotations

from grille.info import FormatInfo, KindInfo, Layout, Preset

__all__ = ["INFO"]

INFO = KindInfo(
    name="kakuro",
    title="Kakuro",
    module="grille.kakuro",
    description="digits 1-9 adding up to each run's clue, no digit twice in a run",
    formats=(
        FormatInfo("text", Layout.PARAGRAPHS, "# . and D\\R clue cells"),
        FormatInfo("marks", Layout.PARAGRAPHS, "the grid with pencil marks", marks=True),
        FormatInfo("csv", Layout.PARAGRAPHS, "comma-separated cells"),
        FormatInfo("block", Layout.PARAGRAPHS, "the shared data's block format"),
        FormatInfo("json", Layout.DOCUMENT, "grille's JSON (JSON lines in a batch)",
                   one_line=True, rated=True, batch_output=True),
        FormatInfo("solution", Layout.PARAGRAPHS, "a solved grid"),
    ),
    default_format="text",
    levels=("easy", "medium", "hard", "very hard"),
    presets=tuple(Preset(f"{n}x{n}") for n in (6, 8, 10, 12, 14, 16)),
    default_size="8x8",
    symmetries=("rot180", "none"),
    max_side=40,
    max_generated_side=16,
    rules=("distinct-combinations",),
    entry_help="# . D\\R cells",
)
