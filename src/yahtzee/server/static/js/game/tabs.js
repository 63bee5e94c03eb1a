// One saved game, one tab. The tab playing the saved game keeps a heartbeat {tab, at} fresh in
// localStorage; another tab that finds someone else's fresh heartbeat does not touch the save
// and says so, until the player takes the game over there. Taking over writes that tab's own
// heartbeat; the first tab hears of it (a storage event, or its next beat) and stops writing.

import { parseObject } from "../lib/storage.js";

export const OWNER_KEY = "yahtzee.owner";
const BEAT_MS = 2000;
const STALE_MS = 6000;

// A random id for this page load.
function newId() {
  const bytes = new Uint8Array(8);
  window.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export class TabGuard {
  // `backend` is localStorage (or null when unavailable); `onChange` runs whenever another
  // tab's claim may have started or ended.
  constructor(backend, onChange) {
    this.backend = backend;
    this.onChange = onChange;
    this.id = newId();
    this.owning = false;
    this.timer = null;
  }

  // Listen to other tabs and give the game up when this page goes away.
  listen() {
    window.addEventListener("storage", (event) => {
      if (event.key === OWNER_KEY || event.key === null) this.onChange();
    });
    window.addEventListener("pagehide", () => this.release());
    window.addEventListener("pageshow", (event) => {
      if (event.persisted) this.onChange(); // back from the page cache: claim again if free
    });
  }

  // The heartbeat in storage as {tab, at}, or null (none, unreadable, storage unavailable).
  read() {
    const data = parseObject(this.raw());
    if (!data || typeof data.tab !== "string" || typeof data.at !== "number") return null;
    return data;
  }

  // The heartbeat's stored text, or null (none, storage unavailable).
  raw() {
    try {
      return this.backend ? this.backend.getItem(OWNER_KEY) : null;
    } catch {
      return null;
    }
  }

  // Another tab's fresh heartbeat, or null when no other tab is playing the saved game.
  other() {
    const beat = this.read();
    if (!beat || beat.tab === this.id) return null;
    return Math.abs(Date.now() - beat.at) < STALE_MS ? beat : null;
  }

  // This tab plays the saved game from now on: write the heartbeat and keep it fresh.
  claim() {
    this.owning = true;
    this.beat();
    clearInterval(this.timer);
    this.timer = setInterval(() => {
      if (this.mayWrite()) this.beat();
      else this.onChange();
    }, BEAT_MS);
  }

  // Write this tab's heartbeat (ignoring storage errors).
  beat() {
    try {
      if (this.backend) this.backend.setItem(OWNER_KEY, JSON.stringify({ tab: this.id, at: Date.now() }));
    } catch {
      /* storage full or unavailable: nothing to coordinate with */
    }
  }

  // Stop playing the saved game here (back to the lobby, game over, page closing).
  release() {
    clearInterval(this.timer);
    this.timer = null;
    if (this.owning) {
      const beat = this.read();
      try {
        if (beat && beat.tab === this.id && this.backend) this.backend.removeItem(OWNER_KEY);
      } catch {
        /* storage unavailable */
      }
    }
    this.owning = false;
  }

  // True while this tab may write the saved game: it claimed it and nobody took it over since.
  mayWrite() {
    if (!this.owning) return false;
    const beat = this.read();
    return !beat || beat.tab === this.id;
  }
}
