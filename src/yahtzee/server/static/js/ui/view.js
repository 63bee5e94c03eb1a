// Drawing: puts the server's snapshot (`view`) on the page. Every number, every "allowed" and
// every zero comes from the snapshot; the drawing modules only choose how it looks. The
// controller adds page-only state: dice held locally before the next roll, hint marks, a box
// being scored. This is the face the controller calls; each job is drawn by its own module.

import { DiceTray } from "./dice.js";
import { Dialogs } from "./dialogs.js";
import { FocusKeeper, announce } from "./focus.js";
import { describeSave, showGame, showLobby, updateLobby } from "./lobby.js";
import { ScoreSheet } from "./sheet.js";
import { renderTopbar } from "./topbar.js";
import { SeatStrip } from "../table/seat-strip.js";
import { writeStatus } from "./bubble.js";
import { celebrate } from "./joy.js";

export { describeSave };

// A list of dice (保留 1 4 4 4) keeps to one line: no break between its numbers on a phone.
const keepDice = (text) => text && text.replace(/(\d) (?=\d)/g, "$1\u00a0");

export class View {
  // Look up the page's fixed elements and build the drawing pieces (the five dice at once);
  // `bubble` shows a few words beside a control (bubble.js): here, a hint's figures.
  constructor(doc, bubble) {
    this.doc = doc;
    this.bubble = bubble;
    const $ = (id) => doc.getElementById(id);
    this.el = {
      app: $("app"),
      lobby: $("lobby"),
      game: $("game"),
      round: $("round"),
      totals: $("totals"),
      hint: $("hint-btn"),
      fullscreen: $("fullscreen-btn"),
      message: $("message"),
      messageText: $("message-text"),
      messageClose: $("message-close"),
      announce: $("announce"),
      notice: $("notice"),
      noticeText: $("notice-text"),
      noticeButton: $("notice-btn"),
      match: $("match"),
      winbar: $("winbar"),
      seatbar: $("seatbar"), // a table's 胜率
      vsOptions: $("vs-options"),
      bests: $("records"), // 我的纪录
      resume: $("resume-btn"),
      resumeDetail: $("resume-detail"),
      start: $("start-btn"),
      dice: $("dice"),
      roll: $("roll-btn"),
      status: $("status"),
      sheet: $("sheet"),
      confirm: $("confirm-dialog"),
      confirmText: $("confirm-text"),
      confirmOk: $("confirm-ok"),
      confirmCancel: $("confirm-cancel"),
      result: $("result-dialog"),
      resultTitle: $("result-title"),
      resultBody: $("result-body"),
      settings: $("settings-dialog"),
      handover: $("handover"),
      tour: $("tour-dialog"),
    };
    this.tray = new DiceTray(this.el.dice, this.el.roll);
    this.sheet = new ScoreSheet(this.el.sheet);
    this.dialogs = new Dialogs(this.el);
    this.focus = new FocusKeeper(doc, this.el);
    this.strip = new SeatStrip($("seat-strip"), doc); // a table's other seats, on a phone
  }

  // Show the lobby with the current choices, bests and what 「继续」 resumes.
  showLobby(state) {
    showLobby(this.el, state);
  }

  // Mark the chosen lobby options.
  updateLobby(lobby) {
    updateLobby(this.el, lobby);
  }

  // Switch from the lobby to the game.
  showGame() {
    showGame(this.el);
  }

  // Redraw the whole board from the snapshot plus the controller's page-only state.
  render(state) {
    const { snap } = state;
    if (!snap) return;
    const { app, game } = this.el;
    app.classList.toggle("vs", snap.mode === "vs");
    app.classList.toggle("at-table", snap.mode === "table");
    // Not aria-busy: that would hold back the live status inside the game for the whole of
    // the computer's turn. Only the tumbling dice are marked busy (startRoll).
    this.focus.busy = Boolean(state.busy);
    game.dataset.busy = String(this.focus.busy);
    renderTopbar(this.el, state);
    this.tray.render(state);
    this.tray.renderRollButton(state);
    this.sheet.render(state);
    this.strip.render(snap);
    // A live region speaks every rewrite, even of the same words: only a change is written.
    writeStatus(this.el.status, keepDice(state.status), keepDice(state.figures), this.bubble);
    this.focus.place();
  }

  // Say `text` to screen readers only (what was rolled or scored), politely.
  announce(text) {
    announce(this.el.announce, text);
  }

  // Move the focus to the next control once there is one (a new screen was just shown).
  focusNext() {
    this.focus.focusNext();
  }

  // Start the tumble of the dice marked in `moving` for about `ms` milliseconds.
  startRoll(moving, ms) {
    this.tray.startRoll(moving, ms);
  }

  // Stop the tumble; the next render draws the real faces.
  stopRoll() {
    this.tray.stopRoll();
  }

  // Open seat `seat`'s sheet in a dialog, read-only (a table's seat not in turn, on a phone).
  openSeat(snap, seat) {
    this.strip.open(snap, seat);
  }

  // Show 「轮到 `name`」 over the board (a table's turn passing to a person).
  showHandover(name) {
    const box = this.el.handover;
    box.querySelector(".handover-name").textContent = name;
    box.hidden = false;
  }

  // Hide 「轮到 …」.
  hideHandover() {
    this.el.handover.hidden = true;
  }

  // Briefly highlight a box another side has just scored.
  flash(side, key) {
    this.sheet.flash(side, key);
  }

  // Show a one-line message for a while, or a `lasting` one until closed.
  message(text, title = "", lasting = false) {
    this.dialogs.message(text, title, lasting);
  }

  // A moment of joy at the player's box `key` (a 快艇 scored).
  celebrate(key) {
    celebrate(this.el.sheet.querySelector(`button.box[data-box="${key}"]`));
  }

  // Hide the one-line message (with `text`, only while it says that).
  hideMessage(text = null) {
    this.dialogs.hideMessage(text);
  }

  // Show a lasting one-line notice, with an optional button.
  notice(text, button = "") {
    this.dialogs.notice(text, button);
  }

  // Hide the lasting notice.
  hideNotice() {
    this.dialogs.hideNotice();
  }

  // Ask a yes/no question; resolves true only for the OK button.
  confirm(text, okLabel = "确定") {
    return this.dialogs.confirm(text, okLabel);
  }

  // Resolves once neither the confirm nor the settings dialog is open.
  untilNoDialog() {
    return this.dialogs.untilNoDialog();
  }

  // The end-of-game dialog.
  showResult(info) {
    this.dialogs.showResult(info);
  }

  // Close the result dialog if it is open.
  closeResult() {
    this.dialogs.closeResult();
  }

  // Open the settings dialog showing the current settings.
  openSettings(settings, canVibrate) {
    this.dialogs.openSettings(settings, canVibrate);
  }

  // Mark the current sound and pace choices in the settings dialog.
  updateSettings(settings) {
    this.dialogs.updateSettings(settings);
  }

  // Name the fullscreen button after what it will do next; .on swaps its icon (main.css).
  setFullscreen(on) {
    const button = this.el.fullscreen;
    button.setAttribute("aria-label", on ? "退出全屏" : "全屏");
    button.classList.toggle("on", on);
  }

  // True while the game is on screen (not the lobby, not 练习).
  inGame() {
    return !this.el.game.hidden;
  }

  // The page's root element (fullscreen shows it).
  get app() {
    return this.el.app;
  }
}
