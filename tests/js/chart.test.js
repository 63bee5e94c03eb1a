// Where a chart's reference line puts its words (lib/chart.js refPlace): clear of the data.

import "./support.js";
import assert from "node:assert/strict";
import { test } from "node:test";

import { page } from "./support.js";

const { refPlace } = await import(page("lib/chart.js"));

const scale = {
  width: 330,
  margin: { left: 30, right: 10 },
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
