// 练习 in the lobby: the theme to drill (or 混合), 「专练薄弱项」 and a line of progress. A round
// itself (practice-round.js, the modules it imports and practice.css) is loaded only when one
// starts, which keeps the first page load light.

import { button, loadStylesheets, make, onFirstUse } from "../lib/dom.js";
import { MIXED, PracticeStore, averageLoss, weakest } from "./practice-store.js";
import { TERMS } from "../lib/terms.js";

// The lobby's line: rounds played and the last round's loss per decision.
export function progressLine(rounds) {
  if (!rounds.length) return "每轮 " + TERMS.practice_round + " 题，按最优策略逐题打分";
  const last = rounds[rounds.length - 1];
  return `已练 ${rounds.length} 轮 · 上一轮平均每题失误 ${averageLoss(last.answers).toFixed(2)} 分`;
}

export class Practice {
  // `api` posts to the server; `message(text, title)` shows a one-line message; `lobby()` shows
  // the lobby again (after a round, or when one cannot start).
  constructor({ api, backend, message, lobby, doc = document }) {
    this.api = api;
    this.store = new PracticeStore(backend);
    this.message = message;
    this.showLobby = lobby;
    this.doc = doc;
    this.rounds = [];
    this.theme = MIXED;
    // The round's modules, practice.css and chart.css (its trend), loaded on first use.
    const css = () => loadStylesheets(doc, "practice.css", "chart.css");
    const round = ([module]) =>
      new module.PracticeRound({
        doc,
        api,
        message,
        finished: (entry) => this.finished(entry),
        lobby,
        weakest: () => this.startWeakest(),
      });
    const load = () => Promise.all([import("./practice-round.js"), css()]).then(round);
    this.views = onFirstUse(load, () => message("练习页面加载失败，请检查网络后再试"));
  }

  // Read the progress and draw the lobby's options; returns a one-line problem, or null.
  load() {
    const { rounds, theme, problem } = this.store.load();
    this.rounds = rounds;
    this.theme = theme;
    const box = this.doc.getElementById("practice-options");
    if (box) {
      this.build(box);
      box.addEventListener("click", (event) => this.onClick(event));
    }
    this.renderLobby();
    return problem;
  }

  // The theme buttons, the progress line and 「专练薄弱项」, in place of the HTML's placeholder.
  build(box) {
    const field = make("div", "field");
    const label = make("span", "field-label", "练习主题");
    label.id = "theme-label";
    const group = make("div", "segmented practice-themes");
    group.setAttribute("role", "group");
    group.setAttribute("aria-labelledby", "theme-label");
    for (const { key, name } of TERMS.themes) {
      const b = button("", name);
      b.dataset.practiceTheme = key;
      group.append(b);
    }
    field.append(label, group);
    this.line = make("p", "review-line practice-line");
    this.line.id = "practice-line";
    this.weakButton = button("secondary practice-weak");
    this.weakButton.dataset.practice = "weakest";
    box.replaceChildren(field, this.weakButton, this.line);
  }

  // Mark the chosen theme; say how far the player has come and which theme is weakest.
  renderLobby() {
    for (const b of this.doc.querySelectorAll("[data-practice-theme]")) {
      b.setAttribute("aria-pressed", String(b.dataset.practiceTheme === this.theme));
    }
    if (this.line) this.line.textContent = progressLine(this.rounds);
    if (this.weakButton) {
      const weak = weakest(this.rounds);
      this.weakButton.hidden = !weak;
      if (weak) this.weakButton.textContent = `专练薄弱项：${weak.name}（平均失误 ${weak.average.toFixed(2)} 分）`;
    }
  }

  // A theme button or 「专练薄弱项」 in the lobby.
  onClick(event) {
    const target = event.target.closest("button");
    if (!target) return;
    if (target.dataset.practiceTheme) {
      this.theme = target.dataset.practiceTheme;
      this.store.setTheme(this.theme);
      this.renderLobby();
    } else if (target.dataset.practice === "weakest") {
      this.startWeakest();
    }
  }

  // 「专练薄弱项」: a round of the theme with the largest average loss.
  startWeakest() {
    const weak = weakest(this.rounds);
    if (weak) this.start(weak.theme);
  }

  // Start a round of `theme` (the lobby's choice when not given).
  async start(theme = this.theme) {
    const round = await this.views();
    if (round) await round.begin(theme);
  }

  // A round is over: keep it and update the lobby; the stored progress as it is now.
  finished(entry) {
    const saved = this.store.addRound(entry);
    const { rounds } = this.store.load();
    this.rounds = saved ? rounds : [...this.rounds, entry];
    this.renderLobby();
    return { rounds: this.rounds, saved };
  }
}
