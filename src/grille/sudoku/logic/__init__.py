"""Human-style Sudoku solving: techniques as ``Board -> Step | None`` functions, easiest first."""
