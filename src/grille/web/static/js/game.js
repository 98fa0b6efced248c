// The game view: board, keypad, actions, hints, savepoints, timer, settings and export.
// Every action goes to the server in order (one at a time) and the page then shows the
// game state it answers with: what the page shows has been stored.

import { addressable, api, ApiError } from "./api.js";
import { BoardView, changedCells, countWords, describeChange, regionsAt, regionWord, valueTotal } from "./board.js";
import { actionForKey, cycles } from "./keys.js";
import { $, clock, confirmDialog, dismissToast, el, gameTitle, toast } from "./ui.js";

const FIT = "grille-fit-grid";
const TOUCH = window.matchMedia("(max-width: 899px), (pointer: coarse)");
const HINT_POLL_MS = 300;
/** A hint answered sooner (most are: the server waits half a second for one before it
 * answers "running") shows no "working on it" line, so none flashes. */
const HINT_WORKING_MS = 700;

/** What each depth of a hint shows, by what the hint is about. */
const DEPTH_NAMES = {
  step: { 1: "where to look", 2: "the technique", 3: "the cells", 4: "the step", 5: "applied" },
  mistakes: { 1: "something is wrong", 2: "how many", 3: "where", 4: "what", 5: "fixed" },
  note: {},
};

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** A sentence from the server ("the game is paused: ...") as the page shows it. */
function sentence(text) {
  const said = String(text || "").trim();
  if (!said) return said;
  const capital = said[0].toUpperCase() + said.slice(1);
  return /[.!?)]$/.test(capital) ? capital : `${capital}.`;
}

function cellName(r, c) {
  return `r${r + 1}c${c + 1}`;
}

function isEditable(target) {
  return target instanceof HTMLElement &&
    (target.matches("input, textarea, select") || target.isContentEditable);
}

/** The game's heading: kind and size, what the board's own title adds to them (a variant's
 * constraints: "· killer cages"), then the level. */
function headingOf(state) {
  const base = gameTitle(state.kind, state.size);
  const title = state.board.title || "";
  const extra = title.startsWith(base) ? title.slice(base.length) : "";
  return state.level ? `${base}${extra} · ${state.level}` : `${base}${extra}`;
}

export class GameScreen {
  constructor({ onMissing }) {
    this.onMissing = onMissing;
    this.state = null;
    this.selected = null;
    this.pencil = false;
    this.hint = null;
    this.hintJob = null;  // the hint being worked out: {gameId, id, depth, over}
    this.queue = Promise.resolve();
    this.timerBase = null;
    this.showing = null;  // the game the server was told is on screen
    this.lastBeat = 0;
    this.announcedSolved = null;
    this.view = new BoardView($("board-frame"), { onCell: (r, c, event) => this.clicked(r, c, event) });
    this._wire();
    setInterval(() => { this._tick(); this._beat(); }, 500);
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
    if (fresh && this.state) {
      this.cancelHint();
      this._hidden();  // the game shown before leaves the screen
      dismissToast();  // and what it said ("Solved in …")
    }
    this.state = state;
    if (fresh) {
      this.selected = null;
      this.hint = null;
      this.pencil = false;
      this.announcedSolved = state.solved ? state.id : null;
      this.view.shape = null;
    }
    this.render();
    if (fresh) this._selectStart();
    return true;
  }

  /** The view is on screen: size what depends on the room it has, start the clock. */
  shown() {
    this._fit();
    this._keypadColumns();
    this._shown();
  }

  /** The player went to another view: the clock stops, a hint being worked out too. */
  left() {
    this.cancelHint();
    this._hidden();
    dismissToast();  // its "Solved in …" is not about the next view
  }

  _selectStart() {
    const board = this.state.board;
    let index = board.cells.findIndex((cell) => !cell.blocked && cell.value === null);
    if (index < 0) index = board.cells.findIndex((cell) => !cell.blocked);
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
    this.cancelHint();  // the grid changes: a hint for it as it was would be refused
    return this.run((id) => api.move(id, move));
  }

  action(name) {
    this.cancelHint();
    return this.run((id) => api.action(id, name));
  }

  /** An action the server may refuse for this puzzle (show the solution, check against
   * it): its reason is said, and the game read again (it may now know why). */
  helped(call) {
    this.cancelHint();
    return this.run(call, {
      onError: (error) => {
        toast(sentence(error.message), { error: true });
        if (error instanceof ApiError && (error.status === 422 || error.status === 409)) {
          this.run((id) => api.game(id), { keepHint: true });
        }
      },
    });
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
    if (cycles(this.state.board) && !this.pencil) {
      this.cycle();
    } else if (already) {
      // a second click keeps the selection; nothing else to do
    }
  }

  _editable(quiet = false) {
    const cell = this.selectedCell();
    if (!cell || this.state.paused) return null;
    const [r, c] = this.selected;
    if (cell.blocked) {
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
    const board = this.state.board;
    const last = board.min_value + board.symbols.length - 1;
    if (cell.value === null) this.play(`${name}=${board.min_value}`);
    else if (cell.value < last) this.play(`${name}=${cell.value + 1}`);
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

  // -- hints: worked out by the server as jobs; the page shows, polls and cancels them ----------

  /** The next hint: one depth deeper on the hint shown for this grid, else depth 1 of a
   * new one. The server counts one hint per step revealed, however deep. */
  askHint() {
    if (!this.state || this.state.solved || this.state.paused || this.hintJob) return;
    if (this.state.help_unavailable) {  // known already: the note says why, said again
      this._say(sentence(this.state.help_unavailable));
      const note = $("help-note");
      note.classList.remove("flash");
      void note.offsetWidth;  // restart the animation
      note.classList.add("flash");
      return;
    }
    const shown = this.hint && !this.hint.refused && !this.hint.applied &&
      this.hint.position === this.state.position ? this.hint : null;
    const depth = shown && shown.depth < shown.deepest ? shown.depth + 1 : 1;
    const job = { gameId: this.state.id, id: null, depth, over: false, timer: null };
    this.hintJob = job;
    job.timer = setTimeout(() => this._hintWorking(job), HINT_WORKING_MS);
    this.run(async (id) => {
      if (job.over) return null;  // cancelled before it was asked
      const answer = await api.hint(id, depth);
      job.id = answer.id;
      if (answer.status === "running") {
        if (job.over) api.cancelHint(id, answer.id).catch(() => {});
        else this._pollHint(job);  // not waited for: moves go on meanwhile (and cancel it)
        return null;
      }
      return this._hintEnded(job, answer);
    }, { keepHint: true, onError: (error) => this._hintFailed(job, error) });
  }

  /** Stop the hint being worked out (its job is cancelled on the server); whether there
   * was one. */
  cancelHint() {
    const job = this.hintJob;
    if (!job) return false;
    this._hintOver(job);
    if (job.id) api.cancelHint(job.gameId, job.id).catch(() => {});  // ended meanwhile: 404
    return true;
  }

  async _pollHint(job) {
    while (!job.over) {
      await sleep(HINT_POLL_MS);
      if (job.over) return;
      let answer;
      try {
        answer = await api.hintJob(job.gameId, job.id);
      } catch (error) {
        this._hintFailed(job, error);
        return;
      }
      if (job.over) return;
      if (answer.status === "running") {
        $("hint-working-time").textContent = answer.elapsed >= 1 ? `${Math.floor(answer.elapsed)} s` : "";
      } else {
        this.run(async () => this._hintEnded(job, answer), { keepHint: true });
        return;
      }
    }
  }

  /** A hint job ended: its hint shown (its game, when depth 5 applied it, is what
   * ``run`` shows), or why there is none. */
  _hintEnded(job, answer) {
    this._hintOver(job);
    if (!this.state || this.state.id !== job.gameId) return null;
    if (answer.status === "done") {
      const { hint, game } = answer.result;
      this.hint = { ...hint, position: game.position };
      if (hint.cells.length && hint.depth >= 3) this.selected = [hint.cells[0][0], hint.cells[0][1]];
      return answer.result;
    }
    if (answer.status === "failed") {
      this._hintRefused(answer.error || "no hint could be found");
      this.run((id) => api.game(id), { keepHint: true });  // it may now know why
    }
    return null;  // cancelled
  }

  _hintFailed(job, error) {
    this._hintOver(job);
    if (!this.state || this.state.id !== job.gameId) return;
    this._hintRefused(error.message);
    if (error instanceof ApiError && error.status === 409) this.open(job.gameId);
    else if (error instanceof ApiError && error.status === 422) {  // paused elsewhere, ...
      this.run((id) => api.game(id), { keepHint: true });
    }
  }

  /** Why no hint: said where the hint would be. */
  _hintRefused(reason) {
    this.hint = { refused: true, text: sentence(reason), position: this.state.position,
      depth: 0, deepest: 0, about: "note", cells: [], mistakes: [], applied: false };
    this.render();
  }

  _hintWorking(job) {
    if (job.over || this.hintJob !== job) return;
    $("hint-working-time").textContent = "";
    $("hint-working").hidden = false;
  }

  _hintOver(job) {
    job.over = true;
    clearTimeout(job.timer);
    if (this.hintJob === job) {
      this.hintJob = null;
      $("hint-working").hidden = true;
    }
  }

  key(event) {
    if (!this.active || $("confirm").open) return;
    if (event.key === "Escape" && this.hintJob) {
      event.preventDefault();
      this.cancelHint();
      toast("Hint cancelled");
      return;
    }
    if (isEditable(event.target)) return;
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

  // -- the clock: counted by the server while the game is on screen, and pause -------------

  /** Whether the game is on the player's screen: its view shown, the tab visible. */
  get onScreen() {
    return this.active && document.visibilityState !== "hidden";
  }

  /** The clock as the server last answered it; the page ticks on from there, but no
   * further than the server would count a silence (twice the heartbeat). */
  _setClock(elapsed, running) {
    this.timerBase = { elapsed, at: performance.now(), running };
    this._tick();
  }

  _tick() {
    if (!this.state || !this.timerBase) return;
    const { elapsed, at, running } = this.timerBase;
    const grace = 2 * (this.state.heartbeat || 5);
    const since = running ? Math.min((performance.now() - at) / 1000, grace) : 0;
    const text = clock(elapsed + since);
    if ($("timer").textContent !== text) $("timer").textContent = text;
  }

  /** Tell the server the game is on screen (it starts or feeds the clock). */
  async _shown() {
    if (!this.onScreen) return;
    const id = this.state.id;
    this.showing = id;
    this.lastBeat = performance.now();
    if (this.state.paused || this.state.solved) return;  // its clock stands still
    try {
      const answer = await api.shown(id);
      if (this.state && this.state.id === id && this.showing === id) {
        this._setClock(answer.elapsed, answer.timer_running);
      }
    } catch (error) {
      // the server is away: the clock on screen stops by itself after the grace
    }
  }

  /** A heartbeat every ``heartbeat`` seconds while the game is on screen. */
  _beat() {
    if (!this.state || !this.onScreen || this.showing !== this.state.id) return;
    if (performance.now() - this.lastBeat >= (this.state.heartbeat || 5) * 1000) this._shown();
  }

  /** Tell the server the game left the screen: the clock stops (on screen at once). */
  _hidden({ leaving = false } = {}) {
    const id = this.showing;
    if (id === null) return;
    this.showing = null;
    if (this.state && this.state.id === id && this.timerBase && this.timerBase.running) {
      const { elapsed, at } = this.timerBase;
      const grace = 2 * (this.state.heartbeat || 5);
      this._setClock(elapsed + Math.min((performance.now() - at) / 1000, grace), false);
    }
    if (leaving && api.hiddenBeacon(id)) return;  // the page goes: a beacon outlives it
    api.hidden(id).then((answer) => {
      if (this.state && this.state.id === id && this.showing === null) {
        this._setClock(answer.elapsed, answer.timer_running);
      }
    }).catch(() => {});
  }

  togglePause() {
    this.action(this.state.paused ? "resume" : "pause");
  }

  visibility(hidden) {
    if (!this.state || !this.active) return;
    if (hidden) this._hidden();
    else this._shown();
  }

  // -- showing the state ------------------------------------------------------------------

  render() {
    const state = this.state;
    if (!state) return;
    const board = state.board;
    $("view-game").dataset.gameId = String(state.id);
    const title = headingOf(state);
    $("game-title").textContent = title;
    document.title = `${title} · grille`;
    this._setClock(state.elapsed, state.timer_running && this.showing === state.id);

    this.view.build(board, `${title} grid`);
    const cell = this.selectedCell();
    const digit = cell && !cell.blocked && cell.value !== null ? cell.value : null;
    const hint = this.hint && this.hint.position === state.position ? this.hint : null;
    this.view.update(state, { selected: this.selected, digit, hint: hint && !hint.refused ? hint : null });

    $("paused-cover").hidden = !state.paused;
    $("board-frame").classList.toggle("covered", state.paused);
    $("pause").textContent = state.paused ? "Resume" : "Pause";
    $("pause").setAttribute("aria-pressed", String(state.paused));
    $("pause").disabled = state.solved;
    // paused means paused: nothing changes the grid or tells about it until Resume
    const locked = state.paused;
    $("undo").disabled = locked || !state.can_undo;
    $("redo").disabled = locked || !state.can_redo;
    const noHelp = state.help_unavailable;  // a puzzle without one solution: no help
    $("fill").disabled = locked || state.solved;
    for (const id of ["hint", "solution"]) $(id).disabled = locked || state.solved || Boolean(noHelp);
    for (const id of ["restart", "clear-cell", "pencil", "hint-more"]) $(id).disabled = locked;
    $("help-note").hidden = !noHelp;
    $("help-note").textContent = noHelp ? sentence(noHelp) : "";
    for (const id of ["hint", "solution"]) {
      if (noHelp) $(id).setAttribute("aria-describedby", "help-note");
      else $(id).removeAttribute("aria-describedby");
    }
    const against = $("checking").querySelector("option[value='solution']");
    against.disabled = Boolean(noHelp) && state.checking !== "solution";
    against.textContent = noHelp ? "against the solution (unavailable)" : "against the solution";
    $("checking").value = state.checking;
    $("auto-clean").checked = state.auto_clean;

    this._fit();
    this._status();
    this._keypad();
    this._hintPanel(hint);
    this._notes();
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
    this._say(parts.join(". ").replace(/\.\./g, "."));
  }

  /** Words for the screen reader's live region (the same words again are spoken again). */
  _say(text) {
    const region = $("announce");
    region.textContent = "";
    requestAnimationFrame(() => { region.textContent = text; });
  }

  _keypad() {
    const board = this.state.board;
    const pad = $("keypad");
    const signature = `${board.min_value}:${board.symbols.join("\n")}`;
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
      if (!cell.blocked && cell.value !== null) counts.set(cell.value, (counts.get(cell.value) || 0) + 1);
    }
    const each = valueTotal(board);
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
    const name = (DEPTH_NAMES[shown.about] || {})[shown.depth];
    $("hint-depth").textContent = shown.refused ? "(unavailable)"
      : shown.deepest > 1 ? `(${shown.depth}/${shown.deepest}${name ? `: ${name}` : ""})` : "";
    $("hint-text").textContent = shown.text;
    $("hint-more").hidden = !hint || shown.refused || shown.applied || shown.depth >= shown.deepest;
    const last = shown.depth + 1 >= shown.deepest;
    $("hint-more").textContent = !last ? "Tell me more"
      : shown.about === "mistakes" ? "Fix it" : "Apply it";
  }

  /** The board's notes (the puzzle's rules, each constraint's rule in words). */
  _notes() {
    const notes = this.state.board.notes || [];
    const panel = $("notes-panel");
    const list = $("notes-list");
    const signature = notes.join("\n");
    if (list.dataset.notes !== signature) {
      list.dataset.notes = signature;
      list.replaceChildren(...notes.map((note) => el("li", { text: note })));
    }
    panel.hidden = notes.length === 0;
  }

  /** The regions of the selected cell that add up to a total or have value sets (a
   * run, a cage): their total, size and the sets of values still open to them. */
  _combos() {
    const board = this.state.board;
    const panel = $("combos-panel");
    const cell = this.selectedCell();
    if (!cell || cell.blocked) {
      panel.hidden = true;
      return;
    }
    const [r, c] = this.selected;
    const list = $("combos-list");
    list.replaceChildren();
    for (const region of regionsAt(board, r, c)) {
      if (region.style !== "run" && region.total === null && !region.choices.length) continue;
      const name = regionWord(region, true);
      const size = region.cells.length;
      const differ = region.distinct ? "digits all differ" : "digits may repeat";
      let text;
      if (region.total === null) text = `${name}, ${size} cells without a clue: ${differ}`;
      else if (!region.choices.length) text = `${name} ${region.total} in ${size}: no combination fits the digits written`;
      else text = `${name} ${region.total} in ${size}: ${region.choices.join(" ")}`;
      list.append(el("li", { text }));
    }
    panel.hidden = list.children.length === 0;
  }

  /** The selected cell's row and column counts, on a board that counts values per line. */
  _cellInfo() {
    const board = this.state.board;
    const info = $("cell-info");
    if (!this.selected || !board.counts) {
      info.textContent = "";
      return;
    }
    const [r, c] = this.selected;
    const { values: [first, second], per_row: rowTarget, per_column: colTarget } = board.counts;
    const line = (values, target) => {
      const firsts = values.filter((v) => v === first).length;
      const seconds = values.filter((v) => v === second).length;
      return `${countWords(board, first, firsts)} and ${countWords(board, second, seconds)} of ${target} each`;
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
    // the page goes (closed, reloaded, another address): the clock stops with it
    window.addEventListener("pagehide", () => {
      if (this.hintJob) this.cancelHint();
      this._hidden({ leaving: true });
    });
    $("clear-cell").addEventListener("mousedown", (event) => event.preventDefault());
    $("clear-cell").addEventListener("click", () => this.clear());
    $("pencil").addEventListener("mousedown", (event) => event.preventDefault());
    $("pencil").addEventListener("click", () => this.setPencil(!this.pencil));
    $("undo").addEventListener("click", () => this.action("undo"));
    $("redo").addEventListener("click", () => this.action("redo"));
    $("hint").addEventListener("click", () => this.askHint());
    $("hint-more").addEventListener("click", () => this.askHint());
    $("hint-cancel").addEventListener("click", () => {
      if (this.cancelHint()) toast("Hint cancelled");
    });
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
      if (sure) this.helped((id) => api.action(id, "solution"));
    });
    $("pause").addEventListener("click", () => this.togglePause());
    $("resume").addEventListener("click", () => this.togglePause());
    $("checking").addEventListener("change", (event) => {
      const checking = event.target.value;
      this.helped((id) => api.settings(id, { checking })).then(() => {
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
