// The room page's screen: the entry (昵称 with 创建房间 or 加入房间), the waiting room (the code,
// 复制链接, the seats, the host's computers and 开始游戏), the table in play (the shared dice
// and sheet widgets, drawn from this phone's seat), the result, and the reconnecting line. It
// draws and reports clicks (`data-room` names what a button does); the page decides.

import { button, make } from "../lib/dom.js";
import { TERMS } from "../lib/terms.js";
import { DiceTray } from "../ui/dice.js";
import { ScoreSheet } from "../ui/sheet.js";
import { SeatStrip } from "../table/seat-strip.js";
import { renderSeatBar, seatBarElement } from "../table/seat-bar.js";
import { NameField } from "./name-field.js";
import { fill, hostChoices, seatLines } from "./room-state.js";

const WORDS = TERMS.rooms;

function roomButton(className, text, action, value = "") {
  const b = button(className, text);
  b.dataset.room = action;
  if (value) b.dataset.value = value;
  return b;
}

export class RoomView {
  // Draw into the empty section `section`.
  constructor(doc, section) {
    this.doc = doc;
    this.section = section;
    // The play is a table's: main.css's .at-table lays out its sheet and, on phones, its strip
    // of seats (on the section, not on #app, so the topbar keeps its lobby look).
    section.classList.add("at-table");
    this.snap = null; // the table as last drawn (a seat's sheet opens from it)
    this.build();
  }

  build() {
    const banner = make("p", "room-banner", WORDS.reconnecting);
    banner.setAttribute("role", "status");
    banner.hidden = true;
    this.banner = banner;
    this.section.append(banner, this.buildEntry(), this.buildWait(), this.buildPlay());
  }

  buildEntry() {
    const card = make("div", "card room-card room-entry");
    this.entryTitle = make("h2", "", WORDS.title);
    this.entryIntro = make("p", "room-line", WORDS.intro);
    this.nameField = new NameField();
    this.nameInput = this.nameField.input;
    this.entryGo = roomButton("primary big", WORDS.create, "go");
    const lobby = roomButton("secondary", WORDS.lobby, "lobby");
    card.append(this.entryTitle, this.entryIntro, this.nameField.label, this.nameField.note, this.entryGo, lobby);
    this.entry = card;
    return card;
  }

  buildWait() {
    const card = make("div", "card room-card room-wait");
    const code = make("p", "room-code");
    this.codeText = make("b", "room-code-text num");
    code.append(make("span", "field-label", WORDS.code), this.codeText);
    this.link = make("p", "room-link");
    this.copyLine = make("p", "room-line room-copied");
    this.copyLine.setAttribute("aria-live", "polite");
    this.seats = make("ol", "room-seats");
    this.seats.setAttribute("aria-label", WORDS.seats);
    this.hostBox = make("div", "room-host");
    const levels = make("div", "segmented room-levels");
    levels.setAttribute("role", "group");
    levels.setAttribute("aria-label", WORDS.add_computer);
    this.levelButtons = TERMS.levels.map(({ key, name }) => roomButton("", `+ ${name}`, "add", key));
    levels.append(...this.levelButtons);
    this.startButton = roomButton("primary big", WORDS.start, "start");
    this.startNote = make("p", "room-line");
    this.hostBox.append(make("span", "field-label", WORDS.add_computer), levels, this.startButton, this.startNote);
    this.waitLine = make("p", "room-line room-waiting", WORDS.waiting);
    card.append(
      make("h2", "", WORDS.title),
      code,
      this.link,
      roomButton("secondary", WORDS.copy, "copy"),
      this.copyLine,
      make("h3", "", WORDS.seats),
      this.seats,
      this.hostBox,
      this.waitLine,
      roomButton("secondary", WORDS.lobby, "lobby"),
    );
    this.wait = card;
    return card;
  }

  buildPlay() {
    const play = make("div", "game room-play");
    const head = make("div", "room-head");
    this.roundLine = make("span", "room-round num");
    this.statusLine = make("p", "status room-status");
    this.statusLine.setAttribute("aria-live", "polite");
    this.eventLine = make("p", "room-line room-event");
    // 回大厅 mid-game: the seat stays this browser's (the link brings it back), and the 普通
    // computer stands in once it has been away through its turn.
    // Wide screens: every seat's 胜率 in one bar, as at a table (phones have the strip).
    this.seatBar = seatBarElement();
    head.append(
      this.roundLine,
      this.statusLine,
      this.seatBar,
      roomButton("secondary room-leave", WORDS.lobby, "lobby"),
    );
    this.result = make("div", "card room-card room-result");
    this.resultList = make("ol", "room-places");
    this.result.append(
      make("h2", "", WORDS.over),
      this.resultList,
      roomButton("primary", WORDS.review, "review"),
      roomButton("secondary", WORDS.lobby, "lobby"),
    );
    // A phone's strip of seats, as at a table on one phone (main.css): each seat's total and
    // 胜率, a tap opens its sheet; the sheet shows the seat in turn's column (rooms.css).
    const strip = make("div", "seat-strip");
    strip.setAttribute("role", "group");
    strip.setAttribute("aria-label", "各位的总分");
    this.strip = new SeatStrip(strip, this.doc, "room-seat-dialog");
    strip.addEventListener("click", (event) => {
      const seat = event.target.closest("[data-action='seat-sheet']");
      if (!seat || !this.snap) return;
      event.stopPropagation(); // the game's own strip (ui/input.js) is not this one
      this.strip.open(this.snap, Number(seat.dataset.value));
    });
    const trayArea = make("div", "tray-area");
    const tray = make("div", "tray");
    tray.setAttribute("role", "group");
    const row = make("div", "roll-row");
    this.roll = roomButton("primary roll", WORDS.roll, "roll");
    row.append(this.roll);
    trayArea.append(tray, row);
    this.trayArea = trayArea;
    const sheetArea = make("div", "sheet-area");
    const table = make("table", "sheet room-sheet");
    table.append(make("caption", "visually-hidden", "计分表"));
    sheetArea.append(table);
    this.tray = new DiceTray(tray, this.roll, { dieData: "roomDie" });
    this.sheet = new ScoreSheet(table, { boxData: "roomBox" });
    this.table = table;
    play.append(head, this.eventLine, strip, this.result, trayArea, sheetArea);
    this.play = play;
    return play;
  }

  // Show the section in place of the lobby (the topbar keeps its lobby look).
  show() {
    this.doc.getElementById("app").classList.add("in-room");
    this.doc.getElementById("lobby").hidden = true;
    this.doc.getElementById("game").hidden = true;
    this.section.hidden = false;
  }

  hide() {
    this.doc.getElementById("app").classList.remove("in-room");
    this.section.hidden = true;
    this.strip.close();
  }

  get shown() {
    return !this.section.hidden;
  }

  // One of the screens: "entry", "wait", "play" (the result over the table when it is over).
  screen(name) {
    this.entry.hidden = name !== "entry";
    this.wait.hidden = name !== "wait";
    this.play.hidden = name !== "play";
  }

  // The entry: create a room, or join room `code`.
  showEntry({ code = null, name = "", line = "" }) {
    this.screen("entry");
    this.entryTitle.textContent = code ? fill(WORDS.join_title, { code }) : WORDS.title;
    this.entryIntro.textContent = line || WORDS.intro;
    this.entryGo.textContent = code ? WORDS.join : WORDS.create;
    if (!this.nameInput.value) this.nameInput.value = name;
  }

  // Only a line (loading, or the room is gone) with the way back.
  showLine(text) {
    this.screen("entry");
    this.entryTitle.textContent = WORDS.title;
    this.entryIntro.textContent = text;
    this.entryGo.hidden = true;
    this.nameInput.closest("label").hidden = true;
  }

  // The entry's form again (after showLine).
  formShown(shown) {
    this.entryGo.hidden = !shown;
    this.nameInput.closest("label").hidden = !shown;
  }

  get name() {
    return this.nameField.value;
  }

  // The waiting room of `room` for seat `you`.
  showWait(room, you, link, busy) {
    this.screen("wait");
    this.codeText.textContent = room.code;
    this.link.textContent = link;
    const lines = seatLines(room, you);
    this.seats.replaceChildren(
      ...lines.map((line) => {
        const li = make("li", line.away ? "room-seat away" : "room-seat");
        li.append(make("span", "room-seat-name", line.name), make("span", "room-seat-marks", line.marks.join(" · ")));
        return li;
      }),
    );
    const { owner, canAdd, canStart } = hostChoices(room, you);
    this.hostBox.hidden = !owner;
    this.waitLine.hidden = owner;
    for (const b of this.levelButtons) b.disabled = busy || !canAdd;
    this.startButton.disabled = busy || !canStart;
    this.startNote.textContent = canStart ? "" : canAdd ? WORDS.need_two : WORDS.full;
  }

  // 复制链接: `link` to the clipboard, and say whether it went.
  async copy(link) {
    try {
      await navigator.clipboard.writeText(link);
      this.copyLine.textContent = WORDS.copied;
    } catch {
      this.copyLine.textContent = WORDS.copy_failed;
    }
  }

  // The table: `snap` is the view from this phone's seat (room-state.js fromSeat).
  showPlay({ snap, held, busy, status, event, round, result, pendingBox }) {
    this.screen("play");
    this.roundLine.textContent = round;
    this.statusLine.textContent = status;
    this.eventLine.textContent = event;
    this.eventLine.hidden = !event;
    const mine = snap.mine;
    this.snap = snap;
    this.strip.render(snap);
    renderSeatBar(this.seatBar, snap);
    this.tray.render({ snap, held, hintDice: new Set(), busy });
    if (!mine && !snap.finished) {
      // Another phone's turn (its seat a person's too): its dice are shown, never held here.
      for (const die of this.trayArea.querySelectorAll("button.die")) die.disabled = true;
      this.trayArea.querySelector(".tray").setAttribute("aria-label", `${snap.sides[snap.current].name}的骰子`);
    }
    this.sheet.render({ snap, own: 0, hintBox: null, busy, pendingBox }); // this phone's column
    this.trayArea.hidden = snap.finished; // the result stands in its place
    const counts = { used: snap.rolls_used, max: snap.max_rolls };
    this.roll.textContent = mine && snap.dice ? fill(WORDS.roll_again, counts) : WORDS.roll;
    this.roll.disabled = busy || !mine || !snap.can_roll || (Boolean(snap.dice) && held.every(Boolean));
    this.result.hidden = !result;
    if (result) {
      this.resultList.replaceChildren(...result.map((line) => make("li", line.place === 1 ? "first" : "", line.text)));
    }
  }

  // The reconnecting line, shown while the stream is down.
  reconnecting(shown) {
    this.banner.hidden = !shown;
  }
}
