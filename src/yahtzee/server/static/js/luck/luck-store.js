// 同样的运气, kept in the browser: what the player scored on each dice record (a game played
// again on the same dice is compared with the earlier tries) and each day's challenge (started
// how often, the first try's score, which alone counts, and the 高手's on the same dice).

import { keepUnreadable, parseObject, wholeIn } from "../lib/storage.js";
import { TERMS } from "../lib/terms.js";

export const LUCK_KEY = "yahtzee.luck";
const VERSION = 1;
const MAX_RECORDS = 50; // the most recent records played keep their scores
const MAX_DAYS = 400; // a year of daily challenges, for the streak
const DAY = /^\d{4}-\d{2}-\d{2}$/;

// A total read from storage, or null.
const total = (value) => wholeIn(value, 0, TERMS.max_total);

// One day's entry from storage, or null when it is not one.
function readDay(raw) {
  if (!raw || typeof raw !== "object" || typeof raw.record !== "string") return null;
  const started = wholeIn(raw.started, 1, Number.MAX_SAFE_INTEGER);
  if (started === null) return null;
  return { record: raw.record, started, first: total(raw.first), expert: total(raw.expert) };
}

// What is stored, checked field by field: {records, days}, or null when unreadable.
function readAll(raw) {
  const data = parseObject(raw);
  if (!data || data.version !== VERSION || typeof data.records !== "object" || typeof data.days !== "object") {
    return null;
  }
  return { records: readTries(data.records || {}), days: readDays(data.days || {}) };
}

// The totals kept for each dice record, the unreadable ones left out.
function readTries(stored) {
  const records = {};
  for (const [id, list] of Object.entries(stored)) {
    if (Array.isArray(list)) records[id] = list.map(total).filter((t) => t !== null);
  }
  return records;
}

// The days' entries that can be read.
function readDays(stored) {
  const days = {};
  for (const [date, entry] of Object.entries(stored)) {
    const day = DAY.test(date) ? readDay(entry) : null;
    if (day) days[date] = day;
  }
  return days;
}

// The day before `date` (YYYY-MM-DD).
function dayBefore(date) {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

export class LuckStore {
  // `store` reads and writes keys (game/store.js's LocalStore).
  constructor(store) {
    this.store = store;
    this.records = {};
    this.days = {};
  }

  // Read what is stored; returns a one-line problem to tell the player, or null. An unreadable
  // value is copied aside first and never silently replaced.
  load() {
    const raw = this.store.read(LUCK_KEY);
    if (raw === null) return null;
    const data = readAll(raw);
    if (data) {
      Object.assign(this, data);
      return null;
    }
    const kept = keepUnreadable(this.store, LUCK_KEY, raw);
    return kept
      ? "每日挑战和同骰成绩的数据已损坏，无法读取（原数据已另存，之后的成绩重新记录）"
      : "每日挑战和同骰成绩的数据已损坏，无法读取";
  }

  // Write everything back (trimmed to the most recent records and days).
  save() {
    const ids = Object.keys(this.records);
    for (const id of ids.slice(0, Math.max(0, ids.length - MAX_RECORDS))) delete this.records[id];
    const dates = Object.keys(this.days).sort();
    for (const date of dates.slice(0, Math.max(0, dates.length - MAX_DAYS))) delete this.days[date];
    this.store.write(LUCK_KEY, JSON.stringify({ version: VERSION, records: this.records, days: this.days }));
  }

  // The totals of the finished games on `record`, oldest first.
  tries(record) {
    return this.records[record] || [];
  }

  // A game on `record` finished with `score`.
  addTry(record, score) {
    const list = this.tries(record).concat([score]);
    delete this.records[record]; // re-added last: the most recent records are kept
    this.records[record] = list;
    this.save();
  }

  // The daily challenge of `date`, or null when it was never started.
  day(date) {
    return this.days[date] || null;
  }

  // A game on the daily challenge of `date` starts; returns whether it is the first try.
  startDay(date, record) {
    const day = this.days[date];
    if (day) day.started += 1;
    else this.days[date] = { record, started: 1, first: null, expert: null };
    this.save();
    return !day;
  }

  // A game on the daily challenge of `date` finished with `score`; it counts only when it is
  // the first try (a first try left unfinished leaves the day without a score). Returns whether
  // it counted.
  finishDay(date, record, score) {
    const day = this.days[date] || { record, started: 1, first: null, expert: null };
    this.days[date] = day;
    const counts = day.first === null && day.started === 1;
    if (counts) day.first = score;
    this.save();
    return counts;
  }

  // The 高手's score on the dice of `date`'s challenge.
  setExpert(date, score) {
    const day = this.days[date];
    if (!day || day.expert === score) return;
    day.expert = score;
    this.save();
  }

  // Days in a row with a challenge played, up to `today` (or to yesterday while today's is not
  // yet played).
  streak(today) {
    let date = this.days[today] ? today : dayBefore(today);
    let count = 0;
    while (this.days[date]) {
      count += 1;
      date = dayBefore(date);
    }
    return count;
  }
}
