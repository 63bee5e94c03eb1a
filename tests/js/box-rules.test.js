// A box's rule as its bubble shows it (ui/box-rules.js): the box's own line from the terms, then
// the bonus it counts towards.

import "./support.js";
import assert from "node:assert/strict";
import { test } from "node:test";

import { page } from "./support.js";

const { ruleLines } = await import(page("ui/box-rules.js"));
const { TERMS } = await import(page("lib/terms.js"));

const rule = (key) => TERMS.box_rules.find((r) => r.key === key).text;

test("a lower box shows its rule and points in one line", () => {
  assert.deepEqual(ruleLines("full_house"), ["葫芦：三颗相同加一对，25 分"]);
  assert.deepEqual(ruleLines("chance"), [rule("chance")]);
});

test("an upper box adds the upper bonus line, 快艇 its bonus", () => {
  assert.deepEqual(ruleLines("sixes"), [rule("sixes"), rule("upper_bonus")]);
  assert.match(rule("upper_bonus"), new RegExp(`${TERMS.upper_target}.*${TERMS.upper_bonus}`));
  assert.deepEqual(ruleLines(TERMS.yahtzee_box), [rule(TERMS.yahtzee_box), rule("yahtzee_bonus")]);
});

test("every box of the sheet has a rule; an unknown key shows nothing", () => {
  for (const box of TERMS.boxes) assert.ok(ruleLines(box.key)[0].startsWith(`${box.name}：`));
  assert.deepEqual(ruleLines("nonsense"), []);
});
