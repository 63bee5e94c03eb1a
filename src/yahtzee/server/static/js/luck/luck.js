// 同样的运气: games on a fixed dice record. After a game on a record the result dialog compares
// it with the earlier tries on the same dice, shows 高手同骰 (the 高手 on the player's own dice)
// and offers to play the same dice again; the lobby shows today's challenge (one record a day
// for everyone; the first try counts), its 高手 score, the streak of days, and 复制成绩.

import { button, make } from "../lib/dom.js";
import { seatsOf } from "../lib/seats.js";
import { TERMS } from "../lib/terms.js";
import { countingTry, gameKind, kindName } from "./kinds.js";
import { LuckStore } from "./luck-store.js";
import { sameDicePending, sameDiceSection } from "./same-dice-view.js";

// A day (YYYY-MM-DD) as 12月2日.
function monthDay(date) {
  const [, month, day] = date.split("-").map(Number);
  return `${month}月${day}日`;
}

const [ME, COMPUTER, RANDOM] = TERMS.firsts.map((t) => t.key);

// Who started a game whose first was drawn at random (`starter`: 0 the player), as the lobby's
// choice that starts the same way.
function settledFirst(starter) {
  return starter === 0 ? ME : COMPUTER;
}

// The player's total in a finished game's JSON.
const playerTotal = (game) => game.sides[0].totals.total;

export class Luck {
  // `api` asks the server; `store` reads and writes keys (LocalStore); `message(text, title)`
  // tells the player; `start(settings)` starts a game, asking first when that abandons an
  // unfinished one (true once it is on the board); `snap()` is the snapshot on the board;
  // `saved()` the unfinished game 「继续」 resumes (or null); `redraw()` draws the board again.
  constructor({ api, store, message, start, snap, saved, redraw, doc = document }) {
    this.api = api;
    this.store = new LuckStore(store);
    this.message = message;
    this.start = start;
    this.snap = snap;
    this.saved = saved;
    this.redraw = redraw;
    this.lobby = doc.getElementById("daily");
    this.result = doc.getElementById("result-luck");
    this.today = null; // {date, record} of /api/daily, once known
    this.asked = false; // whether /api/daily has answered (or failed) yet
    this.last = null; // the finished game the result dialog shows
  }

  // Read what the browser kept (returns a one-line problem or null) and ask for today's record.
  load() {
    const problem = this.store.load();
    const answered = (today) => {
      this.today = today;
      this.asked = true;
      this.renderLobby();
    };
    // Offline: no challenge to offer until the next visit.
    this.api.daily().then(answered, () => answered(null));
    return problem;
  }

  // Register the buttons' events on the page's input router.
  bind(on) {
    on("replay", () => this.replay());
    on("daily", () => this.startDaily());
    on("daily-copy", () => this.copyDaily());
  }

  // What `game` (its JSON) is, by name: 每日挑战, 每日挑战（练习）, 同骰再打; "" for a game on
  // new dice (kinds.js).
  kindName(game) {
    return kindName(gameKind(game, this.store));
  }

  // When `action` (开新的一局, 重新开始) would give up `game`, the first try of a daily challenge
  // not yet finished, the question that says what it costs: that day keeps no score; else "".
  stake(game, action) {
    if (!countingTry(game, this.store)) return "";
    const date = game.record.daily;
    const day = this.today && this.today.date === date ? "今天" : monthDay(date);
    return `${day}的每日挑战还没打完，只有第一次打完的成绩算数。${action}会放弃它，${day}就没有成绩了。确定吗？`;
  }

  // The lobby's entry for today's challenge (until the server has said which day it is, the
  // card stays as the page's first paint drew it).
  renderLobby() {
    const box = this.lobby;
    if (!box || !this.asked) return;
    box.hidden = !this.today;
    if (!this.today) return;
    const { date } = this.today;
    const day = this.store.day(date);
    box.replaceChildren(make("h3", "", `每日挑战 · ${monthDay(date)}`));
    const line = make("p", "daily-line");
    const buttons = make("div", "daily-buttons");
    const saved = this.saved();
    const counting = Boolean(saved) && countingTry(saved, this.store) && saved.record.daily === date;
    if (counting) {
      // The first try is waiting: going on with it is the way to a score (「继续」 resumes it).
      line.textContent = `第一次还没打完，打完才算数 · 连续 ${this.store.streak(date)} 天`;
      buttons.append(this.action("primary", "继续今天的挑战", "resume"));
    } else if (!day) {
      line.textContent = "今天的骰子人人相同，第一次打完的成绩算数";
      buttons.append(this.action("primary", "开始今天的挑战", "daily"));
    } else {
      const parts = [day.first !== null ? `第一次 ${day.first} 分（算数）` : "第一次没有打完，今天没有成绩"];
      if (day.first !== null && day.expert !== null) parts.push(`高手同骰 ${day.expert} 分`);
      parts.push(`连续 ${this.store.streak(date)} 天`);
      line.textContent = parts.join(" · ");
      buttons.append(this.action("secondary", "再打一次（练习）", "daily"));
      if (day.first !== null) buttons.append(this.action("secondary", "复制成绩", "daily-copy"));
    }
    box.append(line, buttons);
  }

  // A button that reports `action` to the input router.
  action(className, text, name) {
    const b = button(className, text);
    b.dataset.action = name;
    return b;
  }

  // Start today's challenge (a single game on the day's record).
  async startDaily() {
    const started = await this.start({ mode: "single", difficulty: null, first: "me", record: "daily" });
    if (started) this.countStart();
  }

  // A daily game is on the board: count the try (only the first one's score counts), and name
  // it on the board as what it now is.
  countStart() {
    const snap = this.snap();
    if (snap && snap.daily && snap.record) this.store.startDay(snap.daily, snap.record);
    this.renderLobby();
    this.redraw();
  }

  // Play the dice of the game the result dialog shows again.
  replay() {
    if (this.last) this.replayGame(this.last);
  }

  // Play `game`'s dice again (a finished game's JSON), with its settings (a table: its seats,
  // each rolling the dice it rolled, whoever starts).
  replayGame(game) {
    if (!game.record) return;
    const first = game.first === RANDOM ? settledFirst(game.starter) : game.first;
    const settings =
      game.mode === "table"
        ? { mode: game.mode, seats: seatsOf(game), first: game.first, record: game.record.id }
        : { mode: game.mode, difficulty: game.difficulty, first, record: game.record.id };
    if (game.record.daily) settings.record = "daily";
    this.start(settings).then((started) => started && game.record.daily && this.countStart());
  }

  // A game ended: compare it with the earlier tries on its dice, count a daily, and show what
  // the 高手 made of the same dice. Returns what the game was (kinds.js), for the history.
  finished(game, snap) {
    const kind = gameKind(game, this.store, false);
    this.fill(game, snap);
    return kind;
  }

  // The result dialog's lines on a game on a dice record (finished).
  fill(game, snap) {
    const box = this.result;
    this.last = game;
    if (!box) return;
    box.replaceChildren();
    // A table is everyone's: no one's tries on its dice, and its people review their own seats.
    if (!game.record || !snap.record || snap.mode === "table") return;
    const score = playerTotal(game);
    const before = this.store.tries(snap.record);
    this.store.addTry(snap.record, score);
    const lines = [];
    if (snap.daily) {
      const counted = this.store.finishDay(snap.daily, snap.record, score);
      const first = this.store.day(snap.daily).first;
      lines.push(
        counted
          ? `每日挑战 ${monthDay(snap.daily)}：这一局的 ${score} 分算数`
          : `每日挑战 ${monthDay(snap.daily)}：这一局是练习，${first !== null ? `第一次的 ${first} 分才算数` : "第一次没有打完，今天没有成绩"}`,
      );
      this.renderLobby();
    } else if (before.length) {
      const best = Math.max(...before);
      lines.push(`同样的骰子第 ${before.length + 1} 次：之前最好 ${best} 分${score > best ? "，这次更好" : ""}`);
    }
    for (const text of lines) box.append(make("p", "luck-line", text));
    box.append(this.action("secondary replay", "用同样的骰子再打一局", "replay"));
    // Against the computer the result already names one 高手 (or another level): 高手同骰 on
    // the player's dice waits in 复盘, not beside the match's score.
    if (snap.mode !== "single") return;
    const pending = sameDicePending();
    box.append(pending.section);
    this.api.sameDice(game).then(
      (answer) => {
        pending.section.replaceWith(sameDiceSection(answer));
        if (snap.daily) this.store.setExpert(snap.daily, answer.computer_totals.total);
        this.renderLobby();
      },
      () => (pending.line.textContent = "高手同骰：暂时算不出来（网络或服务器的问题），复盘里可以再看"),
    );
  }

  // Copy a line to share today's result: the date, the score and the 高手's, no dice.
  async copyDaily() {
    const day = this.today && this.store.day(this.today.date);
    if (!day || day.first === null) return;
    const expert = day.expert !== null ? `，高手同骰 ${day.expert} 分` : "";
    const streak = this.store.streak(this.today.date);
    const days = streak > 1 ? `，已连续 ${streak} 天` : "";
    const text = `快艇骰子每日挑战 ${monthDay(this.today.date)}：我 ${day.first} 分${expert}${days}`;
    try {
      await navigator.clipboard.writeText(text);
      this.message(`已复制：${text}`);
    } catch {
      this.message(`没能自动复制，请手动复制：${text}`);
    }
  }
}
