// The personal bests shown in the lobby and the result dialog: the best single-player score and
// the games played, and per level against the computer wins, losses, draws and the best score.
// (Stored under yahtzee.records, as they always were.)

import { computerLevel, personWon } from "../lib/seats.js";
import { levelName } from "../lib/terms.js";
import { tableInfo } from "../table/standings.js";

export class Bests {
  // Nothing is read until load().
  constructor(store) {
    this.store = store;
    this.current = null;
  }

  // Read the stored bests; the problem in reading them, if any.
  load() {
    const stored = this.store.loadBests();
    this.current = stored.bests;
    return stored.problem;
  }

  // Another tab changed the bests: take them up, unless they cannot be read.
  reload() {
    const stored = this.store.loadBests();
    if (!stored.problem) this.current = stored.bests;
  }

  // True once a game has been finished on this device (single or against any level).
  played() {
    const { single, vs } = this.current;
    return single.games > 0 || Object.values(vs).some((r) => r.wins + r.losses + r.draws > 0);
  }

  // Count the finished game `snap` in the bests and save them; what the result dialog shows.
  count(snap) {
    if (snap.mode === "table") return tableInfo(snap); // counted in no best
    const info = snap.mode === "single" ? this.countSingle(snap) : this.countVs(snap);
    this.store.saveBests(this.current);
    return info;
  }

  // A single-player game: one more played, maybe a new best.
  countSingle(snap) {
    const total = snap.sides[0].total;
    const single = this.current.single;
    const previous = single.best;
    const isNew = previous === null || total > previous;
    single.games += 1;
    if (isNew) single.best = total;
    return { mode: "single", total, previous, isNew, best: single.best, sides: snap.sides };
  }

  // A game against the computer: a win, loss or draw at its level, maybe a new best. The first
  // game at a level sets the best without calling it new.
  countVs(snap) {
    const total = snap.sides[0].total;
    const difficulty = computerLevel(snap);
    const level = this.current.vs[difficulty] || this.current.vs.normal;
    const result = snap.result || {};
    const playerWon = personWon(snap);
    if (result.draw) level.draws += 1;
    else if (playerWon) level.wins += 1;
    else level.losses += 1;
    const previous = level.best;
    const isNew = previous !== null && total > previous;
    if (previous === null || total > previous) level.best = total;
    return {
      mode: "vs",
      draw: Boolean(result.draw),
      playerWon,
      totals: result.totals || snap.sides.map((s) => s.total),
      sides: snap.sides,
      isNew,
      previous,
      best: level.best,
      level: levelName(difficulty) || levelName("normal"),
    };
  }
}
