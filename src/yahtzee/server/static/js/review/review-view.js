// The review (复盘) of one game, drawn into the review dialog. Every figure comes from the
// server's review (/api/review, yahtzee.analysis): W is the expected final total under optimal
// play; each roll's luck moves it, each decision's loss lowers it, and
// final total = 开局期望 + Σ运气 − Σ失误. This module only lays those figures out.

import { button, loadStylesheets, make } from "../lib/dom.js";
import { expectedSection, winSection } from "./review-charts.js";
import { allSection, mistakesSection, risksSection } from "./review-decisions.js";
import { sameDiceSection } from "../luck/same-dice-view.js";
import { EXPERT_LOSS, modeText, skill } from "./review-words.js";
import { isPerson, seatsOf } from "../lib/seats.js";
import { levelName } from "../lib/terms.js";
import { pointsText } from "../lib/words.js";
import { glossList } from "../lib/glosses.js";

// A term of the identity line: its name over its figure.
function term(name, value, className) {
  const t = make("span", `rv-term ${className}`);
  t.append(make("small", "", name), make("b", "num", value));
  return t;
}

// The identity: 开局期望 ＋ 运气 − 失误 (− 求胜取舍) ＝ 总分, each term as the server rounds it.
function equationLine(summary, risks) {
  const equation = make("p", "rv-equation");
  const shown = summary.shown;
  // 「＝」 and the total wrap together: 「＝」 never ends a line with 总分 on the next.
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
  return equation;
}

// The skill figures: decisions, optimal ones, risks, losses, hints (the computer takes none).
function statsList(summary, risks, computer) {
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
  if (!computer) stat("用了提示", `${summary.hinted} 次`, "hinted");
  return stats;
}

// How well the side played: advice for a person; for a computer (`level` its key) only how well
// it played.
function skillLine(summary, computer, level) {
  const grade = skill(summary.average_loss);
  const average = summary.average_loss.toFixed(2);
  const text = computer
    ? `${levelName(level)}电脑平均每步失误 ${average} 分（不到 ${EXPERT_LOSS} 分是高手水平）`
    : grade.text;
  return make("p", `rv-skill ${grade.level}`, text);
}

// What the figures mean: the dice's luck in words, and how the terms make up the score.
function explanation(summary, who, risks) {
  const luck = Math.abs(summary.luck);
  const dice =
    luck < 0.5
      ? "这局的骰子不好不坏，和平均差不多。"
      : `这局的骰子比平均${summary.luck < 0 ? "少" : "多"}给了${who}约 ${luck.toFixed(0)} 分：这是运气，和打法无关。`;
  // What 运气, 失误 and 求胜取舍 each are follows in the glossary's lines (summarySection).
  const total = `${who}的总分正好等于开局期望加运气减失误${risks ? "和求胜取舍" : ""}。`;
  return make("p", "rv-explain", `${dice}开局期望是按最优打法从头打到尾平均能拿的分。${total}`);
}

// The identity line and the skill figures of one seat (`seat`: {name, player}).
function summarySection(summary, who, seat) {
  const risks = summary.risks || 0; // deliberate risks (人机对战): not mistakes, counted apart
  const computer = !isPerson(seat);
  const section = make("section", "rv-card rv-summary");
  section.setAttribute("aria-label", "复盘总结");
  section.append(equationLine(summary, risks));
  const gap = summary.shown.gap; // what the rounded terms miss the total by
  if (gap) section.append(make("p", "rv-note rv-rounding", `各项已四舍五入，相加与总分差 ${gap}`));
  section.append(statsList(summary, risks, computer));
  if (summary.decisions) section.append(skillLine(summary, computer, seat.player));
  section.append(explanation(summary, who, risks));
  // What each word of the identity means, a line each (the terms' glossary).
  section.append(glossList(["expected", "luck", "loss", "average_loss", ...(risks ? ["risk"] : [])]));
  return section;
}

// The line over the review: the game's mode and the score (人机对战: both sides'), the seat's
// place at a table, and whether the game was finished.
function subLine(game, review, who, place) {
  const sub = make("p", "rv-sub");
  const totals = (game.sides || []).map((s) => (s && s.totals ? s.totals.total : null));
  let score = `${who}的 ${review.summary.final_total} 分`;
  if (game.mode === "vs" && totals.length === 2) score = `你 ${totals[0]} 分 : 电脑 ${totals[1]} 分`;
  if (game.mode === "table" && place) score += `，第 ${place} 名`;
  sub.append(`${modeText(game.mode, game.difficulty)} · ${score}`);
  if (!game.finished) sub.append("（未打完）");
  return sub;
}

export class ReviewView {
  // Draw into `shell` (a ReviewDialog); its buttons (你 / 电脑, or the seats' names) switch the
  // seat shown.
  constructor(shell) {
    this.shell = shell;
    this.body = shell.body;
    this.unfold = () => {}; // shows the mistakes a long list hides
    shell.onSide = (side) => this.chooseSide(side);
    this.body.addEventListener("click", (event) => {
      const opener = event.target.closest("[data-explore]");
      if (opener) this.explore(Number(opener.dataset.explore));
      else if (event.target.closest('[data-practice="explore-back"]')) this.backFromExplore();
    });
  }

  // 研究: the position of decision `index` in the explorer (loaded on first use), where any
  // sheet, dice and rolls left can be set; 返回 comes back to the review.
  async explore(index) {
    const d = this.review && this.review.decisions[index];
    if (!d) return;
    const token = ++this.shell.token;
    const [{ Explorer }] = await Promise.all([
      import("../practice/practice-explore.js"),
      loadStylesheets(document, "practice.css"),
    ]);
    if (token !== this.shell.token) return;
    this.shell.stopCharts();
    this.explored = index; // 返回 comes back to it
    const box = make("div", "practice-explore rv-explorer");
    this.body.replaceChildren(box);
    this.shell.dialog.scrollTop = 0; // the explorer opens at its top, not where the review was
    const position = { sheet: d.sheet, yahtzee_bonus: d.yahtzee_bonus, dice: d.dice, rolls_left: d.rolls_left };
    new Explorer(box, this.explorePosition).open(position);
    box.querySelector("button").focus({ preventScroll: true });
  }

  // 返回 from the explorer: the review again, at the decision it was opened from (unfolded, in
  // the middle of the screen, its 研究 focused), not at the review's top.
  async backFromExplore() {
    const index = this.explored;
    await this.chooseSide(this.side);
    const opener = this.body.querySelector(`[data-explore="${index}"]`);
    if (!opener) return;
    const fold = opener.closest("details");
    if (fold) fold.open = true;
    opener.scrollIntoView({ block: "center" });
    opener.focus({ preventScroll: true });
  }

  // Show the review of `game`, seat `seat` first: `ask(seat)` returns the server's review (a
  // promise). `back` when the history was opened before: its button then leads back to it.
  show({ game, seat = 0, ask, sameDice, explore, errorText, onExport, onHistory, back }) {
    const shell = this.shell;
    shell.stopCharts();
    this.game = game;
    this.seats = seatsOf(game);
    this.ask = ask;
    this.sameDice = sameDice;
    this.explorePosition = explore;
    this.errorText = errorText;
    shell.onExport = onExport;
    shell.onHistory = onHistory;
    shell.setHead({
      view: "review",
      title: "复盘",
      back,
      sides: this.seats.length > 1,
      exportable: true,
      history: !back,
    });
    shell.setSides(this.seats.map((s) => s.name));
    shell.open();
    this.chooseSide(seat);
  }

  // Switch to the decisions of seat `side` (an index).
  async chooseSide(side) {
    const shell = this.shell;
    shell.pressSide(side);
    const token = ++shell.token;
    shell.stopCharts();
    this.body.replaceChildren(make("p", "rv-loading", "复盘生成中…"));
    this.body.setAttribute("aria-busy", "true");
    try {
      const review = await this.ask(side);
      if (token !== shell.token) return;
      this.render(review, side);
    } catch (error) {
      if (token !== shell.token) return;
      const failed = make("div", "rv-failed");
      failed.append(make("p", "", `复盘生成失败：${this.errorText(error)}`));
      const retry = button("secondary", "再试一次");
      retry.addEventListener("click", () => this.chooseSide(side));
      failed.append(retry);
      this.body.replaceChildren(failed);
    } finally {
      if (token === shell.token) this.body.setAttribute("aria-busy", "false");
    }
  }

  // 高手同骰 for a finished game on a dice record, beside seat `seat`: a card filled in when the
  // server answers.
  sameDiceCard(seat) {
    const game = this.game;
    if (!game.finished || !game.record) return [];
    const card = make("section", "rv-card rv-same-dice");
    card.append(make("h3", "", "高手同骰：高手打你这一局的骰子"), make("p", "rv-loading", "计算中…"));
    this.sameDice(seat).then(
      (answer) => card.lastChild.replaceWith(sameDiceSection(answer)),
      (error) => (card.lastChild.textContent = `暂时算不出来：${this.errorText(error)}`),
    );
    return [card];
  }

  // Lay out one seat's review: summary, charts, costliest mistakes, risks, every decision.
  render(review, side) {
    this.review = review;
    this.side = side;
    const game = this.game;
    const seat = this.seats[side] || { name: "", player: "" };
    const who = seat.name; // 你 or 电脑 in 单人挑战 and 人机对战
    const table = game.mode === "table";
    const places = review.seats ? review.seats.map((s) => s.place) : [];
    const sub = subLine(game, review, who, places[side]);
    const chart = (box, draw) => this.shell.chart(box, draw);
    const summary = summarySection(review.summary, who, seat);
    const expected = expectedSection(review, chart, (index) => this.reveal(index));
    const names = this.seats.map((s) => s.name);
    const shown = table ? side : 0; // 人机对战's chart is the player's, whichever side is shown
    const view = { seat: shown, who: names[shown], names, place: places[shown], table };
    const win = review.win_curve ? [winSection(review.win_curve, chart, view)] : [];
    const mistakes = mistakesSection(review, who);
    this.unfold = mistakes.unfold;
    const computer = !isPerson(seat);
    const risks = review.risks && review.risks.length ? [risksSection(review, who, computer)] : [];
    const same = computer ? [] : this.sameDiceCard(side);
    this.body.replaceChildren(
      sub,
      summary,
      ...same,
      expected,
      ...win,
      mistakes.section,
      ...risks,
      allSection(review, who),
    );
  }

  // Open mistake `index` (from a chart mark) and scroll it into view.
  reveal(index) {
    const item = this.body.querySelector(`#rv-decision-${index}`);
    if (!item) return;
    this.unfold();
    item.open = true;
    item.scrollIntoView({ block: "start", behavior: "auto" });
    item.querySelector("summary").focus({ preventScroll: true });
  }
}
