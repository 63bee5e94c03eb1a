// The lobby's seat editor of 和朋友玩 · 同一台设备: a row per seat (its name, who plays it, a
// button to take it away), 「添加座位」, and who starts. What is wrong with a name is said under
// its row as it is typed, and 开始游戏 sends nothing until it is put right. The table is kept
// as it is edited (table-store.js), so the lobby opens with the last one.

import { button, make } from "../lib/dom.js";
import { TERMS } from "../lib/terms.js";
import * as rules from "./seat-rules.js";
import { TableStore } from "./table-store.js";

// A seat's row: its name field, who plays it and the button that takes it away, with the line
// that says what is wrong with the name.
function seatRow(seat, index, count) {
  const n = index + 1;
  const li = make("li", "seat-row");
  li.dataset.seat = String(index);
  const line = make("div", "seat-line");
  const name = make("input", "seat-name");
  Object.assign(name, { type: "text", value: seat.name, autocomplete: "off", spellcheck: false });
  name.setAttribute("aria-label", `第 ${n} 位的名字`);
  name.setAttribute("aria-describedby", `seat-problem-${index}`);
  name.setAttribute("enterkeyhint", "done");
  const player = make("select", "seat-player");
  player.setAttribute("aria-label", `第 ${n} 位由谁来玩`);
  for (const { key, name: words } of TERMS.players) {
    const option = make("option", "", words);
    option.value = key;
    option.selected = key === seat.player;
    player.append(option);
  }
  const remove = button("seat-remove", "✕");
  remove.dataset.action = "seat-remove";
  remove.dataset.value = String(index);
  remove.setAttribute("aria-label", `去掉第 ${n} 位`);
  remove.disabled = count <= rules.MIN_SEATS;
  line.append(name, player, remove);
  const problem = make("p", "seat-problem");
  problem.id = `seat-problem-${index}`;
  problem.hidden = true;
  li.append(line, problem);
  return li;
}

export class SeatEditor {
  // Draw into the lobby's #table-options; `backend` is the browser's storage (or null).
  // Nothing is read until load().
  constructor({ backend, doc = document }) {
    this.store = new TableStore(backend);
    this.doc = doc;
    this.list = doc.getElementById("seat-list");
    this.addButton = doc.getElementById("seat-add");
    this.whole = doc.getElementById("seat-table-problem"); // a problem of the whole table
    this.firsts = doc.querySelectorAll('#table-options [data-action="table-first"]');
    this.table = null;
  }

  // Read the last table (a one-line problem when it could not be read, else null) and draw it.
  load() {
    const { table, problem } = this.store.load();
    this.table = table;
    this.list.addEventListener("input", (event) => this.typed(event.target));
    this.list.addEventListener("change", (event) => this.chose(event.target));
    this.draw();
    return problem;
  }

  // Register the editor's buttons on the page's input router.
  bind(on) {
    on("seat-add", () => this.addSeat());
    on("seat-remove", (value) => this.removeSeat(Number(value)));
    on("table-first", (value) => this.change(rules.setFirst(this.table, value)));
  }

  // Keep `table` as the editor's and draw it (the rows anew: a seat came, went or changed).
  change(table) {
    if (table === this.table) return;
    this.table = table;
    this.store.save(table);
    this.draw();
  }

  // A table game was put on the board: its seats are the last table now.
  followGame(settings) {
    if (!Array.isArray(settings.seats)) return;
    const table = rules.readTable({ seats: settings.seats, first: settings.first });
    if (table) this.change(table);
  }

  // 「添加座位」: one more person, whose name is ready to be typed over.
  addSeat() {
    this.change(rules.addSeat(this.table));
    const last = this.list.lastElementChild;
    const name = last && last.querySelector(".seat-name");
    if (name) {
      name.focus();
      name.select();
    }
  }

  // ✕: take seat `index` away; the focus goes to the row now in its place (or the last one).
  removeSeat(index) {
    this.change(rules.removeSeat(this.table, index));
    const rows = this.list.children;
    const row = rows[Math.min(index, rows.length - 1)];
    if (row) row.querySelector(".seat-name").focus();
  }

  // A name field changed: keep the name as typed and say at once what is wrong with it (a
  // duplicate shows at the later of two seats, so every row is looked at again).
  typed(target) {
    const row = target.closest(".seat-row");
    if (!row || !target.classList.contains("seat-name")) return;
    this.table = rules.renameSeat(this.table, Number(row.dataset.seat), target.value);
    this.store.save(this.table);
    this.showProblems();
  }

  // Who plays a seat was chosen: a name the editor gave follows (普通电脑 for a computer).
  chose(target) {
    const row = target.closest(".seat-row");
    if (!row || !target.classList.contains("seat-player")) return;
    const index = Number(row.dataset.seat);
    this.change(rules.setPlayer(this.table, index, target.value));
    this.list.children[index].querySelector(".seat-player").focus();
  }

  // Draw the rows, 「添加座位」 and who starts from the table.
  draw() {
    const { seats } = this.table;
    this.list.replaceChildren(...seats.map((seat, i) => seatRow(seat, i, seats.length)));
    const full = seats.length >= rules.MAX_SEATS;
    this.addButton.disabled = full;
    this.addButton.textContent = full ? `最多 ${rules.MAX_SEATS} 位` : "＋ 添加座位";
    for (const b of this.firsts) b.setAttribute("aria-pressed", String(b.dataset.value === this.table.first));
    this.showProblems();
  }

  // Say under each row what is wrong with its name, and under the list that nobody is a person.
  // Returns the first field to put right (a name, or who plays the first seat), or null.
  showProblems() {
    const found = rules.problems(this.table);
    let first = null;
    found.forEach((problem, i) => {
      const row = this.list.children[i];
      const name = row.querySelector(".seat-name");
      const line = row.querySelector(".seat-problem");
      line.textContent = problem || "";
      line.hidden = !problem;
      name.setAttribute("aria-invalid", String(Boolean(problem)));
      if (problem && !first) first = name;
    });
    const nobody = !rules.hasPerson(this.table);
    this.whole.textContent = nobody ? "至少要有一位真人玩家" : "";
    this.whole.hidden = !nobody;
    if (nobody && !first) first = this.list.querySelector(".seat-player");
    return first;
  }

  // The new game's settings (POST /api/new), or null after showing what to put right first
  // (the focus goes there).
  settings() {
    const first = this.showProblems();
    if (first) {
      first.focus();
      return null;
    }
    return rules.tableSettings(this.table);
  }
}
