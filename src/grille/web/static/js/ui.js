// Small helpers shared by the page's views: elements, clock text, the toast, the confirm
// dialog.

export function $(id) {
  return document.getElementById(id);
}

export function el(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) node.append(child);
  return node;
}

/** Seconds as 4:05 or 1:02:03. */
export function clock(seconds) {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

const kindTitles = new Map();

/** Learn the kinds' titles from the server's list of kinds (`/api/kinds`). */
export function setKindTitles(kinds) {
  for (const kind of kinds) kindTitles.set(kind.name, kind.title);
}

/** A kind's title (from /api/kinds), or its name when the page does not know it. */
export function kindTitle(kind) {
  return kindTitles.get(kind) || kind;
}

/** A game's title: the kind's title, size and level ("Title 9×9 · easy"), then what the
 * board's own title (`boardTitle`, as the server lists games and puzzles) adds past the
 * kind and size, such as a variant's families ("Title 9×9 · easy · its families"). */
export function gameTitle(kind, size, level, boardTitle = "") {
  const title = `${kindTitle(kind)} ${size.replace("x", "×")}`;
  const extra = boardTitle && boardTitle.startsWith(title) ? boardTitle.slice(title.length) : "";
  return (level ? `${title} · ${level}` : title) + extra;
}

/** How a list names a saved game or a library puzzle (its families included). */
export function listTitle(item) {
  return gameTitle(item.kind, item.size, item.level, item.title || "");
}

let toastTimer = null;

/** Show a message for a few seconds (errors stay longer). */
export function toast(message, { error = false } = {}) {
  const box = $("toast");
  box.textContent = message;
  box.classList.toggle("error", error);
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, error ? 6000 : 3000);
}

/** Take a message about what is no longer on screen away at once (a game's "Solved"
 * when another view or game opens); an error stays its time, since it may say why the
 * view changed. */
export function dismissToast() {
  const box = $("toast");
  if (box.hidden || box.classList.contains("error")) return;
  clearTimeout(toastTimer);
  box.hidden = true;
}

export function when(seconds) {
  const date = new Date(seconds * 1000);
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

let confirmOpen = null;

/**
 * Ask before something that cannot be taken back, in the page's own modal dialog (Escape
 * or Cancel: no; the focus starts on Cancel and returns where it was). Resolves to true
 * when the player confirms; `danger` colours the button of a deletion.
 */
export function confirmDialog({ title, text, ok, danger = false }) {
  const dialog = $("confirm");
  if (confirmOpen) return Promise.resolve(false);
  $("confirm-title").textContent = title;
  $("confirm-text").textContent = text;
  $("confirm-ok").textContent = ok;
  $("confirm-ok").classList.toggle("danger", danger);
  dialog.returnValue = "cancel";
  confirmOpen = new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      confirmOpen = null;
      resolve(dialog.returnValue === "ok");
    }, { once: true });
  });
  const answer = confirmOpen;
  dialog.showModal();
  $("confirm-cancel").focus();
  return answer;
}

/**
 * A lasting notice in the corner: `text` and buttons (`actions`: [{label, run}]) and
 * Dismiss; it stays until one is pressed. The notice element is returned.
 */
export function notice(text, actions = [], { error = false } = {}) {
  const box = el("div", { class: error ? "notice error" : "notice" });
  const close = () => box.remove();
  box.append(el("p", { text }));
  for (const { label, run } of actions) {
    box.append(el("button", { type: "button", class: "small primary", text: label,
      "aria-label": `${label}: ${text}`, onclick: () => { close(); run(); } }));
  }
  box.append(el("button", { type: "button", class: "small", text: "Dismiss",
    "aria-label": `Dismiss: ${text}`, onclick: close }));
  $("notices").append(box);
  return box;
}
