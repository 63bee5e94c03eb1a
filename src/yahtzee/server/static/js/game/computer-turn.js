// The computer's turn, played as a player would see it: a short beat before its first roll, a
// thinking pause (the pace setting) before each keep and each scoring, the kept dice lifted one
// by one, every roll tumbling, the chosen box highlighted before it is written. The server
// decides every step (POST /api/computer); this only paces and draws. Player input is ignored
// meanwhile: the whole turn is one action of the request helper, so the board is busy. What the
// turn shows (its note, the box it is choosing, its last move, a failed step) is on the board.

import { chooseMs, computerPause, leadInMs, liftMs, rollMs, sleep } from "../lib/timing.js";
import { inTurn, personInTurn } from "../lib/seats.js";
import { diceIndexes } from "./board.js";

export class ComputerTurn {
  // `board` is the game on screen (board.js); `requests` the request helper; `api` the server;
  // `ui` the view (untilNoDialog, startRoll, stopRoll, announce, flash); `sound` the sounds;
  // `pace()` the chosen pace; `take(data)` puts the server's answer on the board (false when
  // another tab took the game); `redraw()` draws the board; `blocked()` is true while the board
  // takes no input; `finish()` ends a finished game.
  constructor({ board, requests, api, ui, sound, pace, take, redraw, blocked, finish }) {
    this.board = board;
    this.requests = requests;
    this.api = api;
    this.ui = ui;
    this.sound = sound;
    this.pace = pace;
    this.take = take;
    this.redraw = redraw;
    this.blocked = blocked;
    this.finish = finish;
  }

  // A game just entered: nothing of an earlier turn shows.
  reset() {
    this.halt();
    this.board.lastMove = null;
    this.board.stopped = false;
  }

  // Stop showing the step in progress (its answer is dropped by the request helper).
  halt() {
    this.board.choosing = null;
    this.board.computerNote = null;
  }

  // Play the computer's turn (or go on with it after a failed step), then end a finished game.
  async play() {
    const board = this.board;
    const snap = board.snap;
    if (!snap || snap.finished || personInTurn(snap) || this.blocked()) return;
    const outcome = await this.requests.run("computer", (wait, live) => this.steps(wait, live), {
      failed: (error) => {
        board.stopped = true;
        this.requests.fail(error);
      },
      settle: () => this.halt(),
    });
    if (outcome !== "stale" && board.snap.finished) this.finish();
  }

  // Ask for and show one step after another until the turn is the player's (or the game ends).
  async steps(wait, live) {
    const { board, ui } = this;
    board.stopped = false;
    while (board.snap && !board.snap.finished && !personInTurn(board.snap)) {
      board.computerNote = null; // 电脑思考中…
      this.redraw();
      await wait(ui.untilNoDialog());
      await wait(sleep(board.snap.dice ? computerPause(this.pace()) : leadInMs()));
      await wait(ui.untilNoDialog());
      const data = await wait(this.api.computerStep(board.game));
      const step = data.step || {};
      if (step.type === "roll") await this.showRoll(data, step, wait, live);
      else await this.showScore(data, step, wait);
      if (!live()) return;
    }
  }

  // The name of the computer in turn (电脑 in 人机对战, its seat's name at a table).
  get name() {
    return inTurn(this.board.snap).name;
  }

  // The dice the computer keeps lift one by one (not on its first roll).
  async lift(hold, wait) {
    const { board, name } = this;
    board.held = board.held.map((held, i) => held && hold.includes(i));
    board.computerNote = hold.length ? `${name}保留 ${hold.length} 颗骰子` : `${name}一颗也不留`;
    this.redraw();
    for (const i of hold) {
      if (board.held[i]) continue;
      await wait(sleep(liftMs()));
      board.held[i] = true;
      this.sound.hold();
      this.redraw();
    }
    await wait(sleep(liftMs()));
  }

  // One roll of the computer: the dice it keeps lift one by one, then the others tumble.
  async showRoll(data, step, wait, live) {
    const { board, ui, name } = this;
    const hold = Array.isArray(step.hold) ? step.hold : [];
    const first = !board.snap.dice;
    if (!first) await this.lift(hold, wait);
    const ms = rollMs();
    const moving = diceIndexes().map((i) => first || !hold.includes(i));
    board.computerNote = `${name}掷骰中…`;
    this.redraw();
    this.sound.roll(moving.filter(Boolean).length);
    ui.startRoll(moving, ms);
    await sleep(ms);
    ui.stopRoll();
    if (!live()) return;
    board.computerNote = null;
    if (!this.take(data)) return;
    const faces = board.snap.dice.join(" ");
    const kept = hold.map((i) => board.snap.dice[i]).join(" ");
    if (first) ui.announce(`${name}掷出 ${faces}`);
    else ui.announce(`${name}${hold.length ? `保留 ${kept}` : "全部重掷"}，掷出 ${faces}`);
    this.redraw();
  }

  // The computer scores: its box shows the points, highlighted, a moment before they are written.
  async showScore(data, step, wait) {
    const { board, ui, name } = this;
    const index = board.snap.current;
    const box = board.snap.sides[index].boxes.find((b) => b.key === step.box);
    board.choosing = step.box;
    board.computerNote = box ? `${name}登记「${box.name}」${box.preview ?? 0} 分` : `${name}登记`;
    this.redraw();
    await wait(sleep(chooseMs()));
    this.halt();
    if (!this.take(data)) return;
    const after = board.snap.sides[index];
    const written = after.boxes.find((b) => b.key === step.box);
    if (written) ui.announce(`${name}：${written.name} 登记 ${written.points} 分，总分 ${after.total}`);
    // Its highlight lasts a moment and may be below a phone's screen: the status keeps what it
    // scored until the player rolls.
    board.lastMove = written ? `${name}刚登记「${written.name}」${written.points} 分` : null;
    this.redraw();
    this.sound.score();
    ui.flash(index, step.box);
  }
}
