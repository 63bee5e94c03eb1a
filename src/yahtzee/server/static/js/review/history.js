// 复盘 (post-game review) and the history of finished games, as the page uses them: each
// finished game is kept (history-store.js) and reviewed by the server once, in the background.
// The review and history views (review.js and the modules it loads, chart.js, review.css) are
// loaded only when one is opened, which keeps the first page load light.

import { loadStylesheets, onFirstUse } from "../lib/dom.js";
import { HistoryStore, MAX_SUMMARIES, fingerprint, readEntry, tableSeats } from "./history-store.js";
import { lobbyText } from "./trend.js";
import { pointsText, signed } from "../lib/words.js";
import { glossFold } from "../lib/glosses.js";

export { HISTORY_KEYS } from "./history-store.js";

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
  const day = `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}`;
  const stamp = `${day}-${pad(date.getHours())}${pad(date.getMinutes())}`;
  const total = game && game.sides && game.sides[0] && game.sides[0].totals ? game.sides[0].totals.total : null;
  // Only a whole number goes into the name: the game may come from an edited file.
  return `kuaiting-${stamp}-${Number.isSafeInteger(total) && total >= 0 ? total : "game"}.json`;
}

export class Reviews {
  // `api` asks the server for reviews; `message(text, title)` shows a one-line message;
  // `replay(game)` plays a kept game's dice again (luck.js).
  constructor({ api, backend, message, replay, doc = document }) {
    this.api = api;
    this.store = new HistoryStore(backend);
    this.message = message;
    this.replay = replay;
    this.doc = doc;
    this.entries = [];
    this.current = null; // the game just finished: {id, game, answers: {side: Promise}}
    // The review views (review.js, the modules it imports, review.css and chart.css), loaded on
    // first use.
    const css = () => loadStylesheets(doc, "review.css", "chart.css");
    const views = ([module]) =>
      new module.ReviewController({
        doc,
        api,
        store: this.store,
        message,
        reload: () => this.reload(),
        record: (id, game, review) => this.recordReview(id, game, review),
        download: (game, id) => this.download(game, id),
        replay,
      });
    const load = () => Promise.all([import("./review.js"), css()]).then(views);
    this.views = onFirstUse(load, () => message("复盘页面加载失败，请检查网络后再试"));
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
    on("review", (seat) => this.openCurrent(seat)); // a table's: a person's seat
    on("export", () => this.exportCurrent());
    on("history", () => this.openHistory());
  }

  // The lobby's line under 「复盘与历史」: how many games are kept and the recent skill figure.
  renderLobbyLine() {
    const line = this.doc.getElementById("history-line");
    if (line) line.textContent = lobbyText(this.entries);
  }

  // A game just ended: keep it, ask for its review in the background, record the summary.
  // `kind` says what it was when on known dice (每日挑战, 同骰再打: luck/kinds.js), else null.
  finished(game, kind = null) {
    if (!game || !game.finished) return;
    const fp = fingerprint(game);
    const known = this.entries.find((e) => e.fp === fp);
    const id = known ? known.id : `${Date.now().toString(36)}-${fp}`;
    const seats = game.mode === "table" ? tableSeats(game) : null;
    const entry = {
      id,
      date: new Date().toISOString(),
      mode: game.mode,
      difficulty: game.difficulty,
      outcome: outcomeOf(game),
      kind,
      total: seats ? Math.max(...seats.map((s) => s.total)) : game.sides[0].totals.total,
      fp,
      ...(seats ? { seats } : {}),
    };
    this.store.addGame(id, game);
    if (!known) {
      this.store.add(entry);
      this.entries = [...this.entries, readEntry(entry)].slice(-MAX_SUMMARIES);
    }
    if (seats) {
      // A table is everyone's: its people open their own 复盘 (the result's buttons), and no
      // one's figures go into the trend of the player of this browser.
      this.current = { id, game, answers: {} };
      this.setResultLine("");
      return;
    }
    const answer = this.api.review(game, 0);
    this.current = { id, game, answers: { 0: answer } };
    this.setResultLine("复盘生成中…");
    answer.then(
      (review) => this.recordReview(id, game, review),
      () => {
        const current = this.current;
        if (current && current.id === id) {
          // 「复盘」 asks again instead of showing this failure once the network is back.
          if (current.answers[0] === answer) delete current.answers[0];
          this.setResultLine("复盘暂时无法生成，可以稍后在「复盘与历史」里再看");
        }
      },
    );
  }

  // Keep the review figures of history entry `id` (once the server has answered) and show
  // them under the result. A 人机对战 review made while the server was still building its 胜率
  // tables counts the play-to-win choices as mistakes (it has no 胜率 chart either): shown, but
  // not kept, so the history asks again later (history-view.js fillMissing) and keeps the full one.
  // Returns the entry as it is now (null when there is none).
  recordReview(id, game, review) {
    const entry = this.entries.find((e) => e.id === id);
    const whole = game.mode !== "vs" || Boolean(review.win_curve);
    if (whole && (!entry || entry.average === null)) {
      this.store.setReview(id, review.summary);
      this.entries = this.store.load().entries;
      this.renderLobbyLine();
    }
    if (this.current && this.current.id === id) this.setResultLine(this.resultLine(review.summary), review.summary);
    return this.entries.find((e) => e.id === id) || null;
  }

  // Another tab finished or reviewed a game: the lobby's line counts it too. Returns the history
  // read afresh, {entries, problem}.
  reload() {
    const history = this.store.load();
    this.entries = history.entries;
    this.renderLobbyLine();
    return history;
  }

  // The result dialog's short review line: luck, mistakes, the points given up to win (no
  // mistakes) and the loss per decision. With the start's 254.6 they make up the score.
  // A figure and its 分 stay on one line (no-break spaces) where the line wraps on a phone.
  resultLine(summary) {
    const risks = summary.risks ? ` · 求胜取舍 ${pointsText(summary.risk_loss)}\u00a0分` : "";
    const average = summary.average_loss.toFixed(2);
    const loss = summary.loss.toFixed(1);
    return `运气 ${signed(summary.luck)}\u00a0分 · 失误 ${loss}\u00a0分${risks} · 平均每步失误 ${average}\u00a0分`;
  }

  // Set the line under the result (empty hides it); with the game's `summary`, what its words
  // mean (运气, 失误 …) folded under it, a tap away. A fold the player opened stays open when
  // the line is drawn again (the review's answer can come after the dialog is up). Without a
  // summary (the review pending or failed) an empty row of the fold's height holds its place, as
  // the line's CSS holds the figures' two lines: the answer moves nothing under a finger.
  setResultLine(text, summary = null) {
    const line = this.doc.getElementById("result-review-line");
    if (!line) return;
    line.textContent = text;
    const old = this.doc.getElementById("result-glosses");
    const opened = Boolean(old?.open);
    if (old) old.remove();
    if (!text) return;
    let row;
    if (summary) {
      const keys = ["luck", "loss", "average_loss", ...(summary.risks ? ["risk"] : [])];
      row = glossFold("这些数是什么意思？", keys);
      row.open = opened;
    } else {
      row = this.doc.createElement("div");
      row.className = "gloss-room";
      row.setAttribute("aria-hidden", "true");
    }
    row.id = "result-glosses";
    line.after(row);
  }

  // 「复盘」 in the result dialog: the review of the game just finished, of seat `seat` (a
  // table's person; by default the first person's).
  async openCurrent(seat) {
    const current = this.current;
    const views = current && (await this.views());
    if (views) views.openGame(current.game, current.answers, current.id, seat === undefined ? null : Number(seat));
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
