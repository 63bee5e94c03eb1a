// The table as the page keeps it: the game JSON and the server's snapshot of it, plus what only
// the page knows: the dice held before the next roll, the hint's marks and the box being sent.

export const NONE_HELD = [false, false, false, false, false];

// A table with no game on it yet.
export function emptyTable() {
  return {
    game: null,
    snap: null,
    held: NONE_HELD.slice(),
    hintDice: new Set(),
    hintBox: null,
    hintText: null,
    pendingBox: null,
  };
}

// Take a new game and snapshot from the server: the dice held as it says, no marks of the page's.
export function takeAnswer(table, data) {
  table.game = data.game;
  table.snap = data.view;
  table.held = table.snap.dice ? table.snap.held.map(Boolean) : NONE_HELD.slice();
  clearHint(table);
  table.pendingBox = null;
}

// Forget the hint: its gold dice, its box and its words.
export function clearHint(table) {
  table.hintDice = new Set();
  table.hintBox = null;
  table.hintText = null;
}

// True when the player holds all five dice with rolls left: a roll would move none of them.
export function holdsAll(table) {
  return table.snap.phase === "decide" && table.held.every(Boolean);
}
