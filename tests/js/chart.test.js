// Where a chart's reference line puts its words (lib/chart.js refPlace): clear of the data.

import "./support.js";
import assert from "node:assert/strict";
import { test } from "node:test";

import { page } from "./support.js";

const { refPlace } = await import(page("lib/chart.js"));

const scale = {
  width: 330,
  height: 260,
  margin: { top: 14, right: 10, bottom: 24, left: 30 },
  px: (x) => 30 + x * 10,
  py: (y) => 200 - (y - 250) * 2,
};
const ref = { y: 254.6, text: "开局期望 254.6" };

test("a line that starts on the reference keeps its words off it", () => {
  // The expected total starts at the reference and climbs to its right end.
  const points = Array.from({ length: 30 }, (_, x) => [x, 254.6 + Math.min(x, 6)]);
  const place = refPlace(ref, { lines: [{ points }] }, scale);
  assert.equal(place.anchor, "end"); // the right end, under the line: the data is far above
  assert.ok(place.y > scale.py(ref.y));
});

test("with the data far away, the words stay at the usual place", () => {
  const points = Array.from({ length: 30 }, (_, x) => [x, 230]);
  const place = refPlace(ref, { lines: [{ points }] }, scale);
  assert.equal(place.anchor, undefined);
  assert.equal(place.x, 34);
  assert.ok(place.y < scale.py(ref.y));
});

test("near the plot's floor the words stay above the line, off the x labels", () => {
  // 练习's trend: the 高手 line at 0.2 of 0–6 and the rounds just above it, so below would be the
  // clearest place but for the x labels there.
  const floor = { width: 330, height: 150, margin: { top: 14, right: 14, bottom: 24, left: 42 } };
  const trend = { ...floor, px: (x) => 42 + (x - 1) * 34, py: (y) => 14 + (1 - y / 6) * 112 };
  const points = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((x) => [x, 0.5]);
  const place = refPlace({ y: 0.2, text: "高手 0.2" }, { lines: [{ points }] }, trend);
  assert.ok(place.y < trend.py(0.2), `words at ${place.y}, the line at ${trend.py(0.2)}`);
});
