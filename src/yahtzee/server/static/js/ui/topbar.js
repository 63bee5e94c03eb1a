// The bar above the board: round, who plays whom, the totals, the hint button, and in vs the
// 胜率 bar of each side's chance of winning.

import { make, redraw, setText } from "../lib/dom.js";
import { computerLevel, hintsShown } from "../lib/seats.js";
import { levelName } from "../lib/terms.js";
import { renderSeatBar } from "../table/seat-bar.js";
import { chanceText } from "../lib/words.js";

// Round (after what game it is, when on known dice: 每日挑战 · 第 3 / 13 回合, `kind`),
// totals, the opponent and who started (vs), and the hint button; `el` holds the elements
// round, match, totals, hint, winbar and seatbar.
export function renderTopbar(el, { snap, busy, kind = "" }) {
  const round = `第 ${snap.round} / ${snap.rounds} 回合`;
  if (el.round.textContent !== (kind ? `${kind} · ${round}` : round)) {
    el.round.replaceChildren(...(kind ? [make("b", "kind", kind), " · "] : []), round);
  }
  const match = el.match;
  if (match) {
    // Phones drop the parts in .wide-only (「电脑」, 「随机：」) to keep the line on the screen.
    const starter = snap.starter === 0 ? "我先" : "电脑先";
    const random = snap.first === "random";
    const level = snap.mode === "vs" ? levelName(computerLevel(snap)) : "";
    redraw(match, `${level}|${random}|${starter}`, () => {
      const said = random ? [make("span", "wide-only", "随机：")] : [];
      if (level) match.replaceChildren(level, make("span", "wide-only", "电脑"), " · ", ...said, starter);
      else match.replaceChildren();
    });
    match.hidden = snap.mode !== "vs";
  }
  renderWinBar(el.winbar, snap);
  renderSeatBar(el.seatbar, snap); // a table's
  redraw(el.totals, JSON.stringify(snap.sides.map((side) => [side.name, side.total])), () => {
    const parts = snap.sides.map((side) => {
      const span = make("span", "total");
      span.append(`${side.name} `, make("b", "num", String(side.total)));
      return span;
    });
    el.totals.replaceChildren(...parts);
  });
  const hint = el.hint;
  const hints = hintsShown(snap);
  const none = hints === 0;
  setText(hint, none ? "提示已用完" : `提示 (${hints})`);
  hint.classList.toggle("spent", none);
  hint.disabled = none || !snap.can_hint || busy;
}

// 人机对战's chances as the bar shows them: the player's (the first seat), a draw, the computer's.
function vsShares(snap) {
  const chances = snap.mode === "vs" ? snap.chances : null;
  if (!chances) return null;
  const [player, computer] = chances.win;
  return { player, draw: chances.draw, computer };
}

// The 胜率 bar (vs only): each side's chance from the server, whole percents summing to 100.
function renderWinBar(bar, snap) {
  if (!bar) return;
  const win = vsShares(snap);
  bar.hidden = !win;
  if (!win) return;
  const player = Math.round(win.player * 100);
  const computer = Math.min(100 - player, Math.round(win.computer * 100));
  const draw = 100 - player - computer;
  const shares = { player, draw, computer };
  for (const [key, value] of Object.entries(shares)) {
    bar.dataset[key] = String(value);
    bar.querySelector(`.wb-${key}`).style.width = `${value}%`;
  }
  const figures = [["你", win.player, player]];
  if (draw) figures.push(["平", win.draw, draw]);
  figures.push(["电脑", win.computer, computer]);
  const text = [];
  const spoken = [];
  for (const [who, chance, percent] of figures) {
    const { shown, said } = chanceText(chance, percent);
    if (text.length) text.push(" · ");
    if (shown === said) {
      text.push(`${who} ${shown}`);
    } else {
      // Screen readers skip 「<」 and 「>」 at their usual punctuation level: 「<1%」 would be 1%.
      const symbol = make("span", "", shown);
      symbol.setAttribute("aria-hidden", "true");
      text.push(`${who} `, symbol, make("span", "visually-hidden", said));
    }
    spoken.push(`${who} ${said}`);
  }
  bar.querySelector(".winbar-text").replaceChildren(...text);
  // The chances assume the player plays the solver's best moves from here on (the computer
  // plays at its level): a player who plays worse is shown better chances than they have,
  // and the bar says so (on hover here; to screen readers in its hidden text).
  bar.title = `胜率：${spoken.join(" · ")}（估算：假设你此后都按最优打法走，电脑按它自己的水平走）`;
}
