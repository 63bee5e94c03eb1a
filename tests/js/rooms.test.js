// 好友房's pure logic: the room page's reading of a room, the event-stream parser and the seats
// kept in storage.

import "./support.js";
import assert from "node:assert/strict";
import { test } from "node:test";

import { MemoryStorage, page } from "./support.js";

const state = await import(page("rooms/room-state.js"));
const { EventParser } = await import(page("rooms/sse.js"));
const { RoomKeys, ROOMS_KEY } = await import(page("rooms/room-keys.js"));
const { TERMS } = await import(page("lib/terms.js"));

const W = TERMS.rooms;

function seat(index, name, { player = "human", host = false, connected = true, stand_in = false } = {}) {
  return { seat: index, name, player, host, connected, stand_in };
}

function side(name, total) {
  return { name, player: "human", acting: false, boxes: [], total };
}

function room({ revision = 1, seats = [seat(0, "小明", { host: true })], view: snap = null, ...rest } = {}) {
  return {
    code: "ABCDEF",
    version: 1,
    revision,
    host: 0,
    seats,
    started: Boolean(snap),
    finished: false,
    view: snap,
    ...rest,
  };
}

function view({ current = 0, dice = null, rolls_used = 0, can_roll = true, finished = false, result = null } = {}) {
  const sides = [side("小明", 10), side("小红", 20), side("小刚", 30)];
  return { sides, current, dice, rolls_used, max_rolls: TERMS.max_rolls, can_roll, finished, result, round: 1 };
}

test("fill puts values in a word's placeholders and leaves unknown ones", () => {
  assert.equal(state.fill("轮到{name}", { name: "小红" }), "轮到小红");
  assert.equal(state.fill("{a}{b}", { a: 1 }), "1{b}");
});

test("a room's link carries its code; the page reads it back from the address", () => {
  assert.equal(state.roomLink("https://x.cn", "ABCDEF"), "https://x.cn/r/ABCDEF");
  assert.equal(state.codeFromPath("/r/ABCDEF"), "ABCDEF");
  assert.equal(state.codeFromPath("/r/abcdef/"), "ABCDEF");
  for (const path of ["/", "/r/", "/r/ABC", "/r/ABCDEFG", "/r/ABC%20EF", "/x/ABCDEF", "/r/ABCDEF/x", null]) {
    assert.equal(state.codeFromPath(path), null, path);
  }
});

test("the stage follows the seat and the room", () => {
  assert.equal(state.stageOf(room(), null), "join");
  assert.equal(state.stageOf(room({ started: true }), null), "closed");
  assert.equal(state.stageOf(room(), 0), "wait");
  assert.equal(state.stageOf(room({ view: view() }), 1), "play");
  assert.equal(state.stageOf(room({ view: view(), finished: true }), 1), "over");
});

test("a late answer never replaces a newer room", () => {
  const old = room({ revision: 3 });
  const fresh = room({ revision: 4 });
  assert.equal(state.newer(null, old), old);
  assert.equal(state.newer(old, fresh), fresh);
  assert.equal(state.newer(fresh, old), fresh);
  assert.equal(state.newer(fresh, null), fresh);
  const other = { ...old, code: "ZZZZZZ" };
  assert.equal(state.newer(fresh, other), other);
});

test("the seats list marks you, the owner, computers, the away and the stood-in", () => {
  const seats = [
    seat(0, "小明", { host: true }),
    seat(1, "小红", { connected: false }),
    seat(2, "高手", { player: "expert", connected: false }),
    seat(3, "小刚", { connected: false, stand_in: true }),
  ];
  const lines = state.seatLines(room({ seats }), 1);
  assert.deepEqual(
    lines.map((l) => [l.name, l.marks, l.away]),
    [
      ["小明", [W.owner], false],
      ["小红", [W.you, W.away], true],
      ["高手", [TERMS.players.find((p) => p.key === "expert").name], false],
      ["小刚", [W.stand_in], true],
    ],
  );
});

test("only the room's first seat adds computers and starts, within the seats' bounds", () => {
  const one = room();
  assert.deepEqual(state.hostChoices(one, 0), { owner: true, canAdd: true, canStart: false });
  assert.deepEqual(state.hostChoices(one, 1), { owner: false, canAdd: false, canStart: false });
  const seats = Array.from({ length: TERMS.seats.max }, (_, i) => seat(i, `p${i}`, { host: i === 0 }));
  assert.deepEqual(state.hostChoices(room({ seats }), 0), { owner: true, canAdd: false, canStart: true });
  assert.equal(state.hostChoices(room({ seats, view: view() }), 0).owner, false);
});

test("the table is drawn from this phone's seat: its column first, the others in turn order", () => {
  const snap = state.fromSeat(view({ current: 1 }), 1);
  assert.deepEqual(
    snap.sides.map((s) => s.name),
    ["小红", "小刚", "小明"],
  );
  assert.deepEqual(snap.order, [1, 2, 0]);
  assert.equal(snap.current, 0);
  assert.equal(state.fromSeat(view({ current: 0 }), 1).current, 2);
  assert.equal(snap.mine, true);
  assert.equal(state.fromSeat(view({ current: 0 }), 1).mine, false);
  assert.equal(state.fromSeat(view({ current: 1, finished: true }), 1).mine, false);
  assert.equal(state.fromSeat(view({ current: 2, finished: true }), 1).current, 0); // its own column
});

test("each seat's 胜率 goes with its column", () => {
  const chances = { win: [0.5, 0.3, 0.1], draw: 0.1, share: [0.55, 0.33, 0.12] };
  const snap = state.fromSeat({ ...view({ current: 1 }), chances }, 1);
  assert.deepEqual(snap.chances, { win: [0.3, 0.1, 0.5], draw: 0.1, share: [0.33, 0.12, 0.55] });
  assert.equal(state.fromSeat(view(), 1).chances, null);
});

test("the status says whose turn and what they are at", () => {
  assert.equal(state.turnLine(room({ view: view({ current: 0 }) }), 0), W.your_turn);
  const rolled = view({ current: 0, dice: [1, 2, 3, 4, 5], rolls_used: 1 });
  assert.equal(state.turnLine(room({ view: rolled }), 0), W.your_turn);
  const last = { ...rolled, can_roll: false, rolls_used: TERMS.max_rolls };
  assert.equal(state.turnLine(room({ view: last }), 0), state.fill(W.rolled, { used: 3, max: 3 }));
  assert.equal(state.turnLine(room({ view: view({ current: 1 }) }), 0), state.fill(W.their_turn, { name: "小红" }));
  assert.equal(state.turnLine(room({ view: rolled }), 2), state.fill(W.waiting_roll, { name: "小明" }));
  assert.equal(state.turnLine(room({ view: view({ finished: true }) }), 0), W.over);
});

test("a seat stood in for is told until its person returns, and the return once", () => {
  const seats = [seat(0, "小明"), seat(1, "小红", { connected: false, stand_in: true })];
  const played = { type: "played", seat: 1, by: "stand_in" };
  assert.equal(state.eventLine(room({ seats, event: played })), state.fill(W.stood_in, { name: "小红" }));
  const back = [seat(0, "小明"), seat(1, "小红")];
  assert.equal(
    state.eventLine(room({ seats: back, event: { type: "returned", seat: 1 } })),
    state.fill(W.returned, { name: "小红" }),
  );
  assert.equal(state.eventLine(room({ seats: back, event: played })), "");
  assert.equal(state.eventLine(room({ seats: back, event: { type: "returned", seat: 9 } })), "");
  assert.equal(state.eventLine(room({ seats, finished: true })), "");
});

test("the result lists places best first, ties sharing a place in seat order", () => {
  const result = { names: ["小明", "小红", "小刚"], places: [2, 1, 1], totals: [150, 200, 200] };
  const lines = state.resultLines(room({ view: { ...view(), result } }));
  assert.deepEqual(
    lines.map((l) => [l.place, l.name, l.total]),
    [
      [1, "小红", 200],
      [1, "小刚", 200],
      [2, "小明", 150],
    ],
  );
  assert.ok(lines[0].text.includes(state.fill(W.place, { place: 1 })));
  assert.deepEqual(state.resultLines(room()), []);
});

test("reconnecting waits a little longer each time, up to about five seconds", () => {
  const delays = [0, 1, 2, 3, 4, 10].map((n) => state.retryDelay(n, 0.5));
  assert.deepEqual(delays, [500, 1000, 2000, 4000, 5000, 5000]);
  assert.equal(state.retryDelay(0, 0), 375);
  assert.equal(state.retryDelay(9, 0.999), 6248);
});

test("the event parser reads events split anywhere, with comments and CRLF", () => {
  const parser = new EventParser();
  const text = ': ping\n\nevent: room\ndata: {"a":1}\r\nid: 7\r\n\r\nevent: gone\ndata: {}\n\ndata: x\ndata: y\n\n';
  const events = [];
  for (let i = 0; i < text.length; i += 3) events.push(...parser.push(text.slice(i, i + 3)));
  assert.deepEqual(events, [
    { event: "room", data: '{"a":1}', id: "7" },
    { event: "gone", data: "{}", id: null },
    { event: "message", data: "x\ny", id: null },
  ]);
  for (let i = 1; i < text.length; i += 1) {
    const split = new EventParser();
    assert.deepEqual([...split.push(text.slice(0, i)), ...split.push(text.slice(i))], events, `split at ${i}`);
  }
  assert.deepEqual(parser.push("event: room\ndata: {"), []); // not ended yet
  assert.deepEqual(parser.push("}\n\n"), [{ event: "room", data: "{}", id: null }]);
});

test("the seats held are kept per room, the oldest dropped past twenty", () => {
  const backend = new MemoryStorage();
  const keys = new RoomKeys(backend);
  const token = "abcdefghijklmnopqrstuv";
  assert.equal(keys.seat("ABCDEF"), null);
  assert.equal(keys.keep("ABCDEF", 1, token, "小红"), true);
  assert.deepEqual(keys.seat("ABCDEF"), { seat: 1, token });
  assert.equal(keys.name(), "小红");
  for (let i = 0; i < 20; i += 1) keys.keep(`ROOM${String(i).padStart(2, "0")}`, 0, token, "");
  assert.equal(keys.seat("ABCDEF"), null);
  assert.deepEqual(keys.seat("ROOM19"), { seat: 0, token });
  keys.forget("ROOM19");
  assert.equal(keys.seat("ROOM19"), null);
  assert.equal(keys.name(), "小红");
});

test("edited or corrupt seats count as none, and an unreadable value is kept aside", () => {
  const good = "abcdefghijklmnopqrstuv";
  const edited = {
    seats: { ABCDEF: { seat: -1, token: good }, BBBBBB: { seat: 0, token: "x" }, cc: { seat: 0, token: good } },
  };
  const backend = new MemoryStorage({ [ROOMS_KEY]: JSON.stringify(edited) });
  assert.deepEqual(new RoomKeys(backend).load().seats, {});
  const broken = new MemoryStorage({ [ROOMS_KEY]: "{not json" });
  const keys = new RoomKeys(broken);
  assert.deepEqual(keys.load(), { seats: {}, name: "" });
  assert.deepEqual(Object.values(broken.kept()), ["{not json"]);
  assert.equal(new RoomKeys(null).keep("ABCDEF", 0, good, "x"), false);
  assert.equal(new RoomKeys(new MemoryStorage({}, { full: true })).keep("ABCDEF", 0, good, "x"), false);
});
