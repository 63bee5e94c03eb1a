// The player's moves on the table: roll, hold a die, score a box, ask for a hint. Each request
// goes through the request helper, so none starts while another is out.
//
// `host` is the GameManager: table, requests, api, ui, sound, computer, render(), setGame(),
// blocked().

import { clearHint, holdsAll } from "./board.js";
import { TERMS } from "../lib/terms.js";
import { rollMs, sleep } from "../lib/timing.js";

export class PlayerTurn {
  // Moves act on the host's table.
  constructor(host) {
    this.host = host;
  }

  // True when it is the player's turn and the table takes input (nothing in flight, not paused).
  ready() {
    const snap = this.host.table.snap;
    return Boolean(snap) && !this.host.blocked() && snap.acting === "player";
  }

  // Roll the dice that are not held (the first roll throws all five).
  async roll() {
    const { table, requests, api, ui, sound } = this.host;
    const snap = table.snap;
    if (!snap.can_roll) return;
    if (holdsAll(table)) return; // nothing would move: the status says so
    const hold = snap.dice ? [0, 1, 2, 3, 4].filter((i) => table.held[i]) : [];
    const moving = [0, 1, 2, 3, 4].map((i) => !hold.includes(i));
    const ms = rollMs();
    const work = async (wait) => {
      this.host.computer.lastMove = null;
      clearHint(table);
      this.host.render();
      sound.roll(moving.filter(Boolean).length);
      sound.buzz("roll");
      ui.startRoll(moving, ms);
      const [data] = await wait(Promise.all([api.act(table.game, { type: "roll", hold }), sleep(ms)]));
      ui.stopRoll();
      if (!this.host.setGame(data)) return;
      ui.announce(`掷出 ${table.snap.dice.join(" ")}`);
    };
    await requests.run("roll", work, { settle: () => ui.stopRoll() });
  }

  // Hold or release die `index` at once (sent with the next roll).
  toggle(index) {
    const snap = this.host.table.snap;
    if (!this.ready() || !snap.dice || !snap.can_roll) return;
    if (!(index >= 0 && index < 5)) return;
    this.host.table.held[index] = !this.host.table.held[index];
    this.host.sound.hold();
    this.host.render();
  }

  // Score box `key`; a zero while other boxes score asks first (the snapshot says when). True
  // when the box was sent and its answer is still current (the game goes on from there).
  async score(key) {
    const { table, requests, api, ui } = this.host;
    const snap = table.snap;
    if (!this.ready() || !snap.can_score) return false;
    const side = snap.sides[snap.current];
    const box = side.boxes.find((b) => b.key === key);
    if (!box || !box.allowed) return false;
    if (box.confirm) {
      const ok = await ui.confirm(
        `「${box.name}」现在登记只得 0 分，而别的格子还能得分。确定登记 0 分吗？`,
        "登记 0 分",
      );
      if (!ok || table.snap !== snap || this.host.blocked()) return false;
    }
    const work = async (wait) => {
      table.pendingBox = key;
      table.hintBox = null;
      table.hintText = null;
      this.host.render();
      const data = await wait(api.act(table.game, { type: "score", box: key }));
      if (this.host.setGame(data)) this.scored(box, side);
    };
    const outcome = await requests.run("score", work, { settle: () => (table.pendingBox = null) });
    return outcome !== "stale";
  }

  // Sound and say what scoring `box` brought: its points, any bonus, the new total. `before` is
  // the player's side as it was before.
  scored(box, before) {
    const { table, ui, sound } = this.host;
    const mine = table.snap.sides[0];
    const scored = mine.boxes.find((b) => b.key === box.key);
    const bonus = mine.yahtzee_bonus - before.yahtzee_bonus;
    if ((box.key === TERMS.yahtzee_box && scored && scored.points > 0) || bonus > 0) sound.fanfare();
    else sound.score();
    sound.buzz("score");
    let bonuses = "";
    if (mine.upper_bonus > before.upper_bonus) bonuses += `，上区奖励 ${mine.upper_bonus} 分`;
    if (bonus > 0) bonuses += `，快艇加成 +${bonus}`;
    ui.announce(`${box.name} 登记 ${scored ? scored.points : 0} 分${bonuses}，总分 ${mine.total}`);
  }

  // Ask for a hint: hold the suggested dice (gold) and/or mark the suggested box.
  async hint() {
    const { table, requests, api, ui } = this.host;
    if (!this.ready() || !table.snap.can_hint || ui.el.game.hidden) return;
    const held = table.held.slice();
    const work = async (wait) => {
      this.host.render();
      const data = await wait(api.hint(table.game));
      if (!this.host.setGame(data)) return;
      const hint = data.hint || {};
      if (Array.isArray(hint.hold) && table.snap.can_roll) {
        table.held = [0, 1, 2, 3, 4].map((i) => hint.hold.includes(i));
        table.hintDice = new Set(hint.hold);
      } else {
        table.held = held;
      }
      table.hintBox = typeof hint.box === "string" ? hint.box : null;
      table.hintText = typeof hint.text === "string" && hint.text ? hint.text : null;
    };
    await requests.run("hint", work);
  }
}
