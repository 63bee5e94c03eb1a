// The score sheet: a column per side, a row per box plus the sums. The player's column is made
// of buttons (what a box would score now); the other side's shows its points.

import { make, button } from "../lib/dom.js";
import { TERMS, rowNote } from "../lib/terms.js";
import { ruleButton } from "./box-rules.js";

// Where each sum row goes and how it looks; its name and caption come from the terms.
const SUM_LAYOUT = {
  upper_subtotal: ["upper", "sum"],
  upper_bonus: ["upper", "sum"],
  yahtzee_bonus: ["lower", "sum"],
  total: ["foot", "grand"],
};

export class ScoreSheet {
  // Draw into the <table> `element` (its caption stays); rows are built at the first render. Each
  // box's button names its box in `data-box`, or in the data attribute `boxData` names.
  constructor(element, { boxData = "box" } = {}) {
    this.element = element;
    this.boxData = boxData;
    this.sides = 0;
    this.cells = [];
    this.heads = [];
    this.echoes = [];
  }

  // Build the sheet once per number of sides: a row per box plus the total rows.
  build(snap) {
    const table = this.element;
    const caption = table.querySelector("caption");
    table.replaceChildren(caption);
    this.sides = snap.sides.length;
    this.cells = snap.sides.map(() => ({}));
    this.heads = [];
    this.echoes = [];
    const head = make("thead");
    const headRow = make("tr");
    const corner = make("th", "corner", "项目");
    corner.scope = "col";
    headRow.append(corner);
    snap.sides.forEach((side, s) => {
      const th = make("th", `side side-${s}`);
      th.scope = "col";
      const arrow = make("span", "arrow", "▼");
      arrow.setAttribute("aria-hidden", "true");
      const note = make("span", "visually-hidden acting-note", "（正在掷骰）");
      th.append(arrow, make("span", "side-name", side.label), note);
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
      const td = make("td", `echo-side echo-${s}`);
      td.append(make("span", "arrow", "▼"), make("span", "side-name", side.label));
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
      const td = make("td", `cell side-${s}`);
      if (s === 0 && isBox) {
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

  // Fill the sheet: points, green previews, marked zeros, dashes, hint and progress.
  render({ snap, hintBox, busy, pendingBox, choosing = null }) {
    if (this.sides !== snap.sides.length) this.build(snap);
    snap.sides.forEach((side, s) => {
      this.heads[s].classList.toggle("acting", side.acting);
      this.echoes[s].classList.toggle("acting", side.acting);
      const cells = this.cells[s];
      for (const box of side.boxes) {
        if (s === 0) this.renderPlayerBox(cells[box.key], box, side, { snap, hintBox, busy, pendingBox });
        else this.renderOtherBox(cells[box.key], box, choosing === box.key);
      }
      this.renderSums(cells, side, snap);
    });
  }

  // One box of the player's column: a button named by the box and what it would score now.
  renderPlayerBox(cell, box, side, { snap, hintBox, busy, pendingBox }) {
    const classes = ["box"];
    let label;
    let disabled = true;
    cell.replaceChildren();
    if (box.points !== null) {
      classes.push("filled");
      if (box.points === 0) classes.push("filled-zero");
      cell.textContent = String(box.points);
      label = `${box.name} 已登记 ${box.points}分`;
    } else if (pendingBox === box.key && box.preview !== null) {
      classes.push("filled", "pending");
      cell.textContent = String(box.preview);
      label = `${box.name} 正在登记 ${box.preview}分`;
    } else if (box.allowed && side.acting) {
      disabled = busy;
      if (box.zero) {
        classes.push("zero");
        const mark = make("span", "zero-mark", "✕");
        mark.setAttribute("aria-hidden", "true");
        cell.append(mark, "0");
      } else {
        classes.push("preview");
        cell.textContent = String(box.preview);
      }
      label = `${box.name} ${box.preview}分`;
    } else if (side.acting && snap.phase !== "over") {
      classes.push("dash");
      cell.textContent = "–";
      label = `${box.name} 现在不能登记`;
    } else {
      classes.push("open");
      label = `${box.name} 未登记`;
    }
    if (hintBox === box.key && box.points === null) {
      classes.push("hinted");
      label += "（提示建议）";
    }
    cell.className = classes.join(" ");
    cell.disabled = disabled;
    cell.setAttribute("aria-label", label);
  }

  // One box of another side's column: its points, or empty while open; the box the computer
  // has just chosen shows the points it is about to write, highlighted.
  renderOtherBox(td, box, chosen = false) {
    const choosing = chosen && box.points === null && box.preview !== null;
    td.textContent = choosing ? String(box.preview) : box.points === null ? "" : String(box.points);
    td.classList.toggle("filled-zero", box.points === 0 || (choosing && box.preview === 0));
    td.classList.toggle("choosing", choosing);
  }

  // Subtotal with progress toward 63, upper bonus, Yahtzee bonus and total of one side.
  renderSums(cells, side, snap) {
    const sub = cells.upper_subtotal;
    sub.replaceChildren();
    const text = make("span", "progress-text num", `${side.upper_subtotal} / ${side.upper_target}`);
    const bar = make("span", "progress");
    bar.setAttribute("aria-hidden", "true");
    const fill = make("span", "progress-fill");
    fill.style.width = `${Math.min(100, (100 * side.upper_subtotal) / side.upper_target)}%`;
    bar.append(fill);
    sub.append(text, bar);
    sub.classList.toggle("reached", side.upper_needed === 0);

    const bonus = cells.upper_bonus;
    const upperOpen = side.boxes.some((b) => b.section === "upper" && b.points === null);
    if (side.upper_bonus > 0) bonus.textContent = String(side.upper_bonus);
    else if (upperOpen) bonus.replaceChildren(make("span", "needed", `还差 ${side.upper_needed}`));
    else bonus.textContent = "0";

    const ybonus = cells.yahtzee_bonus;
    ybonus.replaceChildren(String(side.yahtzee_bonus));
    if (side.acting && snap.bonus_now > 0) {
      ybonus.append(make("span", "bonus-now", ` +${snap.bonus_now}`));
    }
    cells.total.replaceChildren(make("span", "num", String(side.total)));
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
