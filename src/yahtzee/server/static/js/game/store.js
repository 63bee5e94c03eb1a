// The game's keys in browser storage: the unfinished game (verbatim server JSON), the bests,
// the lobby's choices and the site-wide settings. Every reader survives corrupt or foreign data:
// it returns defaults plus a one-line Chinese `problem`, and never touches the other keys.

import { fnv1a, keepUnreadable, objectOr, parseObject, wholeIn } from "../lib/storage.js";
import { TERMS } from "../lib/terms.js";

export const KEYS = Object.freeze({
  game: "yahtzee.game",
  bests: "yahtzee.records", // the personal bests, under the name they always had
  lobby: "yahtzee.lobby",
  settings: "site.settings",
});

// The saved game's versions the page keeps: 1 (单人挑战 and 人机对战, as always) and 2 (any seats:
// a table of 和朋友玩), as the server writes them.
const GAME_VERSIONS = [1, 2];

// Beside the saved game: the mark of a save made since a resumed game goes on with its turn as it
// stood (the fingerprint of that save's text). A save without it (made before, or by an older
// page in another tab) restarts its turn when resumed, as it always did (starting.js).
export const TURN_KEY = "yahtzee.game.turn";

// The mark a save of the game's text `raw` leaves under TURN_KEY.
function turnMark(raw) {
  return `kept-${fnv1a(raw).toString(16)}`;
}

const BESTS_VERSION = 1;
const LEVELS = TERMS.levels.map((t) => t.key);
// The lobby offers the game's modes and 练习 (a mode of the page, not of a game).
const LOBBY_MODES = [...TERMS.modes.map((t) => t.key), "practice"];
const FIRSTS = TERMS.firsts.map((t) => t.key);

// A fresh, empty set of bests.
export function emptyBests() {
  const vs = {};
  for (const level of LEVELS) vs[level] = { wins: 0, losses: 0, draws: 0, best: null };
  return { version: BESTS_VERSION, single: { best: null, games: 0 }, vs };
}

// Default site-wide settings (shared by every game of the site).
export function defaultSettings() {
  return { sound: true, pace: "real" };
}

// Each setting: the values it takes, and its name and its default's label in the settings dialog.
const SETTINGS = {
  sound: { valid: (v) => typeof v === "boolean", name: "声音", default: "开" },
  vibrate: { valid: (v) => typeof v === "boolean", name: "震动", default: "开" },
  pace: { valid: (v) => v === "real" || v === "fast", name: "电脑出牌节奏", default: "真实" },
};

// True when `raw` is JSON at all (then it is readable text of the wrong shape, not corrupt).
function isJson(raw) {
  try {
    JSON.parse(raw);
    return true;
  } catch {
    return false;
  }
}

// The bests in `data` (a stored object of this version) field by field: {bests, bad}, the
// empty record's value standing in for each of the `bad` fields that cannot be read.
function readBests(data) {
  const bests = emptyBests();
  let bad = 0;
  // The field's value when readable, else the empty record's and one more unreadable field.
  const take = (value, read, fallback) => {
    const got = read(value);
    if (got !== undefined) return got;
    bad += 1;
    return fallback;
  };
  const single = objectOr(data.single);
  bests.single.best = take(single.best, best, null);
  bests.single.games = take(single.games ?? 0, count, 0);
  const vs = objectOr(data.vs);
  for (const level of LEVELS) {
    const entry = objectOr(vs[level]);
    bests.vs[level] = {
      wins: take(entry.wins ?? 0, count, 0),
      losses: take(entry.losses ?? 0, count, 0),
      draws: take(entry.draws ?? 0, count, 0),
      best: take(entry.best, best, null),
    };
  }
  return { bests, bad };
}

const MAX_TOTAL = TERMS.max_total;

// A count read from storage: a non-negative whole number, else undefined (unreadable).
function count(value) {
  return Number.isInteger(value) && value >= 0 ? value : undefined;
}

// A best score read from storage: null (none yet) or a total a game can reach, else undefined.
function best(value) {
  if (value === null || value === undefined) return null;
  return wholeIn(value, 0, MAX_TOTAL) ?? undefined;
}

export class LocalStore {
  // `backend` is any object with getItem/setItem/removeItem (window.localStorage by default).
  // `onTrouble(kind)` hears when saving stops working ("full" or "unavailable") and when it
  // works again (null).
  constructor(backend, onTrouble = () => {}) {
    this.backend = backend;
    this.onTrouble = onTrouble;
    this.trouble = null;
  }

  // Remember whether storage works and tell the listener when that changes.
  setTrouble(kind) {
    if (kind === this.trouble) return;
    this.trouble = kind;
    this.onTrouble(kind);
  }

  // The kind of a storage failure: "full" (quota exceeded) or "unavailable" (anything else).
  static troubleOf(error) {
    const name = error && error.name;
    return name === "QuotaExceededError" || name === "NS_ERROR_DOM_QUOTA_REACHED" ? "full" : "unavailable";
  }

  // Read a key's raw text; null when missing or when storage is unavailable.
  read(key) {
    if (!this.backend) {
      this.setTrouble("unavailable");
      return null;
    }
    try {
      return this.backend.getItem(key);
    } catch {
      this.setTrouble("unavailable");
      return null;
    }
  }

  // Write a key; false when storage is full or unavailable (the game goes on regardless).
  write(key, value) {
    if (!this.backend) {
      this.setTrouble("unavailable");
      return false;
    }
    try {
      this.backend.setItem(key, value);
      if (key === KEYS.game) this.setTrouble(null); // the biggest write decides "works again"
      return true;
    } catch (error) {
      this.setTrouble(LocalStore.troubleOf(error));
      return false;
    }
  }

  // Remove a key, ignoring storage errors.
  remove(key) {
    try {
      if (this.backend) this.backend.removeItem(key);
    } catch {
      /* storage unavailable: nothing to remove */
    }
  }

  // The saved unfinished game as {game, problem}; a bad save is dropped, nothing else is.
  loadGame() {
    const raw = this.read(KEYS.game);
    if (raw === null) return { game: null, problem: null };
    let game;
    try {
      game = JSON.parse(raw);
    } catch {
      game = undefined;
    }
    if (!game || typeof game !== "object" || Array.isArray(game)) {
      return { game: null, problem: this.setAside(KEYS.game, raw, "上次没打完的一局数据已损坏，无法恢复") };
    }
    if (!GAME_VERSIONS.includes(game.version)) {
      const problem = this.setAside(KEYS.game, raw, "上次没打完的一局来自不认识的版本，无法恢复");
      return { game: null, problem };
    }
    if (game.finished === true) {
      this.remove(KEYS.game);
      return { game: null, problem: null };
    }
    return { game, problem: null };
  }

  // True when the saved game carries the mark of a save that keeps its turn as it stood.
  savedAsStood() {
    const raw = this.read(KEYS.game);
    return raw !== null && this.read(TURN_KEY) === turnMark(raw);
  }

  // Save the game exactly as the server returned it, marked as keeping its turn; false when it
  // could not be saved.
  saveGame(game) {
    const raw = JSON.stringify(game);
    const saved = this.write(KEYS.game, raw);
    if (saved) this.write(TURN_KEY, turnMark(raw));
    return saved;
  }

  // Forget the saved game.
  clearGame() {
    this.remove(KEYS.game);
    this.remove(TURN_KEY);
  }

  // Move a saved game the server refused out of the way (kept, not deleted): the problem text.
  refuseGame(problem) {
    const raw = this.read(KEYS.game);
    this.remove(TURN_KEY);
    return raw === null ? problem : this.setAside(KEYS.game, raw, problem);
  }

  // The bests as {bests, problem}. Readable fields are kept; when anything is unreadable, the
  // whole stored value is first copied aside (see `keep`) and left in place: the next finished
  // game writes the bests anew, which would otherwise wipe what the player had.
  loadBests() {
    const raw = this.read(KEYS.bests);
    if (raw === null) return { bests: emptyBests(), problem: null };
    const kept = (problem) =>
      keepUnreadable(this, KEYS.bests, raw)
        ? `${problem}（原数据已另存，新的成绩照常记录）`
        : `${problem}（原数据无法另存，新的成绩会覆盖它）`;
    const data = parseObject(raw);
    let problem = null;
    if (!data) problem = isJson(raw) ? "纪录数据无法读取" : "纪录数据已损坏，无法读取";
    else if (data.version !== BESTS_VERSION) problem = "纪录数据来自不认识的版本，无法读取";
    if (problem) return { bests: emptyBests(), problem: kept(problem) };
    const { bests, bad } = readBests(data);
    return { bests, problem: bad ? kept(`纪录里有 ${bad} 项数值无法读取，其余照常`) : null };
  }

  // Keep the unreadable value of `key` aside, then remove it: `problem` and what became of it.
  setAside(key, raw, problem) {
    const saved = keepUnreadable(this, key, raw);
    this.remove(key);
    return saved ? `${problem}（原数据已另存）` : problem;
  }

  // Save the bests.
  saveBests(bests) {
    this.write(KEYS.bests, JSON.stringify(bests));
  }

  // Site-wide settings as {settings, problem}; other games' fields in the key are preserved.
  loadSettings() {
    const settings = defaultSettings();
    const raw = this.read(KEYS.settings);
    if (raw === null) return { settings, extra: {}, problem: null };
    const data = parseObject(raw);
    if (!data) {
      const problem = isJson(raw) ? "设置数据无法读取，已恢复默认设置" : "设置数据已损坏，已恢复默认设置";
      return { settings, extra: {}, problem };
    }
    const unknown = Object.keys(SETTINGS).filter((key) => data[key] !== undefined && !SETTINGS[key].valid(data[key]));
    for (const key of Object.keys(SETTINGS)) if (SETTINGS[key].valid(data[key])) settings[key] = data[key];
    if (!unknown.length) return { settings, extra: data, problem: null };
    const names = unknown.map((key) => `「${SETTINGS[key].name}」`).join("");
    const defaults = unknown.map((key) => SETTINGS[key].default).join("、");
    return { settings, extra: data, problem: `设置里${names}的值无法识别，已改回默认（${defaults}）` };
  }

  // Save settings, merged over whatever other games keep in the same site-wide key.
  saveSettings(settings, extra = {}) {
    this.write(KEYS.settings, JSON.stringify({ ...extra, ...settings }));
  }

  // The last lobby choices {mode, difficulty, first}, or defaults.
  loadLobby() {
    const lobby = { mode: "single", difficulty: "normal", first: "me" };
    const data = objectOr(parseObject(this.read(KEYS.lobby)));
    if (LOBBY_MODES.includes(data.mode)) lobby.mode = data.mode;
    if (LEVELS.includes(data.difficulty)) lobby.difficulty = data.difficulty;
    if (FIRSTS.includes(data.first)) lobby.first = data.first;
    return lobby;
  }

  // Save the lobby choices.
  saveLobby(lobby) {
    this.write(KEYS.lobby, JSON.stringify(lobby));
  }
}
