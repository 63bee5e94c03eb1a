// 和朋友玩's pure logic: the seat editor's table (add, remove, rename, who plays a seat, what is
// wrong with a name), its store, the standings and 胜率 in whole percents, a saved table named in
// the lobby, and a table's history entry read back.

import "./support.js";
import assert from "node:assert/strict";
import { test } from "node:test";

import { MemoryStorage, page } from "./support.js";

const rules = await import(page("table/seat-rules.js"));
const { TableStore, TABLE_KEY, parseTable } = await import(page("table/table-store.js"));
const { ranking, resultWords, wholePercents, seatShares } = await import(page("table/standings.js"));
const { seatNames, seatsOf, hintsShown, settingsOf } = await import(page("lib/seats.js"));
const { readEntry } = await import(page("review/history-store.js"));
const { describeSave } = await import(page("ui/lobby.js"));

const person = (name) => ({ name, player: "human" });

test("the editor starts with two people, 玩家1 and 玩家2, the first seat starting", () => {
  assert.deepEqual(rules.defaultTable(), { seats: [person("玩家1"), person("玩家2")], first: "me" });
});

test("seats are added up to four and removed down to two", () => {
  let table = rules.defaultTable();
  table = rules.addSeat(rules.addSeat(table));
  assert.deepEqual(
    table.seats.map((s) => s.name),
    ["玩家1", "玩家2", "玩家3", "玩家4"],
  );
  assert.equal(rules.addSeat(table), table); // four is the most
  table = rules.removeSeat(table, 1);
  assert.deepEqual(
    table.seats.map((s) => s.name),
    ["玩家1", "玩家3", "玩家4"],
  );
  // A new seat takes the first free 玩家N from its place on.
  assert.equal(rules.addSeat(table).seats[3].name, "玩家5");
  const two = rules.removeSeat(table, 0);
  assert.equal(rules.removeSeat(two, 0), two); // two is the fewest
  assert.equal(rules.removeSeat(table, 7), table);
});

test("a computer seat takes its level's name, unless a name was typed", () => {
  let table = rules.setPlayer(rules.defaultTable(), 1, "normal");
  assert.deepEqual(table.seats[1], { name: "普通电脑", player: "normal" });
  table = rules.setPlayer(rules.addSeat(table), 2, "normal");
  assert.equal(table.seats[2].name, "普通电脑2");
  table = rules.setPlayer(table, 1, "human");
  assert.deepEqual(table.seats[1], { name: "玩家2", player: "human" });
  table = rules.setPlayer(rules.renameSeat(table, 0, "小明"), 0, "expert");
  assert.deepEqual(table.seats[0], { name: "小明", player: "expert" });
  assert.equal(rules.setPlayer(table, 0, "robot"), table); // not a player the server knows
});

test("what is wrong with a name is said before anything is sent", () => {
  const seats = [person(" 小明 "), person("小明"), person(""), person("x".repeat(13)), person("a\nb"), person("ANN")];
  seats.push(person("ann"));
  const said = seats.map((_, i) => rules.nameProblem(seats, i));
  assert.equal(said[0], null); // trimmed, as the server trims it
  assert.match(said[1], /第 1 位重名/);
  assert.match(said[2], /名字/);
  assert.match(said[3], /最多 12 个字/);
  assert.match(said[4], /换行或控制字符/);
  assert.equal(said[5], null);
  assert.match(said[6], /第 6 位重名/); // the same name in another case
  assert.equal(rules.nameProblem([person("十二个字的名字也是可以的")], 0), null);
});

test("the settings sent are the trimmed names, the players and who starts", () => {
  const table = rules.setFirst(rules.renameSeat(rules.defaultTable(), 0, "  小明 "), "random");
  assert.deepEqual(rules.tableSettings(table), {
    mode: "table",
    seats: [person("小明"), person("玩家2")],
    first: "random",
  });
  assert.equal(rules.hasPerson(rules.setPlayer(rules.setPlayer(table, 0, "beginner"), 1, "expert")), false);
});

test("the last table is kept and read back; what cannot be read gives two people and a problem", () => {
  const backend = new MemoryStorage();
  const store = new TableStore(backend);
  const table = rules.setPlayer(rules.addSeat(rules.defaultTable()), 2, "expert");
  assert.equal(store.save(table), true);
  assert.deepEqual(store.load(), { table, problem: null });
  for (const raw of ["{", JSON.stringify({ version: 9, seats: table.seats, first: "me" })]) {
    const broken = new MemoryStorage({ [TABLE_KEY]: raw });
    const { table: read, problem } = new TableStore(broken).load();
    assert.deepEqual(read, rules.defaultTable());
    assert.match(problem, /和朋友玩/);
    assert.notEqual(broken.getItem(`${TABLE_KEY}.unreadable`), null); // kept aside
  }
  const odd = (seats, first = "me") => parseTable(JSON.stringify({ version: 1, seats, first }));
  assert.equal(odd([person("a")]), null); // one seat is not a table
  assert.equal(odd([person("a"), person("b")], "computer"), null);
  assert.equal(odd([person("a"), { name: "b", player: "robot" }]), null);
  assert.deepEqual(odd([person("a"), person("b")]), { seats: [person("a"), person("b")], first: "me" });
});

// A finished table's snapshot: seats with totals and the server's places.
function finished(totals, places, players = totals.map(() => "human")) {
  return {
    mode: "table",
    sides: totals.map((total, i) => ({ name: `P${i + 1}`, player: players[i], total })),
    result: { places },
  };
}

test("the ranking follows the server's places; tied seats keep their order", () => {
  const snap = finished([200, 250, 200, 120], [2, 1, 2, 4]);
  assert.deepEqual(
    ranking(snap).map((row) => [row.place, row.name]),
    [
      [1, "P2"],
      [2, "P1"],
      [2, "P3"],
      [4, "P4"],
    ],
  );
  assert.deepEqual(resultWords(ranking(snap)), { title: "P2赢了！", line: "250 分，领先第二名 50 分" });
  const tie = finished([250, 250, 100], [1, 1, 3]);
  assert.deepEqual(resultWords(ranking(tie)), { title: "P1、P2并列第一", line: "都是 250 分" });
});

test("chances shown in whole percents sum to 100", () => {
  assert.deepEqual(wholePercents([0.334, 0.333, 0.333, 0]), [34, 33, 33, 0]);
  assert.deepEqual(wholePercents([0.126, 0.124, 0.746, 0.004]), [13, 12, 75, 0]);
  for (const chances of [
    [0.2, 0.2, 0.2, 0.2, 0.2],
    [0.999, 0.0005, 0.0005],
    [0.01, 0.98, 0.01],
  ]) {
    assert.equal(
      wholePercents(chances).reduce((a, b) => a + b, 0),
      100,
    );
  }
  const snap = { sides: [{}, {}, {}], chances: { win: [0.5, 0.3, 0.19], draw: 0.01 } };
  assert.deepEqual(seatShares(snap), { seats: [50, 30, 19], draw: 1 });
  assert.equal(seatShares({ sides: [{}, {}], chances: null }), null);
});

test("the seat in turn, its hints and the settings of the same table again", () => {
  const sides = [
    { name: "小明", player: "human", hints_left: 1 },
    { name: "普通电脑", player: "normal", hints_left: 0 },
    { name: "小红", player: "human", hints_left: 3 },
  ];
  const snap = { mode: "table", first: "random", current: 1, sides };
  assert.equal(hintsShown(snap), 3); // a computer plays: the next person's
  assert.equal(hintsShown({ ...snap, current: 0 }), 1);
  assert.deepEqual(settingsOf(snap), {
    mode: "table",
    seats: sides.map(({ name, player }) => ({ name, player })),
    first: "random",
  });
});

test("a saved table is named in the lobby; a version 1 save's seats are 你 and 电脑", () => {
  const table = {
    version: 2,
    mode: "table",
    round: 5,
    sides: [person("小明"), person("小红"), { name: "普通电脑", player: "normal" }],
  };
  assert.equal(seatNames(table), "小明、小红、普通电脑");
  assert.match(describeSave(table), /^和朋友玩 · 小明、小红、普通电脑 · 第 5 \/ 13 回合/);
  const edited = { ...table, sides: [person("x".repeat(40)), person("b")] };
  assert.equal(seatNames(edited), "");
  const v1 = { version: 1, mode: "vs", difficulty: "expert", sides: [{ who: "player" }, { who: "computer" }] };
  assert.deepEqual(seatsOf(v1), [
    { name: "你", player: "human" },
    { name: "电脑", player: "expert" },
  ]);
});

test("a table's history entry keeps its seats, and one with a seat that cannot be read is dropped", () => {
  const seats = [
    { name: "小明", player: "human", total: 240, place: 2 },
    { name: "高手电脑", player: "expert", total: 268, place: 1 },
  ];
  const entry = { id: "a", date: "2026-12-03T10:00:00Z", mode: "table", total: 268, seats };
  assert.deepEqual(readEntry(entry).seats, seats);
  assert.equal(readEntry({ ...entry, seats: [seats[0]] }), null);
  assert.equal(readEntry({ ...entry, seats: [seats[0], { ...seats[1], place: 3 }] }), null);
  assert.equal(readEntry({ ...entry, seats: [seats[0], { ...seats[1], player: "robot" }] }), null);
});
