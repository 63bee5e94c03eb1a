// What a figure's word means, in a line from the terms (TERMS.glossary, yahtzee/terms.py):
// 「运气：骰子比平均多给（+）或少给（−）的期望分，不由你决定」. The result dialog, the review and
// 高手同骰 say them beside the figures.

import { make } from "./dom.js";
import { TERMS } from "./terms.js";

const GLOSSES = new Map(TERMS.glossary.map((entry) => [entry.key, entry.text]));

// The line for `key` (expected, luck, loss, average_loss, same_dice, risk, without_luck), or "".
export function gloss(key) {
  return GLOSSES.get(key) || "";
}

// The lines for `keys` as a list (class `glosses`), the word of each in bold.
export function glossList(keys) {
  const list = make("ul", "glosses");
  for (const key of keys) {
    const text = gloss(key);
    if (!text) continue;
    const at = text.indexOf("：");
    const item = make("li");
    item.append(make("b", "", text.slice(0, at + 1)), text.slice(at + 1));
    list.append(item);
  }
  return list;
}

// The lines folded under `summary` (a <details>, closed): where room is short.
export function glossFold(summary, keys) {
  const fold = make("details", "gloss-fold");
  fold.append(make("summary", "", summary), glossList(keys));
  return fold;
}
