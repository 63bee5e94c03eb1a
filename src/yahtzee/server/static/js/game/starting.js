// How a game comes to the table: a new one (from the lobby's choices, a dice record to play
// again, today's challenge; with a question first when that abandons an unfinished game) or the
// saved one resumed. `host` is the GameManager (controller.js): its api, requests, sync, ui,
// computer and choices, and enter() for the answer.

export class Starting {
  constructor(host) {
    this.host = host;
  }

  // Start a game with `settings` after asking, when that discards a saved game (even one another
  // tab is playing: that tab then stops). True when the new game is on the table.
  async asking(settings) {
    const { requests, sync, ui } = this.host;
    if (requests.busy) return false;
    const elsewhere = sync.blockedByOtherTab();
    sync.refreshSaved();
    if (sync.saved || elsewhere) {
      const question = elsewhere
        ? "上次没打完的那一局正在另一个标签页里打。开新的一局会放弃它，确定吗？"
        : "开新的一局会放弃上次没打完的那一局，确定吗？";
      if (!(await ui.confirm(question, "开新的一局"))) return false;
      if (elsewhere) sync.claim();
    }
    const started = await this.start(settings);
    if (elsewhere && !started) sync.leave(); // the new game never came
    return started;
  }

  // Start a game (or a 练习 round) from the lobby's choices.
  fromLobby() {
    if (this.host.requests.busy) return false;
    if (this.host.choices.current.mode === "practice") return this.host.practice.start();
    const { mode, difficulty, first } = this.host.choices.current;
    const vs = mode === "vs";
    return this.asking({ mode, difficulty: vs ? difficulty : null, first: vs ? first : "me" });
  }

  // Ask the server for a new game with `settings` and show it; true when it is on the table.
  async start(settings) {
    const host = this.host;
    if (host.sync.blockedByOtherTab()) return false;
    const work = async (wait) => {
      host.render(); // busy at once: the old table takes no input while the new game comes
      host.enter(await wait(host.api.newGame(settings)));
    };
    const failed = (error) => {
      host.requests.fail(error);
      // The game still shown may be in the computer's turn (重新开始 there): it does not go on
      // by itself, so say so and offer 让电脑继续 instead of 电脑思考中… for good.
      const snap = host.table.snap;
      if (snap && !snap.finished && snap.acting !== "player") host.computer.stopped = true;
    };
    const outcome = await host.requests.run("start", work, { fresh: true, failed });
    // Only a game just entered: after a failure the old game's computer turn must not play on
    // behind the lobby.
    if (outcome === "done") host.computer.play();
    return outcome === "done";
  }

  // Resume the saved game: the server restarts its current turn; a rejected save is set aside.
  async resume() {
    const { requests, sync, ui, api } = this.host;
    if (requests.busy) return;
    if (sync.blockedByOtherTab()) return sync.takeOver(); // as the notice's button does
    sync.refreshSaved();
    if (!sync.saved) {
      this.host.showLobby();
      ui.message("没有可以继续的一局了（可能已在另一个标签页打完）");
      return;
    }
    const work = async (wait) => {
      this.host.enter(await wait(api.act(sync.saved, { type: "restart_turn" })));
    };
    const failed = (error) => {
      if (!error.rejected) return requests.fail(error);
      const problem = sync.refuseSaved(
        error.code === "altered_dice"
          ? "上次没打完的一局存档被改动过，骰子和记录对不上，无法继续"
          : "上次没打完的一局数据有误，无法继续",
      );
      this.host.showLobby();
      ui.message(`${problem}；纪录都还在`, error.message);
    };
    const outcome = await requests.run("resume", work, { fresh: true, failed });
    if (outcome === "done") this.host.computer.play();
  }
}
