// The seats this browser holds in rooms, kept in localStorage (`yahtzee.rooms`): for each room
// code its seat and token, so a reload or a dropped network comes back to the same seat; and the
// last nickname used. A value it cannot read is copied aside (lib/storage.js) and counts as none.

import { KeyStore, keepUnreadable, objectOr, parseObject } from "../lib/storage.js";

export const ROOMS_KEY = "yahtzee.rooms";
const MAX_ROOMS = 20; // rooms live an hour: a few are enough, the oldest go first
const TOKEN = /^[A-Za-z0-9_-]{16,100}$/;
const CODE = /^[A-Z0-9]{6}$/;

// One room's {seat, token} as stored, or null when it is not one.
function readSeat(entry) {
  const { seat, token } = objectOr(entry);
  return Number.isInteger(seat) && seat >= 0 && TOKEN.test(String(token)) ? { seat, token } : null;
}

export class RoomKeys extends KeyStore {
  // {seats: {CODE: {seat, token}}, name}, from what is stored (nothing for what is unreadable).
  load() {
    const raw = this.read(ROOMS_KEY);
    const data = parseObject(raw);
    if (raw !== null && data === null) keepUnreadable(this, ROOMS_KEY, raw);
    const seats = {};
    for (const [code, entry] of Object.entries(objectOr(data && data.seats))) {
      const held = readSeat(entry);
      if (CODE.test(code) && held) seats[code] = held;
    }
    const name = data && typeof data.name === "string" ? data.name : "";
    return { seats, name };
  }

  // This browser's seat in room `code`: {seat, token}, or null.
  seat(code) {
    return this.load().seats[code] || null;
  }

  // Keep the seat and token of room `code` (and the nickname used for it); false when storage
  // is full or unavailable (the room then lasts as long as the page).
  keep(code, seat, token, name) {
    const data = this.load();
    delete data.seats[code];
    data.seats[code] = { seat, token };
    const codes = Object.keys(data.seats);
    for (const old of codes.slice(0, Math.max(0, codes.length - MAX_ROOMS))) delete data.seats[old];
    if (name) data.name = name;
    return this.write(ROOMS_KEY, JSON.stringify(data));
  }

  // Forget room `code` (it is gone, or the seat is not ours).
  forget(code) {
    const data = this.load();
    if (!(code in data.seats)) return;
    delete data.seats[code];
    this.write(ROOMS_KEY, JSON.stringify(data));
  }

  // The last nickname used ("" when none).
  name() {
    return this.load().name;
  }
}
