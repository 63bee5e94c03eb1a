// What the room page shows for a room as the server sends it (GET /api/rooms/{code}, each
// `event: room` of its stream): pure functions, no DOM, tested under node.

import { TERMS } from "../lib/terms.js";

const WORDS = TERMS.rooms;
// A room code: six characters of the server's alphabet (docs/rooms.md); the server checks it.
const CODE = /^[A-Za-z0-9]{6}$/;

// Fill a room word's {placeholders}: fill("轮到{name}", {name: "小红"}).
export function fill(text, values = {}) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

// The room code in a page address /r/CODE (upper case), or null.
export function codeFromPath(pathname) {
  const match = /^\/r\/([^/]+)\/?$/.exec(pathname || "");
  return match && CODE.test(match[1]) ? match[1].toUpperCase() : null;
}

// The link that opens room `code`.
export function roomLink(origin, code) {
  return `${origin}/r/${code}`;
}

// Which screen a room is on for this phone: "join" (no seat here yet), "wait" (seated, not
// started), "play", or "over".
export function stageOf(room, seat) {
  if (seat === null || seat === undefined) return room.started ? "closed" : "join";
  if (room.finished) return "over";
  return room.started ? "play" : "wait";
}

// The room the page keeps: the newer of two (a room's revision moves with every change; an
// answer can arrive after a newer stream event).
export function newer(kept, incoming) {
  if (!incoming) return kept;
  if (!kept || kept.code !== incoming.code || incoming.revision >= kept.revision) return incoming;
  return kept;
}

// The seats as the waiting room lists them: name and its marks (房主, 你, 入门电脑, 离线,
// 电脑代打中).
export function seatLines(room, you) {
  const players = Object.fromEntries(TERMS.players.map((p) => [p.key, p.name]));
  return room.seats.map((seat) => {
    const marks = [];
    if (seat.seat === you) marks.push(WORDS.you);
    if (seat.host) marks.push(WORDS.owner);
    if (seat.player !== "human") marks.push(players[seat.player] || seat.player);
    else if (seat.stand_in) marks.push(WORDS.stand_in);
    else if (!seat.connected) marks.push(WORDS.away);
    return { seat: seat.seat, name: seat.name, marks, away: seat.player === "human" && !seat.connected };
  });
}

// Whether this phone's host may add a computer now, and start.
export function hostChoices(room, you) {
  const owner = you === room.host && !room.started;
  return {
    owner,
    canAdd: owner && room.seats.length < TERMS.seats.max,
    canStart: owner && room.seats.length >= TERMS.seats.min,
  };
}

// The snapshot as the shared table widgets draw it (ui/dice.js, ui/sheet.js, the strip of
// seats), from this phone's seat: its column first and the others after it in turn order
// (`current` and each seat's 胜率 counted the same way); `mine` when the turn is this phone's
// seat's. `order[i]` is the seat of column i.
export function fromSeat(view, you) {
  const count = view.sides.length;
  const order = Array.from({ length: count }, (_, i) => (you + i) % count);
  const mine = view.current === you && !view.finished;
  const sides = order.map((s) => view.sides[s]);
  // Once the game is over the sheet and the strip show this phone's own seat, not the last to play.
  const current = view.finished ? 0 : (view.current - you + count) % count;
  const chances = view.chances
    ? {
        ...view.chances,
        win: order.map((s) => view.chances.win[s]),
        share: order.map((s) => view.chances.share[s]),
      }
    : null;
  return { ...view, sides, current, chances, mine, order };
}

// The status line of a game in play: whose turn, and what they are at.
export function turnLine(room, you) {
  const view = room.view;
  if (!view) return "";
  if (view.finished) return WORDS.over;
  const side = view.sides[view.current];
  if (view.current === you) {
    // The roll button counts the rolls; once they are used up, the line says what is left.
    if (view.can_roll) return WORDS.your_turn;
    return fill(WORDS.rolled, { used: view.rolls_used, max: view.max_rolls });
  }
  return fill(view.dice ? WORDS.waiting_roll : WORDS.their_turn, { name: side.name });
}

// The line worth telling about the seats: a person just came back, else who the 普通 computer
// stands in for while they are away (it stays until they return); "" otherwise.
export function eventLine(room) {
  const event = room.event;
  const back = event && event.type === "returned" ? room.seats[event.seat] : null;
  if (back) return fill(WORDS.returned, { name: back.name });
  if (room.finished) return "";
  return room.seats
    .filter((seat) => seat.stand_in)
    .map((seat) => fill(WORDS.stood_in, { name: seat.name }))
    .join("；");
}

// The result lines once the game is over: each seat's place, name and total, best first.
export function resultLines(room) {
  const result = room.view && room.view.result;
  if (!result) return [];
  return result.names
    .map((name, i) => ({ seat: i, name, place: result.places[i], total: result.totals[i] }))
    .sort((a, b) => a.place - b.place || a.seat - b.seat)
    .map((line) => ({ ...line, text: `${fill(WORDS.place, line)} · ${line.name} · ${fill(WORDS.points, line)}` }));
}

// How long to wait before reconnecting attempt `n` (0, 1, …): quick at first, then at most 5 s,
// with a little jitter (`random` in [0, 1)) so phones of one room do not all come at once.
export function retryDelay(n, random = Math.random()) {
  const base = Math.min(5000, 500 * 2 ** Math.min(n, 4));
  return Math.round(base * (0.75 + 0.5 * random));
}
