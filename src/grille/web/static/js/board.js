// The board as an ARIA grid of DOM cells: built once per game, then updated in place from
// each game state the API returns, so the focused cell keeps its focus. Whatever the kind,
// the board JSON says what to draw (grille.view.BoardView): blocked cells with the labels
// of their regions, boxes as thick borders, cages as dashed outlines, lines through cells,
// markers between two cells, clues outside the grid, per-line counts, values as symbols or
// discs.

/** The SVG namespace, as the HTML parser gives it (so the page names no address). */
const SVG = (() => {
  const holder = document.createElement("div");
  holder.innerHTML = "<svg></svg>";
  return holder.firstChild.namespaceURI;
})();

/** The order a blocked cell's labels are read and drawn in, by corner. */
const CORNERS = ["bottom-left", "top-left", "top-right", "center"];

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

function svg(tag, attributes = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== null) node.textContent = text;
  return node;
}

const key = (r, c) => `${r},${c}`;

/** The first word of a region's name, capitalised: "Across" of "across 7 at r3c3-r3c4". */
export function regionWord(region, capital = false) {
  const word = (region.name || region.style).split(" ")[0];
  return capital ? word[0].toUpperCase() + word.slice(1) : word;
}

/** The cells sharing any region with the cell (r, c) (a row, column, box, cage, run), as
 * "r,c" keys. */
export function peersOf(board, r, c) {
  const peers = new Set();
  for (const region of regionsAt(board, r, c)) {
    for (const [pr, pc] of region.cells) peers.add(key(pr, pc));
  }
  return peers;
}

/** The regions the cell (r, c) belongs to, in the board's order. */
export function regionsAt(board, r, c) {
  return board.regions.filter((region) =>
    region.cells.some(([pr, pc]) => pr === r && pc === c));
}

/** The labels written in the cell (r, c) (a clue block's sums), in corner order. */
export function labelsAt(board, r, c) {
  return board.regions
    .filter((region) => region.label && region.label_cell &&
      region.label_cell[0] === r && region.label_cell[1] === c)
    .sort((a, b) => CORNERS.indexOf(a.corner) - CORNERS.indexOf(b.corner));
}

/** How many times each value is in a solved board, when every value is there equally
 * often (per-line counts, or regions of one style that each hold every value once and
 * together cover the board); else null. */
export function valueTotal(board) {
  const open = board.cells.filter((cell) => !cell.blocked).length;
  if (board.counts) return board.counts.per_row * board.rows;
  const byStyle = new Map();
  for (const region of board.regions) {
    if (!byStyle.has(region.style)) byStyle.set(region.style, []);
    byStyle.get(region.style).push(region);
  }
  for (const regions of byStyle.values()) {
    const whole = regions.every((region) =>
      region.distinct && region.cells.length === board.symbols.length);
    const cells = regions.reduce((sum, region) => sum + region.cells.length, 0);
    if (whole && cells === open) return regions.length;
  }
  return null;
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

/** What a screen reader says for a cell: a blocked cell says the labels in it ("block,
 * down sum 5"). */
export function cellLabel(board, r, c, extra = []) {
  const cell = board.cells[r * board.cols + c];
  const where = `row ${r + 1}, column ${c + 1}`;
  if (cell.blocked) {
    const labels = labelsAt(board, r, c).map((region) =>
      `${regionWord(region)}${region.total !== null ? " sum" : ""} ${region.label}`);
    return [where, "block", ...labels, ...extra].join(", ");
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
    if (!old || cell.blocked) return;
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

/** The thick borders of box regions: for each cell, whether its right and bottom edges
 * part two boxes, as "r,c" -> {right, bottom}. */
function boxEdges(board) {
  const boxOf = new Map();
  board.regions.forEach((region, index) => {
    if (region.style === "box") for (const [r, c] of region.cells) boxOf.set(key(r, c), index);
  });
  const edges = new Map();
  if (!boxOf.size) return edges;
  for (let r = 0; r < board.rows; r += 1) {
    for (let c = 0; c < board.cols; c += 1) {
      const here = boxOf.get(key(r, c));
      edges.set(key(r, c), {
        right: c < board.cols - 1 && boxOf.get(key(r, c + 1)) !== here,
        bottom: r < board.rows - 1 && boxOf.get(key(r + 1, c)) !== here,
      });
    }
  }
  return edges;
}

/** The dashed outline of a cage, inset by `inset` (in cells), as SVG path data. */
export function cageOutline(cells, inset = 0.1) {
  const inside = new Set(cells.map(([r, c]) => key(r, c)));
  const has = (r, c) => inside.has(key(r, c));
  const parts = [];
  // each side of a cell: the neighbour across it (dr, dc), and the direction along it
  const sides = [[-1, 0, 0, 1], [0, 1, 1, 0], [1, 0, 0, -1], [0, -1, -1, 0]];
  for (const [r, c] of cells) {
    for (const [dr, dc, ar, ac] of sides) {
      if (has(r + dr, c + dc)) continue;
      const cy = r + 0.5 + dr * (0.5 - inset);
      const cx = c + 0.5 + dc * (0.5 - inset);
      const end = (sign) => {
        const nr = r + sign * ar;
        const nc = c + sign * ac;
        if (!has(nr, nc)) return 0.5 - inset;  // a corner turning in
        if (has(nr + dr, nc + dc)) return 0.5 + inset;  // a corner turning out
        return 0.5;  // the side goes on in the next cell
      };
      const from = end(-1);
      const to = end(1);
      parts.push(`M${cx - ac * from} ${cy - ar * from}L${cx + ac * to} ${cy + ar * to}`);
    }
  }
  return parts.join("");
}

/** The rounded outline of a group of cells (an arrow's circle of cells not in one row or
 * column), as SVG path data in cell units: each boundary loop of their union moved `inset`
 * into the cells, its outer corners rounded with `radius`, its inner ones with `inset`.
 * Render draws the same outline (grille.render.outline.rounded_outline). */
export function roundedOutline(cells, inset, radius) {
  const edges = new Map();  // a corner "x,y" -> the boundary edge leaving it clockwise
  const inside = new Set(cells.map(([r, c]) => key(r, c)));
  for (const [r, c] of cells) {
    const sides = [[1, 0, c, r, r - 1, c], [0, 1, c + 1, r, r, c + 1],
      [-1, 0, c + 1, r + 1, r + 1, c], [0, -1, c, r + 1, r, c - 1]];
    for (const [dx, dy, x, y, nr, nc] of sides) {
      if (!inside.has(key(nr, nc))) edges.set(`${x},${y}`, [x, y, dx, dy]);
    }
  }
  const fmt = (value) => Number(value.toFixed(4));
  const loops = [];
  while (edges.size) {
    const start = [...edges.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1])[0];
    const corners = [];
    let [x, y, dx, dy] = start;
    for (;;) {
      edges.delete(`${x},${y}`);
      const [ax, ay] = [x + dx, y + dy];
      const next = ax === start[0] && ay === start[1] ? start : edges.get(`${ax},${ay}`);
      if (!next) break;  // two loops touch at a corner: stop this one there
      if (next[2] !== dx || next[3] !== dy) corners.push([ax, ay, dx, dy, next[2], next[3]]);
      if (next === start) break;
      [x, y, dx, dy] = next;
    }
    const parts = corners.map(([cx, cy, ix, iy, ox, oy]) => {
      // the inward normal of a clockwise edge (dx, dy) is (-dy, dx): move both edges in
      const [px, py] = [cx + inset * (-iy - oy), cy + inset * (ix + ox)];
      const outer = ix * oy - iy * ox > 0;  // a right turn
      const r = outer ? radius : inset;
      return { from: [px - r * ix, py - r * iy], to: [px + r * ox, py + r * oy], r, outer };
    });
    if (!parts.length) continue;
    const last = parts[parts.length - 1].to;
    let d = `M${fmt(last[0])} ${fmt(last[1])}`;
    for (const { from, to, r, outer } of parts) {
      d += `L${fmt(from[0])} ${fmt(from[1])}A${fmt(r)} ${fmt(r)} 0 0 ${outer ? 1 : 0} ${fmt(to[0])} ${fmt(to[1])}`;
    }
    loops.push(`${d}Z`);
  }
  return loops.join("");
}

const center = ([r, c]) => [c + 0.5, r + 0.5];

/** The cell a region's label is drawn in (a cage's: its first in reading order), or null. */
function labelCell(region) {
  return region.label_cell || (region.style === "cage"
    ? [...region.cells].sort((a, b) => a[0] - b[0] || a[1] - b[1])[0] : null);
}

/** The keys of the open cells with a region's label in a top corner (a cage's sum), whose
 * pencil marks must start below it. */
export function topLabelled(board) {
  const found = new Set();
  for (const region of board.regions) {
    const at = labelCell(region);
    if (!region.label || !at || board.cells[at[0] * board.cols + at[1]].blocked) continue;
    if (region.corner === "center" || region.corner === "bottom-left") continue;
    found.add(key(at[0], at[1]));
  }
  return found;
}

/** The keys of the cells in a cage, whose pencil marks keep inside its dashed outline. */
export function cagedCells(board) {
  return new Set(board.regions.filter((region) => region.style === "cage")
    .flatMap((region) => region.cells.map(([r, c]) => key(r, c))));
}

/** A setter's decoration (a line, rectangle, circle, text or cage that states no rule) as
 * SVG elements in cell units, in its own colours; lengths are in cells, colours "#rrggbb"
 * or "" (none). */
export function decoration(item) {
  const cls = `decoration decoration-${item.style}`;
  const count = item.cells.length || 1;
  const cy = item.cells.reduce((sum, [r]) => sum + r, 0) / count + 0.5;
  const cx = item.cells.reduce((sum, [, c]) => sum + c, 0) / count + 0.5;
  const turn = item.angle ? { transform: `rotate(${item.angle} ${cx} ${cy})` } : {};
  const paint = { fill: item.fill || "none", stroke: item.outline || "none", "stroke-width": 0.04 };
  const text = (x, y, size, extra = {}) => svg("text", { class: `${cls} decoration-label`, x, y,
    fill: item.color || "currentColor", "font-size": size, ...extra }, item.text);
  const out = [];
  if (item.style === "line") {
    if (item.outline && item.width > 0) {
      out.push(svg("polyline", { class: cls, fill: "none", stroke: item.outline,
        "stroke-width": item.width, "stroke-linecap": "round", "stroke-linejoin": "round",
        points: item.cells.map(([r, c]) => `${c + 0.5},${r + 0.5}`).join(" ") }));
    }
  } else if (item.style === "cage") {
    out.push(svg("path", { class: cls, fill: "none", stroke: item.outline || "currentColor",
      "stroke-width": 0.025, "stroke-dasharray": "0.08 0.06", d: cageOutline(item.cells) }));
    if (item.text) {
      const [r, c] = item.cells.reduce((a, b) => (b[0] < a[0] || (b[0] === a[0] && b[1] < a[1]) ? b : a));
      out.push(text(c + 0.08, r + 0.08, 0.24, { "dominant-baseline": "hanging",
        "paint-order": "stroke", stroke: "var(--surface)", "stroke-width": 0.06 }));
    }
  } else {
    const [w, h] = [item.width, item.height];
    if (item.style === "rectangle" && w > 0 && h > 0) {
      out.push(svg("rect", { class: cls, x: cx - w / 2, y: cy - h / 2, width: w, height: h, ...paint, ...turn }));
    } else if (item.style === "circle" && w > 0 && h > 0) {
      out.push(svg("ellipse", { class: cls, cx, cy, rx: w / 2, ry: h / 2, ...paint, ...turn }));
    }
    const size = item.style === "text" ? item.size * 0.8 : 0.6 * Math.min(w, h);
    if (item.text && size > 0) {
      out.push(text(cx, cy, size, { "text-anchor": "middle", "dominant-baseline": "central", ...turn }));
    }
  }
  return out;
}

/** The board's drawings over the cells (cages and their labels, lines, markers) and
 * beside them (outside clues), in cell units, as an SVG element; null when there are
 * none. */
export function overlay(board) {
  const blocked = (r, c) => board.cells[r * board.cols + c].blocked;
  const shapes = (board.decorations || []).flatMap(decoration);
  for (const region of board.regions) {
    if (region.style === "window") {
      for (const [r, c] of region.cells) {
        shapes.push(svg("rect", { class: "shade", x: c, y: r, width: 1, height: 1 }));
      }
    }
  }
  for (const shape of board.shapes || []) {
    const [r, c] = shape.cell;
    shapes.push(shape.style === "circle"
      ? svg("circle", { class: `cell-shape ${shape.style}`, cx: c + 0.5, cy: r + 0.5, r: 0.4 })
      : svg("rect", { class: `cell-shape ${shape.style}`, x: c + 0.14, y: r + 0.14, width: 0.72, height: 0.72 }));
  }
  for (const region of board.regions) {
    if (region.style === "diagonal" && region.cells.length > 1) {
      const [r0, c0] = region.cells[0];
      const [r1, c1] = region.cells[region.cells.length - 1];
      const steps = Math.max(Math.abs(r1 - r0), Math.abs(c1 - c0));
      const [dr, dc] = [(r1 - r0) / steps, (c1 - c0) / steps];
      shapes.push(svg("line", { class: "diagonal-line",
        x1: c0 + 0.5 - dc / 2, y1: r0 + 0.5 - dr / 2, x2: c1 + 0.5 + dc / 2, y2: r1 + 0.5 + dr / 2 }));
    }
  }
  for (const region of board.regions) {
    if (region.style === "cage") {
      shapes.push(svg("path", { class: "cage", d: cageOutline(region.cells) }));
    }
    const at = labelCell(region);
    if (region.label && at && !blocked(at[0], at[1])) {
      const [r, c] = at;
      const right = region.corner === "top-right";
      const middle = region.corner === "center";
      const x = middle ? c + 0.5 : right ? c + 0.92 : c + 0.08;
      const y = middle ? r + 0.5 : region.corner === "bottom-left" ? r + 0.92 : r + 0.08;
      shapes.push(svg("text", {
        class: "region-label", x, y,
        "text-anchor": middle ? "middle" : right ? "end" : "start",
        "dominant-baseline": middle ? "central" : region.corner === "bottom-left"
          ? "text-after-edge" : "hanging",
      }, region.label));
    }
  }
  for (const line of board.lines) {
    const points = line.cells.map(center);
    const [first, second] = line.cells;
    if (line.style === "arrow" && second &&
        line.start.some(([r, c]) => r === first[0] && c === first[1])) {
      // the shaft leaves the circle at its edge
      const [[x1, y1], [x2, y2]] = points;
      const length = Math.hypot(x2 - x1, y2 - y1) || 1;
      points[0] = [x1 + 0.4 * (x2 - x1) / length, y1 + 0.4 * (y2 - y1) / length];
    }
    shapes.push(svg("polyline", {
      class: `path-line line-${line.style}`, points: points.map((p) => p.join(",")).join(" "),
    }));
    const hollow = line.style === "arrow";
    const inLine = (index) => new Set(line.start.map((cell) => cell[index])).size === 1;
    if (hollow && line.start.length > 1 && (inLine(0) || inLine(1))) {
      // a circle of several cells in a row or column: one pill round them, as f-puzzles draws it
      const xs = line.start.map((cell) => center(cell)[0]);
      const ys = line.start.map((cell) => center(cell)[1]);
      const [left, top] = [Math.min(...xs) - 0.4, Math.min(...ys) - 0.4];
      shapes.push(svg("rect", {
        class: "line-start hollow start-arrow pill", x: left, y: top, rx: 0.4, ry: 0.4,
        width: Math.max(...xs) + 0.4 - left, height: Math.max(...ys) + 0.4 - top,
      }));
    } else if (hollow && line.start.length > 1) {
      // a circle of several cells in another shape (an L): one rounded outline round them
      shapes.push(svg("path", {
        class: "line-start hollow start-arrow outline", d: roundedOutline(line.start, 0.1, 0.4),
      }));
    } else {
      for (const start of line.start) {
        const [x, y] = center(start);
        shapes.push(svg("circle", { class: `${hollow ? "line-start hollow" : "line-start"} start-${line.style}`, cx: x, cy: y, r: hollow ? 0.4 : 0.36 }));
      }
    }
    if (line.style === "arrow" && points.length > 1) {
      const [x, y] = points[points.length - 1];
      const [px, py] = points[points.length - 2];
      const length = Math.hypot(x - px, y - py) || 1;
      const [ux, uy] = [(x - px) / length, (y - py) / length];
      const wing = (side) => `${x - 0.3 * ux + side * 0.2 * uy},${y - 0.3 * uy - side * 0.2 * ux}`;
      shapes.push(svg("polyline", { class: "path-line arrow-head", points: `${wing(1)} ${x},${y} ${wing(-1)}` }));
    }
  }
  for (const marker of board.markers) {
    const [x1, y1] = center(marker.first);
    const [x2, y2] = center(marker.second);
    const [x, y] = [(x1 + x2) / 2, (y1 + y2) / 2];
    if (marker.style === "text") {
      shapes.push(svg("rect", { class: "marker-box", x: x - 0.15, y: y - 0.15, width: 0.3, height: 0.3, rx: 0.05 }));
      shapes.push(svg("text", { class: "marker-text", x, y, "text-anchor": "middle", "dominant-baseline": "central" }, marker.text));
    } else {
      shapes.push(svg("circle", { class: `marker ${marker.style}`, cx: x, cy: y, r: 0.12 }));
      if (marker.text) {
        shapes.push(svg("text", { class: `marker-text on-${marker.style}`, x, y, "text-anchor": "middle", "dominant-baseline": "central" }, marker.text));
      }
    }
  }
  const steps = { "down-right": [1, 1], "down-left": [1, -1], "up-right": [-1, 1], "up-left": [-1, -1] };
  const places = new Map();  // two diagonal clues may share a place outside the grid
  for (const clue of board.outside) {
    const place = `${clue.side},${clue.index}`;
    if (!places.has(place)) places.set(place, []);
    places.get(place).push(clue);
  }
  for (const clues of places.values()) {
    const across = clues[0].side === "top" || clues[0].side === "bottom";
    // each clue toward the corner its diagonal leaves from, when that tells them apart
    const away = (clue) => (steps[clue.direction] || [0, 0])[across ? 1 : 0];
    const apart = clues.length === 1 ||
      (clues.length === 2 && away(clues[0]) * away(clues[1]) === -1);
    clues.forEach((clue, number) => {
      const along = clue.index + 0.5;
      const [x, y] = {
        top: [along, -0.5], bottom: [along, board.rows + 0.5],
        left: [-0.5, along], right: [board.cols + 0.5, along],
      }[clue.side];
      const step = steps[clue.direction];
      // two clues in one place: side by side, above or below a column staggered (the one
      // whose arrow leaves from the left corner nearer the grid), so that neither they nor
      // the next place's clues run together; beside a row both away from the grid, clear
      // of the arrows in its corners
      const inward = { top: 1, bottom: -1, left: 1, right: -1 }[clue.side];
      const shift = clues.length === 1 ? 0 : apart ? away(clue) * 0.23
        : (number - (clues.length - 1) / 2) * 0.42;
      const depth = apart && clues.length === 2
        ? (across ? (away(clue) < 0 ? 0.13 : -0.15) : -0.12) * inward : 0;
      const [tx, ty] = across ? [x + shift, y + depth] : [x + depth, y + shift];
      const size = clues.length === 1 ? "" : apart ? " paired" : " stacked";
      shapes.push(svg("text", { class: `outside-clue${size}`,
        x: tx, y: ty, "text-anchor": "middle", "dominant-baseline": "central" }, clue.text));
      if (step) {
        // a small arrow in the corner of the clue's place, along its diagonal into the grid
        const [dy, dx] = step;
        const [x1, y1] = [x + dx * 0.3, y + dy * 0.3];
        const [x2, y2] = [x + dx * 0.48, y + dy * 0.48];
        const wing = (side) => `${x2 - 0.1 * (dx - side * dy) / 1.414},${y2 - 0.1 * (dy + side * dx) / 1.414}`;
        shapes.push(svg("polyline", { class: "clue-arrow",
          points: `${x1},${y1} ${x2},${y2} ${wing(1)} ${x2},${y2} ${wing(-1)}` }));
      }
    });
  }
  if (!shapes.length) return null;
  const drawing = svg("svg", { class: "board-overlay", viewBox: `0 0 ${board.cols} ${board.rows}`,
    "aria-hidden": "true", preserveAspectRatio: "none" });
  for (const shape of shapes) drawing.append(shape);
  return drawing;
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
    const shape = JSON.stringify([board.title, board.rows, board.cols, board.glyphs,
      board.regions.map((region) => [region.style, region.cells, region.label, region.label_cell]),
      board.lines, board.markers, board.outside, board.shapes, board.decorations,
      board.cells.map((cell) => cell.blocked)]);
    if (shape === this.shape) return;
    this.shape = shape;
    this.frame.replaceChildren();
    const sides = new Set();
    for (const clue of board.outside) {  // a clue in a corner needs room on both sides
      sides.add(clue.side);
      const across = clue.side === "top" || clue.side === "bottom";
      const length = across ? board.cols : board.rows;
      if (clue.index < 0) sides.add(across ? "left" : "top");
      if (clue.index >= length) sides.add(across ? "right" : "bottom");
    }
    const classes = ["board-frame", `glyphs-${board.glyphs}`];
    if (board.counts) classes.push("has-counts");
    if (board.cells.some((cell) => cell.blocked)) classes.push("has-blocked");
    for (const side of sides) classes.push(`outside-${side}`);
    this.frame.className = classes.join(" ");
    this.frame.style.setProperty("--rows", board.rows);
    this.frame.style.setProperty("--cols", board.cols);
    this.frame.style.setProperty("--mark-cols", board.mark_grid[1]);
    const grid = el("div", {
      id: "board", class: "board", role: "grid",
      "aria-label": title || board.title,
      "aria-rowcount": board.rows, "aria-colcount": board.cols,
    });
    this.grid = grid;
    this.cells = [];
    const edges = boxEdges(board);
    const labelled = topLabelled(board);
    const caged = cagedCells(board);
    for (let r = 0; r < board.rows; r += 1) {
      const row = el("div", { role: "row", class: "board-row", "aria-rowindex": r + 1 });
      for (let c = 0; c < board.cols; c += 1) {
        const cellClasses = ["cell"];
        const edge = edges.get(key(r, c));
        if (edge && edge.right) cellClasses.push("box-right");
        if (edge && edge.bottom) cellClasses.push("box-bottom");
        if (labelled.has(key(r, c))) cellClasses.push("top-label");
        if (caged.has(key(r, c))) cellClasses.push("caged");
        const cell = el("div", {
          role: "gridcell", class: cellClasses.join(" "), tabindex: "-1",
          "aria-colindex": c + 1, "data-r": r, "data-c": c, id: `cell-r${r + 1}c${c + 1}`,
        });
        cell.addEventListener("click", (event) => this.onCell(r, c, event));
        row.append(cell);
        this.cells.push(cell);
      }
      grid.append(row);
    }
    const drawing = overlay(board);
    if (drawing) grid.append(drawing);
    this.frame.append(grid);
    if (board.counts) {
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
      for (const [r, c] of conflict.cells) conflicts.add(key(r, c));
    }
    const hint = view.hint || { cells: [], placements: [], eliminations: [] };
    const hinted = new Set(hint.cells.map(([r, c]) => key(r, c)));
    const placed = new Set(hint.placements.map(([r, c]) => key(r, c)));
    const eliminated = new Set(hint.eliminations.map(([r, c, v]) => `${r},${c},${v}`));
    const selected = view.selected;
    const peers = selected ? peersOf(board, selected[0], selected[1]) : new Set();
    const symbol = (value) => board.symbols[value - board.min_value];

    for (let r = 0; r < board.rows; r += 1) {
      for (let c = 0; c < board.cols; c += 1) {
        const data = board.cells[r * board.cols + c];
        const node = this.cells[r * board.cols + c];
        const here = key(r, c);
        const isSelected = selected && selected[0] === r && selected[1] === c;
        const classes = node.className.split(" ").filter((name) =>
          name === "cell" || name === "box-right" || name === "box-bottom" || name === "top-label" || name === "caged");
        const extra = [];
        if (data.blocked) {
          classes.push("block");
          this._block(node, labelsAt(board, r, c));
        } else {
          const filled = data.value !== null && data.value !== undefined;
          if (data.given) classes.push("given");
          if (filled) {
            classes.push(`v${data.value}`, "filled");
            if (view.digit !== null && data.value === view.digit) classes.push("same");
          }
          if (conflicts.has(here)) { classes.push("conflict"); extra.push("conflict"); }
          this._content(node, data, symbol, view.digit, eliminated, r, c);
        }
        if (peers.has(here) && !isSelected) classes.push("peer");
        if (hinted.has(here)) { classes.push("hint"); extra.push("hint"); }
        if (placed.has(here)) classes.push("hint-place");
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
    const index = board.cells.findIndex((cell) => !cell.blocked);
    return this.cells[Math.max(0, index)];
  }

  /** A blocked cell: its regions' labels at their corners, split by a diagonal. */
  _block(node, labels) {
    const signature = `block:${labels.map((region) => `${region.corner}=${region.label}`).join(":")}`;
    if (node.dataset.content === signature) return;
    node.dataset.content = signature;
    node.replaceChildren();
    if (labels.length) node.append(el("span", { class: "diagonal", "aria-hidden": "true" }));
    for (const region of labels) {
      node.append(el("span", { class: `label label-${region.corner}`, "aria-hidden": "true", text: region.label }));
    }
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
    const count = this.board.symbols.length;
    const lowest = this.board.min_value;
    for (let v = lowest; v < lowest + count; v += 1) {
      const classes = ["mark"];
      if (v === digit) classes.push("same");
      if (eliminated.has(`${r},${c},${v}`)) classes.push("eliminated");
      holder.append(el("span", { class: classes.join(" "), text: marks.includes(v) ? symbol(v) : "" }));
    }
    node.append(holder);
  }

  /** Each row's and column's count of the counted values (two: the first drawn as a
   * hollow disc, the second as a full one), against what a full line holds. */
  _lineCounts(board) {
    const { values: [first, second], per_row: rowTarget, per_column: colTarget } = board.counts;
    const tally = (values, target, slot) => {
      const zeros = values.filter((v) => v === first).length;
      const ones = values.filter((v) => v === second).length;
      slot.zeros.textContent = zeros;
      slot.ones.textContent = ones;
      slot.zeros.className = `count zeros${zeros > target ? " over" : zeros === target ? " full" : ""}`;
      slot.ones.className = `count ones${ones > target ? " over" : ones === target ? " full" : ""}`;
      slot.item.title = `${countWords(board, first, zeros)} and ${countWords(board, second, ones)} of ${target} each`;
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

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];

/** "3 zeros", "1 one": how many of `value` (its symbol, in words when it is a digit). */
export function countWords(board, value, count) {
  const symbol = board.symbols[value - board.min_value];
  const word = /^\d$/.test(symbol) ? NUMBER_WORDS[Number(symbol)] : `“${symbol}”`;
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}
