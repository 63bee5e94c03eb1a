// first-paint.js is a classic script (it cannot import the stores): run it against a document and
// a storage kept in memory, and check it reads the stores' own keys and marks what they hold.
import "./support.js";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { MemoryStorage, page } from "./support.js";

const { KEYS } = await import(page("game/store.js"));
const { PRACTICE_KEY } = await import(page("practice/practice-store.js"));
const { TABLE_KEY } = await import(page("table/table-store.js"));
const SCRIPT = readFileSync(fileURLToPath(page("ui/first-paint.js")), "utf-8");

// Run the script over `items`; the marks it set before the page's code ran, then after it.
function run(items) {
  const listeners = {};
  const root = { dataset: {} };
  const saved = { document: globalThis.document, window: globalThis.window };
  globalThis.document = { documentElement: root, addEventListener: (name, fn) => (listeners[name] = fn) };
  globalThis.window = { localStorage: new MemoryStorage(items) };
  try {
    new Function(SCRIPT)();
    const before = { ...root.dataset };
    listeners.DOMContentLoaded();
    return { before, after: { ...root.dataset } };
  } finally {
    Object.assign(globalThis, saved);
  }
}

test("first paint marks the lobby from the stores' own keys, and the marks go once the code ran", () => {
  const items = {
    [KEYS.lobby]: JSON.stringify({ mode: "vs" }),
    [PRACTICE_KEY]: JSON.stringify({ rounds: [{}] }),
    [KEYS.game]: JSON.stringify({ version: 1 }),
  };
  assert.deepEqual(run(items), { before: { savedMode: "vs", savedPractice: "", savedGame: "" }, after: {} });
  assert.deepEqual(run({ [KEYS.lobby]: JSON.stringify({ mode: "practice" }) }).before, { savedMode: "practice" });
  // 和朋友玩: the mode, and the last table's seats beyond the two rows the page has.
  const table = (n) => JSON.stringify({ version: 1, seats: Array(n).fill({ name: "x", player: "human" }) });
  const lobby = JSON.stringify({ mode: "table" });
  assert.deepEqual(run({ [KEYS.lobby]: lobby, [TABLE_KEY]: table(4) }), {
    before: { savedMode: "table", savedSeats: "4" },
    after: {},
  });
  assert.deepEqual(run({ [KEYS.lobby]: lobby, [TABLE_KEY]: table(2) }).before, { savedMode: "table" });
});

test("first paint marks nothing for an empty, single-player or unreadable storage", () => {
  assert.deepEqual(run({}).before, {});
  assert.deepEqual(run({ [KEYS.lobby]: JSON.stringify({ mode: "single" }) }).before, {});
  assert.deepEqual(run({ [KEYS.lobby]: "{not json", [PRACTICE_KEY]: "[]" }).before, {});
});
