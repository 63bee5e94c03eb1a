// The review's lists of decisions: the costliest mistakes, the deliberate risks (求胜取舍), each
// expanding to every option with its expected total, and the table of every decision in order.

import { button, columnHeads, make } from "../lib/dom.js";
import { hintTag, miniDice, riskTag } from "./review-parts.js";
import { describe, gainText, lossText, when } from "./review-words.js";
import { evText, gapText, signed } from "../lib/words.js";

const FIRST_MISTAKES = 10;
const FIRST_OPTIONS = 3; // a long list of options shows the best few and the choice made

// The mistakes, costliest first; each expands to every option with its expected total and the
// boxes still open then. Returns the section and `unfold`, which shows the mistakes a long list
// hides.
export function mistakesSection(review, who) {
  const section = make("section", "rv-card rv-mistakes-card");
  const count = review.mistakes.length;
  section.append(make("h3", "", count ? `代价最大的失误（共 ${count} 次）` : "失误"));
  if (!count) {
    const risks = (review.risks || []).length; // the other steps off the EV best are listed below
    const text = risks ? `没有失误：不是最优的 ${risks} 步都是求胜取舍（见下）。` : "没有失误：每一步都是最优选择。";
    section.append(make("p", "rv-empty rv-perfect", text));
    return { section, unfold: () => {} };
  }
  const list = make("ol", "rv-mistakes");
  review.mistakes.forEach((index, rank) => {
    const li = make("li");
    if (rank >= FIRST_MISTAKES) li.classList.add("rv-more");
    li.append(mistakeItem(review.decisions[index], index, rank, who));
    list.append(li);
  });
  section.append(list);
  if (count <= FIRST_MISTAKES) return { section, unfold: () => {} };
  list.classList.add("folded");
  const more = button("secondary rv-show-more", `显示全部 ${count} 次失误`);
  const unfold = () => {
    list.classList.remove("folded");
    more.remove();
  };
  more.addEventListener("click", unfold);
  section.append(more);
  return { section, unfold };
}

// The deliberate risks in game order: what each gave up in expected points and what it
// bought in chance of winning; each expands to every option, as a mistake does. `who` names the
// seat (你, 电脑 or a seat's name at a table), `computer` tells whether a computer plays it.
export function risksSection(review, who, computer) {
  const section = make("section", "rv-card rv-risks-card");
  section.append(make("h3", "", `求胜取舍（共 ${review.risks.length} 次）`));
  const many = review.risks.length > 1;
  const why = computer
    ? `为了赢下这一局，${who}有意少拿期望分，换更高的胜率：胜算不大时冒险追分，胜算较大时求稳，胜负难料时按胜率取舍。`
    : `${many ? "这几步" : "这一步"}和高手求胜的选择一样：少拿期望分，换更高的胜率（胜算不大时冒险追分，胜算较大时求稳，胜负难料时按胜率取舍）。`;
  section.append(make("p", "rv-explain", `${why}${many ? "这些" : "这"}不算失误。`));
  const list = make("ol", "rv-mistakes rv-risks");
  review.risks.forEach((index, rank) => {
    const li = make("li");
    li.append(mistakeItem(review.decisions[index], index, rank, who));
    list.append(li);
  });
  section.append(list);
  return section;
}

// One mistake (or deliberate risk): when, the dice, what was done, what was best, the cost
// (and for a risk what it bought); expands to options.
function mistakeItem(d, index, rank, who) {
  const details = make("details", "rv-mistake");
  details.id = `rv-decision-${index}`;
  details.dataset.decision = String(index);
  const summary = make("summary");
  const choice = make("span", "rv-choice");
  choice.append(make("span", "rv-label", `${who}：`), describe(d.chosen));
  const best = make("span", "rv-best");
  best.append(make("span", "rv-label", d.risk ? "期望最高：" : "最佳："), describe(d.best));
  const tags = make("span", "rv-tags");
  if (d.risk && typeof d.win_gain === "number") tags.append(make("span", "rv-gain", gainText(d)));
  if (d.hinted) tags.append(hintTag());
  const parts = [
    make("span", "rv-rank num", String(rank + 1)),
    make("span", "rv-when", when(d)),
    miniDice(d.dice),
    make("span", "rv-cost num", `−${lossText(d)} 分`),
    choice,
    best,
  ];
  if (tags.childElementCount) parts.push(tags);
  // The grid sets the parts apart on screen, but a screen reader reads the summary as one
  // name (「9第 9 回合 · 第 2 掷−10.9 分你：…」): commas only it hears keep them apart.
  parts.forEach((part, i) => summary.append(part, make("span", "visually-hidden", i === 0 ? "、" : "，")));
  details.append(summary);
  if (d.open_text) details.append(make("p", "rv-open-boxes", d.open_text));
  details.append(optionsTable(d));
  const explore = button("secondary rv-explore", "研究这个局面");
  explore.dataset.explore = String(index); // the review view opens it (review-view.js)
  details.append(explore);
  return details;
}

// Every option of a decision with its expected final total, best first.
function optionsTable(d) {
  const wrap = make("div", "rv-options");
  const table = make("table", "rv-options-table");
  const caption = make("caption", "", `${when(d)} 的所有选择（期望总分：从这里按最优打法打完，平均的最终总分）`);
  table.append(caption);
  const thead = columnHeads(["选择", "期望总分", d.risk ? "比期望最高" : "比最佳"]);
  const body = make("tbody");
  const options = Array.isArray(d.options) && d.options.length ? d.options : [d.best, d.chosen];
  // A keep is one option whatever box it names (a roll with all five held names none).
  const same = (a, b) =>
    JSON.stringify(a.keep ?? null) === JSON.stringify(b.keep ?? null) &&
    (Array.isArray(a.keep) || (a.box ?? null) === (b.box ?? null));
  const fold = options.length > FIRST_OPTIONS + 3; // not worth a button for one or two rows
  options.forEach((option, rank) => {
    const tr = make("tr");
    const isChosen = same(option, d.chosen);
    const isBest = same(option, d.best);
    if (isChosen) tr.classList.add("chosen");
    if (isBest) tr.classList.add("best");
    if (fold && rank >= FIRST_OPTIONS && !isChosen && !isBest) tr.classList.add("rv-extra");
    const shown = isChosen ? d.chosen : option; // a roll with all five held differs from the stop
    const name = make("td", "rv-option", describe(shown));
    if (isBest) name.append(make("span", "rv-tag best", d.risk ? "期望最高" : "最佳"));
    if (isChosen) name.append(make("span", "rv-tag chosen", "实际选择"));
    const gap = gapText(d.best.ev, shown.ev);
    tr.append(name, make("td", "num", evText(shown.ev)), make("td", "num", gap ? `−${gap}` : "0"));
    body.append(tr);
  });
  table.append(thead, body);
  wrap.append(table);
  const hidden = body.querySelectorAll("tr.rv-extra").length;
  if (hidden) {
    table.classList.add("folded");
    const more = button("secondary rv-show-options", `显示全部 ${options.length} 个选择`);
    more.addEventListener("click", () => {
      table.classList.remove("folded");
      more.remove();
    });
    wrap.append(more);
  }
  return wrap;
}

// Every decision in order: the dice, the choice, the roll's luck, the loss, hints marked.
export function allSection(review, who) {
  const details = make("details", "rv-card rv-all");
  details.append(make("summary", "", `全部 ${review.decisions.length} 次决策（逐步看运气和失误）`));
  const table = make("table", "rv-all-table");
  const thead = columnHeads(["回合", "骰子", `${who}的选择`, "运气", "失误"]);
  const body = make("tbody");
  review.decisions.forEach((d) => {
    const tr = make("tr", d.optimal ? "" : d.risk ? "risk" : "lost"); // a risk is no mistake
    // 「3·2」 on screen (the column says 回合); a screen reader reads the words instead.
    const turn = make("th", "num");
    const short = make("span", "", `${d.turn}·${d.roll}`);
    short.setAttribute("aria-hidden", "true");
    turn.append(short, make("span", "visually-hidden", when(d)));
    turn.scope = "row";
    turn.title = when(d);
    const choice = make("td", "rv-option", describe(d.chosen));
    if (d.hinted) choice.append(hintTag());
    if (d.risk) choice.append(riskTag(d));
    tr.append(
      turn,
      make("td", "", ""),
      choice,
      make("td", `num ${d.luck >= 0 ? "good" : "bad"}`, signed(d.luck)),
      make("td", "num", d.optimal || d.risk ? "0" : `−${lossText(d)}`),
    );
    tr.children[1].append(miniDice(d.dice));
    body.append(tr);
  });
  table.append(thead, body);
  details.append(table);
  return details;
}
