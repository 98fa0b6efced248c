// The JSON API, one function per call. Every failure becomes an ApiError carrying the
// server's sentence ({"error": "..."}), so the page can show it as it is.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

async function request(method, path, body, { keepalive = false } = {}) {
  const options = { method, headers: { Accept: "application/json" }, keepalive };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(`/api${path}`, options);
  } catch (error) {
    throw new ApiError(0, "The grille server does not answer. Is `grille play` still running?");
  }
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch (error) {
    data = null;
  }
  if (!response.ok) {
    const message = data && data.error ? data.error : `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, message);
  }
  return data;
}

const game = (id) => `/games/${encodeURIComponent(id)}`;

/** Whether a savepoint's name can be a URL path segment: a name a browser resolves away
 * ("." or "..": DELETE .../savepoints/.. once became DELETE of the game) or one that
 * holds a slash (older games may have such names) never goes into a URL. */
export function addressable(name) {
  return !(name === "." || name === ".." || /[/\\]/.test(name));
}

function savepoint(id, name) {
  if (!addressable(name)) {
    throw new ApiError(422, `the savepoint ${JSON.stringify(name)} has a name a web address ` +
      "cannot carry; save here again under another name");
  }
  return `${game(id)}/savepoints/${encodeURIComponent(name)}`;
}

export const api = {
  kinds: () => request("GET", "/kinds"),
  solver: () => request("GET", "/solver"),
  games: (params = "") => request("GET", `/games${params}`),
  // the unfinished game played last, or null (the list answers 200 when there is none,
  // where /games/last answers 404, which a browser logs as an error on every load)
  lastGame: async () => (await request("GET", "/games?status=unfinished&limit=1")).games[0] || null,
  game: (id) => request("GET", game(id)),
  newGame: (puzzleId) => request("POST", "/games", { puzzle_id: puzzleId }),
  // the id again in ?confirm=: no other path a browser normalises can delete a game
  deleteGame: (id) => request("DELETE", `${game(id)}?confirm=${encodeURIComponent(id)}`),
  abandonGame: (id) => request("POST", `${game(id)}/abandon`),
  move: (id, move) => request("POST", `${game(id)}/moves`, { move }),
  action: (id, name) => request("POST", `${game(id)}/${name}`),
  // a hint is a job: 200 when it was ready at once, 202 while it is worked out
  hint: (id, depth) => request("POST", `${game(id)}/hint`, { depth }),
  hintJob: (id, job) => request("GET", `${game(id)}/hints/${encodeURIComponent(job)}`),
  cancelHint: (id, job) => request("DELETE", `${game(id)}/hints/${encodeURIComponent(job)}`,
    undefined, { keepalive: true }),
  // the clock counts while the game is on screen: "shown" (a heartbeat), "hidden"
  shown: (id) => request("POST", `${game(id)}/shown`),
  hidden: (id) => request("POST", `${game(id)}/hidden`, undefined, { keepalive: true }),
  /** "hidden" as the page goes away: a beacon outlives the page (false if not queued). */
  hiddenBeacon: (id) => typeof navigator.sendBeacon === "function" &&
    navigator.sendBeacon(`/api${game(id)}/hidden`),
  settings: (id, changes) => request("PATCH", `${game(id)}/settings`, changes),
  addSavepoint: (id, name) => request("POST", `${game(id)}/savepoints`, { name }),
  returnTo: async (id, name) => request("POST", `${savepoint(id, name)}/return`),
  abandonBranch: async (id, name) => request("POST", `${savepoint(id, name)}/abandon`),
  removeSavepoint: async (id, name) => request("DELETE", savepoint(id, name)),
  generate: (options) => request("POST", "/generate", options),
  job: (id) => request("GET", `/jobs/${encodeURIComponent(id)}`),
  jobs: async () => (await request("GET", "/jobs")).jobs,
  cancelJob: (id) => request("DELETE", `/jobs/${encodeURIComponent(id)}`),
  enter: (text, kind) => request("POST", "/puzzles", { text, kind: kind || null }),
  importText: (text, name, kind) =>
    request("POST", "/import", { text, name, kind: kind || null }),
  puzzles: (params = "") => request("GET", `/puzzles${params}`),
  statistics: () => request("GET", "/statistics"),
  exportUrl: (id, format, { content = "state", marks = false } = {}) =>
    `/api${game(id)}/export.${format}?content=${content}&marks=${marks ? 1 : 0}`,
};
