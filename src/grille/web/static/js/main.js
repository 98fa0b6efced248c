// The page: routes (#/home, #/games, #/stats, #/game/ID) and the views they show.
// With no route, the last unfinished game is reopened, as `grille play` promises.

import { api } from "./api.js";
import { GameScreen } from "./game.js";
import { HomeScreen } from "./home.js";
import { setupTheme } from "./theme.js";
import { $, toast } from "./ui.js";

const VIEWS = ["home", "games", "stats", "game"];

function show(name) {
  if (name !== "game" && !$("view-game").hidden) game.left();  // its clock stops
  for (const view of VIEWS) $(`view-${view}`).hidden = view !== name;
  for (const link of document.querySelectorAll("[data-nav]")) {
    if (link.dataset.nav === name) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  $("loading").hidden = true;
  if (name !== "game") document.title = "grille";
}

const game = new GameScreen({ onMissing: () => { location.hash = "#/home"; } });
const home = new HomeScreen({ openGame: (id) => { location.hash = `#/game/${id}`; } });

let started = false;
let routing = 0;

async function route() {
  const hash = location.hash || "";
  const turn = ++routing;  // a later route wins over one still loading
  const match = /^#\/game\/(\d+)$/.exec(hash);
  if (match) {
    started = true;
    if (await game.open(Number(match[1])) && turn === routing) {
      show("game");
      game.shown();
      if (!document.activeElement || document.activeElement === document.body) {
        const cell = document.querySelector("#board [tabindex='0']");
        if (cell) cell.focus();
      }
    }
    return;
  }
  if (hash === "#/games") {
    show("games");
    await home.showGames();
  } else if (hash === "#/stats") {
    show("stats");
    await home.showStats();
  } else if (hash === "#/home") {
    show("home");
    await home.showHome();
  } else if (!started || hash === "" || hash === "#" || hash === "#/") {
    let last = null;
    try {
      last = await api.lastGame();
    } catch (error) {
      toast(error.message, { error: true });
    }
    location.replace(last ? `#/game/${last.id}` : "#/home");
  }
  started = true;
}

async function start() {
  setupTheme($("theme-toggle"));
  try {
    await home.load();
  } catch (error) {
    toast(error.message, { error: true });
  }
  window.addEventListener("hashchange", route);
  await route();
}

start();
