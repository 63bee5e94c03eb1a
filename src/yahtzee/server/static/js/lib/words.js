// Words the game and the review (复盘) both write: chances of winning, points lost, expected
// totals.

// A chance as it is written (`shown`) and as a screen reader says it (`said`): whole percents
// (`percent`, rounded by the caller), except that a game still open never reads 0 % or 100 %
// (a 0.3 % chance would round to 0): 「<1%」 and 「>99%」, said 不到 1% and 超过 99%.
export function chanceText(chance, percent = Math.round(100 * chance)) {
  if (percent === 0 && chance > 0) return { shown: "<1%", said: "不到 1%" };
  if (percent === 100 && chance < 1) return { shown: ">99%", said: "超过 99%" };
  return { shown: `${percent}%`, said: `${percent}%` };
}

// Points lost, in 0.1 points; a loss too small for that in 0.01 (not 「0.0」).
export function pointsText(loss) {
  return loss < 0.05 ? loss.toFixed(2) : loss.toFixed(1);
}

// One decimal with a sign: +3.2 / −1.5 (a real minus sign); ±0.0 for what rounds to nothing.
// `yahtzee.words.signed_zh` writes the same for the command line.
export function signed(value, digits = 1) {
  const text = Math.abs(value).toFixed(digits);
  if (Number(text) === 0) return `±${text}`;
  return `${value > 0 ? "+" : "−"}${text}`;
}

// An expected total (期望总分: a hint's, a 练习 answer's, an option of the review or of 研究), as
// every screen writes it: one decimal.
export function evText(value) {
  return value.toFixed(1);
}

// How far expected total `ev` falls short of `best` as a list of options shows them, each to one
// decimal (evText): the card, the table and the totals then agree (17.95 between 228.93 and
// 210.98 reads 17.9 everywhere).
export function shortfall(best, ev) {
  return Math.max(0, Number(evText(best)) - Number(evText(ev)));
}

// The shortfall of `ev` below `best` in words: as the totals show it, or, when they read the
// same (187.5 and 187.5), the loss itself in hundredths (0.02), never 「0.0」; "" for none.
export function gapText(best, ev) {
  const shown = shortfall(best, ev);
  if (shown >= 0.05) return shown.toFixed(1);
  return best - ev >= 0.005 ? pointsText(best - ev) : "";
}
