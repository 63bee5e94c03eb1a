// One helper for every request to the server: the board is busy while one is out, an answer
// that comes back after 回大厅, 重新开始 or another start is dropped (each of those begins a new
// epoch), and a failure is shown in one line. Nothing is lost by a failure: the game stays as
// the last answer left it.

import { fullMessage, shortMessage } from "./api.js";

// Thrown by wait() when the answer came back stale; the rest of the action is skipped quietly.
const STALE = Symbol("stale");

export class Requests {
  // `ui` shows failures (View.message); `onIdle` redraws the board once an action is over.
  constructor(ui, onIdle) {
    this.ui = ui;
    this.onIdle = onIdle;
    this.doing = null; // the action in flight: "start", "resume", "roll", "score", "hint", "computer", "handover"
    this.epoch = 0;
    this.failure = null; // the message of the last failure still shown, if any
  }

  // True while an action is in flight: the board takes no input.
  get busy() {
    return this.doing !== null;
  }

  // Run `work(wait, live)` as the action `doing`, busy until it ends. Inside it, `wait(promise)`
  // awaits and skips the rest once the answer is stale; `live()` tells whether it still is
  // current. Options: `fresh` starts a new epoch (a new game drops every older answer);
  // `failed(error)` replaces the usual one-line message; `settle()` clears the action's own marks
  // before the redraw. Resolves to "done", "failed" or "stale".
  async run(doing, work, { fresh = false, failed = (error) => this.fail(error), settle = null } = {}) {
    const epoch = fresh ? ++this.epoch : this.epoch;
    const live = () => epoch === this.epoch;
    const wait = async (promise) => {
      const value = await promise;
      if (!live()) throw STALE;
      return value;
    };
    this.doing = doing;
    let outcome = "done";
    try {
      await work(wait, live);
      this.recovered();
    } catch (error) {
      outcome = "failed";
      if (live()) failed(error);
    } finally {
      if (live()) {
        this.doing = null;
        if (settle) settle();
        this.onIdle();
      }
    }
    return live() ? outcome : "stale";
  }

  // Drop whatever is in flight: answers to requests already sent are ignored from now on.
  halt() {
    this.epoch += 1;
    this.doing = null;
  }

  // Show a failed request's message in one line, its English detail only in the tooltip.
  fail(error) {
    this.failure = shortMessage(error);
    this.ui.message(this.failure, fullMessage(error));
  }

  // A request went through: a failure's message still shown (offline, the server away) is out
  // of date, and goes (not covering 提示 and 回大厅 for its full time).
  recovered() {
    if (this.failure === null) return;
    if (this.ui.hideMessage) this.ui.hideMessage(this.failure);
    this.failure = null;
  }
}
