// A table's standings as plain data and words: the seats ranked by the server's places (ties
// share one), the result's title and line, and each seat's 胜率 in whole percents.

import { personWon } from "../lib/seats.js";

// The seats of a finished game ranked: [{seat, name, player, place, side}] best first, seats
// sharing a place in seat order. `snap` is the snapshot (its `result.places` and `sides`).
export function ranking(snap) {
  const places = snap.result ? snap.result.places : snap.sides.map(() => 1);
  return snap.sides
    .map((side, seat) => ({ seat, name: side.name, player: side.player, place: places[seat], side }))
    .sort((a, b) => a.place - b.place || a.seat - b.seat);
}

// The result's title and its line under it: 「小红赢了！」 and by how much, or who share the
// first place.
export function resultWords(rows) {
  const first = rows.filter((row) => row.place === 1);
  const top = first[0].side.total;
  if (first.length > 1) {
    const names = first.map((row) => row.name).join("、");
    return { title: `${names}并列第一`, line: `都是 ${top} 分` };
  }
  const next = rows.find((row) => row.place > 1);
  const margin = next ? `，领先第二名 ${top - next.side.total} 分` : "";
  return { title: `${first[0].name}赢了！`, line: `${top} 分${margin}` };
}

// What the result dialog shows of a finished table: its ranked rows and the words over them
// (personal bests are 单人挑战's and 人机对战's: a table counts in none).
// `playerWon`: a person has the first place alone (the result's moment of joy, ui/joy.js).
export function tableInfo(snap) {
  const rows = ranking(snap);
  return { mode: snap.mode, rows, playerWon: personWon(snap), ...resultWords(rows) };
}

// Whole percents of `chances` (fractions summing to 1) that sum to 100: each rounded down, the
// points left going to the largest remainders (the earlier one first on a tie).
export function wholePercents(chances) {
  const exact = chances.map((chance) => Math.max(0, chance) * 100);
  const whole = exact.map(Math.floor);
  let left = 100 - whole.reduce((sum, value) => sum + value, 0);
  const order = exact.map((value, i) => [value - whole[i], i]).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    whole[i] += 1;
    left -= 1;
  }
  return whole;
}

// Each seat's 胜率 as the bar shows it: the seats' whole percents, then the draw's (the best
// total shared), from the snapshot's `chances` ({win: [...], draw}); null without them.
export function seatShares(snap) {
  const chances = snap.chances;
  if (!chances || !Array.isArray(chances.win) || chances.win.length !== snap.sides.length) return null;
  const percents = wholePercents([...chances.win, chances.draw]);
  return { seats: percents.slice(0, -1), draw: percents[percents.length - 1] };
}
