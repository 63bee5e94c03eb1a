// The newcomer's walk-through: four short steps (roll, hold, score, the upper bonus line) in a
// dialog, about half a minute of reading; the words come from the terms (TERMS.tour,
// yahtzee/terms.py), each with a small picture drawn as the table draws its dice and sheet. It
// opens by itself at the start of a player's first game, once (kept under TOUR_KEY), and 「跳过」
// ends it at any step; the help and the settings open it again. Where the browser keeps nothing,
// it never opens by itself: it could not be kept from opening again.

import { button, make, svg } from "../lib/dom.js";
import { KeyStore } from "../lib/storage.js";
import { PIPS } from "../lib/pips.js";
import { TERMS } from "../lib/terms.js";

export const TOUR_KEY = "yahtzee.tour";
const VERSION = 1;

// A small die with `face` up; `held` lifts it over a 保留 mark as the table does.
function die(face, held = false) {
  const slot = make("span", `tour-die${held ? " held" : ""}`);
  const drawn = svg("svg", { viewBox: "0 0 100 100", "aria-hidden": "true" });
  drawn.append(svg("rect", { x: 4, y: 4, width: 92, height: 92, rx: 20 }));
  for (const [cx, cy] of PIPS[face] || []) drawn.append(svg("circle", { cx, cy, r: 10 }));
  slot.append(drawn);
  if (held) slot.append(make("span", "tour-held", "保留"));
  return slot;
}

// A row of small dice, `held` by position.
function diceRow(faces, held = []) {
  const row = make("div", "tour-dice");
  faces.forEach((face, i) => row.append(die(face, held.includes(i))));
  return row;
}

// A row of a small sheet: a box's name and what it shows (`className`: preview, zero).
function sheetRow(name, value, className) {
  const row = make("div", "tour-row");
  row.append(make("span", "", name), make("span", `tour-cell ${className}`, value));
  return row;
}

// The name of a box, from the terms (the sheet's order).
const boxName = (index) => TERMS.boxes[index].name;
const lower = (index) => TERMS.boxes.filter((box) => box.section === "lower")[index].name;

// The pictures under the steps, by the step's key in the terms.
function pictures() {
  const target = TERMS.upper_target;
  const sheet = make("div", "tour-sheet");
  sheet.append(
    sheetRow(lower(0), "21", "preview"),
    sheetRow(lower(2), "✕0", "zero"),
    sheetRow(boxName(4), "15", "preview"),
  );
  const upper = make("div", "tour-upper");
  const bar = make("span", "tour-bar");
  bar.append(make("i"));
  upper.append(
    make("span", "", TERMS.sums[0].name),
    make("b", "num", `41 / ${target}`),
    bar,
    make("span", "", `还差 ${target - 41}`),
  );
  return {
    roll: diceRow([2, 5, 5, 3, 5]),
    hold: diceRow([6, 5, 5, 1, 5], [1, 2, 4]),
    score: sheet,
    upper_bonus: upper,
  };
}

// The steps: a title and the words (the terms' tour), and the picture under them.
function steps() {
  const drawn = pictures();
  return TERMS.tour.map(({ key, name, text }) => ({ title: name, text, picture: drawn[key] || make("span") }));
}

export class Walkthrough {
  // `dialog` is the page's empty tour dialog; `backend` the browser's storage (or null).
  constructor(dialog, backend) {
    this.dialog = dialog;
    this.store = new KeyStore(backend);
    this.index = 0;
    this.steps = steps();
    this.offered = false; // opened by itself on this visit already
    this.build();
  }

  // The dialog's parts: where it is, the step, and 跳过 / 下一步.
  build() {
    const dialog = this.dialog;
    this.count = make("p", "tour-count");
    this.title = make("h2", "tour-title");
    this.title.id = "tour-title";
    this.text = make("p", "tour-text");
    this.text.id = "tour-text";
    this.picture = make("div", "tour-picture");
    this.picture.setAttribute("aria-hidden", "true");
    const buttons = make("div", "dialog-buttons");
    this.skip = button("secondary", "跳过");
    this.next = button("primary", "下一步");
    this.skip.addEventListener("click", () => this.close());
    this.next.addEventListener("click", () => this.step(1));
    buttons.append(this.skip, this.next);
    dialog.setAttribute("aria-labelledby", "tour-title");
    dialog.setAttribute("aria-describedby", "tour-text");
    dialog.replaceChildren(this.count, this.title, this.text, this.picture, buttons);
  }

  // True once the player has been through it (or skipped it), on this device.
  seen() {
    const raw = this.store.read(TOUR_KEY);
    try {
      return raw !== null && JSON.parse(raw).version === VERSION;
    } catch {
      return false; // unreadable: as if never seen, and written anew
    }
  }

  // A game starts: the first one of a player new to the game opens the walk-through. `played`
  // says whether this device has finished a game before (then it is not their first).
  offer(played) {
    if (this.offered || played || this.seen()) return;
    this.offered = true;
    const kept = this.store.write(TOUR_KEY, JSON.stringify({ version: VERSION, seen: new Date().toISOString() }));
    if (kept) this.open();
  }

  // Open at its first step (the help's and the settings' 「新手引导」).
  open() {
    this.index = 0;
    this.show();
    if (!this.dialog.open) this.dialog.showModal();
    this.next.focus();
  }

  // Go `by` steps on; past the last, close.
  step(by) {
    this.index += by;
    if (this.index >= this.steps.length) this.close();
    else this.show();
  }

  // Draw the current step.
  show() {
    const last = this.steps.length;
    const { title, text, picture } = this.steps[this.index];
    this.count.textContent = `新手引导 ${this.index + 1} / ${last}`;
    this.title.textContent = title;
    this.text.textContent = text;
    this.picture.replaceChildren(picture);
    this.next.textContent = this.index + 1 === last ? "开始玩" : "下一步";
    this.skip.hidden = this.index + 1 === last;
  }

  // End it (跳过, 开始玩, Esc).
  close() {
    if (this.dialog.open) this.dialog.close();
  }
}
