// The board as an ARIA grid of DOM cells: built once per game, then updated in place from
// each game state the API returns, so the focused cell keeps its focus.

const KIND_TITLES = { sudoku: "Sudoku", takuzu: "Takuzu", kakuro: "Kakuro" };

function el(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

/** How many pencil marks go in a row of a cell's mark grid. */
function markColumns(board) {
  if (board.kind === "takuzu") return 2;
  if (board.kind === "kakuro") return 3;
  if (board.box) return board.box[1];
  return Math.ceil(Math.sqrt(board.symbols.length));
}

/** The cells sharing a row, column and box (Sudoku), row and column (Takuzu), or a run
 * (Kakuro) with the cell (r, c), as "r,c" keys. */
export function peersOf(board, r, c) {
  const peers = new Set();
  if (board.kind === "kakuro") {
    const runs = board.cell_runs[r * board.cols + c] || [-1, -1];
    for (const index of runs) {
      if (index >= 0) for (const [pr, pc] of board.runs[index].cells) peers.add(`${pr},${pc}`);
    }
    return peers;
  }
  for (let i = 0; i < board.cols; i += 1) peers.add(`${r},${i}`);
  for (let i = 0; i < board.rows; i += 1) peers.add(`${i},${c}`);
  if (board.box) {
    const [br, bc] = board.box;
    const top = r - (r % br);
    const left = c - (c % bc);
    for (let i = top; i < top + br; i += 1) {
      for (let j = left; j < left + bc; j += 1) peers.add(`${i},${j}`);
    }
  }
  return peers;
}

/** What a white cell holds, as the page shows it: "7", "clue 7", "pencil marks 2 6" (the
 * marks as they read in the cell), or "empty". */
export function cellContent(board, cell) {
  const symbol = (value) => board.symbols[value - board.min_value];
  if (cell.value !== null && cell.value !== undefined) {
    return cell.given ? `clue ${symbol(cell.value)}` : symbol(cell.value);
  }
  if (cell.marks.length) return `pencil marks ${cell.marks.map(symbol).join(" ")}`;
  return "empty";
}

/** What a screen reader says for a cell. */
export function cellLabel(board, r, c, extra = []) {
  const cell = board.cells[r * board.cols + c];
  const where = `row ${r + 1}, column ${c + 1}`;
  if (cell.block) {
    const [down, across] = cell.clue || [0, 0];
    const sums = [];
    if (down) sums.push(`down sum ${down}`);
    if (across) sums.push(`across sum ${across}`);
    return [where, "block", ...sums, ...extra].join(", ");
  }
  return [where, cellContent(board, cell), ...extra].join(", ");
}

/** The cells a move changed, from the board `before` to `after` (the same grid), as flat
 * indexes: `digits` (a value written or cleared) and `marks` (only pencil marks). */
export function changedCells(before, after) {
  const digits = [];
  const marks = [];
  after.cells.forEach((cell, index) => {
    const old = before.cells[index];
    if (!old || cell.block) return;
    if ((old.value ?? null) !== (cell.value ?? null)) digits.push(index);
    else if (old.marks.join(",") !== cell.marks.join(",")) marks.push(index);
  });
  return { digits, marks };
}

/**
 * What a move did, in words for a screen reader: the one cell whose digit changed
 * ("row 3, column 5: 7"), else the one cell whose pencil marks changed, else how many
 * cells changed; "" when nothing did.
 */
export function describeChange(before, after) {
  const { digits, marks } = changedCells(before, after);
  const one = (index) => {
    const r = Math.floor(index / after.cols);
    const c = index % after.cols;
    return `row ${r + 1}, column ${c + 1}: ${cellContent(after, after.cells[index])}`;
  };
  if (digits.length === 1) return one(digits[0]);
  if (!digits.length && marks.length === 1) return one(marks[0]);
  const parts = [];
  if (digits.length) parts.push(`${digits.length} digits changed`);
  if (marks.length) parts.push(`pencil marks changed in ${marks.length} cell${marks.length === 1 ? "" : "s"}`);
  return parts.join(", ");
}

export class BoardView {
  /** `frame` holds the grid; `onCell(r, c, event)` is called on clicks. */
  constructor(frame, { onCell }) {
    this.frame = frame;
    this.onCell = onCell;
    this.shape = null;
    this.cells = [];
    this.board = null;
  }

  /** Build the grid's DOM for a board of a new shape. */
  build(board, title) {
    const shape = `${board.kind}:${board.rows}x${board.cols}:${board.box}`;
    if (shape === this.shape) return;
    this.shape = shape;
    this.frame.replaceChildren();
    this.frame.className = `board-frame kind-${board.kind}`;
    this.frame.style.setProperty("--rows", board.rows);
    this.frame.style.setProperty("--cols", board.cols);
    this.frame.style.setProperty("--mark-cols", markColumns(board));
    const grid = el("div", {
      id: "board", class: "board", role: "grid",
      "aria-label": title || `${KIND_TITLES[board.kind]} ${board.rows} by ${board.cols}`,
      "aria-rowcount": board.rows, "aria-colcount": board.cols,
    });
    this.grid = grid;
    this.cells = [];
    for (let r = 0; r < board.rows; r += 1) {
      const row = el("div", { role: "row", class: "board-row", "aria-rowindex": r + 1 });
      for (let c = 0; c < board.cols; c += 1) {
        const classes = ["cell"];
        if (board.box) {
          if ((c + 1) % board.box[1] === 0 && c !== board.cols - 1) classes.push("box-right");
          if ((r + 1) % board.box[0] === 0 && r !== board.rows - 1) classes.push("box-bottom");
        }
        const cell = el("div", {
          role: "gridcell", class: classes.join(" "), tabindex: "-1",
          "aria-colindex": c + 1, "data-r": r, "data-c": c, id: `cell-r${r + 1}c${c + 1}`,
        });
        cell.addEventListener("click", (event) => this.onCell(r, c, event));
        row.append(cell);
        this.cells.push(cell);
      }
      grid.append(row);
    }
    this.frame.append(grid);
    if (board.kind === "takuzu") {
      this.rowCounts = this._counts("row-counts", board.rows);
      this.colCounts = this._counts("col-counts", board.cols);
    } else {
      this.rowCounts = null;
      this.colCounts = null;
    }
  }

  _counts(name, length) {
    const holder = el("div", { class: `line-counts ${name}`, "aria-hidden": "true" });
    const items = [];
    for (let i = 0; i < length; i += 1) {
      const zeros = el("span", { class: "count zeros" });
      const ones = el("span", { class: "count ones" });
      const item = el("div", { class: "line-count" }, [zeros, ones]);
      holder.append(item);
      items.push({ zeros, ones, item });
    }
    this.frame.append(holder);
    return items;
  }

  cell(r, c) {
    return this.cells[r * this.board.cols + c];
  }

  /**
   * Show `state`'s board with the page's highlights: `view` = {selected: [r, c] | null,
   * digit: the highlighted value | null, hint: {cells, placements, eliminations} | null}.
   */
  update(state, view) {
    const board = state.board;
    this.board = board;
    const conflicts = new Set();
    for (const conflict of state.conflicts) {
      for (const [r, c] of conflict.cells) conflicts.add(`${r},${c}`);
    }
    const hint = view.hint || { cells: [], placements: [], eliminations: [] };
    const hinted = new Set(hint.cells.map(([r, c]) => `${r},${c}`));
    const placed = new Set(hint.placements.map(([r, c]) => `${r},${c}`));
    const eliminated = new Set(hint.eliminations.map(([r, c, v]) => `${r},${c},${v}`));
    const selected = view.selected;
    const peers = selected ? peersOf(board, selected[0], selected[1]) : new Set();
    const symbol = (value) => board.symbols[value - board.min_value];

    for (let r = 0; r < board.rows; r += 1) {
      for (let c = 0; c < board.cols; c += 1) {
        const data = board.cells[r * board.cols + c];
        const node = this.cells[r * board.cols + c];
        const key = `${r},${c}`;
        const isSelected = selected && selected[0] === r && selected[1] === c;
        const classes = node.className.split(" ").filter((name) =>
          name === "cell" || name === "box-right" || name === "box-bottom");
        const extra = [];
        if (data.block) {
          classes.push("block");
          this._block(node, data);
        } else {
          const filled = data.value !== null && data.value !== undefined;
          if (data.given) classes.push("given");
          if (filled) {
            classes.push(`v${data.value}`, "filled");
            if (view.digit !== null && data.value === view.digit) classes.push("same");
          }
          if (conflicts.has(key)) { classes.push("conflict"); extra.push("conflict"); }
          this._content(node, data, symbol, view.digit, eliminated, r, c);
        }
        if (peers.has(key) && !isSelected) classes.push("peer");
        if (hinted.has(key)) { classes.push("hint"); extra.push("hint"); }
        if (placed.has(key)) classes.push("hint-place");
        if (isSelected) classes.push("selected");
        node.className = classes.join(" ");
        node.setAttribute("aria-selected", isSelected ? "true" : "false");
        node.setAttribute("aria-label", cellLabel(board, r, c, extra));
        node.tabIndex = isSelected ? 0 : -1;
      }
    }
    if (!selected && this.cells.length) this._firstFocusable(board).tabIndex = 0;
    if (this.rowCounts) this._lineCounts(board);
    this.frame.classList.toggle("solved", state.solved);
  }

  _firstFocusable(board) {
    const index = board.cells.findIndex((cell) => !cell.block);
    return this.cells[Math.max(0, index)];
  }

  _block(node, data) {
    const [down, across] = data.clue || [0, 0];
    const signature = `block:${down}:${across}`;
    if (node.dataset.content === signature) return;
    node.dataset.content = signature;
    node.replaceChildren();
    if (down || across) node.append(el("span", { class: "diagonal", "aria-hidden": "true" }));
    if (across) node.append(el("span", { class: "clue-across", "aria-hidden": "true", text: across }));
    if (down) node.append(el("span", { class: "clue-down", "aria-hidden": "true", text: down }));
  }

  _content(node, data, symbol, digit, eliminated, r, c) {
    const filled = data.value !== null && data.value !== undefined;
    const marks = filled ? [] : data.marks;
    const elim = marks.filter((v) => eliminated.has(`${r},${c},${v}`));
    const signature = filled
      ? `v:${data.value}`
      : `m:${marks.join(",")}:${digit}:${elim.join(",")}`;
    if (node.dataset.content === signature) return;
    node.dataset.content = signature;
    node.replaceChildren();
    if (filled) {
      node.append(el("span", { class: "value", "aria-hidden": "true", text: symbol(data.value) }));
      return;
    }
    if (!marks.length) return;
    const holder = el("span", { class: "marks", "aria-hidden": "true" });
    const count = this.board.kind === "takuzu" ? 2 : this.board.symbols.length;
    const lowest = this.board.min_value;
    for (let v = lowest; v < lowest + count; v += 1) {
      const classes = ["mark"];
      if (v === digit) classes.push("same");
      if (eliminated.has(`${r},${c},${v}`)) classes.push("eliminated");
      holder.append(el("span", { class: classes.join(" "), text: marks.includes(v) ? symbol(v) : "" }));
    }
    node.append(holder);
  }

  _lineCounts(board) {
    const [rowTarget, colTarget] = board.line_target;
    const tally = (values, target, slot) => {
      const zeros = values.filter((v) => v === 0).length;
      const ones = values.filter((v) => v === 1).length;
      slot.zeros.textContent = zeros;
      slot.ones.textContent = ones;
      slot.zeros.className = `count zeros${zeros > target ? " over" : zeros === target ? " full" : ""}`;
      slot.ones.className = `count ones${ones > target ? " over" : ones === target ? " full" : ""}`;
      slot.item.title = `${zeros} zeros and ${ones} ones of ${target} each`;
    };
    for (let r = 0; r < board.rows; r += 1) {
      const values = board.cells.slice(r * board.cols, (r + 1) * board.cols).map((x) => x.value);
      tally(values, rowTarget, this.rowCounts[r]);
    }
    for (let c = 0; c < board.cols; c += 1) {
      const values = [];
      for (let r = 0; r < board.rows; r += 1) values.push(board.cells[r * board.cols + c].value);
      tally(values, colTarget, this.colCounts[c]);
    }
  }
}
