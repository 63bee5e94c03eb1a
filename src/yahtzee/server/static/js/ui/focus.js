// Where the keyboard's focus goes: to the next control after a new screen, and back to one when
// the focused control was disabled or hidden under it; and what is said to screen readers only.

import { make } from "../lib/dom.js";

// True when `el` can take the focus now: not disabled, and shown (a closed dialog, a hidden
// lobby or game, display: none all count as not shown).
function usable(el) {
  if (!(el instanceof Element) || el.disabled) return false;
  return el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
}

// Say `text` to screen readers only (what was rolled or scored), politely, in the live region
// `region`. A new element each time, so the same words twice in a row are said twice.
export function announce(region, text) {
  region.replaceChildren(make("p", "", text));
}

export class FocusKeeper {
  // Watch the focus in `doc`; `el` holds the controls it may move to (game, sheet, roll,
  // resume, start).
  constructor(doc, el) {
    this.doc = doc;
    this.el = el;
    this.busy = false; // set by each render: nothing can be pressed while busy
    this.refocus = null; // "screen" or "lost": see place()
    this.refocusFrom = null;
    this.ring = false; // whether the focus showed its ring when it last moved
    doc.addEventListener("focusout", (event) => this.onFocusOut(event));
    doc.addEventListener("focusin", (event) => {
      this.ring = event.target instanceof Element && event.target.matches(":focus-visible");
    });
  }

  // Where the keyboard should be for the next move. In the lobby: 继续 when there is a saved
  // game, else 开始游戏. In the game: the box a hint suggests, else the roll button (掷骰子,
  // 再掷, 再来一局, 让电脑继续), else the first box that can be scored; null while nothing
  // can be pressed (the computer's turn, a request in flight).
  nextControl() {
    if (this.el.game.hidden) return this.el.resume.hidden ? this.el.start : this.el.resume;
    if (this.busy) return null;
    const boxes = [...this.el.sheet.querySelectorAll("button.box:not(:disabled)")];
    const hinted = boxes.find((box) => box.classList.contains("hinted"));
    if (hinted) return hinted;
    if (!this.el.roll.disabled) return this.el.roll;
    return boxes[0] || null;
  }

  // Ask for the focus to go to the next control once there is one: after a new game or the
  // lobby has just replaced what was shown, the focus would otherwise stay on a control that
  // is now hidden (and so fall to the page) or that started it (重新开始).
  focusNext() {
    this.refocus = "screen";
    this.refocusFrom = this.doc.activeElement;
    this.place();
  }

  // A control gave up the focus to nothing because it was disabled or hidden under it (the
  // roll button while the dice roll, the dice after the third roll, a box being scored, a
  // dialog's button as it closes): find the focus a new place once one can be pressed.
  // A pointer click on a button that stays usable also ends with nothing focused (input.js
  // blurs it); that one is left alone.
  onFocusOut(event) {
    if (event.relatedTarget || usable(event.target)) return;
    if (!this.refocus) this.refocus = "lost";
    setTimeout(() => this.place(), 0);
  }

  // Move the focus to the next control when asked to and there is one, unless the player has
  // put it somewhere meanwhile: a "lost" focus moves only while it is still on nothing, a new
  // "screen" also takes it from the control that asked for it. The ring shows as it did where
  // the focus came from, so a player who clicks (and rolls with Space) sees nothing move; in
  // the middle of a turn the page does not scroll either. A new screen may scroll, to show
  // where the focus is.
  place() {
    const mode = this.refocus;
    if (!mode) return;
    const active = this.doc.activeElement;
    const adrift = !active || active === this.doc.body || !usable(active);
    if (!adrift && !(mode === "screen" && active === this.refocusFrom)) {
      this.refocus = null;
      return;
    }
    // A game out of sight (scrolled away from while the computer played) gets no lost focus
    // back: Space must scroll what is being read, not press a roll button out of view. The
    // shortcuts act again once the dice are back in view. (The lobby is not the game.)
    const game = this.el.game;
    if (mode === "lost" && !game.hidden && game.dataset.shortcuts === "off") {
      this.refocus = null;
      return;
    }
    const target = this.nextControl();
    if (!target) return; // nothing can be pressed yet: try again at the next idle render
    this.refocus = null;
    if (target !== active) target.focus({ preventScroll: mode === "lost", focusVisible: this.ring });
  }
}
