// Input: mouse, touch and keyboard turned into named events for the controller.
// Buttons carry data-action / data-die / data-box; keys are Space/Enter (roll), 1–5 (hold)
// and H (hint). Shortcuts act only while the dice are on screen, no dialog is open and the
// focus is not in a text field; a held-down key (auto-repeat) counts once.

// The share of the dice tray that must be on screen for the shortcuts (an observer reports
// a ratio a hair under its threshold as the threshold is crossed).
const SEEN = 0.5;
const SEEN_RATIO = SEEN - 0.001;

import { inTextField, boardKey } from "../lib/keys.js";

export class Input {
  // `gameArea` is the game (its data-shortcuts tells whether the keys act); `dice` the tray
  // whose visibility switches them on.
  constructor(doc, gameArea, dice) {
    this.doc = doc;
    this.gameArea = gameArea;
    this.dice = dice;
    this.tray = dice.closest(".tray-area") || dice; // the dice with their roll button
    this.roll = doc.getElementById("roll-btn");
    this.handlers = new Map();
    this.gameVisible = false;
  }

  // Register a handler for a named event.
  on(event, handler) {
    this.handlers.set(event, handler);
  }

  // Call the handler of a named event, if any.
  emit(event, data) {
    const handler = this.handlers.get(event);
    if (handler) handler(data);
  }

  // Start listening to clicks, keys and the game area's visibility.
  listen() {
    this.doc.addEventListener("click", (event) => this.onClick(event));
    this.doc.addEventListener("keydown", (event) => this.onKey(event));
    // A held-down Enter repeats its keydown, and each repeat would press the focused button
    // again; the focus moves on by itself (to the first open box after the third roll, to
    // 再来一局 after the last box), so one key press could score a box nobody chose. Only the
    // first keydown of a press acts, on any control (K1).
    this.doc.addEventListener(
      "keydown",
      (event) => {
        const key = event.key;
        if (!event.repeat || (key !== "Enter" && key !== " ")) return;
        if (inTextField(event.target)) return;
        event.preventDefault();
      },
      true,
    );
    if ("IntersectionObserver" in window) {
      // The keys roll and hold the dice, so they act only while at least half of the tray is
      // on screen: with only a sliver of it showing, Space means scrolling, not a roll out of
      // sight.
      const dice = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            this.gameVisible = entry.intersectionRatio >= SEEN_RATIO;
            // Nor may a focused die or roll button act for them once the dice are gone.
            if (!entry.isIntersecting) this.releaseFocus(this.tray);
          }
          this.gameArea.dataset.shortcuts = this.gameVisible ? "on" : "off";
        },
        { threshold: [0, SEEN] },
      );
      dice.observe(this.dice);
      // Elsewhere in the game (the score sheet) the focus goes only once the whole game is out
      // of sight: a keyboard player moving through the sheet may scroll the dice away.
      const game = new IntersectionObserver((entries) => {
        for (const entry of entries) if (!entry.isIntersecting) this.releaseFocus(this.gameArea);
      });
      game.observe(this.gameArea);
    } else {
      this.gameVisible = true;
      this.gameArea.dataset.shortcuts = "on";
    }
  }

  // Out of sight, the game keeps no focus: Space would press its focused button (a roll the
  // player cannot see) where a player reading the help below expects the page to scroll.
  releaseFocus(scope) {
    const active = this.doc.activeElement;
    if (active && scope.contains(active)) active.blur();
  }

  // Turn a click (or tap) on one of our buttons into an event.
  onClick(event) {
    const button = event.target.closest("button");
    if (!button || button.disabled) return;
    const data = button.dataset;
    if (data.die === undefined && !data.box && !data.action) return;
    // After a pointer click the focus goes back to the page, so Space/Enter roll again instead
    // of re-pressing the clicked button (keyboard clicks keep their focus). Before the button
    // acts: one that opens a dialog (settings, a zero's question, 重新开始) moves the focus into
    // it at once, and the dialog gives the focus back to the button as it closes.
    if (event.detail > 0 && button.closest("#game, .topbar")) button.blur();
    if (data.die !== undefined) this.emit("toggle", Number(data.die));
    else if (data.box) this.emit("score", data.box);
    else this.emit(data.action, data.value);
  }

  // True when the game's keyboard shortcuts may act now: the dice in sight, no dialog open.
  shortcutsActive() {
    if (!this.gameVisible || this.gameArea.hidden) return false;
    return !this.doc.querySelector("dialog[open]");
  }

  // Map a key press to an event: Space/Enter roll, 1–5 toggle a die, H asks for a hint
  // (lib/keys.js); a held-down key counts once.
  onKey(event) {
    if (!this.shortcutsActive()) return;
    const doc = this.doc;
    const press = boardKey(event, { focused: doc.activeElement, roll: this.roll, body: doc.body });
    if (!press) return;
    event.preventDefault();
    if (!event.repeat) this.emit(press.name, press.index);
  }
}
