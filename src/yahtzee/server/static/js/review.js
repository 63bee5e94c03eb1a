// The review (复盘) and history views, in one dialog. Every figure comes from the server's
// review (/api/review, yahtzee.analysis): W is the expected final total under optimal play; each
// roll's luck moves it, each decision's loss lowers it, and
// final total = 开局期望 + Σ运气 − Σ失误. This module only lays those figures out.
// Loaded on demand by history.js.

import { meanOf, trendWindows } from "./history.js";
import { LEVEL_NAMES, chanceText, pointsText, signed } from "./words.js";
import { lineChart } from "./chart.js";
import { button, make, svg } from "./dom.js";
import { PIPS } from "./pips.js";

const EXPERT_LOSS = 0.2;
const FIRST_MISTAKES = 10;
const FIRST_OPTIONS = 3; // a long list of options shows the best few and the choice made
// The trend's smallest change called progress: 0.05 per decision, about 1.5 points a game (some 30
// decisions). Smaller changes are well within what chance alone moves ten games' mean.
const PROGRESS = 0.05;
const PROGRESS_POINTS = 1.5;
const ROUNDOFF = 1e-9; // 0.30 − 0.25 is 0.0499… in floating point, and must still count
const BOX_NAMES = {
  ones: "一点",
  twos: "二点",
  threes: "三点",
  fours: "四点",
  fives: "五点",
  sixes: "六点",
  three_of_a_kind: "三条",
  four_of_a_kind: "四条",
  full_house: "葫芦",
  small_straight: "小顺",
  large_straight: "大顺",
  yahtzee: "快艇",
  chance: "机会",
};
const OUTCOMES = { win: "胜", loss: "负", draw: "平" };
const UPPER = ["ones", "twos", "threes", "fours", "fives", "sixes"];
const UPPER_TARGET = 63;
const UPPER_BONUS = 35;

// What was still open on a side's sheet when it played turn `turn` (its game log holds each
// turn's box and points), in words: 这时还空着：一点、小顺、机会；上区已得 24 分，离 63 分的奖励线
// 还差 39 分. A mistake is easier to see with the boxes that were left in view.
export function openBoxesText(log, turn) {
  if (!Array.isArray(log)) return "";
  const done = log.slice(0, Math.max(0, turn - 1)).filter((t) => t && typeof t === "object");
  const filled = new Set(done.map((t) => t.box));
  const open = Object.keys(BOX_NAMES).filter((key) => !filled.has(key));
  if (!open.length) return "";
  if (!filled.size) return "这时计分表还全空着";
  let text = `这时还空着：${open.map((key) => BOX_NAMES[key]).join("、")}`;
  if (UPPER.some((key) => !filled.has(key))) {
    const upper = done.filter((t) => UPPER.includes(t.box)).reduce((sum, t) => sum + (Number(t.points) || 0), 0);
    const left = UPPER_TARGET - upper;
    text += `；上区已得 ${upper} 分，${left > 0 ? `离 ${UPPER_TARGET} 分的奖励线还差 ${left} 分` : `${UPPER_BONUS} 分奖励已经拿到`}`;
  }
  return text;
}

// A table head of column headers, one per text.
function columnHeads(texts) {
  const row = make("tr");
  for (const text of texts) {
    const th = make("th", "", text);
    th.scope = "col";
    row.append(th);
  }
  const thead = make("thead");
  thead.append(row);
  return thead;
}

// How far the equation's terms, as shown, add up from the total: the identity is exact, but each
// term is rounded on its own, so a learner adding them up may land 0.1 off. "" when they agree.
// `shown` holds the terms' texts as drawn (运气 with its sign: +, − or ±).
function roundingGap(shown, total) {
  const cents = (text) => Math.round(Number(text.replace("−", "-").replace("±", "")) * 100);
  const added = cents(shown.start) + cents(shown.luck) - cents(shown.loss) - (shown.risk ? cents(shown.risk) : 0);
  const gap = Math.abs(total * 100 - added);
  return gap ? String(gap / 100) : "";
}

// What an option is, in words: 保留 6 6 再掷 / 全部重掷 / 不再掷，登记「三条」21 分 / 登记「一点」3 分
// (and 五颗全留，空掷一次 for a roll made with every die held).
export function describe(option) {
  const box = option.box ? `「${BOX_NAMES[option.box] || option.box}」${option.points} 分` : "";
  if (option.reroll) return "五颗全留，空掷一次";
  if (Array.isArray(option.keep)) {
    if (option.keep.length === 5) return box ? `不再掷，登记${box}` : "不再掷";
    return option.keep.length ? `保留 ${option.keep.join(" ")} 再掷` : "全部重掷";
  }
  return `登记${box}`;
}

// How good a loss per decision is, in words (under 0.2 is expert play).
export function skill(average) {
  if (average < EXPERT_LOSS) {
    return { level: "expert", text: "高手水平：平均每步失误不到 0.2 分" };
  }
  if (average < 0.5) {
    return { level: "good", text: "接近高手：平均每步失误不到 0.5 分（高手平均每步不到 0.2 分）" };
  }
  if (average < 1) {
    return { level: "fair", text: "还有提升空间：先看下面代价最大的几次失误（高手平均每步不到 0.2 分）" };
  }
  return { level: "novice", text: "失误偏多：从下面代价最大的失误看起，进步会很快（高手平均每步不到 0.2 分）" };
}

// Five small dice drawn in SVG, named for screen readers.
function miniDice(dice) {
  const row = make("span", "rv-dice");
  row.setAttribute("role", "img");
  row.setAttribute("aria-label", `骰子 ${dice.join(" ")}`);
  for (const face of dice) {
    const die = svg("svg", { viewBox: "0 0 100 100", class: "rv-die", "aria-hidden": "true" });
    die.append(svg("rect", { x: 4, y: 4, width: 92, height: 92, rx: 20 }));
    for (const [cx, cy] of PIPS[face] || []) die.append(svg("circle", { cx, cy, r: 10 }));
    row.append(die);
  }
  return row;
}

// A chart's legend: [swatch class, words] pairs.
function legend(items) {
  const list = make("ul", "rv-legend");
  for (const [className, text] of items) {
    const li = make("li");
    const swatch = make("span", `rv-swatch ${className}`);
    swatch.setAttribute("aria-hidden", "true");
    li.append(swatch, text);
    list.append(li);
  }
  return list;
}

// A game chart's x axis: each round's number under its span of points ({round: [from, to]}),
// only the odd ones (and 13) where a chart `width` px wide would crowd them.
function roundLabels(spans, width) {
  const perRound = (width - 86) / spans.size;
  return [...spans].filter(([round]) => perRound >= 18 || round % 2 === 1 || round === 13)
    .map(([round, [from, to]]) => ({ x: (from + to) / 2, text: String(round) }));
}

// 第 3 回合 · 第 1 掷
function when(decision) {
  return `第 ${decision.turn} 回合 · 第 ${decision.roll} 掷`;
}

// A small tag marking a decision where a hint was used.
function hintTag() {
  const tag = make("span", "rv-tag rv-hint-tag", "提示");
  tag.title = "这一步用了提示";
  return tag;
}

// A chance of winning in whole percents, in words (never 0 % or 100 % while the game is open).
const percentText = (chance) => chanceText(chance).said;

// The rise in the chance of winning a play-to-win choice bought, in percentage points (a chance
// of 30 % going to 31.2 % is 「胜率 +1.2 个百分点」). The 高手 weighs a sliver of expected points
// too, so now and then its choice gains no chance at all.
function gainText(decision) {
  const gain = 100 * decision.win_gain;
  if (gain <= 0) return "胜率几乎不变";
  return gain >= 0.05 ? `胜率 +${gain.toFixed(1)} 个百分点` : "胜率提高不到 0.1 个百分点";
}

// The decimals a decision's expected totals are shown with: 1, or 2 when its chosen and best
// totals would read the same at 1 (a loss of 0.02 between two totals of 187.5).
function evDigits(decision) {
  return decision.best.ev.toFixed(1) === decision.chosen.ev.toFixed(1) ? 2 : 1;
}

// How far expected total `ev` falls short of `best` as a decision's options table shows them,
// each to `digits`: the card, the table and the totals then agree (17.95 between 228.93 and
// 210.98 reads 17.9 everywhere).
function shortfall(best, ev, digits) {
  return Math.max(0, Number(best.toFixed(digits)) - Number(ev.toFixed(digits)));
}

// A decision's loss as its options table shows it.
function lossText(decision) {
  const digits = evDigits(decision);
  return shortfall(decision.best.ev, decision.chosen.ev, digits).toFixed(digits);
}

// What a play-to-win choice cost and bought: 期望总分少 0.9 分，胜率 +1.2 个百分点.
function riskText(decision) {
  const gain = typeof decision.win_gain === "number" ? `，${gainText(decision)}` : "";
  return `期望总分少 ${lossText(decision)} 分${gain}`;
}

// A tag for a deliberate risk in a vs game: the play-to-win choice, not the EV one (the server
// marks these with `risk` and the rise in the chance of winning, `win_gain`).
function riskTag(decision) {
  const tag = make("span", "rv-tag rv-risk-tag", "求胜取舍");
  tag.title = `为了赢下这一局的选择：${riskText(decision)}`;
  return tag;
}

// The game's settings in words: 单人挑战 / 人机对战 · 高手.
function modeText(mode, difficulty) {
  if (mode !== "vs") return "单人挑战";
  return `人机对战 · ${LEVEL_NAMES[difficulty] || ""}`.trim();
}

// A date as 6月11日 14:02.
function shortDate(iso) {
  const d = new Date(iso);
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getMonth() + 1}月${d.getDate()}日 ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export class ReviewDialog {
  // Build the dialog once and add it to the page.
  constructor(doc) {
    this.doc = doc;
    this.token = 0;
    this.charts = [];
    const dialog = make("dialog", "review-dialog");
    dialog.id = "review-dialog";
    dialog.setAttribute("aria-labelledby", "review-title");
    const head = make("div", "rv-head");
    this.back = button("rv-back secondary", "‹ 历史");
    this.back.setAttribute("aria-label", "回到复盘历史");
    this.title = make("h2", "", "复盘");
    this.title.id = "review-title";
    this.title.tabIndex = -1; // the dialog opens with the focus here, not on its first button
    this.switch = make("div", "segmented rv-switch");
    this.switch.setAttribute("role", "group");
    this.switch.setAttribute("aria-label", "看谁的决策");
    this.sideButtons = {};
    for (const [side, text] of [["player", "你"], ["computer", "电脑"]]) {
      const b = button("", text);
      b.dataset.side = side;
      b.setAttribute("aria-pressed", String(side === "player"));
      b.addEventListener("click", () => this.chooseSide(side));
      this.sideButtons[side] = b;
      this.switch.append(b);
    }
    this.exportButton = button("secondary rv-export", "导出对局");
    this.historyButton = button("secondary rv-history", "历史");
    this.historyButton.setAttribute("aria-label", "复盘与历史");
    const close = button("rv-close", "✕");
    close.setAttribute("aria-label", "关闭复盘");
    close.addEventListener("click", () => dialog.close());
    const tools = make("div", "rv-tools");
    tools.append(this.switch, this.exportButton, this.historyButton, close);
    head.append(this.back, this.title, tools);
    this.errorLine = make("p", "rv-error");
    this.errorLine.setAttribute("role", "alert");
    this.errorLine.hidden = true;
    this.body = make("div", "rv-body");
    dialog.append(head, this.errorLine, this.body);
    dialog.addEventListener("close", () => this.stopCharts());
    this.back.addEventListener("click", () => this.onHistory && this.onHistory());
    this.exportButton.addEventListener("click", () => this.onExport && this.onExport());
    this.historyButton.addEventListener("click", () => this.onHistory && this.onHistory());
    doc.body.append(dialog);
    this.dialog = dialog;
  }

  // True while the dialog is shown.
  isOpen() {
    return this.dialog.open;
  }

  // A one-line error inside the dialog (the page's message line sits under the modal).
  error(text, title = "") {
    this.errorLine.textContent = text;
    this.errorLine.title = title;
    this.errorLine.hidden = false;
  }

  // Open the dialog if needed and scroll it to the top.
  open() {
    this.errorLine.hidden = true;
    if (!this.dialog.open) this.dialog.showModal();
    this.title.focus({ preventScroll: true });
    this.dialog.scrollTop = 0;
  }

  // Forget the charts' resize watchers.
  stopCharts() {
    for (const observer of this.charts) observer.disconnect();
    this.charts = [];
  }

  // Draw a chart now and again whenever its box changes width.
  chart(container, draw) {
    let width = 0;
    const redraw = () => {
      const now = container.clientWidth;
      if (now > 0 && Math.abs(now - width) >= 1) {
        width = now;
        draw(now);
      }
    };
    if ("ResizeObserver" in window) {
      const observer = new ResizeObserver(redraw);
      observer.observe(container);
      this.charts.push(observer);
    }
    draw(container.clientWidth || 640);
    requestAnimationFrame(redraw);
  }

  // ---------------------------------------------------------------- the review of one game

  // Show the review of `game`: `ask(side)` returns the server's review (a promise).
  showReview({ game, ask, errorText, onExport, onHistory }) {
    this.stopCharts();
    this.game = game;
    this.ask = ask;
    this.errorText = errorText;
    this.onExport = onExport;
    this.onHistory = onHistory;
    this.dialog.dataset.view = "review";
    this.back.hidden = !this.history;
    this.title.textContent = "复盘";
    this.exportButton.hidden = false;
    this.historyButton.hidden = Boolean(this.history);
    this.switch.hidden = !(game.mode === "vs" && Array.isArray(game.sides) && game.sides.length > 1);
    this.open();
    this.chooseSide("player");
  }

  // Switch between the player's and the computer's decisions.
  async chooseSide(side) {
    this.side = side;
    for (const [key, b] of Object.entries(this.sideButtons)) b.setAttribute("aria-pressed", String(key === side));
    const token = ++this.token;
    this.stopCharts();
    this.body.replaceChildren(make("p", "rv-loading", "复盘生成中…"));
    this.body.setAttribute("aria-busy", "true");
    try {
      const review = await this.ask(side);
      if (token !== this.token) return;
      this.renderReview(review, side);
    } catch (error) {
      if (token !== this.token) return;
      const failed = make("div", "rv-failed");
      failed.append(make("p", "", `复盘生成失败：${this.errorText(error)}`));
      const retry = button("secondary", "再试一次");
      retry.addEventListener("click", () => this.chooseSide(side));
      failed.append(retry);
      this.body.replaceChildren(failed);
    } finally {
      if (token === this.token) this.body.setAttribute("aria-busy", "false");
    }
  }

  // Lay out one side's review: summary, chart, costliest mistakes, every decision.
  renderReview(review, side) {
    const who = side === "player" ? "你" : "电脑";
    const game = this.game;
    const sub = make("p", "rv-sub");
    const totals = (game.sides || []).map((s) => (s && s.totals ? s.totals.total : null));
    let score = `${who}的 ${review.summary.final_total} 分`;
    if (game.mode === "vs" && totals.length === 2) score = `你 ${totals[0]} 分 : 电脑 ${totals[1]} 分`;
    sub.append(`${modeText(game.mode, game.difficulty)} · ${score}`);
    if (!game.finished) sub.append("（未打完）");
    this.body.replaceChildren(
      sub,
      this.summarySection(review.summary, who, side),
      this.chartSection(review),
      ...(review.win_curve ? [this.winSection(review.win_curve)] : []),
      this.mistakesSection(review, who),
      ...(review.risks && review.risks.length ? [this.risksSection(review, who)] : []),
      this.allSection(review, who),
    );
  }

  // The identity line and the skill figures.
  summarySection(summary, who, side) {
    const risks = summary.risks || 0; // deliberate risks (人机对战): not mistakes, counted apart
    const section = make("section", "rv-card rv-summary");
    section.setAttribute("aria-label", "复盘总结");
    const equation = make("p", "rv-equation");
    const term = (name, value, className) => {
      const t = make("span", `rv-term ${className}`);
      t.append(make("small", "", name), make("b", "num", value));
      return t;
    };
    const shown = {
      start: summary.start.toFixed(1),
      luck: signed(summary.luck),
      loss: summary.loss.toFixed(1),
      risk: risks ? pointsText(summary.risk_loss) : "",
    };
    // 「＝」 and the total wrap together: on a phone 「＝」 ended one line and 总分 began the next.
    const result = make("span", "rv-result");
    result.append(make("span", "rv-op", "＝"), term("总分", String(summary.final_total), "total"));
    equation.append(
      term("开局期望", shown.start, "start"),
      make("span", "rv-op", "＋"),
      term("运气", shown.luck, summary.luck >= 0 ? "luck good" : "luck bad"),
      make("span", "rv-op", "−"),
      term("失误", shown.loss, "loss"),
      ...(risks ? [make("span", "rv-op", "−"), term("求胜取舍", shown.risk, "risk")] : []),
      result,
    );
    equation.title = summary.text;
    section.append(equation);
    const gap = roundingGap(shown, summary.final_total);
    if (gap) section.append(make("p", "rv-note rv-rounding", `各项已四舍五入，相加与总分差 ${gap}`));
    const stats = make("dl", "rv-stats");
    const stat = (name, value, className = "") => {
      const item = make("div", `rv-stat ${className}`.trim());
      item.append(make("dt", "", name), make("dd", "num", value));
      stats.append(item);
    };
    const pct = summary.decisions ? Math.round((100 * summary.optimal) / summary.decisions) : 100;
    stat("决策", `${summary.decisions} 次`, "decisions");
    stat("最优", `${summary.optimal} 次（${pct}%）`, "optimal");
    if (risks) stat("求胜取舍", `${risks} 次（${pointsText(summary.risk_loss)} 分）`, "risks");
    stat("总失误", `${summary.loss.toFixed(1)} 分`, "total-loss");
    stat("平均每步失误", `${summary.average_loss.toFixed(2)} 分`, "average");
    const computer = side === "computer";
    if (!computer) stat("用了提示", `${summary.hinted} 次`, "hinted"); // the computer takes none
    section.append(stats);
    if (summary.decisions) {
      const level = skill(summary.average_loss);
      // The advice is for the player; the computer's side only says how well it played.
      const name = `${LEVEL_NAMES[this.game.difficulty] || ""}电脑`;
      const text = computer
        ? `${name}平均每步失误 ${summary.average_loss.toFixed(2)} 分（不到 0.2 分是高手水平）`
        : level.text;
      section.append(make("p", `rv-skill ${level.level}`, text));
    }
    const luck = Math.abs(summary.luck);
    const dice = luck < 0.5
      ? "这局的骰子不好不坏，和平均差不多。"
      : `这局的骰子比平均${summary.luck < 0 ? "少" : "多"}给了${who}约 ${luck.toFixed(0)} 分：这是运气，和打法无关。`;
    const explain = make(
      "p",
      "rv-explain",
      `${dice}开局期望是按最优打法从头打到尾平均能拿的分。每次掷骰让期望涨跌，算运气；每个不是最优的决定让期望下降，算失误${
        risks ? "；按高手求胜的打法少拿的期望分算求胜取舍，不算失误" : ""
      }。${who}的总分正好等于开局期望加运气减失误${risks ? "和求胜取舍" : ""}。`,
    );
    section.append(explain);
    return section;
  }

  // The chart of W through the game, with each mistake marked and clickable.
  chartSection(review) {
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
          onActivate: () => this.reveal(i),
        });
      }
      if (d.hinted) hints.push({ x: i + 0.5, y: d.w_roll, r: 4, className: "chart-hint", title: `${when(d)}：用了提示` });
    });
    const last = decisions[decisions.length - 1].w_after;
    const endText = Math.abs(last - summary.final_total) < 1e-6 ? String(summary.final_total) : last.toFixed(1);
    this.chart(box, (width) => {
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
  winSection(curve) {
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
    this.chart(box, (width) => {
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

  // The mistakes, costliest first; each expands to every option with its expected total.
  mistakesSection(review, who) {
    const section = make("section", "rv-card rv-mistakes-card");
    const count = review.mistakes.length;
    section.append(make("h3", "", count ? `代价最大的失误（共 ${count} 次）` : "失误"));
    if (!count) {
      const risks = (review.risks || []).length; // the other steps off the EV best are listed below
      const text = risks ? `没有失误：不是最优的 ${risks} 步都是求胜取舍（见下）。` : "没有失误：每一步都是最优选择。";
      section.append(make("p", "rv-empty rv-perfect", text));
      return section;
    }
    const list = make("ol", "rv-mistakes");
    review.mistakes.forEach((index, rank) => {
      const li = make("li");
      if (rank >= FIRST_MISTAKES) li.classList.add("rv-more");
      li.append(this.mistakeItem(review.decisions[index], index, rank, who));
      list.append(li);
    });
    section.append(list);
    if (count > FIRST_MISTAKES) {
      list.classList.add("folded");
      const more = button("secondary rv-show-more", `显示全部 ${count} 次失误`);
      more.addEventListener("click", () => {
        list.classList.remove("folded");
        more.remove();
      });
      section.append(more);
      this.unfold = () => {
        list.classList.remove("folded");
        more.remove();
      };
    } else {
      this.unfold = () => {};
    }
    return section;
  }

  // The deliberate risks in game order: what each gave up in expected points and what it
  // bought in chance of winning; each expands to every option, as a mistake does.
  risksSection(review, who) {
    const section = make("section", "rv-card rv-risks-card");
    section.append(make("h3", "", `求胜取舍（共 ${review.risks.length} 次）`));
    const many = review.risks.length > 1;
    const why = who === "电脑"
      ? "为了赢下这一局，电脑有意少拿期望分，换更高的胜率：胜算不大时冒险追分，胜算较大时求稳，胜负难料时按胜率取舍。"
      : `${many ? "这几步" : "这一步"}和高手求胜的选择一样：少拿期望分，换更高的胜率（胜算不大时冒险追分，胜算较大时求稳，胜负难料时按胜率取舍）。`;
    section.append(make("p", "rv-explain", `${why}${many ? "这些" : "这"}不算失误。`));
    const list = make("ol", "rv-mistakes rv-risks");
    review.risks.forEach((index, rank) => {
      const li = make("li");
      li.append(this.mistakeItem(review.decisions[index], index, rank, who));
      list.append(li);
    });
    section.append(list);
    return section;
  }

  // One mistake (or deliberate risk): when, the dice, what was done, what was best, the cost
  // (and for a risk what it bought); expands to options.
  mistakeItem(d, index, rank, who) {
    const details = make("details", "rv-mistake");
    details.id = `rv-decision-${index}`;
    details.dataset.decision = String(index);
    const summary = make("summary");
    const choice = make("span", "rv-choice");
    choice.append(make("span", "rv-label", `${who}：`), describe(d.chosen));
    const best = make("span", "rv-best");
    best.append(make("span", "rv-label", d.risk ? "期望最高：" : "最佳："), describe(d.best));
    const tags = make("span", "rv-tags");
    if (d.risk && typeof d.win_gain === "number") tags.append(make("span", "rv-gain", gainText(d)));
    if (d.hinted) tags.append(hintTag());
    const parts = [
      make("span", "rv-rank num", String(rank + 1)),
      make("span", "rv-when", when(d)),
      miniDice(d.dice),
      make("span", "rv-cost num", `−${lossText(d)} 分`),
      choice,
      best,
    ];
    if (tags.childElementCount) parts.push(tags);
    // The grid sets the parts apart on screen, but a screen reader reads the summary as one
    // name (「9第 9 回合 · 第 2 掷−10.9 分你：…」): commas only it hears keep them apart.
    parts.forEach((part, i) => summary.append(part, make("span", "visually-hidden", i === 0 ? "、" : "，")));
    details.append(summary);
    const side = this.game && Array.isArray(this.game.sides) ? this.game.sides[this.side === "computer" ? 1 : 0] : null;
    const open = openBoxesText(side ? side.log : null, d.turn);
    if (open) details.append(make("p", "rv-open-boxes", open));
    details.append(this.optionsTable(d));
    return details;
  }

  // Every option of a decision with its expected final total, best first.
  optionsTable(d) {
    const wrap = make("div", "rv-options");
    const table = make("table", "rv-options-table");
    const caption = make("caption", "", `${when(d)} 的所有选择（期望总分：从这里按最优打法打完，平均的最终总分）`);
    table.append(caption);
    const thead = columnHeads(["选择", "期望总分", d.risk ? "比期望最高" : "比最佳"]);
    const digits = evDigits(d);
    const body = make("tbody");
    const options = Array.isArray(d.options) && d.options.length ? d.options : [d.best, d.chosen];
    // A keep is one option whatever box it names (a roll with all five held names none).
    const same = (a, b) =>
      JSON.stringify(a.keep ?? null) === JSON.stringify(b.keep ?? null) &&
      (Array.isArray(a.keep) || (a.box ?? null) === (b.box ?? null));
    const fold = options.length > FIRST_OPTIONS + 3; // not worth a button for one or two rows
    options.forEach((option, rank) => {
      const tr = make("tr");
      const isChosen = same(option, d.chosen);
      const isBest = same(option, d.best);
      if (isChosen) tr.classList.add("chosen");
      if (isBest) tr.classList.add("best");
      if (fold && rank >= FIRST_OPTIONS && !isChosen && !isBest) tr.classList.add("rv-extra");
      const shown = isChosen ? d.chosen : option; // a roll with all five held differs from the stop
      const name = make("td", "rv-option", describe(shown));
      if (isBest) name.append(make("span", "rv-tag best", d.risk ? "期望最高" : "最佳"));
      if (isChosen) name.append(make("span", "rv-tag chosen", "实际选择"));
      const diff = shortfall(d.best.ev, shown.ev, digits);
      const gap = diff >= 10 ** -digits / 2 ? `−${diff.toFixed(digits)}` : "0";
      tr.append(name, make("td", "num", shown.ev.toFixed(digits)), make("td", "num", gap));
      body.append(tr);
    });
    table.append(thead, body);
    wrap.append(table);
    const hidden = body.querySelectorAll("tr.rv-extra").length;
    if (hidden) {
      table.classList.add("folded");
      const more = button("secondary rv-show-options", `显示全部 ${options.length} 个选择`);
      more.addEventListener("click", () => {
        table.classList.remove("folded");
        more.remove();
      });
      wrap.append(more);
    }
    return wrap;
  }

  // Every decision in order: the dice, the choice, the roll's luck, the loss, hints marked.
  allSection(review, who) {
    const details = make("details", "rv-card rv-all");
    details.append(make("summary", "", `全部 ${review.decisions.length} 次决策（逐步看运气和失误）`));
    const table = make("table", "rv-all-table");
    const thead = columnHeads(["回合", "骰子", `${who}的选择`, "运气", "失误"]);
    const body = make("tbody");
    review.decisions.forEach((d) => {
      const tr = make("tr", d.optimal ? "" : d.risk ? "risk" : "lost"); // a risk is no mistake
      // 「3·2」 on screen (the column says 回合); a screen reader reads the words instead.
      const turn = make("th", "num");
      const short = make("span", "", `${d.turn}·${d.roll}`);
      short.setAttribute("aria-hidden", "true");
      turn.append(short, make("span", "visually-hidden", when(d)));
      turn.scope = "row";
      turn.title = when(d);
      const choice = make("td", "rv-option", describe(d.chosen));
      if (d.hinted) choice.append(hintTag());
      if (d.risk) choice.append(riskTag(d));
      tr.append(
        turn,
        make("td", "", ""),
        choice,
        make("td", `num ${d.luck >= 0 ? "good" : "bad"}`, signed(d.luck)),
        make("td", "num", d.optimal || d.risk ? "0" : `−${lossText(d)}`),
      );
      tr.children[1].append(miniDice(d.dice));
      body.append(tr);
    });
    table.append(thead, body);
    details.append(table);
    return details;
  }

  // Open mistake `index` (from a chart mark) and scroll it into view.
  reveal(index) {
    const item = this.body.querySelector(`#rv-decision-${index}`);
    if (!item) return;
    if (this.unfold) this.unfold();
    item.open = true;
    item.scrollIntoView({ block: "start", behavior: "auto" });
    item.querySelector("summary").focus({ preventScroll: true });
  }

  // ---------------------------------------------------------------- the history of games

  // Show the trend and the list of past games (newest first).
  showHistory(history) {
    this.stopCharts();
    this.token += 1;
    this.history = history;
    const { entries, problem, stored, onReview, onFile, refresh } = history;
    this.dialog.dataset.view = "history";
    this.title.textContent = "复盘与历史";
    this.back.hidden = true;
    this.switch.hidden = true;
    this.exportButton.hidden = true;
    this.historyButton.hidden = true;
    this.onExport = null;
    this.open();
    if (problem) this.error(problem);
    const reviewed = entries.filter((e) => e.average !== null);
    const parts = [this.trendSection(reviewed, entries.length), this.gamesSection(entries, stored, onReview), this.fileSection(onFile)];
    this.body.replaceChildren(...parts);
    this.body.setAttribute("aria-busy", "false");
    // Games whose review failed earlier (offline) get their figures now, one at a time.
    const missing = entries.filter((e) => e.average === null && stored.has(e.id));
    if (missing.length && refresh) this.fillMissing(missing, refresh);
  }

  // Ask for the missing review figures, then redraw the history once, where the player was.
  // Only figures that were kept count: when the history cannot be written (storage full) the
  // rows stay missing, and a redraw would ask for them again, and again.
  async fillMissing(missing, refresh) {
    const token = this.token;
    let changed = false;
    for (const entry of missing) {
      try {
        const updated = await refresh(entry.id);
        if (updated && updated.average !== null) {
          Object.assign(entry, updated);
          changed = true;
        }
      } catch {
        return;
      }
      if (token !== this.token) return;
    }
    if (!changed || token !== this.token || !this.dialog.open) return;
    const top = this.dialog.scrollTop;
    const active = document.activeElement;
    const row = active && this.body.contains(active) ? active.closest("tr[data-id]") : null;
    this.showHistory(this.history);
    this.dialog.scrollTop = top;
    const again = row && this.body.querySelector(`tr[data-id="${CSS.escape(row.dataset.id)}"] button`);
    if (again) again.focus({ preventScroll: true });
  }

  // The trend of loss per decision across games, with the expert line at 0.2.
  trendSection(reviewed, total) {
    const section = make("section", "rv-card rv-trend");
    section.append(make("h3", "", "平均每步失误走势"));
    if (!total) {
      section.append(make("p", "rv-empty", "还没有记录。打完一局，这里会记下得分、运气和失误，看得出自己的进步。"));
      return section;
    }
    const [recent, before] = trendWindows(reviewed);
    const words = make("p", "rv-trend-text");
    if (recent.length) {
      let text = `共 ${total} 局 · 最近 ${recent.length} 局平均每步失误 ${meanOf(recent).toFixed(2)} 分`;
      if (before.length) {
        const drop = meanOf(before) - meanOf(recent);
        text += drop >= PROGRESS - ROUNDOFF ? `，比之前 ${before.length} 局少了 ${drop.toFixed(2)} 分，进步了` : `，之前 ${before.length} 局是 ${meanOf(before).toFixed(2)} 分`;
      }
      words.textContent = `${text}（低于 0.2 为高手水平）`;
    } else {
      words.textContent = `共 ${total} 局`;
    }
    section.append(words);
    if (recent.length) section.append(this.evenLuckText(recent, before));
    if (reviewed.length < 2) {
      section.append(make("p", "rv-empty", "再打一局就能看到走势。"));
      return section;
    }
    const box = make("div", "rv-chart");
    section.append(box);
    const points = reviewed.map((e, i) => [i + 1, e.average]);
    const smooth = reviewed.map((_, i) => {
      const window = reviewed.slice(Math.max(0, i - 4), i + 1);
      return [i + 1, meanOf(window)];
    });
    const top = Math.max(0.5, ...points.map(([, y]) => y));
    this.chart(box, (width) => {
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
        lines: [{ points, className: "games" }, { points: smooth, className: "smooth" }],
        refs: [{ y: EXPERT_LOSS, text: "高手线 0.2", className: "expert" }],
        dots: reviewed.map((e, i) => ({
          x: i + 1,
          y: e.average,
          r: 3.5,
          className: "chart-dot",
          title: `${shortDate(e.date)} ${modeText(e.mode, e.difficulty)} ${e.total} 分：平均每步失误 ${e.average.toFixed(2)}`,
        })),
      });
    });
    section.append(make("p", "rv-axis", "横轴：第几局（从旧到新）"));
    section.append(legend([["games", "每局"], ["smooth", "最近 5 局平均"], ["expert", "高手线（0.2）"]]));
    return section;
  }

  // The same games in points, luck taken out: what the player scores with average dice, which is
  // the product's promise (「同样的运气能比之前多打出几十分」). A score is the start's expected
  // total plus luck minus what was given up, so score − luck is the start less the losses.
  evenLuckText(recent, before) {
    const even = (e) => e.total - e.luck;
    const best = meanOf(recent, (e) => e.total - e.luck + e.loss + (e.risk ?? 0));
    let text = `去掉运气的得分（得分 − 运气）：最近 ${recent.length} 局平均 ${meanOf(recent, even).toFixed(1)} 分`;
    if (before.length) {
      const change = meanOf(recent, even) - meanOf(before, even);
      text += Math.abs(change) < PROGRESS_POINTS - ROUNDOFF ? `，和之前 ${before.length} 局差不多` : `，比之前 ${before.length} 局${change > 0 ? "多" : "少"} ${Math.abs(change).toFixed(1)} 分`;
    }
    // 求胜取舍 gives expected points up on purpose, so the reference is the expected-score best.
    return make("p", "rv-even-luck", `${text}（每步都选期望总分最高的一项，平均是 ${best.toFixed(1)} 分）`);
  }

  // The list of past games, newest first, with 复盘 for the ones kept whole.
  gamesSection(entries, stored, onReview) {
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
    for (const e of [...entries].reverse()) {
      const tr = make("tr");
      tr.dataset.id = e.id;
      const first = make("th", "rv-when-cell");
      first.scope = "row";
      const outcome = e.outcome ? `\u00a0·\u00a0${OUTCOMES[e.outcome]}` : ""; // 「负」 not alone
      first.append(make("span", "rv-date num", shortDate(e.date)), make("span", "rv-mode", `${modeText(e.mode, e.difficulty)}${outcome}`));
      const missing = e.average === null;
      tr.append(
        first,
        make("td", "num rv-total", String(e.total)),
        make("td", "num", missing ? "—" : signed(e.luck)),
        this.lossCell(e, missing),
        make("td", `num rv-avg${!missing && e.average < EXPERT_LOSS ? " expert" : ""}`, missing ? "—" : e.average.toFixed(2)),
      );
      const cell = make("td", "rv-action");
      if (stored.has(e.id)) {
        const b = button("secondary rv-open", "复盘");
        b.setAttribute("aria-label", `复盘 ${shortDate(e.date)} ${e.total} 分这一局`);
        b.addEventListener("click", () => onReview(e.id));
        cell.append(b);
      }
      tr.append(cell);
      body.append(tr);
    }
    table.append(thead, body);
    section.append(table);
    section.append(make("p", "rv-note", "最近 10 局保存了完整过程，可以再次复盘或导出；更早的只保留总结。"));
    return section;
  }

  // A past game's 失误, with what its deliberate risks cost on a line of its own, so that
  // luck, mistakes and risks still account for the score.
  lossCell(entry, missing) {
    const cell = make("td", "num", missing ? "—" : entry.loss.toFixed(1));
    if (!missing && entry.risk >= 0.05) {
      const risk = make("span", "rv-risk-line", `取舍 ${entry.risk.toFixed(1)}`);
      risk.title = "求胜取舍：按高手求胜的打法少拿的期望分，不算失误";
      cell.append(risk);
    }
    return cell;
  }

  // 「打开对局文件」 inside the history view.
  fileSection(onFile) {
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
}

const MAX_FILE_BYTES = 64 * 1024;

// The Chinese part of an API error message (the English detail after "：" is for developers).
function shortMessage(error) {
  const full = error && error.message ? error.message : "出错了，请再试一次";
  const cut = full.indexOf("：");
  return cut > 0 && /[A-Za-z]/.test(full.slice(cut + 1)) ? full.slice(0, cut) : full;
}

// What the review buttons do once this module is loaded: ask the server for reviews, show the
// dialog on a game or on the history, read game files. `hub` is history.js's Reviews: the
// history store, the API, the page's message line and the download of a game.
export class ReviewController {
  // Build the dialog.
  constructor(hub) {
    this.hub = hub;
    this.dialog = new ReviewDialog(hub.doc);
  }

  // Show the review of `game`; `answers` holds review promises already asked for, by side;
  // `id` names the game's history entry, whose figures are filled in if they were missing.
  openGame(game, answers = {}, id = null) {
    const ask = (side) => {
      if (!answers[side]) answers[side] = this.hub.api.review(game, side);
      const answer = answers[side];
      answer.then(
        (review) => {
          if (side === "player" && id) this.hub.recordReview(id, game, review);
        },
        () => {
          if (answers[side] === answer) delete answers[side]; // 再试一次 asks again
        },
      );
      return answer;
    };
    this.dialog.showReview({
      game,
      ask,
      errorText: shortMessage,
      onExport: () => this.hub.download(game, id),
      onHistory: () => this.openHistory(),
    });
  }

  // The trend and the list of past games, read afresh (another tab may have added some).
  openHistory() {
    const hub = this.hub;
    const { entries, problem } = hub.store.load();
    hub.entries = entries;
    hub.renderLobbyLine();
    this.dialog.showHistory({
      entries,
      problem,
      stored: new Set(hub.store.games().map((g) => g.id)),
      onReview: (id) => {
        const game = hub.store.game(id);
        if (game) this.openGame(game, {}, id);
      },
      onFile: (input) => this.openFile(input),
      refresh: (id) => this.refresh(id),
    });
  }

  // Ask again for the review figures of a kept game whose review failed before (offline).
  async refresh(id) {
    const hub = this.hub;
    const game = hub.store.game(id);
    if (!game) return null;
    const review = await hub.api.review(game, "player");
    hub.recordReview(id, game, review);
    return hub.entries.find((e) => e.id === id) || null;
  }

  // 「打开对局文件」: read a game JSON file and show its review; a bad file gets one line.
  async openFile(input) {
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    const say = (text, title = "") => {
      if (this.dialog.isOpen()) this.dialog.error(text, title);
      else this.hub.message(text, title);
    };
    if (file.size > MAX_FILE_BYTES) {
      say("打开失败：这个文件太大，不是本站导出的对局文件");
      return;
    }
    let game;
    try {
      game = JSON.parse(await file.text());
    } catch {
      say("打开失败：这个文件不是对局文件（内容不是有效的 JSON）");
      return;
    }
    if (!game || typeof game !== "object" || Array.isArray(game)) {
      say("打开失败：这个文件不是对局文件");
      return;
    }
    const answer = this.hub.api.review(game, "player");
    try {
      await answer;
    } catch (error) {
      say(`打开失败：${shortMessage(error)}`, error && error.message ? error.message : "");
      return;
    }
    this.openGame(game, { player: answer });
  }
}
