// 练习's progress in the browser: each finished round (its theme, seed and each answer's theme,
// loss and whether it was the best) and the theme last chosen, under a key of its own. Read as
// carefully as the history: an unreadable value is kept aside (lib/storage.js keepUnreadable) and
// reported, never silently dropped; an unreadable round is skipped and counted.

import { KeyStore, keepUnreadable, numberIn, wholeIn } from "../lib/storage.js";
import { TERMS } from "../lib/terms.js";

export const PRACTICE_KEY = "yahtzee.practice";
export const PRACTICE_VERSION = 1;
export const MAX_ROUNDS = 100;
export const MIXED = TERMS.themes[TERMS.themes.length - 1].key; // 混合 comes last
const THEME_KEYS = TERMS.themes.map((t) => t.key);
const DRILL_THEMES = THEME_KEYS.filter((key) => key !== MIXED);
const MAX_SEED = TERMS.max_seed;

// Round to 4 decimals (keeps the stored progress small).
function round4(value) {
  return Math.round(value * 1e4) / 1e4;
}

// One stored answer checked field by field; null when it cannot be read.
function readAnswer(raw) {
  if (!raw || typeof raw !== "object" || !DRILL_THEMES.includes(raw.theme)) return null;
  const loss = numberIn(raw.loss, 0, TERMS.max_total);
  if (loss === null || typeof raw.best !== "boolean") return null;
  return { theme: raw.theme, loss, best: raw.best };
}

// One stored round checked field by field; null when it cannot be read.
export function readRound(raw) {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  if (typeof raw.date !== "string" || Number.isNaN(Date.parse(raw.date))) return null;
  if (!THEME_KEYS.includes(raw.theme) || wholeIn(raw.seed, 0, MAX_SEED) === null) return null;
  if (!Array.isArray(raw.answers) || !raw.answers.length || raw.answers.length > TERMS.practice_round) return null;
  const answers = raw.answers.map(readAnswer);
  if (answers.includes(null)) return null;
  return { date: raw.date, theme: raw.theme, seed: raw.seed, answers };
}

// The average loss of a list of answers.
export function averageLoss(answers) {
  return answers.length ? answers.reduce((sum, a) => sum + a.loss, 0) / answers.length : 0;
}

// Per theme, over every stored answer: {theme, name, answers, best, average} (themes answered).
export function themeStats(rounds) {
  const all = rounds.flatMap((r) => r.answers);
  return TERMS.themes
    .filter((t) => t.key !== MIXED)
    .map((t) => {
      const mine = all.filter((a) => a.theme === t.key);
      return {
        theme: t.key,
        name: t.name,
        answers: mine.length,
        best: mine.filter((a) => a.best).length,
        average: averageLoss(mine),
      };
    })
    .filter((s) => s.answers > 0);
}

// The theme with the largest average loss (「专练薄弱项」), or null before any answer.
export function weakest(rounds) {
  const stats = themeStats(rounds);
  if (!stats.length) return null;
  return stats.reduce((worst, s) => (s.average > worst.average ? s : worst));
}

export class PracticeStore extends KeyStore {
  // The stored data as {data, bad, raw}: `bad` when a value exists but cannot be read.
  readData() {
    const raw = this.read(PRACTICE_KEY);
    if (raw === null) return { data: { rounds: [], theme: MIXED }, bad: false, raw };
    try {
      const data = JSON.parse(raw);
      if (data && data.version === PRACTICE_VERSION && Array.isArray(data.rounds)) {
        return {
          data: { rounds: data.rounds, theme: THEME_KEYS.includes(data.theme) ? data.theme : MIXED },
          bad: false,
          raw,
        };
      }
    } catch {
      /* fall through: unreadable */
    }
    return { data: { rounds: [], theme: MIXED }, bad: true, raw };
  }

  // The progress as {rounds, theme, problem}; unreadable rounds are skipped, not dropped.
  load() {
    const { data, bad, raw } = this.readData();
    if (bad) {
      const problem = keepUnreadable(this, PRACTICE_KEY, raw)
        ? "练习进度数据已损坏，无法读取（原数据已另存，新的练习会重新记录）"
        : "练习进度数据已损坏，无法读取（原数据无法另存，新的练习会覆盖它）";
      return { rounds: [], theme: MIXED, problem };
    }
    const rounds = data.rounds.map(readRound).filter(Boolean);
    const skipped = data.rounds.length - rounds.length;
    const problem = skipped ? `练习进度里有 ${skipped} 轮记录无法读取，已跳过` : null;
    return { rounds, theme: data.theme, problem };
  }

  // Change the stored data with `change(data)`, re-read first (another tab may have written);
  // an unreadable value is kept aside before it is replaced. False when it could not be saved.
  update(change) {
    const { data, bad, raw } = this.readData();
    if (bad) keepUnreadable(this, PRACTICE_KEY, raw);
    const next = change({ rounds: data.rounds.slice(), theme: data.theme });
    const rounds = next.rounds.slice(-MAX_ROUNDS);
    return this.write(PRACTICE_KEY, JSON.stringify({ version: PRACTICE_VERSION, theme: next.theme, rounds }));
  }

  // Remember the theme chosen in the lobby.
  setTheme(theme) {
    return this.update((data) => ({ ...data, theme }));
  }

  // Add a finished round: {theme, seed, answers: [{theme, loss, best}]}.
  addRound({ theme, seed, answers }) {
    const entry = {
      date: new Date().toISOString(),
      theme,
      seed,
      answers: answers.map((a) => ({ theme: a.theme, loss: round4(a.loss), best: a.best })),
    };
    return this.update((data) => ({ ...data, rounds: [...data.rounds, entry] }));
  }
}
