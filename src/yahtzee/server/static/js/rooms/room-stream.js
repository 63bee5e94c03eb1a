// A room's stream kept open: read with fetch (sse.js), opened again whenever it drops (after a
// short, growing pause; at once when the network comes back), and dropped when it falls silent
// or the browser says the network is gone.

import { readStream } from "./sse.js";
import { retryDelay } from "./room-state.js";

// The server pings an idle stream every 15 s; a stream silent for longer has died unseen (a
// phone that changed networks), so it is dropped and opened again.
const SILENT_MS = 40000;
const WATCH_MS = 5000;

export class RoomStream {
  // `onEvent(event)` hears each event; `onDown(down)` whether the stream is down (reconnecting);
  // `onRefused()` that the server refused it for good (403: not this room's token, 404: gone).
  constructor({ onEvent, onDown, onRefused }) {
    this.onEvent = onEvent;
    this.onDown = onDown;
    this.onRefused = onRefused;
    this.run = null; // the loop running now: a new start() or stop() ends the one before
    this.wake = null;
    window.addEventListener("offline", () => this.drop());
    window.addEventListener("online", () => this.wake && this.wake());
  }

  // Follow the stream at `url` with `token` until stop().
  async start(url, token) {
    this.stop();
    const run = {};
    this.run = run;
    let attempt = 0;
    while (this.run === run) {
      const abort = new AbortController();
      run.abort = abort;
      let seen = Date.now();
      const watch = setInterval(() => Date.now() - seen > SILENT_MS && abort.abort(), WATCH_MS);
      const handlers = {
        onBytes: () => (seen = Date.now()),
        onEvent: (event) => {
          attempt = 0;
          this.onDown(false);
          if (this.run === run) this.onEvent(event);
        },
      };
      try {
        await readStream(url, token, handlers, abort.signal);
      } catch (error) {
        if (this.run === run && (error.status === 403 || error.status === 404)) {
          this.stop();
          this.onRefused();
        }
      } finally {
        clearInterval(watch);
      }
      if (this.run !== run) return;
      this.onDown(true);
      await this.pause(retryDelay(attempt));
      attempt += 1;
    }
  }

  // Wait `ms`, or less when the network comes back.
  pause(ms) {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  // Drop the connection now (it is opened again after a pause).
  drop() {
    if (this.run && this.run.abort) this.run.abort.abort();
  }

  // End the stream for good.
  stop() {
    this.drop();
    this.run = null;
    if (this.wake) this.wake();
    this.onDown(false);
  }
}
