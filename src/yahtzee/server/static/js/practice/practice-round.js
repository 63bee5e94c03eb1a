// A round of 练习: draw it from the server, show each position, take the player's answer (hold
// dice and 再掷, or choose a box; by touch, mouse or keys), grade it on the server, show the
// feedback, and after the last position the summary; the finished round goes into the progress
// (practice.js keeps it). Each request goes through the request helper (lib/request.js): an
// answer to a round left or replaced is dropped.

import { boardKey } from "../lib/keys.js";
import { Requests } from "../lib/request.js";
import { TERMS } from "../lib/terms.js";
import { Explorer } from "./practice-explore.js";
import { drawSummary } from "./practice-summary.js";
import { PracticeView } from "./practice-view.js";

const NONE_HELD = Array(TERMS.dice).fill(false);

export class PracticeRound {
  // `api` asks the server; `message(text, title)` shows a one-line message; `finished(entry)`
  // keeps a finished round and returns the progress ({rounds, saved}); `lobby()` shows the lobby
  // again; `weakest()` starts a round of the weakest theme.
  constructor({ doc, api, message, finished, lobby, weakest }) {
    this.doc = doc;
    this.api = api;
    this.message = message;
    this.finished = finished;
    this.lobby = lobby;
    this.weakest = weakest;
    this.view = new PracticeView(doc, doc.getElementById("practice"));
    this.requests = new Requests({ message }, () => this.round && this.render());
    this.round = null; // the server's round: {seed, theme, theme_zh, positions}
    this.index = 0;
    this.held = NONE_HELD.slice();
    this.graded = null; // the grade of the current position, once answered
    this.chosenBox = null;
    this.answers = [];
    this.view.section.addEventListener("click", (event) => this.onClick(event));
    doc.addEventListener("keydown", (event) => this.onKey(event));
  }

  // Draw a round of `theme` and show its first position.
  async begin(theme) {
    this.view.show();
    this.view.loading("正在出题…");
    const work = async (wait) => {
      const round = await wait(this.api.practiceRound(theme));
      if (!Array.isArray(round.positions) || !round.positions.length) return;
      this.round = round;
      this.index = 0;
      this.answers = [];
      this.show();
    };
    const failed = (error) => {
      this.leave();
      this.message(`练习题没能出好：${error.message}`);
    };
    await this.requests.run("round", work, { fresh: true, failed });
  }

  // The position in front of the player.
  get position() {
    return this.round.positions[this.index];
  }

  // True while an answer is being graded.
  get grading() {
    return this.requests.doing === "grade";
  }

  // Show the current position, nothing held or answered yet.
  show() {
    this.held = NONE_HELD.slice();
    this.graded = null;
    this.chosenBox = null;
    this.render();
    // The keyboard starts on 再掷, or on the first box when only a box can be chosen.
    const first = this.view.section.querySelector("[data-practice-box]:not(:disabled)");
    const control = this.position.view.can_roll ? this.view.roll : first;
    if (control) control.focus({ preventScroll: true });
  }

  // What to do now, in a few words.
  statusText() {
    if (this.graded) return "";
    if (this.grading) return "评分中…";
    return this.position.view.can_roll ? "点骰子保留，再掷；或直接选一格登记" : "选择一项登记";
  }

  // Redraw the position from the state. The best keep's dice are marked where the server says
  // they lie; a best box is marked instead.
  render() {
    const graded = this.graded;
    const bestDice = graded && !graded.best.box ? graded.best.hold || [] : [];
    this.view.render({
      position: this.position,
      index: this.index,
      total: this.round.positions.length,
      held: this.held,
      busy: this.grading,
      graded,
      chosenBox: this.chosenBox,
      bestDice,
      status: this.statusText(),
    });
  }

  // True while the position takes an answer.
  open() {
    return Boolean(this.round) && !this.graded && !this.requests.busy && this.view.shown && this.view.summary.hidden;
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
    const position = this.position;
    const { sheet, yahtzee_bonus, dice, rolls_left } = position;
    const work = async (wait) => {
      this.render();
      const graded = await wait(this.api.grade({ sheet, yahtzee_bonus, dice, rolls_left }, answer));
      this.graded = graded;
      const entry = { theme: position.theme, themeName: position.theme_zh, loss: graded.loss, best: graded.is_best };
      this.answers.push(entry);
    };
    const failed = (error) => {
      this.chosenBox = null;
      this.message(`没能评分：${error.message}`);
    };
    const outcome = await this.requests.run("grade", work, { failed });
    if (outcome === "done" && this.graded)
      this.view.showFeedback(this.graded, this.index === this.round.positions.length - 1);
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
    const progress = this.finished({ theme: round.theme, seed: round.seed, answers: this.answers });
    this.round = null;
    this.view.showSummary((box) => drawSummary(box, { theme_zh: round.theme_zh, answers: this.answers }, progress));
    this.lastTheme = round.theme;
  }

  // 研究: the position just answered, in the explorer.
  openExplore() {
    if (!this.graded) return;
    if (!this.explorer) this.explorer = new Explorer(this.view.explore, (position) => this.api.explore(position));
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
    this.requests.halt();
    this.round = null;
    this.view.hide();
    this.lobby();
  }

  // A click on one of the practice board's buttons.
  onClick(event) {
    const target = event.target.closest("button");
    if (!target || target.disabled) return;
    const data = target.dataset;
    if (event.detail > 0 && (data.practiceDie !== undefined || data.practice === "roll")) target.blur();
    if (data.practiceDie !== undefined) this.toggle(Number(data.practiceDie));
    else if (data.practiceBox) this.score(data.practiceBox);
    else this.act(data.practice);
  }

  // What a button of the board (data-practice) asks for.
  act(action) {
    const actions = {
      roll: () => this.roll(),
      next: () => this.next(),
      lobby: () => this.leave(),
      again: () => this.begin(this.lastTheme),
      weakest: () => this.weakest(),
      explore: () => this.openExplore(),
      "explore-back": () => this.closeExplore(),
    };
    if (Object.hasOwn(actions, action)) actions[action]();
  }

  // Keys while the practice board is shown (lib/keys.js): 1–5 hold a die, Space/Enter 再掷 (or
  // 下一题 once answered); a focused button handles its own Space/Enter.
  onKey(event) {
    if (!this.view.shown || this.doc.querySelector("dialog[open]")) return;
    const doc = this.doc;
    const press = boardKey(event, { focused: doc.activeElement, roll: this.view.roll, body: doc.body });
    if (!press || press.name === "hint") return;
    event.preventDefault();
    if (event.repeat) return;
    if (press.name === "toggle") this.toggle(press.index);
    else if (this.graded) this.next();
    else this.roll();
  }
}
