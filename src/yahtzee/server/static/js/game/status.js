// The one-line status under the dice: what the player should do next, or what the computer is
// doing. Words only; the View writes the line (and only when it changes).

import { inTurn, personInTurn } from "../lib/seats.js";
import { TERMS } from "../lib/terms.js";
import { holdsAll } from "./board.js";

// The status for `board` (board.js). `rolling`: the player's dice are tumbling; `suspended`:
// another tab took the game over.
export function statusText(board, { rolling, suspended }) {
  const snap = board.snap;
  if (snap.finished) return "本局结束。点「再来一局」或「回大厅」";
  if (suspended) return "这局已在另一个标签页继续，这里暂停";
  if (!personInTurn(snap)) return computerText(board);
  // At a table the line names the person whose turn it is (「小红：点骰子保留…」).
  const name = snap.mode === "table" ? inTurn(snap).name : null;
  const { text, named } = personText(board, rolling, name);
  return name && !named ? `${name}：${text}` : text;
}

// What the person in turn (`name` at a table, else null) should do next, and whether the words
// name them already; `rolling`: their dice are tumbling.
function personText(board, rolling, name) {
  const snap = board.snap;
  const said = (text, named = false) => ({ text, named });
  if (rolling) return said("掷骰中…");
  // The hint's reason first, in words; its figures are a tap away (hintFigures).
  const allHeld = holdsAll(board);
  if (hintShown(board)) return said(`提示：${board.hintReason || board.hintText}`);
  if (snap.phase === "roll") {
    if (!board.lastMove) return said("点「掷骰子」开始");
    return said(`${board.lastMove}，${name ? `轮到 ${name}` : "轮到你了"}`, true);
  }
  return said(decideText(snap, allHeld));
}

// True while the status says the hint: it has words, and still says what to do. A hint to
// reroll some dice no longer does once the player has held all five: the roll button waits,
// and the line says why (the hint comes back when a die is let go).
export function hintShown(board) {
  if (!board.hintText || !personInTurn(board.snap)) return false;
  return !(holdsAll(board) && board.hintDice.size < TERMS.dice);
}

// The figures behind the hint the status shows in words (期望总分 …, a tap on the line away), or
// null when the line shows no reason (then it shows the figures themselves).
export function hintFigures(board) {
  return hintShown(board) && board.hintReason ? board.hintText : null;
}

// What the computer is doing in its turn, or that its last step failed.
function computerText(board) {
  if (board.computerNote) return board.computerNote;
  const name = inTurn(board.snap).name; // 电脑 in 人机对战
  return board.stopped ? `${name}这一步没走成，点「让${name}继续」` : `${name}思考中…`;
}

// After a roll: score a box, or hold dice and roll again while the dice may still move.
function decideText(snap, allHeld) {
  const mayRoll = snap.phase === "decide" && !allHeld;
  if (snap.joker) return jokerText(snap, mayRoll);
  if (allHeld) return "五颗都保留了：选择一项登记，或先取消保留几颗再掷";
  if (mayRoll) return "点骰子保留，再掷；满意就选择一项登记";
  return "三次已掷完，选择一项登记";
}

// A Yahtzee under the forced Joker: the server's one instruction (the box the rule forces, or
// the choice it leaves), and that the dice may still be rolled.
function jokerText(snap, mayRoll) {
  return mayRoll ? `${snap.joker_text}，也可以再掷` : snap.joker_text;
}
