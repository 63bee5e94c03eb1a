// The boxes' names and the upper section's bonus rule, as the review writes them, and the one
// text that recomputes the sheet from a game log (the open boxes before a mistake). The rule
// numbers live here only, until the server sends them with the review.

export const BOX_NAMES = Object.freeze({
  ones: "一点",
  twos: "二点",
  threes: "三点",
  fours: "四点",
  fives: "五点",
  sixes: "六点",
  three_of_a_kind: "三条",
  four_of_a_kind: "四条",
  full_house: "葫芦",
  small_straight: "小顺",
  large_straight: "大顺",
  yahtzee: "快艇",
  chance: "机会",
});
const UPPER = ["ones", "twos", "threes", "fours", "fives", "sixes"];
const UPPER_TARGET = 63;
const UPPER_BONUS = 35;

// What was still open on a side's sheet when it played turn `turn` (its game log holds each
// turn's box and points), in words: 这时还空着：一点、小顺、机会；上区已得 24 分，离 63 分的奖励线
// 还差 39 分. A mistake is easier to see with the boxes that were left in view.
export function openBoxesText(log, turn) {
  if (!Array.isArray(log)) return "";
  const done = log.slice(0, Math.max(0, turn - 1)).filter((t) => t && typeof t === "object");
  const filled = new Set(done.map((t) => t.box));
  const open = Object.keys(BOX_NAMES).filter((key) => !filled.has(key));
  if (!open.length) return "";
  if (!filled.size) return "这时计分表还全空着";
  let text = `这时还空着：${open.map((key) => BOX_NAMES[key]).join("、")}`;
  if (UPPER.some((key) => !filled.has(key))) {
    const upper = done.filter((t) => UPPER.includes(t.box)).reduce((sum, t) => sum + (Number(t.points) || 0), 0);
    const left = UPPER_TARGET - upper;
    text += `；上区已得 ${upper} 分，${left > 0 ? `离 ${UPPER_TARGET} 分的奖励线还差 ${left} 分` : `${UPPER_BONUS} 分奖励已经拿到`}`;
  }
  return text;
}
