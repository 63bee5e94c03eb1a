// The history's trend and the charts' scales.

import "./support.js";
import assert from "node:assert/strict";
import { test } from "node:test";

import { page } from "./support.js";

const trend = await import(page("review/trend.js"));
const { niceTicks, chartScale } = await import(page("lib/chart.js"));
const { exportName } = await import(page("review/history.js"));

const games = (averages) => averages.map((average, i) => ({ average, total: 240 + i, luck: 2, loss: 10, risk: 0 }));

test("the trend compares the last ten with up to ten before, or halves early on", () => {
  const windows = (n) => trend.trendWindows(games(Array(n).fill(0.3))).map((side) => side.length);
  assert.deepEqual(windows(5), [5, 0]);
  assert.deepEqual(windows(6), [3, 3]);
  assert.deepEqual(windows(12), [6, 6]);
  assert.deepEqual(windows(13), [10, 3]);
  assert.deepEqual(windows(40), [10, 10]);
});

test("the trend's words say progress only for a real change", () => {
  const before = games([0.3, 0.3, 0.3]);
  assert.equal(
    trend.trendText(games([0.25, 0.25, 0.25]), before, 6),
    "共 6 局 · 最近 3 局平均每步失误 0.25 分，比之前 3 局少了 0.05 分，进步了（低于 0.2 为高手水平）",
  );
  assert.equal(
    trend.trendText(games([0.28, 0.28, 0.28]), before, 6),
    "共 6 局 · 最近 3 局平均每步失误 0.28 分，之前 3 局是 0.30 分（低于 0.2 为高手水平）",
  );
  assert.equal(trend.trendText([], [], 2), "共 2 局");
  assert.equal(trend.lobbyText([]), "打完一局就能复盘：看看运气和失误各占多少分");
  assert.equal(trend.lobbyText(games([0.3, null].map((a) => a))), "已记录 2 局 · 最近 1 局平均每步失误 0.30 分");
  assert.match(trend.evenLuckText(games([0.2]), []), /^去掉运气的得分（得分 − 运气）：最近 1 局平均 238\.0 分/);
  assert.equal(trend.meanOf([]), 0);
});

test("ticks are round steps covering the range", () => {
  assert.deepEqual(niceTicks(0, 1, 5), [0, 0.2, 0.4, 0.6, 0.8, 1]);
  assert.deepEqual(niceTicks(190, 262, 4), [180, 200, 220, 240, 260, 280]);
  assert.deepEqual(niceTicks(5, 5), [4.7, 4.8, 4.9, 5, 5.1, 5.2, 5.3]); // a flat line gets a margin of 5 %
  assert.deepEqual(niceTicks(0, 0), [-1, -0.5, 0, 0.5, 1]);
});

test("a chart's scale maps values onto its plot, never narrower than its least width", () => {
  const spec = {
    width: 100.4,
    height: 200,
    xMin: 0,
    xMax: 10,
    lines: [
      {
        points: [
          [0, 0],
          [10, 1],
        ],
      },
    ],
  };
  const scale = chartScale(spec);
  assert.equal(scale.width, 220);
  assert.deepEqual(scale.ticks, [0, 0.2, 0.4, 0.6, 0.8, 1]);
  assert.equal(scale.px(0), scale.margin.left);
  assert.equal(scale.px(10), scale.width - scale.margin.right);
  assert.equal(scale.py(1), scale.margin.top);
  assert.equal(scale.py(0), scale.height - scale.margin.bottom);
  const wide = chartScale({ ...spec, width: 640, end: { x: 10, y: 1, text: "1" }, yMin: 0, yMax: 2 });
  assert.equal(wide.margin.right, 44);
  assert.equal(wide.py(2), wide.margin.top);
});

test("an exported game's name carries only a whole total", () => {
  const at = new Date(2026, 10, 30, 9, 5);
  const game = (total) => ({ sides: [{ totals: { total } }] });
  const names = [game(267), game("../../x\u202egnp.exe"), game(1e21 + 0.5), { sides: [{}] }, null].map((g) =>
    exportName(g, at),
  );
  assert.deepEqual(names, ["kuaiting-20261130-0905-267.json", ...Array(4).fill("kuaiting-20261130-0905-game.json")]);
});
