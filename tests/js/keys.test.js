// The table's keys (lib/keys.js), shared by the game and 练习.

import "./support.js";
import assert from "node:assert/strict";
import { test } from "node:test";

import { page } from "./support.js";

const { boardKey, inTextField } = await import(page("lib/keys.js"));

// An element that matches `selectors` (a closest() that finds it only for a text field, or a
// closed dialog around it).
function element({ controls = false, text = false, closed = false } = {}) {
  const around = (selector) => (text && selector.includes("textarea")) || (closed && selector.includes("dialog"));
  return {
    matches: () => controls,
    closest: (selector) => (around(selector) ? {} : null),
  };
}

const body = element();
const roll = element({ controls: true });
const key = (name, extra = {}) => ({ key: name, target: body, ...extra });
const on = (focused) => ({ focused, roll, body });

test("Space and Enter roll, unless another control has the focus", () => {
  assert.deepEqual(boardKey(key(" "), on(body)), { name: "roll" });
  assert.deepEqual(boardKey(key("Enter"), on(roll)), { name: "roll" });
  assert.deepEqual(boardKey(key("Enter"), on(null)), { name: "roll" });
  assert.equal(boardKey(key(" "), on(element({ controls: true }))), null);
  assert.deepEqual(boardKey(key(" "), on(element({ controls: false }))), { name: "roll" });
});

test("a button of a dialog just closed is not the player's: the key rolls", () => {
  assert.deepEqual(boardKey(key(" "), on(element({ controls: true, closed: true }))), { name: "roll" });
  assert.deepEqual(boardKey(key("Enter"), on(element({ controls: true, closed: true }))), { name: "roll" });
});

test("the digits of the dice hold them, H asks for a hint", () => {
  assert.deepEqual(boardKey(key("1"), on(body)), { name: "toggle", index: 0 });
  assert.deepEqual(boardKey(key("5"), on(body)), { name: "toggle", index: 4 });
  for (const name of ["0", "6", "9", "12", "a", "Escape"]) assert.equal(boardKey(key(name), on(body)), null, name);
  assert.deepEqual(boardKey(key("h"), on(body)), { name: "hint" });
  assert.deepEqual(boardKey(key("H"), on(body)), { name: "hint" });
});

test("a key with a modifier, or typed into a field, is no shortcut", () => {
  for (const modifier of ["ctrlKey", "metaKey", "altKey"]) {
    assert.equal(boardKey(key("1", { [modifier]: true }), on(body)), null, modifier);
  }
  const field = element({ text: true });
  assert.equal(boardKey(key(" ", { target: field }), on(field)), null);
  assert.equal(inTextField(field), true);
  assert.equal(inTextField(body), false);
  assert.equal(inTextField(null), false);
});
