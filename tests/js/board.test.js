// The board's status line and the saved game's one-line summary: words from plain state.

import "./support.js";
import assert from "node:assert/strict";
import { test } from "node:test";

import { page } from "./support.js";

const { emptyBoard, takeAnswer, holdsAll, diceIndexes } = await import(page("game/board.js"));
const { statusText } = await import(page("game/status.js"));
const { describeSave } = await import(page("ui/lobby.js"));

// 人机对战's seats: the player (你) and the computer (电脑).
const VS_SEATS = [
  { name: "你", player: "human", hints_left: 3 },
  { name: "电脑", player: "normal", hints_left: 0 },
];

// A board whose snapshot is `snap` (the player to act, dice rolled unless told otherwise).
function board(snap, changes = {}) {
  const b = emptyBoard();
  const dice = { phase: "decide", dice: [1, 2, 3, 4, 5], held: [0, 0, 0, 0, 0] };
  const view = { mode: "vs", sides: VS_SEATS, current: 0, ...dice, ...snap };
  takeAnswer(b, { game: {}, view });
  return Object.assign(b, changes);
}

const idle = { rolling: false, suspended: false };

test("a new board holds nothing, and takes the held dice the server sends", () => {
  assert.deepEqual(emptyBoard().held, [false, false, false, false, false]);
  assert.deepEqual(diceIndexes(), [0, 1, 2, 3, 4]);
  const b = board({ held: [1, 0, 0, 1, 0] }, { hintBox: "chance" });
  assert.deepEqual(b.held, [true, false, false, true, false]);
  assert.equal(b.hintBox, "chance");
  assert.equal(board({ held: [1, 1, 1, 1, 1] }).hintBox, null);
  assert.equal(holdsAll(board({ held: [1, 1, 1, 1, 1] })), true);
});

test("the status says what to do next, or what the computer is doing", () => {
  assert.equal(statusText(board({ finished: true }), idle), "本局结束。点「再来一局」或「回大厅」");
  assert.equal(statusText(board({}), { rolling: false, suspended: true }), "这局已在另一个标签页继续，这里暂停");
  const computer = { current: 1 };
  assert.equal(statusText(board(computer), idle), "电脑思考中…");
  assert.equal(statusText(board(computer, { stopped: true }), idle), "电脑这一步没走成，点「让电脑继续」");
  assert.equal(statusText(board(computer, { computerNote: "电脑掷骰中…" }), idle), "电脑掷骰中…");
  assert.equal(statusText(board({}), { rolling: true, suspended: false }), "掷骰中…");
  assert.equal(statusText(board({ phase: "roll", dice: null }), idle), "点「掷骰子」开始");
  const after = board({ phase: "roll", dice: null }, { lastMove: "电脑刚登记「机会」20 分" });
  assert.equal(statusText(after, idle), "电脑刚登记「机会」20 分，轮到你了");
  assert.equal(statusText(board({}), idle), "点骰子保留，再掷；满意就选择一项登记");
  assert.equal(statusText(board({ held: [1, 1, 1, 1, 1] }), idle), "五颗都保留了：选择一项登记，或先取消保留几颗再掷");
  assert.equal(statusText(board({ phase: "score" }), idle), "三次已掷完，选择一项登记");
  assert.equal(
    statusText(board({ joker: true, joker_text: "必须登记「五点」" }), idle),
    "必须登记「五点」，也可以再掷",
  );
});

test("a hint's words give way once all five dice are held against it", () => {
  const hinted = { hintText: "保留 4 4 再掷", hintDice: new Set([2, 3]) };
  assert.equal(statusText(board({}, hinted), idle), "提示：保留 4 4 再掷");
  const allHeld = board({ held: [1, 1, 1, 1, 1] }, hinted);
  assert.equal(statusText(allHeld, idle), "五颗都保留了：选择一项登记，或先取消保留几颗再掷");
  const keepAll = board({ held: [1, 1, 1, 1, 1] }, { ...hinted, hintDice: new Set([0, 1, 2, 3, 4]) });
  assert.equal(statusText(keepAll, idle), "提示：保留 4 4 再掷");
});

test("the saved game's line says what 「继续」 resumes, or nothing when it cannot tell", () => {
  const side = (total) => ({ totals: { total } });
  const vs = { mode: "vs", difficulty: "expert", round: 5, sides: [side(87), side(102)] };
  assert.equal(describeSave(vs), "人机对战 · 高手 · 第 5 / 13 回合 · 你 87 : 电脑 102");
  assert.equal(describeSave({ mode: "single", round: 5, sides: [side(87)] }), "单人挑战 · 第 5 / 13 回合 · 87 分");
  assert.equal(describeSave({ ...vs, sides: [side(87)] }), "人机对战 · 高手 · 第 5 / 13 回合");
  assert.equal(describeSave({ ...vs, round: 99, difficulty: "godlike", sides: [side(87), side(1e9)] }), "人机对战");
  assert.equal(describeSave({ mode: "duel" }), "");
  assert.equal(describeSave(null), "");
});

test("at a table the status names the seat in turn", () => {
  const sides = [
    { name: "小明", player: "human", hints_left: 3 },
    { name: "普通电脑", player: "normal", hints_left: 0 },
    { name: "小红", player: "human", hints_left: 3 },
  ];
  const table = { mode: "table", sides, current: 2 };
  assert.equal(statusText(board(table), idle), "小红：点骰子保留，再掷；满意就选择一项登记");
  const fresh = { ...table, phase: "roll", dice: null };
  assert.equal(statusText(board(fresh), idle), "小红：点「掷骰子」开始");
  const after = board(fresh, { lastMove: "普通电脑刚登记「三条」18 分" });
  assert.equal(statusText(after, idle), "普通电脑刚登记「三条」18 分，轮到 小红");
  assert.equal(statusText(board({ ...table, current: 1 }), idle), "普通电脑思考中…");
  // 人机对战 says what it always said.
  assert.equal(
    statusText(board({ phase: "roll", dice: null }, { lastMove: "电脑刚登记" }), idle),
    "电脑刚登记，轮到你了",
  );
});
