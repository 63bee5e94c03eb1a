// What the review buttons do once the review views are loaded: ask the server for reviews, show
// the review of a game or the history in the one review dialog, read game files. Loaded on
// demand by history.js (Reviews.views), with review.css.

import { HistoryView } from "./history-view.js";
import { ReviewDialog } from "./review-dialog.js";
import { ReviewView } from "./review-view.js";

const MAX_FILE_BYTES = 64 * 1024;

// The Chinese part of an API error message (the English detail after "：" is for developers).
function shortMessage(error) {
  const full = error && error.message ? error.message : "出错了，请再试一次";
  const cut = full.indexOf("：");
  return cut > 0 && /[A-Za-z]/.test(full.slice(cut + 1)) ? full.slice(0, cut) : full;
}

// The review buttons' actions. `hub` is history.js's Reviews: the history store, the API, the
// page's message line and the download of a game.
export class ReviewController {
  // Build the dialog and the two views that draw into it.
  constructor(hub) {
    this.hub = hub;
    this.dialog = new ReviewDialog(hub.doc);
    this.reviewView = new ReviewView(this.dialog);
    this.historyView = new HistoryView(this.dialog);
  }

  // Show the review of `game`; `answers` holds review promises already asked for, by side;
  // `id` names the game's history entry, whose figures are filled in if they were missing.
  openGame(game, answers = {}, id = null) {
    const ask = (side) => {
      if (!answers[side]) answers[side] = this.hub.api.review(game, side);
      const answer = answers[side];
      answer.then(
        (review) => {
          if (side === "player" && id) this.hub.recordReview(id, game, review);
        },
        () => {
          if (answers[side] === answer) delete answers[side]; // 再试一次 asks again
        },
      );
      return answer;
    };
    let same = null; // 高手同骰, asked for once, when the player's side is first drawn
    this.reviewView.show({
      game,
      ask,
      sameDice: () => (same = same || this.hub.api.sameDice(game)),
      explore: (position) => this.hub.api.explore(position),
      errorText: shortMessage,
      onExport: () => this.hub.download(game, id),
      onHistory: () => this.openHistory(),
      back: this.historyView.history !== null, // the history was shown before: ‹ 历史 leads back
    });
  }

  // The trend and the list of past games, read afresh (another tab may have added some).
  openHistory() {
    const hub = this.hub;
    const { entries, problem } = hub.store.load();
    hub.entries = entries;
    hub.renderLobbyLine();
    this.historyView.show({
      entries,
      problem,
      stored: new Set(hub.store.games().map((g) => g.id)),
      replayable: new Set(
        hub.store
          .games()
          .filter((g) => g.game.record)
          .map((g) => g.id),
      ),
      onReview: (id) => {
        const game = hub.store.game(id);
        if (game) this.openGame(game, {}, id);
      },
      onReplay: (id) => {
        const game = hub.store.game(id);
        if (!game) return;
        this.dialog.dialog.close();
        hub.onReplay(game);
      },
      onFile: (input) => this.openFile(input),
      refresh: (id) => this.refresh(id),
    });
  }

  // Ask again for the review figures of a kept game whose review failed before (offline).
  async refresh(id) {
    const hub = this.hub;
    const game = hub.store.game(id);
    if (!game) return null;
    const review = await hub.api.review(game, "player");
    hub.recordReview(id, game, review);
    return hub.entries.find((e) => e.id === id) || null;
  }

  // 「打开对局文件」: read a game JSON file and show its review; a bad file gets one line.
  async openFile(input) {
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    const say = (text, title = "") => {
      if (this.dialog.isOpen()) this.dialog.error(text, title);
      else this.hub.message(text, title);
    };
    if (file.size > MAX_FILE_BYTES) {
      say("打开失败：这个文件太大，不是本站导出的对局文件");
      return;
    }
    let game;
    try {
      game = JSON.parse(await file.text());
    } catch {
      say("打开失败：这个文件不是对局文件（内容不是有效的 JSON）");
      return;
    }
    if (!game || typeof game !== "object" || Array.isArray(game)) {
      say("打开失败：这个文件不是对局文件");
      return;
    }
    const answer = this.hub.api.review(game, "player");
    try {
      await answer;
    } catch (error) {
      say(`打开失败：${shortMessage(error)}`, error && error.message ? error.message : "");
      return;
    }
    this.openGame(game, { player: answer });
  }
}
