// How a game comes to the board: a new one (from the lobby's choices, a dice record to play
// again, today's challenge; with a question first when that abandons an unfinished game) or the
// saved one resumed.

import { personInTurn } from "../lib/seats.js";

export class Starting {
  // `board` is the game on screen (board.js); `requests` the request helper; `api` the server;
  // `sync` tab ownership and the saved game (sync.js); `ui` the view (confirm, message);
  // `choices()` the lobby's choices; `seats()` the settings of the seat editor's table (null once
  // it has said what to put right); `stake(game, action)` asks what giving up a saved game costs
  // when it is a daily challenge's counting try (else ""); `practice()` starts a round of 练习;
  // `enter(data)` puts a new game on the board; `redraw()` draws the board; `showLobby()` shows
  // the lobby; `playComputer()` lets the game go on (the computers play, a person gets the phone).
  constructor({
    board,
    requests,
    api,
    sync,
    ui,
    choices,
    seats,
    stake,
    practice,
    enter,
    redraw,
    showLobby,
    playComputer,
  }) {
    this.board = board;
    this.requests = requests;
    this.api = api;
    this.sync = sync;
    this.ui = ui;
    this.choices = choices;
    this.seats = seats;
    this.stake = stake;
    this.practice = practice;
    this.enter = enter;
    this.redraw = redraw;
    this.showLobby = showLobby;
    this.playComputer = playComputer;
  }

  // Start a game with `settings` after asking, when that discards a saved game (even one another
  // tab is playing: that tab then stops). True when the new game is on the board.
  async asking(settings) {
    const sync = this.sync;
    if (this.requests.busy) return false;
    const elsewhere = sync.blockedByOtherTab();
    sync.refreshSaved();
    if (sync.saved || elsewhere) {
      const stake = this.stake(sync.saved, elsewhere ? "它正在另一个标签页里打，开新的一局" : "开新的一局");
      const plain = elsewhere
        ? "上次没打完的那一局正在另一个标签页里打。开新的一局会放弃它，确定吗？"
        : "开新的一局会放弃上次没打完的那一局，确定吗？";
      const question = stake || plain;
      if (!(await this.ui.confirm(question, stake ? "放弃挑战" : "开新的一局"))) return false;
      if (elsewhere) sync.claim();
    }
    const started = await this.start(settings);
    if (elsewhere && !started) sync.leave(); // the new game never came
    return started;
  }

  // Start a game (or a 练习 round) from the lobby's choices.
  fromLobby() {
    if (this.requests.busy) return false;
    const { mode, difficulty, first } = this.choices();
    if (mode === "practice") return this.practice();
    if (mode === "table") {
      const table = this.seats();
      return table ? this.asking(table) : false;
    }
    const vs = mode === "vs";
    return this.asking({ mode, difficulty: vs ? difficulty : null, first: vs ? first : "me" });
  }

  // Ask the server for a new game with `settings` and show it; true when it is on the board.
  async start(settings) {
    if (this.sync.blockedByOtherTab()) return false;
    const work = async (wait) => {
      this.redraw(); // busy at once: the old board takes no input while the new game comes
      this.enter(await wait(this.api.newGame(settings)));
    };
    const failed = (error) => {
      this.requests.fail(error);
      // The game still shown may be in the computer's turn (重新开始 there): it does not go on
      // by itself, so say so and offer 让电脑继续 instead of 电脑思考中… for good.
      const snap = this.board.snap;
      if (snap && !snap.finished && !personInTurn(snap)) this.board.stopped = true;
    };
    const outcome = await this.requests.run("start", work, { fresh: true, failed });
    // Only a game just entered: after a failure the old game's computer turn must not play on
    // behind the lobby.
    if (outcome === "done") this.playComputer();
    return outcome === "done";
  }

  // Resume the saved game with its turn as it stood: the dice shown, the holds, the rolls used
  // (the dice come from the game's record, so a restarted turn would show the rolls to come). A
  // save from before that (unmarked, store.js) restarts its turn as it always did. A rejected
  // save is set aside.
  async resume() {
    const { requests, sync, ui } = this;
    if (requests.busy) return;
    if (sync.blockedByOtherTab()) return sync.takeOver(); // as the notice's button does
    sync.refreshSaved();
    if (!sync.saved) {
      this.showLobby();
      ui.message("没有可以继续的一局了（可能已在另一个标签页打完）");
      return;
    }
    const work = async (wait) => {
      const answer = sync.asStood ? this.api.view(sync.saved) : this.api.act(sync.saved, { type: "restart_turn" });
      this.enter(await wait(answer));
    };
    const failed = (error) => {
      if (!error.rejected) return requests.fail(error);
      const problem = sync.refuseSaved(
        error.code === "altered_dice"
          ? "上次没打完的一局存档被改动过，骰子和记录对不上，无法继续"
          : "上次没打完的一局数据有误，无法继续",
      );
      this.showLobby();
      ui.message(`${problem}；纪录都还在`, error.message);
    };
    const outcome = await requests.run("resume", work, { fresh: true, failed });
    if (outcome === "done") this.playComputer();
  }
}
