// The lobby: the chosen options, the bests, the game 「继续」 resumes; and the switch between
// the lobby and the game.

import { make } from "../lib/dom.js";
import { seatNames } from "../lib/seats.js";
import { wholeIn } from "../lib/storage.js";
import { TERMS, levelName, modeName } from "../lib/terms.js";

const ROUNDS = TERMS.rounds;
const MAX_TOTAL = TERMS.max_total;

// Which unfinished game 「继续」 resumes, in a few words: 人机对战 · 高手 · 第 5 / 13 回合 ·
// 你 87 : 电脑 102 (single: 单人挑战 · 第 5 / 13 回合 · 87 分; a table: 和朋友玩 · 小明、小红、
// 普通电脑 · 第 5 / 13 回合); "" when the save says too little. `kind` names a game on known dice
// (每日挑战, 同骰再打: luck/kinds.js): 每日挑战 · 第 5 / 13 回合 · 87 分, 同骰再打 · 人机对战 · 高手 · ….
export function describeSave(game, kind = "") {
  if (!game || typeof game !== "object" || !modeName(game.mode)) return "";
  const parts = leadingWords(game, kind);
  const vs = game.mode === "vs";
  if (vs && levelName(game.difficulty)) parts.push(levelName(game.difficulty));
  if (game.mode === "table" && seatNames(game)) parts.push(seatNames(game));
  const round = wholeIn(game.round, 1, ROUNDS);
  if (round !== null) parts.push(`第 ${round} / ${ROUNDS} 回合`);
  const totals = totalsText(game, vs ? TERMS.sides.length : 1);
  if (totals) parts.push(totals);
  return parts.join(" · ");
}

// What a saved game is: its mode, after its kind when on known dice (a daily challenge is one
// of its own, named alone).
function leadingWords(game, kind) {
  if (!kind) return [modeName(game.mode)];
  return game.record && game.record.daily ? [kind] : [kind, modeName(game.mode)];
}

// The totals of a saved game of `count` sides (你 87 : 电脑 102, or 87 分 alone); "" when the
// save has another number of sides or a total that cannot be read.
function totalsText(game, count) {
  const sides = Array.isArray(game.sides) ? game.sides : [];
  const totals = sides.map((side) => wholeIn(side && side.totals && side.totals.total, 0, MAX_TOTAL));
  if (totals.length !== count || totals.includes(null)) return "";
  if (count === 1) return `${totals[0]} 分`;
  return totals.map((total, i) => `${TERMS.sides[i]} ${total}`).join(" : ");
}

// Show the lobby with the current choices, bests and the resume button when a save exists,
// saying which game it resumes (`kind` names a game on known dice); `el` holds app, game,
// lobby, vsOptions, bests, resume and resumeDetail.
export function showLobby(el, { lobby, bests, save, kind = "" }) {
  el.app.classList.add("in-lobby");
  el.app.classList.remove("in-game");
  el.game.hidden = true;
  el.lobby.hidden = false;
  updateLobby(el, lobby);
  renderBests(el.bests, bests);
  el.resume.hidden = !save;
  const detail = describeSave(save, kind);
  el.resumeDetail.textContent = detail;
  el.resumeDetail.hidden = !detail;
}

// Mark the chosen lobby options and show the vs options only in vs mode.
export function updateLobby(el, lobby) {
  for (const button of el.lobby.querySelectorAll("[data-action][data-value]")) {
    const chosen = lobby[button.dataset.action];
    if (chosen !== undefined) button.setAttribute("aria-pressed", String(chosen === button.dataset.value));
  }
  el.vsOptions.hidden = lobby.mode !== "vs";
  el.lobby.querySelector("#table-options").hidden = lobby.mode !== "table"; // the seat editor
  // 练习 has its options (themes, progress) and its own start (practice.js).
  const practice = lobby.mode === "practice";
  el.lobby.querySelector("#practice-options").hidden = !practice;
  el.start.textContent = practice ? "开始练习" : "开始游戏";
}

// The bests block of the lobby (我的纪录): single best score and vs wins / losses / draws.
function renderBests(box, bests) {
  box.replaceChildren();
  box.append(make("h3", "", "我的纪录"));
  const list = make("dl", "record-list");
  const best = bests.single.best;
  list.append(make("dt", "", "单人最高分"), make("dd", "num", best === null ? "暂无" : String(best)));
  for (const { key: level, name } of TERMS.levels) {
    const r = bests.vs[level];
    const highest = r.best === null ? "" : ` · 最高 ${r.best}`;
    list.append(
      make("dt", "", `人机 · ${name}`),
      make("dd", "num", `${r.wins} 胜 ${r.losses} 负 ${r.draws} 平${highest}`),
    );
  }
  box.append(list);
}

// Switch from the lobby to the game; a lobby scrolled down (开始游戏 below the fold) would
// otherwise open the game with its dice above the screen.
export function showGame(el) {
  if (el.game.hidden) window.scrollTo(0, 0);
  el.app.classList.remove("in-lobby");
  el.app.classList.add("in-game");
  el.lobby.hidden = true;
  el.game.hidden = false;
}
