// The score sheet: a column per side, a row per box plus the sums. The player's column is made
// of buttons (what a box would score now); the other side's shows its points. At a table
// (和朋友玩) the buttons are the column of the person in turn, and the seat in turn's column is
// marked (`turn`: on a phone it is the one shown, main.css).

import { make, button, redraw, setText } from "../lib/dom.js";
import { personInTurn } from "../lib/seats.js";
import { TERMS, rowNote } from "../lib/terms.js";
import { ruleButton } from "./box-rules.js";

// Where each sum row goes and how it looks; its name and caption come from the terms.
const SUM_LAYOUT = {
  upper_subtotal: ["upper", "sum"],
  upper_bonus: ["upper", "sum"],
  yahtzee_bonus: ["lower", "sum"],
  total: ["foot", "grand"],
};

// The column of buttons: the first (the player's), but at a table the seat in turn's when a
// person plays it, and none (-1) while a computer plays or once the game is over.
function ownColumn(snap) {
  if (snap.mode !== "table") return 0;
  return personInTurn(snap) && !snap.finished ? snap.current : -1;
}

// One box of the player's column: a button named by the box and what it would score now. Its
// classes, text (beside a ✕ when `zero`: scoring it now gives 0), accessible name and whether
// it can be pressed.
export function playerBoxLook(box, side, { snap, hintBox, busy, pendingBox }) {
  let look;
  if (box.points !== null) {
    const zero = box.points === 0 ? " filled-zero" : "";
    look = { className: `box filled${zero}`, text: String(box.points), label: `${box.name} 已登记 ${box.points}分` };
  } else if (pendingBox === box.key && box.preview !== null) {
    look = {
      className: "box filled pending",
      text: String(box.preview),
      label: `${box.name} 正在登记 ${box.preview}分`,
    };
  } else if (box.allowed && side.acting) {
    const kind = box.zero ? "zero" : "preview";
    const label = `${box.name} ${box.preview}分`;
    look = { className: `box ${kind}`, text: String(box.preview), label, disabled: busy, zero: box.zero };
  } else if (side.acting && snap.phase !== "over") {
    look = { className: "box dash", text: "–", label: `${box.name} 现在不能登记` };
  } else {
    look = { className: "box open", text: "", label: `${box.name} 未登记` };
  }
  if (hintBox === box.key && box.points === null) {
    look.className += " hinted";
    look.label += "（提示建议）";
  }
  return { disabled: true, zero: false, ...look };
}

export class ScoreSheet {
  // Draw into the <table> `element` (its caption stays); rows are built at the first render. Each
  // box's button names its box in `data-box`, or in the data attribute `boxData` names.
  constructor(element, { boxData = "box" } = {}) {
    this.element = element;
    this.boxData = boxData;
    this.shape = ""; // what the sheet was built for: the sides, the buttons' column, the turn
    this.own = 0;
    this.turn = -1;
    this.cells = [];
    this.heads = [];
    this.echoes = [];
  }

  // Build the sheet once per number of sides (and at a table, per turn): a row per box plus the
  // total rows; the buttons in column `own`, column `turn` marked.
  build(snap, own, turn) {
    const table = this.element;
    const caption = table.querySelector("caption");
    table.replaceChildren(caption);
    this.own = own;
    this.turn = turn;
    this.cells = snap.sides.map(() => ({}));
    this.heads = [];
    this.echoes = [];
    const head = make("thead");
    const headRow = make("tr");
    const corner = make("th", "corner", "项目");
    corner.scope = "col";
    headRow.append(corner);
    snap.sides.forEach((side, s) => {
      const th = make("th", `side side-${s}${s === turn ? " turn" : ""}`);
      th.scope = "col";
      const arrow = make("span", "arrow", "▼");
      arrow.setAttribute("aria-hidden", "true");
      const note = make("span", "visually-hidden acting-note", "（正在掷骰）");
      th.append(arrow, make("span", "side-name", side.name), note);
      headRow.append(th);
      this.heads.push(th);
    });
    head.append(headRow);
    table.append(head);

    const groups = { upper: make("tbody", "upper"), lower: make("tbody", "lower"), foot: make("tfoot") };
    groups.lower.append(this.echoRow(snap));
    for (const box of snap.sides[0].boxes) {
      const group = groups[box.section === "upper" ? "upper" : "lower"];
      this.addRow(group, { key: box.key, name: box.name, note: rowNote(box.key), isBox: true });
    }
    for (const { key, name, note } of TERMS.sums) {
      const [section, extraClass] = SUM_LAYOUT[key];
      this.addRow(groups[section], { key, name, note, isBox: false, extraClass });
    }
    table.append(groups.upper, groups.lower, groups.foot);
  }

  // The column heads again, atop the lower section: on touch screens it stands beside the
  // upper one (main.css). Screen readers have the real heads and skip this copy.
  echoRow(snap) {
    const tr = make("tr", "echo");
    tr.setAttribute("aria-hidden", "true");
    tr.append(make("td", "corner", "项目"));
    snap.sides.forEach((side, s) => {
      const td = make("td", `echo-side echo-${s}${s === this.turn ? " turn" : ""}`);
      td.append(make("span", "arrow", "▼"), make("span", "side-name", side.name));
      tr.append(td);
      this.echoes.push(td);
    });
    return tr;
  }

  // One row: the box's name (for a box, a button that shows its rule: box-rules.js) and note,
  // then a cell per side (for a box, a button in the player's column).
  addRow(group, { key, name, note, isBox, extraClass = "" }) {
    const tr = make("tr", `row-${key} ${extraClass}`.trim());
    const th = make("th", "name");
    th.scope = "row";
    th.append(isBox ? ruleButton(key, name) : make("span", "box-name", name));
    if (note) {
      // The comma is for screen readers, which would read 「一点所有 1 相加」 as one word.
      const span = make("span", "box-note");
      span.append(make("span", "visually-hidden", "，"), note);
      th.append(span);
    }
    tr.append(th);
    this.cells.forEach((cells, s) => {
      const td = make("td", `cell side-${s}${s === this.turn ? " turn" : ""}`);
      if (s === this.own && isBox) {
        const box = button("box");
        box.dataset[this.boxData] = key;
        td.append(box);
        cells[key] = box;
      } else {
        cells[key] = td;
      }
      tr.append(td);
    });
    group.append(tr);
  }

  // Fill the sheet: points, green previews, marked zeros, dashes, hint and progress. `own` is
  // the column of buttons (by default the player's, or the person's in turn at a table).
  render({ snap, own = ownColumn(snap), hintBox, busy, pendingBox, choosing = null }) {
    const turn = snap.mode === "table" ? snap.current : -1;
    const shape = `${snap.sides.length}:${own}:${turn}`;
    if (this.shape !== shape) {
      this.build(snap, own, turn);
      this.shape = shape;
    }
    snap.sides.forEach((side, s) => {
      this.heads[s].classList.toggle("acting", side.acting);
      this.echoes[s].classList.toggle("acting", side.acting);
      const cells = this.cells[s];
      for (const box of side.boxes) {
        if (s === own) this.renderPlayerBox(cells[box.key], box, side, { snap, hintBox, busy, pendingBox });
        else this.renderOtherBox(cells[box.key], box, choosing === box.key);
      }
      this.renderSums(cells, side, snap);
    });
  }

  // One box of the player's column (`playerBoxLook`), written only where it changed.
  renderPlayerBox(cell, box, side, context) {
    const look = playerBoxLook(box, side, context);
    cell.disabled = look.disabled;
    redraw(cell, `${look.className}|${look.text}|${look.label}`, () => {
      if (look.zero) {
        const mark = make("span", "zero-mark", "✕");
        mark.setAttribute("aria-hidden", "true");
        cell.replaceChildren(mark, look.text);
      } else {
        cell.textContent = look.text;
      }
      cell.className = look.className;
      cell.setAttribute("aria-label", look.label);
    });
  }

  // One box of another side's column: its points, or empty while open; the box the computer
  // has just chosen shows the points it is about to write, highlighted.
  renderOtherBox(td, box, chosen = false) {
    const choosing = chosen && box.points === null && box.preview !== null;
    setText(td, choosing ? String(box.preview) : box.points === null ? "" : String(box.points));
    td.classList.toggle("filled-zero", box.points === 0 || (choosing && box.preview === 0));
    td.classList.toggle("choosing", choosing);
  }

  // Subtotal with progress toward 63, upper bonus, Yahtzee bonus and total of one side.
  renderSums(cells, side, snap) {
    const sub = cells.upper_subtotal;
    redraw(sub, `${side.upper_subtotal} / ${side.upper_target}`, () => {
      const text = make("span", "progress-text num", `${side.upper_subtotal} / ${side.upper_target}`);
      const bar = make("span", "progress");
      bar.setAttribute("aria-hidden", "true");
      const fill = make("span", "progress-fill");
      fill.style.width = `${Math.min(100, (100 * side.upper_subtotal) / side.upper_target)}%`;
      bar.append(fill);
      sub.replaceChildren(text, bar);
    });
    sub.classList.toggle("reached", side.upper_needed === 0);

    const bonus = cells.upper_bonus;
    const upperOpen = side.boxes.some((b) => b.section === "upper" && b.points === null);
    if (side.upper_bonus === 0 && upperOpen) {
      const needed = `还差 ${side.upper_needed}`;
      redraw(bonus, needed, () => bonus.replaceChildren(make("span", "needed", needed)));
    } else {
      redraw(bonus, String(side.upper_bonus), () => (bonus.textContent = String(side.upper_bonus)));
    }

    const ybonus = cells.yahtzee_bonus;
    const now = side.acting && snap.bonus_now > 0 ? snap.bonus_now : 0;
    redraw(ybonus, `${side.yahtzee_bonus} +${now}`, () => {
      ybonus.replaceChildren(String(side.yahtzee_bonus));
      if (now > 0) ybonus.append(make("span", "bonus-now", ` +${now}`));
    });
    const total = String(side.total);
    redraw(cells.total, total, () => cells.total.replaceChildren(make("span", "num", total)));
  }

  // Briefly highlight a box another side has just scored (the reflow restarts the animation).
  flash(side, key) {
    const cell = this.cells[side] && this.cells[side][key];
    if (!cell) return;
    cell.classList.remove("flash");
    void cell.offsetWidth;
    cell.classList.add("flash");
  }
}
