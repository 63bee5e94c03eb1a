// A round of 练习: draw it from the server, show each position, take the player's answer (hold
// dice and 再掷, or choose a box; by touch, mouse or keys), grade it on the server, show the
// feedback, and after the last position the summary; the finished round goes into the progress
// (practice.js keeps it).

import { Explorer } from "./practice-explore.js";
import { drawSummary } from "./practice-summary.js";
import { PracticeView } from "./practice-view.js";

const DICE = 5;
const TEXT_INPUT = "input, textarea, select, [contenteditable=''], [contenteditable='true']";

// Positions of `dice` showing the faces of `keep` (leftmost first), for marking the best keep.
function positionsOf(keep, dice) {
  const wanted = [...keep];
  const out = [];
  dice.forEach((face, i) => {
    const at = wanted.indexOf(face);
    if (at >= 0) {
      wanted.splice(at, 1);
      out.push(i);
    }
  });
  return out;
}

export class PracticeRound {
  // `host` is the lobby's Practice (practice.js): api, message, store of progress, lobby.
  constructor(host) {
    this.host = host;
    this.doc = host.doc;
    this.view = new PracticeView(this.doc, this.doc.getElementById("practice"));
    this.round = null; // the server's round: {seed, theme, theme_zh, positions}
    this.index = 0;
    this.held = Array(DICE).fill(false);
    this.graded = null; // the grade of the current position, once answered
    this.chosenBox = null;
    this.answers = [];
    this.busy = false;
    this.token = 0; // answers to requests of an abandoned round are ignored
    this.view.section.addEventListener("click", (event) => this.onClick(event));
    this.doc.addEventListener("keydown", (event) => this.onKey(event));
  }

  // Draw a round of `theme` and show its first position.
  async begin(theme) {
    const token = ++this.token;
    this.view.show();
    this.view.loading("正在出题…");
    let round;
    try {
      round = await this.host.api.post("/api/practice/round", { theme }, false);
    } catch (error) {
      if (token !== this.token) return;
      this.leave();
      this.host.message(`练习题没能出好：${error.message}`);
      return;
    }
    if (token !== this.token || !Array.isArray(round.positions) || !round.positions.length) return;
    this.round = round;
    this.index = 0;
    this.answers = [];
    this.show();
  }

  // The position in front of the player.
  get position() {
    return this.round.positions[this.index];
  }

  // Show the current position, nothing held or answered yet.
  show() {
    this.held = Array(DICE).fill(false);
    this.graded = null;
    this.chosenBox = null;
    this.busy = false;
    this.render();
    // The keyboard starts on 再掷, or on the first box when only a box can be chosen.
    const first = this.view.section.querySelector("[data-practice-box]:not(:disabled)");
    const control = this.position.view.can_roll ? this.view.roll : first;
    if (control) control.focus({ preventScroll: true });
  }

  // What to do now, in a few words.
  statusText() {
    if (this.graded) return "";
    if (this.busy) return "评分中…";
    return this.position.view.can_roll ? "点骰子保留，再掷；或直接选一格登记" : "选择一项登记";
  }

  // Redraw the position from the state.
  render() {
    const graded = this.graded;
    const bestDice = graded && graded.best.keep && graded.best.keep.length < DICE ? positionsOf(graded.best.keep, this.position.dice) : [];
    this.view.render({
      position: this.position,
      index: this.index,
      total: this.round.positions.length,
      held: this.held,
      busy: this.busy,
      graded,
      chosenBox: this.chosenBox,
      bestDice,
      status: this.statusText(),
    });
  }

  // True while the position takes an answer.
  open() {
    return Boolean(this.round) && !this.graded && !this.busy && this.view.shown && this.view.summary.hidden;
  }

  // Hold or release die `i` (only while a roll is left).
  toggle(i) {
    if (!this.open() || !this.position.view.can_roll) return;
    this.held[i] = !this.held[i];
    this.render();
  }

  // 再掷: the answer is to hold the dice held now and roll the others.
  roll() {
    if (!this.open() || !this.position.view.can_roll || this.held.every(Boolean)) return;
    const keep = this.position.dice.filter((_, i) => this.held[i]);
    this.answer({ type: "keep", keep });
  }

  // Choosing a box: the answer is to score it now.
  score(key) {
    if (!this.open()) return;
    this.chosenBox = key;
    this.answer({ type: "score", box: key });
  }

  // Send the answer to be graded, then show the feedback.
  async answer(answer) {
    const token = this.token;
    const position = this.position;
    this.busy = true;
    this.render();
    const body = {
      position: { sheet: position.sheet, yahtzee_bonus: position.yahtzee_bonus, dice: position.dice, rolls_left: position.rolls_left },
      answer,
    };
    let graded;
    try {
      graded = await this.host.api.post("/api/practice/grade", body, false);
    } catch (error) {
      if (token !== this.token) return;
      this.busy = false;
      this.chosenBox = null;
      this.render();
      this.host.message(`没能评分：${error.message}`);
      return;
    }
    if (token !== this.token) return;
    this.busy = false;
    this.graded = graded;
    this.answers.push({ theme: position.theme, themeName: position.theme_zh, loss: graded.loss, best: graded.is_best });
    this.render();
    this.view.showFeedback(graded, this.index === this.round.positions.length - 1);
  }

  // 下一题, or the summary after the last position.
  next() {
    if (!this.graded) return;
    if (this.index + 1 < this.round.positions.length) {
      this.index += 1;
      this.show();
      window.scrollTo(0, 0);
      return;
    }
    const round = this.round;
    const progress = this.host.finished({ theme: round.theme, seed: round.seed, answers: this.answers });
    this.round = null;
    this.view.showSummary((box) => drawSummary(box, { theme_zh: round.theme_zh, answers: this.answers }, progress));
    this.lastTheme = round.theme;
  }

  // 研究: the position just answered, in the explorer.
  openExplore() {
    if (!this.graded) return;
    if (!this.explorer) {
      const ask = (position) => this.host.api.explore(position);
      this.explorer = new Explorer(this.view.explore, ask);
    }
    this.view.showExplore();
    this.explorer.open(this.position);
    this.view.explore.querySelector("button").focus({ preventScroll: true });
  }

  // Back from 研究 to the feedback.
  closeExplore() {
    this.view.showPlay(true);
    this.render();
    const next = this.view.feedback.querySelector(".pf-next");
    if (next) next.focus({ preventScroll: true });
  }

  // Back to the lobby; a round left unfinished is not counted.
  leave() {
    this.token += 1;
    this.round = null;
    this.view.hide();
    this.host.showLobby();
  }

  // A click on one of the practice table's buttons.
  onClick(event) {
    const target = event.target.closest("button");
    if (!target || target.disabled) return;
    const data = target.dataset;
    if (event.detail > 0 && (data.practiceDie !== undefined || data.practice === "roll")) target.blur();
    if (data.practiceDie !== undefined) this.toggle(Number(data.practiceDie));
    else if (data.practiceBox) this.score(data.practiceBox);
    else if (data.practice === "roll") this.roll();
    else if (data.practice === "next") this.next();
    else if (data.practice === "lobby") this.leave();
    else if (data.practice === "again") this.begin(this.lastTheme);
    else if (data.practice === "weakest") this.host.onClick(event);
    else if (data.practice === "explore") this.openExplore();
    else if (data.practice === "explore-back") this.closeExplore();
  }

  // Keys while the practice table is shown: 1–5 hold a die, Space/Enter 再掷 (or 下一题 once
  // answered); a focused button handles its own Space/Enter.
  onKey(event) {
    if (!this.view.shown || this.doc.querySelector("dialog[open]")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof Element && target.closest(TEXT_INPUT)) return;
    const key = event.key;
    if (key >= "1" && key <= "5" && key.length === 1) {
      event.preventDefault();
      if (!event.repeat) this.toggle(Number(key) - 1);
    } else if (key === " " || key === "Enter") {
      const active = this.doc.activeElement;
      const onOther = active && active !== this.doc.body && active !== this.view.roll && active.matches("button:not(:disabled), a[href], [tabindex]");
      if (onOther) return;
      event.preventDefault();
      if (event.repeat) return;
      if (this.graded) this.next();
      else this.roll();
    }
  }
}
