// The GameManager: the page's controller. It owns the board (board.js), wires each input event
// to its handler and runs the game's flow: lobby, start, resume, the end of a game. Every request
// goes through one helper (lib/request.js); the player's moves, the computer's turn, tab
// ownership and storage sync, bests and settings are modules of their own. None of them holds
// this manager: each gets the board, the helpers and the callbacks it uses, in its constructor.

import { Requests } from "../lib/request.js";
import { personInTurn, settingsOf } from "../lib/seats.js";
import { listenFullscreen, toggleFullscreen } from "../ui/fullscreen.js";
import { Handover } from "../table/handover.js";
import { Bests } from "./bests.js";
import { emptyBoard, takeAnswer } from "./board.js";
import { ComputerTurn } from "./computer-turn.js";
import { PlayerTurn } from "./player-turn.js";
import { Choices, Settings } from "./settings.js";
import { Starting } from "./starting.js";
import { hintFigures, statusText } from "./status.js";
import { Sync } from "./sync.js";

// The controller's tab ownership and storage sync, with what it does when another tab changes
// something.
function wireSync(manager, store, guard) {
  return new Sync({
    store,
    guard,
    board: manager.board,
    ui: manager.ui,
    halt: () => manager.halt(),
    redraw: () => manager.render(),
    showLobby: () => manager.showLobby(),
    toLobby: () => manager.toLobby(),
    resume: () => manager.resume(),
    follow: {
      settings: () => manager.settings.follow(),
      history: () => manager.reviews.reload(),
      bests: () => manager.bests.reload(),
    },
  });
}

// How games come to the controller's board.
function wireStarting(manager) {
  return new Starting({
    board: manager.board,
    requests: manager.requests,
    api: manager.api,
    sync: manager.sync,
    ui: manager.ui,
    choices: () => manager.choices.current,
    seats: () => manager.table.settings(),
    stake: (game, action) => manager.luck.stake(game, action),
    practice: () => manager.practice.start(),
    enter: (data) => manager.enter(data),
    redraw: () => manager.render(),
    showLobby: () => manager.showLobby(),
    playComputer: () => manager.playOn(),
  });
}

export class GameManager {
  // Take the collaborators; nothing happens until init(). `reviews` is 复盘 and the history of
  // finished games (review/history.js), `luck` the replays on the same dice, 高手同骰 and the
  // daily challenge (luck/luck.js), `practice` 练习 (practice/practice.js), `table` the seat
  // editor of 和朋友玩 (table/seat-editor.js), `tour` the newcomer's walk-through
  // (ui/walkthrough.js).
  constructor({ api, view, input, store, sound, guard, reviews, luck, practice, table, tour }) {
    this.api = api;
    this.ui = view;
    this.input = input;
    this.sound = sound;
    this.reviews = reviews;
    this.luck = luck;
    this.practice = practice;
    this.table = table;
    this.tour = tour;
    this.board = emptyBoard();
    this.requests = new Requests(view, () => this.render());
    this.bests = new Bests(store);
    this.settings = new Settings(store, sound, view);
    this.choices = new Choices(store, view);
    this.sync = wireSync(this, store, guard);
    const turn = { board: this.board, requests: this.requests, api, ui: view, sound, ...this.callbacks() };
    this.player = new PlayerTurn(turn);
    this.computer = new ComputerTurn({ ...turn, pace: () => this.settings.current.pace, finish: () => this.finish() });
    this.handover = new Handover(turn);
    this.starting = wireStarting(this);
    this.counted = false; // the finished game on the board is in the bests already
  }

  // What the turns and the starts call back: take an answer, redraw, whether input waits.
  callbacks() {
    return { take: (data) => this.setGame(data), redraw: () => this.render(), blocked: () => this.blocked() };
  }

  // Load what the browser kept, report what could not be restored, and show the lobby.
  init() {
    const settingsProblem = this.settings.load();
    const bestsProblem = this.bests.load();
    const savedProblem = this.sync.loadSaved();
    this.choices.load();
    const others = [this.reviews.load(), this.luck.load(), this.practice.load(), this.table.load()];
    const problems = [savedProblem, bestsProblem, settingsProblem, ...others];
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
    on("seat-sheet", (seat) => this.ui.openSeat(this.board.snap, Number(seat)));
    on("tour", () => this.tour.open());
    this.reviews.bind(on);
    this.luck.bind(on);
    this.table.bind(on);
    this.input.listen();
  }

  // Redraw the board from the snapshot and the page-only state.
  render() {
    const board = this.board;
    if (!board.snap) return;
    const suspended = this.sync.suspended;
    const rolling = this.requests.doing === "roll";
    this.ui.render({
      snap: board.snap,
      held: board.held,
      hintDice: board.hintDice,
      hintBox: board.hintBox,
      busy: this.requests.busy || suspended,
      pendingBox: board.pendingBox,
      choosing: board.choosing,
      status: statusText(board, { rolling, suspended }),
      figures: rolling || suspended ? null : hintFigures(board),
      kind: this.luck.kindName(board.game),
    });
  }

  // True while the board takes no input: a request is in flight or another tab took the game.
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
    takeAnswer(this.board, data);
    this.sync.keep(this.board.game, this.board.snap.finished);
    return true;
  }

  // Show the lobby (bests, resume button, today's challenge).
  showLobby() {
    const save = this.sync.saved;
    this.ui.showLobby({ lobby: this.choices.current, bests: this.bests.current, save, kind: this.luck.kindName(save) });
    this.luck.renderLobby();
  }

  // Start a game with `settings` after asking, when that abandons an unfinished game; true when it
  // is on the board (starting.js). Today's challenge and a replay on the same dice start here.
  startAsking(settings) {
    return this.starting.asking(settings);
  }

  // Resume the saved game (starting.js).
  resume() {
    return this.starting.resume();
  }

  // Switch to the board with a fresh answer from the server.
  enter(data) {
    this.computer.reset();
    this.ui.stopRoll();
    this.sync.claim(); // this tab plays the saved game now
    this.setGame(data);
    this.choices.followGame(this.settingsOfGame());
    this.table.followGame(this.settingsOfGame());
    this.counted = this.board.snap.finished;
    this.ui.closeResult();
    this.ui.showGame();
    this.render();
    this.ui.focusNext(); // the roll button, once the new board takes input
    this.tour.offer(this.bests.played()); // a newcomer's first game: the walk-through
  }

  // The roll button (or Space): roll, or let a stopped computer go on, or play again at the end.
  roll() {
    const snap = this.board.snap;
    if (!snap || this.blocked() || !this.ui.inGame()) return;
    if (snap.finished) this.again();
    else if (!personInTurn(snap)) this.playOn();
    else this.player.roll();
  }

  // Score box `key`; then the game ends or goes on.
  async score(key) {
    if (!(await this.player.score(key))) return;
    if (this.board.snap.finished) this.finish();
    else this.playOn();
  }

  // The game goes on from the board: the computers in turn play, then at a table the person
  // whose turn it is gets the phone (「轮到 小红」).
  async playOn() {
    await this.computer.play();
    await this.handover.show();
  }

  // The game is over: update the bests once, then show the result dialog.
  finish() {
    const snap = this.board.snap;
    if (!snap || !snap.finished || this.counted) return;
    this.counted = true;
    const info = this.bests.count(snap);
    const kind = this.luck.finished(this.board.game, snap); // what it was, before it counted
    this.reviews.finished(this.board.game, kind);
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
    this.board.pendingBox = null;
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
    if (!this.board.snap) return;
    // A daily challenge's counting try says what giving it up costs (luck.js).
    const stake = this.luck.stake(this.board.game, "重新开始");
    const question = stake || "放弃这一局，用同样的设置重新开始吗？";
    const ok = await this.ui.confirm(question, stake ? "放弃挑战" : "重新开始");
    if (!ok) return;
    this.halt(); // a roll or box still in flight leaves no 掷骰中… or 正在登记 behind
    await this.starting.start(this.settingsOfGame());
  }

  // 「再来一局」: a new game with the finished game's settings.
  async again() {
    if (!this.board.snap) return;
    this.ui.closeResult();
    this.requests.doing = null; // a finished game has nothing in flight
    await this.starting.start(this.settingsOfGame());
  }

  // The lobby settings the current game was started with.
  settingsOfGame() {
    return settingsOf(this.board.snap);
  }
}
