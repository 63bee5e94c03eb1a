// The review's two game charts: the expected final total through the game, each mistake marked
// and clickable, and (人机对战) the chance of winning at every decision of both sides. Each is
// drawn through `chart(box, draw)`, which redraws it whenever its box changes width.

import { lineChart } from "../lib/chart.js";
import { make } from "../lib/dom.js";
import { legend } from "./review-parts.js";
import { TERMS } from "../lib/terms.js";
import { lossText, percentText, riskText, when } from "./review-words.js";
import { evText } from "../lib/words.js";

// A game chart's x axis: each round's number under its span of points ({round: [from, to]}),
// only the odd ones (and the last) where a chart `width` px wide would crowd them.
function roundLabels(spans, width) {
  const perRound = (width - 86) / spans.size;
  return [...spans]
    .filter(([round]) => perRound >= 18 || round % 2 === 1 || round === TERMS.rounds)
    .map(([round, [from, to]]) => ({ x: (from + to) / 2, text: String(round) }));
}

// The rounds of a chart's points, by `roundOf(item)`: `bands`, where a new round starts, and
// `spans`, each round's [from, to] along the x axis (one step per item).
export function roundSpans(items, roundOf) {
  const bands = [];
  const spans = new Map();
  items.forEach((item, i) => {
    const round = roundOf(item);
    if (i > 0 && round !== roundOf(items[i - 1])) bands.push(i);
    const span = spans.get(round) || [i, i + 1];
    span[1] = i + 1;
    spans.set(round, span);
  });
  return { bands, spans };
}

// A chart's card: its heading, the chart's box, and the words under it; `empty` is said instead
// of the chart when there is nothing to draw.
function chartCard(className, heading, empty) {
  const section = make("section", `rv-card rv-chart-card ${className}`.trim());
  section.append(make("h3", "", heading));
  if (empty) {
    section.append(make("p", "rv-empty", empty));
    return { section, box: null };
  }
  const box = make("div", "rv-chart");
  section.append(box);
  return { section, box };
}

// The mark of decision `d` (the `i`-th) that was not the best: a mistake, or a deliberate risk.
function decisionMark(d, i, reveal) {
  const kind = d.risk ? "risk" : "mistake";
  const title = d.risk
    ? `${when(d)}：求胜取舍，${riskText(d)}（点一下看详情）`
    : `${when(d)}：失误 ${lossText(d)} 分${d.hinted ? "，用了提示" : ""}（点一下看详情）`;
  const drop = {
    points: [
      [i + 0.5, d.w_roll],
      [i + 1, d.w_after],
    ],
    className: `drop ${kind}`,
  };
  const r = 3.5 + Math.min(4, Math.sqrt(d.loss));
  const mark = { x: i + 1, y: d.w_after, r, className: kind, attrs: { "data-decision": i }, title };
  return { drop, mark: { ...mark, onActivate: () => reveal(i) } };
}

// The expected total's course: a point at each roll and after each decision, the drops and marks
// of the decisions that were not the best, and a dot where a hint was used.
function expectedSeries(review, reveal) {
  const points = [[0, review.summary.start]];
  const drops = [];
  const marks = [];
  const hints = [];
  review.decisions.forEach((d, i) => {
    points.push([i + 0.5, d.w_roll], [i + 1, d.w_after]);
    if (!d.optimal) {
      const { drop, mark } = decisionMark(d, i, reveal);
      drops.push(drop);
      marks.push(mark);
    }
    if (d.hinted) hints.push({ x: i + 0.5, y: d.w_roll, r: 4, className: "chart-hint", title: `${when(d)}：用了提示` });
  });
  return { points, drops, marks, hints };
}

// The chart of W through the game, with each mistake marked; a mark's click calls `reveal(index)`.
export function expectedSection(review, chart, reveal) {
  const decisions = review.decisions;
  const { section, box } = chartCard("", "期望总分走势", decisions.length ? "" : "还没有可以复盘的决策。");
  if (!box) return section;
  const items = [["line", "期望总分（已得分 ＋ 剩下的回合按最优打法平均还能拿的分）"]];
  if (review.mistakes.length) items.push(["mistake", "失误：点一下看详情"]);
  if (decisions.some((d) => d.risk)) items.push(["risk", "求胜取舍（不算失误）"]);
  if (decisions.some((d) => d.hinted)) items.push(["hint", "用了提示"]);
  section.append(legend(items));
  const summary = review.summary;
  const { points, drops, marks, hints } = expectedSeries(review, reveal);
  const { bands, spans } = roundSpans(decisions, (d) => d.turn);
  const last = decisions[decisions.length - 1].w_after;
  const endText = Math.abs(last - summary.final_total) < 1e-6 ? String(summary.final_total) : evText(last);
  const risks = summary.risks ? `，${summary.risks} 次求胜取舍` : "";
  const label = `期望总分走势：开局 ${evText(summary.start)}，最后 ${endText}，${review.mistakes.length} 次失误${risks}`;
  chart(box, (width) =>
    lineChart(box, {
      width,
      height: width < 500 ? 210 : 260,
      label,
      xMin: 0,
      xMax: decisions.length,
      yDigits: 0,
      lines: [{ points, className: "w" }, ...drops],
      bands,
      xLabels: roundLabels(spans, width),
      refs: [{ y: summary.start, text: `开局期望 ${evText(summary.start)}`, className: "start" }],
      marks,
      overlay: hints,
      end: { x: decisions.length, y: last, text: endText },
    }),
  );
  section.append(make("p", "rv-axis", "横轴：回合（每回合里按掷骰顺序）"));
  return section;
}

// The words at the end of the 胜率 curve for seat `seat`: 胜 / 平 / 负 once decided (a table:
// its place), else its chance.
function winEndText(final, { seat, place, table }) {
  const chance = final.win[seat];
  if (Math.max(...final.win, final.draw) !== 1) return percentText(chance);
  if (table && place) return `第 ${place} 名`;
  return chance === 1 ? "胜" : final.draw === 1 ? "平" : "负";
}

// The chance of winning at every decision of every seat, of seat `seat` (`who` its name in
// words: 你 in 人机对战), as the 胜率 bar showed it; `names` are the seats' names, `place` its
// place at the end, `table` whether the game is a table's (和朋友玩).
export function winSection(curve, chart, { seat, who, names, place = null, table = false }) {
  const points = curve.points;
  const { section, box } = chartCard("rv-win-card", "胜率走势", points.length ? "" : "还没有打完的回合。");
  if (!box) return section;
  const assumed = table
    ? "假设真人此后都按最优打法走，电脑按各自的水平走"
    : "假设你此后都按最优打法走，电脑按它自己的水平走";
  section.append(
    legend([
      ["win", `${who}赢的机会（${assumed}）`],
      ["computer", table ? "其他人出手" : "电脑出手"],
    ]),
  );
  const pct = (chances) => 100 * chances.win[seat];
  const line = [...points.map((p, i) => [i, pct(p.chances)]), [points.length, pct(curve.final)]];
  const { bands, spans } = roundSpans(points, (p) => p.round);
  const dots = points.flatMap((p, i) =>
    p.seat !== seat && p.roll === 0
      ? [
          {
            x: i,
            y: pct(p.chances),
            r: 3,
            className: "chart-dot computer",
            title: `第 ${p.round} 回合${names[p.seat]}出手前：${who} ${percentText(p.chances.win[seat])}`,
          },
        ]
      : [],
  );
  const endText = winEndText(curve.final, { seat, place, table });
  chart(box, (width) =>
    lineChart(box, {
      width,
      height: width < 500 ? 180 : 220,
      label: `胜率走势：开局${who} ${percentText(points[0].chances.win[seat])}，最后${endText}`,
      xMin: 0,
      xMax: points.length,
      yMin: 0,
      yMax: 100,
      yDigits: 0,
      lines: [{ points: line, className: "win" }],
      bands,
      xLabels: roundLabels(spans, width),
      refs: [{ y: 50, text: "五五开", className: "even" }],
      dots,
      end: { x: points.length, y: pct(curve.final), text: endText },
    }),
  );
  const turns = table ? "每位各一段" : "双方各一段";
  section.append(make("p", "rv-axis", `横轴：回合（${turns}，按掷骰顺序）；纵轴：${who}赢的机会（%）`));
  return section;
}
