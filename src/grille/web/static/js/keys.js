// Keyboard play: a key press becomes an action, whatever the kind.
//
//   arrows, WASD          move (W A S D unless the letter is a digit of the grid)
//   Home / End            first / last cell of the row (with Ctrl: of the grid)
//   the board's keys      write that value (board.keys: 1-9, A-P on grids larger than 9x9,
//                         0 and 1 on a two-value board, where Enter cycles them and empty)
//   Shift/Ctrl/Alt+digit  toggle that pencil mark (Shift+letter too, for the letter digits)
//   Backspace, Delete, 0  clear (board.clear_keys; 0 clears unless it types a value)
//   P or Space            pencil mode on/off (digits then toggle marks)
//   Ctrl+Z / U            undo;  Ctrl+Y, Ctrl+Shift+Z / R  redo
//   H                     hint (each press goes one step deeper)

const MOVES = {
  ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1],
  w: [-1, 0], s: [1, 0], a: [0, -1], d: [0, 1],
};

/** The value a character types on this board (its `keys`), or null. */
export function valueOfChar(char, board) {
  if (!char || char.length !== 1) return null;
  const value = board.keys[char] ?? board.keys[char.toUpperCase()];
  return value === undefined ? null : value;
}

/** Whether a click and Enter cycle the cell through the board's values (then empty): on a
 * board of exactly two values, where that is quicker than choosing one. */
export function cycles(board) {
  return board.symbols.length === 2;
}

/** The digit of a key's physical code (Digit5, Numpad5), for Shift+digit on any layout. */
function digitOfCode(code) {
  const match = /^(?:Digit|Numpad)(\d)$/.exec(code || "");
  return match ? Number(match[1]) : null;
}

/** The value of the pencil mark a modified key toggles (Shift/Ctrl/Alt with a digit key,
 * or Shift with a letter that is a digit of the board: Shift+A on 16x16), or null. */
function markValue(event, board, ctrl) {
  const digit = digitOfCode(event.code);
  if ((event.shiftKey || ctrl || event.altKey) && digit !== null) {
    const value = valueOfChar(String(digit), board);
    if (value !== null) return value;
  }
  const letter = event.key.length === 1 && /^[a-z]$/i.test(event.key);
  if (event.shiftKey && !ctrl && !event.altKey && letter) return valueOfChar(event.key, board);
  return null;
}

/**
 * The action for a keydown `event` ({key, code, ctrlKey, metaKey, shiftKey, altKey}) on a
 * board, or null when the key means nothing here. `pencil`: pencil mode is on.
 */
export function actionForKey(event, board, pencil = false) {
  const key = event.key;
  const ctrl = event.ctrlKey || event.metaKey;
  const lower = key.length === 1 ? key.toLowerCase() : key;
  const isSymbol = valueOfChar(key, board) !== null;

  if (ctrl && !event.altKey && lower === "z") return { type: event.shiftKey ? "redo" : "undo" };
  if (ctrl && !event.altKey && lower === "y") return { type: "redo" };

  const markDigit = markValue(event, board, ctrl);
  if (markDigit !== null) return { type: "mark", value: markDigit };
  if (key === "Home" && !event.altKey) return { type: "jump", to: ctrl ? "first" : "rowStart" };
  if (key === "End" && !event.altKey) return { type: "jump", to: ctrl ? "last" : "rowEnd" };
  if (ctrl || event.altKey) return null;

  if (key in MOVES && !(key.length === 1 && isSymbol)) {
    const [dr, dc] = MOVES[key];
    return { type: "move", dr, dc };
  }
  if (key.length === 1 && lower in MOVES && !isSymbol && !event.shiftKey) {
    const [dr, dc] = MOVES[lower];
    return { type: "move", dr, dc };
  }
  if (board.clear_keys.includes(key) && !isSymbol) return { type: "clear" };
  if (key === "Enter" && cycles(board)) return { type: "cycle" };
  if (isSymbol) {
    const value = valueOfChar(key, board);
    return pencil ? { type: "mark", value } : { type: "value", value };
  }
  if (key === " " || (lower === "p" && !isSymbol)) return { type: "pencil" };
  if (lower === "u") return { type: "undo" };
  if (lower === "r") return { type: "redo" };
  if (lower === "h") return { type: "hint" };
  return null;
}
