// One box of the player's column as the sheet draws it (ui/sheet.js playerBoxLook): its classes,
// text, accessible name and whether it can be pressed, in every state a box can be in.

import "./support.js";
import assert from "node:assert/strict";
import { test } from "node:test";

import { page } from "./support.js";

const { playerBoxLook } = await import(page("ui/sheet.js"));

const BOX = { key: "full_house", name: "葫芦", points: null, preview: 25, allowed: true, zero: false };
const ACTING = { acting: true };
const CONTEXT = { snap: { phase: "rolled" }, hintBox: null, busy: false, pendingBox: null };

const look = (box = {}, side = ACTING, context = {}) =>
  playerBoxLook({ ...BOX, ...box }, side, { ...CONTEXT, ...context });

test("a box it may score now offers its points, pressable unless a request is in flight", () => {
  assert.deepEqual(look(), {
    className: "box preview",
    text: "25",
    label: "葫芦 25分",
    disabled: false,
    zero: false,
  });
  assert.equal(look({}, ACTING, { busy: true }).disabled, true);
});

test("a box that would score 0 is marked as a zero", () => {
  const zero = look({ preview: 0, zero: true });
  assert.deepEqual(
    [zero.className, zero.text, zero.label, zero.zero, zero.disabled],
    ["box zero", "0", "葫芦 0分", true, false],
  );
});

test("a scored box shows its points and cannot be pressed", () => {
  assert.deepEqual(look({ points: 25 }), {
    className: "box filled",
    text: "25",
    label: "葫芦 已登记 25分",
    disabled: true,
    zero: false,
  });
  assert.equal(look({ points: 0 }).className, "box filled filled-zero");
});

test("the box being scored shows what it is about to get", () => {
  const pending = look({}, ACTING, { pendingBox: "full_house" });
  assert.deepEqual(
    [pending.className, pending.text, pending.label, pending.disabled],
    ["box filled pending", "25", "葫芦 正在登记 25分", true],
  );
});

test("a box it may not score is a dash in its turn, and open outside it", () => {
  const dash = look({ allowed: false, preview: null });
  assert.deepEqual(
    [dash.className, dash.text, dash.label, dash.disabled],
    ["box dash", "–", "葫芦 现在不能登记", true],
  );
  const open = look({ preview: null }, { acting: false });
  assert.deepEqual([open.className, open.text, open.label], ["box open", "", "葫芦 未登记"]);
  const over = look({ allowed: false, preview: null }, ACTING, { snap: { phase: "over" } });
  assert.equal(over.className, "box open");
});

test("the hinted box says so, an open one only", () => {
  const hinted = look({}, ACTING, { hintBox: "full_house" });
  assert.deepEqual([hinted.className, hinted.label], ["box preview hinted", "葫芦 25分（提示建议）"]);
  assert.equal(look({ points: 25 }, ACTING, { hintBox: "full_house" }).className, "box filled");
});
