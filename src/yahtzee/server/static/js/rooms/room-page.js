// The room page's controller: into a room (create, join, or back to the seat this browser holds),
// its live stream with automatic reconnection, and this phone's moves for its own seat. Loaded
// on first use (rooms.js); draws through room-view.js.

import { fullMessage, shortMessage } from "../lib/api.js";
import { TERMS } from "../lib/terms.js";
import { RoomClient } from "./room-client.js";
import { RoomKeys } from "./room-keys.js";
import { RoomView } from "./room-view.js";
import { RoomStream } from "./room-stream.js";
import { eventLine, fill, fromSeat, newer, resultLines, roomLink, stageOf, turnLine } from "./room-state.js";

const WORDS = TERMS.rooms;

export class RoomPage {
  constructor({ doc, api, backend, reviews, message, lobby, section }) {
    this.doc = doc;
    this.client = new RoomClient(api);
    this.keys = new RoomKeys(backend);
    this.reviews = reviews;
    this.message = message;
    this.showLobby = lobby;
    this.view = new RoomView(doc, section);
    this.code = null; // the room on screen (null: the entry that creates one)
    this.seat = null;
    this.token = null;
    this.room = null;
    this.held = Array(TERMS.dice).fill(false);
    this.busy = false;
    this.confirming = null; // a box that scores 0, tapped once: the second tap scores it
    this.stream = new RoomStream({
      onEvent: (event) => this.onEvent(event),
      onDown: (down) => this.view.reconnecting(down),
      onRefused: () => this.lost(null),
    });
    this.recorded = new Set();
    section.addEventListener("click", (event) => this.onClick(event));
    this.view.nameInput.addEventListener("keydown", (event) => {
      if (event.key === "Enter") this.go();
    });
  }

  // Show room `code` (the seat this browser holds there, or the form to join it), or the entry
  // that creates a room (null).
  async open(code) {
    this.stream.stop();
    this.code = code;
    this.room = null;
    this.view.show();
    window.scrollTo(0, 0);
    const held = code && this.keys.seat(code);
    if (held) {
      await this.enter(code, held.seat, held.token);
    } else {
      this.view.formShown(true);
      this.view.showEntry({ code, name: this.keys.name() });
    }
  }

  onClick(event) {
    const target = event.target.closest("button");
    if (!target || target.disabled) return;
    const data = target.dataset;
    if (data.roomDie !== undefined) this.toggle(Number(data.roomDie));
    else if (data.roomBox) this.score(data.roomBox);
    else if (data.room === "go") this.go();
    else if (data.room === "copy") this.view.copy(roomLink(window.location.origin, this.code));
    else if (data.room === "add") this.request((c) => c.addComputer(this.code, this.token, data.value));
    else if (data.room === "start") this.request((c) => c.start(this.code, this.token));
    else if (data.room === "roll") this.roll();
    else if (data.room === "review")
      this.reviews.openCurrent(this.seat); // this phone's seat
    else if (data.room === "lobby") this.leave();
  }

  // 创建房间 or 加入房间 with the name typed.
  async go() {
    if (this.busy) return;
    const name = this.view.name;
    if (!name) {
      this.view.nameField.ask();
      return;
    }
    this.busy = true;
    try {
      const code = this.code;
      const answer = code ? await this.client.join(code, name) : await this.client.create(name);
      const room = code || answer.code;
      this.keys.keep(room, answer.seat, answer.token, name);
      window.history.replaceState(null, "", `/r/${room}${window.location.search}`);
      this.busy = false;
      await this.enter(room, answer.seat, answer.token);
    } catch (error) {
      this.fail(error);
    } finally {
      this.busy = false;
    }
  }

  // Into room `code` as `seat`: the room now, then its stream.
  async enter(code, seat, token) {
    Object.assign(this, { code, seat, token, room: null });
    this.view.showLine(WORDS.loading);
    try {
      this.take(await this.client.room(code, token));
    } catch (error) {
      if (error.status === 403 || error.status === 404) {
        this.lost(error);
        return;
      }
      this.fail(error);
    }
    // Left (or into another room) while the room was asked for: no stream for this one.
    if (this.code === code && this.view.shown) this.stream.start(this.client.events(code), token);
  }

  // The seat is no longer this browser's (the room is gone, or the token is not its own).
  lost(error) {
    this.stream.stop();
    this.keys.forget(this.code);
    this.view.showLine(error ? shortMessage(error) : WORDS.gone);
  }

  onEvent(event) {
    if (event.event === "room") {
      try {
        this.take(JSON.parse(event.data));
      } catch {
        // One unreadable event is skipped: the next brings the whole room again.
      }
    } else if (event.event === "gone") {
      this.lost(null);
    }
  }

  // A room as the server sent it (an answer or an event): kept when it is newer, and drawn.
  take(room) {
    if (!room || room.code !== this.code) return;
    const before = this.room;
    const kept = newer(before, room);
    if (kept === before) return;
    this.room = kept;
    const view = kept.view;
    const was = before && before.view;
    if (view && (!was || was.current !== view.current || was.rolls_used !== view.rolls_used)) {
      this.held = view.held.slice();
      this.confirming = null;
    }
    if (kept.finished && kept.game && !this.recorded.has(kept.code)) {
      this.recorded.add(kept.code);
      this.reviews.finished(kept.game);
    }
    this.render();
  }

  render() {
    const room = this.room;
    if (!room) return;
    const stage = stageOf(room, this.seat);
    // What the browser tests wait on: the stage, the revision drawn, a request in flight.
    Object.assign(this.view.section.dataset, { stage, revision: room.revision, busy: this.busy });
    if (stage === "wait") {
      this.view.showWait(room, this.seat, roomLink(window.location.origin, room.code), this.busy);
      return;
    }
    if (stage !== "play" && stage !== "over") return;
    const view = room.view;
    const snap = fromSeat(view, this.seat);
    let status = turnLine(room, this.seat);
    if (this.confirming) {
      const box = snap.sides[0].boxes.find((b) => b.key === this.confirming);
      if (box) status = fill(WORDS.confirm_zero, { box: box.name });
    }
    this.view.showPlay({
      snap,
      held: this.held,
      busy: this.busy,
      status,
      event: eventLine(room),
      round: fill(WORDS.round, { round: view.round, rounds: view.rounds }),
      result: stage === "over" ? resultLines(room) : null,
      pendingBox: null,
    });
  }

  // Whether this phone may act now: its seat's turn, nothing in flight.
  get mine() {
    const view = this.room && this.room.view;
    return Boolean(view) && !view.finished && view.current === this.seat && !this.busy;
  }

  toggle(index) {
    const view = this.room.view;
    if (!this.mine || !view.dice || !view.can_roll) return;
    this.held[index] = !this.held[index];
    this.confirming = null;
    this.render();
  }

  roll() {
    if (!this.mine) return;
    const hold = this.room.view.dice ? this.held.flatMap((h, i) => (h ? [i] : [])) : [];
    this.act({ type: "roll", hold });
  }

  score(key) {
    if (!this.mine) return;
    const box = this.room.view.sides[this.seat].boxes.find((b) => b.key === key);
    if (!box || !box.allowed) return;
    if (box.confirm && this.confirming !== key) {
      this.confirming = key;
      this.render();
      return;
    }
    this.act({ type: "score", box: key });
  }

  act(action) {
    const version = this.room.version;
    return this.request((c) => c.act(this.code, this.token, version, action));
  }

  // One request that answers with the room; a refusal because the room moved on (409) reads
  // the room again instead of telling the player.
  async request(send) {
    if (this.busy) return;
    this.busy = true;
    this.render();
    try {
      this.take(await send(this.client));
    } catch (error) {
      // 409: the room moved on (a doubled tap, or another seat's turn): read it again.
      if (error.status === 409) this.refresh();
      else this.fail(error);
    } finally {
      this.busy = false;
      this.render();
    }
  }

  refresh() {
    this.client.room(this.code, this.token).then(
      (room) => this.take(room),
      () => {},
    );
  }

  fail(error) {
    this.message(shortMessage(error), fullMessage(error));
  }

  // 回大厅: the stream ends (the seat stays this browser's: the link brings it back).
  leave() {
    this.stream.stop();
    this.view.hide();
    window.history.replaceState(null, "", `/${window.location.search}`);
    this.showLobby();
  }
}
