// The seat editor's table (和朋友玩 · 同一台设备) as plain data: {seats: [{name, player}], first}.
// The changes the editor makes (add, remove, rename, who plays a seat), the problem with each
// name, said before anything is sent, and the stored table read back. The bounds, the players
// and the characters a name may not hold are the server's (the terms); it checks them again.

import { TERMS } from "../lib/terms.js";

const { min: MIN_SEATS, max: MAX_SEATS, name_length: NAME_LENGTH } = TERMS.seats;
const CONTROL = new RegExp(`[${TERMS.seats.controls}]`, "u");
const PLAYERS = TERMS.players.map((t) => t.key);
const [HUMAN] = PLAYERS; // 真人; the computers' levels follow
const FIRSTS = TERMS.firsts.map((t) => t.key);
const [FIRST_SEAT, , AT_RANDOM] = FIRSTS; // who starts at a table: the first seat or at random
export const TABLE_FIRSTS = Object.freeze([FIRST_SEAT, AT_RANDOM]);
export { MAX_SEATS, MIN_SEATS };

// The name of a player kind (真人, 普通电脑 …), "" for an unknown key.
export function playerName(key) {
  const term = TERMS.players.find((t) => t.key === key);
  return term ? term.name : "";
}

// The default name of a person at seat number `n` (1 the first): 玩家1.
function personName(n) {
  return `玩家${n}`;
}

// The table a player finds first: two people, 玩家1 and 玩家2, the first seat starting.
export function defaultTable() {
  return { seats: [1, 2].map((n) => ({ name: personName(n), player: HUMAN })), first: FIRST_SEAT };
}

// A name as it is sent and compared: trimmed (as the server trims it).
export function trimmed(name) {
  return String(name).trim();
}

// Two names are the same one when they differ only in case (as the server compares them).
function folded(name) {
  return trimmed(name).toUpperCase().toLowerCase();
}

// What is wrong with the name of seat `index` of `seats`, in a few words, or null.
export function nameProblem(seats, index) {
  const name = trimmed(seats[index].name);
  if (!name) return "请填一个名字";
  if ([...name].length > NAME_LENGTH) return `名字最多 ${NAME_LENGTH} 个字`;
  if (CONTROL.test(name)) return "名字里不能有换行或控制字符";
  const twin = seats.findIndex((seat, i) => i < index && folded(seat.name) === folded(name));
  return twin >= 0 ? `和第 ${twin + 1} 位重名了` : null;
}

// The problem of each seat's name (null where there is none).
export function problems(table) {
  return table.seats.map((_, i) => nameProblem(table.seats, i));
}

// True when `name` is free at `table` (no seat but `except` has it).
function free(table, name, except = -1) {
  return table.seats.every((seat, i) => i === except || folded(seat.name) !== folded(name));
}

// The first free name of `base`, `base2`, `base3` … (普通电脑, 普通电脑2).
function freeName(table, base, except) {
  if (free(table, base, except)) return base;
  for (let n = 2; ; n += 1) {
    if (free(table, `${base}${n}`, except)) return `${base}${n}`;
  }
}

// True when `name` is one the editor gave (玩家N, or a computer's name with a number or not),
// which it may change when the seat gets another player.
function givenName(name) {
  const text = trimmed(name);
  if (/^玩家\d+$/u.test(text)) return true;
  return TERMS.players.slice(1).some((t) => text === t.name || new RegExp(`^${t.name}\\d+$`, "u").test(text));
}

// A person's name for a new seat `index` (玩家 and its number, or the next one free).
function newPersonName(table, index, except = -1) {
  for (let n = index + 1; ; n += 1) {
    if (free(table, personName(n), except)) return personName(n);
  }
}

// The table with one more seat (a person) at the end; the same table at the most seats.
export function addSeat(table) {
  if (table.seats.length >= MAX_SEATS) return table;
  const seat = { name: newPersonName(table, table.seats.length), player: HUMAN };
  return { ...table, seats: [...table.seats, seat] };
}

// The table without seat `index`; the same table at the fewest seats.
export function removeSeat(table, index) {
  if (table.seats.length <= MIN_SEATS || !table.seats[index]) return table;
  return { ...table, seats: table.seats.filter((_, i) => i !== index) };
}

// The table with seat `index` named `name` (as typed: trimmed only when sent).
export function renameSeat(table, index, name) {
  return { ...table, seats: table.seats.map((seat, i) => (i === index ? { ...seat, name } : seat)) };
}

// The table with seat `index` played by `player` (真人 or a computer's level). A name the
// editor gave follows: 普通电脑 for a 普通 computer, 玩家N for a person; a name typed stays.
export function setPlayer(table, index, player) {
  const seat = table.seats[index];
  if (!seat || !PLAYERS.includes(player) || seat.player === player) return table;
  let name = seat.name;
  if (givenName(name)) {
    name = player === HUMAN ? newPersonName(table, index, index) : freeName(table, playerName(player), index);
  }
  return { ...table, seats: table.seats.map((s, i) => (i === index ? { name, player } : s)) };
}

// The table with `first` (the first seat or at random) starting.
export function setFirst(table, first) {
  return TABLE_FIRSTS.includes(first) ? { ...table, first } : table;
}

// True when at least one person sits at the table (the server wants one).
export function hasPerson(table) {
  return table.seats.some((seat) => seat.player === HUMAN);
}

// The new game's settings for POST /api/new: the seats with their names trimmed.
export function tableSettings(table) {
  const seats = table.seats.map(({ name, player }) => ({ name: trimmed(name), player }));
  return { mode: "table", seats, first: table.first };
}

// The longest name kept as typed in storage (a name being typed may be too long for a while).
const STORED_NAME = 64;

// The table stored as `data` (parsed JSON), checked field by field, or null when it is not one.
export function readTable(data) {
  if (!data || typeof data !== "object" || !Array.isArray(data.seats)) return null;
  const count = data.seats.length;
  if (count < MIN_SEATS || count > MAX_SEATS || !TABLE_FIRSTS.includes(data.first)) return null;
  const seats = data.seats.map((seat) => {
    if (!seat || typeof seat.name !== "string" || seat.name.length > STORED_NAME) return null;
    return PLAYERS.includes(seat.player) ? { name: seat.name, player: seat.player } : null;
  });
  return seats.includes(null) ? null : { seats, first: data.first };
}
