"""``grille render`` and ``grille print`` through grille.cli.main."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import FIXTURES
from grille.cli import main
from grille.render.commands import image_format

SUDOKU = "2..5..13.5......87.9.7.8....5..9....36.....52....5..7....1.2.4.67......5.18..5..3\n"
SEVERAL = "." * 81 + "\n"
TAKUZU = ".11..01.\n........\n.00.0.1.\n.0......\n...00...\n...0.0..\n.0......\n1....0..\n"
SVG = "{http://www.w3.org/2000/svg}"


def page_count(pdf: bytes) -> int:
    return len(re.findall(rb"/Type /Page\b(?!s)", pdf))


def write(tmp_path: Path, text: str, name: str = "in.txt") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


class FakeStdin:
    """Standard input holding ``data`` (read through ``.buffer`` as grille does)."""

    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


def test_format_from_option_or_suffix() -> None:
    assert image_format(None, "x.PNG") == "png"
    assert image_format("pdf", "x.png") == "pdf"
    assert image_format(None, None) == "svg"
    assert image_format(None, "-") == "svg"


def test_render_svg_to_standard_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> (
    None
):
    status = main(["render", write(tmp_path, SUDOKU)])
    out = capsys.readouterr().out
    assert status == 0
    root = ET.fromstring(out)
    givens = [n.text for n in root.iter(f"{SVG}text") if n.get("class") == "given"]
    assert sorted(givens) == sorted(c for c in SUDOKU.strip() if c != ".")


def test_render_png_by_suffix_and_size(tmp_path: Path) -> None:
    from PIL import Image

    out = tmp_path / "grid.png"
    assert main(["render", "--size", "300", write(tmp_path, TAKUZU), "-o", str(out)]) == 0
    with Image.open(out) as image:
        assert image.format == "PNG" and image.size[0] == 300


def test_render_pdf_with_step_and_marks(tmp_path: Path) -> None:
    out = tmp_path / "step.pdf"
    assert main(["render", "--step", "2", "--marks", write(tmp_path, SUDOKU), "-o",
                 str(out)]) == 0
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and page_count(data) == 1


def test_render_a_players_state_from_json(tmp_path: Path) -> None:
    out = tmp_path / "state.svg"
    source = str(FIXTURES / "sudoku" / "puzzles.json")
    assert main(["render", "--number", "2", "--marks", source, "-o", str(out)]) == 0
    root = ET.fromstring(out.read_text())
    marks = [n.text for n in root.iter(f"{SVG}text") if n.get("class") == "mark"]
    assert marks[:2] == ["2", "3"]  # the player's own marks, not the candidates


def test_render_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = write(tmp_path, SUDOKU)
    assert main(["render", puzzle, "-o", str(tmp_path / "x.jpg")]) == 2
    assert "cannot tell the image format" in capsys.readouterr().err
    assert main(["render", "--to", "gif", puzzle]) == 2
    assert "cannot render to 'gif'" in capsys.readouterr().err
    assert main(["render", "--number", "2", puzzle]) == 2
    assert "no number 2" in capsys.readouterr().err
    assert main(["render", "--step", "999", puzzle]) == 2
    assert "step 999 does not exist" in capsys.readouterr().err


def test_render_picks_a_puzzle_of_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> (
    None
):
    path = write(tmp_path, SUDOKU + SUDOKU.replace("2", ".", 1))
    assert main(["render", path, "--title", "T"]) == 0
    captured = capsys.readouterr()
    assert "holds 2 puzzles" in captured.err
    assert main(["render", "--number", "2", path]) == 0
    assert "No. 2 · Sudoku 9×9" in capsys.readouterr().out


def test_render_binary_to_standard_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> (
    None
):
    buffer = io.BytesIO()

    class FakeStdout(io.StringIO):
        def isatty(self) -> bool:
            return False

        @property
        def buffer(self) -> io.BytesIO:
            return buffer

    monkeypatch.setattr(sys, "stdout", FakeStdout())
    assert main(["render", "--to", "png", write(tmp_path, SUDOKU)]) == 0
    assert buffer.getvalue().startswith(b"\x89PNG")


def test_print_booklet_from_a_file(tmp_path: Path) -> None:
    out = tmp_path / "book.pdf"
    status = main(["print", "--per-page", "2", "--paper", "letter", "--with-solutions",
                   "--title", "Two", write(tmp_path, SUDOKU * 3), "-o", str(out)])
    assert status == 0
    assert page_count(out.read_bytes()) == 2 + 2


def test_print_says_when_a_puzzle_has_no_unique_solution(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "book.pdf"
    status = main(["print", "--with-solutions", write(tmp_path, SUDOKU + SEVERAL), "-o",
                   str(out)])
    assert status == 1
    assert "several solutions" in capsys.readouterr().err
    assert page_count(out.read_bytes()) == 2
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True,
                              check=True).stdout
        assert "No. 2 has more than one solution" in text


def test_print_rejects_other_page_counts(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["print", "--per-page", "3", "-"])
    assert "invalid choice" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("kind", "extra"),
    [("sudoku", ["--level", "easy"]), ("takuzu", ["--size", "6"]), ("kakuro", ["--size", "6x6"])],
)
def test_generate_then_print(kind: str, extra: list[str], tmp_path: Path,
                             capsys: pytest.CaptureFixture[str],
                             monkeypatch: pytest.MonkeyPatch) -> None:
    count = 12 if kind == "sudoku" else 5
    assert main(["generate", kind, *extra, "--count", str(count), "--seed", "7",
                 "--quiet"]) == 0
    generated = capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", FakeStdin(generated.encode()))
    out = tmp_path / "book.pdf"
    status = main(["print", "--per-page", "4", "--with-solutions", "-", "-o", str(out)])
    assert status == 0
    pages = -(-count // 4)
    assert page_count(out.read_bytes()) == 2 * pages
    if shutil.which("pdfinfo"):
        info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True,
                              check=True).stdout
        assert re.search(rf"Pages:\s+{2 * pages}\b", info)


def test_render_rates_the_puzzle_for_its_title(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    from grille.kinds import get_kind

    kind = get_kind("sudoku")
    level = kind.rate(kind.read(SUDOKU)[0].puzzle).level
    assert main(["render", "--rate", write(tmp_path, SUDOKU)]) == 0
    assert f"Sudoku 9×9 · {level}</title>" in capsys.readouterr().out


def test_building_the_parser_imports_no_renderer_library() -> None:
    code = ("import sys, grille.cli; grille.cli.build_parser(); "
            "print(any(m in sys.modules for m in ('PIL', 'fpdf')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "False"


@pytest.mark.parametrize(
    ("kind", "extra", "level"),
    [("sudoku", [], "easy"), ("takuzu", ["--size", "6"], "medium"),
     ("kakuro", ["--size", "6x6"], "easy")],
)
def test_generated_at_a_level_prints_the_level(
    kind: str, extra: list[str], level: str, tmp_path: Path,
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``grille generate --level L | grille print -``: every caption names the level."""
    from grille.kinds import get_kind
    from grille.render import draw

    assert main(["generate", kind, *extra, "--level", level, "--count", "2", "--seed", "3",
                 "--quiet"]) == 0
    generated = capsys.readouterr().out
    entries = get_kind(kind).read(generated)
    assert [draw(entry.puzzle, number=n).title.rsplit(" · ", 1)[1]
            for n, entry in enumerate(entries, 1)] == [level, level]
    monkeypatch.setattr(sys, "stdin", FakeStdin(generated.encode()))
    out = tmp_path / "book.pdf"
    assert main(["print", "--kind", kind, "-", "-o", str(out)]) == 0
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True,
                              check=True).stdout
        assert text.count(f"· {level}") == 2


def test_print_cell_size_and_long_title(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "book.pdf"
    title = "A practice booklet for class 3B with a title far too long for one line " * 2
    status = main(["print", "--per-page", "4", "--cell-size", "20", "--title", title,
                   write(tmp_path, SUDOKU * 2), "-o", str(out)])
    assert status == 0
    assert page_count(out.read_bytes()) == 2
    assert "at 20 mm cells an A4 page holds 1 puzzle, not 4" in capsys.readouterr().err
    assert main(["print", "--cell-size", "30", write(tmp_path, SUDOKU), "-o", str(out)]) == 2
    assert "largest cell size that fits is 20.4 mm" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["print", "--cell-size", "0.5", write(tmp_path, SUDOKU)])
    assert "3 to 100 mm" in capsys.readouterr().err
