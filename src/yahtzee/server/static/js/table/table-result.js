// The result of a table (和朋友玩): the seats ranked by the server's places (ties share one), each
// with its upper section, upper bonus, lower section, Yahtzee bonus and total, and a 复盘 for
// each person, of their own seat.

import { button, make } from "../lib/dom.js";
import { isPerson } from "../lib/seats.js";
import { TERMS } from "../lib/terms.js";

// The sheet's name of the sum `key` (the terms'): 上区小计, 上区奖励, 快艇加成, 总分.
function sumName(key) {
  return TERMS.sums.find((t) => t.key === key).name;
}

// The columns after the seat: a short head, its whole name for screen readers, and the figure
// of a side (the lower section has no sum row on the sheet, so no term).
const COLUMNS = [
  ["上区", sumName("upper_subtotal"), (s) => s.upper_subtotal],
  ["奖励", sumName("upper_bonus"), (s) => s.upper_bonus],
  ["下区", "下区", (s) => s.lower_total],
  ["加成", sumName("yahtzee_bonus"), (s) => s.yahtzee_bonus],
  [sumName("total"), sumName("total"), (s) => s.total],
];

// A column head: the short words, the whole name for screen readers.
function head(short, whole) {
  const th = make("th", "num");
  th.scope = "col";
  if (whole === short) {
    th.textContent = short;
    return th;
  }
  const shown = make("span", "", short);
  shown.setAttribute("aria-hidden", "true");
  th.append(shown, make("span", "visually-hidden", whole));
  return th;
}

// The ranking: a row per seat, best first, its place before its name.
function rankTable(rows) {
  const table = make("table", "result-table rank-table");
  const headRow = make("tr");
  const seat = make("th", "rank-seat", "名次");
  seat.scope = "col";
  headRow.append(seat, ...COLUMNS.map(([short, whole]) => head(short, whole)));
  const thead = make("thead");
  thead.append(headRow);
  const body = make("tbody");
  for (const row of rows) {
    const tr = make("tr", row.place === 1 ? "first" : "");
    const th = make("th", "rank-seat");
    th.scope = "row";
    th.append(make("span", "rank-place num", `${row.place}`), make("span", "rank-name", row.name));
    tr.append(th, ...COLUMNS.map(([, , figure]) => make("td", "num", String(figure(row.side)))));
    body.append(tr);
  }
  table.append(thead, body);
  return table;
}

// A 复盘 button for each person at the table, of their own seat (input.js reports it as the
// event "review" with the seat).
function reviewButtons(rows) {
  const people = [...rows].filter((row) => isPerson(row)).sort((a, b) => a.seat - b.seat);
  const line = make("div", "rank-reviews");
  line.append(make("span", "rank-reviews-label", "各自复盘："));
  for (const row of people) {
    const b = button("secondary", row.name);
    b.dataset.action = "review";
    b.dataset.value = String(row.seat);
    b.setAttribute("aria-label", `${row.name}的复盘`);
    line.append(b);
  }
  return line;
}

// Draw a table's result into the dialog's `body`: who won (or shares the first place), the
// ranking and the people's 复盘. `tell` marks a line the screen reader reads with the title.
export function tableResult(body, info, tell) {
  body.append(tell(make("p", "result-winner", info.line)));
  body.append(rankTable(info.rows));
  body.append(reviewButtons(info.rows));
}
