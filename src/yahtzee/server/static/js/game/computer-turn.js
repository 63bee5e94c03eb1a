// The computer's turn, played as a player would see it: a short beat before its first roll, a
// thinking pause (the pace setting) before each keep and each scoring, the kept dice lifted one
// by one, every roll tumbling, the chosen box highlighted before it is written. The server
// decides every step (POST /api/computer); this only paces and draws. Player input is ignored
// meanwhile: the whole turn is one action of the request helper, so the table is busy.
//
// `host` is the GameManager: table, requests, api, ui, sound, settings, render(), setGame(),
// blocked(), finish().

import { chooseMs, computerPause, leadInMs, liftMs, rollMs, sleep } from "../lib/timing.js";

export class ComputerTurn {
  // Nothing is shown until the computer plays.
  constructor(host) {
    this.host = host;
    this.note = null; // what the computer is doing, for the status line
    this.choosing = null; // the box it is about to write (highlighted)
    this.lastMove = null; // what it scored last, until the player rolls
    this.stopped = false; // its last step failed: 「让电脑继续」
  }

  // A game just entered: nothing of an earlier turn shows.
  reset() {
    this.halt();
    this.lastMove = null;
    this.stopped = false;
  }

  // Stop showing the step in progress (its answer is dropped by the request helper).
  halt() {
    this.choosing = null;
    this.note = null;
  }

  // Play the computer's turn (or go on with it after a failed step), then end a finished game.
  async play() {
    const host = this.host;
    const snap = host.table.snap;
    if (!snap || snap.finished || snap.acting === "player" || host.blocked()) return;
    const outcome = await host.requests.run("computer", (wait, live) => this.steps(wait, live), {
      failed: (error) => {
        this.stopped = true;
        host.requests.fail(error);
      },
      settle: () => this.halt(),
    });
    if (outcome !== "stale" && host.table.snap.finished) host.finish();
  }

  // Ask for and show one step after another until the turn is the player's (or the game ends).
  async steps(wait, live) {
    const { table, ui, api } = this.host;
    this.stopped = false;
    while (table.snap && !table.snap.finished && table.snap.acting !== "player") {
      this.note = null; // 电脑思考中…
      this.host.render();
      await wait(ui.untilNoDialog());
      await wait(sleep(table.snap.dice ? computerPause(this.host.settings.current.pace) : leadInMs()));
      await wait(ui.untilNoDialog());
      const data = await wait(api.computerStep(table.game));
      const step = data.step || {};
      if (step.type === "roll") await this.showRoll(data, step, wait, live);
      else await this.showScore(data, step, wait);
      if (!live()) return;
    }
  }

  // One roll of the computer: the dice it keeps lift one by one, then the others tumble.
  async showRoll(data, step, wait, live) {
    const { table, ui, sound } = this.host;
    const hold = Array.isArray(step.hold) ? step.hold : [];
    const first = !table.snap.dice;
    if (!first) {
      table.held = table.held.map((held, i) => held && hold.includes(i));
      this.note = hold.length ? `电脑保留 ${hold.length} 颗骰子` : "电脑一颗也不留";
      this.host.render();
      for (const i of hold) {
        if (table.held[i]) continue;
        await wait(sleep(liftMs()));
        table.held[i] = true;
        sound.hold();
        this.host.render();
      }
      await wait(sleep(liftMs()));
    }
    const ms = rollMs();
    const moving = [0, 1, 2, 3, 4].map((i) => first || !hold.includes(i));
    this.note = "电脑掷骰中…";
    this.host.render();
    sound.roll(moving.filter(Boolean).length);
    ui.startRoll(moving, ms);
    await sleep(ms);
    ui.stopRoll();
    if (!live()) return;
    this.note = null;
    if (!this.host.setGame(data)) return;
    const faces = table.snap.dice.join(" ");
    const kept = hold.map((i) => table.snap.dice[i]).join(" ");
    if (first) ui.announce(`电脑掷出 ${faces}`);
    else ui.announce(`电脑${hold.length ? `保留 ${kept}` : "全部重掷"}，掷出 ${faces}`);
    this.host.render();
  }

  // The computer scores: its box shows the points, highlighted, a moment before they are written.
  async showScore(data, step, wait) {
    const { table, ui, sound } = this.host;
    const index = table.snap.current;
    const box = table.snap.sides[index].boxes.find((b) => b.key === step.box);
    this.choosing = step.box;
    this.note = box ? `电脑登记「${box.name}」${box.preview ?? 0} 分` : "电脑登记";
    this.host.render();
    await wait(sleep(chooseMs()));
    this.halt();
    if (!this.host.setGame(data)) return;
    const after = table.snap.sides[index];
    const written = after.boxes.find((b) => b.key === step.box);
    if (written) ui.announce(`电脑：${written.name} 登记 ${written.points} 分，总分 ${after.total}`);
    // Its highlight lasts a moment and may be below a phone's screen: the status keeps what it
    // scored until the player rolls.
    this.lastMove = written ? `电脑刚登记「${written.name}」${written.points} 分` : null;
    this.host.render();
    sound.score();
    ui.flash(table.snap.sides.length > 1 ? 1 : 0, step.box);
  }
}
