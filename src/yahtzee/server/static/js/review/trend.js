// The trend of a player's games across the history: which recent games are compared with which
// earlier ones, and the words that say whether they improved. Figures and strings only (no DOM),
// so the lobby's line uses them without loading the history view.

import { TERMS } from "../lib/terms.js";

// The trend's smallest change called progress: 0.05 per decision, about 1.5 points a game (some 30
// decisions). Smaller changes are well within what chance alone moves ten games' mean.
const PROGRESS = 0.05;
const PROGRESS_POINTS = 1.5;
const ROUNDOFF = 1e-9; // 0.30 − 0.25 is 0.0499… in floating point, and must still count

// The games the trend compares (the lobby's line names the same recent ones): the last ten
// against up to ten before them once at least three are before them; until then the newer half
// against the older, so the first dozen games (when a learner gains most) say whether they
// improved too. No comparison below six games: three a side at least.
const RECENT = 10;
const FEWEST_A_SIDE = 3;
export function trendWindows(reviewed) {
  const n = reviewed.length;
  if (n >= RECENT + FEWEST_A_SIDE) return [reviewed.slice(-RECENT), reviewed.slice(-2 * RECENT, -RECENT)];
  if (n < 2 * FEWEST_A_SIDE) return [reviewed, []];
  const older = Math.floor(n / 2);
  return [reviewed.slice(older), reviewed.slice(0, older)];
}

// The mean of `value` over history entries (loss per decision unless told otherwise).
export function meanOf(entries, value = (e) => e.average) {
  return entries.length ? entries.reduce((sum, e) => sum + value(e), 0) / entries.length : 0;
}

// The lobby's line under 「复盘与历史」: how many games are kept and the recent skill figure.
export function lobbyText(entries) {
  if (!entries.length) return "打完一局就能复盘：看看运气和失误各占多少分";
  const reviewed = entries.filter((e) => e.average !== null);
  const [recent] = trendWindows(reviewed);
  return recent.length
    ? `已记录 ${entries.length} 局 · 最近 ${recent.length} 局平均每步失误 ${meanOf(recent).toFixed(2)} 分`
    : `已记录 ${entries.length} 局`;
}

// The trend's sentence: the recent games' loss per decision against the games before them
// (`total` counts every game kept, reviewed or not).
export function trendText(recent, before, total) {
  if (!recent.length) return `共 ${total} 局`;
  let text = `共 ${total} 局 · 最近 ${recent.length} 局平均每步失误 ${meanOf(recent).toFixed(2)} 分`;
  if (before.length) {
    const drop = meanOf(before) - meanOf(recent);
    text +=
      drop >= PROGRESS - ROUNDOFF
        ? `，比之前 ${before.length} 局少了 ${drop.toFixed(2)} 分，进步了`
        : `，之前 ${before.length} 局是 ${meanOf(before).toFixed(2)} 分`;
  }
  return `${text}（低于 ${TERMS.expert_loss} 为高手水平）`;
}

// The same games in points, luck taken out: what the player scores with average dice, which is
// the product's promise (「同样的运气能比之前多打出几十分」). A score is the start's expected
// total plus luck minus what was given up, so score − luck is the start less the losses.
export function evenLuckText(recent, before) {
  const even = (e) => e.total - e.luck;
  const best = meanOf(recent, (e) => e.total - e.luck + e.loss + (e.risk ?? 0));
  let text = `去掉运气的得分（得分 − 运气）：最近 ${recent.length} 局平均 ${meanOf(recent, even).toFixed(1)} 分`;
  if (before.length) {
    const change = meanOf(recent, even) - meanOf(before, even);
    text +=
      Math.abs(change) < PROGRESS_POINTS - ROUNDOFF
        ? `，和之前 ${before.length} 局差不多`
        : `，比之前 ${before.length} 局${change > 0 ? "多" : "少"} ${Math.abs(change).toFixed(1)} 分`;
  }
  // 求胜取舍 gives expected points up on purpose, so the reference is the expected-score best.
  return `${text}（每步都选期望总分最高的一项，平均是 ${best.toFixed(1)} 分）`;
}
