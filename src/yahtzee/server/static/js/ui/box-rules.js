// A box's rule at the player's fingertip: the name of each box in a score sheet (the game's and
// 练习's) is a button of its own, and a tap on it (or Enter, Space) shows the box's rule in one
// line with its points, 「葫芦：三颗相同加一对，25 分」, in a small bubble beside it; an upper box
// adds the 63/35 line, 快艇 its bonus. The tap never scores: the points cell is the target that
// scores. The words come from the terms (TERMS.box_rules, yahtzee/terms.py).

import { button, make } from "../lib/dom.js";
import { TERMS } from "../lib/terms.js";

// The page's one bubble of words (bubble.js), which the names' buttons control.
export const BUBBLE_ID = "word-tip";

const RULES = new Map(TERMS.box_rules.map((rule) => [rule.key, rule.text]));
const UPPER = new Set(TERMS.boxes.filter((box) => box.section === "upper").map((box) => box.key));

// The lines a box's bubble shows: its rule, then the bonus it counts towards.
export function ruleLines(key) {
  const lines = RULES.has(key) ? [RULES.get(key)] : [];
  if (UPPER.has(key)) lines.push(RULES.get("upper_bonus"));
  if (key === TERMS.yahtzee_box) lines.push(RULES.get("yahtzee_bonus"));
  return lines.filter(Boolean);
}

// The button a sheet puts in place of a box's name: the name and a small mark that says there is
// more to it. Its name stays the box's (the row header every score cell is read with); a screen
// reader hears a button that expands, and the rule when it shows.
export function ruleButton(key, name) {
  const b = button("box-rule");
  b.dataset.rule = key;
  b.setAttribute("aria-expanded", "false");
  b.setAttribute("aria-controls", BUBBLE_ID);
  const mark = make("span", "rule-mark", "?");
  mark.setAttribute("aria-hidden", "true");
  b.append(make("span", "box-name", name), mark);
  return b;
}

export class BoxRules {
  // Listen in `doc` for taps on boxes' names; their rules show in `bubble` (bubble.js).
  constructor(doc, bubble) {
    this.bubble = bubble;
    doc.addEventListener("click", (event) => {
      const target = event.target instanceof Element ? event.target.closest("[data-rule]") : null;
      if (!target) return;
      if (bubble.showing(target)) bubble.close();
      else bubble.show(target, ruleLines(target.dataset.rule));
    });
  }
}
