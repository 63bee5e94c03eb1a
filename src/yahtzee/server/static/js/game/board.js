// The board: the game on screen as the controller owns it, one plain object every collaborator of
// the game's flow is handed (nothing else of the controller's). It holds the game JSON and the
// server's snapshot of it, plus what only the page knows: the dice held before the next roll, the
// hint's marks, the box being sent, and what the computer's turn shows.

import { TERMS } from "../lib/terms.js";

export const NONE_HELD = Object.freeze(Array(TERMS.dice).fill(false));

// A board with no game on it yet.
export function emptyBoard() {
  return {
    game: null,
    snap: null,
    held: NONE_HELD.slice(),
    hintDice: new Set(),
    hintBox: null,
    hintText: null,
    hintReason: null,
    pendingBox: null,
    // The computer's turn as shown: what it is doing (the status line), the box it is about to
    // write (highlighted), what it scored last (until the player rolls), and whether its last
    // step failed (「让电脑继续」).
    computerNote: null,
    choosing: null,
    lastMove: null,
    stopped: false,
  };
}

// Take a new game and snapshot from the server: the dice held as it says, no marks of the page's.
export function takeAnswer(board, data) {
  board.game = data.game;
  board.snap = data.view;
  board.held = board.snap.dice ? board.snap.held.map(Boolean) : NONE_HELD.slice();
  clearHint(board);
  board.pendingBox = null;
}

// Forget the hint: its gold dice, its box and its words (the reason, and the figures behind it).
export function clearHint(board) {
  board.hintDice = new Set();
  board.hintBox = null;
  board.hintText = null;
  board.hintReason = null;
}

// True when the player holds all five dice with rolls left: a roll would move none of them.
export function holdsAll(board) {
  return board.snap.phase === "decide" && board.held.every(Boolean);
}

// The positions of the dice: 0 to 4.
export function diceIndexes() {
  return NONE_HELD.map((_, i) => i);
}
