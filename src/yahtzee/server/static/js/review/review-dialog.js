// The dialog both the review of a game and the history draw into: its head (back, title, the
// switch between the seats (你 / 电脑, or each seat's name at a table), 导出对局, 历史, close), a
// one-line error and the body, plus the charts' resize watchers. The views set the head and the
// buttons' hooks (onSide, onExport, onHistory).

import { button, make } from "../lib/dom.js";

export class ReviewDialog {
  // Build the dialog once and add it to the page.
  constructor(doc) {
    this.doc = doc;
    this.token = 0; // bumped by each new view or side: a late answer for an earlier one is dropped
    this.charts = [];
    this.onSide = null;
    this.onExport = null;
    this.onHistory = null;
    const dialog = make("dialog", "review-dialog");
    dialog.id = "review-dialog";
    dialog.setAttribute("aria-labelledby", "review-title");
    const head = make("div", "rv-head");
    this.back = button("rv-back secondary", "‹ 历史");
    this.back.setAttribute("aria-label", "回到复盘历史");
    this.title = make("h2", "", "复盘");
    this.title.id = "review-title";
    this.title.tabIndex = -1; // the dialog opens with the focus here, not on its first button
    this.switch = make("div", "segmented rv-switch");
    this.switch.setAttribute("role", "group");
    this.switch.setAttribute("aria-label", "看谁的决策");
    this.sideButtons = [];
    this.exportButton = button("secondary rv-export", "导出对局");
    this.historyButton = button("secondary rv-history", "历史");
    this.historyButton.setAttribute("aria-label", "复盘与历史");
    const close = button("rv-close", "✕");
    close.setAttribute("aria-label", "关闭复盘");
    close.addEventListener("click", () => dialog.close());
    const tools = make("div", "rv-tools");
    tools.append(this.switch, this.exportButton, this.historyButton, close);
    head.append(this.back, this.title, tools);
    this.errorLine = make("p", "rv-error");
    this.errorLine.setAttribute("role", "alert");
    this.errorLine.hidden = true;
    this.body = make("div", "rv-body");
    dialog.append(head, this.errorLine, this.body);
    dialog.addEventListener("close", () => this.stopCharts());
    this.back.addEventListener("click", () => this.onHistory && this.onHistory());
    this.exportButton.addEventListener("click", () => this.onExport && this.onExport());
    this.historyButton.addEventListener("click", () => this.onHistory && this.onHistory());
    doc.body.append(dialog);
    this.dialog = dialog;
  }

  // Close the dialog.
  close() {
    this.dialog.close();
  }

  // True while the dialog is shown.
  isOpen() {
    return this.dialog.open;
  }

  // A one-line error inside the dialog (the page's message line sits under the modal).
  error(text, title = "") {
    this.errorLine.textContent = text;
    this.errorLine.title = title;
    this.errorLine.hidden = false;
  }

  // Open the dialog if needed and scroll it to the top.
  open() {
    this.errorLine.hidden = true;
    if (!this.dialog.open) this.dialog.showModal();
    this.title.focus({ preventScroll: true });
    this.dialog.scrollTop = 0;
  }

  // Forget the charts' resize watchers.
  stopCharts() {
    for (const observer of this.charts) observer.disconnect();
    this.charts = [];
  }

  // Draw a chart now and again whenever its box changes width.
  chart(container, draw) {
    let width = 0;
    const redraw = () => {
      const now = container.clientWidth;
      if (now > 0 && Math.abs(now - width) >= 1) {
        width = now;
        draw(now);
      }
    };
    if ("ResizeObserver" in window) {
      const observer = new ResizeObserver(redraw);
      observer.observe(container);
      this.charts.push(observer);
    }
    draw(container.clientWidth || 640);
    requestAnimationFrame(redraw);
  }

  // Set the head for a view: `view` names it (data-view), `back` shows ‹ 历史, `sides` the
  // 你 / 电脑 switch, `exportable` 导出对局 and `history` the 历史 button.
  setHead({ view, title, back, sides, exportable, history }) {
    this.dialog.dataset.view = view;
    this.title.textContent = title;
    this.back.hidden = !back;
    this.switch.hidden = !sides;
    this.exportButton.hidden = !exportable;
    this.historyButton.hidden = !history;
  }

  // One button per seat in the switch, named `names` (seat order); kept while the names stay.
  setSides(names) {
    if (names.join("\n") === this.sideButtons.map((b) => b.textContent).join("\n")) return;
    this.sideButtons = names.map((name, seat) => {
      const b = button("", name);
      b.dataset.side = String(seat);
      b.addEventListener("click", () => this.onSide && this.onSide(seat));
      return b;
    });
    this.switch.replaceChildren(...this.sideButtons);
  }

  // Mark seat `seat` as the one shown.
  pressSide(seat) {
    this.sideButtons.forEach((b, i) => b.setAttribute("aria-pressed", String(i === seat)));
  }
}
