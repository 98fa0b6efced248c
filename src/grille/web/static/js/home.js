// The other views: new game (generated), continue, enter a puzzle, import a file, saved
// games and the library, statistics.

import { api } from "./api.js";
import { $, clock, confirmDialog, el, gameTitle, kindTitle, listTitle, notice, setKindTitles, toast, when } from "./ui.js";

const POLL_MS = 1000;

/** What the library says of a puzzle's solutions, when it is not exactly one. */
const VERDICTS = {
  several: "several solutions",
  none: "no solution",
  unknown: "one solution not proven",
};

export class HomeScreen {
  constructor({ openGame }) {
    this.openGame = openGame;
    this.kinds = [];
    this.kind = null;  // the kind chosen: the first offered until the player picks one
    this.level = null;  // the level last chosen, kept when a size cannot reach it
    this.starting = false;
    this.jobs = new Map();  // generation jobs seen queued or running, by id
    this.awaited = null;  // the job whose game opens when it is ready (Start, then wait)
    this.polling = false;
    this.entering = false;  // an entered puzzle's solution is being searched
  }

  async load() {
    this.kinds = await api.kinds();
    setKindTitles(this.kinds);
    if (!this.kinds.some((kind) => kind.name === this.kind)) this.kind = this.kinds[0].name;
    $("enter-help").textContent = this.kinds.filter((kind) => kind.entry_help)
      .map((kind) => `${kind.title}: ${kind.entry_help}; `).join("");
    const choices = $("kind-choices");
    choices.replaceChildren();
    for (const kind of this.kinds) {
      const id = `kind-${kind.name}`;
      choices.append(
        el("input", { type: "radio", name: "kind", id, value: kind.name,
          checked: kind.name === this.kind, onchange: () => this.chooseKind(kind.name) }),
        el("label", { for: id, text: kind.title }),
      );
      $("enter-kind").append(el("option", { value: kind.name, text: kind.title }));
    }
    this.chooseKind(this.kind);
    $("new-size").addEventListener("change", () => this.chooseSize());
    $("new-level").addEventListener("change", () => { this.level = $("new-level").value; });
    $("new-game").addEventListener("submit", (event) => { event.preventDefault(); this.generate(); });
    $("enter-form").addEventListener("submit", (event) => { event.preventDefault(); this.enter(); });
    $("import-form").addEventListener("submit", (event) => { event.preventDefault(); this.importFile(); });
    $("continue-button").addEventListener("click", () => {
      if (this.lastId) this.openGame(this.lastId);
    });
    $("games-filter").addEventListener("change", () => this.showGames());
    this.watchJobs();
  }

  chooseKind(name) {
    this.kind = name;
    const kind = this.kinds.find((k) => k.name === name);
    const fill = (select, values, chosen) => {
      select.replaceChildren(...values.map((value) =>
        el("option", { value, text: value.replace("x", "×"), selected: value === chosen })));
    };
    fill($("new-size"), kind.sizes, kind.default_size);
    fill($("new-symmetry"), kind.symmetries, kind.symmetries[0]);
    $("symmetry-label").hidden = kind.symmetries.length === 0;
    this.chooseSize();
  }

  /** The levels the server says the chosen size reaches, keeping the level chosen when
   * this size has it. */
  chooseSize() {
    const kind = this.kinds.find((k) => k.name === this.kind);
    const size = $("new-size").value;
    const levels = (kind.levels_by_size || {})[size] || kind.levels;
    const wanted = this.level && levels.includes(this.level) ? this.level
      : levels.includes("easy") ? "easy" : levels[0];
    $("new-level").replaceChildren(...levels.map((value) =>
      el("option", { value, text: value, selected: value === wanted })));
    const missing = kind.levels.filter((level) => !levels.includes(level));
    $("level-note").textContent = missing.length
      ? `${gameTitle(kind.name, size)} puzzles reach ${levels.filter((l) => l !== "any").join(", ")} only.`
      : "";
  }

  async showHome() {
    $("new-error").textContent = "";
    let last = null;
    try {
      last = await api.lastGame();
    } catch (error) {
      $("new-error").textContent = error.message;
    }
    this.lastId = last ? last.id : null;
    $("continue").hidden = !last;
    if (last) {
      $("continue-text").textContent =
        `Your last game: ${listTitle(last)}, ${clock(last.elapsed)} played.`;
    }
  }

  /** Start: a game from the server's pool opens at once; else a job generates one, listed
   * with a Cancel button, and its game opens when ready if the player still waits here. */
  async generate() {
    if (this.starting) return;
    const kind = this.kinds.find((k) => k.name === this.kind);
    const body = { kind: this.kind, size: $("new-size").value, level: $("new-level").value };
    if (kind.symmetries.length) body.symmetry = $("new-symmetry").value;
    $("new-error").textContent = "";
    this.starting = true;
    $("new-start").disabled = true;
    try {
      const job = await api.generate(body);
      if (job.status === "done" && job.game_id) {  // from the pool: play at once
        this.openGame(job.game_id);
        return;
      }
      this.awaited = job.id;
      this.track(job);
    } catch (error) {
      $("new-error").textContent = error.message;
    } finally {
      this.starting = false;
      $("new-start").disabled = false;
    }
  }

  /** Jobs queued or running on the server (started here, in another tab, or before a
   * reload) are listed and announced when done. */
  async watchJobs() {
    let jobs;
    try {
      jobs = await api.jobs();
    } catch (error) {
      return;
    }
    for (const job of jobs) {
      if (job.status === "queued" || job.status === "running") this.track(job);
    }
  }

  track(job) {
    this.jobs.set(job.id, job);
    this.renderJobs();
    if (!this.polling) this.poll();
  }

  async poll() {
    this.polling = true;
    try {
      while (this.jobs.size) {
        // quicker while the player waits on the form for the game
        const wait = this.awaited && this.waiting() ? POLL_MS / 3 : POLL_MS;
        await new Promise((resolve) => { setTimeout(resolve, wait); });
        let listed;
        try {
          listed = await api.jobs();
        } catch (error) {
          continue;  // the server is away for a moment: ask again
        }
        const byId = new Map(listed.map((job) => [job.id, job]));
        for (const [id, known] of [...this.jobs]) {
          const job = byId.get(id) || { ...known, status: "cancelled" };  // forgotten
          if (job.status === "queued" || job.status === "running") {
            this.jobs.set(id, job);
          } else {
            this.jobs.delete(id);
            this.finished(job);
          }
        }
        this.renderJobs();
      }
    } finally {
      this.polling = false;
    }
  }

  /** A job ended: its game opens if the player waits for it on this form, else a notice
   * says so and leaves them where they are; a failure says why. */
  finished(job) {
    const title = this.jobTitle(job);
    const awaited = this.awaited === job.id;
    if (awaited) this.awaited = null;
    if (job.status === "done" && job.game_id) {
      if (awaited && this.waiting()) this.openGame(job.game_id);
      else notice(`Your ${title} is ready.`, [{ label: "Play it", run: () => this.openGame(job.game_id) }]);
    } else if (job.status === "failed") {
      const reason = job.error || "generation failed";
      if (this.waiting()) $("new-error").textContent = `${title}: ${reason}`;
      else notice(`Your ${title} could not be made: ${reason}`, [], { error: true });
    }
  }

  async cancelJob(job) {
    try {
      await api.cancelJob(job.id);
    } catch (error) {
      if (!(error.status === 404)) {
        $("new-error").textContent = error.message;
        return;
      }
    }
    if (this.awaited === job.id) this.awaited = null;
    this.jobs.delete(job.id);
    this.renderJobs();
    toast(`The ${this.jobTitle(job)} was cancelled.`);
  }

  jobTitle(job) {
    const kind = this.kinds.find((k) => k.name === job.kind);
    const size = job.size || (kind ? kind.default_size : "");
    return size ? gameTitle(job.kind, size, job.level === "any" ? null : job.level) : job.title;
  }

  /** The jobs being worked on, each with its Cancel button; the live line says how many. */
  renderJobs() {
    const list = $("jobs");
    const jobs = [...this.jobs.values()];
    list.hidden = jobs.length === 0;
    $("generating").hidden = jobs.length === 0;
    if (jobs.length) {
      const awaited = this.jobs.get(this.awaited);
      $("generating-text").textContent = awaited
        ? `Generating a ${this.jobTitle(awaited)}…`
        : `Generating ${jobs.length} puzzle${jobs.length === 1 ? "" : "s"}…`;
    }
    list.replaceChildren(...jobs.map((job) => {
      const title = this.jobTitle(job);
      const state = job.status === "queued" ? "waiting for a free worker"
        : `${Math.floor(job.elapsed)} s`;
      return el("li", { "data-job": job.id }, [
        el("span", { class: "job-title", text: title }),
        el("span", { class: "job-state", text: state }),
        el("button", { type: "button", class: "small", text: "Cancel",
          "aria-label": `Cancel the ${title}`, onclick: () => this.cancelJob(job) }),
      ]);
    }));
  }

  /** Whether the player is still on the new-game form, waiting for the puzzle. */
  waiting() {
    return !$("view-home").hidden;
  }

  async enter() {
    const text = $("enter-text").value;
    $("enter-error").textContent = "";
    if (!text.trim()) {
      $("enter-error").textContent = "Type or paste a puzzle first.";
      return;
    }
    if (this.entering) return;
    this.entering = true;
    const waiting = this.sayWhileEntering();
    try {
      const game = await api.enter(text, $("enter-kind").value);
      $("enter-text").value = "";
      this.openGame(game.id);
    } catch (error) {
      $("enter-error").textContent = error.message;
    } finally {
      waiting.stop();
      this.entering = false;
    }
  }

  /**
   * While an entered puzzle's one solution is searched: after a moment, what the search
   * waits for (the solver being prepared, compiled the first time) and for how long.
   */
  sayWhileEntering() {
    const started = Date.now();
    const button = $("enter-form").querySelector("button[type=submit]");
    button.disabled = true;
    let solver = null;  // what the server said of its solver: ready, first_time
    let asking = false;
    const ask = async () => {
      if (asking || (solver && solver.ready)) return;
      asking = true;
      try {
        solver = await api.solver();
      } catch {
        // the search's own answer says what went wrong
      } finally {
        asking = false;
      }
    };
    const show = () => {
      const seconds = Math.floor((Date.now() - started) / 1000);
      if (seconds < 1) return;
      const text = !solver || solver.ready ? "Checking that the puzzle has one solution…"
        : solver.first_time ? "Preparing the solver the first time (a minute or more)…"
          : "Starting the solver…";
      if ($("entering-text").textContent !== text) $("entering-text").textContent = text;
      $("entering-seconds").textContent = `${seconds} s`;
      $("entering").hidden = false;
    };
    ask();
    const timer = setInterval(() => { ask(); show(); }, 1000);
    return {
      stop: () => {
        clearInterval(timer);
        button.disabled = false;
        $("entering").hidden = true;
        $("entering-text").textContent = "";
        $("entering-seconds").textContent = "";
      },
    };
  }

  async importFile() {
    const input = $("import-file");
    $("import-error").textContent = "";
    $("import-result").replaceChildren();
    const file = input.files && input.files[0];
    if (!file) {
      $("import-error").textContent = "Choose a file first.";
      return;
    }
    if (file.size > 1_000_000) {
      $("import-error").textContent = `${file.name} is too large (1 MB at most).`;
      return;
    }
    try {
      const text = await file.text();
      const result = await api.importText(text, file.name);
      const summary = `${file.name}: ${result.count} puzzle${result.count === 1 ? "" : "s"}, ` +
        `${result.added} new to your library${result.known ? `, ${result.known} already there` : ""}.`;
      $("import-result").append(el("p", { text: summary }));
      if (result.not_unique) {
        const listed = result.puzzles.filter((p) => p.verdict && p.verdict !== "unique");
        const which = listed.map((p) => `#${p.id} (${VERDICTS[p.verdict]})`).join(", ");
        const more = result.not_unique - listed.length;
        $("import-result").append(el("p", { class: "warning-text", text:
          `${result.not_unique} ${result.not_unique === 1 ? "has" : "have"} no unique solution` +
          `${which ? `: ${which}` : ""}${more > 0 ? ` and ${more} more` : ""}. ` +
          "They can be played, without hints or checking against the solution." }));
      }
      if (result.unchecked) {
        $("import-result").append(el("p", { class: "help", text:
          `${result.unchecked} ${result.unchecked === 1 ? "was" : "were"} not checked yet ` +
          "(too long to search now): checked when played." }));
      }
      $("import-result").append(this.puzzleTable(result.puzzles));
    } catch (error) {
      $("import-error").textContent = error.message;
    }
  }

  puzzleTable(puzzles) {
    if (!puzzles.length) return el("p", { class: "help", text: "None." });
    const rows = puzzles.map((puzzle) => el("tr", {
      class: VERDICTS[puzzle.verdict] ? "not-unique" : null, "data-puzzle": puzzle.id,
    }, [
      el("td", { text: `#${puzzle.id}` }),
      el("td", { text: listTitle(puzzle) }),
      el("td", { text: puzzle.origin || puzzle.source }),
      el("td", { class: "verdict", text: VERDICTS[puzzle.verdict]
        ? `⚠ ${VERDICTS[puzzle.verdict]}` : puzzle.verdict === null ? "not checked yet" : "one" }),
      el("td", {}, [el("button", { type: "button", class: "small", text: "Play",
        "aria-label": `Play puzzle ${puzzle.id}, ${listTitle(puzzle)}`,
        onclick: async () => {
          try {
            const game = await api.newGame(puzzle.id);
            this.openGame(game.id);
          } catch (error) {
            $("import-error").textContent = error.message;
          }
        } })]),
    ]));
    return el("table", { class: "list" }, [
      el("thead", {}, [el("tr", {}, ["Puzzle", "Kind", "From", "Solutions", ""].map((h) => el("th", { text: h, scope: "col" })))]),
      el("tbody", {}, rows),
    ]);
  }

  async showGames() {
    const status = $("games-filter").value;
    const list = $("games-list");
    try {
      const { games } = await api.games(status ? `?status=${status}` : "");
      if (!games.length) {
        list.replaceChildren(el("p", { class: "help", text: "No saved games here." }));
      } else {
        const rows = games.map((game) => el("tr", {}, [
          el("td", { text: listTitle(game) }),
          el("td", { text: game.status + (game.solution_shown ? " (solution shown)" : "") }),
          el("td", { text: clock(game.elapsed) }),
          el("td", { text: `${game.position} move${game.position === 1 ? "" : "s"}` }),
          el("td", { text: when(game.updated) }),
          el("td", { class: "actions" }, [
            el("button", { type: "button", class: "small", text: game.status === "solved" ? "View" : "Resume",
              "aria-label": `${game.status === "solved" ? "View" : "Resume"} game ${game.id}`,
              onclick: () => this.openGame(game.id) }),
            el("button", { type: "button", class: "small", text: "Delete",
              "aria-label": `Delete game ${game.id}`,
              onclick: () => this.deleteGame(game) }),
          ]),
        ]));
        list.replaceChildren(el("table", { class: "list" }, [
          el("thead", {}, [el("tr", {}, ["Game", "Status", "Time", "Moves", "Last played", ""]
            .map((h) => el("th", { text: h, scope: "col" })))]),
          el("tbody", {}, rows),
        ]));
      }
      const { puzzles } = await api.puzzles("?unplayed=true&limit=100");
      $("library-list").replaceChildren(this.puzzleTable(puzzles));
    } catch (error) {
      list.replaceChildren(el("p", { class: "error", text: error.message }));
    }
  }

  async deleteGame(game) {
    const title = listTitle(game);
    const sure = await confirmDialog({
      title: `Delete game ${game.id}?`,
      text: `${title}, ${clock(game.elapsed)} played, ${game.position} move${game.position === 1 ? "" : "s"}: ` +
        "the game and all its moves go for good.",
      ok: "Delete", danger: true,
    });
    if (!sure) return;
    try {
      await api.deleteGame(game.id);
    } catch (error) {
      toast(error.message, { error: true });
    }
    await this.showGames();
  }

  async showStats() {
    const holder = $("stats-table");
    try {
      const stats = await api.statistics();
      if (!stats.length) {
        holder.replaceChildren(el("p", { class: "help", text: "No games yet." }));
        return;
      }
      const rows = stats.map((s) => el("tr", {}, [
        el("td", { text: kindTitle(s.kind) }),
        el("td", { text: s.size.replace("x", "×") }),
        el("td", { text: s.level || "unrated" }),
        el("td", { text: String(s.played) }),
        el("td", { text: String(s.solved) }),
        el("td", { text: s.best === null ? "–" : clock(s.best) }),
        el("td", { text: s.average === null ? "–" : clock(s.average) }),
      ]));
      holder.replaceChildren(el("table", { class: "list" }, [
        el("thead", {}, [el("tr", {}, ["Kind", "Size", "Level", "Played", "Solved", "Best", "Average"]
          .map((h) => el("th", { text: h, scope: "col" })))]),
        el("tbody", {}, rows),
      ]));
    } catch (error) {
      holder.replaceChildren(el("p", { class: "error", text: error.message }));
    }
  }
}
