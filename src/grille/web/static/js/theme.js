// Light and dark themes: the system's preference until the player picks one (remembered).

const KEY = "grille-theme";
const media = window.matchMedia("(prefers-color-scheme: dark)");

function current() {
  return document.documentElement.dataset.theme || (media.matches ? "dark" : "light");
}

function label(button) {
  const next = current() === "dark" ? "light" : "dark";
  button.textContent = next === "dark" ? "☾ Dark" : "☀ Light";
  button.setAttribute("aria-label", `Switch to the ${next} theme`);
}

export function setupTheme(button) {
  let saved = null;
  try { saved = localStorage.getItem(KEY); } catch (error) { saved = null; }
  if (saved === "light" || saved === "dark") document.documentElement.dataset.theme = saved;
  label(button);
  button.addEventListener("click", () => {
    const next = current() === "dark" ? "light" : "dark";
    document.documentElement.dataset.theme = next;
    try { localStorage.setItem(KEY, next); } catch (error) { /* private mode: not kept */ }
    label(button);
  });
  media.addEventListener("change", () => label(button));
}
