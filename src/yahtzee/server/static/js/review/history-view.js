// The history view, drawn into the review dialog: the trend of loss per decision across games,
// the list of past games (复盘 for the ones kept whole) and 「打开对局文件」.

import { lineChart } from "../lib/chart.js";
import { button, columnHeads, make } from "../lib/dom.js";
import { legend } from "./review-parts.js";
import { EXPERT_LOSS, OUTCOMES, gameText, shortDate } from "./review-words.js";
import { evenLuckText, meanOf, trendText, trendWindows } from "./trend.js";
import { signed } from "../lib/words.js";

// The trend of loss per decision across games, with the expert line; the chart is drawn through
// `chart(box, draw)`, which redraws it whenever its box changes width.
function trendSection(reviewed, total, chart) {
  const section = make("section", "rv-card rv-trend");
  section.append(make("h3", "", "平均每步失误走势"));
  if (!total) {
    section.append(make("p", "rv-empty", "还没有记录。打完一局，这里会记下得分、运气和失误，看得出自己的进步。"));
    return section;
  }
  const [recent, before] = trendWindows(reviewed);
  section.append(make("p", "rv-trend-text", trendText(recent, before, total)));
  if (recent.length) section.append(make("p", "rv-even-luck", evenLuckText(recent, before)));
  if (reviewed.length < 2) {
    section.append(make("p", "rv-empty", "再打一局就能看到走势。"));
    return section;
  }
  const box = make("div", "rv-chart");
  section.append(box);
  chart(box, (width) => drawTrend(box, reviewed, width));
  section.append(make("p", "rv-axis", "横轴：第几局（从旧到新）"));
  section.append(
    legend([
      ["games", "每局"],
      ["smooth", "最近 5 局平均"],
      ["expert", `高手线（${EXPERT_LOSS}）`],
    ]),
  );
  return section;
}

// The trend's chart, `width` px wide: each reviewed game's loss per decision, the mean of the
// last five, the expert line.
function drawTrend(box, reviewed, width) {
  const points = reviewed.map((e, i) => [i + 1, e.average]);
  const smooth = reviewed.map((_, i) => {
    const window = reviewed.slice(Math.max(0, i - 4), i + 1);
    return [i + 1, meanOf(window)];
  });
  const top = Math.max(0.5, ...points.map(([, y]) => y));
  const step = Math.max(1, Math.ceil((reviewed.length * 28) / Math.max(1, width - 60)));
  // The last game is always labelled; a multiple of `step` too near it would overlap it.
  const last = points.length;
  const xLabels = points
    .filter(([x]) => x === 1 || x === last || (x % step === 0 && last - x >= step / 2))
    .map(([x]) => ({ x, text: String(x) }));
  lineChart(box, {
    width,
    height: width < 500 ? 190 : 230,
    label: `平均每步失误走势：${reviewed.length} 局，最近一局 ${points[points.length - 1][1].toFixed(2)} 分`,
    xMin: 0.5,
    xMax: points.length + 0.5,
    yMin: 0,
    yMax: top,
    yDigits: 1,
    xLabels,
    lines: [
      { points, className: "games" },
      { points: smooth, className: "smooth" },
    ],
    refs: [{ y: EXPERT_LOSS, text: `高手线 ${EXPERT_LOSS}`, className: "expert" }],
    dots: reviewed.map((e, i) => ({
      x: i + 1,
      y: e.average,
      r: 3.5,
      className: "chart-dot",
      title: `${shortDate(e.date)} ${gameText(e)} ${e.total} 分：平均每步失误 ${e.average.toFixed(2)}`,
    })),
  });
}

// A table's seats by place with their totals, a line each: 「1. 小红 268」「2. 小明 240」.
function seatsList(seats) {
  const list = make("span", "rv-seats");
  const ranked = [...seats].sort((a, b) => a.place - b.place);
  list.append(...ranked.map((s) => make("span", "rv-seat", `${s.place}. ${s.name} ${s.total}`)));
  return list;
}

// The list of past games, newest first, with 复盘 for the ones kept whole and 同骰再打 for
// those played on a dice record.
function gamesSection(entries, { stored, replayable, onReview, onReplay }) {
  const section = make("section", "rv-card rv-games");
  section.append(make("h3", "", `最近的对局（最多保留 100 局）`));
  if (!entries.length) return section;
  const table = make("table", "rv-history-table");
  const thead = columnHeads(["日期 / 玩法", "得分", "运气", "失误", "平均每步失误", ""]);
  const heads = thead.querySelectorAll("th");
  // Headers never break inside a word (「得/分」 on a phone); this one may, before 失误.
  heads[4].replaceChildren("平均每步", make("wbr"), "失误");
  heads[5].append(make("span", "visually-hidden", "复盘")); // the buttons' column, for screen readers
  const body = make("tbody");
  for (const e of [...entries].reverse()) body.append(gameRow(e, { stored, replayable, onReview, onReplay }));
  table.append(thead, body);
  section.append(table);
  section.append(make("p", "rv-note", "最近 10 局保存了完整过程，可以再次复盘或导出；更早的只保留总结。"));
  return section;
}

// A past game's row: when and what (a table's seats by place), its figures and its buttons.
function gameRow(e, { stored, replayable, onReview, onReplay }) {
  const tr = make("tr");
  tr.dataset.id = e.id;
  const first = make("th", "rv-when-cell");
  first.scope = "row";
  const outcome = e.outcome ? `\u00a0·\u00a0${OUTCOMES[e.outcome]}` : ""; // 「负」 not alone
  first.append(make("span", "rv-date num", shortDate(e.date)), make("span", "rv-mode", `${gameText(e)}${outcome}`));
  if (e.seats) first.append(seatsList(e.seats));
  const missing = e.average === null;
  tr.append(
    first,
    // A table's totals are the seats' (their line above): no one's 得分 of its own.
    make("td", "num rv-total", e.seats ? "—" : String(e.total)),
    make("td", "num", missing ? "—" : signed(e.luck)),
    lossCell(e, missing),
    make(
      "td",
      `num rv-avg${!missing && e.average < EXPERT_LOSS ? " expert" : ""}`,
      missing ? "—" : e.average.toFixed(2),
    ),
    actionCell(e, { stored, replayable, onReview, onReplay }),
  );
  return tr;
}

// A past game's buttons: 复盘 for one kept whole, 同骰再打 for one played on a dice record.
function actionCell(e, { stored, replayable, onReview, onReplay }) {
  const what = e.seats ? gameText(e) : `${e.total} 分`;
  const cell = make("td", "rv-action");
  if (stored.has(e.id)) {
    const b = button("secondary rv-open", "复盘");
    b.setAttribute("aria-label", `复盘 ${shortDate(e.date)} ${what}这一局`);
    b.addEventListener("click", () => onReview(e.id));
    cell.append(b);
  }
  if (replayable && replayable.has(e.id)) {
    const again = button("secondary rv-replay", "同骰再打");
    again.setAttribute("aria-label", `用 ${shortDate(e.date)} ${what}这一局的骰子再打一局`);
    again.addEventListener("click", () => onReplay(e.id));
    cell.append(again);
  }
  return cell;
}

// A past game's 失误, with what its deliberate risks cost on a line of its own, so that
// luck, mistakes and risks still account for the score.
function lossCell(entry, missing) {
  const cell = make("td", "num", missing ? "—" : entry.loss.toFixed(1));
  if (!missing && entry.risk >= 0.05) {
    const risk = make("span", "rv-risk-line", `取舍 ${entry.risk.toFixed(1)}`);
    risk.title = "求胜取舍：按高手求胜的打法少拿的期望分，不算失误";
    cell.append(risk);
  }
  return cell;
}

// 「打开对局文件」 inside the history view.
function fileSection(onFile) {
  const section = make("section", "rv-card rv-file");
  const label = make("label", "file-button secondary");
  const input = make("input", "visually-hidden");
  input.type = "file";
  input.accept = ".json,application/json";
  input.id = "review-open-file";
  input.addEventListener("change", () => onFile(input));
  label.append("打开对局文件", input);
  section.append(label, make("p", "rv-note", "打开本站「导出对局」保存的 .json 文件，再看一遍复盘。"));
  return section;
}

// Ask `refresh(id)` for each entry's missing figures in turn, while `current()`; true when one
// was filled in. A failure (offline again) stops the round.
async function askMissing(missing, refresh, current) {
  let changed = false;
  for (const entry of missing) {
    try {
      const updated = await refresh(entry.id);
      if (updated && updated.average !== null) {
        Object.assign(entry, updated);
        changed = true;
      }
    } catch {
      return false;
    }
    if (!current()) return false;
  }
  return changed;
}

export class HistoryView {
  // Draw into `shell` (a ReviewDialog).
  constructor(shell) {
    this.shell = shell;
    this.body = shell.body;
    this.history = null; // what the last show() drew: fillMissing redraws it
  }

  // Show the trend and the list of past games (newest first).
  show(history) {
    const shell = this.shell;
    shell.stopCharts();
    shell.token += 1;
    this.history = history;
    const { entries, problem, stored, onFile, refresh } = history;
    shell.setHead({
      view: "history",
      title: "复盘与历史",
      back: false,
      sides: false,
      exportable: false,
      history: false,
    });
    shell.onExport = null;
    shell.open();
    if (problem) shell.error(problem);
    const reviewed = entries.filter((e) => e.average !== null);
    const chart = (box, draw) => shell.chart(box, draw);
    const parts = [trendSection(reviewed, entries.length, chart), gamesSection(entries, history), fileSection(onFile)];
    this.body.replaceChildren(...parts);
    this.body.setAttribute("aria-busy", "false");
    // Games whose review failed earlier (offline) get their figures now, one at a time.
    // (A table's entry has none: its people review their own seats.)
    const missing = entries.filter((e) => e.average === null && stored.has(e.id) && !e.seats);
    if (missing.length && refresh) this.fillMissing(missing, refresh);
  }

  // Ask for the missing review figures, then redraw the history once, where the player was.
  // Only figures that were kept count: when the history cannot be written (storage full) the
  // rows stay missing, and a redraw would ask for them again, and again.
  async fillMissing(missing, refresh) {
    const shell = this.shell;
    const token = shell.token;
    const changed = await askMissing(missing, refresh, () => token === shell.token);
    if (!changed || token !== shell.token || !shell.dialog.open) return;
    const top = shell.dialog.scrollTop;
    const active = document.activeElement;
    const row = active && this.body.contains(active) ? active.closest("tr[data-id]") : null;
    this.show(this.history);
    shell.dialog.scrollTop = top;
    const again = row && this.body.querySelector(`tr[data-id="${CSS.escape(row.dataset.id)}"] button`);
    if (again) again.focus({ preventScroll: true });
  }
}
