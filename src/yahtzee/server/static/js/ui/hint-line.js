// The status line while it says a hint: the reason in words first (the server's `reason`,
// docs/coaching.md), as a button; a tap on it shows the figures behind it (the hint's `text`:
// 期望总分 …, 次选 …) and what 期望总分 means, in the page's bubble (bubble.js).

import { button } from "../lib/dom.js";
import { gloss } from "../lib/glosses.js";
import { toggles } from "./bubble.js";

// Write `status` (the words) into the line `el`, as a button showing `figures` when there are
// some; only a change is written (the line is a live region: a rewrite is said again).
export function writeStatus(el, status, figures, bubble) {
  const key = `${status}\n${figures || ""}`;
  if (el.dataset.shown === key) return;
  el.dataset.shown = key;
  if (!figures) {
    el.textContent = status;
    return;
  }
  const line = button("hint-line", status);
  toggles(bubble, line, () => [figures, gloss("expected")].filter(Boolean));
  el.replaceChildren(line);
}
