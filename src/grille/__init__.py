"""grille: a toolkit and game for pencil-and-paper logic puzzles (Sudoku, Takuzu, Kakuro)."""

__version__ = "0.1.0"
__all__ = ["__version__"]
