// Drawing: puts the server's snapshot (`view`) on the page. Every number, every "allowed" and
// every zero comes from the snapshot; this module only chooses how it looks. The controller adds
// page-only state: dice held locally before the next roll, hint marks, a box being scored.

import { LEVEL_NAMES, chanceText } from "./words.js";
import { make } from "./dom.js";
import { PIPS } from "./pips.js";
import { MAX_TOTAL, wholeIn } from "./storage.js";

const SVG_NS = "http://www.w3.org/2000/svg";

// Short explanations under each box name (labels only; the points come from the server).
const BOX_NOTES = {
  ones: "所有 1 相加",
  twos: "所有 2 相加",
  threes: "所有 3 相加",
  fours: "所有 4 相加",
  fives: "所有 5 相加",
  sixes: "所有 6 相加",
  three_of_a_kind: "三颗相同 · 总和",
  four_of_a_kind: "四颗相同 · 总和",
  full_house: "三带二 · 25",
  small_straight: "四连号 · 30",
  large_straight: "五连号 · 40",
  yahtzee: "五颗相同 · 50",
  chance: "任意 · 总和",
};

// True when `el` can take the focus now: not disabled, and shown (a closed dialog, a hidden
// lobby or table, display: none all count as not shown).
function usable(el) {
  if (!(el instanceof Element) || el.disabled) return false;
  return el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
}

// Which unfinished game 「继续」 resumes, in a few words: 人机对战 · 高手 · 第 5 / 13 回合 ·
// 你 87 : 电脑 102 (single: 单人挑战 · 第 5 / 13 回合 · 87 分); "" when the save says too little.
export function describeSave(game) {
  if (!game || typeof game !== "object" || (game.mode !== "single" && game.mode !== "vs")) return "";
  const sides = Array.isArray(game.sides) ? game.sides : [];
  const totals = sides.map((side) => wholeIn(side && side.totals && side.totals.total, 0, MAX_TOTAL));
  const parts = [game.mode === "vs" ? "人机对战" : "单人挑战"];
  if (game.mode === "vs" && LEVEL_NAMES[game.difficulty]) parts.push(LEVEL_NAMES[game.difficulty]);
  const round = wholeIn(game.round, 1, 13);
  if (round !== null) parts.push(`第 ${round} / 13 回合`);
  if (game.mode === "vs" && totals.length === 2 && !totals.includes(null)) {
    parts.push(`你 ${totals[0]} : 电脑 ${totals[1]}`);
  } else if (game.mode === "single" && totals.length === 1 && totals[0] !== null) {
    parts.push(`${totals[0]} 分`);
  }
  return parts.join(" · ");
}

// A random face, used only for the tumbling look while the server rolls the real dice.
function randomFace() {
  return 1 + Math.floor(Math.random() * 6);
}

export class View {
  // Look up the page's fixed elements and build the five dice.
  constructor(doc) {
    this.doc = doc;
    const $ = (id) => doc.getElementById(id);
    this.el = {
      app: $("app"),
      lobby: $("lobby"),
      game: $("game"),
      round: $("round"),
      totals: $("totals"),
      hint: $("hint-btn"),
      fullscreen: $("fullscreen-btn"),
      message: $("message"),
      messageText: $("message-text"),
      messageClose: $("message-close"),
      announce: $("announce"),
      notice: $("notice"),
      noticeText: $("notice-text"),
      noticeButton: $("notice-btn"),
      match: $("match"),
      vsOptions: $("vs-options"),
      records: $("records"),
      resume: $("resume-btn"),
      resumeDetail: $("resume-detail"),
      start: $("start-btn"),
      dice: $("dice"),
      roll: $("roll-btn"),
      status: $("status"),
      sheet: $("sheet"),
      confirm: $("confirm-dialog"),
      confirmText: $("confirm-text"),
      confirmOk: $("confirm-ok"),
      confirmCancel: $("confirm-cancel"),
      result: $("result-dialog"),
      resultTitle: $("result-title"),
      resultBody: $("result-body"),
      settings: $("settings-dialog"),
    };
    this.dice = [];
    this.faces = [null, null, null, null, null];
    this.rollTimer = null;
    this.messageTimer = null;
    this.sheetSides = 0;
    this.cells = [];
    this.busy = false;
    this.refocus = null; // "screen" or "lost": see placeFocus()
    this.refocusFrom = null;
    this.ring = false; // whether the focus showed its ring when it last moved
    this.buildDice();
    this.el.message.addEventListener("click", () => this.hideMessage());
    this.el.message.addEventListener("keydown", (event) => {
      if (event.key === "Escape") this.hideMessage();
    });
    doc.addEventListener("focusout", (event) => this.onFocusOut(event));
    doc.addEventListener("focusin", (event) => {
      this.ring = event.target instanceof Element && event.target.matches(":focus-visible");
    });
  }

  // Five die buttons, each with an SVG face and a mark under it.
  buildDice() {
    for (let i = 0; i < 5; i += 1) {
      const slot = make("div", "die-slot");
      const button = make("button", "die blank");
      button.type = "button";
      button.dataset.die = String(i);
      const svg = this.doc.createElementNS(SVG_NS, "svg");
      svg.setAttribute("viewBox", "0 0 100 100");
      svg.setAttribute("aria-hidden", "true");
      button.append(svg);
      const badge = make("span", "die-badge", "★");
      badge.setAttribute("aria-hidden", "true");
      button.append(badge);
      const mark = make("span", "die-mark", "保留");
      mark.setAttribute("aria-hidden", "true");
      slot.append(button, mark);
      this.el.dice.append(slot);
      this.dice.push({ button, svg, mark });
    }
  }

  // Draw the pips of one face (null: a blank die) into a die's SVG.
  drawFace(index, face) {
    if (this.faces[index] === face) return;
    this.faces[index] = face;
    const { svg } = this.dice[index];
    svg.replaceChildren();
    for (const [cx, cy] of PIPS[face] || []) {
      const pip = this.doc.createElementNS(SVG_NS, "circle");
      pip.setAttribute("cx", String(cx));
      pip.setAttribute("cy", String(cy));
      pip.setAttribute("r", "9.5");
      svg.append(pip);
    }
  }

  // Show the lobby with the current choices, records and the resume button when a save exists,
  // saying which game it resumes.
  showLobby({ lobby, records, save }) {
    this.el.app.classList.add("in-lobby");
    this.el.app.classList.remove("in-game");
    this.el.game.hidden = true;
    this.el.lobby.hidden = false;
    this.updateLobby(lobby);
    this.renderRecords(records);
    this.el.resume.hidden = !save;
    const detail = describeSave(save);
    this.el.resumeDetail.textContent = detail;
    this.el.resumeDetail.hidden = !detail;
  }

  // Mark the chosen lobby options and show the vs options only in vs mode.
  updateLobby(lobby) {
    for (const button of this.el.lobby.querySelectorAll("[data-action][data-value]")) {
      const chosen = lobby[button.dataset.action];
      if (chosen !== undefined) button.setAttribute("aria-pressed", String(chosen === button.dataset.value));
    }
    this.el.vsOptions.hidden = lobby.mode !== "vs";
  }

  // The records block of the lobby: single best score and vs wins / losses / draws.
  renderRecords(records) {
    const box = this.el.records;
    box.replaceChildren();
    box.append(make("h3", "", "我的纪录"));
    const list = make("dl", "record-list");
    const best = records.single.best;
    list.append(make("dt", "", "单人最高分"), make("dd", "num", best === null ? "暂无" : String(best)));
    for (const [level, name] of Object.entries(LEVEL_NAMES)) {
      const r = records.vs[level];
      const best = r.best === null ? "" : ` · 最高 ${r.best}`;
      list.append(
        make("dt", "", `人机 · ${name}`),
        make("dd", "num", `${r.wins} 胜 ${r.losses} 负 ${r.draws} 平${best}`),
      );
    }
    box.append(list);
  }

  // Switch from the lobby to the table.
  showGame() {
    // From a lobby scrolled down (a phone held sideways, 开始游戏 below the fold) the game
    // opened with its dice above the screen.
    if (this.el.game.hidden) window.scrollTo(0, 0);
    this.el.app.classList.remove("in-lobby");
    this.el.app.classList.add("in-game");
    this.el.lobby.hidden = true;
    this.el.game.hidden = false;
  }

  // Redraw the whole table from the snapshot plus the controller's page-only state.
  render(state) {
    const { snap } = state;
    if (!snap) return;
    this.el.app.classList.toggle("vs", snap.mode === "vs");
    // Not aria-busy: that would hold back the live status inside the table for the whole of
    // the computer's turn. Only the tumbling dice are marked busy (startRoll).
    this.busy = Boolean(state.busy);
    this.el.game.dataset.busy = String(this.busy);
    this.renderTopbar(state);
    this.renderDice(state);
    this.renderRollButton(state);
    this.renderSheet(state);
    // A live region speaks every rewrite, even of the same words: write only a change. A list of
    // dice (保留 1 4 4 4) keeps to one line: a phone broke it as 「保留 1 4 4」 / 「4」.
    const status = state.status.replace(/(\d) (?=\d)/g, "$1\u00a0");
    if (this.el.status.textContent !== status) this.el.status.textContent = status;
    this.placeFocus();
  }

  // Say `text` to screen readers only (what was rolled or scored), politely. A new element
  // each time, so the same words twice in a row (the same roll again) are said twice.
  announce(text) {
    const line = make("p", "", text);
    this.el.announce.replaceChildren(line);
  }

  // Where the keyboard should be for the next move. In the lobby: 继续 when there is a saved
  // game, else 开始游戏. At the table: the box a hint suggests, else the roll button (掷骰子,
  // 再掷, 再来一局, 让电脑继续), else the first box that can be scored; null while nothing
  // can be pressed (the computer's turn, a request in flight).
  nextControl() {
    if (this.el.game.hidden) return this.el.resume.hidden ? this.el.start : this.el.resume;
    if (this.busy) return null;
    const boxes = [...this.el.sheet.querySelectorAll("button.box:not(:disabled)")];
    const hinted = boxes.find((box) => box.classList.contains("hinted"));
    if (hinted) return hinted;
    if (!this.el.roll.disabled) return this.el.roll;
    return boxes[0] || null;
  }

  // Ask for the focus to go to the next control once there is one: after a new game or the
  // lobby has just replaced what was shown, the focus would otherwise stay on a control that
  // is now hidden (and so fall to the page) or that started it (重新开始).
  focusNext() {
    this.refocus = "screen";
    this.refocusFrom = this.doc.activeElement;
    this.placeFocus();
  }

  // A control gave up the focus to nothing because it was disabled or hidden under it (the
  // roll button while the dice roll, the dice after the third roll, a box being scored, a
  // dialog's button as it closes): find the focus a new place once one can be pressed.
  // A pointer click on a button that stays usable also ends with nothing focused (input.js
  // blurs it); that one is left alone.
  onFocusOut(event) {
    if (event.relatedTarget || usable(event.target)) return;
    if (!this.refocus) this.refocus = "lost";
    setTimeout(() => this.placeFocus(), 0);
  }

  // Move the focus to the next control when asked to and there is one, unless the player has
  // put it somewhere meanwhile: a "lost" focus moves only while it is still on nothing, a new
  // "screen" also takes it from the control that asked for it. The ring shows as it did where
  // the focus came from, so a player who clicks (and rolls with Space) sees nothing move; in
  // the middle of a turn the page does not scroll either. A new screen may scroll, to show
  // where the focus is.
  placeFocus() {
    const mode = this.refocus;
    if (!mode) return;
    const active = this.doc.activeElement;
    const adrift = !active || active === this.doc.body || !usable(active);
    if (!adrift && !(mode === "screen" && active === this.refocusFrom)) {
      this.refocus = null;
      return;
    }
    // A game out of sight (the player scrolled down to read while the computer played) gets no
    // lost focus back: Space must scroll what they read, not press a roll button they cannot
    // see. The shortcuts act again once the dice are back in view. (The lobby is not the game.)
    const game = this.el.game;
    if (mode === "lost" && !game.hidden && game.dataset.shortcuts === "off") {
      this.refocus = null;
      return;
    }
    const target = this.nextControl();
    if (!target) return; // nothing can be pressed yet: try again at the next idle render
    this.refocus = null;
    if (target !== active) target.focus({ preventScroll: mode === "lost", focusVisible: this.ring });
  }

  // Round, totals, the opponent and who started (vs), and the hint button.
  renderTopbar({ snap, busy }) {
    this.el.round.textContent = `第 ${snap.round} / ${snap.rounds} 回合`;
    const match = this.el.match;
    if (match) {
      // Phones drop the parts in .wide-only (「电脑」, 「随机：」) to keep the line on the screen.
      const starter = snap.starter === 0 ? "我先" : "电脑先";
      const random = snap.first === "random" ? [make("span", "wide-only", "随机：")] : [];
      if (snap.mode === "vs") {
        match.replaceChildren(snap.difficulty_zh, make("span", "wide-only", "电脑"), " · ", ...random, starter);
      } else {
        match.replaceChildren();
      }
      match.hidden = snap.mode !== "vs";
    }
    this.renderWinBar(snap);
    const parts = snap.sides.map((side) => {
      const span = make("span", "total");
      span.append(`${side.label} `, make("b", "num", String(side.total)));
      return span;
    });
    this.el.totals.replaceChildren(...parts);
    const hint = this.el.hint;
    const none = snap.hints_left === 0;
    hint.textContent = none ? "提示已用完" : `提示 (${snap.hints_left})`;
    hint.classList.toggle("spent", none);
    hint.disabled = none || !snap.can_hint || busy;
  }

  // The 胜率 bar (vs only): each side's chance from the server, whole percents summing to 100.
  renderWinBar(snap) {
    const bar = document.getElementById("winbar");
    if (!bar) return;
    const win = snap.mode === "vs" ? snap.win : null;
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

  // The five dice: faces, held (lifted, green mark), hinted (gold ring) and locked states.
  renderDice({ snap, held, hintDice, busy }) {
    const mine = snap.acting === "player" && !snap.finished;
    const locked = Boolean(snap.dice) && snap.rolls_left === 0;
    const holdable = mine && Boolean(snap.dice) && snap.can_roll;
    this.el.dice.setAttribute("aria-label", mine || snap.finished ? "骰子" : "电脑的骰子");
    this.dice.forEach(({ button, mark }, i) => {
      const face = snap.dice ? snap.dice[i] : null;
      if (!this.rolling) this.drawFace(i, face);
      const isHeld = Boolean(face) && !locked && Boolean(held[i]);
      const hinted = hintDice.has(i);
      button.classList.toggle("blank", !face);
      button.classList.toggle("held", isHeld);
      button.classList.toggle("hinted", hinted);
      button.classList.toggle("locked", locked);
      button.disabled = !holdable;
      button.setAttribute("aria-pressed", String(isHeld));
      let name = face ? `第${i + 1}颗 ${face}点` : `第${i + 1}颗 未掷`;
      if (isHeld) name += " 已保留";
      if (locked) name += " 已锁定";
      if (hinted) name += "（提示建议）";
      button.setAttribute("aria-label", name);
      mark.textContent = locked ? "锁定" : "保留";
      mark.classList.toggle("on", isHeld || locked);
      mark.classList.toggle("locked", locked);
      button.classList.toggle("busy", busy);
    });
  }

  // The roll button's words: 掷骰子, 再掷 (n/3), or what else it does now. With all five held a
  // roll would only spend one of the turn's rolls, so it waits until a die is let go.
  renderRollButton({ snap, busy, held }) {
    const button = this.el.roll;
    let text;
    let enabled = !busy;
    if (snap.finished) {
      text = "再来一局";
    } else if (snap.acting !== "player") {
      text = busy ? "电脑回合" : "让电脑继续";
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
    button.textContent = text;
    button.disabled = !enabled;
  }

  // Build the score table once per number of sides: a row per box plus the total rows.
  buildSheet(snap) {
    const table = this.el.sheet;
    const caption = table.querySelector("caption");
    table.replaceChildren(caption);
    this.sheetSides = snap.sides.length;
    this.cells = snap.sides.map(() => ({}));
    this.heads = [];
    const head = make("thead");
    const headRow = make("tr");
    const corner = make("th", "corner", "项目");
    corner.scope = "col";
    headRow.append(corner);
    snap.sides.forEach((side, s) => {
      const th = make("th", `side side-${s}`);
      th.scope = "col";
      const arrow = make("span", "arrow", "▼");
      arrow.setAttribute("aria-hidden", "true");
      const note = make("span", "visually-hidden acting-note", "（正在掷骰）");
      th.append(arrow, make("span", "side-name", side.label), note);
      headRow.append(th);
      this.heads.push(th);
    });
    head.append(headRow);
    table.append(head);

    const addRow = (group, key, name, note, extraClass = "") => {
      const tr = make("tr", `row-${key} ${extraClass}`.trim());
      const th = make("th", "name");
      th.scope = "row";
      th.append(make("span", "box-name", name));
      if (note) {
        // The comma is for screen readers, which would read 「一点所有 1 相加」 as one word.
        const span = make("span", "box-note");
        span.append(make("span", "visually-hidden", "，"), note);
        th.append(span);
      }
      tr.append(th);
      snap.sides.forEach((_, s) => {
        const td = make("td", `cell side-${s}`);
        if (s === 0 && BOX_NOTES[key]) {
          const button = make("button", "box");
          button.type = "button";
          button.dataset.box = key;
          td.append(button);
          this.cells[s][key] = button;
        } else {
          this.cells[s][key] = td;
        }
        tr.append(td);
      });
      group.append(tr);
    };
    const upper = make("tbody", "upper");
    const lower = make("tbody", "lower");
    for (const box of snap.sides[0].boxes) {
      addRow(box.section === "upper" ? upper : lower, box.key, box.name, BOX_NOTES[box.key]);
    }
    addRow(upper, "upper_subtotal", "上区小计", "满 63 奖励 35", "sum");
    addRow(upper, "upper_bonus", "上区奖励", "", "sum");
    addRow(lower, "yahtzee_bonus", "快艇加成", "快艇记 50 后每再出一次 +100", "sum");
    const foot = make("tfoot");
    addRow(foot, "total", "总分", "", "grand");
    table.append(upper, lower, foot);
  }

  // Fill the score table: points, green previews, marked zeros, dashes, hint and progress.
  renderSheet({ snap, hintBox, busy, pendingBox, choosing = null }) {
    if (this.sheetSides !== snap.sides.length) this.buildSheet(snap);
    snap.sides.forEach((side, s) => {
      const th = this.heads[s];
      th.classList.toggle("acting", side.acting);
      const cells = this.cells[s];
      for (const box of side.boxes) {
        if (s === 0) this.renderPlayerBox(cells[box.key], box, side, { snap, hintBox, busy, pendingBox });
        else this.renderOtherBox(cells[box.key], box, choosing === box.key);
      }
      this.renderSums(cells, side, snap);
    });
  }

  // One box of the player's column: a button named by the box and what it would score now.
  renderPlayerBox(button, box, side, { snap, hintBox, busy, pendingBox }) {
    const classes = ["box"];
    let label;
    let disabled = true;
    button.replaceChildren();
    if (box.points !== null) {
      classes.push("filled");
      if (box.points === 0) classes.push("filled-zero");
      button.textContent = String(box.points);
      label = `${box.name} 已登记 ${box.points}分`;
    } else if (pendingBox === box.key && box.preview !== null) {
      classes.push("filled", "pending");
      button.textContent = String(box.preview);
      label = `${box.name} 正在登记 ${box.preview}分`;
    } else if (box.allowed && side.acting) {
      disabled = busy;
      if (box.zero) {
        classes.push("zero");
        const mark = make("span", "zero-mark", "✕");
        mark.setAttribute("aria-hidden", "true");
        button.append(mark, "0");
      } else {
        classes.push("preview");
        button.textContent = String(box.preview);
      }
      label = `${box.name} ${box.preview}分`;
    } else if (side.acting && snap.phase !== "over") {
      classes.push("dash");
      button.textContent = "–";
      label = `${box.name} 现在不能登记`;
    } else {
      classes.push("open");
      label = `${box.name} 未登记`;
    }
    if (hintBox === box.key && box.points === null) {
      classes.push("hinted");
      label += "（提示建议）";
    }
    button.className = classes.join(" ");
    button.disabled = disabled;
    button.setAttribute("aria-label", label);
  }

  // One box of another side's column: its points, or empty while open; the box the computer
  // has just chosen shows the points it is about to write, highlighted.
  renderOtherBox(td, box, chosen = false) {
    const choosing = chosen && box.points === null && box.preview !== null;
    td.textContent = choosing ? String(box.preview) : box.points === null ? "" : String(box.points);
    td.classList.toggle("filled-zero", box.points === 0 || (choosing && box.preview === 0));
    td.classList.toggle("choosing", choosing);
  }

  // Subtotal with progress toward 63, upper bonus, Yahtzee bonus and total of one side.
  renderSums(cells, side, snap) {
    const sub = cells.upper_subtotal;
    sub.replaceChildren();
    const text = make("span", "progress-text num", `${side.upper_subtotal} / ${side.upper_target}`);
    const bar = make("span", "progress");
    bar.setAttribute("aria-hidden", "true");
    const fill = make("span", "progress-fill");
    fill.style.width = `${Math.min(100, (100 * side.upper_subtotal) / side.upper_target)}%`;
    bar.append(fill);
    sub.append(text, bar);
    sub.classList.toggle("reached", side.upper_needed === 0);

    const bonus = cells.upper_bonus;
    const upperOpen = side.boxes.some((b) => b.section === "upper" && b.points === null);
    if (side.upper_bonus > 0) bonus.textContent = String(side.upper_bonus);
    else if (upperOpen) bonus.replaceChildren(make("span", "needed", `还差 ${side.upper_needed}`));
    else bonus.textContent = "0";

    const ybonus = cells.yahtzee_bonus;
    ybonus.replaceChildren(String(side.yahtzee_bonus));
    if (side.acting && snap.bonus_now > 0) {
      ybonus.append(make("span", "bonus-now", ` +${snap.bonus_now}`));
    }
    cells.total.replaceChildren(make("span", "num", String(side.total)));
  }

  // Start the tumble of the dice marked in `moving` for about `ms` milliseconds.
  startRoll(moving, ms) {
    this.rolling = true;
    this.el.dice.setAttribute("aria-busy", "true"); // the faces shown now are not the roll
    this.dice.forEach(({ button }, i) => {
      if (!moving[i]) return;
      button.classList.remove("blank");
      button.style.animationDuration = `${ms}ms`;
      if (ms > 0) button.classList.add("rolling");
      this.drawFace(i, randomFace());
    });
    clearInterval(this.rollTimer);
    if (ms > 0) {
      this.rollTimer = setInterval(() => {
        moving.forEach((move, i) => move && this.drawFace(i, randomFace()));
      }, 80);
    }
  }

  // Stop the tumble; the next render draws the real faces.
  stopRoll() {
    clearInterval(this.rollTimer);
    this.rollTimer = null;
    this.rolling = false;
    this.el.dice.setAttribute("aria-busy", "false");
    for (const { button } of this.dice) {
      button.classList.remove("rolling");
      button.style.animationDuration = "";
    }
  }

  // Briefly highlight a box another side has just scored.
  flash(side, key) {
    const cell = this.cells[side] && this.cells[side][key];
    if (!cell) return;
    cell.classList.remove("flash");
    void cell.offsetWidth;
    cell.classList.add("flash");
  }

  // Show a one-line message (errors, storage problems) for a while; a `lasting` one (data that
  // could not be restored) stays until closed (a click on it, its 关闭 button, or Esc there),
  // so a player who looks away still learns of it.
  message(text, title = "", lasting = false) {
    const el = this.el.message;
    this.el.messageText.textContent = text;
    el.title = lasting ? "点一下关闭" : title;
    el.classList.toggle("lasting", lasting);
    this.el.messageClose.hidden = !lasting;
    el.hidden = false;
    clearTimeout(this.messageTimer);
    if (!lasting) this.messageTimer = setTimeout(() => this.hideMessage(), 9000);
  }

  // Hide the one-line message.
  hideMessage() {
    this.el.message.hidden = true;
  }

  // Show a lasting one-line notice (another tab, storage trouble), with an optional button.
  notice(text, button = "") {
    if (!this.el.notice) return;
    this.el.noticeText.textContent = text;
    this.el.noticeButton.textContent = button;
    this.el.noticeButton.hidden = !button;
    this.el.notice.hidden = false;
  }

  // Hide the lasting notice.
  hideNotice() {
    if (this.el.notice) this.el.notice.hidden = true;
  }

  // Ask a yes/no question in the native dialog; resolves true only for the OK button.
  confirm(text, okLabel = "确定") {
    const dialog = this.el.confirm;
    this.el.confirmText.textContent = text;
    this.el.confirmOk.textContent = okLabel;
    dialog.returnValue = "";
    return new Promise((resolve) => {
      dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), { once: true });
      dialog.showModal();
      this.el.confirmCancel.focus();
    });
  }

  // Resolves once neither the confirm nor the settings dialog is open: the computer waits
  // behind them rather than playing on where the player cannot see.
  untilNoDialog() {
    const open = [this.el.confirm, this.el.settings].find((dialog) => dialog.open);
    if (!open) return Promise.resolve();
    return new Promise((resolve) => {
      open.addEventListener("close", () => resolve(this.untilNoDialog()), { once: true });
    });
  }

  // The end-of-game dialog: score and best (single), or both sides' sums and the winner (vs).
  showResult(info) {
    // The game ended under a question about it (重新开始 asked during the computer's last
    // step): nothing is left to restart, so it closes as cancelled.
    if (this.el.confirm.open) this.el.confirm.close();
    const body = this.el.resultBody;
    body.replaceChildren();
    // The lines a screen reader reads with the title when the dialog opens (aria-describedby);
    // the table stays for those who explore it.
    const told = [];
    const tell = (el) => {
      el.id = `result-line-${told.length + 1}`;
      told.push(el.id);
      return el;
    };
    if (info.mode === "single") {
      this.el.resultTitle.textContent = "本局结束";
      const big = make("p", "result-score");
      big.append("本局得分 ", make("b", "num", String(info.total)));
      body.append(tell(big));
      if (info.isNew) {
        const words =
          info.previous === null
            ? "新纪录！这是你的第一个单人纪录"
            : `新纪录！比原纪录 ${info.previous} 多 ${info.total - info.previous} 分`;
        const note = make("p", "new-record", words);
        body.append(tell(note));
      }
      body.append(tell(make("p", "result-best", `最高纪录 ${info.best}`)));
      body.append(this.resultTable(info.sides, ["本局"]));
    } else {
      const title = info.draw ? "平局" : info.playerWon ? "你赢了！" : "电脑赢了";
      this.el.resultTitle.textContent = title;
      const [mine, theirs] = info.totals;
      const score = `你 ${mine} : ${theirs} 电脑`;
      // A margin keeps its 分, and 「（第一局）」 its line, on a 320 px phone (「输 106 / 分」).
      const winner = make("p", "result-winner", info.draw ? `平局，双方都是 ${mine} 分` : `${score}，`);
      if (!info.draw) {
        const margin = info.playerWon ? `赢 ${mine - theirs} 分` : `输 ${theirs - mine} 分`;
        winner.append(make("span", "nowrap", margin));
      }
      body.append(tell(winner));
      body.append(this.resultTable(info.sides, ["你", "电脑"]));
      // The record is per level, as in the lobby: set by the first game there, then beaten.
      if (info.isNew) {
        const more = `新纪录！比原纪录 ${info.previous} 多 ${info.best - info.previous} 分`;
        body.append(tell(make("p", "new-record", more)));
      }
      const best = make("p", "result-best", `对${info.level}电脑的最高纪录 ${info.best}`);
      if (info.previous === null) best.append(make("span", "nowrap", "（第一局）"));
      body.append(tell(best));
    }
    this.el.result.setAttribute("aria-describedby", told.join(" "));
    if (!this.el.result.open) this.el.result.showModal();
  }

  // A small table of upper (with bonus), lower, Yahtzee bonus and total per side.
  resultTable(sides, labels) {
    const table = make("table", "result-table");
    const head = make("tr");
    head.append(make("th", "", ""));
    labels.forEach((label) => {
      const th = make("th", "", label);
      th.scope = "col";
      head.append(th);
    });
    table.append(head);
    const rows = [
      ["上区（含奖励）", (s) => `${s.upper_subtotal + s.upper_bonus}`],
      ["其中上区奖励", (s) => `${s.upper_bonus}`],
      ["下区", (s) => `${s.lower_total}`],
      ["快艇加成", (s) => `${s.yahtzee_bonus}`],
      ["总分", (s) => `${s.total}`],
    ];
    for (const [name, value] of rows) {
      const tr = make("tr");
      const th = make("th", "", name);
      th.scope = "row";
      tr.append(th);
      sides.forEach((side) => tr.append(make("td", "num", value(side))));
      table.append(tr);
    }
    return table;
  }

  // Close the result dialog if it is open.
  closeResult() {
    if (this.el.result.open) this.el.result.close();
  }

  // Open the settings dialog showing the current settings.
  openSettings(settings) {
    this.updateSettings(settings);
    if (!this.el.settings.open) this.el.settings.showModal();
  }

  // Mark the current sound and pace choices in the settings dialog.
  updateSettings(settings) {
    const chosen = { sound: settings.sound ? "on" : "off", pace: settings.pace };
    for (const button of this.el.settings.querySelectorAll("[data-action][data-value]")) {
      button.setAttribute("aria-pressed", String(chosen[button.dataset.action] === button.dataset.value));
    }
  }

  // Name the fullscreen button after what it will do next; .on swaps its icon (main.css).
  setFullscreen(on) {
    this.el.fullscreen.setAttribute("aria-label", on ? "退出全屏" : "全屏");
    this.el.fullscreen.classList.toggle("on", on);
  }
}
