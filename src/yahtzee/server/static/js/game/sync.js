// Tab ownership and storage sync. One saved game is played by one tab at a time (TabGuard): a
// tab that another took the game from stops writing and says so, and 「在这里继续」 takes it
// back. What other tabs change in storage (settings, bests, history, the saved game) is
// followed here. The lasting notice says when another tab plays, else when saving fails.

import { HISTORY_KEYS } from "../review/history-store.js";
import { KEYS } from "./store.js";

const NOTICES = {
  tab: "这局游戏已在另一个标签页打开",
  full: "浏览器存储已满，进度无法保存（可以接着玩）",
  unavailable: "浏览器不让保存数据，进度无法保存（可以接着玩）",
};

export class Sync {
  // `store` is the LocalStore, `guard` the TabGuard; `board` the game on screen (board.js);
  // `ui` the view (inGame, message, notice, hideNotice); `halt()` drops what is in flight;
  // `redraw()` draws the board; `showLobby()`, `toLobby()` and `resume()` are the controller's;
  // `follow` holds what to do when another tab changed the settings, the bests or the history.
  // Nothing is read until loadSaved().
  constructor({ store, guard, board, ui, halt, redraw, showLobby, toLobby, resume, follow }) {
    this.store = store;
    this.guard = guard;
    this.board = board;
    this.ui = ui;
    this.halt = halt;
    this.redraw = redraw;
    this.showLobby = showLobby;
    this.toLobby = toLobby;
    this.resume = resume;
    this.follow = follow;
    this.saved = null; // the unfinished game in storage, as this tab knows it (for 「继续」)
    this.asStood = false; // whether that save goes on with its turn as it stood (store.js)
    // Where this tab stands: "free" (no other tab plays), "other" (another tab plays the saved
    // game: the notice offers 在这里继续) or "suspended" (it took this game over from this tab,
    // which writes nothing more).
    this.tab = "free";
  }

  // True while another tab has taken this game over from this one.
  get suspended() {
    return this.tab === "suspended";
  }

  // Read the saved game; the problem in reading it, if any.
  loadSaved() {
    const saved = this.store.loadGame();
    this.saved = saved.game;
    this.asStood = Boolean(saved.game) && this.store.savedAsStood();
    return saved.problem;
  }

  // Hear other tabs (their claims and their storage changes) and say whether one plays now.
  listen() {
    this.guard.listen();
    window.addEventListener("storage", (event) => this.onStorage(event));
    this.tab = this.guard.other() ? "other" : "free";
    this.updateNotice();
  }

  // Save the game in play, or drop the save once the game is finished.
  keep(game, finished) {
    if (finished) {
      this.store.clearGame();
      this.saved = null;
    } else {
      this.store.saveGame(game);
      this.saved = game;
      this.asStood = true; // this page's own copy, whether storage took it or not
    }
  }

  // The game is over and counted: nothing to resume, and other tabs may play again.
  gameOver() {
    this.store.clearGame();
    this.saved = null;
    this.guard.release();
  }

  // Drop a saved game the server refused; the problem's words for the player.
  refuseSaved(text) {
    const problem = this.store.refuseGame(text);
    this.saved = null;
    return problem;
  }

  // Read the saved game again: another tab may have played on or finished it since. A page
  // whose saves fail keeps its own newer copy.
  refreshSaved() {
    if (this.store.trouble && this.saved) return;
    this.saved = this.store.loadGame().game;
    this.asStood = Boolean(this.saved) && this.store.savedAsStood();
  }

  // Back in the lobby: another tab may resume the saved game now.
  leave() {
    if (this.suspended) this.tab = "other";
    this.guard.release();
    this.refreshSaved();
  }

  // True while this tab may write the saved game.
  mayWrite() {
    return this.guard.mayWrite();
  }

  // True (and the notice shown) when another tab is playing the saved game right now.
  blockedByOtherTab() {
    if (!this.guard.other()) return false;
    if (this.tab === "free") this.tab = "other";
    this.updateNotice();
    return true;
  }

  // Another tab claimed or left the saved game: stop writing if it took ours, else update the
  // notice. A game shown without a claim (back from the page cache) claims again if it can.
  checkTabs() {
    if (this.guard.owning) {
      if (!this.guard.mayWrite()) this.suspend();
      return;
    }
    if (this.suspended) return;
    const snap = this.board.snap;
    if (this.ui.inGame() && snap && !snap.finished) {
      if (this.guard.other()) this.suspend();
      else if (this.playedElsewhere()) {
        this.toLobby();
        this.ui.message("这一局在另一个标签页里接着打过了，已回到大厅");
      } else this.guard.claim();
      return;
    }
    this.tab = this.guard.other() ? "other" : "free";
    this.updateNotice();
  }

  // A game back from the page cache may show an old copy: meanwhile another tab played on,
  // finished or dropped the saved game. Playing on here would overwrite the newer save (or
  // count a finished game twice). A tab whose saves fail keeps its own copy, the newer one.
  playedElsewhere() {
    if (this.store.trouble) return false;
    return this.store.read(KEYS.game) !== JSON.stringify(this.board.game);
  }

  // Another tab has taken this game over: stop at once, write nothing more, and say so.
  suspend() {
    this.guard.release();
    this.halt();
    this.tab = "suspended";
    this.updateNotice();
    this.redraw();
  }

  // Play the saved game in this tab from now on (a tab that held it may have gone quiet without
  // letting it go): the other tab stops writing.
  claim() {
    this.guard.claim();
    this.tab = "free";
    this.updateNotice();
  }

  // 「在这里继续」: play the saved game in this tab; the other tab stops writing.
  async takeOver() {
    this.toLobby();
    this.claim(); // first, so the other tab writes nothing after we read the save
    await this.resume();
    if (!this.ui.inGame()) this.guard.release(); // nothing to play here after all
  }

  // Another tab changed the settings, the bests, the history or the saved game: follow it here.
  onStorage(event) {
    const key = event.key; // null: the whole storage was cleared
    if (key === KEYS.settings || key === null) this.follow.settings();
    if (key === HISTORY_KEYS.summaries || key === null) this.follow.history();
    if (key === KEYS.bests || key === null) this.follow.bests();
    if ((key === KEYS.game || key === KEYS.bests || key === null) && !this.ui.inGame()) {
      this.refreshSaved();
      this.showLobby();
    }
  }

  // The lasting notice: another tab playing this game first, else why progress is not saved.
  updateNotice() {
    if (this.tab !== "free") this.ui.notice(NOTICES.tab, "在这里继续");
    else if (this.store.trouble) this.ui.notice(NOTICES[this.store.trouble]);
    else this.ui.hideNotice();
  }
}
