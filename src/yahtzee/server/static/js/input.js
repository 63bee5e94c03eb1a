// Input: mouse, touch and keyboard turned into named events for the controller.
// Buttons carry data-action / data-die / data-box; keys are Space/Enter (roll), 1–5 (hold)
// and H (hint). Shortcuts act only while the game area is on screen, no dialog is open and
// the focus is not in a text field; a held-down key (auto-repeat) counts once.

const TEXT_INPUT = "input, textarea, select, [contenteditable=''], [contenteditable='true']";

export class Input {
  // `gameArea` is the element whose visibility switches the keyboard shortcuts on.
  constructor(doc, gameArea) {
    this.doc = doc;
    this.gameArea = gameArea;
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
    if ("IntersectionObserver" in window) {
      const observer = new IntersectionObserver((entries) => {
        for (const entry of entries) this.gameVisible = entry.isIntersecting;
        this.gameArea.dataset.shortcuts = this.gameVisible ? "on" : "off";
        if (!this.gameVisible) this.releaseFocus();
      });
      observer.observe(this.gameArea);
    } else {
      this.gameVisible = true;
      this.gameArea.dataset.shortcuts = "on";
    }
  }

  // Out of sight, the game keeps no focus: Space would press its focused button (a roll the
  // player cannot see) where a player reading the help below expects the page to scroll.
  releaseFocus() {
    const active = this.doc.activeElement;
    if (active && this.gameArea.contains(active)) active.blur();
  }

  // Turn a click (or tap) on one of our buttons into an event.
  onClick(event) {
    const button = event.target.closest("button");
    if (!button || button.disabled) return;
    const data = button.dataset;
    if (data.die !== undefined) this.emit("toggle", Number(data.die));
    else if (data.box) this.emit("score", data.box);
    else if (data.action) this.emit(data.action, data.value);
    else return;
    // After a pointer click, give the focus back to the page so Space/Enter roll again
    // instead of re-pressing the clicked button (keyboard clicks keep their focus).
    if (event.detail > 0 && this.doc.activeElement === button && button.closest("#game, .topbar")) {
      button.blur();
    }
  }

  // True when the game's keyboard shortcuts may act now.
  shortcutsActive(event) {
    if (!this.gameVisible || this.gameArea.hidden) return false;
    if (this.doc.querySelector("dialog[open]")) return false;
    const target = event.target;
    if (target instanceof Element && target.closest(TEXT_INPUT)) return false;
    return !(event.ctrlKey || event.metaKey || event.altKey);
  }

  // Map a key press to an event: Space/Enter roll, 1–5 toggle a die, H asks for a hint.
  onKey(event) {
    if (!this.shortcutsActive(event)) return;
    const key = event.key;
    if (key === " " || key === "Enter") {
      const active = this.doc.activeElement;
      const onOtherControl =
        active &&
        active !== this.doc.body &&
        active.id !== "roll-btn" &&
        active.matches("button:not(:disabled), a[href], summary, [tabindex]");
      if (onOtherControl) return; // the focused button handles its own Space/Enter
      event.preventDefault();
      if (!event.repeat) this.emit("roll");
    } else if (key >= "1" && key <= "5" && key.length === 1) {
      event.preventDefault();
      if (!event.repeat) this.emit("toggle", Number(key) - 1);
    } else if (key === "h" || key === "H") {
      event.preventDefault();
      if (!event.repeat) this.emit("hint");
    }
  }
}
