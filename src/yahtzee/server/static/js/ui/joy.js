// A small moment of joy: a burst of dice pips from a 快艇's cell or from the score of a game won
// or of a new record, about a second long, drawn over the page and then gone. It never takes a
// tap or the focus. With reduced motion (the system's setting) nothing moves: the target glows
// once instead (main.css).

import { make } from "../lib/dom.js";

const PIPS = 12;
const LASTS_MS = 1200;

// Celebrate at `target` (an element on screen); inside an open dialog the burst goes into it
// (a modal dialog sits over everything else).
export function celebrate(target) {
  if (!target || !target.isConnected) return;
  const at = target.getBoundingClientRect();
  const burst = make("span", "joy");
  burst.setAttribute("aria-hidden", "true");
  burst.style.left = `${at.left + at.width / 2}px`;
  burst.style.top = `${at.top + at.height / 2}px`;
  for (let i = 0; i < PIPS; i += 1) {
    const pip = make("i");
    pip.style.setProperty("--turn", `${i / PIPS}turn`);
    pip.style.setProperty("--far", `${44 + (i % 3) * 14}px`);
    burst.append(pip);
  }
  (target.closest("dialog[open]") || document.body).append(burst);
  target.classList.add("joy-glow");
  setTimeout(() => {
    burst.remove();
    target.classList.remove("joy-glow");
  }, LASTS_MS);
}
