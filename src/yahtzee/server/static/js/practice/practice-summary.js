// The end of a round of 练习: this round's loss per decision, best answers and the same per
// theme; then the progress kept in the browser: rounds played, the trend of the loss per
// decision (a small chart, like the history's) and each theme's accuracy.

import { lineChart } from "../lib/chart.js";
import { button, columnHeads, make } from "../lib/dom.js";
import { averageLoss, themeStats, weakest } from "./practice-store.js";
import { TERMS } from "../lib/terms.js";
import { two } from "./practice-view.js";

const TREND_ROUNDS = 20; // the rounds the trend shows at most
const EXPERT = TERMS.expert_loss; // Verhoeff's mark of a strong player: less lost per choice

// A table with a header row and one row per item.
function table(className, heads, rows) {
  const t = make("table", className);
  const thead = columnHeads(heads);
  const body = make("tbody");
  for (const row of rows) {
    const tr = make("tr");
    row.forEach((cell, i) => {
      const td = make(i ? "td" : "th", i ? "num" : "", cell);
      if (!i) td.scope = "row";
      tr.append(td);
    });
    body.append(tr);
  }
  t.append(thead, body);
  return t;
}

// This round's figures per theme, in the order the themes came.
function roundRows(answers) {
  const rows = [];
  const seen = new Map();
  for (const a of answers) {
    if (!seen.has(a.theme)) {
      seen.set(a.theme, { name: a.themeName, list: [] });
    }
    seen.get(a.theme).list.push(a);
  }
  for (const { name, list } of seen.values()) {
    rows.push([name, String(list.length), String(list.filter((a) => a.best).length), two(averageLoss(list))]);
  }
  return rows;
}

// The trend of the loss per decision over the last rounds, into `box`.
function drawTrend(box, rounds) {
  const recent = rounds.slice(-TREND_ROUNDS);
  const first = rounds.length - recent.length + 1;
  const points = recent.map((r, i) => [first + i, averageLoss(r.answers)]);
  const label = `最近 ${recent.length} 轮的平均每题失误`;
  const width = box.clientWidth || 320;
  lineChart(box, {
    width,
    height: 150,
    label,
    xMin: first,
    xMax: Math.max(first + 1, first + recent.length - 1),
    yMin: 0,
    yDigits: 1,
    lines: [{ points, className: "smooth" }],
    dots: points.map(([x, y]) => ({ x, y, r: 3, className: "", title: `第 ${x} 轮：${two(y)} 分` })),
    refs: [{ y: EXPERT, text: `高手 ${EXPERT}`, className: "expert" }],
    xLabels: [
      { x: first, text: `第 ${first} 轮` },
      { x: first + recent.length - 1, text: `第 ${first + recent.length - 1} 轮` },
    ],
  });
}

// Fill `box` with the summary of the round just played and the progress so far.
// round: {theme_zh, answers: [{theme, themeName, loss, best}]}; progress: {rounds, saved}.
export function drawSummary(box, round, progress) {
  box.replaceChildren();
  const answers = round.answers;
  const best = answers.filter((a) => a.best).length;
  const average = averageLoss(answers);
  const title = make("h2", "", `本轮总结 · ${round.theme_zh}`);
  const big = make("p", "ps-big");
  big.append(
    "平均每题失误 ",
    make("b", "num", two(average)),
    " 分 · 最优 ",
    make("b", "num", `${best} / ${answers.length}`),
    " 题",
  );
  const mark = make(
    "p",
    "ps-note",
    average < EXPERT ? `低于 ${EXPERT} 分，已是高手水平` : `每题失误低于 ${EXPERT} 分就是高手水平`,
  );
  const themes = table("ps-table", ["主题", "题数", "最优", "平均失误"], roundRows(answers));
  const section = make("section", "ps-progress");
  section.setAttribute("aria-label", "练习进度");
  section.append(make("h3", "", "练习进度"));
  const { rounds, saved } = progress;
  section.append(make("p", "ps-note", `已练 ${rounds.length} 轮${saved ? "" : "（这台设备无法保存，本轮没有记下）"}`));
  const trend = make("div", "ps-trend");
  section.append(trend);
  const stats = themeStats(rounds);
  section.append(
    table(
      "ps-table",
      ["主题", "答题", "正确率", "平均失误"],
      stats.map((s) => [s.name, String(s.answers), `${Math.round((100 * s.best) / s.answers)}%`, two(s.average)]),
    ),
  );
  const buttons = make("div", "ps-buttons");
  const again = button("primary", "再练一轮");
  again.dataset.practice = "again";
  const weak = weakest(rounds);
  const lobby = button("secondary", "回大厅");
  lobby.dataset.practice = "lobby";
  buttons.append(again);
  if (weak) {
    const focus = button("secondary", `专练薄弱项：${weak.name}`);
    focus.dataset.practice = "weakest";
    buttons.append(focus);
  }
  buttons.append(lobby);
  box.append(title, big, mark, themes, buttons, section);
  if (rounds.length) drawTrend(trend, rounds);
}
