// Small DOM pieces the review and history views share: table heads, chart legends, five small
// dice, and the tags that mark a hint or a play-to-win choice.

import { make, svg } from "../lib/dom.js";
import { PIPS } from "../lib/pips.js";
import { riskText } from "./review-words.js";

// Five small dice drawn in SVG, named for screen readers.
export function miniDice(dice) {
  const row = make("span", "rv-dice");
  row.setAttribute("role", "img");
  row.setAttribute("aria-label", `骰子 ${dice.join(" ")}`);
  for (const face of dice) {
    const die = svg("svg", { viewBox: "0 0 100 100", class: "rv-die", "aria-hidden": "true" });
    die.append(svg("rect", { x: 4, y: 4, width: 92, height: 92, rx: 20 }));
    for (const [cx, cy] of PIPS[face] || []) die.append(svg("circle", { cx, cy, r: 10 }));
    row.append(die);
  }
  return row;
}

// A chart's legend: [swatch class, words] pairs.
export function legend(items) {
  const list = make("ul", "rv-legend");
  for (const [className, text] of items) {
    const li = make("li");
    const swatch = make("span", `rv-swatch ${className}`);
    swatch.setAttribute("aria-hidden", "true");
    li.append(swatch, text);
    list.append(li);
  }
  return list;
}

// A small tag marking a decision where a hint was used.
export function hintTag() {
  const tag = make("span", "rv-tag rv-hint-tag", "提示");
  tag.title = "这一步用了提示";
  return tag;
}

// A tag for a deliberate risk in a vs game: the play-to-win choice, not the EV one (the server
// marks these with `risk` and the rise in the chance of winning, `win_gain`).
export function riskTag(decision) {
  const tag = make("span", "rv-tag rv-risk-tag", "求胜取舍");
  tag.title = `为了赢下这一局的选择：${riskText(decision)}`;
  return tag;
}
