// The seats of a game: who plays each (`sides[i].name`, `.player`: "human" or a computer's
// level) and whose turn it is (`current`), as the snapshot gives them, and the seats of a saved
// game's JSON (a version 1 save, 单人挑战 or 人机对战, names none: its seats are 你 and 电脑).

import { TERMS } from "./terms.js";

const HUMAN = "human";

// True when `seat` (a side of the snapshot, or of seatsOf) is a person's.
export function isPerson(seat) {
  return Boolean(seat) && seat.player === HUMAN;
}

// The side in turn (the last to play, once the game is over).
export function inTurn(snap) {
  return snap.sides[snap.current];
}

// True when a person plays the seat in turn.
export function personInTurn(snap) {
  return isPerson(inTurn(snap));
}

// The seats from the one in turn on, in the order they play.
function fromCurrent(snap) {
  const count = snap.sides.length;
  return snap.sides.map((_, step) => snap.sides[(snap.current + step) % count]);
}

// The hints the hint button counts: the seat in turn's when a person plays it, else those of
// the next person to play (0 when nobody is one).
export function hintsShown(snap) {
  const person = fromCurrent(snap).find(isPerson);
  return person ? person.hints_left : 0;
}

// The level of a game's first computer seat (人机对战's opponent), or null when none plays.
export function computerLevel(snap) {
  const computer = snap.sides.find((side) => !isPerson(side));
  return computer ? computer.player : null;
}

// True when the best total of a finished game is a person's alone.
export function personWon(snap) {
  const winner = snap.result ? snap.result.winner : null;
  return winner !== null && winner !== undefined && isPerson(snap.sides[winner]);
}

// The settings `snap`'s game was started with, as POST /api/new takes them: 「再来一局」 and
// 「重新开始」 start the same game again (a table keeps its seats).
export function settingsOf(snap) {
  if (snap.mode === "table") {
    const seats = snap.sides.map(({ name, player }) => ({ name, player }));
    return { mode: snap.mode, seats, first: snap.first };
  }
  return { mode: snap.mode, difficulty: computerLevel(snap), first: snap.first };
}

// The seats of a saved game's JSON as [{name, player}]: a version 2 save names them; a
// version 1 save's are 你 and the computer of its `difficulty`. Edited data gives what it can.
export function seatsOf(game) {
  const sides = game && Array.isArray(game.sides) ? game.sides : [];
  return sides.map((side) => {
    const data = side && typeof side === "object" ? side : {};
    if (typeof data.name === "string") return { name: data.name, player: String(data.player) };
    const person = data.who === "player";
    return { name: TERMS.sides[person ? 0 : 1] || "", player: person ? HUMAN : String(game.difficulty) };
  });
}

// The names of a saved table's seats in a few words (小明、小红、普通电脑), or "" when the save
// does not name 2 to 4 seats that could be a table's (an edited save is shown before the server
// checks it).
export function seatNames(game) {
  const { min, max, name_length: length } = TERMS.seats;
  const names = seatsOf(game).map((seat) => seat.name);
  const readable = names.every((name) => name && [...name].length <= length);
  return readable && names.length >= min && names.length <= max ? names.join("、") : "";
}
