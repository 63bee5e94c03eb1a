// The last table of 和朋友玩 in browser storage (its own key, so nothing else is touched): the
// seats as the editor left them and who starts. A value that cannot be read is copied aside
// (lib/storage.js keepUnreadable) and the editor starts from two people again, saying so.

import { KeyStore, keepUnreadable, parseObject } from "../lib/storage.js";
import { defaultTable, readTable } from "./seat-rules.js";

export const TABLE_KEY = "yahtzee.table";
const VERSION = 1;

// The table stored as JSON text `raw`, or null when it cannot be read.
export function parseTable(raw) {
  const data = parseObject(raw);
  return data && data.version === VERSION ? readTable(data) : null;
}

export class TableStore extends KeyStore {
  // The stored table as {table, problem}: the default table and a one-line problem when the
  // stored one cannot be read (its value kept aside first).
  load() {
    const raw = this.read(TABLE_KEY);
    if (raw === null) return { table: defaultTable(), problem: null };
    const table = parseTable(raw);
    if (table) return { table, problem: null };
    const problem = keepUnreadable(this, TABLE_KEY, raw)
      ? "上次「和朋友玩」的座位数据已损坏，已换回默认的两位玩家（原数据已另存）"
      : "上次「和朋友玩」的座位数据已损坏，已换回默认的两位玩家";
    return { table: defaultTable(), problem };
  }

  // Remember `table`; false when storage is full or unavailable (the editor works on).
  save(table) {
    const seats = table.seats.map(({ name, player }) => ({ name, player }));
    return this.write(TABLE_KEY, JSON.stringify({ version: VERSION, seats, first: table.first }));
  }
}
