// The dice tray and its roll button: five die buttons drawn from the snapshot (faces, held,
// hinted, locked), the tumble while the server rolls, and the roll button's words.

import { make, button, setText, svg } from "../lib/dom.js";
import { PIPS } from "../lib/pips.js";
import { inTurn, personInTurn } from "../lib/seats.js";
import { TERMS } from "../lib/terms.js";

const PIP_RADIUS = 9.5;
const TUMBLE_MS = 80; // how often a tumbling die shows a new face

// A random face, used only for the tumbling look while the server rolls the real dice.
function randomFace() {
  return 1 + Math.floor(Math.random() * TERMS.faces);
}

export class DiceTray {
  // Build the five dice inside `tray`; `roll` is the roll button drawn beside them. Each die
  // names its place in `data-die`, or in the data attribute `dieData` names.
  constructor(tray, roll, { dieData = "die" } = {}) {
    this.tray = tray;
    this.dieData = dieData;
    this.roll = roll;
    this.dice = [];
    this.faces = Array(TERMS.dice).fill(null);
    this.rollTimer = null;
    this.rolling = false;
    this.build();
  }

  // Five die buttons, each with an SVG face and a mark under it.
  build() {
    for (let i = 0; i < TERMS.dice; i += 1) {
      const slot = make("div", "die-slot");
      const die = button("die blank");
      die.dataset[this.dieData] = String(i);
      const face = svg("svg", { viewBox: "0 0 100 100", "aria-hidden": "true" });
      die.append(face);
      const badge = make("span", "die-badge", "★");
      badge.setAttribute("aria-hidden", "true");
      die.append(badge);
      const mark = make("span", "die-mark", "保留");
      mark.setAttribute("aria-hidden", "true");
      slot.append(die, mark);
      this.tray.append(slot);
      this.dice.push({ button: die, svg: face, mark });
    }
  }

  // Draw the pips of one face (null: a blank die) into a die's SVG.
  drawFace(index, face) {
    if (this.faces[index] === face) return;
    this.faces[index] = face;
    const pips = (PIPS[face] || []).map(([cx, cy]) => svg("circle", { cx, cy, r: PIP_RADIUS }));
    this.dice[index].svg.replaceChildren(...pips);
  }

  // The five dice: faces, held (lifted, green mark), hinted (gold ring) and locked states.
  render({ snap, held, hintDice, busy }) {
    const mine = personInTurn(snap) && !snap.finished;
    const locked = Boolean(snap.dice) && snap.rolls_left === 0;
    const holdable = mine && Boolean(snap.dice) && snap.can_roll;
    this.tray.setAttribute("aria-label", mine || snap.finished ? "骰子" : `${inTurn(snap).name}的骰子`);
    this.dice.forEach(({ button: die, mark }, i) => {
      const face = snap.dice ? snap.dice[i] : null;
      if (!this.rolling) this.drawFace(i, face);
      const isHeld = Boolean(face) && !locked && Boolean(held[i]);
      const hinted = hintDice.has(i);
      die.classList.toggle("blank", !face);
      die.classList.toggle("held", isHeld);
      die.classList.toggle("hinted", hinted);
      die.classList.toggle("locked", locked);
      die.disabled = !holdable;
      die.setAttribute("aria-pressed", String(isHeld));
      let name = face ? `第${i + 1}颗 ${face}点` : `第${i + 1}颗 未掷`;
      if (isHeld) name += " 已保留";
      if (locked) name += " 已锁定";
      if (hinted) name += "（提示建议）";
      die.setAttribute("aria-label", name);
      setText(mark, locked ? "锁定" : "保留");
      mark.classList.toggle("on", isHeld || locked);
      mark.classList.toggle("locked", locked);
      die.classList.toggle("busy", busy);
    });
  }

  // The roll button's words: 掷骰子, 再掷 (n/3), or what else it does now. With all five held a
  // roll would only spend one of the turn's rolls, so it waits until a die is let go.
  renderRollButton({ snap, busy, held }) {
    let text;
    let enabled = !busy;
    if (snap.finished) {
      text = "再来一局";
    } else if (!personInTurn(snap)) {
      const name = inTurn(snap).name; // 电脑 in 人机对战
      text = busy ? `${name}回合` : `让${name}继续`;
    } else if (!snap.dice) {
      text = "掷骰子";
      enabled = enabled && snap.can_roll;
    } else if (snap.can_roll) {
      text = `再掷 (${snap.rolls_used}/${snap.max_rolls})`;
      enabled = enabled && !held.every(Boolean);
    } else {
      text = `已掷 (${snap.rolls_used}/${snap.max_rolls})`;
      enabled = false;
    }
    setText(this.roll, text);
    this.roll.disabled = !enabled;
  }

  // Start the tumble of the dice marked in `moving` for about `ms` milliseconds.
  startRoll(moving, ms) {
    this.rolling = true;
    this.tray.setAttribute("aria-busy", "true"); // the faces shown now are not the roll
    this.dice.forEach(({ button: die }, i) => {
      if (!moving[i]) return;
      die.classList.remove("blank");
      die.style.animationDuration = `${ms}ms`;
      if (ms > 0) die.classList.add("rolling");
      this.drawFace(i, randomFace());
    });
    clearInterval(this.rollTimer);
    if (ms > 0) {
      this.rollTimer = setInterval(() => {
        moving.forEach((move, i) => move && this.drawFace(i, randomFace()));
      }, TUMBLE_MS);
    }
  }

  // Stop the tumble; the next render draws the real faces.
  stopRoll() {
    clearInterval(this.rollTimer);
    this.rollTimer = null;
    this.rolling = false;
    this.tray.setAttribute("aria-busy", "false");
    for (const { button: die } of this.dice) {
      die.classList.remove("rolling");
      die.style.animationDuration = "";
    }
  }
}
