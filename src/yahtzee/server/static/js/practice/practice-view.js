// 练习's board: a position drawn as a game is (the dice tray and the score sheet of ui/dice.js
// and ui/sheet.js, fed the snapshot the server sends with each position), with the feedback after an
// answer. Its buttons carry data-practice-* attributes, so the game's input (input.js) never
// takes them for the game's dice and boxes; practice-round.js listens to them.

import { DiceTray } from "../ui/dice.js";
import { make, button } from "../lib/dom.js";
import { gloss } from "../lib/glosses.js";
import { evText, pointsText } from "../lib/words.js";
import { ScoreSheet } from "../ui/sheet.js";

// An average loss per decision, to 2 decimals (as the review's 平均每步失误).
export function two(value) {
  return value.toFixed(2);
}

// The figures behind a graded answer, folded under 「看数字」: each choice's expected total (one
// decimal, as everywhere), the three best options, the hint's words with its figures, and
// what 期望总分 means.
function figures(graded) {
  const fold = make("details", "pf-figures");
  fold.append(make("summary", "", "看数字（期望总分）"));
  const totals = make("dl", "pf-evs");
  totals.append(
    make("dt", "", "你的选择"),
    make("dd", "", `${graded.chosen.text} · 期望总分 ${evText(graded.chosen.ev)}`),
    make("dt", "", "最优"),
    make("dd", "", `${graded.best.text} · 期望总分 ${evText(graded.best.ev)}`),
  );
  const top = make("ol", "pf-top");
  top.setAttribute("aria-label", "期望总分最高的三项");
  for (const option of graded.top) {
    const item = make("li");
    item.append(make("span", "pf-option", option.text), make("span", "num", evText(option.ev)));
    top.append(item);
  }
  fold.append(totals, top, make("p", "pf-why-figures", graded.why));
  if (gloss("expected")) fold.append(make("p", "pf-gloss", gloss("expected")));
  return fold;
}

export class PracticeView {
  // Build the board inside `section` (the page's #practice).
  constructor(doc, section) {
    this.doc = doc;
    this.section = section;
    const tray = make("div", "tray-area");
    const head = make("div", "practice-head");
    this.count = make("span", "practice-count");
    this.theme = make("span", "practice-theme");
    const leave = button("secondary practice-leave", "回大厅");
    leave.dataset.practice = "lobby";
    head.append(this.count, this.theme, leave);
    this.dice = make("div", "tray");
    this.dice.setAttribute("role", "group");
    this.dice.setAttribute("aria-label", "骰子");
    const row = make("div", "roll-row");
    this.roll = button("primary roll");
    this.roll.dataset.practice = "roll";
    this.status = make("p", "status");
    this.status.setAttribute("aria-live", "polite");
    row.append(this.roll, this.status);
    this.feedback = make("div", "practice-feedback");
    this.feedback.hidden = true;
    tray.append(head, this.dice, row, this.feedback);
    const sheetArea = make("div", "sheet-area");
    const table = make("table", "sheet");
    table.append(make("caption", "visually-hidden", "计分表"));
    sheetArea.append(table);
    this.summary = make("div", "practice-summary");
    this.summary.hidden = true;
    this.explore = make("div", "practice-explore");
    this.explore.hidden = true;
    this.play = [tray, sheetArea];
    section.replaceChildren(tray, sheetArea, this.summary, this.explore);
    // The game's tray and sheet, their dice and boxes named for 练习.
    this.tray = new DiceTray(this.dice, this.roll, { dieData: "practiceDie" });
    this.sheet = new ScoreSheet(table, { boxData: "practiceBox" });
  }

  // Show the practice board in place of the lobby (the topbar keeps its lobby look).
  show() {
    const app = this.doc.getElementById("app");
    app.classList.add("in-practice");
    this.doc.getElementById("lobby").hidden = true;
    this.doc.getElementById("game").hidden = true;
    this.section.hidden = false;
    window.scrollTo(0, 0);
  }

  // Hide it again (the lobby is shown by the game's controller).
  hide() {
    this.doc.getElementById("app").classList.remove("in-practice");
    this.section.hidden = true;
  }

  // True while the practice board is on screen.
  get shown() {
    return !this.section.hidden;
  }

  // Only the loading line, while a round is drawn.
  loading(text) {
    this.showPlay(true);
    this.count.textContent = "";
    this.theme.textContent = "";
    this.status.textContent = text;
    this.roll.textContent = "出题中…";
    this.roll.disabled = true;
    this.feedback.hidden = true;
  }

  // Show the position (and the summary hidden), or the summary alone.
  showPlay(play) {
    for (const part of this.play) part.hidden = !play;
    this.summary.hidden = play;
    this.explore.hidden = true;
  }

  // Show 研究 alone (practice-explore.js fills `this.explore`).
  showExplore() {
    for (const part of this.play) part.hidden = true;
    this.summary.hidden = true;
    this.explore.hidden = false;
    window.scrollTo(0, 0);
  }

  // Draw position `index` of `total`: dice, sheet, what to do, and the feedback once answered.
  // state: {position, index, total, held, busy, graded, chosenBox, bestDice, status}
  render(state) {
    const { position, graded } = state;
    const snap = position.view;
    this.showPlay(true);
    this.count.textContent = `第 ${state.index + 1} / ${state.total} 题`;
    this.theme.textContent = position.theme_zh;
    const busy = state.busy || Boolean(graded);
    const hintDice = new Set(graded ? state.bestDice : []);
    const hintBox = graded && graded.best.box ? graded.best.box : null;
    this.tray.render({ snap, held: state.held, hintDice, busy });
    this.tray.renderRollButton({ snap, busy, held: state.held });
    this.sheet.render({ snap, hintBox, busy, pendingBox: graded ? state.chosenBox : null });
    if (this.status.textContent !== state.status) this.status.textContent = state.status;
    this.feedback.hidden = !graded;
    this.section.dataset.answered = String(Boolean(graded));
  }

  // The feedback after an answer: the verdict, the player's and the best choice, and why in
  // words (the server's `reason`); the figures behind it a tap away: each choice's expected
  // total, the three best options, the hint's words, and what 期望总分 means. `last`: the
  // round's end.
  showFeedback(graded, last) {
    const box = this.feedback;
    box.replaceChildren();
    const verdict = graded.is_best
      ? make("p", "pf-verdict best", "✓ 最优选择")
      : make("p", "pf-verdict miss", `比最优少 ${pointsText(graded.loss)} 分`);
    const list = make("dl", "pf-choices");
    list.append(make("dt", "", "你的选择"), make("dd", "", graded.chosen.text));
    list.append(make("dt", "", "最优"), make("dd", "", graded.best.text));
    const why = make("p", "pf-why", `为什么：${graded.reason || graded.why}`);
    const legend = make("p", "pf-legend", `★ 金色标出的是最优${graded.best.box ? "的格子" : "保留的骰子"}`);
    const next = button("primary pf-next", last ? "看本轮总结" : "下一题");
    next.dataset.practice = "next";
    const explore = button("secondary pf-explore", "研究这个局面");
    explore.dataset.practice = "explore";
    box.append(verdict, list, why, figures(graded), legend, next, explore);
    box.hidden = false;
    next.focus({ preventScroll: true });
    if (box.scrollIntoView) box.scrollIntoView({ block: "nearest" });
  }

  // Draw the summary (practice-summary.js fills `this.summary`).
  showSummary(draw) {
    this.showPlay(false);
    draw(this.summary);
    window.scrollTo(0, 0);
    const first = this.summary.querySelector("button");
    if (first) first.focus({ preventScroll: true });
  }
}
