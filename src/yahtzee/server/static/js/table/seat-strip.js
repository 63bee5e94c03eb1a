// A table's seats on a phone (和朋友玩): the seat in turn has the whole sheet, the others sit in
// a strip above the dice, each with its name, its total and its 胜率; a tap on one opens its
// sheet in a dialog, read-only. (On wider screens every seat is a column of the sheet and the
// strip is not shown: main.css.)

import { button, make } from "../lib/dom.js";
import { chanceText } from "../lib/words.js";
import { ScoreSheet } from "../ui/sheet.js";
import { seatShares } from "./standings.js";

// A seat of the strip: its name over its total and 胜率; `turn` marks the seat in turn (not a
// button: its sheet is the one shown).
function seatCell(side, seat, { turn, share, win }) {
  const cell = turn ? make("div", "strip-seat turn") : button("strip-seat");
  const figures = make("span", "strip-figures");
  figures.append(make("b", "num", String(side.total)));
  let said = `${side.total} 分`;
  if (share !== null) {
    const { shown, said: words } = chanceText(win, share);
    figures.append(make("span", "strip-chance num", ` · ${shown}`));
    said += `，胜率 ${words}`;
  }
  const name = make("span", "strip-name");
  if (turn) name.append(make("span", "arrow", "▼"));
  name.append(side.name);
  cell.append(name, figures);
  if (turn) {
    cell.setAttribute("aria-current", "true");
    cell.setAttribute("role", "group");
    cell.setAttribute("aria-label", `${side.name}（正在掷骰）：${said}`);
  } else {
    cell.dataset.action = "seat-sheet";
    cell.dataset.value = String(seat);
    cell.setAttribute("aria-label", `${side.name}：${said}，看计分表`);
  }
  return cell;
}

export class SeatStrip {
  // Draw the strip into `element` and a seat's sheet into a dialog made once, in `doc`, with the
  // id `id` (another strip, the room page's, has its own).
  constructor(element, doc = document, id = "seat-dialog") {
    this.element = element;
    this.doc = doc;
    this.seat = null; // the seat whose sheet the dialog shows
    const dialog = make("dialog", "dialog seat-dialog");
    dialog.id = id;
    dialog.setAttribute("aria-labelledby", `${id}-title`);
    const title = make("h2", "", "");
    title.id = `${id}-title`;
    const table = make("table", "sheet seat-sheet");
    table.append(make("caption", "visually-hidden", "计分表"));
    const close = button("primary", "关闭");
    close.addEventListener("click", () => dialog.close());
    const buttons = make("div", "dialog-buttons");
    buttons.append(close);
    dialog.append(title, table, buttons);
    doc.body.append(dialog);
    this.dialog = dialog;
    this.title = title;
    this.sheet = new ScoreSheet(table);
  }

  // Draw the seats of `snap` (a table's), or nothing for another game; the open dialog follows.
  render(snap) {
    const table = snap.mode === "table";
    this.element.hidden = !table;
    if (!table) {
      this.element.replaceChildren();
      return;
    }
    const shares = seatShares(snap);
    const cells = snap.sides.map((side, seat) =>
      seatCell(side, seat, {
        turn: seat === snap.current,
        share: shares ? shares.seats[seat] : null,
        win: snap.chances ? snap.chances.win[seat] : null,
      }),
    );
    this.element.replaceChildren(...cells);
    if (this.dialog.open) this.drawSheet(snap);
  }

  // Open seat `seat`'s sheet, read-only.
  open(snap, seat) {
    if (!snap || !snap.sides[seat]) return;
    this.seat = seat;
    this.drawSheet(snap);
    if (!this.dialog.open) this.dialog.showModal();
  }

  // The dialog's sheet: the one seat's column, none of it a button.
  drawSheet(snap) {
    const side = snap.sides[this.seat];
    if (!side) return;
    this.title.textContent = `${side.name}的计分表`;
    const one = { ...snap, sides: [{ ...side, acting: false }], current: 0 };
    this.sheet.render({ snap: one, own: -1, hintBox: null, busy: true, pendingBox: null });
  }

  // Close the seat's sheet (a new game, the lobby).
  close() {
    if (this.dialog.open) this.dialog.close();
  }
}
