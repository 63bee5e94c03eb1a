// Wiring: the GameManager holds the game JSON and the server's snapshot, sends each player
// action to the API, and hands the result to the View. It keeps only page state of its own:
// dice held before the next roll, hint marks, and whether a request is in flight.
//
// For developers: `?fast=1` in the page address (used by the browser tests) switches off
// animations and transitions and cuts every pause of the computer's turn to ~20 ms (or none);
// everything else behaves as usual. It is off by default: without exactly `fast=1` in the query
// the computer thinks for the pace chosen in the settings (真实 2–5 s, 较快 1–2 s).

import { Api } from "./api.js";
import { HISTORY_KEYS, Reviews } from "./history.js";
import { Input } from "./input.js";
import { Sound } from "./sound.js";
import { KEYS, LocalStore } from "./storage.js";
import { TabGuard } from "./tabs.js";
import { View } from "./view.js";
import { LEVEL_NAMES } from "./words.js";

const FAST = new URLSearchParams(window.location.search).get("fast") === "1";
if (FAST) document.documentElement.classList.add("fast");
const NONE_HELD = [false, false, false, false, false];

// Wait `ms` milliseconds.
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// How long the roll tumble lasts: 500 ms, 150 ms with reduced motion, none with ?fast=1.
function rollMs() {
  if (FAST) return 0;
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? 150 : 500;
}

// The computer's thinking pause for the chosen pace (真实 2–5 s, 较快 1–2 s).
function computerPause(pace) {
  if (FAST) return 20;
  const [low, high] = pace === "fast" ? [1000, 2000] : [2000, 5000];
  return low + Math.random() * (high - low);
}

// A short beat before the computer's first roll of a turn, so the change of turn is seen.
function leadInMs() {
  return FAST ? 20 : 700;
}

// The gap between the computer's kept dice lifting, one by one.
function liftMs() {
  return FAST ? 0 : 280;
}

// How long the computer's chosen box stays highlighted before its points are written.
function chooseMs() {
  return FAST ? 0 : 900;
}

const NOTICES = {
  tab: "这局游戏已在另一个标签页打开",
  full: "浏览器存储已满，进度无法保存（可以接着玩）",
  unavailable: "浏览器不让保存数据，进度无法保存（可以接着玩）",
};

class GameManager {
  // Take the collaborators; nothing happens until init().
  constructor({ api, view, input, store, sound, guard, reviews }) {
    this.api = api;
    this.reviews = reviews; // 复盘 and the history of finished games (history.js)
    this.ui = view;
    this.input = input;
    this.store = store;
    this.sound = sound;
    this.guard = guard;
    this.game = null;
    this.snap = null;
    this.held = NONE_HELD.slice();
    this.hintDice = new Set();
    this.hintBox = null;
    this.hintText = null;
    this.busy = false;
    this.pendingBox = null;
    this.rollingNow = false;
    this.epoch = 0;
    this.counted = false;
    this.choosing = null; // the box the computer is about to write (highlighted)
    this.computerNote = null; // what the computer is doing, for the status line
    this.lastComputerMove = null; // what it scored last, until the player rolls
    this.computerStopped = false; // its last step failed: 「让电脑继续」
    this.suspended = false; // another tab took this game over: this one writes nothing
    this.tabNotice = false;
    this.storageTrouble = null;
  }

  // Load what the browser kept, report what could not be restored, and show the lobby.
  init() {
    const problems = [];
    const settings = this.store.loadSettings();
    this.settings = settings.settings;
    this.settingsExtra = settings.extra;
    const records = this.store.loadRecords();
    this.records = records.records;
    const saved = this.store.loadGame();
    this.saved = saved.game;
    this.lobby = this.store.loadLobby();
    for (const problem of [saved.problem, records.problem, settings.problem]) {
      if (problem) problems.push(problem);
    }
    const historyProblem = this.reviews.load();
    if (historyProblem) problems.push(historyProblem);
    this.sound.setEnabled(this.settings.sound);
    this.bindInput();
    this.guard.listen();
    this.sound.listen(document);
    window.addEventListener("storage", (event) => this.onStorage(event));
    this.tabNotice = Boolean(this.guard.other());
    this.updateNotice();
    this.showLobby();
    // With one problem, everything else the browser kept is fine: say so.
    const rest = problems.length === 1 ? "其他数据都还在。" : "";
    if (problems.length) this.ui.message(`${problems.join("；")}。${rest}`, "", true);
    document.addEventListener("fullscreenchange", () =>
      this.ui.setFullscreen(Boolean(document.fullscreenElement)),
    );
  }

  // Route every input event to its handler.
  bindInput() {
    const on = (name, handler) => this.input.on(name, handler);
    on("mode", (value) => this.choose("mode", value));
    on("difficulty", (value) => this.choose("difficulty", value));
    on("first", (value) => this.choose("first", value));
    on("start", () => this.startFromLobby());
    on("resume", () => this.resume());
    on("roll", () => this.roll());
    on("toggle", (index) => this.toggle(index));
    on("score", (key) => this.score(key));
    on("hint", () => this.hint());
    on("lobby", () => this.toLobby());
    on("restart", () => this.restart());
    on("again", () => this.again());
    on("result-lobby", () => this.toLobby());
    on("settings", () => this.ui.openSettings(this.settings));
    on("sound", (value) => this.changeSettings({ sound: value === "on" }));
    on("pace", (value) => this.changeSettings({ pace: value }));
    on("fullscreen", () => this.toggleFullscreen());
    on("take-over", () => this.takeOver());
    this.reviews.bind(on);
    this.input.listen();
  }

  // Redraw the table from the snapshot and the page-only state.
  render() {
    if (!this.snap) return;
    this.ui.render({
      snap: this.snap,
      held: this.held,
      hintDice: this.hintDice,
      hintBox: this.hintBox,
      busy: this.busy || this.suspended,
      pendingBox: this.pendingBox,
      choosing: this.choosing,
      status: this.statusText(),
    });
  }

  // True when the player holds all five dice with rolls left: a roll would move none of them.
  holdsAll() {
    return this.snap.phase === "decide" && this.held.every(Boolean);
  }

  // The one-line status: what the player should do next.
  statusText() {
    const snap = this.snap;
    if (snap.finished) return "本局结束。点「再来一局」或「回大厅」";
    if (this.suspended) return "这局已在另一个标签页继续，这里暂停";
    if (snap.acting !== "player") {
      if (this.computerNote) return this.computerNote;
      return this.computerStopped ? "电脑这一步没走成，点「让电脑继续」" : "电脑思考中…";
    }
    if (this.rollingNow) return "掷骰中…";
    // A hint to reroll some dice no longer says what to do once the player has held all five:
    // the roll button waits, and the line says why (it comes back when a die is let go).
    const allHeld = this.holdsAll();
    if (this.hintText && !(allHeld && this.hintDice.size < 5)) return `提示：${this.hintText}`;
    if (snap.phase === "roll") {
      return this.lastComputerMove ? `${this.lastComputerMove}，轮到你了` : "点「掷骰子」开始";
    }
    const mayRoll = snap.phase === "decide" && !allHeld;
    if (snap.joker) {
      // One instruction, not the Joker's followed by the usual line's second 登记.
      const line =
        snap.bonus_now > 0
          ? `又是快艇！按百搭规则选一项登记，另加快艇加成 +${snap.bonus_now}`
          : "快艇！「快艇」一项记的是 0，没有加成；按百搭规则选一项登记";
      return mayRoll ? `${line}，也可以再掷` : line;
    }
    if (allHeld) return "五颗都保留了：选择一项登记，或先取消保留几颗再掷";
    if (mayRoll) return "点骰子保留，再掷；满意就选择一项登记";
    return "三次已掷完，选择一项登记";
  }

  // Take a new game and snapshot from the server and save the game. When another tab has taken
  // the game over meanwhile, nothing changes here and this tab stops (false).
  setGame(data) {
    if (!this.guard.mayWrite()) {
      this.suspend();
      return false;
    }
    this.game = data.game;
    this.snap = data.view;
    this.held = this.snap.dice ? this.snap.held.map(Boolean) : NONE_HELD.slice();
    this.hintDice = new Set();
    this.hintBox = null;
    this.hintText = null;
    this.pendingBox = null;
    if (this.snap.finished) {
      this.store.clearGame();
      this.saved = null;
    } else {
      this.store.saveGame(this.game);
      this.saved = this.game;
    }
    return true;
  }

  // Show a failed request's message in one line; nothing is lost. The server puts an English
  // detail for developers after a full-width colon: that part goes to the tooltip only.
  fail(error) {
    const full = error && error.message ? error.message : "出错了，请再试一次";
    const cut = full.indexOf("：");
    const short = cut > 0 && /[A-Za-z]/.test(full.slice(cut + 1)) ? full.slice(0, cut) : full;
    this.ui.message(short, full);
  }

  // Show the lobby (records, resume button).
  showLobby() {
    this.ui.showLobby({ lobby: this.lobby, records: this.records, save: this.saved });
  }

  // Change one lobby choice and remember it.
  choose(field, value) {
    this.lobby[field] = value;
    this.store.saveLobby(this.lobby);
    this.ui.updateLobby(this.lobby);
  }

  // Start a game from the lobby's choices (asks first when that discards a saved game).
  async startFromLobby() {
    if (this.busy || this.blockedByOtherTab()) return;
    this.refreshSaved();
    if (this.saved) {
      const ok = await this.ui.confirm("开新的一局会放弃上次没打完的那一局，确定吗？", "开新的一局");
      if (!ok) return;
    }
    const vs = this.lobby.mode === "vs";
    await this.start({
      mode: this.lobby.mode,
      difficulty: vs ? this.lobby.difficulty : null,
      first: vs ? this.lobby.first : "me",
    });
  }

  // Ask the server for a new game with `settings` and show it.
  async start(settings) {
    if (this.blockedByOtherTab()) return;
    const epoch = ++this.epoch;
    let entered = false;
    this.busy = true;
    this.render(); // busy at once: the old table takes no input while the new game comes
    try {
      const data = await this.api.newGame(settings);
      if (epoch !== this.epoch) return;
      this.enter(data);
      entered = true;
    } catch (error) {
      if (epoch === this.epoch) {
        this.fail(error);
        // The game still shown may be in the computer's turn (重新开始 there): it does not go on
        // by itself, so say so and offer 让电脑继续 instead of 电脑思考中… for good.
        if (this.snap && !this.snap.finished && this.snap.acting !== "player") this.computerStopped = true;
      }
    } finally {
      if (epoch === this.epoch) {
        this.busy = false;
        this.render();
      }
    }
    // Only a game just entered: after a failure the old game's computer turn must not play on
    // behind the lobby.
    if (entered && epoch === this.epoch) this.continueComputer();
  }

  // Resume the saved game: the server restarts its current turn; a rejected save is dropped.
  async resume() {
    if (this.busy || this.blockedByOtherTab()) return;
    this.refreshSaved();
    if (!this.saved) {
      this.showLobby();
      this.ui.message("没有可以继续的一局了（可能已在另一个标签页打完）");
      return;
    }
    const epoch = ++this.epoch;
    let entered = false;
    this.busy = true;
    try {
      const data = await this.api.act(this.saved, { type: "restart_turn" });
      if (epoch !== this.epoch) return;
      this.enter(data);
      entered = true;
    } catch (error) {
      if (epoch !== this.epoch) return;
      if (error.rejected) {
        const problem = this.store.refuseGame("上次没打完的一局数据有误，无法继续");
        this.saved = null;
        this.showLobby();
        this.ui.message(`${problem}；纪录都还在`, error.message);
      } else {
        this.fail(error);
      }
    } finally {
      if (epoch === this.epoch) {
        this.busy = false;
        this.render();
      }
    }
    if (entered && epoch === this.epoch) this.continueComputer();
  }

  // Switch to the table with a fresh answer from the server.
  enter(data) {
    this.lastComputerMove = null;
    this.rollingNow = false;
    this.suspended = false;
    this.tabNotice = false; // a tab that held the game went quiet without letting it go
    this.updateNotice();
    this.choosing = null;
    this.computerNote = null;
    this.computerStopped = false;
    this.ui.stopRoll();
    this.guard.claim(); // this tab plays the saved game now
    this.setGame(data);
    this.lobbyFollowsGame();
    this.counted = this.snap.finished;
    this.ui.closeResult();
    this.ui.showGame();
    this.render();
    this.ui.focusNext(); // the roll button, once the new table takes input
  }

  // Roll the dice that are not held (the first roll throws all five).
  async roll() {
    const snap = this.snap;
    if (!snap || this.busy || this.suspended || this.ui.el.game.hidden) return;
    if (snap.finished) {
      this.again();
      return;
    }
    if (snap.acting !== "player") {
      this.continueComputer();
      return;
    }
    if (!snap.can_roll) return;
    if (this.holdsAll()) return; // nothing would move: the status says so
    const hold = snap.dice ? [0, 1, 2, 3, 4].filter((i) => this.held[i]) : [];
    const moving = [0, 1, 2, 3, 4].map((i) => !hold.includes(i));
    const epoch = this.epoch;
    const ms = rollMs();
    this.busy = true;
    this.rollingNow = true;
    this.lastComputerMove = null;
    this.hintDice = new Set();
    this.hintBox = null;
    this.hintText = null;
    this.render();
    this.sound.roll(moving.filter(Boolean).length);
    this.ui.startRoll(moving, ms);
    try {
      const [data] = await Promise.all([this.api.act(this.game, { type: "roll", hold }), sleep(ms)]);
      if (epoch !== this.epoch) return;
      this.ui.stopRoll();
      if (!this.setGame(data)) return;
      this.ui.announce(`掷出 ${this.snap.dice.join(" ")}`);
    } catch (error) {
      if (epoch === this.epoch) this.fail(error);
    } finally {
      if (epoch === this.epoch) {
        this.ui.stopRoll();
        this.busy = false;
        this.rollingNow = false;
        this.render();
      }
    }
  }

  // Hold or release die `index` at once (sent with the next roll).
  toggle(index) {
    const snap = this.snap;
    if (!snap || this.busy || this.suspended || snap.acting !== "player") return;
    if (!snap.dice || !snap.can_roll) return;
    if (!(index >= 0 && index < 5)) return;
    this.held[index] = !this.held[index];
    this.sound.hold();
    this.render();
  }

  // Score box `key`; a zero while other boxes score asks first (the snapshot says when).
  async score(key) {
    const snap = this.snap;
    if (!snap || this.busy || this.suspended || snap.acting !== "player" || !snap.can_score) return;
    const side = snap.sides[snap.current];
    const box = side.boxes.find((b) => b.key === key);
    if (!box || !box.allowed) return;
    if (box.confirm) {
      const ok = await this.ui.confirm(
        `「${box.name}」现在登记只得 0 分，而别的格子还能得分。确定登记 0 分吗？`,
        "登记 0 分",
      );
      if (!ok || this.snap !== snap || this.busy || this.suspended) return;
    }
    const epoch = this.epoch;
    const bonusBefore = side.yahtzee_bonus;
    const upperBefore = side.upper_bonus;
    this.busy = true;
    this.pendingBox = key;
    this.hintBox = null;
    this.hintText = null;
    this.render();
    try {
      const data = await this.api.act(this.game, { type: "score", box: key });
      if (epoch !== this.epoch || !this.setGame(data)) return;
      const mine = this.snap.sides[0];
      const scored = mine.boxes.find((b) => b.key === key);
      const yahtzee = (key === "yahtzee" && scored && scored.points > 0) || mine.yahtzee_bonus > bonusBefore;
      if (yahtzee) this.sound.fanfare();
      else this.sound.score();
      let bonuses = "";
      if (mine.upper_bonus > upperBefore) bonuses += `，上区奖励 ${mine.upper_bonus} 分`;
      if (mine.yahtzee_bonus > bonusBefore) bonuses += `，快艇加成 +${mine.yahtzee_bonus - bonusBefore}`;
      this.ui.announce(`${box.name} 登记 ${scored ? scored.points : 0} 分${bonuses}，总分 ${mine.total}`);
    } catch (error) {
      if (epoch === this.epoch) this.fail(error);
    } finally {
      if (epoch === this.epoch) {
        this.pendingBox = null;
        this.busy = false;
        this.render();
      }
    }
    if (epoch !== this.epoch) return;
    if (this.snap.finished) this.finish();
    else this.continueComputer();
  }

  // Ask for a hint: hold the suggested dice (gold) and/or mark the suggested box.
  async hint() {
    const snap = this.snap;
    if (!snap || this.busy || this.suspended || snap.acting !== "player") return;
    if (!snap.can_hint || this.ui.el.game.hidden) return;
    const epoch = this.epoch;
    const held = this.held.slice();
    this.busy = true;
    this.render();
    try {
      const data = await this.api.hint(this.game);
      if (epoch !== this.epoch || !this.setGame(data)) return;
      const hint = data.hint || {};
      if (Array.isArray(hint.hold) && this.snap.can_roll) {
        this.held = [0, 1, 2, 3, 4].map((i) => hint.hold.includes(i));
        this.hintDice = new Set(hint.hold);
      } else {
        this.held = held;
      }
      this.hintBox = typeof hint.box === "string" ? hint.box : null;
      this.hintText = typeof hint.text === "string" && hint.text ? hint.text : null;
    } catch (error) {
      if (epoch === this.epoch) this.fail(error);
    } finally {
      if (epoch === this.epoch) {
        this.busy = false;
        this.render();
      }
    }
  }

  // Play the computer's turn as a player would see it: a short beat before its first roll, a
  // thinking pause (the pace setting) before each keep and each scoring, the kept dice lifted
  // one by one, every roll tumbling, the chosen box highlighted before it is written. The server
  // decides every step (POST /api/computer); this only paces and draws. Player input is ignored
  // meanwhile: every handler returns at once while `busy`.
  async continueComputer() {
    const snap = this.snap;
    if (!snap || snap.finished || snap.acting === "player" || this.busy || this.suspended) return;
    const epoch = this.epoch;
    const live = () => epoch === this.epoch;
    this.busy = true;
    this.computerStopped = false;
    try {
      while (this.snap && !this.snap.finished && this.snap.acting !== "player") {
        this.computerNote = null; // 电脑思考中…
        this.render();
        await this.ui.untilNoDialog();
        if (!live()) return;
        await sleep(this.snap.dice ? computerPause(this.settings.pace) : leadInMs());
        await this.ui.untilNoDialog();
        if (!live()) return;
        const data = await this.api.computerStep(this.game);
        if (!live()) return;
        const step = data.step || {};
        if (step.type === "roll") await this.showComputerRoll(data, step, live);
        else await this.showComputerScore(data, step, live);
        if (!live()) return;
      }
    } catch (error) {
      if (live()) {
        this.computerStopped = true;
        this.fail(error);
      }
    } finally {
      if (live()) {
        this.busy = false;
        this.computerNote = null;
        this.choosing = null;
        this.render();
      }
    }
    if (live() && this.snap.finished) this.finish();
  }

  // One roll of the computer: the dice it keeps lift one by one, then the others tumble.
  async showComputerRoll(data, step, live) {
    const hold = Array.isArray(step.hold) ? step.hold : [];
    const first = !this.snap.dice;
    if (!first) {
      this.held = this.held.map((held, i) => held && hold.includes(i));
      this.computerNote = hold.length ? `电脑保留 ${hold.length} 颗骰子` : "电脑一颗也不留";
      this.render();
      for (const i of hold) {
        if (this.held[i]) continue;
        await sleep(liftMs());
        if (!live()) return;
        this.held[i] = true;
        this.sound.hold();
        this.render();
      }
      await sleep(liftMs());
      if (!live()) return;
    }
    const ms = rollMs();
    const moving = [0, 1, 2, 3, 4].map((i) => first || !hold.includes(i));
    this.computerNote = "电脑掷骰中…";
    this.render();
    this.sound.roll(moving.filter(Boolean).length);
    this.ui.startRoll(moving, ms);
    await sleep(ms);
    this.ui.stopRoll();
    if (!live()) return;
    this.computerNote = null;
    if (!this.setGame(data)) return;
    const faces = this.snap.dice.join(" ");
    const kept = hold.map((i) => this.snap.dice[i]).join(" ");
    if (first) this.ui.announce(`电脑掷出 ${faces}`);
    else this.ui.announce(`电脑${hold.length ? `保留 ${kept}` : "全部重掷"}，掷出 ${faces}`);
    this.render();
  }

  // The computer scores: its box shows the points, highlighted, a moment before they are written.
  async showComputerScore(data, step, live) {
    const index = this.snap.current;
    const side = this.snap.sides[index];
    const box = side.boxes.find((b) => b.key === step.box);
    this.choosing = step.box;
    this.computerNote = box ? `电脑登记「${box.name}」${box.preview ?? 0} 分` : "电脑登记";
    this.render();
    await sleep(chooseMs());
    if (!live()) return;
    this.choosing = null;
    this.computerNote = null;
    if (!this.setGame(data)) return;
    const after = this.snap.sides[index];
    const written = after.boxes.find((b) => b.key === step.box);
    if (written) this.ui.announce(`电脑：${written.name} 登记 ${written.points} 分，总分 ${after.total}`);
    // Its highlight lasts a moment and may be below a phone's screen: the status keeps what it
    // scored until the player rolls.
    this.lastComputerMove = written ? `电脑刚登记「${written.name}」${written.points} 分` : null;
    this.render();
    this.sound.score();
    this.ui.flash(this.snap.sides.length > 1 ? 1 : 0, step.box);
  }

  // The game is over: update the records once, then show the result dialog.
  finish() {
    const snap = this.snap;
    if (!snap || !snap.finished || this.counted) return;
    this.counted = true;
    const total = snap.sides[0].total;
    const records = this.records;
    let info;
    if (snap.mode === "single") {
      const previous = records.single.best;
      const isNew = previous === null || total > previous;
      records.single.games += 1;
      if (isNew) records.single.best = total;
      info = { mode: "single", total, previous, isNew, best: records.single.best, sides: snap.sides };
    } else {
      const level = records.vs[snap.difficulty] || records.vs.normal;
      const result = snap.result || {};
      if (result.draw) level.draws += 1;
      else if (result.player_won) level.wins += 1;
      else level.losses += 1;
      const previous = level.best;
      const isNew = previous !== null && total > previous;
      if (previous === null || total > previous) level.best = total;
      info = {
        mode: "vs",
        draw: Boolean(result.draw),
        playerWon: Boolean(result.player_won),
        totals: result.totals || snap.sides.map((s) => s.total),
        sides: snap.sides,
        isNew,
        previous,
        best: level.best,
        level: LEVEL_NAMES[snap.difficulty] || LEVEL_NAMES.normal,
      };
    }
    this.store.saveRecords(records);
    this.reviews.finished(this.game);
    this.store.clearGame();
    this.saved = null;
    this.guard.release();
    if (info.isNew || (snap.mode === "vs" && info.playerWon)) this.sound.fanfare();
    this.render();
    this.ui.showResult(info);
  }

  // Drop whatever is in flight: answers to requests already sent are ignored (epoch), the
  // tumble stops, and no box, choice or computer step stays pending.
  halt() {
    this.epoch += 1;
    this.busy = false;
    this.rollingNow = false;
    this.choosing = null;
    this.computerNote = null;
    this.pendingBox = null;
    this.ui.stopRoll();
  }

  // Back to the lobby; an unfinished game stays saved for 「继续」.
  toLobby() {
    this.halt();
    this.suspended = false;
    this.ui.closeResult();
    this.guard.release(); // another tab may resume the saved game now
    this.refreshSaved();
    this.showLobby();
    this.ui.focusNext(); // 继续 (or 开始游戏): 回大厅 itself is hidden in the lobby
    this.checkTabs();
  }

  // Read the saved game again: another tab may have played on or finished it since. A page
  // whose saves fail keeps its own newer copy.
  refreshSaved() {
    if (this.storageTrouble && this.saved) return;
    this.saved = this.store.loadGame().game;
  }

  // True (and the notice shown) when another tab is playing the saved game right now.
  blockedByOtherTab() {
    if (!this.guard.other()) return false;
    this.tabNotice = true;
    this.updateNotice();
    return true;
  }

  // Another tab claimed or left the saved game: stop writing if it took ours, else update the
  // notice. A table shown without a claim (back from the page cache) claims again if it can.
  checkTabs() {
    if (this.guard.owning) {
      if (!this.guard.mayWrite()) this.suspend();
      return;
    }
    if (this.suspended) return;
    if (!this.ui.el.game.hidden && this.snap && !this.snap.finished) {
      if (this.guard.other()) this.suspend();
      else if (this.playedElsewhere()) {
        this.toLobby();
        this.ui.message("这一局在另一个标签页里接着打过了，已回到大厅");
      } else this.guard.claim();
      return;
    }
    this.tabNotice = Boolean(this.guard.other());
    this.updateNotice();
  }

  // A table back from the page cache may show an old copy: meanwhile another tab played on,
  // finished or dropped the saved game. Playing on here would overwrite the newer save (or
  // count a finished game twice). A tab whose saves fail keeps its own copy, the newer one.
  playedElsewhere() {
    if (this.storageTrouble) return false;
    return this.store.read(KEYS.game) !== JSON.stringify(this.game);
  }

  // Another tab has taken this game over: stop at once, write nothing more, and say so.
  suspend() {
    this.guard.release();
    this.halt();
    this.suspended = true;
    this.tabNotice = true;
    this.updateNotice();
    this.render();
  }

  // 「在这里继续」: play the saved game in this tab; the other tab stops writing.
  async takeOver() {
    this.toLobby();
    this.guard.claim(); // first, so the other tab writes nothing after we read the save
    this.tabNotice = false;
    this.updateNotice();
    await this.resume();
    if (this.ui.el.game.hidden) this.guard.release(); // nothing to play here after all
  }

  // Another tab changed the settings, the records or the saved game: follow it here.
  onStorage(event) {
    if (event.key === KEYS.settings || event.key === null) this.followStoredSettings();
    if (event.key === HISTORY_KEYS.summaries || event.key === null) this.reviews.reload();
    if (event.key === KEYS.records || event.key === null) {
      const records = this.store.loadRecords();
      if (!records.problem) this.records = records.records;
    }
    if ((event.key === KEYS.game || event.key === KEYS.records || event.key === null) && this.ui.el.game.hidden) {
      this.refreshSaved();
      this.showLobby();
    }
  }

  // Saving started or stopped failing (storage full or unavailable).
  onStorageTrouble(kind) {
    this.storageTrouble = kind;
    this.updateNotice();
  }

  // The lasting notice: another tab playing this game first, else why progress is not saved.
  updateNotice() {
    if (this.tabNotice) this.ui.notice(NOTICES.tab, "在这里继续");
    else if (this.storageTrouble) this.ui.notice(NOTICES[this.storageTrouble]);
    else this.ui.hideNotice();
  }

  // After confirming, abandon this game and start a new one with the same settings.
  async restart() {
    if (!this.snap) return;
    const ok = await this.ui.confirm("放弃这一局，用同样的设置重新开始吗？", "重新开始");
    if (!ok) return;
    this.halt(); // a roll or box still in flight leaves no 掷骰中… or 正在登记 behind
    await this.start(this.settingsOfGame());
  }

  // 「再来一局」: a new game with the finished game's settings.
  async again() {
    if (!this.snap) return;
    this.ui.closeResult();
    this.busy = false;
    await this.start(this.settingsOfGame());
  }

  // The lobby shows the settings of the game in play. A game resumed after its choices were
  // changed brings its own back, so 「重新开始」 (the lobby's settings, as the product page
  // says) is the same game again, as its question says.
  lobbyFollowsGame() {
    const { mode, difficulty, first } = this.settingsOfGame();
    const next = mode === "vs" ? { ...this.lobby, mode, difficulty, first } : { ...this.lobby, mode };
    if (Object.keys(next).every((key) => next[key] === this.lobby[key])) return;
    this.lobby = next;
    this.store.saveLobby(this.lobby);
    this.ui.updateLobby(this.lobby);
  }

  // The lobby settings the current game was started with.
  settingsOfGame() {
    const snap = this.snap;
    return { mode: snap.mode, difficulty: snap.difficulty, first: snap.first };
  }

  // Change and save site-wide settings (sound, computer pace). Another tab, or another game of
  // the site, may have changed the shared key since this page read it: the change goes over
  // what is stored now, so theirs is not written back over.
  changeSettings(change) {
    this.followStoredSettings();
    Object.assign(this.settings, change);
    this.sound.setEnabled(this.settings.sound);
    this.store.saveSettings(this.settings, this.settingsExtra);
    this.ui.updateSettings(this.settings);
  }

  // Take up the settings as stored now, unless they cannot be read or this page's own changes
  // could not be saved (storage full): then this page's are the newer and stay.
  followStoredSettings() {
    if (this.storageTrouble) return;
    const stored = this.store.loadSettings();
    if (stored.problem) return;
    this.settings = stored.settings;
    this.settingsExtra = stored.extra;
    this.sound.setEnabled(this.settings.sound);
    this.ui.updateSettings(this.settings);
  }

  // Enter or leave fullscreen for the game area.
  toggleFullscreen() {
    if (document.fullscreenElement) {
      document.exitFullscreen().catch(() => {});
      return;
    }
    const app = this.ui.el.app;
    if (!app.requestFullscreen) {
      this.ui.message("这个浏览器不支持全屏");
      return;
    }
    app.requestFullscreen().catch(() => this.ui.message("浏览器没有允许全屏"));
  }
}

// Build the pieces and start.
function boot() {
  let backend = null;
  try {
    backend = window.localStorage;
  } catch {
    backend = null; // some private modes throw on access: the game plays without saving
  }
  let manager = null;
  const store = new LocalStore(backend, (kind) => manager && manager.onStorageTrouble(kind));
  const guard = new TabGuard(backend, () => manager && manager.checkTabs());
  manager = new GameManager({
    api: new Api(),
    view: new View(document),
    input: new Input(document, document.getElementById("game"), document.getElementById("dice")),
    store,
    sound: new Sound(),
    guard,
    reviews: new Reviews({
      api: new Api(),
      backend,
      message: (text, title) => manager && manager.ui.message(text, title),
    }),
  });
  manager.init();
  window.yahtzeeReady = true; // the browser tests wait for this before they act
}

boot();
