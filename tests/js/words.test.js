// Words and figures the page writes: chances, points, signs, the review's small texts.

import "./support.js";
import assert from "node:assert/strict";
import { test } from "node:test";

import { page } from "./support.js";

const { chanceText, evText, gapText, pointsText, shortfall, signed } = await import(page("lib/words.js"));
const words = await import(page("review/review-words.js"));

test("a chance never reads 0 % or 100 % while the game is open", () => {
  assert.deepEqual(chanceText(0.003), { shown: "<1%", said: "不到 1%" });
  assert.deepEqual(chanceText(0.996), { shown: ">99%", said: "超过 99%" });
  assert.deepEqual(chanceText(0), { shown: "0%", said: "0%" });
  assert.deepEqual(chanceText(1), { shown: "100%", said: "100%" });
  assert.deepEqual(chanceText(0.425), { shown: "43%", said: "43%" });
  assert.deepEqual(chanceText(0.425, 42), { shown: "42%", said: "42%" }); // rounded by the caller
});

test("points lost read in tenths, small ones in hundredths", () => {
  assert.equal(pointsText(3.25), "3.3");
  assert.equal(pointsText(0.05), "0.1");
  assert.equal(pointsText(0.049), "0.05");
  assert.equal(pointsText(0), "0.00");
});

test("a signed figure has a real minus and a ± for nothing", () => {
  assert.equal(signed(3.2496), "+3.2");
  assert.equal(signed(-1.55), "−1.6");
  assert.equal(signed(0.04), "±0.0");
  assert.equal(signed(-0.04), "±0.0");
  assert.equal(signed(-7, 0), "−7");
});

test("an option is described as the review lists it", () => {
  assert.equal(words.describe({ keep: [6, 6] }), "保留 6 6 再掷");
  assert.equal(words.describe({ keep: [] }), "全部重掷");
  assert.equal(
    words.describe({ keep: [1, 2, 3, 4, 5], box: "large_straight", points: 40 }),
    "不再掷，登记「大顺」40 分",
  );
  assert.equal(words.describe({ keep: [1, 2, 3, 4, 5] }), "不再掷");
  assert.equal(words.describe({ box: "ones", points: 3 }), "登记「一点」3 分");
  assert.equal(words.describe({ reroll: true, keep: [1, 1, 1, 1, 1] }), "五颗全留，空掷一次");
});

test("a loss per decision names a level of skill", () => {
  assert.equal(words.skill(0.19).level, "expert");
  assert.equal(words.skill(0.2).level, "good");
  assert.equal(words.skill(0.49).level, "good");
  assert.equal(words.skill(0.5).level, "fair");
  assert.equal(words.skill(1).level, "novice");
});

test("expected totals read to one decimal everywhere, their gaps as the totals show them", () => {
  assert.equal(evText(213.26), "213.3");
  assert.equal(evText(254.6), "254.6");
  // As the server's words write them (yahtzee.words.ev_zh, the same table in test_practice.py).
  for (const [ev, text] of [
    [202.25, "202.3"],
    [202.75, "202.8"],
    [202.15, "202.2"],
    [202.149, "202.1"],
    [254.5877, "254.6"],
    [0, "0.0"],
  ]) {
    assert.equal(evText(ev), text, String(ev));
  }
  assert.ok(Math.abs(shortfall(228.93, 210.98) - 17.9) < 1e-9); // 228.9 − 211.0
  assert.equal(shortfall(10, 12), 0);
  assert.equal(gapText(228.93, 210.98), "17.9");
  assert.equal(gapText(187.54, 187.52), "0.02"); // the totals read the same: the loss itself
  assert.equal(gapText(200, 200), "");
});

test("a decision's loss reads as its options table shows it", () => {
  assert.equal(words.lossText({ best: { ev: 187.54 }, chosen: { ev: 187.52 } }), "0.02");
  assert.equal(words.lossText({ best: { ev: 228.93 }, chosen: { ev: 210.98 } }), "17.9");
  assert.equal(words.lossText({ best: { ev: 200 }, chosen: { ev: 200 } }), "0.00");
});

test("what a play-to-win choice bought, in percentage points", () => {
  const decision = (gain) => ({ best: { ev: 200 }, chosen: { ev: 199.1 }, win_gain: gain });
  assert.equal(words.gainText(decision(0.012)), "胜率 +1.2 个百分点");
  assert.equal(words.gainText(decision(0.0001)), "胜率提高不到 0.1 个百分点");
  assert.equal(words.gainText(decision(0)), "胜率几乎不变");
  assert.equal(words.riskText(decision(0.012)), "期望总分少 0.9 分，胜率 +1.2 个百分点");
  assert.equal(words.riskText({ best: { ev: 200 }, chosen: { ev: 199.1 } }), "期望总分少 0.9 分");
});

test("a game's settings and moments in words", () => {
  assert.equal(words.modeText("single", null), "单人挑战");
  assert.equal(words.modeText("vs", "expert"), "人机对战 · 高手");
  assert.equal(words.when({ turn: 3, roll: 1 }), "第 3 回合 · 第 1 掷");
  assert.equal(words.percentText(0.004), "不到 1%");
});
