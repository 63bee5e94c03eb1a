// The review's two game charts: the expected final total through the game, each mistake marked
// and clickable, and (人机对战) the chance of winning at every decision of both sides. Each is
// drawn through `chart(box, draw)`, which redraws it whenever its box changes width.

import { lineChart } from "../lib/chart.js";
import { make } from "../lib/dom.js";
import { legend } from "./review-parts.js";
import { TERMS } from "../lib/terms.js";
import { lossText, percentText, riskText, when } from "./review-words.js";

// A game chart's x axis: each round's number under its span of points ({round: [from, to]}),
// only the odd ones (and the last) where a chart `width` px wide would crowd them.
function roundLabels(spans, width) {
  const perRound = (width - 86) / spans.size;
  return [...spans].filter(([round]) => perRound >= 18 || round % 2 === 1 || round === TERMS.rounds)
    .map(([round, [from, to]]) => ({ x: (from + to) / 2, text: String(round) }));
}

// The chart of W through the game, with each mistake marked; a mark's click calls `reveal(index)`.
export function expectedSection(review, chart, reveal) {
  const section = make("section", "rv-card rv-chart-card");
  const heading = make("h3", "", "期望总分走势");
  section.append(heading);
  const decisions = review.decisions;
  if (!decisions.length) {
    section.append(make("p", "rv-empty", "还没有可以复盘的决策。"));
    return section;
  }
  const box = make("div", "rv-chart");
  section.append(box);
  const items = [
    ["line", "期望总分（已得分 ＋ 剩下的回合按最优打法平均还能拿的分）"],
  ];
  if (review.mistakes.length) items.push(["mistake", "失误：点一下看详情"]);
  if (decisions.some((d) => d.risk)) items.push(["risk", "求胜取舍（不算失误）"]);
  if (decisions.some((d) => d.hinted)) items.push(["hint", "用了提示"]);
  section.append(legend(items));

  const summary = review.summary;
  const points = [[0, summary.start]];
  const drops = [];
  const marks = [];
  const hints = [];
  const bands = [];
  const turns = new Map();
  decisions.forEach((d, i) => {
    points.push([i + 0.5, d.w_roll], [i + 1, d.w_after]);
    if (i > 0 && d.turn !== decisions[i - 1].turn) bands.push(i);
    const span = turns.get(d.turn) || [i, i + 1];
    span[1] = i + 1;
    turns.set(d.turn, span);
    if (!d.optimal) {
      const kind = d.risk ? "risk" : "mistake";
      drops.push({ points: [[i + 0.5, d.w_roll], [i + 1, d.w_after]], className: `drop ${kind}` });
      marks.push({
        x: i + 1,
        y: d.w_after,
        r: 3.5 + Math.min(4, Math.sqrt(d.loss)),
        className: kind,
        attrs: { "data-decision": i },
        title: d.risk
          ? `${when(d)}：求胜取舍，${riskText(d)}（点一下看详情）`
          : `${when(d)}：失误 ${lossText(d)} 分${d.hinted ? "，用了提示" : ""}（点一下看详情）`,
        onActivate: () => reveal(i),
      });
    }
    if (d.hinted) hints.push({ x: i + 0.5, y: d.w_roll, r: 4, className: "chart-hint", title: `${when(d)}：用了提示` });
  });
  const last = decisions[decisions.length - 1].w_after;
  const endText = Math.abs(last - summary.final_total) < 1e-6 ? String(summary.final_total) : last.toFixed(1);
  chart(box, (width) => {
    const xLabels = roundLabels(turns, width);
    lineChart(box, {
      width,
      height: width < 500 ? 210 : 260,
      label: `期望总分走势：开局 ${summary.start.toFixed(1)}，最后 ${endText}，${review.mistakes.length} 次失误${
        summary.risks ? `，${summary.risks} 次求胜取舍` : ""
      }`,
      xMin: 0,
      xMax: decisions.length,
      yDigits: 0,
      lines: [{ points, className: "w" }, ...drops],
      bands,
      xLabels,
      refs: [{ y: summary.start, text: `开局期望 ${summary.start.toFixed(1)}`, className: "start" }],
      marks,
      overlay: hints,
      end: { x: decisions.length, y: last, text: endText },
    });
  });
  const axis = make("p", "rv-axis", "横轴：回合（每回合里按掷骰顺序）");
  section.append(axis);
  return section;
}

// 人机对战: your chance of winning at every decision of both sides, as the 胜率 bar showed it.
export function winSection(curve, chart) {
  const section = make("section", "rv-card rv-chart-card rv-win-card");
  section.append(make("h3", "", "胜率走势"));
  const points = curve.points;
  if (!points.length) {
    section.append(make("p", "rv-empty", "还没有打完的回合。"));
    return section;
  }
  const box = make("div", "rv-chart");
  section.append(box);
  section.append(legend([
    ["win", "你赢的机会（假设你此后都按最优打法走，电脑按它自己的水平走）"],
    ["computer", "电脑出手"],
  ]));
  const pct = (c) => 100 * c.player;
  const line = points.map((p, i) => [i, pct(p)]);
  line.push([points.length, pct(curve.end)]);
  const bands = [];
  const rounds = new Map();
  const dots = [];
  points.forEach((p, i) => {
    if (i > 0 && p.round !== points[i - 1].round) bands.push(i);
    const span = rounds.get(p.round) || [i, i + 1];
    span[1] = i + 1;
    rounds.set(p.round, span);
    if (p.side === "computer" && p.roll === 0) {
      dots.push({ x: i, y: pct(p), r: 3, className: "chart-dot computer", title: `第 ${p.round} 回合电脑出手前：你 ${percentText(p.player)}` });
    }
  });
  const end = curve.end;
  const decided = Math.max(end.player, end.draw, end.computer) === 1;
  const endText = decided ? (end.player === 1 ? "胜" : end.draw === 1 ? "平" : "负") : percentText(end.player);
  chart(box, (width) => {
    const xLabels = roundLabels(rounds, width);
    lineChart(box, {
      width,
      height: width < 500 ? 180 : 220,
      label: `胜率走势：开局你 ${percentText(points[0].player)}，最后${endText}`,
      xMin: 0,
      xMax: points.length,
      yMin: 0,
      yMax: 100,
      yDigits: 0,
      lines: [{ points: line, className: "win" }],
      bands,
      xLabels,
      refs: [{ y: 50, text: "五五开", className: "even" }],
      dots,
      end: { x: points.length, y: pct(end), text: endText },
    });
  });
  section.append(make("p", "rv-axis", "横轴：回合（双方各一段，按掷骰顺序）；纵轴：你赢的机会（%）"));
  return section;
}
