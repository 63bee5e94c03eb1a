// What the review buttons do once the review views are loaded: ask the server for reviews, show
// the review of a game or the history in the one review dialog, read game files. Loaded on
// demand by history.js (Reviews.views), with review.css and chart.css.

import { shortMessage } from "../lib/api.js";
import { isPerson, seatsOf } from "../lib/seats.js";
import { HistoryView } from "./history-view.js";
import { ReviewDialog } from "./review-dialog.js";
import { ReviewView } from "./review-view.js";

const MAX_FILE_BYTES = 64 * 1024;

// The review buttons' actions.
export class ReviewController {
  // `api` asks the server; `store` is the history's store (history-store.js), read for the kept
  // games; `message(text, title)` shows a one-line message; `reload()` reads the history afresh
  // ({entries, problem}); `record(id, game, review)` keeps a review's figures and returns the
  // entry; `download(game, id)` saves a game file; `replay(game)` plays a game's dice again.
  // Builds the dialog and the two views that draw into it.
  constructor({ doc, api, store, message, reload, record, download, replay }) {
    this.api = api;
    this.store = store;
    this.message = message;
    this.reload = reload;
    this.record = record;
    this.download = download;
    this.replay = replay;
    this.dialog = new ReviewDialog(doc);
    this.reviewView = new ReviewView(this.dialog);
    this.historyView = new HistoryView(this.dialog);
  }

  // Show the review of `game`, seat `seat` first (by default the first person's); `answers`
  // holds review promises already asked for, by seat; `id` names the game's history entry,
  // whose figures (the player's: the first seat's, but for a table's) are filled in if missing.
  openGame(game, answers = {}, id = null, seat = null) {
    const ask = (side) => {
      if (!answers[side]) answers[side] = this.api.review(game, side);
      const answer = answers[side];
      answer.then(
        (review) => {
          if (side === 0 && id && game.mode !== "table") this.record(id, game, review);
        },
        () => {
          if (answers[side] === answer) delete answers[side]; // 再试一次 asks again
        },
      );
      return answer;
    };
    const same = {}; // 高手同骰 by seat, asked for once, when the seat is first drawn
    this.reviewView.show({
      game,
      seat: seat ?? Math.max(0, seatsOf(game).findIndex(isPerson)),
      ask,
      sameDice: (side) => (same[side] = same[side] || this.api.sameDice(game, side)),
      explore: (position) => this.api.explore(position),
      errorText: shortMessage,
      onExport: () => this.download(game, id),
      onHistory: () => this.openHistory(),
      back: this.historyView.history !== null, // the history was shown before: ‹ 历史 leads back
    });
  }

  // The trend and the list of past games, read afresh (another tab may have added some).
  openHistory() {
    const { entries, problem } = this.reload();
    const kept = this.store.games();
    this.historyView.show({
      entries,
      problem,
      stored: new Set(kept.map((g) => g.id)),
      replayable: new Set(kept.filter((g) => g.game.record).map((g) => g.id)),
      onReview: (id) => {
        const game = this.store.game(id);
        if (game) this.openGame(game, {}, id);
      },
      onReplay: (id) => {
        const game = this.store.game(id);
        if (!game) return;
        this.dialog.close();
        this.replay(game);
      },
      onFile: (input) => this.openFile(input),
      refresh: (id) => this.refresh(id),
    });
  }

  // Ask again for the review figures of a kept game whose review failed before (offline).
  async refresh(id) {
    const game = this.store.game(id);
    if (!game) return null;
    const review = await this.api.review(game, 0);
    return this.record(id, game, review);
  }

  // 「打开对局文件」: read a game JSON file and show its review; a bad file gets one line.
  async openFile(input) {
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    const say = (text, title = "") => {
      if (this.dialog.isOpen()) this.dialog.error(text, title);
      else this.message(text, title);
    };
    const game = await readGameFile(file, say);
    if (!game) return;
    const answer = this.api.review(game, 0);
    try {
      await answer;
    } catch (error) {
      say(`打开失败：${shortMessage(error)}`, error && error.message ? error.message : "");
      return;
    }
    this.openGame(game, { 0: answer });
  }
}

// The game in a file the player opened, or null after `say(text)` told what is wrong with it.
async function readGameFile(file, say) {
  if (file.size > MAX_FILE_BYTES) {
    say("打开失败：这个文件太大，不是本站导出的对局文件");
    return null;
  }
  let game;
  try {
    game = JSON.parse(await file.text());
  } catch {
    say("打开失败：这个文件不是对局文件（内容不是有效的 JSON）");
    return null;
  }
  if (!game || typeof game !== "object" || Array.isArray(game)) {
    say("打开失败：这个文件不是对局文件");
    return null;
  }
  return game;
}
