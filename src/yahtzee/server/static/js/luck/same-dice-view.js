// 高手同骰: what the 高手 made of the player's own dice, drawn from the server's answer
// (/api/same-dice): one line, and box by box beside the player's with the difference.

import { columnHeads, make } from "../lib/dom.js";
import { TERMS } from "../lib/terms.js";
import { signed } from "../lib/words.js";
import { gloss } from "../lib/glosses.js";

// The sums that end the comparison, after the boxes (their names come from the terms).
const SUMS = ["upper_bonus", "yahtzee_bonus", "total"];

// A row of the comparison: name, the player's points, the 高手's, and the difference.
function row(name, player, expert, className = "") {
  const tr = make("tr", className);
  const th = make("th", "", name);
  th.scope = "row";
  const diff = player - expert;
  tr.append(
    th,
    make("td", "num", String(player)),
    make("td", "num", String(expert)),
    make("td", `num ${diff > 0 ? "ahead" : diff < 0 ? "behind" : "even"}`, signed(diff, 0)),
  );
  return tr;
}

// 高手同骰 while the server plays the player's dice, in the shape of the section to come (its
// line, what 高手同骰 is, and the room of the row that unfolds the table): the answer takes its
// place without pushing the result's 复盘 and 导出对局 away from a finger already on its way.
// `line` says what happened when no answer comes.
export function sameDicePending() {
  const section = make("section", "same-dice same-dice-pending");
  section.setAttribute("aria-label", "高手同骰");
  const line = make("p", "luck-line", "高手同骰：计算中…");
  const room = make("p", "same-dice-room");
  room.setAttribute("aria-hidden", "true");
  section.append(line, make("p", "same-dice-gloss", gloss("same_dice")), room);
  return { section, line };
}

// The comparison as a section: the server's line, what 高手同骰 is, then a table a tap unfolds.
export function sameDiceSection(answer) {
  const section = make("section", "same-dice");
  section.setAttribute("aria-label", "高手同骰");
  section.append(make("p", "same-dice-line", answer.text), make("p", "same-dice-gloss", gloss("same_dice")));
  const details = make("details", "same-dice-details");
  details.append(make("summary", "", "逐项对比"));
  const table = make("table", "same-dice-table");
  const thead = columnHeads(["项目", "你", answer.computer_zh || "高手", "差"]);
  const body = make("tbody");
  for (const box of answer.boxes) body.append(row(box.name, box.player, box.computer));
  for (const term of TERMS.sums.filter((t) => SUMS.includes(t.key))) {
    const className = term.key === "total" ? "grand" : "sum";
    body.append(row(term.name, answer.player_totals[term.key], answer.computer_totals[term.key], className));
  }
  table.append(thead, body);
  details.append(table);
  section.append(details);
  return section;
}
