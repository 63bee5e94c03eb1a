// One small bubble of words beside the control that asked for it: a box's rule (box-rules.js),
// a hint's figures (writeStatus, the status line). One at a time on the page; a
// polite live region, so what it says is also said. It goes with the next tap anywhere (itself
// included), Esc (the focus back on its control), a scroll or a resize: it is placed on the
// screen, and would stay behind when the page under it moves.

import { button, make } from "../lib/dom.js";
import { gloss } from "../lib/glosses.js";

const MARGIN = 8;

export class Bubble {
  // Build the bubble once, in `doc`'s body (it moves into an open dialog that holds its control:
  // a modal dialog hides the body). `id` names it, for the controls' aria-controls.
  constructor(doc, id) {
    this.doc = doc;
    this.owner = null; // the control whose words are shown
    this.tip = make("div", "rule-tip");
    this.tip.id = id;
    this.tip.setAttribute("role", "status");
    this.tip.hidden = true;
    doc.body.append(this.tip);
    // First, any tap but on its own control closes it (that control's click decides itself).
    doc.addEventListener(
      "click",
      (event) => {
        if (this.owner && !this.owner.contains(event.target)) this.close();
      },
      true,
    );
    doc.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.owner) {
        event.preventDefault(); // not the dialog's cancel as well
        this.close(true);
      }
    });
    window.addEventListener("scroll", () => this.close(), { passive: true, capture: true });
    window.addEventListener("resize", () => this.close());
  }

  // True while `control`'s words are shown.
  showing(control) {
    return this.owner === control;
  }

  // Show `lines` (one paragraph each) beside `control`, inside whatever top-layer dialog holds it.
  show(control, lines) {
    this.close();
    this.owner = control;
    control.setAttribute("aria-expanded", "true");
    const parent = control.closest("dialog[open]") || this.doc.body;
    if (this.tip.parentElement !== parent) parent.append(this.tip);
    this.tip.replaceChildren(...lines.map((line) => make("p", "", line)));
    this.tip.hidden = false;
    this.place(control);
  }

  // Put the bubble under its control (over it when there is no room below), inside the screen.
  place(control) {
    const tip = this.tip;
    const at = control.getBoundingClientRect();
    const width = this.doc.documentElement.clientWidth;
    const height = this.doc.documentElement.clientHeight;
    const left = Math.max(MARGIN, Math.min(at.left, width - tip.offsetWidth - MARGIN));
    const below = at.bottom + 4;
    const fits = below + tip.offsetHeight <= height - MARGIN;
    tip.style.left = `${left}px`;
    tip.style.top = `${fits ? below : Math.max(MARGIN, at.top - tip.offsetHeight - 4)}px`;
  }

  // Hide the bubble; `refocus` puts the focus back on its control (Esc).
  close(refocus = false) {
    const owner = this.owner;
    if (!owner) return;
    this.owner = null;
    owner.setAttribute("aria-expanded", "false");
    this.tip.hidden = true;
    if (refocus) owner.focus();
  }
}

// A control that shows `lines()` in `bubble` when pressed (and hides them when pressed again):
// wire a button that was built with its words.
export function toggles(bubble, control, lines) {
  control.setAttribute("aria-expanded", "false");
  control.setAttribute("aria-controls", bubble.tip.id);
  control.addEventListener("click", () => {
    if (bubble.showing(control)) bubble.close();
    else bubble.show(control, lines());
  });
}

// The status line while it says a hint: the reason in words first (the server's `reason`,
// docs/coaching.md), as a button; a tap on it shows the figures behind it (the hint's `text`:
// 期望总分 …, 次选 …) and what 期望总分 means. Writes `status` into the line `el`, as such a
// button when there are `figures`; only a change is written (a live region says a rewrite again).
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
