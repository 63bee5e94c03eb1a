// The GameManager: the page's controller. It holds the table (board.js), wires each input
// event to its handler and runs the game's flow: lobby, start, resume, the end of a game. Every
// request goes through one helper (request.js); the player's moves, the computer's turn, tab
// ownership and storage sync, records and settings are modules of their own, which get this
// manager as their host.

import { ComputerTurn } from "./computer-turn.js";
import { listenFullscreen, toggleFullscreen } from "../ui/fullscreen.js";
import { emptyTable, takeAnswer } from "./board.js";
import { PlayerTurn } from "./player-turn.js";
import { Records } from "./bests.js";
import { Requests } from "../lib/request.js";
import { Starting } from "./starting.js";
import { Choices, Settings } from "./settings.js";
import { statusText } from "./status.js";
import { Sync } from "./sync.js";

export class GameManager {
  // Take the collaborators; nothing happens until init().
  constructor({ api, view, input, store, sound, guard, reviews, luck, practice }) {
    this.api = api;
    this.ui = view;
    this.input = input;
    this.sound = sound;
    this.reviews = reviews; // 复盘 and the history of finished games (history.js)
    this.luck = luck; // replays on the same dice, 高手同骰 and the daily challenge (luck.js)
    luck.host = this;
    this.practice = practice; // 练习 (practice.js)
    this.table = emptyTable();
    this.requests = new Requests(view, () => this.render());
    this.starting = new Starting(this);
    this.sync = new Sync(this, store, guard);
    this.player = new PlayerTurn(this);
    this.computer = new ComputerTurn(this);
    this.records = new Records(store);
    this.settings = new Settings(store, sound, view);
    this.choices = new Choices(store, view);
    this.counted = false; // the finished game on the table is in the records already
  }

  // Load what the browser kept, report what could not be restored, and show the lobby.
  init() {
    const settingsProblem = this.settings.load();
    const recordsProblem = this.records.load();
    const savedProblem = this.sync.loadSaved();
    this.choices.load();
    const problems = [
      savedProblem,
      recordsProblem,
      settingsProblem,
      this.reviews.load(),
      this.luck.load(),
      this.practice.load(),
    ];
    this.bindInput();
    this.sound.listen(document);
    this.sync.listen();
    this.showLobby();
    this.report(problems.filter(Boolean));
    listenFullscreen(this.ui);
  }

  // Tell what the browser kept but could not read; with one problem, everything else is fine.
  report(problems) {
    const rest = problems.length === 1 ? "其他数据都还在。" : "";
    if (problems.length) this.ui.message(`${problems.join("；")}。${rest}`, "", true);
  }

  // Route every input event to its handler.
  bindInput() {
    const on = (name, handler) => this.input.on(name, handler);
    on("mode", (value) => this.choices.choose("mode", value));
    on("difficulty", (value) => this.choices.choose("difficulty", value));
    on("first", (value) => this.choices.choose("first", value));
    on("start", () => this.starting.fromLobby());
    on("resume", () => this.resume());
    on("roll", () => this.roll());
    on("toggle", (index) => this.player.toggle(index));
    on("score", (key) => this.score(key));
    on("hint", () => this.player.hint());
    on("lobby", () => this.toLobby());
    on("restart", () => this.restart());
    on("again", () => this.again());
    on("result-lobby", () => this.toLobby());
    on("settings", () => this.ui.openSettings(this.settings.current, this.sound.canVibrate()));
    on("sound", (value) => this.settings.change({ sound: value === "on" }));
    on("vibrate", (value) => this.settings.change({ vibrate: value === "on" }));
    on("pace", (value) => this.settings.change({ pace: value }));
    on("fullscreen", () => toggleFullscreen(this.ui));
    on("take-over", () => this.sync.takeOver());
    this.reviews.bind(on);
    this.luck.bind(on);
    this.input.listen();
  }

  // Redraw the table from the snapshot and the page-only state.
  render() {
    const table = this.table;
    if (!table.snap) return;
    const suspended = this.sync.suspended;
    const rolling = this.requests.doing === "roll";
    this.ui.render({
      snap: table.snap,
      held: table.held,
      hintDice: table.hintDice,
      hintBox: table.hintBox,
      busy: this.requests.busy || suspended,
      pendingBox: table.pendingBox,
      choosing: this.computer.choosing,
      status: statusText(table, { rolling, suspended, computer: this.computer }),
    });
  }

  // True while the table takes no input: a request is in flight or another tab took the game.
  blocked() {
    return this.requests.busy || this.sync.suspended;
  }

  // Take a new game and snapshot from the server and save the game. When another tab has taken
  // the game over meanwhile, nothing changes here and this tab stops (false).
  setGame(data) {
    if (!this.sync.mayWrite()) {
      this.sync.suspend();
      return false;
    }
    takeAnswer(this.table, data);
    this.sync.keep(this.table.game, this.table.snap.finished);
    return true;
  }

  // Show the lobby (records, resume button).
  showLobby() {
    this.ui.showLobby({ lobby: this.choices.current, records: this.records.current, save: this.sync.saved });
  }

  // Start a game with `settings`; true when it is on the table (starting.js).
  start(settings) {
    return this.starting.start(settings);
  }

  // Resume the saved game (starting.js).
  resume() {
    return this.starting.resume();
  }

  // Switch to the table with a fresh answer from the server.
  enter(data) {
    this.computer.reset();
    this.ui.stopRoll();
    this.sync.claim(); // this tab plays the saved game now
    this.setGame(data);
    this.choices.followGame(this.settingsOfGame());
    this.counted = this.table.snap.finished;
    this.ui.closeResult();
    this.ui.showGame();
    this.render();
    this.ui.focusNext(); // the roll button, once the new table takes input
  }

  // The roll button (or Space): roll, or let a stopped computer go on, or play again at the end.
  roll() {
    const snap = this.table.snap;
    if (!snap || this.blocked() || this.ui.el.game.hidden) return;
    if (snap.finished) this.again();
    else if (snap.acting !== "player") this.computer.play();
    else this.player.roll();
  }

  // Score box `key`; then the game ends or the computer plays.
  async score(key) {
    if (!(await this.player.score(key))) return;
    if (this.table.snap.finished) this.finish();
    else this.computer.play();
  }

  // The game is over: update the records once, then show the result dialog.
  finish() {
    const snap = this.table.snap;
    if (!snap || !snap.finished || this.counted) return;
    this.counted = true;
    const info = this.records.count(snap);
    this.reviews.finished(this.table.game);
    this.luck.finished(this.table.game, snap);
    this.sync.gameOver();
    if (info.isNew || (snap.mode === "vs" && info.playerWon)) this.sound.fanfare();
    this.render();
    this.ui.showResult(info);
  }

  // Drop whatever is in flight: answers to requests already sent are ignored, the tumble
  // stops, and no box, choice or computer step stays pending.
  halt() {
    this.requests.halt();
    this.computer.halt();
    this.table.pendingBox = null;
    this.ui.stopRoll();
  }

  // Back to the lobby; an unfinished game stays saved for 「继续」.
  toLobby() {
    this.halt();
    this.ui.closeResult();
    this.sync.leave();
    this.showLobby();
    this.ui.focusNext(); // 继续 (or 开始游戏): 回大厅 itself is hidden in the lobby
    this.sync.checkTabs();
  }

  // After confirming, abandon this game and start a new one with the same settings.
  async restart() {
    if (!this.table.snap) return;
    const ok = await this.ui.confirm("放弃这一局，用同样的设置重新开始吗？", "重新开始");
    if (!ok) return;
    this.halt(); // a roll or box still in flight leaves no 掷骰中… or 正在登记 behind
    await this.start(this.settingsOfGame());
  }

  // 「再来一局」: a new game with the finished game's settings.
  async again() {
    if (!this.table.snap) return;
    this.ui.closeResult();
    this.requests.doing = null; // a finished game has nothing in flight
    await this.start(this.settingsOfGame());
  }

  // The lobby settings the current game was started with.
  settingsOfGame() {
    const snap = this.table.snap;
    return { mode: snap.mode, difficulty: snap.difficulty, first: snap.first };
  }
}
