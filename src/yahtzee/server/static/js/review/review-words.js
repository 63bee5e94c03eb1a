// The review's and the history's small texts: an option, a decision's moment, its loss and what a
// play-to-win choice bought, a skill level, a game's settings and date. Plain strings, no DOM.

import { TERMS, boxName, levelName, modeName } from "../lib/terms.js";
import { chanceText, gapText, pointsText } from "../lib/words.js";
import { kindName } from "../luck/kinds.js";

export const EXPERT_LOSS = TERMS.expert_loss; // a loss per decision under this is expert play
export const OUTCOMES = Object.freeze({ win: "胜", loss: "负", draw: "平" });

// What an option is, in words: 保留 6 6 再掷 / 全部重掷 / 不再掷，登记「三条」21 分 / 登记「一点」3 分
// (and 五颗全留，空掷一次 for a roll made with every die held).
export function describe(option) {
  const box = option.box ? `「${boxName(option.box)}」${option.points} 分` : "";
  if (option.reroll) return "五颗全留，空掷一次";
  if (Array.isArray(option.keep)) {
    if (option.keep.length === TERMS.dice) return box ? `不再掷，登记${box}` : "不再掷";
    return option.keep.length ? `保留 ${option.keep.join(" ")} 再掷` : "全部重掷";
  }
  return `登记${box}`;
}

// How good a loss per decision is, in words (under EXPERT_LOSS is expert play).
export function skill(average) {
  const mark = `（高手平均每步不到 ${EXPERT_LOSS} 分）`;
  if (average < EXPERT_LOSS) {
    return { level: "expert", text: `高手水平：平均每步失误不到 ${EXPERT_LOSS} 分` };
  }
  if (average < 0.5) {
    return { level: "good", text: `接近高手：平均每步失误不到 0.5 分${mark}` };
  }
  if (average < 1) {
    return { level: "fair", text: `还有提升空间：先看下面代价最大的几次失误${mark}` };
  }
  return { level: "novice", text: `失误偏多：从下面代价最大的失误看起，进步会很快${mark}` };
}

// 第 3 回合 · 第 1 掷
export function when(decision) {
  return `第 ${decision.turn} 回合 · 第 ${decision.roll} 掷`;
}

// A chance of winning in whole percents, in words (never 0 % or 100 % while the game is open).
export function percentText(chance) {
  return chanceText(chance).said;
}

// The rise in the chance of winning a play-to-win choice bought, in percentage points (a chance
// of 30 % going to 31.2 % is 「胜率 +1.2 个百分点」). The 高手 weighs a sliver of expected points
// too, so now and then its choice gains no chance at all.
export function gainText(decision) {
  const gain = 100 * decision.win_gain;
  if (gain <= 0) return "胜率几乎不变";
  return gain >= 0.05 ? `胜率 +${gain.toFixed(1)} 个百分点` : "胜率提高不到 0.1 个百分点";
}

// A decision's loss as its options table shows it.
export function lossText(decision) {
  return gapText(decision.best.ev, decision.chosen.ev) || pointsText(0);
}

// What a play-to-win choice cost and bought: 期望总分少 0.9 分，胜率 +1.2 个百分点.
export function riskText(decision) {
  const gain = typeof decision.win_gain === "number" ? `，${gainText(decision)}` : "";
  return `期望总分少 ${lossText(decision)} 分${gain}`;
}

// The game's settings in words: 单人挑战 / 人机对战 · 高手 / 和朋友玩.
export function modeText(mode, difficulty) {
  const [single, vs] = TERMS.modes.map((t) => t.key);
  if (mode !== vs) return modeName(mode) || modeName(single);
  return `${modeName(vs)} · ${levelName(difficulty)}`.trim();
}

// What a past game was, in words: its settings, or what it was on known dice (每日挑战 for a
// daily challenge, 同骰再打 · 人机对战 · 高手 for a replay).
export function gameText(entry) {
  const kind = kindName(entry.kind);
  if (!kind) return modeText(entry.mode, entry.difficulty);
  return entry.kind === "replay" ? `${kind} · ${modeText(entry.mode, entry.difficulty)}` : kind;
}

// A date as 6月11日 14:02.
export function shortDate(iso) {
  const d = new Date(iso);
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getMonth() + 1}月${d.getDate()}日 ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
