// Names and limits the server writes into the page (yahtzee.terms): box names and captions,
// level, mode and side names, rounds, the upper bonus line, and bounds for stored figures.
// The page keeps no rule of its own; it reads them here.

function read(doc) {
  const block = doc.getElementById("terms");
  if (!block) throw new Error("页面缺少计分规则数据，请刷新页面");
  return JSON.parse(block.textContent);
}

// Freeze the terms all the way down: no module may change what another reads.
function frozen(value) {
  if (value && typeof value === "object") {
    Object.values(value).forEach(frozen);
    Object.freeze(value);
  }
  return value;
}

export const TERMS = frozen(read(document));

const byKey = (list) => Object.freeze(Object.fromEntries(list.map((t) => [t.key, t])));
const BOXES = byKey(TERMS.boxes);
const SUMS = byKey(TERMS.sums);
const LEVELS = byKey(TERMS.levels);
const MODES = byKey(TERMS.modes);

// The name of a box (一点 …), or the key itself for one the page does not know.
export function boxName(key) {
  return BOXES[key] ? BOXES[key].name : String(key);
}

// A box's or a sum row's caption (所有 1 相加, 满 63 奖励 35 …); "" when it has none.
export function rowNote(key) {
  const term = BOXES[key] || SUMS[key];
  return term ? term.note : "";
}

// A computer level's name (入门 / 普通 / 高手); "" for an unknown key.
export function levelName(key) {
  return LEVELS[key] ? LEVELS[key].name : "";
}

// A mode's name (单人挑战 / 人机对战); "" for an unknown key.
export function modeName(key) {
  return MODES[key] ? MODES[key].name : "";
}
