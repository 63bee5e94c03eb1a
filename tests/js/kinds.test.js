// What a game on known dice is called (luck/kinds.js): the daily challenge's counting first try,
// a later try of it, a game played again on the same dice; and when giving a game up costs a day
// its score.

import "./support.js";
import assert from "node:assert/strict";
import { test } from "node:test";

import { MemoryStorage, page } from "./support.js";

const { gameKind, kindName, countingTry } = await import(page("luck/kinds.js"));
const { LuckStore } = await import(page("luck/luck-store.js"));
const { LocalStore } = await import(page("game/store.js"));

const RECORD = "a".repeat(32) + "-0000abcd";
const DATE = "2024-06-11";

function luck() {
  return new LuckStore(new LocalStore(new MemoryStorage()));
}

function game(record, finished = false) {
  return { version: 1, mode: "single", finished, sides: [], record };
}

test("a daily challenge's first try counts; a later try is practice", () => {
  const store = luck();
  const daily = game({ id: RECORD, daily: DATE });
  assert.equal(gameKind(daily, store), "daily"); // the day is kept once the game is on the board
  assert.equal(countingTry(daily, store), true);
  store.startDay(DATE, RECORD);
  assert.equal(gameKind(daily, store), "daily");
  assert.equal(kindName("daily"), "每日挑战");
  store.startDay(DATE, RECORD); // a second try started: the first was given up
  assert.equal(gameKind(daily, store), "daily-again");
  assert.equal(kindName("daily-again"), "每日挑战（练习）");
  assert.equal(countingTry(daily, store), false);
});

test("a finished first try no longer has anything at stake", () => {
  const store = luck();
  store.startDay(DATE, RECORD);
  store.finishDay(DATE, RECORD, 240);
  assert.equal(gameKind(game({ id: RECORD, daily: DATE }, true), store), "daily");
  assert.equal(countingTry(game({ id: RECORD, daily: DATE }), store), false);
});

test("a game on the dice of a finished one is a replay, counted or not", () => {
  const store = luck();
  const first = game({ id: RECORD, daily: null });
  assert.equal(gameKind(first, store), null);
  store.addTry(RECORD, 230); // the first game finished and counted
  assert.equal(gameKind({ ...first, finished: true }, store), null);
  assert.equal(gameKind(first, store), "replay"); // a new game on the same record
  assert.equal(gameKind({ ...first, finished: true }, store, false), "replay"); // before it counts
  store.addTry(RECORD, 250);
  assert.equal(gameKind({ ...first, finished: true }, store), "replay");
  assert.equal(kindName("replay"), "同骰再打");
  assert.equal(countingTry(first, store), false);
});

test("a save that says too little is a plain game", () => {
  const store = luck();
  for (const odd of [null, {}, game(null), game("nope"), game({ id: 7 }), game({ daily: DATE })]) {
    assert.equal(gameKind(odd, store), null);
    assert.equal(countingTry(odd, store), false);
  }
  assert.equal(kindName(null), "");
  assert.equal(kindName("toString"), "");
});
