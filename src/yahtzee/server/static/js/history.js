// 复盘 (post-game review) and the history of finished games. Each finished game is reviewed by
// the server once, in the background; its summary goes into the history (the last 100 games)
// and the whole game JSON into a short list of recent games that can be reviewed again or
// exported. Both live under keys of their own, so a problem here never touches the saved game,
// the records or the settings. The review and history views (review.js, chart.js, review.css)
// are loaded only when one is opened, which keeps the first page load light.

import { MAX_TOTAL, keepUnreadable, numberIn, wholeIn } from "./storage.js";
import { pointsText, signed } from "./words.js";

export const HISTORY_KEYS = Object.freeze({
  summaries: "yahtzee.history",
  games: "yahtzee.history.games",
});
export const HISTORY_VERSION = 1;
export const MAX_SUMMARIES = 100;
export const MAX_GAMES = 10;
export const EXPERT_LOSS = 0.2;

// The games the trend compares (the lobby's line names the same recent ones): the last ten
// against up to ten before them; with fewer than 13 reviewed, the newer half against the older,
// so the first dozen games (when a learner gains most) say whether they improved too. No
// comparison below six games: three a side at least.
export function trendWindows(reviewed) {
  const n = reviewed.length;
  if (n >= 13) return [reviewed.slice(-10), reviewed.slice(-20, -10)];
  if (n < 6) return [reviewed, []];
  const older = Math.floor(n / 2);
  return [reviewed.slice(older), reviewed.slice(0, older)];
}

// The mean of `value` over history entries (loss per decision unless told otherwise).
export function meanOf(entries, value = (e) => e.average) {
  return entries.length ? entries.reduce((sum, e) => sum + value(e), 0) / entries.length : 0;
}

// A short, stable fingerprint of a game's logs (FNV-1a), so one game is never counted twice.
function fingerprint(game) {
  const text = JSON.stringify((game.sides || []).map((side) => side.log));
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

// A game has at most 39 decisions: 13 turns of two keeps and a box.
const MAX_DECISIONS = 39;

// Round to `digits` decimals (keeps the stored history small).
function round(value, digits) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

// One stored summary checked field by field; null when it cannot be read.
export function readEntry(raw) {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  if (typeof raw.id !== "string" || typeof raw.date !== "string") return null;
  if (Number.isNaN(Date.parse(raw.date))) return null;
  if (raw.mode !== "single" && raw.mode !== "vs") return null;
  if (wholeIn(raw.total, 0, MAX_TOTAL) === null) return null;
  const entry = {
    id: raw.id,
    date: raw.date,
    mode: raw.mode,
    difficulty: ["beginner", "normal", "expert"].includes(raw.difficulty) ? raw.difficulty : null,
    outcome: ["win", "loss", "draw"].includes(raw.outcome) ? raw.outcome : null,
    total: raw.total,
    fp: typeof raw.fp === "string" ? raw.fp : "",
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
  if (entry.loss === null || entry.average === null || entry.decisions === null) {
    entry.luck = entry.loss = entry.risk = entry.average = entry.decisions = entry.optimal = entry.hinted = null;
  }
  return entry;
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

export class HistoryStore {
  // `backend` is any object with getItem/setItem/removeItem (window.localStorage in the page).
  constructor(backend) {
    this.backend = backend;
  }

  // A key's raw text; null when missing or storage is unavailable.
  read(key) {
    try {
      return this.backend ? this.backend.getItem(key) : null;
    } catch {
      return null;
    }
  }

  // Write a key; false when storage is full or unavailable.
  write(key, value) {
    try {
      if (!this.backend) return false;
      this.backend.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  }

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

// The outcome of a finished vs game for the player: win / loss / draw (null in single play).
function outcomeOf(game) {
  if (game.mode !== "vs" || !game.result) return null;
  const winner = game.result.winner;
  if (winner === null || winner === undefined) return "draw";
  return winner === 0 ? "win" : "loss";
}

// A file name for an exported game: kuaiting-20240611-1402-267.json.
export function exportName(game, date = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  const stamp = `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}`;
  const total = game && game.sides && game.sides[0] && game.sides[0].totals ? game.sides[0].totals.total : null;
  // Only a whole number goes into the name: the game may come from an edited file.
  return `kuaiting-${stamp}-${Number.isSafeInteger(total) && total >= 0 ? total : "game"}.json`;
}

export class Reviews {
  // `api` asks the server for reviews; `message(text, title)` shows a one-line message.
  constructor({ api, backend, message, doc = document }) {
    this.api = api;
    this.store = new HistoryStore(backend);
    this.message = message;
    this.doc = doc;
    this.entries = [];
    this.current = null; // the game just finished: {id, game, answers: {side: Promise}}
    this.loading = null; // the review views, once asked for
  }

  // Read the history; returns a one-line problem to report, or null. Shows the lobby line.
  load() {
    const { entries, problem } = this.store.load();
    this.entries = entries;
    this.renderLobbyLine();
    const input = this.doc.getElementById("open-game-file");
    if (input) input.addEventListener("change", () => this.openFile(input));
    return problem;
  }

  // Register the buttons' events on the page's input router.
  bind(on) {
    on("review", () => this.openCurrent());
    on("export", () => this.exportCurrent());
    on("history", () => this.openHistory());
  }

  // The lobby's line under 「复盘与历史」: how many games are kept and the recent skill figure.
  renderLobbyLine() {
    const line = this.doc.getElementById("history-line");
    if (!line) return;
    const reviewed = this.entries.filter((e) => e.average !== null);
    if (!this.entries.length) {
      line.textContent = "打完一局就能复盘：看看运气和失误各占多少分";
      return;
    }
    const [recent] = trendWindows(reviewed);
    line.textContent = recent.length
      ? `已记录 ${this.entries.length} 局 · 最近 ${recent.length} 局平均每步失误 ${meanOf(recent).toFixed(2)} 分`
      : `已记录 ${this.entries.length} 局`;
  }

  // A game just ended: keep it, ask for its review in the background, record the summary.
  finished(game) {
    if (!game || !game.finished) return;
    const fp = fingerprint(game);
    const known = this.entries.find((e) => e.fp === fp);
    const id = known ? known.id : `${Date.now().toString(36)}-${fp}`;
    const entry = {
      id,
      date: new Date().toISOString(),
      mode: game.mode,
      difficulty: game.difficulty,
      outcome: outcomeOf(game),
      total: game.sides[0].totals.total,
      fp,
    };
    this.store.addGame(id, game);
    if (!known) {
      this.store.add(entry);
      this.entries = [...this.entries, readEntry(entry)].slice(-MAX_SUMMARIES);
    }
    const answer = this.api.review(game, "player");
    this.current = { id, game, answers: { player: answer } };
    this.setResultLine("复盘生成中…");
    answer.then(
      (review) => this.recordReview(id, game, review),
      () => {
        const current = this.current;
        if (current && current.id === id) {
          // 「复盘」 asks again instead of showing this failure once the network is back.
          if (current.answers.player === answer) delete current.answers.player;
          this.setResultLine("复盘暂时无法生成，可以稍后在「复盘与历史」里再看");
        }
      },
    );
  }

  // Keep the review figures of history entry `id` (once the server has answered) and show
  // them under the result. A 人机对战 review made while the server was still building its 胜率
  // tables counts the play-to-win choices as mistakes (it has no 胜率 chart either): shown, but
  // not kept, so the history asks again later (review.js fillMissing) and keeps the full one.
  recordReview(id, game, review) {
    const entry = this.entries.find((e) => e.id === id);
    const whole = game.mode !== "vs" || Boolean(review.win_curve);
    if (whole && (!entry || entry.average === null)) {
      this.store.setReview(id, review.summary);
      this.entries = this.store.load().entries;
      this.renderLobbyLine();
    }
    if (this.current && this.current.id === id) this.setResultLine(this.resultLine(review.summary));
  }

  // Another tab finished or reviewed a game: the lobby's line counts it too.
  reload() {
    this.entries = this.store.load().entries;
    this.renderLobbyLine();
  }

  // The result dialog's short review line: luck, mistakes, the points given up to win (no
  // mistakes) and the loss per decision. With the start's 254.6 they make up the score.
  resultLine(summary) {
    const risks = summary.risks ? ` · 求胜取舍 ${pointsText(summary.risk_loss)} 分` : "";
    const average = summary.average_loss.toFixed(2);
    return `运气 ${signed(summary.luck)} 分 · 失误 ${summary.loss.toFixed(1)} 分${risks} · 平均每步失误 ${average} 分`;
  }

  // Set the line under the result (empty hides it).
  setResultLine(text) {
    const line = this.doc.getElementById("result-review-line");
    if (line) line.textContent = text;
  }

  // The review views (review.js and review.css), loaded on first use.
  async views() {
    if (!this.loading) {
      const href = new URL("../css/review.css", import.meta.url).href;
      const css = new Promise((resolve) => {
        const link = this.doc.createElement("link");
        link.rel = "stylesheet";
        link.href = href;
        link.addEventListener("load", resolve, { once: true });
        link.addEventListener("error", resolve, { once: true });
        this.doc.head.append(link);
      });
      this.loading = Promise.all([import("./review.js"), css]).then(([module]) => new module.ReviewController(this));
      this.loading.catch(() => {
        this.loading = null; // try again on the next click
      });
    }
    try {
      return await this.loading;
    } catch {
      this.message("复盘页面加载失败，请检查网络后再试");
      return null;
    }
  }

  // 「复盘」 in the result dialog: the review of the game just finished.
  async openCurrent() {
    const current = this.current;
    const views = current && (await this.views());
    if (views) views.openGame(current.game, current.answers, current.id);
  }

  // 「复盘与历史」: the trend and the list of past games.
  async openHistory() {
    const views = await this.views();
    if (views) views.openHistory();
  }

  // 「打开对局文件」: review a game file (checked by the server).
  async openFile(input) {
    const views = await this.views();
    if (views) await views.openFile(input);
    else input.value = "";
  }

  // 「导出对局」: download the game just finished as its JSON file.
  exportCurrent() {
    if (this.current) this.download(this.current.game, this.current.id);
  }

  // Save `game` as a JSON file through a Blob URL, named after when it was played (history
  // entry `id`), else now (a game opened from a file).
  download(game, id = null) {
    const entry = id === null ? null : this.entries.find((e) => e.id === id);
    const played = entry ? new Date(entry.date) : new Date();
    const blob = new Blob([JSON.stringify(game, null, 1)], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const link = this.doc.createElement("a");
    link.href = url;
    link.download = exportName(game, played);
    link.hidden = true;
    this.doc.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }
}
