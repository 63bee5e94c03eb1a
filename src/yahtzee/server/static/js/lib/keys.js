// The keys of a board of dice, for the game (ui/input.js) and for 练习 (practice/practice-round.js)
// alike: Space/Enter roll, 1–5 hold a die, H asks for a hint. A key with a modifier, or typed
// into a text field, is never a shortcut; Space/Enter on a focused control (a button, a link, a
// <summary>, anything focusable) other than the roll button is that control's own.

import { TERMS } from "./terms.js";

export const TEXT_INPUT = "input, textarea, select, [contenteditable=''], [contenteditable='true']";
const CONTROL = "button:not(:disabled), a[href], summary, [tabindex]";

// The shortcut a key press asks for: {name: "roll"} | {name: "toggle", index} | {name: "hint"},
// or null when the key is none (or belongs to the text field or the control it was pressed on).
// `focused` is the element with the focus, `roll` the board's roll button, `body` the page's.
export function boardKey(event, { focused, roll, body }) {
  if (event.ctrlKey || event.metaKey || event.altKey || inTextField(event.target)) return null;
  const key = event.key;
  if (key === " " || key === "Enter") return onOtherControl(focused, roll, body) ? null : { name: "roll" };
  return dieKey(key) ?? (key.toLowerCase() === "h" ? { name: "hint" } : null);
}

// The die a digit key holds or releases (1 is the first), or null.
function dieKey(key) {
  const index = key.length === 1 ? "123456789".indexOf(key) : -1;
  return index >= 0 && index < TERMS.dice ? { name: "toggle", index } : null;
}

// True when `focused` is a control of its own (not the page, not the roll button): Space and
// Enter press it. A dialog closed by a click (完成, 取消) leaves the focus on that button until the
// browser's next frame moves it off what is no longer shown: a key pressed meanwhile is the game's.
function onOtherControl(focused, roll, body) {
  if (!focused || focused === body || focused === roll) return false;
  return focused.matches(CONTROL) && !focused.closest("dialog:not([open])");
}

// True when `target` is (inside) a field the player types into.
export function inTextField(target) {
  return Boolean(target && typeof target.closest === "function" && target.closest(TEXT_INPUT));
}
