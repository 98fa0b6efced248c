// The game view: board, keypad, actions, hints, savepoints, timer, settings and export.
// Every action goes to the server in order (one at a time) and the page then shows the
// game state it answers with: what the page shows has been stored.

import { addressable, api, ApiError } from "./api.js";
import { BoardView, changedCells, describeChange } from "./board.js";
import { actionForKey } from "./keys.js";
import { $, clock, confirmDialog, el, gameTitle, toast } from "./ui.js";

const AUTO_PAUSED = "grille-auto-paused";
const FIT = "grille-fit-grid";
const TOUCH = window.matchMedia("(max-width: 899px), (pointer: coarse)");

function cellName(r, c) {
  return `r${r + 1}c${c + 1}`;
}

function isEditable(target) {
  return target instanceof HTMLElement &&
    (target.matches("input, textarea, select") || target.isContentEditable);
}

export class GameScreen {
  constructor({ onMissing }) {
    this.onMissing = onMissing;
    this.state = null;
    this.selected = null;
    this.pencil = false;
    this.hint = null;
    this.queue = Promise.resolve();
    this.timerBase = null;
    this.announcedSolved = null;
    this.view = new BoardView($("board-frame"), { onCell: (r, c, event) => this.clicked(r, c, event) });
    this._wire();
    setInterval(() => this._tick(), 500);
  }

  get active() {
    return this.state !== null && !$("view-game").hidden;
  }

  // -- opening ----------------------------------------------------------------------------

  async open(id) {
    let state;
    try {
      state = await api.game(id);
    } catch (error) {
      toast(error.message, { error: true });
      if (error instanceof ApiError && error.status === 404) this.onMissing();
      return false;
    }
    const fresh = !this.state || this.state.id !== state.id;
    this.state = state;
    if (fresh) {
      this.selected = null;
      this.hint = null;
      this.pencil = false;
      this.announcedSolved = state.solved ? state.id : null;
      this.view.shape = null;
    }
    this._resumeIfAutoPaused();
    this.render();
    if (fresh) this._selectStart();
    return true;
  }

  /** The view is on screen: size what depends on the room it has. */
  shown() {
    this._fit();
    this._keypadColumns();
  }

  _selectStart() {
    const board = this.state.board;
    let index = board.cells.findIndex((cell) => !cell.block && cell.value === null);
    if (index < 0) index = board.cells.findIndex((cell) => !cell.block);
    this.select(Math.floor(index / board.cols), index % board.cols, { focus: false });
  }

  // -- talking to the server, one action at a time -------------------------------------------

  run(call, { keepHint = false, onError = null } = {}) {
    const id = this.state.id;
    this.queue = this.queue.then(async () => {
      try {
        const result = await call(id);
        if (!this.state || this.state.id !== id) return result;
        const state = result && result.game ? result.game : result;
        if (state && state.board) {
          if (!keepHint && this.hint && state.position !== this.hint.position) this.hint = null;
          const before = this.state;
          this.state = state;
          this.render();
          this._announce(before, state);
        }
        return result;
      } catch (error) {
        if (onError) onError(error);
        else toast(error.message, { error: true });
        if (error instanceof ApiError && error.status === 409) await this.open(id);
        return null;
      }
    });
    return this.queue;
  }

  play(move) {
    return this.run((id) => api.move(id, move));
  }

  action(name) {
    return this.run((id) => api.action(id, name));
  }

  // -- selection and input ------------------------------------------------------------------

  select(r, c, { focus = true } = {}) {
    const board = this.state.board;
    const row = Math.min(Math.max(r, 0), board.rows - 1);
    const col = Math.min(Math.max(c, 0), board.cols - 1);
    this.selected = [row, col];
    this.render();
    if (focus) this.view.cell(row, col).focus();
  }

  selectedCell() {
    if (!this.selected) return null;
    const [r, c] = this.selected;
    return this.state.board.cells[r * this.state.board.cols + c];
  }

  clicked(r, c) {
    if (this.state.paused) return;
    const already = this.selected && this.selected[0] === r && this.selected[1] === c;
    this.select(r, c);
    if (this.state.board.kind === "takuzu" && !this.pencil) {
      this.cycle();
    } else if (already) {
      // a second click keeps the selection; nothing else to do
    }
  }

  _editable(quiet = false) {
    const cell = this.selectedCell();
    if (!cell || this.state.paused) return null;
    const [r, c] = this.selected;
    if (cell.block) {
      if (!quiet) toast(`${cellName(r, c)} is a block: it takes no digit`);
      return null;
    }
    if (cell.given) {
      if (!quiet) toast(`${cellName(r, c)} is a clue`);
      return null;
    }
    return cell;
  }

  place(value) {
    const cell = this._editable();
    if (!cell) return;
    const [r, c] = this.selected;
    if (cell.value === value) return;
    this.play(`${cellName(r, c)}=${value}`);
  }

  mark(value) {
    const cell = this._editable();
    if (!cell) return;
    const [r, c] = this.selected;
    if (cell.value !== null) {
      toast(`${cellName(r, c)} holds a digit; clear it to write pencil marks`);
      return;
    }
    this.play(`${cellName(r, c)}^${value}`);
  }

  clear() {
    const cell = this._editable();
    if (!cell || cell.value === null) return;
    this.play(`${cellName(...this.selected)}-`);
  }

  cycle() {
    const cell = this._editable(true);
    if (!cell) return;
    const name = cellName(...this.selected);
    if (cell.value === null) this.play(`${name}=0`);
    else if (cell.value === 0) this.play(`${name}=1`);
    else this.play(`${name}-`);
  }

  input(value) {
    if (this.pencil) this.mark(value);
    else this.place(value);
  }

  setPencil(on) {
    this.pencil = on;
    $("pencil").setAttribute("aria-pressed", String(on));
    $("pencil").classList.toggle("on", on);
    $("board-frame").classList.toggle("pencil-mode", on);
    toast(on ? "Pencil mode: digits toggle marks" : "Pencil mode off");
  }

  askHint() {
    if (this.state.solved || this.state.paused) return;
    const same = this.hint && this.hint.position === this.state.position && !this.hint.applied;
    const depth = same ? Math.min(this.hint.depth + 1, 5) : 1;
    this.run(async (id) => {
      const answer = await api.hint(id, depth);
      const hint = answer.hint;
      this.hint = { ...hint, position: answer.game.position };
      if (hint.cells.length && hint.depth >= 3) {
        this.selected = [hint.cells[0][0], hint.cells[0][1]];
      }
      return answer;
    }, { keepHint: true });
  }

  key(event) {
    if (!this.active || isEditable(event.target) || $("confirm").open) return;
    if (this.state.paused) return;
    const onControl = event.target instanceof HTMLElement &&
      event.target.matches("button, a, summary") && !event.target.closest("#board");
    if (onControl && (event.key === "Enter" || event.key === " ")) return;
    const action = actionForKey(event, this.state.board, this.pencil);
    if (!action) return;
    event.preventDefault();
    const board = this.state.board;
    const [r, c] = this.selected || [0, 0];
    switch (action.type) {
      case "move":
        this.select(r + action.dr, c + action.dc);
        break;
      case "jump": {
        const targets = {
          rowStart: [r, 0], rowEnd: [r, board.cols - 1],
          first: [0, 0], last: [board.rows - 1, board.cols - 1],
        };
        this.select(...targets[action.to]);
        break;
      }
      case "value": this.place(action.value); break;
      case "mark": this.mark(action.value); break;
      case "clear": this.clear(); break;
      case "cycle": this.cycle(); break;
      case "pencil": this.setPencil(!this.pencil); break;
      case "undo": if (this.state.can_undo) this.action("undo"); break;
      case "redo": if (this.state.can_redo) this.action("redo"); break;
      case "hint": this.askHint(); break;
      default: break;
    }
  }

  // -- timer and pause ----------------------------------------------------------------------

  _tick() {
    if (!this.state || !this.timerBase) return;
    const { elapsed, at, running } = this.timerBase;
    const seconds = running ? elapsed + (performance.now() - at) / 1000 : elapsed;
    const text = clock(seconds);
    if ($("timer").textContent !== text) $("timer").textContent = text;
  }

  togglePause() {
    sessionStorage.removeItem(AUTO_PAUSED);
    this.action(this.state.paused ? "resume" : "pause");
  }

  visibility(hidden) {
    if (!this.state || $("view-game").hidden) return;
    if (hidden && this.timerBase && this.timerBase.running) {
      // the clock on screen stops with the tab, whatever the server is told
      const { elapsed, at } = this.timerBase;
      this.timerBase = { elapsed: elapsed + (performance.now() - at) / 1000, at: performance.now(), running: false };
    }
    if (hidden && this.state.timer_running && !this.state.paused) {
      sessionStorage.setItem(AUTO_PAUSED, String(this.state.id));
      api.keepalive(this.state.id, "pause").catch(() => {});
      this.state = { ...this.state, paused: true, timer_running: false };
    } else if (!hidden) {
      this._resumeIfAutoPaused();
    }
  }

  _resumeIfAutoPaused() {
    if (sessionStorage.getItem(AUTO_PAUSED) === String(this.state.id)) {
      sessionStorage.removeItem(AUTO_PAUSED);
      this.action("resume");
    }
  }

  // -- showing the state ------------------------------------------------------------------

  render() {
    const state = this.state;
    if (!state) return;
    const board = state.board;
    $("view-game").dataset.gameId = String(state.id);
    $("game-title").textContent = gameTitle(state.kind, state.size, state.level);
    document.title = `${gameTitle(state.kind, state.size, state.level)} · grille`;
    this.timerBase = { elapsed: state.elapsed, at: performance.now(), running: state.timer_running };
    this._tick();

    this.view.build(board, `${gameTitle(state.kind, state.size, state.level)} grid`);
    const cell = this.selectedCell();
    const digit = cell && !cell.block && cell.value !== null ? cell.value : null;
    const hint = this.hint && this.hint.position === state.position ? this.hint : null;
    this.view.update(state, { selected: this.selected, digit, hint });

    $("paused-cover").hidden = !state.paused;
    $("board-frame").classList.toggle("covered", state.paused);
    $("pause").textContent = state.paused ? "Resume" : "Pause";
    $("pause").setAttribute("aria-pressed", String(state.paused));
    $("pause").disabled = state.solved;
    // paused means paused: nothing changes the grid or tells about it until Resume
    const locked = state.paused;
    $("undo").disabled = locked || !state.can_undo;
    $("redo").disabled = locked || !state.can_redo;
    for (const id of ["hint", "fill", "solution"]) $(id).disabled = locked || state.solved;
    for (const id of ["restart", "clear-cell", "pencil", "hint-more"]) $(id).disabled = locked;
    $("checking").value = state.checking;
    $("auto-clean").checked = state.auto_clean;

    this._fit();
    this._status();
    this._keypad();
    this._hintPanel(hint);
    this._combos();
    this._cellInfo();
    this._savepoints();
    this._exportLinks();
    if (document.activeElement && document.activeElement.closest &&
        document.activeElement.closest("#board") && this.selected) {
      const focused = this.view.cell(...this.selected);
      if (document.activeElement !== focused) focused.focus();
    }
  }

  _status() {
    const state = this.state;
    const line = $("game-status");
    let text = "";
    if (state.solved) {
      text = state.solution_shown
        ? "Solved, with the solution shown."
        : `Solved in ${clock(state.elapsed)}${state.hints_used ? ` with ${state.hints_used} hint${state.hints_used > 1 ? "s" : ""}` : ""}. Well done!`;
    } else if (state.conflicts.length) {
      text = state.conflicts.slice(0, 3).map((c) => c.message).join(" · ") +
        (state.conflicts.length > 3 ? ` (and ${state.conflicts.length - 3} more)` : "");
    } else if (state.status === "invalid" && state.checking !== "off") {
      text = "Something breaks the rules.";  // checking off: nothing is said
    }
    line.textContent = text;
    line.classList.toggle("solved", state.solved);
    line.classList.toggle("warning", !state.solved && state.conflicts.length > 0);
    if (state.solved && this.announcedSolved !== state.id) {
      this.announcedSolved = state.id;
      toast(text);
    }
    if (!state.solved && this.announcedSolved === state.id) this.announcedSolved = null;
  }

  /** Say what the last action did in the live region: the cell and what it now holds,
   * the conflicts it is in, and "solved". */
  _announce(before, state) {
    if (!before || before.id !== state.id) return;
    const parts = [];
    const change = describeChange(before.board, state.board);
    if (change) parts.push(change);
    const { digits, marks } = changedCells(before.board, state.board);
    const touched = new Set([...digits, ...marks]);
    const cols = state.board.cols;
    const named = state.conflicts.filter((conflict) =>
      conflict.cells.some(([r, c]) => touched.has(r * cols + c)));
    for (const conflict of named.slice(0, 2)) parts.push(conflict.message);
    if (state.solved && !before.solved) parts.push($("game-status").textContent);
    if (!parts.length) return;
    const region = $("announce");
    region.textContent = "";  // the same words again are still spoken
    const text = parts.join(". ").replace(/\.\./g, ".");
    requestAnimationFrame(() => { region.textContent = text; });
  }

  _keypad() {
    const board = this.state.board;
    const pad = $("keypad");
    const signature = `${board.kind}:${board.symbols.join("")}`;
    if (pad.dataset.signature !== signature) {
      pad.dataset.signature = signature;
      pad.replaceChildren();
      board.symbols.forEach((symbol, index) => {
        const value = board.min_value + index;
        const button = el("button", {
          type: "button", class: "key", "data-value": value,
          onmousedown: (event) => event.preventDefault(),
          onclick: () => this.input(value),
        }, [el("span", { class: "key-symbol", text: symbol }), el("span", { class: "key-left" })]);
        pad.append(button);
      });
    }
    this._keypadColumns();
    const counts = new Map();
    for (const cell of board.cells) {
      if (!cell.block && cell.value !== null) counts.set(cell.value, (counts.get(cell.value) || 0) + 1);
    }
    const whites = board.cells.filter((cell) => !cell.block).length;
    const each = board.kind === "sudoku" ? board.rows : board.kind === "takuzu" ? whites / 2 : null;
    const current = this.selectedCell();
    for (const button of pad.children) {
      const value = Number(button.dataset.value);
      const symbol = board.symbols[value - board.min_value];
      const left = each === null ? null : each - (counts.get(value) || 0);
      button.querySelector(".key-left").textContent = left === null ? "" : String(left);
      button.classList.toggle("done", left === 0);
      button.classList.toggle("same", current && current.value === value);
      button.setAttribute("aria-label", left === null
        ? `${this.pencil ? "pencil mark " : ""}${symbol}`
        : `${this.pencil ? "pencil mark " : ""}${symbol}, ${left} left`);
      button.disabled = this.state.paused;
    }
  }

  /** As many keys a row as fit at their least width (44 px on touch screens and narrow
   * windows), in rows of equal length: 9 keys make 5 + 4 on a phone, one row beside a
   * desktop's board. */
  _keypadColumns() {
    const pad = $("keypad");
    const keys = pad.children.length;
    if (!keys || !pad.clientWidth) return;
    const gap = parseFloat(getComputedStyle(pad).columnGap) || 0;
    const least = TOUCH.matches ? 44 : 30;
    const fit = Math.max(1, Math.floor((pad.clientWidth + gap) / (least + gap)));
    const rows = Math.ceil(keys / fit);
    pad.style.setProperty("--keys", Math.ceil(keys / rows));
  }

  /** "Whole grid" shrinks a grid wider than its place to fit it; the button shows when
   * the grid does not fit at its readable size, or while it is on. */
  _fit() {
    const on = localStorage.getItem(FIT) === "1";
    const frame = $("board-frame");
    frame.classList.toggle("fit", on);
    $("fit").setAttribute("aria-pressed", String(on));
    const scroller = $("board-scroll");
    const wide = scroller.scrollWidth > scroller.clientWidth + 1;
    $("fit").hidden = !on && !wide;
    this._edges();
  }

  /** Shadows on the sides of a grid scrolled sideways, where more of it is. */
  _edges() {
    const scroller = $("board-scroll");
    const end = scroller.scrollWidth - scroller.clientWidth;
    $("board-wrap").classList.toggle("more-left", scroller.scrollLeft > 1);
    $("board-wrap").classList.toggle("more-right", end - scroller.scrollLeft > 1);
  }

  _hintPanel(hint) {
    const panel = $("hint-panel");
    const shown = this.hint;
    panel.hidden = !shown;
    if (!shown) return;
    const names = { 1: "where to look", 2: "the technique", 3: "the cells", 4: "the step", 5: "applied" };
    $("hint-depth").textContent = `(${shown.depth}/5: ${names[shown.depth]})`;
    $("hint-text").textContent = shown.text;
    $("hint-more").hidden = !hint || shown.depth >= 5 || shown.mistakes.length > 0;
    $("hint-more").textContent = shown.depth === 4 ? "Apply it" : "Tell me more";
  }

  _combos() {
    const board = this.state.board;
    const panel = $("combos-panel");
    const cell = this.selectedCell();
    if (board.kind !== "kakuro" || !cell || cell.block) {
      panel.hidden = true;
      return;
    }
    const [r, c] = this.selected;
    const list = $("combos-list");
    list.replaceChildren();
    for (const index of board.cell_runs[r * board.cols + c]) {
      if (index < 0) continue;
      const run = board.runs[index];
      const name = run.direction === "across" ? "Across" : "Down";
      let text;
      if (!run.total) text = `${name}, ${run.cells.length} cells without a clue: digits all differ`;
      else if (!run.combos.length) text = `${name} ${run.total} in ${run.cells.length}: no combination fits the digits written`;
      else text = `${name} ${run.total} in ${run.cells.length}: ${run.combos.join(" ")}`;
      list.append(el("li", { text }));
    }
    panel.hidden = list.children.length === 0;
  }

  _cellInfo() {
    const board = this.state.board;
    const info = $("cell-info");
    if (!this.selected || board.kind !== "takuzu") {
      info.textContent = "";
      return;
    }
    const [r, c] = this.selected;
    const [rowTarget, colTarget] = board.line_target;
    const line = (values, target) => {
      const zeros = values.filter((v) => v === 0).length;
      const ones = values.filter((v) => v === 1).length;
      return `${zeros} zero${zeros === 1 ? "" : "s"} and ${ones} one${ones === 1 ? "" : "s"} of ${target} each`;
    };
    const row = board.cells.slice(r * board.cols, (r + 1) * board.cols).map((x) => x.value);
    const col = [];
    for (let i = 0; i < board.rows; i += 1) col.push(board.cells[i * board.cols + c].value);
    info.textContent = `Row ${r + 1}: ${line(row, rowTarget)}. Column ${c + 1}: ${line(col, colTarget)}.`;
  }

  _savepoints() {
    const list = $("savepoints");
    list.replaceChildren();
    const locked = this.state.paused;  // a paused game keeps its position
    for (const point of this.state.savepoints) {
      const name = point.name;
      if (!addressable(name)) {  // an older game's name no URL can carry: shown, not used
        list.append(el("li", {}, [el("span", { class: "savepoint-name",
          text: `${name} (move ${point.position}): this name cannot be used here; save again under another name` })]));
        continue;
      }
      list.append(el("li", {}, [
        el("span", { class: "savepoint-name", text: `${name} (move ${point.position})` }),
        el("button", { type: "button", class: "small", text: "Go back", disabled: locked,
          "aria-label": `Go back to savepoint ${name}`,
          onclick: () => this.run((id) => api.returnTo(id, name)) }),
        el("button", { type: "button", class: "small", text: "Abandon branch", disabled: locked,
          "aria-label": `Go back to savepoint ${name} and drop the moves after it`,
          onclick: async () => {
            const sure = await confirmDialog({
              title: `Abandon the branch after “${name}”?`,
              text: `Back to move ${point.position}; the moves made after it are dropped for good.`,
              ok: "Abandon branch", danger: true,
            });
            if (sure) this.run((id) => api.abandonBranch(id, name));
          } }),
        el("button", { type: "button", class: "small", text: "Delete",
          "aria-label": `Delete savepoint ${name}`,
          onclick: () => this.run((id) => api.removeSavepoint(id, name)) }),
      ]));
    }
  }

  _exportLinks() {
    const id = this.state.id;
    const content = $("export-content").value;
    const marks = $("export-marks").checked;
    const base = `grille-${this.state.kind}-${this.state.size}-game${id}`;
    for (const format of ["svg", "png", "pdf"]) {
      const link = $(`export-${format}`);
      link.href = api.exportUrl(id, format, { content, marks });
      link.setAttribute("download", `${base}.${format}`);
    }
  }

  // -- wiring -------------------------------------------------------------------------------

  _wire() {
    document.addEventListener("keydown", (event) => this.key(event));
    document.addEventListener("visibilitychange", () => this.visibility(document.hidden));
    $("clear-cell").addEventListener("mousedown", (event) => event.preventDefault());
    $("clear-cell").addEventListener("click", () => this.clear());
    $("pencil").addEventListener("mousedown", (event) => event.preventDefault());
    $("pencil").addEventListener("click", () => this.setPencil(!this.pencil));
    $("undo").addEventListener("click", () => this.action("undo"));
    $("redo").addEventListener("click", () => this.action("redo"));
    $("hint").addEventListener("click", () => this.askHint());
    $("hint-more").addEventListener("click", () => this.askHint());
    $("fill").addEventListener("click", () => this.action("fill"));
    $("restart").addEventListener("click", async () => {
      const sure = await confirmDialog({
        title: "Restart this game?",
        text: "Every entry and pencil mark is cleared (Undo brings them back).",
        ok: "Restart",
      });
      if (sure) this.action("restart");
    });
    $("solution").addEventListener("click", async () => {
      const sure = await confirmDialog({
        title: "Show the solution?",
        text: "The solution is filled in and the game will not count in your statistics " +
          "(Undo takes it back).",
        ok: "Show solution",
      });
      if (sure) this.action("solution");
    });
    $("pause").addEventListener("click", () => this.togglePause());
    $("resume").addEventListener("click", () => this.togglePause());
    $("checking").addEventListener("change", (event) => {
      const checking = event.target.value;
      this.run((id) => api.settings(id, { checking })).then(() => {
        if (this.state) $("checking").value = this.state.checking;
      });
    });
    $("auto-clean").addEventListener("change", (event) => {
      const on = event.target.checked;
      this.run((id) => api.settings(id, { auto_clean: on }));
    });
    $("savepoint-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const input = $("savepoint-name");
      const name = input.value.trim() || `savepoint ${this.state.savepoints.length + 1}`;
      const error = $("savepoint-error");
      error.textContent = "";
      input.removeAttribute("aria-invalid");
      this.run((id) => api.addSavepoint(id, name), {
        onError: (failure) => {  // the server's reason, next to the name, until fixed
          error.textContent = failure.message;
          input.setAttribute("aria-invalid", "true");
          input.focus();
        },
      }).then((answer) => { if (answer) input.value = ""; });
    });
    $("export-content").addEventListener("change", () => this._exportLinks());
    $("export-marks").addEventListener("change", () => this._exportLinks());
    $("print").addEventListener("click", () => window.print());
    $("fit").addEventListener("click", () => {
      localStorage.setItem(FIT, localStorage.getItem(FIT) === "1" ? "0" : "1");
      this._fit();
      if (this.selected) this.view.cell(...this.selected).scrollIntoView({ block: "nearest", inline: "nearest" });
    });
    $("board-scroll").addEventListener("scroll", () => this._edges(), { passive: true });
    window.addEventListener("resize", () => {
      if (!this.active) return;
      this._fit();
      this._keypadColumns();
    });
  }
}
