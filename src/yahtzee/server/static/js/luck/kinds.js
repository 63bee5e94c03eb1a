// What a game on a dice record is, named wherever the game shows (the top bar, 「继续」, the
// history): the try of a daily challenge that counts (the first), a later try of it (练习), or
// a game played again on the dice of an earlier one (同骰再打). Plain functions over a game's
// JSON and what the luck store keeps (luck-store.js: the days and the tries on each record).

export const KIND_NAMES = Object.freeze({
  daily: "每日挑战",
  "daily-again": "每日挑战（练习）",
  replay: "同骰再打",
});

// The record a game's JSON rolls from ({id, daily}), or null.
function recordOf(game) {
  const record = game && typeof game === "object" ? game.record : null;
  return record && typeof record === "object" && typeof record.id === "string" ? record : null;
}

// The kind of `game`: "daily", "daily-again", "replay", or null (new dice, or a save that says too
// little). `store` holds the days and the tries; `counted` says whether the game's own try is
// among them already (a finished game, once luck.js has kept its score).
export function gameKind(game, store, counted = Boolean(game && game.finished === true)) {
  const record = recordOf(game);
  if (!record) return null;
  if (typeof record.daily === "string") {
    // The first try started that day is the one that counts; a day not kept (yet) is a first.
    const day = store.day(record.daily);
    return !day || (day.record === record.id && day.started <= 1) ? "daily" : "daily-again";
  }
  const earlier = store.tries(record.id).length - (counted ? 1 : 0);
  return earlier > 0 ? "replay" : null;
}

// The name of a kind; "" for none.
export function kindName(kind) {
  return Object.hasOwn(KIND_NAMES, kind) ? KIND_NAMES[kind] : "";
}

// True when `game` is the unfinished try of a daily challenge that counts: giving it up leaves
// that day without a score.
export function countingTry(game, store) {
  if (!game || game.finished === true || gameKind(game, store, false) !== "daily") return false;
  const day = store.day(recordOf(game).daily);
  return !day || day.first === null;
}
