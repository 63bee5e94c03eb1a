// 好友房 in the page: the lobby's entry and a room's link (/r/CODE) open the room page. The page
// itself (room-page.js, the modules it imports and rooms.css) is loaded on first use, which
// keeps the first page load light.

import { loadStylesheets, onFirstUse } from "../lib/dom.js";
import { codeFromPath } from "./room-state.js";

export class Rooms {
  // `api` is the API client, `backend` localStorage (or null), `reviews` keeps a finished game
  // in 复盘 and the history (review/history.js), `message(text, title)` shows a one-line
  // message, `lobby()` shows the lobby again.
  constructor({ api, backend, reviews, message, lobby, doc = document }) {
    this.doc = doc;
    const css = () => loadStylesheets(doc, "rooms.css");
    const page = ([module]) =>
      new module.RoomPage({
        doc,
        api,
        backend,
        reviews,
        message,
        lobby,
        section: doc.getElementById("room"),
      });
    const load = () => Promise.all([import("./room-page.js"), css()]).then(page);
    this.page = onFirstUse(load, () => message("好友房页面加载失败，请检查网络后再试"));
  }

  // Wire the lobby's entry; open the room of the page's address (/r/CODE), if any.
  load() {
    const entry = this.doc.getElementById("rooms-btn");
    if (entry) entry.addEventListener("click", () => this.open(null));
    const code = codeFromPath(window.location.pathname);
    if (code) this.open(code);
    return null;
  }

  // The room page: room `code`, or the entry that creates one (null).
  async open(code) {
    const page = await this.page();
    if (page) await page.open(code);
  }
}
