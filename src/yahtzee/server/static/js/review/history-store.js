// The stored history of finished games: a summary of each (the last 100, with the review's
// figures once the server has answered) and a short list of recent whole games, to review again
// or export. Both live under keys of their own, so a problem here never touches the saved game,
// the records or the settings.

import { KeyStore, fnv1a, keepUnreadable, numberIn, wholeIn } from "../lib/storage.js";
import { TERMS } from "../lib/terms.js";
import { KIND_NAMES } from "../luck/kinds.js";

export const HISTORY_KEYS = Object.freeze({
  summaries: "yahtzee.history",
  games: "yahtzee.history.games",
});
export const HISTORY_VERSION = 1;
export const MAX_SUMMARIES = 100;
export const MAX_GAMES = 10;

// A short, stable fingerprint of a game's logs (FNV-1a), so one game is never counted twice.
export function fingerprint(game) {
  return fnv1a(JSON.stringify((game.sides || []).map((side) => side.log))).toString(36);
}

// Bounds of a stored figure (the highest total, the most decisions of a game), from the server.
const MAX_TOTAL = TERMS.max_total;
const MAX_DECISIONS = TERMS.max_decisions;
const MODES = TERMS.modes.map((t) => t.key);
const LEVELS = TERMS.levels.map((t) => t.key);
const OUTCOMES = ["win", "loss", "draw"]; // a vs game's, for the player (history.js outcomeOf)
const KINDS = Object.keys(KIND_NAMES); // a game on known dice: a daily challenge, a replay
const PLAYERS = TERMS.players.map((t) => t.key);
const { min: MIN_SEATS, max: MAX_SEATS, name_length: NAME_LENGTH } = TERMS.seats;

// The seats of a finished table's JSON as its history entry keeps them: [{name, player,
// total, place}] in seat order.
export function tableSeats(game) {
  const places = (game.result && game.result.places) || [];
  return game.sides.map((side, i) => ({
    name: side.name,
    player: side.player,
    total: side.totals.total,
    place: places[i],
  }));
}

// A table entry's seats checked one by one; null when one cannot be read (nor the entry then).
function readSeats(raw) {
  if (!Array.isArray(raw) || raw.length < MIN_SEATS || raw.length > MAX_SEATS) return null;
  const seats = raw.map((seat) => {
    if (!seat || typeof seat.name !== "string" || !seat.name || [...seat.name].length > NAME_LENGTH) return null;
    const total = wholeIn(seat.total, 0, MAX_TOTAL);
    const place = wholeIn(seat.place, 1, raw.length);
    if (!PLAYERS.includes(seat.player) || total === null || place === null) return null;
    return { name: seat.name, player: seat.player, total, place };
  });
  return seats.includes(null) ? null : seats;
}

// Round to `digits` decimals (keeps the stored history small).
function round(value, digits) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

// True when `raw` has what every stored summary has: an id, a date, a mode and a total.
function entryLike(raw) {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return false;
  if (typeof raw.id !== "string" || typeof raw.date !== "string") return false;
  if (Number.isNaN(Date.parse(raw.date)) || !MODES.includes(raw.mode)) return false;
  return wholeIn(raw.total, 0, MAX_TOTAL) !== null;
}

// `value` when it is one of `known`, else null.
function oneOf(value, known) {
  return known.includes(value) ? value : null;
}

// One stored summary checked field by field; null when it cannot be read.
export function readEntry(raw) {
  if (!entryLike(raw)) return null;
  // A table's entry names its seats with their totals and places (和朋友玩).
  const seats = raw.mode === "table" ? readSeats(raw.seats) : undefined;
  if (seats === null) return null;
  return {
    id: raw.id,
    date: raw.date,
    mode: raw.mode,
    difficulty: oneOf(raw.difficulty, LEVELS),
    outcome: oneOf(raw.outcome, OUTCOMES),
    // 每日挑战 or 同骰再打 (luck/kinds.js); entries kept before it was noted have none.
    kind: oneOf(raw.kind, KINDS),
    total: raw.total,
    fp: typeof raw.fp === "string" ? raw.fp : "",
    ...reviewFigures(raw),
    ...(seats ? { seats } : {}),
  };
}

// The review's figures of a stored summary; all null unless the essential ones can be read.
function reviewFigures(raw) {
  const figures = {
    luck: numberIn(raw.luck, -MAX_TOTAL, MAX_TOTAL),
    loss: numberIn(raw.loss, 0, MAX_TOTAL),
    // What the review's deliberate risks cost (求胜取舍, not mistakes); entries saved before
    // the review told them apart have none.
    risk: numberIn(raw.risk, 0, MAX_TOTAL),
    decisions: wholeIn(raw.decisions, 1, MAX_DECISIONS),
    optimal: wholeIn(raw.optimal, 0, MAX_DECISIONS),
    average: numberIn(raw.average, 0, MAX_TOTAL),
    hinted: wholeIn(raw.hinted, 0, MAX_DECISIONS),
  };
  if (figures.loss !== null && figures.average !== null && figures.decisions !== null) return figures;
  return Object.fromEntries(Object.keys(figures).map((key) => [key, null]));
}

// The summary fields of a review answer (`summary` of /api/review).
function summaryFields(summary) {
  return {
    // The server's 4 decimals, as the review shows them: 3.2496 kept as 3.25 would read +3.3
    // in the history beside the review's +3.2.
    luck: round(summary.luck, 4),
    loss: round(summary.loss, 4),
    risk: round(summary.risk_loss ?? 0, 4),
    decisions: summary.decisions,
    optimal: summary.optimal,
    average: round(summary.average_loss, 4),
    hinted: summary.hinted,
  };
}

export class HistoryStore extends KeyStore {
  // The stored list under `key` as {list, bad}: `bad` when the value exists but is unreadable.
  readList(key, field) {
    const raw = this.read(key);
    if (raw === null) return { list: [], bad: false, raw };
    try {
      const data = JSON.parse(raw);
      if (data && data.version === HISTORY_VERSION && Array.isArray(data[field])) {
        return { list: data[field], bad: false, raw };
      }
    } catch {
      /* fall through: unreadable */
    }
    return { list: [], bad: true, raw };
  }

  // The history, oldest first, as {entries, problem}; unreadable entries are skipped, not dropped.
  load() {
    const { list, bad, raw } = this.readList(HISTORY_KEYS.summaries, "games");
    if (bad) {
      const problem = keepUnreadable(this, HISTORY_KEYS.summaries, raw)
        ? "复盘历史数据已损坏，无法读取（原数据已另存，新的对局会重新记录）"
        : "复盘历史数据已损坏，无法读取（原数据无法另存，新的对局会覆盖它）";
      return { entries: [], problem };
    }
    const entries = list.map(readEntry).filter(Boolean);
    const skipped = list.length - entries.length;
    const problem = skipped ? `复盘历史里有 ${skipped} 条记录无法读取，已跳过` : null;
    return { entries, problem };
  }

  // Change the stored list under `key` with `change(list)` (re-read first: another tab may
  // have written since), keeping the newest `limit` items.
  update(key, field, limit, change) {
    const { list, bad, raw } = this.readList(key, field);
    if (bad) keepUnreadable(this, key, raw);
    const next = change(bad ? [] : list.slice()).slice(-limit);
    return this.write(key, JSON.stringify({ version: HISTORY_VERSION, [field]: next }));
  }

  // Add a finished game's summary (no review figures yet) unless it is already there.
  add(entry) {
    this.update(HISTORY_KEYS.summaries, "games", MAX_SUMMARIES, (list) =>
      list.some((e) => e && e.fp === entry.fp) ? list : [...list, entry],
    );
  }

  // Fill in the review figures of entry `id`.
  setReview(id, summary) {
    const fields = summaryFields(summary);
    this.update(HISTORY_KEYS.summaries, "games", MAX_SUMMARIES, (list) =>
      list.map((e) => (e && e.id === id ? { ...e, ...fields } : e)),
    );
  }

  // The recent whole games as [{id, game}], oldest first.
  games() {
    return this.readList(HISTORY_KEYS.games, "games").list.filter(
      (item) => item && typeof item.id === "string" && item.game && typeof item.game === "object",
    );
  }

  // The stored whole game of entry `id`, or null.
  game(id) {
    const item = this.games().find((g) => g.id === id);
    return item ? item.game : null;
  }

  // Keep a finished game whole (the last MAX_GAMES of them), for review again and export.
  addGame(id, game) {
    this.update(HISTORY_KEYS.games, "games", MAX_GAMES, (list) => [
      ...list.filter((g) => g && g.id !== id),
      { id, game },
    ]);
  }
}
