// Words the game and the review (复盘) both write: chances of winning, points lost.

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
