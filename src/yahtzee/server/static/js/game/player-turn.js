// The player's moves on the board: roll, hold a die, score a box, ask for a hint. Each request
// goes through the request helper, so none starts while another is out.

import { personInTurn } from "../lib/seats.js";
import { TERMS } from "../lib/terms.js";
import { rollMs, sleep } from "../lib/timing.js";
import { clearHint, diceIndexes, holdsAll } from "./board.js";

export class PlayerTurn {
  // `board` is the game on screen (board.js); `requests` the request helper; `api` the server;
  // `ui` the view (startRoll, stopRoll, announce, confirm, inGame); `sound` the sounds;
  // `take(data)` puts the server's answer on the board (false when another tab took the game);
  // `redraw()` draws the board; `blocked()` is true while the board takes no input.
  constructor({ board, requests, api, ui, sound, take, redraw, blocked }) {
    this.board = board;
    this.requests = requests;
    this.api = api;
    this.ui = ui;
    this.sound = sound;
    this.take = take;
    this.redraw = redraw;
    this.blocked = blocked;
  }

  // True when it is the player's turn and the board takes input (nothing in flight, not paused).
  ready() {
    const snap = this.board.snap;
    return Boolean(snap) && !this.blocked() && personInTurn(snap);
  }

  // Roll the dice that are not held (the first roll throws all five).
  async roll() {
    const { board, ui, sound } = this;
    const snap = board.snap;
    if (!snap.can_roll) return;
    if (holdsAll(board)) return; // nothing would move: the status says so
    const hold = snap.dice ? diceIndexes().filter((i) => board.held[i]) : [];
    const moving = diceIndexes().map((i) => !hold.includes(i));
    const ms = rollMs();
    const work = async (wait) => {
      board.lastMove = null;
      clearHint(board);
      this.redraw();
      sound.roll(moving.filter(Boolean).length);
      sound.buzz("roll");
      ui.startRoll(moving, ms);
      const [data] = await wait(Promise.all([this.api.act(board.game, { type: "roll", hold }), sleep(ms)]));
      ui.stopRoll();
      if (!this.take(data)) return;
      ui.announce(`掷出 ${board.snap.dice.join(" ")}`);
    };
    await this.requests.run("roll", work, { settle: () => ui.stopRoll() });
  }

  // Hold or release die `index` at once (sent with the next roll).
  toggle(index) {
    const snap = this.board.snap;
    if (!this.ready() || !snap.dice || !snap.can_roll) return;
    if (!(index >= 0 && index < TERMS.dice)) return;
    this.board.held[index] = !this.board.held[index];
    this.sound.hold();
    this.redraw();
  }

  // Score box `key`; a zero while other boxes score asks first (the snapshot says when). True
  // when the box was sent and its answer is still current (the game goes on from there).
  async score(key) {
    const board = this.board;
    const snap = board.snap;
    if (!this.ready() || !snap.can_score) return false;
    const seat = snap.current;
    const side = snap.sides[seat];
    const box = side.boxes.find((b) => b.key === key);
    if (!box || !box.allowed) return false;
    if (box.confirm) {
      const ok = await this.ui.confirm(
        `「${box.name}」现在登记只得 0 分，而别的格子还能得分。确定登记 0 分吗？`,
        "登记 0 分",
      );
      if (!ok || board.snap !== snap || this.blocked()) return false;
    }
    const work = async (wait) => {
      board.pendingBox = key;
      board.hintBox = null;
      board.hintText = null;
      board.hintReason = null;
      this.redraw();
      const data = await wait(this.api.act(board.game, { type: "score", box: key }));
      if (this.take(data)) this.scored(box, side, seat);
    };
    const outcome = await this.requests.run("score", work, { settle: () => (board.pendingBox = null) });
    return outcome !== "stale";
  }

  // Sound and say what scoring `box` brought: its points, any bonus, the new total. `before` is
  // the side of seat `seat` as it was before.
  scored(box, before, seat) {
    const { ui, sound } = this;
    const mine = this.board.snap.sides[seat];
    const scored = mine.boxes.find((b) => b.key === box.key);
    const bonus = mine.yahtzee_bonus - before.yahtzee_bonus;
    if ((box.key === TERMS.yahtzee_box && scored && scored.points > 0) || bonus > 0) {
      sound.fanfare();
      ui.celebrate(box.key); // a 快艇, or a bonus one: a burst from its cell
    } else sound.score();
    sound.buzz("score");
    let bonuses = "";
    if (mine.upper_bonus > before.upper_bonus) bonuses += `，上区奖励 ${mine.upper_bonus} 分`;
    if (bonus > 0) bonuses += `，快艇加成 +${bonus}`;
    ui.announce(`${box.name} 登记 ${scored ? scored.points : 0} 分${bonuses}，总分 ${mine.total}`);
  }

  // Ask for a hint: hold the suggested dice (gold) and/or mark the suggested box.
  async hint() {
    const board = this.board;
    if (!this.ready() || !board.snap.can_hint || !this.ui.inGame()) return;
    const held = board.held.slice();
    const work = async (wait) => {
      this.redraw();
      const data = await wait(this.api.hint(board.game));
      if (!this.take(data)) return;
      const hint = data.hint || {};
      if (Array.isArray(hint.hold) && board.snap.can_roll) {
        board.held = diceIndexes().map((i) => hint.hold.includes(i));
        board.hintDice = new Set(hint.hold);
      } else {
        board.held = held;
      }
      board.hintBox = typeof hint.box === "string" ? hint.box : null;
      board.hintText = typeof hint.text === "string" && hint.text ? hint.text : null;
      board.hintReason = typeof hint.reason === "string" && hint.reason ? hint.reason : null;
    };
    await this.requests.run("hint", work);
  }
}
