// 研究, the explorer: any sheet, dice and rolls left, set by hand, and every option ranked by its
// expected final total (the advisor of `yahtzee advise`, asked through /api/practice/explore).
// It opens on a practice position; the server refuses an impossible sheet as advise does, and
// the refusal is shown as it comes.

import { make, button } from "../lib/dom.js";
import { TERMS } from "../lib/terms.js";
import { evText, gapText } from "../lib/words.js";

// A labelled number input.
function numberField(label, value, attrs) {
  const wrap = make("label", "px-field");
  const input = make("input", "px-input");
  input.type = "number";
  input.inputMode = "numeric";
  for (const [name, v] of Object.entries(attrs)) input.setAttribute(name, String(v));
  input.value = value === null || value === undefined ? "" : String(value);
  wrap.append(make("span", "px-label", label), input);
  return { wrap, input };
}

export class Explorer {
  // Build the editor into `box`; `ask(position)` resolves to the server's ranking or throws.
  constructor(box, ask) {
    this.box = box;
    this.ask = ask;
    this.boxes = {};
    this.dice = [];
    this.rollsLeft = 0;
    this.build();
  }

  // The form: a number per box (empty: open), the Yahtzee bonus, five dice, the rolls left.
  build() {
    const head = make("div", "px-head");
    head.append(make("h2", "", "研究这个局面"));
    const back = button("secondary practice-leave", "返回");
    back.dataset.practice = "explore-back";
    head.append(back);
    const note = make(
      "p",
      "ps-note",
      "改动计分表（空着的格子表示还没登记）、骰子和还能再掷的次数，看每个选择的期望总分。",
    );
    const form = make("form", "px-form");
    const sheet = make("fieldset", "px-sheet");
    sheet.append(make("legend", "", "计分表"));
    for (const { key, name } of TERMS.boxes) {
      const { wrap, input } = numberField(name, null, { min: 0, placeholder: "空" });
      this.boxes[key] = input;
      sheet.append(wrap);
    }
    // The Yahtzee bonus is the sum row with a caption among the bonuses (快艇加成).
    const bonusName = TERMS.sums.find((s) => s.key.endsWith("_bonus") && s.note).name;
    const bonus = numberField(bonusName, 0, { min: 0 });
    this.bonus = bonus.input;
    sheet.append(bonus.wrap);
    const dice = make("fieldset", "px-dice");
    dice.append(make("legend", "", "骰子"));
    for (let i = 0; i < TERMS.dice; i += 1) {
      const { wrap, input } = numberField(`第${i + 1}颗`, 1, { min: 1, max: TERMS.faces });
      this.dice.push(input);
      dice.append(wrap);
    }
    const rolls = make("fieldset", "px-rolls");
    rolls.append(make("legend", "", "还能再掷"));
    const group = make("div", "segmented");
    this.rollButtons = [];
    for (let r = 0; r < TERMS.max_rolls; r += 1) {
      const b = button("", `${r} 次`);
      b.dataset.practiceRolls = String(r);
      this.rollButtons.push(b);
      group.append(b);
    }
    rolls.append(group);
    const submit = make("button", "primary px-submit", "分析");
    submit.type = "submit";
    form.append(sheet, dice, rolls, submit);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.run();
    });
    group.addEventListener("click", (event) => {
      const b = event.target.closest("[data-practice-rolls]");
      if (b) this.setRolls(Number(b.dataset.practiceRolls));
    });
    this.error = make("p", "px-error");
    this.error.setAttribute("role", "alert");
    this.result = make("ol", "px-options");
    this.result.setAttribute("aria-label", "每个选择的期望总分，从高到低");
    this.box.replaceChildren(head, note, form, this.error, this.result);
  }

  // Mark the rolls left chosen.
  setRolls(r) {
    this.rollsLeft = r;
    this.rollButtons.forEach((b, i) => b.setAttribute("aria-pressed", String(i === r)));
  }

  // Fill the form with a practice position and rank its options.
  open(position) {
    for (const [key, input] of Object.entries(this.boxes)) {
      input.value = key in position.sheet ? String(position.sheet[key]) : "";
    }
    this.bonus.value = String(position.yahtzee_bonus);
    position.dice.forEach((face, i) => {
      this.dice[i].value = String(face);
    });
    this.setRolls(position.rolls_left);
    this.run();
  }

  // The position the form describes (numbers as typed; the server checks them).
  position() {
    const sheet = {};
    for (const [key, input] of Object.entries(this.boxes)) {
      if (input.value.trim() !== "") sheet[key] = Number(input.value);
    }
    return {
      sheet,
      yahtzee_bonus: Number(this.bonus.value || 0),
      dice: this.dice.map((input) => Number(input.value)),
      rolls_left: this.rollsLeft,
    };
  }

  // Ask for the ranking and show it, or the server's refusal.
  async run() {
    this.error.textContent = "";
    this.result.replaceChildren();
    let answer;
    try {
      answer = await this.ask(this.position());
    } catch (error) {
      this.error.textContent = error.message;
      return;
    }
    const best = answer.options[0].ev;
    for (const option of answer.options) {
      const item = make("li");
      const gap = gapText(best, option.ev);
      item.append(
        make("span", "pf-option", option.text),
        make("span", "num", evText(option.ev)),
        make("span", "num px-gap", gap ? `−${gap}` : ""),
      );
      this.result.append(item);
    }
  }
}
