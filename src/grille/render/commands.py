"""The ``grille render`` and ``grille print`` subcommands.

Only argparse and grille's core are imported here; the renderers (and Pillow, fpdf2) are
imported when a command runs, so ``grille --help`` stays fast.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from grille.cliargs import CommandFactory, add_budget, add_input, add_output, positive
from grille.cliinput import emit, kind_and_entries
from grille.errors import GrilleError
from grille.extras import require
from grille.kind import Kind, Puzzle, Solutions, Verdict

__all__ = ["IMAGE_FORMATS", "add_commands", "cmd_print", "cmd_render", "image_format"]

IMAGE_FORMATS = ("svg", "png", "pdf")
PRINT_MODULES = {"png": "PIL", "pdf": "fpdf"}
"""The module (of the print extra) each image format but SVG is written with."""
PAPER_NAMES = ("a4", "letter")
PER_PAGE_CHOICES = (1, 2, 4, 6)
EXIT_OK = 0
EXIT_NOT_ALL = 1


def image_format(to: str | None, output: str | None) -> str:
    """The format asked with ``--to``, else the one ``output``'s suffix names, else SVG."""
    if to is not None:
        if to.lower() not in IMAGE_FORMATS:
            raise GrilleError(f"cannot render to {to!r}; formats: {', '.join(IMAGE_FORMATS)}")
        return to.lower()
    if output in (None, "-"):
        return "svg"
    suffix = Path(str(output)).suffix.lower().lstrip(".")
    if suffix in IMAGE_FORMATS:
        return suffix
    raise GrilleError(f"cannot tell the image format of {output!r} from its name; "
                      f"use --to {', '.join(IMAGE_FORMATS)}")


def _write_binary(data: bytes, output: str | None, what: str) -> None:
    if output in (None, "-"):
        if sys.stdout.isatty():
            raise GrilleError(f"not writing a {what} to a terminal; use -o FILE")
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    with open(str(output), "wb") as handle:
        handle.write(data)


def cmd_render(args: argparse.Namespace) -> int:
    """Render one puzzle or player's state as SVG, PNG or PDF."""
    from grille.render import draw, to_pdf, to_png, to_svg

    fmt = image_format(args.to, args.output)
    if fmt != "svg":  # SVG needs no extra package
        require("print", f"grille render --to {fmt}", [PRINT_MODULES[fmt]])
    kind, entries, given = kind_and_entries(args)
    if not entries:
        raise GrilleError(f"{given.source}: no puzzle found")
    number = args.number or 1
    if number > len(entries):
        raise GrilleError(f"{given.source} holds {len(entries)} puzzle(s); "
                          f"there is no number {number}")
    if args.number is None and len(entries) > 1:
        print(f"{given.source} holds {len(entries)} puzzles; rendering No. 1 "
              f"(choose another with --number)", file=sys.stderr)
    puzzle = entries[number - 1].puzzle
    drawing = draw(
        puzzle, marks=args.marks, step=args.step, title=args.title,
        number=number if len(entries) > 1 else None,
        level=kind.rate(puzzle).level if args.rate else None, digits=args.digits,
    )
    frame = not args.bare
    if fmt == "svg":
        emit(to_svg(drawing, width=args.size, frame=frame), args)
    elif fmt == "png":
        _write_binary(to_png(drawing, width=args.size, frame=frame), args.output, "PNG image")
    else:
        _write_binary(to_pdf(drawing, paper=args.paper, frame=frame), args.output, "PDF")
    return EXIT_OK


def _solve_all(kind: Kind[Any], puzzles: list[Puzzle], budget: int | None) -> (
    list[Solutions[Any]]
):
    if len(puzzles) >= 32:
        return kind.solve_many(puzzles, limit=2, budget=budget)
    return [kind.solve(puzzle, limit=2, budget=budget) for puzzle in puzzles]


def _no_solution_message(number: int, result: Solutions[Any], budget: int | None) -> str:
    if result.verdict is Verdict.NONE:
        return f"No. {number} has no solution."
    if result.verdict is Verdict.SEVERAL:
        return f"No. {number} has more than one solution, so none is printed."
    return (f"The search for the solution of No. {number} stopped at its budget of "
            f"{budget or 0:,} nodes; none is printed (try a larger --budget).")


def cmd_print(args: argparse.Namespace) -> int:
    """Print every puzzle of a file as a PDF booklet, with the solutions at the back."""
    require("print", "grille print", [PRINT_MODULES["pdf"]])
    from grille.render import draw
    from grille.render.booklet import Item, booklet

    kind, entries, given = kind_and_entries(args)
    if not entries:
        raise GrilleError(f"{given.source}: no puzzle found")
    puzzles = [entry.puzzle for entry in entries]
    items = []
    for number, puzzle in enumerate(puzzles, start=1):
        level = kind.rate(puzzle).level if args.rate else None
        drawing = draw(puzzle, number=number, level=level, digits=args.digits)
        items.append(Item(drawing.title, drawing))
    solutions = []
    status = EXIT_OK
    if args.with_solutions:
        for number, (entry, result) in enumerate(
            zip(entries, _solve_all(kind, puzzles, args.budget), strict=True), start=1
        ):
            caption = f"No. {number}"
            if result.unique and result.solution is not None:
                solved = draw(result.solution, title=caption, solution=True, digits=args.digits)
                solutions.append(Item(caption, solved))
                continue
            status = EXIT_NOT_ALL
            message = _no_solution_message(number, result, args.budget)
            print(f"{given.source}:{entry.line}: {result.verdict.value}", file=sys.stderr)
            solutions.append(Item(caption, None, message))
    data = booklet(items, per_page=args.per_page, paper=args.paper, title=args.title or "",
                   solutions=solutions, solutions_per_page=args.solutions_per_page,
                   cell_mm=args.cell_size)
    if args.cell_size is not None:
        _say_fewer_per_page(items, args)
    _write_binary(data, args.output, "PDF")
    return status


def _say_fewer_per_page(items: list[Any], args: argparse.Namespace) -> None:
    """A note on stderr when the cell size asked leaves room for fewer puzzles a page."""
    from grille.render.booklet import paper_name, plan

    most = max(page.capacity for page in plan(items, per_page=args.per_page, paper=args.paper,
                                              heading=args.title or "",
                                              cell_mm=args.cell_size))
    if most < args.per_page:
        print(f"at {args.cell_size:g} mm cells {paper_name(args.paper)} page holds "
              f"{'1 puzzle' if most == 1 else f'{most} puzzles'}, not {args.per_page}",
              file=sys.stderr)


def cell_size(text: str) -> float:
    """A ``--cell-size`` in millimetres."""
    from grille.render.booklet import check_cell_size

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of millimetres: {text!r}") from None
    try:
        check_cell_size(value)
    except GrilleError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return value


def add_commands(command: CommandFactory) -> None:
    """Add ``render`` and ``print`` to the ``grille`` command line."""
    render = command(
        "render", cmd_render,
        "Draw one puzzle, or a player's state with its digits and pencil marks, as SVG, PNG "
        "or PDF (the format from --to, else from OUT's suffix, else SVG). --step N shows the "
        "grid before step N of 'grille explain' with that step highlighted.",
    )
    add_input(render)
    add_output(render, to_help="svg, png or pdf (default: from OUT's suffix, else svg)")
    render.add_argument("--number", type=positive, metavar="N",
                        help="which puzzle of the file (default 1)")
    render.add_argument("--marks", action="store_true",
                        help="draw pencil marks (the state's own, else the candidates)")
    render.add_argument("--step", type=positive, metavar="N",
                        help="highlight step N of the explained solve, on the grid before it")
    render.add_argument("--size", type=positive, metavar="PX",
                        help="width in pixels (PNG; SVG's displayed width; default: "
                        "about 44 pixels a cell)")
    render.add_argument("--title", metavar="T",
                        help="the title line (default: kind, size, level, ID; '' for none)")
    render.add_argument("--rate", action="store_true", help="rate the puzzle for the title")
    render.add_argument("--digits", action="store_true",
                        help="draw values shown as discs (0 and 1) as digits")
    render.add_argument("--bare", action="store_true",
                        help="the grid alone: no margin, title or caption")
    render.add_argument("--paper", choices=PAPER_NAMES, default="a4",
                        help="PDF page size (default a4)")

    booklet = command(
        "print", cmd_print,
        "Lay out every puzzle of a file as a PDF booklet, N per page and numbered, with the "
        "solutions on pages at the end. A puzzle too large to read at N per page gets a page "
        "with fewer. Exit status 1 if some puzzle has no unique solution (its solution page "
        "says so).",
    )
    add_input(booklet)
    booklet.add_argument("-o", "--output", metavar="OUT",
                         help="the PDF file to write (default: standard output)")
    booklet.add_argument("--per-page", type=int, choices=PER_PAGE_CHOICES, default=4,
                         metavar="N", help="puzzles per page: 1, 2, 4 (default) or 6")
    booklet.add_argument("--paper", choices=PAPER_NAMES, default="a4",
                         help="page size (default a4)")
    booklet.add_argument("--cell-size", type=cell_size, metavar="MM",
                         help="print every grid with cells MM millimetres wide (default: "
                         "each grid as large as its share of the page allows); a page then "
                         "holds fewer than N puzzles where N would not fit (said on "
                         "stderr), and a puzzle too large for a page of its own is an error")
    booklet.add_argument("--with-solutions", action="store_true",
                         help="add the solutions at the end")
    booklet.add_argument("--solutions-per-page", type=int, choices=PER_PAGE_CHOICES,
                         metavar="N", help="solutions per page (default: as --per-page)")
    booklet.add_argument("--title", metavar="T", help="a title at the top of every page")
    booklet.add_argument("--rate", action="store_true",
                         help="rate each puzzle and print its level")
    booklet.add_argument("--digits", action="store_true",
                         help="print values shown as discs (0 and 1) as digits")
    add_budget(booklet)
