// What the page says over the game: the one-line message and the lasting notice, and the native
// dialogs (a yes/no question, the end-of-game result, the settings).

import { make } from "../lib/dom.js";
import { tableResult } from "../table/table-result.js";
import { celebrate } from "./joy.js";

const MESSAGE_MS = 9000; // how long a passing message stays

// A small table of upper (with bonus), lower, Yahtzee bonus and total per side.
function resultTable(sides, labels) {
  const table = make("table", "result-table");
  const head = make("tr");
  head.append(make("th", "", ""));
  labels.forEach((label) => {
    const th = make("th", "", label);
    th.scope = "col";
    head.append(th);
  });
  table.append(head);
  const rows = [
    ["上区（含奖励）", (s) => `${s.upper_subtotal + s.upper_bonus}`],
    ["其中上区奖励", (s) => `${s.upper_bonus}`],
    ["下区", (s) => `${s.lower_total}`],
    ["快艇加成", (s) => `${s.yahtzee_bonus}`],
    ["总分", (s) => `${s.total}`],
  ];
  for (const [name, value] of rows) {
    const tr = make("tr");
    const th = make("th", "", name);
    th.scope = "row";
    tr.append(th);
    sides.forEach((side) => tr.append(make("td", "num", value(side))));
    table.append(tr);
  }
  return table;
}

// The result of a single game: its score, a new record, the best, and the table of sums.
// `tell` marks a line the screen reader reads with the title.
function singleResult(body, info, tell) {
  const big = make("p", "result-score");
  big.append("本局得分 ", make("b", "num", String(info.total)));
  body.append(tell(big));
  if (info.isNew) {
    const words =
      info.previous === null
        ? "新纪录！这是你的第一个单人纪录"
        : `新纪录！比原纪录 ${info.previous} 多 ${info.total - info.previous} 分`;
    body.append(tell(make("p", "new-record", words)));
  }
  body.append(tell(make("p", "result-best", `最高纪录 ${info.best}`)));
  body.append(resultTable(info.sides, ["本局"]));
}

// The result of a vs game: the score and margin, both sides' sums, and the record at this level.
function vsResult(body, info, tell) {
  const [mine, theirs] = info.totals;
  const score = `你 ${mine} : ${theirs} 电脑`;
  // A margin keeps its 分, and 「（第一局）」 its line, on a 320 px phone (「输 106 / 分」).
  const winner = make("p", "result-winner", info.draw ? `平局，双方都是 ${mine} 分` : `${score}，`);
  if (!info.draw) {
    const margin = info.playerWon ? `赢 ${mine - theirs} 分` : `输 ${theirs - mine} 分`;
    winner.append(make("span", "nowrap", margin));
  }
  body.append(tell(winner));
  body.append(resultTable(info.sides, ["你", "电脑"]));
  // The record is per level, as in the lobby: set by the first game there, then beaten.
  if (info.isNew) {
    const more = `新纪录！比原纪录 ${info.previous} 多 ${info.best - info.previous} 分`;
    body.append(tell(make("p", "new-record", more)));
  }
  const best = make("p", "result-best", `对${info.level}电脑的最高纪录 ${info.best}`);
  if (info.previous === null) best.append(make("span", "nowrap", "（第一局）"));
  body.append(tell(best));
}

// A result taller than the screen scrolls under its buttons: while more of it is below (复盘,
// 导出对局), the dialog says so (`data-more`, drawn over the buttons), until it is scrolled down.
function markMore(dialog) {
  if (!dialog || typeof ResizeObserver === "undefined") return;
  const mark = () =>
    dialog.toggleAttribute("data-more", dialog.scrollHeight - dialog.scrollTop - dialog.clientHeight > 24);
  dialog.addEventListener("scroll", mark, { passive: true });
  const watch = new ResizeObserver(mark);
  watch.observe(dialog);
  for (const child of dialog.children) watch.observe(child);
}

export class Dialogs {
  // `el` holds the message, notice, confirm, result and settings elements (see View).
  constructor(el) {
    this.el = el;
    this.messageTimer = null;
    el.message.addEventListener("click", () => this.hideMessage());
    el.message.addEventListener("keydown", (event) => {
      if (event.key === "Escape") this.hideMessage();
    });
    markMore(el.result);
  }

  // Show a one-line message (errors, storage problems) for a while; a `lasting` one (data that
  // could not be restored) stays until closed (a click on it, its 关闭 button, or Esc there),
  // so a player who looks away still learns of it.
  message(text, title = "", lasting = false) {
    const el = this.el.message;
    this.el.messageText.textContent = text;
    el.title = lasting ? "点一下关闭" : title;
    el.classList.toggle("lasting", lasting);
    this.el.messageClose.hidden = !lasting;
    el.hidden = false;
    clearTimeout(this.messageTimer);
    if (!lasting) this.messageTimer = setTimeout(() => this.hideMessage(), MESSAGE_MS);
  }

  // Hide the one-line message; with `text`, only while it is that message (a failed request's,
  // once another request went through: the network is back).
  hideMessage(text = null) {
    if (text !== null && this.el.messageText.textContent !== text) return;
    this.el.message.hidden = true;
  }

  // Show a lasting one-line notice (another tab, storage trouble), with an optional button.
  notice(text, button = "") {
    if (!this.el.notice) return;
    this.el.noticeText.textContent = text;
    this.el.noticeButton.textContent = button;
    this.el.noticeButton.hidden = !button;
    this.el.notice.hidden = false;
  }

  // Hide the lasting notice.
  hideNotice() {
    if (this.el.notice) this.el.notice.hidden = true;
  }

  // Ask a yes/no question in the native dialog; resolves true only for the OK button.
  confirm(text, okLabel = "确定") {
    const dialog = this.el.confirm;
    this.el.confirmText.textContent = text;
    this.el.confirmOk.textContent = okLabel;
    dialog.returnValue = "";
    return new Promise((resolve) => {
      dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), { once: true });
      dialog.showModal();
      this.el.confirmCancel.focus();
    });
  }

  // Resolves once neither the confirm, the settings nor the walk-through dialog is open: the
  // computer waits behind them rather than playing on where the player cannot see.
  untilNoDialog() {
    const open = [this.el.confirm, this.el.settings, this.el.tour].find((dialog) => dialog && dialog.open);
    if (!open) return Promise.resolve();
    return new Promise((resolve) => {
      open.addEventListener("close", () => resolve(this.untilNoDialog()), { once: true });
    });
  }

  // The end-of-game dialog: score and best (single), or both sides' sums and the winner (vs).
  showResult(info) {
    // The game ended under a question about it (重新开始 asked during the computer's last
    // step): nothing is left to restart, so it closes as cancelled.
    if (this.el.confirm.open) this.el.confirm.close();
    const body = this.el.resultBody;
    body.replaceChildren();
    // The lines a screen reader reads with the title when the dialog opens (aria-describedby);
    // the table stays for those who explore it.
    const told = [];
    const tell = (el) => {
      el.id = `result-line-${told.length + 1}`;
      told.push(el.id);
      return el;
    };
    const dialog = this.el.result;
    dialog.dataset.mode = info.mode; // a table's 复盘 buttons are each person's
    if (info.mode === "single") {
      this.el.resultTitle.textContent = "本局结束";
      singleResult(body, info, tell);
    } else if (info.mode === "table") {
      this.el.resultTitle.textContent = info.title;
      tableResult(body, info, tell);
    } else {
      this.el.resultTitle.textContent = info.draw ? "平局" : info.playerWon ? "你赢了！" : "电脑赢了";
      vsResult(body, info, tell);
    }
    this.el.result.setAttribute("aria-describedby", told.join(" "));
    if (!this.el.result.open) this.el.result.showModal();
    // A game won (at a table, by a person) or a new record: a moment of joy at the score.
    if (info.playerWon || info.isNew) celebrate(body.querySelector(".result-score b, .result-winner"));
  }

  // Close the result dialog if it is open.
  closeResult() {
    if (this.el.result.open) this.el.result.close();
  }

  // Open the settings dialog showing the current settings.
  openSettings(settings, canVibrate) {
    this.canVibrate = canVibrate;
    this.updateSettings(settings);
    if (!this.el.settings.open) this.el.settings.showModal();
  }

  // Mark the current sound, vibration and pace choices in the settings dialog. Where the
  // browser cannot vibrate, 震动 shows 关 and cannot be changed, and says why.
  updateSettings(settings) {
    const canVibrate = this.canVibrate !== false;
    const vibrate = canVibrate && settings.vibrate !== false;
    const chosen = { sound: settings.sound ? "on" : "off", vibrate: vibrate ? "on" : "off", pace: settings.pace };
    for (const button of this.el.settings.querySelectorAll("[data-action][data-value]")) {
      button.setAttribute("aria-pressed", String(chosen[button.dataset.action] === button.dataset.value));
      if (button.dataset.action === "vibrate") button.disabled = !canVibrate;
    }
    this.el.settings.querySelector("#vibrate-none").hidden = canVibrate;
  }
}
