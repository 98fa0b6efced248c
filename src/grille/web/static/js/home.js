// The other views: new game (generated), continue, enter a puzzle, import a file, saved
// games and the library, statistics.

import { api } from "./api.js";
import { $, clock, confirmDialog, el, gameTitle, KIND_TITLES, notice, toast, when } from "./ui.js";

const POLL_MS = 400;

export class HomeScreen {
  constructor({ openGame }) {
    this.openGame = openGame;
    this.kinds = [];
    this.kind = "sudoku";
    this.generating = false;
  }

  async load() {
    this.kinds = await api.kinds();
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
    $("new-game").addEventListener("submit", (event) => { event.preventDefault(); this.generate(); });
    $("enter-form").addEventListener("submit", (event) => { event.preventDefault(); this.enter(); });
    $("import-form").addEventListener("submit", (event) => { event.preventDefault(); this.importFile(); });
    $("continue-button").addEventListener("click", () => {
      if (this.lastId) this.openGame(this.lastId);
    });
    $("games-filter").addEventListener("change", () => this.showGames());
  }

  chooseKind(name) {
    this.kind = name;
    const kind = this.kinds.find((k) => k.name === name);
    const fill = (select, values, chosen) => {
      select.replaceChildren(...values.map((value) =>
        el("option", { value, text: value.replace("x", "×"), selected: value === chosen })));
    };
    fill($("new-size"), kind.sizes, kind.default_size);
    fill($("new-level"), kind.levels, kind.levels.includes("easy") ? "easy" : kind.levels[0]);
    fill($("new-symmetry"), kind.symmetries, kind.symmetries[0]);
    $("symmetry-label").hidden = kind.symmetries.length === 0;
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
        `Your last game: ${gameTitle(last.kind, last.size, last.level)}, ${clock(last.elapsed)} played.`;
    }
  }

  async generate() {
    if (this.generating) return;
    const kind = this.kinds.find((k) => k.name === this.kind);
    const body = { kind: this.kind, size: $("new-size").value, level: $("new-level").value };
    if (kind.symmetries.length) body.symmetry = $("new-symmetry").value;
    $("new-error").textContent = "";
    this.generating = true;
    $("new-start").disabled = true;
    $("generating").hidden = false;
    $("generating-text").textContent = `Generating a ${gameTitle(body.kind, body.size, body.level)}…`;
    try {
      let job = await api.generate(body);
      while (job.status === "queued" || job.status === "running") {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        job = await api.job(job.id);
        const waiting = job.status === "queued" ? "waiting for another puzzle" : `${Math.round(job.elapsed)} s`;
        $("generating-text").textContent =
          `Generating a ${gameTitle(body.kind, body.size, body.level)}… ${waiting}`;
      }
      if (job.status === "failed") throw new Error(job.error || "generation failed");
      this.ready(job.game_id, gameTitle(body.kind, body.size, body.level));
    } catch (error) {
      $("new-error").textContent = error.message;
      if (!this.waiting()) notice(`Your new game could not be made: ${error.message}`, [], { error: true });
    } finally {
      this.generating = false;
      $("new-start").disabled = false;
      $("generating").hidden = true;
    }
  }

  /** Whether the player is still on the new-game form, waiting for the puzzle. */
  waiting() {
    return !$("view-home").hidden;
  }

  /** A generated game is ready: open it if the player waits for it, else say so in a
   * notice (Play it / Dismiss) and leave them where they are. */
  ready(gameId, title) {
    if (this.waiting()) {
      this.openGame(gameId);
      return;
    }
    notice(`Your ${title} is ready.`, [{ label: "Play it", run: () => this.openGame(gameId) }]);
  }

  async enter() {
    const text = $("enter-text").value;
    $("enter-error").textContent = "";
    if (!text.trim()) {
      $("enter-error").textContent = "Type or paste a puzzle first.";
      return;
    }
    try {
      const game = await api.enter(text, $("enter-kind").value);
      $("enter-text").value = "";
      this.openGame(game.id);
    } catch (error) {
      $("enter-error").textContent = error.message;
    }
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
      $("import-result").append(el("p", { text: summary }), this.puzzleTable(result.puzzles));
    } catch (error) {
      $("import-error").textContent = error.message;
    }
  }

  puzzleTable(puzzles) {
    if (!puzzles.length) return el("p", { class: "help", text: "None." });
    const rows = puzzles.map((puzzle) => el("tr", {}, [
      el("td", { text: `#${puzzle.id}` }),
      el("td", { text: gameTitle(puzzle.kind, puzzle.size, puzzle.level) }),
      el("td", { text: puzzle.origin || puzzle.source }),
      el("td", {}, [el("button", { type: "button", class: "small", text: "Play",
        "aria-label": `Play puzzle ${puzzle.id}, ${gameTitle(puzzle.kind, puzzle.size, puzzle.level)}`,
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
      el("thead", {}, [el("tr", {}, ["Puzzle", "Kind", "From", ""].map((h) => el("th", { text: h, scope: "col" })))]),
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
          el("td", { text: gameTitle(game.kind, game.size, game.level) }),
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
    const title = gameTitle(game.kind, game.size, game.level);
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
        el("td", { text: KIND_TITLES[s.kind] || s.kind }),
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
