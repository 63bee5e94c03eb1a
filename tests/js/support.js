// What the node tests of the page share: the terms the server writes into the page (lib/terms.js
// reads them from the document as it is imported), a document that carries them, and a
// localStorage kept in memory. Import this first: `import "./support.js";`.

import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

// The terms as the server writes them (yahtzee.terms): from the file `make js-test` writes, else
// asked of the project's Python.
function termsText() {
  const file = process.env.PAGE_TERMS;
  if (file && existsSync(file)) return readFileSync(file, "utf-8");
  const python = existsSync(`${ROOT}.venv/bin/python`) ? `${ROOT}.venv/bin/python` : "python3";
  const code = "import sys; from yahtzee.terms import terms_json; sys.stdout.write(terms_json().decode())";
  return execFileSync(python, ["-c", code], { encoding: "utf-8", cwd: ROOT });
}

const TERMS_TEXT = termsText();

globalThis.document = {
  getElementById: (id) => (id === "terms" ? { textContent: TERMS_TEXT } : null),
};

// The page's own modules, by their path under static/js.
export function page(path) {
  return new URL(`../../src/yahtzee/server/static/js/${path}`, import.meta.url).href;
}

// A localStorage kept in memory. `full` makes every write fail as a full storage does.
export class MemoryStorage {
  constructor(items = {}, { full = false } = {}) {
    this.items = new Map(Object.entries(items));
    this.full = full;
  }

  get length() {
    return this.items.size;
  }

  key(index) {
    return [...this.items.keys()][index] ?? null;
  }

  getItem(key) {
    return this.items.has(key) ? this.items.get(key) : null;
  }

  setItem(key, value) {
    if (this.full) throw Object.assign(new Error("full"), { name: "QuotaExceededError" });
    this.items.set(key, String(value));
  }

  removeItem(key) {
    this.items.delete(key);
  }

  clear() {
    this.items.clear();
  }

  // The keys holding a copy of an unreadable value, with what they hold.
  kept() {
    return Object.fromEntries([...this.items].filter(([key]) => key.includes(".unreadable")));
  }
}
