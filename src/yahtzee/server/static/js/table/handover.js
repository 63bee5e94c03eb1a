// 「轮到 小红」: at a table (和朋友玩 · 同一台设备), when the turn passes to a person, a moment
// that names them shows over the board, so the phone goes to the right hands without a tap. The
// board takes no input meanwhile (the request helper's "handover"); 回大厅 ends it at once.

import { inTurn, personInTurn } from "../lib/seats.js";
import { handoverMs, sleep } from "../lib/timing.js";

export class Handover {
  // `board` is the game on screen (game/board.js); `requests` the request helper; `ui` the view
  // (showHandover, hideHandover, announce); `blocked()` is true while the board takes no input.
  constructor({ board, requests, ui, blocked }) {
    this.board = board;
    this.requests = requests;
    this.ui = ui;
    this.blocked = blocked;
  }

  // Name the person whose turn begins, for a moment, at a table; nothing otherwise (a computer
  // in turn, a turn under way, another kind of game, the board busy).
  async show() {
    const snap = this.board.snap;
    if (!snap || snap.mode !== "table" || snap.finished || snap.dice || this.blocked()) return;
    if (!personInTurn(snap)) return;
    const name = inTurn(snap).name;
    const work = async (wait) => {
      this.ui.showHandover(name);
      this.ui.announce(`轮到 ${name}`);
      try {
        await wait(sleep(handoverMs()));
      } finally {
        this.ui.hideHandover();
      }
    };
    await this.requests.run("handover", work);
  }
}
